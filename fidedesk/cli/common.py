"""What every command shares: the one-line error, JSON and text-table output, the edition by name."""

from __future__ import annotations

import json
from collections.abc import Collection, Sequence
from fractions import Fraction
from typing import Any, TextIO

from fidedesk.core import values
from fidedesk.core.rating.editions import Edition, resolve_edition

EXIT_BAD_INPUT = 2


class InputError(Exception):
    """Input the command cannot use; the message is the one line the user sees."""


def number(value: Fraction) -> float | int:
    """A Fraction for JSON: whole numbers as int, the rest as the nearest float."""
    return int(value) if value.denominator == 1 else float(value)


def parse_result(text: str) -> Fraction:
    """A game's score as typed on the command line (core.values); blank or anything else is refused."""
    try:
        score = values.parse_result(text)
    except values.ResultError as error:
        raise InputError(f"result: {error}") from None
    if score is None:
        raise InputError(f"result: blank is not a result ({values.RESULT_HINT})")
    return score


def parse_rating(text: str, what: str) -> int:
    """A rating typed on the command line (core.values, the range a person types); blank is refused."""
    try:
        rating = values.parse_rating(text, values.RATING_TYPED)
    except values.RatingError as error:
        raise InputError(f"{what}: {error}") from None
    if rating is None:
        raise InputError(f"{what}: blank is not a rating ({values.RATING_TYPED})")
    return rating


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
