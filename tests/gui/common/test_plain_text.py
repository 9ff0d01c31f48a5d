"""Text from a file or a person is shown as written: never read as HTML (issue 13, item 4).

The files in ``tests/data/hostile/`` name players, the event, its city and its arbiter ``<img src=/dev/zero>``,
``<a href="x">y</a>``, ``<b>bold</b>`` and ``&amp;``; ``html_error.*`` put such text where the reader refuses
it. Each label, message, tool tip and title must show that text literally: a player called
``<img src=/dev/zero>`` made Qt read /dev/zero as an image when selected, and the window never came back.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6 import QtGui
from PySide6.QtCore import QAbstractItemModel, Qt, QTimer
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import QApplication, QLabel, QMessageBox, QProgressDialog, QTableView, QWidget
from pytestqt.qtbot import QtBot

from fidedesk.core.tournament import System
from fidedesk.gui.common.background import run_with_progress
from fidedesk.gui.common.dialogs import Choice, UnattendedDialogs
from fidedesk.gui.common.plain import tip
from fidedesk.gui.excel.import_wizard import ExcelImportDialog
from fidedesk.gui.mainwindow import MainWindow
from fidedesk.gui.qt_dialogs import QtDialogs
from fidedesk.io.excel.grid import SheetGrid
from fidedesk.io.excel.importing import ImportResult
from tests.gui.conftest import ModelChecks

HOSTILE = Path(__file__).resolve().parents[2] / "data" / "hostile"
NAMES = ("<img src=/dev/zero>", '<a href="x">y</a>', "<b>bold</b>", "&amp;")
#: What the hostile files hold besides the names; each must show literally wherever it is shown.
FRAGMENTS = (*NAMES, "<i>", "&lt;img&gt;", "[*]")
EVENT = "<b>bold</b> Open [*] <img src=/dev/zero>"


def shown(label: QLabel) -> str:
    """The text ``label`` shows, as Qt decides it: rich text rendered, plain text as it is."""
    rich = label.textFormat() == Qt.TextFormat.RichText or (
        label.textFormat() == Qt.TextFormat.AutoText and QtGui.Qt.mightBeRichText(label.text())
    )
    return rendered(label.text()) if rich else label.text()


def shown_tip(tip: object) -> str:
    """The text a tool tip shows: Qt renders it as rich text when ``Qt.mightBeRichText`` says so."""
    text = str(tip or "")
    return rendered(text) if QtGui.Qt.mightBeRichText(text) else text


def rendered(markup: str) -> str:
    document = QTextDocument()
    # a test must never load a resource: were the text read as HTML, <img src=/dev/zero> would read forever
    document.setMetaInformation(QTextDocument.MetaInformation.DocumentUrl, "about:blank")
    document.setHtml(markup.replace("/dev/zero", "/nonexistent/zero"))
    return document.toPlainText().replace("/nonexistent/zero", "/dev/zero").replace("\u2029", "\n")


def labels_with_outside_text(root: QWidget) -> list[QLabel]:
    """Every label under ``root`` whose text holds a piece of a hostile file."""
    return [label for label in root.findChildren(QLabel) if any(part in label.text() for part in FRAGMENTS)]


def assert_labels_literal(root: QWidget) -> None:
    """No label under ``root`` leaves it to Qt to guess whether outside text is HTML, and each shows the
    hostile pieces it holds as written (escaped when the label is rich text of the window's own)."""
    for label in labels_with_outside_text(root):
        assert label.textFormat() != Qt.TextFormat.AutoText, (label.objectName(), label.text())
        if label.textFormat() == Qt.TextFormat.RichText:
            assert any(part in shown(label) for part in FRAGMENTS), (label.objectName(), label.text())


def tips(model: QAbstractItemModel) -> Iterator[str]:
    for row in range(model.rowCount()):
        for column in range(model.columnCount()):
            tip = model.index(row, column).data(Qt.ItemDataRole.ToolTipRole)
            if tip:
                yield str(tip)


def table(window: MainWindow, name: str) -> QTableView:
    view = window.findChild(QTableView, name)
    assert isinstance(view, QTableView), name
    return view


def test_a_trf_with_html_names_shows_every_name_as_written(window: MainWindow, qtmodeltester: ModelChecks) -> None:
    assert window.open_path(HOSTILE / "html_names.trf")
    views = window.tab_content(0).views  # type: ignore[attr-defined]
    views.tabs.setCurrentWidget(views.standings)  # ranked while shown (issue 28)
    standings = table(window, "standings_table").model()
    crosstable_view = table(window, "crosstable_table")
    crosstable = crosstable_view.model()
    for model in (standings, crosstable):
        qtmodeltester.check(model)
    assert [standings.index(row, 2).data() for row in range(standings.rowCount())].count("&amp;") == 1
    assert {crosstable.index(row, 1).data() for row in range(crosstable.rowCount())} >= set(NAMES)
    title = window.findChild(QLabel, "rating_title")
    assert isinstance(title, QLabel)
    # the harmless names first, so that the code as it was fails here, before it would hang on the <img>
    for name in ("<b>bold</b>", '<a href="x">y</a>', "&amp;", "<img src=/dev/zero>"):
        row = next(row for row in range(crosstable.rowCount()) if crosstable.index(row, 1).data() == name)
        crosstable_view.setCurrentIndex(crosstable.index(row, 1))  # as a click selects the player
        QApplication.processEvents()
        assert f"{row + 1}. {name} (rated " in shown(title)
        assert title.textFormat() != Qt.TextFormat.AutoText
        assert_labels_literal(window)
    # the window's title is the event's name, "[*]" and all, then Qt's mark of unsaved changes
    assert window.windowHandle().title().startswith(EVENT)


def test_crosstable_tips_name_opponents_as_written(window: MainWindow) -> None:
    assert window.open_path(HOSTILE / "html_names.trf")
    tournament = window.document.tournament
    # the same games as a Swiss: each cell's tip names the opponent
    swiss = dataclasses.replace(tournament, info=dataclasses.replace(tournament.info, system=System.SWISS))
    window.document.apply("Swiss", swiss)
    crosstable = table(window, "crosstable_table").model()
    shown_tips = [shown_tip(tip) for tip in tips(crosstable)]
    for name in NAMES:
        assert any(name in tip for tip in shown_tips), name


def test_a_fidedesk_file_with_html_event_shows_it_literally(window: MainWindow, tmp_path: Path) -> None:
    assert window.open_path(HOSTILE / "html_names.fidedesk")
    assert window.windowHandle().title().startswith(EVENT)
    assert_labels_literal(window)
    # a file named like markup, with "&" and "[*]": the recent-files entry shows it as named
    named = tmp_path / "a&b [*] &amp;.fidedesk"
    named.write_bytes((HOSTILE / "html_names.fidedesk").read_bytes())
    assert window.open_path(named)
    entry = window.files.recent_menu.actions()[0]
    assert entry.iconText() == f"1 {named.name}"
    assert shown_tip(entry.toolTip()) == str(named)


def test_an_unreadable_trf_names_the_bad_text_literally(
    window: MainWindow, dialogs: UnattendedDialogs, qtbot: QtBot
) -> None:
    assert not window.open_path(HOSTILE / "html_error.trf")
    [(title, text)] = dialogs.shown
    assert '"<img src=/dev/zero>"' in text and "html_error.trf:4" in text
    # and Qt's message box shows such text as written; its image points nowhere, so that code showing it as
    # HTML fails this test instead of reading /dev/zero until memory runs out (the defect itself)
    text = text.replace("/dev/zero", "/nonexistent")
    seen = shown_message(qtbot, lambda: QtDialogs(window).error(title, text))
    assert seen == [(title, text, Qt.TextFormat.PlainText)]


def test_the_excel_wizard_shows_cells_sheets_and_problems_as_written(
    window: MainWindow, dialogs: UnattendedDialogs, qtmodeltester: ModelChecks
) -> None:
    seen: list[ExcelImportDialog] = []

    def wizard(grids: list[SheetGrid], source: str) -> ImportResult | None:
        dialog = ExcelImportDialog(grids, source, window)
        seen.append(dialog)
        return None

    dialogs.answer("excel_import", wizard)
    assert not window.open_path(HOSTILE / "html_error.xlsx")
    [dialog] = seen
    assert dialog.sheet_box.itemText(0) == "<b>Players&amp;"
    for model in (dialog.problems, dialog.preview, dialog.mapping):
        qtmodeltester.check(model)
    problems = [shown_tip(tip) for tip in tips(dialog.problems)]
    assert "<b>Players&amp;!D3" in problems and any('"<img src=/dev/zero>" is not a rating' in p for p in problems)
    assert any("“<i>” is not a federation" in p for p in problems)
    preview = [shown_tip(tip) for tip in tips(dialog.preview)]
    assert any("<img src=/dev/zero>" in tip for tip in preview)
    assert_labels_literal(dialog)
    dialog.deleteLater()


def shown_message(qtbot: QtBot, ask: Callable[[], object]) -> list[tuple[str, str, Qt.TextFormat]]:
    """Run ``ask`` (which shows a modal message box); the box's title, text and text format, then close it."""
    seen: list[tuple[str, str, Qt.TextFormat]] = []

    def answer() -> None:
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox):
            QTimer.singleShot(10, answer)
            return
        seen.append((box.windowTitle(), box.text(), box.textFormat()))
        qtbot.keyClick(box, Qt.Key.Key_Escape)  # the box's own answer to Escape: Cancel, No or OK

    QTimer.singleShot(0, answer)
    ask()
    return seen


@pytest.mark.parametrize("question", ["error", "info", "confirm", "confirm_discard"])
def test_every_message_box_shows_its_text_as_written(window: MainWindow, qtbot: QtBot, question: str) -> None:
    text = '<b>bold</b> <a href="x">y</a> &amp; <i>'
    dialogs = QtDialogs(window)
    ask = {
        "error": lambda: dialogs.error("Cannot open", text),
        "info": lambda: dialogs.info("Done", text),
        "confirm": lambda: dialogs.confirm("Remove list", text),
        "confirm_discard": lambda: dialogs.confirm_discard(text),
    }[question]
    [(_title, shown_text, text_format)] = shown_message(qtbot, ask)
    assert text_format == Qt.TextFormat.PlainText and text in shown_text


def test_a_cancelled_question_answers_cancel(window: MainWindow, qtbot: QtBot) -> None:
    dialogs = QtDialogs(window)
    results: list[object] = []
    shown_message(qtbot, lambda: results.append(dialogs.confirm_discard("x")))
    shown_message(qtbot, lambda: results.append(dialogs.confirm("t", "x")))
    assert results == [Choice.CANCEL, False]


def test_enter_answers_a_question_no(window: MainWindow, qtbot: QtBot) -> None:
    """Keys typed ahead (a board's "3 Enter" after the one asked about) must not say Yes."""
    dialogs = QtDialogs(window)
    results: list[bool] = []

    def enter() -> None:
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox):
            QTimer.singleShot(10, enter)
            return
        qtbot.keyClick(box, Qt.Key.Key_Return)

    QTimer.singleShot(0, enter)
    results.append(dialogs.confirm("Pair in round 5", "Round 4 is not paired yet. Pair 5 – 7 in round 5 anyway?"))
    assert results == [False]


def test_the_progress_dialog_names_the_file_as_written(qtbot: QtBot) -> None:
    labels: list[tuple[str, Qt.TextFormat]] = []

    def hook(dialog: QProgressDialog) -> None:
        labels.extend((label.text(), label.textFormat()) for label in dialog.findChildren(QLabel))

    outcome = run_with_progress(None, "Import [*]", "Reading <b>x</b>.xlsx…", lambda _progress: 1, dialog_hook=hook)
    assert outcome.value == 1
    assert ("Reading <b>x</b>.xlsx…", Qt.TextFormat.PlainText) in labels


def test_every_label_and_message_box_of_the_window_comes_from_gui_plain() -> None:
    """A QLabel made directly, or Qt's static message boxes, would guess from the text whether it is HTML."""
    gui = Path(__file__).resolve().parents[3] / "fidedesk" / "gui"
    guessing = re.compile(r"\bQLabel\(|\bQMessageBox\.(?:warning|information|question|critical)\(")
    found = [
        f"{path.relative_to(gui)}:{number}"
        for path in sorted(gui.rglob("*.py"))
        if path.name != "plain.py"
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if guessing.search(line)
    ]
    assert found == []


@pytest.mark.parametrize("text", ["<b>bold</b>\nRound 2: <img src=/dev/zero>", "a &amp; <i>  b\tc", "plain & simple"])
def test_a_tip_shows_its_text_as_written(qapp: object, text: str) -> None:
    assert shown_tip(tip(text)) == text
