"""What fidedesk reads of a spreadsheet: each sheet as a grid of plain cell values, and where a problem is.

:mod:`fidedesk.io.excel.read` turns an ``.xlsx`` file into :class:`SheetGrid` objects (and nothing else
touches openpyxl on the way in); :mod:`fidedesk.io.excel.importing` works on the grids alone, so layouts
and column mappings are tested without files. Places are written as Excel writes them: ``Results!D7``.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import enum
from collections.abc import Sequence
from typing import TypeAlias

from fidedesk.io.plain_words import Plain


class Unreadable(enum.Enum):
    """A cell whose value the file does not hold."""

    #: A formula the file was saved without its result (written by a program that does not compute).
    FORMULA_WITHOUT_VALUE = "a formula without a saved result"
    #: An error value such as ``#REF!`` or ``#DIV/0!``.
    ERROR_VALUE = "an error value"

    def __str__(self) -> str:
        return self.value


#: A cell as read: text, a number, a date or time, a truth value, empty (None), or unreadable.
CellValue: TypeAlias = str | int | float | bool | dt.datetime | dt.date | dt.time | Unreadable | None


@dataclasses.dataclass(frozen=True)
class SheetGrid:
    """One worksheet: its name and its rows from row 1, each a tuple of values from column A.

    Rows are as long as the longest row read (shorter ones padded with None); trailing empty rows
    and columns are dropped. ``cut`` is the limit that stopped the reading of a sheet holding more, as
    a sentence (``more than 20,000 rows (the limit)``); None when the sheet was read whole.
    """

    name: str
    rows: tuple[tuple[CellValue, ...], ...]
    cut: str | None = None

    @property
    def truncated(self) -> bool:
        """Whether the sheet holds more than was read (see ``cut``)."""
        return self.cut is not None

    @property
    def width(self) -> int:
        return len(self.rows[0]) if self.rows else 0

    def value(self, row: int, column: int) -> CellValue:
        """The value at 0-based ``row`` and ``column``; None outside the grid."""
        if 0 <= row < len(self.rows) and 0 <= column < len(self.rows[row]):
            return self.rows[row][column]
        return None

    def place(self, row: int, column: int | None = None) -> str:
        """``Sheet!D7`` for 0-based ``row`` and ``column``; ``Sheet!7`` (the row) without a column."""
        return cell_place(self.name, row, column)


def column_letters(column: int) -> str:
    """Excel's letters for a 0-based column: 0 -> A, 25 -> Z, 26 -> AA."""
    letters = ""
    number = column + 1
    while number:
        number, remainder = divmod(number - 1, 26)
        letters = chr(ord("A") + remainder) + letters
    return letters


def cell_place(sheet: str, row: int, column: int | None = None) -> str:
    """Where a cell is, as Excel writes it: ``Results!D7``; a sheet name with spaces is quoted."""
    name = f"'{sheet}'" if any(ch in sheet for ch in " -!'") else sheet
    if column is None:
        return f"{name}!{row + 1}"
    return f"{name}!{column_letters(column)}{row + 1}"


class XlsxError(ValueError):
    """A spreadsheet that cannot be read at all, with where (the file, a sheet or a cell) and why; ``plain``
    says it first in plain words (plain_words: damaged, unless the place raising it knows more)."""

    def __init__(self, where: str, message: str, plain: Plain = Plain.WORKBOOK_DAMAGED) -> None:
        self.where = where
        self.message = message
        self.plain = plain
        super().__init__(f"{where}: {message}")


def check_not_blank(grids: Sequence[SheetGrid], source: str) -> None:
    """XlsxError (no sheet of players) when no sheet of the workbook has a cell filled: nothing to import,
    not even column by column in the wizard."""
    if not any(value not in (None, "") for grid in grids for row in grid.rows for value in row):
        names = ", ".join(grid.name for grid in grids)
        raise XlsxError(source, f"every sheet is blank ({names})", Plain.NO_PLAYER_SHEET)


class ImportCancelled(Exception):
    """The user cancelled a long read; nothing was changed."""
