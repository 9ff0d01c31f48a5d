"""The rating list's two questions: what a download is before it is imported, and what an update changes."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QDate, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDateEdit,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHeaderView,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from fidedesk.core.tournament import BirthDate
from fidedesk.core.values import birth_text, counted
from fidedesk.gui.common.look import named
from fidedesk.gui.common.plain import give_keys, plain_label
from fidedesk.gui.common.row_models import Index, RowTableModel
from fidedesk.gui.common.screen import fit
from fidedesk.io.ratinglist.fide_list import ListKind, ListSource, Month
from fidedesk.io.ratinglist.store import Update


class ImportListDialog(QDialog):
    """Confirm what a download is before it is imported: its kind and the month it is the list of."""

    def __init__(self, source: ListSource, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Import FIDE Rating List")
        self.kind = named(QComboBox(), "list_kind")
        for kind in ListKind:
            self.kind.addItem(
                {"combined": "Standard, rapid and blitz (combined)"}.get(kind.value, kind.value.title()), kind
            )
        self.kind.setCurrentIndex(self.kind.findData(source.kind) if source.kind else 1)
        self.kind.setEnabled(source.kind is None or source.kind is not ListKind.COMBINED)
        self.month = named(QDateEdit(), "list_month")
        self.month.setDisplayFormat("MMMM yyyy")
        self.month.setCalendarPopup(False)
        today = dt.date.today()
        month = source.month or Month(today.year, today.month)
        self.month.setDate(QDate(month.year, month.month, 1))
        found = f"from {source.month_from}" if source.month else "not found in the file: say which"
        form = QFormLayout()
        form.addRow("File:", plain_label(f"{source.path.name} › {source.member} ({'XML' if source.xml else 'text'})"))
        form.addRow("&List:", self.kind)
        form.addRow("&Month:", self.month)
        form.addRow(
            "", named(plain_label(f"Month {found}. A list is in force from the first day of its month."), "month_note")
        )
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("&Import")
        give_keys(buttons)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(buttons)

    def choice(self) -> tuple[Month, ListKind]:
        date = self.month.date()
        return Month(date.year(), date.month()), self.kind.currentData()


def _shown(field: str, value: object) -> str:
    if value is None:
        return {"rating": "unrated", "k": "by the rules", "birth": "unknown"}.get(field, "unknown")
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, BirthDate):
        return birth_text(value)
    return str(value) or "none"


_FIELD_NAMES = {
    "rating": "Rating", "title": "Title", "federation": "Federation", "birth": "Born", "k": "K",
    "ever_2400": "Reached 2400", "standard_rating": "Standard rating",
}  # fmt: skip


class UpdatesModel(RowTableModel[Update]):
    HEADERS = ("No", "Player", "Detail", "Now", "From the list")

    def cell(self, row: Update, index: Index, role: int) -> Any:
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        return (
            str(row.start_rank), row.name, _FIELD_NAMES.get(row.field, row.field),
            _shown(row.field, row.old), _shown(row.field, row.new),
        )[index.column()]  # fmt: skip


class UpdatesDialog(QDialog):
    """The changes "Update Ratings from List" would make, for the arbiter to accept or not."""

    def __init__(self, updates: Sequence[Update], summary: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Update Ratings from List")
        self.model = UpdatesModel(self)
        self.model.set_rows(updates)
        table = named(QTableView(), "updates")
        table.setModel(self.model)
        table.verticalHeader().hide()
        table.verticalHeader().setDefaultSectionSize(table.fontMetrics().height() + 8)
        table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        table.setAlternatingRowColors(True)
        table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        table.horizontalHeader().setStretchLastSection(True)
        label = named(plain_label(summary), "updates_summary")
        label.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText(f"&Apply {counted(len(updates), 'change')}")
        give_keys(buttons)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(label)
        layout.addWidget(table, 1)
        layout.addWidget(buttons)
        fit(self, 720, 460)
