"""Issue 29: fidedesk-cli says why a file cannot be read in plain words first, then as before, on one line."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest

from fidedesk.cli import main
from fidedesk.io.plain_words import Plain

PDF = b"%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.mark.parametrize(
    ("name", "content", "plain", "detail"),
    [
        ("event.trf", b"", Plain.EMPTY, ":1: no player records (001)"),
        ("report.trf", PDF, Plain.NO_PLAYERS, ":1: no player records (001)"),
        ("event.fidedesk", b"hello", Plain.NOT_FIDEDESK, ":1:1: not valid JSON: Expecting value"),
    ],
    ids=["empty TRF", "PDF as TRF", "text as .fidedesk"],
)
@pytest.mark.parametrize("command", ["rate", "standings", "convert"])
def test_a_file_not_read_is_said_plainly_first(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    command: str,
    name: str,
    content: bytes,
    plain: Plain,
    detail: str,
) -> None:
    path = tmp_path / name
    path.write_bytes(content)
    extra = [str(tmp_path / "out.xlsx")] if command == "convert" else []
    code, out, err = run(capsys, command, str(path), *extra)
    assert (code, out) == (2, "")
    assert err == f"fidedesk-cli: {plain.value} {path}{detail}\n"


def test_a_file_that_is_not_a_workbook(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "list.xlsx"
    path.write_bytes(PDF)
    code, _out, err = run(capsys, "rate", str(path))
    assert code == 2
    assert (
        err
        == f"fidedesk-cli: {Plain.NOT_WORKBOOK.value} list.xlsx: not an Excel .xlsx workbook (it is a PDF document)\n"
    )


def test_a_workbook_with_no_sheet_of_players(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "blank.xlsx"
    openpyxl.Workbook().save(path)
    code, _out, err = run(capsys, "standings", str(path))
    assert code == 2 and err.count("\n") == 1
    assert err.startswith(f"fidedesk-cli: {Plain.NO_PLAYER_SHEET.value} {path}: no sheet looks like a player list")


def test_a_file_that_is_not_a_rating_list(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "players_list.zip"
    path.write_bytes(PDF)
    code, _out, err = run(capsys, "ratinglist", "import", str(path), "--db", str(tmp_path / "lists.sqlite"))
    assert code == 2 and err.count("\n") == 1
    assert err.startswith(f"fidedesk-cli: {Plain.NOT_RATING_LIST.value} players_list.zip: not a zip file")
