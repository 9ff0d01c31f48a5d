"""The checked tournament a plan reads from a workbook, with every problem, never changing anything.

The event sheet first, then the player list, then the results sheet in its layout (pairings on a sheet per
round: every round sheet, each as its round), then the check that every game is written the same way by both
players (:mod:`~fidedesk.io.excel.importing.games`); problems are listed in that order. A sheet the reader cut at
a size limit (:attr:`~fidedesk.io.excel.grid.SheetGrid.cut`) is not imported at all: the import is then only
that problem, naming the sheet and the limit. ``rows_imported`` and ``rows_skipped`` count the data rows of
the sheets read (players and boards). Games against a player who is not imported are dropped and reported at the cell.
"""

from __future__ import annotations

from collections.abc import Sequence

from fidedesk.core.tournament import EventInfo, Player, System, Tournament
from fidedesk.io.excel.grid import SheetGrid
from fidedesk.io.excel.importing.event import read_event
from fidedesk.io.excel.importing.games import Games, checked
from fidedesk.io.excel.importing.headers import is_round_sheet, propose_sheet, round_header
from fidedesk.io.excel.importing.model import ImportPlan, ImportResult, Layout, Problem
from fidedesk.io.excel.importing.pairings import read_pairings
from fidedesk.io.excel.importing.players import PlayerRows, read_players
from fidedesk.io.excel.importing.roundrobin import grid_games
from fidedesk.io.excel.importing.sheet import Sheet
from fidedesk.io.excel.importing.swiss import swiss_games

__all__ = ["build"]


def build(grids: Sequence[SheetGrid], plan: ImportPlan, *, info: EventInfo | None = None) -> ImportResult:
    """The tournament ``plan`` reads from ``grids``, every problem, the rows imported and skipped.

    Never raises for bad content; ValueError only for a plan naming a sheet that is not in ``grids``.
    """
    by_name = {grid.name: grid for grid in grids}
    for name in plan.sheets:
        if name not in by_name:
            raise ValueError(f"the plan names a sheet {name!r} that is not in the workbook")
    cut = [by_name[name] for name in dict.fromkeys(plan.sheets) if by_name[name].truncated]
    if cut:  # never a sheet read in part: its missing rows would be missing players and games
        refused = tuple(
            Problem(grid.name, None, None, "", f"the sheet holds {grid.cut}: nothing is imported") for grid in cut
        )
        return ImportResult(Tournament(info or EventInfo(), ()), refused, 0, 0)
    problems: list[Problem] = []
    player_plan, results = plan.players, plan.results
    if player_plan is None and results is not None and results.layout is Layout.PLAYER_LIST:
        player_plan, results = results, None
    roster = read_players(Sheet(by_name[player_plan.sheet], player_plan)) if player_plan is not None else None
    imported = skipped = 0
    if roster is not None:
        problems.extend(roster.problems)
        imported, skipped = roster.imported, roster.skipped
    players: tuple[Player, ...] = roster.players if roster is not None else ()
    skipped_ranks = roster.skipped_ranks if roster is not None else {}
    games = Games({}, {})
    if results is not None:
        sheet = Sheet(by_name[results.sheet], results)
        if results.layout is Layout.PAIRINGS:
            rounds = [Sheet(by_name[more.sheet], more) for more in plan.more_rounds]
            problems.extend(_unread_rounds(grids, plan))
            pairings = read_pairings([sheet, *rounds], roster)
            players, games = pairings.players, pairings.games
            problems.extend(pairings.problems)
            imported, skipped = imported + pairings.imported, skipped + pairings.skipped
        elif roster is None:
            read = read_players(sheet)
            problems.extend(read.problems)
            imported, skipped = read.imported, read.skipped
            players, skipped_ranks = read.players, read.skipped_ranks
            games = _games(sheet, results.layout, read)
            problems.extend(games.problems)
        else:
            problems.append(sheet.problem(results.header_row, None, "a player list is read beside pairings only"))
    players, faults = checked(players, games, skipped_ranks)
    problems.extend(faults)
    event = None
    if plan.event_sheet is not None:  # read once the players are known: the event's pairing rows name them
        event, found = read_event(by_name[plan.event_sheet], {player.start_rank for player in players})
        problems[:0] = found
    if info is None:
        layout = results.layout if results is not None else Layout.PLAYER_LIST
        info = event if event is not None else EventInfo(system=_default_system(layout, games.double))
    return ImportResult(Tournament(info, players), tuple(problems), imported, skipped)


def _unread_rounds(grids: Sequence[SheetGrid], plan: ImportPlan) -> list[Problem]:
    """A sheet named as a round (``R4``) that is not read beside other round sheets: an error naming it,
    never a round left out silently (an empty sheet, a round not played yet, holds nothing to lose)."""
    assert plan.results is not None
    if not plan.more_rounds and not is_round_sheet(plan.results):
        return []
    read = set(plan.sheets)
    return [
        Problem(grid.name, None, None, "", f"looks like round {number} but is not read: {_why_unread(grid)}")
        for grid in grids
        if grid.name not in read and grid.rows and (number := round_header(grid.name)) is not None
    ]


def _why_unread(grid: SheetGrid) -> str:
    if is_round_sheet(propose_sheet(grid)):
        return "its pairings are left out of the import"
    return "it has no pairings (White, Black, Result)"


def _games(sheet: Sheet, layout: Layout, read: PlayerRows) -> Games:
    if layout is Layout.SWISS_TABLE:
        return swiss_games(sheet, read)
    if layout is Layout.ROUND_ROBIN:
        return grid_games(sheet, read)
    return Games({}, {})


def _default_system(layout: Layout, double: bool) -> System:
    if layout is Layout.ROUND_ROBIN:
        return System.DOUBLE_ROUND_ROBIN if double else System.ROUND_ROBIN
    return System.SWISS
