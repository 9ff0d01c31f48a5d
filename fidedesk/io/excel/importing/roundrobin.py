"""Layout b), the round-robin grid: players down, opponents across (column ``Column(OPPONENT, n)`` holds the
games against start rank n), a player's own cell ``X`` or blank.

A blank cell is a game not (yet) played. When both cells of a pair are filled they must mirror each other
(else the problem is reported at both and the game skipped); when only one is (a grid filled above the
diagonal), the other is taken as its mirror. Colours are unknown (None). Rounds follow FIDE's Berger tables
(C.05 Annex 1, :func:`fidedesk.core.pairing.consistency.berger_round`) by the players' order of start rank; the
second game of a double round robin N - 1 rounds later. The grid does not say when a game was played; no
rating figure depends on it. A problem in a cell drops that game; the players stay.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import cast

from fidedesk.core.pairing.consistency import berger_round
from fidedesk.core.results import ResultCode as R
from fidedesk.core.tournament import RoundEntry
from fidedesk.core.values import ROUND_RANGE
from fidedesk.io.excel.grid import CellValue
from fidedesk.io.excel.importing.cells import CellError, plain_text, show
from fidedesk.io.excel.importing.games import Games
from fidedesk.io.excel.importing.model import Field, Problem
from fidedesk.io.excel.importing.players import PlayerRows
from fidedesk.io.excel.importing.result_cells import diagonal_mark, grid_cell
from fidedesk.io.excel.importing.sheet import Sheet, Spot

__all__ = ["grid_games"]


def grid_games(sheet: Sheet, read: PlayerRows) -> Games:
    """The games of a grid: each pair's two cells checked against each other, rounds by Berger table."""
    known = sorted(rank for _row, rank in read.rows if rank is not None)
    position = {rank: index + 1 for index, rank in enumerate(known)}
    cells, bad, problems = _read_cells(sheet, read)
    imported = {player.start_rank for player in read.players}
    entries: dict[int, dict[int, RoundEntry]] = {rank: {} for rank in imported}
    spots: dict[tuple[int, int], Spot] = {}
    double = False
    size = len(known) + len(known) % 2
    rounds = (size - 1) * max((len(codes) for codes, _spot in cells.values()), default=1)
    if rounds > ROUND_RANGE.high:  # the limit on rounds bounds the work, as for every other file
        reason = (
            f"a round robin of {len(known)} players has {rounds} rounds, beyond the rounds fidedesk reads "
            f"({ROUND_RANGE}, the limit): its games are not imported"
        )
        return Games(entries, spots, problems=(*problems, sheet.problem(sheet.plan.header_row, None, reason)))
    for (rank, opponent), (codes, spot) in sorted(cells.items()):
        back = cells.get((opponent, rank))
        if (opponent, rank) in bad:
            continue
        if opponent not in imported:
            where = read.skipped_ranks.get(opponent)
            reason = f"player {opponent} is not imported ({where})" if where else f"there is no player {opponent}"
            problems.append(spot.problem(f'"{spot.text}": {reason}, nor is this game'))
            continue
        if back is not None and rank > opponent:
            continue  # the pair was read from the lower start rank
        back_codes = back[0] if back is not None else tuple(code.mirrored() for code in codes)
        if not _mirrored(codes, back_codes):
            assert back is not None
            back_spot = back[1]
            problems.append(
                spot.problem(
                    f'"{spot.text}" is not mirrored by "{back_spot.text}" ({back_spot.place}): the game is not imported'
                )
            )
            problems.append(
                back_spot.problem(
                    f'"{back_spot.text}" is not mirrored by "{spot.text}" ({spot.place}): the game is not imported'
                )
            )
            continue
        double = double or len(codes) > 1
        first = berger_round(position[rank], position[opponent], len(known))
        for game, (code, back_code) in enumerate(zip(codes, back_codes, strict=True)):
            round_ = first + game * (size - 1)
            entries[rank][round_] = RoundEntry(round_, opponent, None, code)
            entries[opponent][round_] = RoundEntry(round_, rank, None, back_code)
            spots[(rank, round_)] = spot
            spots[(opponent, round_)] = back[1] if back is not None else spot
    return Games(entries, spots, problems=tuple(problems), double=double)


def _mirrored(codes: tuple[R, ...], back: tuple[R, ...]) -> bool:
    """Two cells of one pair that agree: each result mirrored (a double forfeit, ``-`` against ``-``, too)."""
    return len(back) == len(codes) and all(
        b is a.mirrored() or a is b is R.FORFEIT_LOSS for a, b in zip(codes, back, strict=False)
    )


def _read_cells(
    sheet: Sheet, read: PlayerRows
) -> tuple[Mapping[tuple[int, int], tuple[tuple[R, ...], Spot]], set[tuple[int, int]], list[Problem]]:
    """The filled cells of the imported rows by (start rank, opponent), the pairs whose cell cannot be
    read, and the problems of the cells in row order."""
    cells: dict[tuple[int, int], tuple[tuple[R, ...], Spot]] = {}
    bad: set[tuple[int, int]] = set()
    problems: list[Problem] = []
    for row, rank in read.rows:
        if rank is None or row.status != "import":
            continue
        for column, raw in row.cells.items():
            spec = sheet.columns[column]
            if spec.field is not Field.OPPONENT or spec.number is None:
                continue
            value = cast(CellValue, raw)
            if spec.number == rank:
                if not diagonal_mark(value):
                    reason = f"{show(value)} is in the player's own cell (leave it blank or X)"
                    problems.append(sheet.problem(row.row, column, reason))
                continue
            try:
                codes = grid_cell(value)
            except CellError as error:
                problems.append(sheet.problem(row.row, column, f"{error}: the game is not imported"))
                bad.add((rank, spec.number))
                continue
            if codes:
                cells[(rank, spec.number)] = (codes, Spot(sheet.grid.name, row.row, column, plain_text(value)))
    return cells, bad, problems
