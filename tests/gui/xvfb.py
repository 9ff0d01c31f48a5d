"""The real window on a real X server: Xvfb screens, driven by ``xdotool``, photographed with ImageMagick.

    python -m tests.gui.xvfb FOLDER

run from the repository on Linux with Debian's ``xvfb``, ``xdotool`` and ``imagemagick``, starts one Xvfb
screen per size of :data:`SCREENS` (1024 x 640 to 2560 x 1440, and two scaled ones), runs ``fidedesk`` on it
with the San Viator Swiss (settings, data and the single-instance socket in a scratch folder, never the
user's), makes the window fill the screen as maximising does (there is no window manager), and writes
``xvfb-tournament-1366x768.png``, ``xvfb-calculator-1366x768.png``, ``xvfb-reference-1366x768.png``... reaching
each tab by its key (Ctrl+1, Ctrl+2, Ctrl+3). The offscreen pictures of the same screens are written by
``python -m tests.gui.screenshots FOLDER --sizes``; ``tests/gui/test_layouts.py`` holds the panes' sizes.

:class:`Screen` is also the keyboard of ``tests/gui/xvfb_walkthrough.py``: it counts every key it presses.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from types import TracebackType

REPO = Path(__file__).resolve().parents[2]
SAN_VIATOR = REPO / "tests" / "data" / "trf" / "torneo_san_viator_2018_madrid_B.trf"
#: (width, height, Qt scale factor): a projector, a laptop, two monitors, and a laptop and a monitor scaled.
SCREENS = (
    (1024, 640, 1.0),
    (1366, 768, 1.0),
    (1920, 1080, 1.0),
    (2560, 1440, 1.0),
    (1366, 768, 1.25),
    (1920, 1080, 1.5),
)
#: Seconds for the window to come up (Python, Qt and the first tab) on a busy two-core machine.
START_SECONDS = 8.0


def _free_display() -> int:
    """A display number no X server holds (its lock file is missing)."""
    for number in range(90, 200):
        if not Path(f"/tmp/.X{number}-lock").exists():
            return number
    raise RuntimeError("no free X display between :90 and :199")


class Screen:
    """An Xvfb screen with fidedesk running on it; every key sent through it is counted in ``keys``."""

    def __init__(self, width: int, height: int, *, scale: float = 1.0, scratch: Path) -> None:
        self.width, self.height, self.scale, self.scratch = width, height, scale, scratch
        self.display = f":{_free_display()}"
        self.keys = 0
        self._server: subprocess.Popen[bytes] | None = None
        self.app: subprocess.Popen[bytes] | None = None

    def __enter__(self) -> Screen:
        self._server = subprocess.Popen(
            ["Xvfb", self.display, "-screen", "0", f"{self.width}x{self.height}x24", "-nolisten", "tcp"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        time.sleep(1.0)
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, tb: TracebackType | None) -> None:
        for process in (self.app, self._server):
            if process is not None and process.poll() is None:
                process.terminate()
                try:
                    process.wait(10)
                except subprocess.TimeoutExpired:
                    process.kill()

    def env(self) -> dict[str, str]:
        env = {**os.environ, "DISPLAY": self.display}
        env.pop("QT_QPA_PLATFORM", None)  # the real X server, not offscreen
        for name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_RUNTIME_DIR"):
            folder = self.scratch / name.lower()
            folder.mkdir(mode=0o700, parents=True, exist_ok=True)
            env[name] = str(folder)  # never the user's settings, lists or running fidedesk
        if self.scale != 1.0:
            env["QT_SCALE_FACTOR"] = str(self.scale)
        return env

    def start(self, *args: str) -> None:
        """Run fidedesk (with ``args``), wait for its window and make it fill the screen."""
        log = (self.scratch / "fidedesk.log").open("ab")
        self.app = subprocess.Popen(
            [sys.executable, "-m", "fidedesk.gui.app", *args], env=self.env(), stdout=log, stderr=log, cwd=REPO
        )
        time.sleep(START_SECONDS)
        window = self.window()
        if window is None:
            raise RuntimeError(f"no fidedesk window came up on {self.display}; see {self.scratch / 'fidedesk.log'}")
        self.xdotool("windowmove", window, "0", "0")
        self.xdotool("windowsize", window, str(self.width), str(self.height))
        self.focus()

    def xdotool(self, *args: str) -> str:
        done = subprocess.run(["xdotool", *args], env=self.env(), capture_output=True, text=True, check=False)
        return done.stdout

    def window(self) -> str | None:
        """The main window: its title is "Event — fidedesk"."""
        for window in self.xdotool("search", "--name", "fidedesk").split():
            if "—" in self.xdotool("getwindowname", window):
                return window
        return None

    def focus(self) -> None:
        """Give the main window the keyboard (not a keystroke: with no window manager, X gives the focus back
        to no one when a dialog closes, where a desktop gives it to the window)."""
        window = self.window()
        if window is not None:
            self.xdotool("windowfocus", "--sync", window)
            time.sleep(0.3)

    def key(self, *combos: str, pause: float = 0.35) -> None:
        self.xdotool("key", "--delay", "70", *combos)
        self.keys += len(combos)
        time.sleep(pause)

    def type(self, text: str, pause: float = 0.3) -> None:
        self.xdotool("type", "--delay", "25", text)
        self.keys += len(text)
        time.sleep(pause)

    def shot(self, path: Path) -> None:
        subprocess.run(["import", "-window", "root", str(path)], env=self.env(), check=True)


def screens(folder: Path) -> list[Path]:
    """Each tab of the window at each of :data:`SCREENS`, the San Viator Swiss open; the files written."""
    written = []
    for width, height, scale in SCREENS:
        size = f"{width}x{height}" + (f"@{round(scale * 100)}" if scale != 1.0 else "")
        with (
            tempfile.TemporaryDirectory(prefix="fidedesk-xvfb-") as scratch,
            Screen(width, height, scale=scale, scratch=Path(scratch)) as screen,
        ):
            screen.start(str(SAN_VIATOR))
            screen.key("alt+2", "Down", pause=1.0)  # the crosstable, and the first player's calculation
            for key, tab in (("ctrl+1", "tournament"), ("ctrl+2", "calculator"), ("ctrl+3", "reference")):
                screen.key(key, pause=1.5)
                path = folder / f"xvfb-{tab}-{size}.png"
                screen.shot(path)
                written.append(path)
    return written


def screen_options(parser: argparse.ArgumentParser, argv: Sequence[str] | None) -> tuple[argparse.Namespace, int, int]:
    """A walk's command line with ``--size WIDTHxHEIGHT`` (1366x768) and ``--shots FOLDER`` (made here): the
    arguments, the width and the height."""
    parser.add_argument("--size", default="1366x768", help="the screen, WIDTHxHEIGHT")
    parser.add_argument("--shots", type=Path, help="keep a screenshot after each step here")
    args = parser.parse_args(argv)
    width, height = (int(part) for part in args.size.split("x"))
    if args.shots is not None:
        args.shots.mkdir(parents=True, exist_ok=True)
    return args, width, height


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.gui.xvfb", description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path, help="where to write the PNGs")
    args = parser.parse_args(argv)
    missing = [tool for tool in ("Xvfb", "xdotool", "import") if shutil.which(tool) is None]
    if missing:
        parser.error(f"needs {', '.join(missing)} (Debian: apt-get install xvfb xdotool imagemagick)")
    args.folder.mkdir(parents=True, exist_ok=True)
    for path in screens(args.folder):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
