"""The documents after a round: the standings and the crosstable.

Both rank with :func:`fidedesk.core.tiebreaks.standings.standings` after the round (points, then the tie-breaks in
order, C.07 4.2; players equal on everything share their place, ``3–4``). A crosstable shows only the
rounds up to that one. Before the first result the standings list every player with 0 points, sharing
the first place, in start order: the start list as the standings will grow from it.
"""

from __future__ import annotations

from collections.abc import Sequence

from fidedesk.core.notation import CELL_TEXT, cell_text, score_text, tiebreak_places, tiebreak_text
from fidedesk.core.tiebreaks.codes import TieBreak, rules_text
from fidedesk.core.tiebreaks.standings import Standing, standings
from fidedesk.core.tournament import Player, Tournament
from fidedesk.core.values import rating_text
from fidedesk.publish.documents.common import after_round_text, document
from fidedesk.publish.documents.model import (
    Align,
    Block,
    Column,
    Document,
    DocumentKind,
    TableBlock,
    TextBlock,
    TextStyle,
)


def _ranked(tournament: Tournament, tiebreaks: Sequence[TieBreak], round_: int | None) -> tuple[Standing, ...]:
    # round None: before the first result, every player on 0 points (the rounds up to 0)
    return standings(tournament, tiebreaks, None, round_ if round_ is not None else 0)


def tiebreaks_note(tournament: Tournament, tiebreaks: Sequence[TieBreak]) -> str:
    """What the standings are ordered by, and under which edition of C.07 (as the window says it,
    :func:`fidedesk.core.tiebreaks.codes.rules_text`): ``Order: points, then BH-C1 (Buchholz Cut-1), ...``."""
    info = tournament.info
    named = ", ".join(f"{tiebreak.code} ({tiebreak.label})" for tiebreak in tiebreaks)
    order = f"points, then {named}" if tiebreaks else "points alone"
    return f"Order: {order}. Tie-breaks: {rules_text(info.tiebreak_rules, info.start)}."


def standings_document(tournament: Tournament, tiebreaks: Sequence[TieBreak], round_: int | None) -> Document:
    """Rank | No | Name | Title | Fed | Rtg | Pts | one column per tie-break headed by its code, each shown
    with as many decimals as its values need (:func:`fidedesk.core.notation.tiebreak_places`); a note below
    names the tie-breaks and the edition of C.07."""
    rows = _ranked(tournament, tiebreaks, round_)
    places = [tiebreak_places(row.tiebreaks[column] for row in rows) for column in range(len(tiebreaks))]
    columns = (
        Column("Rank", Align.RIGHT),
        Column("No", Align.RIGHT, key=True),
        Column("Name", key=True),
        Column("Title"),
        Column("Fed"),
        Column("Rtg", Align.RIGHT),
        Column("Pts", Align.RIGHT),
        *(Column(tiebreak.code, Align.RIGHT) for tiebreak in tiebreaks),
    )
    cells = [
        (row.place, str(row.player.start_rank), row.player.name, row.player.title, row.player.federation,
         rating_text(row.player.rating), score_text(row.points),
         *(tiebreak_text(value, digits) for value, digits in zip(row.tiebreaks, places, strict=True)))
        for row in rows
    ]  # fmt: skip
    blocks: list[Block] = [TableBlock(columns, cells)] if cells else []
    blocks.append(TextBlock(tiebreaks_note(tournament, tiebreaks), TextStyle.NOTE))
    title = f"Standings after round {round_}" if round_ is not None else "Standings before round 1"
    return document(tournament, DocumentKind.STANDINGS, title, after_round_text(tournament, round_), blocks)


def crosstable_document(tournament: Tournament, tiebreaks: Sequence[TieBreak], round_: int | None) -> Document:
    """A round robin's grid (No | Name | Rtg | 1 … n | Pts | Rank: each cell the player's results against that
    opponent, both games of a double round robin apart, ``X`` on the diagonal) or a Swiss wallchart (No | Name
    | Title | Rtg | Fed | R1 … RN | Pts | Rank, each cell as :func:`fidedesk.core.notation.cell_text` writes
    it: ``12w1``, ``-½``), with the rounds up to ``round_`` only, rows by start rank, the rank after it."""
    last = round_ or 0
    ranked = {row.player.start_rank: row for row in _ranked(tournament, tiebreaks, round_)}
    players = sorted(tournament.players, key=lambda player: player.start_rank)
    round_robin = tournament.info.system.is_round_robin
    table = _grid(players, ranked, last) if round_robin else _wallchart(players, ranked, last)
    title = f"Crosstable after round {round_}" if round_ is not None else "Crosstable before round 1"
    blocks: list[Block] = [table] if players else []
    return document(tournament, DocumentKind.CROSSTABLE, title, after_round_text(tournament, round_), blocks)


def _ends(row: Standing) -> tuple[str, str]:
    return score_text(row.points), row.place


def _grid(players: Sequence[Player], ranked: dict[int, Standing], last: int) -> TableBlock:
    columns = (
        Column("No", Align.RIGHT, key=True),
        Column("Name", key=True),
        Column("Rtg", Align.RIGHT),
        *(Column(str(player.start_rank), Align.CENTRE) for player in players),
        Column("Pts", Align.RIGHT),
        Column("Rank", Align.RIGHT),
    )
    rows = []
    for player in players:
        games: dict[int, list[str]] = {}
        for entry in player.rounds:  # in round order: both games of a double round robin, apart
            if entry.opponent is not None and entry.round <= last:
                games.setdefault(entry.opponent, []).append(CELL_TEXT[entry.result])
        cells = ["X" if other is player else " ".join(games.get(other.start_rank, ())) for other in players]
        rank = player.start_rank
        rows.append((str(rank), player.name, rating_text(player.rating), *cells, *_ends(ranked[rank])))
    return TableBlock(columns, rows)


def _wallchart(players: Sequence[Player], ranked: dict[int, Standing], last: int) -> TableBlock:
    titled = any(player.title for player in players)
    columns = (
        Column("No", Align.RIGHT, key=True),
        Column("Name", key=True),
        *((Column("Title"),) if titled else ()),
        Column("Rtg", Align.RIGHT),
        Column("Fed"),
        *(Column(f"R{number}", Align.CENTRE) for number in range(1, last + 1)),
        Column("Pts", Align.RIGHT),
        Column("Rank", Align.RIGHT),
    )
    rows = []
    for player in players:
        by_round = {entry.round: entry for entry in player.rounds if entry.round <= last}
        cells = [cell_text(by_round[number]) if number in by_round else "" for number in range(1, last + 1)]
        rank = player.start_rank
        title = (player.title,) if titled else ()
        rows.append((str(rank), player.name, *title, rating_text(player.rating), player.federation, *cells,
                     *_ends(ranked[rank])))  # fmt: skip
    return TableBlock(columns, rows)
