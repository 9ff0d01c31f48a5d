"""Tables written as an ``.xlsx`` workbook made for paper, with XlsxWriter in constant-memory mode.

:mod:`fidedesk.io.excel.export` decides what each sheet holds (its :class:`Table`: header, rows, number
formats); this module only writes tables, in order, row after row, so that a sheet's rows never sit in
memory twice (XlsxWriter's constant-memory mode streams each row to a temporary file as the next begins).

Text is always a string cell (``write_string``, never ``write``, and the workbook's ``strings_to_formulas``,
``strings_to_numbers`` and ``strings_to_urls`` off): nothing a player or an event is called becomes a
formula, a number or a link. Text that :func:`~fidedesk.io.excel.sheet_text.runs_as_formula` also gets Excel's
leading apostrophe (the format's ``quote_prefix``), so that it stays text when someone edits the cell.

Every sheet is set up for paper: its print area is its table, it fits one page wide (as many pages down as
it needs), row 1 repeats on every page, it is landscape where the columns are wider than an upright page,
and each page names the event and its dates at the top and its sheet and page number at the bottom.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import io
import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Final, TypeAlias

import xlsxwriter  # type: ignore[import-untyped]

from fidedesk.io.excel.sheet_text import runs_as_formula
from fidedesk.io.paper_size import Paper

__all__ = ["DATE", "PAPER_SIZES", "BookWriter", "ExportCancelled", "Formatted", "Paper", "Table", "Value",
           "clean_text", "page_header"]  # fmt: skip

DATE: Final = "yyyy-mm-dd"

#: Excel's paper size codes (ECMA-376 ``paperSize``).
PAPER_SIZES: Final[dict[Paper, int]] = {"a4": 9, "letter": 1}

#: Characters a row of the default font (Calibri 11) holds across an upright A4 or Letter page within
#: Excel's default margins (0.7 inch each side); a sheet wider than this is printed landscape.
_UPRIGHT_CHARACTERS: Final = 90
_FOOTER: Final = "&C&A – page &P of &N"
#: Excel ignores a header longer than 255 characters (UTF-16 code units), and XlsxWriter drops it.
_MAX_HEADER: Final = 255

_MIN_WIDTH: Final = 4
_MAX_WIDTH: Final = 50
_PROGRESS_EVERY: Final = 1000

# XML 1.0 allows tab, line feed and carriage return, but no other control character, and no lone
# surrogate or U+FFFE/U+FFFF; the writer would escape the control characters (_x0007_), which a reader
# turns back into characters it cannot show.
_NOT_XML: Final = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
_REPLACEMENT: Final = "\ufffd"


class ExportCancelled(Exception):
    """The user cancelled a long export; no file was written."""


@dataclasses.dataclass(frozen=True, slots=True)
class Formatted:
    """A number with a format of its own, where its column's default does not fit (a capped rating, 3–4)."""

    value: int | float
    format: str


#: One cell as a table holds it: text (always a string cell), a number, a date, a formatted number or empty.
Value: TypeAlias = str | int | float | dt.date | Formatted | None


@dataclasses.dataclass
class Table:
    """One sheet before it is written: header, rows and the look of each column."""

    title: str
    header: Sequence[str]
    rows: list[list[Value]]
    #: The number format of each column (None: General); Formatted values bring their own.
    formats: Sequence[str | None]
    #: The first cell that scrolls: rows above it and columns left of it stay in view.
    freeze: tuple[int, int] = (1, 0)
    autofilter: bool = False
    #: Columns whose text is centred: short cells between numbers (a crosstable's ``12w1`` would otherwise
    #: touch the rating on its left).
    centred: frozenset[int] = frozenset()


def clean_text(text: str) -> str:
    """``text`` with every character XML cannot hold replaced by �, so that the cell can be saved."""
    # searching first: almost no text has such a character, and a search builds no new string
    return _NOT_XML.sub(_REPLACEMENT, text) if _NOT_XML.search(text) else text


def _utf16_length(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


def page_header(name: str, dates: str) -> str:
    """The page header: the event's name at the left, its dates at the right, as Excel's header codes.

    ``&`` starts a code, so the name's own ``&`` is doubled; where that would spell ``&G`` (XlsxWriter
    counts it as a picture and drops the header) the name's ``&`` is written as the full-width ＆. A name
    too long for Excel's 255 characters is cut with …
    """
    escaped = name.replace("&", "&&")
    if "&G" in escaped:
        escaped = name.replace("&", "\uff06")
    right = f"&R{dates}" if dates else ""
    budget = _MAX_HEADER - _utf16_length("&L" + right)
    if _utf16_length(escaped) > budget:
        escaped = escaped[: max(budget - 2, 0)].rstrip("&") + "…"
    return f"&L{escaped}{right}" if escaped else right


def _number_width(value: int | float, fmt: str | None, extra_width: dict[str, int]) -> int:
    """About how many characters Excel shows for a number in ``fmt`` (for the column's width)."""
    if fmt is None:
        return len(str(value))
    extra = extra_width.get(fmt)
    if extra is None:
        extra = len(fmt) - 3 if fmt.startswith('0"') else 0  # 0"–12": the text in the quotes
    return len(str(int(abs(value)))) + (1 if value < 0 else 0) + extra


def _column_width(widest: int) -> int:
    return min(max(widest + 2, _MIN_WIDTH), _MAX_WIDTH)


class BookWriter:
    """Writes tables into a workbook, in order: text always as string cells, numbers with their formats,
    bold headers, and each sheet set up for paper (see the module's docstring)."""

    def __init__(
        self,
        progress: Callable[[int], bool] | None,
        *,
        folder: Path,
        header: str,
        paper: Paper = "a4",
        extra_width: dict[str, int] | None = None,
    ) -> None:
        # XlsxWriter's temporary row files go into ``folder``, the caller's to remove (a cancel never closes
        # the workbook, which is where XlsxWriter removes them; a kill never removes anything)
        self._buffer = io.BytesIO()
        self.workbook: Any = xlsxwriter.Workbook(self._buffer, {
            "constant_memory": True,
            "tmpdir": str(folder),
            "strings_to_formulas": False,
            "strings_to_numbers": False,
            "strings_to_urls": False,
        })  # fmt: skip
        self.progress = progress
        self.written = 0
        self.header = header
        self.paper = PAPER_SIZES[paper]
        #: Characters each number format adds to the whole part of a number (for column widths).
        self.extra_width = extra_width or {}
        self._formats: dict[tuple[str | None, bool, bool, bool], Any] = {}

    def _format(
        self, number: str | None = None, *, bold: bool = False, quoted: bool = False, centred: bool = False
    ) -> Any:
        """The workbook's one format object for this look (XlsxWriter keeps each one a style)."""
        key = (number, bold, quoted, centred)
        found = self._formats.get(key)
        if found is None:
            properties: dict[str, Any] = {}
            if number is not None:
                properties["num_format"] = number
            if bold:
                properties["bold"] = True
            if quoted:
                properties["quote_prefix"] = True
            if centred:
                properties["align"] = "center"
            found = self._formats[key] = self.workbook.add_format(properties)
        return found

    def write(self, table: Table) -> None:
        """Write ``table`` as the next sheet. Each column's width is the widest value or the (bold) header,
        measured as the rows go by: in constant-memory mode XlsxWriter writes the columns' widths and the
        page setup when the workbook closes, so they may be set after the rows."""
        sheet = self.workbook.add_worksheet(table.title)
        last_row, last_column = len(table.rows), len(table.header) - 1
        sheet.freeze_panes(*table.freeze)
        if table.autofilter:
            sheet.autofilter(0, 0, last_row, last_column)
        bold = self._format(bold=True)
        for column, name in enumerate(table.header):
            sheet.write_string(0, column, clean_text(name), bold)
        widest = [len(name) + 1 for name in table.header]  # bold text is a little wider
        # numbers in their column's format: the highest and lowest, measured once at the end
        high: list[int | float] = [0] * len(widest)
        low: list[int | float] = [0] * len(widest)
        counted = [False] * len(widest)
        formats, extra_width, centred = table.formats, self.extra_width, table.centred
        column_formats = [None if fmt is None else self._format(fmt) for fmt in formats]
        date_format = self._format(DATE)
        write_string, write_number = sheet.write_string, sheet.write_number
        for row_number, row in enumerate(table.rows, start=1):
            for column, value in enumerate(row):
                if value is None:
                    continue
                if isinstance(value, str):
                    if not value:
                        continue  # an empty text is an empty cell, as a reader gives it back (None)
                    quoted, middle = runs_as_formula(value), column in centred
                    look = self._format(quoted=quoted, centred=middle) if quoted or middle else None
                    write_string(row_number, column, clean_text(value), look)
                    shown = len(value) if "\n" not in value else max(map(len, value.split("\n")))
                elif isinstance(value, Formatted):
                    write_number(row_number, column, value.value, self._format(value.format))
                    shown = _number_width(value.value, value.format, extra_width)
                elif isinstance(value, dt.date):
                    sheet.write_datetime(row_number, column, value, column_formats[column] or date_format)
                    shown = 10
                else:
                    write_number(row_number, column, value, column_formats[column])
                    if formats[column] is not None:
                        counted[column] = True
                        if value > high[column]:
                            high[column] = value
                        elif value < low[column]:
                            low[column] = value
                        continue
                    shown = len(str(value))
                if shown > widest[column]:
                    widest[column] = shown
            self.written += 1
            if self.written % _PROGRESS_EVERY == 0:
                self.report()
        column_widths = []
        for column, fmt in enumerate(formats):
            if counted[column]:
                high_width = _number_width(high[column], fmt, extra_width)
                widest[column] = max(widest[column], high_width, _number_width(low[column], fmt, extra_width))
            width = _column_width(widest[column])
            sheet.set_column(column, column, width)
            column_widths.append(width)
        self._page_setup(sheet, last_row, last_column, sum(column_widths))
        self.report()

    def _page_setup(self, sheet: Any, last_row: int, last_column: int, width: int) -> None:
        sheet.set_paper(self.paper)
        if width > _UPRIGHT_CHARACTERS:
            sheet.set_landscape()
        sheet.print_area(0, 0, last_row, last_column)
        sheet.fit_to_pages(1, 0)  # one page wide, as many down as the rows need
        sheet.repeat_rows(0)
        if self.header:
            sheet.set_header(self.header)
        sheet.set_footer(_FOOTER)

    def report(self) -> None:
        """Tell ``progress`` how many rows are written; ExportCancelled when it says stop."""
        if self.progress is not None and not self.progress(self.written):
            raise ExportCancelled("export cancelled")

    def set_properties(self, **properties: str | None) -> None:
        self.workbook.set_properties({key: value for key, value in properties.items() if value})

    def to_bytes(self) -> bytes:
        self.workbook.close()
        return self._buffer.getvalue()
