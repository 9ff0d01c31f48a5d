"""The Norms view's two tables: one row per player and title (``core.norms.forecast.NormRow``), and the
selected row's conditions (``core.norms.conditions.Condition``). The rules are core's; these only show them.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt

from fidedesk.core.norms.conditions import Condition
from fidedesk.core.norms.forecast import NormRow
from fidedesk.core.notation import score_text
from fidedesk.gui.common.plain import tip
from fidedesk.gui.common.row_models import Index, RowTableModel

_RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter


def why(row: NormRow) -> str:
    """The first condition that fails or is still to be met, as its article and text; "every condition holds"
    when none does (an achieved norm)."""
    failing = next((condition for condition in row.conditions if condition.known and not condition.holds), None)
    return "every condition holds" if failing is None else f"{failing.article} {failing.text}"


def norm_key(row: NormRow) -> tuple[int, str]:
    """A row's identity across recomputations: the player's start rank and the title."""
    return row.player.start_rank, row.title.value


class NormsModel(RowTableModel[NormRow]):
    """No, Name, Title sought, Status, Games, Pts, Ra, Rp, Needed, Why."""

    NO, NAME, TITLE, STATUS, GAMES, POINTS, RA, RP, NEEDED, WHY = range(10)
    HEADERS = ("No", "Name", "Title sought", "Status", "Games", "Pts", "Ra", "Rp", "Needed", "Why")
    _NUMBERS = frozenset({NO, GAMES, POINTS, RA, RP, NEEDED})

    def cell(self, row: NormRow, index: Index, role: int) -> Any:
        column = index.column()
        if role == Qt.ItemDataRole.TextAlignmentRole and column in self._NUMBERS:
            return _RIGHT
        if role == Qt.ItemDataRole.ToolTipRole and column == self.WHY:
            return tip(why(row))  # the whole text, where the column cuts it
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        return self.text(row, column)

    @classmethod
    def text(cls, row: NormRow, column: int) -> str:
        """What the cell of ``row`` in ``column`` shows (the figures as ``fidedesk-cli norms`` prints them)."""
        cells = (
            str(row.player.start_rank),
            row.player.name,
            row.title.value,
            row.status.value,
            str(row.games),
            score_text(row.score),
            "" if row.opponents_average is None else str(row.opponents_average),
            "" if row.performance is None else str(row.performance),
            "" if row.needed is None else score_text(row.needed),
            why(row),
        )
        return cells[column]


class ConditionsModel(RowTableModel[Condition]):
    """The selected norm's conditions: Article, Holds, and the figures in words."""

    ARTICLE, HOLDS, TEXT = range(3)
    HEADERS = ("Article", "Holds", "Condition")

    def cell(self, row: Condition, index: Index, role: int) -> Any:
        if role == Qt.ItemDataRole.ToolTipRole and index.column() == self.TEXT:
            return tip(row.text)  # the whole text, where the column cuts it
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        return (row.article, row.holds_text, row.text)[index.column()]
