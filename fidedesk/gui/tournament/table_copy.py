"""A table view whose Ctrl+C copies the whole table for a spreadsheet.

The cells go through :func:`fidedesk.io.excel.sheet_text.pasted_cell`, the rule the Excel export follows: a
name like ``=HYPERLINK(…)`` is pasted as text, and a tab or a line break in a name cannot split a row.
A model says which of its columns hold text from a file or a person by answering True to
:data:`OUTSIDE_TEXT_ROLE` in ``headerData``; the other columns are its own figures, pasted as shown.
"""

from __future__ import annotations

from typing import Final

from PySide6.QtCore import QAbstractItemModel, Qt
from PySide6.QtGui import QGuiApplication, QKeyEvent, QKeySequence
from PySide6.QtWidgets import QTableView, QWidget

from fidedesk.gui.common.shortcuts import view_action
from fidedesk.io.excel.sheet_text import pasted_rows

#: A horizontal header role: True for a column of text from a file or a person (a name), False or None
#: for the model's own figures.
OUTSIDE_TEXT_ROLE: Final = Qt.ItemDataRole.UserRole + 13


def table_text(model: QAbstractItemModel) -> str:
    """The whole table with its headers as tab-separated lines, safe to paste into a spreadsheet."""
    columns = range(model.columnCount())
    horizontal = Qt.Orientation.Horizontal
    outside = [bool(model.headerData(c, horizontal, OUTSIDE_TEXT_ROLE)) for c in columns]
    header = [str(model.headerData(c, horizontal) or "") for c in columns]
    rows = [[str(model.index(r, c).data() or "") for c in columns] for r in range(model.rowCount())]
    return pasted_rows([header], [False] * len(header)) + pasted_rows(rows, outside)


class CopyTable(QTableView):
    """Ctrl+C and the context menu's "Copy table" put every row, headers first, on the clipboard (the item
    view's own Ctrl+C copies one cell; a whole standings or crosstable is what gets pasted)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.copy_action = view_action(self, "&Copy table", [QKeySequence.StandardKey.Copy], self.copy_table)
        self.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)

    def copy_table(self) -> None:
        QGuiApplication.clipboard().setText(table_text(self.model()))

    def keyPressEvent(self, event: QKeyEvent) -> None:  # Qt override
        # the action's shortcut works while the table holds the keyboard; a Ctrl+C that reaches the table
        # otherwise (its window not active) takes the same action, never the item view's one-cell copy
        if event.matches(QKeySequence.StandardKey.Copy):
            self.copy_action.trigger()
        else:
            super().keyPressEvent(event)
