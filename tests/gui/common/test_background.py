"""Long work off the GUI thread: its value or error comes back, and Cancel stops it."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

import pytest
from PySide6.QtWidgets import QProgressDialog, QPushButton
from pytestqt.qtbot import QtBot

from fidedesk.gui.common.background import run_with_progress


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
