"""publish.documents: the pairings, who plays where, standings and crosstable of real and generated events, checked
against the files' own figures (the TRF's points and ranks, each player's round entries), not against our output."""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from pathlib import Path

import pytest

from benchmarks.make_swiss import make_swiss
from fidedesk.core.notation import cell_text, score_text
from fidedesk.core.rating.editions import resolve_edition
from fidedesk.core.results import ResultCode
from fidedesk.core.tournament import RoundEntry, System, Tournament
from fidedesk.io.trf.document import read_trf
from fidedesk.publish.documents import (
    EVERY_EVENT,
    Document,
    DocumentError,
    DocumentKind,
    TableBlock,
    TextBlock,
    build_document,
    default_round,
    document_rounds,
)

DATA = Path(__file__).parents[1] / "data"
KARL_MALA = DATA / "trf" / "karl_mala_gedenkturnier_2005_frankfurt.trf"
ROUND_ROBIN = DATA / "samples" / "round_robin_8_58.trf"


@pytest.fixture(scope="module")
def karl_mala() -> Tournament:
    return read_trf(KARL_MALA).tournament


def build(tournament: Tournament, kind: DocumentKind, **options: object) -> Document:
    edition = resolve_edition("auto", tournament.info.start).edition
    return build_document(tournament, kind, edition=edition, **options)  # type: ignore[arg-type]


def tables(document: Document) -> list[TableBlock]:
    return [block for block in document.blocks if isinstance(block, TableBlock)]


def column(table: TableBlock, title: str, occurrence: int = 0) -> list[str]:
    index = [i for i, c in enumerate(table.columns) if c.title == title][occurrence]
    return [row[index] for row in table.rows]


# --- standings -----------------------------------------------------------------------------------------


def test_standings_points_are_the_trf_points_and_the_winner_its_rank_1(karl_mala: Tournament) -> None:
    document = build(karl_mala, DocumentKind.STANDINGS)
    (table,) = tables(document)
    by_no = dict(zip(column(table, "No"), column(table, "Pts"), strict=True))
    assert len(by_no) == len(karl_mala.players) == 284
    for player in karl_mala.players:
        assert player.points is not None
        assert by_no[str(player.start_rank)] == score_text(player.points)
    trf_winner = next(player for player in karl_mala.players if player.rank == 1)
    assert table.rows[0][:3] == ("1", str(trf_winner.start_rank), trf_winner.name)
    assert document.title == "Standings after round 7" and document.round_text == "After round 7 (final)"
    assert document.event == "9. Karl-Mala-Gedenkturnier" and document.dates == "2005-07-28 – 2005-07-31"
    note = document.blocks[-1]
    assert (
        isinstance(note, TextBlock) and "BH-C1 (Buchholz Cut-1)" in note.text and "C.07 of 1 August 2024" in note.text
    )


def test_standings_after_an_earlier_round_count_only_its_rounds(karl_mala: Tournament) -> None:
    document = build(karl_mala, DocumentKind.STANDINGS, round=3)
    (table,) = tables(document)
    for player, points in zip(column(table, "No"), column(table, "Pts"), strict=True):
        entries = karl_mala.player(int(player)).rounds
        assert points == score_text(sum((e.result.score for e in entries if e.round <= 3), Fraction(0)))
    assert document.round_text == "After round 3 of 7"
    announced = dataclasses.replace(karl_mala, info=dataclasses.replace(karl_mala.info, rounds=9))
    assert build(announced, DocumentKind.STANDINGS).round_text == "After round 7 of 9"


def test_standings_with_other_tiebreaks_head_a_column_each() -> None:
    from fidedesk.core.tiebreaks.codes import parse_tiebreaks

    event = make_swiss(30, 5, seed=3)
    document = build(event, DocumentKind.STANDINGS, tiebreaks=parse_tiebreaks("SB DE"))
    (table,) = tables(document)
    assert [c.title for c in table.columns][-2:] == ["SB", "DE"]
    assert all(value.count(".") == 1 and len(value.split(".")[1]) == 2 for value in column(table, "SB"))


# --- pairings and who plays where ----------------------------------------------------------------------


@pytest.mark.parametrize("round_", [1, 4, 7])
def test_pairings_list_every_player_of_the_round_once_against_their_opponent(
    karl_mala: Tournament, round_: int
) -> None:
    document = build(karl_mala, DocumentKind.PAIRINGS, round=round_)
    (table,) = tables(document)
    seen: list[int] = []
    for row in table.rows:
        white, result, black = int(row[1]), row[5], row[7]
        seen.append(white)
        entry = next(e for e in karl_mala.player(white).rounds if e.round == round_)
        if black == "":
            assert entry.opponent is None and result in {"bye ½", "bye 1", "bye 1 (pairing)", "bye 0", "+--"}
            assert row[0] == ""
            continue
        seen.append(int(black))
        other = next(e for e in karl_mala.player(int(black)).rounds if e.round == round_)
        assert entry.opponent == int(black) and other.opponent == white
        assert (entry.color, other.color) in (("w", "b"), (None, None))  # a forfeit the file gave no colours
    in_round = [p.start_rank for p in karl_mala.players if any(e.round == round_ for e in p.rounds)]
    assert sorted(seen) == sorted(in_round) and len(seen) == len(set(seen))
    assert document.title == f"Pairings of round {round_}" and document.round_text == f"Round {round_}"


def test_pairings_show_points_before_the_round_and_the_result() -> None:
    event = make_swiss(20, 3, seed=2)
    (table,) = tables(build(event, DocumentKind.PAIRINGS, round=3))
    for row in table.rows:
        white = event.player(int(row[1]))
        before = sum((e.result.score for e in white.rounds if e.round < 3), Fraction(0))
        assert row[4] == score_text(before)
        if row[7]:
            black = event.player(int(row[7]))
            assert row[6] == score_text(sum((e.result.score for e in black.rounds if e.round < 3), Fraction(0)))
            code = next(e.result for e in white.rounds if e.round == 3)
            assert row[5] == {ResultCode.WIN: "1-0", ResultCode.DRAW: "½-½", ResultCode.LOSS: "0-1",
                              ResultCode.FORFEIT_WIN: "+--", ResultCode.FORFEIT_LOSS: "--+"}[code]  # fmt: skip


def test_a_pending_result_is_blank_and_a_bye_says_which() -> None:
    event = make_swiss(9, 1, seed=4, unrated=0)
    first = next(p for p in event.players if p.rounds[0].opponent is not None and p.rounds[0].color == "w")
    players = []
    for player in event.players:
        if player.start_rank in (first.start_rank, first.rounds[0].opponent):
            player = dataclasses.replace(
                player, rounds=(dataclasses.replace(player.rounds[0], result=ResultCode.PENDING),)
            )
        players.append(player)
    event = dataclasses.replace(event, players=tuple(players))
    (table,) = tables(build(event, DocumentKind.PAIRINGS))
    row = next(r for r in table.rows if r[1] == str(first.start_rank))
    assert row[5] == ""
    byes = [r for r in table.rows if r[7] == ""]
    assert [r[5] for r in byes] == ["bye 1 (pairing)"]


def test_who_plays_where_has_everyone_once_alphabetically(karl_mala: Tournament) -> None:
    document = build(karl_mala, DocumentKind.WHERE, round=5)
    (table,) = tables(document)
    names = column(table, "Name")
    assert names == sorted(names, key=str.casefold)
    numbers = [int(n) for n in column(table, "No")]
    in_round = [p.start_rank for p in karl_mala.players if any(e.round == 5 for e in p.rounds)]
    assert sorted(numbers) == sorted(in_round)
    for row in table.rows:
        entry = next(e for e in karl_mala.player(int(row[1])).rounds if e.round == 5)
        if entry.opponent is None:
            assert row[4].startswith(("bye ", "no opponent (")) and row[5] == ""
        else:
            assert int(row[5]) == entry.opponent and row[3] == {"w": "White", "b": "Black", None: ""}[entry.color]
            assert row[4] == karl_mala.player(entry.opponent).name
    for index in table.rule_before:
        assert names[index][0].casefold() != names[index - 1][0].casefold()
    assert len(table.rule_before) == len({name[0].casefold() for name in names}) - 1


def test_who_plays_where_files_accented_names_among_their_letters() -> None:
    """Ł among the L, Ø among the O, Á among the A, as a player looks for their name on the wall."""
    rr8 = read_trf(DATA / "documents" / "round_robin_8.trf").tournament
    names = ["Zeller, Anna", "Łazarz, Piotr", "Lange, Jan", "Müller, Eva", "Mahler, Tom", "Ørsted, Ida",
             "Olsen, Per", "Ávila, Rui"]  # fmt: skip
    players = tuple(dataclasses.replace(p, name=name) for p, name in zip(rr8.players, names, strict=True))
    (table,) = tables(build(dataclasses.replace(rr8, players=players), DocumentKind.WHERE, round=7))
    assert column(table, "Name") == ["Ávila, Rui", "Lange, Jan", "Łazarz, Piotr", "Mahler, Tom", "Müller, Eva",
                                     "Olsen, Per", "Ørsted, Ida", "Zeller, Anna"]  # fmt: skip
    assert table.rule_before == {1, 3, 5, 7}


# --- crosstable ----------------------------------------------------------------------------------------


def test_swiss_crosstable_cells_are_the_entries_up_to_the_round(karl_mala: Tournament) -> None:
    (table,) = tables(build(karl_mala, DocumentKind.CROSSTABLE, round=4))
    titles = [c.title for c in table.columns]
    assert titles[-6:] == ["R1", "R2", "R3", "R4", "Pts", "Rank"]
    assert [c.title for c in table.columns if c.key] == ["No", "Name"]
    for row in table.rows:
        player = karl_mala.player(int(row[0]))
        entries = {e.round: e for e in player.rounds}
        assert list(row[-6:-2]) == [cell_text(entries[n]) if n in entries else "" for n in range(1, 5)]


def test_round_robin_crosstable_has_x_on_the_diagonal_and_the_results() -> None:
    event = read_trf(ROUND_ROBIN).tournament
    document = build(event, DocumentKind.CROSSTABLE)
    (table,) = tables(document)
    ranks = [str(p.start_rank) for p in sorted(event.players, key=lambda p: p.start_rank)]
    assert [c.title for c in table.columns] == ["No", "Name", "Rtg", *ranks, "Pts", "Rank"]
    for row in table.rows:
        player = event.player(int(row[0]))
        grid = dict(zip(ranks, row[3:-2], strict=True))
        assert grid[row[0]] == "X"
        for entry in player.rounds:
            assert (
                grid[str(entry.opponent)]
                == {Fraction(1): "1", Fraction(1, 2): "½", Fraction(0): "0"}[entry.result.score]
            )
        assert row[-2] == score_text(player.points or Fraction(0))  # the file's own points column
    winner = next(p for p in event.players if p.name == "Player A")
    assert next(r for r in table.rows if r[1] == "Player A")[-1] == "1" and winner.points == 8


# --- rounds offered and refused ------------------------------------------------------------------------


@pytest.mark.parametrize("kind", EVERY_EVENT)  # the norm forms of an event before 2024: none (test_norm_forms.py)
def test_every_document_names_the_event_and_the_round(karl_mala: Tournament, kind: DocumentKind) -> None:
    """The issue: every page names the event and round; the whole-event documents are after the last round."""
    document = build(karl_mala, kind)
    assert document.event == "9. Karl-Mala-Gedenkturnier"
    assert document.round_text == ("Round 7" if kind in (DocumentKind.PAIRINGS, DocumentKind.WHERE)
                                   else "After round 7 (final)")  # fmt: skip


def test_rounds_offered_and_the_default(karl_mala: Tournament) -> None:
    assert document_rounds(karl_mala, DocumentKind.PAIRINGS) == tuple(range(1, 8))
    assert document_rounds(karl_mala, DocumentKind.STANDINGS) == tuple(range(1, 8))
    assert document_rounds(karl_mala, DocumentKind.PLAYERS) == ()
    assert default_round(karl_mala, DocumentKind.WHERE) == 7 and default_round(karl_mala, DocumentKind.RATINGS) is None
    paired_only = make_swiss(10, 2, seed=1)
    pending = tuple(
        dataclasses.replace(p, rounds=tuple(e if e.round == 1 or e.opponent is None else
                                            dataclasses.replace(e, result=ResultCode.PENDING) for e in p.rounds))
        for p in paired_only.players
    )  # fmt: skip
    paired_only = dataclasses.replace(paired_only, players=pending)
    assert default_round(paired_only, DocumentKind.PAIRINGS) == 2
    assert default_round(paired_only, DocumentKind.CROSSTABLE) == 1
    with pytest.raises(DocumentError, match="round 2 is not played yet"):
        build(paired_only, DocumentKind.STANDINGS, round=2)


def test_before_the_first_result_the_standings_are_the_start_list() -> None:
    event = make_swiss(6, 0, seed=1)
    assert default_round(event, DocumentKind.STANDINGS) is None
    document = build(event, DocumentKind.STANDINGS)
    (table,) = tables(document)
    assert column(table, "No") == [str(n) for n in range(1, 7)] and set(column(table, "Pts")) == {"0"}
    assert document.round_text == "Before round 1"
    with pytest.raises(DocumentError, match="no round is paired yet"):
        build(event, DocumentKind.PAIRINGS)


@pytest.mark.parametrize(
    ("kind", "round_", "message"),
    [
        (DocumentKind.PAIRINGS, 9, r"round 9 is not paired yet \(the event has 7 rounds paired\)"),
        (DocumentKind.WHERE, 0, "there is no round 0"),
        (DocumentKind.STANDINGS, -1, "there is no round -1"),
        (DocumentKind.CROSSTABLE, 8, "round 8 is not played yet"),
        (DocumentKind.PLAYERS, 1, "takes no round"),
        (DocumentKind.RATINGS, 3, "takes no round"),
    ],
)
def test_a_round_that_cannot_be_shown_is_refused(
    karl_mala: Tournament, kind: DocumentKind, round_: int, message: str
) -> None:
    with pytest.raises(DocumentError, match=message):
        build(karl_mala, kind, round=round_)


def test_double_round_robin_cells_show_both_games_in_round_order() -> None:
    from tests.builders import round_robin

    one, half, zero = Fraction(1), Fraction(1, 2), Fraction(0)
    first = round_robin([2400, 2300, 2200, 2100], [[None, one, one, half], [zero, None, one, one],
                                                   [zero, zero, None, one], [half, zero, zero, None]],
                        system=System.DOUBLE_ROUND_ROBIN)  # fmt: skip
    # the second cycle: every game drawn, colours reversed, rounds 4-6
    players = tuple(
        dataclasses.replace(player, rounds=player.rounds + tuple(
            RoundEntry(entry.round + 3, entry.opponent, "b" if entry.color == "w" else "w", ResultCode.DRAW)
            for entry in player.rounds))
        for player in first.players
    )  # fmt: skip
    event = dataclasses.replace(first, players=players)
    (table,) = tables(build(event, DocumentKind.CROSSTABLE))
    grid = {row[0]: row[3:7] for row in table.rows}
    assert grid["1"] == ("X", "1 ½", "1 ½", "½ ½") and grid["2"] == ("0 ½", "X", "1 ½", "1 ½")
    (after_3,) = tables(build(event, DocumentKind.CROSSTABLE, round=3))
    assert after_3.rows[0][3:7] == ("X", "1", "1", "½")
