"""Whether an event's rate of play lets it be rated, and for which list (FIDE 1.1-1.3; R&B 1.1-1.2).

Times are compared as the regulations state them: the minutes each player has for 60 moves, the base
time plus 60 times the increment (plus time added at a control reached within those 60 moves).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable
from fractions import Fraction

from fidedesk.core.rating.editions import FAST_PLAY_2012, FAST_PLAY_2018, FAST_PLAY_2024, Edition
from fidedesk.core.tournament import Player, RatingKind

#: FIDE 1.1: the minimum times assume "the game lasts 60 moves".
MOVES_ASSUMED = 60


@dataclasses.dataclass(frozen=True)
class TimeControl:
    """One player's time: base minutes, increment in seconds per move, moves of the first control (if any).

    ``added_minutes`` is the time added once the first control is passed ("40 moves in 90 minutes, then
    30 minutes"); with no move count given it is taken to come within the 60 moves of 1.1.
    """

    base_minutes: Fraction
    increment_seconds: int = 0
    first_control_moves: int | None = None
    added_minutes: Fraction = Fraction(0)

    @property
    def minutes_for_60_moves(self) -> Fraction:
        """FIDE 1.1: "assuming the game lasts 60 moves"."""
        minutes = Fraction(self.base_minutes) + Fraction(MOVES_ASSUMED * self.increment_seconds, 60)
        if self.first_control_moves is None or self.first_control_moves < MOVES_ASSUMED:
            minutes += Fraction(self.added_minutes)
        return minutes


# --------------------------------------------------------------------------------------- reading the text

_NUMBER = r"(\d+(?:\.\d+)?)"
_IS_NUMBER = re.compile(r"\d+(?:\.\d+)?")
_END = r"(?![a-z])"
#: The pieces of a written time control, tried in this order at each place; the numbers of a piece are the
#: groups that hold only a number.
_TOKENS = re.compile(
    "|".join(
        (
            # 2 hours, 1h30, 1.5 h
            rf"(?P<hours>{_NUMBER}\s*(?:hours?|hrs?|h){_END}"
            rf"(?:\s*(\d+)\s*(?:'|mins?|minutes?|m{_END})|(\d+)(?![\d\s]*(?:\"|''|s{_END}|secs?|seconds?)))?)",
            # G/90, Game/90, SD/30 (US sudden death)
            rf"(?P<game>(?<![a-z])(?:g|game|sd)\s*/\s*{_NUMBER})",
            # 40/120: moves / minutes
            rf"(?P<slash>(?<![\d.])(\d+)\s*/\s*{_NUMBER}(?:\s*(?:'|mins?|minutes?|m{_END}))?)",
            # 40 moves, after move 40, 100'x40
            rf"(?P<moves>(?<![a-z])(?:after|at)\s+move\s+(\d+)|(\d+)\s*(?:moves?|mv){_END}|(?<![a-z])x\s*(\d+))",
            rf"(?P<seconds>{_NUMBER}\s*(?:\"|''|s|secs?|seconds?){_END})",
            rf"(?P<minutes>{_NUMBER}\s*(?:'|mins?|minutes?|m){_END})",
            r"(?P<bare>(?<![a-z\d.])\d+(?:\.\d+)?(?![a-z\d.]))",
        )
    )
)
_MINUTE_KINDS = frozenset({"hours", "game", "slash", "minutes", "bare"})
#: Where the increment starts ("from move 1"): not a control, so not read as one.
_FROM_MOVE = re.compile(r"(?:from|starting\s+(?:at|from|with)|beginning\s+(?:at|from|with))\s+(?:the\s+)?move\s+\d+")


def parse_time_control(text: str) -> TimeControl | None:
    """The time control an organiser wrote (TRF record 122, "allotted time"), or None when it cannot be read.

    FIDE 1.1 (every edition since 2008) states the minimum time "assuming the game lasts 60 moves", and
    1.2 (1.3 in the 2008 text) the moves of the first control; this reading gives what those articles
    need. Free text as real files hold it is accepted: ``90 min + 30 s/move``, ``90'+30"``, ``90+30``
    (minutes, then seconds per move), ``15 minutes plus 10 sec per move``, ``40/120, 60`` (40 moves in
    120 minutes, then 60 minutes), ``100'x40+15'+30"``, ``40 moves in 2 hours, then 1 hour``, ``G/90
    +30``. The first minutes are the base time and later ones are added at the first control; seconds
    are the increment; a number without a unit counts as minutes, or as the increment in seconds right
    after a ``+`` that follows minutes. Words such as "Standard" are ignored. None when no time in
    minutes or hours is found (``moves/time, increment``) or the increment is not whole seconds.
    """
    lower = text.lower().replace("\u2032", "'").replace("\u2033", '"').replace("\u2019", "'")
    lower = _FROM_MOVE.sub(" ", lower)
    minutes: list[Fraction] = []
    increment: Fraction | None = None
    moves: int | None = None
    previous: str | None = None
    for match in _TOKENS.finditer(lower):
        kind = match.lastgroup
        numbers = [Fraction(value) for value in match.groups() if value is not None and _IS_NUMBER.fullmatch(value)]
        if kind in ("moves", "slash") and moves is None:
            moves = int(numbers[0])
        if kind == "hours":
            minutes.append(numbers[0] * 60 + (numbers[1] if len(numbers) > 1 else 0))
        elif kind in ("game", "minutes"):
            minutes.append(numbers[0])
        elif kind == "slash":
            minutes.append(numbers[1])
        elif kind == "seconds" and increment is None:
            increment = numbers[0]
        elif kind == "bare":
            follows_plus = lower[: match.start()].rstrip().endswith("+")
            if follows_plus and previous in _MINUTE_KINDS and increment is None:
                increment = numbers[0]
                kind = "seconds"
            else:
                minutes.append(numbers[0])
        previous = kind
    if not minutes or (increment is not None and increment.denominator != 1):
        return None
    return TimeControl(minutes[0], int(increment or 0), moves, sum(minutes[1:], Fraction(0)))


# ------------------------------------------------------------------------------------------- the lists


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


def checks_rate_of_play(edition: Edition) -> bool:
    """Whether the edition sets rates of play fidedesk can check (a standard minimum or the rapid/blitz lists)."""
    return edition.is_fide and (edition.rate_of_play is not None or edition.fast_play is not None)


def kind_definition(edition: Edition, kind: RatingKind) -> str:
    """What the edition calls standard, rapid or blitz play, in minutes for 60 moves, with its source.

    Standard play: 1.1 of the rating regulations (60 minutes at least in every edition). Rapid and blitz:
    R&B 1.1 and 1.2 (2024), the Laws of Chess A.1 and B.1 (2018), the rapid and blitz rating regulations
    (2012); editions before 2012 have no such lists.
    """
    fast = edition.fast_play
    standard_from = 60 if fast is None else fast.standard_from
    if kind is RatingKind.STANDARD:
        return f"standard play needs at least {standard_from} minutes (1.1)"
    if fast is None:
        return f"{edition.name} has no {kind.value} list; faster than {standard_from} minutes is not rated (1.1-1.2)"
    source = {
        FAST_PLAY_2024: ("R&B 1.1", "R&B 1.2"),
        FAST_PLAY_2018: ("Laws of Chess A.1", "Laws of Chess B.1"),
        FAST_PLAY_2012: ("R&B 2012", "R&B 2012"),
    }.get(fast, ("R&B", "R&B"))
    if kind is RatingKind.RAPID:
        low = f"{'at least' if fast.rapid_from_inclusive else 'more than'} {fast.rapid_from}"
        return f"rapid is {low} and less than {standard_from} minutes ({source[0]})"
    high = f"{'less than' if fast.rapid_from_inclusive else 'at most'} {fast.rapid_from}"
    if fast.blitz_from == 0 and not fast.blitz_from_inclusive:
        return f"blitz is {high} minutes ({source[1]})"
    low = f"{'at least' if fast.blitz_from_inclusive else 'more than'} {fast.blitz_from}"
    return f"blitz is {low} and {high} minutes ({source[1]})"


# ------------------------------------------------------------------------------------- standard play


def minimum_time_problem(edition: Edition, control: TimeControl, highest_rating: int | None) -> str | None:
    """Why standard games of a player rated ``highest_rating`` are too fast (1.1), or None when they are not.

    ``highest_rating`` is the higher rating of the two players where the edition compares the players of
    a game (2024 1.1), or the highest of the event (2008 1.1).
    """
    if edition.rate_of_play is None:
        return None
    minutes = control.minutes_for_60_moves
    scope = "either player" if edition.rate_of_play_per_game else "a player of the tournament"
    for threshold, needed in edition.rate_of_play:
        if (highest_rating or 0) >= threshold:
            if minutes < needed:
                who = f"when {scope} is rated {threshold} or more" if threshold else "for any game"
                return f"{_minutes(minutes)} minutes for 60 moves; {edition.name} 1.1 needs {needed} {who}"
            return None
    return None


def first_control_problem(edition: Edition, control: TimeControl) -> str | None:
    """Why the first time control's number of moves is not allowed (1.2; 1.3 in the 2008 text), or None."""
    if edition.first_control_moves is None or control.first_control_moves is None:
        return None
    moves, exact = edition.first_control_moves
    if (exact and control.first_control_moves != moves) or control.first_control_moves < moves:
        need = f"exactly {moves}" if exact else f"at least {moves}"
        return f"first time control of {control.first_control_moves} moves; it must be {need} (1.2)"
    return None


def standard_rate_problems(edition: Edition, control: TimeControl, highest_rating: int | None) -> list[str]:
    """Why a standard game (or event) at this rate of play would not be rated; empty when it would.

    ``highest_rating`` is the higher rating of the two players where the edition compares the
    players of a game (2024 1.1), or the highest of the event (2008 1.1).
    """
    problems = (minimum_time_problem(edition, control, highest_rating), first_control_problem(edition, control))
    return [problem for problem in problems if problem is not None]


# ------------------------------------------------------------------------------------------ an event


@dataclasses.dataclass(frozen=True)
class RateProblem:
    """One reason games of the event are not rated as entered.

    ``players`` are the start ranks of the players it comes from: their games, or with ``every_game``
    the whole event because of them (2008 1.1); empty when the time control alone is the reason.
    """

    text: str
    players: tuple[int, ...] = ()
    every_game: bool = False


def event_rate_problems(
    edition: Edition, control: TimeControl, kind: RatingKind, players: Iterable[Player]
) -> list[RateProblem]:
    """What the edition's rate-of-play rules say against an event rated as ``kind`` at this time control.

    The list the time control belongs to (1.1; rapid and blitz as :func:`kind_definition` cites) must be
    the one the event is rated on. For standard play, 1.1's minimum time by rating: per player of the
    event where the edition compares the two players of a game (2022 and later: the games of a player
    rated 2400 or more need 120 minutes), once for the event's highest rating where it compares the
    players of the tournament (2008); and the first control's moves (1.2). Empty for editions with no
    such rules (:func:`checks_rate_of_play`).
    """
    if not checks_rate_of_play(edition):
        return []
    minutes = _minutes(control.minutes_for_60_moves)
    actual = list_for(edition, control)
    if actual is None:
        fastest = RatingKind.STANDARD if edition.fast_play is None else RatingKind.BLITZ
        text = f"{minutes} minutes for 60 moves is too fast to be rated: {kind_definition(edition, fastest)}"
        return [RateProblem(text)]
    if actual is not kind:
        text = (
            f"{minutes} minutes for 60 moves is {actual.value} play, but the event is rated as {kind.value}: "
            f"{kind_definition(edition, kind)}"
        )
        return [RateProblem(text)]
    if kind is not RatingKind.STANDARD:
        return []
    ratings = [(player.rating, player.start_rank) for player in players if player.rating is not None]
    problems: dict[str, list[int]] = {}
    if edition.rate_of_play_per_game:
        for rating, rank in ratings:
            problem = minimum_time_problem(edition, control, rating)
            if problem is not None:
                problems.setdefault(problem, []).append(rank)
    elif ratings:
        problem = minimum_time_problem(edition, control, max(rating for rating, _ in ratings))
        if problem is not None:
            needed = _threshold(edition, max(rating for rating, _ in ratings))
            problems[problem] = [rank for rating, rank in ratings if rating >= needed]  # the players it comes from
    every_game = not edition.rate_of_play_per_game
    found = [RateProblem(text, tuple(sorted(ranks)), every_game) for text, ranks in problems.items()]
    first = first_control_problem(edition, control)
    return [*found, *([RateProblem(first)] if first else [])]


def _threshold(edition: Edition, rating: int) -> int:
    """The rating threshold of 1.1 that applies to ``rating``."""
    return next((threshold for threshold, _ in edition.rate_of_play or () if rating >= threshold), 0)


def _minutes(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):.1f}"
