"""FIDE's conversion tables 8.1.1 (p -> dp) and 8.1.2 (D -> PD), as data.

FIDE Rating Regulations 8.1 (2024; 8.1(a)/(b) in 2008, 10.1a/b in 1994): "the tables are used
as shown ... no extrapolations are made to establish a third significant figure" (2008, 12.2).
Everything is integer hundredths: a score fraction p is looked up as the whole number of hundredths
nearest to it, and PD is returned in hundredths, so no binary floating point ever picks a row.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from typing import Final

#: Table 8.1.1, upper half: hundredths of score (50..100) -> dp. dp(1 - p) = -dp(p).
#: 1.00 -> 800 is FIDE's notional value ("necessarily indeterminate but is shown notionally as 800").
_DP_UPPER: Final[tuple[int, ...]] = (
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65,
    72, 80, 87, 95, 102, 110, 117, 125, 133, 141,
    149, 158, 166, 175, 184, 193, 202, 211, 220, 230,
    240, 251, 262, 273, 284, 296, 309, 322, 336, 351,
    366, 383, 401, 422, 444, 470, 501, 538, 589, 677,
    800,
)  # fmt: skip

#: Table 8.1.2: (lowest D, highest D, PD of the higher-rated player in hundredths). The lower-rated
#: player's PD is 100 minus it. Above 735 the higher-rated player's PD is 1.00.
PD_ROWS: Final[tuple[tuple[int, int, int], ...]] = (
    (0, 3, 50), (4, 10, 51), (11, 17, 52), (18, 25, 53), (26, 32, 54), (33, 39, 55),
    (40, 46, 56), (47, 53, 57), (54, 61, 58), (62, 68, 59), (69, 76, 60), (77, 83, 61),
    (84, 91, 62), (92, 98, 63), (99, 106, 64), (107, 113, 65), (114, 121, 66), (122, 129, 67),
    (130, 137, 68), (138, 145, 69), (146, 153, 70), (154, 162, 71), (163, 170, 72), (171, 179, 73),
    (180, 188, 74), (189, 197, 75), (198, 206, 76), (207, 215, 77), (216, 225, 78), (226, 235, 79),
    (236, 245, 80), (246, 256, 81), (257, 267, 82), (268, 278, 83), (279, 290, 84), (291, 302, 85),
    (303, 315, 86), (316, 328, 87), (329, 344, 88), (345, 357, 89), (358, 374, 90), (375, 391, 91),
    (392, 411, 92), (412, 432, 93), (433, 456, 94), (457, 484, 95), (485, 517, 96), (518, 559, 97),
    (560, 619, 98), (620, 735, 99),
)  # fmt: skip

#: The last row of table 8.1.2: "over 735" -> 1.00 / .00.
PD_BEYOND: Final[int] = 735

# D (0..735) -> PD of the higher-rated player, built once from the rows above.
_PD_BY_DIFF: Final[tuple[int, ...]] = tuple(pd for low, high, pd in PD_ROWS for _ in range(low, high + 1))


@dataclasses.dataclass(frozen=True)
class DpRow:
    """One row of table 8.1.1: p in hundredths and dp."""

    p: int
    dp: int


@dataclasses.dataclass(frozen=True)
class PdRow:
    """One row of table 8.1.2: the range of D and PD (hundredths) of the higher and lower player."""

    low: int
    high: int | None
    higher: int
    lower: int

    @property
    def label(self) -> str:
        return f"{self.low}–{self.high}" if self.high is not None else f"> {self.low - 1}"


def round_half_up(value: Fraction) -> int:
    """Round to the nearest whole number, 0.5 upward (Title Regulations 1.4.7, 1.4.9)."""
    numerator, denominator = value.numerator, value.denominator
    return (2 * numerator + denominator) // (2 * denominator)


def round_half_away(value: Fraction) -> int:
    """Round to the nearest whole number, 0.5 away from zero (FIDE 8.3.4, 2024)."""
    magnitude = round_half_up(abs(value))
    return magnitude if value >= 0 else -magnitude


def percent(score: Fraction, games: int) -> int:
    """The fraction score/games in whole hundredths, 0.5 rounded up (Title Regulations 1.4.9)."""
    if games <= 0:
        raise ValueError("a percentage needs at least one game")
    numerator, denominator = score.numerator, score.denominator
    return (200 * numerator + denominator * games) // (2 * denominator * games)


def dp_for(p_hundredths: int) -> int:
    """Table 8.1.1: the rating difference dp for a fractional score p given in hundredths.

    p = 100 gives +800 and p = 0 gives -800, FIDE's notional values.
    """
    if not 0 <= p_hundredths <= 100:
        raise ValueError(f"p must be between 0 and 100 hundredths, not {p_hundredths}")
    if p_hundredths >= 50:
        return _DP_UPPER[p_hundredths - 50]
    return -_DP_UPPER[50 - p_hundredths]


def dp(score: Fraction, games: int) -> int:
    """dp for a score over a number of games, p rounded to whole hundredths (0.5 up) first."""
    return dp_for(percent(score, games))


def pd_hundredths(diff: int) -> int:
    """Table 8.1.2: PD in hundredths for a player whose rating minus the opponent's is ``diff``.

    A positive difference reads the H column, a negative one the L column; |D| > 735 gives
    1.00 / .00. The caller applies any 400- or 350-point rule before the look-up.
    """
    size = abs(diff)
    higher = 100 if size > PD_BEYOND else _PD_BY_DIFF[size]
    return higher if diff >= 0 else 100 - higher


def pd_row_index(diff: int) -> int:
    """The index in :func:`pd_rows` of the row that holds |diff|."""
    size = abs(diff)
    if size > PD_BEYOND:
        return len(PD_ROWS)
    for index, (low, high, _pd) in enumerate(PD_ROWS):
        if low <= size <= high:
            return index
    raise AssertionError("table 8.1.2 covers 0..735")  # pragma: no cover


def pd_rows() -> tuple[PdRow, ...]:
    """Table 8.1.2 row by row, the last row being "over 735"."""
    rows = tuple(PdRow(low, high, pd, 100 - pd) for low, high, pd in PD_ROWS)
    return (*rows, PdRow(PD_BEYOND + 1, None, 100, 0))


def dp_rows() -> tuple[DpRow, ...]:
    """Table 8.1.1 row by row, from p = 1.00 down to p = .00."""
    return tuple(DpRow(p, dp_for(p)) for p in range(100, -1, -1))
