"""A read-only table view whose Ctrl+C copies the whole table for a spreadsheet."""

from __future__ import annotations

from PySide6.QtCore import QAbstractItemModel, Qt
from PySide6.QtGui import QAction, QGuiApplication, QKeyEvent, QKeySequence
from PySide6.QtWidgets import QTableView, QWidget


def table_text(model: QAbstractItemModel) -> str:
    """The whole table with its headers as tab-separated lines."""
    columns = range(model.columnCount())
    lines = ["\t".join(str(model.headerData(c, Qt.Orientation.Horizontal) or "") for c in columns)]
    lines += ["\t".join(str(model.index(r, c).data() or "") for c in columns) for r in range(model.rowCount())]
    return "\n".join(lines) + "\n"


class CopyTable(QTableView):
    """Ctrl+C and the context menu's "Copy table" put every row, headers first, on the clipboard."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        action = QAction("&Copy table", self)
        action.triggered.connect(self.copy_table)
        self.addAction(action)
        self.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)

    def copy_table(self) -> None:
        QGuiApplication.clipboard().setText(table_text(self.model()))

    def keyPressEvent(self, event: QKeyEvent) -> None:  # Qt override
        # the item view's own Ctrl+C copies one cell; a whole standings or crosstable is what gets pasted
        if event.matches(QKeySequence.StandardKey.Copy):
            self.copy_table()
        else:
            super().keyPressEvent(event)
