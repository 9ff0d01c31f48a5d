"""What a look at the Tournament tab finds wrong at one window size, for tests/gui/test_layouts.py.

    python -m tests.gui.layout_probe WIDTH HEIGHT

builds the main window (its settings in a scratch folder), opens the 7-round San Viator Swiss, shows the window at
WIDTH x HEIGHT and prints what :func:`pane_faults` finds, one line each (nothing when every pane is usable):
the tests run it in a subprocess with ``QT_SCALE_FACTOR`` set, which a running application cannot change.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QSettings
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QStackedWidget, QTabWidget, QWidget

from fidedesk.gui.common.dialogs import UnattendedDialogs
from fidedesk.gui.common.settings import Settings
from fidedesk.gui.mainwindow import MainWindow
from fidedesk.gui.tournament import TournamentTab
from fidedesk.gui.tournament.rounds_view import LEAST_BOARDS
from fidedesk.gui.tournament.views import TournamentViews

REPO = Path(__file__).resolve().parents[2]
#: A 7-round Swiss of 137 players (three-digit ranks): its crosstable is the widest of the test files' Swisses.
SWISS_7 = REPO / "tests" / "data" / "trf" / "torneo_san_viator_2018_madrid_B.trf"

#: The least size of a pane still worth looking at, in pixels.
USEFUL_WIDTH, USEFUL_HEIGHT = 200, 120
#: The boards the Rounds table shows at the least: the arbiter enters a round's results there.
BOARDS_SHOWN = LEAST_BOARDS


def tournament_parts(window: MainWindow) -> tuple[TournamentTab, TournamentViews]:
    tab = window.tab_content(0)
    assert isinstance(tab, TournamentTab) and isinstance(tab.views, TournamentViews)
    return tab, tab.views


def panes(window: MainWindow) -> dict[str, QWidget]:
    """Every pane of the Tournament tab, by name."""
    tab, views = tournament_parts(window)
    return {
        "event": tab.event_form,
        "players": tab.players,
        "rounds, crosstable, standings": views.tabs,
        "rating calculation": views.panel,
        "warnings": views.warnings_box,
    }


def one_click_away(pane: QWidget) -> QWidget | None:
    """The page shown in place of ``pane`` when ``pane`` is a hidden tab of a shown tab widget; else None."""
    stack = pane.parentWidget()
    tabs = stack.parentWidget() if isinstance(stack, QStackedWidget) else None
    if isinstance(tabs, QTabWidget) and tabs.isVisible():
        index = tabs.indexOf(pane)
        if index >= 0 and tabs.isTabEnabled(index) and tabs.isTabVisible(index):
            return tabs.currentWidget()
    return None


def pane_faults(window: MainWindow, *, whole_crosstable: bool = True) -> list[str]:
    """What is wrong with the Tournament tab as shown: a pane neither visible nor one click away, a pane too
    small to use, a Rounds table of fewer than 4 boards, a crosstable cut (when the window is 1920 wide and
    ``whole_crosstable``: a divider the arbiter dragged may cut it)."""
    faults = []
    for name, pane in panes(window).items():
        shown = pane if pane.isVisible() else one_click_away(pane)
        if shown is None:
            faults.append(f"{name}: hidden and not one click away")
        elif shown.width() < USEFUL_WIDTH or shown.height() < USEFUL_HEIGHT:
            faults.append(f"{name}: {shown.width()} x {shown.height()} pixels")
    _, views = tournament_parts(window)
    boards = views.rounds.table
    shown_boards = boards.viewport().height() // boards.verticalHeader().defaultSectionSize()
    if shown_boards < BOARDS_SHOWN:
        faults.append(f"rounds: {shown_boards} boards shown")
    if whole_crosstable and window.width() >= 1920:
        views.tabs.setCurrentWidget(views.crosstable_table)
        QApplication.processEvents()
        crosstable = views.crosstable_table
        needed, room = crosstable.horizontalHeader().length(), crosstable.viewport().width()
        views.tabs.setCurrentWidget(views.rounds)
        if needed > room:
            faults.append(f"crosstable: {needed} pixels wide in {room}")
    return faults


def shown_with_swiss(settings: Settings, scratch: Path, width: int, height: int) -> MainWindow:
    """The main window on ``settings``, the 7-round Swiss open, shown at ``width`` x ``height``."""
    window = MainWindow(settings, recovery_folder=scratch / "recovery", dialogs=UnattendedDialogs())
    assert window.open_path(SWISS_7)
    window.resize(width, height)
    window.show()
    if not QTest.qWaitForWindowExposed(window):
        raise RuntimeError("the window was never shown")
    QApplication.processEvents()
    return window


def main(argv: list[str]) -> int:
    width, height = int(argv[0]), int(argv[1])
    app = QApplication([])
    with tempfile.TemporaryDirectory() as folder:
        scratch = Path(folder)
        settings = Settings(QSettings(str(scratch / "fidedesk.ini"), QSettings.Format.IniFormat))
        window = shown_with_swiss(settings, scratch, width, height)
        print(f"window {window.width()} x {window.height()}, pixel ratio {window.devicePixelRatioF()}")
        for fault in pane_faults(window):
            print(f"fault: {fault}")
        window.close()
        del app
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
