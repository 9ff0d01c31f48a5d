"""Issue 14: Tab goes through each form as the eye reads it, rows top to bottom and each row left to right."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QSplitter, QWidget
from pytestqt.qtbot import QtBot

from benchmarks.make_fide_list import write_txt
from fidedesk.gui.excel.import_wizard import ExcelImportDialog
from fidedesk.gui.mainwindow import MainWindow
from fidedesk.gui.tournament import TournamentTab
from fidedesk.io.ratinglist import store as ratinglist
from fidedesk.io.ratinglist.fide_list import Month, inspect
from tests.xlsx_builders import grid


def tab_stops(container: QWidget) -> list[QWidget]:
    """The widgets of ``container`` that Tab stops at, in the order Tab visits them (Qt's focus chain)."""
    stops = []
    widget = container.nextInFocusChain()
    while widget is not container:
        shown = widget.isVisibleTo(container) and widget.isEnabled()
        tabbed = widget.focusPolicy() & Qt.FocusPolicy.TabFocus and widget.focusProxy() is None
        if shown and tabbed and container.isAncestorOf(widget):
            stops.append(widget)
        widget = widget.nextInFocusChain()
    return stops


def reading_order(container: QWidget, widgets: list[QWidget]) -> list[QWidget]:
    """``widgets`` as the eye reads them: in rows (a widget whose middle lies within the height of the
    row's first widget is on that row) top to bottom, each row left to right."""

    def top_left(widget: QWidget) -> QPoint:
        return widget.mapTo(container, QPoint(0, 0))

    rows: list[list[QWidget]] = []
    for widget in sorted(widgets, key=lambda w: (top_left(w).y(), top_left(w).x())):
        middle = top_left(widget).y() + widget.height() // 2
        if rows and top_left(rows[-1][0]).y() <= middle < top_left(rows[-1][0]).y() + rows[-1][0].height():
            rows[-1].append(widget)
        else:
            rows.append([widget])
    return [widget for row in rows for widget in sorted(row, key=lambda w: top_left(w).x())]


def names(widgets: list[QWidget]) -> list[str]:
    return [widget.objectName() or type(widget).__name__ for widget in widgets]


def assert_follows_the_eye(container: QWidget, panes: tuple[QWidget, ...] = ()) -> None:
    """Tab visits ``container``'s widgets in reading order. The one exception, reasoned: side-by-side
    ``panes`` (a splitter's sides, the event form above the players beside the views) are read one pane
    after the other, in reading order of the panes, each pane's widgets in reading order."""
    stops = tab_stops(container)
    assert len(stops) > 1

    def pane_of(widget: QWidget) -> QWidget:
        return next((pane for pane in panes if pane is widget or pane.isAncestorOf(widget)), widget)

    order = reading_order(container, list(dict.fromkeys(pane_of(stop) for stop in stops)))
    expected = [stop for pane in order for stop in reading_order(container, [s for s in stops if pane_of(s) is pane])]
    assert names(stops) == names(expected)


def test_the_tournament_tab(qtbot: QtBot, window: MainWindow) -> None:
    tab = window.tab_content(0)
    assert isinstance(tab, TournamentTab)
    assert_follows_the_eye(tab.event_form)
    assert_follows_the_eye(tab.players)
    rounds = tab.views.rounds  # type: ignore[union-attr]
    assert_follows_the_eye(rounds)
    views = tab.views
    assert views is not None
    # the event and players on the left, then the views' tabs (Rounds), then the calculation and warnings
    assert_follows_the_eye(tab, panes=(tab.splitter.widget(0), views.tabs, views.side))  # type: ignore[attr-defined]


def test_the_calculator(qtbot: QtBot, window: MainWindow) -> None:
    window.tabs.setCurrentIndex(1)
    assert_follows_the_eye(window.tab_content(1))


def test_the_rating_list_search(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    download = tmp_path / "players_list.zip"
    write_txt(download, 50, seed=11, month="2026-11")
    ratinglist.import_list(window.rating_list.database, inspect(download), month=Month(2026, 11))
    dialog = window.rating_list.show_search()
    qtbot.waitExposed(dialog)
    qtbot.keyClicks(dialog.search, "a")
    dialog.run_search()
    qtbot.keyClick(dialog.search, Qt.Key.Key_Down)  # issue 29: of several found, none is chosen until an arrow key
    assert dialog.add_button.isEnabled()
    assert_follows_the_eye(dialog)


def test_the_excel_wizard(qtbot: QtBot, window: MainWindow) -> None:
    wizard = ExcelImportDialog([grid("Players", [["Name", "Rating"], ["Anna", 2100]])], "club.xlsx", window)
    qtbot.addWidget(wizard)
    wizard.show()
    qtbot.waitExposed(wizard)
    left, right = wizard.findChild(QSplitter).widget(0), wizard.findChild(QSplitter).widget(1)
    assert_follows_the_eye(wizard, panes=(left, right))


def test_the_check_itself_can_fail(qtbot: QtBot, window: MainWindow) -> None:
    """Black's field put before White's in the focus chain is out of reading order."""
    tab = window.tab_content(0)
    assert isinstance(tab, TournamentTab)
    rounds = tab.views.rounds  # type: ignore[union-attr]
    QWidget.setTabOrder(rounds.round_box, rounds.black_edit)
    QWidget.setTabOrder(rounds.black_edit, rounds.white_edit)
    with pytest.raises(AssertionError):
        assert_follows_the_eye(rounds)
