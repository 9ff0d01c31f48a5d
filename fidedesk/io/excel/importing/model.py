"""What the spreadsheet import works with: layouts, column roles, the plan the wizard edits, what a build gives.

Plain frozen values, no reading: :mod:`~fidedesk.io.excel.importing.headers` proposes a plan, the wizard lets the
user change it, :mod:`~fidedesk.io.excel.importing.build` reads the grids under it into an :class:`ImportResult`.
"""

from __future__ import annotations

import dataclasses
import enum
from typing import Final

from fidedesk.core.tournament import Tournament
from fidedesk.io.excel.grid import cell_place

__all__ = [
    "IGNORED",
    "Column",
    "Field",
    "ImportPlan",
    "ImportResult",
    "Layout",
    "PreviewCell",
    "PreviewRow",
    "Problem",
    "SheetPlan",
]


class Layout(enum.Enum):
    """How a sheet lays out what it holds."""

    PLAYER_LIST = "player list"
    ROUND_ROBIN = "round-robin grid"
    SWISS_TABLE = "Swiss table"
    PAIRINGS = "pairings"


class Field(enum.Enum):
    """What a column holds; the value is the label the wizard shows."""

    IGNORE = "(ignore)"
    START_RANK = "Start rank"
    NAME = "Name"
    LAST_NAME = "Last name"
    FIRST_NAME = "First name"
    TITLE = "Title"
    FEDERATION = "Federation"
    FIDE_ID = "FIDE ID"
    RATING = "Rating"
    BIRTH = "Born"
    SEX = "Sex"
    GAMES = "Games before"
    EVER_2400 = "Reached 2400"
    K = "K"
    STANDARD_RATING = "Standard rating"
    POINTS = "Points"
    RANK = "Rank"
    #: A Swiss table's round column (Column.number is the round).
    ROUND = "Round"
    #: A round-robin grid's column (Column.number is the opponent's start rank).
    OPPONENT = "Opponent"
    ROUND_NUMBER = "Round number"
    BOARD = "Board"
    #: White's start rank (or name).
    WHITE = "White no."
    WHITE_NAME = "White"
    BLACK = "Black no."
    BLACK_NAME = "Black"
    RESULT = "Result"
    #: ``unknown`` on a board whose colours are not known (fidedesk's export).
    COLOURS = "Colours"
    #: A player's details written beside White or Black on a board's row (pairings): kept on the player.
    WHITE_RATING = "White rating"
    BLACK_RATING = "Black rating"
    WHITE_TITLE = "White title"
    BLACK_TITLE = "Black title"
    WHITE_FEDERATION = "White federation"
    BLACK_FEDERATION = "Black federation"
    WHITE_FIDE_ID = "White FIDE ID"
    BLACK_FIDE_ID = "Black FIDE ID"

    @property
    def label(self) -> str:
        return self.value

    @property
    def numbered(self) -> bool:
        """A field that needs Column.number (a round or an opponent)."""
        return self in (Field.ROUND, Field.OPPONENT)


#: Fields read from a player's row (any layout but pairings).
PLAYER_FIELDS: Final = (
    Field.START_RANK, Field.NAME, Field.LAST_NAME, Field.FIRST_NAME, Field.TITLE, Field.FEDERATION, Field.FIDE_ID,
    Field.RATING, Field.BIRTH, Field.SEX, Field.GAMES, Field.EVER_2400, Field.K, Field.STANDARD_RATING, Field.POINTS,
    Field.RANK,
)  # fmt: skip
NAME_FIELDS: Final = (Field.NAME, Field.LAST_NAME, Field.FIRST_NAME)
#: A player's field written beside each side of a board (pairings) -> White's and Black's field.
SIDE_FIELDS: Final = {
    Field.RATING: (Field.WHITE_RATING, Field.BLACK_RATING),
    Field.TITLE: (Field.WHITE_TITLE, Field.BLACK_TITLE),
    Field.FEDERATION: (Field.WHITE_FEDERATION, Field.BLACK_FEDERATION),
    Field.FIDE_ID: (Field.WHITE_FIDE_ID, Field.BLACK_FIDE_ID),
}
#: Fields read from a board's row (pairings).
BOARD_FIELDS: Final = (
    Field.ROUND_NUMBER, Field.BOARD, Field.WHITE, Field.WHITE_NAME, Field.BLACK, Field.BLACK_NAME, Field.RESULT,
    Field.COLOURS, *(side for sides in SIDE_FIELDS.values() for side in sides),
)  # fmt: skip


@dataclasses.dataclass(frozen=True)
class Column:
    """What one grid column holds; ``number`` is the round (ROUND) or the opponent's start rank (OPPONENT)."""

    field: Field
    number: int | None = None

    @property
    def label(self) -> str:
        return f"{self.field.label} {self.number}" if self.number is not None else self.field.label


IGNORED: Final = Column(Field.IGNORE)


@dataclasses.dataclass(frozen=True)
class SheetPlan:
    """How to read one sheet: its layout, its 0-based header row and one Column per grid column."""

    sheet: str
    layout: Layout
    header_row: int
    columns: tuple[Column, ...]


@dataclasses.dataclass(frozen=True)
class ImportPlan:
    """Which sheets to read: the results (any layout), a player list, the event sheet (None when absent),
    and, for a workbook with a sheet per round (``R1``, ``R2`` ... pairings), the round sheets after
    ``results``, each read with its own plan as its own round."""

    results: SheetPlan | None
    players: SheetPlan | None
    event_sheet: str | None
    more_rounds: tuple[SheetPlan, ...] = ()

    @property
    def sheets(self) -> tuple[str, ...]:
        """The names of the sheets the plan reads, results first."""
        plans = (self.results, *self.more_rounds, self.players)
        named = [plan.sheet for plan in plans if plan is not None]
        return (*named, *((self.event_sheet,) if self.event_sheet is not None else ()))


@dataclasses.dataclass(frozen=True)
class Problem:
    """Something that could not be imported: the sheet, the 0-based row and column (None for a whole row;
    a row of None for no known place), the cell's text as found ("" for a row or a blank cell) and why.

    ``reason`` is the sentence shown to the user; it quotes what was found where that helps (``"21OO" is
    not a rating``). ``where`` is the place as Excel writes it (``Results!D7``, ``Results!7`` for a row).
    """

    sheet: str
    row: int | None
    column: int | None
    found: str
    reason: str

    @property
    def where(self) -> str:
        return self.sheet if self.row is None else cell_place(self.sheet, self.row, self.column)

    @property
    def message(self) -> str:
        return self.reason

    def __str__(self) -> str:
        return f"{self.where}: {self.reason}"


@dataclasses.dataclass(frozen=True)
class ImportResult:
    """The tournament the plan gives, every problem, and the data rows imported and skipped."""

    tournament: Tournament
    problems: tuple[Problem, ...]
    rows_imported: int
    rows_skipped: int


@dataclasses.dataclass(frozen=True)
class PreviewCell:
    """One cell as it will be read: ``shown`` is the value understood ("" when blank), or the problem."""

    column: int
    field: Field
    shown: str
    problem: str | None = None


@dataclasses.dataclass(frozen=True)
class PreviewRow:
    """One row below the header: ``status`` is "import", "skip" (with ``problem``) or "ignore" (blank,
    a repeated header, a round's title line)."""

    row: int
    status: str
    cells: tuple[PreviewCell, ...]
    problem: str | None = None
