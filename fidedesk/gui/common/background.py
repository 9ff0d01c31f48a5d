"""Long work (reading a large spreadsheet, a rating list) off the GUI thread, with a progress dialog.

:func:`run_with_progress` starts ``work`` in a worker thread and shows a modal progress dialog with
a Cancel button until it ends. ``work`` receives a ``progress(count) -> bool`` function to call now and
then: it reports how far the work is and returns False once the user has cancelled, and the work then
stops (the readers raise :class:`~fidedesk.io.excel.grid.ImportCancelled`). The work must be pure: it
reads and computes, and the caller applies its result on the GUI thread, so a cancelled or failed
run changes nothing.

Qt's rule for threads is that a QObject is used, and destroyed, only in the thread it lives in. So the
worker is a plain :class:`threading.Thread` that creates and touches no Qt object: it hands its count to
a locked :class:`_Shared` value and its result to a :class:`concurrent.futures.Future`, both thread-safe,
which a timer on the GUI thread polls. Python's cyclic garbage collector runs in whichever thread
allocates past its threshold; run in the worker, it would destroy any GUI object caught in a reference
cycle on the wrong thread (Import from Excel crashed after a few imports so). While work runs,
automatic collection is therefore off and the GUI thread's timer collects instead, by the same
thresholds (:class:`_CollectHere`).

Work that must not slow the window while the arbiter types (FIDE's check of a round: seconds of pure Python)
runs in another process instead (:class:`ProcessJob`): a thread of ours would share Python's global lock with
the GUI thread, and each key then waited seconds for its turn (issue 28).
"""

from __future__ import annotations

import contextlib
import gc
import multiprocessing
import multiprocessing.process
import os
import pickle
import sys
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from contextlib import contextmanager
from multiprocessing.connection import Connection
from typing import Generic, Protocol, TypeVar

from PySide6.QtCore import QEventLoop, Qt, QTimer
from PySide6.QtWidgets import QProgressDialog, QWidget
from shiboken6 import Shiboken

from fidedesk.gui.common.plain import back_to, plain_label, title_text

T = TypeVar("T")

#: Milliseconds before the dialog appears: short work finishes without a flash of a dialog.
SHOW_AFTER = 400
#: Milliseconds between two looks of the GUI thread at the work: its count, its end, the garbage.
POLL = 15
#: The dialog's width, in average characters: its notes' longest (a big bracket's "The next: 1,234 of 1,401 pairs
#: chosen; looked through 1,401 players' pairs for another") fits, so that it opens at the width it keeps, centred
#: over the window, not growing to the right of it as its words lengthen.
NOTE_CHARS = 100  # about 86 of its characters, with room: digits and capitals are wider than the average


class Outcome(Generic[T]):
    """How the work ended: its ``value``, or the ``error`` it raised, or ``cancelled``."""

    def __init__(self) -> None:
        self.value: T | None = None
        self.error: BaseException | None = None
        self.cancelled = False


class Report(Protocol):
    """A worker's ``progress``: the count done (of ``total``, where the work knows it: 0 where not), and what is
    under way in words where the count alone says too little (``note``); False once Cancel was pressed."""

    def __call__(self, count: int, total: int = 0, note: str = "") -> bool: ...


class _Shared:
    """What the worker thread and the GUI thread both touch: the count so far and the user's Cancel.
    Plain Python behind a lock; no Qt object crosses the threads."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._count = 0
        self._total = 0
        self._note = ""
        self.cancel_requested = threading.Event()

    def progress(self, count: int, total: int = 0, note: str = "") -> bool:
        """The worker's ``progress``: keep ``count`` (of ``total``, where the work knows it only as it goes, as
        the pairing engine knows its score brackets); False once Cancel was pressed."""
        with self._lock:
            self._count = count
            if total:
                self._total = total
            self._note = note
        return not self.cancel_requested.is_set()

    @property
    def count(self) -> int:
        with self._lock:
            return self._count

    @property
    def total(self) -> int:
        """The total the work last gave (0: none given)."""
        with self._lock:
            return self._total

    @property
    def note(self) -> str:
        """What the work last said it was doing ("" for nothing)."""
        with self._lock:
            return self._note


class _CollectHere:
    """Automatic garbage collection off, for the time of a ``with``; :meth:`collect` does its work instead,
    on the thread that calls it (the GUI thread). Nested uses keep it off until the outermost ends."""

    depth = 0  # GUI thread only: the runs under way
    _was_enabled = False

    @classmethod
    @contextmanager
    def off(cls) -> Iterator[None]:
        if cls.depth == 0:
            cls._was_enabled = gc.isenabled()
            gc.disable()
        cls.depth += 1
        try:
            yield
        finally:
            cls.depth -= 1
            if cls.depth == 0 and cls._was_enabled:
                gc.enable()

    @staticmethod
    def collect() -> None:
        """Collect the oldest generation whose count passed its threshold, as the automatic collector does."""
        counts, thresholds = gc.get_count(), gc.get_threshold()
        for generation in (2, 1, 0):
            if thresholds[0] and counts[generation] > thresholds[generation]:
                gc.collect(generation)
                return


def working() -> bool:
    """Whether work runs off the GUI thread now (also before its progress dialog shows)."""
    return _CollectHere.depth > 0


def run_with_progress(
    parent: QWidget | None,
    title: str,
    label: str,
    work: Callable[[Report], T],
    *,
    unit: str = "rows read",
    total: int = 0,
    describe: Callable[[int, int], str] | None = None,
    dialog_hook: Callable[[QProgressDialog], None] | None = None,
) -> Outcome[T]:
    """Run ``work`` off the GUI thread while a progress dialog counts ``unit`` ("rows read"); wait for it to end.

    ``total`` (when known) gives the dialog a bar; 0 shows a busy indicator. ``describe`` words the count (of the
    total the work reported) where "count of total unit" would not: the pairing engine counts fine steps so that
    its bar moves, and says score brackets. The GUI stays responsive
    (the event loop runs while waiting). ``dialog_hook`` lets tests reach the dialog (to press Cancel).
    ``work`` must create and touch no Qt object: it runs in a thread of its own.
    """
    shared = _Shared()
    done: Future[T] = Future()

    def run() -> None:  # the worker thread: pure Python only
        try:
            done.set_result(work(shared.progress))
        except BaseException as error:  # handed to the GUI thread, which decides what it means
            done.set_exception(error)

    with _CollectHere.off():
        worker = threading.Thread(target=run, name="fidedesk-work", daemon=True)
        worker.start()
        _wait(
            parent, title, label, lambda: (shared.count, shared.total, shared.note, done.done()),
            shared.cancel_requested.set, unit=unit, total=total, describe=describe, dialog_hook=dialog_hook,
        )  # fmt: skip
        worker.join()
    outcome = _outcome(done)
    outcome.cancelled = shared.cancel_requested.is_set()
    return outcome


def run_in_child_with_progress(
    parent: QWidget | None,
    title: str,
    label: str,
    function: Callable[..., T],
    args: tuple[object, ...],
    *,
    unit: str = "",
    total: int = 0,
    describe: Callable[[int, int], str] | None = None,
    dialog_hook: Callable[[QProgressDialog], None] | None = None,
    in_thread: bool = False,
) -> Outcome[T]:
    """``function(*args, progress=...)`` run in another process (:class:`ProcessJob`) while the progress dialog of
    :func:`run_with_progress` counts; wait for it to end. Cancel ends that process at once (the outcome is
    ``cancelled``), and whatever memory the work took goes back to the system with it: for FIDE's pairing of
    a big open's round, whose engine takes a gigabyte and answers Cancel only between its steps. A process that
    dies (out of memory) is an :class:`Outcome` with a :class:`ChildError`; the window lives on.
    ``in_thread``: as for :class:`ProcessJob`."""
    ended: list[Outcome[T]] = []
    job = ProcessJob(function, args, ended.append, in_thread=in_thread)
    cancelled = threading.Event()

    def cancel() -> None:
        cancelled.set()
        job.cancel()

    _wait(
        parent, title, label, lambda: (*job.count, job.note, bool(ended) or cancelled.is_set()), cancel,
        unit=unit, total=total, describe=describe, dialog_hook=dialog_hook,
    )  # fmt: skip
    if cancelled.is_set() or not ended:
        outcome: Outcome[T] = Outcome()
        outcome.cancelled = True
        return outcome
    return ended[0]


def _wait(
    parent: QWidget | None,
    title: str,
    label: str,
    look: Callable[[], tuple[int, int, str, bool]],
    on_cancel: Callable[[], None],
    *,
    unit: str,
    total: int,
    describe: Callable[[int, int], str] | None,
    dialog_hook: Callable[[QProgressDialog], None] | None,
) -> None:
    """The modal progress dialog, until ``look()`` (the count, the total the work reported, its note, whether it
    ended) says the work ended; Cancel calls ``on_cancel``. Runs an event loop: the window repaints meanwhile."""
    dialog = QProgressDialog(label, "Cancel", 0, total, parent)
    dialog.setWindowTitle(title_text(title))
    dialog.setLabel(plain_label(label))  # the label may name the file being read: shown as written
    dialog.setMinimumDuration(SHOW_AFTER)
    # the window waits for the work: no second import or file opened into the middle of this one
    dialog.setWindowModality(Qt.WindowModality.WindowModal)
    dialog.setAutoReset(False)
    dialog.setAutoClose(False)
    width = NOTE_CHARS * dialog.fontMetrics().averageCharWidth()
    if parent is not None:  # never wider than the window it stands over
        width = min(width, max(parent.window().width() - 40, 0))
    dialog.setMinimumWidth(width)
    dialog.setValue(0)
    loop = QEventLoop()
    timer = QTimer(dialog)
    shown: list[tuple[int, int, str] | None] = [None]  # None: nothing said yet, so the first look says it

    def poll() -> None:
        _CollectHere.collect()
        count, reported, note, finished = look()  # reported: how much there is, where the work says it
        if (count, reported, note) != shown[0]:
            shown[0] = (count, reported, note)
            whole = reported or total
            if whole:
                dialog.setMaximum(whole)
                dialog.setValue(min(count, whole))
            of = f" of {reported:,}" if reported else ""
            said = describe(count, reported) if describe is not None else f"{count:,}{of} {unit}"
            size = dialog.size()
            dialog.setLabelText(f"{label}\n{said}\n{note}" if note else f"{label}\n{said}")
            if dialog.size() != size and dialog.isVisible():
                _centre(dialog, parent)  # Qt grows it to the right and down: centred again over the window
        if finished:
            loop.quit()

    def cancel() -> None:
        dialog.setLabelText("Cancelling…")
        on_cancel()

    timer.timeout.connect(poll)
    dialog.canceled.connect(cancel)
    if dialog_hook is not None:
        QTimer.singleShot(0, dialog, lambda: dialog_hook(dialog))
    timer.start(POLL)
    loop.exec()
    timer.stop()
    # closing the dialog says "canceled" too; disconnected, nothing here refers to the dialog any more
    dialog.canceled.disconnect(cancel)
    timer.timeout.disconnect(poll)
    dialog.close()
    Shiboken.delete(dialog)  # now, on this thread (its timer with it), not whenever and wherever collected
    back_to(parent)  # a dialog that showed took the keyboard: the window gets it back (the Rounds view's board)


def _centre(dialog: QWidget, parent: QWidget | None) -> None:
    """The dialog moved so that its centre is its parent window's, as it opened (no parent: left where it is)."""
    if parent is not None:
        window = parent.window()
        dialog.move(window.mapToGlobal(window.rect().center()) - dialog.rect().center())


def _outcome(done: Future[T]) -> Outcome[T]:
    """What a finished piece of work gave: its value, or the error it raised."""
    outcome: Outcome[T] = Outcome()
    error = done.exception()
    if error is not None:
        outcome.error = error
    else:
        outcome.value = done.result()
    return outcome


#: The jobs under way (see BackgroundJob).
_JOBS: set[object] = set()


class BackgroundJob(Generic[T]):
    """Work off the GUI thread that nobody waits for (FIDE's pairing of a round to set the boards against,
    while the arbiter types on): no dialog and no nested event loop; ``finished`` is called on the GUI
    thread with the :class:`Outcome` once the work ends, unless :meth:`cancel` came first.

    The same thread rules as :func:`run_with_progress`: ``work`` touches no Qt object, gets a
    ``progress(count) -> bool`` that turns False once cancelled, and garbage is collected on the GUI
    thread by the job's own timer (automatic collection is off while any job runs)."""

    def __init__(self, work: Callable[[Report], T], finished: Callable[[Outcome[T]], None]) -> None:
        self._shared = _Shared()
        self._done: Future[T] = Future()
        self._finished: Callable[[Outcome[T]], None] | None = finished
        self._gc_off = _CollectHere.off()
        self._gc_off.__enter__()  # left in _end, on the GUI thread, whatever happens to the work
        # no parent: a view closed while its job runs must not take the timer along, or collection stays off
        self._timer = QTimer()
        self._timer.timeout.connect(self._poll)
        _JOBS.add(self)  # kept alive until it ends, whoever dropped it

        def run() -> None:  # the worker thread: pure Python only
            try:
                self._done.set_result(work(self._shared.progress))
            except BaseException as error:  # handed to the GUI thread
                self._done.set_exception(error)

        self._thread = threading.Thread(target=run, name="fidedesk-job", daemon=True)
        self._thread.start()
        self._timer.start(POLL)

    @property
    def running(self) -> bool:
        return self._finished is not None

    @property
    def count(self) -> tuple[int, int]:
        """The work's last progress: (done, total)."""
        return self._shared.count, self._shared.total

    @property
    def note(self) -> str:
        """The work's last progress in words ("" for none)."""
        return self._shared.note

    def cancel(self) -> None:
        """Ask the work to stop; ``finished`` is not called any more (the thread ends on its own)."""
        self._shared.cancel_requested.set()
        self._finished = None

    def _poll(self) -> None:
        _CollectHere.collect()
        if not self._done.done():
            return
        self._timer.stop()
        self._thread.join()
        _JOBS.discard(self)
        self._gc_off.__exit__(None, None, None)
        finished, self._finished = self._finished, None
        if finished is not None:
            finished(_outcome(self._done))


class ChildError(Exception):
    """What a job run in another process raised there, as its type's name and its text (``str`` of it is the
    text alone, as the error's own would be), or why the process ended without an answer."""

    def __init__(self, text: str, kind: str = "") -> None:
        super().__init__(text)
        self.kind = kind


#: Seconds a terminated child is given to end before it is killed.
_END_GRACE = 1.0


#: Windows' BELOW_NORMAL_PRIORITY_CLASS.
_BELOW_NORMAL = 0x00004000


def _lower_priority() -> None:
    """The child yields the processor to the window: on two cores busy with other programs, a result typed at
    2,000 players took 2.6 times its time without a check while a child of normal priority ran, 1.1 times with
    this (``benchmarks/bench_typing.py``, medians)."""
    if sys.platform == "win32":
        import ctypes

        kernel32 = ctypes.windll.kernel32
        kernel32.SetPriorityClass(kernel32.GetCurrentProcess(), _BELOW_NORMAL)
    else:
        os.nice(10)


def _child(requests: Connection, answers: Connection) -> None:
    """The child process: read ``(function, args)``, run ``function(*args, progress=...)`` and send back
    ``("value", value)`` or ``("error", kind, text)``, with ``("progress", done, total)`` on the way.

    Pure Python: it creates no Qt object. It ends of its own when the window's end of ``requests`` closes
    (the window gone, or the job cancelled), so no check outlives the window that asked for it."""
    _lower_priority()
    function, args = pickle.loads(requests.recv_bytes())

    def watch() -> None:  # EOF (or anything) on the request pipe: the window no longer wants the answer
        with contextlib.suppress(EOFError, OSError):
            requests.recv_bytes()
        os._exit(1)

    threading.Thread(target=watch, name="fidedesk-watch", daemon=True).start()

    def progress(done: int, total: int, note: str = "") -> bool:
        answers.send(("progress", done, total, note))
        return False  # never "stop": a cancelled job's process is terminated

    try:
        value = function(*args, progress=progress)
    except BaseException as error:  # reported to the window as text: its type need not unpickle there
        answers.send(("error", type(error).__name__, str(error)))
    else:
        answers.send(("value", value))
    answers.close()
    for stream in (sys.stdout, sys.stderr):
        if stream is not None:
            stream.flush()
    os._exit(0)  # answered: no teardown of a big heap for the window to wait on


class ProcessJob(Generic[T]):
    """Work that nobody waits for, run in **another process** so the GUI thread never shares Python's global
    lock with it (FIDE's pairing of a round of 2,000 players: seconds of pure Python).

    ``function`` is a top-level function (picklable by name) called in the child as
    ``function(*args, progress=progress)``, with ``progress(done, total, note)`` sending its count back (it returns
    False: Cancel terminates the process instead); ``args`` are picklable (the tournament's frozen records).
    ``finished`` is called on the GUI thread with the :class:`Outcome`, as by :class:`BackgroundJob`: the
    value, or a :class:`ChildError` naming the child's exception (or saying the process died), unless
    :meth:`cancel` came first. Cancel terminates the child at once and joins it (no zombie).

    The child is started by ``spawn`` on every system (a fresh interpreter: no copy of the window's threads
    or Qt state; in the frozen app ``multiprocessing.freeze_support`` makes the executable run the job). Its
    arguments are pickled on the GUI thread and written to it by a helper thread that runs no Python while it
    waits (a pipe holds 64 KiB; the child reads it only once started). ``in_thread`` runs ``function`` in a
    :class:`BackgroundJob` instead: the same outcome, for tests that replace the function (a child would not
    see the replacement)."""

    def __init__(
        self,
        function: Callable[..., T],
        args: tuple[object, ...],
        finished: Callable[[Outcome[T]], None],
        *,
        in_thread: bool = False,
    ) -> None:
        self._finished: Callable[[Outcome[T]], None] | None = finished
        self._count = (0, 0)
        self._note = ""
        self._thread_job: BackgroundJob[T] | None = None
        if in_thread:

            def work(progress: Report) -> T:
                return function(*args, progress=lambda done, total, note="": not progress(done, total, note))

            self._thread_job = BackgroundJob(work, self._end)
            return
        payload = pickle.dumps((function, args), protocol=pickle.HIGHEST_PROTOCOL)
        context = multiprocessing.get_context("spawn")
        self._answers, answers = context.Pipe(duplex=False)
        requests, self._requests = context.Pipe(duplex=False)
        self._process = context.Process(target=_child, args=(requests, answers), name="fidedesk-child", daemon=True)
        self._process.start()
        requests.close()  # the child's ends: the child holds them now
        answers.close()
        self._sender = threading.Thread(target=self._send, args=(payload,), name="fidedesk-send", daemon=True)
        self._sender.start()
        self._timer = QTimer()  # no parent, as BackgroundJob's
        self._timer.timeout.connect(self._poll)
        _JOBS.add(self)
        self._timer.start(POLL)

    def _send(self, payload: bytes) -> None:  # the helper thread: a blocking write, the lock released
        with contextlib.suppress(OSError):  # the child gone (cancelled, died): its end is reported by _poll
            self._requests.send_bytes(payload)

    @property
    def running(self) -> bool:
        return self._finished is not None

    @property
    def count(self) -> tuple[int, int]:
        """The child's last progress: (done, total)."""
        return self._count if self._thread_job is None else self._thread_job.count

    @property
    def note(self) -> str:
        """The child's last progress in words ("" for none)."""
        return self._note if self._thread_job is None else self._thread_job.note

    @property
    def process(self) -> multiprocessing.process.BaseProcess | None:
        """The child process (None when run in a thread)."""
        return None if self._thread_job is not None else self._process

    def cancel(self) -> None:
        """Stop the work now: the child is terminated and joined; ``finished`` is not called any more."""
        self._finished = None
        if self._thread_job is not None:
            self._thread_job.cancel()
            return
        self._close()

    def _close(self, answered: bool = False) -> None:
        """Terminate and join the child (if still alive), close our pipe ends, stop polling. A child that
        ``answered`` is ending of its own (at once: it skips its teardown), and is given the time to."""
        if self not in _JOBS:
            return
        _JOBS.discard(self)
        self._timer.stop()
        if answered:
            self._process.join(_END_GRACE)
        if self._process.is_alive():
            self._process.terminate()
            self._process.join(_END_GRACE)
            if self._process.is_alive():
                self._process.kill()
        self._process.join()
        self._requests.close()  # the sender's write (if any) now fails at once
        self._sender.join()
        self._answers.close()

    def _poll(self) -> None:
        alive = self._process.is_alive()  # before reading: a child that answered and ended is read, not mourned
        outcome: Outcome[T] | None = None
        try:
            while outcome is None and self._answers.poll():
                message = self._answers.recv()
                if message[0] == "progress":
                    self._count = (message[1], message[2])
                    self._note = message[3]
                else:
                    outcome = Outcome()
                    if message[0] == "value":
                        outcome.value = message[1]
                    else:
                        outcome.error = ChildError(message[2], message[1])
        except (EOFError, OSError):  # the child ended without a word
            pass
        if outcome is None:
            if alive:
                return
            outcome = Outcome()
            code = self._process.exitcode
            outcome.error = ChildError(f"its process ended without an answer (exit code {code})", "exit")
        self._close(answered=True)
        self._end(outcome)

    def _end(self, outcome: Outcome[T]) -> None:
        finished, self._finished = self._finished, None
        if finished is not None:
            finished(outcome)
