"""Nothing typed is lost (issue 13, item 1): an edit in progress is committed before every action that reads the
document, the title shows ``*`` from the first key, and quit, close, New and Open ask about it.

Each test types into the real widgets (``qtbot.keyClicks``) and then triggers the action by its key or QAction, as
the arbiter would, without leaving the field first.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLineEdit
from pytestqt.qtbot import QtBot

from fidedesk.core.editing import add_player
from fidedesk.core.tournament import EventInfo, Player, Tournament
from fidedesk.gui.common.dialogs import Choice, UnattendedDialogs
from fidedesk.gui.mainwindow import MainWindow
from fidedesk.gui.tournament import TournamentTab
from fidedesk.gui.tournament.player_columns import COLUMNS
from fidedesk.io.formats import TRF, read_tournament
from fidedesk.io.native import fidedesk_file

CTRL = Qt.KeyboardModifier.ControlModifier
ALT = Qt.KeyboardModifier.AltModifier
RATING = next(number for number, column in enumerate(COLUMNS) if column.field == "rating")


def club() -> Tournament:
    t = Tournament(EventInfo(name="Club Open", city="Leeds", federation="ENG"), ())
    for name, rating in (("Anna", 2100), ("Boris", 1950)):
        t = add_player(t, Player(0, name, rating))
    return t


@pytest.fixture
def tab(window: MainWindow) -> TournamentTab:
    window.document.reset(club(), None)
    window.tabs.setCurrentIndex(0)
    content = window.tab_content(0)
    assert isinstance(content, TournamentTab)
    return content


@pytest.fixture
def saved(window: MainWindow, tab: TournamentTab, tmp_path: Path, dialogs: UnattendedDialogs) -> Path:
    """The club saved to a file, so that Ctrl+S writes it without asking."""
    path = tmp_path / "club.fidedesk"
    dialogs.answer("save_file", path)
    assert window.files.save()
    return path


def type_in(qtbot: QtBot, edit: QLineEdit, text: str) -> None:
    """Put the cursor in ``edit`` and type ``text`` after what it holds, without leaving it."""
    edit.setFocus()
    edit.end(False)
    qtbot.keyClicks(edit, text)
    assert edit.hasFocus()


def test_a_city_typed_then_ctrl_s_is_saved(qtbot: QtBot, window: MainWindow, tab: TournamentTab, saved: Path) -> None:
    form = tab.event_form
    form.city_edit.clear()
    type_in(qtbot, form.city_edit, "Gelendzhik")
    qtbot.keyClick(form.city_edit, Qt.Key.Key_S, CTRL)
    assert fidedesk_file.load(saved).info.city == "Gelendzhik"
    assert not window.isWindowModified() and form.city_edit.text() == "Gelendzhik"
    assert window.undo_stack.undoText() == "Edit event"  # the typing is one undo step, as when the field is left


def test_the_title_shows_a_star_from_the_first_key(
    qtbot: QtBot, window: MainWindow, tab: TournamentTab, saved: Path
) -> None:
    form = tab.event_form
    assert not window.isWindowModified()
    type_in(qtbot, form.city_edit, "x")
    assert window.isWindowModified() and window.document.tournament.info.city == "Leeds"
    qtbot.keyClick(form.city_edit, Qt.Key.Key_Backspace)  # back to the saved text: nothing unsaved
    assert not window.isWindowModified()
    type_in(qtbot, form.start_edit, "2026")  # not a date yet, but typed: unsaved
    assert window.isWindowModified()


def test_a_cell_being_typed_shows_the_star_and_is_saved(
    qtbot: QtBot, window: MainWindow, tab: TournamentTab, saved: Path
) -> None:
    table = tab.players.table
    table.setFocus()
    table.setCurrentIndex(tab.players.index_of(1, RATING))
    qtbot.keyClick(table, Qt.Key.Key_2)  # typing in a cell opens its editor
    editor = QApplication.focusWidget()
    assert isinstance(editor, QLineEdit)
    qtbot.keyClicks(editor, "345")
    assert isinstance(editor, QLineEdit) and editor.text() == "2345"
    assert window.isWindowModified()
    qtbot.keyClick(editor, Qt.Key.Key_S, CTRL)
    assert fidedesk_file.load(saved).player(1).rating == 2345 and not window.isWindowModified()


def test_ctrl_q_with_a_typed_name_asks_and_cancel_keeps_the_window(
    qtbot: QtBot, window: MainWindow, dialogs: UnattendedDialogs
) -> None:
    tab = window.tab_content(0)
    assert isinstance(tab, TournamentTab) and window.document.tournament == Tournament(EventInfo(), ())
    asked = dialogs.answer("confirm_discard", Choice.CANCEL)
    type_in(qtbot, tab.event_form.name_edit, "Autumn Open")
    assert window.isWindowModified()
    qtbot.keyClick(tab.event_form.name_edit, Qt.Key.Key_Q, CTRL)
    assert asked == [("Autumn Open",)] and window.isVisible()
    assert window.document.tournament.info.name == "Autumn Open"


def test_closing_the_window_with_typed_text_asks_and_can_save(
    qtbot: QtBot, window: MainWindow, tab: TournamentTab, saved: Path, dialogs: UnattendedDialogs
) -> None:
    asked = dialogs.answer("confirm_discard", Choice.CANCEL)
    type_in(qtbot, tab.event_form.city_edit, " Central")
    assert not window.close() and window.isVisible() and asked == [("Club Open",)]
    dialogs.answer("confirm_discard", Choice.SAVE)
    assert window.close()
    assert fidedesk_file.load(saved).info.city == "Leeds Central"


def test_a_name_typed_then_alt_a_is_kept(qtbot: QtBot, window: MainWindow, tab: TournamentTab) -> None:
    form = tab.event_form
    form.name_edit.clear()
    type_in(qtbot, form.name_edit, "Autumn Open")
    qtbot.keyClick(form.name_edit, Qt.Key.Key_A, ALT)
    qtbot.waitUntil(lambda: len(window.document.tournament.players) == 3)
    assert window.document.tournament.info.name == "Autumn Open" and form.name_edit.text() == "Autumn Open"
    window.undo_action.trigger()  # the player, then the name: two steps
    assert window.document.tournament.info.name == "Autumn Open"
    window.undo_action.trigger()
    assert window.document.tournament.info.name == "Club Open"


def _trigger(name: str) -> Callable[[MainWindow, QtBot, QLineEdit], None]:
    def trigger(window: MainWindow, _qtbot: QtBot, _edit: QLineEdit) -> None:
        action = {
            "export_trf": window.files.export_action,
            "export_excel": window.excel.export_action,
            "save_as": window.files.save_as_action,
            "update_ratings": window.rating_list.update_action,
            "new": window.files.new_action,
            "open": window.files.open_action,
            "import_trf": window.files.import_action,
            "import_excel": window.excel.import_action,
            "print_preview": window.printing.preview_action,
            "print": window.printing.print_action,
            "export_pdf": window.printing.pdf_action,
            "export_web": window.printing.web_action,
        }[name]
        action.trigger()

    return trigger


def _key(key: Qt.Key, modifier: Qt.KeyboardModifier) -> Callable[[MainWindow, QtBot, QLineEdit], None]:
    def press(_window: MainWindow, qtbot: QtBot, edit: QLineEdit) -> None:
        qtbot.keyClick(edit, key, modifier)

    return press


def _add_from_list(window: MainWindow, _qtbot: QtBot, _edit: QLineEdit) -> None:
    """Rating List › Search's Add to Tournament (here with no one chosen: what matters is what it reads first)."""
    from fidedesk.io.ratinglist.fide_list import ListKind, Month
    from fidedesk.io.ratinglist.store import StoredList

    stored = StoredList(1, Month(2026, 11), ListKind.COMBINED, "list.zip", "2026-11-24", 0, ())
    window.rating_list.add_players([], stored)


@pytest.mark.parametrize(
    "action",
    [
        _trigger("export_trf"),
        _trigger("export_excel"),
        _trigger("save_as"),
        _trigger("update_ratings"),
        _trigger("new"),
        _trigger("open"),
        _trigger("import_trf"),
        _trigger("import_excel"),
        _trigger("print_preview"),
        _trigger("print"),
        _trigger("export_pdf"),
        _trigger("export_web"),
        _key(Qt.Key.Key_2, CTRL),  # the Calculator tab
        _key(Qt.Key.Key_2, ALT),  # the Crosstable beside the form
        _add_from_list,
    ],
    ids=[
        "export-trf",
        "export-excel",
        "save-as",
        "update-ratings",
        "new",
        "open",
        "import-trf",
        "import-excel",
        "print-preview",
        "print",
        "export-pdf",
        "export-web",
        "calculator-tab",
        "crosstable-tab",
        "add-from-list",
    ],
)
def test_every_action_that_reads_the_document_gets_what_was_typed(
    qtbot: QtBot,
    window: MainWindow,
    tab: TournamentTab,
    dialogs: UnattendedDialogs,
    action: Callable[[MainWindow, QtBot, QLineEdit], None],
) -> None:
    dialogs.answer("confirm_discard", Choice.CANCEL)  # New, Open and the imports ask, and are cancelled
    edit = tab.event_form.city_edit
    type_in(qtbot, edit, " Central")
    action(window, qtbot, edit)
    assert window.document.tournament.info.city == "Leeds Central"


def test_export_trf_writes_the_city_being_typed(
    qtbot: QtBot, window: MainWindow, tab: TournamentTab, dialogs: UnattendedDialogs, tmp_path: Path
) -> None:
    type_in(qtbot, tab.event_form.city_edit, " Central")
    dialogs.answer("save_file", tmp_path / "club.trf")
    window.files.export_action.trigger()
    assert read_tournament(tmp_path / "club.trf", TRF).tournament.info.city == "Leeds Central"


def test_a_date_that_cannot_be_used_stops_the_save_and_says_why(
    qtbot: QtBot, window: MainWindow, tab: TournamentTab, saved: Path, dialogs: UnattendedDialogs
) -> None:
    form = tab.event_form
    type_in(qtbot, form.start_edit, "2026-13-01")
    qtbot.keyClick(form.start_edit, Qt.Key.Key_S, CTRL)
    assert dialogs.shown and dialogs.shown[-1][0] == "Cannot save"
    assert "Start" in dialogs.shown[-1][1] and "2026-13-01" in dialogs.shown[-1][1]
    assert form.start_edit.text() == "2026-13-01" and window.isWindowModified()  # kept, still unsaved
    asked = dialogs.answer("confirm_discard", Choice.CANCEL)
    assert not window.close() and asked  # quitting asks about it, even though it could not be used
    dialogs.answer("confirm_discard", Choice.DISCARD)
    assert window.close()
    assert fidedesk_file.load(saved).info.start is None


def test_undo_from_the_menu_keeps_a_field_being_typed(qtbot: QtBot, window: MainWindow, tab: TournamentTab) -> None:
    form = tab.event_form
    type_in(qtbot, form.name_edit, " 2026")
    qtbot.keyClick(form.name_edit, Qt.Key.Key_Return)
    type_in(qtbot, form.city_edit, " Central")
    window.undo_action.trigger()  # undoes the name, not the city being typed
    assert form.name_edit.text() == "Club Open" and form.city_edit.text() == "Leeds Central"
    assert window.isWindowModified()


def test_new_drops_what_was_typed_when_discarded(
    qtbot: QtBot, window: MainWindow, tab: TournamentTab, dialogs: UnattendedDialogs
) -> None:
    form = tab.event_form
    type_in(qtbot, form.start_edit, "2026-13")
    dialogs.answer("confirm_discard", Choice.DISCARD)
    window.files.new_action.trigger()
    assert form.start_edit.text() == "" and form.name_edit.text() == "" and not window.isWindowModified()


def test_a_cell_value_refused_stops_the_save_and_stays_in_its_editor(
    qtbot: QtBot, window: MainWindow, tab: TournamentTab, saved: Path, dialogs: UnattendedDialogs
) -> None:
    table = tab.players.table
    table.setFocus()
    table.setCurrentIndex(tab.players.index_of(2, RATING))
    qtbot.keyClick(table, Qt.Key.Key_9)
    editor = QApplication.focusWidget()
    assert isinstance(editor, QLineEdit)
    qtbot.keyClicks(editor, "9")
    qtbot.keyClick(editor, Qt.Key.Key_S, CTRL)
    assert dialogs.shown[-1][0] == "Cannot save" and dialogs.shown[-1][1].startswith("Boris: ")
    assert QApplication.focusWidget() is editor and editor.text() == "99" and window.isWindowModified()
    assert fidedesk_file.load(saved).player(2).rating == 1950


def test_an_editor_opened_and_not_typed_in_is_left_open(
    qtbot: QtBot, window: MainWindow, tab: TournamentTab, saved: Path, dialogs: UnattendedDialogs
) -> None:
    tab.players.add_button.click()  # opens the new player's empty name, which a commit would refuse
    editor = QApplication.focusWidget()
    assert isinstance(editor, QLineEdit) and editor.text() == ""
    qtbot.keyClick(editor, Qt.Key.Key_S, CTRL)
    assert not dialogs.shown and not window.isWindowModified()
    assert len(fidedesk_file.load(saved).players) == 3 and QApplication.focusWidget() is editor


def test_a_file_whose_event_name_has_spaces_around_opens_unmodified(window: MainWindow, tab: TournamentTab) -> None:
    window.document.reset(Tournament(EventInfo(name=" Club Open ", city="Leeds "), ()), None)
    assert not window.isWindowModified() and not window.document.has_pending_edits
