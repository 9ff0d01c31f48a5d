"""``fidedesk-cli``: game, rate, tables, editions; exit status 2 and one line for bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fidedesk.cli import main

from .conftest import TRF_DIR

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


@pytest.mark.parametrize("argv", [["game", "2400", "x", "1"], ["game", "2400", "2200", "2"],
                                  ["game", "2400", "2200", "1", "--rules", "fide-1066"],
                                  ["game", "2400", "2200", "1", "--k", "200"]])  # fmt: skip
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
    sample = Path(__file__).resolve().parents[1] / "resources" / "samples" / "round_robin_8_58.trf"
    code, out, _err = run(capsys, "rate", str(sample), "--rules", "auto", "--json")
    data = json.loads(out)
    assert code == 0 and data["rules"] == "fide-2008"
    by_name = {p["name"]: p for p in data["players"]}
    assert {n: by_name[f"Player {n}"]["initial_rating"] for n in "CEHI"} == {"C": 2423, "E": 2393, "H": 2144, "I": 2006}
    assert {n: by_name[f"Player {n}"]["k_chg"] for n in "ABDFGJ"} == pytest.approx(
        {"A": 12.8, "B": 10.4, "D": 12.0, "F": 43.5, "G": -36.3, "J": -96.3}
    )
