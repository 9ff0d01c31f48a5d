"""Ctrl+C on Standings, the Crosstable and the players puts text a spreadsheet takes safely (issue 13, item 9).

A name like ``=HYPERLINK(…)`` or ``+cmd|' /C calc'!A0`` was put on the clipboard as it is, and a spreadsheet
ran it; a tab in a name split its row. The clipboard now follows the Excel export's rule
(:mod:`fidedesk.io.excel.sheet_text`).
"""

from __future__ import annotations

import dataclasses
import io
from pathlib import Path

import pytest
from openpyxl import load_workbook
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QTableView
from pytestqt.qtbot import QtBot

from fidedesk.core.rating.editions import DEFAULT_EDITION
from fidedesk.core.tiebreaks.calculate import DEFAULT_TIEBREAKS
from fidedesk.gui.mainwindow import MainWindow
from fidedesk.io.excel.export import workbook_bytes

HOSTILE = Path(__file__).resolve().parents[2] / "data" / "hostile"
#: OWASP's CSV-injection starts, which a spreadsheet may run (spelled out here, as the issue asks).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
#: Players 3 and 4 of html_names.trf renamed: a tab, a line break and a formula after a tab.
RENAMED = {3: "Tab\tName", 4: "\t=1+1\nTwo lines"}
#: The Alt+digit that shows a view's table (the players table is always shown).
VIEW_KEYS = {"crosstable_table": Qt.Key.Key_2, "standings_table": Qt.Key.Key_3}


@pytest.fixture
def hostile(window: MainWindow) -> MainWindow:
    """The window with html_names.trf open, two of its players renamed to hold tabs and line breaks."""
    assert window.open_path(HOSTILE / "html_names.trf")
    tournament = window.document.tournament
    players = tuple(dataclasses.replace(p, name=RENAMED.get(p.start_rank, p.name)) for p in tournament.players)
    window.document.apply("Rename", dataclasses.replace(tournament, players=players))
    return window


def copied(window: MainWindow, name: str, qtbot: QtBot) -> list[list[str]]:
    """Ctrl+C on the table ``name``: the clipboard's lines, split at tabs."""
    view = window.findChild(QTableView, name)
    assert isinstance(view, QTableView)
    QGuiApplication.clipboard().setText("untouched")
    if name in VIEW_KEYS:  # as an arbiter does: Ctrl+C is the table's key while it has the keyboard (issue 14)
        qtbot.keyClick(window, VIEW_KEYS[name], Qt.KeyboardModifier.AltModifier)
    view.setFocus()
    qtbot.waitUntil(view.hasFocus)
    qtbot.keyClick(view, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier)
    text = QGuiApplication.clipboard().text()
    assert text.endswith("\n")
    return [line.split("\t") for line in text.split("\n")[:-1]]


@pytest.mark.parametrize(("table", "name_column"), [("standings_table", 2), ("crosstable_table", 1),
                                                    ("players_table", 1)])  # fmt: skip
def test_copied_rows_keep_their_columns_and_run_no_name(
    hostile: MainWindow, qtbot: QtBot, table: str, name_column: int
) -> None:
    rows = copied(hostile, table, qtbot)
    header, body = rows[0], rows[1:]
    assert header[name_column] == "Name"
    assert len(body) == 8 and all(len(row) == len(header) for row in body)
    names = {row[name_column] for row in body}
    assert not any(name.startswith(FORMULA_STARTS) for name in names)
    assert names == {
        "<img src=/dev/zero>",
        '<a href="x">y</a>',
        "Tab Name",
        "' =1+1 Two lines",
        '\'=HYPERLINK("http://x","y")',
        "'+cmd|' /C calc'!A0",
        "'-2+3",
        "'@SUM(A1:A2)",
    }


def test_own_figures_keep_their_sign(hostile: MainWindow, qtbot: QtBot) -> None:
    info = hostile.document.tournament.info
    hostile.document.apply("Swiss", dataclasses.replace(
        hostile.document.tournament, info=dataclasses.replace(info, system=type(info.system).SWISS)
    ))  # fmt: skip
    rows = copied(hostile, "crosstable_table", qtbot)
    assert rows[0][:4] == ["No", "Name", "Rtg", "R1"]
    by_number = {row[0]: row for row in rows[1:]}
    assert by_number["1"][3:7] == ["8w½", "2w½", "3b1", "4w1"]  # the crosstable's own cells, as shown


def test_the_clipboard_and_the_excel_export_agree(hostile: MainWindow, qtbot: QtBot) -> None:
    tournament = hostile.document.tournament
    workbook = load_workbook(io.BytesIO(workbook_bytes(tournament, edition=DEFAULT_EDITION,
                                                       tiebreaks=DEFAULT_TIEBREAKS)))  # fmt: skip
    sheet = workbook["Players"]
    exported = {row[0].value: row[1] for row in sheet.iter_rows(min_row=2)}
    pasted = {int(row[0]): row[1] for row in copied(hostile, "players_table", qtbot)[1:]}
    assert set(exported) == set(pasted) == set(range(1, 9))
    for number, cell in exported.items():
        player = next(p for p in tournament.players if p.start_rank == number)
        assert cell.value == player.name and cell.data_type == "s"  # the name itself, as text
        flat = player.name.replace("\t", " ").replace("\n", " ")
        assert pasted[number] == ("'" if cell.quotePrefix else "") + flat, number
        assert cell.quotePrefix == player.name.startswith(FORMULA_STARTS)
