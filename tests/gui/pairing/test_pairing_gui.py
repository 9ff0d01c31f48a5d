"""Issue 16, item 3: Pair round in the window (off the GUI thread, one undo step, Cancel), byes and withdrawals
entered before pairing, the event's pairing setup, and the boards marked where they are not FIDE's pairing."""

from __future__ import annotations

import dataclasses
import multiprocessing
import os
import time
from collections.abc import Callable
from typing import Any

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QProgressDialog, QPushButton
from pytestqt.qtbot import QtBot

from fidedesk.core.editing import boards
from fidedesk.core.pairing.round import is_paired
from fidedesk.core.pairing.setup import InitialColour
from fidedesk.core.pairing.setup_edits import ready_for_round
from fidedesk.core.results import ResultCode
from fidedesk.core.tournament import EventInfo, Player, System, Tournament
from fidedesk.engine.dutch import STEPS
from fidedesk.gui.common.dialogs import UnattendedDialogs
from fidedesk.gui.mainwindow import MainWindow
from fidedesk.gui.pairing import actions as pairing_actions
from fidedesk.gui.tournament import TournamentTab
from fidedesk.gui.tournament.rounds import OTHER_PLAYERS, RoundModel
from fidedesk.gui.tournament.rounds_view import WITHDRAW, RoundsWidget
from tests.gui.conftest import ModelChecks


def event(players: int, system: System = System.SWISS, rounds: int | None = 5) -> Tournament:
    people = tuple(Player(rank, f"Player {rank}", rating=2400 - 10 * rank) for rank in range(1, players + 1))
    return Tournament(EventInfo(name="Open", system=system, rounds=rounds), people)


def tab_of(window: MainWindow) -> TournamentTab:
    tab = window.tab_content(0)
    assert isinstance(tab, TournamentTab)
    return tab


def rounds_of(window: MainWindow) -> RoundsWidget:
    return tab_of(window).views.rounds


def opened(window: MainWindow, tournament: Tournament) -> MainWindow:
    window.document.reset(tournament, None)
    return window


def games(tournament: Tournament, round_: int) -> list[tuple[int, int | None]]:
    return [(b.white, b.black) for b in boards(tournament, round_)]


def unpair_first_and_pair(qtbot: QtBot, rounds: RoundsWidget, pairs: tuple[tuple[int, int], ...]) -> None:
    """By keys: the first board shown unpaired, then ``pairs`` (White, Black) paired by hand."""
    rounds.table.setCurrentIndex(rounds.model.index(0, RoundModel.RESULT))
    qtbot.keyClick(rounds.table, Qt.Key.Key_Delete)
    for white, black in pairs:
        qtbot.keyClicks(rounds.white_edit, str(white))
        qtbot.keyClicks(rounds.black_edit, str(black))
        qtbot.keyClick(rounds.black_edit, Qt.Key.Key_Return)


def settled(qtbot: QtBot, window: MainWindow) -> None:
    """The FIDE check of the round shown has started and ended."""
    check = rounds_of(window).fide_check
    qtbot.waitUntil(lambda: not check.busy, timeout=20_000)


def test_pair_round_is_one_undo_step_and_draws_the_colour(qtbot: QtBot, window: MainWindow) -> None:
    opened(window, event(10))
    steps = window.undo_stack.count()
    qtbot.keyClick(window, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)  # Edit › Pair Next Round
    tournament = window.document.tournament
    assert len(games(tournament, 1)) == 5 and is_paired(tournament, 1)
    assert tournament.info.initial_colour in set(InitialColour)  # drawn by lot, and kept
    assert window.undo_stack.count() == steps + 1
    rounds = rounds_of(window)
    assert rounds.model.round == 1 and rounds.model.rowCount() == 5
    # results by keys at once: the keyboard on the first board, once the window is active again (on a loaded
    # machine the progress dialog shows, and the window's activation after it closes is an event to come)
    assert rounds.table.currentIndex().row() == 0 and window.focusWidget() is rounds.table
    qtbot.waitUntil(rounds.table.hasFocus, timeout=2_000)
    assert "Round 1 paired: 5 boards" in rounds.message.text()
    window.undo_action.trigger()
    assert not is_paired(window.document.tournament, 1) and window.document.tournament.info.initial_colour is None
    window.redo_action.trigger()
    assert window.document.tournament == tournament


def test_after_a_progress_dialog_showed_the_keyboard_is_on_the_first_board(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A big Swiss's pairing shows its progress dialog, which takes the keyboard; once the round is paired the
    window has it back, on the first board, ready for results (on a bare X server and offscreen, where no
    window manager gives it back, as at a venue's laptop too)."""
    opened(window, event(10))
    real = pairing_actions.pair_round

    def slow(tournament: Tournament, round_: int | None = None, **options: Any) -> Any:
        time.sleep(1.5)  # past the dialog's showing delay
        return real(tournament, round_, **options)

    monkeypatch.setattr(pairing_actions, "IN_CHILD", False)  # the replacement is seen in a thread, not a child
    monkeypatch.setattr(pairing_actions, "pair_round", slow)
    shown: list[bool] = []
    window.pairing.progress_hook = lambda dialog: QTimer.singleShot(1200, lambda: shown.append(dialog.isVisible()))
    assert window.pairing.pair_next()
    assert shown == [True]
    rounds = rounds_of(window)
    qtbot.waitUntil(rounds.table.hasFocus, timeout=5000)
    assert rounds.table.currentIndex().row() == 0


def test_the_next_round_after_results_and_a_refusal_said_as_plain_text(
    qtbot: QtBot, window: MainWindow, dialogs: UnattendedDialogs
) -> None:
    opened(window, dataclasses.replace(event(7), info=EventInfo(rounds=3, initial_colour=InitialColour.WHITE)))
    assert window.pairing.pair_next()
    assert next(b for b in boards(window.document.tournament, 1) if b.black is None).result is ResultCode.PAIRING_BYE
    assert not window.pairing.pair_next()  # round 1 has no results yet
    assert dialogs.shown[-1][0] == "Pair round" and "without a result" in dialogs.shown[-1][1]
    rounds = rounds_of(window)
    for _board in range(3):
        qtbot.keyClick(rounds.table, Qt.Key.Key_1)
    assert window.pairing.pair_next()
    assert rounds.model.round == 2 and len(games(window.document.tournament, 2)) == 4


def test_cancel_leaves_the_event_as_it_was(qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    opened(window, event(12))
    real = pairing_actions.pair_round

    def slow(tournament: Tournament, round_: int | None = None, **options: Any) -> Any:
        progress: Callable[[int, int], bool] = options["progress"]
        deadline = time.monotonic() + 10
        while not progress(0, 1) and time.monotonic() < deadline:  # until the arbiter presses Cancel
            time.sleep(0.01)
        return real(tournament, round_, **options)

    monkeypatch.setattr(pairing_actions, "IN_CHILD", False)  # the replacement is seen in a thread, not a child
    monkeypatch.setattr(pairing_actions, "pair_round", slow)
    window.pairing.progress_hook = lambda dialog: dialog.findChild(QPushButton).click()  # the dialog's Cancel
    steps = window.undo_stack.count()
    assert not window.pairing.pair_next()
    assert window.undo_stack.count() == steps and window.document.tournament == event(12)
    assert "cancelled" in rounds_of(window).message.text()


def test_cancel_ends_the_pairing_process_at_once(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 28: the engine pairs a big field in another process, which Cancel ends at once (a thread would hear
    it only between the engine's steps): nothing changed, and no process left behind."""
    assert pairing_actions.IN_CHILD
    monkeypatch.setattr(pairing_actions, "CHILD_FROM", 40)
    opened(window, event(40))
    pressed: list[float] = []

    def press_cancel(dialog: QProgressDialog) -> None:
        pressed.append(time.monotonic())
        dialog.findChild(QPushButton).click()

    window.pairing.progress_hook = press_cancel
    assert not window.pairing.pair_next()
    assert pressed and window.document.tournament == event(40)
    assert "cancelled" in rounds_of(window).message.text()
    assert multiprocessing.active_children() == []


def test_a_big_fields_round_is_paired_in_another_process_and_the_keyboard_comes_back(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The child's pairing is the engine's (the same boards as in this process), and once its progress dialog
    closes the window has the keyboard, on the first board."""
    monkeypatch.setattr(pairing_actions, "CHILD_FROM", 30)
    tournament = dataclasses.replace(event(30), info=EventInfo(rounds=5, initial_colour=InitialColour.WHITE))
    opened(window, tournament)
    processes: list[int] = []
    real = pairing_actions.run_in_child_with_progress

    def watched(*args: Any, **options: Any) -> Any:
        processes.append(options["in_thread"])
        return real(*args, **options)

    monkeypatch.setattr(pairing_actions, "run_in_child_with_progress", watched)
    assert window.pairing.pair_next()
    assert processes == [False]
    expected = pairing_actions.pair_round(ready_for_round(tournament, 1)[0], 1)
    assert [(b.white, b.black) for b in boards(window.document.tournament, 1)] == [
        (b.white, b.black) for b in expected.boards
    ]
    rounds = rounds_of(window)
    qtbot.waitUntil(rounds.table.hasFocus, timeout=5000)
    assert rounds.table.currentIndex().row() == 0


def test_a_round_the_rules_cannot_pair_is_said_from_the_pairing_process(
    qtbot: QtBot, window: MainWindow, dialogs: UnattendedDialogs, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two players who have met cannot be paired again (C.04.3 1.9.3: the arbiter decides): the child process's
    refusal reaches the arbiter as the engine's words, not as a failure of the engine."""
    monkeypatch.setattr(pairing_actions, "CHILD_FROM", 2)
    opened(window, event(2, rounds=2))
    assert window.pairing.pair_next()
    qtbot.keyClick(rounds_of(window).table, Qt.Key.Key_1)
    assert not window.pairing.pair_next()
    title, text = dialogs.shown[-1][:2]
    assert title == "Pair round" and text.startswith("Round 2 cannot be paired: ") and "Dutch rules" in text


def test_pairing_runs_behind_a_progress_dialog_with_cancel(qtbot: QtBot, window: MainWindow) -> None:
    opened(window, event(16))
    seen: list[tuple[str, str]] = []

    def look(dialog: QProgressDialog) -> None:
        button = dialog.findChild(QPushButton)
        seen.append((dialog.windowTitle(), button.text() if button is not None else ""))

    window.pairing.progress_hook = look
    assert window.pairing.pair_next()
    assert seen == [("Pair round", "Cancel")]


def test_the_progress_dialog_counts_the_brackets_paired_of_the_brackets_in_all(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 28: the dialog says how much is done of how much there is ("2 of 5 score brackets paired", a bar
    moving within the third, and under it the pass under way in words), as the engine reports its steps
    (engine.pairing.Progress: done, in all, note); before the engine knows its brackets, it says what it does."""
    opened(window, event(12))
    real = pairing_actions.pair_round

    def reporting(tournament: Tournament, round_: int | None = None, **options: Any) -> Any:
        progress: Callable[[int, int, str], bool] = options["progress"]
        progress(0, 0, "")
        time.sleep(0.5)  # the dialog polls the count meanwhile
        progress(2 * STEPS + 500, 5 * STEPS, "The next: 3 of 6 pairs chosen")
        time.sleep(1.0)
        return real(tournament, round_, **options)

    monkeypatch.setattr(pairing_actions, "IN_CHILD", False)  # the replacement is seen in a thread, not a child
    monkeypatch.setattr(pairing_actions, "pair_round", reporting)
    seen: list[tuple[str, int, int]] = []

    def watch(dialog: QProgressDialog) -> None:
        timer = QTimer(dialog)  # ends with the dialog
        timer.timeout.connect(lambda: seen.append((dialog.labelText(), dialog.maximum(), dialog.value())))
        timer.start(20)

    window.pairing.progress_hook = watch
    assert window.pairing.pair_next()
    assert any("Weighing every two players" in text and value <= 0 for text, _maximum, value in seen)
    assert any(
        text.endswith("2 of 5 score brackets paired\nThe next: 3 of 6 pairs chosen")
        and (maximum, value) == (5 * STEPS, 2 * STEPS + 500)
        for text, maximum, value in seen
    ), "the engine's note, on a line of its own under the brackets"


def test_byes_and_a_withdrawal_entered_before_pairing_are_kept(qtbot: QtBot, window: MainWindow) -> None:
    opened(window, event(10))
    rounds = rounds_of(window)
    for rank, choice in (("3", ResultCode.HALF_BYE), ("4", ResultCode.ZERO_BYE), ("5", WITHDRAW)):
        rounds.bye_box.setCurrentIndex(rounds.bye_box.findData(choice))
        qtbot.keyClicks(rounds.white_edit, rank)
        qtbot.mouseClick(rounds.bye_button, Qt.MouseButton.LeftButton)
    assert rounds.model.rowCount() == 3  # shown in the round to be paired
    tournament = window.document.tournament
    assert [e.result for e in tournament.player(5).rounds] == [ResultCode.ZERO_BYE] * 5
    assert window.pairing.pair_next()
    paired = {rank for pair in games(window.document.tournament, 1) if pair[1] is not None for rank in pair}
    assert not paired & {3, 4, 5}
    assert len([g for g in games(window.document.tournament, 1) if g[1] is not None]) == 3  # 7 players left: a bye
    withdrawn = window.document.tournament.player(5)
    assert [e.result for e in withdrawn.rounds] == [ResultCode.ZERO_BYE] * 5


def test_a_hand_swap_is_marked_with_fides_board(qtbot: QtBot, window: MainWindow, qtmodeltester: ModelChecks) -> None:
    opened(window, dataclasses.replace(event(8), info=EventInfo(rounds=5, initial_colour=InitialColour.WHITE)))
    rounds = rounds_of(window)
    qtmodeltester.check(rounds.model)
    assert window.pairing.pair_next()
    settled(qtbot, window)
    assert rounds.model.marks == {}
    (w1, b1), (w2, b2) = games(window.document.tournament, 1)[:2]
    # the arbiter unpairs boards 1 and 2 and pairs them crosswise
    rounds.table.setCurrentIndex(rounds.model.index(0, RoundModel.RESULT))
    qtbot.keyClick(rounds.table, Qt.Key.Key_Delete)
    unpair_first_and_pair(qtbot, rounds, ((w1, b2), (w2, b1)))
    assert rounds.white_edit.hasFocus()  # the check never took the keyboard
    qtbot.waitUntil(lambda: len(rounds.model.marks) == 2, timeout=20_000)
    row = next(r for r in range(rounds.model.rowCount()) if rounds.model.board(r).white == w1)
    index = rounds.model.index(row, RoundModel.FIDE)
    assert index.data() == OTHER_PLAYERS
    assert index.data(Qt.ItemDataRole.ToolTipRole) == f"FIDE's pairing: {w1} – {b1}"
    assert "2 boards not as FIDE's pairing" in rounds.message.text()
    rounds.table.setCurrentIndex(index)  # by keyboard too: the line under the boards says what the tip says
    assert rounds.message.text() == f"Board {rounds.model.board(row).number}: FIDE's pairing: {w1} – {b1}"
    # a result entered changes no pairing: nothing is checked again, the marks stay
    qtbot.keyClick(rounds.table, Qt.Key.Key_1)
    assert len(rounds.model.marks) == 2


def test_a_round_robin_numbered_by_lot_and_paired_at_once(qtbot: QtBot, window: MainWindow) -> None:
    opened(window, event(8, System.ROUND_ROBIN, rounds=None))
    assert window.pairing.number_by_lot()
    names = {p.name for p in window.document.tournament.players}
    assert names == {p.name for p in event(8).players}
    steps = window.undo_stack.count()
    qtbot.keyClick(window, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    tournament = window.document.tournament
    assert all(len(games(tournament, number)) == 4 for number in range(1, 8)) and tournament.last_round == 7
    assert window.undo_stack.count() == steps + 1
    assert not window.pairing.number_by_rating()  # numbers are fixed once paired
    window.undo_action.trigger()
    assert window.document.tournament.last_round == 0
    assert window.pairing.number_by_rating()
    assert [p.name for p in window.document.tournament.players] == [f"Player {n}" for n in range(1, 9)]


def test_pair_all_refuses_a_swiss(window: MainWindow, dialogs: UnattendedDialogs) -> None:
    opened(window, event(8))
    assert not window.pairing.pair_all()
    assert "round robin" in dialogs.shown[-1][1]


def test_the_event_forms_pairing_fields_are_undo_steps(qtbot: QtBot, window: MainWindow) -> None:
    opened(window, event(12, rounds=None))
    form = tab_of(window).event_form
    form.rounds_box.setFocus()
    form.rounds_box.selectAll()
    qtbot.keyClicks(form.rounds_box, "7")
    assert window.document.has_pending_edits  # the title's * from the first key
    qtbot.keyClick(form.rounds_box, Qt.Key.Key_Return)
    assert window.document.tournament.info.rounds == 7
    form.colour_box.setCurrentIndex(form.colour_box.findData("black"))
    form.colour_box.activated.emit(form.colour_box.currentIndex())
    assert window.document.tournament.info.initial_colour is InitialColour.BLACK
    form.baku_box.click()
    acceleration = window.document.tournament.info.acceleration
    assert acceleration and acceleration[0].first_player == 1 and acceleration[0].last_player == 6
    steps = window.undo_stack.count()
    window.undo_action.trigger()
    assert not form.baku_box.isChecked() and window.document.tournament.info.acceleration == ()
    window.undo_action.trigger()
    assert form.colour_box.currentText() == "By lot"
    window.undo_action.trigger()
    assert form.rounds_box.value() == 0 and steps == 3


def test_baku_without_rounds_is_refused_and_says_why(qtbot: QtBot, window: MainWindow) -> None:
    opened(window, event(12, rounds=None))
    form = tab_of(window).event_form
    form.baku_box.click()
    assert not form.baku_box.isChecked() and window.document.tournament.info.acceleration == ()
    assert "number of rounds" in form.message.text()


def test_delete_leaves_the_cursor_on_the_next_board(qtbot: QtBot, window: MainWindow) -> None:
    """Delete, Down, Delete unpairs boards 1 and 3 (the cursor was left on no board, and Down went to the first)."""
    opened(window, dataclasses.replace(event(8), info=EventInfo(rounds=5, initial_colour=InitialColour.WHITE)))
    assert window.pairing.pair_next()
    rounds = rounds_of(window)
    for key in (Qt.Key.Key_Delete, Qt.Key.Key_Down, Qt.Key.Key_Delete):
        qtbot.keyClick(rounds.table, key)
    assert [b.number for b in boards(window.document.tournament, 1)] == [2, 4]
    assert rounds.table.currentIndex().row() == 1


def test_after_a_withdrawal_the_list_offers_a_half_point_bye(qtbot: QtBot, window: MainWindow) -> None:
    opened(window, event(6))
    rounds = rounds_of(window)
    rounds.bye_box.setCurrentIndex(rounds.bye_box.findData(WITHDRAW))
    qtbot.keyClicks(rounds.white_edit, "2")
    qtbot.mouseClick(rounds.bye_button, Qt.MouseButton.LeftButton)
    assert rounds.bye_box.currentData() is ResultCode.HALF_BYE
    window.undo_action.trigger()
    assert window.document.tournament == event(6)


def test_a_round_robin_has_no_colour_to_draw_nor_acceleration(window: MainWindow) -> None:
    form = tab_of(window).event_form
    opened(window, event(8, System.ROUND_ROBIN, rounds=None))
    assert not form.colour_box.isEnabled() and not form.baku_box.isEnabled()
    opened(window, event(8))
    assert form.colour_box.isEnabled() and form.baku_box.isEnabled()


def test_a_round_just_paired_is_not_paired_again_to_check_it(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    """FIDE's engine paired it: the FIDE column knows it agrees; a hand change is checked, once."""
    from fidedesk.gui.tournament import fide_check

    calls: list[int] = []
    real = fide_check.check_round

    def counted(tournament: Tournament, round_: int, progress: Any = None) -> Any:
        calls.append(round_)
        return real(tournament, round_, progress)

    monkeypatch.setattr(fide_check, "check_round", counted)
    monkeypatch.setattr(fide_check, "IN_CHILD", False)  # the replacement is seen in a thread, not in a child
    opened(window, dataclasses.replace(event(8), info=EventInfo(rounds=5, initial_colour=InitialColour.WHITE)))
    assert window.pairing.pair_next()
    qtbot.wait(fide_check.QUIET + 100)
    settled(qtbot, window)
    assert calls == [] and rounds_of(window).model.marks == {}
    qtbot.keyClick(rounds_of(window).table, Qt.Key.Key_Delete)
    qtbot.wait(fide_check.QUIET + 100)
    settled(qtbot, window)
    assert calls == [1]


def test_a_window_closed_while_its_check_runs(qtbot: QtBot, settings: Any, tmp_path: Any) -> None:
    """The check ends on the GUI thread after the window is gone, and touches none of it (a later test failed
    once on a check left by an earlier one)."""
    from PySide6.QtCore import QCoreApplication, QEvent

    from fidedesk.gui.common import background

    window = MainWindow(settings, recovery_folder=tmp_path, dialogs=UnattendedDialogs())  # deleted by the test
    window.show()
    opened(window, dataclasses.replace(event(40), info=EventInfo(rounds=5, initial_colour=InitialColour.WHITE)))
    assert window.pairing.pair_next()
    rounds = rounds_of(window)
    qtbot.keyClick(rounds.table, Qt.Key.Key_Delete)  # a hand change: checked in the background
    rounds.fide_check.start()
    assert rounds.fide_check.busy
    job = rounds.fide_check._job
    assert job is not None and job.process is not None
    window.close()
    window.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    qtbot.waitUntil(lambda: not background._JOBS, timeout=20_000)  # ended, and called back nothing deleted
    assert not job.process.is_alive() and job.process.exitcode is not None  # its child ended with it, joined


def test_the_fide_column_is_filled_by_a_check_in_another_process(qtbot: QtBot, window: MainWindow) -> None:
    """Issue 28: the check runs in a child process (the GUI thread shares no lock with it); a newer check of
    the round ends the older one's process at once."""
    opened(window, dataclasses.replace(event(40), info=EventInfo(rounds=5, initial_colour=InitialColour.WHITE)))
    assert window.pairing.pair_next()
    rounds = rounds_of(window)
    check = rounds.fide_check
    (w1, b1), (w2, b2) = games(window.document.tournament, 1)[:2]
    rounds.table.setCurrentIndex(rounds.model.index(0, RoundModel.RESULT))
    qtbot.keyClick(rounds.table, Qt.Key.Key_Delete)  # a hand change: checked in the background
    check.start()
    older = check._job
    assert older is not None and older.process is not None and older.process.pid != os.getpid()
    older_process = older.process
    # the arbiter goes on: boards 1 and 2 paired crosswise; the older check is of no use now
    unpair_first_and_pair(qtbot, rounds, ((w1, b2), (w2, b1)))
    check.start()
    assert check._job is not older and not older.running and not older_process.is_alive()
    newer = check._job
    assert newer is not None and newer.process is not None
    qtbot.waitUntil(lambda: len(rounds.model.marks) == 2, timeout=60_000)
    assert not newer.process.is_alive() and newer.process.exitcode == 0
    row = next(r for r in range(rounds.model.rowCount()) if rounds.model.board(r).white == w1)
    assert rounds.model.index(row, RoundModel.FIDE).data(Qt.ItemDataRole.ToolTipRole) == f"FIDE's pairing: {w1} – {b1}"
