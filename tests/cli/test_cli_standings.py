"""``fidedesk-cli standings``: the file's tie-breaks and edition or the ones asked for, JSON and text, exit 2."""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from fidedesk.cli import main
from fidedesk.core.notation import tiebreak_places, tiebreak_text
from fidedesk.core.results import ResultCode
from fidedesk.core.tiebreaks.codes import TieBreakRules, parse_tiebreaks
from fidedesk.core.tiebreaks.standings import standings
from fidedesk.core.tournament import EventInfo, Player, RoundEntry, System, Tournament
from fidedesk.io.native import fidedesk_file
from fidedesk.io.plain_words import Plain
from fidedesk.io.trf.document import read_trf

from ..conftest import TRF_DIR

GROS = TRF_DIR / "gros_open_2010_donostia.trf"  # 2010: auto takes the oldest edition, 2024


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def _json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    code, out, err = run(capsys, "standings", *argv, "--json")
    assert code == 0 and err == ""
    data: dict[str, Any] = json.loads(out)
    return data


def _saved(tmp_path: Path, tournament: Tournament, name: str = "event.fidedesk") -> str:
    path = tmp_path / name
    fidedesk_file.save(tournament, path)
    return str(path)


def test_json_has_exactly_the_documented_shape_and_the_cores_figures(capsys: pytest.CaptureFixture[str]) -> None:
    data = _json(capsys, str(GROS), "--tiebreaks", "BH-C1,SB")
    assert list(data) == ["tiebreak_rules", "tiebreaks", "standings"]
    assert data["tiebreak_rules"] == "2024" and data["tiebreaks"] == ["BH-C1", "SB"]
    tournament = read_trf(GROS).tournament
    ranked = standings(tournament, parse_tiebreaks("BH-C1 SB"), TieBreakRules.C07_2024)
    assert len(data["standings"]) == len(ranked)
    for row, standing in zip(data["standings"], ranked, strict=True):
        shared = ["rank_to"] if standing.shared else []
        assert list(row) == ["rank", *shared, "start_rank", "name", "points", "tiebreaks"]
        assert row.get("rank_to") == (standing.rank_to if standing.shared else None)
        assert row["rank"] == standing.rank and row["start_rank"] == standing.player.start_rank
        assert row["name"] == standing.player.name and Fraction(row["points"]) == standing.points
        assert [Fraction(value) for value in row["tiebreaks"].values()] == list(standing.tiebreaks)
        assert isinstance(row["points"], int | float) and not isinstance(row["points"], bool)


def test_every_kind_of_value_is_a_json_number_or_null(capsys: pytest.CaptureFixture[str]) -> None:
    data = _json(capsys, str(GROS), "--tiebreaks", "SB AOB DE ARO WIN", "--after-round", "3")
    first = data["standings"][0]["tiebreaks"]
    assert list(first) == ["SB", "AOB", "DE", "ARO", "WIN"]
    assert first["SB"] == 5.5 and first["AOB"] == 5.83 and first["ARO"] == 1934 and first["WIN"] == 3
    assert first["DE"] is None  # alone on 3 points after round 3: no tie for DE to break
    tournament = read_trf(GROS).tournament
    ranked = standings(tournament, parse_tiebreaks("SB AOB DE ARO WIN"), after_round=3)
    assert [row["points"] for row in data["standings"]] == [number(s.points) for s in ranked]


def number(value: Fraction) -> float | int:
    return int(value) if value.denominator == 1 else float(value)


def _drawn_pair(**event: Any) -> Tournament:
    """Two players who drew their one game: equal on points and every tie-break."""
    players = (
        Player(1, "Alpha, Anna", 2100, rounds=(RoundEntry(1, 2, "w", ResultCode.DRAW, board=1),)),
        Player(2, "Beta, Berta", 2000, rounds=(RoundEntry(1, 1, "b", ResultCode.DRAW, board=1),)),
        Player(3, "Gamma, Gina", 1900, rounds=(RoundEntry(1, None, None, ResultCode.ZERO_BYE),)),
    )
    return Tournament(EventInfo(name="Pair", **event), players)


def test_a_shared_place_gives_rank_and_rank_to(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    data = _json(capsys, _saved(tmp_path, _drawn_pair()), "--tiebreaks", "BH")
    first, second, third = data["standings"]
    assert (first["rank"], first["rank_to"], second["rank"], second["rank_to"]) == (1, 2, 1, 2)
    assert list(first) == ["rank", "rank_to", "start_rank", "name", "points", "tiebreaks"]
    assert "rank_to" not in third and third["rank"] == 3
    code, out, _err = run(capsys, "standings", _saved(tmp_path, _drawn_pair()), "--tiebreaks", "BH")
    assert code == 0 and "1–2" in out


def test_the_files_choice_is_the_default(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    chosen = _drawn_pair(tiebreaks=parse_tiebreaks("WIN SB-C1"), tiebreak_rules=TieBreakRules.C07_2024)
    path = _saved(tmp_path, chosen)
    data = _json(capsys, path)
    assert data["tiebreak_rules"] == "2024" and data["tiebreaks"] == ["WIN", "SB-C1"]
    code, out, _err = run(capsys, "standings", path)
    assert code == 0
    assert out.splitlines()[:2] == [
        "Tie-breaks: C.07 of 1 August 2024 (the file's choice)",
        "Order: points, then WIN, SB-C1 (the file's choice)",
    ]
    assert _json(capsys, path, "--tiebreak-rules", "auto")["tiebreak_rules"] == "2026"  # no start date: newest


def test_a_trf_212_record_is_the_default(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    lines = GROS.read_text(encoding="utf-8").splitlines()
    path = tmp_path / "with212.trf"
    path.write_text("\n".join([lines[0], "212 PTS ARO/C1 WIN", *lines[1:]]) + "\n", encoding="utf-8")
    assert _json(capsys, str(path))["tiebreaks"] == ["ARO-C1", "WIN"]


def test_a_record_fidedesk_cannot_read_is_said_on_stderr(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    lines = GROS.read_text(encoding="utf-8").splitlines()
    path = tmp_path / "team.trf"
    path.write_text("\n".join([lines[0], "202 EDET/P SB", *lines[1:]]) + "\n", encoding="utf-8")
    code, out, err = run(capsys, "standings", str(path), "--json")
    assert code == 0 and json.loads(out)["tiebreaks"] == ["BH-C1", "BH", "SB"]
    assert err == (
        f"fidedesk-cli: note: {path}:2: the 202 record is kept as it is, and the event has its system's default "
        "tie-breaks: unknown tie-break 'EDET/P'\n"
    )


def test_defaults_of_the_system_and_auto_by_the_start_date(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _err = run(capsys, "standings", str(GROS))
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "Tie-breaks: C.07 of 1 August 2024 (auto: the event starts 2010-09-24)"
    assert lines[1] == "Order: points, then BH-C1, BH, SB (the defaults for a Swiss)"
    # four rounds played of the nine announced (XXR 9); round 5's byes, entered ahead, count nothing yet
    assert lines[2] == "After round 4 of 9"
    assert lines[4].split() == ["Rank", "No", "Name", "Rtg", "Pts", "BH-C1", "BH", "SB"]
    robin = _drawn_pair(system=System.ROUND_ROBIN, start=dt.date(2026, 4, 2))
    code, out, _err = run(capsys, "standings", _saved(tmp_path, robin))
    assert out.splitlines()[:2] == [
        "Tie-breaks: C.07 of 1 March 2026 (auto: the event starts 2026-04-02)",
        "Order: points, then DE, WIN, SB (the defaults for a round robin)",
    ]


def test_options_in_any_spelling_and_the_heading_says_who_chose(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _err = run(
        capsys, "standings", str(GROS), "--tiebreaks", "bh/c1 sb", "--tiebreak-rules", "2026", "--after-round", "2"
    )
    assert code == 0
    assert out.splitlines()[:3] == [
        "Tie-breaks: C.07 of 1 March 2026 (--tiebreak-rules)",
        "Order: points, then BH-C1, SB (--tiebreaks)",
        "After round 2 of 9",
    ]
    assert _json(capsys, str(GROS), "--tiebreaks", "")["tiebreaks"] == []
    code, out, _err = run(capsys, "standings", str(GROS), "--tiebreaks", "")
    assert out.splitlines()[1] == "Order: points alone (--tiebreaks)"


def test_text_table_is_aligned_with_exact_decimals(capsys: pytest.CaptureFixture[str]) -> None:
    _code, out, _err = run(capsys, "standings", str(GROS), "--tiebreaks", "SB AOB")
    lines = out.splitlines()[4:]
    assert len({len(line) for line in lines[:2]}) == 1  # the header and its rule
    first = lines[2].split()
    # after round 4 (round 5's byes are entered ahead): SB in quarters, AOB to its decimals (two in 4 rounds);
    # AOB as FIDE TEC's gacrux has it (tests/engine/test_tiebreak_checker.py), SB by hand in test_gros_after_round_4
    assert first[-2] == "10.00" and first[-1] == "10.13"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--tiebreaks", "BH SNO"], "fidedesk-cli: --tiebreaks: unknown tie-break 'SNO'; known: DE, WIN, WON, BPG"),
        (["--tiebreaks", "DE/C1"], "fidedesk-cli: --tiebreaks: unknown tie-break 'DE/C1' (DE takes no modifier C1)"),
        (["--tiebreaks", "BH,SB,bh"], "fidedesk-cli: --tiebreaks: BH is given twice"),
        (["--tiebreak-rules", "2022"], "fidedesk-cli: --tiebreak-rules: unknown tie-break rules '2022': choose one"),
        # round 5 has byes entered ahead but no game: not played
        (["--after-round", "5"], f"fidedesk-cli: {GROS}: --after-round 5: the file has 4 rounds played (choose 1-4)"),
        (["--after-round", "0"], f"fidedesk-cli: {GROS}: --after-round 0: the file has 4 rounds played (choose 1-4)"),
        (["--after-round", "x"], "fidedesk-cli standings: argument --after-round: invalid int value: 'x' (see --help)"),
    ],
)
def test_bad_options_exit_2_with_one_line(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    code, out, err = run(capsys, "standings", str(GROS), *argv)
    assert code == 2 and out == "" and err.startswith(message) and err.count("\n") == 1


def test_a_bad_file_exits_2_naming_the_place(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    data = json.loads(fidedesk_file.dumps(_drawn_pair()))
    data["tournament"]["event"]["tiebreaks"] = ["BH", "XYZ"]
    path = tmp_path / "bad.fidedesk"
    path.write_text(json.dumps(data), encoding="utf-8")
    code, out, err = run(capsys, "standings", str(path))
    damaged = Plain.FIDEDESK_DAMAGED.value  # issue 29: plain words first, then the place and the reason as before
    assert (
        code == 2 and out == "" and err.startswith(f"fidedesk-cli: {damaged} {path}: tournament.event.tiebreaks[1]: ")
    )


def test_help_names_the_editions_and_what_auto_does(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _err = run(capsys, "standings", "--help")
    text = " ".join(out.split())
    assert code == 0
    assert "2024 (C.07 of 1 August 2024), 2026 (C.07 of 1 March 2026)" in text
    assert "auto: the one in force on the event's start date" in text
    assert "rank_to" in text and "null" in text


def test_convert_ranks_a_trf_by_the_events_own_tiebreaks(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A TRF written from a file without ranks ranks its players by the event's choice (was: BH-C1 BH SB)."""
    pair = _drawn_pair(tiebreaks=parse_tiebreaks("ARO"))
    source = _saved(tmp_path, pair)
    target = tmp_path / "out.trf"
    assert run(capsys, "convert", source, str(target))[0] == 0
    back = read_trf(target).tournament
    # ARO: player 1 met 2000, player 2 met 2100: player 2 ranks first; Buchholz would share the place
    assert {player.start_rank: player.rank for player in back.players} == {2: 1, 1: 2, 3: 3}
    assert back.info.tiebreaks == parse_tiebreaks("ARO")
    assert dataclasses.replace(back.info, tiebreaks=None) == dataclasses.replace(pair.info, tiebreaks=None)


def test_a_column_of_tiebreaks_has_the_decimals_that_show_each_value_exactly() -> None:
    assert tiebreak_places([Fraction(3, 2), 4, None]) == 1
    assert tiebreak_places([Fraction(1, 4), Fraction(1, 2)]) == 2
    assert tiebreak_places([Fraction(12345, 1000), Fraction(1, 2)]) == 3  # an average of Buchholz
    assert tiebreak_places([7, None]) == 0
    assert tiebreak_text(Fraction(12345, 1000), 3) == "12.345" and tiebreak_text(None) == ""


def test_convert_says_what_the_reader_kept(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    lines = GROS.read_text(encoding="utf-8").splitlines()
    source = tmp_path / "team.trf"
    source.write_text("\n".join([lines[0], "212 MPTS BH", *lines[1:]]) + "\n", encoding="utf-8")
    code, out, _err = run(capsys, "convert", str(source), str(tmp_path / "out.fidedesk"))
    assert code == 0
    assert f"Note: {source}:2: the 212 record is kept as it is, and the event has its system's default" in out
    assert "212 MPTS BH" in fidedesk_file.load(tmp_path / "out.fidedesk").extra_records


def test_gros_after_round_4_by_hand(capsys: pytest.CaptureFixture[str]) -> None:
    """Gros 2010 after its four rounds played (round 5's byes entered ahead count nothing: C.07 2024, auto for
    2010), worked by hand from the 001 records for the first three and player 43, who has a half-point bye
    entered for round 5 (before issue 25 it counted: 1 point, BH-C1 9.0, BH 10.0, SB 1.50).

    Scores after round 4 of the opponents (each has a game in round 4, so no bye of theirs is adjusted, 16.3):
    26: 0 1 ½ ½ = 2; 13: + 0 1 1 = 3; 8: 1 1 0 - = 2; 4: 1 1 1 0 = 3; 27: 0 ½ 1 0 = 1½; 15: 1 0 0 1 = 2;
    7: 1 1 0 1 = 3; 5: 1 1 1 0 = 3; 32: 0 ½ 1 0 = 1½; 21: 1 0 1 + = 3; 11: 1 1 0 1 = 3; 3: 1 1 1 ½ = 3½;
    17: 1 0 ½ 1 = 2½; 42: - ½ 0 1 = 1½.

    - 1 Mirzoev, 4 (beat 26, 13, 8, 4): BH 2 + 3 + 2 + 3 = 10, BH-C1 10 - 2 = 8, SB 2 + 3 + 2 + 3 = 10.
    - 2 Argandona, 4 (beat 27, 15, 7, 5): BH 1½ + 2 + 3 + 3 = 9½, BH-C1 9½ - 1½ = 8, SB 9½. Equal on BH-C1 with
      Mirzoev: BH puts him second.
    - 6 Gorrochategui, 3½ (beat 32, 21, 11, drew 3): BH 1½ + 3 + 3 + 3½ = 11, BH-C1 11 - 1½ = 9½,
      SB 1½ + 3 + 3 + ½ × 3½ = 9¼; third ahead of 3 Hernandez (3½, BH-C1 7½).
    - 43 Gallas, ½ (lost to 17, drew 32, lost to 27 and 42; H in round 5): BH 2½ + 1½ + 1½ + 1½ = 7,
      BH-C1 7 - 1½ = 5½, SB ½ × 1½ = ¾; 49th.
    """
    data = _json(capsys, str(GROS))
    rows = {row["start_rank"]: row for row in data["standings"]}
    figures = {rank: (rows[rank]["rank"], rows[rank]["points"], *rows[rank]["tiebreaks"].values()) for rank in rows}
    assert data["tiebreak_rules"] == "2024" and data["tiebreaks"] == ["BH-C1", "BH", "SB"]
    assert [row["start_rank"] for row in data["standings"][:3]] == [1, 2, 6]
    assert figures[1] == (1, 4, 8, 10, 10)
    assert figures[2] == (2, 4, 8, 9.5, 9.5)
    assert figures[6] == (3, 3.5, 9.5, 11, 9.25)
    assert figures[43] == (49, 0.5, 5.5, 7, 0.75)
