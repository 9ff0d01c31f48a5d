"""Whether an event's rate of play lets it be rated, and for which list (FIDE 1.1-1.3; R&B 1.1-1.2).

Times are compared as the regulations state them: the minutes each player has for 60 moves, the base
time plus 60 times the increment.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction

from fidedesk.core.editions import Edition
from fidedesk.core.tournament import RatingKind


@dataclasses.dataclass(frozen=True)
class TimeControl:
    """One player's time: base minutes, increment in seconds per move, moves of the first control (if any)."""

    base_minutes: Fraction
    increment_seconds: int = 0
    first_control_moves: int | None = None

    @property
    def minutes_for_60_moves(self) -> Fraction:
        """FIDE 1.1: "assuming the game lasts 60 moves"."""
        return Fraction(self.base_minutes) + Fraction(60 * self.increment_seconds, 60)


def list_for(edition: Edition, control: TimeControl) -> RatingKind | None:
    """The list a game at this rate of play is rated on, or None when it is too fast for any."""
    minutes = control.minutes_for_60_moves
    fast = edition.fast_play
    if fast is None:
        return RatingKind.STANDARD if minutes >= 60 else None
    if minutes >= fast.standard_from:
        return RatingKind.STANDARD
    if minutes > fast.rapid_from or (fast.rapid_from_inclusive and minutes == fast.rapid_from):
        return RatingKind.RAPID
    if minutes > fast.blitz_from or (fast.blitz_from_inclusive and minutes == fast.blitz_from):
        return RatingKind.BLITZ
    return None


def standard_rate_problems(edition: Edition, control: TimeControl, highest_rating: int | None) -> list[str]:
    """Why a standard game (or event) at this rate of play would not be rated; empty when it would.

    ``highest_rating`` is the higher rating of the two players where the edition compares the
    players of a game (2024 1.1), or the highest of the event (2008 1.1).
    """
    problems: list[str] = []
    minutes = control.minutes_for_60_moves
    if edition.rate_of_play is not None:
        scope = "either player" if edition.rate_of_play_per_game else "a player of the tournament"
        for threshold, needed in edition.rate_of_play:
            if (highest_rating or 0) >= threshold:
                if minutes < needed:
                    who = f"when {scope} is rated {threshold} or more" if threshold else "for any game"
                    problems.append(
                        f"{_minutes(minutes)} minutes for 60 moves; {edition.name} 1.1 needs {needed} {who}"
                    )
                break
    if edition.first_control_moves is not None and control.first_control_moves is not None:
        moves, exact = edition.first_control_moves
        if (exact and control.first_control_moves != moves) or control.first_control_moves < moves:
            need = f"exactly {moves}" if exact else f"at least {moves}"
            problems.append(f"first time control of {control.first_control_moves} moves; it must be {need} (1.2)")
    return problems


def _minutes(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):.1f}"
