"""A list of labelled figures (label, value, why) as a read-only table model.

The one-game results and the rating-period summary are both such lists; their views are a
QTableView (summary) or labels bound by QDataWidgetMapper (one game).
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont

from fidedesk.gui.row_models import Index, RowTableModel


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


class FiguresModel(RowTableModel[Figure]):
    """Rows of :class:`Figure`; columns Label, Value, Why. Read-only; ``updated`` after each new set."""

    LABEL, VALUE, WHY = range(3)
    HEADERS = ("", "Value", "Why")

    updated = Signal()

    # --- figures interface ---------------------------------------------------------------------

    def figures(self) -> tuple[Figure, ...]:
        """The figures shown now."""
        return self.rows()

    def figure(self, key: str) -> Figure | None:
        """The figure named ``key``, or None."""
        return next((figure for figure in self.rows() if figure.key == key), None)

    def value(self, key: str) -> str:
        """The value of figure ``key``, or '' when it is not shown."""
        figure = self.figure(key)
        return figure.value if figure else ""

    def row_of(self, key: str) -> int:
        """The row of figure ``key``, or -1."""
        return next((row for row, figure in enumerate(self.rows()) if figure.key == key), -1)

    def set_figures(self, figures: Sequence[Figure]) -> None:
        """Show ``figures``: changed values in place when the keys are the same, else a reset."""
        self.set_rows(figures, key=lambda figure: figure.key)
        self.updated.emit()

    def cell(self, row: Figure, index: Index, role: int) -> Any:
        column = index.column()
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            return (row.label, row.value, row.why)[column]
        if role == Qt.ItemDataRole.ToolTipRole:
            return row.why or None
        if role == Qt.ItemDataRole.ForegroundRole:
            tone = Tone.MUTED if column == self.WHY and row.tone is not Tone.WARN else row.tone
            return QBrush(_COLORS[tone]) if tone in _COLORS else None
        if role == Qt.ItemDataRole.FontRole and column == self.VALUE and row.tone is Tone.MAIN:
            font = QFont()
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.TextAlignmentRole and column == self.VALUE:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None
