"""The Excel import wizard: the sheet, its header row and layout, each column's meaning, a live preview.

The workbook has been read already (off the GUI thread, :mod:`fidedesk.gui.common.background`); this dialog
only edits an :class:`~fidedesk.io.excel.importing.ImportPlan`. Every change builds the tournament again
(:func:`~fidedesk.io.excel.importing.build`, which never changes anything) and shows what would be imported:
the first rows as they will be read, every problem with its place (``Results!D7``), and how many rows
will be imported and skipped. Nothing reaches the open tournament until the user presses Import.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from PySide6.QtCore import QAbstractItemModel, QObject, Qt, QTimer
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QSpinBox,
    QSplitter,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from fidedesk.core.notation import score_text
from fidedesk.core.values import counted
from fidedesk.gui.common.look import STYLE, UNCOUNTED_GREY, named, say
from fidedesk.gui.common.plain import bold, give_keys, plain_label, rich_label, tip, title_text
from fidedesk.gui.common.row_models import Index, RowTableModel
from fidedesk.gui.common.screen import fit
from fidedesk.io.excel.grid import SheetGrid, column_letters
from fidedesk.io.excel.importing import (
    Column,
    Field,
    ImportPlan,
    ImportResult,
    Layout,
    PreviewRow,
    Problem,
    SheetPlan,
    build,
    detect_layout,
    map_columns,
    other_rounds,
    preview_rows,
    propose,
    propose_sheet,
    sheet_rounds,
)

#: Rows the preview shows; the problems list covers the whole workbook.
PREVIEW_ROWS = 30
#: Milliseconds after the last change before the workbook is read again (typing a row number).
REBUILD_DELAY = 120
_PROBLEM = QColor("#fde2e2")


def header_text(grid: SheetGrid, header_row: int, column: int) -> str:
    value = grid.value(header_row, column)
    return "" if value is None else str(value).strip()


# ---------------------------------------------------------------------------------------------- models


@dataclasses.dataclass(frozen=True)
class MappingRow:
    """One column of the sheet: its letter, its header, an example value, and what it is read as."""

    column: int
    header: str
    example: str
    reads_as: Column


class MappingModel(RowTableModel[MappingRow]):
    """Column, Header, Example, Read as — the last editable (a list of the fields)."""

    HEADERS = ("Column", "Header", "Example", "Read as")
    COLUMN, HEADER, EXAMPLE, READS_AS = range(4)

    def cell(self, row: MappingRow, index: Index, role: int) -> Any:
        column = index.column()
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            return (column_letters(row.column), row.header, row.example, row.reads_as.label)[column]
        if role == Qt.ItemDataRole.ForegroundRole and row.reads_as.field is Field.IGNORE:
            return QBrush(UNCOUNTED_GREY)
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        flags = super().flags(index)
        return flags | Qt.ItemFlag.ItemIsEditable if index.column() == self.READS_AS else flags


class FieldDelegate(QStyledItemDelegate):
    """The "Read as" cell edits as a list of the fields a column can hold."""

    def __init__(self, dialog: ExcelImportDialog) -> None:
        super().__init__(dialog)
        self._dialog = dialog

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem, index: Index) -> QWidget:  # Qt override
        editor = QComboBox(parent)
        for field in Field:
            editor.addItem(field.label, field)
        return editor

    def setEditorData(self, editor: QWidget, index: Index) -> None:  # Qt override
        assert isinstance(editor, QComboBox)
        row = self._dialog.mapping.row(index.row())
        editor.setCurrentIndex(max(0, editor.findData(row.reads_as.field)))

    def setModelData(self, editor: QWidget, model: QAbstractItemModel, index: Index) -> None:  # Qt override
        assert isinstance(editor, QComboBox)
        field = editor.currentData()
        if isinstance(field, Field):
            self._dialog.set_column_field(self._dialog.mapping.row(index.row()).column, field)


class PreviewModel(RowTableModel[PreviewRow]):
    """The first rows below the header as they will be read: Row, then each mapped column."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._columns: list[tuple[int, str]] = []  # (sheet column, header)

    def show(self, rows: Sequence[PreviewRow], columns: Sequence[tuple[int, str]]) -> None:
        self.beginResetModel()
        self._columns = list(columns)
        self._rows = list(rows)
        self.endResetModel()

    def columnCount(self, parent: Index | None = None) -> int:  # Qt override
        return 0 if parent is not None and parent.isValid() else 1 + len(self._columns)

    def headerData(  # Qt override
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if role != Qt.ItemDataRole.DisplayRole or orientation != Qt.Orientation.Horizontal:
            return None
        if section == 0:
            return "Row"
        return self._columns[section - 1][1] if 0 < section <= len(self._columns) else None

    def cell(self, row: PreviewRow, index: Index, role: int) -> Any:
        column = index.column()
        found = None
        if column > 0:
            sheet_column = self._columns[column - 1][0]
            found = next((cell for cell in row.cells if cell.column == sheet_column), None)
        if role == Qt.ItemDataRole.DisplayRole:
            if column == 0:
                return str(row.row + 1)
            return found.shown if found is not None else ""
        if role == Qt.ItemDataRole.ToolTipRole:
            return tip(found.problem if found is not None and found.problem else row.problem)
        if role == Qt.ItemDataRole.BackgroundRole and found is not None and found.problem:
            return QBrush(_PROBLEM)
        if role == Qt.ItemDataRole.ForegroundRole and row.status != "import":
            return QBrush(UNCOUNTED_GREY)
        if role == Qt.ItemDataRole.FontRole and row.status == "skip":
            font = QFont()
            font.setStrikeOut(True)
            return font
        return None


class ProblemsModel(RowTableModel[Problem]):
    """Where and what, every problem of the workbook at once."""

    HEADERS = ("Where", "Problem")

    def cell(self, row: Problem, index: Index, role: int) -> Any:
        if role == Qt.ItemDataRole.DisplayRole:
            return (row.where, row.message)[index.column()]
        if role == Qt.ItemDataRole.ToolTipRole:
            return tip((row.where, row.message)[index.column()])
        return None


# ---------------------------------------------------------------------------------------------- dialog


class ExcelImportDialog(QDialog):
    """Choose what to import from a workbook already read; :attr:`outcome` is what Import gives."""

    def __init__(self, grids: Sequence[SheetGrid], source: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("excel_import")
        self.setWindowTitle(title_text(f"Import from Excel — {source}"))
        self.setStyleSheet(STYLE)
        self.grids = {grid.name: grid for grid in grids}
        self.plan: ImportPlan = propose(grids)
        self.outcome: ImportResult | None = None

        self.sheet_box = named(QComboBox(), "sheet_box")
        for grid in grids:
            self.sheet_box.addItem(grid.name, grid.name)
        self.layout_box = named(QComboBox(), "layout_box")
        for layout in Layout:
            self.layout_box.addItem(layout.value, layout)
        self.header_box = named(QSpinBox(), "header_box")
        self.header_box.setPrefix("row ")
        self.header_box.setRange(1, max(1, max((len(grid.rows) for grid in grids), default=1)))
        self.players_note = named(plain_label(), "players_note")
        self.players_note.setWordWrap(True)  # a workbook of eleven round sheets names them all
        form = QFormLayout()
        form.addRow("&Sheet", self.sheet_box)
        form.addRow("&Layout", self.layout_box)
        form.addRow("&Header", self.header_box)
        form.addRow(self.players_note)

        self.mapping = MappingModel(self)
        self.mapping_table = named(QTableView(), "mapping_table")
        self.mapping_table.setModel(self.mapping)
        self.mapping_table.setItemDelegateForColumn(MappingModel.READS_AS, FieldDelegate(self))
        self.mapping_table.verticalHeader().hide()
        self.mapping_table.setEditTriggers(
            QAbstractItemView.EditTrigger.AllEditTriggers & ~QAbstractItemView.EditTrigger.CurrentChanged
        )
        self.mapping_table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.mapping_table.horizontalHeader().setStretchLastSection(True)
        self.preview = PreviewModel(self)
        self.preview_table = named(QTableView(), "preview_table")
        self.preview_table.setModel(self.preview)
        self.preview_table.verticalHeader().hide()
        self.preview_table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.problems = ProblemsModel(self)
        self.problems_table = named(QTableView(), "problems_table")
        self.problems_table.setModel(self.problems)
        self.problems_table.verticalHeader().hide()
        self.problems_table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        self.problems_table.horizontalHeader().setStretchLastSection(True)
        for table in (self.mapping_table, self.preview_table, self.problems_table):
            table.verticalHeader().setDefaultSectionSize(table.fontMetrics().height() + 8)
        self.summary = named(plain_label(), "import_summary")
        self.summary.setWordWrap(True)

        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addLayout(form)
        left_layout.addWidget(rich_label(f"{bold('Columns')} (double-click “Read as” to change)"))
        left_layout.addWidget(self.mapping_table, 1)
        right = QSplitter(Qt.Orientation.Vertical)
        right.addWidget(_titled("Preview: the first rows as they will be read", self.preview_table))
        right.addWidget(_titled("Problems", self.problems_table))
        right.setSizes([330, 170])
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(left)
        split.addWidget(right)
        split.setSizes([380, 620])
        split.setChildrenCollapsible(False)

        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.import_button = self.buttons.addButton("&Import", QDialogButtonBox.ButtonRole.AcceptRole)
        give_keys(self.buttons)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        bottom = QHBoxLayout()
        bottom.addWidget(self.summary, 1)
        bottom.addWidget(self.buttons)
        page = QVBoxLayout(self)
        page.addWidget(split, 1)
        page.addLayout(bottom)
        fit(self, 1100, 680)

        self._rebuild_timer = QTimer(self)
        self._rebuild_timer.setSingleShot(True)
        self._rebuild_timer.setInterval(REBUILD_DELAY)
        self._rebuild_timer.timeout.connect(self.rebuild)
        self._show_plan()
        self.sheet_box.activated.connect(self._on_sheet)
        self.layout_box.activated.connect(self._on_layout)
        self.header_box.valueChanged.connect(self._on_header)
        self.rebuild()

    # --- the plan --------------------------------------------------------------------------------

    def main_plan(self) -> SheetPlan | None:
        """The sheet plan the controls edit: the results sheet's, or the player list's."""
        return self.plan.results or self.plan.players

    def set_main_plan(self, sheet_plan: SheetPlan) -> None:
        """Replace the edited sheet's plan (a player list is read alone; results keep the players' sheet)."""
        if sheet_plan.layout is Layout.PLAYER_LIST:
            self.plan = ImportPlan(None, sheet_plan, self.plan.event_sheet)
        else:
            players = self.plan.players if self.plan.players and self.plan.players.sheet != sheet_plan.sheet else None
            # the other round sheets stay while the round sheet read first was and still is read as pairings
            # (back to pairings from another layout, they are found again)
            current = self.plan.results
            same = (
                current is not None
                and current.sheet == sheet_plan.sheet
                and current.layout is Layout.PAIRINGS
                and sheet_plan.layout is Layout.PAIRINGS
            )
            rounds = self.plan.more_rounds if same else other_rounds(list(self.grids.values()), sheet_plan)
            self.plan = ImportPlan(sheet_plan, players, self.plan.event_sheet, rounds)
        self._show_plan()
        self._rebuild_timer.start()

    def set_column_field(self, column: int, field: Field) -> None:
        """Read ``column`` as ``field``; rounds and opponents are numbered by their order in the sheet."""
        plan = self.main_plan()
        if plan is None:
            return
        columns = list(plan.columns)
        number = None
        if field.numbered:
            number = 1 + sum(1 for spec in columns[:column] if spec.field is field)
        columns[column] = Column(field, number)
        # the numbers of the same field to the right follow
        count = number or 0
        for later in range(column + 1, len(columns)):
            if field.numbered and columns[later].field is field:
                count += 1
                columns[later] = Column(field, count)
        self.set_main_plan(dataclasses.replace(plan, columns=tuple(columns)))

    def _on_sheet(self) -> None:
        name = self.sheet_box.currentData()
        if isinstance(name, str) and name in self.grids:
            self.set_main_plan(propose_sheet(self.grids[name]))

    def _on_layout(self) -> None:
        plan, layout = self.main_plan(), self.layout_box.currentData()
        if plan is not None and isinstance(layout, Layout) and layout is not plan.layout:
            self.set_main_plan(dataclasses.replace(plan, layout=layout))

    def _on_header(self, row: int) -> None:
        plan = self.main_plan()
        if plan is None or row - 1 == plan.header_row:
            return
        grid = self.grids[plan.sheet]
        columns = map_columns(grid, row - 1)
        self.set_main_plan(SheetPlan(plan.sheet, detect_layout(grid, row - 1, columns), row - 1, columns))

    # --- showing it ------------------------------------------------------------------------------

    def _show_plan(self) -> None:
        plan = self.main_plan()
        for box in (self.sheet_box, self.layout_box, self.header_box):
            box.blockSignals(True)
        if plan is not None:
            self.sheet_box.setCurrentIndex(self.sheet_box.findData(plan.sheet))
            self.layout_box.setCurrentIndex(self.layout_box.findData(plan.layout))
            self.header_box.setValue(plan.header_row + 1)
        for box in (self.sheet_box, self.layout_box, self.header_box):
            box.blockSignals(False)
        players = self.plan.players if self.plan.results is not None else None
        extra = []
        if players is not None:
            extra.append(f"players' details from sheet “{players.sheet}”")
        rounds = sheet_rounds(self.plan, self.grids)
        if rounds:
            extra.append(
                "rounds from sheets "
                + ", ".join(
                    f"“{name}” as round {number}" if number else f"“{name}” (its rounds as named in it)"
                    for name, number in rounds
                )
            )
        if self.plan.event_sheet is not None:
            extra.append(f"event from sheet “{self.plan.event_sheet}”")
        say(self.players_note, ("Also read: " + "; ".join(extra)) if extra else "")
        self.mapping.set_rows(self._mapping_rows(plan) if plan is not None else [])

    def _mapping_rows(self, plan: SheetPlan) -> list[MappingRow]:
        grid = self.grids[plan.sheet]
        rows = []
        for column, spec in enumerate(plan.columns):
            example = next(
                (str(value) for row in grid.rows[plan.header_row + 1 :] if (value := row[column]) not in (None, "")),
                "",
            )
            rows.append(MappingRow(column, header_text(grid, plan.header_row, column), example[:40], spec))
        return rows

    def rebuild(self) -> None:
        """Read the workbook with the plan as it is now: preview, problems, counts."""
        self._rebuild_timer.stop()
        plan = self.main_plan()
        if plan is None:
            self.preview.show([], [])
            self.problems.set_rows([])
            self.outcome = None
            say(self.summary, "No sheet of this workbook looks like a player list or results.", "error")
            self.import_button.setEnabled(False)
            return
        grid = self.grids[plan.sheet]
        mapped = [
            (column, f"{column_letters(column)}: {spec.label}")
            for column, spec in enumerate(plan.columns)
            if spec.field is not Field.IGNORE
        ]
        self.preview.show(preview_rows(grid, plan, PREVIEW_ROWS), mapped)
        self.outcome = build(list(self.grids.values()), self.plan)
        self.problems.set_rows(self.outcome.problems)
        self._summarise(self.outcome)

    def _summarise(self, result: ImportResult) -> None:
        tournament = result.tournament
        players = len(tournament.players)
        games = sum(1 for _ in tournament.played_games()) // 2
        rounds = tournament.rounds_played  # a bye entered for a later round is no round played
        parts = [counted(players, "player")]
        if rounds:
            parts.append(f"{counted(rounds, 'round')} ({counted(games, 'game')} played)")
        what = ", ".join(parts)
        skipped = result.rows_skipped
        problems = len(result.problems)
        text = f"Will import {what} from {counted(result.rows_imported, 'row')}"
        if skipped or problems:
            text += f"; {counted(skipped, 'row')} skipped, {counted(problems, 'problem')} (listed above)"
        if rounds:
            points = sum((tournament.points(p) for p in tournament.players), Fraction(0))
            text += f". Points in all after round {rounds}: {score_text(points)}"
        say(self.summary, text + ".", "error" if skipped else "muted")
        self.import_button.setEnabled(players > 0)


def _titled(title: str, content: QWidget) -> QWidget:
    box = QWidget()
    layout = QVBoxLayout(box)
    layout.setContentsMargins(0, 0, 0, 0)
    layout.addWidget(rich_label(bold(title)))
    layout.addWidget(content, 1)
    return box
