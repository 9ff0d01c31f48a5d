"""What the arbiter should know before sending the event: results not rated, players left without a rating,
the edition's composition rules, and boards still without a result.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, Qt
from PySide6.QtGui import QBrush, QColor

from fidedesk.core.editing import boards
from fidedesk.core.event import EventRating
from fidedesk.core.results import ResultCode
from fidedesk.core.tournament import Tournament
from fidedesk.gui.calculator.figures import Index
from fidedesk.gui.tournament.rating_panel import EventRatings

_PENDING_REASON = ResultCode.PENDING.reason_not_rated


@dataclasses.dataclass(frozen=True)
class WarningLine:
    """One line of the warnings: its kind, what it says, and where (rounds and boards or players)."""

    kind: str
    what: str
    where: str = ""


def not_rated_groups(rating: EventRating) -> list[WarningLine]:
    """Results not rated, one line per reason; each game is listed once, under the first player who has it."""
    seen: set[tuple[int, frozenset[int]]] = set()
    groups: dict[str, list[tuple[int, int, str]]] = {}
    for player in rating.players:
        for item in player.not_rated:
            if item.reason == _PENDING_REASON:
                continue  # listed with the boards still to enter
            ranks = frozenset({player.player.start_rank, *([item.opponent] if item.opponent is not None else [])})
            if (item.round, ranks) in seen:
                continue
            seen.add((item.round, ranks))
            against = f" v {item.opponent}" if item.opponent is not None else ""
            rank = player.player.start_rank
            groups.setdefault(item.reason, []).append((item.round, rank, f"R{item.round}: {rank}{against}"))
    lines = []
    for reason, games in sorted(groups.items(), key=lambda group: -len(group[1])):
        count = len(games)
        where = ", ".join(text for _, _, text in sorted(games))
        lines.append(WarningLine("Not rated", f"{count} result{'s' if count != 1 else ''}: {reason}", where))
    return lines


def without_rating(rating: EventRating) -> list[WarningLine]:
    """Unrated players who get no published rating from the event, and why."""
    lines = []
    for player in rating.players:
        initial = player.initial
        if initial is not None and (initial.value is None or not initial.published):
            computed = f" (computed {initial.value})" if initial.value is not None else ""
            name = f"{player.player.start_rank}. {player.player.name}"
            lines.append(WarningLine("No rating", f"{name}: {initial.reason}{computed}", name))
    return lines


def pending_boards(tournament: Tournament) -> list[WarningLine]:
    """Per round, the boards paired without a result yet."""
    lines = []
    # one scan finds the rounds with pending results; only those are laid out as boards
    rounds = sorted({e.round for p in tournament.players for e in p.rounds if e.result is ResultCode.PENDING})
    for round_ in rounds:
        pending = [
            str(n) for n, board in enumerate(boards(tournament, round_), 1) if board.result is ResultCode.PENDING
        ]
        if pending:
            noun = "board" if len(pending) == 1 else "boards"
            lines.append(WarningLine("No result", f"Round {round_}: {len(pending)} {noun} without a result",
                                  f"{noun} {', '.join(pending)}"))  # fmt: skip
    return lines


def all_warnings(tournament: Tournament, rating: EventRating) -> list[WarningLine]:
    """The event's warnings, then results not rated, players without a rating, and boards to enter."""
    event = [WarningLine("Rules", text) for text in rating.warnings]
    return [*event, *not_rated_groups(rating), *without_rating(rating), *pending_boards(tournament)]


class WarningsModel(QAbstractTableModel):
    """Kind, What, Where: refreshed whenever the event is rated again."""

    HEADERS = ("Kind", "What", "Where")
    _COLORS = {"Rules": "#b23b00", "No rating": "#b23b00", "No result": "#8a6d00"}  # noqa: RUF012 (read-only)

    def __init__(self, ratings: EventRatings, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._ratings = ratings
        self._rows: list[WarningLine] = []
        ratings.updated.connect(self.refresh)
        self.refresh()

    def rows(self) -> tuple[WarningLine, ...]:
        return tuple(self._rows)

    def refresh(self) -> None:
        """Read the warnings of the event as it is rated now."""
        self.beginResetModel()
        note = self._ratings.kind_note()
        kind = [WarningLine("Rules", note)] if note else []
        self._rows = [*kind, *all_warnings(self._ratings.document.tournament, self._ratings.rating())]
        self.endResetModel()

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 (Qt override)
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 (Qt override)
        return 0 if parent.isValid() else len(self.HEADERS)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        row = self._rows[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return (row.kind, row.what, row.where)[index.column()]
        if role == Qt.ItemDataRole.ToolTipRole:
            return f"{row.what}\n{row.where}".strip()
        if role == Qt.ItemDataRole.ForegroundRole and index.column() == 0 and row.kind in self._COLORS:
            return QBrush(QColor(self._COLORS[row.kind]))
        return None

    def headerData(  # Qt override
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return self.HEADERS[section] if 0 <= section < len(self.HEADERS) else None
        return None
