"""The documents of one round: its pairings by board, and who plays where, by name.

Both read the round through :func:`fidedesk.core.pairing.round_sheet.board_lines` (the board order and numbers of
:func:`fidedesk.core.editing.boards`, the result as :func:`fidedesk.core.values.board_text` writes it), as
the Excel export's Rounds sheet does. A bye has no board: it is listed after the games, its result written
as the Rounds sheet writes it (``bye ½``, ``bye 1 (pairing)``, ``bye 0`` for an absence).
"""

from __future__ import annotations

from fidedesk.core.notation import score_text
from fidedesk.core.pairing.round_sheet import BoardLine, board_lines
from fidedesk.core.tournament import Player, Tournament
from fidedesk.core.values import counted, rating_text
from fidedesk.io.folding import fold
from fidedesk.publish.documents.common import document
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

#: How every bye's result reads (:func:`fidedesk.core.values.bye_text`: ``bye ½``, ``bye 1 (pairing)``).
BYE = "bye"

PAIRINGS_COLUMNS = (
    Column("Board", Align.RIGHT),
    Column("No", Align.RIGHT),
    Column("White"),
    Column("Rtg", Align.RIGHT),
    Column("Pts", Align.RIGHT),
    Column("Result", Align.CENTRE),
    Column("Pts", Align.RIGHT),
    Column("No", Align.RIGHT),
    Column("Black"),
    Column("Rtg", Align.RIGHT),
)
WHERE_COLUMNS = (
    Column("Name", key=True),
    Column("No", Align.RIGHT, key=True),
    Column("Board", Align.RIGHT),
    Column("Colour"),
    Column("Opponent"),
    Column("Opp. No", Align.RIGHT),
)


def pairings(tournament: Tournament, round_: int) -> Document:
    """Round ``round_`` by board: Board | No | White | Rtg | Pts | Result | Pts | No | Black | Rtg, Pts being
    each player's points before the round; the byes follow the games, without a board, with a rule above."""
    lines = board_lines(tournament, round_)
    rows: list[tuple[str, ...]] = []
    first_bye: int | None = None
    for line in lines:
        white = line.white
        left = (str(white.start_rank), white.name, rating_text(white.rating), score_text(white.score_before(round_)))
        if line.black is None:
            first_bye = len(rows) if first_bye is None else first_bye
            rows.append(("", *left, line.result, "", "", "", ""))
            continue
        black = line.black
        right = (score_text(black.score_before(round_)), str(black.start_rank), black.name, rating_text(black.rating))
        rows.append((str(line.number), *left, line.result, *right))
    games = sum(1 for line in lines if not line.is_bye)
    rule = frozenset({first_bye}) if first_bye else frozenset()  # a rule between the games and the byes
    blocks: list[Block] = [TableBlock(PAIRINGS_COLUMNS, rows, rule_before=rule)] if rows else []
    blocks.append(TextBlock(_count_note(games, len(lines) - games), TextStyle.NOTE))
    return document(tournament, DocumentKind.PAIRINGS, f"Pairings of round {round_}", f"Round {round_}", blocks)


def _count_note(games: int, byes: int) -> str:
    return f"{counted(games, 'game')}, {counted(byes, 'bye')}"


def who_plays_where(tournament: Tournament, round_: int) -> Document:
    """Every player of round ``round_`` once, by name (then start rank): Name | No | Board | Colour | Opponent |
    Opp. No; a bye says so in Opponent. A rule above each new first letter helps a player find their line."""
    entries: list[tuple[Player, tuple[str, ...]]] = []
    for line in board_lines(tournament, round_):
        entries.extend(_sides(line))
    # as a person reads a list: Ł among the L, Ş among the S (io.folding), not after Z as code points go
    entries.sort(key=lambda item: (fold(item[0].name), item[0].name.casefold(), item[0].start_rank))
    rows = [row for _, row in entries]
    rule_before: set[int] = set()
    for index in range(1, len(entries)):
        if _letter(entries[index][0]) != _letter(entries[index - 1][0]):
            rule_before.add(index)
    blocks: list[Block] = [TableBlock(WHERE_COLUMNS, rows, rule_before=frozenset(rule_before))] if rows else []
    return document(tournament, DocumentKind.WHERE, f"Who plays where in round {round_}", f"Round {round_}", blocks)


def _sides(line: BoardLine) -> list[tuple[Player, tuple[str, ...]]]:
    """Each player of the board with their line: the board, their colour and their opponent."""
    white, black = line.white, line.black
    if black is None:
        # a bye says which (bye ½); an old file's forfeit won against nobody (TRF 0000 +) says what it is
        said = line.result if line.result.startswith(BYE) else f"no opponent ({line.result})"
        return [(white, (white.name, str(white.start_rank), "", "", said, ""))]
    board = str(line.number)
    colours = ("White", "Black") if line.colours_known else ("", "")
    return [
        (white, (white.name, str(white.start_rank), board, colours[0], black.name, str(black.start_rank))),
        (black, (black.name, str(black.start_rank), board, colours[1], white.name, str(white.start_rank))),
    ]


def _letter(player: Player) -> str:
    return fold(player.name.strip())[:1]
