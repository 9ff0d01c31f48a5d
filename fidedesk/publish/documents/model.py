"""What a printed document holds, before it is laid out on paper or written as a web page.

A :class:`Document` is the one description of each document an arbiter hands out (pairings, who plays
where, standings, crosstable, rating calculations, player list, warnings, FIDE's norm forms IT1 and IT3): its
heading (event, place, dates, round) and its blocks of text and tables, every cell already text. Two renderers
read it and add nothing of their own: :mod:`fidedesk.publish.paper` lays it out on A4 or Letter pages (PDF, and the
window's print preview and printer), :mod:`fidedesk.publish.web` writes it as HTML. The builders in
:mod:`fidedesk.publish.documents` turn a tournament into documents with the text forms of
:mod:`fidedesk.core.values` and :mod:`fidedesk.core.notation`, so a figure reads the same on paper, on
the web, in the window and in the workbook.

Every text is plain text, from a file or a person: renderers never read it as markup.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Sequence
from typing import TypeAlias

__all__ = ["Align", "Block", "Column", "Document", "DocumentError", "DocumentKind", "PageBreak", "TableBlock",
           "TextBlock", "TextStyle"]  # fmt: skip


class DocumentKind(enum.Enum):
    """The documents, by the name the command line takes (``fidedesk-cli print --document NAME``)."""

    PAIRINGS = "pairings"
    WHERE = "where"
    STANDINGS = "standings"
    CROSSTABLE = "crosstable"
    RATINGS = "ratings"
    PLAYERS = "players"
    WARNINGS = "warnings"
    #: FIDE's title-norm certificate, one per norm achieved; offered only where a norm is achieved.
    IT1 = "it1"
    #: FIDE's tournament report of a title event; offered where B.01 applies (an event from 2024 on).
    IT3 = "it3"

    @property
    def title(self) -> str:
        """The document's name in menus and file names' descriptions."""
        return _TITLES[self]

    @property
    def takes_round(self) -> bool:
        """Whether the document is of one round (pairings, who plays where) or after one (standings,
        crosstable); the others are of the whole event."""
        return self.of_one_round or self.after_a_round

    @property
    def of_one_round(self) -> bool:
        """Pairings and who plays where: of a paired round, so there are none before round 1 is paired."""
        return self in (DocumentKind.PAIRINGS, DocumentKind.WHERE)

    @property
    def after_a_round(self) -> bool:
        """Standings and crosstable: after a played round, and the start list (every player on 0 points)
        before any is."""
        return self in (DocumentKind.STANDINGS, DocumentKind.CROSSTABLE)


_TITLES = {
    DocumentKind.PAIRINGS: "Pairings",
    DocumentKind.WHERE: "Who plays where",
    DocumentKind.STANDINGS: "Standings",
    DocumentKind.CROSSTABLE: "Crosstable",
    DocumentKind.RATINGS: "Rating calculations",
    DocumentKind.PLAYERS: "Player list",
    DocumentKind.WARNINGS: "Warnings",
    DocumentKind.IT1: "Title norm certificate (IT1)",
    DocumentKind.IT3: "Tournament report (IT3)",
}


class DocumentError(ValueError):
    """A document that cannot be made as asked (a round not paired yet, a round past the last)."""


class Align(enum.Enum):
    LEFT = "left"
    RIGHT = "right"
    CENTRE = "centre"


@dataclasses.dataclass(frozen=True, slots=True)
class Column:
    """A table's column: its title, how its cells align, and how the layout may treat it.

    ``key`` columns (No, Name) are repeated on every part when a table too wide for the page is split
    across pages side by side. A ``wrap`` column (a note, a reason) takes the width left over by the
    others and breaks its text into lines; a table has at most one.
    """

    title: str
    align: Align = Align.LEFT
    key: bool = False
    wrap: bool = False


@dataclasses.dataclass(frozen=True, slots=True)
class TableBlock:
    """A table: columns, rows of text (one string per column, ``""`` for an empty cell).

    ``strong`` rows are set in bold (a player's summary line above their games); ``rule_before`` rows
    get a thin line above them (a new group). A ``keep_together`` table starts on a new page rather
    than be split, when it fits on one; any table split across pages repeats its header row.
    ``heading`` is a bold line above the table (a player's name in the rating calculations).
    """

    columns: tuple[Column, ...]
    rows: Sequence[tuple[str, ...]]
    heading: str = ""
    strong: frozenset[int] = frozenset()
    rule_before: frozenset[int] = frozenset()
    keep_together: bool = False


class TextStyle(enum.Enum):
    HEADING = "heading"
    NORMAL = "normal"
    NOTE = "note"


@dataclasses.dataclass(frozen=True, slots=True)
class TextBlock:
    """A paragraph: a section's heading, a line of text, or a small note (what the tie-breaks are)."""

    text: str
    style: TextStyle = TextStyle.NORMAL


@dataclasses.dataclass(frozen=True, slots=True)
class PageBreak:
    """The next block starts on a new page (on paper; the web page draws a rule)."""


Block: TypeAlias = TableBlock | TextBlock | PageBreak


@dataclasses.dataclass(frozen=True, slots=True)
class Document:
    """One document: what every page's header says, and the blocks in order.

    Every page shows ``event`` and ``round_text`` (``Round 5``, ``After round 5 of 9``, ``Final``) at the
    top, with ``title``, ``place`` and ``dates``, and its page number of all at the bottom.
    """

    kind: DocumentKind
    title: str
    event: str
    place: str
    dates: str
    round_text: str
    blocks: tuple[Block, ...]
