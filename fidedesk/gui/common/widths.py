"""Column widths measured from the font once: a column fits the widest value it may legally hold.

Qt's fit-to-contents measures every row at each layout (slow at thousands of rows) and fits only the
rows there now, so a 10-digit FIDE ID typed later is cut to "12345…". A column of values of known
form is instead sized once from its widest legal value, written with the font's widest digit
(digits are not equally wide in every font).
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QHeaderView

from fidedesk.core.tournament import BirthDate
from fidedesk.core.values import FIDE_ID_RANGE, birth_text, fide_id_text

#: The widest FIDE ID (core.values ``FIDE_ID_RANGE``: eleven digits, TRF's columns 58-68).
WIDEST_FIDE_ID = fide_id_text(FIDE_ID_RANGE.high)
#: A full birth date as typed and shown (YYYY-MM-DD).
WIDEST_BIRTH = birth_text(BirthDate(2000, 12, 28))
#: A birth year alone (the rating list's Born).
WIDEST_YEAR = birth_text(BirthDate(2000))
#: Room around a cell's text: Qt's text margins and the focus frame, with a little to spare.
CELL_PADDING = 14


def widest_form(text: str, metrics: QFontMetrics) -> str:
    """``text`` with each digit made the font's widest digit: the widest value of the same form."""
    digit = max("0123456789", key=metrics.horizontalAdvance)
    return "".join(digit if c.isdigit() else c for c in text)


def text_width(samples: Iterable[str], metrics: QFontMetrics) -> int:
    """The width of the widest of ``samples`` (digits at their widest), padding included."""
    return max((metrics.horizontalAdvance(widest_form(s, metrics)) for s in samples), default=0) + CELL_PADDING


def fit_column(header: QHeaderView, column: int, samples: Iterable[str], metrics: QFontMetrics) -> None:
    """Size ``column`` once to the widest of ``samples`` (its widest legal value and its title); the
    user may still drag it."""
    header.setSectionResizeMode(column, QHeaderView.ResizeMode.Interactive)
    header.resizeSection(column, text_width(samples, metrics))
