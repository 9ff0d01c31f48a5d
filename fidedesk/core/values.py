"""The values a person types or a file holds, each read by one parser and written by one formatter.

Every front end (the players table, the calculator, the command line, TRF, ``.fidedesk``, Excel, the
rating list) reads a value through the function here and only says where it came from, so the same
text is accepted or refused everywhere with the same reason. Each parser returns None for a blank
where a value may be unknown, and raises the value's own error (a subclass of :class:`InvalidValueError`,
itself a ValueError) with a short message that says what was expected. Each formatter writes the
form its parser reads back: ``parse_x(x_text(v)) == v``.

The text forms of figures (points, expected scores, changes: ``score_text``, ``fixed``, ``pd_text``)
and of crosstable cells live in :mod:`fidedesk.core.notation`; what is parsed lives here.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import re
from fractions import Fraction
from typing import Final

from fidedesk.core.norms.rules import EventType
from fidedesk.core.results import ResultCode as R
from fidedesk.core.tournament import TITLES, ArbiterLicence, BirthDate, EventInfo, title_code

# ---------------------------------------------------------------------------------------------- errors


class InvalidValueError(ValueError):
    """Text or a number that is not the value its field holds; the message says what is expected."""


class RatingError(InvalidValueError):
    """Not a rating, or a rating outside the range the field accepts."""


class ResultError(InvalidValueError):
    """Not a game's result (a score, or a board's result)."""


class ByeError(InvalidValueError):
    """Not the score of a bye."""


class BirthDateError(InvalidValueError):
    """Not a birth date, or a date that is not in the calendar."""


class DateError(InvalidValueError):
    """Not a date (an event's start or end), or not one in the calendar."""


class TitleError(InvalidValueError):
    """Not one of FIDE's titles."""


class FederationError(InvalidValueError):
    """Not a federation's three-letter code."""


class FideIdError(InvalidValueError):
    """Not a FIDE ID."""


class SexError(InvalidValueError):
    """Not a player's sex as FIDE's files write it."""


class KError(InvalidValueError):
    """Not a K factor set by hand."""


class GamesError(InvalidValueError):
    """Not a count of rated games."""


# ---------------------------------------------------------------------------------------------- ranges


@dataclasses.dataclass(frozen=True)
class Range:
    """Whole numbers ``low`` to ``high``, both included."""

    low: int
    high: int

    def __contains__(self, value: object) -> bool:
        return type(value) is int and self.low <= value <= self.high

    def __str__(self) -> str:
        return f"{self.low}–{self.high}"


#: A rating as a person types it (players table, calculator, command line). 1000 is the lowest rating
#: floor of any FIDE edition (from the July 2012 list to February 2024; since March 2024 FIDE 7.1.2
#: publishes ratings from 1400), and no published rating has reached 3000 (the highest, 2882, in May
#: 2014): a figure outside is a typing slip.
RATING_TYPED: Final = Range(1000, 3000)
#: A rating as a file holds it (TRF, ``.fidedesk``, Excel, FIDE's rating list): the same range, so
#: that what one front end accepts the others read back; no file in the test data needs more.
RATING_IN_FILE: Final = Range(1000, 3000)
#: A K factor set by hand. FIDE's K values are 10 to 40 (FIDE 8.3.3; 25, 15 and 30 in older editions,
#: less under the K·n ≤ 700 cap); the range leaves room for a national rule.
K_RANGE: Final = Range(1, 100)
#: A count of rated games completed before an event (FIDE 8.3.3: K 40 until 30 games).
GAMES_RANGE: Final = Range(0, 99_999)
#: A round's number, in every file and the window. TRF gives a round ten columns of a 001 record (C04 Annex 2),
#: and no FIDE event comes near 99 rounds (a double round robin of 50 players has 98): a larger number is a
#: slip or a hostile file, and every player gets an entry for every round up to the last, so the number
#: bounds the work and memory of a whole tournament.
ROUND_RANGE: Final = Range(1, 99)
#: A FIDE ID: a positive number that fits TRF's eleven columns 58-68 (C04 Annex 2); 0 is none.
FIDE_ID_RANGE: Final = Range(1, 99_999_999_999)
#: A board's number in its round (a pairing sheet's Board column, ``.fidedesk``'s ``board``): far more
#: than the boards of any open (the largest have had about a thousand).
BOARD_RANGE: Final = Range(1, 99_999)

_DIGITS = re.compile(r"[0-9]{1,40}")  # more is no count anyone means (and over 4,300 int() refuses)


def _whole(text: str) -> int | None:
    """The ASCII digits of ``text`` (at most 40) as a number; None when ``text`` is anything else."""
    return int(text) if _DIGITS.fullmatch(text) else None


def parse_count(text: str, what: str, allowed: Range) -> int | None:
    """A whole number in ``allowed`` (a year, a round): None when blank, InvalidValueError when not."""
    return _counted(text, what, allowed, InvalidValueError)


def _counted(text: str, what: str, allowed: Range, error: type[InvalidValueError]) -> int | None:
    stripped = text.strip()
    if not stripped:
        return None
    value = _whole(stripped)
    if value is None or value not in allowed:
        raise error(f"“{stripped}” is not {what} ({allowed})")
    return value


def count_text(value: int | None) -> str:
    """A whole number, or blank for None: what :func:`parse_count`, :func:`parse_k`, :func:`parse_games`
    and :func:`parse_rating` read back."""
    return "" if value is None else str(value)


def plural(count: int, noun: str) -> str:
    """``noun`` as it goes with ``count``: ``player`` for 1, ``players`` otherwise (0 included)."""
    return noun if count == 1 else f"{noun}s"


def counted(count: int, noun: str) -> str:
    """A count with its noun, in the one form every front end writes: ``1 player``, ``3 rounds``, ``0 games``."""
    return f"{count} {plural(count, noun)}"


# ---------------------------------------------------------------------------------------------- ratings


def check_rating(value: int, allowed: Range = RATING_IN_FILE) -> int:
    """``value`` when it is a rating in ``allowed``; RatingError otherwise."""
    if value not in allowed:
        raise RatingError(f"{value} is outside {allowed}")
    return value


def parse_rating(text: str, allowed: Range = RATING_TYPED) -> int | None:
    """A rating: digits in ``allowed``; None when blank (unrated, FIDE 7.1); RatingError otherwise."""
    stripped = text.strip()
    if not stripped:
        return None
    value = _whole(stripped)
    if value is None:
        raise RatingError(f"“{stripped}” is not a rating ({allowed})")
    return check_rating(value, allowed)


def rating_text(rating: int | None) -> str:
    """A rating as typed: ``2417``, blank for unrated."""
    return count_text(rating)


def parse_k(text: str) -> int | None:
    """A K factor set by hand (:data:`K_RANGE`); None when blank (found by the edition's rules)."""
    return _counted(text, "a K factor", K_RANGE, KError)


def parse_games(text: str) -> int | None:
    """A count of rated games (:data:`GAMES_RANGE`); None when blank (unknown)."""
    return _counted(text, "a number of games", GAMES_RANGE, GamesError)


# ---------------------------------------------------------------------------------------------- a game's score

WIN: Final = Fraction(1)
DRAW: Final = Fraction(1, 2)
LOSS: Final = Fraction(0)

#: A game's result from one player's side, in lower case: the figure, the word, or the board's result
#: written from that player's side (``1-0`` is a win).
#: A half point as figures write it, in a game's score and in a bye's alike.
_HALVES: Final = ("½", "0.5", "0,5", ".5", ",5", "1/2", "=")

_SCORES: Final[dict[str, Fraction]] = {
    **dict.fromkeys(["1", "1.0", "1,0", "w", "win", "1-0"], WIN),
    **dict.fromkeys([*_HALVES, "d", "draw", "½-½", "1/2-1/2"], DRAW),
    **dict.fromkeys(["0", "0.0", "0,0", "l", "loss", "0-1"], LOSS),
}

_DECIMAL: Final = re.compile(r"([0-9]{1,3})(?:[.,]([0-9]{1,6}))?")

#: The forms :func:`parse_result` names in its message.
RESULT_HINT: Final = "1, ½ (or 0.5, =), 0"


def parse_result(text: str) -> Fraction | None:
    """A game's score for one player (FIDE 8.3.2 b: 1, 0.5 or 0): ``1``, ``½`` (``0.5``, ``1/2``, ``=``),
    ``0``, the words win, draw, loss, or ``1-0``, ``½-½``, ``0-1``, and any decimal worth one of the three
    (``1.00``, ``0,50``, as a spreadsheet or a calculator writes them); None when blank; ResultError otherwise."""
    stripped = text.strip()
    if not stripped:
        return None
    score = _SCORES.get(stripped.lower())
    if score is None and (match := _DECIMAL.fullmatch(stripped)) is not None:
        score = Fraction(f"{match[1]}.{match[2] or 0}")
    if score not in (WIN, DRAW, LOSS):
        raise ResultError(f"“{stripped}” is not a result ({RESULT_HINT})")
    return score


def result_text(score: Fraction) -> str:
    """1, ½ or 0, as FIDE prints a game's result."""
    return {WIN: "1", DRAW: "½", LOSS: "0"}.get(score, str(score))


# ---------------------------------------------------------------------------------------------- a board's result

#: How a board's result reads, from white's code (and black's, for a double forfeit).
BOARD_TEXT: Final[dict[R, str]] = {
    R.WIN: "1-0", R.DRAW: "½-½", R.LOSS: "0-1", R.FORFEIT_WIN: "+--", R.FORFEIT_LOSS: "--+",
    R.WIN_UNPLAYED: "1-0 u", R.DRAW_UNPLAYED: "½-½ u", R.LOSS_UNPLAYED: "0-1 u", R.PENDING: "?",
    R.HALF_BYE: "bye ½", R.FULL_BYE: "bye 1", R.PAIRING_BYE: "bye 1 (pairing)", R.ZERO_BYE: "bye 0",
}  # fmt: skip

#: A double forfeit (both players lose without playing): not a single code from white's side.
DOUBLE_FORFEIT: Final = "-/-"

#: A board's result as spreadsheets, pasted rounds and the spreadsheet export write it, read without
#: spaces and in lower case: (white's code, black's code). ``0-0`` and ``-/-`` are a double forfeit (both
#: lose without playing); blank and ``?`` a pairing whose result is not entered yet.
_BOARD_RESULTS: Final[dict[str, tuple[R, R]]] = {
    **dict.fromkeys(["1-0", "1:0", "1–0"], (R.WIN, R.LOSS)),
    **dict.fromkeys(["½-½", "1/2-1/2", "0.5-0.5", "0,5-0,5", "½:½", "1/2:1/2", "0.5:0.5", "=", "=-="],
                    (R.DRAW, R.DRAW)),
    **dict.fromkeys(["0-1", "0:1"], (R.LOSS, R.WIN)),
    **dict.fromkeys(["+--", "+-", "+/-", "+:-"], (R.FORFEIT_WIN, R.FORFEIT_LOSS)),
    **dict.fromkeys(["--+", "-+", "-/+", "-:+"], (R.FORFEIT_LOSS, R.FORFEIT_WIN)),
    **dict.fromkeys(["0-0", "-/-", "---", "--", "-:-", "0:0"], (R.FORFEIT_LOSS, R.FORFEIT_LOSS)),
    "1-0u": (R.WIN_UNPLAYED, R.LOSS_UNPLAYED),
    **dict.fromkeys(["½-½u", "1/2-1/2u", "0.5-0.5u"], (R.DRAW_UNPLAYED, R.DRAW_UNPLAYED)),
    "0-1u": (R.LOSS_UNPLAYED, R.WIN_UNPLAYED),
    **dict.fromkeys(["", "?"], (R.PENDING, R.PENDING)),
}  # fmt: skip

#: The forms :func:`parse_board_result` names in its message.
BOARD_RESULT_HINT: Final = "1-0, ½-½, 0-1, +--, --+, 0-0, blank"


def _result_key(text: str) -> str:
    """``text`` in lower case without spaces, dashes and minus signs written as ``-``."""
    return "".join(text.split()).lower().replace("–", "-").replace("—", "-").replace("−", "-")


def parse_board_result(text: str) -> tuple[R, R]:
    """White's and black's codes for a board's result as written; ResultError when it is not one.

    ``1-0`` (``1:0``), ``½-½`` (``1/2-1/2``, ``0.5-0.5``, ``=``), ``0-1``; forfeits ``+--`` (``+-``,
    ``+/-``) and ``--+`` (``-+``, ``-/+``); a double forfeit ``0-0`` (``-/-``, ``---``); games not played
    out ``1-0 u``, ``½-½ u``, ``0-1 u`` (FIDE 5.1: not rated); blank or ``?``: not entered yet. Spaces
    and the kind of dash do not matter.
    """
    try:
        return _BOARD_RESULTS[_result_key(text)]
    except KeyError:
        raise ResultError(f"“{text.strip()}” is not a result ({BOARD_RESULT_HINT})") from None


def board_text(white: R, black: R | None = None) -> str:
    """A board's result as the arbiter reads it: 1-0, ½-½, +--, -/-, bye ½, ? ..."""
    if white is R.FORFEIT_LOSS and black is R.FORFEIT_LOSS:
        return DOUBLE_FORFEIT
    return BOARD_TEXT[white]


# ---------------------------------------------------------------------------------------------- byes

#: The score of a bye as written after "bye" (or alone): 1 alone is the pairing-allocated bye of a
#: pasted round; "bye 1" is a full-point bye, as :data:`BOARD_TEXT` writes it.
_BYE_RESULTS: Final[dict[str, R]] = {
    **dict.fromkeys(["1", "u", "bye", "bye1(pairing)", "+"], R.PAIRING_BYE),
    **dict.fromkeys(["bye1", "f"], R.FULL_BYE),
    # a half point in every form a game's half point takes (``.5`` too: Excel's Swiss tables write ``-.5``)
    **dict.fromkeys([*_HALVES, *(f"bye{half}" for half in _HALVES), "h"], R.HALF_BYE),
    **dict.fromkeys(["0", "bye0", "z", "-"], R.ZERO_BYE),
}  # fmt: skip

#: The codes of a round without an opponent (TRF's H, F, U, Z; C04 Annex 2).
BYES: Final = tuple(code for code in R if code.is_bye)


def parse_bye_result(text: str) -> R:
    """A bye's code from its score: ``1`` (pairing-allocated), ``½``, ``0``, or :func:`bye_text`'s
    ``bye 1`` (full point), ``bye ½``, ``bye 1 (pairing)``, ``bye 0``, or a TRF letter F, H, U, Z."""
    try:
        return _BYE_RESULTS[_result_key(text)]
    except KeyError:
        raise ByeError(f"“{text.strip()}” is not a bye's score (1, ½, 0)") from None


def bye_text(code: R) -> str:
    """A bye as the rounds show it: ``bye ½``, ``bye 1``, ``bye 1 (pairing)``, ``bye 0``."""
    if code not in BYES:
        raise ByeError(f"{code.name.lower().replace('_', ' ')} is not a bye")
    return BOARD_TEXT[code]


# ---------------------------------------------------------------------------------------------- birth dates

#: ``YYYY``, ``YYYY-MM`` or ``YYYY-MM-DD``; ``/`` or ``.`` may separate as in TRF, where ``00`` is unknown.
_BIRTH = re.compile(r"([0-9]{4})(?:([-/.])([0-9]{1,2})(?:\2([0-9]{1,2}))?)?")
BIRTH_HINT = "YYYY, YYYY-MM-DD or DD.MM.YYYY"


def birth_date(year: int, month: int | None = None, day: int | None = None) -> BirthDate:
    """A birth date from its parts, checked: a year 1-9999, a month only with the year and a day only with
    the month, in the calendar; BirthDateError otherwise."""
    if day is not None and month is None:
        raise BirthDateError("a day without a month")
    if not 1 <= year <= 9999 or (month is not None and not 1 <= month <= 12):
        raise BirthDateError(f"a birth date has a year 1-9999 and a month 1-12, not {year}-{month}")
    if day is not None:
        try:
            dt.date(year, month or 1, day)
        except ValueError:
            raise BirthDateError(f"{year:04d}-{month or 0:02d}-{day:02d} is not a date in the calendar") from None
    return BirthDate(year, month, day)


def parse_birth_date(text: str) -> BirthDate | None:
    """A birth date, often only its year: ``1978``, ``1978-05``, ``1978-05-02`` (or with ``/`` or ``.``,
    as TRF writes it, where a month or day ``00`` and a year ``0000`` are unknown), or a whole date day
    first, ``02.05.1978`` (as spreadsheets write it); None when blank or
    the year is unknown; BirthDateError when not a date, a day comes without a month, or the date is
    not in the calendar."""
    stripped = text.strip()
    if not stripped:
        return None
    if match := _BIRTH.fullmatch(stripped):
        year, month, day = int(match[1]), int(match[3] or 0), int(match[4] or 0)
    elif match := _DAY_FIRST.fullmatch(stripped):  # a whole date day first, as an event's date may be
        year, month, day = int(match[4]), int(match[3]), int(match[1])
    else:
        raise BirthDateError(f"“{stripped}” is not a birth date ({BIRTH_HINT})")
    if month > 12 or day > 31 or (day and not month):
        raise BirthDateError(f"“{stripped}” is not a birth date ({BIRTH_HINT})")
    try:
        # year 0000 (unknown) is checked as 2000, a leap year, so that 29 February passes
        birth = birth_date(year or 2000, month or None, day or None)
    except BirthDateError:
        raise BirthDateError(f"“{stripped}” is not a date in the calendar") from None
    return birth if year else None


def birth_text(birth: BirthDate | None) -> str:
    """A birth date as typed: ``1978``, ``1978-05`` or ``1978-05-02``; blank when unknown."""
    if birth is None:
        return ""
    if birth.month is None:
        return f"{birth.year:04d}"
    if birth.day is None:
        return f"{birth.year:04d}-{birth.month:02d}"
    return f"{birth.year:04d}-{birth.month:02d}-{birth.day:02d}"


# ---------------------------------------------------------------------------------------------- event dates

#: A whole date, year first or day first, with the same separator twice (``-``, ``/`` or ``.``, spaces
#: around it allowed): ``2016-06-28``, ``2005/07/28``, ``24/09/2010``, ``28. 07. 2005`` (FIDE's own example
#: TRF). The form a person types in the event form and the forms TRF headers and Excel event sheets write.
_YEAR_FIRST: Final = re.compile(r"([0-9]{4})\s*([/.\-])\s*([0-9]{1,2})\s*\2\s*([0-9]{1,2})")
_DAY_FIRST: Final = re.compile(r"([0-9]{1,2})\s*([/.\-])\s*([0-9]{1,2})\s*\2\s*([0-9]{4})")
#: The forms :func:`parse_date` names in its message.
DATE_HINT: Final = "YYYY-MM-DD or DD.MM.YYYY"


def parse_date(text: str) -> dt.date | None:
    """An event's date (TRF records 042 and 052): year first (``2016-06-28``, ``2016/06/28``) or day first
    (``28.06.2016``, ``28/06/2016``); None when blank; DateError when not a date or not in the calendar."""
    stripped = text.strip()
    if not stripped:
        return None
    if match := _YEAR_FIRST.fullmatch(stripped):
        year, month, day = int(match[1]), int(match[3]), int(match[4])
    elif match := _DAY_FIRST.fullmatch(stripped):
        year, month, day = int(match[4]), int(match[3]), int(match[1])
    else:
        raise DateError(f"“{stripped}” is not a date ({DATE_HINT})")
    try:
        return dt.date(year, month, day)
    except ValueError:
        raise DateError(f"“{stripped}” is not a date in the calendar") from None


def date_text(date: dt.date | None) -> str:
    """An event's date as typed and shown: ``2016-06-28``; blank when unknown."""
    return "" if date is None else date.isoformat()


def date_range_text(start: dt.date | None, end: dt.date | None) -> str:
    """An event's dates as page headers show them: ``2016-06-28 – 2016-07-06``, one date when the event has
    one day or one date known, blank when none is."""
    return " – ".join(date_text(day) for day in dict.fromkeys((start, end)) if day is not None)


# ---------------------------------------------------------------------------------------------- who a player is


def parse_title(text: str) -> str:
    """One of FIDE's titles (:data:`~fidedesk.core.tournament.TITLES`, C04 Annex 2), in any case or as
    the rating list's letters (``g``, ``wf``): ``GM``; blank when none; TitleError otherwise."""
    stripped = text.strip()
    if not stripped:
        return ""
    code = title_code(stripped)
    if code not in TITLES:
        raise TitleError(f"“{stripped}” is not a title ({' '.join(TITLES)}, or blank)")
    return code


#: How a federation is typed, as a field's hint (a hint, not a sample value that looks already filled in).
FEDERATION_HINT: Final = "3 letters, e.g. GER"

#: FIDE's member federations' three-letter codes (FIDE's directory and rating list), and ``FID`` for
#: players under FIDE's flag. Only these are federations: a file or a person writing another three
#: letters (``ZZZ``, a code of the past such as ``YUG`` or ``URS``) is refused with the reason, since
#: FIDE's rating list, which the rating officer checks a report against, has no player under it.
FEDERATIONS: Final = frozenset({
    "AFG", "AHO", "ALB", "ALG", "AND", "ANG", "ANT", "ARG", "ARM", "ARU", "AUS", "AUT", "AZE", "BAH", "BAN", "BAR",
    "BDI", "BEL", "BEN", "BER", "BHU", "BIH", "BIZ", "BLR", "BOL", "BOT", "BRA", "BRN", "BRU", "BUL", "BUR", "CAF",
    "CAM", "CAN", "CAY", "CGO", "CHA", "CHI", "CHN", "CIV", "CMR", "COD", "COL", "COM", "CPV", "CRC", "CRO", "CUB",
    "CYP", "CZE", "DEN", "DJI", "DMA", "DOM", "ECU", "EGY", "ENG", "ERI", "ESA", "ESP", "EST", "ETH", "FAI", "FID",
    "FIJ", "FIN", "FRA", "GAB", "GAM", "GBS", "GCI", "GEO", "GEQ", "GER", "GHA", "GRE", "GRN", "GUA", "GUI", "GUM",
    "GUY", "HAI", "HKG", "HON", "HUN", "INA", "IND", "IOM", "IRI", "IRL", "IRQ", "ISL", "ISR", "ISV", "ITA", "IVB",
    "JAM", "JCI", "JOR", "JPN", "KAZ", "KEN", "KGZ", "KOR", "KOS", "KSA", "KUW", "LAO", "LAT", "LBA", "LBN", "LBR",
    "LCA", "LES", "LIE", "LTU", "LUX", "MAC", "MAD", "MAR", "MAS", "MAW", "MDA", "MDV", "MEX", "MGL", "MKD", "MLI",
    "MLT", "MNC", "MNE", "MOZ", "MRI", "MTN", "MYA", "NAM", "NCA", "NED", "NEP", "NGR", "NIG", "NOR", "NRU", "NZL",
    "OMA", "PAK", "PAN", "PAR", "PER", "PHI", "PLE", "PLW", "PNG", "POL", "POR", "PRK", "PUR", "QAT", "ROU", "RSA",
    "RUS", "RWA", "SCO", "SEN", "SEY", "SGP", "SKN", "SLE", "SLO", "SMR", "SOL", "SOM", "SRB", "SRI", "SSD", "STP",
    "SUD", "SUI", "SUR", "SVK", "SWE", "SWZ", "SYR", "TAN", "TGA", "THA", "TJK", "TKM", "TLS", "TOG", "TPE", "TTO",
    "TUN", "TUR", "UAE", "UGA", "UKR", "URU", "USA", "UZB", "VAN", "VEN", "VIE", "VIN", "WLS", "YEM", "ZAM", "ZIM",
})  # fmt: skip


def federation_letters(text: str) -> str:
    """Three letters in capitals (the shape of a federation's code), blank when none; FederationError
    otherwise. For FIDE's own rating list, which says which codes exist: everyone else reads a federation
    with :func:`parse_federation`."""
    stripped = text.strip()
    if not stripped:
        return ""
    if not (len(stripped) == 3 and stripped.isascii() and stripped.isalpha()):
        raise FederationError(f"“{stripped}” is not a federation (three letters: GER, ESP, ENG)")
    return stripped.upper()


def parse_federation(text: str) -> str:
    """One of FIDE's federations (:data:`FEDERATIONS`) by its three letters, in any case: ``GER``; blank
    when none; FederationError otherwise, saying whether the shape or the code is wrong."""
    code = federation_letters(text)
    if code and code not in FEDERATIONS:
        raise FederationError(f"“{text.strip()}” is not one of FIDE's federations (GER, ESP, ENG …; FID: FIDE's flag)")
    return code


#: A player's sex as TRF writes it (C04 Annex 2, column 10: ``m`` or ``w``; many programs write ``f``
#: for a woman, and FIDE TEC's own tournament generator (gacrux) writes ``u``, not known, in every record:
#: each kept as written so that a file reads back as it was), and blank when not known.
SEXES: Final = ("m", "w", "f", "u")


def parse_sex(text: str) -> str:
    """``m``, ``w``, ``f`` or ``u`` (:data:`SEXES`), in lower case; blank when not known; SexError otherwise."""
    stripped = text.strip()
    if stripped.lower() in SEXES or not stripped:
        return stripped.lower()
    raise SexError(f"“{stripped}” is not a sex (m, w or f; u or blank: not known)")


def check_fide_id(value: int) -> int:
    """``value`` when it is a FIDE ID (:data:`FIDE_ID_RANGE`); FideIdError otherwise."""
    if value not in FIDE_ID_RANGE:
        raise FideIdError(f"{value} is not a FIDE ID (up to 11 digits)")
    return value


def parse_fide_id(text: str) -> int | None:
    """A FIDE ID: up to eleven digits; None when blank or 0 (none, as TRF writes it); FideIdError
    otherwise."""
    stripped = text.strip()
    value = _whole(stripped) if stripped else 0
    if value is None or (value != 0 and value not in FIDE_ID_RANGE):
        raise FideIdError(f"“{stripped}” is not a FIDE ID (up to 11 digits)")
    return value or None


def fide_id_text(fide_id: int | None) -> str:
    """A FIDE ID as typed, blank for none."""
    return count_text(fide_id)


@dataclasses.dataclass(frozen=True)
class Arbiter:
    """The chief arbiter as one line of text gives them (TRF ``102``, an Excel cell): name, title (licence) and
    FIDE ID."""

    name: str
    licence: ArbiterLicence | None = None
    fide_id: int | None = None


#: A FIDE ID in a 102 record: a number of 6 to 11 digits standing alone (FIDE TEC's reader takes a number over
#: 100000), perhaps between a pair of brackets or after "FIDE ID".
_ARBITER_ID = re.compile(
    r"\(\s*(?:fide\s*id\s*:?\s*)?(\d{6,11})\s*\)|(?:fide\s*id\s*:?\s*)?(?<!\d)(\d{6,11})(?!\d)", re.IGNORECASE
)
#: An arbiter's title as files write it: FIDE TEC's ``IA``/``FA`` before the name, a national arbiter as ``NA``
#: or Spanish ``AN`` (árbitro nacional), upper case and standing alone.
_LICENCE = re.compile(r"(?<![^\s(,-])(IA|FA|NA|AN)(?![^\s),-])")


def _without(text: str, start: int, end: int) -> str:
    """``text`` less ``text[start:end]``, one space where it stood (the rest of the name as it was written)."""
    before, after = text[:start].rstrip(" "), text[end:].lstrip(" ")
    return f"{before} {after}" if before and after else before + after


def parse_arbiter(text: str) -> Arbiter:
    """The chief arbiter of a ``102`` record (C04 Annex 2: free text). Real files write ``IA Mikel Larreategi
    Arana (22232540)``, ``Francisco Javier Sanz Morinigo - AN 2216434``, ``24148296 Sakhvadze Georgy``; FIDE TEC
    writes ``IA Name 12345678``. The title and the FIDE ID are taken out where they stand alone, the rest (less
    the separators left at its ends) is the name; text with neither is the name as written."""
    fide_id = None
    found = _ARBITER_ID.search(text)
    if found:
        fide_id = int(found.group(1) or found.group(2))
        text = _without(text, found.start(), found.end())
    licence = None
    titled = _LICENCE.search(text)
    if titled:
        licence = ArbiterLicence.NA if titled.group(1) == "AN" else ArbiterLicence(titled.group(1))
        text = _without(text, titled.start(), titled.end())
    if fide_id is None and licence is None:
        return Arbiter(text.strip())
    return Arbiter(text.strip(" -,;:"), licence, fide_id)


def with_arbiter_read(info: EventInfo) -> EventInfo:
    """``info`` with the chief arbiter's title and FIDE ID read out of the name's text (:func:`parse_arbiter`), as a
    TRF 102 record is read: for a file whose event gives them with the name ("IA Ruth Schmidt 4600010"), written
    before they had fields of their own or typed so by a person."""
    arbiter = parse_arbiter(info.chief_arbiter)
    return dataclasses.replace(
        info, chief_arbiter=arbiter.name, arbiter_licence=arbiter.licence, arbiter_fide_id=arbiter.fide_id
    )


def arbiter_text(arbiter: Arbiter) -> str:
    """The chief arbiter as one line, as FIDE TEC writes a ``102`` record: ``IA Mikel Larreategi Arana 22232540``
    (title, name, FIDE ID; each left out when not given). :func:`parse_arbiter` reads it back; where the name
    would take the number for its own (a name ending "FIDE ID", found by hypothesis: "FIDEID 100000" read as the
    FIDE ID alone), the number is written in brackets, as real files write it (``... (22232540)``)."""
    licence = arbiter.licence.value if arbiter.licence else ""
    plain = " ".join(part for part in (licence, arbiter.name, str(arbiter.fide_id or "")) if part)
    if arbiter.fide_id is None or parse_arbiter(plain) == arbiter:
        return plain
    bracketed = " ".join(part for part in (licence, arbiter.name, f"({arbiter.fide_id})") if part)
    return bracketed if parse_arbiter(bracketed) == arbiter else plain


#: The kinds of event of B.01 (core.norms.rules.EventType) in words, with the article each exempts under: the
#: window's Event type box and the norm forms.
EVENT_TYPE_TEXT: Final = {
    EventType.NORMAL: "Normal",
    EventType.NATIONAL_CHAMPIONSHIP: "Final of a national championship (B.01 1.4.3a)",
    EventType.NATIONAL_TEAM_CHAMPIONSHIP: "National team championship (B.01 1.4.3b)",
    EventType.ZONAL: "Zonal or sub-zonal tournament (B.01 1.4.3c)",
    EventType.TEAM_CHAMPIONSHIP: "World or Continental Team or Club Championship (B.01 1.4.1b)",
    EventType.WORLD_CUP: "World Cup (B.01 1.4.1b)",
}
