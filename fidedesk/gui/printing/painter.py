"""Laid-out pages (:mod:`fidedesk.publish.paper.pages`) drawn with QPainter: the printer, the print preview, a QImage.

A page is in points from its top-left corner; a device counts pixels at its own resolution. Each page is
scaled to fit the device's whole sheet (the layout keeps its own margins, so the printer's are set to
none), which is 1:1 when the sheet is the paper the page was laid out for, and shrinks a page laid out
for A4 onto any other paper a printer offers. Text is drawn in the font the layout measured with
(:func:`fidedesk.publish.paper.fonts.font_bytes`, loaded into Qt once), unhinted and without kerning, so a line
is as wide on screen and on paper as the layout reckoned and columns do not run into each other.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import cache

from PySide6.QtCore import QLineF, QMarginsF, QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontDatabase,
    QPagedPaintDevice,
    QPageLayout,
    QPageSize,
    QPaintDevice,
    QPainter,
    QPen,
)
from PySide6.QtPrintSupport import QPrinter

from fidedesk.publish.paper.pages import FillItem, LineItem, Page, Paper, TextItem

__all__ = ["paint_page", "paint_pages", "paper_of", "print_pages", "set_up_printer", "shipped_family"]

#: Qt's page sizes that are one of ours; any other sheet gets pages laid out for A4, scaled to fit.
_PAPERS: dict[QPageSize.PageSizeId, Paper] = {
    QPageSize.PageSizeId.A4: "a4",
    QPageSize.PageSizeId.Letter: "letter",
}
_QT_SIZES = {paper: size for size, paper in _PAPERS.items()}


@cache
def shipped_family() -> str:
    """The family of the font the layout measured with, loaded into Qt from fidedesk's own copy the first
    time it is asked for (a system without DejaVu would otherwise draw in whatever Qt falls back to, wider
    or narrower than the columns were made for)."""
    from fidedesk.publish.paper.fonts import FAMILY, font_bytes

    families: list[str] = []
    for bold in (False, True):
        loaded = QFontDatabase.addApplicationFontFromData(font_bytes(bold))
        if loaded >= 0:
            families.extend(QFontDatabase.applicationFontFamilies(loaded))
    # the files name two families (DejaVu Sans, and DejaVu Sans Condensed): the condensed one is what was measured
    return FAMILY if FAMILY in families or not families else families[-1]


def paper_of(printer: QPrinter) -> Paper:
    """The paper to lay pages out for on ``printer``'s sheet: A4 or Letter as chosen, A4 for any other."""
    return _PAPERS.get(printer.pageLayout().pageSize().id(), "a4")


def set_up_printer(printer: QPrinter, paper: Paper, pages: Sequence[Page], title: str) -> None:
    """Before a print dialog or preview opens: ``paper``, the orientation of the first page (a crosstable is
    laid out across), no margins of the printer's own, and the job's name."""
    printer.setFullPage(True)  # the painter's origin is the sheet's corner: the layout's margins are its own
    printer.setPageSize(QPageSize(_QT_SIZES[paper]))
    landscape = bool(pages) and pages[0].landscape
    orientation = QPageLayout.Orientation.Landscape if landscape else QPageLayout.Orientation.Portrait
    printer.setPageOrientation(orientation)
    printer.setDocName(title)


def print_pages(pages: Sequence[Page], printer: QPrinter) -> int:
    """Paint ``pages`` on ``printer`` as its dialog was answered: the range of pages chosen, and the copies when
    the printer does not make them itself (a PDF, the preview); the number of sheets painted."""
    numbers = [number for number in range(1, len(pages) + 1) if _chosen(printer, number)]
    copies = 1 if printer.supportsMultipleCopies() else max(1, printer.copyCount())
    order = list(_copies(numbers, copies, collate=printer.collateCopies()))
    return paint_pages(pages, printer, order)


def _chosen(printer: QPrinter, number: int) -> bool:
    """Whether page ``number`` (from 1) is in the range the print dialog was given."""
    if printer.printRange() != QPrinter.PrintRange.PageRange:
        return True
    ranges = printer.pageRanges()
    if not ranges.isEmpty():
        return ranges.contains(number)
    first, last = printer.fromPage(), printer.toPage()
    return first == 0 or first <= number <= (last or number)


def _copies(numbers: Sequence[int], copies: int, *, collate: bool) -> Iterator[int]:
    """The pages in the order they come out: 1 2 3 1 2 3 collated, 1 1 2 2 3 3 not."""
    if collate:
        for _copy in range(copies):
            yield from numbers
    else:
        for number in numbers:
            yield from [number] * copies


def paint_pages(pages: Sequence[Page], device: QPagedPaintDevice, numbers: Sequence[int] | None = None) -> int:
    """Paint ``pages`` (those of ``numbers``, from 1, in that order; all by default) one a sheet of ``device``
    (a printer, a :class:`~PySide6.QtGui.QPdfWriter`); the number of sheets painted."""
    order = list(range(1, len(pages) + 1)) if numbers is None else list(numbers)
    if not order:
        return 0
    if isinstance(device, QPrinter):
        device.setFullPage(True)
    else:
        device.setPageMargins(QMarginsF(0, 0, 0, 0))
    painter = QPainter()
    if not painter.begin(device):
        raise OSError("the printer could not be started")
    try:
        for index, number in enumerate(order):
            if index and not device.newPage():
                raise OSError("the printer did not take the next page")
            paint_page(painter, pages[number - 1], device)
    finally:
        painter.end()
    return len(order)


def paint_page(painter: QPainter, page: Page, device: QPaintDevice) -> None:
    """Paint one ``page`` scaled to fit ``device`` (its whole paintable area, centred across it), on a painter
    already begun on it."""
    scale = min(device.width() / page.width, device.height() / page.height)
    painter.save()
    try:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        painter.translate((device.width() - page.width * scale) / 2, 0)
        painter.scale(scale, scale)
        # a font's point size is turned into pixels by the device's resolution, before the scale: sizes are
        # given back in the device's points so that a 9-point item is 9 of the page's points tall
        to_points = 72 / max(1, device.logicalDpiY())
        fonts = {False: _font(False), True: _font(True)}
        for item in page.items:
            if isinstance(item, FillItem):
                grey = QColor.fromRgbF(item.grey, item.grey, item.grey)
                painter.fillRect(QRectF(item.x, item.y, item.width, item.height), grey)
            elif isinstance(item, LineItem):
                painter.setPen(QPen(Qt.GlobalColor.black, item.width))
                painter.drawLine(QLineF(item.x1, item.y1, item.x2, item.y2))
            else:
                _draw_text(painter, item, fonts[item.bold], to_points)
    finally:
        painter.restore()


def _draw_text(painter: QPainter, item: TextItem, font: QFont, to_points: float) -> None:
    font.setPointSizeF(item.size * to_points)
    painter.setFont(font)
    painter.setPen(Qt.GlobalColor.black)
    painter.drawText(QPointF(item.x, item.y), item.text)  # y is the baseline, as QPainter takes it


def _font(bold: bool) -> QFont:
    font = QFont(shipped_family())
    font.setBold(bold)
    font.setKerning(False)  # the layout added up each glyph's advance, without kerning pairs
    font.setHintingPreference(QFont.HintingPreference.PreferNoHinting)  # advances as designed, at any size
    font.setStyleStrategy(QFont.StyleStrategy.PreferAntialias)
    return font
