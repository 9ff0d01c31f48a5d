"""The players of the open tournament as an editable table: model, cell editors and the view around them.

The model is a thin layer over ``document.tournament.players``: it reads the frozen players and turns
each accepted cell edit into one ``document.apply(...)`` step (fidedesk.core.editing.set_player_field), so
Edit › Undo works for every cell. What a cell may hold is decided by :func:`parse_cell`, without Qt, through
the one parser of each value in :mod:`fidedesk.core.values`; a cell shows what its formatter writes.
"""

from __future__ import annotations

from typing import Any, ClassVar

from PySide6.QtCore import (
    QAbstractItemModel,
    QAbstractTableModel,
    QEvent,
    QItemSelection,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
    Signal,
)
from PySide6.QtGui import QBrush, QColor, QKeyEvent, QResizeEvent
from PySide6.QtWidgets import (
    QAbstractItemDelegate,
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLineEdit,
    QPushButton,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QVBoxLayout,
    QWidget,
)

from fidedesk.core.editing import EditError, add_player, remove_players
from fidedesk.core.tournament import Player
from fidedesk.gui.common.look import named, say
from fidedesk.gui.common.plain import plain_label
from fidedesk.gui.common.row_models import row_runs
from fidedesk.gui.common.shortcuts import view_action
from fidedesk.gui.common.widths import WIDEST_BIRTH, WIDEST_FIDE_ID, fit_column
from fidedesk.gui.files.document import TournamentDocument
from fidedesk.gui.tournament.player_columns import (
    COLUMNS,
    NAME_LEAST,
    POINTS,
    RATING_COLUMN,
    SEXES,
    TITLES,
    YES_NO,
    cell_text,
    edited,
)
from fidedesk.gui.tournament.table_copy import OUTSIDE_TEXT_ROLE, CopyTable

Index = QModelIndex | QPersistentModelIndex

#: Role giving a value that sorts right (numbers as numbers, blanks last); the proxy sorts on it.
SORT_ROLE = Qt.ItemDataRole.UserRole + 1
#: Role giving the start rank of the row's player, whatever the column.
RANK_ROLE = Qt.ItemDataRole.UserRole + 2
#: The name under which the table tells the document that a cell holds typed text.
PENDING = "players table"


class PlayersModel(QAbstractTableModel):
    """The tournament's players, one row each in start-rank order; editing a cell is one undo step.

    ``problem`` carries the reason a typed value was refused, and an empty text after an accepted edit.
    """

    problem = Signal(str)

    def __init__(self, document: TournamentDocument, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self._players: tuple[Player, ...] = document.tournament.players
        self._played = document.tournament.rounds_played
        document.changed.connect(self._on_changed)

    # --- row interface -------------------------------------------------------------------------

    def player(self, row: int) -> Player:
        return self._players[row]

    def row_of(self, start_rank: int) -> int | None:
        """The row of the player with this start rank, None when there is none."""
        return next((row for row, p in enumerate(self._players) if p.start_rank == start_rank), None)

    def _on_changed(self) -> None:
        """Follow the document with the smallest change Qt can be told about, so views keep their place."""
        old, new = self._players, self._document.tournament.players
        old_ranks, new_ranks = [p.start_rank for p in old], [p.start_rank for p in new]
        if old_ranks == new_ranks:
            self._players = new
            # edits replace only the players they change: announce those, so the sorted view moves only them
            changed = [row for row, (before, after) in enumerate(zip(old, new, strict=True)) if before is not after]
            for first, last in row_runs(changed):
                self.dataChanged.emit(self.index(first, 0), self.index(last, len(COLUMNS) - 1))
        elif new_ranks[: len(old_ranks)] == old_ranks:
            self.beginInsertRows(QModelIndex(), len(old), len(new) - 1)
            self._players = new
            self.endInsertRows()
        elif len(new_ranks) == len(old_ranks) - 1 and all(rank in old_ranks for rank in new_ranks):
            gone = next(row for row, rank in enumerate(old_ranks) if rank not in new_ranks)
            self.beginRemoveRows(QModelIndex(), gone, gone)
            self._players = new
            self.endRemoveRows()
            if new:  # the rest may have changed too (an undo step can do both)
                self.dataChanged.emit(self.index(0, 0), self.index(len(new) - 1, len(COLUMNS) - 1))
        else:
            self.beginResetModel()
            self._players = new
            self.endResetModel()
        played = self._document.tournament.rounds_played
        if played != self._played:
            # another round played: every player's points are after it (a bye entered ahead counts from now),
            # the players whose entries did not change included
            self._played = played
            if new:
                self.dataChanged.emit(self.index(0, POINTS), self.index(len(new) - 1, POINTS))

    # --- model interface -----------------------------------------------------------------------

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 (Qt override)
        return 0 if parent.isValid() else len(self._players)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 (Qt override)
        return 0 if parent.isValid() else len(COLUMNS)

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemNeverHasChildren
        return flags | Qt.ItemFlag.ItemIsEditable if COLUMNS[index.column()].parse else flags

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._players):
            return None
        player, column = self._players[index.row()], COLUMNS[index.column()]
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            return cell_text(column, player, self._document.tournament)
        if role == SORT_ROLE:  # None for a blank, which PlayersProxy keeps last
            value = column.show(player, self._document.tournament)
            if column.numeric:
                return None if value is None else float(value)  # type: ignore[arg-type]
            return cell_text(column, player, self._document.tournament).casefold() or None
        if role == RANK_ROLE:
            return player.start_rank
        if role == Qt.ItemDataRole.TextAlignmentRole:
            horizontal = Qt.AlignmentFlag.AlignRight if column.numeric else Qt.AlignmentFlag.AlignLeft
            return int(horizontal | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.BackgroundRole and column.parse is None:
            return QBrush(QColor("#f3f3f3"))  # computed or fixed: not for typing in
        return None

    def setData(self, index: Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:  # Qt override
        if role != Qt.ItemDataRole.EditRole or not index.isValid() or COLUMNS[index.column()].parse is None:
            return False
        player = self._players[index.row()]
        text = "" if value is None else str(value)
        try:
            after = edited(self._document.tournament, player.start_rank, index.column(), text)
        except ValueError as error:  # EditError included
            self.problem.emit(f"{player.name or f'Player {player.start_rank}'}: {error}")
            return False
        self.problem.emit("")
        field = COLUMNS[index.column()].header
        self._document.apply(f"Edit {field} of {player.name or f'player {player.start_rank}'}", after)
        return True

    def headerData(  # Qt override
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(COLUMNS):
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return COLUMNS[section].header
        if role == Qt.ItemDataRole.ToolTipRole:
            return COLUMNS[section].tip
        if role == OUTSIDE_TEXT_ROLE:  # names and codes as typed or read; numbers are checked digits
            return not COLUMNS[section].numeric
        return None


class PlayersProxy(QSortFilterProxyModel):
    """Sorts on :data:`SORT_ROLE`, numbers as numbers, and keeps blank cells (unrated, no ID) last in
    both orders: sorting by rating should show the strongest or the weakest rated player first, not the
    unrated ones. Start ranks stay as they are: sorting only reorders the view."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.setSortRole(SORT_ROLE)

    def lessThan(self, left: Index, right: Index) -> bool:  # Qt override
        a, b = left.data(SORT_ROLE), right.data(SORT_ROLE)
        if a is None or b is None:
            if a is None and b is None:
                return bool(left.data(RANK_ROLE) < right.data(RANK_ROLE))
            blank_last = self.sortOrder() == Qt.SortOrder.AscendingOrder
            return (b is None) == blank_last
        if a == b:  # ties in start-rank order, whichever way the column is sorted
            earlier = bool(left.data(RANK_ROLE) < right.data(RANK_ROLE))
            return earlier == (self.sortOrder() == Qt.SortOrder.AscendingOrder)
        return bool(a < b)


# ---------------------------------------------------------------------------------------------- delegate


class PlayerDelegate(QStyledItemDelegate):
    """Cell editors: lists for the sex, titles and yes/no, a line for the rest, which takes any text.

    A line's text goes to the model as typed (no character is held back: ``12ab34`` is refused as a FIDE ID,
    with the reason, never kept as 1234). Enter or Tab on text the model refuses keeps the editor open on the
    typed text, so the arbiter mends it; the model says why (``PlayersModel.problem``).
    """

    _CHOICES: ClassVar[dict[str, tuple[str, ...]]] = {"sex": SEXES, "title": TITLES, "ever_2400": YES_NO}
    #: The user changed an open editor's value (typed a key, chose an item): the cell holds unsaved text.
    typed = Signal()
    #: Keys that commit a line's text, and where the editing goes when the model takes it.
    _COMMIT_KEYS: ClassVar[dict[int, QAbstractItemDelegate.EndEditHint]] = {
        Qt.Key.Key_Return: QAbstractItemDelegate.EndEditHint.SubmitModelCache,
        Qt.Key.Key_Enter: QAbstractItemDelegate.EndEditHint.SubmitModelCache,
        Qt.Key.Key_Tab: QAbstractItemDelegate.EndEditHint.EditNextItem,
        Qt.Key.Key_Backtab: QAbstractItemDelegate.EndEditHint.EditPreviousItem,
    }

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._refused = False  # whether the model refused the text last handed to it

    def createEditor(  # Qt override
        self, parent: QWidget, option: QStyleOptionViewItem, index: Index
    ) -> QWidget:
        field = COLUMNS[index.column()].field
        if field in self._CHOICES:
            box = QComboBox(parent)
            box.addItems(list(self._CHOICES[field]))
            box.activated.connect(self.typed)
            return box
        editor = super().createEditor(parent, option, index)
        if isinstance(editor, QLineEdit):
            editor.textEdited.connect(self.typed)
        return editor

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # Qt override
        """Enter or Tab in a line: its text committed, and the editor closed only when the model takes it."""
        if (
            isinstance(watched, QLineEdit)
            and event.type() == QEvent.Type.KeyPress
            and isinstance(event, QKeyEvent)
            and (hint := self._COMMIT_KEYS.get(event.key())) is not None
        ):
            self._refused = False
            self.commitData.emit(watched)
            if not self._refused:
                self.closeEditor.emit(watched, hint)
            return True
        return super().eventFilter(watched, event)

    def setEditorData(self, editor: QWidget, index: Index) -> None:  # Qt override
        if isinstance(editor, QComboBox):
            editor.setCurrentIndex(max(0, editor.findText(str(index.data(Qt.ItemDataRole.EditRole)))))
        else:
            super().setEditorData(editor, index)

    def setModelData(self, editor: QWidget, model: QAbstractItemModel, index: Index) -> None:  # Qt override
        if isinstance(editor, QComboBox):
            model.setData(index, editor.currentText(), Qt.ItemDataRole.EditRole)
        elif isinstance(editor, QLineEdit):
            self._refused = not model.setData(index, editor.text(), Qt.ItemDataRole.EditRole)
        else:
            super().setModelData(editor, model, index)


def _typed_in(editor: QWidget, index: QModelIndex) -> bool:
    """Whether the user changed the cell editor's value since it opened (setEditorData is not the user)."""
    if isinstance(editor, QLineEdit):
        return editor.isModified()
    if isinstance(editor, QComboBox):
        return editor.currentText() != str(index.data(Qt.ItemDataRole.EditRole))
    return True


# ---------------------------------------------------------------------------------------------- view


#: The widest value each column may hold (the name column fits its contents instead): FIDE ID and Born
#: their widest legal values (eleven digits, a full date), the others what events hold.
_WIDEST = {
    "start_rank": "999", "sex": "m", "title": "WGM", "federation": "RUS", "fide_id": WIDEST_FIDE_ID, "rating": "2427",
    "birth": WIDEST_BIRTH, "games": "9999", "ever_2400": "2400+", "k": "40", "points": "10.5",
}  # fmt: skip


class PlayersWidget(QWidget):
    """The players table with Add and Remove, and a line that says why an edit was refused.

    ``player_selected`` carries the start rank of the player whose row becomes current.
    """

    player_selected = Signal(int)

    def __init__(self, document: TournamentDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self.model = PlayersModel(document, self)
        self.proxy = PlayersProxy(self)
        self.proxy.setSourceModel(self.model)
        self.table = named(CopyTable(), "players_table")  # Ctrl+C copies the whole list
        self.table.setModel(self.proxy)
        self.delegate = PlayerDelegate(self.table)
        self.table.setItemDelegate(self.delegate)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setEditTriggers(
            QAbstractItemView.EditTrigger.DoubleClicked
            | QAbstractItemView.EditTrigger.EditKeyPressed
            | QAbstractItemView.EditTrigger.AnyKeyPressed
        )
        self.table.setAlternatingRowColors(True)
        self.table.verticalHeader().hide()
        # compact rows: a 60-player Swiss should fit on a laptop screen with little scrolling
        self.table.verticalHeader().setDefaultSectionSize(self.table.fontMetrics().height() + 8)
        header = self.table.horizontalHeader()
        header.setMinimumSectionSize(24)
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        # names keep their full width (a stretched name column shrinks to "Vit…" beside the rounds), fitted
        # by _fit_names; the short columns get just their widest value, so all fit beside the rounds at 1280
        header.setStretchLastSection(True)
        metrics = self.table.fontMetrics()
        for column, field in enumerate(COLUMNS):
            if field.field in _WIDEST:
                fit_column(header, column, (_WIDEST[field.field], field.header), metrics)

        self.add_button = named(QPushButton("&Add player"), "add_player")
        self.add_button.setToolTip("Add a player at the next start rank (Insert)")
        self.remove_button = named(QPushButton("Remove &player"), "remove_player")
        self.remove_button.setToolTip("Remove the selected players (Delete); only players without games")
        self.message = named(plain_label(), "players_message")
        self.message.setWordWrap(True)
        say(self.message, "Type in a cell to change it; Insert adds a player, Delete removes one.")

        buttons = QHBoxLayout()
        buttons.addWidget(self.add_button)
        buttons.addWidget(self.remove_button)
        buttons.addWidget(self.message, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(buttons)
        layout.addWidget(self.table, 1)

        self._name_width = 0
        self._name_widths: dict[str, int] = {}
        self._fit_names()
        for signal in (self.model.modelReset, self.model.rowsInserted, self.model.dataChanged):
            signal.connect(self._fit_names)
        self.add_button.clicked.connect(self.add_player)
        self.remove_button.clicked.connect(self.remove_selected)
        # on the table's own keys while it has the keyboard (in a cell being typed, Delete deletes a character)
        self.add_action = view_action(self.table, "Add player", ["Insert"], self.add_player)
        self.remove_action = view_action(self.table, "Remove player", ["Delete"], self.remove_selected)
        self.model.problem.connect(self._on_problem)
        self._refusal: str | None = None  # why the last value typed in a cell was refused
        self.delegate.typed.connect(lambda: self._set_typed(True))
        self.delegate.closeEditor.connect(lambda _editor, _hint: self._set_typed(False))
        self.model.modelReset.connect(lambda: self._set_typed(False))  # a reset drops the open editor
        document.commit_requested.connect(self.commit_editor)
        selection = self.table.selectionModel()
        selection.currentRowChanged.connect(self._on_current_row)
        selection.selectionChanged.connect(self._on_selection)

    def index_of(self, start_rank: int, column: int) -> QModelIndex:
        """The table's index (through the sort) of the player's cell in ``column``; invalid when none."""
        row = self.model.row_of(start_rank)
        if row is None:
            return QModelIndex()
        return self.proxy.mapFromSource(self.model.index(row, column))

    def show_player(self, start_rank: int) -> None:
        """The player selected in another view becomes the current row here (issue 29: one selected player), in
        the column that was; a cell being typed in is committed first, as moving off it by key does."""
        current = self.table.currentIndex()
        if current.isValid() and current.data(RANK_ROLE) == start_rank:
            return
        index = self.index_of(start_rank, max(current.column(), 0))
        if index.isValid():
            self.table.setCurrentIndex(index)

    def selected_ranks(self) -> list[int]:
        rows = {index.row() for index in self.table.selectionModel().selectedRows()}
        return sorted(int(self.proxy.index(row, 0).data(RANK_ROLE)) for row in rows)

    def commit_editor(self) -> None:
        """The document asks before an action reads it: a cell typed in is committed and its editor closed,
        as Enter would; a value the cell refuses stays in its editor, and the document hears why."""
        table = self.table
        editor = table.indexWidget(table.currentIndex())
        if table.state() != QAbstractItemView.State.EditingState or editor is None:
            return
        if not _typed_in(editor, table.currentIndex()):
            return  # opened and not typed in (Insert's empty name): nothing to commit, nothing to refuse
        self._refusal = None
        table.commitData(editor)  # the delegate hands the text to the model's setData: one undo step
        if self._refusal is not None:
            self._document.refuse_commit(self._refusal)
            return
        table.closeEditor(editor, QAbstractItemDelegate.EndEditHint.NoHint)
        self._set_typed(False)

    def _set_typed(self, typed: bool) -> None:
        self._document.set_pending(PENDING, typed)

    def add_player(self) -> None:
        """Add a player at the next start rank and start typing their name."""
        problem = self._document.commit_pending()
        if problem is not None:  # what is being typed elsewhere cannot be used: it stays, and says why
            say(self.message, problem, "error")
            return
        after = add_player(self._document.tournament, Player(0, ""))
        rank = after.players[-1].start_rank
        self._document.apply(f"Add player {rank}", after)
        index = self.index_of(rank, 1)
        self.table.setCurrentIndex(index)
        self.table.scrollTo(index)
        self.table.setFocus()
        self.table.edit(index)

    def remove_selected(self) -> None:
        """Remove the selected players in one step, or none of them, saying why, when one has games."""
        ranks = self.selected_ranks()
        if not ranks:
            return
        try:
            after = remove_players(self._document.tournament, ranks)
        except EditError as error:
            say(self.message, str(error), "error")
            return
        names = ", ".join(self._document.tournament.player(rank).name or f"player {rank}" for rank in ranks)
        text = f"Remove {names}" if len(ranks) == 1 else f"Remove {len(ranks)} players"
        self._document.apply(text, after)
        say(self.message, f"Removed {names}. Edit › Undo brings them back.")

    def _fit_names(self) -> None:
        """Fit the name column to the longest name whenever that changes (the user may still drag it).

        Measured from the names themselves: Qt's fit-to-contents asks every cell of the column for its
        size after each edit, which at 500 players costs more than the edit.
        """
        metrics = self.table.fontMetrics()
        widths = self._name_widths  # each name measured once: an edit changes a name at most
        for row in range(self.model.rowCount()):
            name = self.model.player(row).name
            if name not in widths:
                widths[name] = metrics.horizontalAdvance(name)
        widest = max((widths[self.model.player(row).name] for row in range(self.model.rowCount())), default=0)
        width = min(max(widest, metrics.horizontalAdvance(COLUMNS[1].header)) + 14, self._name_room())
        if width != self._name_width:
            self._name_width = width
            self.table.horizontalHeader().resizeSection(1, width)

    def _name_room(self) -> int:
        """The most the name column takes: what leaves the columns up to the rating in view (issue 29: at
        1024 x 640 the ratings were beyond the pane's edge), but never under :data:`NAME_LEAST` letters."""
        header = self.table.horizontalHeader()
        others = sum(header.sectionSize(column) for column in range(RATING_COLUMN + 1) if column != 1)
        least = self.table.fontMetrics().horizontalAdvance("M" * NAME_LEAST)
        return max(least, self.table.viewport().width() - others)

    def resizeEvent(self, event: QResizeEvent) -> None:  # Qt override
        super().resizeEvent(event)
        self._fit_names()  # the room for the names changed

    def _on_problem(self, text: str) -> None:
        self._refusal = text or None
        if text:
            say(self.message, text, "error")
        else:
            say(self.message, "")

    def _on_current_row(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if current.isValid():
            self.player_selected.emit(int(current.data(RANK_ROLE)))

    def _on_selection(self, _selected: QItemSelection, _deselected: QItemSelection) -> None:
        self.remove_button.setEnabled(bool(self.selected_ranks()))
