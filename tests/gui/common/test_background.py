"""Long work off the GUI thread: its value or error comes back, and Cancel stops it."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QLabel, QProgressDialog, QPushButton, QWidget
from pytestqt.qtbot import QtBot

from fidedesk.gui.common.background import Report, run_with_progress


def test_the_value_of_the_work_comes_back_from_another_thread(qtbot: QtBot) -> None:
    seen: list[int] = []

    def work(progress: Callable[[int], bool]) -> str:
        for count in range(0, 1000, 100):
            assert progress(count)
        seen.append(threading.get_ident())
        return "done"

    outcome = run_with_progress(None, "Test", "Working", work)
    assert outcome.value == "done" and outcome.error is None and not outcome.cancelled
    assert seen and seen[0] != threading.get_ident()


def test_an_error_is_handed_back_not_raised_in_the_thread(qtbot: QtBot) -> None:
    def work(progress: Callable[[int], bool]) -> None:
        raise ValueError("Sheet!A1: broken")

    outcome = run_with_progress(None, "Test", "Working", work)
    assert isinstance(outcome.error, ValueError) and str(outcome.error) == "Sheet!A1: broken"
    assert outcome.value is None


@pytest.mark.parametrize("delay", [0.0, 0.05])
def test_cancel_stops_the_work(qtbot: QtBot, delay: float) -> None:
    steps: list[int] = []

    def work(progress: Callable[[int], bool]) -> str:
        count = 0
        while progress(count):
            steps.append(count)
            count += 1
            time.sleep(0.002)
            if count > 20_000:  # about 40 s: the test has failed long before
                return "not cancelled"
        return "stopped"

    def press_cancel(dialog: QProgressDialog) -> None:
        time.sleep(delay)
        button = dialog.findChild(QPushButton)
        assert button is not None and button.text() == "Cancel"
        button.click()

    outcome = run_with_progress(None, "Test", "Working", work, dialog_hook=press_cancel)
    assert outcome.cancelled and outcome.value == "stopped"
    assert len(steps) < 20_000


def test_the_dialog_opens_wide_enough_for_its_notes_and_stays_centred_over_the_window(qtbot: QtBot) -> None:
    """A big pairing's notes lengthen as it goes: the dialog opens at a width they fit, centred over the window,
    and keeps it; a note longer still widens it about its centre, not to the right of the window."""
    window = QWidget()
    qtbot.addWidget(window)
    window.resize(1000, 600)
    window.show()
    qtbot.waitExposed(window)
    longest = "The next: 1,234 of 1,401 pairs chosen; looked through 1,401 players' pairs for another"
    notes = ["Weighing", longest, longest + " and " + "more words " * 8]
    seen: list[tuple[int, int, int]] = []  # the note shown, the dialog's width, its centre's x

    def watch(dialog: QProgressDialog) -> None:
        label = dialog.findChild(QLabel)
        assert label is not None

        def look() -> None:
            if dialog.isVisible():
                shown = next((i for i in reversed(range(len(notes))) if notes[i] in label.text()), -1)
                seen.append((shown, dialog.width(), dialog.geometry().center().x()))

        timer = QTimer(dialog)
        timer.timeout.connect(look)
        timer.start(10)

    def work(progress: Report) -> None:
        for note in notes:
            progress(1, 0, note)
            time.sleep(0.6)  # the dialog shows after SHOW_AFTER (0.4 s)

    run_with_progress(window, "Test", "Pairing round 2…", work, dialog_hook=watch)
    centre = window.geometry().center().x()
    assert {shown for shown, _, _ in seen} >= {0, 1, 2}
    widths = {shown: {width for s, width, _ in seen if s == shown} for shown in (0, 1, 2)}
    assert len(widths[0] | widths[1]) == 1  # the longest note of a pairing fits the width it opened at
    assert min(widths[2]) > max(widths[1])  # one longer still widens it ...
    assert all(abs(x - centre) <= 6 for _, _, x in seen)  # ... and it stays centred over the window (not 170 px right)
