"""Issue 29: a workbook Import from Excel cannot read says why in plain words first, then as before."""

from __future__ import annotations

from pathlib import Path

import openpyxl

from fidedesk.gui.common.dialogs import UnattendedDialogs
from fidedesk.gui.mainwindow import MainWindow
from fidedesk.io.plain_words import Plain


def test_a_file_that_is_not_a_workbook_says_so_first(
    window: MainWindow, tmp_path: Path, dialogs: UnattendedDialogs
) -> None:
    path = tmp_path / "players.xlsx"
    path.write_bytes(b"%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n")
    assert not window.excel.import_excel(path)
    assert dialogs.shown == [
        (
            "Cannot import the workbook",
            f"{Plain.NOT_WORKBOOK.value}\n\nplayers.xlsx: not an Excel .xlsx workbook (it is a PDF document)",
        )
    ]
    empty = tmp_path / "empty.xlsx"
    empty.write_bytes(b"")
    assert not window.excel.import_excel(empty)
    assert dialogs.shown[-1][1] == "This file is empty.\n\nempty.xlsx: the file is empty (0 bytes)"


def test_a_workbook_of_blank_sheets_has_no_sheet_of_players(
    window: MainWindow, tmp_path: Path, dialogs: UnattendedDialogs
) -> None:
    book = openpyxl.Workbook()
    book.active.title = "Notes"
    book.create_sheet("Sheet2")
    path = tmp_path / "blank.xlsx"
    book.save(path)
    assert not window.excel.import_excel(path)
    assert "excel_import" not in dialogs.asked  # nothing for the wizard to show
    ((title, text),) = dialogs.shown
    assert title == "Cannot import the workbook"
    assert text == f"{Plain.NO_PLAYER_SHEET.value}\n\nblank.xlsx: every sheet is blank (Notes, Sheet2)"
