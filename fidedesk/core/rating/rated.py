"""Rating change of a rated player: per game, per event, per rating period (FIDE 8.3).

Arithmetic is exact: PD is a whole number of hundredths, scores are Fractions, and the only
rounding is the period's, 0.5 away from zero (8.3.4). The logistic ``elo`` edition works in
binary floating point for the expected score, since 10^x has no exact form; it rounds nowhere.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import functools
import math
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from typing import NamedTuple

from fidedesk.core.rating.editions import Edition, Expectancy, RatedMethod
from fidedesk.core.rating.kfactor import KFactor, k_factor
from fidedesk.core.rating.tables import pd_hundredths, round_half_away, round_half_up
from fidedesk.core.tournament import UNKNOWN_RECORD, BirthDate, PlayerRecord, RatingKind


class Game(NamedTuple):
    """One rated game from the player's side: opponent's rating and the player's score.

    A named tuple rather than a dataclass: events create tens of thousands of them.
    """

    opponent_rating: int
    score: Fraction
    round: int | None = None


class GameCalc(NamedTuple):
    """One game as FIDE's individual calculation prints it.

    ``diff`` is the real difference (own - opponent); ``used_diff`` the one looked up after the
    400- (or 350-) point rule; ``used_rating`` the opponent's rating as it counts (FIDE prints it
    with a ``*`` when ``capped``). ``expected`` is PD; ``chg`` is score - PD.
    """

    opponent_rating: int
    score: Fraction
    diff: int
    used_diff: int
    capped: bool
    #: PD in hundredths from table 8.1.2, or None where the logistic formula gives ``logistic``.
    pd: int | None
    logistic: Fraction | None = None
    round: int | None = None

    @property
    def expected(self) -> Fraction:
        return Fraction(self.pd, 100) if self.pd is not None else self.logistic or Fraction(0)

    @property
    def used_rating(self) -> int:
        return self.opponent_rating + (self.diff - self.used_diff)

    @property
    def chg(self) -> Fraction:
        if self.pd is not None:
            return Fraction(hundredths(self.score) - self.pd, 100)
        return self.score - self.expected


@dataclasses.dataclass(frozen=True)
class EventCalc:
    """A rated player's event: Rc, W, n, chg = sum(score - PD), K and K x chg (FIDE 8.3.2).

    The per-game lines are built when first asked for: rating a large event needs only the sums.
    """

    rating: int
    k: KFactor
    rc: int | None
    w: Fraction
    n: int
    chg: Fraction
    build_games: Callable[[], tuple[GameCalc, ...]] = dataclasses.field(repr=False, compare=False)

    @functools.cached_property
    def games(self) -> tuple[GameCalc, ...]:
        """Each game as FIDE's individual calculation prints it."""
        return self.build_games()

    @property
    def k_chg(self) -> Fraction:
        return self.k.value * self.chg

    @property
    def expected_total(self) -> Fraction:
        """We, the sum of the expected scores."""
        return self.w - self.chg


def hundredths(score: Fraction) -> int:
    """A game score (1, ½ or 0) in whole hundredths, without Fraction arithmetic on the hot path."""
    value, rest = divmod(score.numerator * 100, score.denominator)
    if rest:
        raise ValueError(f"a game score is 1, ½ or 0, not {score}")
    return value


def logistic_expected(diff: int) -> Fraction:
    """The logistic expected score for a rating difference own - opponent (``elo`` edition).

    The lower-rated side is 1 minus the higher side's, so the two always add up to exactly 1.
    """
    if diff < 0:
        return 1 - logistic_expected(-diff)
    return Fraction(1 / (1 + math.pow(10, -diff / 400)))


def cap_applies(edition: Edition, own: int, kind: RatingKind) -> bool:
    """Whether the point cap limits this player's differences (8.3.1, and its 2650 exemption)."""
    if edition.cap is None:
        return False
    exempt = edition.cap_exempt_from
    return not (kind is RatingKind.STANDARD and exempt is not None and own >= exempt)


def capped_diff(edition: Edition, own: int, opponent: int, kind: RatingKind) -> int:
    """The difference the player looks up: the real one, or the cap with its sign."""
    diff = own - opponent
    if edition.cap is None or not cap_applies(edition, own, kind) or abs(diff) <= edition.cap:
        return diff
    return edition.cap if diff > 0 else -edition.cap


def game_calc(
    edition: Edition,
    own: int,
    opponent: int,
    score: Fraction,
    *,
    kind: RatingKind = RatingKind.STANDARD,
    allow_cap: bool = True,
    round: int | None = None,
) -> GameCalc:
    """One game (FIDE 8.3.1, 8.3.2 a-b). ``allow_cap`` False skips the upgrade (2022's once-per-event rule)."""
    cap = edition.cap if cap_applies(edition, own, kind) else None
    used = _used_diffs(own, (opponent,), cap, 0 if allow_cap else None, once=not allow_cap)[0]
    return _calc(edition.expectancy, Game(opponent, score, round), own - opponent, used)


def _used_diffs(own: int, opponents: Iterable[int], cap: int | None, keep: int | None, once: bool) -> list[int]:
    """The differences looked up after the point rule (8.3.1): more than ``cap`` counts as ``cap``.

    With ``once`` (2022), a positive difference keeps its upgrade only in the game at index ``keep``.
    """
    diffs = [own - rating for rating in opponents]
    if cap is None:
        return diffs
    if not once:
        return [cap if d > cap else -cap if d < -cap else d for d in diffs]
    return [d if d > cap and i != keep else cap if d > cap else -cap if d < -cap else d for i, d in enumerate(diffs)]


def _calc(expectancy: Expectancy, game: Game, diff: int, used: int) -> GameCalc:
    opponent, score, round = game
    if expectancy is Expectancy.LOGISTIC:
        return GameCalc(opponent, score, diff, used, used != diff, None, logistic_expected(used), round)
    return GameCalc(opponent, score, diff, used, used != diff, pd_hundredths(used), None, round)


def rapid_blitz_exclusion(
    edition: Edition, own: int, opponent: int, kind: RatingKind, start: dt.date | None
) -> str | None:
    """Rapid & Blitz 7.3.1 (from 1 Dec 2024): why a game is not rated, or None."""
    rule = edition.rapid_blitz_exclusion
    if kind is RatingKind.STANDARD or rule is None:
        return None
    difference, above, since = rule
    if start is not None and start < since:
        return None
    if abs(own - opponent) >= difference and max(own, opponent) > above:
        return f"not rated: difference {abs(own - opponent)} ≥ {difference} with a player above {above} (R&B 7.3.1)"
    return None


def _once_per_event_upgrade(edition: Edition, own: int, games: Sequence[Game], kind: RatingKind) -> int | None:
    """2022 8.3.1: the index of the one game whose upgrade the player keeps (greatest difference)."""
    candidates = [
        (own - game.opponent_rating, -index)
        for index, game in enumerate(games)
        if capped_diff(edition, own, game.opponent_rating, kind) < own - game.opponent_rating
    ]
    return -max(candidates)[1] if candidates else None


def rate_event(
    edition: Edition,
    own: int,
    games: Sequence[Game],
    k: KFactor,
    *,
    kind: RatingKind = RatingKind.STANDARD,
    rc_override: Fraction | None = None,
) -> EventCalc:
    """A rated player's change over one event (FIDE 8.3.2 c-d).

    Games must already be the rated ones (see :mod:`fidedesk.core.rating.event`). ``rc_override`` is the
    round-robin Rc of GA '94 10.51 for the average method.
    """
    points = [hundredths(game.score) for game in games]
    w = Fraction(sum(points), 100)
    n = len(games)
    if edition.rated_method is RatedMethod.AVERAGE:
        return _rate_event_average(edition, own, games, k, w, rc_override)
    once = edition.cap_once_per_event
    keep = _once_per_event_upgrade(edition, own, games, kind) if once else None
    cap = edition.cap if cap_applies(edition, own, kind) else None
    used = _used_diffs(own, (game.opponent_rating for game in games), cap, keep, once)
    expectancy = edition.expectancy

    def build() -> tuple[GameCalc, ...]:
        return tuple(_calc(expectancy, g, own - g.opponent_rating, u) for g, u in zip(games, used, strict=True))

    # Rc as FIDE prints it: the opponents' ratings as used, i.e. own rating minus the differences looked up.
    rc = round_half_up(Fraction(n * own - sum(used), n)) if n else None
    if expectancy is Expectancy.TABLE:
        chg = Fraction(sum(points) - sum(map(pd_hundredths, used)), 100)
    else:
        chg = sum((calc.chg for calc in build()), Fraction(0))
    return EventCalc(own, k, rc, w, n, chg, build)


def _rate_event_average(
    edition: Edition, own: int, games: Sequence[Game], k: KFactor, w: Fraction, rc_override: Fraction | None
) -> EventCalc:
    """GA '94 10.51-10.54: each opponent counts within 350 points of the player; We = n x PD(R - Rc)."""
    cap = edition.cap or 10_000
    clipped = [min(max(game.opponent_rating, own - cap), own + cap) for game in games]
    n = len(games)
    if n == 0:
        return EventCalc(own, k, None, w, 0, Fraction(0), tuple)
    rc = round_half_up(rc_override if rc_override is not None else Fraction(sum(clipped), n))
    pd = pd_hundredths(own - rc)

    def build() -> tuple[GameCalc, ...]:
        return tuple(
            GameCalc(game.opponent_rating, game.score, own - game.opponent_rating, own - used,
                     used != game.opponent_rating, pd, None, game.round)
            for game, used in zip(games, clipped, strict=True)
        )  # fmt: skip

    return EventCalc(own, k, rc, w, n, w - Fraction(n * pd, 100), build)


def period_change(events: Iterable[EventCalc]) -> int:
    """The change for a rating period: the sum of K x chg, rounded once, 0.5 away from zero (8.3.4)."""
    return round_half_away(sum((event.k_chg for event in events), Fraction(0)))


@dataclasses.dataclass(frozen=True)
class PeriodCalc:
    """A rated player's rating period: each event, the one K, the sum of K x chg and the new rating."""

    rating: int
    events: tuple[EventCalc, ...]
    k: KFactor
    #: Games left out, as (event index, game index, reason): rapid/blitz 7.3.1.
    not_rated: tuple[tuple[int, int, str], ...] = ()

    @property
    def n(self) -> int:
        return sum(event.n for event in self.events)

    @property
    def k_chg(self) -> Fraction:
        return sum((event.k_chg for event in self.events), Fraction(0))

    @property
    def change(self) -> int:
        return period_change(self.events)

    @property
    def new_rating(self) -> int:
        return self.rating + self.change


def rate_period(
    edition: Edition,
    rating: int,
    events: Sequence[Sequence[Game]],
    *,
    record: PlayerRecord = UNKNOWN_RECORD,
    birth: BirthDate | None = None,
    on: dt.date | None = None,
    kind: RatingKind = RatingKind.STANDARD,
    k: int | None = None,
) -> PeriodCalc:
    """Every event of one rating period with one K: its cap counts the period's games (8.3.3, 8.3.4).

    ``k`` overrides the K inferred from the record; the K x n <= 700 cap applies to both. In rapid
    and blitz, games that R&B 7.3.1 excludes are left out and listed; ``on`` is the period's date.
    """
    rated: list[list[Game]] = []
    left_out: list[tuple[int, int, str]] = []
    for event_index, games in enumerate(events):
        kept = []
        for game_index, game in enumerate(games):
            reason = rapid_blitz_exclusion(edition, rating, game.opponent_rating, kind, on)
            if reason:
                left_out.append((event_index, game_index, reason))
            else:
                kept.append(game)
        rated.append(kept)
    rules = edition.k_rules(kind is RatingKind.STANDARD, on)
    if k is not None:
        record = dataclasses.replace(record, k=k)
    n = sum(len(games) for games in rated)
    factor = k_factor(rules, rating=rating, record=record, birth=birth, on=on, games_in_period=n)
    calcs = tuple(rate_event(edition, rating, games, factor, kind=kind) for games in rated)
    return PeriodCalc(rating, calcs, factor, tuple(left_out))


@dataclasses.dataclass(frozen=True)
class SingleGame:
    """One game on its own, as a calculator shows it: K x (score - PD) unrounded and the new rating."""

    calc: GameCalc
    k: int
    not_rated: str | None = None

    @property
    def change(self) -> Fraction:
        return Fraction(0) if self.not_rated else self.k * self.calc.chg

    @property
    def new_rating(self) -> int:
        """The player's rating plus the change rounded 0.5 away from zero (8.3.4)."""
        return self.calc.diff + self.calc.opponent_rating + round_half_away(self.change)


def single_game(
    edition: Edition,
    own: int,
    opponent: int,
    score: Fraction,
    k: int,
    *,
    kind: RatingKind = RatingKind.STANDARD,
    start: dt.date | None = None,
) -> SingleGame:
    """One game: the table row or formula used, the change and the new rating (8.3.1-8.3.4, R&B 7.3.1)."""
    calc = game_calc(edition, own, opponent, score, kind=kind)
    return SingleGame(calc, k, rapid_blitz_exclusion(edition, own, opponent, kind, start))
