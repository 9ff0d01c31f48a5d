"""The main window: tabs, the one rules toolbar, menus, About, settings kept apart from the user's."""

from __future__ import annotations

import datetime as dt

import pytest
from PySide6.QtCore import QDate, QSettings
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QComboBox
from pytestqt.qtbot import QtBot

from fidedesk.core.tournament import RatingKind
from fidedesk.gui.app import main as app_main
from fidedesk.gui.calculator import CalculatorTab
from fidedesk.gui.common.dialogs import UnattendedDialogs
from fidedesk.gui.common.settings import Settings
from fidedesk.gui.help.about import AboutDialog
from fidedesk.gui.mainwindow import MainWindow


@pytest.fixture
def window(qtbot: QtBot, settings: Settings, dialogs: UnattendedDialogs) -> MainWindow:
    win = MainWindow(settings, dialogs=dialogs)
    qtbot.addWidget(win)
    return win


def test_tabs_and_default_rules(window: MainWindow) -> None:
    assert [window.tabs.tabText(i) for i in range(window.tabs.count())] == [
        "&Tournament",
        "&Calculator",
        "&Reference tables",
    ]
    assert window.context.edition().name == "fide-2025" and window.context.kind is RatingKind.STANDARD
    assert "fide-2025" in window.rules_label.text()


def calculator_kind_box(window: MainWindow) -> QComboBox:
    tab = window.tab_content(1)
    assert isinstance(tab, CalculatorTab)
    return tab.player_widget.kind_box


def test_rules_are_chosen_in_one_place(window: MainWindow) -> None:
    """The toolbar sets the edition every tab follows; auto takes the edition of the event date. The rating kind
    is not in the toolbar: the tournament's is its event's, the calculator's is among its inputs."""
    bar = window.rules_bar
    assert not hasattr(bar, "kind_box")
    bar.edition_box.setCurrentIndex(bar.edition_box.findData("fide-2022"))
    assert window.context.edition().name == "fide-2022" and not bar.date_edit.isEnabled()
    kind_box = calculator_kind_box(window)
    kind_box.setCurrentIndex(kind_box.findData("blitz"))
    assert window.context.kind is RatingKind.BLITZ
    bar.edition_box.setCurrentIndex(bar.edition_box.findData("auto"))
    assert bar.date_edit.isEnabled()
    bar.date_edit.setDate(QDate(2016, 6, 28))
    assert window.context.event_date == dt.date(2016, 6, 28)
    assert window.context.edition().name == "fide-2014" and "fide-2014" in window.rules_label.text()
    bar.date_edit.setDate(QDate(1990, 1, 1))
    assert window.context.edition().name == "fide-2025" and "before 1994" in window.statusBar().currentMessage()


def test_choices_and_geometry_are_restored(qtbot: QtBot, settings: Settings, dialogs: UnattendedDialogs) -> None:
    first = MainWindow(settings, dialogs=dialogs)
    qtbot.addWidget(first)
    first.rules_bar.edition_box.setCurrentIndex(first.rules_bar.edition_box.findData("fide-2017"))
    kind_box = calculator_kind_box(first)
    kind_box.setCurrentIndex(kind_box.findData("rapid"))
    first.resize(640, 480)  # within the offscreen screen (800 x 600), which restoreGeometry clamps to
    first.tabs.setCurrentIndex(1)
    first.close()
    second = MainWindow(settings, dialogs=dialogs)
    qtbot.addWidget(second)
    assert second.context.edition_name == "fide-2017" and second.context.kind is RatingKind.RAPID
    assert calculator_kind_box(second).currentData() == "rapid"
    assert second.tabs.currentIndex() == 1
    assert (second.width(), second.height()) == (640, 480)


def test_settings_never_touch_the_users_file(settings: Settings, tmp_path: object) -> None:
    assert str(tmp_path) in settings.file_name
    user = Settings()
    assert str(tmp_path) not in user.file_name


def test_bad_stored_values_fall_back_to_defaults(qtbot: QtBot, tmp_path: object, dialogs: UnattendedDialogs) -> None:
    store = QSettings(f"{tmp_path}/bad.ini", QSettings.Format.IniFormat)
    store.setValue("rules/edition", "fide-1066")
    store.setValue("rules/kind", "bullet")
    store.setValue("window/tab", "x")
    win = MainWindow(Settings(store), dialogs=dialogs)
    qtbot.addWidget(win)
    assert win.context.edition_name == "fide-2025" and win.context.kind is RatingKind.STANDARD
    assert win.tabs.currentIndex() == 0


def test_menus_use_standard_shortcuts(window: MainWindow) -> None:
    menus = {action.text(): action.menu() for action in window.menuBar().actions()}
    assert list(menus) == ["&File", "&Edit", "Rating &List", "&View", "&Help"]  # Alt+R: Reference tables
    rating_list = window.rating_list
    assert menus["Rating &List"].actions()[:2] == [rating_list.search_action, rating_list.update_action]  # type: ignore[union-attr]
    assert rating_list.import_action in menus["Rating &List"].actions()  # type: ignore[union-attr]
    shortcuts = [a.shortcut() for menu in menus.values() for a in menu.actions() if not a.shortcut().isEmpty()]  # type: ignore[union-attr]
    assert len(shortcuts) == len(set(shortcuts)) and QKeySequence("Ctrl+L") in shortcuts
    assert window.undo_action.shortcut() == QKeySequence(QKeySequence.StandardKey.Undo)
    assert window.redo_action.shortcut() == QKeySequence(QKeySequence.StandardKey.Redo)  # the first; Ctrl+Y beside
    file_actions = menus["&File"].actions()  # type: ignore[union-attr]
    assert file_actions[-1] is window.quit_action
    standard_quit = QKeySequence(QKeySequence.StandardKey.Quit)  # none on Windows or a bare X11 session: Ctrl+Q
    assert window.quit_action.shortcut() == (QKeySequence("Ctrl+Q") if standard_quit.isEmpty() else standard_quit)
    files = window.files
    for action, key in (
        (files.new_action, QKeySequence.StandardKey.New),
        (files.open_action, QKeySequence.StandardKey.Open),
        (files.save_action, QKeySequence.StandardKey.Save),
        (files.save_as_action, QKeySequence.StandardKey.SaveAs),
    ):
        assert action in file_actions and action.shortcut() == QKeySequence(key)
    assert files.recent_menu.menuAction() in file_actions
    assert files.import_action in file_actions and files.export_action in file_actions


def test_about_names_version_edition_and_sources(window: MainWindow, qtbot: QtBot) -> None:
    from fidedesk import __version__

    window.context.set_edition_name("fide-2022")
    dialog = AboutDialog(window.context, window)
    qtbot.addWidget(dialog)
    text = dialog.text.text()
    assert __version__ in text and "fide-2022" in text and "once per tournament" not in text
    assert "one upgrade per tournament" in text


def test_every_tab_builds_and_renders(window: MainWindow, qtbot: QtBot) -> None:
    window.show()
    for index in range(window.tabs.count()):
        window.tabs.setCurrentIndex(index)
        content = window.tab_content(index)
        qtbot.waitExposed(window)
        assert content.isVisible() and not window.grab().isNull()


def test_smoke_test_entry_point(capsys: pytest.CaptureFixture[str]) -> None:
    assert app_main(["--smoke-test"]) == 0
    assert "3 tabs, About and the user guide rendered, a rating list imported and searched" in capsys.readouterr().out


def test_settings_keep_their_types(tmp_path: object) -> None:
    from PySide6.QtCore import QByteArray

    path = f"{tmp_path}/typed.ini"
    first = Settings(QSettings(path, QSettings.Format.IniFormat))
    first.tab, first.ever_2400, first.own_rating, first.geometry = 1, True, "2345", QByteArray(b"\x01\x02")
    first.sync()
    second = Settings(QSettings(path, QSettings.Format.IniFormat))
    assert (second.tab, second.ever_2400, second.own_rating, bytes(second.geometry)) == (1, True, "2345", b"\x01\x02")
    assert Settings(QSettings(f"{tmp_path}/empty.ini", QSettings.Format.IniFormat)).edition == "fide-2025"


def test_smoke_test_without_a_console(monkeypatch: pytest.MonkeyPatch) -> None:
    """A windowed Windows program has no stdout: the smoke test still answers, by its exit status."""
    import sys

    monkeypatch.setattr(sys, "stdout", None)
    assert app_main(["--smoke-test"]) == 0


def test_each_tab_undoes_its_own_edits(window: MainWindow) -> None:
    """Edit › Undo in the calculator undoes a calculator edit, never the tournament's last one, and the
    calculator's edits leave the tournament unmodified (no "Save changes?")."""
    from fidedesk.core.editing import add_player
    from fidedesk.core.tournament import Player
    from fidedesk.gui.calculator import CalculatorTab

    window.document.apply("Add player 1", add_player(window.document.tournament, Player(0, "Anna", 1800)))
    window.tabs.setCurrentIndex(1)
    calculator = window.tab_content(1)
    assert isinstance(calculator, CalculatorTab)
    assert not window.undo_action.isEnabled()  # the calculator has nothing to undo yet
    calculator.period_widget.add_game()
    assert window.undo_action.text() == "&Undo Add game"
    window.undo_action.trigger()
    assert calculator.period.games.rowCount() == 0 and len(window.document.tournament.players) == 1
    window.tabs.setCurrentIndex(0)
    assert window.undo_action.text() == "&Undo Add player 1"
    window.tabs.setCurrentIndex(1)
    calculator.period_widget.add_game()
    assert window.document.is_modified and window.calculator_stack.count() == 1
    window.document.reset(window.document.tournament, None)  # opening a file keeps the calculator's history
    assert window.calculator_stack.count() == 1 and not window.document.is_modified


def test_windows_and_dialogs_fit_a_small_screen(qtbot: QtBot) -> None:
    from PySide6.QtGui import QGuiApplication
    from PySide6.QtWidgets import QWidget

    from fidedesk.gui.common.screen import fit

    room = QGuiApplication.primaryScreen().availableGeometry()
    widget = QWidget()
    qtbot.addWidget(widget)
    fit(widget, room.width() + 300, room.height() + 40)  # the import wizard's 1100 x 680 on a 1024 x 640 laptop
    assert (widget.width(), widget.height()) == (room.width(), room.height())
    fit(widget, 300, 200)
    assert (widget.width(), widget.height()) == (300, 200)
