"""Workbooks for the spreadsheet import tests: made with openpyxl the way people make them, read back to
:class:`~fidedesk.io.excel.grid.SheetGrid` lists, and fidedesk's own workbook written from a Tournament by a
local writer that follows the exporter's contract (see fidedesk.io.excel.importing), so that the import's round
trip is tested without the exporter.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Sequence
from fractions import Fraction

import openpyxl
from openpyxl.workbook.workbook import Workbook

from fidedesk.core.editing import boards, entry_for
from fidedesk.core.tournament import BirthDate, Tournament
from fidedesk.core.values import BOARD_TEXT, board_text
from fidedesk.io.excel.grid import CellValue, SheetGrid, Unreadable

PLAYERS_HEADER = (
    "No", "Name", "Sex", "Title", "Fed", "FIDE ID", "Rating", "Born", "Games", "2400+", "K", "Std rating", "Points",
    "Rank",
)  # fmt: skip
ROUNDS_HEADER = ("Round", "Board", "White No", "White", "Black No", "Black", "Result", "Colours")


def grid(name: str, rows: Iterable[Sequence[CellValue]]) -> SheetGrid:
    """A SheetGrid straight from rows (padded to the widest), for tests that need no file."""
    listed = [tuple(row) for row in rows]
    width = max((len(row) for row in listed), default=0)
    return SheetGrid(name, tuple(row + (None,) * (width - len(row)) for row in listed))


def read_grids(workbook: Workbook) -> list[SheetGrid]:
    """The workbook saved and read back as fidedesk reads a file: values as saved (top-left value of a
    merged range), a formula without a saved result or an error value as Unreadable."""
    buffer = io.BytesIO()
    workbook.save(buffer)
    formulas = openpyxl.load_workbook(io.BytesIO(buffer.getvalue()), data_only=False)
    values = openpyxl.load_workbook(io.BytesIO(buffer.getvalue()), data_only=True)
    grids = []
    for sheet in values.worksheets:
        source = formulas[sheet.title]
        rows: list[tuple[CellValue, ...]] = []
        for row in sheet.iter_rows():
            cells: list[CellValue] = []
            for cell in row:
                value = cell.value
                if cell.data_type == "e":
                    value = Unreadable.ERROR_VALUE
                elif value is None and source.cell(cell.row, cell.column).data_type == "f":
                    value = Unreadable.FORMULA_WITHOUT_VALUE
                elif isinstance(value, str) and value == "":
                    value = None
                cells.append(value)
            rows.append(tuple(cells))
        while rows and all(v is None for v in rows[-1]):
            rows.pop()
        width = max((max((i + 1 for i, v in enumerate(r) if v is not None), default=0) for r in rows), default=0)
        grids.append(SheetGrid(sheet.title, tuple(tuple(r[:width]) + (None,) * (width - len(r)) for r in rows)))
    return grids


def workbook(*sheets: tuple[str, Sequence[Sequence[object]]]) -> Workbook:
    """A workbook with these sheets, each from its rows (None for an empty cell)."""
    book = openpyxl.Workbook()
    book.remove(book.active)
    for title, rows in sheets:
        sheet = book.create_sheet(title)
        for row in rows:
            sheet.append(list(row))
    return book


# ---------------------------------------------------------------------------------------------- the contract


def _birth_text(birth: BirthDate | None) -> str | None:
    if birth is None:
        return None
    parts = [f"{birth.year:04d}"] + [f"{part:02d}" for part in (birth.month, birth.day) if part]
    return "-".join(parts)


def _number(value: Fraction | None) -> int | float | None:
    if value is None:
        return None
    return int(value) if value.denominator == 1 else float(value)


def contract_workbook(tournament: Tournament) -> Workbook:
    """fidedesk's own workbook as the exporter's contract describes it: Event, Players, Rounds, and a
    Crosstable and a Norms sheet for people (which the import must then ignore)."""
    info = tournament.info
    book = openpyxl.Workbook()
    book.remove(book.active)
    event = book.create_sheet("Event")
    event.append(["Field", "Value"])
    for field, value in (
        ("Event", info.name), ("City", info.city), ("Federation", info.federation), ("Start", info.start),
        ("End", info.end), ("Chief arbiter", info.chief_arbiter), ("Time control", info.time_control),
        ("System", info.system.value), ("Rating", info.kind.value), ("Chief arbiter FIDE ID", info.arbiter_fide_id),
        ("Chief arbiter licence", info.arbiter_licence.value if info.arbiter_licence else None),
        ("Organiser", info.organiser), ("Event type", info.event_type.value), ("Rounds a day", info.rounds_a_day),
    ):  # fmt: skip
        event.append([field, value if value != "" else None])
    players = book.create_sheet("Players")
    players.append(list(PLAYERS_HEADER))
    for p in tournament.players:
        ever = None if p.record.ever_2400 is None else ("yes" if p.record.ever_2400 else "no")
        players.append([
            p.start_rank, p.name, p.sex or None, p.title or None, p.federation or None, p.fide_id, p.rating,
            _birth_text(p.birth), p.record.games, ever, p.record.k, p.record.standard_rating, _number(p.points),
            p.rank,
        ])  # fmt: skip
    for cell in players["H"]:
        cell.number_format = "@"
    rounds = book.create_sheet("Rounds")
    rounds.append(list(ROUNDS_HEADER))
    for round_ in range(1, tournament.last_round + 1):
        for number, board in enumerate(boards(tournament, round_), start=1):
            white = tournament.player(board.white)
            if board.black is None:
                rounds.append([round_, number, white.start_rank, white.name, None, None, BOARD_TEXT[board.result]])
                continue
            black = tournament.player(board.black)
            black_entry = entry_for(black, round_)
            white_entry = entry_for(white, round_)
            assert black_entry is not None and white_entry is not None
            colours = "unknown" if white_entry.color is None else None
            result = board_text(white_entry.result, black_entry.result)  # not Board.result: a double forfeit
            rounds.append([round_, number, white.start_rank, white.name, black.start_rank, black.name, result, colours])
    crosstable = book.create_sheet("Crosstable")
    crosstable.append(["No", "Name", "Points"])
    for p in tournament.players:
        crosstable.append([p.start_rank, p.name, float(p.score)])
    norms = book.create_sheet("Norms")
    norms.append(["No", "Name", "Norm", "Status", "Line", "Games", "Pts", "Ra", "Rp", "Needed"])
    for p in tournament.players:
        norms.append([p.start_rank, p.name, "GM", "out-of-reach", "norm", len(p.rounds), float(p.score)])
    return book
