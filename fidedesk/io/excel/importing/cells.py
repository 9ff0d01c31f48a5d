"""One cell's value, read as its column says, or a narrow error saying why it cannot be.

What a cell holds is read here (a number cell, a date cell, text with thousands separators, a formula
without its result); what a value may be is :mod:`fidedesk.core.values`'s to say, as for every other
front end. Text is stripped; numbers may be written as text with thousands separators (``2,350``,
``2 350``, ``2.350``, ``2'350``) or as ``2350.0``. Ratings as a file holds them, 1000-3000
(``RATING_IN_FILE``); ``0``, ``-``, ``NC``, ``unrated`` or blank mean unrated. FIDE ID: up to 11 digits (0 =
none). Born: a year (``1985``), a date cell, ``YYYY-MM-DD``, ``YYYY-MM``, ``YYYY/MM/DD`` (``00`` for
unknown parts, ``0000`` an unknown year), ``DD.MM.YYYY`` or ``DD/MM/YYYY``; the date must be in the
calendar. Title: one of FIDE's (``gm``, ``GM``, the rating list's ``g``) or blank. Federation: one of
FIDE's federations' three letters (``FID``: FIDE's flag), in capitals, or blank. Sex: ``m``, ``w``, ``f``
or blank, and ``male``/``female`` words in the five languages become ``m``/``w``; other text is refused.
``2400+``: yes/no (ja/nein, oui/non, sí/no, да/нет, true/false, 1/0, x) or blank. Points: a number, ``5.5``,
``5,5``, ``5½``. Games 0-99999, K 1-100, rank: whole numbers.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable
from fractions import Fraction
from typing import Final, TypeVar

from fidedesk.core.notation import cell_text, score_text
from fidedesk.core.tournament import BirthDate, RoundEntry
from fidedesk.core.values import (
    BIRTH_HINT,
    ROUND_RANGE,
    InvalidValueError,
    birth_date,
    birth_text,
    check_fide_id,
    check_rating,
    parse_birth_date,
    parse_federation,
    parse_games,
    parse_k,
    parse_sex,
    parse_title,
)
from fidedesk.io.excel.grid import CellValue, Unreadable
from fidedesk.io.excel.importing.model import Field
from fidedesk.io.folding import fold

__all__ = [
    "READERS",
    "CellError",
    "CellFormError",
    "CellKindError",
    "CellRangeError",
    "UnreadableCellError",
    "bounded",
    "check_round",
    "loose",
    "plain_text",
    "show",
    "shown",
    "start_rank",
    "text",
]


_T = TypeVar("_T")


class CellError(ValueError):
    """A cell that cannot be read as its column says; the message is the reason shown to the user."""


class UnreadableCellError(CellError):
    """The file does not hold the cell's value: a formula saved without its result, or an error value."""


class CellKindError(CellError):
    """A value of the wrong kind for the column: a date or a truth value where a number or text belongs."""


class CellFormError(CellError):
    """Text (or a number) that is not one of the forms the column takes."""


class CellRangeError(CellError):
    """A number outside the column's range."""


def loose(text: str) -> str:
    """A header or word compared loosely: lower case, no accents, punctuation as spaces."""
    return " ".join(re.sub(r"[^\w+]+", " ", fold(text)).split())


def show(value: CellValue) -> str:
    """A cell's value for a message: text quoted, a date in words, a whole number without ``.0``."""
    if isinstance(value, str):
        return f'"{value.strip()}"'
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, dt.datetime):
        return f"the date {value.date().isoformat()}" if value.time() == dt.time() else f"the time {value}"
    if isinstance(value, dt.date):
        return f"the date {value.isoformat()}"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def unreadable(value: Unreadable) -> UnreadableCellError:
    """The error for a cell whose value the file does not hold, saying how to mend it."""
    if value is Unreadable.FORMULA_WITHOUT_VALUE:
        return UnreadableCellError(
            "a formula without a saved result: open the file in Excel or LibreOffice and save it"
        )
    return UnreadableCellError("an error value (#REF!, #DIV/0! ...): correct the cell")


def plain_text(value: CellValue) -> str:
    """The text of a cell for a field that takes text; numbers as written (2350, 0.5); "" when unreadable."""
    if value is None or isinstance(value, Unreadable):
        return ""
    if isinstance(value, str):
        return value.strip()
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else repr(value)
    if isinstance(value, dt.datetime) and value.time() == dt.time():
        return value.date().isoformat()
    if isinstance(value, (dt.date, dt.time)):
        return value.isoformat()
    return str(value)


def text(value: CellValue) -> str:
    """A text cell's value; UnreadableCellError when the file does not hold it."""
    if isinstance(value, Unreadable):
        raise unreadable(value)
    return plain_text(value)


_GROUPED = re.compile(r"\d{1,3}(?:([ ,.'\u00a0\u202f])\d{3})(?:\1\d{3})*")
_WHOLE_DECIMAL = re.compile(r"(\d+)[.,]0+")


def _number_cell(value: CellValue, what: str) -> int | float | str | None:
    """A cell that holds a number or text (None when empty); errors for one the file does not hold, a date
    or a truth value."""
    if isinstance(value, Unreadable):
        raise unreadable(value)
    if isinstance(value, (bool, dt.date, dt.time)):
        raise CellKindError(f"{show(value)}, not {what}")
    return value


def whole(value: CellValue, what: str) -> int | None:
    """A whole number from a number cell or text (``2,350``, ``2 350``, ``2350.0``); None when blank."""
    value = _number_cell(value, what)
    if value is None:
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        if value.is_integer():
            return int(value)
        raise CellFormError(f"{show(value)} is not {what}")
    stripped = value.strip()
    if not stripped:
        return None
    if stripped.isdigit() and stripped.isascii():
        return int(stripped)
    if _GROUPED.fullmatch(stripped):
        return int(re.sub(r"\D", "", stripped))
    match = _WHOLE_DECIMAL.fullmatch(stripped)
    if match:
        return int(match[1])
    raise CellFormError(f"{show(value)} is not {what}")


def bounded(value: CellValue, what: str, low: int, high: int) -> int | None:
    """A whole number from ``low`` to ``high``; None when blank."""
    number = whole(value, what)
    if number is not None and not low <= number <= high:
        raise CellRangeError(f"{number} is not {what} ({low}–{high})")
    return number


_UNRATED_WORDS: Final = frozenset({"-", "nc", "unr", "unrated", "n a", "na", "none", "ohne", "нет", "sin elo", "s e"})


def _checked(check: Callable[[int], int | None], number: int) -> int | None:
    """``number`` as core.values ``check`` takes it; its message, when it refuses, as a CellRangeError."""
    try:
        return check(number)
    except InvalidValueError as error:
        raise CellRangeError(str(error)) from error


def rating(value: CellValue) -> int | None:
    """A rating as a file holds it (core.values ``RATING_IN_FILE``); 0, blank and words for unrated give None."""
    if isinstance(value, str) and (loose(value) in _UNRATED_WORDS or value.strip() in ("-", "–", "—")):
        return None
    number = whole(value, "a rating")
    return _checked(check_rating, number) if number else None


def fide_id(value: CellValue) -> int | None:
    """A FIDE ID (core.values ``FIDE_ID_RANGE``); 0 and blank give None."""
    number = whole(value, "a FIDE ID")
    return _checked(check_fide_id, number) if number else None


def k_factor(value: CellValue) -> int | None:
    """A K factor set by hand (core.values ``K_RANGE``); None when blank."""
    number = whole(value, "a K factor")
    return None if number is None else _checked(lambda n: parse_k(str(n)), number)


def games(value: CellValue) -> int | None:
    """A count of rated games (core.values ``GAMES_RANGE``); None when blank."""
    number = whole(value, "a number of games")
    return None if number is None else _checked(lambda n: parse_games(str(n)), number)


def start_rank(value: CellValue) -> int | None:
    return bounded(value, "a start rank", 1, 99999)


def check_round(number: int) -> int:
    """A round's number as every front end takes it (core.values ``ROUND_RANGE``); CellRangeError beyond,
    as the limit bounds the work a tournament costs."""
    if number not in ROUND_RANGE:
        raise CellRangeError(f"round {number} is beyond the rounds fidedesk reads ({ROUND_RANGE}, the limit)")
    return number


def _parsed(parse: Callable[[str], _T], value: CellValue) -> _T:
    """A text cell read by core.values ``parse``; its message, when it refuses, as a CellFormError."""
    try:
        return parse(text(value))
    except InvalidValueError as error:
        raise CellFormError(str(error)) from error


def title(value: CellValue) -> str:
    """One of FIDE's titles, or "" (core.values ``parse_title``)."""
    return _parsed(parse_title, value)


def federation(value: CellValue) -> str:
    """A federation's three letters in capitals, or "" (core.values ``parse_federation``)."""
    return _parsed(parse_federation, value)


_SEXES: Final[dict[str, str]] = {
    **dict.fromkeys(["male", "man", "mannlich", "masculin", "homme", "masculino", "hombre", "мужской", "муж"], "m"),
    **dict.fromkeys(["female", "woman", "weiblich", "feminin", "femme", "femenino", "mujer", "женский", "жен", "ж"],
                    "w"),
}  # fmt: skip


def sex(value: CellValue) -> str:
    """``m``, ``w`` or ``f`` (core.values ``parse_sex``), or the words for male and female; "" when blank."""
    found = text(value)
    return _SEXES.get(loose(found)) or _parsed(parse_sex, found)


_YES: Final = frozenset({"yes", "y", "ja", "j", "oui", "si", "да", "true", "1", "x", "wahr", "vrai"})
_NO: Final = frozenset({"no", "n", "nein", "non", "нет", "false", "0", "falsch", "faux"})


def yes_no(value: CellValue) -> bool | None:
    if isinstance(value, bool):
        return value
    found = loose(text(value))
    if not found:
        return None
    if found in _YES:
        return True
    if found in _NO:
        return False
    raise CellFormError(f"{show(value)} is not yes or no")


_POINTS_TEXT = re.compile(r"(\d{1,4})?(?:([.,]\d{1,4})|\s*(½))?")


def points(value: CellValue) -> Fraction | None:
    """A player's points: a number, ``5.5``, ``5,5``, ``5½``; None when blank."""
    value = _number_cell(value, "points")
    if value is None:
        return None
    if isinstance(value, int):
        return Fraction(value)
    if isinstance(value, float):
        return Fraction(repr(value))
    stripped = value.strip()
    if not stripped:
        return None
    match = _POINTS_TEXT.fullmatch(stripped)
    if match is None or not (match[1] or match[2] or match[3]):
        raise CellFormError(f"{show(value)} is not a number of points")
    found = Fraction(int(match[1] or 0))
    if match[2]:
        found += Fraction(match[2].replace(",", "."))
    if match[3]:
        found += Fraction(1, 2)
    return found


def birth(value: CellValue) -> BirthDate | None:
    """A birth date from a date cell, a year, or text; the date checked by core.values."""
    if value is None:
        return None
    if isinstance(value, Unreadable):
        raise unreadable(value)
    if isinstance(value, dt.date):  # a datetime is a date
        return birth_date(value.year, value.month, value.day)
    if isinstance(value, (bool, dt.time)):
        raise CellKindError(f"{show(value)} is not a birth date ({BIRTH_HINT})")
    if isinstance(value, (int, float)):
        if float(value).is_integer() and 1 <= value <= 9999:
            return birth_date(int(value))
        raise CellFormError(f"{show(value)} is not a birth date ({BIRTH_HINT})")
    return _parsed(parse_birth_date, value)  # YYYY[-MM[-DD]] or DD.MM.YYYY, as core.values reads them


#: The reader of each field of a player's row.
READERS: Final[dict[Field, Callable[[CellValue], object]]] = {
    Field.START_RANK: start_rank,
    Field.NAME: text,
    Field.LAST_NAME: text,
    Field.FIRST_NAME: text,
    Field.TITLE: title,
    Field.FEDERATION: federation,
    Field.FIDE_ID: fide_id,
    Field.RATING: rating,
    Field.BIRTH: birth,
    Field.SEX: sex,
    Field.GAMES: games,
    Field.EVER_2400: yes_no,
    Field.K: k_factor,
    Field.STANDARD_RATING: rating,
    Field.POINTS: points,
    Field.RANK: lambda value: bounded(value, "a rank", 0, 10**6),
}


def shown(value: object) -> str:
    """A value as read, as the preview shows it."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Fraction):
        return score_text(value)
    if isinstance(value, BirthDate):
        return birth_text(value)
    if isinstance(value, RoundEntry):
        return cell_text(value)
    return str(value)
