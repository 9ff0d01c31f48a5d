"""The ``.fidedesk`` reader's JSON objects: each read with its path, so that every complaint names the file and
the place (``event.fidedesk: tournament.players[3].rating: expected ...``); values through core.values."""

from __future__ import annotations

import datetime as dt
import enum
import json
import re
from collections.abc import Callable
from fractions import Fraction
from typing import NoReturn, TypeVar

from fidedesk.core.tiebreaks.codes import (
    AUTO_RULES,
    RULES_CHOICES,
    TieBreak,
    TieBreakRules,
    UnknownTieBreak,
    parse_tiebreak,
    tiebreak_rules,
)
from fidedesk.core.values import InvalidValueError, Range
from fidedesk.io.plain_words import Plain

#: No upper bound: the largest whole number a file may hold where the format sets none.
NO_LIMIT = 10**30
#: A whole number from 1 (start ranks, rounds, the schema).
POSITIVE = Range(1, NO_LIMIT)

_DECIMAL = re.compile(r"-?[0-9]{1,12}(?:\.[0-9]{1,12})?")
_ISO_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
_SURROGATE = re.compile("[\ud800-\udfff]")


def has_surrogate(text: str) -> bool:
    """Whether ``text`` holds a lone surrogate (not Unicode text: it cannot be written as UTF-8)."""
    return _SURROGATE.search(text) is not None


_MISSING = object()
_E = TypeVar("_E", bound=enum.Enum)
_T = TypeVar("_T")


class FidedeskFileError(ValueError):
    """Bad content in a .fidedesk file: source name, where (a JSON path, or line and column), what.

    ``path`` is a JSON path such as ``tournament.players[3].rating`` (None for the file as a whole);
    ``line`` and ``column`` (1-based) locate broken JSON; ``plain`` says it first in plain words (plain_words:
    damaged, unless the place raising it knows more).
    """

    def __init__(
        self,
        source: str,
        message: str,
        *,
        path: str | None = None,
        line: int | None = None,
        column: int | None = None,
        plain: Plain = Plain.FIDEDESK_DAMAGED,
    ) -> None:
        self.plain = plain
        self.source = source
        self.message = message
        self.path = path
        self.line = line
        self.column = column
        where = source if line is None else f"{source}:{line}:{column}"
        super().__init__(f"{where}: {path}: {message}" if path else f"{where}: {message}")


def shown(value: object) -> str:
    """A value for an error message, on one line and short."""
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, list):
        return "an array"
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:37] + "..."


class JsonObject:
    """A JSON object being read, with its path, so that every complaint names its place."""

    __slots__ = ("data", "path", "source")

    def __init__(self, value: object, path: str, source: str) -> None:
        if not isinstance(value, dict):
            raise FidedeskFileError(source, f"expected an object {{...}}, found {shown(value)}", path=path or None)
        self.data: dict[str, object] = value
        self.path = path
        self.source = source

    def where(self, key: str) -> str:
        if key.startswith("["):
            return f"{self.path}{key}"
        return f"{self.path}.{key}" if self.path else key

    def fail(self, message: str, *, key: str | None = None, plain: Plain = Plain.FIDEDESK_DAMAGED) -> NoReturn:
        where = self.where(key) if key else self.path or None
        raise FidedeskFileError(self.source, message, path=where, plain=plain)

    def get(self, key: str, expected: str) -> object:
        try:
            return self.data[key]
        except KeyError:
            self.fail(f"missing (expected {expected})", key=key)

    def text(self, key: str) -> str:
        value = self.get(key, "a string")
        if not isinstance(value, str):
            self.fail(f"expected a string, found {shown(value)}", key=key)
        if has_surrogate(value):
            self.fail("the string is not valid Unicode text (a lone surrogate)", key=key)
        return value

    def integer(self, key: str, allowed: Range) -> int:
        value = self.data.get(key, _MISSING)
        if value in allowed:  # an int, not a bool
            return value  # type: ignore[return-value]
        self._refuse(key, value, _range(allowed))

    def optional_integer(self, key: str, allowed: Range) -> int | None:
        value = self.data.get(key, _MISSING)
        if value is None:
            return None
        if value in allowed:  # an int, not a bool
            return value  # type: ignore[return-value]
        self._refuse(key, value, f"{_range(allowed)} or null")

    def value(self, key: str, parse: Callable[[str], _T], expected: str) -> _T:
        """A string read by the value's one parser (core.values)."""
        text = self.text(key)
        try:
            return parse(text)
        except InvalidValueError:
            self.fail(f"expected {expected}, found {shown(text)}", key=key)

    def _refuse(self, key: str, value: object, expected: str) -> NoReturn:
        """Fail for a missing key or a value that is not the one expected."""
        if value is _MISSING:
            self.fail(f"missing (expected {expected})", key=key)
        self.fail(f"expected {expected}, found {shown(value)}", key=key)

    def points(self, key: str) -> Fraction | None:
        value = self.get(key, 'points as a string such as "5.5", or null')
        if value is None:
            return None
        if not isinstance(value, str) or not _DECIMAL.fullmatch(value):
            self.fail(f'expected points as a string such as "5.5", or null, found {shown(value)}', key=key)
        return Fraction(value)

    def date(self, key: str) -> dt.date | None:
        value = self.get(key, 'a date "YYYY-MM-DD" or null')
        if value is None:
            return None
        if isinstance(value, str) and _ISO_DATE.fullmatch(value):
            try:
                return dt.date.fromisoformat(value)
            except ValueError:
                pass
        self.fail(f'expected a date "YYYY-MM-DD" or null, found {shown(value)}', key=key)

    def choice(self, key: str, kind: type[_E]) -> _E:
        value = self.data.get(key, _MISSING)
        if isinstance(value, str):
            try:
                return kind(value)
            except ValueError:
                pass
        names = ", ".join(f'"{member.value}"' for member in kind)
        self.get(key, f"one of {names}")
        self.fail(f"expected one of {names}, found {shown(value)}", key=key)

    def optional_tiebreaks(self, key: str) -> tuple[TieBreak, ...] | None:
        """An optional array of C.07 tie-break codes, in order (core.tiebreaks.codes); None when absent."""
        if key not in self.data:
            return None
        value = self.data[key]
        if not isinstance(value, list):
            self.fail(f'expected an array of tie-break codes such as ["BH-C1", "SB"], found {shown(value)}', key=key)
        tiebreaks: list[TieBreak] = []
        for index, code in enumerate(value):
            if not isinstance(code, str):
                self.fail(f'expected a tie-break code such as "BH-C1", found {shown(code)}', key=f"{key}[{index}]")
            try:
                tiebreak = parse_tiebreak(code)
            except UnknownTieBreak as error:
                self.fail(str(error), key=f"{key}[{index}]")
            if tiebreak in tiebreaks:  # a file has one order; TRF's 212 could not carry it
                self.fail(
                    f"{tiebreak.code} is given twice (also {key}[{tiebreaks.index(tiebreak)}])", key=f"{key}[{index}]"
                )
            tiebreaks.append(tiebreak)
        return tuple(tiebreaks)

    def optional_tiebreak_rules(self, key: str) -> TieBreakRules | None:
        """An optional edition of C.07 by name; None when absent or ``"auto"`` (by the start date)."""
        value = self.data.get(key, AUTO_RULES)
        if isinstance(value, str) and value in RULES_CHOICES:
            return None if value == AUTO_RULES else tiebreak_rules(value, None)
        names = ", ".join(f'"{choice}"' for choice in RULES_CHOICES)
        self.fail(f"expected one of {names} (auto or absent: by the start date), found {shown(value)}", key=key)

    def integers(self, key: str, allowed: Range) -> list[int]:
        """An array of whole numbers in ``allowed`` (start ranks), each refused at its index."""
        value = self.get(key, f"an array of whole numbers ({_range(allowed)})")
        if not isinstance(value, list):
            self.fail(f"expected an array of whole numbers ({_range(allowed)}), found {shown(value)}", key=key)
        for index, item in enumerate(value):
            if item not in allowed:  # an int, not a bool
                self.fail(f"expected {_range(allowed)}, found {shown(item)}", key=f"{key}[{index}]")
        return value

    def member(self, key: str) -> JsonObject:
        return JsonObject(self.get(key, "an object"), self.where(key), self.source)

    def optional_member(self, key: str) -> JsonObject | None:
        value = self.get(key, "an object or null")
        return None if value is None else JsonObject(value, self.where(key), self.source)

    def optional_array(self, key: str, of: str) -> list[JsonObject]:
        """An optional array of objects (:meth:`array`); empty when the key is absent."""
        return self.array(key, of) if key in self.data else []

    def array(self, key: str, of: str) -> list[JsonObject]:
        value = self.get(key, f"an array of {of}s")
        if not isinstance(value, list):
            self.fail(f"expected an array, found {shown(value)}", key=key)
        where = self.where(key)
        return [JsonObject(item, f"{where}[{index}]", self.source) for index, item in enumerate(value)]


def decimal_text(value: Fraction, path: str, source: str) -> str:
    """Exact decimal text of a fraction whose denominator has no prime factor but 2 and 5."""
    value = Fraction(value)
    rest, places = value.denominator, 0
    for factor in (2, 5):
        while rest % factor == 0:
            rest //= factor
    if rest != 1:
        raise FidedeskFileError(source, f"{value} has no exact decimal form", path=path)
    while (value * 10**places).denominator != 1:
        places += 1
    digits = abs(value.numerator * 10**places // value.denominator)
    sign = "-" if value < 0 else ""
    if places == 0:
        return f"{sign}{digits}"
    whole, fraction = divmod(digits, 10**places)
    return f"{sign}{whole}.{fraction:0{places}d}"


def _range(allowed: Range) -> str:
    """What a whole number in ``allowed`` is, for a message."""
    if allowed.high >= NO_LIMIT:
        return f"a whole number of at least {allowed.low}"
    return f"a whole number {allowed.low}-{allowed.high}"
