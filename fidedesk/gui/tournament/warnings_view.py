"""What the arbiter should know before sending the event: results not rated, players left without a rating,
the edition's composition rules, the rate of play, and boards still without a result.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QBrush, QColor

from fidedesk.core.editing import boards
from fidedesk.core.editions import Edition
from fidedesk.core.eligibility import checks_rate_of_play, event_rate_problems, parse_time_control
from fidedesk.core.event import EventRating
from fidedesk.core.results import ResultCode
from fidedesk.core.tournament import Tournament
from fidedesk.gui.row_models import Index, RowTableModel
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


#: Where the time control is entered: the event form's field (TRF record 122).
_TIME_CONTROL_FIELD = "Event: Time control"


def rate_of_play(tournament: Tournament, edition: Edition) -> list[WarningLine]:
    """The edition's rate-of-play rules (1.1-1.2, R&B 1.1-1.2) against the event's time control and players.

    ``tournament.info.kind`` is the list the event is rated on. Editions without such rules (plain Elo,
    the 1994 text) say nothing.
    """
    if not checks_rate_of_play(edition):
        return []
    text = tournament.info.time_control.strip()
    if not text:
        # The time control goes to FIDE in the report (TRF record 122) and the rating officer checks it against
        # 1.1, so an arbiter expects to be told it is missing; but a new event has none yet, and the rest of the
        # list is what needs attention: one calm note, not a warning per rule.
        return [WarningLine("Note", "No time control entered: the rate of play (1.1-1.2) is not checked",
                            _TIME_CONTROL_FIELD)]  # fmt: skip
    control = parse_time_control(text)
    if control is None:
        what = (
            f"Time control \u201c{text}\u201d cannot be read, so the rate of play (1.1-1.2) is not checked; "
            "write the minutes and the seconds per move, e.g. 90 min + 30 s/move or 40/90 + 30 min + 30 s"
        )
        return [WarningLine("Rate of play", what, _TIME_CONTROL_FIELD)]
    lines = []
    for problem in event_rate_problems(edition, control, tournament.info.kind, tournament.players):
        players = f"player{'s' if len(problem.players) != 1 else ''} {', '.join(map(str, problem.players))}"
        if not problem.players:
            where = "every game"
        elif problem.every_game:
            where = f"every game, because of {players}"
        else:
            where = f"games of {players}"
        lines.append(WarningLine("Rate of play", problem.text, where))
    return lines


def all_warnings(tournament: Tournament, rating: EventRating) -> list[WarningLine]:
    """The event's warnings and its rate of play, then results not rated, players without a rating, boards to enter.

    ``tournament`` is the event as rated (its kind the one chosen for the rating).
    """
    event = [WarningLine("Rules", text) for text in rating.warnings]
    return [
        *event,
        *rate_of_play(tournament, rating.edition),
        *not_rated_groups(rating),
        *without_rating(rating),
        *pending_boards(tournament),
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
        note = self._ratings.kind_note()
        kind = [WarningLine("Rules", note)] if note else []
        self.set_rows([*kind, *all_warnings(self._ratings.tournament(), self._ratings.rating())])

    def cell(self, row: WarningLine, index: Index, role: int) -> Any:
        if role == Qt.ItemDataRole.DisplayRole:
            return (row.kind, row.what, row.where)[index.column()]
        if role == Qt.ItemDataRole.ToolTipRole:
            return f"{row.what}\n{row.where}".strip()
        if role == Qt.ItemDataRole.ForegroundRole and index.column() == 0 and row.kind in self._COLORS:
            return QBrush(QColor(self._COLORS[row.kind]))
        return None
