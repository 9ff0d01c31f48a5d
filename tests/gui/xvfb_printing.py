"""File › Print Preview and Export PDF in the real window on Xvfb, by keyboard alone, photographed.

    python -m tests.gui.xvfb_printing FOLDER [--sizes 1024x640 1366x768 1920x1080]

For each screen size: fidedesk opens the 284-player Karl-Mala Swiss, Ctrl+Shift+P opens the document chooser
(``xvfb-print-chooser-SIZE.png``), Enter previews the standings (``xvfb-preview-standings-SIZE.png``),
Escape; then Ctrl+Shift+P, C for Crosstable, Enter (``xvfb-preview-crosstable-SIZE.png``), Escape; at the
first size also File › Export PDF (Alt+F, D), Enter, the file's name typed into the file dialog, Enter, and
the PDF's first page rendered by ``pdftoppm -r 50`` (``xvfb-pdf-page-1.png``), and File › Export Web Pages
(Alt+F, W) of the last round into an empty folder (``xvfb-web-written.png``). Needs Debian's ``xvfb``,
``xdotool``, ``imagemagick`` and ``poppler-utils``; settings and data in a scratch folder (:class:`Screen`).
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

from tests.gui.xvfb import REPO, Screen

KARL_MALA = REPO / "tests" / "data" / "trf" / "karl_mala_gedenkturnier_2005_frankfurt.trf"
SIZES = ("1024x640", "1366x768", "1920x1080")


def previews(screen: Screen, folder: Path, size: str) -> list[Path]:
    """The chooser, then the standings and the crosstable previewed; the files written."""
    written = []

    def shot(name: str) -> None:
        path = folder / f"xvfb-{name}-{size}.png"
        screen.shot(path)
        written.append(path)

    screen.key("ctrl+shift+p", pause=1.5)
    shot("print-chooser")
    screen.key("Return", pause=4.0)  # the standings, proposed after the last round
    shot("preview-standings")
    screen.key("Escape", pause=1.0)
    screen.focus()
    screen.key("ctrl+shift+p", pause=1.5)
    screen.key("c", pause=0.5)  # Crosstable, the document box's first entry with a C
    shot("print-chooser-crosstable")
    screen.key("Return", pause=4.0)
    shot("preview-crosstable")
    screen.key("Escape", pause=1.0)
    screen.focus()
    return written


def export_pdf(screen: Screen, folder: Path) -> list[Path]:
    """File › Export PDF of the standings by keyboard; its first page as a PNG."""
    target = folder / "xvfb-standings.pdf"
    target.unlink(missing_ok=True)
    screen.key("alt+f", "d", pause=1.5)
    screen.key("Return", pause=2.0)  # the chooser: the document chosen last
    screen.shot(folder / "xvfb-pdf-save-dialog.png")
    screen.key("ctrl+a")
    screen.type(str(target))
    screen.key("Return", pause=4.0)
    screen.shot(folder / "xvfb-pdf-written.png")
    if not target.exists():
        raise RuntimeError(f"Export PDF wrote no {target}")
    subprocess.run(["pdftoppm", "-r", "50", "-png", "-f", "1", "-l", "1", str(target), str(folder / "xvfb-pdf-page")],
                   check=True)  # fmt: skip
    return [
        folder / "xvfb-pdf-save-dialog.png",
        folder / "xvfb-pdf-written.png",
        *sorted(folder.glob("xvfb-pdf-page*.png")),
    ]


def export_web(screen: Screen, folder: Path) -> list[Path]:
    """File › Export Web Pages by keyboard into an empty folder; the window after it (the status bar names
    the index)."""
    target = folder / "xvfb-web"
    shutil.rmtree(target, ignore_errors=True)
    target.mkdir()
    screen.key("alt+f", "w", pause=1.5)
    screen.shot(folder / "xvfb-web-chooser.png")
    screen.key("Return", pause=2.0)  # the last round
    screen.key("ctrl+a")
    screen.type(str(target))
    screen.key("Return", pause=1.0)
    screen.key("Return", pause=6.0)  # the folder typed is entered, then chosen
    screen.shot(folder / "xvfb-web-written.png")
    if not (target / "index.html").is_file():
        raise RuntimeError(f"Export Web Pages wrote no {target / 'index.html'}")
    return [folder / "xvfb-web-chooser.png", folder / "xvfb-web-written.png"]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.gui.xvfb_printing", description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path, help="where to write the PNGs")
    parser.add_argument("--sizes", nargs="+", default=list(SIZES), help="screens, WIDTHxHEIGHT")
    args = parser.parse_args(argv)
    missing = [tool for tool in ("Xvfb", "xdotool", "import", "pdftoppm") if shutil.which(tool) is None]
    if missing:
        parser.error(f"needs {', '.join(missing)} (Debian: apt-get install xvfb xdotool imagemagick poppler-utils)")
    args.folder.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for number, size in enumerate(args.sizes):
        width, height = (int(part) for part in size.split("x"))
        with (
            tempfile.TemporaryDirectory(prefix="fidedesk-xvfb-") as scratch,
            Screen(width, height, scratch=Path(scratch)) as screen,
        ):
            screen.start(str(KARL_MALA))
            written += previews(screen, args.folder, size)
            if number == 0:
                written += export_pdf(screen, args.folder.resolve())
                screen.focus()
                written += export_web(screen, args.folder.resolve())
    for path in written:
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
