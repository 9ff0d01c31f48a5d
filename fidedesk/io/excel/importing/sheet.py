"""A sheet under its plan, and one row of players read from it (any layout but pairings).

Players are numbered by the start-rank column (``No``, ``SNo``, ``Nr.``, ``№`` ...) when there is one, else
in row order (the n-th row with a name is player n, imported or not, so that grids still line up). A row
without a name is not a player: it is skipped and reported (a totals row, one with a cell ``Total``,
``Summe``, ``Итого`` ... and no start rank, says so). Blank rows, repeats of the header row and a template's
unused rows (no text; numbers only in the No, rank or points column) are passed over silently.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import partial
from typing import Final, NamedTuple

from fidedesk.io.excel.grid import CellValue, SheetGrid, cell_place
from fidedesk.io.excel.importing.cells import READERS, CellError, plain_text, shown
from fidedesk.io.excel.importing.headers import header_text, is_totals
from fidedesk.io.excel.importing.model import IGNORED, NAME_FIELDS, PLAYER_FIELDS, Field, Layout, Problem, SheetPlan
from fidedesk.io.excel.importing.result_cells import swiss_cell

__all__ = ["UNREAD", "Row", "Sheet", "Spot", "classify", "player_name", "read_cell", "read_player_row"]


class Spot(NamedTuple):
    """A cell a message may name: its sheet, 0-based row and column (None: the row) and what it holds as
    read (a Swiss cell's RoundEntry, or text), turned into text only when a message needs it (few do)."""

    sheet: str
    row: int
    column: int | None
    content: object

    @property
    def place(self) -> str:
        return cell_place(self.sheet, self.row, self.column)

    @property
    def text(self) -> str:
        return shown(self.content)

    def problem(self, reason: str) -> Problem:
        return Problem(self.sheet, self.row, self.column, self.text, reason)


class Sheet:
    """A grid under a plan: one Column per grid column, the columns of single fields, the data rows."""

    def __init__(self, grid: SheetGrid, plan: SheetPlan, *, preview: bool = False) -> None:
        self.grid = grid
        self.plan = plan
        #: Whether rows keep each cell's text as understood (the wizard's preview); a build needs it only
        #: for the few cells a message names, and works those out when it does.
        self.preview = preview
        width = max(grid.width, len(plan.columns))
        self.columns = tuple(plan.columns[c] if c < len(plan.columns) else IGNORED for c in range(width))
        single: dict[Field, int] = {}
        for index, column in enumerate(self.columns):
            if not column.field.numbered and column.field is not Field.IGNORE:
                single.setdefault(column.field, index)
        #: The column of each field that is not a round or an opponent (the first, if mapped twice).
        self.single: Mapping[Field, int] = single
        self.header = tuple(header_text(grid.value(plan.header_row, c)) for c in range(width))

    def place(self, row: int, column: int | None = None) -> str:
        return cell_place(self.grid.name, row, column)

    def problem(self, row: int, column: int | None, reason: str) -> Problem:
        """A problem at a cell (or a row, column None), with the cell's text as found."""
        found = plain_text(self.grid.value(row, column)) if column is not None else ""
        return Problem(self.grid.name, row, column, found, reason)

    def rows(self) -> Iterable[tuple[int, tuple[CellValue, ...]]]:
        """Each row below the header: its 0-based index and one value per column."""
        for index in range(self.plan.header_row + 1, len(self.grid.rows)):
            yield index, tuple(self.grid.value(index, c) for c in range(len(self.columns)))

    def is_blank(self, values: Sequence[CellValue]) -> bool:
        return all(v is None or (isinstance(v, str) and not v.strip()) for v in values)

    def is_header_repeat(self, values: Sequence[CellValue]) -> bool:
        if not any(self.header) or len(values) != len(self.header):
            return False
        return all(header_text(value) == header for value, header in zip(values, self.header, strict=True))


@dataclasses.dataclass(frozen=True)
class Row:
    """One data row as read: its single fields' values, its problems (by column; None: the row), each
    cell's text as understood (the preview's), its round or opponent cells, and what becomes of it."""

    row: int
    values: Mapping[Field, object]
    problems: Mapping[int | None, str]
    shown: Mapping[int, str]
    #: ROUND columns -> the RoundEntry read (None when blank); OPPONENT columns -> the raw value
    cells: Mapping[int, object]
    #: "import" or "skip"
    status: str = "import"
    #: A player's row (it has a name, or a name cell that cannot be read): it takes a start rank.
    player: bool = False


#: Cells that a template or formulas fill in on rows nobody has used yet.
_PREFILLED: Final = frozenset({Field.START_RANK, Field.RANK, Field.POINTS, Field.IGNORE})


def classify(sheet: Sheet, values: Sequence[CellValue]) -> str | None:
    """Why a row is passed over silently, or None for a data row: blank, the header again, or an unused
    row of a template (numbers only in the No, rank, points or unmapped columns, no text anywhere)."""
    if sheet.is_blank(values):
        return "blank"
    if sheet.is_header_repeat(values):
        return "header"
    if sheet.plan.layout is not Layout.PAIRINGS and not any(isinstance(v, str) and v.strip() for v in values):
        filled = [c for c, v in enumerate(values) if v is not None]
        if all(sheet.columns[c].field in _PREFILLED for c in filled):
            return "unused"
    return None


def player_name(values: Mapping[Field, object]) -> str:
    """The name of a player's row: the Name column, else ``Last, First``, else whichever is given."""
    name = str(values.get(Field.NAME) or "")
    last = str(values.get(Field.LAST_NAME) or "")
    first = str(values.get(Field.FIRST_NAME) or "")
    if name:
        return name
    if last and first:
        return f"{last}, {first}"
    return last or first


def _totals_word(values: Sequence[CellValue]) -> str | None:
    for value in values:
        if isinstance(value, str) and is_totals(value):
            return value.strip()
    return None


#: What :func:`read_cell` gives for a cell that cannot be read.
UNREAD: Final = object()


def read_cell(
    reader: Callable[[CellValue], object],
    value: CellValue,
    column: int,
    problems: dict[int | None, str],
    texts: dict[int, str] | None,
) -> object:
    """``reader``'s value of one cell, its text as understood put in ``texts`` (when given); UNREAD when the
    cell cannot be read, its problem then put in ``problems`` and its text as found in ``texts``."""
    try:
        parsed = reader(value)
    except CellError as bad:
        problems[column] = str(bad)
        if texts is not None:
            texts[column] = plain_text(value)
        return UNREAD
    if texts is not None:
        texts[column] = shown(parsed)
    return parsed


def read_player_row(sheet: Sheet, index: int, values: Sequence[CellValue]) -> Row:
    """A row of a player list, grid or Swiss table: the player's cells, then its round/opponent cells."""
    read: dict[Field, object] = {}
    problems: dict[int | None, str] = {}
    texts: dict[int, str] = {}
    shown_texts = texts if sheet.preview else None
    cells: dict[int, object] = {}
    for field in PLAYER_FIELDS:
        column = sheet.single.get(field)
        if column is not None:
            parsed = read_cell(READERS[field], values[column], column, problems, shown_texts)
            if parsed is not UNREAD:
                read[field] = parsed
    for column, spec in enumerate(sheet.columns):
        if spec.field is Field.ROUND and spec.number is not None:
            entry = read_cell(partial(swiss_cell, round_=spec.number), values[column], column, problems, shown_texts)
            if entry is not UNREAD:
                cells[column] = entry
        elif spec.field is Field.OPPONENT and spec.number is not None:
            cells[column] = values[column]  # read later: the diagonal depends on the player's number
            if sheet.preview:
                texts[column] = plain_text(values[column])
    # a player may be called "Total": with a start rank of its own the row is a player's
    totals = _totals_word(values) if read.get(Field.START_RANK) is None else None
    name_columns = [sheet.single[f] for f in NAME_FIELDS if f in sheet.single]
    named = bool(player_name(read))
    player = totals is None and (named or any(c in problems for c in name_columns))
    status = "import"
    if totals is not None:
        status = "skip"
        problems = {None: f'a totals row ("{totals}"), not a player: not imported'}
    elif not named and not any(c in problems for c in name_columns):
        status = "skip"
        problems[name_columns[0] if name_columns else None] = "no name: the row is not imported"
    elif any(column in problems for column, spec in enumerate(sheet.columns) if spec.field in PLAYER_FIELDS):
        status = "skip"
    return Row(index, read, problems, texts, cells, status, player)
