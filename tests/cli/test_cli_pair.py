"""``fidedesk-cli pair``: the round the engine pairs, as JSON and as text; -o writing it; exit 2 and one line."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

from fidedesk.cli import main
from fidedesk.core.editing import boards
from fidedesk.core.pairing.round import berger_pairing
from fidedesk.core.pairing.setup import InitialColour
from fidedesk.core.results import ResultCode
from fidedesk.core.tournament import EventInfo, Player, RoundEntry, System, Tournament
from fidedesk.engine.pairing import pair_round
from fidedesk.io.formats import read_tournament
from fidedesk.io.native import fidedesk_file
from fidedesk.io.plain_words import Plain
from fidedesk.io.trf.document import read_trf, tournament_to_trf

from ..conftest import DATA

#: Mario Held's 16-player Swiss of FIDE TEC's tie-break exercises, 9 rounds (XXR 9).
HELD = DATA / "tiebreaks" / "held_swiss_9.trf"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def _pairing(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    code, out, err = run(capsys, "pair", *argv, "--json")
    assert code == 0, err
    assert err == ""
    data: dict[str, Any] = json.loads(out)
    return data


def held_after(played: int, **info: Any) -> Tournament:
    """The held Swiss as it stood after ``played`` rounds (of 9)."""
    tournament = read_trf(HELD).tournament
    players = tuple(
        dataclasses.replace(p, points=None, rank=None, rounds=tuple(e for e in p.rounds if e.round <= played))
        for p in tournament.players
    )
    return dataclasses.replace(tournament, players=players, info=dataclasses.replace(tournament.info, **info))


def saved(tmp_path: Path, tournament: Tournament, name: str = "event.fidedesk") -> Path:
    path = tmp_path / name
    if path.suffix == ".fidedesk":
        fidedesk_file.save(tournament, path)
    else:
        path.write_text(tournament_to_trf(tournament), encoding="utf-8")
    return path


def newcomers(count: int, rounds: int = 5, **info: Any) -> Tournament:
    """A Swiss before round 1: ``count`` players rated 2400, 2390, ... (start ranks in that order)."""
    players = tuple(Player(rank, f"Player {rank:02d}", 2410 - 10 * rank) for rank in range(1, count + 1))
    return Tournament(EventInfo(name="Open", system=System.SWISS, rounds=rounds, **info), players)


def test_json_has_exactly_the_documented_shape_and_the_engines_pairing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = saved(tmp_path, held_after(5), "held.trf")
    data = _pairing(capsys, str(path))
    assert list(data) == ["round", "system", "boards", "byes"]
    assert data["round"] == 6 and data["system"] == "dutch"  # the first round without pairings
    engine = pair_round(read_tournament(path).tournament, 6)
    assert data["boards"] == [{"board": b.board, "white": b.white, "black": b.black} for b in engine.boards]
    assert [list(board) for board in data["boards"]] == [["board", "white", "black"]] * 8
    assert data["byes"] == []
    paired = {rank for board in data["boards"] for rank in (board["white"], board["black"])}
    assert paired == set(range(1, 17))  # 16 players, 8 boards, everyone once


def test_the_pairing_allocated_bye_and_requested_byes_by_kind(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Round 1 of nine players, one asking for a half-point bye and one for a zero-point bye: seven to pair."""
    tournament = newcomers(9)
    requested = {3: ResultCode.HALF_BYE, 5: ResultCode.ZERO_BYE}
    players = tuple(
        dataclasses.replace(p, rounds=(RoundEntry(1, None, None, requested[p.start_rank]),))
        if p.start_rank in requested else p
        for p in tournament.players
    )  # fmt: skip
    data = _pairing(capsys, str(saved(tmp_path, dataclasses.replace(tournament, players=players))))
    assert data["byes"] == [
        {"player": 9, "kind": "pairing-allocated"},  # the lowest of the seven present
        {"player": 3, "kind": "half-point"},
        {"player": 5, "kind": "zero-point"},
    ]
    paired = sorted(rank for board in data["boards"] for rank in (board["white"], board["black"]))
    assert paired == [1, 2, 4, 6, 7, 8]


def test_round_one_follows_the_initial_colour_given_else_the_files_else_white(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = saved(tmp_path, newcomers(8))
    # top half against bottom half (C.04.3): 1-5, 6-2, 3-7, 8-4 with the top player White
    white_first = [[1, 5], [6, 2], [3, 7], [8, 4]]
    assert [[b["white"], b["black"]] for b in _pairing(capsys, str(path))["boards"]] == white_first
    black_first = [[5, 1], [2, 6], [7, 3], [4, 8]]
    boards = _pairing(capsys, str(path), "--initial-colour", "black")["boards"]
    assert [[b["white"], b["black"]] for b in boards] == black_first
    drawn = saved(tmp_path, newcomers(8, initial_colour=InitialColour.BLACK), "drawn.fidedesk")
    assert [[b["white"], b["black"]] for b in _pairing(capsys, str(drawn))["boards"]] == black_first
    boards = _pairing(capsys, str(drawn), "--initial-colour", "WHITE")["boards"]
    assert [[b["white"], b["black"]] for b in boards] == white_first  # the option over the file's own
    code, out, err = run(capsys, "pair", str(path), "--initial-colour", "red")
    assert (code, out) == (2, "") and err == "fidedesk-cli: --initial-colour: 'red' is not a colour: white or black\n"


def test_a_round_robin_is_paired_by_the_berger_tables(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    players = tuple(Player(rank, f"Player {rank}", 2300 - rank) for rank in range(1, 6))
    event = Tournament(EventInfo(system=System.ROUND_ROBIN), players)
    path = saved(tmp_path, event)
    first = _pairing(capsys, str(path))
    assert first["round"] == 1 and first["system"] == "berger"
    table = berger_pairing(event, 1)
    assert first["boards"] == [{"board": b.board, "white": b.white, "black": b.black} for b in table.boards]
    assert first["byes"] == [{"player": table.byes[0].player, "kind": "free"}]  # five players: one sits out
    assert len(first["boards"]) == 2
    later = _pairing(capsys, str(path), "--round", "4")
    assert later["round"] == 4 and later["boards"] != first["boards"]  # the whole schedule, any round
    code, out, _err = run(capsys, "pair", str(path))
    assert code == 0 and out.splitlines()[0] == "Round 1 of 5: round robin, Berger tables (C.05 Annex 1)"
    assert out.splitlines()[-1].endswith("free (odd number of players)")


def test_three_players_who_all_met_have_no_legal_pairing(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Rounds 1-3: each pair played once and each had the pairing-allocated bye; round 4 has no legal pairing."""
    games = {1: (1, 2, 3), 2: (1, 3, 2), 3: (2, 3, 1)}  # round: White, Black, bye
    entries: dict[int, list[RoundEntry]] = {1: [], 2: [], 3: []}
    for round_, (white, black, bye) in games.items():
        entries[white].append(RoundEntry(round_, black, "w", ResultCode.DRAW))
        entries[black].append(RoundEntry(round_, white, "b", ResultCode.DRAW))
        entries[bye].append(RoundEntry(round_, None, None, ResultCode.PAIRING_BYE))
    players = tuple(
        Player(rank, f"Player {rank}", 2000, rounds=tuple(sorted(entries[rank], key=lambda e: e.round)))
        for rank in (1, 2, 3)
    )
    path = saved(tmp_path, Tournament(EventInfo(system=System.SWISS, rounds=5), players))
    code, out, err = run(capsys, "pair", str(path))
    assert (code, out) == (2, "")
    assert err.startswith(f"fidedesk-cli: {path}: round 4 cannot be paired by the Dutch rules")
    assert err.count("\n") == 1 and err.endswith("\n")


@pytest.mark.parametrize(
    ("argv", "reason"),
    [
        (["--round", "3"], "round 3 is paired already: unpair it first"),
        (["--round", "7"], "round 6 is not paired: pair the rounds in order"),
        (["--round", "10"], "the event has 9 rounds: round 10 cannot be paired"),
    ],
)
def test_a_round_that_cannot_be_paired_is_refused_in_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str], reason: str
) -> None:
    path = saved(tmp_path, held_after(5))
    assert run(capsys, "pair", str(path), *argv) == (2, "", f"fidedesk-cli: {path}: {reason}\n")


def test_a_round_with_games_still_to_finish_or_an_event_without_its_rounds_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    unfinished = held_after(5)
    players = tuple(
        dataclasses.replace(p, rounds=tuple(dataclasses.replace(e, result=ResultCode.PENDING)
                                            if e.round == 5 and e.opponent is not None else e for e in p.rounds))
        for p in unfinished.players
    )  # fmt: skip
    path = saved(tmp_path, dataclasses.replace(unfinished, players=players))
    code, _out, err = run(capsys, "pair", str(path))
    assert code == 2 and "round 5 has games without a result" in err and err.count("\n") == 1
    unknown = saved(tmp_path, held_after(5, rounds=None), "unknown.fidedesk")
    code, _out, err = run(capsys, "pair", str(unknown))
    assert (
        code == 2
        and err == f"fidedesk-cli: {unknown}: the number of rounds is not set (TRF XXR or 142; the event's Rounds)\n"
    )


def test_a_bad_file_or_output_name_is_exit_2_before_anything_is_written(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    missing = tmp_path / "missing.trf"
    code, out, err = run(capsys, "pair", str(missing))
    assert (
        (code, out) == (2, "")
        and err.startswith(f"fidedesk-cli: {Plain.CANNOT_OPEN.value} {missing}: ")
        and err.count("\n") == 1
    )
    broken = tmp_path / "broken.trf"
    broken.write_text(
        "012 Nothing\n001    1 m    Player                            1900 GER             0.0    1  9999 w 1\n"
    )
    code, out, err = run(capsys, "pair", str(broken))
    assert (
        (code, out) == (2, "")
        and err.startswith(f"fidedesk-cli: {Plain.TRF_MISTAKE.value} {broken}:")
        and err.count("\n") == 1
    )
    path = saved(tmp_path, held_after(5))
    code, out, err = run(capsys, "pair", str(path), "-o", str(tmp_path / "out.pdf"))
    assert (code, out) == (2, "") and 'unknown output extension ".pdf"' in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["broken.trf", "event.fidedesk"]


@pytest.mark.parametrize("name", ["paired.fidedesk", "paired.trf", "paired.xlsx"])
def test_output_holds_the_round_paired_with_results_to_come(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str
) -> None:
    path = saved(tmp_path, held_after(5))
    target = tmp_path / name
    code, out, err = run(capsys, "pair", str(path), "-o", str(target), "--json")
    assert code == 0, err
    assert err == ""  # TRF keeps no board numbers, but reads the engine's back in FIDE's board order
    data = json.loads(out)
    paired = read_tournament(target).tournament
    assert paired.info.rounds == 9
    kept_boards = name.endswith(".fidedesk")

    def seen(entry: RoundEntry) -> RoundEntry:
        # the Excel import numbers every game's board, TRF keeps none: boards are compared as shown, below
        return entry if kept_boards else dataclasses.replace(entry, board=None)

    for board in data["boards"]:
        white, black = paired.player(board["white"]), paired.player(board["black"])
        number = board["board"] if kept_boards else None
        assert seen(white.rounds[-1]) == RoundEntry(6, board["black"], "w", ResultCode.PENDING, number)
        assert seen(black.rounds[-1]) == RoundEntry(6, board["white"], "b", ResultCode.PENDING, number)
    before = held_after(5)
    for player in paired.players:  # rounds 1-5 as they were
        assert [seen(e) for e in player.rounds[:-1]] == [seen(e) for e in before.player(player.start_rank).rounds]
    shown = [(b.number, b.white, b.black) for b in boards(paired, 6) if b.black is not None]
    assert shown == [(b["board"], b["white"], b["black"]) for b in data["boards"]]
    # the written round is paired: the next one waits for its results
    code, _out, err = run(capsys, "pair", str(target))
    assert code == 2 and "round 6 has games without a result" in err


def test_output_may_replace_the_file_paired(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """The arbiter's round: pair into the file itself, enter results, pair the next."""
    path = saved(tmp_path, newcomers(9))
    first = _pairing(capsys, str(path), "-o", str(path))
    assert first["round"] == 1 and first["byes"] == [{"player": 9, "kind": "pairing-allocated"}]
    tournament = read_tournament(path).tournament
    played = tuple(
        dataclasses.replace(p, rounds=tuple(dataclasses.replace(e, result=ResultCode.WIN if e.color == "w"
                                                                else ResultCode.LOSS)
                                            if e.result is ResultCode.PENDING else e for e in p.rounds))
        for p in tournament.players
    )  # fmt: skip
    fidedesk_file.save(dataclasses.replace(tournament, players=played), path)
    second = _pairing(capsys, str(path), "-o", str(path))
    assert second["round"] == 2
    assert read_tournament(path).tournament.last_round == 2
    assert [p.name for p in tmp_path.iterdir()] == [path.name]  # no temporary file left beside it


def test_text_shows_the_boards_aligned_with_names_ratings_and_points(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = saved(tmp_path, held_after(5), "held.trf")
    code, out, err = run(capsys, "pair", str(path))
    assert code == 0 and err == ""
    lines = out.splitlines()
    # the file records no colour: the engine is given the one round 1 was paired with (player 1 had White)
    assert lines[0] == (
        "Round 6 of 9: Swiss, Dutch system (C.04.3, FIDE TEC's engine); initial colour white (as round 1 was paired)"
    )
    assert lines[1] == "8 boards, 0 byes"
    assert lines[3].split() == ["Board", "No", "White", "Rtg", "Pts", "No", "Black", "Rtg", "Pts"]
    rows = lines[5:]
    assert len(rows) == 8 and len({len(row) for row in rows}) <= 2  # one width, give or take a ½
    engine = pair_round(read_tournament(path).tournament, 6)
    held = read_trf(HELD).tournament
    for row, board in zip(rows, engine.boards, strict=True):
        white, black = held.player(board.white), held.player(board.black)
        assert row.split()[:3] == [str(board.board), str(board.white), white.name]
        assert f" {black.name} " in row and str(white.rating) in row
        assert row.index(black.name) == rows[0].index(held.player(engine.boards[0].black).name)  # aligned


def test_text_lists_the_byes_and_what_was_written(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = saved(tmp_path, newcomers(5, initial_colour=InitialColour.BLACK))
    target = tmp_path / "round1.fidedesk"
    code, out, err = run(capsys, "pair", str(path), "-o", str(target))
    assert code == 0 and err == ""
    assert out.splitlines()[0].endswith("initial colour black (the file's)")
    assert "Player 05  2360    0  pairing-allocated bye" in out
    assert out.endswith(f"Written to {target}, results to come\n")
    assert target.is_file()


def test_help_names_the_options_and_the_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _err = run(capsys, "pair", "--help")
    assert code == 0
    for option in ("--round N", "--initial-colour", "--json", "-o OUT", '"system": "dutch"', "exit status 2"):
        assert option in " ".join(out.split()), option
