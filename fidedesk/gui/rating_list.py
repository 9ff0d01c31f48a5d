"""The Rating List menu: import FIDE's download, search it, add players from it, update ratings from it.

The lists live in one SQLite file in the user's data folder (:func:`default_database`), kept by month;
the list offered is the one in force on the tournament's start date (FIDE publishes on the first of
each month), and the user may pick another. A search runs on the GUI thread (a few milliseconds
at 1.7 million players); an import runs off it behind a progress dialog, in one transaction, so a
cancelled or failed import leaves the lists already there as they were. Adding players and updating
ratings are each one undoable step.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, ClassVar, TypeVar

from PySide6.QtCore import QDate, QEvent, QObject, QSortFilterProxyModel, QStandardPaths, Qt, QTimer
from PySide6.QtGui import QAction, QFont, QKeyEvent, QKeySequence, QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QComboBox,
    QDateEdit,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSizePolicy,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from fidedesk.core.editing import add_player
from fidedesk.core.tournament import BirthDate, RatingKind, Tournament
from fidedesk.gui.background import run_with_progress
from fidedesk.gui.calculator.look import named, say
from fidedesk.gui.document import TournamentDocument
from fidedesk.gui.files import Dialogs, FileActions
from fidedesk.gui.row_models import Index, RowTableModel
from fidedesk.io.fide_list import ListFormatError, ListKind, ListSource, Month, inspect
from fidedesk.io.ratinglist import (
    DATABASE_NAME,
    SEARCH_LIMIT,
    ListPlayer,
    RatingDatabase,
    StoredList,
    Update,
    apply_updates,
    import_list,
    in_force,
    updates_from_list,
)
from fidedesk.io.xlsx_grid import ImportCancelled

LIST_FILTER = "FIDE rating lists (*.zip);;All files (*)"
T = TypeVar("T")
_KIND_SHORT = {RatingKind.STANDARD: "std", RatingKind.RAPID: "rapid", RatingKind.BLITZ: "blitz"}


def default_database() -> Path:
    """The rating list database in the user's data folder (Qt's AppDataLocation)."""
    folder = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    return Path(folder) / DATABASE_NAME


def _blank(value: object) -> str:
    return "" if value is None else str(value)


_RESULT_KEYS = frozenset({Qt.Key.Key_Up, Qt.Key.Key_Down, Qt.Key.Key_PageUp, Qt.Key.Key_PageDown})


def _buddy(text: str, widget: QWidget) -> QLabel:
    label = QLabel(text)
    label.setBuddy(widget)
    return label


# ---------------------------------------------------------------------------------------------- search results


class ResultsModel(RowTableModel[ListPlayer]):
    """Players found in the list: their three ratings, and the K of the event's kind."""

    HEADERS = ("FIDE ID", "Name", "Fed", "Sex", "Title", "Std", "Rapid", "Blitz", "K", "Born", "Status")
    _NUMERIC = frozenset({0, 5, 6, 7, 8, 9})
    _RATINGS: ClassVar[dict[RatingKind, int]] = {RatingKind.STANDARD: 5, RatingKind.RAPID: 6, RatingKind.BLITZ: 7}

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.kind = RatingKind.STANDARD

    def set_kind(self, kind: RatingKind) -> None:
        if kind is not self.kind:
            self.kind = kind
            self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, len(self.HEADERS) - 1)
            if self.rowCount():
                self.dataChanged.emit(self.index(0, 0), self.index(self.rowCount() - 1, len(self.HEADERS) - 1))

    def headerData(  # Qt override
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        used = orientation == Qt.Orientation.Horizontal and section in (8, self._RATINGS[self.kind])
        if used and role == Qt.ItemDataRole.DisplayRole and section == 8:
            return f"K {_KIND_SHORT[self.kind]}"
        if used and role == Qt.ItemDataRole.FontRole:  # the rating and K the event uses
            font = QFont()
            font.setBold(True)
            return font
        if used and role == Qt.ItemDataRole.ToolTipRole:
            return f"What a player added now gets for this {self.kind.value} event"
        return super().headerData(section, orientation, role)

    def cell(self, row: ListPlayer, index: Index, role: int) -> Any:
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return _blank(self.value(row, column))
        if role == Qt.ItemDataRole.UserRole:  # sorting: numbers as numbers, blanks first
            value = self.value(row, column)
            return -1 if value is None else value
        if role == Qt.ItemDataRole.TextAlignmentRole and column in self._NUMERIC:
            return Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tip(row, column)
        if role == Qt.ItemDataRole.ForegroundRole and row.inactive:
            return QPalette().color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text)
        return None

    def value(self, row: ListPlayer, column: int) -> object:
        figures = row.figures(self.kind)
        return (
            row.fide_id, row.name, row.federation, row.sex, row.title or row.women_title, row.standard.rating,
            row.rapid.rating, row.blitz.rating, figures.k if figures.rating is not None else None,
            row.birth_year, "inactive" if row.inactive else "",
        )[column]  # fmt: skip

    def _tip(self, row: ListPlayer, column: int) -> str | None:
        if column in (5, 6, 7, 8):
            kind = {5: RatingKind.STANDARD, 6: RatingKind.RAPID, 7: RatingKind.BLITZ}.get(column, self.kind)
            figures = row.figures(kind)
            rating, games, k = _blank(figures.rating) or "none", _blank(figures.games) or "no", _blank(figures.k) or "–"
            return f"{kind.value}: rating {rating}, {games} games in the last period, K {k}"
        if row.inactive:
            return "Inactive (FIDE flag i): no rated game for a year; the rating stays published and counts"
        if column == 4 and (row.other_titles or row.foa):
            return ", ".join(part for part in (row.women_title, row.other_titles, row.foa) if part)
        return None


# ---------------------------------------------------------------------------------------------- the search window


class RatingListDialog(QDialog):
    """Find players in a kept list by FIDE ID or name and add them to the open tournament."""

    def __init__(self, actions: RatingListActions, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Rating List")
        self._actions = actions
        self._document = actions.document
        self._lists: list[StoredList] = []

        self.list_combo = named(QComboBox(), "list_combo")
        self.list_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.list_combo.setMinimumContentsLength(40)
        self.list_combo.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.import_button = named(QPushButton("&Import list…"), "import_list")
        self.import_button.setToolTip("Import a list downloaded from ratings.fide.com (players_list.zip)")
        self.remove_button = named(QPushButton("Remove list"), "remove_list")
        self.search = named(QLineEdit(), "search")
        self.search.setPlaceholderText("FIDE ID or name: carlsen m, sebastien, 1503014")
        self.search.setClearButtonEnabled(True)
        self.federation = named(QComboBox(), "federation")
        self.federation.setToolTip("Only players of this federation")
        self.model = ResultsModel(self)
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(self.model)
        self.proxy.setSortRole(Qt.ItemDataRole.UserRole)
        self.table = named(QTableView(), "results")
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(True)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setAlternatingRowColors(True)
        self.table.verticalHeader().hide()
        self.table.verticalHeader().setDefaultSectionSize(self.table.fontMetrics().height() + 8)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        self.message = named(QLabel(), "list_message")
        self.message.setWordWrap(True)
        self.add_button = named(QPushButton("&Add to Tournament"), "add_from_list")
        self.add_button.setDefault(False)
        self.add_button.setAutoDefault(False)
        self.add_button.setToolTip(
            "Add the selected players with the list's rating, title, federation, birth year and K (Enter)"
        )
        close = QPushButton("Close")
        close.setAutoDefault(False)
        close.clicked.connect(self.close)

        top = QHBoxLayout()
        top.addWidget(_buddy("&List:", self.list_combo))
        top.addWidget(self.list_combo, 1)
        top.addWidget(self.import_button)
        top.addWidget(self.remove_button)
        find = QHBoxLayout()
        find.addWidget(_buddy("&Find:", self.search))
        find.addWidget(self.search, 1)
        find.addWidget(_buddy("F&ederation:", self.federation))
        find.addWidget(self.federation)
        bottom = QHBoxLayout()
        bottom.addWidget(self.message, 1)
        bottom.addWidget(self.add_button)
        bottom.addWidget(close)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addLayout(find)
        layout.addWidget(self.table, 1)
        layout.addLayout(bottom)
        self.resize(980, 560)

        self._timer = QTimer(self)  # a search as the user pauses typing, not at every key
        self._timer.setSingleShot(True)
        self._timer.setInterval(150)
        self._timer.timeout.connect(self.run_search)
        self.search.textChanged.connect(lambda _text: self._timer.start())
        self.search.returnPressed.connect(self._on_return)
        self.federation.currentIndexChanged.connect(lambda _index: self.run_search())
        self.list_combo.currentIndexChanged.connect(self._on_list_chosen)
        self.import_button.clicked.connect(lambda _checked=False: self._import())
        self.remove_button.clicked.connect(lambda _checked=False: self._remove())
        self.add_button.clicked.connect(lambda _checked=False: self.add_selected())
        self.table.doubleClicked.connect(lambda _index: self.add_selected())
        self.table.selectionModel().selectionChanged.connect(lambda *_args: self._enable())
        self._document.changed.connect(self._on_tournament_changed)
        self.search.installEventFilter(self)
        self.refresh_lists()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # Qt override
        """Up, Down and the page keys in the search box move through the results: type, arrow, Enter."""
        moves = isinstance(event, QKeyEvent) and event.type() == QEvent.Type.KeyPress and event.key() in _RESULT_KEYS
        if watched is self.search and moves and self.model.rowCount():
            QApplication.sendEvent(self.table, event)
            return True
        return super().eventFilter(watched, event)

    # --- lists ---------------------------------------------------------------------------------

    def refresh_lists(self, select: int | None = None) -> None:
        """Fill the list chooser; select the list ``select`` or else the one in force for the tournament."""
        self._lists = self._actions.lists()
        info = self._document.tournament.info
        current = in_force(self._lists, info.kind, info.start)
        chosen = select if select is not None else (current.id if current else None)
        self.list_combo.blockSignals(True)
        self.list_combo.clear()
        for stored in self._lists:
            note = ""
            if current is not None and stored.id == current.id:
                note = f" · in force on {info.start.isoformat()}" if info.start else " · the newest"
            self.list_combo.addItem(f"{stored}{note}", stored.id)
        index = next((i for i, stored in enumerate(self._lists) if stored.id == chosen), 0)
        self.list_combo.setCurrentIndex(index)
        self.list_combo.blockSignals(False)
        self._on_list_chosen()

    def current_list(self) -> StoredList | None:
        index = self.list_combo.currentIndex()
        return self._lists[index] if 0 <= index < len(self._lists) else None

    def _on_list_chosen(self) -> None:
        stored = self.current_list()
        self.federation.blockSignals(True)
        previous = self.federation.currentData() or ""
        self.federation.clear()
        self.federation.addItem("All", "")
        for code in stored.federations if stored else ():
            self.federation.addItem(code, code)
        self.federation.setCurrentIndex(max(0, self.federation.findData(previous)))
        self.federation.blockSignals(False)
        for widget in (self.search, self.federation, self.remove_button, self.table):
            widget.setEnabled(stored is not None)
        self.model.set_kind(self._document.tournament.info.kind)
        self.run_search()
        if stored is None:
            say(
                self.message,
                "No rating list yet. Download players_list.zip from ratings.fide.com (Download › Rating lists) "
                "and import it here; it stays on this computer.",
            )
        elif stored.kind is not ListKind.COMBINED and not stored.covers(self.model.kind):
            say(self.message, f"This is the {stored.kind.value} list; the event is {self.model.kind.value}.", "error")

    def _import(self) -> None:
        stored = self._actions.import_list()
        if stored is not None:
            self.refresh_lists(select=stored.id)

    def _remove(self) -> None:
        stored = self.current_list()
        if stored is not None and Dialogs.confirm(self, "Remove list", f"Remove the {stored} from this computer?"):
            self._actions.remove(stored)
            self.refresh_lists()

    # --- search and add -----------------------------------------------------------------------

    def run_search(self) -> None:
        self._timer.stop()
        stored = self.current_list()
        text = self.search.text()
        found = self._actions.find(stored, text, self.federation.currentData() or "") if stored and text.strip() else []
        self.model.set_rows(found)
        self.table.sortByColumn(-1, Qt.SortOrder.AscendingOrder)  # the search's own order: by name
        if found:
            self.table.selectRow(0)
        self._enable()
        if stored is None:
            return
        if not text.strip():
            say(self.message, "Type a FIDE ID or the start of a name (case and accents do not matter).")
        elif not found:
            say(self.message, f"No player in the {stored.month.label} list matches “{text.strip()}”.")
        elif len(found) >= self._actions.limit:
            say(self.message, f"The first {len(found)} players shown: type more to narrow the search.")
        else:
            say(self.message, f"{len(found)} player{'s' if len(found) != 1 else ''} found.")

    def selected(self) -> list[ListPlayer]:
        rows = sorted({self.proxy.mapToSource(index).row() for index in self.table.selectionModel().selectedRows()})
        return [self.model.row(row) for row in rows]

    def add_selected(self) -> None:
        chosen = self.selected()
        stored = self.current_list()
        if not chosen or stored is None:
            return
        say(self.message, self._actions.add_players(chosen, stored), "ok")

    def _on_return(self) -> None:
        if self._timer.isActive() or not self.model.rowCount():
            self.run_search()
        else:
            self.add_selected()

    def _enable(self) -> None:
        self.add_button.setEnabled(bool(self.table.selectionModel().selectedRows()))

    def _on_tournament_changed(self) -> None:
        self.model.set_kind(self._document.tournament.info.kind)


# ---------------------------------------------------------------------------------------------- import and updates


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
        form.addRow("File:", QLabel(f"{source.path.name} › {source.member} ({'XML' if source.xml else 'text'})"))
        form.addRow("&List:", self.kind)
        form.addRow("&Month:", self.month)
        form.addRow(
            "", named(QLabel(f"Month {found}. A list is in force from the first day of its month."), "month_note")
        )
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Import")
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
        return str(value.year) if value.month is None else str(value).replace("/", "-")
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
        label = named(QLabel(summary), "updates_summary")
        label.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText(f"Apply {len(updates)} changes")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(label)
        layout.addWidget(table, 1)
        layout.addWidget(buttons)
        self.resize(720, 460)


# ---------------------------------------------------------------------------------------------- the actions


class RatingListActions(QObject):
    """The Rating List menu's actions, for the window's open tournament."""

    limit = SEARCH_LIMIT

    def __init__(self, window: QWidget, files: FileActions) -> None:
        super().__init__(window)
        self._window = window
        self.files = files
        self.document: TournamentDocument = files.document
        self.settings = files.settings
        self.database = default_database()
        self.dialog: RatingListDialog | None = None
        self.search_action = QAction("&Search Rating List…", window)
        self.search_action.setShortcut(QKeySequence("Ctrl+L"))
        self.search_action.setToolTip("Find players in FIDE's rating list and add them to the tournament")
        self.search_action.triggered.connect(lambda _checked=False: self.show_search())
        self.update_action = QAction("&Update Ratings from List…", window)
        self.update_action.triggered.connect(lambda _checked=False: self.update_ratings())
        self.import_action = QAction("&Import FIDE Rating List…", window)
        self.import_action.triggered.connect(lambda _checked=False: self.import_list())

    # --- the database ---------------------------------------------------------------------------

    def _ask(self, question: Callable[[RatingDatabase], T], otherwise: T) -> T:
        """``question`` answered by the database (opened for it: 0.1 ms), or ``otherwise`` when there is
        none yet or it cannot be read (said in a message)."""
        if not self.database.exists():
            return otherwise
        try:
            database = RatingDatabase(self.database)
        except ListFormatError as error:
            Dialogs.error(self._window, "Rating list", str(error))
            return otherwise
        with database:
            return question(database)

    def lists(self) -> list[StoredList]:
        return self._ask(RatingDatabase.lists, [])

    def find(self, stored: StoredList, text: str, federation: str) -> list[ListPlayer]:
        return self._ask(lambda database: database.find(stored.id, text, federation=federation, limit=self.limit), [])

    def remove(self, stored: StoredList) -> None:
        self._ask(lambda database: database.remove(stored.id), None)

    # --- the menu's work ------------------------------------------------------------------------

    def show_search(self) -> RatingListDialog:
        if self.dialog is None:
            self.dialog = RatingListDialog(self, self._window)
        else:
            self.dialog.refresh_lists()
        self.dialog.show()
        self.dialog.raise_()
        self.dialog.activateWindow()
        self.dialog.search.setFocus()
        self.dialog.search.selectAll()
        return self.dialog

    def import_list(self, path: Path | None = None) -> StoredList | None:
        """Import a downloaded list (off the GUI thread, cancellable); the list kept, None if not."""
        if path is None:
            path = Dialogs.open_file(self._window, "Import FIDE Rating List", self.settings.last_folder, LIST_FILTER)
            if path is None:
                return None
        try:
            source = inspect(path)
        except ListFormatError as error:
            Dialogs.error(self._window, "Cannot import the rating list", str(error))
            return None
        choice = Dialogs.confirm_list(self._window, source)
        if choice is None:
            return None
        month, kind = choice
        database = self.database
        outcome = run_with_progress(
            self._window,
            "Import FIDE Rating List",
            f"Reading {path.name} ({source.estimated_players:,} players or so)…",
            lambda progress: import_list(database, source, month=month, kind=kind, progress=progress),
            unit="players read",
            total=source.estimated_players,
        )
        # Cancel pressed once the last row was read comes too late: the list is in, and is shown as in
        if isinstance(outcome.error, ImportCancelled):
            return None
        if isinstance(outcome.error, (ListFormatError, OSError)):
            Dialogs.error(
                self._window,
                "Cannot import the rating list",
                f"{outcome.error}\n\nThe lists already kept are unchanged.",
            )
            return None
        if outcome.error is not None:
            raise outcome.error
        self.settings.last_folder = str(path.parent)
        stored = outcome.value
        assert stored is not None
        if self.dialog is not None:
            self.dialog.refresh_lists(select=stored.id)
        return stored

    def add_players(self, chosen: Sequence[ListPlayer], stored: StoredList) -> str:
        """Add ``chosen`` to the tournament in one undoable step; what was done, in words."""
        tournament = self.document.tournament
        kind = tournament.info.kind
        known = {player.fide_id for player in tournament.players if player.fide_id}
        fresh = [entry for entry in chosen if entry.fide_id not in known]
        after = tournament
        for entry in fresh:
            after = add_player(after, entry.player(kind))
        if fresh:
            names = fresh[0].name if len(fresh) == 1 else f"{len(fresh)} players"
            self.document.apply(f"Add {names} from the {stored.month.label} list", after)
        parts = []
        if fresh:
            ranks = ", ".join(str(player.start_rank) for player in after.players[len(tournament.players) :])
            who = fresh[0].name if len(fresh) == 1 else f"{len(fresh)} players"
            parts.append(f"Added {who} (No {ranks}) with the {stored.month.label} {kind.value} rating and K.")
        if len(fresh) < len(chosen):
            parts.append(f"{len(chosen) - len(fresh)} already in the tournament (same FIDE ID).")
        return " ".join(parts)

    def update_ratings(self) -> bool:
        """Show what the list in force changes for the tournament's players; apply it as one step if accepted."""
        tournament = self.document.tournament
        info = tournament.info
        stored = in_force(self.lists(), info.kind, info.start)
        if stored is None:
            when = f" in force on {info.start.isoformat()}" if info.start else ""
            Dialogs.info(
                self._window,
                "Update Ratings from List",
                f"No {info.kind.value} rating list{when} is kept. Import FIDE's list first (Rating List › Import).",
            )
            return False
        ids = [player.fide_id for player in tournament.players if player.fide_id]
        nobody: dict[int, ListPlayer] = {}
        entries = self._ask(lambda database: database.by_ids(stored.id, ids), nobody)
        updates = updates_from_list(tournament, entries)
        summary = _summary(tournament, entries, updates, stored)
        if not updates:
            Dialogs.info(self._window, "Update Ratings from List", summary)
            return False
        if not Dialogs.review_updates(self._window, updates, summary):
            return False
        self.document.apply(f"Update ratings from the {stored.month.label} list", apply_updates(tournament, updates))
        return True


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def _summary(
    tournament: Tournament, entries: dict[int, ListPlayer], updates: Sequence[Update], stored: StoredList
) -> str:
    with_id = [player for player in tournament.players if player.fide_id]
    missing = [player for player in with_id if player.fide_id not in entries]
    changed = len({update.start_rank for update in updates})
    parts = [f"From the {stored}: {_plural(len(updates), 'change')} for {_plural(changed, 'player')}."]
    if not updates:
        parts = [f"The players agree with the {stored}: nothing to change."]
    if missing:
        names = ", ".join(player.name for player in missing[:5]) + ("…" if len(missing) > 5 else "")
        parts.append(f"Not in the list: {names}.")
    without = len(tournament.players) - len(with_id)
    if without:
        parts.append(f"Without a FIDE ID, left as they are: {_plural(without, 'player')}.")
    return " ".join(parts)
