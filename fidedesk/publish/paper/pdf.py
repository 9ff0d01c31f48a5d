"""Laid-out pages written as PDF, with reportlab, the two fonts embedded (only the characters used).

Pages say where things are from the top left corner; PDF counts from the bottom left, so every y is
turned over here and nowhere else. The file is the same for the same pages (reportlab's invariant mode:
no creation date, a fixed document id), so a PDF made twice can be compared. A character the fonts do
not have (Chinese, say) reaches here as U+FFFD (:func:`fidedesk.publish.paper.fonts.drawable`, applied by the
layout), drawn so as in the window; every character drawn copies out of the PDF as itself.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas  # type: ignore[import-untyped]

from fidedesk.io.native.atomic import write_atomic
from fidedesk.publish.documents.model import Document
from fidedesk.publish.paper.fonts import BOLD_FONT_NAME, FONT_NAME, register_fonts
from fidedesk.publish.paper.layout import lay_out
from fidedesk.publish.paper.pages import FillItem, LineItem, Page, Paper, TextItem

__all__ = ["pdf_bytes", "write_pdf", "write_pdfs"]


def pdf_bytes(pages: Sequence[Page], *, title: str = "", author: str = "fidedesk") -> bytes:
    """``pages`` as a PDF file: one PDF page per page, of its size, ``title`` and ``author`` in the file's
    properties."""
    register_fonts()
    buffer = io.BytesIO()
    canvas = Canvas(buffer, invariant=1, pageCompression=1)
    canvas.setTitle(title)
    canvas.setAuthor(author)
    canvas.setCreator("fidedesk")
    for page in pages:
        _draw(canvas, page)
        canvas.showPage()
    if not pages:
        canvas.showPage()  # a PDF has at least one page
    canvas.save()
    return buffer.getvalue()


def _draw(canvas: Canvas, page: Page) -> None:
    height = page.height
    canvas.setPageSize((page.width, height))
    grey = None
    font: tuple[str, float] | None = None
    line_width = None
    # state is set only when it changes: a standings page has hundreds of cells in one font
    for item in page.items:
        if isinstance(item, TextItem):
            wanted = (BOLD_FONT_NAME if item.bold else FONT_NAME, item.size)
            if font != wanted:
                canvas.setFont(*wanted)
                font = wanted
            if grey != 0.0:
                canvas.setFillGray(0.0)
                grey = 0.0
            canvas.drawString(item.x, height - item.y, item.text)
        elif isinstance(item, FillItem):
            if grey != item.grey:
                canvas.setFillGray(item.grey)
                grey = item.grey
            canvas.rect(item.x, height - item.y - item.height, item.width, item.height, stroke=0, fill=1)
        elif isinstance(item, LineItem):
            if line_width != item.width:
                canvas.setLineWidth(item.width)
                line_width = item.width
            canvas.line(item.x1, height - item.y1, item.x2, height - item.y2)


def write_pdf(document: Document, path: Path, paper: Paper = "a4") -> int:
    """Lay ``document`` out on ``paper`` and write it as a PDF at ``path``, atomically (a failure leaves
    the file that was there as it was); the number of pages written."""
    return write_pdfs((document,), path, paper)


def write_pdfs(documents: Sequence[Document], path: Path, paper: Paper = "a4") -> int:
    """:func:`write_pdf` of several documents into one file, one after the other, each numbering its own
    pages; titled by the first document's event and round and every document's title."""
    pages = [page for document in documents for page in lay_out(document, paper)]
    first = documents[0] if documents else None
    parts = (first.event, ", ".join(document.title for document in documents), first.round_text) if first else ()
    write_atomic(path, pdf_bytes(pages, title=" – ".join(part for part in parts if part.strip())))
    return len(pages)
