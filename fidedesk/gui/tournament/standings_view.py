"""Standings with the tie-breaks the arbiter chooses (FIDE C.07), recomputed after every edit.

The choice is a checkable, reorderable list of FIDE's tie-breaks, remembered in the settings
(``Settings.tiebreaks``) from one session to the next.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from fidedesk.core.notation import fixed, score_text
from fidedesk.core.standings import Standing, standings
from fidedesk.core.tiebreaks import DEFAULT_TIEBREAKS, KNOWN_TIEBREAKS, TieBreak, TieBreakValue
from fidedesk.gui.calculator.look import named
from fidedesk.gui.document import TournamentDocument
from fidedesk.gui.plain import plain_label
from fidedesk.gui.row_models import Index
from fidedesk.gui.settings import Settings
from fidedesk.gui.shortcuts import view_action
from fidedesk.gui.tournament.table_copy import OUTSIDE_TEXT_ROLE, CopyTable


def value_text(value: TieBreakValue, places: int = 2) -> str:
    """A tie-break value: points with ``places`` decimals, counts and ratings as they are, blank for none."""
    if value is None:
        return ""
    if isinstance(value, Fraction):
        return fixed(value, places)
    return str(value)


def column_places(values: Sequence[TieBreakValue]) -> int:
    """Decimals a column of tie-break values needs, the same for every row: 0, 1 (halves) or 2 (quarters)."""
    denominators = {value.denominator for value in values if isinstance(value, Fraction)}
    return 0 if denominators <= {1} else 1 if denominators <= {1, 2} else 2


class StandingsModel(QAbstractTableModel):
    """Rank (3–4 when shared), No, Name, Rtg, Pts and one column per chosen tie-break."""

    RANK, NO, NAME, RATING, POINTS = range(5)
    HEADERS = ("Rank", "No", "Name", "Rtg", "Pts")

    def __init__(
        self,
        document: TournamentDocument,
        tiebreaks: Sequence[TieBreak] = DEFAULT_TIEBREAKS,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._document = document
        self._tiebreaks = tuple(tiebreaks)
        self._rows: tuple[Standing, ...] = ()
        self._places: list[int] = []
        self._read()
        document.changed.connect(self.refresh)

    # --- standings interface ---------------------------------------------------------------------

    @property
    def tiebreaks(self) -> tuple[TieBreak, ...]:
        return self._tiebreaks

    def set_tiebreaks(self, tiebreaks: Sequence[TieBreak]) -> None:
        """Rank again with ``tiebreaks`` after points, in that order."""
        if tuple(tiebreaks) != self._tiebreaks:
            self._tiebreaks = tuple(tiebreaks)
            self.refresh()

    def standing(self, row: int) -> Standing:
        return self._rows[row]

    def places(self) -> dict[int, str]:
        """Each player's place by start rank ("3", or "3–4" when shared)."""
        return {row.player.start_rank: row.place for row in self._rows}

    def refresh(self) -> None:
        """Rank the tournament again (the order may change with any edit, so the model resets)."""
        self.beginResetModel()
        self._read()
        self.endResetModel()

    def _read(self) -> None:
        self._rows = standings(self._document.tournament, self._tiebreaks)
        self._places = [column_places([row.tiebreaks[i] for row in self._rows]) for i in range(len(self._tiebreaks))]

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
            return value_text(row.tiebreaks[column - len(shown)], self._places[column - len(shown)])
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
            return f"{tiebreak.label} (C.07 {tiebreak.article})"
        if role == OUTSIDE_TEXT_ROLE:
            return section == self.NAME
        return None


class StandingsWidget(QWidget):
    """The standings table and, beside it, the tie-breaks to use: tick them, drag them into order.

    The choice is read from ``settings`` and written back on every change; without settings it lasts
    as long as the widget.
    """

    player_chosen = Signal(int)
    tiebreaks_changed = Signal()

    def __init__(
        self, document: TournamentDocument, settings: Settings | None = None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self._settings = settings
        chosen = list(settings.tiebreaks if settings is not None else DEFAULT_TIEBREAKS)
        self.model = StandingsModel(document, chosen, self)
        self.table = named(CopyTable(), "standings_table")
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setTabKeyNavigation(False)  # nothing to edit: arrows move in it, Tab goes on to the tie-breaks
        self.table.verticalHeader().hide()
        self.table.verticalHeader().setDefaultSectionSize(24)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setSectionResizeMode(StandingsModel.NAME, QHeaderView.ResizeMode.Stretch)

        self.tiebreak_list = named(QListWidget(), "tiebreak_list")
        self.tiebreak_list.setDragDropMode(QAbstractItemView.DragDropMode.InternalMove)
        for tiebreak in [*chosen, *(t for t in KNOWN_TIEBREAKS if t not in chosen)]:
            item = QListWidgetItem(f"{tiebreak.code}: {tiebreak.label}")
            item.setToolTip(f"{tiebreak.label} (C.07 {tiebreak.article})")
            item.setData(Qt.ItemDataRole.UserRole, tiebreak)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked if tiebreak in chosen else Qt.CheckState.Unchecked)
            self.tiebreak_list.addItem(item)
        self.tiebreak_list.setFixedWidth(210)
        self.tiebreak_list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.tiebreak_list.setTextElideMode(Qt.TextElideMode.ElideRight)
        # by keyboard too: Tab from the table, Space ticks, Ctrl+Up/Down moves the current one
        self.move_actions = [
            view_action(self.tiebreak_list, "Move tie-break up", ["Ctrl+Up"], lambda: self.move_current(-1)),
            view_action(self.tiebreak_list, "Move tie-break down", ["Ctrl+Down"], lambda: self.move_current(1)),
        ]
        self.tiebreak_list.setToolTip("Space ticks the current tie-break; Ctrl+Up and Ctrl+Down move it")
        title = plain_label("Tie-breaks (tick; drag or Ctrl+↑↓ to order)")
        side = QVBoxLayout()
        side.addWidget(title)
        side.addWidget(self.tiebreak_list, 1)
        layout = QHBoxLayout(self)
        layout.addWidget(self.table, 1)
        layout.addLayout(side)

        self.tiebreak_list.itemChanged.connect(self._on_choice_changed)
        self.tiebreak_list.model().rowsMoved.connect(self._on_choice_changed)
        self.table.selectionModel().currentRowChanged.connect(self._on_current_row)

    def chosen(self) -> list[TieBreak]:
        """The ticked tie-breaks in list order."""
        items = (self.tiebreak_list.item(row) for row in range(self.tiebreak_list.count()))
        return [item.data(Qt.ItemDataRole.UserRole) for item in items if item.checkState() == Qt.CheckState.Checked]

    def move_current(self, step: int) -> None:
        """Move the current tie-break ``step`` places up (-1) or down (+1) in the order, staying on it."""
        row = self.tiebreak_list.currentRow()
        target = row + step
        if row < 0 or not 0 <= target < self.tiebreak_list.count():
            return
        item = self.tiebreak_list.takeItem(row)
        self.tiebreak_list.insertItem(target, item)
        self.tiebreak_list.setCurrentRow(target)
        self._on_choice_changed()

    def _on_choice_changed(self, *_args: object) -> None:
        chosen = tuple(self.chosen())
        self.model.set_tiebreaks(chosen)
        if self._settings is not None:
            self._settings.tiebreaks = chosen
        self.tiebreaks_changed.emit()

    def _on_current_row(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if current.isValid():
            self.player_chosen.emit(self.model.standing(current.row()).player.start_rank)
