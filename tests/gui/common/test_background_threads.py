"""The background worker keeps Qt's rules for threads under garbage collection (issue 13, item 3).

File › Import from Excel crashed after a few imports: Python's cyclic garbage collector runs in whichever
thread allocates past its threshold, and run in the worker that reads the file, it destroyed windows the
GUI had left in reference cycles on the wrong thread. Here 200 imports, Excel and rating list half each,
go through the window's own actions and the real event loop while garbage with Qt windows in it is left
behind each time, collection is forced from a timer while the work runs and between imports, and the
thresholds are low enough that any thread allocating would collect.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import ClassVar

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QDialog, QTableView
from pytestqt.qtbot import QtBot

from benchmarks.make_fide_list import write_txt
from benchmarks.make_swiss import make_swiss
from fidedesk.gui.common.dialogs import UnattendedDialogs
from fidedesk.gui.excel.import_wizard import ExcelImportDialog
from fidedesk.gui.mainwindow import MainWindow
from fidedesk.io.excel.grid import SheetGrid
from fidedesk.io.excel.importing import ImportResult
from fidedesk.io.ratinglist.fide_list import ListSource, Month

ROUNDS = 100  # one Excel import and one rating-list import each


class Litter(QDialog):
    """A window the GUI let go of while it still refers to itself: only the cyclic collector frees it,
    on whichever thread that collector runs."""

    collected_on: ClassVar[list[int]] = []

    def __init__(self) -> None:
        super().__init__()
        self.view = QTableView(self)
        self.itself = self

    def __del__(self) -> None:
        Litter.collected_on.append(threading.get_ident())


@pytest.fixture
def collecting() -> Iterator[QTimer]:
    """A low threshold (a thread allocating 50 objects collects) and a GUI-thread timer that collects the young
    generations too (a full collection of a whole test run's objects every 50 ms would take most of the time)."""
    thresholds = gc.get_threshold()
    timer = QTimer()
    timer.timeout.connect(lambda: gc.collect(1))
    gc.set_threshold(50, 1000, 1000)
    yield timer
    timer.stop()
    gc.set_threshold(*thresholds)
    gc.collect()


def test_200_imports_with_garbage_collected_meanwhile_crash_nothing(
    qtbot: QtBot, window: MainWindow, dialogs: UnattendedDialogs, tmp_path: Path, collecting: QTimer
) -> None:
    window.document.reset(make_swiss(6, 2, seed=5), None)
    workbook = tmp_path / "event.xlsx"
    assert window.excel.export_excel(workbook)
    download = tmp_path / "players_list.zip"
    write_txt(download, 60, seed=7, month="2026-11")
    window.rating_list.database = tmp_path / "ratings.sqlite"

    def wizard(grids: Sequence[SheetGrid], source: str) -> ImportResult | None:
        dialog = ExcelImportDialog(grids, source, window)
        dialog.import_button.click()
        outcome = dialog.outcome
        dialog.deleteLater()
        return outcome

    def confirm(source: ListSource) -> tuple[Month, object]:
        return Month(2026, 11), source.kind

    dialogs.answer("excel_import", wizard)
    dialogs.answer("open_file", download)
    dialogs.answer("confirm_list", confirm)
    gui_thread = threading.get_ident()
    Litter.collected_on.clear()
    collecting.start(50)
    for round_ in range(ROUNDS):
        Litter()
        assert window.excel.import_excel(workbook), round_
        Litter()
        assert window.rating_list.import_list() is not None, round_
        gc.collect()
        qtbot.wait(1)  # the event loop between two menu commands: deferred deletions happen here
    assert len(window.document.tournament.players) == 6
    assert dialogs.shown == []
    gc.collect()
    assert len(Litter.collected_on) == 2 * ROUNDS
    assert set(Litter.collected_on) == {gui_thread}


def test_the_wizard_asked_with_qts_dialogs_is_deleted_after_use(qtbot: QtBot, window: MainWindow) -> None:
    """Each Import from Excel once left its wizard behind as a hidden child of the window; a dozen or so
    exec'd and kept so crashed the window (while a window's next dialog was built)."""
    from fidedesk.gui.qt_dialogs import QtDialogs
    from tests.xlsx_builders import grid

    sheet = grid("Players", [["No", "Name", "Rating"], [1, "Anna", 2100], [2, "Bernd", 2000]])
    asked = QtDialogs(window)

    def press_import() -> None:
        for dialog in window.findChildren(ExcelImportDialog):
            if dialog.isVisible():
                dialog.import_button.click()

    timer = QTimer()
    timer.timeout.connect(press_import)
    timer.start(5)
    for round_ in range(12):
        result = asked.excel_import([sheet], "players.xlsx")
        assert result is not None and [p.name for p in result.tournament.players] == ["Anna", "Bernd"], round_
        qtbot.waitUntil(lambda: not window.findChildren(ExcelImportDialog))
    timer.stop()
