"""Fidedesk's questions asked with Qt's dialogs: the :class:`~fidedesk.gui.common.dialogs.Dialogs` of the window.

Each message box and file dialog is modal over the window that is active (the rating-list window when
a question comes from it), else over the main window. The window's own dialogs (the Excel import
wizard, a rating list's month, the updates a list makes) are built only when first asked for.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QListWidget,
    QMessageBox,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from fidedesk.core.values import counted
from fidedesk.gui.common.dialogs import Choice
from fidedesk.gui.common.plain import answered, ask, back_to, give_keys, message_box, plain_label
from fidedesk.gui.common.screen import fit
from fidedesk.io.native import recovery

Icon = QMessageBox.Icon
#: Qt's QWIDGETSIZE_MAX: no limit to a widget's size.
QWIDGETSIZE_MAX = (1 << 24) - 1

if TYPE_CHECKING:
    from PySide6.QtPrintSupport import QPrinter

    from fidedesk.gui.printing.choice import DocumentChoice, DocumentOffer
    from fidedesk.io.excel.grid import SheetGrid
    from fidedesk.io.excel.importing import ImportResult
    from fidedesk.io.ratinglist.fide_list import ListKind, ListSource, Month
    from fidedesk.io.ratinglist.store import Update


class QtDialogs:
    """:class:`~fidedesk.gui.common.dialogs.Dialogs` asked with Qt's dialogs over ``window``."""

    def __init__(self, window: QWidget) -> None:
        self._window = window

    def _parent(self) -> QWidget:
        active = QApplication.activeWindow()
        return active if active is not None and active.isVisible() else self._window

    def open_file(self, title: str, folder: str, filter_: str) -> Path | None:
        parent = self._parent()
        name, _ = QFileDialog.getOpenFileName(parent, title, folder, filter_)
        back_to(parent)
        return Path(name) if name else None

    def save_file(self, title: str, suggested: str, filter_: str) -> Path | None:
        parent = self._parent()
        name, _ = QFileDialog.getSaveFileName(parent, title, suggested, filter_)
        back_to(parent)
        return Path(name) if name else None

    def save_file_of_kind(
        self, title: str, suggested: str, kinds: Sequence[str], chosen: int
    ) -> tuple[Path, int] | None:
        parent = self._parent()
        name, kind = QFileDialog.getSaveFileName(parent, title, suggested, ";;".join(kinds), kinds[chosen])
        back_to(parent)
        return (Path(name), kinds.index(kind) if kind in kinds else chosen) if name else None

    def confirm_discard(self, name: str) -> Choice:
        buttons = QMessageBox.StandardButton
        choices = buttons.Save | buttons.Discard | buttons.Cancel
        box = message_box(self._parent(), Icon.Question, "Unsaved changes", f"Save changes to {name}?", choices)
        box.setDefaultButton(buttons.Save)
        answer = ask(box)
        return {buttons.Save: Choice.SAVE, buttons.Discard: Choice.DISCARD}.get(answer, Choice.CANCEL)

    def confirm(self, title: str, text: str) -> bool:
        buttons = QMessageBox.StandardButton
        box = message_box(self._parent(), Icon.Question, title, text, buttons.Yes | buttons.No)
        # Enter answers No: a question that stops an action typed ahead (the next board's "3 Enter") must not be
        # answered by the keys that came after it
        box.setDefaultButton(buttons.No)
        return ask(box) == buttons.Yes

    def error(self, title: str, text: str) -> None:
        ask(message_box(self._parent(), Icon.Warning, title, text))

    def info(self, title: str, text: str) -> None:
        ask(message_box(self._parent(), Icon.Information, title, text))

    def choose_recovery(self, found: Sequence[recovery.Recovery]) -> recovery.Recovery | None:
        dialog = RecoveryDialog(found, self._parent())
        return dialog.chosen() if answered(dialog) else None

    def confirm_list(self, source: ListSource) -> tuple[Month, ListKind] | None:
        from fidedesk.gui.ratinglist.dialogs import ImportListDialog

        dialog = ImportListDialog(source, self._parent())
        return dialog.choice() if answered(dialog) else None

    def review_updates(self, updates: Sequence[Update], summary: str) -> bool:
        from fidedesk.gui.ratinglist.dialogs import UpdatesDialog

        return answered(UpdatesDialog(updates, summary, self._parent()))

    def excel_import(self, grids: Sequence[SheetGrid], source: str) -> ImportResult | None:
        from fidedesk.gui.excel.import_wizard import ExcelImportDialog  # the wizard is built only when asked for

        dialog = ExcelImportDialog(grids, source, self._parent())
        return dialog.outcome if answered(dialog) else None

    def choose_folder(self, title: str, folder: str) -> Path | None:
        dialog = folder_dialog(self._parent(), title, folder)
        chosen = dialog.selectedFiles() if answered(dialog) else []
        return Path(chosen[0]) if chosen and chosen[0] else None

    def choose_document(self, title: str, offer: DocumentOffer) -> DocumentChoice | None:
        from fidedesk.gui.printing.chooser import DocumentChooser

        dialog = DocumentChooser(title, offer, self._parent())
        return dialog.choice() if answered(dialog) else None

    def choose_printer(self, printer: QPrinter) -> bool:
        from PySide6.QtPrintSupport import QPrintDialog

        return answered(QPrintDialog(printer, self._parent()))

    def preview(self, printer: QPrinter, paint: Callable[[QPrinter], None]) -> None:
        from PySide6.QtPrintSupport import QPrintPreviewDialog

        parent = self._parent()
        dialog = QPrintPreviewDialog(printer, parent)
        dialog.paintRequested.connect(paint)
        # as large as the window it previews for (a page must be readable), never past the screen's free area
        fit(dialog, max(parent.window().width(), 900), max(parent.window().height(), 700))
        QTimer.singleShot(0, dialog, lambda: readable(dialog))
        answered(dialog)


def folder_dialog(parent: QWidget, title: str, folder: str) -> QFileDialog:
    """A folder to write into, chosen among folders only, with a New Folder button (issue 29: web pages go
    into a folder of their own, often one not made yet). Qt's own dialog has the button as an icon without a
    key: it is labelled, with Alt+N, and the dialog's other buttons get keys too. A platform's own dialog,
    where Qt uses one, has a New Folder button of its own."""
    dialog = QFileDialog(parent, title, folder)
    dialog.setFileMode(QFileDialog.FileMode.Directory)
    dialog.setOption(QFileDialog.Option.ShowDirsOnly, True)
    new_folder = dialog.findChild(QToolButton, "newFolderButton")
    if new_folder is not None:
        new_folder.setText("&New Folder")
        new_folder.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        new_folder.setMinimumSize(0, 0)  # Qt's form fixes the icon's 22 x 22: wide enough for the words now
        new_folder.setMaximumSize(QWIDGETSIZE_MAX, QWIDGETSIZE_MAX)
    buttons = dialog.findChild(QDialogButtonBox)
    if buttons is not None:
        give_keys(buttons)
    return dialog


#: The smallest zoom at which a previewed page's 7-point text can be read on screen.
READABLE_ZOOM = 0.7


def readable(dialog: QWidget) -> None:
    """A print preview whose whole page would be too small to read (a 1024 x 640 screen) shows it at its
    actual size instead, or as wide as the preview when that is narrower: the arbiter scrolls down the page."""
    from PySide6.QtPrintSupport import QPrintPreviewWidget

    preview = dialog.findChild(QPrintPreviewWidget)
    if preview is None or preview.zoomFactor() >= READABLE_ZOOM:
        return
    preview.fitToWidth()
    if preview.zoomFactor() > 1.0:
        preview.setZoomFactor(1.0)


def describe(found: recovery.Recovery) -> str:
    """One line about a recovery file: the event, its size, when it was written, and its file."""
    when = found.saved.strftime("%Y-%m-%d %H:%M")
    if found.error:
        return f"{when}: cannot be read ({found.error})"
    name = found.event_name or "Untitled event"
    where = found.document.name if found.document else "never saved"
    return f"{name}: {counted(found.players, 'player')}, {counted(found.rounds, 'round')}, written {when} ({where})"


class RecoveryDialog(QDialog):
    """The work found after a crash: choose one to restore; the others are discarded."""

    def __init__(self, found: Sequence[recovery.Recovery], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Recover unsaved work")
        self._found = [item for item in found if item.error is None]
        text = plain_label(
            "fidedesk was not closed properly last time. This unsaved work was kept; restore it?\n"
            "Work not restored is discarded."
        )
        text.setWordWrap(True)
        self.list = QListWidget()
        self.list.addItems([describe(item) for item in self._found])
        if self._found:
            self.list.setCurrentRow(0)
        buttons = QDialogButtonBox()
        restore = buttons.addButton("&Restore", QDialogButtonBox.ButtonRole.AcceptRole)
        restore.setEnabled(bool(self._found))
        buttons.addButton("&Discard", QDialogButtonBox.ButtonRole.RejectRole)
        give_keys(buttons)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(text)
        layout.addWidget(self.list)
        layout.addWidget(buttons)
        # wide enough for the longest line (the event's name tells one event's work from another's), never
        # wider than the screen's free area (a longer line then scrolls)
        margins = layout.contentsMargins()
        lines = (
            self.list.sizeHintForColumn(0)
            + 2 * self.list.frameWidth()
            + self.list.verticalScrollBar().sizeHint().width()
        )
        fit(self, max(self.sizeHint().width(), lines + margins.left() + margins.right() + 8), self.sizeHint().height())

    def chosen(self) -> recovery.Recovery | None:
        row = self.list.currentRow()
        return self._found[row] if 0 <= row < len(self._found) else None
