"""Text from a file or a person put where a spreadsheet reads it: never a formula, never a broken row.

A spreadsheet runs a cell that starts with ``=``, ``+``, ``-`` or ``@`` as a formula (``=HYPERLINK(…)``,
``+cmd|' /C calc'!A0``, a DDE command), and some strip a leading tab or carriage return first: OWASP's
list of CSV-injection starts, :data:`FORMULA_STARTS`. One rule, :func:`runs_as_formula`, says which text
is at risk, for both places fidedesk hands text to a spreadsheet:

* the Excel export (:mod:`fidedesk.io.excel.export`) writes every text as a string cell, and marks such
  a cell with Excel's own leading apostrophe (the cell style's ``quotePrefix``), so that it stays text
  even when someone edits it;
* the clipboard (tables copied as tab-separated lines, :func:`pasted_cell`) puts a ``'`` before such
  text, as a spreadsheet user would type it, and makes every tab and line break inside a cell a space,
  so that a name cannot split a row into two cells or two rows.

Only outside text gets the ``'``: fidedesk's own figures (a rating change ``-12.4``, a bye ``-1``, a
forfeit ``+``) are pasted as they are shown.
"""

from __future__ import annotations

import re
from typing import Final

#: OWASP's CSV-injection starts: a cell beginning with one of these may be run by a spreadsheet.
FORMULA_STARTS: Final = ("=", "+", "-", "@", "\t", "\r")

#: What a spreadsheet user types before text that must not be read as a formula.
TEXT_MARK: Final = "'"

#: What would end a cell or a row of tab-separated lines.
_BREAKS: Final = re.compile(r"\r\n|[\t\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]")


def runs_as_formula(text: str) -> bool:
    """Whether a spreadsheet could run ``text``, put in a cell, as a formula (:data:`FORMULA_STARTS`)."""
    return text.startswith(FORMULA_STARTS)


def pasted_cell(text: str, *, outside: bool) -> str:
    """``text`` as one cell of tab-separated lines for the clipboard.

    Tabs and line breaks become spaces (every cell stays one cell of one row); ``outside`` text (from a
    file or a person) that :func:`runs_as_formula` gets :data:`TEXT_MARK` before it. fidedesk's own
    figures (``outside=False``) keep their sign.
    """
    flat = _BREAKS.sub(" ", text)
    return TEXT_MARK + flat if outside and runs_as_formula(text) else flat


def pasted_rows(rows: list[list[str]], outside: list[bool]) -> str:
    """``rows`` of cells as tab-separated lines, each ending in a line break; ``outside[c]`` says whether
    column ``c`` holds outside text (:func:`pasted_cell`)."""
    return "".join(
        "\t".join(pasted_cell(cell, outside=outside[c]) for c, cell in enumerate(row)) + "\n" for row in rows
    )
