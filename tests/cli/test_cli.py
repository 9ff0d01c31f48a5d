"""``fidedesk-cli``: game, rate, tables, editions; exit status 2 and one line for bad input."""

from __future__ import annotations

import dataclasses
import io
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from fidedesk.cli import main
from fidedesk.core.editing import number_boards
from fidedesk.core.results import ResultCode
from fidedesk.core.tiebreaks.standings import with_points_and_ranks
from fidedesk.core.tournament import PlayerRecord, RoundEntry
from fidedesk.io.native import fidedesk_file
from fidedesk.io.plain_words import Plain
from fidedesk.io.trf.document import read_trf, write_trf

from ..conftest import TRF_DIR

REAL_FILES = sorted(TRF_DIR.glob("*.trf"))
EDGE_FILES = sorted((TRF_DIR / "edge_cases").glob("*.trf"))
JSON_KEYS = ["start_rank", "name", "fide_id", "rating", "rc", "w", "n", "chg", "k", "k_chg", "new_rating",
             "performance", "initial_rating"]  # fmt: skip


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_game_logistic_e1(capsys: pytest.CaptureFixture[str]) -> None:
    """E1: elo, 2400 vs 2200, K 10, win: expected 0.760, +2.40, 2402."""
    code, out, _err = run(capsys, "game", "2400", "2200", "1", "--k", "10", "--rules", "elo")
    assert code == 0
    assert "0.760" in out and "+2.40" in out and "New rating:     2402" in out


def test_game_fide_shows_row_and_cap(capsys: pytest.CaptureFixture[str]) -> None:
    """E5: the 2400 player against 2813 counts it as 2800 (400-point rule), PD .08."""
    code, out, _err = run(capsys, "game", "2400", "2813", "0", "--k", "10")
    assert code == 0
    assert "counts as -400" in out and "opponent as 2800" in out
    assert "0.08" in out and "row 392–411" in out and "-0.80" in out and "New rating:     2399" in out


def test_game_json_and_inferred_k(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _err = run(capsys, "game", "2813", "2400", "½", "--json")
    data = json.loads(out)
    assert code == 0 and data["k"] == 10 and data["expected"] == 0.93 and data["capped"] is False
    assert data["change"] == pytest.approx(-4.3) and data["new_rating"] == 2809


def test_game_rapid_exclusion(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _err = run(capsys, "game", "1800", "2601", "0", "--k", "40", "--kind", "rapid")
    assert code == 0 and "R&B 7.3.1" in out and "New rating:     1800" in out


def test_game_takes_what_the_calculator_takes(capsys: pytest.CaptureFixture[str]) -> None:
    """Ratings 1000-3000 and the forms of a score in core.values, as the calculator."""
    outputs = [run(capsys, "game", "1000", "3000", text, "--json")[1] for text in ("½", "=", "0.5", "draw", "½-½")]
    assert len(set(outputs)) == 1 and '"score": 0.5' in outputs[0]
    code, _out, err = run(capsys, "game", "3001", "2200", "1")
    assert code == 2 and err == "fidedesk-cli: rating: 3001 is outside 1000–3000\n"
    code, _out, err = run(capsys, "game", "2400", "2200", "2")
    assert code == 2 and err == "fidedesk-cli: result: “2” is not a result (1, ½ (or 0.5, =), 0)\n"


@pytest.mark.parametrize("argv", [["game", "2400", "x", "1"], ["game", "2400", "2200", "2"],
                                  ["game", "2400", "2200", "1", "--rules", "fide-1066"],
                                  ["game", "2400", "2200", "1", "--k", "200"], ["game", "3001", "2200", "1"],
                                  ["game", "2400", "999", "1"], ["game", "2400", "2200", ""]])  # fmt: skip
def test_game_bad_input_exits_2_with_one_line(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and err.count("\n") == 1 and err.startswith("fidedesk-cli")


@pytest.mark.parametrize("path", REAL_FILES, ids=[p.name for p in REAL_FILES])
def test_rate_prints_a_table_for_every_real_file(capsys: pytest.CaptureFixture[str], path: Path) -> None:
    code, out, err = run(capsys, "rate", str(path), "--rules", "auto")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[1].startswith("Rules: fide-")
    header = next(i for i, line in enumerate(lines) if line.lstrip().startswith("No  Name"))
    body = lines[header + 2 :]
    assert sum(1 for line in body if line[:4].strip().isdigit()) >= 14


@pytest.mark.parametrize("path", REAL_FILES, ids=[p.name for p in REAL_FILES])
def test_rate_json_has_exactly_the_documented_shape(capsys: pytest.CaptureFixture[str], path: Path) -> None:
    code, out, _err = run(capsys, "rate", str(path), "--json")
    data = json.loads(out)
    assert code == 0 and list(data) == ["rules", "players"] and data["rules"] == "fide-2025"
    for player in data["players"]:
        assert list(player) == JSON_KEYS
        if player["rating"] is not None and player["k"] is not None:
            k_chg = player["k"] * player["chg"]
            assert player["k_chg"] == pytest.approx(k_chg)
            assert player["new_rating"] == player["rating"] + int(k_chg + (0.5 if k_chg >= 0 else -0.5))
        else:
            assert player["chg"] is None and player["new_rating"] is None


def test_rate_json_figures_follow_the_rules(capsys: pytest.CaptureFixture[str]) -> None:
    """Gelendzhik 2016, player 1 (2427): K 10 by rating; --k 20 overrides it for everyone."""
    path = TRF_DIR / "xii_sds_classic_2016_gelendzhik.trf"
    first = json.loads(run(capsys, "rate", str(path), "--json", "--rules", "fide-2014")[1])["players"][0]
    assert first["k"] == 10 and first["w"] == 4 and first["n"] == 6
    forced = json.loads(run(capsys, "rate", str(path), "--json", "--k", "20")[1])["players"][0]
    assert forced["k"] == 20 and forced["k_chg"] == pytest.approx(2 * first["k_chg"])


@pytest.mark.parametrize("path", EDGE_FILES, ids=[p.name for p in EDGE_FILES])
def test_rate_edge_cases_end_cleanly(capsys: pytest.CaptureFixture[str], path: Path) -> None:
    code, out, err = run(capsys, "rate", str(path))
    assert code in (0, 2)
    if code == 2:
        assert err.count("\n") == 1 and path.name in err and out == ""


def test_rate_bad_file_names_the_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = tmp_path / "bad.trf"
    bad.write_text(
        "012 Test\n001    1 m    Doe, John                         2x10 ENG     1234567 1990/01/01  0.0    1\n"
    )
    code, _out, err = run(capsys, "rate", str(bad))
    assert code == 2 and f"{bad}:2:" in err and "rating" in err and err.count("\n") == 1
    code, _out, err = run(capsys, "rate", str(tmp_path / "missing.trf"))
    assert code == 2 and "missing.trf" in err and err.count("\n") == 1


def test_rate_auto_needs_a_start_date(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    trf = tmp_path / "nodate.trf"
    trf.write_text(
        "012 Test\n001    1 m    Doe, John                         2010 ENG     1234567 1990/01/01  0.0    1\n"
    )
    code, _out, err = run(capsys, "rate", str(trf), "--rules", "auto")
    assert code == 2 and "start date" in err


def test_tables_and_editions(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _err = run(capsys, "tables")
    assert code == 0 and " 0.57   50" in out and "236–245 0.80 0.20" in out and "> 735 1.00 0.00" in out
    code, out, _err = run(capsys, "editions")
    assert code == 0 and "fide-2025" in out and "(default)" in out and "auto" in out


def test_rate_sample_round_robin_reproduces_e3(capsys: pytest.CaptureFixture[str]) -> None:
    """resources/samples/round_robin_8_58.trf is worked example E3 (2008 8.58) as a TRF file."""
    sample = Path(__file__).resolve().parents[2] / "resources" / "samples" / "round_robin_8_58.trf"
    code, out, _err = run(capsys, "rate", str(sample), "--rules", "auto", "--json")
    data = json.loads(out)
    assert code == 0 and data["rules"] == "fide-2008"
    by_name = {p["name"]: p for p in data["players"]}
    assert {n: by_name[f"Player {n}"]["initial_rating"] for n in "CEHI"} == {"C": 2423, "E": 2393, "H": 2144, "I": 2006}
    assert {n: by_name[f"Player {n}"]["k_chg"] for n in "ABDFGJ"} == pytest.approx(
        {"A": 12.8, "B": 10.4, "D": 12.0, "F": 43.5, "G": -36.3, "J": -96.3}
    )


# --- .fidedesk files and convert -------------------------------------------------------------------


@pytest.mark.parametrize("path", REAL_FILES, ids=[p.name for p in REAL_FILES])
def test_convert_to_fidedesk_and_back_rates_identically(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, path: Path
) -> None:
    """TRF -> .fidedesk -> TRF keeps every result: rate --json is the same for all three files."""
    ours, back = tmp_path / "event.fidedesk", tmp_path / "back.trf"
    code, out, err = run(capsys, "convert", str(path), str(ours))
    assert code == 0 and err == "" and out.startswith(f"{path} -> {ours}: ")
    code, out, err = run(capsys, "convert", str(ours), str(back))
    assert code == 0 and err == "" and "Note" not in out
    original = run(capsys, "rate", str(path), "--json", "--rules", "auto")
    assert original[0] == 0
    assert run(capsys, "rate", str(ours), "--json", "--rules", "auto") == original
    assert run(capsys, "rate", str(back), "--json", "--rules", "auto") == original
    # the .fidedesk file keeps the figures the TRF gave; a TRF written fills in the points of the results and
    # their ranks where those figures are not the results' (Gelendzhik's zeros, Gros's round-5 bye counted)
    assert read_trf(path).tournament == fidedesk_file.load(ours)
    assert read_trf(back).tournament == with_points_and_ranks(read_trf(path).tournament)


def test_rate_reads_fidedesk_by_extension_in_any_case(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    source = TRF_DIR / "xii_sds_classic_2016_gelendzhik.trf"
    upper = tmp_path / "EVENT.FIDEDESK"
    fidedesk_file.save(read_trf(source).tournament, upper)
    code, out, _err = run(capsys, "rate", str(upper))
    assert code == 0 and out == run(capsys, "rate", str(source))[1]
    assert out.startswith("XII SDS - Classic, 2016-06-28 (standard, swiss, 14 players)")


def test_convert_trf_to_trf_keeps_the_lines_it_does_not_read(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    source = TRF_DIR / "gros_open_2010_donostia.trf"
    target = tmp_path / "copy.txt"
    assert run(capsys, "convert", str(source), str(target))[0] == 0
    read = read_trf(source)
    filled = dataclasses.replace(read, tournament=with_points_and_ranks(read.tournament))
    assert target.read_text(encoding="utf-8") == write_trf(filled)


def test_convert_to_trf_says_the_records_are_dropped(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    tournament = read_trf(TRF_DIR / "xii_sds_classic_2016_gelendzhik.trf").tournament
    first = dataclasses.replace(tournament.players[0], record=PlayerRecord(games=120, k=10))
    ours = tmp_path / "event.fidedesk"
    fidedesk_file.save(dataclasses.replace(tournament, players=(first, *tournament.players[1:])), ours)
    code, out, _err = run(capsys, "convert", str(ours), str(tmp_path / "event.trf"))
    assert code == 0 and "Note: TRF has no place for the players' records" in out


def _bad_fidedesk(folder: Path) -> Path:
    path = folder / "bad.fidedesk"
    path.write_text('{"format": "fidedesk", "schema": 1,\n "tournament": {"event": ', encoding="utf-8")
    return path


def _changed_first_player(**changes: Any) -> Callable[[Path], Path]:
    """An input maker: Gelendzhik 2016 as .fidedesk, its first player changed."""

    def make(folder: Path) -> Path:
        tournament = read_trf(TRF_DIR / "xii_sds_classic_2016_gelendzhik.trf").tournament
        first = dataclasses.replace(tournament.players[0], **changes)
        path = folder / "changed.fidedesk"
        fidedesk_file.save(dataclasses.replace(tournament, players=(first, *tournament.players[1:])), path)
        return path

    return make


def _first_player_json(key: str, value: object) -> Callable[[Path], Path]:
    """An input maker: Gelendzhik 2016 as .fidedesk, its first player's ``key`` set to ``value`` in the JSON."""

    def make(folder: Path) -> Path:
        path = _changed_first_player()(folder)
        data = json.loads(path.read_text(encoding="utf-8"))
        data["tournament"]["players"][0][key] = value
        path.write_text(json.dumps(data), encoding="utf-8")
        return path

    return make


@pytest.mark.parametrize(
    ("make_input", "output", "expected"),
    [
        (_bad_fidedesk, "out.trf", "bad.fidedesk:2:26: the file is truncated"),
        (lambda folder: folder / "missing.trf", "out.fidedesk", "missing.trf: No such file or directory"),
        (lambda folder: TRF_DIR / "xii_sds_classic_2016_gelendzhik.trf", "out.xls", 'unknown output extension ".xls"'),
        (lambda folder: TRF_DIR / "xii_sds_classic_2016_gelendzhik.trf", "out", 'unknown output extension ""'),
        (_changed_first_player(name="A name far too long for the TRF columns"), "out.trf", "player 1: name 'A name"),
        (
            _changed_first_player(name="Two\nlines"),
            "out.trf",
            "TRF cannot hold this tournament exactly: it would not read back (line",
        ),
        # a rating of 0 or a title "g" cannot be saved in a .fidedesk any more (core.values): refused on reading
        (
            _first_player_json("rating", 0),
            "out.trf",
            "changed.fidedesk: tournament.players[0].rating: expected a whole number 1000-3000 or null, found 0",
        ),
        (
            _first_player_json("title", "x"),
            "out.trf",
            'changed.fidedesk: tournament.players[0].title: expected one of "GM", "IM", "FM", "CM", "WGM", "WIM", '
            '"WFM", "WCM" or "", found "x"',
        ),
    ],
    ids=["truncated", "missing", "extension", "no-extension", "name-too-long", "line-break", "rating-0", "title"],
)
def test_convert_bad_input_exits_2_with_one_line_and_writes_nothing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, make_input: Callable[[Path], Path], output: str, expected: str
) -> None:
    source = make_input(tmp_path)
    code, out, err = run(capsys, "convert", str(source), str(tmp_path / output))
    assert code == 2 and out == "" and err.count("\n") == 1
    assert err.startswith("fidedesk-cli: ") and expected in err
    assert not (tmp_path / output).exists()


def test_convert_to_trf_keeps_rounds_a_player_missed(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Gros 2010 player 28 missed round 2 (a Z absence); without that entry in the .fidedesk file the TRF
    written still reads back with the absence, and rates the same."""
    tournament = read_trf(TRF_DIR / "gros_open_2010_donostia.trf").tournament
    absent = tournament.player(28)
    assert absent.rounds[1] == RoundEntry(2, None, None, ResultCode.ZERO_BYE)
    missing = dataclasses.replace(absent, rounds=absent.rounds[:1] + absent.rounds[2:])
    players = tuple(missing if player.start_rank == 28 else player for player in tournament.players)
    ours = tmp_path / "event.fidedesk"
    fidedesk_file.save(dataclasses.replace(tournament, players=players), ours)
    assert run(capsys, "convert", str(ours), str(tmp_path / "event.trf"))[0] == 0
    assert read_trf(tmp_path / "event.trf").tournament == with_points_and_ranks(tournament)
    assert run(capsys, "rate", str(ours), "--json") == run(capsys, "rate", str(tmp_path / "event.trf"), "--json")


def test_convert_refuses_to_overwrite_its_input(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    ours = tmp_path / "event.fidedesk"
    assert run(capsys, "convert", str(TRF_DIR / "gros_open_2010_donostia.trf"), str(ours))[0] == 0
    before = ours.read_bytes()
    for spelling in (str(ours), str(tmp_path / "." / "event.fidedesk")):
        code, _out, err = run(capsys, "convert", str(ours), spelling)
        assert code == 2 and "is the input file" in err and err.count("\n") == 1
    assert ours.read_bytes() == before


def test_rate_bad_fidedesk_names_the_place(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    ours = tmp_path / "event.fidedesk"
    fidedesk_file.save(read_trf(TRF_DIR / "xii_sds_classic_2016_gelendzhik.trf").tournament, ours)
    data = json.loads(ours.read_text(encoding="utf-8"))
    data["tournament"]["players"][3]["rating"] = 5000
    ours.write_text(json.dumps(data), encoding="utf-8")
    code, out, err = run(capsys, "rate", str(ours))
    assert code == 2 and out == "" and err.count("\n") == 1
    place = "tournament.players[3].rating"
    damaged = Plain.FIDEDESK_DAMAGED.value  # issue 29: plain words first, then the place and the reason as before
    assert err == f"fidedesk-cli: {damaged} {ours}: {place}: expected a whole number 1000-3000 or null, found 5000\n"
    data["schema"] = 3
    ours.write_text(json.dumps(data), encoding="utf-8")
    code, _out, err = run(capsys, "rate", str(ours))
    assert code == 2 and "saved by a newer fidedesk (schema 3)" in err and "update fidedesk" in err


# --- spreadsheets ----------------------------------------------------------------------------------------


def test_convert_to_xlsx_and_back_keeps_every_result(tmp_path: Path) -> None:
    import openpyxl

    from benchmarks.make_swiss import make_swiss

    original = make_swiss(30, 6, seed=5)
    source = tmp_path / "event.fidedesk"
    fidedesk_file.save(original, source)
    workbook = tmp_path / "event.xlsx"
    out = io.StringIO()
    assert main(["convert", str(source), str(workbook)], out) == 0
    assert openpyxl.load_workbook(workbook, read_only=True).sheetnames[0] == "Crosstable"
    back = tmp_path / "back.fidedesk"
    assert main(["convert", str(workbook), str(back)], io.StringIO()) == 0
    # each game on the board the workbook gives; the Players sheet's points and ranks those of the standings
    assert fidedesk_file.load(back) == with_points_and_ranks(number_boards(original))
    rated_from_xlsx, rated_from_file = io.StringIO(), io.StringIO()
    assert main(["rate", str(workbook), "--json"], rated_from_xlsx) == 0
    assert main(["rate", str(source), "--json"], rated_from_file) == 0
    assert json.loads(rated_from_xlsx.getvalue()) == json.loads(rated_from_file.getvalue())


def test_a_workbook_with_problems_is_refused_with_every_place(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import openpyxl

    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Results"
    for row in (["No", "Name", "Rtg", "R1"], [1, "Anna", 2100, "2w1"], [2, "Bernd", "21OO", "1b1/2-"]):
        sheet.append(row)
    path = tmp_path / "club.xlsx"
    book.save(path)
    assert main(["rate", str(path)], io.StringIO()) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"fidedesk-cli: {Plain.SHEET_MISTAKES.value} {path}: ")  # issue 29: plain words first
    assert 'Results!C3: "21OO" is not a rating' in err
    assert "Results!D3" in err


def test_a_file_that_is_not_a_workbook_gives_exit_status_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "results.xlsx"
    path.write_text("No;Name\n1;Anna\n")
    assert main(["rate", str(path)], io.StringIO()) == 2
    err = capsys.readouterr().err
    assert "results.xlsx" in err and err.count("\n") == 1
