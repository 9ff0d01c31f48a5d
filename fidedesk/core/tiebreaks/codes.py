"""The tie-breaks of FIDE's Play-Off and Tie-Break Regulations (Handbook C.07) by name, and their editions.

Two editions of C.07 are in use: the text in force from 1 August 2024 to 28 February 2026, and the one
in force from 1 March 2026, which caps the points of the dummy opponent that stands in for an
unplayed round in Buchholz and Sonneborn-Berger (article 16.4). Like the rating rules
(:mod:`fidedesk.core.rating.editions`), the edition is chosen by name or, under ``auto``, by the event's
start date; an event without a date takes the edition in force today, the newest.

A tie-break is written as C.07 writes it: its acronym from the table of article 5, then its modifiers
(article 14): ``-Cn`` cuts the n least significant values, ``-Mn`` the n least and the n most
significant (median), ``-Ln`` sets Koya's limit to n percent of the maximum score. Files and people
also write ``/`` for ``-`` and any case (``bh/c1``); :func:`parse_tiebreak` reads both and
:attr:`TieBreak.code` gives C.07's spelling back. Article numbers are those of the 2024 text.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import enum
import re
from collections.abc import Iterable
from typing import ClassVar


class TieBreakRules(enum.Enum):
    """An edition of C.07: its name, the day it came into force, and what the window says of it."""

    C07_2024 = ("2024", dt.date(2024, 8, 1), "C.07 of 1 August 2024")
    C07_2026 = ("2026", dt.date(2026, 3, 1), "C.07 of 1 March 2026")

    code: str
    in_force: dt.date
    title: str

    def __init__(self, code: str, in_force: dt.date, title: str) -> None:
        self.code, self.in_force, self.title = code, in_force, title

    def __str__(self) -> str:
        return self.code


#: The choice that picks the edition by the event's start date.
AUTO_RULES = "auto"
#: What a user may choose: ``auto`` and each edition's name, newest last.
RULES_CHOICES: tuple[str, ...] = (AUTO_RULES, *(rules.code for rules in TieBreakRules))
NEWEST_RULES = max(TieBreakRules, key=lambda rules: rules.in_force)


class UnknownTieBreakRules(ValueError):
    """A tie-break edition that is neither ``auto`` nor the name of one."""

    def __init__(self, text: str) -> None:
        super().__init__(f"unknown tie-break rules {text!r}: choose one of {', '.join(RULES_CHOICES)}")
        self.text = text


def rules_for_date(start: dt.date | None) -> TieBreakRules:
    """The edition in force on the event's first day; the newest for an event without a date.

    An edition applies to events that start on or after the day it came into force (C.07 2026 applies
    from 1 March 2026), so an event that started on 28 February 2026 keeps the 2024 text to its end.
    """
    if start is None:
        return NEWEST_RULES
    in_force = [rules for rules in TieBreakRules if rules.in_force <= start]
    return max(in_force, key=_day) if in_force else min(TieBreakRules, key=_day)


def rules_text(chosen: TieBreakRules | None, start: dt.date | None) -> str:
    """The edition the standings follow and why, as the window says it:
    ``C.07 of 1 March 2026 (auto: the event starts 2026-04-02)``, ``C.07 of 1 August 2024 (chosen)``."""
    if chosen is not None:
        return f"{chosen.title} (chosen)"
    return f"{rules_for_date(start).title} ({auto_reason(start)})"


def auto_reason(start: dt.date | None) -> str:
    """Why ``auto`` picks its edition: ``auto: the event starts 2026-04-02``, or the newest for no date."""
    if start is None:
        return f"{AUTO_RULES}: the event has no start date, so the newest"
    return f"{AUTO_RULES}: the event starts {start.isoformat()}"


def _day(rules: TieBreakRules) -> dt.date:
    return rules.in_force


def tiebreak_rules(choice: str | None, start: dt.date | None) -> TieBreakRules:
    """The edition a choice names (``2024``, ``2026``), or the one ``auto`` (and None) picks by date."""
    text = (choice or AUTO_RULES).strip().lower()
    if text == AUTO_RULES:
        return rules_for_date(start)
    for rules in TieBreakRules:
        if rules.code == text:
            return rules
    raise UnknownTieBreakRules(choice or "")


class Kind(enum.Enum):
    """A tie-break of C.07 article 5's table: acronym, label, defining article, the modifiers it takes."""

    DIRECT_ENCOUNTER = ("DE", "Direct encounter", "6", "")
    WINS = ("WIN", "Number of wins", "7.1", "")
    WON = ("WON", "Number of games won", "7.2", "")
    BLACK_PLAYED = ("BPG", "Games played with Black", "7.3", "")
    BLACK_WON = ("BWG", "Games won with Black", "7.4", "")
    PROGRESSIVE = ("PS", "Progressive scores", "7.5", "C")
    ELECTED = ("GE", "Games one elected to play", "7.6", "")
    BUCHHOLZ = ("BH", "Buchholz", "8.1", "CM")
    AVERAGE_BUCHHOLZ = ("AOB", "Average of opponents' Buchholz", "8.2", "")
    FORE_BUCHHOLZ = ("FB", "Fore Buchholz", "8.3", "CM")
    SONNEBORN_BERGER = ("SB", "Sonneborn-Berger", "9.1", "C")
    KOYA = ("KS", "Koya system", "9.2", "L")
    ARO = ("ARO", "Average rating of opponents", "10.1", "CM")
    TPR = ("TPR", "Tournament performance rating", "10.2", "")
    PTP = ("PTP", "Perfect tournament performance", "10.3", "")
    APRO = ("APRO", "Average performance rating of opponents", "10.4", "")
    APPO = ("APPO", "Average perfect performance of opponents", "10.5", "")

    acronym: str
    label: str
    article: str
    modifiers: str

    def __init__(self, acronym: str, label: str, article: str, modifiers: str) -> None:
        self.acronym, self.label, self.article, self.modifiers = acronym, label, article, modifiers


#: Koya's limit when the regulations name none: half the maximum score (C.07 9.2).
KOYA_LIMIT = 50


@dataclasses.dataclass(frozen=True)
class TieBreak:
    """A tie-break as the regulations of an event name it: its kind and its modifiers (C.07 14).

    ``cut`` values are cut from the bottom; ``median`` from the bottom and from the top; ``limit`` is
    Koya's limit in percent of the maximum score.
    """

    kind: Kind
    cut: int = 0
    median: int = 0
    limit: int = KOYA_LIMIT

    BUCHHOLZ: ClassVar[TieBreak]
    BUCHHOLZ_CUT1: ClassVar[TieBreak]
    SONNEBORN_BERGER: ClassVar[TieBreak]
    DIRECT_ENCOUNTER: ClassVar[TieBreak]
    WINS: ClassVar[TieBreak]
    WON: ClassVar[TieBreak]
    ARO: ClassVar[TieBreak]
    TPR: ClassVar[TieBreak]
    PTP: ClassVar[TieBreak]
    APRO: ClassVar[TieBreak]
    APPO: ClassVar[TieBreak]

    @property
    def code(self) -> str:
        """C.07's spelling: ``BH``, ``BH-C1``, ``BH-M1``, ``KS-L60``."""
        modifier = (
            f"-C{self.cut}" if self.cut else f"-M{self.median}" if self.median else
            f"-L{self.limit}" if self.limit != KOYA_LIMIT else ""
        )  # fmt: skip
        return self.kind.acronym + modifier

    @property
    def label(self) -> str:
        """``Buchholz Cut-1``, ``Buchholz Median-1``, ``Koya system (limit 60 %)``."""
        if self.cut:
            return f"{self.kind.label} Cut-{self.cut}"
        if self.median:
            return f"{self.kind.label} Median-{self.median}"
        if self.limit != KOYA_LIMIT:
            return f"{self.kind.label} (limit {self.limit} %)"
        return self.kind.label

    @property
    def article(self) -> str:
        """The article that defines it, with article 14's for a cut or median."""
        return f"{self.kind.article}, 14" if self.cut or self.median else self.kind.article

    def __str__(self) -> str:
        return self.code


TieBreak.BUCHHOLZ = TieBreak(Kind.BUCHHOLZ)
TieBreak.BUCHHOLZ_CUT1 = TieBreak(Kind.BUCHHOLZ, cut=1)
TieBreak.SONNEBORN_BERGER = TieBreak(Kind.SONNEBORN_BERGER)
TieBreak.DIRECT_ENCOUNTER = TieBreak(Kind.DIRECT_ENCOUNTER)
TieBreak.WINS = TieBreak(Kind.WINS)
TieBreak.WON = TieBreak(Kind.WON)
TieBreak.ARO = TieBreak(Kind.ARO)
TieBreak.TPR = TieBreak(Kind.TPR)
TieBreak.PTP = TieBreak(Kind.PTP)
TieBreak.APRO = TieBreak(Kind.APRO)
TieBreak.APPO = TieBreak(Kind.APPO)

#: The tie-breaks a chooser offers: every kind, and the cuts and medians organisers put in regulations.
KNOWN_TIEBREAKS: tuple[TieBreak, ...] = (
    TieBreak.BUCHHOLZ_CUT1,
    TieBreak.BUCHHOLZ,
    TieBreak(Kind.BUCHHOLZ, cut=2),
    TieBreak(Kind.BUCHHOLZ, median=1),
    TieBreak(Kind.BUCHHOLZ, median=2),
    TieBreak.SONNEBORN_BERGER,
    TieBreak(Kind.SONNEBORN_BERGER, cut=1),
    TieBreak.DIRECT_ENCOUNTER,
    TieBreak.WINS,
    TieBreak.WON,
    TieBreak(Kind.BLACK_PLAYED),
    TieBreak(Kind.BLACK_WON),
    TieBreak(Kind.ELECTED),
    TieBreak(Kind.AVERAGE_BUCHHOLZ),
    TieBreak(Kind.FORE_BUCHHOLZ),
    TieBreak(Kind.FORE_BUCHHOLZ, cut=1),
    TieBreak(Kind.KOYA),
    TieBreak(Kind.PROGRESSIVE),
    TieBreak(Kind.PROGRESSIVE, cut=1),
    TieBreak.ARO,
    TieBreak(Kind.ARO, cut=1),
    TieBreak.TPR,
    TieBreak.PTP,
    TieBreak.APRO,
    TieBreak.APPO,
)

#: The tie-breaks an event gets until the organiser chooses: for a Swiss Buchholz Cut-1, Buchholz,
#: Sonneborn-Berger; for a round robin what C.07 recommends there, direct encounter, wins, Sonneborn-Berger.
SWISS_DEFAULTS: tuple[TieBreak, ...] = (TieBreak.BUCHHOLZ_CUT1, TieBreak.BUCHHOLZ, TieBreak.SONNEBORN_BERGER)
ROUND_ROBIN_DEFAULTS: tuple[TieBreak, ...] = (
    TieBreak.DIRECT_ENCOUNTER,
    TieBreak.WINS,
    TieBreak.SONNEBORN_BERGER,
)
#: The Swiss defaults, for callers that do not know the system.
DEFAULT_TIEBREAKS = SWISS_DEFAULTS


def default_tiebreaks(round_robin: bool) -> tuple[TieBreak, ...]:
    """The tie-breaks a Swiss or a round robin gets until the organiser chooses (C.07 recommendations)."""
    return ROUND_ROBIN_DEFAULTS if round_robin else SWISS_DEFAULTS


class UnknownTieBreak(ValueError):
    """A tie-break code fidedesk does not know; the message lists the ones it does."""

    def __init__(self, text: str, reason: str = "") -> None:
        known = ", ".join(kind.acronym for kind in Kind)
        why = f" ({reason})" if reason else ""
        super().__init__(f"unknown tie-break {text!r}{why}; known: {known}, with -C1, -M1, -L60 as C.07 allows")
        self.text = text


class RepeatedTieBreak(UnknownTieBreak):
    """A list of tie-breaks that names one twice: a second could break no tie the first left (C.07 4.2)."""

    def __init__(self, tiebreak: TieBreak) -> None:
        ValueError.__init__(self, f"{tiebreak.code} is given twice")
        self.text, self.tiebreak = tiebreak.code, tiebreak


def repeated(tiebreaks: Iterable[TieBreak]) -> TieBreak | None:
    """The first tie-break a list names a second time, or None."""
    seen: set[TieBreak] = set()
    for tiebreak in tiebreaks:
        if tiebreak in seen:
            return tiebreak
        seen.add(tiebreak)
    return None


_MODIFIER = re.compile(r"([CML])(\d{1,3})")
_BY_ACRONYM = {kind.acronym: kind for kind in Kind} | {"REP": Kind.ELECTED}


def parse_tiebreak(text: str) -> TieBreak:
    """A tie-break from its code: ``BH-C1``, ``bh/c1``, ``SB-C1``, ``BH-M1``, ``KS-L60``, ``ARO-C1``.

    Raises :class:`UnknownTieBreak` for an acronym C.07 does not define for individuals, and for a
    modifier the tie-break does not take (article 14: cuts for sums and averages, limits for Koya).
    """
    parts = [part for part in re.split(r"[-/]", text.strip().upper()) if part]
    if not parts or (kind := _BY_ACRONYM.get(parts[0])) is None:
        raise UnknownTieBreak(text)
    values = {"C": 0, "M": 0, "L": KOYA_LIMIT}
    for part in parts[1:]:
        found = _MODIFIER.fullmatch(part)
        if found is None or found[1] not in kind.modifiers:
            raise UnknownTieBreak(text, f"{kind.acronym} takes no modifier {part}")
        values[found[1]] = int(found[2])
    if values["C"] and values["M"]:
        raise UnknownTieBreak(text, "a cut or a median, not both")
    if not 0 < values["L"] <= 100:
        raise UnknownTieBreak(text, "Koya's limit is a percentage from 1 to 100")
    return TieBreak(kind, cut=values["C"], median=values["M"], limit=values["L"])


def parse_tiebreaks(text: str | Iterable[str]) -> tuple[TieBreak, ...]:
    """Tie-breaks from codes separated by spaces or commas (``"BH-C1 BH SB"``), or from a list of codes.

    Raises :class:`UnknownTieBreak` for a code it cannot read, :class:`RepeatedTieBreak` for one named twice.
    """
    codes = re.split(r"[\s,;]+", text) if isinstance(text, str) else list(text)
    tiebreaks = tuple(parse_tiebreak(code) for code in codes if code.strip())
    if (twice := repeated(tiebreaks)) is not None:
        raise RepeatedTieBreak(twice)
    return tiebreaks


def tiebreak_codes(tiebreaks: Iterable[TieBreak]) -> str:
    """The codes separated by spaces, as settings, files and the command line write them."""
    return " ".join(tiebreak.code for tiebreak in tiebreaks)
