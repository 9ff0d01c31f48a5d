"""Boards keep the order and number in which they were paired (issue 13, item 2): core.editing.boards shows a
round's games by their board, not re-sorted by start rank, and no edit moves another board."""

from __future__ import annotations

import dataclasses
import io
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from openpyxl import load_workbook

from fidedesk.core.editing import (
    EditError,
    boards,
    double_forfeit,
    give_bye,
    number_boards,
    pair,
    paste_round,
    set_board_result,
    set_result,
    unpair,
    without_boards,
)
from fidedesk.core.pairing.consistency import berger_table, board_problems, pairing_problems
from fidedesk.core.rating.editions import DEFAULT_EDITION
from fidedesk.core.results import ResultCode as R
from fidedesk.core.tournament import EventInfo, Player, RoundEntry, Tournament
from fidedesk.io.excel.export import ROUNDS, ROUNDS_HEADER, workbook_bytes
from fidedesk.io.excel.importing import build, propose
from fidedesk.io.formats import FIDEDESK, TRF, XLSX, read_tournament, write_tournament
from tests.xlsx_builders import contract_workbook, grid, read_grids

#: Round 1 of eight players as the arbiter read it off a Berger sheet: not in start-rank order.
BERGER_SHEET = ((8, 5), (6, 4), (7, 3), (1, 2))


def event(players: int) -> Tournament:
    return Tournament(EventInfo(), tuple(Player(rank, f"Player {rank}") for rank in range(1, players + 1)))


def paired(tournament: Tournament, round_: int, games: tuple[tuple[int, int], ...]) -> Tournament:
    for white, black in games:
        tournament = pair(tournament, round_, white, black)
    return tournament


def shown(tournament: Tournament, round_: int) -> list[tuple[int, int, int | None]]:
    return [(board.number, board.white, board.black) for board in boards(tournament, round_)]


def test_boards_keep_the_order_they_were_paired_in() -> None:
    """The defect: 8–5, 6–4, 7–3, 1–2 came back as 1–2, 7–3, 6–4, 8–5 (by start rank)."""
    t = paired(event(8), 1, BERGER_SHEET)
    assert shown(t, 1) == [(1, 8, 5), (2, 6, 4), (3, 7, 3), (4, 1, 2)]
    assert [e.board for e in t.player(5).rounds] == [1] and [e.board for e in t.player(8).rounds] == [1]


def test_results_typed_in_board_order_land_on_their_games() -> None:
    t = paired(event(8), 1, BERGER_SHEET)
    for board, code in zip(boards(t, 1), (R.WIN, R.DRAW, R.LOSS, R.FORFEIT_WIN), strict=True):
        t = set_board_result(t, 1, board, code)
    assert [(b.white, b.result) for b in boards(t, 1)] == [(8, R.WIN), (6, R.DRAW), (7, R.LOSS), (1, R.FORFEIT_WIN)]
    assert t.player(5).rounds[0].result is R.LOSS and t.player(2).rounds[0].result is R.FORFEIT_LOSS


@pytest.mark.parametrize("players", [4, 7, 8, 10])
def test_every_round_of_a_berger_table_is_shown_as_the_table_prints_it(players: int) -> None:
    """C.05 Annex 1: a round entered from FIDE's Berger table keeps the table's order of boards."""
    t = event(players)
    for round_, games in enumerate(berger_table(players), start=1):
        played = tuple(game for game in games if max(game) <= players)  # the highest number of an odd table: a bye
        t = paired(t, round_, played)
        assert shown(t, round_) == [(n, w, b) for n, (w, b) in enumerate(played, start=1)]
    assert list(pairing_problems(t.players)) == [] and list(board_problems(t.players)) == []


def test_removing_or_changing_a_board_keeps_the_others_numbers() -> None:
    t = paired(event(8), 1, BERGER_SHEET)
    t = set_result(t, 1, 3, R.WIN)  # from black's side: board 3
    t = unpair(t, 1, 6)
    assert shown(t, 1) == [(1, 8, 5), (3, 7, 3), (4, 1, 2)]
    t = pair(t, 1, 4, 6)  # the board paired again, colours corrected: back on its number
    assert shown(t, 1) == [(1, 8, 5), (2, 4, 6), (3, 7, 3), (4, 1, 2)]
    t = double_forfeit(t, 1, 7, 3)
    assert shown(t, 1)[2] == (3, 7, 3) and boards(t, 1)[2].result is R.FORFEIT_LOSS
    assert list(board_problems(t.players)) == []


def test_byes_come_last_numbered_on_and_take_no_board() -> None:
    t = give_bye(event(5), 1, 1, R.HALF_BYE)
    t = paired(t, 1, ((5, 2), (4, 3)))
    assert shown(t, 1) == [(1, 5, 2), (2, 4, 3), (3, 1, None)]
    assert t.player(1).rounds[0].board is None


def test_a_pasted_round_is_numbered_in_the_order_of_its_lines() -> None:
    pasted = paste_round(event(8), 1, "8\t5\t1-0\n6\t4\t\n7\t3\t½-½\n1\t2\t0-1\n")
    assert pasted.errors == [] and shown(pasted.tournament, 1) == [(1, 8, 5), (2, 6, 4), (3, 7, 3), (4, 1, 2)]


def test_a_round_without_boards_is_shown_by_the_first_of_its_players_and_kept_when_edited() -> None:
    """A file with no board (TRF): the order shown before boards were kept, numbered 1 to n; the first edit
    of the round writes those numbers down, so that no board moves."""
    t = without_boards(paired(event(8), 1, BERGER_SHEET))
    assert shown(t, 1) == [(1, 1, 2), (2, 7, 3), (3, 6, 4), (4, 8, 5)]
    removed = unpair(t, 1, 7)
    assert shown(removed, 1) == [(1, 1, 2), (3, 6, 4), (4, 8, 5)]
    assert shown(pair(removed, 1, 3, 7), 1) == [(1, 1, 2), (2, 3, 7), (3, 6, 4), (4, 8, 5)]
    assert number_boards(t) == number_boards(t, 1) and shown(number_boards(t), 1) == shown(t, 1)
    assert number_boards(number_boards(t)) == number_boards(t)


def test_unnumbered_games_follow_the_numbered_ones() -> None:
    t = paired(event(6), 1, ((6, 1),))
    loose = {2: RoundEntry(1, 3, "w", R.PENDING), 3: RoundEntry(1, 2, "b", R.PENDING)}
    players = tuple(dataclasses.replace(p, rounds=(loose[p.start_rank],)) if p.start_rank in loose else p
                    for p in t.players)  # fmt: skip
    t = dataclasses.replace(t, players=players)
    assert shown(t, 1) == [(1, 6, 1), (2, 2, 3)]
    assert shown(pair(t, 1, 4, 5), 1) == [(1, 6, 1), (2, 2, 3), (3, 4, 5)]


def test_board_problems_name_each_fault() -> None:
    t = paired(event(4), 1, ((4, 1), (2, 3)))

    def with_board(rank: int, board: int | None) -> tuple[Player, ...]:
        return tuple(
            dataclasses.replace(p, rounds=(dataclasses.replace(p.rounds[0], board=board),))
            if p.start_rank == rank
            else p
            for p in t.players
        )

    assert [(p.fault.name, p.player, p.other) for p in board_problems(with_board(2, 7))] == [
        ("NOT_SAME", 1, 2),
        ("NOT_SAME", 2, 1),
    ]
    both = with_board(2, 1)
    both = tuple(dataclasses.replace(p, rounds=(dataclasses.replace(p.rounds[0], board=1),)) for p in both)
    assert [(p.fault.name, p.player, p.other) for p in board_problems(both)] == [("TAKEN", 1, 0), ("TAKEN", 2, 0)]
    bye = give_bye(event(2), 1, 1, R.HALF_BYE).players
    bye = (dataclasses.replace(bye[0], rounds=(dataclasses.replace(bye[0].rounds[0], board=1),)), bye[1])
    assert [p.fault.name for p in board_problems(bye)] == ["BYE"]


# --- Excel: the Rounds sheet writes each game's board, a pairings sheet's Board column is read into it ---------


def test_the_excel_rounds_sheet_writes_each_board_as_paired() -> None:
    t = give_bye(paired(event(9), 1, BERGER_SHEET), 1, 9, R.PAIRING_BYE)
    data = workbook_bytes(t, edition=DEFAULT_EDITION, tiebreaks=())
    rows = list(load_workbook(io.BytesIO(data))[ROUNDS].iter_rows(values_only=True))
    assert rows[0] == ROUNDS_HEADER
    assert [row[1:3] + row[4:5] for row in rows[1:]] == [(1, 8, 5), (2, 6, 4), (3, 7, 3), (4, 1, 2), (5, 9, None)]


def test_a_berger_round_goes_through_excel_on_its_boards() -> None:
    t = paired(event(8), 1, BERGER_SHEET)
    grids = read_grids(contract_workbook(t))
    result = build(grids, propose(grids))
    assert result.problems == () and result.tournament == t


def test_a_pairings_sheet_gives_its_boards_and_without_a_board_column_its_order() -> None:
    players = ["Nr.", "Name"], *([rank, f"Player {rank}"] for rank in range(1, 9))
    numbered = grid("Runde 1", [["Brett", "Weiß", "Schwarz", "Ergebnis"], [3, 7, 3, "1-0"], [1, 8, 5, "0-1"],
                                [4, 1, 2, "½-½"], [2, 6, 4, ""]])  # fmt: skip
    in_order = grid(
        "Runde 1", [["Weiß", "Schwarz", "Ergebnis"], [8, 5, "0-1"], [6, 4, ""], [7, 3, "1-0"], [1, 2, "=-="]]
    )
    for sheet in (numbered, in_order):
        grids = [grid("Spieler", players), sheet]
        result = build(grids, propose(grids))
        assert result.problems == ()
        assert shown(result.tournament, 1) == [(1, 8, 5), (2, 6, 4), (3, 7, 3), (4, 1, 2)]


def test_two_games_on_one_board_of_a_round_are_refused_naming_the_cell() -> None:
    sheet = grid("R1", [["Board", "White", "Black", "Result"], [1, 1, 2, "1-0"], [2, 3, 4, "0-1"], [1, 5, 6, "½-½"]])
    result = build([sheet], propose([sheet]))
    assert [str(problem) for problem in result.problems] == [
        "R1!A4: board 1 of round 1 is already the board of the game on R1!2"
    ]
    assert (result.rows_imported, result.rows_skipped) == (2, 1)
    assert shown(result.tournament, 1) == [(1, 1, 2), (2, 3, 4)]


_EDITS = st.lists(st.tuples(st.sampled_from(["pair", "unpair", "forfeit", "result"]), st.integers(1, 8),
                            st.integers(1, 8)), max_size=30)  # fmt: skip


@settings(max_examples=80, deadline=None)
@given(_EDITS)
def test_no_edit_moves_another_board(edits: list[tuple[str, int, int]]) -> None:
    """Whatever is paired, unpaired, forfeited or entered, every other game stays on its board, and the
    boards stay consistent (core.pairing.consistency.board_problems)."""
    t = event(8)
    for kind, a, b in edits:
        before = {(x.white, x.black): x.number for x in boards(t, 1)}
        try:
            if kind == "pair":
                t = pair(t, 1, a, b)
            elif kind == "unpair":
                t = unpair(t, 1, a)
            elif kind == "forfeit":
                t = double_forfeit(t, 1, a, b)
            else:
                t = set_result(t, 1, a, R.DRAW)
        except EditError:
            continue
        after = {(x.white, x.black): x.number for x in boards(t, 1)}
        assert all(before[game] == number for game, number in after.items() if game in before)
        assert list(board_problems(t.players)) == [] and list(pairing_problems(t.players)) == []


def test_trf_has_no_boards_and_the_export_says_so_when_they_are_out_of_start_rank_order(tmp_path: Path) -> None:
    """TRF16 (and TRF-2026 for individual games) has no board numbers: the 001 records are written as ever,
    read back each round's games follow start ranks, and the export names that loss when it is one."""
    berger = paired(event(8), 1, BERGER_SHEET)
    for t, lost in ((berger, True), (paired(event(8), 1, ((1, 2), (7, 3), (6, 4), (8, 5))), False)):
        finished = t
        for board in boards(t, 1):
            finished = set_board_result(finished, 1, board, R.DRAW)
        assert TRF.refusal(finished) is None
        assert TRF.losses(finished) == (
            ("TRF has no place for the board numbers of games paired out of start-rank order; they are not written",)
            if lost
            else ()
        )
        assert FIDEDESK.losses(finished) == XLSX.losses(finished) == ()
        write_tournament(tmp_path / "out.trf", finished)
        back = read_tournament(tmp_path / "out.trf").tournament
        # the export fills in points and ranks (issue 13): compare the games
        assert [p.rounds for p in without_boards(back).players] == [p.rounds for p in without_boards(finished).players]
        assert shown(back, 1) == [(1, 1, 2), (2, 7, 3), (3, 6, 4), (4, 8, 5)]
