"""B.01's norm conditions (2024), one function per article, over the games that count for a norm (1.4.2).

Each function returns :class:`Condition` records: the article, whether it holds, and the figures in words.
Counts that are a share of the opponents are rounded as B.01 rounds them: a minimum up, a maximum down.
"""

from __future__ import annotations

import dataclasses
import math
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction

from fidedesk.core.norms.rules import EventType, NormRules, TitleFigures
from fidedesk.core.notation import score_text
from fidedesk.core.rating.performance import average_rating, performance_rating
from fidedesk.core.rating.tables import percent

#: B.01 1.4.2a: FID players are accepted but FID "is not considered a federation" for any mix rule (QC, 2026).
NO_FEDERATION = "FID"


@dataclasses.dataclass(frozen=True)
class Opponent:
    """What a norm reads of an opponent: rating (None: unrated), title and federation, as of the event's start."""

    start_rank: int
    rating: int | None
    title: str
    federation: str


@dataclasses.dataclass(frozen=True)
class NormGame:
    """A game that counts for a norm (1.4.2): the round, the opponent and the player's score."""

    round: int
    opponent: Opponent
    score: Fraction


@dataclasses.dataclass(frozen=True)
class Condition:
    """One condition of a norm: its article, whether it holds, and its figures in words. ``known`` False: the event
    does not give what the condition reads (a rate of play, the arbiter's title), so ``holds`` is False and the
    text says what to fill in; such a condition does not by itself put a norm out of reach."""

    article: str
    holds: bool
    text: str
    known: bool = True

    @property
    def holds_text(self) -> str:
        """Whether it holds in the one form every front end shows: ``yes``, ``no``, or ``not given`` (not known)."""
        return ("yes" if self.holds else "no") if self.known else "not given"


def _at_least(share: Fraction, games: int) -> int:
    return math.ceil(share * games)


def _at_most(share: Fraction, games: int) -> int:
    return math.floor(share * games)


def minimum_games(rules: NormRules, event_type: EventType) -> int:
    """B.01 1.4.1: 9 games; 1.4.1b: 7 in the World and Continental Team or Club Championships, 8 in the World Cup."""
    if event_type is EventType.TEAM_CHAMPIONSHIP:
        return rules.team_minimum_games
    if event_type is EventType.WORLD_CUP:
        return rules.world_cup_minimum_games
    return rules.minimum_games


def games_condition(
    games: int, rules: NormRules, event_type: EventType, rounds: int, short_by_one: bool, overscore: int = 0
) -> Condition:
    """B.01 1.4.1: at least 9 games (1.4.1b: 7 or 8 in the events it names).

    1.4.1c: in a 9-round event, 8 games count as 9 when the missing game is a forfeit win or a pairing-allocated
    bye (``short_by_one``). 1.4.1d: each full point over the norm's score counts as one more game toward the
    application (1.5.1), but it does not make up for a game missing from the event: the QC (qc.fide.com,
    1 May 2023) "in case no norm is scored due to missing a round by a loss by forfeit, an overscore will not
    create a norm". 1.7: more than 13 rounds count only as 13 games.
    """
    needed = minimum_games(rules, event_type)
    if games >= needed:
        counted = games + overscore
        if rounds > rules.most_games_counted:
            counted = min(counted, rules.most_games_counted)
        extra = f", counting as {counted} (1.4.1d, 1.7)" if counted != games else ""
        return Condition("1.4.1", True, f"{games} games, at least {needed}{extra}")
    if short_by_one and rounds == rules.short_by_one_rounds and games == rules.short_by_one_rounds - 1:
        return Condition("1.4.1c", True, f"{games} games and a forfeit win or pairing-allocated bye: counts as 9")
    why = " (an overscore does not make up for a game missing)" if overscore else ""
    return Condition("1.4.1", False, f"{games} games, at least {needed} needed{why}")


def federation_conditions(
    federation: str, opponents: Sequence[Opponent], rules: NormRules, exemption: str | None
) -> list[Condition]:
    """B.01 1.4.3: at least two federations other than the applicant's; 1.4.4: at most 3/5 of the opponents
    from the applicant's federation and at most 2/3 from any one federation (rounded down).

    ``exemption`` names the 1.4.3a-d exemption that applies (it waives 1.4.4 as well, QC's written
    confirmation). FID is not a federation for these rules (1.4.2a, QC 2026): an FID opponent is neither the
    applicant's federation nor another one.
    """
    if exemption is not None:
        return [Condition("1.4.3", True, f"exempt from 1.4.3 and 1.4.4: {exemption}")]
    games = len(opponents)
    feds = Counter(o.federation for o in opponents if o.federation and o.federation != NO_FEDERATION)
    others = sorted(fed for fed in feds if fed != federation)
    own, own_cap = feds.get(federation, 0), _at_most(rules.own_federation_share, games)
    most_fed, most = max(feds.items(), key=lambda item: (item[1], item[0]), default=("", 0))
    one_cap = _at_most(rules.one_federation_share, games)
    listed = ", ".join(others) or "none"
    return [
        Condition("1.4.3", len(others) >= rules.other_federations,
                  f"{len(others)} federations other than {federation or 'the player’s'} ({listed}), "
                  f"at least {rules.other_federations}"),
        Condition("1.4.4", own <= own_cap, f"{own} of {games} opponents from {federation or 'the player’s'}, "
                  f"at most {own_cap} (3/5)"),
        Condition("1.4.4", most <= one_cap, f"{most} of {games} opponents from {most_fed or 'one federation'}, "
                  f"at most {one_cap} (2/3)"),
    ]  # fmt: skip


def titled_conditions(
    opponents: Sequence[Opponent], figures: TitleFigures, rules: NormRules, double_round_robin: bool = False
) -> list[Condition]:
    """B.01 1.4.5a: at least 50 % of the opponents title-holders, CM and WCM not counted; 1.4.5b-e: at least
    1/3 of them, and at least 3, holding the titles of the norm (GM: GM; IM: IM or GM; WGM: WGM, IM or GM;
    WIM: WIM, WGM, IM or GM); 1.4.5f: in a double round robin half of them. Minimum counts are rounded up."""
    games = len(opponents)
    titled = sum(1 for o in opponents if o.title in rules.titled)
    need_titled = _at_least(rules.titled_share, games)
    share = sum(1 for o in opponents if o.title in figures.share_titles)
    fraction = rules.double_round_robin_share if double_round_robin else rules.title_share
    need_share = max(rules.share_minimum, _at_least(fraction, games))
    names = "/".join(sorted(figures.share_titles, key=["GM", "IM", "WGM", "WIM"].index))
    return [
        Condition("1.4.5a", titled >= need_titled,
                  f"{titled} of {games} opponents title-holders (not CM, WCM), at least {need_titled} (50 %)"),
        Condition("1.4.5", share >= need_share,
                  f"{share} of {games} opponents {names}, at least {need_share} ({fraction}, at least 3)"),
    ]  # fmt: skip


def adjusted_ratings(opponents: Sequence[Opponent], figures: TitleFigures, rules: NormRules) -> list[int]:
    """B.01 1.4.6: the opponents' ratings for a norm. d) an unrated opponent counts at 1400; b-c) the lowest
    opponent below the adjusted floor (GM 2200, IM 2050, WGM 2000, WIM 1850), and only that one, is raised to it."""
    ratings = [rules.unrated_rating if o.rating is None else o.rating for o in opponents]
    if ratings:
        lowest = min(range(len(ratings)), key=ratings.__getitem__)
        ratings[lowest] = max(ratings[lowest], figures.floor)
    return ratings


def opponents_average(ratings: Sequence[int]) -> int:
    """B.01 1.4.7: the total of the opponents' ratings (1.4.6) over their number, 0.5 rounded upward."""
    return average_rating(ratings)


def norm_performance(ratings: Sequence[int], score: Fraction) -> int:
    """B.01 1.4.8-1.4.9: Rp = Ra + dp, p rounded to a whole percent (0.5 up), dp from table 1.4.9 (= 8.1.1)."""
    return performance_rating(ratings, score)


def performance_conditions(
    ratings: Sequence[int], score: Fraction, figures: TitleFigures, rules: NormRules
) -> list[Condition]:
    """B.01 1.4.8: Rp of at least the title's level (GM 2600, IM 2450, WGM 2400, WIM 2250; 2599.5 before
    rounding), 1.4.8a: an average of at least GM 2380, IM 2230, WGM 2180, WIM 2030, 1.4.8b: at least 35 %."""
    games = len(ratings)
    average = opponents_average(ratings)
    rp = norm_performance(ratings, score)
    p = percent(score, games)
    return [
        Condition("1.4.8", rp >= figures.performance,
                  f"performance {rp} = {average} + dp({p} %), at least {figures.performance}"),
        Condition("1.4.8a", average >= figures.minimum_average,
                  f"opponents' average {average}, at least {figures.minimum_average}"),
        Condition("1.4.8b", score >= rules.minimum_score * games,
                  f"{score_text(score)} of {games} ({p} %), at least 35 %"),
    ]  # fmt: skip


def score_for_norm(ratings: Sequence[int], figures: TitleFigures, rules: NormRules) -> Fraction | None:
    """The least score, in half points, that makes B.01 1.4.8 and 1.4.8b hold over these opponents (1.4.6
    applied); None when even a full score does not (1.4.8a is not part of it: the average does not move)."""
    games = len(ratings)
    for halves in range(2 * games + 1):
        score = Fraction(halves, 2)
        if score >= rules.minimum_score * games and norm_performance(ratings, score) >= figures.performance:
            return score
    return None
