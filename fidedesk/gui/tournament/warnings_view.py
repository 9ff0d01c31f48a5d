"""The warnings panel: :mod:`fidedesk.core.warnings` (results not rated, players left without a rating, the
edition's composition rules, the rate of play, boards still without a result) as lines of Kind, What, Where.

Nothing is grouped, counted or checked here: the lines only put the core's data into words.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QBrush, QColor

from fidedesk.core.values import counted, plural
from fidedesk.core.warnings import (
    PENDING_REASON,
    EventWarnings,
    NoRating,
    NotRatedGroup,
    PendingRound,
    RateOfPlay,
    RateOfPlayCheck,
    event_warnings,
    listed,
)
from fidedesk.gui.plain import tip
from fidedesk.gui.row_models import Index, RowTableModel
from fidedesk.gui.tournament.rating_panel import EventRatings


@dataclasses.dataclass(frozen=True)
class WarningLine:
    """One line of the warnings: its kind, what it says, and where (rounds and boards or players)."""

    kind: str
    what: str
    where: str = ""


#: Where the time control is entered: the event form's field (TRF record 122).
_TIME_CONTROL_FIELD = "Event: Time control"


def not_rated_lines(groups: Sequence[NotRatedGroup]) -> list[WarningLine]:
    """Results not rated, one line per reason, most games first; each game is listed once (results not entered
    yet are listed with the boards still to enter)."""
    shown = [group for group in groups if group.reason != PENDING_REASON and group.games]
    lines = []
    for group in sorted(shown, key=lambda group: -len(group.games)):
        where = listed([
            f"R{place.round}: {place.player}" + (f" v {place.opponent}" if place.opponent is not None else "")
            for place in group.games
        ])  # fmt: skip
        lines.append(WarningLine("Not rated", f"{counted(len(group.games), 'result')}: {group.reason}", where))
    return lines


def no_rating_lines(players: Sequence[NoRating]) -> list[WarningLine]:
    """Unrated players who get no published rating from the event, and why."""
    lines = []
    for player in players:
        computed = f" (computed {player.computed})" if player.computed is not None else ""
        name = f"{player.start_rank}. {player.name}"
        lines.append(WarningLine("No rating", f"{name}: {player.reason}{computed}", name))
    return lines


def pending_lines(rounds: Sequence[PendingRound]) -> list[WarningLine]:
    """Per round, the boards paired without a result yet."""
    lines = []
    for pending in rounds:
        noun = "board" if len(pending.boards) == 1 else "boards"
        lines.append(WarningLine("No result", f"Round {pending.round}: {len(pending.boards)} {noun} without a result",
                                 f"{noun} {listed([str(board) for board in pending.boards])}"))  # fmt: skip
    return lines


def rate_of_play_lines(rate: RateOfPlay) -> list[WarningLine]:
    """The rate of play checked against the edition's rules (1.1-1.2, R&B 1.1-1.2), as lines."""
    if rate.check is RateOfPlayCheck.NO_RULES:
        return []
    if rate.check is RateOfPlayCheck.NO_TIME_CONTROL:
        # The time control goes to FIDE in the report (TRF record 122) and the rating officer checks it against
        # 1.1, so an arbiter expects to be told it is missing; but a new event has none yet, and the rest of the
        # list is what needs attention: one calm note, not a warning per rule.
        return [WarningLine("Note", "No time control entered: the rate of play (1.1-1.2) is not checked",
                            _TIME_CONTROL_FIELD)]  # fmt: skip
    if rate.check is RateOfPlayCheck.UNREADABLE:
        what = (
            f"Time control \u201c{rate.time_control}\u201d cannot be read, so the rate of play (1.1-1.2) is not "
            "checked; write the minutes and the seconds per move, e.g. 90 min + 30 s/move or 40/90 + 30 min + 30 s"
        )
        return [WarningLine("Rate of play", what, _TIME_CONTROL_FIELD)]
    lines = []
    for problem in rate.problems:
        players = f"{plural(len(problem.players), 'player')} {listed([str(p) for p in problem.players])}"
        if not problem.players:
            where = "every game"
        elif problem.every_game:
            where = f"every game, because of {players}"
        else:
            where = f"games of {players}"
        lines.append(WarningLine("Rate of play", problem.text, where))
    return lines


def warning_lines(warnings: EventWarnings) -> list[WarningLine]:
    """The event's warnings and its rate of play, then results not rated, players without a rating, boards to enter."""
    return [
        *(WarningLine("Rules", text) for text in warnings.rules),
        *rate_of_play_lines(warnings.rate_of_play),
        *not_rated_lines(warnings.not_rated),
        *no_rating_lines(warnings.no_rating),
        *pending_lines(warnings.pending),
    ]


class WarningsModel(RowTableModel[WarningLine]):
    """Kind, What, Where: refreshed whenever the event is rated again (reset only when a line changed)."""

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
        ratings.updated.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        """Read the warnings of the event as it is rated now; the view is reset only when they differ.

        Most edits (a result entered) change no warning: resetting then would lose the view's scroll
        position and make it lay its rows out again for nothing.
        """
        self.set_rows(warning_lines(event_warnings(self._ratings.tournament(), self._ratings.rating())))

    def cell(self, row: WarningLine, index: Index, role: int) -> Any:
        if role == Qt.ItemDataRole.DisplayRole:
            return (row.kind, row.what, row.where)[index.column()]
        if role == Qt.ItemDataRole.ToolTipRole:
            return tip(f"{row.what}\n{row.where}".strip())
        if role == Qt.ItemDataRole.ForegroundRole and index.column() == 0 and row.kind in self._COLORS:
            return QBrush(QColor(self._COLORS[row.kind]))
        return None
