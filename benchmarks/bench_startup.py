"""Start-up time of ``fidedesk --smoke-test`` against a bare PySide6 script showing one QMainWindow.

    python benchmarks/bench_startup.py [--runs 7] [--frozen [dist/fidedesk]]

Both run as fresh processes on the offscreen platform, alternately, in the same run; the script
prints the median wall time of each and their ratio. With ``--frozen`` it also starts the bundle
``python packaging/build.py`` made (``dist/fidedesk/fidedesk --smoke-test``) in the same rounds and
prints its size and its start-up against ``fidedesk --smoke-test`` from this virtual environment.
Nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.timing import machine

DIST = Path(__file__).resolve().parents[1] / "dist" / "fidedesk"

BARE = """
import sys
from PySide6.QtWidgets import QApplication, QMainWindow
app = QApplication(sys.argv[:1])
window = QMainWindow()
window.resize(1280, 800)
window.show()
app.processEvents()
window.grab()
"""


def timed(command: list[str], env: dict[str, str]) -> float:
    began = time.perf_counter()
    subprocess.run(command, check=True, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - began


def bundle_size(folder: Path) -> int:
    return sum(path.stat().st_size for path in folder.rglob("*") if path.is_file() and not path.is_symlink())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--frozen", nargs="?", const=str(DIST), metavar="FOLDER",
                        help="also time the frozen bundle (default dist/fidedesk)")  # fmt: skip
    args = parser.parse_args()
    # An installed app runs from compiled bytecode (pip compiles on install): let the warm-up runs write it.
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    env["QT_QPA_PLATFORM"] = "offscreen"
    commands = {
        "bare PySide6 QMainWindow": [sys.executable, "-c", BARE],
        "fidedesk --smoke-test": [sys.executable, "-m", "fidedesk", "--smoke-test"],
    }
    if args.frozen:
        folder = Path(args.frozen)
        program = folder / ("fidedesk.exe" if sys.platform == "win32" else "fidedesk")
        if not program.exists():
            raise SystemExit(f"no {program}: run python packaging/build.py first")
        commands["frozen --smoke-test"] = [str(program), "--smoke-test"]
    for command in commands.values():
        timed(command, env)  # warm the file cache for each
    times: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(args.runs):
        for name, command in commands.items():
            times[name].append(timed(command, env))
    medians = {name: statistics.median(values) for name, values in times.items()}
    print(f"{machine()}; {args.runs} interleaved runs of each")
    for name, values in times.items():
        print(f"{name:<25}: median {medians[name] * 1000:7.0f} ms  (min {min(values) * 1000:.0f})")
    bare, app = medians["bare PySide6 QMainWindow"], medians["fidedesk --smoke-test"]
    print(f"ratio (median): {app / bare:.2f}")
    if args.frozen:
        frozen = medians["frozen --smoke-test"]
        print(f"frozen / virtual environment (median): {frozen / app:.2f}")
        print(f"bundle {Path(args.frozen)}: {bundle_size(Path(args.frozen)) / 2**20:.0f} MiB")


if __name__ == "__main__":
    main()
