"""Long work (reading a large spreadsheet, a rating list) off the GUI thread, with a progress dialog.

:func:`run_with_progress` starts ``work`` in a worker thread and shows a modal progress dialog with
a Cancel button until it ends. ``work`` receives a ``progress(count) -> bool`` function to call now and
then: it reports how far the work is and returns False once the user has cancelled, and the work then
stops (the readers raise :class:`~fidedesk.io.xlsx_grid.ImportCancelled`). The work must be pure: it
reads and computes, and the caller applies its result on the GUI thread, so a cancelled or failed
run changes nothing.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Generic, TypeVar

from PySide6.QtCore import QEventLoop, QThread, QTimer, Signal
from PySide6.QtWidgets import QProgressDialog, QWidget

from fidedesk.gui.plain import plain_label, title_text

T = TypeVar("T")

#: Milliseconds before the dialog appears: short work finishes without a flash of a dialog.
SHOW_AFTER = 400


class Outcome(Generic[T]):
    """How the work ended: its ``value``, or the ``error`` it raised, or ``cancelled``."""

    def __init__(self) -> None:
        self.value: T | None = None
        self.error: BaseException | None = None
        self.cancelled = False


class _Worker(QThread):
    advanced = Signal(int)

    def __init__(self, work: Callable[[Callable[[int], bool]], T], outcome: Outcome[T]) -> None:
        super().__init__()
        self._work = work
        self._outcome = outcome
        self.cancel_requested = threading.Event()

    def _progress(self, count: int) -> bool:
        self.advanced.emit(count)
        return not self.cancel_requested.is_set()

    def run(self) -> None:  # Qt override: runs in the worker thread
        try:
            self._outcome.value = self._work(self._progress)
        except BaseException as error:  # handed to the GUI thread, which decides what it means
            self._outcome.error = error


def run_with_progress(
    parent: QWidget | None,
    title: str,
    label: str,
    work: Callable[[Callable[[int], bool]], T],
    *,
    unit: str = "rows read",
    total: int = 0,
    dialog_hook: Callable[[QProgressDialog], None] | None = None,
) -> Outcome[T]:
    """Run ``work`` off the GUI thread while a progress dialog counts ``unit`` ("rows read"); wait for it to end.

    ``total`` (when known) gives the dialog a bar; 0 shows a busy indicator. The GUI stays responsive
    (the event loop runs while waiting). ``dialog_hook`` lets tests reach the dialog (to press Cancel).
    """
    outcome: Outcome[T] = Outcome()
    worker = _Worker(work, outcome)
    dialog = QProgressDialog(label, "Cancel", 0, total, parent)
    dialog.setWindowTitle(title_text(title))
    dialog.setLabel(plain_label(label))  # the label may name the file being read: shown as written
    dialog.setMinimumDuration(SHOW_AFTER)
    dialog.setAutoReset(False)
    dialog.setAutoClose(False)
    dialog.setValue(0)

    def advanced(count: int) -> None:
        if total:
            dialog.setValue(min(count, total))
        dialog.setLabelText(f"{label}\n{count:,} {unit}")

    def cancel() -> None:
        worker.cancel_requested.set()
        dialog.setLabelText("Cancelling…")

    worker.advanced.connect(advanced)
    dialog.canceled.connect(cancel)
    loop = QEventLoop()
    worker.finished.connect(loop.quit)
    if dialog_hook is not None:
        QTimer.singleShot(0, lambda: dialog_hook(dialog))
    worker.start()
    if not worker.isFinished():
        loop.exec()
    worker.wait()
    outcome.cancelled = worker.cancel_requested.is_set()
    dialog.canceled.disconnect(cancel)  # closing the dialog says "canceled" too
    dialog.close()
    dialog.deleteLater()
    worker.deleteLater()
    return outcome
