"""One round's boards as a table model, and the keys of fast result entry.

The edits themselves (a result by key, a pasted round, a double forfeit) are pure functions of
:mod:`fidedesk.core.editing`: the view's slots only gather the board and the key and hand the new
tournament to the document (one undo step).
"""

from __future__ import annotations

import dataclasses
from typing import Any, Final

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QBrush, QColor

from fidedesk.core.editing import Board, boards, entry_for
from fidedesk.core.results import ResultCode as R
from fidedesk.core.tournament import Player
from fidedesk.core.values import BOARD_TEXT, DOUBLE_FORFEIT, board_text
from fidedesk.gui.common.row_models import Index, RowTableModel
from fidedesk.gui.files.document import TournamentDocument

#: The keys of fast result entry and white's result they give.
RESULT_KEYS: Final[dict[str, R]] = {
    "1": R.WIN, "0": R.LOSS, "=": R.DRAW, "5": R.DRAW, "½": R.DRAW, "+": R.FORFEIT_WIN, "-": R.FORFEIT_LOSS,
}  # fmt: skip


def result_texts() -> tuple[str, ...]:
    """Every way a board's result can read (to size the column once)."""
    return (*BOARD_TEXT.values(), DOUBLE_FORFEIT, "Result")


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


#: What the FIDE column shows on a board FIDE's pairing has otherwise: other players, or the same two with
#: the colours the other way round.
OTHER_PLAYERS, OTHER_COLOURS = "≠", "⇄"


class RoundModel(RowTableModel[BoardRow]):
    """The boards of one round: Board, White, Black, Result, and where a board is not FIDE's pairing (FIDE).
    Read-only; edits go through the document; the FIDE marks come from :class:`~.fide_check.FideCheck`."""

    BOARD, WHITE, BLACK, RESULT, FIDE = range(5)
    HEADERS = ("Board", "White", "Black", "Result", "FIDE")

    def __init__(self, document: TournamentDocument, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self._round = 1
        #: (White, Black) of each board FIDE's pairing has otherwise -> (mark, what FIDE's pairing has there).
        self._marks: dict[tuple[int, int], tuple[str, str]] = {}
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
            self._marks = {}  # another round's boards
            self.beginResetModel()
            self._rows = self._read()
            self.endResetModel()

    def set_marks(self, marks: dict[tuple[int, int], tuple[str, str]]) -> None:
        """Mark the boards (by White and Black) where FIDE's pairing differs; every other board agrees."""
        if marks != self._marks:
            self._marks = marks
            if self.rowCount():
                self.dataChanged.emit(self.index(0, self.FIDE), self.index(self.rowCount() - 1, self.FIDE))

    @property
    def marks(self) -> dict[tuple[int, int], tuple[str, str]]:
        return dict(self._marks)

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

    def headerData(  # Qt override
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        fide = section == self.FIDE and orientation == Qt.Orientation.Horizontal
        if fide and role == Qt.ItemDataRole.ToolTipRole:
            return f"{OTHER_PLAYERS} other players than FIDE's pairing, {OTHER_COLOURS} the colours the other way"
        return super().headerData(section, orientation, role)

    def cell(self, row: BoardRow, index: Index, role: int) -> Any:
        column, board = index.column(), row.board
        if column == self.FIDE:
            mark = self._marks.get((board.white, board.black)) if board.black is not None else None
            if mark is not None and role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
                return mark[0] if role == Qt.ItemDataRole.DisplayRole else mark[1]
            if role == Qt.ItemDataRole.TextAlignmentRole:
                return int(Qt.AlignmentFlag.AlignCenter)
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            if column == self.BOARD:
                return str(board.number)  # the number it was paired on, not the row
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
