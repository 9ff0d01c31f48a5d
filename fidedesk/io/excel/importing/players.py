"""Layout a), the player list, and the player rows of every layout but pairings: one player a row.

A row with a problem in a player's own cells, or without a name, is skipped (and counted so); a start rank
used twice skips the second row. The rows of a grid or a Swiss table carry their games on to
:mod:`~fidedesk.io.excel.importing.roundrobin` and :mod:`~fidedesk.io.excel.importing.swiss`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from fractions import Fraction
from typing import Final

from fidedesk.core.tournament import BirthDate, Player, PlayerRecord
from fidedesk.io.excel.importing.model import NAME_FIELDS, Field, Problem
from fidedesk.io.excel.importing.sheet import Row, Sheet, classify, player_name, read_player_row

__all__ = ["PlayerRows", "read_players"]


@dataclasses.dataclass(frozen=True)
class PlayerRows:
    """What a player-bearing sheet gives: every data row with its start rank (None when it has none), the
    players imported in row order, the places of rows that took a start rank but were skipped, and the
    problems of the rows in order; ``places`` the cell that gave each imported player's name
    (``Field.NAME``), rating, title, federation and FIDE ID, by (start rank, field), for messages."""

    rows: tuple[tuple[Row, int | None], ...]
    players: tuple[Player, ...]
    skipped_ranks: Mapping[int, str]
    problems: tuple[Problem, ...]
    places: Mapping[tuple[int, Field], str] = dataclasses.field(default_factory=dict)

    @property
    def imported(self) -> int:
        return sum(1 for row, _rank in self.rows if row.status == "import")

    @property
    def skipped(self) -> int:
        return len(self.rows) - self.imported


def read_players(sheet: Sheet) -> PlayerRows:
    """The player rows of ``sheet`` and the players they give."""
    rows: list[tuple[Row, int | None]] = []
    players: list[Player] = []
    skipped_ranks: dict[int, str] = {}
    problems: list[Problem] = []
    places: dict[tuple[int, Field], str] = {}
    used: dict[int, int] = {}
    position = 0
    numbered = Field.START_RANK in sheet.single
    for index, values in sheet.rows():
        if classify(sheet, values) is not None:
            continue
        row = read_player_row(sheet, index, values)
        rank: int | None = None
        if row.player:
            position += 1
            if numbered:
                row, rank = _numbered(sheet, row, used)
            else:
                rank = position
        rows.append((row, rank))
        problems.extend(sheet.problem(index, column, message) for column, message in row.problems.items())
        if row.status == "import" and rank is not None:
            players.append(_make_player(row, rank))
            for field in _PLACED:
                column = sheet.single.get(field)
                if column is not None:
                    places[(rank, field)] = sheet.place(index, column)
            name_column = next((sheet.single[f] for f in NAME_FIELDS if f in sheet.single), None)
            places[(rank, Field.NAME)] = sheet.place(index, name_column)
        elif rank is not None:
            skipped_ranks[rank] = sheet.place(index)
    return PlayerRows(tuple(rows), tuple(players), skipped_ranks, tuple(problems), places)


#: The fields whose cell a message may name (a detail written again beside a board, :mod:`.pairings`).
_PLACED: Final = (Field.RATING, Field.TITLE, Field.FEDERATION, Field.FIDE_ID)


def _numbered(sheet: Sheet, row: Row, used: dict[int, int]) -> tuple[Row, int | None]:
    """The row's start rank from its column; the row skipped when it has none or one already used."""
    column = sheet.single[Field.START_RANK]
    value = row.values.get(Field.START_RANK)
    if column in row.problems:
        return row, None
    if value is None:
        problem = "no start rank"
    elif isinstance(value, int) and value in used:
        problem = f"start rank {value} is already used in {sheet.place(used[value], column)}"
    else:
        assert isinstance(value, int)
        used[value] = row.row
        return row, value
    return dataclasses.replace(row, problems={**row.problems, column: problem}, status="skip"), None


def _make_player(row: Row, rank: int) -> Player:
    values = row.values

    def opt_int(field: Field) -> int | None:
        value = values.get(field)
        return value if isinstance(value, int) and not isinstance(value, bool) else None

    def text(field: Field) -> str:
        value = values.get(field)
        return value if isinstance(value, str) else ""

    birth = values.get(Field.BIRTH)
    points = values.get(Field.POINTS)
    ever = values.get(Field.EVER_2400)
    return Player(
        start_rank=rank,
        name=player_name(values),
        rating=opt_int(Field.RATING),
        sex=text(Field.SEX),
        title=text(Field.TITLE),
        federation=text(Field.FEDERATION),
        fide_id=opt_int(Field.FIDE_ID),
        birth=birth if isinstance(birth, BirthDate) else None,
        points=points if isinstance(points, Fraction) else None,
        rank=opt_int(Field.RANK),
        record=PlayerRecord(
            games=opt_int(Field.GAMES),
            ever_2400=ever if isinstance(ever, bool) else None,
            k=opt_int(Field.K),
            standard_rating=opt_int(Field.STANDARD_RATING),
        ),
    )
