"""The one typeface of printed pages, shipped with fidedesk: DejaVu Sans Condensed, regular and bold.

The layout measures text with these files' metrics and every renderer draws with the same files (the
PDF embeds them, the window loads :func:`font_bytes` into Qt), so a line measured to fit does fit
wherever it is drawn, whatever fonts the machine has. The condensed cut puts more columns on a page;
DejaVu covers Latin, Greek and Cyrillic, enough for the names on FIDE's lists. A character the faces have
no glyph for (Chinese, most emoji) is drawn as U+FFFD, which they have (:func:`drawable`): reportlab would
draw its "no glyph" box under code 0 and a PDF reader copy that out as U+0000, Qt would reach for another
font the layout never measured.

A PDF says which character each drawn code stands for in a ToUnicode map per font subset; reportlab writes
a character beyond U+FFFF there as five hex digits, which readers take for another character, so
:func:`register_fonts` has it write UTF-16 (a surrogate pair), as PDF asks (PDF 32000 9.10.3).

The files are package data of :mod:`fidedesk.publish.paper` (``fonts/``, with their licence), read through
:mod:`importlib.resources`, so they are found installed, editable and in the frozen app alike.
"""

from __future__ import annotations

import functools
import io
import re
import threading
from collections.abc import Sequence
from importlib import resources
from typing import Final

from reportlab.pdfbase import pdfmetrics, ttfonts  # type: ignore[import-untyped]
from reportlab.pdfbase.ttfonts import TTFont  # type: ignore[import-untyped]

__all__ = ["BOLD_FONT_NAME", "FAMILY", "FONT_NAME", "REPLACEMENT", "drawable", "font_bytes", "register_fonts",
           "text_width"]  # fmt: skip

#: The names the faces are registered under with reportlab: the files' PostScript names.
FONT_NAME: Final = "DejaVuSansCondensed"
BOLD_FONT_NAME: Final = "DejaVuSansCondensed-Bold"
#: The family both files name (what Qt's font database reports once they are added from :func:`font_bytes`).
FAMILY: Final = "DejaVu Sans Condensed"

#: What a character without a glyph is drawn as.
REPLACEMENT: Final = "\ufffd"
_CMAP_BLOCK: Final = 100  # entries a ToUnicode bfchar block may hold (PDF 32000 9.10.3)

_FILES: Final = {False: "DejaVuSansCondensed.ttf", True: "DejaVuSansCondensed-Bold.ttf"}
_REGISTER_LOCK = threading.Lock()
_registered = False


@functools.cache
def font_bytes(bold: bool) -> bytes:
    """The TrueType file of the regular or the bold face (read once, then kept)."""
    return resources.files("fidedesk.publish.paper").joinpath("fonts", _FILES[bold]).read_bytes()


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
            ttfonts.makeToUnicodeCMap = _to_unicode_cmap  # read by reportlab when it writes each subset
            _registered = True


def _to_unicode_cmap(font_name: str, subset: Sequence[int]) -> str:
    """reportlab's ToUnicode CMap of one font subset (code ``i`` draws the character ``subset[i]``), with
    each character as UTF-16BE hex: a surrogate pair beyond U+FFFF. Code 0 (no glyph: never drawn, see
    :func:`drawable`) maps to nothing."""
    entries = [
        f"<{code:02X}> <{chr(character).encode('utf-16-be', 'surrogatepass').hex().upper()}>"
        for code, character in enumerate(subset)
        if character
    ]
    blocks = [entries[start : start + _CMAP_BLOCK] for start in range(0, len(entries), _CMAP_BLOCK)]
    return "\n".join([
        "/CIDInit /ProcSet findresource begin",
        "12 dict begin",
        "begincmap",
        f"/CIDSystemInfo\n<< /Registry ({font_name})\n/Ordering ({font_name})\n/Supplement 0\n>> def",
        f"/CMapName /{font_name} def",
        "/CMapType 2 def",
        "1 begincodespacerange\n<00> <FF>\nendcodespacerange",
        *(f"{len(block)} beginbfchar\n" + "\n".join(block) + "\nendbfchar" for block in blocks),
        "endcmap",
        "CMapName currentdict /CMap defineresource pop",
        "end",
        "end",
    ])  # fmt: skip


@functools.cache
def _no_glyph() -> re.Pattern[str]:
    """One character either face has no glyph for (both are read: a text is drawn in one or the other)."""
    register_fonts()
    faces = [pdfmetrics.getFont(name).face for name in (FONT_NAME, BOLD_FONT_NAME)]
    covered = sorted(set.intersection(*({code for code, glyph in face.charToGlyph.items() if glyph} for face in faces)))
    ranges: list[str] = []
    start = previous = covered[0]
    for code in [*covered[1:], -1]:
        if code != previous + 1:
            ranges.append(f"\\U{start:08x}" if start == previous else f"\\U{start:08x}-\\U{previous:08x}")
            start = code
        previous = code
    return re.compile("[^" + "".join(ranges) + "]")


def drawable(text: str) -> str:
    """``text`` with every character the shipped faces have no glyph for as :data:`REPLACEMENT`: what every
    renderer draws, and what the PDF's text layer says."""
    if text.isascii() and text.isprintable():  # most texts: the faces have all of printable ASCII
        return text
    return _drawable(text)


# A document repeats its names and figures thousands of times, and the character class is long.
@functools.lru_cache(maxsize=1 << 16)
def _drawable(text: str) -> str:
    missing = _no_glyph()
    return missing.sub(REPLACEMENT, text) if missing.search(text) else text


# A document repeats its texts ("½", "1", a federation) thousands of times: each distinct text is measured
# once at 1 pt and scaled (advance widths are linear in the size; reportlab does not kern).
@functools.lru_cache(maxsize=1 << 16)
def _unit_width(text: str, bold: bool) -> float:
    register_fonts()
    return float(pdfmetrics.stringWidth(text, BOLD_FONT_NAME if bold else FONT_NAME, 1.0))


def text_width(text: str, size: float, bold: bool = False) -> float:
    """How wide ``text`` is on paper, in points, set in ``size`` points of the regular or bold face."""
    return _unit_width(text, bold) * size
