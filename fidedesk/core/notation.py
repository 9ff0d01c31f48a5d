"""Text forms of figures: points, expected scores, changes, and a player's result in a crosstable cell.

Shared by the window, the command line and the spreadsheet export, so that a figure reads the same
everywhere. Figures are Fractions: every displayed decimal is rounded once, 0.5 away from zero, on the
exact value (never through a binary float). The logistic edition's expected score is already a float
made exact; it is rounded the same way. What a person types or a file holds (ratings, results, byes,
birth dates...) is read and written by :mod:`fidedesk.core.values`.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import Final

from fidedesk.core.rating.calculation import GameLine
from fidedesk.core.rating.tables import round_half_away
from fidedesk.core.results import ResultCode as R
from fidedesk.core.tournament import RoundEntry
from fidedesk.core.values import DRAW


def score_text(score: Fraction) -> str:
    """A total score with FIDE's half: 3½, ½, 4."""
    whole, half = divmod(score, 1)
    if half == 0:
        return str(int(whole))
    if half == DRAW:
        return f"{int(whole)}½" if whole else "½"
    return fixed(score, 2)


def fixed(value: Fraction | float, places: int = 2, *, signed: bool = False) -> str:
    """``value`` with ``places`` decimals, rounded once on the exact value (0.5 away from zero).

    ``signed`` writes + before a positive figure (a change); zero has no sign.
    """
    scaled = round_half_away(Fraction(value) * 10**places)
    sign = "-" if scaled < 0 else "+" if signed and scaled > 0 else ""
    whole, part = divmod(abs(scaled), 10**places)
    return f"{sign}{whole}.{part:0{places}d}" if places else f"{sign}{whole}"


def pd_text(hundredths: int) -> str:
    """PD as table 8.1.2 prints it: .08, .93, 1.00."""
    return "1.00" if hundredths >= 100 else f".{hundredths:02d}"


def signed_int(value: int) -> str:
    """A whole change with its sign: +16, -3, 0."""
    return f"{value:+d}" if value else "0"


def rated_texts(line: GameLine, places: int) -> tuple[str, str, str, str]:
    """A rated game's Rating used (with FIDE's ``*`` where the point cap applied), PD to ``places`` decimals,
    score − PD and K × (score − PD): the columns the rating panel and the period calculator share."""
    rating = "" if line.rating is None else f"{line.rating}*" if line.capped else str(line.rating)
    pd = fixed(line.pd, places) if line.pd is not None else ""
    chg = fixed(line.chg, 2, signed=True) if line.chg is not None else ""
    k_chg = fixed(line.k_chg, 2, signed=True) if line.k_chg is not None else ""
    return rating, pd, chg, k_chg


#: A player's result in a crosstable cell: ½ for a draw, − for a forfeit lost, (1) for a game not played out.
CELL_TEXT: Final[dict[R, str]] = {
    R.WIN: "1", R.DRAW: "½", R.LOSS: "0", R.FORFEIT_WIN: "+", R.FORFEIT_LOSS: "−",
    R.WIN_UNPLAYED: "(1)", R.DRAW_UNPLAYED: "(½)", R.LOSS_UNPLAYED: "(0)", R.PENDING: "?",
    R.HALF_BYE: "½", R.FULL_BYE: "1", R.PAIRING_BYE: "1", R.ZERO_BYE: "0",
}  # fmt: skip


def cell_text(entry: RoundEntry) -> str:
    """A Swiss crosstable cell: opponent, colour and result (12w1), or a bye's score after a dash (-½)."""
    if entry.opponent is None:
        return f"-{CELL_TEXT[entry.result]}"
    return f"{entry.opponent}{entry.color or ''}{CELL_TEXT[entry.result]}"


def tiebreak_text(value: Fraction | int | None, places: int = 2) -> str:
    """A tie-break value (core.tiebreaks.calculate): points with ``places`` decimals, counts and ratings as they are,
    blank for none."""
    if value is None:
        return ""
    if isinstance(value, Fraction):
        return fixed(value, places)
    return str(value)


def tiebreak_places(values: Iterable[Fraction | int | None]) -> int:
    """Decimals a column of tie-break values needs to show each exactly, the same for every row: 0, 1 for
    halves, 2 for quarters (Sonneborn-Berger), as many as an average of Buchholz was rounded to."""
    # a column holds a few distinct denominators (1, 2, 4, 10**n): work on those, not on every value
    denominators = {value.denominator for value in values if isinstance(value, Fraction)}
    return max((_places_for(denominator) for denominator in denominators), default=0)


def _places_for(denominator: int) -> int:
    """The fewest decimals that write 1/denominator exactly, at most :data:`_MOST_PLACES`."""
    places = 0
    while 10**places % denominator and places < _MOST_PLACES:
        places += 1
    return places


#: The most decimals a tie-break is shown with (an average of Buchholz keeps at most five).
_MOST_PLACES = 5
