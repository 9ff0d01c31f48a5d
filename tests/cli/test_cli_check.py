"""``fidedesk-cli check``: each round against FIDE's pairing of it (FIDE TEC's checker reading the file's TRF, or
the Berger tables), the file's points and ranks against the standings; exit 0, 1, 2.

The real files paired under the rules fidedesk implements: bbpPairings' Dutch 2026 regression tests (every
round of ``dutch_2025_C5``, ``dutch_2025_C9`` and ``issue_7`` reproduces; ``issue_7``'s ranks are its
generator's, by no tie-break, so only its rounds are held) and the 8-player round robin of the documents'
tests (Berger tables). The other real files of tests/data were paired under older rules or other systems
(tests/engine/test_pairing_published.py says which rounds they reproduce), and the generated tournaments of
tests/data/pairing were paired by FIDE TEC's engine itself: every round must agree (their 001 rank column
is the generator's numbering, not a place, so only their rounds are held).
"""

from __future__ import annotations

import dataclasses
import functools
import json
from pathlib import Path
from typing import Any

import pytest

from fidedesk.cli import main
from fidedesk.core.tiebreaks.codes import parse_tiebreaks
from fidedesk.core.tiebreaks.standings import with_points_and_ranks
from fidedesk.engine.tec_checker import blocks, rounds_of_played
from fidedesk.io.trf.document import TrfVersion, parse_trf, tournament_to_trf

from ..conftest import DATA
from ..data.pairing.make_generated import read_generated

PUBLISHED = DATA / "pairing" / "published"
#: Generated tournaments: 9 players in 5 rounds, accelerated, a forbidden pair, pairing-allocated, half-point and
#: zero-point byes; 16 players in 9 rounds, accelerated, with forfeits; 22 players in 9 rounds with forfeits and a
#: forbidden group (make_generated.py draws them).
GENERATED = [2, 9, 13]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def checked(capsys: pytest.CaptureFixture[str], path: Path, *argv: str) -> tuple[int, dict[str, Any]]:
    code, out, err = run(capsys, "check", str(path), "--json", *argv)
    assert err == ""
    data: dict[str, Any] = json.loads(out)
    return code, data


@functools.cache
def generated(index: int) -> str:
    return read_generated()[index]


def written(tmp_path: Path, text: str, name: str = "event.trf") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    "name", ["pairing/published/bbp_dutch_2025_C5.trf", "pairing/published/bbp_dutch_2025_C9.trf",
             "documents/round_robin_8.trf"],
)  # fmt: skip
def test_a_file_paired_by_the_rules_passes(capsys: pytest.CaptureFixture[str], name: str) -> None:
    code, data = checked(capsys, DATA / name)
    assert code == 0
    assert data["rounds"] and all(check["agrees"] is True for check in data["rounds"])
    # the round robin's file gives no points or ranks: nothing to disagree with
    assert data["standings"]["agrees"] is (None if "round_robin" in name else True)
    assert data["standings"]["differences"] == []


def test_every_round_of_bbp_issue_7_agrees(capsys: pytest.CaptureFixture[str]) -> None:
    _code, data = checked(capsys, PUBLISHED / "bbp_issue_7.trf")
    assert [check["round"] for check in data["rounds"]] == list(range(1, 15))
    assert all(check["agrees"] is True for check in data["rounds"])


@pytest.mark.parametrize("index", GENERATED)
def test_every_round_of_a_tournament_paired_by_fide_tec_agrees(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, index: int
) -> None:
    text = generated(index)
    _code, data = checked(capsys, written(tmp_path, text))
    assert [check["round"] for check in data["rounds"]] == list(range(1, rounds_of_played(text) + 1))
    assert [check["round"] for check in data["rounds"] if check["agrees"] is not True] == []
    assert any(pair[1] == 0 for check in data["rounds"] for pair in check["fide"])  # the PAB is compared too


def test_a_fidedesk_file_is_checked_through_the_trf_2026_fidedesk_writes(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    source = written(tmp_path, generated(2))
    target = tmp_path / "event.fidedesk"
    assert main(["convert", str(source), str(target)]) == 0
    capsys.readouterr()
    _code, data = checked(capsys, target)
    assert data["rounds"] and all(check["agrees"] is True for check in data["rounds"])


def _block_at(line: str, round_: int) -> str:
    return blocks(line)[round_ - 1]


def exchanged(text: str, round_: int) -> tuple[str, tuple[int, int, int, int]]:
    """``text`` with the Black players of two boards of ``round_`` exchanged (a-b, c-d become a-d, c-b) where
    both Whites scored the same, so every player's result and points stay and the file stays consistent."""
    lines = text.splitlines()
    index = {int(line[4:8]): n for n, line in enumerate(lines) if line.startswith("001")}
    games = []
    for rank, n in sorted(index.items()):
        block = _block_at(lines[n], round_)
        if block[7] == "w" and int(block[2:6]) > 0:
            games.append((rank, int(block[2:6]), block[9]))
    (a, b, _code), (c, d) = games[0], next((w, bl) for w, bl, other in games[1:] if other == games[0][2])
    start = 89 + 10 * (round_ - 1)
    for player, opponent in ((a, d), (d, a), (c, b), (b, c)):
        line = lines[index[player]]
        lines[index[player]] = line[: start + 2] + f"{opponent:4d}" + line[start + 6 :]
    return "\n".join(lines) + "\n", (a, b, c, d)


def test_two_boards_exchanged_are_named_in_their_round_and_only_there(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    text = generated(9)
    last = rounds_of_played(text)
    changed, (a, b, c, d) = exchanged(text, last)
    code, data = checked(capsys, written(tmp_path, changed))
    assert code == 1
    assert [check["round"] for check in data["rounds"] if check["agrees"] is not True] == [last]
    round_ = data["rounds"][-1]
    assert {(a, d), (c, b)} <= set(map(tuple, round_["file"]))
    assert {(a, b), (c, d)} <= set(map(tuple, round_["fide"]))
    code, out, _err = run(capsys, "check", str(tmp_path / "event.trf"))
    assert code == 1
    assert f"Round {last}: differs" in out
    assert f"{a}-{d}" in out and f"{a}-{b}" in out
    assert f"Round {last - 1}: agrees" in out


def test_an_earlier_round_exchanged_is_named_by_round(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    changed, _players = exchanged(generated(2), 3)
    code, data = checked(capsys, written(tmp_path, changed), "--round", "3")
    assert code == 1
    assert [(check["round"], check["agrees"]) for check in data["rounds"]] == [(3, False)]


def test_a_changed_point_figure_makes_the_standings_disagree(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    lines = (PUBLISHED / "bbp_dutch_2025_C5.trf").read_text(encoding="utf-8").splitlines()
    n = next(n for n, line in enumerate(lines) if line.startswith("001    2"))
    assert lines[n][80:84] == " 1.0"
    lines[n] = lines[n][:80] + " 1.5" + lines[n][84:]
    path = written(tmp_path, "\n".join(lines) + "\n")
    code, data = checked(capsys, path)
    assert code == 1
    # FIDE TEC's reader is given points its results add up to (the pairings do not depend on them), so every
    # round is still checked; the wrong figure is the standings'
    assert data["rounds"] and all(check["agrees"] is True for check in data["rounds"])
    assert data["standings"]["agrees"] is False
    assert {"player": 2, "what": "points", "file": 1.5, "fide": 1} in data["standings"]["differences"]
    code, out, _err = run(capsys, "check", str(path))
    assert code == 1
    assert "Standings: differ for 1 player" in out
    assert "Test0002 Player0002" in out


def test_a_team_event_is_said_not_checked(capsys: pytest.CaptureFixture[str]) -> None:
    code, data = checked(capsys, DATA / "trf" / "friendship_cup_2024_heraklion_team_rapid.trf")
    assert code == 0
    assert data["rounds"] and all(check["agrees"] is None and "team" in check["reason"] for check in data["rounds"])
    assert data["standings"]["agrees"] is None


def test_a_round_after_results_missing_is_said_not_checked(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    lines = generated(2).splitlines()
    for n, line in enumerate(lines):  # every game of round 2 without its result, round 3 as it was
        block = _block_at(line, 2) if line.startswith("001") else ""
        if block and int(block[2:6]) > 0:
            start = 89 + 10
            lines[n] = line[: start + 9] + "?" + line[start + 10 :]
    _code, data = checked(capsys, written(tmp_path, "\n".join(lines) + "\n"), "--round", "3")
    assert data["rounds"][0]["agrees"] is None
    assert "without a result" in data["rounds"][0]["reason"]


@pytest.mark.parametrize(
    ("content", "argv"), [("001 nonsense\n", ()), (None, ("--round", "40"))], ids=["bad record", "round not paired"]
)
def test_a_bad_file_exits_2_with_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, content: str | None, argv: tuple[str, ...]
) -> None:
    path = written(tmp_path, content if content is not None else generated(2))
    code, out, err = run(capsys, "check", str(path), *argv)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1 and str(path) in err


def test_a_file_without_points_or_ranks_is_said_so(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    lines = (PUBLISHED / "bbp_dutch_2025_C5.trf").read_text(encoding="utf-8").splitlines()
    blank = [line[:80] + " " * 9 + line[89:] if line.startswith("001") else line for line in lines]
    code, data = checked(capsys, written(tmp_path, "\n".join(blank) + "\n"))
    assert code == 0
    assert all(check["agrees"] is True for check in data["rounds"])
    assert data["standings"] == {"agrees": None, "differences": [], "reason": "the file gives no points or ranks"}


def test_the_ranks_are_those_of_the_tie_breaks_the_file_names(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A TRF-2026 file ranked by PS then BH (its 212 record): its ranks agree; without the record, the
    system's default tie-breaks rank it otherwise and the players who move are named."""
    read = parse_trf(generated(9)).tournament
    info = dataclasses.replace(read.info, tiebreaks=parse_tiebreaks("PS BH"))
    players = tuple(dataclasses.replace(player, rank=None) for player in read.players)
    unranked = dataclasses.replace(read, info=info, players=players)
    text = tournament_to_trf(with_points_and_ranks(unranked), TrfVersion.TRF26)
    assert "212 PTS PS BH" in text.splitlines()
    code, data = checked(capsys, written(tmp_path, text))
    assert (code, data["standings"]) == (0, {"agrees": True, "differences": []})
    without = "".join(line + "\n" for line in text.splitlines() if not line.startswith("212"))
    code, data = checked(capsys, written(tmp_path, without, "defaults.trf"))
    assert code == 1
    moved = {(d["player"], d["what"]) for d in data["standings"]["differences"]}
    assert moved and all(what == "rank" for _player, what in moved)


@pytest.mark.parametrize("index", [2, 9])
def test_one_checker_run_over_all_rounds_pairs_each_as_a_run_for_that_round(index: int) -> None:
    """``check_rounds`` reads the text once for every round (``pairingchecker -c -p``); each round's pairing is the
    one the checker makes for that round alone (``-c -n N``), on a correct file and on one with round 3 changed,
    whose later rounds are paired from the changed round."""
    from fidedesk.engine import tec_checker

    for text in (generated(index), exchanged(generated(index), 3)[0]):
        read = parse_trf(text, "<generated>").tournament
        together = tec_checker.check_rounds(text, read, read.paired_rounds)
        alone = [tec_checker.check_round(text, read, round_) for round_ in read.paired_rounds]
        assert together == alone
    # the rounds after it were made from the round as it was: any of them may differ too, none before it
    assert next(check.round for check in together if not check.agrees) == 3


def test_a_failed_run_over_all_rounds_checks_each_round_on_its_own(monkeypatch: pytest.MonkeyPatch) -> None:
    from fidedesk.engine import tec_checker

    text = generated(2)
    read = parse_trf(text, "<generated>").tournament
    expected = tec_checker.check_rounds(text, read, read.paired_rounds)

    def refuse(_text: str) -> dict[int, list[tuple[int, int]]]:
        raise tec_checker.CheckerError("gacrux's checker: refused")

    monkeypatch.setattr(tec_checker, "fide_pairings", refuse)
    assert tec_checker.check_rounds(text, read, read.paired_rounds) == expected


def test_a_round_paired_and_not_yet_played_is_checked(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """The file an arbiter saves between pairing a round and typing its results (TRF-2026 ``?``): the new round
    and those before it are checked, and the figures are those before it (FIDE TEC's reader alone cannot add a
    ``?`` into its points)."""
    from fidedesk.core.tournament import ResultCode

    read = parse_trf(generated(2), "<generated>").tournament
    last = read.rounds_played
    players = tuple(
        dataclasses.replace(player, rounds=tuple(
            dataclasses.replace(entry, result=ResultCode.PENDING)
            if entry.round == last and entry.opponent is not None else entry
            for entry in player.rounds))
        for player in read.players
    )  # fmt: skip
    pending = dataclasses.replace(read, players=players)
    text = tournament_to_trf(with_points_and_ranks(pending), TrfVersion.TRF26)
    assert " ? " in text.replace("?\n", "? \n")
    code, data = checked(capsys, written(tmp_path, text))
    assert [(check["round"], check["agrees"]) for check in data["rounds"]] == [(r, True) for r in range(1, last + 1)]
    assert data["standings"] == {"agrees": True, "differences": []}
    assert code == 0
    # a board exchanged in the round still to be played is found there
    changed, _players = exchanged(text.replace(" ?", " ="), last)
    lines = changed.splitlines()
    for n, line in enumerate(lines):
        if line.startswith("001") and int(_block_at(line, last)[2:6]) > 0:
            lines[n] = line[: 89 + 10 * last - 1] + "?" + line[89 + 10 * last :]
    code, data = checked(capsys, written(tmp_path, "\n".join(lines) + "\n"))
    assert [check["round"] for check in data["rounds"] if check["agrees"] is not True] == [last]
