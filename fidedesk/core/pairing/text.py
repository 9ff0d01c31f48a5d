"""The text forms of forbidden pairs (TRF-2026's 260 records) and accelerated rounds (its 250 records), as
the event form takes them and the Excel Event sheet writes them: one parse and one format function each,
and one error type each, so the window and the workbook accept and refuse the same text for the same reason.

Forbidden pairs: each group's start ranks, then its rounds when not all of them (``3-``: to the end), groups
apart by ``;``: ``1 2; 5 7 9 rounds 1-3; 2 8 rounds 3-``. Accelerated rounds: each record's virtual points,
rounds and start ranks: ``1 rounds 1-2 players 1-10; 0.5 rounds 3-4 players 1-10``.

Not in :mod:`fidedesk.core.pairing.setup`: these read round numbers through :mod:`fidedesk.core.values`,
which builds on the tournament, which builds on the pairing setup.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Final

from fidedesk.core.pairing.setup import AcceleratedRound, ForbiddenPairs
from fidedesk.core.values import ROUND_RANGE, InvalidValueError

#: How forbidden pairs are written, for a field's placeholder and every message about them.
FORBIDDEN_HINT: Final = "start ranks, then their rounds: 1 2; 5 7 9 rounds 1-3; 2 8 rounds 3-"
#: How accelerated rounds are written.
ACCELERATION_HINT: Final = "points, rounds and start ranks: 1 rounds 1-2 players 1-10; 0.5 rounds 3-4 players 1-10"

_GROUP = re.compile(r"(?P<players>[0-9][0-9 ,]*?)\s*(?:rounds?\s*(?P<first>[0-9]+)\s*-\s*(?P<last>[0-9]*))?", re.I)
_ACCELERATED = re.compile(
    r"\+?(?P<points>[0-9]*(?:[.,][0-9]+)?½?)\s*(?:points?)?\s*rounds?\s*(?P<first>[0-9]+)\s*-\s*(?P<last>[0-9]+)"
    r"\s*players?\s*(?P<low>[0-9]+)\s*-\s*(?P<high>[0-9]+)",
    re.I,
)
#: A number no start rank or round comes near; longer digit runs are refused before int() reads them.
_NUMBER = re.compile(r"[0-9]{1,9}")


class ForbiddenPairsError(InvalidValueError):
    """Not forbidden pairs: the message names the group and says what is expected."""


class AccelerationError(InvalidValueError):
    """Not accelerated rounds: the message names the record and says what is expected."""


def forbidden_text(groups: tuple[ForbiddenPairs, ...]) -> str:
    """Each group's start ranks, then its rounds when not all of them; empty for none."""

    def rounds(group: ForbiddenPairs) -> str:
        if group.last_round is None:
            return "" if group.first_round == 1 else f" rounds {group.first_round}-"
        return f" rounds {group.first_round}-{group.last_round}"

    return "; ".join(" ".join(map(str, group.players)) + rounds(group) for group in groups)


def parse_forbidden(text: str) -> tuple[ForbiddenPairs, ...]:
    """The groups :func:`forbidden_text` writes (``,`` between ranks too); () for a blank;
    ForbiddenPairsError when a group cannot be read."""
    groups = []
    for part in filter(str.strip, text.split(";")):
        group = part.strip()
        found = _GROUP.fullmatch(group)
        ranks = re.split(r"[ ,]+", found["players"].strip()) if found else []
        if found is None or not all(map(_NUMBER.fullmatch, ranks)):
            raise ForbiddenPairsError(f'"{group}" is not a group of forbidden pairs ({FORBIDDEN_HINT})')
        first = _round(found["first"] or "1", group, ForbiddenPairsError)
        last = _round(found["last"], group, ForbiddenPairsError) if found["last"] else None
        try:
            groups.append(ForbiddenPairs(tuple(map(int, ranks)), first, last))
        except ValueError as error:
            raise ForbiddenPairsError(f'"{group}": {error}') from None
    return tuple(groups)


def acceleration_text(records: tuple[AcceleratedRound, ...]) -> str:
    """Each record's virtual points, rounds and start ranks; empty for none."""
    return "; ".join(
        f"{_decimal(record.points)} rounds {record.first_round}-{record.last_round} "
        f"players {record.first_player}-{record.last_player}"
        for record in records
    )


def parse_acceleration(text: str) -> tuple[AcceleratedRound, ...]:
    """The records :func:`acceleration_text` writes (points also as ``½``, ``1½``, ``0,5``); () for a blank;
    AccelerationError when a record cannot be read."""
    records = []
    for part in filter(str.strip, text.split(";")):
        record = part.strip()
        found = _ACCELERATED.fullmatch(record)
        if found is None or not found["points"] or not all(_NUMBER.fullmatch(found[k]) for k in ("low", "high")):
            raise AccelerationError(f'"{record}" is not an accelerated round ({ACCELERATION_HINT})')
        whole, half = found["points"].removesuffix("½"), found["points"].endswith("½")
        points = Fraction(whole.replace(",", ".") or 0) + (Fraction(1, 2) if half else 0)
        first, last = (_round(found[k], record, AccelerationError) for k in ("first", "last"))
        try:
            records.append(AcceleratedRound(points, first, last, int(found["low"]), int(found["high"])))
        except ValueError as error:
            raise AccelerationError(f'"{record}": {error}') from None
    return tuple(records)


def _round(digits: str, part: str, error: type[InvalidValueError]) -> int:
    """A round's number in ``part``, within the rounds an event can have."""
    number = int(digits) if _NUMBER.fullmatch(digits) else None
    if number is None or number not in ROUND_RANGE:
        raise error(f'"{part}": rounds are {ROUND_RANGE}')
    return number


def _decimal(points: Fraction) -> str:
    """``1``, ``0.5``, ``0.25``: a spreadsheet's decimal, exact for the points C.04.7 gives."""
    return str(points.numerator) if points.denominator == 1 else repr(float(points))
