"""One round's boards as a table model, and the edits the round view makes: results by key, pasted rounds.

The edits are worked out here as pure functions over :mod:`fidedesk.core.editing`, so the view's
slots only gather the board and the key and hand the new tournament to the document (one undo step).
"""

from __future__ import annotations

import dataclasses
from typing import Any, Final

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QBrush, QColor

from fidedesk.core.editing import Board, EditError, boards, entry_for, give_bye, pair, set_result, unpair
from fidedesk.core.notation import BOARD_TEXT, DOUBLE_FORFEIT, board_text, parse_board_result, parse_bye_result
from fidedesk.core.results import ResultCode as R
from fidedesk.core.tournament import Player, Tournament
from fidedesk.gui.document import TournamentDocument
from fidedesk.gui.row_models import Index, RowTableModel

#: The keys of fast result entry and white's result they give.
RESULT_KEYS: Final[dict[str, R]] = {
    "1": R.WIN, "0": R.LOSS, "=": R.DRAW, "5": R.DRAW, "½": R.DRAW, "+": R.FORFEIT_WIN, "-": R.FORFEIT_LOSS,
}  # fmt: skip

#: On a bye board the same keys choose the kind of bye.
_BYE_FOR: Final[dict[R, R]] = {R.WIN: R.FULL_BYE, R.DRAW: R.HALF_BYE, R.LOSS: R.ZERO_BYE}


def result_texts() -> tuple[str, ...]:
    """Every way a board's result can read (to size the column once)."""
    return (*BOARD_TEXT.values(), DOUBLE_FORFEIT, "Result")


def keyed_result(tournament: Tournament, round_: int, board: Board, code: R) -> Tournament:
    """The tournament with ``code`` (white's, from a key) entered on ``board``; a bye board takes a bye."""
    if board.black is None:
        bye = _BYE_FOR.get(code)
        if bye is None:
            raise EditError("a bye takes 1, = or 0")
        return set_result(tournament, round_, board.white, bye)
    return set_result(tournament, round_, board.white, code)


def double_forfeit(tournament: Tournament, round_: int, white: int, black: int) -> Tournament:
    """Pair ``white`` and ``black`` as a game neither played and both lost (``-`` for both, as TRF allows)."""
    paired = pair(tournament, round_, white, black, R.FORFEIT_LOSS)
    player = paired.player(black)
    rounds = tuple(dataclasses.replace(e, result=R.FORFEIT_LOSS) if e.round == round_ else e for e in player.rounds)
    players = tuple(dataclasses.replace(p, rounds=rounds) if p.start_rank == black else p for p in paired.players)
    return dataclasses.replace(paired, players=players)


def paste_round(tournament: Tournament, round_: int, text: str) -> tuple[Tournament, int, list[str]]:
    """Lines "white ⇥ black ⇥ result" (start ranks) applied to ``round_``: the tournament, lines applied, errors.

    A line for a board already paired the same way sets its result; "bye" (or blank) as black gives
    a bye (1, ½ or 0). Each bad line is reported with its number and the good lines are still applied.
    """
    errors: list[str] = []
    applied = 0
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        fields = [field.strip() for field in (line.split("\t") if "\t" in line else line.split())]
        fields += [""] * (3 - len(fields))
        try:
            if len(fields) > 3 and any(fields[3:]):
                raise EditError("expected white, black and a result")
            tournament = _pasted_line(tournament, round_, *fields[:3])
            applied += 1
        except (EditError, KeyError) as error:
            message = f"player {error.args[0]} is not in the event" if isinstance(error, KeyError) else str(error)
            errors.append(f"line {number}: {message}")
    return tournament, applied, errors


def _pasted_line(tournament: Tournament, round_: int, white_text: str, black_text: str, result: str) -> Tournament:
    white = _start_rank(white_text)
    if black_text.lower() in ("", "bye", "-"):
        try:
            bye = parse_bye_result(result)
        except ValueError as error:
            raise EditError(str(error)) from None
        return give_bye(tournament, round_, white, bye)
    black = _start_rank(black_text)
    try:
        code, black_code = parse_board_result(result)
    except ValueError as error:
        raise EditError(str(error)) from None
    double = code is black_code is R.FORFEIT_LOSS
    for rank in (white, black):
        tournament.player(rank)  # KeyError names a start rank not in the event
    entry = entry_for(tournament.player(white), round_)
    if entry is not None and entry.opponent == black and entry.color == "w":
        if double:
            return double_forfeit(unpair(tournament, round_, white), round_, white, black)
        return set_result(tournament, round_, white, code)
    if double:
        return double_forfeit(tournament, round_, white, black)
    return pair(tournament, round_, white, black, code)


def _start_rank(text: str) -> int:
    if not text.isdigit():
        raise EditError(f"“{text}” is not a start rank")
    return int(text)


@dataclasses.dataclass(frozen=True)
class BoardRow:
    """One board as shown: the core's Board, black's own code (they differ only in a double forfeit)
    and the two players as they are now (so that a change of name or rating is seen)."""

    board: Board
    black_result: R | None
    players: tuple[Player | None, Player | None]

    def same_as(self, other: BoardRow) -> bool:
        """Shown the same: edits replace only the players they change, so identity is enough."""
        return (
            self.board == other.board
            and self.black_result is other.black_result
            and self.players[0] is other.players[0]
            and self.players[1] is other.players[1]
        )


class RoundModel(RowTableModel[BoardRow]):
    """The boards of one round: Board, White, Black, Result. Read-only; edits go through the document."""

    BOARD, WHITE, BLACK, RESULT = range(4)
    HEADERS = ("Board", "White", "Black", "Result")

    def __init__(self, document: TournamentDocument, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self._round = 1
        self.set_rows(self._read())
        document.changed.connect(self.refresh)

    # --- round interface -------------------------------------------------------------------------

    @property
    def round(self) -> int:
        return self._round

    def set_round(self, round_: int) -> None:
        """Show round ``round_``."""
        if round_ != self._round:
            self._round = round_
            self.beginResetModel()
            self._rows = self._read()
            self.endResetModel()

    def board(self, row: int) -> Board:
        """The board shown in ``row``."""
        return self.row(row).board

    def refresh(self) -> None:
        """Read the round again: the same pairings change in place (the selection stays), others reset.

        Only the boards that changed are announced, so a view repaints one board, not the round.
        """
        self.set_rows(self._read(), key=lambda row: (row.board.white, row.board.black), same=BoardRow.same_as)

    def _read(self) -> list[BoardRow]:
        tournament = self._document.tournament
        rows = []
        for board in boards(tournament, self._round):
            white = tournament.player(board.white)
            black = tournament.player(board.black) if board.black is not None else None
            black_entry = entry_for(black, self._round) if black is not None else None
            rows.append(BoardRow(board, black_entry.result if black_entry is not None else None, (white, black)))
        return rows

    # --- model interface -------------------------------------------------------------------------

    def cell(self, row: BoardRow, index: Index, role: int) -> Any:
        column, board = index.column(), row.board
        if role == Qt.ItemDataRole.DisplayRole:
            if column == self.BOARD:
                return str(index.row() + 1)
            if column == self.RESULT:
                return board_text(board.result, row.black_result)
            return _player_text(row.players[0] if column == self.WHITE else row.players[1])
        if role == Qt.ItemDataRole.TextAlignmentRole and column in (self.BOARD, self.RESULT):
            return int(Qt.AlignmentFlag.AlignCenter)
        if role == Qt.ItemDataRole.BackgroundRole and column == self.RESULT and board.result is R.PENDING:
            return QBrush(QColor("#fff6d5"))  # the boards still to enter stand out
        return None


def _player_text(player: Player | None) -> str:
    if player is None:
        return "—"
    rating = f"  ({player.rating})" if player.rating is not None else ""
    return f"{player.start_rank}. {player.name}{rating}"
