"""FIDE's Title Regulations (Handbook B.01) as an edition: the figures of each norm title, chosen by name or date.

Only the edition applied from 1 January 2024 is implemented. Like the rating rules
(:mod:`fidedesk.core.rating.editions`) and C.07 (:mod:`fidedesk.core.tiebreaks.codes`), the edition is chosen by
name or, under ``auto``, by the event's start date; unlike them, an event that started before the first edition
fidedesk knows gets no rules at all (:class:`NoNormRulesError`): the 2017-2023 texts differ (unrated opponents
at 1000, other title shares), and applying the 2024 text to an old event silently would be wrong.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import enum
from fractions import Fraction


class Title(enum.Enum):
    """A title a norm is for (B.01 0.5): the open ones, then the women's."""

    GM = "GM"
    IM = "IM"
    WGM = "WGM"
    WIM = "WIM"

    @property
    def for_women(self) -> bool:
        return self in (Title.WGM, Title.WIM)


class EventType(enum.Enum):
    """The events of B.01 1.4.3a-c that the caller names (the event's own fields cannot tell them apart)."""

    NORMAL = "normal"
    #: 1.4.3a: the final stage of a national (open or women's) championship.
    NATIONAL_CHAMPIONSHIP = "national-championship"
    #: 1.4.3b: a national team championship; only for players of the federation that registered the event.
    NATIONAL_TEAM_CHAMPIONSHIP = "national-team-championship"
    #: 1.4.3c: a zonal or sub-zonal tournament.
    ZONAL = "zonal"
    #: 1.4.1b: the World or a Continental Team or Club Championship of 7, 8 or 9 rounds: 7 games are enough.
    TEAM_CHAMPIONSHIP = "world-continental-team"
    #: 1.4.1b: the World Cup or Women's World Cup: 8 games are enough and count as 9.
    WORLD_CUP = "world-cup"


@dataclasses.dataclass(frozen=True)
class TitleFigures:
    """One title's figures: B.01 0.5 and 1.4.8 (performance, minimum average), 1.4.6b (the adjusted floor),
    1.4.5b-e (the titles that count for the norm-title share)."""

    title: Title
    performance: int
    minimum_average: int
    floor: int
    share_titles: frozenset[str]


@dataclasses.dataclass(frozen=True)
class NormRules:
    """An edition of B.01's norm articles. Every field names the article it comes from."""

    name: str
    text: str
    in_force: dt.date
    figures: tuple[TitleFigures, ...]
    #: 1.1.2: at most 12 hours of play in one day, counted on games of 60 moves.
    most_hours_a_day: int = 12
    #: 1.1.3: at most 2 rounds a day, and at least 2 hours for each player for 60 moves.
    most_rounds_a_day: int = 2
    least_minutes_for_60_moves: int = 120
    #: 1.1.4: in an event longer than this, the ratings and titles of when each game was played count.
    longest_event_days: int = 30
    #: 1.1.5: the chief arbiter is an International or a FIDE Arbiter.
    arbiter_titles: frozenset[str] = frozenset({"IA", "FA"})
    #: 1.4.1: a minimum of 9 games.
    minimum_games: int = 9
    #: 1.4.1b: 7 games in the World and Continental Team or Club Championships of 7, 8 or 9 rounds.
    team_minimum_games: int = 7
    #: 1.4.1b: 8 games in the World Cup, counting as 9.
    world_cup_minimum_games: int = 8
    #: 1.4.1c: in an event of this many rounds, 8 games with a forfeit win or a pairing-allocated bye count as 9.
    short_by_one_rounds: int = 9
    #: 1.7: norms in an event of more than 13 rounds count only as 13 games.
    most_games_counted: int = 13
    #: 1.4.6d: an unrated opponent is counted at this rating.
    unrated_rating: int = 1400
    #: 1.4.8b: the minimum score, for all norms.
    minimum_score: Fraction = Fraction(35, 100)
    #: 1.4.3: federations other than the applicant's among the opponents.
    other_federations: int = 2
    #: 1.4.4: at most this share of the opponents from the applicant's federation (rounded down).
    own_federation_share: Fraction = Fraction(3, 5)
    #: 1.4.4: at most this share of the opponents from any one federation (rounded down).
    one_federation_share: Fraction = Fraction(2, 3)
    #: 1.4.5a: at least this share of the opponents hold a title other than CM and WCM.
    titled_share: Fraction = Fraction(1, 2)
    #: 1.4.5a: the titles that count as title-holders (CM and WCM do not).
    titled: frozenset[str] = frozenset({"GM", "IM", "WGM", "WIM", "FM", "WFM"})
    #: 1.4.5b-e: at least this share of the opponents hold the titles of the norm, and at least ``share_minimum``.
    title_share: Fraction = Fraction(1, 3)
    share_minimum: int = 3
    #: 1.4.5f: a double round robin needs at least this many players, and half the opponents with the titles.
    double_round_robin_players: int = 6
    double_round_robin_share: Fraction = Fraction(1, 2)
    #: 1.4.3d: in every round at least 20 FIDE-rated players not of the host federation, from 3 federations,
    #: 10 of them holding GM, IM, WGM or WIM (the reference quotes these four).
    swiss_foreigners: int = 20
    swiss_federations: int = 3
    swiss_titled: int = 10
    swiss_titles: frozenset[str] = frozenset({"GM", "IM", "WGM", "WIM"})
    #: 1.4.3d: a player is counted when missing at most this many rounds (pairing-allocated byes aside).
    swiss_rounds_missed: int = 1

    def of(self, title: Title) -> TitleFigures:
        """The figures of one title."""
        return next(figures for figures in self.figures if figures.title is title)


B01_2024 = NormRules(
    name="2024",
    text="FIDE Title Regulations (B.01) applied from 1 January 2024",
    in_force=dt.date(2024, 1, 1),
    figures=(
        TitleFigures(Title.GM, 2600, 2380, 2200, frozenset({"GM"})),
        TitleFigures(Title.IM, 2450, 2230, 2050, frozenset({"GM", "IM"})),
        TitleFigures(Title.WGM, 2400, 2180, 2000, frozenset({"GM", "IM", "WGM"})),
        TitleFigures(Title.WIM, 2250, 2030, 1850, frozenset({"GM", "IM", "WGM", "WIM"})),
    ),
)

#: Every edition fidedesk knows, oldest first.
NORM_RULES: tuple[NormRules, ...] = (B01_2024,)
AUTO = "auto"


class UnknownNormRulesError(ValueError):
    """A name that is neither ``auto`` nor an edition's."""

    def __init__(self, text: str) -> None:
        names = ", ".join((AUTO, *(rules.name for rules in NORM_RULES)))
        super().__init__(f"unknown title-norm rules {text!r}: choose one of {names}")


class NoNormRulesError(ValueError):
    """An event that started before the first edition of B.01 fidedesk knows."""

    def __init__(self, start: dt.date) -> None:
        first = NORM_RULES[0].in_force
        super().__init__(
            f"no title-norm rules before {first.day} {first:%B} {first.year} in fidedesk: "
            f"the event starts {start.isoformat()}"
        )
        self.start = start


def norm_rules(choice: str | None, start: dt.date | None) -> NormRules:
    """The edition ``choice`` names, or under ``auto`` (and None) the one in force on the event's first day.

    An event without a date takes the newest; one that started before 1 January 2024 raises
    :class:`NoNormRulesError`, under ``auto`` and when the 2024 edition is named alike (B.01 1.5.4: a title
    result is judged by the regulations in force when it was obtained).
    """
    text = (choice or AUTO).strip().lower()
    if text == AUTO:
        chosen = NORM_RULES[-1] if start is None else _in_force(start)
    else:
        named = [rules for rules in NORM_RULES if rules.name == text]
        if not named:
            raise UnknownNormRulesError(choice or "")
        chosen = named[0]
    if start is not None and start < chosen.in_force:
        raise NoNormRulesError(start)
    return chosen


def _in_force(start: dt.date) -> NormRules:
    in_force = [rules for rules in NORM_RULES if rules.in_force <= start]
    if not in_force:
        raise NoNormRulesError(start)
    return in_force[-1]
