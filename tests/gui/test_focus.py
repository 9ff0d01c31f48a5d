"""Issue 14: after each action the keyboard is where the next keystroke belongs."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QAbstractItemView, QApplication, QLineEdit, QWidget
from pytestqt.exceptions import TimeoutError
from pytestqt.qtbot import QtBot

from benchmarks.make_fide_list import write_txt
from fidedesk.core.editing import pair, set_result
from fidedesk.core.results import ResultCode
from fidedesk.core.tournament import EventInfo, Player, Tournament
from fidedesk.gui.common.dialogs import UnattendedDialogs
from fidedesk.gui.mainwindow import MainWindow
from fidedesk.gui.tournament import TournamentTab
from fidedesk.gui.tournament.views import TournamentViews
from fidedesk.io.ratinglist import store as ratinglist
from fidedesk.io.ratinglist.fide_list import Month, inspect


@pytest.fixture
def active(qtbot: QtBot, window: MainWindow) -> MainWindow:
    """The window shown and active, as an arbiter's is (offscreen gives focus only to an active window)."""
    window.show()
    window.activateWindow()
    qtbot.waitExposed(window)
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    return window


def focused() -> QWidget | None:
    return QApplication.focusWidget()


def wait_focus(qtbot: QtBot, widget: QWidget) -> None:
    """Wait until ``widget`` has the keyboard; the failure names who has it instead."""
    try:
        qtbot.waitUntil(lambda: focused() is widget, timeout=2000)
    except TimeoutError:
        who = focused()
        name = f"{type(who).__name__} {who.objectName()!r}" if who is not None else "nobody"
        raise AssertionError(f"focus is on {name}, not on {type(widget).__name__} {widget.objectName()!r}") from None


def test_ctrl_2_puts_the_keyboard_in_your_rating(qtbot: QtBot, active: MainWindow) -> None:
    qtbot.keyClick(active, Qt.Key.Key_2, Qt.KeyboardModifier.ControlModifier)
    calculator = active.tab_content(1)
    wait_focus(qtbot, calculator.player_widget.own_edit)  # type: ignore[attr-defined]


@pytest.fixture(scope="module")
def download(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("download") / "players_list.zip"
    write_txt(path, 300, seed=11, month="2026-11")
    return path


def test_enter_in_the_rating_list_search_leaves_the_keyboard_in_the_search(
    qtbot: QtBot, active: MainWindow, download: Path, dialogs: UnattendedDialogs
) -> None:
    """Seen under Xvfb: Enter in Find added the player and also pressed the dialog's default button (the
    button that had the keyboard last, "Import list…"), which opened a file dialog."""
    asked = dialogs.answer("open_file", None)
    ratinglist.import_list(active.rating_list.database, inspect(download), month=Month(2026, 11))
    active.document.reset(Tournament(EventInfo(name="Club", start=dt.date(2026, 11, 20)), ()), None)
    dialog = active.rating_list.show_search()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is dialog)
    dialog.import_button.setFocus()  # an auto-default button becomes the default when it has the keyboard
    wait_focus(qtbot, dialog.import_button)
    dialog.search.setFocus()
    wait_focus(qtbot, dialog.search)
    qtbot.keyClicks(dialog.search, "carlsen")
    qtbot.waitUntil(lambda: not dialog._timer.isActive())
    qtbot.keyClick(dialog.search, Qt.Key.Key_Return)
    assert [p.name for p in active.document.tournament.players] == ["Carlsen, Magnus"]
    assert asked == []  # Enter did only that
    qtbot.wait(50)
    wait_focus(qtbot, dialog.search)
    assert QApplication.activeWindow() is dialog
    qtbot.keyClicks(dialog.search, "dupre")  # the next name replaces the last (they ran together)
    assert dialog.search.text() == "dupre"
    qtbot.waitUntil(lambda: not dialog._timer.isActive())
    qtbot.keyClick(dialog.search, Qt.Key.Key_Return)
    assert [p.name for p in active.document.tournament.players] == ["Carlsen, Magnus", "Dupré, Sébastien"]


def players_of(count: int) -> Tournament:
    people = tuple(Player(rank, f"Player {rank}", 2000 + rank) for rank in range(1, count + 1))
    return Tournament(EventInfo(name="Club"), people)


def tournament_tab(window: MainWindow) -> TournamentTab:
    tab = window.tab_content(0)
    assert isinstance(tab, TournamentTab)
    return tab


def test_ctrl_1_goes_back_to_the_field_used_last(qtbot: QtBot, active: MainWindow) -> None:
    tab = tournament_tab(active)
    tab.event_form.city_edit.setFocus()
    wait_focus(qtbot, tab.event_form.city_edit)
    qtbot.keyClick(active, Qt.Key.Key_2, Qt.KeyboardModifier.ControlModifier)
    wait_focus(qtbot, active.tab_content(1).player_widget.own_edit)  # type: ignore[attr-defined]
    qtbot.keyClick(focused(), Qt.Key.Key_1, Qt.KeyboardModifier.ControlModifier)
    wait_focus(qtbot, tab.event_form.city_edit)


def test_ctrl_1_on_an_open_tournament_goes_to_the_players(qtbot: QtBot, active: MainWindow) -> None:
    active.tabs.setCurrentIndex(2)
    active.document.reset(players_of(4), None)
    assert active.tabs.currentIndex() == 0  # a tournament opened is shown
    wait_focus(qtbot, tournament_tab(active).players.table)


def test_ctrl_3_puts_the_keyboard_in_find(qtbot: QtBot, active: MainWindow) -> None:
    qtbot.keyClick(active, Qt.Key.Key_3, Qt.KeyboardModifier.ControlModifier)
    wait_focus(qtbot, active.tab_content(2).find_field)  # type: ignore[attr-defined]


def test_new_puts_the_keyboard_in_the_event_name(qtbot: QtBot, active: MainWindow) -> None:
    active.document.reset(players_of(2), None)
    active.tabs.setCurrentIndex(1)
    active.files.new_action.trigger()
    assert active.tabs.currentIndex() == 0
    wait_focus(qtbot, tournament_tab(active).event_form.name_edit)


def test_insert_starts_typing_the_new_players_name(qtbot: QtBot, active: MainWindow) -> None:
    active.document.reset(players_of(2), None)
    players = tournament_tab(active).players
    wait_focus(qtbot, players.table)
    qtbot.keyClick(players.table, Qt.Key.Key_Insert)
    qtbot.waitUntil(lambda: players.table.state() == QAbstractItemView.State.EditingState)
    assert players.table.currentIndex() == players.index_of(3, 1)  # the new row's name
    editor = focused()
    assert isinstance(editor, QLineEdit) and players.table.isAncestorOf(editor)


def test_delete_of_a_player_leaves_the_keyboard_in_the_players(qtbot: QtBot, active: MainWindow) -> None:
    active.document.reset(players_of(3), None)
    players = tournament_tab(active).players
    players.table.setCurrentIndex(players.index_of(3, 1))
    qtbot.keyClick(players.table, Qt.Key.Key_Delete)
    assert len(active.document.tournament.players) == 2
    wait_focus(qtbot, players.table)


def test_a_result_key_moves_to_the_next_board_without_a_result(qtbot: QtBot, active: MainWindow) -> None:
    tournament = players_of(8)
    for white, black in ((1, 5), (6, 2), (3, 7), (8, 4)):
        tournament = pair(tournament, 1, white, black)
    tournament = set_result(tournament, 1, 6, ResultCode.DRAW)  # board 2 has its result
    active.document.reset(tournament, None)
    rounds = tournament_tab(active).views.rounds  # type: ignore[union-attr]
    qtbot.keyClick(active, Qt.Key.Key_1, Qt.KeyboardModifier.AltModifier)
    wait_focus(qtbot, rounds.white_edit)
    qtbot.keyClick(rounds.white_edit, Qt.Key.Key_Return)  # an empty White: on to the boards
    wait_focus(qtbot, rounds.table)
    assert rounds.table.currentIndex().row() == 0
    qtbot.keyClicks(rounds.table, "1")
    assert rounds.table.currentIndex().row() == 2  # board 2 is done: board 3 is next
    qtbot.keyClick(rounds.table, Qt.Key.Key_Plus, Qt.KeyboardModifier.ShiftModifier)  # + as most layouts type it
    assert rounds.model.board(2).result is ResultCode.FORFEIT_WIN
    assert rounds.table.currentIndex().row() == 3
    qtbot.keyClick(rounds.table, Qt.Key.Key_Delete)  # unpair board 4
    assert rounds.model.rowCount() == 3
    wait_focus(qtbot, rounds.table)


def test_closing_the_rating_list_gives_the_keyboard_back(qtbot: QtBot, active: MainWindow) -> None:
    active.document.reset(players_of(2), None)
    players = tournament_tab(active).players
    wait_focus(qtbot, players.table)
    dialog = active.rating_list.show_search()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is dialog)
    qtbot.keyClick(focused(), Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not dialog.isVisible())
    wait_focus(qtbot, players.table)


def test_undo_leaves_the_keyboard_where_it_was(qtbot: QtBot, active: MainWindow) -> None:
    active.document.reset(players_of(3), None)
    players = tournament_tab(active).players
    players.table.setCurrentIndex(players.index_of(3, 1))
    qtbot.keyClick(players.table, Qt.Key.Key_Delete)
    qtbot.keyClick(players.table, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert len(active.document.tournament.players) == 3
    wait_focus(qtbot, players.table)


def test_the_calculators_add_game_starts_typing_the_opponent(qtbot: QtBot, active: MainWindow) -> None:
    qtbot.keyClick(active, Qt.Key.Key_2, Qt.KeyboardModifier.ControlModifier)
    period = active.tab_content(1).period_widget  # type: ignore[attr-defined]
    period.table.setFocus()
    wait_focus(qtbot, period.table)
    qtbot.keyClick(period.table, Qt.Key.Key_Insert)
    qtbot.waitUntil(lambda: period.table.state() == QAbstractItemView.State.EditingState)
    qtbot.keyClick(focused(), Qt.Key.Key_Escape)
    qtbot.keyClick(period.table, Qt.Key.Key_Delete)
    wait_focus(qtbot, period.table)


def test_after_importing_a_list_the_keyboard_is_in_find(
    qtbot: QtBot, active: MainWindow, download: Path, dialogs: UnattendedDialogs
) -> None:
    """Seen under Xvfb: the keyboard stayed on "Import list…", so the name typed next went nowhere and
    Enter opened the file dialog again."""
    dialog = active.rating_list.show_search()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is dialog)
    dialogs.answer("open_file", download)
    dialogs.answer("confirm_list", lambda source: (Month(2026, 11), source.kind))
    dialog.import_button.setFocus()
    wait_focus(qtbot, dialog.import_button)
    qtbot.keyClick(dialog.import_button, Qt.Key.Key_Space)
    assert dialog.list_combo.count() == 1
    wait_focus(qtbot, dialog.search)


TRF = Path(__file__).resolve().parents[1] / "data" / "trf"


def test_import_trf_shows_the_players(qtbot: QtBot, active: MainWindow) -> None:
    active.tabs.setCurrentIndex(1)
    assert active.files.import_trf(TRF / "gros_open_2010_donostia.trf")
    assert active.tabs.currentIndex() == 0
    wait_focus(qtbot, tournament_tab(active).players.table)


def test_save_and_exports_leave_the_keyboard_where_it_was(
    qtbot: QtBot, active: MainWindow, dialogs: UnattendedDialogs, tmp_path: Path
) -> None:
    city = tournament_tab(active).event_form.city_edit
    city.setFocus()
    qtbot.keyClicks(city, "Berlin")
    dialogs.answer("save_file", tmp_path / "club.fidedesk")
    qtbot.keyClick(city, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    assert (tmp_path / "club.fidedesk").exists()
    wait_focus(qtbot, city)
    dialogs.answer("save_file", tmp_path / "club.trf")
    active.files.export_action.trigger()
    wait_focus(qtbot, city)
    dialogs.answer("save_file", tmp_path / "club.xlsx")
    active.excel.export_action.trigger()
    wait_focus(qtbot, city)


def test_alt_2_and_alt_3_put_the_keyboard_in_their_table(qtbot: QtBot, active: MainWindow) -> None:
    active.document.reset(players_of(4), None)
    views = tournament_tab(active).views
    assert views is not None
    qtbot.keyClick(focused(), Qt.Key.Key_2, Qt.KeyboardModifier.AltModifier)
    wait_focus(qtbot, views.crosstable_table)  # type: ignore[attr-defined]
    qtbot.keyClick(focused(), Qt.Key.Key_3, Qt.KeyboardModifier.AltModifier)
    wait_focus(qtbot, views.standings.table)  # type: ignore[attr-defined]


@pytest.mark.parametrize("width", [1100, 2000])  # the side pages stacked in tabs, and beside the views
def test_alt_4_and_alt_5_reach_the_calculation_and_the_warnings(qtbot: QtBot, active: MainWindow, width: int) -> None:
    """Neither pane could be reached by key: the tables before them keep the arrows (and Tab) to themselves."""
    active.resize(width, 760)
    active.document.reset(players_of(4), None)
    views = tournament_tab(active).views
    assert isinstance(views, TournamentViews)
    qtbot.waitUntil(lambda: views.wide is (width >= 2000))
    qtbot.keyClick(focused(), Qt.Key.Key_5, Qt.KeyboardModifier.AltModifier)
    wait_focus(qtbot, views.warnings_table)
    assert views.warnings_table.isVisible() and views.warnings_table.currentIndex().row() == 0  # Right opens it
    qtbot.keyClick(focused(), Qt.Key.Key_4, Qt.KeyboardModifier.AltModifier)
    wait_focus(qtbot, views.panel.games_table)
    assert views.panel.games_table.isVisible()


def test_tab_leaves_the_standings_for_the_tie_breaks_which_the_keys_order(qtbot: QtBot, active: MainWindow) -> None:
    active.document.reset(players_of(4), None)
    views = tournament_tab(active).views
    assert isinstance(views, TournamentViews)
    qtbot.keyClick(focused(), Qt.Key.Key_3, Qt.KeyboardModifier.AltModifier)
    wait_focus(qtbot, views.standings.table)
    views.standings.chooser_button.setChecked(True)  # shown beside the table (a wide pane, or Alt+K)
    qtbot.keyClick(views.standings.table, Qt.Key.Key_Tab)
    tiebreaks = views.standings.tiebreak_list
    wait_focus(qtbot, tiebreaks)
    tiebreaks.setCurrentRow(0)
    first, second = views.standings.chosen()[:2]
    qtbot.keyClick(tiebreaks, Qt.Key.Key_Down, Qt.KeyboardModifier.ControlModifier)
    assert views.standings.chosen()[:2] == [second, first]  # the first tie-break is now second
    assert tiebreaks.currentRow() == 1  # and stays current: Ctrl+Down again moves it on
    assert views.standings.model.tiebreaks[:2] == (second, first)


def test_alt_k_unfolds_the_tie_breaks_on_a_narrow_pane_and_folds_them_again(qtbot: QtBot, active: MainWindow) -> None:
    """Issue 29: where the standings are narrow the tie-break choice is folded away, so the table has the width
    for the names; Alt+K shows it with the keyboard in its list, and again folds it, back to the table."""
    active.document.reset(players_of(4), None)
    active.resize(1024, 640)
    views = tournament_tab(active).views
    assert isinstance(views, TournamentViews)
    standings = views.standings
    qtbot.keyClick(focused(), Qt.Key.Key_3, Qt.KeyboardModifier.AltModifier)
    wait_focus(qtbot, standings.table)
    qtbot.waitUntil(lambda: not standings.chooser.isVisible())
    qtbot.keyClick(standings.table, Qt.Key.Key_K, Qt.KeyboardModifier.AltModifier)
    wait_focus(qtbot, standings.tiebreak_list)
    assert standings.chooser.isVisible()
    qtbot.keyClick(standings.tiebreak_list, Qt.Key.Key_K, Qt.KeyboardModifier.AltModifier)
    wait_focus(qtbot, standings.table)
    assert not standings.chooser.isVisible()
    active.resize(1024, 700)  # the arbiter's choice holds when the window changes
    qtbot.wait(50)
    assert not standings.chooser.isVisible()


def test_a_modal_dialog_gives_the_keyboard_back(qtbot: QtBot, active: MainWindow) -> None:
    city = tournament_tab(active).event_form.city_edit
    city.setFocus()
    wait_focus(qtbot, city)

    def close() -> None:
        modal = QApplication.activeModalWidget()
        assert modal is not None
        modal.close()

    QTimer.singleShot(200, close)
    active.shortcuts_action.trigger()  # Help › Keyboard Shortcuts, a modal dialog
    wait_focus(qtbot, city)


def test_an_excel_import_shows_the_players(qtbot: QtBot, active: MainWindow, tmp_path: Path) -> None:
    from tests.gui.excel.test_excel_gui import accept_wizard

    active.document.reset(players_of(3), None)
    path = tmp_path / "club.xlsx"
    assert active.excel.export_excel(path)
    active.document.reset(Tournament(EventInfo(), ()), None)
    active.tabs.setCurrentIndex(1)
    accept_wizard(active, [])
    assert active.excel.import_excel(path)
    assert active.tabs.currentIndex() == 0
    wait_focus(qtbot, tournament_tab(active).players.table)


def test_update_ratings_leaves_the_keyboard_in_the_players(
    qtbot: QtBot, active: MainWindow, download: Path, dialogs: UnattendedDialogs
) -> None:
    ratinglist.import_list(active.rating_list.database, inspect(download), month=Month(2026, 11))
    carlsen = Player(1, "Carlsen", 2800, fide_id=1503014)
    active.document.reset(Tournament(EventInfo(name="Club", start=dt.date(2026, 11, 20)), (carlsen,)), None)
    players = tournament_tab(active).players
    wait_focus(qtbot, players.table)
    dialogs.answer("review_updates", True)
    active.rating_list.update_action.trigger()
    assert active.document.tournament.players[0].rating == 2823
    wait_focus(qtbot, players.table)


def test_pair_round_puts_the_keyboard_on_the_first_board(qtbot: QtBot, active: MainWindow) -> None:
    """Issue 16: Ctrl+R from anywhere (here the calculator) pairs, then the result keys work at once."""
    active.document.reset(players_of(8), None)
    tournament_tab(active).event_form.rounds_box.setValue(5)  # committed by Ctrl+R, before it pairs
    active.tabs.setCurrentIndex(1)
    qtbot.keyClick(active, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)
    rounds = tournament_tab(active).views.rounds
    wait_focus(qtbot, rounds.table)
    assert active.tabs.currentIndex() == 0 and rounds.table.currentIndex().row() == 0
    assert active.document.tournament.info.rounds == 5


def test_a_pairing_refused_leaves_the_keyboard_where_it_was(
    qtbot: QtBot, active: MainWindow, dialogs: UnattendedDialogs
) -> None:
    active.document.reset(players_of(8), None)  # no number of rounds: a Swiss cannot be paired
    players = tournament_tab(active).players.table
    players.setFocus()
    wait_focus(qtbot, players)
    qtbot.keyClick(players, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)
    assert dialogs.shown and "number of rounds" in dialogs.shown[-1][1]
    wait_focus(qtbot, players)


def test_print_preview_by_keyboard_gives_the_keyboard_back(qtbot: QtBot, active: MainWindow) -> None:
    """Ctrl+Shift+P, Enter in the chooser (on Document), the preview shown and closed: the keyboard is back in
    the players' table, with Qt's own dialogs as the arbiter has them."""
    from PySide6.QtPrintSupport import QPrintPreviewDialog

    from fidedesk.gui.printing.chooser import DocumentChooser
    from fidedesk.gui.qt_dialogs import QtDialogs

    active.document.reset(players_of(4), None)
    table = tournament_tab(active).players.table
    table.setFocus()
    wait_focus(qtbot, table)
    active.printing.dialogs = QtDialogs(active)
    seen: list[str] = []

    def answer() -> None:
        modal = QApplication.activeModalWidget()
        if isinstance(modal, DocumentChooser) and "chooser" not in seen:
            seen.append("chooser")
            assert focused() is modal.document_box
            qtbot.keyClick(modal.document_box, Qt.Key.Key_Return)
        elif isinstance(modal, QPrintPreviewDialog):
            seen.append("preview")
            modal.close()

    timer = QTimer()
    timer.timeout.connect(answer)
    timer.start(100)
    qtbot.keyClick(table, Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    timer.stop()
    assert seen == ["chooser", "preview"]
    wait_focus(qtbot, table)
