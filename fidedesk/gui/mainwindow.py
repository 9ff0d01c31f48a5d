"""The main window: the rules toolbar every tab follows, the tabs, menus and status bar."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable

from PySide6.QtCore import QDate, Qt
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence, QShowEvent, QUndoStack
from PySide6.QtWidgets import (
    QComboBox,
    QDateEdit,
    QLabel,
    QMainWindow,
    QMessageBox,
    QTabWidget,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from fidedesk.core.editions import AUTO, DEFAULT_EDITION, EDITIONS
from fidedesk.core.tournament import RatingKind
from fidedesk.gui.context import RatingContext
from fidedesk.gui.settings import Settings

#: Builds a tab's widget: (context, undo stack, settings) -> widget.
TabFactory = Callable[[RatingContext, QUndoStack, Settings], QWidget]


def _calculator(context: RatingContext, stack: QUndoStack, settings: Settings) -> QWidget:
    from fidedesk.gui.calculator import CalculatorTab

    return CalculatorTab(context, stack, settings)


def _reference(context: RatingContext, stack: QUndoStack, settings: Settings) -> QWidget:
    from fidedesk.gui.reference import ReferenceTablesTab  # Qt Charts loads with this tab, not at start-up

    return ReferenceTablesTab(context, stack, settings)


TABS: tuple[tuple[str, TabFactory], ...] = (
    ("&Calculator", _calculator),
    ("&Reference tables", _reference),
)


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
    """Edition, rating kind and (for ``auto``) the event date: the one place the rules are chosen."""

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
        self.kind_box = QComboBox()
        self.kind_box.setObjectName("kind_box")
        for kind in RatingKind:
            self.kind_box.addItem(kind.value.capitalize(), kind.value)
        self.date_edit = QDateEdit()
        self.date_edit.setObjectName("event_date")
        self.date_edit.setCalendarPopup(True)
        self.date_edit.setDisplayFormat("yyyy-MM-dd")
        self.date_edit.setToolTip("Event start date: 'auto' applies the edition in force on it")

        self.addWidget(QLabel(" Rules: "))
        self.addWidget(self.edition_box)
        self.addWidget(QLabel("  Rating: "))
        self.addWidget(self.kind_box)
        self.addWidget(QLabel("  Event date: "))
        self.addWidget(self.date_edit)
        self.refresh()

        self.edition_box.currentIndexChanged.connect(self._on_edition)
        self.kind_box.currentIndexChanged.connect(self._on_kind)
        self.date_edit.dateChanged.connect(self._on_date)
        context.changed.connect(self.refresh)

    def refresh(self) -> None:
        """Show the context's choices (without echoing them back)."""
        for box, value in ((self.edition_box, self._context.edition_name), (self.kind_box, self._context.kind.value)):
            box.blockSignals(True)
            box.setCurrentIndex(max(0, box.findData(value)))
            box.blockSignals(False)
        day = self._context.event_date
        self.date_edit.blockSignals(True)
        self.date_edit.setDate(QDate(day.year, day.month, day.day))
        self.date_edit.blockSignals(False)
        self.date_edit.setEnabled(self._context.is_auto)

    def _on_edition(self, _index: int) -> None:
        self._context.set_edition_name(str(self.edition_box.currentData()))

    def _on_kind(self, _index: int) -> None:
        self._context.set_kind(RatingKind(self.kind_box.currentData()))

    def _on_date(self, date: QDate) -> None:
        self._context.set_event_date(dt.date(date.year(), date.month(), date.day()))


class MainWindow(QMainWindow):
    """fidedesk's window. ``settings`` is where geometry and choices are kept."""

    def __init__(self, settings: Settings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.settings = settings
        self.setWindowTitle("fidedesk")
        self.setObjectName("main_window")
        kind = RatingKind(settings.kind) if settings.kind in {k.value for k in RatingKind} else RatingKind.STANDARD
        edition = settings.edition if settings.edition in (*EDITIONS, AUTO) else DEFAULT_EDITION.name
        self.context = RatingContext(edition, kind, parent=self)
        self.undo_stack = QUndoStack(self)

        self.rules_bar = RulesBar(self.context, self)
        self.addToolBar(self.rules_bar)
        self.tabs = QTabWidget()
        self.tabs.setObjectName("tabs")
        self.tabs.setDocumentMode(True)
        for title, factory in TABS:
            self.tabs.addTab(LazyTab(self._builder(factory)), title)
        self.setCentralWidget(self.tabs)
        self.rules_label = QLabel()
        self.statusBar().addPermanentWidget(self.rules_label)
        self._build_menus()

        self.context.changed.connect(self._on_rules_changed)
        self._on_rules_changed()
        self._restore()

    def _builder(self, factory: TabFactory) -> Callable[[], QWidget]:
        return lambda: factory(self.context, self.undo_stack, self.settings)

    def tab_content(self, index: int) -> QWidget:
        """The widget of tab ``index``, built now if it was not yet shown."""
        page = self.tabs.widget(index)
        assert isinstance(page, LazyTab)
        return page.ensure_built()

    # --- menus -------------------------------------------------------------------------------

    def _build_menus(self) -> None:
        file_menu = self.menuBar().addMenu("&File")
        quit_action = QAction("&Quit", self)
        quit_action.setShortcut(QKeySequence.StandardKey.Quit)
        quit_action.setMenuRole(QAction.MenuRole.QuitRole)
        quit_action.triggered.connect(self.close)
        file_menu.addAction(quit_action)

        edit_menu = self.menuBar().addMenu("&Edit")
        self.undo_action = self.undo_stack.createUndoAction(self, "&Undo")
        self.undo_action.setShortcut(QKeySequence.StandardKey.Undo)
        self.redo_action = self.undo_stack.createRedoAction(self, "&Redo")
        self.redo_action.setShortcut(QKeySequence.StandardKey.Redo)
        edit_menu.addAction(self.undo_action)
        edit_menu.addAction(self.redo_action)

        view_menu = self.menuBar().addMenu("&View")
        for index in range(self.tabs.count()):
            action = QAction(self.tabs.tabText(index), self)
            action.setShortcut(QKeySequence(f"Ctrl+{index + 1}"))
            action.triggered.connect(lambda _checked=False, i=index: self.tabs.setCurrentIndex(i))
            view_menu.addAction(action)

        help_menu = self.menuBar().addMenu("&Help")
        about = QAction("&About fidedesk", self)
        about.setMenuRole(QAction.MenuRole.AboutRole)
        about.triggered.connect(self.show_about)
        help_menu.addAction(about)
        about_qt = QAction("About &Qt", self)
        about_qt.setMenuRole(QAction.MenuRole.AboutQtRole)
        about_qt.triggered.connect(lambda: QMessageBox.aboutQt(self))
        help_menu.addAction(about_qt)

    def show_about(self) -> None:
        from fidedesk.gui.about import AboutDialog

        AboutDialog(self.context, self).exec()

    # --- state -------------------------------------------------------------------------------

    def _on_rules_changed(self) -> None:
        edition = self.context.edition()
        text = f"Rules: {edition.name} · {self.context.kind.value}"
        if self.context.is_auto:
            text += f" (auto, event date {self.context.event_date.isoformat()})"
        self.rules_label.setText(text)
        self.rules_label.setToolTip(edition.title)
        problem = self.context.problem()
        if problem:
            self.statusBar().showMessage(problem)
        self.settings.edition = self.context.edition_name
        self.settings.kind = self.context.kind.value

    def _restore(self) -> None:
        geometry = self.settings.geometry
        if geometry.isEmpty() or not self.restoreGeometry(geometry):
            self.resize(1280, 800)
        if not self.settings.state.isEmpty():
            self.restoreState(self.settings.state)
        tab = self.settings.tab
        if 0 <= tab < self.tabs.count():
            self.tabs.setCurrentIndex(tab)

    def closeEvent(self, event: QCloseEvent) -> None:
        self.settings.geometry = self.saveGeometry()
        self.settings.state = self.saveState()
        self.settings.tab = self.tabs.currentIndex()
        self.settings.sync()
        super().closeEvent(event)
