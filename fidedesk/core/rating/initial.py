"""First rating of an unrated player (FIDE 8.2; 8.2/8.3 in 2008; 10.2/10.3 in GA '94).

Results are pooled over events (7.1.4: "This need not be met in one tournament"), except under
GA '94, which takes the weighted average of per-event ratings (10.3).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from fractions import Fraction

from fidedesk.core.rating.editions import Edition, InitialMethod
from fidedesk.core.rating.rated import Game
from fidedesk.core.rating.tables import dp_for, percent, round_half_up
from fidedesk.core.values import counted


@dataclasses.dataclass(frozen=True)
class UnratedEvent:
    """An unrated player's games in one event against opponents whose ratings count.

    For a round robin rated by the tournament-average method, ``round_robin_ra`` is the event's
    Ra (or the player's Rc after the 400-point adjustment of 2008 8.58) and ``round_robin_n`` the
    number of opponents.
    """

    games: tuple[Game, ...]
    name: str = ""
    round_robin_ra: int | None = None
    round_robin_n: int | None = None

    @property
    def score(self) -> Fraction:
        return sum((Fraction(game.score) for game in self.games), Fraction(0))


@dataclasses.dataclass(frozen=True)
class Performance:
    """Ru of one pool or event: Ra, p (hundredths), dp and the unrounded Ru."""

    ra: Fraction
    p: int
    dp: int
    ru: Fraction
    games: int
    score: Fraction
    formula: str


@dataclasses.dataclass(frozen=True)
class InitialRating:
    """The outcome for an unrated player: the rating (or None), whether FIDE would publish it, and why."""

    value: int | None
    published: bool
    reason: str
    performance: Performance | None
    disregarded: tuple[str, ...] = ()


def bonus_performance(edition: Edition, ra: Fraction, score: Fraction, games: int, rr_n: int | None) -> Performance:
    """Ru by the bonus method (2008 8.22-8.25, 2022 8.2.3).

    50 % gives Ra; above it, Ra plus the bonus per half point; below it, Ra + dp, where a round
    robin of ``rr_n`` opponents takes dp x n/(n+1).
    """
    p = percent(score, games)
    half_points_over = int(2 * score - games)  # scores are whole half points
    if half_points_over > 0:
        bonus = edition.initial_bonus
        return Performance(ra, p, 0, ra + bonus * half_points_over, games, score,
                           f"Ra + {bonus} × {half_points_over} half points over 50 %")  # fmt: skip
    if half_points_over == 0:
        return Performance(ra, p, 0, ra, games, score, "50 %: Ru = Ra")
    dp = dp_for(p)
    if rr_n is not None:
        return Performance(ra, p, dp, ra + Fraction(dp * rr_n, rr_n + 1), games, score,
                           f"Ra + dp × {rr_n}/{rr_n + 1}")  # fmt: skip
    return Performance(ra, p, dp, ra + dp, games, score, "Ra + dp")


def event_performance(edition: Edition, event: UnratedEvent) -> Performance:
    """Ru of one event by the edition's method."""
    return pooled_performance(edition, [event])


def pooled_performance(edition: Edition, events: Sequence[UnratedEvent]) -> Performance:
    """Ru of events pooled "as if played in one tournament" (2008 8.3, 2024 7.1.4 and 8.2)."""
    games = [game for event in events for game in event.games]
    score = sum((Fraction(game.score) for game in games), Fraction(0))
    n = len(games)
    if edition.initial is InitialMethod.HYPOTHETICAL_DRAWS:
        extra = edition.hypothetical_games
        rating_sum = sum(game.opponent_rating for game in games) + extra * edition.hypothetical_rating
        ra = Fraction(rating_sum, n + extra)
        p = percent(score + Fraction(extra, 2), n + extra)
        dp = dp_for(p)
        formula = f"Ra + dp with {extra} hypothetical draws against {edition.hypothetical_rating}"
        return Performance(ra, p, dp, ra + dp, n, score, formula)
    first_ra = events[0].round_robin_ra
    if len(events) == 1 and first_ra is not None:
        return bonus_performance(edition, Fraction(first_ra), score, n, events[0].round_robin_n)
    # Pooled Ra: a round robin counts at its Ra for each of its games, a Swiss at its opponents' ratings.
    pooled = sum(
        (Fraction(event.round_robin_ra * len(event.games)) if event.round_robin_ra is not None
         else Fraction(sum(game.opponent_rating for game in event.games)) for event in events),
        Fraction(0),
    )  # fmt: skip
    return bonus_performance(edition, pooled / n, score, n, None)


def _weighted_average(performances: Sequence[Performance]) -> Performance:
    """GA '94 10.3: Rn is the average of the events' Ru weighted by their games (Ra: the same weighting)."""
    games = sum(perf.games for perf in performances)
    score = sum((perf.score for perf in performances), Fraction(0))
    ru = sum((perf.ru * perf.games for perf in performances), Fraction(0)) / games
    ra = sum((perf.ra * perf.games for perf in performances), Fraction(0)) / games
    return Performance(
        ra, percent(score, games), 0, ru, games, score, "weighted average of the events' Ru (GA '94 10.3)"
    )


def _disregard(edition: Edition, events: Sequence[UnratedEvent]) -> tuple[list[UnratedEvent], list[str]]:
    """Drop the events the rules disregard, saying why."""
    kept: list[UnratedEvent] = []
    notes: list[str] = []
    for index, event in enumerate(events, start=1):
        label = event.name or f"event {index}"
        rated = len(event.games)
        if rated == 0:
            notes.append(f"{label}: no games against rated opponents")
        elif not kept and event.score == 0:
            notes.append(f"{label}: zero score in the first event is disregarded (FIDE 8.2.1)")
        elif rated < edition.min_rated_opponents:
            notes.append(f"{label}: {rated} rated opponents, fewer than {edition.min_rated_opponents} (2008 8.21)")
        elif event.score < edition.min_event_score:
            notes.append(f"{label}: scored {event.score}, less than {edition.min_event_score} (2008 6.41, 2014 6.31)")
        elif (
            not kept
            and edition.ignore_first_below_floor
            and edition.floor is not None
            and (event_performance(edition, event).ru < edition.floor)
        ):
            notes.append(
                f"{label}: first performance below the floor {edition.floor} is ignored (2008 8.31, GA '94 10.31)"
            )
        else:
            kept.append(event)
    return kept, notes


def initial_rating(edition: Edition, events: Sequence[UnratedEvent]) -> InitialRating:
    """The first rating from an unrated player's events, in the order they were played."""
    if edition.initial is InitialMethod.NONE:
        return InitialRating(None, False, f"{edition.name} gives no initial ratings", None)
    kept, notes = _disregard(edition, events)
    if not kept:
        return InitialRating(None, False, "no results that count", None, tuple(notes))
    if edition.initial_weighted_average and len(kept) > 1:
        perf = _weighted_average([event_performance(edition, event) for event in kept])
    else:
        perf = pooled_performance(edition, kept)
    value = round_half_up(perf.ru)
    if edition.initial_max is not None and value > edition.initial_max:
        value = edition.initial_max
        notes.append(f"capped at the maximum initial rating {edition.initial_max} (8.2.3)")
    if perf.games < edition.min_games:
        games = counted(perf.games, "game")
        reason = f"not published: {games} against rated opponents, fewer than {edition.min_games} (7.1.4)"
        return InitialRating(value, False, reason, perf, tuple(notes))
    if edition.floor is not None and value < edition.floor:
        return InitialRating(
            value, False, f"not published: below the floor {edition.floor} (7.1.4)", perf, tuple(notes)
        )
    return InitialRating(value, True, f"published: {counted(perf.games, 'game')}, rating {value}", perf, tuple(notes))
