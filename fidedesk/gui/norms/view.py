"""The Norms view: every player's title norms after the last round played, candidates first, and the selected
norm's conditions under them (FIDE B.01 2024, worked out by ``core.norms.forecast.norms``).

Read only. The norms are worked out again after every edit, but only while the view is shown: hidden, an edit
only marks them stale and showing the view works them out (0.07-0.4 s at 500 players). The event's fields
that only norms read (event type, rounds a day, the arbiter's title and FIDE ID, organiser) are typed above the
table (:mod:`fidedesk.gui.norms.event_fields`).
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import QResizeEvent, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from fidedesk.core.norms.forecast import NormRow, Status, candidates_first, norms, planned_rounds
from fidedesk.core.norms.rules import AUTO, NoNormRulesError, norm_rules
from fidedesk.gui.common.layouts import FoldButton
from fidedesk.gui.common.look import named
from fidedesk.gui.common.plain import plain_label
from fidedesk.gui.files.document import TournamentDocument
from fidedesk.gui.norms.event_fields import NormEventFields
from fidedesk.gui.norms.models import ConditionsModel, NormsModel, norm_key

#: The view's least height for the event's fields to show above the norms by themselves: lower (a 1024 x 640
#: window), they fold behind their button and the norms table gets their two rows.
FIELDS_FROM = 340

#: Rows measured to size the norms table's columns.
SAMPLED_ROWS = 40

#: The norms table's and the conditions table's shares of the view's height, until the divider is dragged: at
#: 1024 x 640 the conditions (8 to 10 of them) need more than a quarter to show a few lines.
SHARES = (3, 2)


def _read_only_table(name: str) -> QTableView:
    table = named(QTableView(), name)
    table.verticalHeader().hide()
    table.verticalHeader().setDefaultSectionSize(24)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setTabKeyNavigation(False)  # read only: arrows move in it, Tab leaves it
    table.setWordWrap(False)
    table.horizontalHeader().setStretchLastSection(True)
    return table


class NormsWidget(QWidget):
    """A line saying the rules and the round; the event's fields for norms; the norms table; the selected norm's
    conditions."""

    def __init__(self, document: TournamentDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.stale = True
        self.rules_line = plain_label()
        self.rules_line.setWordWrap(True)
        self.fields = NormEventFields(document)
        self.model = NormsModel(self)
        self.table = _read_only_table("norms_table")
        self.table.setModel(self.model)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(NormsModel.WHY, QHeaderView.ResizeMode.Stretch)
        # widths from the first rows only: measuring every cell of a big Swiss's norms took longer than the norms
        header.setResizeContentsPrecision(SAMPLED_ROWS)
        self.conditions = ConditionsModel(self)
        self.conditions_table = _read_only_table("norm_conditions_table")
        self.conditions_table.setModel(self.conditions)
        self.conditions_table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.conditions_table.horizontalHeader().setSectionResizeMode(
            ConditionsModel.TEXT, QHeaderView.ResizeMode.Stretch
        )
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        self.fields_button = named(
            FoldButton(
                "Event fields", "Show or hide the event's fields for norms: event type, rounds a day, arbiter",
                self.fields, open_arrow=Qt.ArrowType.DownArrow, opened_focus=self.fields.type_box,
                folded_focus=self.table,
            ),
            "norm_fields_fold",
        )  # fmt: skip
        above = QHBoxLayout()
        above.addWidget(self.rules_line, 1)
        above.addWidget(self.fields_button, 0, Qt.AlignmentFlag.AlignTop)
        layout.addLayout(above)
        layout.addWidget(self.fields)
        self.splitter = named(QSplitter(Qt.Orientation.Vertical), "norms_splitter")
        self.splitter.setChildrenCollapsible(False)
        self.splitter.addWidget(self.table)
        self.splitter.addWidget(self.conditions_table)
        for number, share in enumerate(SHARES):
            self.splitter.setStretchFactor(number, share)
        layout.addWidget(self.splitter)
        self.table.selectionModel().currentRowChanged.connect(self._on_current)
        document.changed.connect(self._on_changed)
        document.was_reset.connect(self._on_changed)

    def resizeEvent(self, event: QResizeEvent) -> None:  # Qt override
        super().resizeEvent(event)
        self.fields_button.follow(event.size().height() >= FIELDS_FROM)

    def showEvent(self, event: QShowEvent) -> None:  # Qt override
        super().showEvent(event)
        if self.stale:
            self.refresh()

    def _on_changed(self) -> None:
        self.stale = True
        if self.isVisible():
            self.refresh()

    def refresh(self) -> None:
        """Work the norms out again after the last round played, keeping the selected norm current."""
        self.stale = False
        tournament = self.document.tournament
        current = self.table.currentIndex()
        kept = norm_key(self.model.row(current.row())) if current.isValid() else None
        try:
            rules = norm_rules(AUTO, tournament.info.start)
        except NoNormRulesError as error:
            self.rules_line.setText(f"No norms: {error}")
            self.model.set_rows([])
            self.conditions.set_rows([])
            return
        after = tournament.rounds_played
        rows = candidates_first(norms(tournament, after, None, rules))
        self.rules_line.setText(
            f"Norms under {rules.text}, after round {after} of {planned_rounds(tournament, after)}: "
            f"{self._counts(rows)}"
        )
        self.model.set_rows(rows, key=norm_key)
        place = next((number for number, row in enumerate(rows) if norm_key(row) == kept), None)
        if place is not None:
            self.table.setCurrentIndex(self.model.index(place, max(current.column(), 0)))
        self._show_conditions(self.table.currentIndex())

    @staticmethod
    def _counts(rows: list[NormRow]) -> str:
        if not rows:
            return "no player is a candidate for a norm."
        by_status = [sum(1 for row in rows if row.status is status) for status in (Status.ACHIEVED, Status.POSSIBLE)]
        return f"{by_status[0]} achieved, {by_status[1]} possible, {len(rows) - sum(by_status)} out of reach."

    def first_field(self) -> QTableView:
        """The table, on its first row when none is current (so that the arrows work at once)."""
        if not self.table.currentIndex().isValid() and self.model.rowCount():
            self.table.setCurrentIndex(self.model.index(0, 0))
        return self.table

    def _on_current(self, current: QModelIndex, _previous: QModelIndex) -> None:
        self._show_conditions(current)

    def _show_conditions(self, current: QModelIndex) -> None:
        self.conditions.set_rows(self.model.row(current.row()).conditions if current.isValid() else [])
