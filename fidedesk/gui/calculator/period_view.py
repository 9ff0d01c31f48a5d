"""The rating-period part of the tab: the games table with its actions, and the summary beside it."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QPersistentModelIndex, QRegularExpression, Qt
from PySide6.QtGui import QAction, QGuiApplication, QKeySequence, QRegularExpressionValidator, QUndoStack
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLineEdit,
    QSplitter,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from fidedesk.core.values import RESULT_HINT
from fidedesk.gui.calculator.figures import FiguresView
from fidedesk.gui.calculator.games import GameEntry, GamesModel, InsertGamesCommand, RemoveGamesCommand, paste_command
from fidedesk.gui.calculator.period import RatingPeriodModel
from fidedesk.gui.common.look import named, say
from fidedesk.gui.common.plain import plain_label

_HINT = (
    f"Results: {RESULT_HINT}. A blank rating is an unrated opponent (not rated). "
    "Ctrl+V pastes “rating ⇥ result” rows copied from a spreadsheet; Insert adds a row, Delete removes it."
)


class GameDelegate(QStyledItemDelegate):
    """Cell editors that accept only what can be a rating (digits) or a result (1, ½, 0.5, =, 0)."""

    _PATTERNS: ClassVar[dict[int, str]] = {
        GamesModel.OPPONENT: r"\d{0,4}",
        GamesModel.RESULT: r"[01½=.,/ ]{0,3}|[wdlWDL]",
    }

    def createEditor(  # Qt override
        self, parent: QWidget, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> QWidget:
        editor = super().createEditor(parent, option, index)
        pattern = self._PATTERNS.get(index.column())
        if isinstance(editor, QLineEdit) and pattern:
            editor.setValidator(QRegularExpressionValidator(QRegularExpression(pattern), editor))
            editor.setAlignment(Qt.AlignmentFlag.AlignRight if index.column() == 0 else Qt.AlignmentFlag.AlignHCenter)
        return editor

    def setModelData(  # Qt override
        self, editor: QWidget, model: QAbstractItemModel, index: QModelIndex | QPersistentModelIndex
    ) -> None:
        if isinstance(editor, QLineEdit):
            model.setData(index, editor.text(), Qt.ItemDataRole.EditRole)
        else:
            super().setModelData(editor, model, index)


class PeriodWidget(QWidget):
    """Games of one rating period (editable, undoable) and the period's summary.

    The slots gather input (selection, clipboard) and push the games model's undo commands.
    """

    def __init__(self, model: RatingPeriodModel, undo_stack: QUndoStack, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.undo_stack = undo_stack
        games = model.games

        self.table = named(QTableView(), "games_table")
        self.table.setModel(games)
        self.table.setItemDelegate(GameDelegate(self.table))
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setEditTriggers(
            QAbstractItemView.EditTrigger.DoubleClicked
            | QAbstractItemView.EditTrigger.EditKeyPressed
            | QAbstractItemView.EditTrigger.AnyKeyPressed
        )
        self.table.setTabKeyNavigation(True)
        self.table.setAlternatingRowColors(False)
        header = self.table.horizontalHeader()
        for column, width in enumerate((120, 70, 100, 60, 100, 130)):
            self.table.setColumnWidth(column, width)
        header.setStretchLastSection(True)
        self.table.verticalHeader().setDefaultSectionSize(24)

        self.add_action = self._action("&Add game", "add_game", [QKeySequence("Insert")],
                                       "Add a row for one more game", self.add_game)  # fmt: skip
        self.remove_action = self._action("&Remove selected", "remove_games", [QKeySequence("Delete")],
                                          "Remove the selected games", self.remove_selected)  # fmt: skip
        self.paste_action = self._action("&Paste rows", "paste_games", [QKeySequence(QKeySequence.StandardKey.Paste)],
                                         "Add rows copied from a spreadsheet: rating, result", self.paste)  # fmt: skip
        self.table.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)

        buttons = QHBoxLayout()
        for action in (self.add_action, self.remove_action, self.paste_action):
            button = named(QToolButton(), f"{action.objectName()}_button")
            button.setDefaultAction(action)
            button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
            buttons.addWidget(button)
        buttons.addStretch(1)
        hint = named(plain_label(), "period_hint")
        hint.setWordWrap(True)
        say(hint, _HINT)
        self.message = named(plain_label(), "period_message")
        self.message.setWordWrap(True)

        self.summary = named(FiguresView(model.summary), "summary_table")
        self.summary.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.summary.verticalHeader().setMinimumSectionSize(24)
        summary_header = self.summary.horizontalHeader()
        summary_header.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        summary_header.setStretchLastSection(True)
        self.summary.setColumnWidth(0, 130)
        self.summary.setColumnWidth(1, 80)

        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addLayout(buttons)
        left_layout.addWidget(self.table, 1)
        left_layout.addWidget(hint)
        left_layout.addWidget(self.message)
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(left)
        splitter.addWidget(self.summary)
        splitter.setStretchFactor(0, 1)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([640, 600])
        splitter.setChildrenCollapsible(False)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(splitter)

        games.problem.connect(self._on_problem)
        model.summary.updated.connect(self._lay_out_summary)
        self.table.selectionModel().selectionChanged.connect(self._update_actions)
        games.games_changed.connect(self._update_actions)
        self._lay_out_summary()
        self._update_actions()

    def _action(self, text: str, name: str, keys: list[QKeySequence], tip: str, slot: Callable[[], None]) -> QAction:
        action = named(QAction(text, self.table), name)
        action.setShortcuts(keys)
        action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        action.setToolTip(f"{tip} ({', '.join(key.toString(QKeySequence.SequenceFormat.NativeText) for key in keys)})")
        action.triggered.connect(slot)
        self.table.addAction(action)
        return action

    def add_game(self) -> None:
        """Add an empty row and start typing the opponent's rating in it."""
        row = self.model.games.rowCount()
        self.undo_stack.push(InsertGamesCommand(self.model.games, row, [GameEntry()], "Add game"))
        index = self.model.games.index(row, GamesModel.OPPONENT)
        self.table.setCurrentIndex(index)
        self.table.setFocus()
        self.table.edit(index)

    def remove_selected(self) -> None:
        """Remove the selected rows (or the current one)."""
        rows = {index.row() for index in self.table.selectionModel().selectedIndexes()}
        if not rows and self.table.currentIndex().isValid():
            rows = {self.table.currentIndex().row()}
        if rows:
            self.undo_stack.push(RemoveGamesCommand(self.model.games, sorted(rows)))

    def paste(self) -> None:
        """Add the rows on the clipboard; report lines that are not "rating, result"."""
        command, report = paste_command(self.model.games, QGuiApplication.clipboard().text())
        if command is not None:
            self.undo_stack.push(command)
        say(self.message, report, "error" if "Not added" in report else "muted")

    def _lay_out_summary(self) -> None:
        """Notes run across the summary's columns; rows grow to fit wrapped reasons."""
        self.summary.clearSpans()
        for row, figure in enumerate(self.model.summary.figures()):
            if figure.key == "note":
                self.summary.setSpan(row, 0, 1, 3)
        self.summary.resizeRowsToContents()

    def _on_problem(self, text: str) -> None:
        say(self.message, text, "error")

    def _update_actions(self) -> None:
        has_rows = self.model.games.rowCount() > 0
        self.remove_action.setEnabled(has_rows)
