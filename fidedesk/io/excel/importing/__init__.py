"""Tournaments from spreadsheets: find the header, map the columns, read the rows, report every problem.

Works on :class:`~fidedesk.io.excel.grid.SheetGrid` lists (no openpyxl, no Qt): :mod:`fidedesk.io.excel.read`
makes the grids, the import wizard and the command line call :func:`propose`, let the user correct the
:class:`ImportPlan` (with :func:`preview_rows` as the live preview) and call :func:`build`, which never
changes anything: it returns a new Tournament with every :class:`Problem` found, placed as ``Results!D7``.

Layouts
  a) ``PLAYER_LIST``: one player a row; a tournament without rounds (:mod:`.players`).
  b) ``ROUND_ROBIN``: players down, opponents across (:mod:`.roundrobin`).
  c) ``SWISS_TABLE``: players down, a column per round holding opponent, colour and result (:mod:`.swiss`).
  d) ``PAIRINGS``: one board a row: round, board, white, black, result, and each side's rating, title,
     federation and FIDE ID when written (:mod:`.pairings`); on one sheet, or on a sheet per round.

A sheet the reader cut at a size limit (:attr:`~fidedesk.io.excel.grid.SheetGrid.cut`) is never imported in
part: :func:`build` gives only the problem naming it. Rounds are 1-99 (core.values ``ROUND_RANGE``).

Where each part lives
  :mod:`.model` the plan and result types; :mod:`.headers` the header row, column roles from names in
  English, German, French, Spanish and Russian, the layout and the proposed plan; :mod:`.cells` one
  cell's value (rating, FIDE ID, birth date ...) and the narrow :class:`~.cells.CellError` types;
  :mod:`.result_cells` the cells that hold games; :mod:`.sheet` a sheet under its plan and a player's
  row; one module per layout; :mod:`.event` the event sheet; :mod:`.games` the check that both players
  write each game alike; :mod:`.build` the checked tournament; :mod:`.preview` what the wizard shows.
  Each step takes the sheet and what the step before gave, and returns a frozen value.

fidedesk's own workbook (the spreadsheet export) is read losslessly: sheets ``Event`` (Field | Value),
``Players`` and ``Rounds`` (layout d); ``Crosstable``, ``Standings``, ``Rating changes`` and ``Norms`` are
then ignored. Text cells are stripped, so a name's leading or trailing spaces are not kept.
"""

from __future__ import annotations

from fidedesk.io.excel.importing.build import build
from fidedesk.io.excel.importing.cells import (
    CellError,
    CellFormError,
    CellKindError,
    CellRangeError,
    UnreadableCellError,
)
from fidedesk.io.excel.importing.headers import (
    detect_layout,
    find_header_row,
    map_columns,
    other_rounds,
    propose,
    propose_sheet,
)
from fidedesk.io.excel.importing.model import (
    Column,
    Field,
    ImportPlan,
    ImportResult,
    Layout,
    PreviewCell,
    PreviewRow,
    Problem,
    SheetPlan,
)
from fidedesk.io.excel.importing.preview import preview_rows, sheet_rounds

__all__ = [
    "CellError",
    "CellFormError",
    "CellKindError",
    "CellRangeError",
    "Column",
    "Field",
    "ImportPlan",
    "ImportResult",
    "Layout",
    "PreviewCell",
    "PreviewRow",
    "Problem",
    "SheetPlan",
    "UnreadableCellError",
    "build",
    "detect_layout",
    "find_header_row",
    "map_columns",
    "other_rounds",
    "preview_rows",
    "propose",
    "propose_sheet",
    "sheet_rounds",
]
