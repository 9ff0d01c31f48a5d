"""The menu bar, menu by menu: every action's text, keys and menu role, the separators and submenus, in order.

The snapshot was taken from the window before its menus were built from each feature's contribution
(``MenuContribution``, :mod:`fidedesk.gui.mainwindow`): a menu, an action, a key or a separator that moves
fails here. The keys the platform names (Undo, Redo, Quit, Help, Print...) are written as the window reads
them, so the snapshot holds on every platform.
"""

from __future__ import annotations

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu

from fidedesk.gui.mainwindow import MainWindow

SEPARATOR = "---"
Key = QKeySequence.StandardKey
TEXT, QUIT, ABOUT, ABOUT_QT = "TextHeuristicRole", "QuitRole", "AboutRole", "AboutQtRole"


def _text(keys: list[QKeySequence]) -> str:
    return ", ".join(key.toString(QKeySequence.SequenceFormat.PortableText) for key in keys)


def _standard(key: QKeySequence.StandardKey, *fallback: str) -> str:
    """The platform's keys for ``key``, or ``fallback`` where it names none."""
    return _text(QKeySequence.keyBindings(key) or [QKeySequence(text) for text in fallback])


def _first(key: QKeySequence.StandardKey) -> str:
    """The platform's first key for ``key`` (what ``setShortcut(key)`` sets)."""
    return _text([QKeySequence(key)])


def _redo() -> str:
    keys = QKeySequence.keyBindings(Key.Redo)
    ctrl_y = QKeySequence("Ctrl+Y")
    return _text([*keys, *[ctrl_y] * (ctrl_y not in keys)])


def _entry(action: QAction) -> str:
    if action.isSeparator():
        return SEPARATOR
    submenu = " [menu]" if action.menu() is not None else ""
    return f"{action.text()}{submenu} | {_text(action.shortcuts())} | {action.menuRole().name}"


def menu_bar(window: MainWindow) -> dict[str, list[str]]:
    """Each menu's title and its entries, in the order the menu bar shows them."""
    snapshot: dict[str, list[str]] = {}
    for action in window.menuBar().actions():
        menu = action.menu()
        assert isinstance(menu, QMenu)
        snapshot[action.text()] = [_entry(entry) for entry in menu.actions()]
    return snapshot


def expected() -> dict[str, list[str]]:
    """The menu bar as it was (taken from the window on main before the change)."""
    return {
        "&File": [
            f"&New | {_first(Key.New)} | {TEXT}",
            f"&Open… | {_first(Key.Open)} | {TEXT}",
            f"Open &Recent [menu] |  | {TEXT}",
            SEPARATOR,
            f"&Save | {_first(Key.Save)} | {TEXT}",
            f"Save &As… | {_first(Key.SaveAs)} | {TEXT}",
            SEPARATOR,
            f"&Import TRF… |  | {TEXT}",
            f"&Export TRF… |  | {TEXT}",
            SEPARATOR,
            f"Import from E&xcel… |  | {TEXT}",
            f"Export to Exce&l… |  | {TEXT}",
            f"Save &Blank Player List… |  | {TEXT}",
            SEPARATOR,
            f"Print Pre&view… | Ctrl+Shift+P | {TEXT}",
            f"&Print… | {_standard(Key.Print, 'Ctrl+P')} | {TEXT}",
            f"Export P&DF… |  | {TEXT}",
            f"Export &Web Pages… |  | {TEXT}",
            SEPARATOR,
            f"&Quit | {_standard(Key.Quit, 'Ctrl+Q')} | {QUIT}",
        ],
        "&Edit": [
            f"&Undo | {_first(Key.Undo)} | {TEXT}",
            f"&Redo | {_redo()} | {TEXT}",
            SEPARATOR,
            f"&Pair Next Round | Ctrl+R | {TEXT}",
            f"Pair &All Rounds (Round Robin) | Ctrl+Shift+R | {TEXT}",
            SEPARATOR,
            f"Number Players by Ra&ting |  | {TEXT}",
            f"Number Players by &Lot |  | {TEXT}",
        ],
        "Rating &List": [
            f"&Search Rating List… | Ctrl+L | {TEXT}",
            f"&Update Ratings from List… |  | {TEXT}",
            SEPARATOR,
            f"&Import FIDE Rating List… |  | {TEXT}",
        ],
        "&View": [
            f"&Tournament | Ctrl+1 | {TEXT}",
            f"&Calculator | Ctrl+2 | {TEXT}",
            f"&Reference tables | Ctrl+3 | {TEXT}",
        ],
        "&Help": [
            f"User &Guide | {_standard(Key.HelpContents, 'F1')} | {TEXT}",
            f"&About fidedesk |  | {ABOUT}",
            f"About &Qt |  | {ABOUT_QT}",
            SEPARATOR,
            f"&Keyboard Shortcuts |  | {TEXT}",
        ],
    }


def test_menu_bar_is_unchanged(window: MainWindow) -> None:
    assert menu_bar(window) == expected()
