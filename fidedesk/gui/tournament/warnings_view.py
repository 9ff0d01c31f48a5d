"""The warnings panel: :mod:`fidedesk.core.warnings` (results not rated, players left without a rating, the
edition's composition rules, the rate of play, boards still without a result) as lines of Kind, What, Where.

The lines are worded in :mod:`fidedesk.core.warning_lines` (the printed warnings use them too). Each line is one
row of a tree, one text line high whatever the size of the event (an event of 300 players once had one row of
places fill the whole panel); its places (games, boards, players) are its child rows, collapsed until opened
(Right arrow or a click), and the first :data:`~fidedesk.core.warnings.PLACES_SHOWN` are in its tool tip.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QObject, Qt
from PySide6.QtGui import QBrush, QColor

from fidedesk.core.warning_lines import WarningLine, warning_lines
from fidedesk.core.warnings import event_warnings
from fidedesk.gui.common.plain import tip
from fidedesk.gui.common.row_models import Index, header
from fidedesk.gui.tournament.rating_panel import EventRatings

#: The internal id of a line's own index; a place's index holds its line's row + 1.
_LINE: int = 0


class WarningsModel(QAbstractItemModel):
    """Kind, What, Where, one row per line, its places as child rows (in the What column): refreshed whenever
    the event is rated again, reset only when a line changed."""

    HEADERS = ("Kind", "What", "Where")
    _COLORS = {  # noqa: RUF012 (read-only)
        "Rules": "#b23b00",
        "Rate of play": "#b23b00",
        "No rating": "#b23b00",
        "No result": "#8a6d00",
        "Note": "#5a5a5a",
    }

    def __init__(self, ratings: EventRatings, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._ratings = ratings
        self._rows: tuple[WarningLine, ...] = ()
        ratings.updated.connect(self.refresh)
        self.refresh()

    def rows(self) -> tuple[WarningLine, ...]:
        """The lines, in the order shown."""
        return self._rows

    def refresh(self) -> None:
        """Read the warnings of the event as it is rated now; the view is reset only when they differ.

        Most edits (a result entered) change no warning: resetting then would lose the view's scroll
        position, the lines opened and the current row for nothing.
        """
        rows = tuple(warning_lines(event_warnings(self._ratings.tournament(), self._ratings.rating())))
        if rows != self._rows:
            self.beginResetModel()
            self._rows = rows
            self.endResetModel()

    # --- model interface ---------------------------------------------------------------------------

    def index(self, row: int, column: int, parent: Index = QModelIndex()) -> QModelIndex:  # noqa: B008 (Qt override)
        if not self.hasIndex(row, column, parent):
            return QModelIndex()
        if not parent.isValid():
            return self.createIndex(row, column, _LINE)
        return self.createIndex(row, column, parent.row() + 1)

    def parent(self, index: Index = QModelIndex()) -> QModelIndex:  # type: ignore[override]  # noqa: B008 (Qt)
        if not index.isValid() or index.internalId() == _LINE:
            return QModelIndex()
        return self.createIndex(index.internalId() - 1, 0, _LINE)

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 (Qt override)
        if not parent.isValid():
            return len(self._rows)
        if parent.internalId() == _LINE and parent.column() == 0:
            return len(self._rows[parent.row()].places)
        return 0

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 (Qt override)
        return len(self.HEADERS)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        if index.internalId() != _LINE:  # a place: in the What column, under its line
            place = self._rows[index.internalId() - 1].places[index.row()]
            if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole) and index.column() == 1:
                return place if role == Qt.ItemDataRole.DisplayRole else tip(place)
            return None
        row = self._rows[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return (row.kind, row.what, row.where)[index.column()]
        if role == Qt.ItemDataRole.ToolTipRole:
            return tip(f"{row.what}\n{row.where}".strip())
        if role == Qt.ItemDataRole.ForegroundRole and index.column() == 0 and row.kind in self._COLORS:
            return QBrush(QColor(self._COLORS[row.kind]))
        return None

    def headerData(  # Qt override
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        return header(self.HEADERS, section, orientation, role)
