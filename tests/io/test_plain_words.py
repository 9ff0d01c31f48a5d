"""Issue 29: a file that cannot be read is refused first in words a club secretary knows, then with the reader's
technical detail (the file, the line or the cell, the reason) as before."""

from __future__ import annotations

import zipfile
from collections.abc import Callable
from pathlib import Path

import openpyxl
import pytest

from fidedesk.io.formats import FileFormatError, read_tournament
from fidedesk.io.plain_words import Plain, explained, plain_of
from fidedesk.io.ratinglist.fide_list import ListFormatError, inspect

PDF = b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n"


def _blank_workbook(path: Path) -> None:
    book = openpyxl.Workbook()
    book.active.title = "Notes"
    book.create_sheet("Empty")
    book.save(path)


def _notes_workbook(path: Path) -> None:
    book = openpyxl.Workbook()
    book.active.append(["Shopping list"])
    book.active.append(["milk", "bread"])
    book.save(path)


FILES: dict[str, tuple[str, Callable[[Path], object], Plain, str]] = {
    # name: (file name, how it is made, the plain sentence, the technical detail that follows, as before)
    "empty TRF": ("event.trf", lambda p: p.write_bytes(b""), Plain.EMPTY, ":1: no player records (001)"),
    "blank TRF": ("event.trf", lambda p: p.write_text(" \n\n"), Plain.EMPTY, ":1: no player records (001)"),
    "text as TRF": ("notes.trf", lambda p: p.write_text("Dear members,\nthe club meets on Friday.\n"),
                    Plain.NO_PLAYERS, ":1: no player records (001)"),
    "PDF as TRF": ("report.trf", lambda p: p.write_bytes(PDF), Plain.NO_PLAYERS, ":1: no player records (001)"),
    "bad TRF line": ("event.trf", lambda p: p.write_text("001    1      Doe, John\n001    1      Roe, Jane\n"),
                     Plain.TRF_MISTAKE, ":2:5: start rank 1 is already used on line 1"),
    "empty .fidedesk": ("event.fidedesk", lambda p: p.write_bytes(b""), Plain.EMPTY, ": the file is empty"),
    "text as .fidedesk": ("event.fidedesk", lambda p: p.write_text("hello\n"), Plain.NOT_FIDEDESK,
                          ":1:1: not valid JSON: Expecting value"),
    "other JSON": ("event.fidedesk", lambda p: p.write_text("{}"), Plain.NOT_FIDEDESK, ": not a fidedesk file: "),
    "cut .fidedesk": ("event.fidedesk", lambda p: p.write_text('{"format": "fidedesk", "sch'), Plain.TRUNCATED,
                      ": the file is truncated"),
    "PDF as .xlsx": ("list.xlsx", lambda p: p.write_bytes(PDF), Plain.NOT_WORKBOOK,
                     "list.xlsx: not an Excel .xlsx workbook (it is a PDF document)"),
    "empty .xlsx": ("list.xlsx", lambda p: p.write_bytes(b""), Plain.EMPTY, "list.xlsx: the file is empty (0 bytes)"),
    "blank workbook": ("list.xlsx", _blank_workbook, Plain.NO_PLAYER_SHEET, ": no sheet looks like a player list"),
    "notes workbook": ("list.xlsx", _notes_workbook, Plain.NO_PLAYER_SHEET, ": no sheet looks like a player list"),
    "folder": ("folder.trf", lambda p: p.mkdir(), Plain.NOT_A_FILE, "folder.trf: is a folder, not a file"),
    "missing": ("gone.trf", lambda p: None, Plain.CANNOT_OPEN, "gone.trf: No such file or directory"),
}  # fmt: skip


@pytest.mark.parametrize("case", list(FILES))
def test_a_file_not_read_says_why_plainly_then_as_before(tmp_path: Path, case: str) -> None:
    name, make, plain, detail = FILES[case]
    path = tmp_path / name
    make(path)
    with pytest.raises(FileFormatError) as caught:
        read_tournament(path)
    error = caught.value
    assert plain_of(error) is plain
    assert detail in str(error)  # the technical part, unchanged
    text = explained(error)
    assert text == f"{plain.value}\n\n{error}" and text.startswith(plain.value)


def test_each_plain_sentence_is_a_sentence() -> None:
    for plain in Plain:
        assert plain.value[0].isupper() and plain.value.endswith(".") and "\n" not in plain.value


def test_an_error_without_a_plain_sentence_is_said_as_it_is() -> None:
    error = ValueError("rating: 3001 is outside 1000–3000")
    assert plain_of(error) is None and explained(error) == str(error)


def test_a_file_that_is_not_a_rating_list_says_so(tmp_path: Path) -> None:
    renamed = tmp_path / "players_list.zip"
    renamed.write_bytes(PDF)
    with pytest.raises(ListFormatError) as caught:
        inspect(renamed)
    assert plain_of(caught.value) is Plain.NOT_RATING_LIST and "not a zip file" in str(caught.value)
    other = tmp_path / "other.zip"
    with zipfile.ZipFile(other, "w") as archive:
        archive.writestr("players_list_foa.txt", "Name,Club\nDoe,Chess\n")
    with pytest.raises(ListFormatError) as caught:
        inspect(other)
    assert plain_of(caught.value) is Plain.NOT_RATING_LIST and "not a FIDE rating list header" in str(caught.value)
