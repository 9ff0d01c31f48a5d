"""A round's boards as a pairing sheet reads them: each board's players, its result in words, and whether
the colours are known.

The Excel export's Rounds sheet and the printed pairings (:mod:`fidedesk.publish.documents`) both read a round
through :func:`board_lines`, so a board reads the same in both.
"""

from __future__ import annotations

import dataclasses
from typing import Final

from fidedesk.core.editing import boards, entry_for
from fidedesk.core.results import ResultCode
from fidedesk.core.tournament import Player, Tournament
from fidedesk.core.values import board_text

#: A board's result while it is not entered yet: blank, to be filled in.
PENDING_TEXT: Final = ""


@dataclasses.dataclass(frozen=True, slots=True)
class BoardLine:
    """One board of a round: its number, white and black (None: a bye), the result as :func:`board_text`
    writes it from both sides (``1-0``, ``-/-``, ``bye ½``; :data:`PENDING_TEXT` when not entered) and
    whether the entries hold the colours (a round robin read from a grid has none)."""

    number: int
    white: Player
    black: Player | None
    result: str
    colours_known: bool

    @property
    def is_bye(self) -> bool:
        return self.black is None


def board_lines(tournament: Tournament, round_: int) -> list[BoardLine]:
    """The round's boards in the order and with the numbers :func:`fidedesk.core.editing.boards` gives (each
    game on the board it was paired on, then the byes, numbered on)."""
    lines: list[BoardLine] = []
    players = tournament.by_rank()
    for board in boards(tournament, round_):
        white = players[board.white]
        white_entry = entry_for(white, round_)
        black = players.get(board.black) if board.black is not None else None
        black_entry = entry_for(black, round_) if black is not None else None
        if black_entry is not None and black_entry.opponent != board.white:
            black_entry = None  # an inconsistent record: black's own entry is another pairing
        # each side's own code: boards() gives white's as the mirror of black's when it meets black first
        white_code = white_entry.result if white_entry is not None else board.result
        black_code = black_entry.result if black_entry is not None else None
        result = PENDING_TEXT if white_code is ResultCode.PENDING else board_text(white_code, black_code)
        entries = [entry for entry in (white_entry, black_entry) if entry is not None]
        known = board.black is None or all(entry.color is not None for entry in entries)
        lines.append(BoardLine(board.number, white, black, result, known))
    return lines
