"""A file given on the command line or by the system opens in the window, whatever its kind."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QFileOpenEvent
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from fidedesk import __version__
from fidedesk.gui import mainwindow
from fidedesk.gui.app import FidedeskApplication, _arguments
from fidedesk.gui.common.dialogs import Choice, UnattendedDialogs
from fidedesk.gui.common.resources import app_icon
from fidedesk.gui.mainwindow import MainWindow
from fidedesk.io.native import fidedesk_file
from fidedesk.io.trf.document import read_trf
from tests.conftest import GELENDZHIK

SAMPLE = Path(__file__).resolve().parents[3] / "resources" / "samples" / "round_robin_8_58.trf"


@pytest.fixture
def application() -> Iterator[FidedeskApplication]:
    app = QApplication.instance()
    assert isinstance(app, FidedeskApplication)
    yield app
    if app._listening:
        app.file_opened.disconnect()
    app._listening = False
    app.pending.clear()


def test_each_kind_of_file_opens_its_own_way(window: MainWindow, tmp_path: Path, dialogs: UnattendedDialogs) -> None:
    assert window.open_path(SAMPLE)  # TRF: imported, untitled
    sample = read_trf(SAMPLE).tournament
    assert window.document.tournament == sample and window.document.path is None
    saved = tmp_path / "event.fidedesk"
    fidedesk_file.save(sample, saved)
    window.document.reset(type(sample)(sample.info, ()), None)
    assert window.open_path(saved)  # fidedesk's own file: opened, titled
    assert window.document.path == saved and window.document.tournament == sample
    asked = dialogs.answer("excel_import", None)
    workbook = tmp_path / "club.xlsx"
    window.excel.export_excel(workbook)
    assert not window.open_path(workbook) and [source for _grids, source in asked] == ["club.xlsx"]  # the wizard
    assert not window.open_path(tmp_path / "missing.trf")


def test_the_systems_open_event_reaches_the_window_before_or_after_it_is_up(
    window: MainWindow, application: FidedeskApplication
) -> None:
    QCoreApplication.sendEvent(application, QFileOpenEvent(str(SAMPLE)))  # a Finder double-click at launch
    assert application.pending == [str(SAMPLE)] and not window.document.tournament.players
    application.listen(lambda path: window.open_path(Path(path)))
    assert application.pending == [] and len(window.document.tournament.players) == 10
    window.document.reset(type(window.document.tournament)(window.document.tournament.info, ()), None)
    QCoreApplication.sendEvent(application, QFileOpenEvent(str(SAMPLE)))  # and once it runs
    assert len(window.document.tournament.players) == 10


def test_the_app_is_named_has_its_icon_and_takes_a_file_argument(application: FidedeskApplication) -> None:
    assert application.organizationName() == "fidedesk"  # (pytest-qt renames the application itself)
    assert application.applicationVersion() == __version__
    icon = app_icon()
    assert not icon.isNull() and 512 in {size.width() for size in icon.availableSizes()}
    assert _arguments(["event.fidedesk"]).file == "event.fidedesk"
    assert _arguments(["--smoke-test"]).file is None
    assert _arguments(["-psn_0_12345", "x.trf"]).file == "x.trf"  # what an old Finder adds is let through


def test_file_open_offers_every_format_and_reads_each_with_its_reader(
    window: MainWindow, tmp_path: Path, dialogs: UnattendedDialogs, no_modal_dialogs: list[tuple[str, str]]
) -> None:
    asked = dialogs.answer("open_file", SAMPLE)
    window.files.open_action.trigger()  # a TRF through File › Open: imported, not "not valid JSON"
    assert no_modal_dialogs == [] and len(window.document.tournament.players) == 10
    assert window.document.path is None and window.files.recent_files() == []
    title, _folder, filter_ = asked[0]
    assert title == "Open tournament" and filter_.split(";;") == [
        "Tournaments (*.fidedesk *.trf *.txt *.xlsx)",
        "fidedesk tournaments (*.fidedesk)",
        "FIDE tournament report (*.trf *.txt)",
        "Excel workbooks (*.xlsx)",
        "All files (*)",
    ]
    workbook = tmp_path / "club.xlsx"
    window.excel.export_excel(workbook)
    wizard = dialogs.answer("excel_import", None)
    dialogs.answer("open_file", workbook)
    assert not window.files.open()  # a workbook goes to the import wizard (cancelled here)
    assert [source for _grids, source in wizard] == ["club.xlsx"] and no_modal_dialogs == []
    broken = tmp_path / "broken.txt"
    broken.write_text("001 nonsense\n", encoding="utf-8")
    assert not window.open_path(broken)
    assert [title for title, _text in no_modal_dialogs] == ["Cannot import the file"]
    assert "broken.txt:1:5: expected a start rank" in no_modal_dialogs[0][1]


def test_a_file_handed_over_waits_for_the_open_dialog(
    window: MainWindow, qtbot: QtBot, dialogs: UnattendedDialogs
) -> None:
    """A second ``fidedesk FILE`` while a modal dialog is open (the Excel wizard, a question) opens no second
    dialog over it: the status bar says the file waits, and it opens once the dialog is closed."""
    from PySide6.QtWidgets import QDialog

    wizard = QDialog(window)
    wizard.setModal(True)
    wizard.show()
    qtbot.waitUntil(lambda: QApplication.activeModalWidget() is wizard)
    window.open_requested(GELENDZHIK)
    assert not window.document.tournament.players
    assert window.statusBar().currentMessage() == f"{GELENDZHIK.name} opens when the open dialog is closed"
    qtbot.wait(3 * mainwindow.REQUESTED_WAIT_MS)
    assert not window.document.tournament.players  # still waiting while the dialog is up
    wizard.close()
    qtbot.waitUntil(lambda: len(window.document.tournament.players) == 14)
    assert not window._requested_timer.isActive()
    assert "opens when" not in window.statusBar().currentMessage()  # issue 29: said no longer once it opened
    asked = dialogs.answer("confirm_discard", Choice.DISCARD)
    window.open_requested(GELENDZHIK)  # with no dialog open it opens at once (asking first about the import)
    assert asked
    assert len(window.document.tournament.players) == 14 and not window._requested


def test_a_file_handed_over_waits_for_work_in_progress(window: MainWindow, qtbot: QtBot) -> None:
    """Found in review: the progress dialog of an import was not modal, so a file handed over while a workbook
    or a rating list was being read opened at once, in the middle of the import (whose players then went into
    the file just opened). The dialog is now window-modal, and a file waits while any work runs, also in the
    moment before the dialog shows."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QProgressDialog

    from fidedesk.gui.common.background import run_with_progress

    release = threading.Event()
    seen: list[tuple[bool, int]] = []

    def during(dialog: QProgressDialog) -> None:  # on the GUI thread, while the work runs
        window.open_requested(GELENDZHIK)
        seen.append((dialog.windowModality() == Qt.WindowModality.WindowModal, len(window.document.tournament.players)))
        release.set()

    outcome = run_with_progress(window, "Import", "Reading…", lambda _progress: release.wait(10), dialog_hook=during)
    assert outcome.value is True
    assert seen == [(True, 0)]  # modal, and the file did not open while the work ran
    qtbot.waitUntil(lambda: len(window.document.tournament.players) == 14)  # it opens once the work is done
