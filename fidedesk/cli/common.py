"""What every command shares: the one-line error, JSON and text-table output, the edition by name."""

from __future__ import annotations

import json
from collections.abc import Collection, Sequence
from fractions import Fraction
from typing import Any, TextIO

from fidedesk.core.editions import Edition, resolve_edition

EXIT_BAD_INPUT = 2

_RESULTS = {
    "1": Fraction(1), "win": Fraction(1), "w": Fraction(1), "1-0": Fraction(1),
    "0.5": Fraction(1, 2), ".5": Fraction(1, 2), "½": Fraction(1, 2), "=": Fraction(1, 2), "1/2": Fraction(1, 2),
    "draw": Fraction(1, 2), "d": Fraction(1, 2), "½-½": Fraction(1, 2),
    "0": Fraction(0), "loss": Fraction(0), "l": Fraction(0), "0-1": Fraction(0),
}  # fmt: skip


class InputError(Exception):
    """Input the command cannot use; the message is the one line the user sees."""


def number(value: Fraction) -> float | int:
    """A Fraction for JSON: whole numbers as int, the rest as the nearest float."""
    return int(value) if value.denominator == 1 else float(value)


def parse_result(text: str) -> Fraction:
    try:
        return _RESULTS[text.strip().lower()]
    except KeyError:
        raise InputError(f"result {text!r} is not 1, 0.5 (or ½, =) or 0") from None


def parse_rating(text: str, what: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise InputError(f"{what} {text!r} is not a whole number") from None
    if not 0 < value < 4000:
        raise InputError(f"{what} {value} is outside 1..3999")
    return value


def edition_named(name: str, start: Any = None, source: str = "") -> Edition:
    """The edition by name (or ``auto`` for ``start``), resolved as the window resolves it; the command line
    refuses what the window would fall back from."""
    resolved = resolve_edition(name, start)
    if resolved.error is not None:
        raise InputError(f"{source}: {resolved.error}" if source else resolved.error)
    return resolved.edition


def print_json(data: object, out: TextIO) -> None:
    json.dump(data, out, ensure_ascii=False, indent=2)
    out.write("\n")


def aligned(
    headers: Sequence[str], rows: Sequence[Sequence[str]], *, left: Collection[int], rule: bool = False
) -> list[str]:
    """A text table: each column as wide as its widest cell, the ``left`` columns left-aligned and the rest
    right-aligned, two spaces between; a rule of dashes under the header when asked for."""
    widths = [max(len(h), *(len(r[i]) for r in rows)) if rows else len(h) for i, h in enumerate(headers)]

    def line(cells: Sequence[str]) -> str:
        padded = (c.ljust(w) if i in left else c.rjust(w) for i, (c, w) in enumerate(zip(cells, widths, strict=True)))
        return "  ".join(padded).rstrip()

    rules = ["  ".join("-" * w for w in widths)] if rule else []
    return [line(headers), *rules, *(line(row) for row in rows)]
