"""The blank player list fidedesk gives club secretaries to fill in and import (File › Save Blank Player List).

The sheet "Players" has two rows of notes, the header in row 3 (No | Name | Title | Fed | FIDE ID | Rating
| Born | Sex, bold and frozen), formats and checks on the columns (Title from FIDE's list, Sex m or f,
Rating a whole number 1000–3000, FIDE ID and No whole numbers, Fed three letters, Born 4 to 10
characters), and a few empty formatted rows. Text columns are formatted as text (``@``), so that what
is typed there stays as typed: ``1990-05`` is not made a date, ``=…`` not a formula.

The window writes it from here (:func:`template_bytes`), so an installed app needs no data file. The copy
in ``resources/templates/player-list.xlsx`` is made by ``resources/templates/make_templates.py``;
``tests/io/test_xlsx_export.py`` checks that it holds, cell by cell, what :func:`build` makes.
"""

from __future__ import annotations

import datetime as dt
import io
from typing import Any

from openpyxl import Workbook  # type: ignore[import-untyped]
from openpyxl.styles import Alignment, Font, PatternFill  # type: ignore[import-untyped]
from openpyxl.utils import get_column_letter  # type: ignore[import-untyped]
from openpyxl.worksheet.datavalidation import DataValidation  # type: ignore[import-untyped]

from fidedesk.core.tournament import TITLES
from fidedesk.core.values import RATING_TYPED

SHEET = "Players"
NOTES = (
    "fidedesk player list — fill one player per row; No is the start rank (1, 2, 3 …). "
    "Save the file and import it in fidedesk.",
    "Title: GM IM FM CM WGM WIM WFM WCM or empty · Fed: FIDE's three-letter code (GER, ESP …) · "
    "FIDE ID: digits only · Rating: 1000–3000, empty when unrated · Born: 1990, 1990-05 or 1990-05-17 · "
    "Sex: m or f",
)
#: Row of the header (1-based): below the notes.
HEADER_ROW = 3
#: The columns: header, width, number format.
COLUMNS = (
    ("No", 6, "0"),
    ("Name", 34, "@"),
    ("Title", 7, "@"),
    ("Fed", 6, "@"),
    ("FIDE ID", 12, "0"),
    ("Rating", 8, "0"),
    ("Born", 12, "@"),
    ("Sex", 6, "@"),
)
#: Empty rows given the formats (the columns carry them too, for rows typed further down).
FORMATTED_ROWS = 30
#: Rows the checks cover below the header.
CHECKED_ROWS = 2000
#: Fixed document dates: the file does not change each time it is made.
MADE = dt.datetime(2026, 1, 1)


def _column(name: str) -> str:
    letter: str = get_column_letter(next(i for i, (header, _, _) in enumerate(COLUMNS, start=1) if header == name))
    return letter


def _check(sheet: Any, column: str, validation: DataValidation) -> None:
    first = HEADER_ROW + 1
    validation.add(f"{_column(column)}{first}:{_column(column)}{first + CHECKED_ROWS - 1}")
    validation.showErrorMessage = True
    validation.showInputMessage = True
    validation.errorStyle = "stop"
    sheet.add_data_validation(validation)


def build() -> Workbook:
    """The player-list template as a workbook."""
    workbook = Workbook()
    workbook.properties.creator = "fidedesk"
    workbook.properties.title = "fidedesk player list"
    workbook.properties.created = MADE
    workbook.properties.modified = MADE
    sheet = workbook.active
    sheet.title = SHEET
    note_font = Font(italic=True, color="595959")
    for row, note in enumerate(NOTES, start=1):
        cell = sheet.cell(row, 1)
        cell.value = note
        cell.data_type = "s"
        cell.font = note_font
    bold = Font(bold=True)
    fill = PatternFill("solid", fgColor="D9E1F2")
    for index, (header, width, number_format) in enumerate(COLUMNS, start=1):
        letter = get_column_letter(index)
        dimension = sheet.column_dimensions[letter]
        dimension.width = width
        dimension.number_format = number_format
        cell = sheet.cell(HEADER_ROW, index)
        cell.value = header
        cell.data_type = "s"
        cell.font = bold
        cell.fill = fill
        cell.alignment = Alignment(horizontal="center")
        for row in range(HEADER_ROW + 1, HEADER_ROW + 1 + FORMATTED_ROWS):
            sheet.cell(row, index).number_format = number_format
    sheet.freeze_panes = f"A{HEADER_ROW + 1}"

    _check(sheet, "No", DataValidation(type="whole", operator="greaterThanOrEqual", formula1="1",
                                       error="No is the start rank: a whole number from 1.",
                                       prompt="Start rank: 1, 2, 3 …"))  # fmt: skip
    _check(sheet, "Title", DataValidation(type="list", formula1=f'"{",".join(TITLES)}"', allow_blank=True,
                                          error=f"FIDE's titles: {' '.join(TITLES)}, or empty.",
                                          prompt="GM IM FM CM WGM WIM WFM WCM, or empty"))  # fmt: skip
    _check(sheet, "Fed", DataValidation(type="textLength", operator="equal", formula1="3", allow_blank=True,
                                        error="FIDE's three-letter federation code, such as GER or ESP.",
                                        prompt="Three letters: GER, ESP, FID …"))  # fmt: skip
    _check(sheet, "FIDE ID", DataValidation(type="whole", operator="greaterThanOrEqual", formula1="1",
                                            allow_blank=True, error="A FIDE ID is a whole number (digits only).",
                                            prompt="Digits only; empty when the player has none"))  # fmt: skip
    low, high = RATING_TYPED.low, RATING_TYPED.high
    _check(sheet, "Rating", DataValidation(type="whole", operator="between", formula1=str(low), formula2=str(high),
                                           allow_blank=True, error=f"A rating is a whole number from {low} to {high}.",
                                           prompt=f"{RATING_TYPED}; empty when unrated"))  # fmt: skip
    _check(sheet, "Born", DataValidation(type="textLength", operator="between", formula1="4", formula2="10",
                                         allow_blank=True, error="The year (1990), or 1990-05, or 1990-05-17.",
                                         prompt="1990, 1990-05 or 1990-05-17"))  # fmt: skip
    _check(sheet, "Sex", DataValidation(type="list", formula1='"m,f"', allow_blank=True,
                                        error="m or f.", prompt="m or f"))  # fmt: skip
    return workbook


def template_bytes() -> bytes:
    """The template as the bytes of an .xlsx file."""
    buffer = io.BytesIO()
    build().save(buffer)
    return buffer.getvalue()
