"""Issue 28: work run in another process (ProcessJob), so the GUI thread never waits for Python's lock: its value
and its error come back, Cancel ends the child at once, and a child that dies is reported, not waited for."""

from __future__ import annotations

import os
import time
from collections.abc import Callable

from pytestqt.qtbot import QtBot

from fidedesk.gui.common import background
from fidedesk.gui.common.background import ChildError, Outcome, ProcessJob

#: Spawning a child imports Python and fidedesk afresh: seconds on a loaded machine.
SPAWNED = 60_000


# the functions the children run: top-level, so that the child finds them by name
def pid_and_square(number: int, *, progress: Callable[[int, int, str], bool]) -> tuple[int, int]:
    progress(1, 2, "squaring")
    progress(2, 2, f"{number} squared")
    return os.getpid(), number * number


def broken(text: str, *, progress: Callable[[int, int], bool]) -> None:
    raise ValueError(text)


def endless(*, progress: Callable[[int, int], bool]) -> None:
    progress(0, 1)
    time.sleep(600)


def dies(code: int, *, progress: Callable[[int, int], bool]) -> None:
    os._exit(code)


def run(qtbot: QtBot, function: Callable[..., object], *args: object) -> tuple[ProcessJob[object], Outcome[object]]:
    outcomes: list[Outcome[object]] = []
    job = ProcessJob(function, args, outcomes.append)
    qtbot.waitUntil(lambda: bool(outcomes), timeout=SPAWNED)
    return job, outcomes[0]


def test_the_value_comes_back_from_another_process(qtbot: QtBot) -> None:
    job, outcome = run(qtbot, pid_and_square, 12)
    assert outcome.error is None and outcome.value is not None
    pid, square = outcome.value  # type: ignore[misc]
    assert square == 144 and pid != os.getpid()
    assert job.count == (2, 2) and job.note == "12 squared" and not job.running  # the last progress, in words too
    assert job.process is not None and not job.process.is_alive() and job.process.exitcode == 0
    assert job not in background._JOBS


def test_the_childs_error_comes_back_as_its_type_and_text(qtbot: QtBot) -> None:
    _job, outcome = run(qtbot, broken, "round 3 cannot be paired by the Dutch rules")
    assert outcome.value is None and isinstance(outcome.error, ChildError)
    assert str(outcome.error) == "round 3 cannot be paired by the Dutch rules" and outcome.error.kind == "ValueError"


def test_a_child_that_dies_is_an_error_not_a_hang(qtbot: QtBot) -> None:
    _job, outcome = run(qtbot, dies, 3)
    assert isinstance(outcome.error, ChildError) and "exit code 3" in str(outcome.error)


def test_cancel_ends_the_child_at_once(qtbot: QtBot) -> None:
    outcomes: list[Outcome[object]] = []
    job = ProcessJob(endless, (), outcomes.append)
    qtbot.waitUntil(lambda: job.count == (0, 1), timeout=SPAWNED)  # the child runs the work
    process = job.process
    assert process is not None and process.is_alive()
    job.cancel()
    qtbot.wait(2 * background.POLL)
    assert not process.is_alive() and process.exitcode is not None  # ended and joined: no zombie
    assert not job.running and outcomes == [] and job not in background._JOBS


def test_in_thread_runs_the_same_function_here(qtbot: QtBot) -> None:
    """For tests that replace the function: the child would not see the replacement."""
    outcomes: list[Outcome[object]] = []
    job = ProcessJob(pid_and_square, (5,), outcomes.append, in_thread=True)
    qtbot.waitUntil(lambda: bool(outcomes), timeout=SPAWNED)
    assert outcomes[0].value == (os.getpid(), 25) and job.process is None
