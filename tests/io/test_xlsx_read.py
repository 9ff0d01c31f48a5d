"""fidedesk.io.excel.read on workbooks written by openpyxl: values, sheets, formulas, errors, progress."""

from __future__ import annotations

import datetime as dt
import re
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from openpyxl.chart import BarChart, Reference

from fidedesk.io.excel import read as xlsx_read
from fidedesk.io.excel.grid import ImportCancelled, SheetGrid, Unreadable, XlsxError
from fidedesk.io.excel.read import read_workbook
from tests.bounds import measured


def write_book(path: Path, sheets: dict[str, list[list[Any]]], build: Callable[[Any], None] | None = None) -> Path:
    """A workbook with one sheet per entry, rows appended in order; ``build`` may add more."""
    book = openpyxl.Workbook()
    book.remove(book.active)
    for title, rows in sheets.items():
        sheet = book.create_sheet(title)
        for row in rows:
            sheet.append(row)
    if build is not None:
        build(book)
    book.save(path)
    return path


def replace_part(path: Path, part: str, edit: Callable[[bytes], bytes]) -> Path:
    """Rewrite one part of the zip at ``path`` in place."""
    with zipfile.ZipFile(path) as archive:
        contents = {info.filename: archive.read(info) for info in archive.infolist()}
    contents[part] = edit(contents[part])
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in contents.items():
            archive.writestr(name, data)
    return path


def test_every_kind_of_value_round_trips(tmp_path: Path) -> None:
    rows = [
        ["Name", "FIDE ID", "Rating", "Born", "Active", "Score", "Time"],
        ["Carlsen, Magnus", 1503014, 2830, dt.datetime(1990, 11, 30), True, 6.5, dt.time(14, 30)],
        ["Ju Wenjun", 8603006, None, dt.datetime(1991, 1, 31, 8, 15), False, 0.25, None],
        [],
        ["  spaced  ", -3, 1e-5, None, None, 12345678901234, "=text"],
        [None, None, None, None, None, None, None],
        [None, None, None],
    ]
    path = write_book(tmp_path / "players.xlsx", {"Players": rows})
    path = replace_part(path, "xl/worksheets/sheet1.xml", lambda xml: xml.replace(b"<v>6.5</v>", b"<v>2350.0</v>"))

    (grid,) = read_workbook(path)

    assert grid == SheetGrid(
        "Players",
        (
            ("Name", "FIDE ID", "Rating", "Born", "Active", "Score", "Time"),
            ("Carlsen, Magnus", 1503014, 2830, dt.datetime(1990, 11, 30), True, 2350.0, dt.time(14, 30)),
            ("Ju Wenjun", 8603006, None, dt.datetime(1991, 1, 31, 8, 15), False, 0.25, None),
            (None,) * 7,
            ("  spaced  ", -3, 1e-5, None, None, 12345678901234, Unreadable.FORMULA_WITHOUT_VALUE),
        ),
    )
    score = grid.rows[1][5]
    assert isinstance(score, float) and not isinstance(grid.rows[1][2], float)  # 2350.0 stays a float
    assert isinstance(grid.rows[1][4], bool) and isinstance(grid.rows[1][1], int)


def test_trailing_empty_columns_and_rows_are_dropped_leading_ones_kept(tmp_path: Path) -> None:
    def build(book: Any) -> None:
        sheet = book["Grid"]
        sheet["C3"] = "x"
        sheet["E3"].number_format = "0.00"  # a formatted, empty cell: present in the file, no value
        sheet["B9"].value = None
        sheet["A20"].font = openpyxl.styles.Font(bold=True)

    path = write_book(tmp_path / "grid.xlsx", {"Grid": []}, build)

    (grid,) = read_workbook(path)

    assert grid.rows == ((None, None, None), (None, None, None), (None, None, "x"))
    assert grid.width == 3 and grid.place(2, 2) == "Grid!C3"


def test_sheets_in_workbook_order_chartsheets_skipped_empty_sheet_empty(tmp_path: Path) -> None:
    def build(book: Any) -> None:
        chart = BarChart()
        chart.add_data(Reference(book["Round 1"], min_col=1, min_row=1, max_row=2))
        book.create_chartsheet("Chart", 1).add_chart(chart)
        book.move_sheet("Empty", offset=-2)

    path = write_book(tmp_path / "event.xlsx", {"Round 1": [[1], [2]], "Empty": [], "Round 2": [["b"]]}, build)

    grids = read_workbook(path)

    assert [grid.name for grid in grids] == ["Empty", "Round 1", "Round 2"]
    assert grids[0] == SheetGrid("Empty", ())
    assert grids[0].width == 0
    assert grids[1].rows == ((1,), (2,)) and grids[2].rows == (("b",),)


def test_formula_saved_without_result_and_error_values(tmp_path: Path) -> None:
    path = write_book(tmp_path / "f.xlsx", {"S": [["=1+1", "=A1*2", "=SUM(A1:B1)", "#REF!", 5]]})
    path = replace_part(
        path,
        "xl/worksheets/sheet1.xml",
        lambda xml: xml.replace(
            b'<c r="D1" t="inlineStr"><is><t>#REF!</t></is></c>', b'<c r="D1" t="e"><v>#REF!</v></c>'
        ).replace(b'<c r="E1" t="n"><v>5</v></c>', b'<c r="E1" t="e"><f>1/0</f><v>#DIV/0!</v></c>'),
    )

    (grid,) = read_workbook(path)

    assert grid.rows == ((Unreadable.FORMULA_WITHOUT_VALUE,) * 3 + (Unreadable.ERROR_VALUE,) * 2,)


def test_formulas_with_saved_results_give_the_results(tmp_path: Path) -> None:
    """As Excel saves them: the result in <v>; an empty text result is an empty <v> with t="str"."""
    path = write_book(tmp_path / "f.xlsx", {"S": [["=1+1", '=IF(1,"","x")', '=IF(1,"ok","")', "=1>0"]]})
    path = replace_part(
        path,
        "xl/worksheets/sheet1.xml",
        # openpyxl writes an empty <v> as <v /> or <v/> (with lxml): make it one form first
        lambda xml: (
            re.sub(rb"<v\s*/>|<v></v>", b"<v />", xml)
            .replace(b'<c r="A1"><f>1+1</f><v /></c>', b'<c r="A1"><f>1+1</f><v>2</v></c>')
            .replace(b'<c r="B1"><f>', b'<c r="B1" t="str"><f>')
            .replace(b'<c r="C1"><f>IF(1,"ok","")</f><v /></c>', b'<c r="C1" t="str"><f>IF(1,"ok","")</f><v>ok</v></c>')
            .replace(b'<c r="D1"><f>1&gt;0</f><v /></c>', b'<c r="D1" t="b"><f>1&gt;0</f><v>1</v></c>')
        ),
    )

    (grid,) = read_workbook(path)

    assert grid.rows == ((2, None, "ok", True),)


def test_progress_is_reported_and_cancel_raises(tmp_path: Path) -> None:
    rows = [[n, f"player {n}"] for n in range(1, 1301)]
    path = write_book(tmp_path / "long.xlsx", {"A": rows, "B": rows[:300]})
    seen: list[int] = []

    def keep_going(done: int) -> bool:
        seen.append(done)
        return True

    grids = read_workbook(path, progress=keep_going)
    assert [len(grid.rows) for grid in grids] == [1300, 300]
    assert seen == [500, 1000, 1500]  # counted over both sheets

    calls: list[int] = []

    def cancel(done: int) -> bool:
        calls.append(done)
        return False

    with pytest.raises(ImportCancelled):
        read_workbook(path, progress=cancel)
    assert calls == [500]


def test_row_and_column_limits_truncate(tmp_path: Path) -> None:
    rows = [[r * 10 + c for c in range(6)] for r in range(10)]
    path = write_book(tmp_path / "wide.xlsx", {"S": rows, "T": [[1, 2]]})

    wide, small = read_workbook(path, max_rows=4, max_columns=3)

    assert wide.cut == "cells right of column C (more than 3 columns, the limit)" and small.cut is None
    assert wide.rows == ((0, 1, 2), (10, 11, 12), (20, 21, 22), (30, 31, 32))
    assert small.rows == ((1, 2),)
    assert [grid.truncated for grid in read_workbook(path, max_rows=10, max_columns=6)] == [False, False]
    assert (
        read_workbook(path, max_rows=10, max_columns=5)[0].cut
        == "cells right of column E (more than 5 columns, the limit)"
    )


def test_a_workbook_of_2000_rows_by_15_columns_is_read_in_one_pass(tmp_path: Path) -> None:
    """Each row record read once and each part of the file unpacked at most once: the work of a read, which
    ``benchmarks/bench_excel.py`` times (as a ratio to a bare pass over the same file)."""
    row = ["Surname, Name", 12345678, "GER", 2350, "FM", dt.datetime(2001, 5, 6), 1.5, "x", "y", "z", 0, 1, 2, 3, 4]
    path = write_book(tmp_path / "big.xlsx", {"Players": [[f"Player {n}", *row[1:]] for n in range(2000)]})
    with zipfile.ZipFile(path) as archive:
        parts = sum(info.file_size for info in archive.infolist())

    reported: list[int] = []
    with measured() as work:
        (grid,) = read_workbook(path, progress=lambda rows: reported.append(rows) is None)

    assert len(grid.rows) == 2000 and grid.width == 15 and grid.rows[1999][0] == "Player 1999"
    assert reported == [500, 1000, 1500, 2000]
    assert 0 < work.unpacked <= parts, (work.unpacked, parts)


def test_missing_file_is_an_xlsx_error(tmp_path: Path) -> None:
    with pytest.raises(XlsxError) as caught:
        read_workbook(tmp_path / "nowhere.xlsx")
    assert caught.value.where == "nowhere.xlsx"
    assert "cannot be opened" in caught.value.message


def test_refuses_when_openpyxl_would_not_use_defusedxml(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = write_book(tmp_path / "ok.xlsx", {"S": [[1]]})
    assert read_workbook(path)[0].rows == ((1,),)
    monkeypatch.setattr(openpyxl.xml, "DEFUSEDXML", False)

    with pytest.raises(XlsxError, match="defusedxml"):
        read_workbook(path)


def test_workbook_is_closed_after_reading(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    archives: list[zipfile.ZipFile] = []

    class Spy(xlsx_read.ExcelReader):  # type: ignore[misc]
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            archives.append(self.archive)

    monkeypatch.setattr(xlsx_read, "ExcelReader", Spy)
    read_workbook(write_book(tmp_path / "ok.xlsx", {"S": [[1]]}))
    with pytest.raises(ImportCancelled):
        read_workbook(write_book(tmp_path / "long.xlsx", {"S": [[n] for n in range(600)]}), progress=lambda _: False)
    with pytest.raises(XlsxError):
        read_workbook(
            replace_part(write_book(tmp_path / "bad.xlsx", {"S": [[1]]}), "xl/worksheets/sheet1.xml", lambda x: x[:-9])
        )

    assert len(archives) == 3 and all(archive.fp is None for archive in archives)
