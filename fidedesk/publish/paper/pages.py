"""Pages as the layout leaves them: positioned text, rules and fills, in points from the top left corner.

:func:`fidedesk.publish.paper.layout.lay_out` turns a :class:`~fidedesk.publish.documents.model.Document` into
these; each renderer only draws them: :mod:`fidedesk.publish.paper.pdf` with reportlab, and the window's
print preview and printer (``fidedesk.gui.printing``) with QPainter. Both draw text in the font the
layout measured with (:mod:`fidedesk.publish.paper.fonts`, shipped with fidedesk), so a page looks the same on
screen, on paper and in the PDF.
"""

from __future__ import annotations

import dataclasses
from typing import Final, TypeAlias

from fidedesk.io.paper_size import Paper

__all__ = ["PAPER_POINTS", "FillItem", "Item", "LineItem", "Page", "Paper", "TextItem"]

#: Upright page sizes in points (1/72 inch): A4 210 × 297 mm, Letter 8½ × 11 in.
PAPER_POINTS: Final[dict[Paper, tuple[float, float]]] = {"a4": (595.2756, 841.8898), "letter": (612.0, 792.0)}


@dataclasses.dataclass(frozen=True, slots=True)
class TextItem:
    """One line of plain text whose baseline starts at (x, y); ``size`` in points."""

    x: float
    y: float
    text: str
    size: float
    bold: bool = False


@dataclasses.dataclass(frozen=True, slots=True)
class LineItem:
    """A straight rule from (x1, y1) to (x2, y2), ``width`` points thick."""

    x1: float
    y1: float
    x2: float
    y2: float
    width: float = 0.5


@dataclasses.dataclass(frozen=True, slots=True)
class FillItem:
    """A rectangle filled with a grey (0 black, 1 white): a header row's shade, every other row's band."""

    x: float
    y: float
    width: float
    height: float
    grey: float


Item: TypeAlias = TextItem | LineItem | FillItem


@dataclasses.dataclass(frozen=True, slots=True)
class Page:
    """One page: its size in points as printed (landscape when wider than tall) and what is on it, in the
    order it is drawn (fills first)."""

    width: float
    height: float
    items: tuple[Item, ...]

    @property
    def landscape(self) -> bool:
        return self.width > self.height
