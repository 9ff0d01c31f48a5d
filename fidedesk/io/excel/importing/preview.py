"""What the import wizard shows while the user maps the columns: the first rows as they will be read."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from fidedesk.io.excel.grid import CellValue, SheetGrid
from fidedesk.io.excel.importing.cells import plain_text
from fidedesk.io.excel.importing.headers import round_header, round_title
from fidedesk.io.excel.importing.model import Field, ImportPlan, Layout, PreviewCell, PreviewRow, SheetPlan
from fidedesk.io.excel.importing.pairings import read_board_row
from fidedesk.io.excel.importing.sheet import Row, Sheet, classify, read_player_row

__all__ = ["preview_rows", "sheet_rounds"]


def sheet_rounds(plan: ImportPlan, grids: Mapping[str, SheetGrid]) -> tuple[tuple[str, int | None], ...]:
    """Which sheet becomes which round, for a workbook with a sheet per round: each round sheet's name and
    its round (None when a Round column or title lines inside it say, as the build then reads them); () for
    any other plan. ``grids``: the workbook's sheets by name."""
    if not plan.more_rounds or plan.results is None:
        return ()
    return tuple(
        (sheet.sheet, None if _rounds_inside(grids[sheet.sheet], sheet) else round_header(sheet.sheet))
        for sheet in (plan.results, *plan.more_rounds)
    )


def _rounds_inside(grid: SheetGrid, plan: SheetPlan) -> bool:
    """Whether the sheet says its rounds itself: a Round column, or a title line (``Round 2``) that the
    build (:func:`~fidedesk.io.excel.importing.pairings.read_pairings`) takes over the sheet's name."""
    if Field.ROUND_NUMBER in {column.field for column in plan.columns}:
        return True
    sheet = Sheet(grid, plan)
    return any(classify(sheet, values) is None and round_title(values) is not None for _index, values in sheet.rows())


def preview_rows(grid: SheetGrid, plan: SheetPlan, limit: int = 20) -> list[PreviewRow]:
    """The first ``limit`` rows below the header as they will be read: each mapped cell's value as
    understood, or its problem; the row's status. Checks that need the whole workbook (the two cells
    of a game, a start rank used twice) are left to :func:`~fidedesk.io.excel.importing.build.build`."""
    sheet = Sheet(grid, plan, preview=True)
    shown: list[PreviewRow] = []
    round_ = round_header(grid.name) or 1
    for index, values in sheet.rows():
        if len(shown) >= limit:
            break
        reason = classify(sheet, values)
        if reason == "blank":
            continue
        if reason is not None:
            why = "the header again" if reason == "header" else "an unused row"
            shown.append(PreviewRow(index, "ignore", _cells(sheet, values, None), why))
            continue
        if plan.layout is Layout.PAIRINGS:
            title = round_title(values) if Field.ROUND_NUMBER not in sheet.single else None
            if title is not None:
                round_ = title
                shown.append(PreviewRow(index, "ignore", _cells(sheet, values, None), f"round {title}"))
                continue
            row, _board = read_board_row(sheet, index, values, round_)
        else:
            row = read_player_row(sheet, index, values)
        problem = row.problems.get(None) or next(iter(row.problems.values()), None) if row.status == "skip" else None
        shown.append(PreviewRow(index, row.status, _cells(sheet, values, row), problem))
    return shown


def _cells(sheet: Sheet, values: Sequence[CellValue], row: Row | None) -> tuple[PreviewCell, ...]:
    cells = []
    for column, spec in enumerate(sheet.columns):
        if spec.field is Field.IGNORE:
            continue
        if row is None:
            cells.append(PreviewCell(column, spec.field, plain_text(values[column])))
            continue
        text = row.shown.get(column, plain_text(values[column]))
        cells.append(PreviewCell(column, spec.field, text, row.problems.get(column)))
    return tuple(cells)
