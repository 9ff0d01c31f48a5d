"""The one typeface of printed pages, shipped with fidedesk: DejaVu Sans Condensed, regular and bold.

The layout measures text with these files' metrics and every renderer draws with the same files (the
PDF embeds them, the window loads :func:`font_bytes` into Qt), so a line measured to fit does fit
wherever it is drawn, whatever fonts the machine has. The condensed cut puts more columns on a page;
DejaVu covers Latin, Greek and Cyrillic, enough for the names on FIDE's lists (a character it lacks is
drawn as an empty box, never an error).

The files are package data of :mod:`fidedesk.io.paper` (``fonts/``, with their licence), read through
:mod:`importlib.resources`, so they are found installed, editable and in the frozen app alike.
"""

from __future__ import annotations

import functools
import io
import threading
from importlib import resources
from typing import Final

from reportlab.pdfbase import pdfmetrics  # type: ignore[import-untyped]
from reportlab.pdfbase.ttfonts import TTFont  # type: ignore[import-untyped]

__all__ = ["BOLD_FONT_NAME", "FAMILY", "FONT_NAME", "font_bytes", "register_fonts", "text_width"]

#: The names the faces are registered under with reportlab: the files' PostScript names.
FONT_NAME: Final = "DejaVuSansCondensed"
BOLD_FONT_NAME: Final = "DejaVuSansCondensed-Bold"
#: The family both files name (what Qt's font database reports once they are added from :func:`font_bytes`).
FAMILY: Final = "DejaVu Sans Condensed"

_FILES: Final = {False: "DejaVuSansCondensed.ttf", True: "DejaVuSansCondensed-Bold.ttf"}
_REGISTER_LOCK = threading.Lock()
_registered = False


@functools.cache
def font_bytes(bold: bool) -> bytes:
    """The TrueType file of the regular or the bold face (read once, then kept)."""
    return resources.files("fidedesk.io.paper").joinpath("fonts", _FILES[bold]).read_bytes()


def register_fonts() -> None:
    """Register both faces with reportlab under :data:`FONT_NAME` and :data:`BOLD_FONT_NAME`, once.

    Measuring and the PDF writer call it; it is safe from any thread, as printing may run in the
    background.
    """
    global _registered
    if _registered:
        return
    with _REGISTER_LOCK:
        if not _registered:
            pdfmetrics.registerFont(TTFont(FONT_NAME, io.BytesIO(font_bytes(False))))
            pdfmetrics.registerFont(TTFont(BOLD_FONT_NAME, io.BytesIO(font_bytes(True))))
            _registered = True


# A document repeats its texts ("½", "1", a federation) thousands of times: each distinct text is measured
# once at 1 pt and scaled (advance widths are linear in the size; reportlab does not kern).
@functools.lru_cache(maxsize=1 << 16)
def _unit_width(text: str, bold: bool) -> float:
    register_fonts()
    return float(pdfmetrics.stringWidth(text, BOLD_FONT_NAME if bold else FONT_NAME, 1.0))


def text_width(text: str, size: float, bold: bool = False) -> float:
    """How wide ``text`` is on paper, in points, set in ``size`` points of the regular or bold face."""
    return _unit_width(text, bold) * size
