"""Read-only item models of FIDE's tables 8.1.1 and 8.1.2, and what the reference tab's find field means.

The figures come from :mod:`fidedesk.core.rating.tables`; this module only words and arranges them the way
the regulations print them (``.80``, ``1.00``, ``236–245``, ``> 735``).
"""

from __future__ import annotations

import dataclasses
import enum
import re
from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import ClassVar, Final

from PySide6.QtCore import QAbstractTableModel, QModelIndex, Qt

from fidedesk.core.rating.editions import Edition, Expectancy
from fidedesk.core.rating.rated import logistic_expected
from fidedesk.core.rating.tables import DpRow, PdRow, dp_rows, pd_hundredths, pd_row_index, pd_rows, round_half_up
from fidedesk.core.tournament import RatingKind
from fidedesk.gui.common.row_models import Index

_RIGHT: Final = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
_DP_ROWS: Final[tuple[DpRow, ...]] = dp_rows()
_PD_ROWS: Final[tuple[PdRow, ...]] = pd_rows()


def hundredths_text(value: int) -> str:
    """A probability in hundredths written as FIDE prints it: ``.80``, ``.05``, ``1.00``, ``.00``."""
    return "1.00" if value == 100 else f".{value:02d}"


def _minus(number: int) -> str:
    """A signed number for reading (typographic minus); cells keep ASCII so spreadsheets parse them."""
    return f"−{-number}" if number < 0 else str(number)


class ReferenceTableModel(QAbstractTableModel):
    """A flat, read-only table: subclasses give the headers and each cell's text and tooltip."""

    HEADERS: ClassVar[tuple[str, ...]] = ()
    HEADER_TIPS: ClassVar[tuple[str, ...]] = ()

    # --- row object interface ----------------------------------------------------------------

    def cell_text(self, row: int, column: int) -> str:
        """The text of one cell, as shown and as copied."""
        raise NotImplementedError

    def cell_tip(self, row: int, column: int) -> str:
        """What the row means, in words."""
        raise NotImplementedError

    # --- model interface ---------------------------------------------------------------------

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 (Qt's default parent)
        return 0 if parent.isValid() else len(self.HEADERS)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or index.model() is not self:
            return None
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.AccessibleTextRole):
            return self.cell_text(index.row(), index.column())
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return int(_RIGHT.value)
        if role == Qt.ItemDataRole.ToolTipRole:
            return self.cell_tip(index.row(), index.column())
        return None

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(self.HEADERS):
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return self.HEADERS[section]
        if role == Qt.ItemDataRole.ToolTipRole:
            return self.HEADER_TIPS[section]
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return int(_RIGHT.value)
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemNeverHasChildren


class DpTableModel(ReferenceTableModel):
    """Table 8.1.1: fractional score p -> rating difference dp, 101 rows from p = 1.00 down to .00."""

    HEADERS = ("p", "dp")
    HEADER_TIPS = (
        "p: fractional score, points divided by games, in hundredths",
        "dp: the rating difference that score corresponds to",
    )

    @staticmethod
    def row_for(p_hundredths: int) -> int:
        """The row of p (in hundredths, 0..100)."""
        if not 0 <= p_hundredths <= 100:
            raise ValueError(f"p must be between 0 and 100 hundredths, not {p_hundredths}")
        return 100 - p_hundredths

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 (Qt's default parent)
        return 0 if parent.isValid() else len(_DP_ROWS)

    def cell_text(self, row: int, column: int) -> str:
        entry = _DP_ROWS[row]
        return hundredths_text(entry.p) if column == 0 else str(entry.dp)

    def cell_tip(self, row: int, column: int) -> str:
        entry = _DP_ROWS[row]
        tip = f"A score of {entry.p} % (p = {hundredths_text(entry.p)}) corresponds to dp = {_minus(entry.dp)}"
        if entry.p in (0, 100):
            tip += "\nFIDE's notional value: the true difference is indeterminate"
        return tip


class PdTableModel(ReferenceTableModel):
    """Table 8.1.2: rating difference D -> PD of the higher- and lower-rated player, 51 rows."""

    HEADERS = ("D", "PD higher", "PD lower")
    HEADER_TIPS = (
        "D: the difference between the two players' ratings",
        "PD of the higher-rated player (H): the score expected of them",
        "PD of the lower-rated player (L): the score expected of them",
    )

    @staticmethod
    def row_for(diff: int) -> int:
        """The row holding the difference ``diff``; a negative one reads the same row."""
        return pd_row_index(diff)

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 (Qt's default parent)
        return 0 if parent.isValid() else len(_PD_ROWS)

    def cell_text(self, row: int, column: int) -> str:
        entry = _PD_ROWS[row]
        return (entry.label, hundredths_text(entry.higher), hundredths_text(entry.lower))[column]

    def cell_tip(self, row: int, column: int) -> str:
        entry = _PD_ROWS[row]
        span = f"D from {entry.low} to {entry.high}" if entry.high is not None else f"D over {entry.low - 1}"
        return (
            f"{span} points: the higher-rated player expects {hundredths_text(entry.higher)},"
            f" the lower-rated {hundredths_text(entry.lower)}"
        )


def table_text(model: ReferenceTableModel, rows: Iterable[int], columns: Sequence[int] | None = None) -> str:
    """Rows of ``model`` as tab-separated lines under a header line, ready to paste into a spreadsheet."""
    columns = range(model.columnCount()) if columns is None else columns
    lines = ["\t".join(model.HEADERS[column] for column in columns)]
    lines.extend("\t".join(model.cell_text(row, column) for column in columns) for row in rows)
    return "\n".join(lines)


# --- the find field -------------------------------------------------------------------------


class TableId(enum.Enum):
    """Which of the two tables a find lands in."""

    DP = "8.1.1"
    PD = "8.1.2"


class FindState(enum.Enum):
    """How far the find field's text gets."""

    EMPTY = enum.auto()
    #: A sign or a lone decimal point: on the way to a number, so nothing moves and nothing is wrong yet.
    INCOMPLETE = enum.auto()
    FOUND = enum.auto()
    INVALID = enum.auto()


@dataclasses.dataclass(frozen=True)
class FindResult:
    """What the find field's text means: a row of one table, or why it means nothing."""

    state: FindState
    message: str = ""
    table: TableId | None = None
    row: int = -1
    #: The find as a point (D, expected score) on the expectancy curve: 8.1.1 read backwards is (dp, p).
    point: tuple[int, float] | None = None


FIND_HINT: Final = "A rating difference (237, −245) finds its row in 8.1.2; a score (0.57, .57, 57%) in 8.1.1."
_DIFF = re.compile(r"[+-]?\d+")
_PERCENT = re.compile(r"(\d+\.?\d*|\.\d+)\s*%")
_SCORE = re.compile(r"\d*\.\d*")


def find_row(text: str) -> FindResult:
    """Read the find field: a whole number is a rating difference D, a decimal or percentage a score p."""
    shown = text.strip()
    cleaned = shown.replace("\u2212", "-").replace(",", ".").replace(" ", "")
    if not cleaned:
        return FindResult(FindState.EMPTY, FIND_HINT)
    if cleaned in {"+", "-", "."}:
        return FindResult(FindState.INCOMPLETE, FIND_HINT)
    if _DIFF.fullmatch(cleaned):
        return _difference_row(int(cleaned))
    if match := _PERCENT.fullmatch(cleaned):
        return _score_row(Fraction(match[1]) / 100, shown)
    if _SCORE.fullmatch(cleaned):
        return _score_row(Fraction(cleaned), shown)
    return FindResult(FindState.INVALID, f"“{shown}” is neither a rating difference nor a score. {FIND_HINT}")


def _difference_row(diff: int) -> FindResult:
    row = PdTableModel.row_for(diff)
    entry = _PD_ROWS[row]
    found = f"Table 8.1.2: D {_minus(diff)} is in row {entry.label} →"
    if diff >= 0:
        message = (
            f"{found} PD {hundredths_text(entry.higher)} for the higher-rated player,"
            f" {hundredths_text(entry.lower)} for the lower-rated."
        )
    else:
        message = f"{found} PD {hundredths_text(entry.lower)} for the lower-rated player."
    return FindResult(FindState.FOUND, message, TableId.PD, row, (diff, pd_hundredths(diff) / 100))


def _score_row(score: Fraction, shown: str) -> FindResult:
    if not 0 <= score <= 1:
        return FindResult(
            FindState.INVALID,
            f"“{shown}” is not a score: p runs from 0 to 1 (0% to 100%), and a rating difference is a whole number.",
        )
    # FIDE looks p up in whole hundredths, 0.5 rounded up (Title Regulations 1.4.9).
    p = round_half_up(score * 100)
    row = DpTableModel.row_for(p)
    entry = _DP_ROWS[row]
    rounding = "" if score * 100 == p else f"{shown} rounds to "
    message = f"Table 8.1.1: {rounding}p {hundredths_text(p)} ({p} %) → dp {_minus(entry.dp)}."
    return FindResult(FindState.FOUND, message, TableId.DP, row, (entry.dp, p / 100))


# --- the chart's figures and notes ----------------------------------------------------------


def table_steps(low: int, high: int) -> list[tuple[float, float]]:
    """Table 8.1.2 from D = low to high as the corners of a step line (D, PD of the player with D).

    D is a whole number, so each step changes half-way between the last D of one row and the
    first of the next; consecutive runs share that x, which draws the vertical riser.
    """
    points: list[tuple[float, float]] = []
    start = low
    for diff in range(low, high + 1):
        if diff == high or pd_hundredths(diff + 1) != pd_hundredths(diff):
            value = pd_hundredths(diff) / 100
            points.append((max(start - 0.5, low), value))
            points.append((min(diff + 0.5, high), value))
            start = diff + 1
    return points


def logistic_points(low: int, high: int, step: int) -> list[tuple[float, float]]:
    """The logistic expected score 1 / (1 + 10^(-D/400)) from D = low to high."""
    return [(diff, float(logistic_expected(diff))) for diff in range(low, high + 1, step)]


def expectancy_note(edition: Edition) -> str | None:
    """Why these tables do not apply, for an edition that does not use them."""
    if edition.expectancy is Expectancy.TABLE:
        return None
    return f"The {edition.name} edition uses the logistic formula, not these tables; the chart shows both."


def cap_note(edition: Edition, kind: RatingKind) -> str:
    """The point cap of ``edition`` for ``kind`` play, in words."""
    if edition.cap is None:
        return f"No point cap in the {edition.name} edition: every difference counts in full."
    cap = edition.cap
    note = f"{cap}-point rule ({edition.name}): a difference of more than {cap} points counts as {cap}"
    if edition.cap_exempt_from is not None and kind is RatingKind.STANDARD:
        note += f" for players rated under {edition.cap_exempt_from}"
    if edition.cap_once_per_event:
        note += ", for one game per tournament (the greatest difference)"
    return note + "."
