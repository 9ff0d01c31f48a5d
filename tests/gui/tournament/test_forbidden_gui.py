"""Issue 16: the event form's Forbidden pairs field: typed, committed on Enter or before an action, one undo
step, a bad text said under the form; and the engine keeps the players apart."""

from __future__ import annotations

import dataclasses

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from fidedesk.core.editing import boards
from fidedesk.core.pairing.setup import ForbiddenPairs, InitialColour
from fidedesk.core.tournament import EventInfo, System
from fidedesk.gui.mainwindow import MainWindow
from tests.gui.pairing.test_pairing_gui import event, opened, tab_of


def typed(qtbot: QtBot, window: MainWindow, text: str, key: Qt.Key | None = Qt.Key.Key_Return) -> None:
    edit = tab_of(window).event_form.forbidden_edit
    edit.setFocus()
    edit.selectAll()
    qtbot.keyClicks(edit, text)
    if key is not None:
        qtbot.keyClick(edit, key)


def test_forbidden_pairs_typed_are_one_undo_step(qtbot: QtBot, window: MainWindow) -> None:
    opened(window, event(10))
    form = tab_of(window).event_form
    assert form.forbidden_edit.isEnabled() and "5 7 9 rounds 1-3" in form.forbidden_edit.placeholderText()
    steps = window.undo_stack.count()
    typed(qtbot, window, "1, 2;5 7 9 rounds 1-3", key=None)
    assert window.document.has_pending_edits  # the title's * from the first key
    qtbot.keyClick(form.forbidden_edit, Qt.Key.Key_Return)
    groups = (ForbiddenPairs((1, 2)), ForbiddenPairs((5, 7, 9), 1, 3))
    assert window.document.tournament.info.forbidden == groups and window.undo_stack.count() == steps + 1
    assert form.forbidden_edit.text() == "1 2; 5 7 9 rounds 1-3"  # the one form, as the files write it
    assert not window.document.has_pending_edits
    window.undo_action.trigger()
    assert window.document.tournament.info.forbidden == () and form.forbidden_edit.text() == ""
    window.redo_action.trigger()
    assert form.forbidden_edit.text() == "1 2; 5 7 9 rounds 1-3"


def test_a_bad_text_is_said_and_kept_and_stops_a_save(qtbot: QtBot, window: MainWindow) -> None:
    opened(window, event(10))
    form = tab_of(window).event_form
    typed(qtbot, window, "1 2 rounds x")
    assert "is not a group of forbidden pairs" in form.message.text()
    assert form.forbidden_edit.text() == "1 2 rounds x" and window.document.tournament.info.forbidden == ()
    typed(qtbot, window, "1 12")
    assert "no player has start rank 12" in form.message.text()
    refusal = window.document.commit_pending()
    assert refusal == "Forbidden pairs: no player has start rank 12" and window.document.has_pending_edits
    typed(qtbot, window, "3 4", key=None)  # typed, not Entered: the save takes it
    assert window.document.commit_pending() is None
    assert window.document.tournament.info.forbidden == (ForbiddenPairs((3, 4)),) and form.message.text() == ""


def test_a_round_robin_takes_no_forbidden_pairs(window: MainWindow) -> None:
    form = tab_of(window).event_form
    opened(window, event(8, System.ROUND_ROBIN, rounds=None))
    assert not form.forbidden_edit.isEnabled()
    opened(window, event(8))
    assert form.forbidden_edit.isEnabled()


def test_players_forbidden_to_meet_are_not_paired(qtbot: QtBot, window: MainWindow) -> None:
    opened(window, dataclasses.replace(event(8), info=EventInfo(rounds=5, initial_colour=InitialColour.WHITE)))
    assert window.pairing.pair_next()
    assert (1, 5) in [(b.white, b.black) for b in boards(window.document.tournament, 1)]  # top half meets bottom
    window.undo_action.trigger()
    typed(qtbot, window, "1 5")
    assert window.pairing.pair_next()
    games = [{b.white, b.black} for b in boards(window.document.tournament, 1)]
    assert len(games) == 4 and {1, 5} not in games
