"""How wide a table's columns are, which page orientation and body size a document is set in, and how a
table too wide for any page is cut into bands of columns.

Widths are measured once per table at 1 pt (a column is as wide as its widest cell or title, plus a
padding proportional to the size), so trying a size is one multiplication per column. A document is set
in the first of portrait 9 → 7 pt, then landscape 9 → 6 pt, at which every table fits the width; one
that fits none is set in landscape at 6 pt, and each table still too wide is cut into bands that repeat
its ``key`` columns (:func:`bands`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Final

from fidedesk.publish.documents.model import Align, Column, TableBlock
from fidedesk.publish.paper.fonts import text_width
from fidedesk.publish.paper.lines import one_line

__all__ = ["PAD", "Band", "BandColumn", "Measured", "Setting", "bands", "choose_setting", "measure"]

#: Body sizes tried, in points, upright then across.
PORTRAIT_SIZES: Final = (9.0, 8.5, 8.0, 7.5, 7.0)
LANDSCAPE_SIZES: Final = (9.0, 8.5, 8.0, 7.5, 7.0, 6.5, 6.0)
#: Space left and right of a cell's text, in ems of the body size.
PAD: Final = 0.45
#: The least share of the printable width a wrapping column gets (when its text needs that much).
WRAP_SHARE: Final = 0.25
#: The most of the printable width a band gives to the key columns it repeats.
KEY_SHARE: Final = 0.5


@dataclasses.dataclass(frozen=True, slots=True)
class Measured:
    """A table with its cells as printed (one line each, controls as spaces, wrapping cells as given) and
    each column's natural width at 1 pt, padding included."""

    table: TableBlock
    rows: tuple[tuple[str, ...], ...]
    unit_widths: tuple[float, ...]
    title_widths: tuple[float, ...]
    wrap: int | None

    def need(self, index: int, size: float, printable: float) -> float:
        """The width column ``index`` needs at ``size``: its natural width, or for the wrapping column the
        least of that and a quarter of the page (never less than its title)."""
        natural = self.unit_widths[index] * size
        if index != self.wrap:
            return natural
        return max(self.title_widths[index] * size, min(natural, WRAP_SHARE * printable))

    def width(self, size: float, printable: float, columns: Sequence[int] | None = None) -> float:
        """The width the table (or those of its columns) needs at ``size``."""
        chosen = range(len(self.unit_widths)) if columns is None else columns
        return sum(self.need(index, size, printable) for index in chosen)


def measure(table: TableBlock) -> Measured:
    """The table's natural column widths at 1 pt (bold cells for ``strong`` rows and the header row)."""
    count = len(table.columns)
    wrap = next((index for index, column in enumerate(table.columns) if column.wrap), None)
    rows = tuple(_printed_row(row, count, wrap) for row in table.rows)
    title_widths = [text_width(one_line(column.title), 1.0, True) + 2 * PAD for column in table.columns]
    widest = list(title_widths)
    strong = table.strong
    for number, row in enumerate(rows):
        bold = number in strong
        for index, cell in enumerate(row):
            if index == wrap:
                # a wrapping cell's lines are measured once it has its width; here, the longest line
                width = max((text_width(part, 1.0, bold) for part in cell.split("\n")), default=0.0)
            else:
                width = text_width(cell, 1.0, bold)
            if width + 2 * PAD > widest[index]:
                widest[index] = width + 2 * PAD
    return Measured(table, rows, tuple(widest), tuple(title_widths), wrap)


def _printed_row(row: Sequence[str], count: int, wrap: int | None) -> tuple[str, ...]:
    """A row as printed: exactly ``count`` cells (missing ones empty, extra ones dropped), each on one
    line except the wrapping cell, which keeps its line breaks as ``\\n``."""
    cells = [*row[:count], *[""] * (count - len(row))]
    return tuple(
        "\n".join(one_line(part) for part in cell.splitlines()) if index == wrap else one_line(cell)
        for index, cell in enumerate(cells)
    )


@dataclasses.dataclass(frozen=True, slots=True)
class Setting:
    """A document's page orientation and body size."""

    landscape: bool
    size: float


def choose_setting(tables: Sequence[Measured], upright: tuple[float, float], margin: float) -> Setting:
    """The first of portrait 9 → 7 pt, landscape 9 → 6 pt in which every table fits the printable width;
    landscape 6 pt when none does (the tables too wide are then cut into bands)."""
    short, long = upright
    for landscape, sizes in ((False, PORTRAIT_SIZES), (True, LANDSCAPE_SIZES)):
        printable = (long if landscape else short) - 2 * margin
        for size in sizes:
            if all(table.width(size, printable) <= printable for table in tables):
                return Setting(landscape, size)
    return Setting(True, LANDSCAPE_SIZES[-1])


@dataclasses.dataclass(frozen=True, slots=True)
class BandColumn:
    """One column of a band: its place in the table, its left edge from the margin, and its width."""

    index: int
    x: float
    width: float
    align: Align
    wrap: bool


@dataclasses.dataclass(frozen=True, slots=True)
class Band:
    """The columns printed together; ``label`` says which they are when the table is cut (else "")."""

    columns: tuple[BandColumn, ...]
    label: str

    @property
    def width(self) -> float:
        return sum(column.width for column in self.columns)


def bands(measured: Measured, size: float, printable: float) -> tuple[Band, ...]:
    """The table's columns placed at ``size``: one band when it fits ``printable`` points (the wrapping
    column taking the width left over), else bands each repeating the key columns (as many as fit in half
    the width), then as many of the others as fit (at least one)."""
    columns = measured.table.columns
    everything = list(range(len(columns)))
    if measured.width(size, printable) <= printable:
        return (_band(measured, everything, size, printable, ""),)
    # the key columns repeated on every band: those that fit in half the width (the first ones), so that
    # each band has room for others; a key column past that is printed once, as the others are
    keys: list[int] = []
    for index in everything:
        if columns[index].key and measured.width(size, printable, [*keys, index]) <= KEY_SHARE * printable:
            keys.append(index)
    others = [index for index in everything if index not in keys]
    if not others:
        return (_band(measured, everything, size, printable, ""),)
    groups: list[list[int]] = []
    used = measured.width(size, printable, keys)
    for index in others:
        need = measured.need(index, size, printable)
        if groups and groups[-1] and used + need <= printable:
            groups[-1].append(index)
            used += need
        else:
            groups.append([index])
            used = measured.width(size, printable, keys) + need
    if len(groups) == 1:
        return (_band(measured, everything, size, printable, ""),)
    return tuple(
        _band(measured, sorted([*keys, *group]), size, printable, _label(columns, group, number, len(groups)))
        for number, group in enumerate(groups, start=1)
    )


def _label(columns: Sequence[Column], group: Sequence[int], number: int, count: int) -> str:
    """What a band says of itself: ``part 2 of 3: columns 21–40``, by the columns' titles when they have
    them, else by their places (1 = the table's first column)."""
    first, last = columns[group[0]].title.strip(), columns[group[-1]].title.strip()
    if not (first and last):
        first, last = str(group[0] + 1), str(group[-1] + 1)
    span = first if len(group) == 1 else f"{first}–{last}"
    return f"part {number} of {count}: columns {span}"


def _band(measured: Measured, chosen: Sequence[int], size: float, printable: float, label: str) -> Band:
    widths = {index: measured.need(index, size, printable) for index in chosen}
    total = sum(widths.values())
    wrap = measured.wrap
    if wrap is not None and wrap in widths and total < printable:
        widths[wrap] += printable - total  # the wrapping column takes what is left of the line
    elif total > printable:
        # only when one column (or the key columns) is wider than the page: narrow them all alike;
        # cells are then cut short with "…"
        widths = {index: width * printable / total for index, width in widths.items()}
    placed = []
    x = 0.0
    for index in chosen:
        column = measured.table.columns[index]
        placed.append(BandColumn(index, x, widths[index], column.align, index == wrap))
        x += widths[index]
    return Band(tuple(placed), label)
