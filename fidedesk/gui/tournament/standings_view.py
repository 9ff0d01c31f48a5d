"""Standings with the event's tie-breaks (FIDE C.07), under its edition, recomputed after every edit.

They are the standings after the last round played (:attr:`Tournament.rounds_played`, the default of
:func:`~fidedesk.core.tiebreaks.standings.standings`), as the printed ones: an entry for a round to come (a bye
requested ahead, a withdrawal's rounds) counts once its round is played, and the line above the table says the round.

The tie-breaks and their edition are the event's (:attr:`EventInfo.tiebreaks_in_use`,
:attr:`EventInfo.rules_in_use`), chosen beside the table (:mod:`.tiebreak_chooser`) and saved with it; a
line above the table says which edition of C.07 applies and why.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, Qt, Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QAbstractItemView, QHBoxLayout, QHeaderView, QVBoxLayout, QWidget

from fidedesk.core.notation import score_text, tiebreak_places, tiebreak_text
from fidedesk.core.tiebreaks.calculate import TieBreak, TieBreakRules
from fidedesk.core.tiebreaks.codes import rules_text
from fidedesk.core.tiebreaks.standings import Standing, standings
from fidedesk.gui.common.layouts import FoldButton
from fidedesk.gui.common.look import named
from fidedesk.gui.common.plain import plain_label
from fidedesk.gui.common.row_models import Index
from fidedesk.gui.files.document import TournamentDocument
from fidedesk.gui.tournament.table_copy import OUTSIDE_TEXT_ROLE, CopyTable
from fidedesk.gui.tournament.tiebreak_chooser import TieBreakChooser, tiebreak_tip
from fidedesk.publish.documents.common import so_far


def rules_line(document: TournamentDocument) -> str:
    """What the line above the standings says: the round they are after (the last round played, as the printed
    standings say it: a bye entered for a later round counts once its round is played), the edition of C.07
    and why (chosen, or auto by the date)."""
    tournament = document.tournament
    info = tournament.info
    return f"{so_far(tournament)}. Tie-breaks under {rules_text(info.tiebreak_rules, info.start)}"


class StandingsModel(QAbstractTableModel):
    """Rank (3–4 when shared), No, Name, Rtg, Pts and one column per chosen tie-break."""

    RANK, NO, NAME, RATING, POINTS = range(5)
    HEADERS = ("Rank", "No", "Name", "Rtg", "Pts")

    def __init__(self, document: TournamentDocument, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self._tiebreaks: tuple[TieBreak, ...] = ()
        self._rules: TieBreakRules
        self._rows: tuple[Standing, ...] = ()
        self._places: list[int] = []
        #: Whether a view shows the standings, or the crosstable that follows them, now (set by the views around
        #: them). Hidden, an edit only marks them stale, and :meth:`fresh` works them out when they are shown or
        #: read: at 2,000 players ranking took 40 % of the time a result key took in the Rounds view (issue 28).
        self.shown: Callable[[], bool] = lambda: True
        self.stale = False
        self._read()
        document.changed.connect(self._on_changed)

    # --- standings interface ---------------------------------------------------------------------

    @property
    def tiebreaks(self) -> tuple[TieBreak, ...]:
        """The event's tie-breaks the rows were ranked by."""
        return self._tiebreaks

    @property
    def rules(self) -> TieBreakRules:
        """The edition of C.07 the rows were worked out under."""
        return self._rules

    def standing(self, row: int) -> Standing:
        """The row's standing as the model holds it (call :meth:`fresh` first where it may be stale)."""
        return self._rows[row]

    def places(self) -> dict[int, str]:
        """Each player's place by start rank ("3", or "3–4" when shared), as the model holds them."""
        return {row.player.start_rank: row.place for row in self._rows}

    def _on_changed(self) -> None:
        if self.shown():
            self.refresh()
        else:
            self.stale = True

    def fresh(self) -> None:
        """Rank the tournament again if an edit came while no view showed the standings."""
        if self.stale:
            self.refresh()

    def refresh(self) -> None:
        """Rank the tournament again (the order may change with any edit, so the model resets)."""
        self.stale = False
        self.beginResetModel()
        self._read()
        self.endResetModel()

    def _read(self) -> None:
        info = self._document.tournament.info
        self._tiebreaks, self._rules = info.tiebreaks_in_use, info.rules_in_use
        self._rows = standings(self._document.tournament, self._tiebreaks, self._rules)
        self._places = [tiebreak_places([row.tiebreaks[i] for row in self._rows]) for i in range(len(self._tiebreaks))]

    # --- model interface -------------------------------------------------------------------------

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 (Qt override)
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 (Qt override)
        return 0 if parent.isValid() else len(self.HEADERS) + len(self._tiebreaks)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        row, column = self._rows[index.row()], index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            player = row.player
            rating = "" if player.rating is None else str(player.rating)
            shown = (row.place, str(player.start_rank), player.name, rating, score_text(row.points))
            if column < len(shown):
                return shown[column]
            return tiebreak_text(row.tiebreaks[column - len(shown)], self._places[column - len(shown)])
        if role == Qt.ItemDataRole.TextAlignmentRole and column != self.NAME:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def headerData(  # Qt override
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < self.columnCount():
            return None
        tiebreak = self._tiebreaks[section - len(self.HEADERS)] if section >= len(self.HEADERS) else None
        if role == Qt.ItemDataRole.DisplayRole:
            return tiebreak.code if tiebreak else self.HEADERS[section]
        if role == Qt.ItemDataRole.ToolTipRole and tiebreak:
            return f"{tiebreak_tip(tiebreak)}, under {self._rules.title}"
        if role == OUTSIDE_TEXT_ROLE:
            return section == self.NAME
        return None


#: The standings' least width for the tie-break choice to show beside the table by itself: narrower, the table
#: takes the width (names of 20 and more letters whole) and Tie-breaks (Alt+K) opens the choice (issue 29: at
#: 1024 x 640 the choice took 40 % of the pane and cut the names to "Aria…").
CHOOSER_FROM = 760


class StandingsWidget(QWidget):
    """The standings table, the edition line above it and, beside it, the event's tie-breaks to choose: shown
    where the pane is wide, else folded away behind its Tie-breaks button."""

    player_chosen = Signal(int)

    def __init__(self, document: TournamentDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self.model = StandingsModel(document, self)
        self.table = named(CopyTable(), "standings_table")
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setTabKeyNavigation(False)  # nothing to edit: arrows move in it, Tab goes on to the tie-breaks
        self.table.verticalHeader().hide()
        self.table.verticalHeader().setDefaultSectionSize(24)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setSectionResizeMode(StandingsModel.NAME, QHeaderView.ResizeMode.Stretch)
        self.rules_line = named(plain_label(), "tiebreak_rules_line")
        self.rules_line.setWordWrap(True)

        self.chooser = TieBreakChooser(document)
        self.tiebreak_list = self.chooser.tiebreak_list
        self.chooser_button = named(
            FoldButton(
                "Tie-brea&ks", "Show or hide the choice of tie-breaks beside the standings (Alt+K)", self.chooser,
                open_arrow=Qt.ArrowType.LeftArrow, opened_focus=self.tiebreak_list, folded_focus=self.table,
            ),
            "tiebreak_fold",
        )  # fmt: skip
        above = QHBoxLayout()
        above.addWidget(self.rules_line, 1)
        above.addWidget(self.chooser_button, 0, Qt.AlignmentFlag.AlignTop)
        table_side = QVBoxLayout()
        table_side.addLayout(above)
        table_side.addWidget(self.table, 1)
        layout = QHBoxLayout(self)
        layout.addLayout(table_side, 1)
        layout.addWidget(self.chooser)
        QWidget.setTabOrder(self.table, self.tiebreak_list)
        # reached by Alt+K, not by Tab: the view shown (Alt+3, Ctrl+Tab) puts the keyboard on the first widget of
        # its focus chain, which is to be the table, and Tab from the table goes on to the list
        self.chooser_button.setFocusPolicy(Qt.FocusPolicy.ClickFocus)

        document.changed.connect(self._show_rules)
        self.table.selectionModel().currentRowChanged.connect(self._on_current_row)
        self._show_rules()

    def chosen(self) -> list[TieBreak]:
        """The ticked tie-breaks in list order."""
        return self.chooser.chosen()

    def resizeEvent(self, event: QResizeEvent) -> None:  # Qt override
        super().resizeEvent(event)
        self.chooser_button.follow(event.size().width() >= CHOOSER_FROM)

    def _show_rules(self) -> None:
        self.rules_line.setText(rules_line(self._document))

    def _on_current_row(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if current.isValid():
            self.player_chosen.emit(self.model.standing(current.row()).player.start_rank)
