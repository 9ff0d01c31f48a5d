"""The rule editions fidedesk knows, each a frozen record chosen by name.

Every field says which article it comes from. Sources: ``fide-rules.md`` (handbook B02 2024 as
amended 1 October 2025, B02 2022, 2017, 2014) and the two regulation texts the product card ships
(GA '94 text, "seeds/000"; the text amended through 2008, "seeds/001").
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import enum
from fractions import Fraction


class Expectancy(enum.Enum):
    """How the expected score of a game is found."""

    TABLE = "FIDE table 8.1.2"
    LOGISTIC = "logistic formula 1 / (1 + 10^(-D/400))"


class RatedMethod(enum.Enum):
    """How a rated player's change is computed."""

    PER_GAME = "per game: sum of (score - PD)"
    AVERAGE = "average opponent: W - n x PD(R - Rc)"


class InitialMethod(enum.Enum):
    """How an unrated player's first rating is found."""

    BONUS = "Ra plus a bonus per half point over 50 %, Ra + dp below 50 %"
    HYPOTHETICAL_DRAWS = "two hypothetical draws against 1800, Ru = Ra + dp"
    NONE = "no initial rating"


class UnratedOpponents(enum.Enum):
    """Whether a rated player's games against unrated opponents are rated."""

    NEVER = "only games against rated opponents count"
    ROUND_ROBIN = "in round robins, against the rating the unrated player earns in the event"
    IF_RATED_IN_EVENT = "against unrated players who earn a rating in the event (Swiss 6.41/6.42, round robin 8.58)"


class JuniorRule(enum.Enum):
    """FIDE 8.3.3's junior K of 40, as worded by each edition."""

    NONE = "no junior rule"
    UNTIL_18TH_BIRTHDAY = "K 40 until the 18th birthday while rated under 2300"
    UNTIL_END_OF_YEAR_18 = "K 40 until the end of the year of the 18th birthday while rated under 2300"


@dataclasses.dataclass(frozen=True)
class KRules:
    """The K-factor rules of one edition for one rating kind (FIDE 8.3.3 and its predecessors)."""

    below_2400: int
    from_2400: int
    new_player: int | None = None
    new_player_games: int = 30
    from_2400_needs_games: bool = False
    junior: JuniorRule = JuniorRule.NONE
    junior_k: int = 40
    junior_below: int = 2300
    #: K x n must not exceed this number (2017+: 700); K becomes the largest whole number that fits.
    cap: int | None = None
    #: Before October 2022 rapid/blitz used "n x K < 700" with K 20 for everyone.
    cap_strict: bool = False
    #: One K for every player (rapid and blitz before 1 October 2022).
    flat: int | None = None


@dataclasses.dataclass(frozen=True)
class FastPlay:
    """Where blitz and rapid begin, in minutes per player for 60 moves (base + 60 x increment).

    A game of ``rapid_from`` minutes is rapid when ``rapid_from_inclusive`` (2012: "at least 15"),
    otherwise it must last more (2018 Laws, 2024 R&B 1.1: "more than 10"); blitz likewise from
    ``blitz_from``. Standard play starts at 60 minutes in every edition.
    """

    blitz_from: int
    blitz_from_inclusive: bool
    rapid_from: int
    rapid_from_inclusive: bool
    standard_from: int = 60


#: R&B 2024 1.1-1.2: rapid more than 10 and less than 60 minutes; blitz more than 3 and up to 10.
FAST_PLAY_2024 = FastPlay(blitz_from=3, blitz_from_inclusive=False, rapid_from=10, rapid_from_inclusive=False)
#: Laws of Chess from 1 Jan 2018, Appendix A/B: rapid more than 10 and less than 60; blitz 10 or less.
FAST_PLAY_2018 = FastPlay(blitz_from=0, blitz_from_inclusive=False, rapid_from=10, rapid_from_inclusive=False)
#: The rapid and blitz lists' start in 2012: rapid at least 15 and less than 60; blitz at least 5, less than 15.
FAST_PLAY_2012 = FastPlay(blitz_from=5, blitz_from_inclusive=True, rapid_from=15, rapid_from_inclusive=True)


@dataclasses.dataclass(frozen=True)
class Edition:
    """A set of rating rules. Chosen by ``name``; ``auto`` picks one by the event's start date."""

    name: str
    title: str
    effective_from: dt.date | None
    effective_to: dt.date | None
    sources: tuple[str, ...]
    expectancy: Expectancy = Expectancy.TABLE
    rated_method: RatedMethod = RatedMethod.PER_GAME
    #: The 350- or 400-point rule: a larger difference counts as this many points (None: no cap).
    cap: int | None = 400
    #: Standard play from 1 Oct 2025: players rated at least this use the real difference (8.3.1).
    cap_exempt_from: int | None = None
    #: 2022 8.3.1: "a player may benefit from only one upgrade under this rule" per tournament.
    cap_once_per_event: bool = False
    #: Rapid & blitz 7.3.1 (from 1 Dec 2024): (difference, rating above which, effective date).
    rapid_blitz_exclusion: tuple[int, int, dt.date] | None = None
    k: KRules = KRules(below_2400=20, from_2400=10)
    k_rapid_blitz: KRules | None = None
    #: Rapid/blitz K follows the standard rules for events starting on or after this date.
    k_rapid_blitz_standard_from: dt.date | None = None
    floor: int | None = None
    initial: InitialMethod = InitialMethod.BONUS
    initial_bonus: Fraction = Fraction(20)
    initial_max: int | None = None
    hypothetical_rating: int = 1800
    hypothetical_games: int = 2
    #: Minimum games against rated opponents for a first rating to be published.
    min_games: int = 5
    #: 2008 8.21: an event with fewer than this many rated opponents is disregarded.
    min_rated_opponents: int = 0
    #: 2008 6.41 / 2014 6.31: an unrated player's event needs at least half a point.
    min_event_score: Fraction = Fraction(0)
    #: 2008 8.31, GA '94 10.31: a first result below the rating floor is ignored.
    ignore_first_below_floor: bool = False
    #: GA '94 10.3: first ratings are a weighted average of per-event ratings, not one pool.
    initial_weighted_average: bool = False
    unrated_opponents: UnratedOpponents = UnratedOpponents.NEVER
    #: Round robins with unrated players use the tournament-average method (1994 10.21, 2008 8.21b/8.58).
    round_robin_method: bool = False
    #: R&B 7.2.1 (2024; the rapid and blitz lists used standard ratings from their start in 2012):
    #: a player unrated in rapid or blitz but rated in standard plays with the standard rating.
    standard_rating_in_rapid_blitz: bool = False
    #: The elo option of seeds/002: byes as wins against R - 400, defaults as losses against R + 400.
    byes_as_games: bool = False
    #: The logistic calculator: K comes from the user.
    is_fide: bool = True
    #: Standard rate of play (1.1): (rating, minutes for 60 moves) from the highest threshold down;
    #: None where the edition's text sets no minimum fidedesk knows of.
    rate_of_play: tuple[tuple[int, int], ...] | None = None
    #: 1.1 (2024) compares the two players of a game; 1.1 (2008) the players of the whole tournament.
    rate_of_play_per_game: bool = True
    #: 1.2/1.3: moves of the first time control, and whether exactly that many (2008, 2017) or at least (2022).
    first_control_moves: tuple[int, bool] | None = None
    #: How long rapid and blitz games last (R&B regulations, Laws Appendix A/B). None: no such lists yet.
    fast_play: FastPlay | None = None

    def k_rules(self, kind_is_standard: bool, start: dt.date | None) -> KRules:
        """The K rules for standard or rapid/blitz play in an event starting on ``start``."""
        if kind_is_standard or self.k_rapid_blitz is None:
            return self.k
        if self.k_rapid_blitz_standard_from is not None and (
            start is None or start >= self.k_rapid_blitz_standard_from
        ):
            return self.k
        return self.k_rapid_blitz

    def covers(self, day: dt.date) -> bool:
        starts = self.effective_from is None or day >= self.effective_from
        ends = self.effective_to is None or day <= self.effective_to
        return starts and ends


_K_2014 = KRules(below_2400=20, from_2400=10, new_player=40, junior=JuniorRule.UNTIL_18TH_BIRTHDAY)
_K_2017 = KRules(below_2400=20, from_2400=10, new_player=40, junior=JuniorRule.UNTIL_END_OF_YEAR_18, cap=700)
_K_RAPID_BLITZ_FLAT = KRules(below_2400=20, from_2400=20, flat=20, cap=700, cap_strict=True)
_K_OLD = KRules(below_2400=15, from_2400=10, new_player=25, from_2400_needs_games=True)

_HANDBOOK_2024 = "FIDE Rating Regulations, handbook B02 2024 (applied from 1 March 2024)"

FIDE_2025 = Edition(
    name="fide-2025",
    title="FIDE Rating Regulations of 1 March 2024 as amended 1 October 2025",
    effective_from=dt.date(2025, 10, 1),
    effective_to=None,
    sources=(
        _HANDBOOK_2024,
        "8.3.1 as amended 1 Oct 2025: no 400-point rule for players rated 2650 and above (standard)",
        "Rapid & Blitz 7.3.1 (1 Dec 2024): 600+ difference with a player above 2600 not rated",
    ),
    cap_exempt_from=2650,
    rapid_blitz_exclusion=(600, 2600, dt.date(2024, 12, 1)),
    k=_K_2017,
    floor=1400,
    initial=InitialMethod.HYPOTHETICAL_DRAWS,
    initial_max=2200,
    standard_rating_in_rapid_blitz=True,
    rate_of_play=((2400, 120), (1800, 90), (0, 60)),
    first_control_moves=(30, False),
    fast_play=FAST_PLAY_2024,
)

FIDE_2024 = dataclasses.replace(
    FIDE_2025,
    name="fide-2024",
    title="FIDE Rating Regulations of 1 March 2024 (before the 1 October 2025 amendment)",
    effective_from=dt.date(2024, 3, 1),
    effective_to=dt.date(2025, 9, 30),
    sources=(
        _HANDBOOK_2024,
        "8.3.1: the 400-point rule for every game; the once-per-event limit abolished",
        "Rapid & Blitz 7.3.1 (1 Dec 2024): 600+ difference with a player above 2600 not rated",
    ),
    cap_exempt_from=None,
)

FIDE_2022 = Edition(
    name="fide-2022",
    title="FIDE Rating Regulations effective 1 January 2022 to 29 February 2024",
    effective_from=dt.date(2022, 1, 1),
    effective_to=dt.date(2024, 2, 29),
    sources=(
        "FIDE Rating Regulations, handbook B02 2022",
        "8.3.1: 400-point rule, one upgrade per tournament (the greatest difference)",
        "8.2.3: Ru = Ra + 20 per half point over 50 %, Ra + dp below",
        "Rapid & blitz K as standard from 1 October 2022 (B02 R&B 2022-10)",
    ),
    cap_once_per_event=True,
    k=_K_2017,
    k_rapid_blitz=_K_RAPID_BLITZ_FLAT,
    k_rapid_blitz_standard_from=dt.date(2022, 10, 1),
    floor=1000,
    standard_rating_in_rapid_blitz=True,
    rate_of_play=((2400, 120), (1800, 90), (0, 60)),
    first_control_moves=(30, False),
    fast_play=FAST_PLAY_2018,
)

FIDE_2017 = dataclasses.replace(
    FIDE_2022,
    name="fide-2017",
    title="FIDE Rating Regulations effective 1 July 2017 to 31 December 2021",
    effective_from=dt.date(2017, 7, 1),
    effective_to=dt.date(2021, 12, 31),
    sources=(
        "FIDE Rating Regulations, handbook B02 2017 (amended 1 February 2021)",
        "8.3.3: K 40/20/10, junior to the end of the year of the 18th birthday, K x n <= 700",
        "400-point rule for every game; Ru = Ra + 20 per half point over 50 %",
    ),
    cap_once_per_event=False,
    k_rapid_blitz_standard_from=None,
    rate_of_play=((2200, 120), (1600, 90), (0, 60)),
    first_control_moves=(40, True),
)

FIDE_2014 = dataclasses.replace(
    FIDE_2017,
    name="fide-2014",
    title="FIDE Rating Regulations effective 1 July 2014 to 30 June 2017",
    effective_from=dt.date(2014, 7, 1),
    effective_to=dt.date(2017, 6, 30),
    sources=(
        "FIDE Rating Regulations, handbook B02 2014 (as quoted in fide-rules.md §2)",
        "8.56: K 40 until 30 games, 20 below 2400, 10 from 2400, 40 until the 18th birthday below 2300",
        "7.14: 5 games against rated opponents; 6.31: a first performance needs at least half a point",
        "round robins with unrated players still use the tournament-average method",
    ),
    k=_K_2014,
    min_event_score=Fraction(1, 2),
    unrated_opponents=UnratedOpponents.ROUND_ROBIN,
    round_robin_method=True,
    fast_play=FAST_PLAY_2012,
)

FIDE_2008 = Edition(
    name="fide-2008",
    title="FIDE Rating Regulations as amended through the 2008 General Assembly (floor 1200 from 1 July 2009)",
    effective_from=dt.date(2008, 7, 1),
    effective_to=dt.date(2014, 6, 30),
    sources=(
        "FIDE Rating Regulations approved 1982, amended 1984-2008 (the text in seeds/001)",
        "8.54: 400-point rule; 8.56: K 30 below 2400, 20 once 2400 was reached",
        "8.2: Ru = Ra + 15 per half point over 50 %; 8.58: round-robin iteration",
        "6.41/6.42: unrated opponents count when they earn a performance in the event",
    ),
    k=KRules(below_2400=30, from_2400=20),
    floor=1200,
    initial_bonus=Fraction(15),
    min_games=9,
    min_rated_opponents=3,
    min_event_score=Fraction(1, 2),
    ignore_first_below_floor=True,
    unrated_opponents=UnratedOpponents.IF_RATED_IN_EVENT,
    round_robin_method=True,
    rate_of_play=((2200, 120), (1600, 90), (0, 60)),
    rate_of_play_per_game=False,
    first_control_moves=(40, True),
)

FIDE_2008_PRACTICE = dataclasses.replace(
    FIDE_2008,
    name="fide-2008-practice",
    title="FIDE's published calculations under the 2008 handbook, to 30 June 2009 (350-point rule, K 25/15/10)",
    effective_from=None,
    effective_to=None,
    sources=(
        "FIDE handbook B.02.10 as FIDE applied it on its calculation pages, periods up to June 2009",
        "350-point rule; K 25 until 30 games, 15 below 2400, 10 from 2400 after 30 games",
        "per-game PD from table 8.1(b); Ru = Ra + 12.5 per half point over 50 %",
    ),
    cap=350,
    k=_K_OLD,
    initial_bonus=Fraction(25, 2),
)

FIDE_1994 = Edition(
    name="fide-1994",
    title="FIDE Rating Regulations with the 1994 General Assembly amendments (350-point rule)",
    effective_from=dt.date(1994, 7, 1),
    effective_to=dt.date(2008, 6, 30),
    sources=(
        "FIDE Rating Regulations 10.1-10.56 with GA '94 amendments (the text in seeds/000)",
        "10.51: Rc = average opponent, differences over 350 count as 350; 10.54: We = n x PD",
        "10.2: Ru = Rc + 12.5 per half point over 50 %; 10.3: weighted average of Ru",
    ),
    rated_method=RatedMethod.AVERAGE,
    cap=350,
    k=_K_OLD,
    floor=1801,
    initial_bonus=Fraction(25, 2),
    min_games=9,
    ignore_first_below_floor=True,
    initial_weighted_average=True,
    unrated_opponents=UnratedOpponents.ROUND_ROBIN,
    round_robin_method=True,
)

ELO = Edition(
    name="elo",
    title="Plain Elo: logistic expected score, K chosen by the user",
    effective_from=None,
    effective_to=None,
    sources=(
        "E = 1 / (1 + 10^((Rb - Ra)/400)); R' = R + K (S - E) (seeds/002, seeds/003)",
        "byes and forfeits are not rated",
    ),
    expectancy=Expectancy.LOGISTIC,
    cap=None,
    k=KRules(below_2400=20, from_2400=10, new_player=40, junior=JuniorRule.UNTIL_END_OF_YEAR_18),
    initial=InitialMethod.NONE,
    is_fide=False,
)

ELO_BYES = dataclasses.replace(
    ELO,
    name="elo-byes",
    title="Plain Elo, byes counted as wins against R - 400 and defaults as losses against R + 400",
    sources=(
        *ELO.sources[:1],
        "seeds/002 'Score Calculation': byes as wins against R - 400, defaults as losses against R + 400",
    ),
    byes_as_games=True,
)

EDITIONS: dict[str, Edition] = {
    edition.name: edition
    for edition in (
        FIDE_2025, FIDE_2024, FIDE_2022, FIDE_2017, FIDE_2014, FIDE_2008, FIDE_2008_PRACTICE,
        FIDE_1994, ELO, ELO_BYES,
    )
}  # fmt: skip

DEFAULT_EDITION = FIDE_2025
AUTO = "auto"

#: Editions ``auto`` chooses from, by their dates of force.
_DATED = (FIDE_2025, FIDE_2024, FIDE_2022, FIDE_2017, FIDE_2014, FIDE_2008, FIDE_1994)


class UnknownEditionError(ValueError):
    """A rule edition name that fidedesk does not know, or ``auto`` without a usable date."""


def edition_for_date(day: dt.date) -> Edition:
    """The FIDE edition in force on ``day`` (an event's start date)."""
    for edition in _DATED:
        if edition.covers(day):
            return edition
    raise UnknownEditionError(f"no FIDE edition known for an event starting {day.isoformat()} (before 1994-07-01)")


def get_edition(name: str, start: dt.date | None = None) -> Edition:
    """Look an edition up by name; ``auto`` needs the event's start date."""
    key = name.strip().lower()
    if key == AUTO:
        if start is None:
            raise UnknownEditionError("'auto' needs the event's start date, and none is known")
        return edition_for_date(start)
    try:
        return EDITIONS[key]
    except KeyError:
        known = ", ".join([*EDITIONS, AUTO])
        raise UnknownEditionError(f"unknown rule edition {name!r}; known: {known}") from None


@dataclasses.dataclass(frozen=True)
class ResolvedEdition:
    """The edition a rating uses: the one named, or under ``auto`` the one in force on ``start``.

    ``error`` says why the name could not be followed (``auto`` before 1994, or with no date), in which
    case ``edition`` is the fallback; every front end resolves its edition once, with
    :func:`resolve_edition`, and shows ``problem`` where it shows the rules.
    """

    edition: Edition
    name: str
    start: dt.date | None
    error: str | None = None

    @property
    def problem(self) -> str | None:
        """What the user is told when the edition fell back, or None."""
        return None if self.error is None else f"{self.error}; showing {self.edition.name}"


def resolve_edition(name: str, start: dt.date | None, *, fallback: Edition = DEFAULT_EDITION) -> ResolvedEdition:
    """The edition ``name`` (or ``auto``) gives for an event starting ``start``; ``fallback`` when it gives none."""
    try:
        return ResolvedEdition(get_edition(name, start), name, start)
    except UnknownEditionError as error:
        return ResolvedEdition(fallback, name, start, str(error))
