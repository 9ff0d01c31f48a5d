"""One result changed in a big Swiss: how long until every figure of the Tournament tab is recomputed.

    python benchmarks/bench_crosstable.py [--players 500 5000] [--rounds 11] [--edits 15]

For each size, the real window (offscreen, 1280 x 800) opens a generated Swiss on the Tournament tab,
with a board of the last round selected in the Rounds view and its player's calculation in the panel.
Each edit is a key press on that board (1, =, 0 in turn), exactly as the arbiter enters a result; the
time runs until the event loop is idle again, so every model has been refreshed (standings and
tie-breaks, crosstable, every player's rating and the warnings, the panel) and the visible views
repainted. The synchronous part (the key press handled, models refreshed) is printed on its own too.

The baseline, measured in the same run on the same tournament, is the core recomputing everything
from scratch with no window: ``rate_tournament`` plus ``standings`` with the same tie-breaks. Prints
best and median of each and their ratio. Nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QSettings, QStandardPaths, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from benchmarks.make_swiss import make_swiss
from benchmarks.timing import machine
from fidedesk.core.rating.editions import get_edition
from fidedesk.core.rating.event import rate_tournament
from fidedesk.core.results import ResultCode
from fidedesk.core.tiebreaks.standings import standings
from fidedesk.core.tournament import Tournament

KEYS = ("1", "=", "0")


def summary(label: str, times: list[float]) -> str:
    return f"{label:<34}: best {min(times) * 1000:7.1f} ms   median {statistics.median(times) * 1000:7.1f} ms"


def core_from_scratch(tournament: Tournament, repeat: int, tiebreaks: tuple[object, ...]) -> list[float]:
    edition = get_edition("fide-2025")
    times = []
    for _ in range(repeat):
        began = time.perf_counter()
        rate_tournament(tournament, edition)
        standings(tournament, tiebreaks)  # type: ignore[arg-type]
        times.append(time.perf_counter() - began)
    return times


def measure(app: QApplication, players: int, rounds: int, edits: int, folder: Path) -> None:
    from fidedesk.gui.common.settings import Settings
    from fidedesk.gui.mainwindow import MainWindow
    from fidedesk.gui.tournament import TournamentTab

    tournament = make_swiss(players, rounds)
    settings = Settings(QSettings(str(folder / f"bench-{players}.ini"), QSettings.Format.IniFormat))
    window = MainWindow(settings, recovery_folder=folder / f"recovery-{players}")
    window.resize(1280, 800)
    window.show()
    began = time.perf_counter()
    window.document.reset(tournament, None)
    window.tabs.setCurrentIndex(0)
    app.processEvents()
    opened = time.perf_counter() - began
    tab = window.tab_content(0)
    assert isinstance(tab, TournamentTab) and tab.views is not None
    rounds_view = tab.views.rounds
    rounds_view.round_box.setValue(rounds)
    model, table = rounds_view.model, rounds_view.table
    board = next(row for row in range(model.rowCount()) if model.board(row).black is not None)
    white = model.board(board).white
    tiebreaks = tab.views.standings.model.tiebreaks

    sync, idle = [], []
    for number in range(edits + 2):  # the first two warm up
        table.setFocus()
        table.selectRow(board)
        app.processEvents()
        key = KEYS[number % len(KEYS)]
        began = time.perf_counter()
        QTest.keyClick(table, key)
        handled = time.perf_counter()
        app.processEvents()
        done = time.perf_counter()
        entry = next(e for e in window.document.tournament.player(white).rounds if e.round == rounds)
        expected = {"1": ResultCode.WIN, "=": ResultCode.DRAW, "0": ResultCode.LOSS}[key]
        if entry.result is not expected:
            raise SystemExit(f"the key {key!r} did not enter {expected.value} on board {board + 1}")
        if number >= 2:
            sync.append(handled - began)
            idle.append(done - began)
    base = core_from_scratch(window.document.tournament, max(3, edits // 3), tiebreaks)
    games = sum(1 for _ in tournament.played_games()) // 2
    print(f"\n{machine()}")
    print(f"{players} players, {rounds} rounds, {games} played games; opened in {opened * 1000:.0f} ms")
    print(summary("edit: key handled, models updated", sync))
    print(summary("edit: until idle (views repainted)", idle))
    print(summary("baseline: core from scratch", base))
    ratio = statistics.median(idle) / statistics.median(base)
    print(f"ratio (edit until idle / core from scratch, medians): {ratio:.2f}")
    window.document.reset(Tournament(tournament.info, ()), None)  # nothing unsaved: the window closes quietly
    window.close()
    window.deleteLater()
    app.processEvents()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--players", type=int, nargs="+", default=[500, 5000])
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--edits", type=int, default=15)
    args = parser.parse_args()
    QStandardPaths.setTestModeEnabled(True)
    app = QApplication(sys.argv[:1])
    app.setAttribute(Qt.ApplicationAttribute.AA_DontShowIconsInMenus)
    with tempfile.TemporaryDirectory() as folder:
        for players in args.players:
            measure(app, players, args.rounds, args.edits, Path(folder))


if __name__ == "__main__":
    main()
