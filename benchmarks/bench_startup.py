"""Start-up time of ``fidedesk --smoke-test`` against a bare PySide6 script showing one QMainWindow.

    python benchmarks/bench_startup.py [--runs 7]

Both run as fresh processes on the offscreen platform, alternately, in the same run; the script
prints the median wall time of each and their ratio. Nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time

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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    # An installed app runs from compiled bytecode (pip compiles on install): let the warm-up runs write it.
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    env["QT_QPA_PLATFORM"] = "offscreen"
    bare_cmd = [sys.executable, "-c", BARE]
    app_cmd = [sys.executable, "-m", "fidedesk", "--smoke-test"]
    timed(bare_cmd, env), timed(app_cmd, env)  # warm the file cache for both
    bare, app = [], []
    for _ in range(args.runs):
        bare.append(timed(bare_cmd, env))
        app.append(timed(app_cmd, env))
    bare_median, app_median = statistics.median(bare), statistics.median(app)
    print(f"bare PySide6 QMainWindow : median {bare_median * 1000:7.0f} ms  (min {min(bare) * 1000:.0f})")
    print(f"fidedesk --smoke-test    : median {app_median * 1000:7.0f} ms  (min {min(app) * 1000:.0f})")
    print(f"ratio (median): {app_median / bare_median:.2f}")


if __name__ == "__main__":
    main()
