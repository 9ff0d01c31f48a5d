"""Text fitted to a width: one line cut short with "…", or lines broken on words.

Every text is measured with :func:`fidedesk.publish.paper.fonts.text_width`, the metrics the renderers draw
with. Advance widths add up (no kerning), so a line's width is the sum of its words' and spaces'.
"""

from __future__ import annotations

import re
from typing import Final

from fidedesk.publish.paper.fonts import drawable, text_width

__all__ = ["ELLIPSIS", "elide", "one_line", "paragraph_lines", "wrap"]

ELLIPSIS: Final = "…"

# Control characters (C0, DEL, C1) and the line and paragraph separators: a printed line holds none, and
# a font draws them as boxes; they become spaces. So does the no-break space, which reportlab draws as a
# space and says is one in the PDF's text layer (lines break at neither: a line is broken on str.split()).
_CONTROLS = re.compile("[\x00-\x1f\x7f-\xa0\u2028\u2029]")


def one_line(text: str) -> str:
    """``text`` with every control character (tab, line break, ...) as a space and every character the
    fonts have no glyph for as U+FFFD (:func:`~fidedesk.publish.paper.fonts.drawable`): what a cell or a
    heading prints. Every text on a page passes here, so each renderer draws the same characters."""
    return drawable(_CONTROLS.sub(" ", text))


def paragraph_lines(text: str) -> list[str]:
    """``text`` split at its line breaks (CR LF, LF, CR), each part with its other control characters as
    spaces: a text block or a wrapping cell keeps the lines it was given."""
    return [one_line(part) for part in re.split("\r\n|[\n\r\u2028\u2029]", text)]


def elide(text: str, width: float, size: float, bold: bool = False) -> str:
    """``text`` if it fits in ``width`` points, else its longest start that fits followed by "…" (just "…",
    or nothing, when even that is too wide)."""
    if text_width(text, size, bold) <= width:
        return text
    if text_width(ELLIPSIS, size, bold) > width:
        return ""
    # the longest start that fits with the ellipsis: widths grow with the length, so bisect on it
    low, high = 0, len(text)
    while low < high:
        middle = (low + high + 1) // 2
        if text_width(text[:middle].rstrip() + ELLIPSIS, size, bold) <= width:
            low = middle
        else:
            high = middle - 1
    return text[:low].rstrip() + ELLIPSIS


def wrap(text: str, width: float, size: float, bold: bool = False) -> list[str]:
    """``text`` broken into lines no wider than ``width`` points: on spaces where it can, inside a word
    longer than a line where it must. Line breaks in ``text`` are kept; runs of spaces print as one. An
    empty text is one empty line."""
    lines: list[str] = []
    space = text_width(" ", size, bold)
    for paragraph in paragraph_lines(text):
        current: list[str] = []
        used = 0.0
        for word in paragraph.split():
            word_width = text_width(word, size, bold)
            if current and used + space + word_width <= width:
                current.append(word)
                used += space + word_width
                continue
            if current:
                lines.append(" ".join(current))
            if word_width <= width:
                current, used = [word], word_width
                continue
            pieces = _break_word(word, width, size, bold)
            lines.extend(pieces[:-1])
            current, used = [pieces[-1]], text_width(pieces[-1], size, bold)
        lines.append(" ".join(current))
    return lines


def _break_word(word: str, width: float, size: float, bold: bool) -> list[str]:
    """A word too long for a line, cut into pieces that fit (at least one character each, so a column
    narrower than one letter still ends)."""
    pieces: list[str] = []
    start = 0
    used = 0.0
    for index, character in enumerate(word):
        character_width = text_width(character, size, bold)
        if index > start and used + character_width > width:
            pieces.append(word[start:index])
            start, used = index, 0.0
        used += character_width
    pieces.append(word[start:])
    return pieces
