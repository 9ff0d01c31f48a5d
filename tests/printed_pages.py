"""Write the printed pages docs/cli.md shows (docs/printed/): page 1 of two documents of the Karl-Mala event, as
``fidedesk-cli print`` makes them, rendered by poppler's ``pdftoppm`` and reduced to 16 colours by
ImageMagick's ``convert``; never run by a test.

    python -m tests.printed_pages
"""

from __future__ import annotations

import subprocess
import tempfile
from pathlib import Path

from fidedesk.cli import main as cli

REPO = Path(__file__).resolve().parents[1]
KARL_MALA = REPO / "tests" / "data" / "trf" / "karl_mala_gedenkturnier_2005_frankfurt.trf"
#: Each picture by the document it shows.
PAGES = {"karl-mala-crosstable": "crosstable", "karl-mala-ratings": "ratings"}


def main() -> None:
    folder = REPO / "docs" / "printed"
    folder.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as scratch:
        for name, document in PAGES.items():
            pdf = Path(scratch) / f"{name}.pdf"
            if cli(["print", str(KARL_MALA), "--document", document, "-o", str(pdf)]) != 0:
                raise SystemExit(f"fidedesk-cli print --document {document} failed")
            stem = Path(scratch) / name
            subprocess.run(["pdftoppm", "-r", "90", "-png", "-singlefile", "-f", "1", "-l", "1", str(pdf), str(stem)],
                           check=True)  # fmt: skip
            subprocess.run(["convert", f"{stem}.png", "-strip", "-colors", "16", str(folder / f"{name}.png")],
                           check=True)  # fmt: skip


if __name__ == "__main__":
    main()
