"""The documents of the whole event that are lists: the players, and the warnings before the event is sent.

The warnings are worded by :mod:`fidedesk.core.warning_lines`, the words of the window's warnings panel: a
table per line, headed by its kind and what it says, listing every place it concerns (games, boards,
players), :data:`PLACES_PER_ROW` to a row.
"""

from __future__ import annotations

from typing import Final

from fidedesk.core.rating.editions import Edition
from fidedesk.core.rating.event import rate_tournament
from fidedesk.core.tournament import Tournament
from fidedesk.core.values import birth_text, counted, fide_id_text, rating_text
from fidedesk.core.warning_lines import RATE_OF_PLAY, WarningLine, warning_lines
from fidedesk.core.warnings import event_warnings
from fidedesk.publish.documents.common import document, so_far
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

PLAYERS_COLUMNS = (
    Column("No", Align.RIGHT, key=True),
    Column("Name", key=True),
    Column("Title"),
    Column("Fed"),
    Column("FIDE ID", Align.RIGHT),
    Column("Rtg", Align.RIGHT),
    Column("Born"),
    Column("Sex"),
)
#: The warnings' places written on one row of their table (a big open has hundreds of them).
PLACES_PER_ROW: Final = 10
WHERE_COLUMNS = (Column("Where", wrap=True),)
#: What the warnings say when there are none.
NO_WARNINGS: Final = "No warnings"


def players_document(tournament: Tournament) -> Document:
    """No | Name | Title | Fed | FIDE ID | Rtg | Born | Sex, by start rank, and how many players there are."""
    players = sorted(tournament.players, key=lambda player: player.start_rank)
    rows = [
        (str(player.start_rank), player.name, player.title, player.federation, fide_id_text(player.fide_id),
         rating_text(player.rating), birth_text(player.birth), player.sex)
        for player in players
    ]  # fmt: skip
    blocks: list[Block] = [TableBlock(PLAYERS_COLUMNS, rows)] if rows else []
    blocks.append(TextBlock(counted(len(rows), "player"), TextStyle.NOTE))
    return document(tournament, DocumentKind.PLAYERS, "Player list", so_far(tournament), blocks)


def warnings_document(tournament: Tournament, edition: Edition) -> Document:
    """The event's warnings under ``edition`` (:func:`fidedesk.core.warnings.event_warnings`), in the panel's
    order and words, or :data:`NO_WARNINGS`."""
    lines = warning_lines(event_warnings(tournament, rate_tournament(tournament, edition)))
    blocks: list[Block] = [TextBlock(f"Checked under {edition.name}: {edition.title}", TextStyle.NOTE)]
    blocks.extend(_block(line) for line in lines)
    if not lines:
        blocks.append(TextBlock(NO_WARNINGS))
    return document(tournament, DocumentKind.WARNINGS, "Warnings", so_far(tournament), blocks)


def _block(line: WarningLine) -> Block:
    """A warning line: ``Kind: what`` above every place it concerns, as the panel's child rows name them; the
    panel's Where instead when the line has no places, and above them on the rate of play (which games)."""
    heading = f"{line.kind}: {line.what}"
    places = line.places
    rows = [(line.where,)] if line.where and (not places or line.kind == RATE_OF_PLAY) else []
    rows += [(", ".join(places[start : start + PLACES_PER_ROW]),) for start in range(0, len(places), PLACES_PER_ROW)]
    return TableBlock(WHERE_COLUMNS, rows, heading=heading) if rows else TextBlock(heading)
