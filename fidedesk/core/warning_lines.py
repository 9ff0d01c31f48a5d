"""The warnings in words: :mod:`fidedesk.core.warnings` (results not rated, players left without a rating, the
edition's composition rules, the rate of play, boards still without a result) as lines of Kind, What, Where.

Nothing is grouped, counted or checked here: the lines only put the core's data into words, once, for the
window's warnings panel (:mod:`fidedesk.gui.tournament.warnings_view`) and the printed warnings
(:mod:`fidedesk.publish.documents`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from fidedesk.core.values import counted, plural
from fidedesk.core.warnings import (
    PENDING_REASON,
    EventWarnings,
    NoRating,
    NotRatedGroup,
    PendingRound,
    RateOfPlay,
    RateOfPlayCheck,
    listed,
    no_rating_groups,
)


@dataclasses.dataclass(frozen=True)
class WarningLine:
    """One line of the warnings: its kind, what it says, and where (rounds and boards or players): ``where``
    names the first places and how many more there are, ``places`` holds every one of them."""

    kind: str
    what: str
    where: str = ""
    places: tuple[str, ...] = ()


#: The kind of a line on the rate of play: its Where says which games (every game, or some players' games).
RATE_OF_PLAY = "Rate of play"

#: Where the time control is entered: the event form's field (TRF record 122).
_TIME_CONTROL_FIELD = "Event: Time control"


def not_rated_lines(groups: Sequence[NotRatedGroup]) -> list[WarningLine]:
    """Results not rated, one line per reason, most games first; each game is listed once (results not entered
    yet are listed with the boards still to enter)."""
    shown = [group for group in groups if group.reason != PENDING_REASON and group.games]
    lines = []
    for group in sorted(shown, key=lambda group: -len(group.games)):
        places = [
            f"R{place.round}: {place.player}" + (f" v {place.opponent}" if place.opponent is not None else "")
            for place in group.games
        ]
        what = f"{counted(len(group.games), 'result')}: {group.reason}"
        lines.append(WarningLine("Not rated", what, listed(places), tuple(places)))
    return lines


def no_rating_lines(players: Sequence[NoRating]) -> list[WarningLine]:
    """Unrated players who get no published rating from the event, one line per reason; each player (with the
    value computed, if any) is a place of it."""
    lines = []
    for group in no_rating_groups(players):
        names = [f"{player.start_rank}. {player.name}" for player in group.players]
        places = tuple(
            name + (f" (computed {player.computed})" if player.computed is not None else "")
            for name, player in zip(names, group.players, strict=True)
        )
        what = f"{counted(len(group.players), 'player')}: {group.reason}"
        lines.append(WarningLine("No rating", what, listed(names), places))
    return lines


def pending_lines(rounds: Sequence[PendingRound]) -> list[WarningLine]:
    """Per round, the boards paired without a result yet."""
    lines = []
    for pending in rounds:
        what = f"Round {pending.round}: {counted(len(pending.boards), 'board')} without a result"
        where = f"{plural(len(pending.boards), 'board')} {listed([str(board) for board in pending.boards])}"
        lines.append(WarningLine("No result", what, where, tuple(f"board {board}" for board in pending.boards)))
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
        return [WarningLine(RATE_OF_PLAY, what, _TIME_CONTROL_FIELD)]
    lines = []
    for problem in rate.problems:
        players = f"{plural(len(problem.players), 'player')} {listed([str(p) for p in problem.players])}"
        if not problem.players:
            where = "every game"
        elif problem.every_game:
            where = f"every game, because of {players}"
        else:
            where = f"games of {players}"
        lines.append(WarningLine(RATE_OF_PLAY, problem.text, where, tuple(f"player {p}" for p in problem.players)))
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
