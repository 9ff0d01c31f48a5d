"""A :class:`~fidedesk.publish.documents.model.Document` laid out on A4 or Letter pages.

Every page has the document's header (the event in bold and the round at the top; the title, place and
dates below; a rule) and a footer (fidedesk's version, ``Page N of M``), within 15 mm margins. The body
is set in one orientation and one size for the whole document (:func:`fidedesk.publish.paper.tables.
choose_setting`): tables keep their columns on one line each, a wrapping column breaks its text on
words, and a table split across pages repeats its header row. Every text is measured with the fonts the
renderers draw with, so nothing printed passes the margins; a text too long for its place is cut short
with "…" (headers) or wrapped (paragraphs, headings).

The result is plain data (:mod:`fidedesk.publish.paper.pages`); :mod:`fidedesk.publish.paper.pdf` and the window's
printing draw it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from fidedesk import __version__
from fidedesk.publish.documents.model import Align, Document, PageBreak, TableBlock, TextBlock, TextStyle
from fidedesk.publish.paper.fonts import text_width
from fidedesk.publish.paper.lines import elide, one_line, wrap
from fidedesk.publish.paper.pages import PAPER_POINTS, FillItem, Item, LineItem, Page, Paper, TextItem
from fidedesk.publish.paper.tables import PAD, Band, BandColumn, Measured, bands, choose_setting, measure

__all__ = ["MARGIN", "lay_out", "printable_area"]

#: The margin on every side, in points (15 mm).
MARGIN: Final = 15 * 72 / 25.4

_HEADER_SIZE = 10.0  # the event and the round
_SUBHEADER_SIZE = 8.0  # title, place, dates
_FOOTER_SIZE = 7.0
_HEADER_GAP = 12.0  # between the left and the right text of a header line
_BODY_TOP = MARGIN + 36.0  # below the header's rule
_BODY_BOTTOM = 18.0  # above the bottom margin: the footer's line
_ROW = 1.45  # a table row's height in ems of the body size ...
_BASELINE = 1.05  # ... its first baseline below the row's top ...
_LINE = 1.2  # ... and the step between a wrapping cell's lines
_HEADER_GREY = 0.85
_BAND_GREY = 0.93
_RULE = 0.5  # under the header row, at the end of a table
_THIN_RULE = 0.35  # above a row that starts a group
_EPSILON = 1e-6  # what sums of heights may be off by


def printable_area(page: Page) -> tuple[float, float, float, float]:
    """The part of ``page`` inside the margins: left, top, right, bottom, in points from the top left."""
    return MARGIN, MARGIN, page.width - MARGIN, page.height - MARGIN


def lay_out(document: Document, paper: Paper = "a4") -> tuple[Page, ...]:
    """``document`` on pages of ``paper``, each with the document's header and footer (at least one page,
    even for a document without blocks)."""
    measured = {id(block): measure(block) for block in document.blocks if isinstance(block, TableBlock)}
    setting = choose_setting(list(measured.values()), PAPER_POINTS[paper], MARGIN)
    short, long = PAPER_POINTS[paper]
    width, height = (long, short) if setting.landscape else (short, long)
    flow = _Flow(width, height, setting.size)
    for block in document.blocks:
        if isinstance(block, PageBreak):
            flow.break_page()
        elif isinstance(block, TextBlock):
            flow.text(block.text, block.style)
        else:
            flow.table(measured[id(block)])
    bodies = flow.finish()
    return tuple(
        Page(width, height, (*body, *_header_and_footer(document, width, height, number, len(bodies))))
        for number, body in enumerate(bodies, start=1)
    )


def _header_and_footer(document: Document, width: float, height: float, number: int, count: int) -> list[Item]:
    left, right = MARGIN, width - MARGIN
    first = MARGIN + _HEADER_SIZE * 0.93  # the event's capitals touch the top margin
    second = first + _SUBHEADER_SIZE + 5.0
    rule = second + 6.0
    where = ", ".join(part for part in (one_line(document.place).strip(), one_line(document.dates).strip()) if part)
    items: list[Item] = [
        *_two_sides(document.event, document.round_text, left, right, first, _HEADER_SIZE, True),
        *_two_sides(document.title, where, left, right, second, _SUBHEADER_SIZE, False),
        LineItem(left, rule, right, rule, 0.8),
    ]
    bottom = height - MARGIN
    items.append(LineItem(left, bottom - _FOOTER_SIZE - 4.0, right, bottom - _FOOTER_SIZE - 4.0, 0.3))
    items.extend(_two_sides(f"fidedesk {__version__}", f"Page {number} of {count}", left, right, bottom, _FOOTER_SIZE))
    return items


def _two_sides(
    left_text: str, right_text: str, left: float, right: float, y: float, size: float, bold: bool = False
) -> list[TextItem]:
    """One header or footer line: ``left_text`` from the left margin, ``right_text`` up to the right one,
    each cut short with "…" where both would not fit (the right one given at least 40 % of the line)."""
    left_text, right_text = one_line(left_text).strip(), one_line(right_text).strip()
    line = right - left
    left_need = text_width(left_text, size, bold)
    right_need = text_width(right_text, size, bold)
    if left_text and right_text and left_need + _HEADER_GAP + right_need > line:
        right_room = max(0.4 * line, line - _HEADER_GAP - left_need)
        right_text = elide(right_text, right_room, size, bold)
        right_need = text_width(right_text, size, bold)
        left_text = elide(left_text, line - _HEADER_GAP - right_need, size, bold)
    else:
        left_text = elide(left_text, line, size, bold)
        right_text = elide(right_text, line, size, bold)
        right_need = text_width(right_text, size, bold)
    items = []
    if left_text:
        items.append(TextItem(left, y, left_text, size, bold))
    if right_text:
        items.append(TextItem(right - right_need, y, right_text, size, bold))
    return items


class _Flow:
    """The pages' bodies as blocks are added: what is on the page being filled, and how far down it is."""

    def __init__(self, width: float, height: float, size: float) -> None:
        self.left = MARGIN
        self.printable = width - 2 * MARGIN
        self.top = _BODY_TOP
        self.bottom = height - MARGIN - _BODY_BOTTOM
        self.size = size
        self.bodies: list[list[Item]] = []
        self.fills: list[Item] = []
        self.lines: list[Item] = []
        self.texts: list[Item] = []
        self.y = self.top

    # -- pages

    @property
    def fresh(self) -> bool:
        """Whether nothing is on the page being filled yet."""
        return not (self.fills or self.lines or self.texts)

    @property
    def room(self) -> float:
        return self.bottom - self.y

    def new_page(self) -> None:
        # the order pages draw in: fills below rules below text
        self.bodies.append([*self.fills, *self.lines, *self.texts])
        self.fills, self.lines, self.texts = [], [], []
        self.y = self.top

    def break_page(self) -> None:
        """A page break: the next block starts on a new page, unless this one is still empty."""
        if not self.fresh:
            self.new_page()

    def finish(self) -> list[list[Item]]:
        if not self.fresh or not self.bodies:
            self.new_page()
        return self.bodies

    def space(self, points: float) -> None:
        """Space between blocks (none at the top of a page)."""
        if not self.fresh:
            self.y = min(self.y + points, self.bottom)

    # -- text

    def text(self, text: str, style: TextStyle) -> None:
        """A paragraph, wrapped to the printable width; a heading is kept with what follows it (room for
        it and three more lines, or a new page)."""
        size, bold = self.size, False
        if style is TextStyle.HEADING:
            size, bold = self.size + 2.5, True
        elif style is TextStyle.NOTE:
            size = max(self.size - 1.0, 5.5)
        self.space(self.size * (0.9 if style is TextStyle.HEADING else 0.4))
        lines = wrap(text, self.printable, size, bold)
        step = size * 1.3
        if style is TextStyle.HEADING and not self.fresh and self.room < len(lines) * step + 3 * _ROW * self.size:
            self.new_page()
        self.paragraph(lines, size, bold, step)

    def paragraph(self, lines: Sequence[str], size: float, bold: bool, step: float) -> None:
        for line in lines:
            if self.room < step:
                if self.fresh:
                    self.y = self.top  # only empty lines so far on this page: they need not push on
                else:
                    self.new_page()
            if line:  # an empty line is space
                self.texts.append(TextItem(self.left, self.y + size, line, size, bold))
            self.y += step

    # -- tables

    def table(self, measured: Measured) -> None:
        """A table, band by band (a band after the first starts a new page)."""
        placed = bands(measured, self.size, self.printable)
        for number, band in enumerate(placed):
            if number:
                self.break_page()
            _TableRun(self, measured, band).run()


class _TableRun:
    """One band of a table flowing down the pages: heading, header row, rows, header again on each page."""

    def __init__(self, flow: _Flow, measured: Measured, band: Band) -> None:
        self.flow = flow
        self.measured = measured
        self.band = band
        self.size = flow.size
        self.row_height = _ROW * flow.size
        self.step = _LINE * flow.size
        table = measured.table
        heading = one_line(table.heading).strip()
        if band.label:
            heading = f"{heading} ({band.label})" if heading else band.label.capitalize()
        self.heading_size = flow.size + 1.0
        self.heading = wrap(heading, flow.printable, self.heading_size, True) if heading else []
        self.width = band.width
        self.wrap_column = next((column for column in band.columns if column.wrap), None)

    def cell_lines(self, row: tuple[str, ...], bold: bool) -> list[str]:
        column = self.wrap_column
        if column is None:
            return [""]
        return wrap(row[column.index], column.width - 2 * PAD * self.size, self.size, bold)

    def run(self) -> None:
        flow, table = self.flow, self.measured.table
        rows = self.measured.rows
        lines = [self.cell_lines(row, number in table.strong) for number, row in enumerate(rows)]
        heights = [self.row_height + (len(cell) - 1) * self.step for cell in lines]
        heading_height = len(self.heading) * self.heading_size * 1.3
        flow.space(self.size * 0.9)
        whole = heading_height + self.row_height + sum(heights)
        start = heading_height + self.row_height + (heights[0] if heights else 0.0)
        page_height = flow.bottom - flow.top
        if not flow.fresh and (
            (table.keep_together and whole <= page_height and whole > flow.room) or start > flow.room
        ):
            flow.new_page()
        flow.paragraph(self.heading, self.heading_size, True, self.heading_size * 1.3)
        self.header_row()
        for number, row in enumerate(rows):
            self.row(number, row, lines[number], heights[number])
        flow.lines.append(LineItem(flow.left, flow.y, flow.left + self.width, flow.y, _RULE))

    def header_row(self) -> None:
        flow, size = self.flow, self.size
        top = flow.y
        flow.fills.append(FillItem(flow.left, top, self.width, self.row_height, _HEADER_GREY))
        columns = self.measured.table.columns
        for column in self.band.columns:
            title = one_line(columns[column.index].title)
            self.place(column, title, top + _BASELINE * size, True)
        bottom = top + self.row_height
        flow.lines.append(LineItem(flow.left, bottom, flow.left + self.width, bottom, _RULE))
        flow.y = bottom

    def row(self, number: int, row: tuple[str, ...], lines: list[str], height: float) -> None:
        """A row; when it does not fit, a new page with the header row again. A row taller than a whole
        page (a long wrapping text) goes on over several pages, the rest of its lines on each."""
        flow, size = self.flow, self.size
        bold = number in self.measured.table.strong
        # the lines a fresh page holds below its header row
        capacity = 1 + int((flow.bottom - flow.top - 2 * self.row_height + _EPSILON) // self.step)
        first = True
        while True:
            if height <= flow.room + _EPSILON:
                shown, lines = lines, []
            else:
                room = flow.room + _EPSILON
                fits = 1 + int((room - self.row_height) // self.step) if room >= self.row_height else 0
                if fits < 1 or len(lines) <= capacity:
                    flow.new_page()  # the row fits on the next page: it goes there whole
                    self.header_row()
                    continue
                shown, lines = lines[:fits], lines[fits:]
            top = flow.y
            shown_height = self.row_height + (len(shown) - 1) * self.step
            if number % 2 == 1:
                flow.fills.append(FillItem(flow.left, top, self.width, shown_height, _BAND_GREY))
            if first and number in self.measured.table.rule_before:
                flow.lines.append(LineItem(flow.left, top, flow.left + self.width, top, _THIN_RULE))
            baseline = top + _BASELINE * size
            for column in self.band.columns:
                if column.wrap:
                    for index, line in enumerate(shown):
                        self.place(column, line, baseline + index * self.step, bold)
                elif first:
                    self.place(column, row[column.index], baseline, bold)
            flow.y = top + shown_height
            if not lines:
                return
            first = False
            height = self.row_height + (len(lines) - 1) * self.step
            flow.new_page()
            self.header_row()

    def place(self, column: BandColumn, text: str, baseline: float, bold: bool) -> None:
        """A cell's text (or one line of a wrapping cell) aligned in its column, cut short if too wide."""
        if not text:
            return
        size = self.size
        pad = PAD * size
        inner = column.width - 2 * pad
        width = text_width(text, size, bold)
        if width > inner + 0.01:
            text = elide(text, inner, size, bold)
            width = text_width(text, size, bold)
            if not text:
                return
        x = self.flow.left + column.x
        if column.align is Align.RIGHT:
            x += column.width - pad - width
        elif column.align is Align.CENTRE:
            x += (column.width - width) / 2
        else:
            x += pad
        self.flow.texts.append(TextItem(x, baseline, text, size, bold))
