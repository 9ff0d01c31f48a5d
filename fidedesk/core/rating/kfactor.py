"""The development coefficient K of a rated player (FIDE 8.3.3 and its predecessors).

FIDE gives no order among its K lines; fidedesk uses the order FIDE's published lists follow
(``fide-rules.md`` §1.7): a K given by hand or by the rating list first, then 2400 reached,
then the junior rule, then fewer than 30 games, then the standard K. The K x n <= 700 cap comes last.
"""

from __future__ import annotations

import dataclasses
import datetime as dt

from fidedesk.core.rating.editions import JuniorRule, KRules
from fidedesk.core.tournament import UNKNOWN_RECORD, BirthDate, PlayerRecord


@dataclasses.dataclass(frozen=True)
class KFactor:
    """The K used for a rating period, and why, in words an arbiter can check."""

    value: int
    base: int
    reason: str


def _is_junior(rules: KRules, birth: BirthDate | None, on: dt.date | None) -> bool | None:
    """Whether the junior rule covers the player on ``on``; None when it cannot be told."""
    if rules.junior is JuniorRule.NONE or birth is None or on is None:
        return None if rules.junior is not JuniorRule.NONE else False
    if rules.junior is JuniorRule.UNTIL_END_OF_YEAR_18:
        return on.year - birth.year <= 18
    # Until the 18th birthday: the day matters only in the year the player turns 18.
    if on.year - birth.year != 18:
        return on.year - birth.year < 18
    if birth.month is None:
        return None
    return (on.month, on.day) < (birth.month, birth.day or 1)


def base_k(
    rules: KRules,
    *,
    rating: int,
    record: PlayerRecord,
    birth: BirthDate | None = None,
    on: dt.date | None = None,
) -> tuple[int, str]:
    """K before the K x n cap, with the reason (FIDE 8.3.3)."""
    if record.k is not None:
        return record.k, f"K {record.k}: given (rating list or set by hand)"
    if rules.flat is not None:
        return rules.flat, f"K {rules.flat}: one K for every player in rapid and blitz"
    games = record.games
    reached_2400 = bool(record.ever_2400) or rating >= 2400
    established = games is None or games >= rules.new_player_games
    if reached_2400 and (not rules.from_2400_needs_games or established):
        why = "rated 2400 or more" if rating >= 2400 else "a published rating reached 2400"
        return rules.from_2400, f"K {rules.from_2400}: {why}"
    junior = _is_junior(rules, birth, on)
    if junior and rating < rules.junior_below:
        return (
            rules.junior_k,
            f"K {rules.junior_k}: junior (born {birth.year if birth else '?'}), rated under {rules.junior_below}",
        )
    if rules.new_player is not None and games is not None and games < rules.new_player_games:
        return (
            rules.new_player,
            f"K {rules.new_player}: {games} rated games so far, fewer than {rules.new_player_games}",
        )
    assumed = (
        "" if games is not None or rules.new_player is None else f" (games unknown: {rules.new_player_games}+ assumed)"
    )
    if rating >= 2400:
        return rules.from_2400, f"K {rules.from_2400}: rated 2400 or more{assumed}"
    return rules.below_2400, f"K {rules.below_2400}: rated under 2400{assumed}"


def cap_k(rules: KRules, k: int, games_in_period: int) -> tuple[int, str | None]:
    """Apply FIDE 8.3.3's last sentence: if K x n exceeds 700, K is the largest whole number with K x n <= 700.

    Rapid and blitz before October 2022 used "n x K < 700" instead.
    """
    n = games_in_period
    if rules.cap is None or n <= 0:
        return k, None
    if rules.cap_strict:
        if n * k < rules.cap:
            return k, None
        capped = (rules.cap - 1) // n
        return capped, f"K {capped}: {n} games, {k} × {n} ≥ {rules.cap}"
    if n * k <= rules.cap:
        return k, None
    capped = rules.cap // n
    return capped, f"K {capped}: {n} games, {k} × {n} > {rules.cap}"


def k_factor(
    rules: KRules,
    *,
    rating: int,
    record: PlayerRecord = UNKNOWN_RECORD,
    birth: BirthDate | None = None,
    on: dt.date | None = None,
    games_in_period: int = 0,
) -> KFactor:
    """The K for a rated player's rating period of ``games_in_period`` rated games."""
    base, reason = base_k(rules, rating=rating, record=record, birth=birth, on=on)
    value, capped_reason = cap_k(rules, base, games_in_period)
    return KFactor(value=value, base=base, reason=capped_reason or reason)
