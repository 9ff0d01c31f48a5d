"""Help › Keyboard shortcuts: the window's keys, read from its own actions and shortcuts.

The table is built from the QActions of the menus and of each area and from the QShortcuts at the moment
it is shown, never from a list of its own, so it cannot go stale when a key changes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QAction, QKeyEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QLineEdit,
    QMenu,
    QMenuBar,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from fidedesk.gui.common.plain import give_keys, without_mnemonic
from fidedesk.gui.common.screen import fit

COLUMNS = ("Menu or area", "Command", "Keys")
#: Redo's key beside the platform's standard ones (Ctrl+Shift+Z on Linux, where Ctrl+Y did nothing).
REDO_KEY = QKeySequence("Ctrl+Y")


@dataclass(frozen=True)
class ShortcutRow:
    """One command: where it is (a menu, or the area of the window it works in), its text, its keys."""

    area: str
    command: str
    keys: str


def key_text(keys: Iterable[QKeySequence]) -> str:
    """``keys`` as the platform writes them (Ctrl+Y on Linux and Windows, ⌘Y on macOS), comma-separated."""
    return ", ".join(key.toString(QKeySequence.SequenceFormat.NativeText) for key in keys if not key.isEmpty())


#: The property naming an action whose text changes as it is used (Undo is "Undo Enter result 1-0, board 3").
COMMAND_NAME = "shortcut_command"


def view_action(
    view: QWidget,
    text: str,
    keys: Sequence[QKeySequence | QKeySequence.StandardKey | str],
    slot: Callable[[], object],
) -> QAction:
    """A command of one view on its own keys (a table's Insert, a board's result keys), as a QAction of
    ``view`` that works while ``view`` itself has the keyboard (not its cell editor, where Delete deletes a
    character): so Help › Keyboard Shortcuts lists it and the keys test sees it, where a key caught in a
    ``keyPressEvent`` was invisible to both."""
    action = QAction(text, view)
    action.setShortcuts([QKeySequence(key) for key in keys])
    action.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
    action.triggered.connect(lambda _checked=False: slot())
    view.addAction(action)
    return action


def _command(action: QAction) -> str:
    """The command's name: its fixed name where it has one (:data:`COMMAND_NAME`), else its text."""
    name = action.property(COMMAND_NAME)
    return str(name) if name else without_mnemonic(action.text())


def _menu_rows(menu: QMenu, area: str, seen: set[QAction]) -> list[ShortcutRow]:
    rows = []
    for action in menu.actions():
        seen.add(action)
        submenu = action.menu()
        if isinstance(submenu, QMenu):
            rows += _menu_rows(submenu, f"{area} › {without_mnemonic(submenu.title())}", seen)
        elif keys := key_text(action.shortcuts()):
            rows.append(ShortcutRow(area, _command(action), keys))
    return rows


def shortcut_rows(menu_bar: QMenuBar | None, areas: Sequence[tuple[str, QWidget]]) -> list[ShortcutRow]:
    """Every command with a key: the menu bar's, menu by menu, then each area's (its name, its widget)
    own actions and shortcuts (a QShortcut reads as its What's This text); a command that each of an
    area's tables has on the same key (Copy selected rows) is one row."""
    seen: set[QAction] = set()
    rows = []
    if menu_bar is not None:
        for action in menu_bar.actions():
            submenu = action.menu()
            if isinstance(submenu, QMenu):
                rows += _menu_rows(submenu, without_mnemonic(submenu.title()), seen)
    for area, widget in areas:
        for action in widget.findChildren(QAction):
            if action not in seen and (keys := key_text(action.shortcuts())):
                seen.add(action)
                rows.append(ShortcutRow(area, _command(action), keys))
        for shortcut in widget.findChildren(QShortcut):
            if keys := key_text(shortcut.keys()):
                rows.append(ShortcutRow(area, shortcut.whatsThis(), keys))
    return list(dict.fromkeys(rows))


class ShortcutsDialog(QDialog):
    """The table of :func:`shortcut_rows`, plain text, one row per command."""

    def __init__(self, rows: Sequence[ShortcutRow], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Keyboard Shortcuts")
        self.table = QTableWidget(len(rows), len(COLUMNS))
        self.table.setObjectName("shortcuts_table")
        self.table.setHorizontalHeaderLabels(COLUMNS)
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        for number, row in enumerate(rows):
            for column, text in enumerate((row.area, row.command, row.keys)):
                self.table.setItem(number, column, QTableWidgetItem(text))  # an item's text is never HTML
        self.table.resizeColumnsToContents()
        self.table.resizeRowsToContents()
        self.table.horizontalHeader().setStretchLastSection(True)  # a command can have several keys
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        give_keys(buttons)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.table)
        layout.addWidget(buttons)
        fit(self, 620, 520)


def is_undo_key(event: QKeyEvent) -> bool:
    """Whether ``event`` is one of Edit › Undo's or Redo's keys (the platform's, and :data:`REDO_KEY`)."""
    return (
        event.matches(QKeySequence.StandardKey.Undo)
        or event.matches(QKeySequence.StandardKey.Redo)
        or QKeySequence(event.keyCombination()) == REDO_KEY
    )


class _UndoWhenEmpty(QObject):
    """Lets the undo keys pass an empty line edit (see :func:`undo_when_empty`)."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # Qt override
        # kept from the field and not accepted: Qt then tries the shortcut, the window's Undo or Redo
        return (
            event.type() == QEvent.Type.ShortcutOverride
            and isinstance(watched, QLineEdit)
            and not watched.text()
            and isinstance(event, QKeyEvent)
            and is_undo_key(event)
        )


def undo_when_empty(*edits: QLineEdit) -> None:
    """In an empty ``edits`` field, Ctrl+Z, Ctrl+Shift+Z and Ctrl+Y are the window's Undo and Redo (the
    document's), where a line edit claims them always for its own text; with text in it they stay the field's.

    A field typed into between edits (a board's White and Black) is where the keyboard is when the arbiter
    sees a wrong board: its undo was the field's, and undid nothing. QLineEdit accepts the undo keys'
    ``ShortcutOverride`` whatever its text, so no QAction can have them: a filter of that one event declines
    it instead, and Qt goes on to the window's shortcut. Nothing is caught in a ``keyPressEvent``, and no key
    is added (Help lists Undo and Redo in the Edit menu)."""
    for edit in edits:
        keeper = _UndoWhenEmpty(edit)
        edit.installEventFilter(keeper)
