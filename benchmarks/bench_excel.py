"""Excel import and export of a generated 2,000-player, 11-round Swiss.

    python benchmarks/bench_excel.py [--players 2000] [--rounds 11] [--repeat 3]

The workbook is a Swiss table as people keep one (layout c): No, Name, Rtg, a column per round with
cells such as ``12w1`` and ``-½``, then Pts. Measured in the same run:

- baseline: a bare openpyxl read-only pass over the same cells (open, iterate every row's values);
- import: ``read_workbook`` (values, formulas without results, limits) plus finding the header,
  mapping the columns, detecting the layout and building the checked tournament (``propose``, ``build``);
- export: ``export_workbook`` of the same tournament (seven sheets, rating calculations, title norms,
  standings and tie-breaks included, saved atomically), against its own baseline: a bare XlsxWriter
  constant-memory pass writing the same cells (the exported workbook's values and number formats, read back once
  beforehand) into memory, with no widths, page setup or computing.

Prints min and median of ``--repeat`` interleaved runs of each, the ratios to their baselines and the
machine's load. Nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import datetime as dt
import io
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import xlsxwriter
from openpyxl import Workbook, load_workbook

from benchmarks.make_swiss import make_swiss
from benchmarks.timing import interleaved, machine, ratio, spread
from fidedesk.core.notation import cell_text, score_text
from fidedesk.core.rating.editions import get_edition
from fidedesk.core.tiebreaks.calculate import DEFAULT_TIEBREAKS
from fidedesk.core.tournament import Tournament
from fidedesk.io.excel.export import export_workbook
from fidedesk.io.excel.importing import build, propose
from fidedesk.io.excel.read import read_workbook


def write_swiss_table(tournament: Tournament, path: Path) -> None:
    """The tournament as a one-sheet Swiss table, the way a club secretary's spreadsheet holds it."""
    rounds = max(len(player.rounds) for player in tournament.players)
    book = Workbook(write_only=True)
    sheet = book.create_sheet("Results")
    sheet.append(["No", "Name", "Rtg", *(f"R{number}" for number in range(1, rounds + 1)), "Pts"])
    for player in tournament.players:
        cells = [cell_text(entry) for entry in player.rounds]
        sheet.append([player.start_rank, player.name, player.rating, *cells, score_text(player.score)])
    book.save(path)


def bare_pass(path: Path) -> int:
    """Every cell's value read once with openpyxl in read-only mode: the least any import must do."""
    book = load_workbook(path, read_only=True, data_only=True)
    try:
        return sum(1 for sheet in book.worksheets for row in sheet.iter_rows(values_only=True) for _ in row)
    finally:
        book.close()


#: One exported sheet as the bare pass writes it: its title and rows of (value, number format) cells.
Sheet = tuple[str, list[list[tuple[object, str]]]]


def exported_cells(path: Path) -> list[Sheet]:
    """Every cell of the exported workbook with its number format, read once (not timed)."""
    book = load_workbook(path, read_only=True)
    try:
        return [(sheet.title, [[(cell.value, cell.number_format) for cell in row] for row in sheet.iter_rows()])
                for sheet in book.worksheets]  # fmt: skip
    finally:
        book.close()


def bare_write(sheets: list[Sheet]) -> bytes:
    """The same cells written by XlsxWriter in constant-memory mode, and nothing else: the least the
    export's writing can cost."""
    buffer = io.BytesIO()
    book = xlsxwriter.Workbook(buffer, {"constant_memory": True, "strings_to_formulas": False,
                                        "strings_to_numbers": False, "strings_to_urls": False})  # fmt: skip
    formats: dict[str, object] = {}
    for title, rows in sheets:
        sheet = book.add_worksheet(title)
        for r, row in enumerate(rows):
            for c, (value, fmt) in enumerate(row):
                if value is None:
                    continue
                look = None if fmt == "General" else formats.get(fmt) or formats.setdefault(
                    fmt, book.add_format({"num_format": fmt}))  # fmt: skip
                if isinstance(value, str):
                    sheet.write_string(r, c, value)
                elif isinstance(value, dt.datetime | dt.date):
                    sheet.write_datetime(r, c, value, look)
                else:
                    sheet.write_number(r, c, value, look)
    book.close()
    return buffer.getvalue()


def full_import(path: Path) -> Tournament:
    grids = read_workbook(path)
    result = build(grids, propose(grids))
    if result.problems:
        raise SystemExit(f"the generated workbook has problems: {result.problems[:3]}")
    return result.tournament


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--players", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    tournament = make_swiss(args.players, args.rounds)
    with tempfile.TemporaryDirectory() as folder:
        table = Path(folder) / "swiss.xlsx"
        write_swiss_table(tournament, table)
        imported = full_import(table)
        if [p.rounds for p in imported.players] != [p.rounds for p in tournament.players]:
            raise SystemExit("the import did not give back the generated rounds")
        cells = bare_pass(table)
        exported = Path(folder) / "export.xlsx"
        edition = get_edition("fide-2025")
        tiebreaks = DEFAULT_TIEBREAKS
        export_workbook(tournament, exported, edition=edition, tiebreaks=tiebreaks)
        sheets = exported_cells(exported)
        written = sum(1 for _title, rows in sheets for row in rows for value, _fmt in row if value is not None)
        times = interleaved(
            args.repeat,
            {
                "bare read": lambda: bare_pass(table),
                "import": lambda: full_import(table),
                "bare write": lambda: bare_write(sheets),
                "export": lambda: export_workbook(tournament, exported, edition=edition, tiebreaks=tiebreaks),
            },
        )
        size = table.stat().st_size
        export_size = exported.stat().st_size
    print(f"{machine()}; {args.repeat} interleaved runs of each")
    print(f"Swiss table: {args.players} players, {args.rounds} rounds, {cells:,} cells, {size / 1024:.0f} KiB")
    print(f"bare openpyxl read-only pass : {spread(times['bare read'])}")
    print(f"import (read, map, build)    : {spread(times['import'])}")
    print(f"ratio (import / bare pass)   : {ratio(times['import'], times['bare read'])}")
    print(f"Export: seven sheets, {written:,} cells, {export_size / 1024:.0f} KiB")
    print(f"bare XlsxWriter constant-memory pass: {spread(times['bare write'])}")
    print(f"export (seven sheets)        : {spread(times['export'])}")
    print(f"ratio (export / bare pass)   : {ratio(times['export'], times['bare write'])}")


if __name__ == "__main__":
    main()
