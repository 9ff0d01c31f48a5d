"""Help › User Guide: ``docs/guide.md`` shown in the window, offline, with Find (Ctrl+F).

The guide is our own markdown, shown by Qt's markdown reader; nothing is loaded from outside. A link to a
web page opens in the system's browser (when there is one), never inside the guide.
"""

from __future__ import annotations

from PySide6.QtCore import QUrl
from PySide6.QtGui import QDesktopServices, QKeySequence, QShortcut, QTextDocument
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLineEdit,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from fidedesk.gui.common.look import named, say
from fidedesk.gui.common.plain import give_keys, plain_label
from fidedesk.gui.common.resources import GUIDE, guide_file
from fidedesk.gui.common.screen import fit

#: The guide's first line: what the smoke test and the tests look for to know it is the guide.
GUIDE_HEADING = "# fidedesk user guide"
#: Links the guide may hand to the system (a web page); any other outside link opens nothing.
_OUTSIDE = frozenset({"http", "https", "mailto"})


class GuideMissingError(FileNotFoundError):
    """The user guide is not where fidedesk looks for it (a broken install or bundle)."""


def guide_text() -> str:
    """The user guide's markdown; :class:`GuideMissingError` names where it was looked for when it is not
    there (or is not the guide)."""
    path = guide_file()
    if path is None:
        raise GuideMissingError(f"the user guide ({GUIDE}) is not in resources/ nor beside the source")
    text = path.read_text(encoding="utf-8")
    if not text.startswith(GUIDE_HEADING):
        raise GuideMissingError(f"{path}: does not start with “{GUIDE_HEADING}”")
    return text


class GuideWindow(QDialog):
    """The guide, beside the main window (not modal: the arbiter reads and types at once). Ctrl+F or
    Alt+F goes to Find; Enter finds the next match, Shift+Enter the one before."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("guide_window")
        self.setWindowTitle("fidedesk User Guide")
        self.browser = named(QTextBrowser(), "guide_browser")
        self.browser.setOpenLinks(False)  # every link goes through _follow: nothing is fetched
        self.browser.anchorClicked.connect(self._follow)
        self.find_edit = named(QLineEdit(), "guide_find")
        self.find_edit.setPlaceholderText("Find in the guide (Ctrl+F)")
        self.find_edit.setClearButtonEnabled(True)
        self.find_edit.returnPressed.connect(self.find_next)
        self.message = named(plain_label(), "guide_message")
        try:
            self.browser.setMarkdown(guide_text())
        except (OSError, UnicodeDecodeError) as error:
            self.browser.setPlainText(f"The user guide cannot be shown: {error}")

        label = plain_label("&Find:")
        label.setBuddy(self.find_edit)
        find_row = QHBoxLayout()
        find_row.addWidget(label)
        find_row.addWidget(self.find_edit, 1)
        find_row.addWidget(self.message)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        give_keys(buttons)
        buttons.rejected.connect(self.close)
        layout = QVBoxLayout(self)
        layout.addLayout(find_row)
        layout.addWidget(self.browser, 1)
        layout.addWidget(buttons)
        QShortcut(QKeySequence.StandardKey.Find, self, self._to_find)
        QShortcut(QKeySequence("Shift+Return"), self.find_edit, lambda: self.find_next(backward=True))
        self.browser.setFocus()
        fit(self, 760, 720)

    def _to_find(self) -> None:
        self.find_edit.setFocus()
        self.find_edit.selectAll()

    def find_next(self, backward: bool = False) -> bool:
        """Select the next match of Find's text (wrapping round once); True if one was found."""
        text = self.find_edit.text()
        if not text:
            return False
        flags = QTextDocument.FindFlag.FindBackward if backward else QTextDocument.FindFlag(0)
        found = self.browser.find(text, flags)
        if not found:  # from the other end, once
            cursor = self.browser.textCursor()
            cursor.movePosition(cursor.MoveOperation.End if backward else cursor.MoveOperation.Start)
            self.browser.setTextCursor(cursor)
            found = self.browser.find(text, flags)
        say(self.message, "" if found else "Not found", "muted" if found else "error")
        return found

    def _follow(self, url: QUrl) -> None:
        """A heading of the guide scrolls there; a web page goes to the system's browser; nothing else."""
        if url.scheme() in _OUTSIDE:
            QDesktopServices.openUrl(url)
        elif url.hasFragment() and not url.scheme() and not url.path():
            self.browser.scrollToAnchor(url.fragment())
