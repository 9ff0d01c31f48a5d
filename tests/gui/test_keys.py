"""Every Alt+letter and every shortcut of each window, listed from the widgets themselves: no key may do two
things where it can be pressed (issue 14, item 3), and Help › Keyboard Shortcuts lists every key (item 6)."""

from __future__ import annotations

import dataclasses
from collections import defaultdict

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QDialog,
    QGroupBox,
    QLabel,
    QMenu,
    QTabBar,
    QTabWidget,
    QWidget,
)
from pytestqt.qtbot import QtBot

from fidedesk.core.tournament import EventInfo
from fidedesk.gui import mainwindow
from fidedesk.gui.common.plain import mnemonic, without_mnemonic
from fidedesk.gui.common.shortcuts import COMMAND_NAME, ShortcutsDialog, key_text
from fidedesk.gui.excel.import_wizard import ExcelImportDialog
from fidedesk.gui.mainwindow import MainWindow
from tests.gui.conftest import ModelChecks
from tests.xlsx_builders import grid

WIDGET_SCOPES = (Qt.ShortcutContext.WidgetShortcut, Qt.ShortcutContext.WidgetWithChildrenShortcut)


def _widget_mnemonics(window: QWidget) -> list[tuple[str, str]]:
    """(letter, what) of every visible button, buddied label, group box and tab of ``window``, and its
    menu bar's titles: one Alt+letter reaches any of them."""
    found = []
    for widget in [window, *window.findChildren(QWidget)]:
        if not widget.isVisible() or widget.window() is not window:
            continue
        texts: list[str] = []
        if isinstance(widget, QAbstractButton) or (isinstance(widget, QLabel) and widget.buddy() is not None):
            texts = [widget.text()]
        elif isinstance(widget, QGroupBox):
            texts = [widget.title()]
        elif isinstance(widget, QTabBar):
            texts = [widget.tabText(i) for i in range(widget.count()) if widget.isTabVisible(i)]
        found += [(key, f"{type(widget).__name__} {text!r}") for text in texts if (key := mnemonic(text))]
    menu_bar = getattr(window, "menuBar", None)
    if menu_bar is not None:
        found += [(key, f"menu {a.text()!r}") for a in menu_bar().actions() if (key := mnemonic(a.text()))]
    return found


def _menu_clashes(menu: QMenu) -> list[str]:
    """Two items of one menu (or of one of its submenus) on one letter."""
    by_key = defaultdict(list)
    problems = []
    for action in menu.actions():
        if key := mnemonic(action.text()):
            by_key[key].append(action.text())
        if isinstance(submenu := action.menu(), QMenu):
            problems += _menu_clashes(submenu)
    return problems + [f"{menu.title()!r}: Alt+{key} on {texts}" for key, texts in by_key.items() if len(texts) > 1]


def _shortcuts(window: QWidget) -> list[tuple[str, QWidget | None, str]]:
    """(key, scope, what) of every action and QShortcut that works in ``window`` as shown now; the scope is
    None for the whole window, else the widget a widget-scoped key works in."""
    found = []
    for action in window.findChildren(QAction):
        widgets = [w for w in action.associatedObjects() if isinstance(w, QWidget)]
        shown = [w for w in widgets if w.isVisible() or isinstance(w, QMenu)]
        if not shown:
            continue
        scoped = action.shortcutContext() in WIDGET_SCOPES
        for key in action.shortcuts():
            found.append((key.toString(), shown[0] if scoped else None, f"action {action.text()!r}"))
    for shortcut in window.findChildren(QShortcut):
        parent = shortcut.parent()
        if isinstance(parent, QWidget) and parent.isVisible():
            scoped = shortcut.context() in WIDGET_SCOPES
            keys: list[QKeySequence] = shortcut.keys()
            for key in keys:
                found.append((key.toString(), parent if scoped else None, f"shortcut {shortcut.whatsThis()!r}"))
    return found


def _clashes(window: QWidget) -> list[str]:
    """Every Alt+letter or key that two things of ``window``, as shown now, answer to."""
    problems = []
    by_letter = defaultdict(list)
    for key, what in _widget_mnemonics(window):
        by_letter[key].append(what)
    problems += [f"Alt+{key}: {whats}" for key, whats in by_letter.items() if len(whats) > 1]
    menu_bar = getattr(window, "menuBar", None)
    if menu_bar is not None:
        for action in menu_bar().actions():
            if isinstance(menu := action.menu(), QMenu):
                problems += _menu_clashes(menu)
    keys = _shortcuts(window)
    for number, (key, scope, what) in enumerate(keys):
        for other_key, other_scope, other in keys[number + 1 :]:
            # two widget-scoped keys clash only where one widget holds the other (both work there)
            overlap = scope is None or other_scope is None or scope.isAncestorOf(other_scope)
            overlap = overlap or other_scope.isAncestorOf(scope) or scope is other_scope
            if key == other_key and overlap:
                problems.append(f"{key}: {what} and {other}")
    return problems


def test_the_main_window_has_no_clash_on_any_tab(window: MainWindow, qtbot: QtBot) -> None:
    """Each tab, and each page of the tabs inside it (the tournament's Rounds, Crosstable, Standings), as
    shown together with the menu bar."""
    problems, walked = [], []
    for index in range(window.tabs.count()):
        window.tabs.setCurrentIndex(index)
        QApplication.processEvents()
        inner = [tabs for tabs in window.findChildren(QTabWidget) if tabs is not window.tabs and tabs.isVisible()]
        pages = [(tabs, page) for tabs in inner for page in range(tabs.count())] or [(None, 0)]
        for tabs, page in pages:
            if tabs is not None:
                tabs.setCurrentIndex(page)
                QApplication.processEvents()
            where = without_mnemonic(window.tabs.tabText(index))
            where += f" › {tabs.tabText(page)}" if tabs is not None else ""
            walked.append(where)
            problems += [f"{where}: {problem}" for problem in _clashes(window)]
    assert problems == []
    assert {"Tournament › Rounds", "Tournament › Standings", "Calculator", "Reference tables"} <= set(walked)


def test_the_rating_list_window_and_the_excel_wizard_have_no_clash(window: MainWindow, qtbot: QtBot) -> None:
    search = window.rating_list.show_search()
    qtbot.waitExposed(search)
    wizard = ExcelImportDialog([grid("Players", [["Name", "Rating"], ["Anna", 2100]])], "club.xlsx", window)
    qtbot.addWidget(wizard)
    wizard.show()
    qtbot.waitExposed(wizard)
    assert _widget_mnemonics(search) and _widget_mnemonics(wizard)  # the scan sees their keys
    assert _clashes(search) == []
    assert _clashes(wizard) == []


def test_the_scan_finds_a_clash(window: MainWindow) -> None:
    """The check itself can fail: a button on the menu bar's Alt+F, an action on Ctrl+S."""
    from PySide6.QtWidgets import QPushButton

    button = QPushButton("&Fix", window.statusBar())
    button.show()
    window.addAction(clash := QAction("Clash", window))
    clash.setShortcut(QKeySequence("Ctrl+S"))
    problems = _clashes(window)
    assert any(problem.startswith("Alt+f:") for problem in problems)
    assert any(problem.startswith("Ctrl+S:") for problem in problems)


def test_ctrl_y_redoes_as_ctrl_shift_z_does(window: MainWindow, qtbot: QtBot) -> None:
    keys = window.redo_action.shortcuts()
    assert QKeySequence("Ctrl+Y") in keys
    assert all(key in keys for key in QKeySequence.keyBindings(QKeySequence.StandardKey.Redo))
    form = window.tab_content(0).findChild(QWidget, "event_name")
    assert form is not None
    window.tabs.setCurrentIndex(0)
    form.setFocus()
    qtbot.keyClicks(form, "Open")
    qtbot.keyClick(form, Qt.Key.Key_Return)
    assert window.document.tournament.info.name == "Open"
    window.undo_action.trigger()
    assert window.document.tournament.info.name != "Open"
    qtbot.keyClick(window, Qt.Key.Key_Y, Qt.KeyboardModifier.ControlModifier)
    assert window.document.tournament.info.name == "Open"


def test_help_lists_every_key_of_the_window(
    window: MainWindow, qtbot: QtBot, qtmodeltester: ModelChecks, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Help › Keyboard Shortcuts shows every action and shortcut of the window that has a key, with its
    text (no ``&``) and its keys as the platform writes them, read from the widgets when it opens."""
    shown: list[QDialog] = []
    monkeypatch.setattr(mainwindow, "answered", lambda dialog: shown.append(dialog) or False)
    help_menu = window.menuBar().actions()[-1].menu()
    assert isinstance(help_menu, QMenu) and window.shortcuts_action in help_menu.actions()
    # after an edit Undo's text names the step ("Undo Edit event"); the list still names the command
    tournament = window.document.tournament
    window.document.apply("Edit event", dataclasses.replace(tournament, info=EventInfo(name="Open")))
    assert window.undo_action.text() != "Undo"
    window.shortcuts_action.trigger()
    assert len(shown) == 1
    dialog = shown[0]
    assert isinstance(dialog, ShortcutsDialog)
    qtbot.addWidget(dialog)
    qtmodeltester.check(dialog.table.model())
    table = [tuple(dialog.table.item(r, c).text() for c in range(3)) for r in range(dialog.table.rowCount())]
    missing = []
    for action in window.findChildren(QAction):
        keys = key_text(action.shortcuts())
        command = action.property(COMMAND_NAME) or without_mnemonic(action.text())
        if keys and not any(row[1:] == (command, keys) for row in table):
            missing.append((action.text(), keys))
    for shortcut in window.findChildren(QShortcut):
        if not shortcut.whatsThis() or not any(
            row[1:] == (shortcut.whatsThis(), key_text(shortcut.keys())) for row in table
        ):
            missing.append((shortcut.whatsThis(), key_text(shortcut.keys())))
    assert missing == []
    assert ("Edit", "Redo", key_text(window.redo_action.shortcuts())) in table
    assert ("Edit", "Undo", key_text(window.undo_action.shortcuts())) in table
    assert (
        "File",
        "Save",
        QKeySequence(QKeySequence.StandardKey.Save).toString(QKeySequence.SequenceFormat.NativeText),
    ) in table
    assert ("Tournament", "Show the Crosstable", "Alt+2") in table
    assert ("Calculator", "Add game", "Ins") in table
    assert len(set(table)) == len(table)  # each table's Copy selected rows on Reference tables: one row


def test_help_lists_the_keys_of_the_players_and_the_boards(window: MainWindow) -> None:
    """Insert and Delete on the players, the result keys on the boards and Ctrl+C on a table were caught in
    the tables' keyPressEvent, unseen by Help and by the clash test; now they are the tables' actions."""
    rows = {(row.area, row.command): row.keys for row in window.shortcut_rows()}
    copy = QKeySequence(QKeySequence.StandardKey.Copy).toString(QKeySequence.SequenceFormat.NativeText)
    assert rows[("Tournament", "Add player")] == "Ins"
    assert rows[("Tournament", "Remove player")] == "Del"
    assert rows[("Tournament", "Result 1-0")] == "1"
    assert rows[("Tournament", "Result 0-1")] == "0"
    assert rows[("Tournament", "Result ½-½")] == "=, 5, ½"
    assert rows[("Tournament", "Result +--")] == "+"
    assert rows[("Tournament", "Result --+")] == "-"
    assert rows[("Tournament", "Unpair board")] == "Del, Backspace"
    assert ("Tournament", "Paste a round") in rows and rows[("Tournament", "Copy table")] == copy
