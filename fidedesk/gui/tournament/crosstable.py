"""The crosstable: the n × n grid of a round robin, or the rounds of a Swiss, with totals and rank. Read-only.

Round robin cells hold the row player's result against the column player (1, ½, 0, + and −; X on
the diagonal; both games of a double round robin side by side). Swiss cells hold "opponent, colour,
result" per round (12w1, 5b½), and a bye its score after a dash (-½).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, Qt
from PySide6.QtGui import QBrush, QColor

from fidedesk.core.editing import rounds_count
from fidedesk.core.notation import CELL_TEXT, cell_text, score_text
from fidedesk.core.tournament import Player, Tournament
from fidedesk.gui.common.plain import tip
from fidedesk.gui.common.row_models import Index
from fidedesk.gui.files.document import TournamentDocument
from fidedesk.gui.tournament.standings_view import StandingsModel
from fidedesk.gui.tournament.table_copy import OUTSIDE_TEXT_ROLE

#: A result in a cell: the played ones as FIDE prints them, forfeits as + and −, unplayed games in brackets.
_DIAGONAL = QColor("#d9d9d9")
#: An entry of a round not played yet (a bye entered ahead, a withdrawal's rounds): shown, not counted yet.
_TO_COME = QColor("#8a8a8a")


class CrosstableModel(QAbstractTableModel):
    """Rows are players by start rank: No, Name, Rtg, then the grid or the rounds, then Pts and Rank."""

    NO, NAME, RATING = range(3)

    def __init__(self, document: TournamentDocument, standings: StandingsModel, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self._standings = standings
        self._players: tuple[Player, ...] = ()
        self._round_robin = False
        self._rounds = 0
        self._tournament: Tournament = document.tournament
        self._places: dict[int, str] = {}
        self._read()
        # the standings are worked out once per edit or choice of tie-breaks, and ranked first: follow them
        standings.modelReset.connect(self.refresh)
        # while they wait, hidden (StandingsModel.shown), an edit that changes the grid's shape (a player, a round)
        # is read at once: the views' layout follows the crosstable's width even while it is hidden
        document.changed.connect(self._on_changed)

    # --- crosstable interface --------------------------------------------------------------------

    @property
    def round_robin(self) -> bool:
        return self._round_robin

    def middle_columns(self) -> int:
        """Columns between Rtg and Pts: one per player (round robin) or per round (Swiss)."""
        return len(self._players) if self._round_robin else self._rounds

    def player_at(self, row: int) -> Player:
        return self._players[row]

    def _on_changed(self) -> None:
        if not self._standings.stale:
            return  # the standings were ranked again, and this model with them
        tournament = self._document.tournament
        shape = (len(tournament.players), tournament.info.system.is_round_robin, rounds_count(tournament))
        if shape != (len(self._players), self._round_robin, self._rounds):
            self.refresh()

    def refresh(self) -> None:
        """Read the tournament again (the shape may change with any edit, so the model resets)."""
        self.beginResetModel()
        self._read()
        self.endResetModel()

    def _read(self) -> None:
        tournament: Tournament = self._document.tournament
        self._tournament = tournament
        self._players = tuple(sorted(tournament.players, key=lambda player: player.start_rank))
        self._round_robin = tournament.info.system.is_round_robin
        self._rounds = rounds_count(tournament)
        self._places = self._standings.places()

    def _grid_text(self, player: Player, column: int) -> str:
        opponent = self._players[column]
        if opponent.start_rank == player.start_rank:
            return "X"
        # both games of a double round robin, in round order, apart so that "1 ½" cannot read as 1½
        return " ".join(CELL_TEXT[e.result] for e in player.rounds if e.opponent == opponent.start_rank)

    def _round_text(self, player: Player, round_: int) -> str:
        entry = next((e for e in player.rounds if e.round == round_), None)
        return "" if entry is None else cell_text(entry)

    def _round_tip(self, player: Player, round_: int) -> str | None:
        """Round 3: black against 12. Vasiliev Maxim, ½."""
        entry = next((e for e in player.rounds if e.round == round_), None)
        if entry is None:
            return None
        if entry.opponent is None:
            later = f", counted once round {round_} is played" if round_ > self._tournament.rounds_played else ""
            return f"Round {round_}: {entry.result.reason_not_rated or 'bye'}{later}"
        opponent = next((p for p in self._players if p.start_rank == entry.opponent), None)
        colour = {"w": "white", "b": "black"}.get(entry.color or "", "")
        name = f"{entry.opponent}. {opponent.name}" if opponent else str(entry.opponent)
        return f"Round {round_}: {colour} against {name}, {CELL_TEXT[entry.result]}"

    # --- model interface -------------------------------------------------------------------------

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 (Qt override)
        return 0 if parent.isValid() else len(self._players)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 (Qt override)
        return 0 if parent.isValid() else 3 + self.middle_columns() + 2

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._players):
            return None
        player, column = self._players[index.row()], index.column()
        middle = column - 3
        if role == Qt.ItemDataRole.DisplayRole:
            if column == self.NO:
                return str(player.start_rank)
            if column == self.NAME:
                return player.name
            if column == self.RATING:
                return "" if player.rating is None else str(player.rating)
            if middle < self.middle_columns():
                return self._grid_text(player, middle) if self._round_robin else self._round_text(player, middle + 1)
            if middle == self.middle_columns():
                return score_text(self._tournament.points(player))
            return self._places.get(player.start_rank, "")
        if role == Qt.ItemDataRole.ToolTipRole and 0 <= middle < self.middle_columns() and not self._round_robin:
            return tip(self._round_tip(player, middle + 1))
        if role == Qt.ItemDataRole.TextAlignmentRole and column != self.NAME:
            return int(Qt.AlignmentFlag.AlignCenter)
        if role == Qt.ItemDataRole.BackgroundRole and self._round_robin and middle == index.row():
            return QBrush(_DIAGONAL)
        to_come = not self._round_robin and self._tournament.rounds_played < middle + 1 <= self.middle_columns()
        if role == Qt.ItemDataRole.ForegroundRole and to_come:
            return QBrush(_TO_COME)
        return None

    def headerData(  # Qt override
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < self.columnCount():
            return None
        if role == OUTSIDE_TEXT_ROLE:
            return section == self.NAME
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        fixed = ("No", "Name", "Rtg")
        if section < 3:
            return fixed[section]
        middle = section - 3
        if middle < self.middle_columns():
            return str(self._players[middle].start_rank) if self._round_robin else f"R{middle + 1}"
        return "Pts" if middle == self.middle_columns() else "Rank"
