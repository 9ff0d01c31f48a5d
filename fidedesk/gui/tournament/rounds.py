"""One round's boards as a table model, and the edits the round view makes: results by key, pasted rounds.

The edits are worked out here as pure functions over :mod:`fidedesk.core.editing`, so the view's
slots only gather the board and the key and hand the new tournament to the document (one undo step).
"""

from __future__ import annotations

import dataclasses
from typing import Any, Final

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, Qt
from PySide6.QtGui import QBrush, QColor

from fidedesk.core.editing import Board, EditError, boards, entry_for, give_bye, pair, set_result, unpair
from fidedesk.core.results import ResultCode as R
from fidedesk.core.tournament import Tournament
from fidedesk.gui.calculator.figures import Index
from fidedesk.gui.document import TournamentDocument

#: How a board's result reads, from white's code (and black's, for a double forfeit).
_RESULT_TEXT: Final[dict[R, str]] = {
    R.WIN: "1-0", R.DRAW: "½-½", R.LOSS: "0-1", R.FORFEIT_WIN: "+--", R.FORFEIT_LOSS: "--+",
    R.WIN_UNPLAYED: "1-0 u", R.DRAW_UNPLAYED: "½-½ u", R.LOSS_UNPLAYED: "0-1 u", R.PENDING: "?",
    R.HALF_BYE: "bye ½", R.FULL_BYE: "bye 1", R.PAIRING_BYE: "bye 1 (pairing)", R.ZERO_BYE: "bye 0",
}  # fmt: skip

#: The keys of fast result entry and white's result they give.
RESULT_KEYS: Final[dict[str, R]] = {
    "1": R.WIN, "0": R.LOSS, "=": R.DRAW, "5": R.DRAW, "½": R.DRAW, "+": R.FORFEIT_WIN, "-": R.FORFEIT_LOSS,
}  # fmt: skip

#: On a bye board the same keys choose the kind of bye.
_BYE_FOR: Final[dict[R, R]] = {R.WIN: R.FULL_BYE, R.DRAW: R.HALF_BYE, R.LOSS: R.ZERO_BYE}

#: A double forfeit (both players lose without playing): not a single code from white's side.
DOUBLE_FORFEIT: Final[str] = "-/-"

#: Results as a spreadsheet writes them; "" is a pairing without a result yet.
_PASTED: Final[dict[str, R | str]] = {
    "1-0": R.WIN, "1:0": R.WIN, "½-½": R.DRAW, "1/2-1/2": R.DRAW, "0.5-0.5": R.DRAW, "½:½": R.DRAW, "=": R.DRAW,
    "0-1": R.LOSS, "0:1": R.LOSS, "+--": R.FORFEIT_WIN, "+-": R.FORFEIT_WIN, "+/-": R.FORFEIT_WIN,
    "--+": R.FORFEIT_LOSS, "-+": R.FORFEIT_LOSS, "-/+": R.FORFEIT_LOSS,
    "0-0": DOUBLE_FORFEIT, "-/-": DOUBLE_FORFEIT, "---": DOUBLE_FORFEIT, "": R.PENDING,
}  # fmt: skip
_PASTED_BYES: Final[dict[str, R]] = {"1": R.PAIRING_BYE, "½": R.HALF_BYE, "1/2": R.HALF_BYE, "0.5": R.HALF_BYE,
                                     "0": R.ZERO_BYE}  # fmt: skip


def result_text(white: R, black: R | None = None) -> str:
    """A board's result as the arbiter reads it: 1-0, ½-½, +--, -/-, bye ½, ? ..."""
    if white is R.FORFEIT_LOSS and black is R.FORFEIT_LOSS:
        return DOUBLE_FORFEIT
    return _RESULT_TEXT[white]


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
        if result not in _PASTED_BYES:
            raise EditError(f"“{result}” is not a bye's score (1, ½, 0)")
        return give_bye(tournament, round_, white, _PASTED_BYES[result])
    black = _start_rank(black_text)
    code = _PASTED.get(result.replace(" ", "").replace("–", "-"))
    if code is None:
        raise EditError(f"“{result}” is not a result (1-0, ½-½, 0-1, +--, --+, 0-0, blank)")
    for rank in (white, black):
        tournament.player(rank)  # KeyError names a start rank not in the event
    entry = entry_for(tournament.player(white), round_)
    if entry is not None and entry.opponent == black and entry.color == "w":
        if code == DOUBLE_FORFEIT:
            return double_forfeit(unpair(tournament, round_, white), round_, white, black)
        assert isinstance(code, R)
        return set_result(tournament, round_, white, code)
    if code == DOUBLE_FORFEIT:
        return double_forfeit(tournament, round_, white, black)
    assert isinstance(code, R)
    return pair(tournament, round_, white, black, code)


def _start_rank(text: str) -> int:
    if not text.isdigit():
        raise EditError(f"“{text}” is not a start rank")
    return int(text)


@dataclasses.dataclass(frozen=True)
class BoardRow:
    """One board as shown: the core's Board and black's own code (they differ only in a double forfeit)."""

    board: Board
    black_result: R | None


class RoundModel(QAbstractTableModel):
    """The boards of one round: Board, White, Black, Result. Read-only; edits go through the document."""

    BOARD, WHITE, BLACK, RESULT = range(4)
    HEADERS = ("Board", "White", "Black", "Result")

    def __init__(self, document: TournamentDocument, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self._round = 1
        self._rows: list[BoardRow] = self._read()
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
        return self._rows[row].board

    def refresh(self) -> None:
        """Read the round again: the same pairings change in place (the selection stays), others reset."""
        rows = self._read()
        if [(r.board.white, r.board.black) for r in rows] == [(r.board.white, r.board.black) for r in self._rows]:
            self._rows = rows
            if rows:  # every row: a player's name or rating may have changed as well as a result
                self.dataChanged.emit(self.index(0, 0), self.index(len(rows) - 1, self.RESULT))
            return
        self.beginResetModel()
        self._rows = rows
        self.endResetModel()

    def _read(self) -> list[BoardRow]:
        tournament = self._document.tournament
        rows = []
        for board in boards(tournament, self._round):
            black = entry_for(tournament.player(board.black), self._round) if board.black is not None else None
            rows.append(BoardRow(board, black.result if black is not None else None))
        return rows

    def _player_text(self, rank: int | None) -> str:
        if rank is None:
            return "—"
        player = self._document.tournament.player(rank)
        rating = f"  ({player.rating})" if player.rating is not None else ""
        return f"{rank}. {player.name}{rating}"

    # --- model interface -------------------------------------------------------------------------

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 (Qt override)
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 (Qt override)
        return 0 if parent.isValid() else len(self.HEADERS)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        row, column = self._rows[index.row()], index.column()
        board = row.board
        if role == Qt.ItemDataRole.DisplayRole:
            if column == self.BOARD:
                return str(index.row() + 1)
            if column == self.RESULT:
                return result_text(board.result, row.black_result)
            return self._player_text(board.white if column == self.WHITE else board.black)
        if role == Qt.ItemDataRole.TextAlignmentRole and column in (self.BOARD, self.RESULT):
            return int(Qt.AlignmentFlag.AlignCenter)
        if role == Qt.ItemDataRole.BackgroundRole and column == self.RESULT and board.result is R.PENDING:
            return QBrush(QColor("#fff6d5"))  # the boards still to enter stand out
        return None

    def headerData(  # Qt override
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return self.HEADERS[section] if 0 <= section < len(self.HEADERS) else None
        return None
