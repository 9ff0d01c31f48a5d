"""Layout c), the Swiss table: players down, a column per round (``Column(ROUND, n)``) holding opponent,
colour and result (:func:`~fidedesk.io.excel.importing.result_cells.swiss_cell`).

A problem in a round cell drops that game (both players' cells, see
:mod:`~fidedesk.io.excel.importing.games`); the players stay.
"""

from __future__ import annotations

from fidedesk.core.tournament import RoundEntry
from fidedesk.io.excel.importing.games import Games
from fidedesk.io.excel.importing.model import Field
from fidedesk.io.excel.importing.players import PlayerRows
from fidedesk.io.excel.importing.sheet import Sheet, Spot

__all__ = ["swiss_games"]


def swiss_games(sheet: Sheet, read: PlayerRows) -> Games:
    """The round entries of a Swiss table's imported rows, each with its cell; unreadable cells noted."""
    entries: dict[int, dict[int, RoundEntry]] = {player.start_rank: {} for player in read.players}
    spots: dict[tuple[int, int], Spot] = {}
    unreadable: dict[tuple[int, int], str] = {}
    name = sheet.grid.name
    for row, rank in read.rows:
        if row.status != "import" or rank is None:
            continue
        for column, spec in enumerate(sheet.columns):
            if spec.field is Field.ROUND and spec.number is not None and column in row.problems:
                unreadable[(rank, spec.number)] = sheet.place(row.row, column)
        for column, cell in row.cells.items():
            if not isinstance(cell, RoundEntry):
                continue
            spots[(rank, cell.round)] = Spot(name, row.row, column, cell)
            entries[rank][cell.round] = cell
    return Games(entries, spots, unreadable)
