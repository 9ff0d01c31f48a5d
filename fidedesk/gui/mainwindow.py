"""The main window: the rules toolbar every tab follows, the tabs, menus and status bar."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Sequence
from pathlib import Path

from PySide6.QtCore import QDate, Qt, QTimer
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence, QShowEvent, QUndoGroup, QUndoStack
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QDateEdit,
    QMainWindow,
    QMessageBox,
    QTabWidget,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from fidedesk.core.rating.editions import AUTO, DEFAULT_EDITION, EDITIONS
from fidedesk.core.tournament import RatingKind
from fidedesk.gui.common.background import working
from fidedesk.gui.common.context import RatingContext
from fidedesk.gui.common.dialogs import Dialogs
from fidedesk.gui.common.menus import Menu, MenuContribution, build_menus
from fidedesk.gui.common.plain import answered, plain_label, title_text, without_mnemonic
from fidedesk.gui.common.screen import bring_inside, place_first
from fidedesk.gui.common.settings import Settings
from fidedesk.gui.common.shortcuts import COMMAND_NAME, REDO_KEY, ShortcutRow, ShortcutsDialog, shortcut_rows
from fidedesk.gui.excel.actions import ExcelActions
from fidedesk.gui.files.actions import FileActions
from fidedesk.gui.files.document import TournamentDocument
from fidedesk.gui.pairing.actions import PairingActions
from fidedesk.gui.printing.actions import PrintActions
from fidedesk.gui.qt_dialogs import QtDialogs
from fidedesk.gui.ratinglist.actions import RatingListActions

#: Builds a tab's widget: (context, undo stack, settings, the open tournament) -> widget.
TabFactory = Callable[[RatingContext, QUndoStack, Settings, TournamentDocument], QWidget]


def _tournament(context: RatingContext, stack: QUndoStack, settings: Settings, document: TournamentDocument) -> QWidget:
    from fidedesk.gui.tournament import TournamentTab

    return TournamentTab(context, stack, settings, document)


def _calculator(
    context: RatingContext, stack: QUndoStack, settings: Settings, _document: TournamentDocument
) -> QWidget:
    from fidedesk.gui.calculator import CalculatorTab

    return CalculatorTab(context, stack, settings)


def _reference(context: RatingContext, stack: QUndoStack, settings: Settings, _document: TournamentDocument) -> QWidget:
    from fidedesk.gui.reference.tab import ReferenceTablesTab  # Qt Charts loads with this tab, not at start-up

    return ReferenceTablesTab(context, stack, settings)


TABS: tuple[tuple[str, TabFactory], ...] = (
    ("&Tournament", _tournament),
    ("&Calculator", _calculator),
    ("&Reference tables", _reference),
)
#: Help › User Guide where the platform names no key of its own for help (F1 on Windows and Linux).
GUIDE_KEY = QKeySequence("F1")
#: How often a file handed over while a dialog is open looks again whether it may open (milliseconds).
REQUESTED_WAIT_MS = 250
#: The tab whose history is the open tournament's (saved when clean), and the calculator's.
TOURNAMENT_TAB, CALCULATOR_TAB = 0, 1


class LazyTab(QWidget):
    """A tab page that builds its content the first time it is shown."""

    def __init__(self, build: Callable[[], QWidget], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._build: Callable[[], QWidget] | None = build
        self.content: QWidget | None = None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)

    def ensure_built(self) -> QWidget:
        if self.content is None:
            assert self._build is not None
            self.content = self._build()
            self._build = None
            layout = self.layout()
            assert layout is not None
            layout.addWidget(self.content)
            self.content.show()  # added to a page that may already be visible: Qt shows it only when asked
        return self.content

    def showEvent(self, event: QShowEvent) -> None:
        self.ensure_built()
        super().showEvent(event)


class RulesBar(QToolBar):
    """Edition and (for ``auto``) the event date: the one place the rules are chosen.

    The rating kind is not here: the tournament is rated for its event's kind (the event form), and the
    calculator has a kind of its own among its inputs.
    """

    def __init__(self, context: RatingContext, parent: QWidget | None = None) -> None:
        super().__init__("Rules", parent)
        self.setObjectName("rules_toolbar")
        self.setMovable(False)
        self._context = context

        self.edition_box = QComboBox()
        self.edition_box.setObjectName("edition_box")
        for name, edition in EDITIONS.items():
            self.edition_box.addItem(name, name)
            self.edition_box.setItemData(self.edition_box.count() - 1, edition.title, Qt.ItemDataRole.ToolTipRole)
        self.edition_box.addItem("auto (by event date)", AUTO)
        self.edition_box.setItemData(
            self.edition_box.count() - 1, "The FIDE edition in force on the event date", Qt.ItemDataRole.ToolTipRole
        )
        self.date_edit = QDateEdit()
        self.date_edit.setObjectName("event_date")
        self.date_edit.setCalendarPopup(True)
        self.date_edit.setDisplayFormat("yyyy-MM-dd")
        self.date_edit.setToolTip("Event start date: 'auto' applies the edition in force on it")

        self.addWidget(plain_label(" Rules: "))
        self.addWidget(self.edition_box)
        self.addWidget(plain_label("  Event date: "))
        self.addWidget(self.date_edit)
        self.refresh()

        self.edition_box.currentIndexChanged.connect(self._on_edition)
        self.date_edit.dateChanged.connect(self._on_date)
        context.changed.connect(self.refresh)

    def refresh(self) -> None:
        """Show the context's choices (without echoing them back)."""
        box = self.edition_box
        box.blockSignals(True)
        box.setCurrentIndex(max(0, box.findData(self._context.edition_name)))
        box.blockSignals(False)
        day = self._context.event_date
        self.date_edit.blockSignals(True)
        self.date_edit.setDate(QDate(day.year, day.month, day.day))
        self.date_edit.blockSignals(False)
        self.date_edit.setEnabled(self._context.is_auto)

    def _on_edition(self, _index: int) -> None:
        self._context.set_edition_name(str(self.edition_box.currentData()))

    def _on_date(self, date: QDate) -> None:
        self._context.set_event_date(dt.date(date.year(), date.month(), date.day()))


class MainWindow(QMainWindow):
    """fidedesk's window. ``settings`` is where geometry and choices are kept.

    The window holds one open tournament (``document``) on its one undo stack; ``recovery_folder`` is
    where its autosave writes (default: the application's data folder). ``dialogs`` asks the window's
    questions (default: Qt's dialogs; the smoke test and tests give unattended ones).
    """

    def __init__(
        self,
        settings: Settings,
        parent: QWidget | None = None,
        *,
        recovery_folder: Path | None = None,
        dialogs: Dialogs | None = None,
    ) -> None:
        super().__init__(parent)
        self._status_reasons: dict[str, str] = {}  # the status bar's words that hold while a reason lasts
        self.settings = settings
        self.setObjectName("main_window")
        kind = RatingKind(settings.kind) if settings.kind in {k.value for k in RatingKind} else RatingKind.STANDARD
        edition = settings.edition if settings.edition in (*EDITIONS, AUTO) else DEFAULT_EDITION.name
        self.context = RatingContext(edition, kind, parent=self)
        # one history per tab (the calculator's games are not the tournament's): Edit › Undo follows the tab
        self.undo_group = QUndoGroup(self)
        self.tab_stacks = [QUndoStack(self.undo_group) for _ in TABS]
        self.undo_stack = self.tab_stacks[TOURNAMENT_TAB]  # the tournament's; its clean state is "saved"
        self.calculator_stack = self.tab_stacks[CALCULATOR_TAB]
        self.document = TournamentDocument(self.undo_stack, parent=self)
        self.dialogs: Dialogs = dialogs if dialogs is not None else QtDialogs(self)
        self.files = FileActions(self, self.document, settings, self.dialogs, recovery_folder)
        self.excel = ExcelActions(self, self.files, self.context, self.dialogs)
        self.rating_list = RatingListActions(self, self.files, self.dialogs)
        self.printing = PrintActions(self, self.files, self.context, self.dialogs)
        self.pairing = PairingActions(self, self.document, self.dialogs, self.show_round)
        self.guide_window: QWidget | None = None  # Help › User Guide, made when first asked for
        # files handed over while a modal dialog is open wait here; the timer looks again until it has closed
        self._requested: list[Path] = []
        self._opening_requested = False
        self._requested_timer = QTimer(self)
        self._requested_timer.setInterval(REQUESTED_WAIT_MS)
        self._requested_timer.timeout.connect(self._open_requested)

        self.rules_bar = RulesBar(self.context, self)
        self.addToolBar(self.rules_bar)
        self.tabs = QTabWidget()
        self.tabs.setObjectName("tabs")
        self.tabs.setDocumentMode(True)
        for (title, factory), stack in zip(TABS, self.tab_stacks, strict=True):
            self.tabs.addTab(LazyTab(self._builder(factory, stack)), title)
        self.tabs.currentChanged.connect(self._on_tab_changed)
        self._on_tab_changed(self.tabs.currentIndex())
        self.setCentralWidget(self.tabs)
        self.rules_label = plain_label()
        self.statusBar().addPermanentWidget(self.rules_label)
        self._build_menus()

        self.context.changed.connect(self._on_rules_changed)
        self._on_rules_changed()
        self.document.changed.connect(self._update_title)
        self._event_start: dt.date | None = None
        self.document.changed.connect(self._follow_event_date)
        self.document.was_reset.connect(self._on_document_reset)
        self.document.path_changed.connect(self._update_title)
        self.undo_stack.cleanChanged.connect(self._update_title)
        self.document.pending_changed.connect(self._update_title)
        self._update_title()
        self._restore()

    def _builder(self, factory: TabFactory, stack: QUndoStack) -> Callable[[], QWidget]:
        def build() -> QWidget:
            from fidedesk.gui.tournament import TournamentTab

            content = factory(self.context, stack, self.settings, self.document)
            if isinstance(content, TournamentTab):
                content.views.rounds.dialogs = self.dialogs  # its questions are the window's (unattended in tests)
            return content

        return build

    def _on_tab_changed(self, index: int) -> None:
        # the tab shown now reads the document: what was typed on the one left becomes an undo step first
        # (text that cannot be used stays in its field, unsaved, and says why there)
        self.document.commit_pending()
        if 0 <= index < len(self.tab_stacks):
            self.undo_group.setActiveStack(self.tab_stacks[index])
            self.focus_tab(index)

    def focus_tab(self, index: int) -> None:
        """Put the keyboard in tab ``index``: on the field used last there, else on the tab's first field
        (its ``first_field()``: the event's name or the players, "Your rating", the Find field)."""
        page = self.tabs.widget(index)
        assert isinstance(page, LazyTab)
        content = page.ensure_built()
        last = page.focusWidget()  # Qt keeps the child that had the keyboard last, while the page is hidden too
        usable = last is not None and last is not page and last.isEnabled() and last.isVisibleTo(page)
        first = getattr(content, "first_field", None)
        target = last if usable else (first() if callable(first) else None)
        if isinstance(target, QWidget):
            target.setFocus(Qt.FocusReason.ShortcutFocusReason)

    def _update_title(self) -> None:
        """The title "Event — fidedesk", with Qt's ``*`` while there are unsaved changes."""
        self.setWindowTitle(f"{title_text(self.files.display_name())}[*] — fidedesk")
        self.setWindowModified(self.document.shows_modified)  # text being typed counts from the first key

    def _follow_event_date(self) -> None:
        """The rules' event date follows the event's start date, so that ``auto`` applies the edition in
        force when the event started (as ``fidedesk-cli rate --rules auto`` does). Only a changed start
        date is passed on: a date chosen in the toolbar stays until the event's own date changes."""
        start = self.document.tournament.info.start
        if start != self._event_start:
            self._take_event_date(start)

    def _on_document_reset(self) -> None:
        """A new, opened or imported tournament is shown, the keyboard on its first field (an empty event's
        name), and brings its own date, even one equal to the last event's or none: a date left from the
        previous event would have ``auto`` apply its edition, unsaid."""
        self.tabs.setCurrentIndex(TOURNAMENT_TAB)
        first = getattr(self.tab_content(TOURNAMENT_TAB), "first_field", None)
        if callable(first):
            first().setFocus(Qt.FocusReason.OtherFocusReason)
        self._take_event_date(self.document.tournament.info.start)

    def _take_event_date(self, start: dt.date | None) -> None:
        """The event's start date, or today's for an event without one (a new event, a file with no date);
        under ``auto`` the status bar then says which edition today's date gives."""
        self._event_start = start
        self.context.set_event_date(start or dt.date.today())
        if start is None and self.context.is_auto:
            self._say_while(
                "no date", f"The event has no start date: auto applies {self.context.edition().name}, in force today"
            )
        else:
            self._reason_ended("no date")

    def _say_while(self, reason: str, text: str) -> None:
        """Say ``text`` in the status bar until :meth:`_reason_ended` says ``reason`` is over (or another
        message takes its place): a word left after its reason ended misleads."""
        self._status_reasons[reason] = text
        self.statusBar().showMessage(text)

    def _reason_ended(self, reason: str) -> None:
        """The status bar's message for ``reason``, if it still shows, goes."""
        text = self._status_reasons.pop(reason, None)
        if text is not None and self.statusBar().currentMessage() == text:
            self.statusBar().clearMessage()

    def offer_recovery(self) -> bool:
        """After the window is shown: offer work a crashed session left behind; True when restored."""
        return self.files.offer_recovery()

    def open_path(self, path: Path) -> bool:
        """Open a file given on the command line or by the system (a double-clicked file, macOS's open
        event) as File › Open does, by its format (:mod:`fidedesk.io.formats`); True when it became the
        open tournament."""
        opened = self.files.open(path)
        if opened:
            self.tabs.setCurrentIndex(0)
        return opened

    def open_requested(self, path: Path) -> None:
        """A file handed over while fidedesk runs (a later start, macOS's open event): opened as
        :meth:`open_path` does, but never over a dialog the arbiter has open (the Excel wizard, a question):
        it waits, with a word in the status bar, and opens once no modal dialog is left and no work runs."""
        self._requested.append(path)
        if self._busy() or self._opening_requested:
            self._say_while("waiting to open", f"{path.name} opens when the open dialog is closed")
        if not self._requested_timer.isActive():
            self._requested_timer.start()
        self._open_requested()

    @staticmethod
    def _busy() -> bool:
        """A modal dialog is open, or work runs off the GUI thread (an import, before its dialog shows too)."""
        return QApplication.activeModalWidget() is not None or working()

    def _open_requested(self) -> None:
        """Open the files handed over, first come first, while no modal dialog is open."""
        if self._opening_requested:
            return  # a file is being opened (its own wizard or question may be up): the rest wait for it
        self._opening_requested = True
        try:
            while self._requested and not self._busy():
                self.open_path(self._requested.pop(0))
        finally:
            self._opening_requested = False
        if not self._requested:
            self._requested_timer.stop()
            self._reason_ended("waiting to open")

    def show_round(self, round_: int, text: str, paired: Sequence[int] = ()) -> None:
        """The Tournament tab's Rounds view on ``round_``, saying ``text``; ``paired``: the rounds just paired by
        FIDE's rules (the FIDE column need not pair them again to know they agree)."""
        from fidedesk.gui.tournament import TournamentTab

        self.tabs.setCurrentIndex(TOURNAMENT_TAB)
        tab = self.tab_content(TOURNAMENT_TAB)
        if isinstance(tab, TournamentTab):
            tab.views.tabs.setCurrentWidget(tab.views.rounds)
            tab.views.rounds.fide_check.agreeing(paired)
            tab.views.rounds.show_round(round_, text)

    def tab_content(self, index: int) -> QWidget:
        """The widget of tab ``index``, built now if it was not yet shown."""
        page = self.tabs.widget(index)
        assert isinstance(page, LazyTab)
        return page.ensure_built()

    # --- menus -------------------------------------------------------------------------------

    def _build_menus(self) -> None:
        """The menu bar from each feature's contribution and the window's own actions (Quit, Undo and Redo, View,
        Help), in the order :func:`~fidedesk.gui.common.menus.build_menus` lays them out."""
        build_menus(
            self.menuBar(),
            (
                self.files.menu_actions(),
                self.excel.menu_actions(),
                self.printing.menu_actions(),
                self._quit_menu_actions(),
                self._undo_menu_actions(),
                self.pairing.menu_actions(),
                self.rating_list.menu_actions(),
                self._view_menu_actions(),
                self._help_menu_actions(),
            ),
        )

    def _quit_menu_actions(self) -> MenuContribution:
        self.quit_action = quit_action = QAction("&Quit", self)
        # Ctrl+Q where the platform names no key of its own for Quit (Windows, a bare X11 session)
        quit_action.setShortcuts(QKeySequence.keyBindings(QKeySequence.StandardKey.Quit) or [QKeySequence("Ctrl+Q")])
        quit_action.setMenuRole(QAction.MenuRole.QuitRole)
        quit_action.triggered.connect(self.close)
        return MenuContribution(Menu.FILE, ((quit_action,),))

    def _undo_menu_actions(self) -> MenuContribution:
        self.undo_action = self.undo_group.createUndoAction(self, "&Undo")
        self.undo_action.setShortcut(QKeySequence.StandardKey.Undo)
        self.redo_action = self.undo_group.createRedoAction(self, "&Redo")
        # Ctrl+Y too on every platform: Windows users type it, and Linux's standard key is Ctrl+Shift+Z only
        redo_keys = QKeySequence.keyBindings(QKeySequence.StandardKey.Redo)
        self.redo_action.setShortcuts([*redo_keys, *[REDO_KEY] * (REDO_KEY not in redo_keys)])
        # their text names the step ("Undo Enter result"); the list of keys names the command
        self.undo_action.setProperty(COMMAND_NAME, "Undo")
        self.redo_action.setProperty(COMMAND_NAME, "Redo")
        return MenuContribution(Menu.EDIT, ((self.undo_action, self.redo_action),))

    def _view_menu_actions(self) -> MenuContribution:
        """View: a tab each, Ctrl+1, Ctrl+2, Ctrl+3."""
        actions = []
        for index in range(self.tabs.count()):
            action = QAction(self.tabs.tabText(index), self)
            action.setShortcut(QKeySequence(f"Ctrl+{index + 1}"))
            action.triggered.connect(lambda _checked=False, i=index: self.tabs.setCurrentIndex(i))
            actions.append(action)
        return MenuContribution(Menu.VIEW, (tuple(actions),))

    def _help_menu_actions(self) -> MenuContribution:
        self.guide_action = QAction("User &Guide", self)
        self.guide_action.setShortcuts(QKeySequence.keyBindings(QKeySequence.StandardKey.HelpContents) or [GUIDE_KEY])
        self.guide_action.triggered.connect(self.show_guide)
        about = QAction("&About fidedesk", self)
        about.setMenuRole(QAction.MenuRole.AboutRole)
        about.triggered.connect(self.show_about)
        about_qt = QAction("About &Qt", self)
        about_qt.setMenuRole(QAction.MenuRole.AboutQtRole)
        about_qt.triggered.connect(lambda: QMessageBox.aboutQt(self))
        self.shortcuts_action = QAction("&Keyboard Shortcuts", self)
        self.shortcuts_action.triggered.connect(self.show_shortcuts)
        return MenuContribution(Menu.HELP, ((self.guide_action, about, about_qt), (self.shortcuts_action,)))

    def show_guide(self) -> None:
        """The user guide beside the window (one at a time, not modal: read it while typing)."""
        from fidedesk.gui.help.guide import GuideWindow

        if self.guide_window is None:
            self.guide_window = GuideWindow(self)
        self.guide_window.show()
        self.guide_window.raise_()
        self.guide_window.activateWindow()

    def show_about(self) -> None:
        from fidedesk.gui.help.about import AboutDialog

        answered(AboutDialog(self.context, self))

    def shortcut_rows(self) -> list[ShortcutRow]:
        """Every command of the window with a key, by menu, then by tab (every tab is built for it)."""
        areas = [(without_mnemonic(self.tabs.tabText(i)), self.tab_content(i)) for i in range(self.tabs.count())]
        return shortcut_rows(self.menuBar(), areas)

    def show_shortcuts(self) -> None:
        answered(ShortcutsDialog(self.shortcut_rows(), self))

    # --- state -------------------------------------------------------------------------------

    def _on_rules_changed(self) -> None:
        edition = self.context.edition()
        text = f"Rules: {edition.name}"
        if self.context.is_auto:
            text += f" (auto, event date {self.context.event_date.isoformat()})"
        self.rules_label.setText(text)
        self.rules_label.setToolTip(edition.title)
        problem = self.context.problem()
        if problem:
            self._say_while("rules", problem)
        else:
            self._reason_ended("rules")
        self.settings.edition = self.context.edition_name
        self.settings.kind = self.context.kind.value

    def _restore(self) -> None:
        geometry = self.settings.geometry
        if geometry.isEmpty() or not self.restoreGeometry(geometry):
            place_first(self)
        else:
            bring_inside(self)  # left on a larger screen than this one
        if not self.settings.state.isEmpty():
            self.restoreState(self.settings.state)
        tab = self.settings.tab
        if 0 <= tab < self.tabs.count():
            self.tabs.setCurrentIndex(tab)

    def closeEvent(self, event: QCloseEvent) -> None:  # Qt override
        if not self.files.close_document():  # the arbiter cancelled: keep the window and the work
            event.ignore()
            return
        self.settings.geometry = self.saveGeometry()
        self.settings.state = self.saveState()
        self.settings.tab = self.tabs.currentIndex()
        self.settings.sync()
        super().closeEvent(event)
