"""Results typed while the Rounds view's FIDE check runs: how long from each key to the boards' repaint.

    python benchmarks/bench_typing.py [--players 2000] [--rounds 9] [--keys 20] [--thread-keys 6] [--no-thread]

The real window (offscreen, 1280 x 800) opens a generated Swiss (``benchmarks/make_swiss.py``) on its Rounds
view, showing the last round: the view's FIDE check of that round (FIDE's Dutch engine pairing it afresh:
tens of seconds at 2,000 players) starts as it starts after an event is opened. Each key is a result typed on
a board (1, =, 0 in turn, as the arbiter enters them), a pause of ``--pause`` seconds between keys; its time
runs from the key press to the boards table's next paint event (the event loop turned until the viewport
painted: the key handled, every model refreshed, the changed cell drawn).

Measured in one run, on the same tournament and board:

- **child process**: the check running in a process of its own (``background.ProcessJob``, the window's way
  since issue 28): the keys typed while it runs;
- **no check** (the baseline): the same keys with no check running;
- **thread** (the way before issue 28, ``background.BackgroundJob``; ``--no-thread`` skips it): the keys typed
  while the check runs in a thread of the window, sharing Python's global lock with the GUI thread.

Prints min, median and max per key of each and the ratios of the medians to the baseline's, and what
starting the check cost the GUI thread (the tournament pickled for the child). Nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QEvent, QObject, QSettings, QStandardPaths
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QTableView

from benchmarks.make_swiss import make_swiss
from fidedesk.core.results import ResultCode

KEYS = ("1", "=", "0")
RESULTS = {"1": ResultCode.WIN, "=": ResultCode.DRAW, "0": ResultCode.LOSS}


class PaintClock(QObject):
    """The time of the watched widget's last paint event."""

    def __init__(self) -> None:
        super().__init__()
        self.painted = 0.0

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # Qt override
        if event.type() == QEvent.Type.Paint:
            self.painted = time.perf_counter()
        return False


def turn(app: QApplication, seconds: float) -> None:
    """Run the event loop for ``seconds`` (timers fire: the check's poll, the FIDE check's quiet timer)."""
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        app.processEvents()
        time.sleep(0.002)


class Typist:
    """Types results on one board of the shown round and times each key to the table's repaint."""

    def __init__(self, app: QApplication, window: object, table: QTableView, row: int, white: int, round_: int):
        self.app, self.window, self.table, self.row, self.white, self.round = app, window, table, row, white, round_
        self.clock = PaintClock()
        table.viewport().installEventFilter(self.clock)
        self.typed = 0

    def key(self) -> float:
        """One result typed: seconds from the key press to the next paint of the table."""
        self.table.setFocus()
        self.table.selectRow(self.row)
        key = KEYS[self.typed % len(KEYS)]
        self.typed += 1
        began = time.perf_counter()
        QTest.keyClick(self.table, key)
        while self.clock.painted < began:
            self.app.processEvents()
            if time.perf_counter() - began > 120:
                raise SystemExit("the table was not repainted within 120 s of a key")
        took = self.clock.painted - began
        tournament = self.window.document.tournament  # type: ignore[attr-defined]
        entry = next(e for e in tournament.player(self.white).rounds if e.round == self.round)
        if entry.result is not RESULTS[key]:
            raise SystemExit(f"the key {key!r} did not enter {RESULTS[key].value}")
        return took


def summary(label: str, times: list[float], base: list[float] | None = None, unit: str = "keys") -> str:
    if not times:
        return f"{label:<34}: no key typed while it ran"
    line = (
        f"{label:<34}: {len(times):3} {unit:<7}min {min(times) * 1000:8.1f} ms   median "
        f"{statistics.median(times) * 1000:8.1f} ms   max {max(times) * 1000:8.1f} ms"
    )
    if base:
        line += f"   ratio {statistics.median(times) / statistics.median(base):6.2f}"
    return line


def keys_while(app: QApplication, typist: Typist, check: object, keys: int, pause: float) -> list[float]:
    """Up to ``keys`` keys typed while ``check``'s job runs (a key that ended after it is not counted)."""
    times = []
    while len(times) < keys and check.busy:  # type: ignore[attr-defined]
        took = typist.key()
        if check.busy:  # type: ignore[attr-defined]
            times.append(took)
        turn(app, pause)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--players", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--keys", type=int, default=20, help="keys typed with the check in a child, and without it")
    parser.add_argument("--thread-keys", type=int, default=6, help="keys typed with the check in a thread")
    parser.add_argument("--pause", type=float, default=0.4, help="seconds between two keys")
    parser.add_argument("--no-thread", action="store_true", help="skip the check in a thread (the old way)")
    args = parser.parse_args()

    from fidedesk.gui.common import background
    from fidedesk.gui.common.settings import Settings
    from fidedesk.gui.mainwindow import MainWindow
    from fidedesk.gui.tournament import TournamentTab, fide_check

    QStandardPaths.setTestModeEnabled(True)
    app = QApplication(sys.argv[:1])
    made = make_swiss(args.players, args.rounds)
    tournament = dataclasses.replace(made, info=dataclasses.replace(made.info, rounds=args.rounds))
    started: list[float] = []
    real_start = fide_check.FideCheck.start

    def timed_start(self: fide_check.FideCheck) -> None:  # what starting a check costs the GUI thread
        before = self._job
        began = time.perf_counter()
        real_start(self)
        if self._job is not None and self._job is not before:
            started.append(time.perf_counter() - began)

    fide_check.FideCheck.start = timed_start  # type: ignore[method-assign]
    with tempfile.TemporaryDirectory() as folder:
        settings = Settings(QSettings(str(Path(folder) / "bench.ini"), QSettings.Format.IniFormat))
        window = MainWindow(settings, recovery_folder=Path(folder) / "recovery")
        window.resize(1280, 800)
        window.show()
        window.document.reset(tournament, None)
        window.tabs.setCurrentIndex(0)
        tab = window.tab_content(0)
        assert isinstance(tab, TournamentTab) and tab.views is not None
        rounds = tab.views.rounds
        tab.views.tabs.setCurrentWidget(rounds)
        rounds.round_box.setValue(args.rounds)
        app.processEvents()
        model, check = rounds.model, rounds.fide_check
        row = next(r for r in range(model.rowCount()) if model.board(r).black is not None)
        typist = Typist(app, window, rounds.table, row, model.board(row).white, args.rounds)
        for _ in range(2):  # warm up (the check waits for a quiet moment: it starts after these)
            typist.key()
        turn(app, fide_check.QUIET / 1000 + 0.2)
        began = time.perf_counter()
        job = check._job
        if job is None or not job.running or job.process is None:
            raise SystemExit("the FIDE check did not start in a child process")
        child = keys_while(app, typist, check, args.keys, args.pause)
        waited = time.perf_counter() - began
        job.cancel()  # the baseline: no check running (and none started again: the round's key has not changed)
        baseline = [typist.key() for _ in range(args.keys) if not turn(app, args.pause)]
        thread: list[float] = []
        if not args.no_thread:
            fide_check.IN_CHILD = False  # the way before issue 28: a BackgroundJob, a thread of the window
            check._known.clear()
            check._stop(None)
            check.start()
            thread = keys_while(app, typist, check, args.thread_keys, args.pause)
            check._stop(None)
            while background._JOBS:  # the thread ends at its next score bracket
                turn(app, 0.05)
        print(f"\n{args.players} players, round {args.rounds} shown, its FIDE check running ({os.cpu_count()} CPUs,")
        print(f"load {os.getloadavg()[0]:.2f}); keys {args.pause:.1f} s apart, key to the table's next paint:")
        print(summary("no check (baseline)", baseline))
        print(summary("check in a child process", child, baseline) + f"   (over {waited:.1f} s)")
        if not args.no_thread:
            print(summary("check in a thread (before)", thread, baseline))
        print(summary("starting a check (GUI thread)", started, unit="checks"))
        window.document.reset(dataclasses.replace(tournament, players=()), None)  # nothing unsaved: closes quietly
        window.close()
        window.deleteLater()
        app.processEvents()


if __name__ == "__main__":
    main()
