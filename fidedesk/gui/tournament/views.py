"""The tournament's views side by side: Rounds, Crosstable, Standings and Norms in tabs, the rating panel and
warnings beside.

Every model listens to the document, so an edit, an undo or a redo refreshes them all; the event is
rated once per change (:class:`EventRatings`) for the panel and the warnings together.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from PySide6.QtCore import QModelIndex, Qt, QTimer, Signal
from PySide6.QtGui import QKeySequence, QResizeEvent, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QSplitter,
    QStackedWidget,
    QTabWidget,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from fidedesk.gui.common.context import RatingContext
from fidedesk.gui.common.layouts import SizeClass, SplitterMemory
from fidedesk.gui.common.look import named
from fidedesk.gui.common.plain import bold, rich_label
from fidedesk.gui.common.settings import Settings
from fidedesk.gui.files.document import TournamentDocument
from fidedesk.gui.norms.view import NormsWidget
from fidedesk.gui.tournament.crosstable import CrosstableModel
from fidedesk.gui.tournament.rating_panel import EventRatings, RatingPanel
from fidedesk.gui.tournament.rounds_view import RoundsWidget
from fidedesk.gui.tournament.standings_view import StandingsWidget
from fidedesk.gui.tournament.table_copy import CopyTable
from fidedesk.gui.tournament.warnings_view import WarningsModel

#: The width of the warnings' Where column (the first places of each warning), in pixels, until it is dragged.
WARNING_PLACES_WIDTH = 220

#: Rows measured to size the columns of the crosstable and the standings.
SAMPLED_ROWS = 40

#: From this width on the calculation sits beside the tabs rather than under them.
WIDE = 1000

#: The least width of the calculation and the warnings beside the tabs: a divider dragged all the way once
#: left them one pixel wide, as good as gone.
SIDE_MIN_WIDTH = 240

#: Side by side, the tabs take the crosstable's whole width while this much is left beside them (the
#: calculation's columns and what the warnings say), and at least half.
SIDE_WIDTH = 420

#: Stacked, the tabs' share and the side's (the Rounds table shows several boards above the calculation).
DOWN_SHARES = (60, 40)

#: The tab widget's frame and the table's around the crosstable's columns, in pixels.
_TAB_FRAME = 12


class TournamentViews(QWidget):
    """Rounds, Crosstable, Standings; the selected player's rating calculation and the event's warnings.

    ``memory`` keeps the dividers per size class of the window (the Tournament tab's, or one of their own).
    """

    #: The start rank of the player just selected in a view (or by :meth:`select_player`).
    player_selected = Signal(int)

    def __init__(
        self,
        document: TournamentDocument,
        context: RatingContext,
        settings: Settings,
        parent: QWidget | None = None,
        *,
        memory: SplitterMemory | None = None,
    ) -> None:
        super().__init__(parent)
        self._selecting: int | None = None  # the player select_player is showing now
        self._selected: int | None = None  # the player selected last, for the views shown after edits
        self.document = document
        self.context = context
        self.settings = settings
        self.memory = memory if memory is not None else SplitterMemory(settings)
        # the look (STYLE) comes from the Tournament tab around these views: a second style sheet on them
        # made Qt style every widget twice while building the tab (~35 ms of start-up)
        self.ratings = EventRatings(document, context, self)

        self.rounds = RoundsWidget(document)
        self.standings = StandingsWidget(document)
        self.crosstable = CrosstableModel(document, self.standings.model, self)
        self.crosstable_table = named(CopyTable(), "crosstable_table")
        self.crosstable_table.setModel(self.crosstable)
        self.crosstable_table.verticalHeader().hide()
        self.crosstable_table.verticalHeader().setDefaultSectionSize(24)
        self.crosstable_table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.crosstable_table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.crosstable_table.setTabKeyNavigation(False)  # read only: arrows move in it, Tab leaves it
        self.crosstable_table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        # widths from the first rows only: measuring every cell of a 500-player crosstable takes longer than an edit
        self.crosstable_table.horizontalHeader().setResizeContentsPrecision(SAMPLED_ROWS)

        self.standings.table.horizontalHeader().setResizeContentsPrecision(SAMPLED_ROWS)
        self.tabs = named(QTabWidget(), "views_tabs")
        self.tabs.addTab(self.rounds, "Rounds")
        self.tabs.addTab(self.crosstable_table, "Crosstable")
        self.tabs.addTab(self.standings, "Standings")
        self.tabs.currentChanged.connect(lambda _index: document.commit_pending())  # the view shown reads it
        # the standings, and the crosstable that follows them, are worked out while one of them is shown
        self.standings.model.shown = lambda: self.tabs.currentWidget() in (self.standings, self.crosstable_table)
        self.tabs.currentChanged.connect(self._on_view_shown)
        # Alt+1/2/3 reach each view from anywhere in the tab: the tables keep Tab and Ctrl+Tab for themselves
        for number, focus in enumerate((self.rounds.white_edit, self.crosstable_table, self.standings.table)):
            self.tabs.setTabToolTip(number, f"Alt+{number + 1}")
            self._view_key(number + 1, self.tabs.tabText(number), partial(self.show_view, number, focus))
        # the title norms (issue 30), worked out only while shown; Alt+6, as Alt+4 and Alt+5 are the side's
        self.norms = NormsWidget(document)
        self.tabs.addTab(self.norms, "Norms")
        self.tabs.setTabToolTip(self.tabs.indexOf(self.norms), "Alt+6")
        self._view_key(6, "title norms", self.show_norms)

        self.panel = RatingPanel(self.ratings)
        self.warnings = WarningsModel(self.ratings, self)
        # one text line per warning, its places folded under it (Right arrow opens them): a line that wrapped its
        # places once filled the whole panel in a big event and hid the other warnings
        self.warnings_table = named(QTreeView(), "warnings_table")
        self.warnings_table.setModel(self.warnings)
        self.warnings_table.setUniformRowHeights(True)
        self.warnings_table.setWordWrap(False)
        self.warnings_table.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.warnings_table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        header = self.warnings_table.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        # what the warning is comes first: the places are in the row's tool tip and under it as well
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Interactive)
        header.resizeSection(2, WARNING_PLACES_WIDTH)

        self.warnings_box = QWidget()
        warnings_layout = QVBoxLayout(self.warnings_box)
        warnings_layout.setContentsMargins(0, 0, 0, 0)
        self.warnings_title = rich_label("")
        warnings_layout.addWidget(self.warnings_title)
        warnings_layout.addWidget(self.warnings_table)

        # Wide (the views alone): the calculation beside the tabs, warnings under it. Narrow (beside the
        # players in the Tournament tab): the calculation and the warnings as tabs under the rounds.
        self.side_split = QSplitter(Qt.Orientation.Vertical)
        self.side_split.setChildrenCollapsible(False)
        self.side_tabs = named(QTabWidget(), "side_tabs")
        self.side = QStackedWidget()
        self.side.addWidget(self.side_split)
        self.side.addWidget(self.side_tabs)
        # never so narrow that it is gone (the views' own least width, in resizeEvent, lets them be stacked)
        self.side.setMinimumWidth(SIDE_MIN_WIDTH)
        self.splitter = named(QSplitter(Qt.Orientation.Horizontal), "views_splitter")
        self.splitter.addWidget(self.tabs)
        self.splitter.addWidget(self.side)
        self.splitter.setChildrenCollapsible(False)
        self.wide: bool | None = None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.splitter)
        self.memory.add("views", self.splitter, self._shares)
        self.memory.add("side", self.side_split, lambda _size_class: (3, 1))  # the calculation, the warnings
        self._arrange(wide=True)
        self._set_least_width()  # now: a window sized before it is shown must not be held to the wide layout

        self.standings.player_chosen.connect(self.select_player)
        self.rounds.player_chosen.connect(self.select_player)
        self.crosstable_table.selectionModel().currentRowChanged.connect(self._on_crosstable_row)
        self.norms.table.selectionModel().currentRowChanged.connect(self._on_norms_row)
        self.warnings.modelReset.connect(self._on_warnings_reset)
        # another event has other rounds: the crosstable's width changes the divider's place (unless dragged)
        document.was_reset.connect(lambda: QTimer.singleShot(0, self, lambda: self.memory.restore("views")))
        self._on_warnings_reset()
        # Alt+4 and Alt+5 reach the calculation and the warnings, beside the tabs or (narrow) in tabs of their own:
        # neither was reachable by key, as the tables before them keep the arrows (and the boards Tab) to themselves
        self._view_key(4, "rating calculation", partial(self.show_side, self.panel, self.panel.games_table))
        self._view_key(5, "warnings", partial(self.show_side, self.warnings_box, self.warnings_table))

    def _view_key(self, number: int, what: str, show: Callable[[], None]) -> None:
        """Alt+``number`` shows ``what`` from anywhere in the views (its line in Help › Keyboard Shortcuts)."""
        shortcut = QShortcut(QKeySequence(f"Alt+{number}"), self)
        shortcut.setWhatsThis(f"Show the {what}")
        shortcut.activated.connect(show)

    def show_view(self, number: int, focus: QWidget) -> None:
        """Show view ``number`` (Rounds, Crosstable, Standings) and put the keyboard in it."""
        self.tabs.setCurrentIndex(number)
        focus.setFocus(Qt.FocusReason.ShortcutFocusReason)

    def show_norms(self) -> None:
        """Show the Norms view and put the keyboard in its table (on its first row when none is current)."""
        self.tabs.setCurrentWidget(self.norms)
        self.norms.first_field().setFocus(Qt.FocusReason.ShortcutFocusReason)

    def show_side(self, page: QWidget, focus: QAbstractItemView) -> None:
        """Show the calculation or the warnings (their tab, when they are tabs) and put the keyboard in it,
        on its first row when none is current (so that the arrows and Right work at once)."""
        index = self.side_tabs.indexOf(page)
        if index >= 0:
            self.side_tabs.setCurrentIndex(index)
        model = focus.model()
        if not focus.currentIndex().isValid() and model is not None and model.rowCount():
            focus.setCurrentIndex(model.index(0, 0))
        focus.setFocus(Qt.FocusReason.ShortcutFocusReason)

    def select_player(self, start_rank: int) -> None:
        """One selected player across the views (issue 29): this player's row current in the Standings, the
        Crosstable and the Norms (their first norm), their rating calculation in the panel, and ``player_selected``
        said (the Players table follows). A view that makes its row current calls this again: that call, for the
        same player, stops."""
        if self._selecting == start_rank:
            return
        self._selecting, self._selected = start_rank, start_rank
        try:
            standings = self.standings.model
            if not standings.stale:  # stale, they are hidden: the row is made current when they are shown
                self._make_current(
                    self.standings.table,
                    lambda row: standings.standing(row).player.start_rank == start_rank,
                    standings.rowCount(),
                )
                self._make_current(
                    self.crosstable_table,
                    lambda row: self.crosstable.player_at(row).start_rank == start_rank,
                    self.crosstable.rowCount(),
                )
            self._make_current(
                self.norms.table,
                lambda row: self.norms.model.row(row).player.start_rank == start_rank,
                self.norms.model.rowCount(),
            )
            self.panel.select_player(start_rank)
            self.player_selected.emit(start_rank)
        finally:
            self._selecting = None

    def _on_view_shown(self, _index: int) -> None:
        """The standings or the crosstable shown after edits made while hidden: ranked again, and the selected
        player's row current in them."""
        standings = self.standings.model
        if standings.shown() and standings.stale:
            standings.fresh()
            if self._selected is not None:
                selected, self._selected = self._selected, None
                self.select_player(selected)

    @staticmethod
    def _make_current(table: QAbstractItemView, holds: Callable[[int], bool], rows: int) -> None:
        """The first row of ``table`` for which ``holds`` is true becomes current, in the column that was (the
        keyboard stays where it is); nothing changes where it is current already or no row holds."""
        current = table.currentIndex()
        if current.isValid() and holds(current.row()):
            return
        row = next((row for row in range(rows) if holds(row)), None)
        model = table.model()
        if row is not None and model is not None:
            table.setCurrentIndex(model.index(row, max(current.column(), 0)))

    def resizeEvent(self, event: QResizeEvent) -> None:  # Qt override
        super().resizeEvent(event)
        self._set_least_width()  # the style of the tab around the views may have changed the tabs' own
        self.memory.enter(self.window().width())
        self._arrange(wide=event.size().width() >= WIDE)

    def _set_least_width(self) -> None:
        """The views' least width is that of the stacked layout: side by side would need the tabs' and the
        side's together, and the views (and the window) could then never be made narrow enough to stack."""
        self.setMinimumWidth(max(self.tabs.minimumSizeHint().width(), SIDE_MIN_WIDTH))

    def _shares(self, _size_class: SizeClass) -> tuple[int, int]:
        """The tabs' and the side's shares where no divider was saved: side by side, the crosstable uncut
        (a 9-round Swiss needs about 800 pixels) as long as the side keeps ``SIDE_WIDTH``."""
        if not self.wide:
            return DOWN_SHARES
        length = self.splitter.width()
        tabs = max(length // 2, min(self.crosstable_width(), length - SIDE_WIDTH))
        return tabs, length - tabs

    def crosstable_width(self) -> int:
        """The width the crosstable needs to show every column, its scroll bar and frames included."""
        table = self.crosstable_table
        bar = table.verticalScrollBar().sizeHint().width()
        return table.horizontalHeader().length() + bar + 2 * table.frameWidth() + _TAB_FRAME

    def _arrange(self, *, wide: bool) -> None:
        """Put the calculation and the warnings beside the tabs (wide) or in tabs under them (narrow)."""
        if wide == self.wide:
            return
        self.wide = wide
        if wide:
            self.side_tabs.clear()
            self.side_split.addWidget(self.panel)
            self.side_split.addWidget(self.warnings_box)
            for page in (self.panel, self.warnings_box):
                page.show()  # the tabs hid the page that was not current, and a splitter keeps it hidden
            self.side.setCurrentWidget(self.side_split)
            self.splitter.setOrientation(Qt.Orientation.Horizontal)
            self.memory.restore("side")
        else:
            self.side_tabs.addTab(self.panel, "Rating calculation")
            self.side_tabs.addTab(self.warnings_box, "Warnings")
            self.side_tabs.setTabToolTip(0, "Alt+4")
            self.side_tabs.setTabToolTip(1, "Alt+5")
            self.side.setCurrentWidget(self.side_tabs)
            self.splitter.setOrientation(Qt.Orientation.Vertical)
        self.memory.restore("views")  # where it was left in this size class and orientation
        self.warnings_title.setVisible(wide)
        self._on_warnings_reset()

    def _on_warnings_reset(self) -> None:
        count = self.warnings.rowCount()
        self.warnings_title.setText(bold(f"Warnings ({count})"))
        index = self.side_tabs.indexOf(self.warnings_box)
        if index >= 0:
            self.side_tabs.setTabText(index, f"Warnings ({count})")

    def _on_norms_row(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if current.isValid():
            self.select_player(self.norms.model.row(current.row()).player.start_rank)

    def _on_crosstable_row(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if current.isValid():
            self.select_player(self.crosstable.player_at(current.row()).start_rank)
