"""Standings of a 2,000-player event laid out on A4 and written as PDF.

    python benchmarks/bench_pdf.py [--players 2000] [--repeat 3]

The event is the generated 2,000-player, 11-round Swiss of the other benchmarks (``make_swiss``); its
standings document is the one ``build_document`` makes (rank, start number, name, title, federation,
rating, points, the default tie-breaks). Measured in the same run:

- baseline: a bare reportlab pass drawing the same cells in the same embedded TrueType font at fixed
  places (one row every 13 pt, a new page every 55 rows), with no measuring, header, footer or fills;
- ``lay_out``: the document onto pages (widths measured, orientation and size chosen, header rows,
  banding, header and footer);
- ``pdf_bytes``: those pages as a PDF;
- ``build_document``: the standings computed (points, tie-breaks) and turned into the document's text;
- all three, from the tournament to the PDF's bytes, as ``fidedesk-cli print`` and the window do them
  (the issue's aim: under 2 s).

Prints min and median of ``--repeat`` interleaved runs of each, the ratio to the baseline and the
machine's load. Nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import io
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from reportlab.pdfgen.canvas import Canvas

from benchmarks.make_swiss import make_swiss
from benchmarks.timing import interleaved, machine, ratio, spread
from fidedesk.core.rating.editions import get_edition
from fidedesk.core.tournament import Tournament
from fidedesk.publish.documents import Document, DocumentKind, TableBlock, build_document
from fidedesk.publish.paper.fonts import FONT_NAME, register_fonts
from fidedesk.publish.paper.layout import lay_out
from fidedesk.publish.paper.pdf import pdf_bytes


def standings_document(tournament: Tournament) -> Document:
    """The standings as the window and ``fidedesk-cli print`` make them (the event's default tie-breaks)."""
    return build_document(tournament, DocumentKind.STANDINGS, edition=get_edition("fide-2025"))


def bare_pass(document: Document) -> bytes:
    """The table's cells drawn at fixed places in the embedded font: the least a PDF of them costs."""
    register_fonts()
    table = next(block for block in document.blocks if isinstance(block, TableBlock))
    buffer = io.BytesIO()
    canvas = Canvas(buffer, invariant=1, pageCompression=1)
    canvas.setFont(FONT_NAME, 9.0)
    for number, row in enumerate(table.rows):
        if number and number % 55 == 0:
            canvas.showPage()
            canvas.setFont(FONT_NAME, 9.0)
        y = 800.0 - (number % 55) * 13.0
        for index, cell in enumerate(row):
            canvas.drawString(40.0 + index * 60.0, y, cell)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--players", type=int, default=2000)
    options.add_argument("--rounds", type=int, default=11)
    options.add_argument("--repeat", type=int, default=3)
    arguments = options.parse_args()
    tournament = make_swiss(arguments.players, arguments.rounds)
    document = standings_document(tournament)
    start = time.perf_counter()
    pages = lay_out(document)
    data = pdf_bytes(pages)
    first = time.perf_counter() - start  # widths not yet cached, fonts just registered
    times = interleaved(
        arguments.repeat,
        {
            "baseline": lambda: bare_pass(document),
            "lay_out": lambda: lay_out(document),
            "pdf_bytes": lambda: pdf_bytes(pages),
            "whole": lambda: pdf_bytes(lay_out(document)),
            "build": lambda: standings_document(tournament),
            "everything": lambda: pdf_bytes(lay_out(standings_document(tournament))),
        },
    )
    print(f"{machine()}; {arguments.repeat} interleaved runs of each")
    print(f"{arguments.players} players, {arguments.rounds} rounds: {len(pages)} pages, {len(data) / 1e6:.2f} MB")
    print(f"first run (nothing cached)   {first * 1000:7.0f} ms")
    print(f"baseline: bare reportlab     {spread(times['baseline'])}")
    print(f"lay_out                      {spread(times['lay_out'])}")
    print(f"pdf_bytes                    {spread(times['pdf_bytes'])}")
    whole = ratio(times["whole"], times["baseline"])
    print(f"lay_out + pdf_bytes          {spread(times['whole'])}  (ratio to baseline {whole})")
    print(f"build_document (standings)   {spread(times['build'])}")
    print(f"tournament to PDF, in all    {spread(times['everything'])}  (aim: under 2,000 ms)")


if __name__ == "__main__":
    main()
