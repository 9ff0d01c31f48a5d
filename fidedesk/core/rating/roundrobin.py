"""The tournament-average method for round robins with unrated players (GA '94 10.21, 2008 8.21b and 8.58).

Ra = Rar - dpa x n/(n+1): Rar is the rated players' average, dpa the average of their dp over
all their games, n the number of opponents. Each unrated player's Ru follows from Ra and their
score; then (8.58) any rated opponent more than the point cap away from that Ru counts as Ru
+/- the cap, which gives a new Rc and a new Ru. Rated players are then rated against the new Ru.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from fractions import Fraction

from fidedesk.core.rating.editions import Edition
from fidedesk.core.rating.initial import Performance, bonus_performance
from fidedesk.core.rating.tables import dp_for, percent, round_half_up


@dataclasses.dataclass(frozen=True)
class RoundRobinEntrant:
    """A round-robin player for the method: rating (None if unrated), score, and opponents' start ranks."""

    start_rank: int
    rating: int | None
    score: Fraction
    opponents: tuple[int, ...]


@dataclasses.dataclass(frozen=True)
class UnratedInRoundRobin:
    """One unrated player's figures: first Ru, Rc after the point-cap adjustment, final Ru."""

    start_rank: int
    first: Performance
    rc: int
    ru: int
    adjusted: tuple[tuple[int, int], ...]  # (opponent's start rank, the rating it counts as)


@dataclasses.dataclass(frozen=True)
class RoundRobinMethod:
    """The event-wide figures of 8.21b: Rar, the rated players' dp, dpa, n and Ra."""

    rar: Fraction
    rated_dp: Mapping[int, tuple[int, int]]  # start rank -> (p in hundredths, dp)
    dpa: Fraction
    n: int
    ra: int
    unrated: Mapping[int, UnratedInRoundRobin]


def round_robin_method(edition: Edition, entrants: Sequence[RoundRobinEntrant]) -> RoundRobinMethod:
    """Ra for the event and Ru for each unrated entrant (8.21b, 8.22-8.25, 8.58)."""
    n = max(len(entrant.opponents) for entrant in entrants)
    rated = [entrant for entrant in entrants if entrant.rating is not None]
    ratings = {entrant.start_rank: entrant.rating for entrant in rated if entrant.rating is not None}
    rated_dp = {
        entrant.start_rank: (p, dp_for(p))
        for entrant in rated
        for p in [percent(entrant.score, len(entrant.opponents))]
    }
    rar = Fraction(sum(ratings.values()), len(ratings))
    dpa = Fraction(sum(dp for _p, dp in rated_dp.values()), len(rated_dp))
    ra = round_half_up(rar - dpa * n / (n + 1))
    cap = edition.cap
    unrated: dict[int, UnratedInRoundRobin] = {}
    for entrant in entrants:
        if entrant.rating is not None:
            continue
        games = len(entrant.opponents)
        first = bonus_performance(edition, Fraction(ra), entrant.score, games, n)
        ru = round_half_up(first.ru)
        adjusted: list[tuple[int, int]] = []
        shift = 0
        for opponent in entrant.opponents:
            rating = ratings.get(opponent)
            if rating is None or cap is None or abs(rating - ru) <= cap:
                continue
            counts_as = ru + cap if rating > ru else ru - cap
            adjusted.append((opponent, counts_as))
            shift += counts_as - rating
        rc = round_half_up(ra + Fraction(shift, games)) if adjusted else ra
        final = round_half_up(bonus_performance(edition, Fraction(rc), entrant.score, games, n).ru) if adjusted else ru
        unrated[entrant.start_rank] = UnratedInRoundRobin(entrant.start_rank, first, rc, final, tuple(adjusted))
    return RoundRobinMethod(rar, rated_dp, dpa, n, ra, unrated)
