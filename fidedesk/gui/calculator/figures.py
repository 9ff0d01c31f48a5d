"""A list of labelled figures (label, value, why) as a read-only table model.

The one-game results and the rating-period summary are both such lists; their views are a
QTableView (summary) or labels bound by QDataWidgetMapper (one game).
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont

from fidedesk.gui.row_models import Index


class Tone(enum.Enum):
    """How a figure is shown: plainly, as the headline, as a warning, or greyed."""

    PLAIN = "plain"
    MAIN = "main"
    WARN = "warn"
    MUTED = "muted"


@dataclasses.dataclass(frozen=True)
class Figure:
    """One line of results: ``key`` names it for views and tests; ``why`` cites the rule or shows the sum."""

    key: str
    label: str
    value: str
    why: str = ""
    tone: Tone = Tone.PLAIN


_COLORS = {Tone.WARN: QColor("#b23b00"), Tone.MUTED: QColor("#6b6b6b")}


class FiguresModel(QAbstractTableModel):
    """Rows of :class:`Figure`; columns Label, Value, Why. Read-only; ``updated`` after each new set."""

    LABEL, VALUE, WHY = range(3)
    HEADERS = ("", "Value", "Why")

    updated = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._figures: list[Figure] = []

    # --- figures interface ---------------------------------------------------------------------

    def figures(self) -> tuple[Figure, ...]:
        """The figures shown now."""
        return tuple(self._figures)

    def figure(self, key: str) -> Figure | None:
        """The figure named ``key``, or None."""
        return next((figure for figure in self._figures if figure.key == key), None)

    def value(self, key: str) -> str:
        """The value of figure ``key``, or '' when it is not shown."""
        figure = self.figure(key)
        return figure.value if figure else ""

    def row_of(self, key: str) -> int:
        """The row of figure ``key``, or -1."""
        return next((row for row, figure in enumerate(self._figures) if figure.key == key), -1)

    def set_figures(self, figures: Sequence[Figure]) -> None:
        """Show ``figures``: changed values in place when the keys are the same, else a reset."""
        new = list(figures)
        if [f.key for f in new] == [f.key for f in self._figures]:
            old, self._figures = self._figures, new
            changed = [row for row, (a, b) in enumerate(zip(old, new, strict=True)) if a != b]
            if changed:
                self.dataChanged.emit(self.index(min(changed), 0), self.index(max(changed), len(self.HEADERS) - 1))
        else:
            self.beginResetModel()
            self._figures = new
            self.endResetModel()
        self.updated.emit()

    # --- model interface -----------------------------------------------------------------------

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 (Qt override)
        return 0 if parent.isValid() else len(self._figures)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 (Qt override)
        return 0 if parent.isValid() else len(self.HEADERS)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._figures):
            return None
        figure = self._figures[index.row()]
        column = index.column()
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            return (figure.label, figure.value, figure.why)[column]
        if role == Qt.ItemDataRole.ToolTipRole:
            return figure.why or None
        if role == Qt.ItemDataRole.ForegroundRole:
            tone = Tone.MUTED if column == self.WHY and figure.tone is not Tone.WARN else figure.tone
            return QBrush(_COLORS[tone]) if tone in _COLORS else None
        if role == Qt.ItemDataRole.FontRole and column == self.VALUE and figure.tone is Tone.MAIN:
            font = QFont()
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.TextAlignmentRole and column == self.VALUE:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def headerData(  # Qt override
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if orientation == Qt.Orientation.Horizontal and 0 <= section < len(self.HEADERS):
            return self.HEADERS[section]
        if orientation == Qt.Orientation.Vertical and 0 <= section < len(self._figures):
            return str(section + 1)
        return None
