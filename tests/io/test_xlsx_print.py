"""The Excel export on paper: every sheet's print settings read back from the file, and figures as numbers."""

from __future__ import annotations

import dataclasses
import io
import warnings
from fractions import Fraction

import pytest
from openpyxl import load_workbook
from openpyxl.worksheet.worksheet import Worksheet

from benchmarks.make_swiss import make_swiss
from fidedesk.core.rating.editions import DEFAULT_EDITION
from fidedesk.core.tiebreaks.calculate import TieBreak
from fidedesk.core.tournament import Tournament
from fidedesk.io.excel.book import page_header
from fidedesk.io.excel.export import POINTS, SHEETS, workbook_bytes
from tests.io.test_xlsx_export import column_widths, small_round_robin, small_swiss

TIEBREAKS = (TieBreak.BUCHHOLZ_CUT1, TieBreak.BUCHHOLZ, TieBreak.SONNEBORN_BERGER, TieBreak.WINS)
A4, LETTER = 9, 1  # ECMA-376 paperSize codes


def _sheets(tournament: Tournament, **options: str) -> dict[str, Worksheet]:
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # XlsxWriter warns, and drops the setting, on a header it refuses
        data = workbook_bytes(tournament, edition=DEFAULT_EDITION, tiebreaks=TIEBREAKS, **options)  # type: ignore[arg-type]
    book = load_workbook(io.BytesIO(data))
    assert book.sheetnames == list(SHEETS)
    return {sheet.title: sheet for sheet in book.worksheets}


@pytest.mark.parametrize("make", [small_swiss, small_round_robin, lambda: make_swiss(60, 7)])
def test_every_sheet_prints_one_page_wide_with_its_header_row_on_every_page(make: object) -> None:
    tournament = make()  # type: ignore[operator]
    for title, sheet in _sheets(tournament).items():
        setup = sheet.page_setup
        assert sheet.sheet_properties.pageSetUpPr.fitToPage, title
        # one page wide (1 is the schema's default, which the writer leaves out), as many down as needed
        assert (setup.fitToWidth or 1, setup.fitToHeight) == (1, 0), title
        assert setup.paperSize == A4, title
        assert sheet.print_title_rows == "$1:$1", title
        column = sheet.cell(1, sheet.max_column).column_letter
        assert sheet.print_area == f"'{title}'!$A$1:${column}${sheet.max_row}", title
        assert sheet.oddHeader.left.text == tournament.info.name or tournament.info.name == "", title
        assert sheet.oddFooter.center.text == "&A – page &P of &N", title


def test_wide_sheets_are_landscape_and_narrow_ones_upright() -> None:
    sheets = _sheets(make_swiss(60, 7))
    orientation = {title: sheet.page_setup.orientation for title, sheet in sheets.items()}
    assert orientation["Rating changes"] == "landscape"  # 23 columns
    assert orientation["Players"] == "landscape"
    assert orientation["Event"] in (None, "portrait")  # Field | Value
    for title, sheet in sheets.items():  # landscape exactly where the columns are wider than an upright page
        width = sum(column_widths(sheet))
        assert (orientation[title] == "landscape") == (width > 90), (title, width)


def test_the_page_header_names_the_event_and_its_dates() -> None:
    tournament = small_swiss()
    sheet = _sheets(tournament)["Standings"]
    assert sheet.oddHeader.left.text == "Club Open 2026"
    assert sheet.oddHeader.right.text == "2026-03-06 – 2026-03-08"


@pytest.mark.parametrize(
    ("name", "shown"),
    [("Rook & Pawn Open", "Rook && Pawn Open"), ("A&G Cup", "A＆G Cup"), ("&P &N &D", "&&P &&N &&D")],
)
def test_an_ampersand_in_the_name_is_text_not_a_header_code(name: str, shown: str) -> None:
    assert page_header(name, "") == f"&L{shown}"
    base = small_swiss()
    tournament = dataclasses.replace(base, info=dataclasses.replace(base.info, name=name))
    header = _sheets(tournament)["Crosstable"].oddHeader.left.text
    assert header == shown  # openpyxl keeps the codes as written: && is Excel's literal &


def test_a_long_name_is_cut_to_excels_limit_not_dropped() -> None:
    header = page_header("N" * 400, "2026-03-06")
    assert 250 <= len(header) <= 255 and header.startswith("&LNNN") and "…&R2026-03-06" in header


def test_letter_paper() -> None:
    sheets = _sheets(small_swiss(), paper="letter")
    assert {sheet.page_setup.paperSize for sheet in sheets.values()} == {LETTER}


def test_points_and_tiebreaks_are_numbers() -> None:
    tournament = make_swiss(60, 7)
    sheets = _sheets(tournament)
    standings = sheets["Standings"]
    header = [cell.value for cell in standings[1]]
    assert header == ["Rank", "No", "Name", "Rtg", "Pts", "BH-C1", "BH", "SB", "WIN"]
    for row in standings.iter_rows(min_row=2):
        for cell in row[4:]:
            assert cell.data_type == "n" and isinstance(cell.value, int | float), (cell.coordinate, cell.value)
        for cell in row[4:7]:  # points and Buchholz: halves, one format
            assert cell.number_format == POINTS and Fraction(cell.value) * 2 == int(Fraction(cell.value) * 2)
        assert row[7].number_format == "0.00"  # SB: quarters
    crosstable = sheets["Crosstable"]
    points = [row[0] for row in crosstable.iter_rows(min_row=2, min_col=11, max_col=11)]  # R1–R7, then Pts
    assert crosstable.cell(1, 11).value == "Pts"
    assert all(cell.data_type == "n" and cell.number_format == POINTS for cell in points)
    expected = {player.start_rank: player.score for player in tournament.players}
    assert {row[0].value: row[10].value for row in crosstable.iter_rows(min_row=2)} == expected
