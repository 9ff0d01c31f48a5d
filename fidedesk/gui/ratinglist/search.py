"""Rating List › Search: find players in a kept list by FIDE ID or name and add them to the open tournament.

A search runs on the GUI thread as the user pauses typing (a few milliseconds at 1.7 million players);
the window's work (the database, importing, adding) is :class:`~fidedesk.gui.ratinglist.actions.RatingListActions`'s,
given to the dialog as a :class:`ListWork` (the dialog needs no import of the actions that open it).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any, ClassVar, Protocol

from PySide6.QtCore import QEvent, QObject, QSortFilterProxyModel, Qt, QTimer
from PySide6.QtGui import QFont, QHideEvent, QKeyEvent, QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QComboBox,
    QDialog,
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

from fidedesk.core.tournament import RatingKind
from fidedesk.core.values import count_text, counted
from fidedesk.gui.common.dialogs import Dialogs
from fidedesk.gui.common.look import named, say
from fidedesk.gui.common.plain import back_to, plain_label, tip
from fidedesk.gui.common.row_models import Index, RowTableModel
from fidedesk.gui.common.screen import fit
from fidedesk.gui.common.widths import WIDEST_FIDE_ID, WIDEST_YEAR, fit_column
from fidedesk.gui.files.document import TournamentDocument
from fidedesk.io.ratinglist.fide_list import ListKind
from fidedesk.io.ratinglist.store import ListPlayer, StoredList, in_force


class ListWork(Protocol):
    """What the search dialog asks of the Rating List menu's work (``RatingListActions``): the kept lists, a
    search, an import, a removal, players added to the open tournament, and the window's questions."""

    @property
    def limit(self) -> int: ...

    @property
    def document(self) -> TournamentDocument: ...

    @property
    def dialogs(self) -> Dialogs: ...

    def lists(self) -> list[StoredList]: ...

    def find(self, stored: StoredList, text: str, federation: str) -> list[ListPlayer]: ...

    def remove(self, stored: StoredList) -> None: ...

    def import_list(self, path: Path | None = None) -> StoredList | None: ...

    def add_players(self, chosen: Sequence[ListPlayer], stored: StoredList) -> str: ...


_KIND_SHORT = {RatingKind.STANDARD: "std", RatingKind.RAPID: "rapid", RatingKind.BLITZ: "blitz"}


def _blank(value: object) -> str:
    return "" if value is None else str(value)


#: What Enter says when the query matches several players and none is chosen yet.
_CHOOSE = "choose one with the arrow keys and press Enter."
_RESULT_KEYS = frozenset({Qt.Key.Key_Up, Qt.Key.Key_Down, Qt.Key.Key_PageUp, Qt.Key.Key_PageDown})


def _buddy(text: str, widget: QWidget) -> QLabel:
    label = plain_label(text)
    label.setBuddy(widget)
    return label


class ResultsModel(RowTableModel[ListPlayer]):
    """Players found in the list: their three ratings, and the K of the event's kind."""

    HEADERS = ("FIDE ID", "Name", "Fed", "Sex", "Title", "Std", "Rapid", "Blitz", "K", "Born", "Status")
    _NUMERIC = frozenset({0, 5, 6, 7, 8, 9})
    FIDE_ID, BORN = 0, 9
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
            return tip(self._tip(row, column))
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
            rating, k = count_text(figures.rating) or "none", count_text(figures.k) or "–"
            games = "no games" if figures.games is None else counted(figures.games, "game")
            return f"{kind.value}: rating {rating}, {games} in the last period, K {k}"
        if row.inactive:
            return "Inactive (FIDE flag i): no rated game for a year; the rating stays published and counts"
        if column == 4 and (row.other_titles or row.foa):
            return ", ".join(part for part in (row.women_title, row.other_titles, row.foa) if part)
        return None


class RatingListDialog(QDialog):
    """Find players in a kept list by FIDE ID or name and add them to the open tournament."""

    def __init__(self, actions: ListWork, parent: QWidget | None = None) -> None:
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
        for button in (self.import_button, self.remove_button):  # Enter is for adding players, never these
            button.setAutoDefault(False)
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
        metrics = self.table.fontMetrics()  # a FIDE ID and a year fit at their widest, whatever is found
        fit_column(header, ResultsModel.FIDE_ID, (WIDEST_FIDE_ID, ResultsModel.HEADERS[ResultsModel.FIDE_ID]), metrics)
        fit_column(header, ResultsModel.BORN, (WIDEST_YEAR, ResultsModel.HEADERS[ResultsModel.BORN]), metrics)
        self.message = named(plain_label(), "list_message")
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
        fit(self, 980, 560)

        self._timer = QTimer(self)  # a search as the user pauses typing, not at every key
        self._timer.setSingleShot(True)
        self._timer.setInterval(150)
        self._timer.timeout.connect(self.run_search)
        self.search.textChanged.connect(lambda _text: self._timer.start())
        self.federation.currentIndexChanged.connect(lambda _index: self.run_search())
        self.list_combo.currentIndexChanged.connect(self._on_list_chosen)
        self.import_button.clicked.connect(lambda _checked=False: self._import())
        self.remove_button.clicked.connect(lambda _checked=False: self._remove())
        self.add_button.clicked.connect(lambda _checked=False: self.add_selected())
        self.table.doubleClicked.connect(lambda _index: self.add_selected())
        self.table.selectionModel().selectionChanged.connect(lambda *_args: self._enable())
        self._document.changed.connect(self._on_tournament_changed)
        self.search.installEventFilter(self)
        self.table.installEventFilter(self)
        self.refresh_lists()

    def hideEvent(self, event: QHideEvent) -> None:  # Qt override
        """Closed: the keyboard goes back to the window, on the widget that had it before (a window system
        without a window manager, or Qt's offscreen one, activates no window by itself)."""
        super().hideEvent(event)
        if not event.spontaneous():
            back_to(self.parentWidget())

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # Qt override
        """Up, Down and the page keys in the search box move through the results: type, arrow, Enter. Enter
        is taken here, whole: passed on, it also pressed the dialog's default button (a file dialog)."""
        key = event.key() if isinstance(event, QKeyEvent) and event.type() == QEvent.Type.KeyPress else None
        if watched is self.search and key in _RESULT_KEYS and self.model.rowCount():
            QApplication.sendEvent(self.table, event)
            return True
        if watched is self.search and key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self._on_return()
            return True
        if watched is self.table and key in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.selected():
            self._add_and_type_on()
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
            # a name is typed next: left on "Import list…", it went nowhere and Enter imported again
            self.search.setFocus(Qt.FocusReason.OtherFocusReason)
            self.search.selectAll()

    def _remove(self) -> None:
        stored = self.current_list()
        question = f"Remove the {stored} from this computer?"
        if stored is not None and self._actions.dialogs.confirm("Remove list", question):
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
        if len(found) == 1:  # several: none is chosen for the arbiter (Enter asks, _on_return)
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
            say(self.message, f"{counted(len(found), 'player')} found.")

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
        """Enter in the search box: add the player chosen in the results, or the only one found; when several
        match and none is chosen, add nobody and move to the results to choose (issue 29: "zeman" added the
        first Zeman found, silently)."""
        if self._timer.isActive():
            self.run_search()
        count = self.model.rowCount()
        if not count:
            return
        if self.selected():
            self._add_and_type_on()
            return
        many = f"{count} or more" if count >= self._actions.limit else str(count)
        say(self.message, f"{many} players match “{self.search.text().strip()}”: {_CHOOSE}", "error")
        self.table.setFocus(Qt.FocusReason.OtherFocusReason)
        self.table.setCurrentIndex(self.proxy.index(0, 0))

    def _add_and_type_on(self) -> None:
        self.add_selected()
        self.search.setFocus(Qt.FocusReason.OtherFocusReason)
        self.search.selectAll()  # the next name typed replaces this one (seen under Xvfb: they ran together)

    def _enable(self) -> None:
        self.add_button.setEnabled(bool(self.table.selectionModel().selectedRows()))

    def _on_tournament_changed(self) -> None:
        self.model.set_kind(self._document.tournament.info.kind)
