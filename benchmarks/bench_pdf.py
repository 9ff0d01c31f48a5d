"""Standings of a 2,000-player event laid out on A4 and written as PDF.

    python benchmarks/bench_pdf.py [--players 2000] [--repeat 3]

The document is made here by hand (rank, start number, name, federation, rating, points, two tie-breaks;
names with Polish and Turkish letters, points with ½), as the standings builder will make it. Measured in
the same run:

- baseline: a bare reportlab pass drawing the same cells in the same embedded TrueType font at fixed
  places (one row every 13 pt, a new page every 55 rows), with no measuring, header, footer or fills;
- ``lay_out``: the document onto pages (widths measured, orientation and size chosen, header rows,
  banding, header and footer);
- ``pdf_bytes``: those pages as a PDF;
- both together, as ``write_pdf`` does them (the guide's aim: under 2 s).

Prints the best of ``--repeat`` runs of each and the ratio to the baseline. Nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import io
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from reportlab.pdfgen.canvas import Canvas

from fidedesk.io.documents.model import Align, Column, Document, DocumentKind, TableBlock, TextBlock, TextStyle
from fidedesk.io.paper.fonts import FONT_NAME, register_fonts
from fidedesk.io.paper.layout import lay_out
from fidedesk.io.paper.pdf import pdf_bytes

FIRST = ["Łukasz", "Şahin", "Magnus", "Ivan", "José Raúl", "Anna", "Jan-Krzysztof", "Gülnar", "Ørjan", "Zoë"]
LAST = ["Şahin", "Wójcik", "Ivanović", "Capablanca y Graupera", "Müller", "Nakamura", "Dubois", "Kowalski"]


def standings(players: int) -> Document:
    columns = (
        Column("Rk", Align.RIGHT, key=True),
        Column("SNo", Align.RIGHT),
        Column("Name", key=True),
        Column("Fed", Align.CENTRE),
        Column("Rtg", Align.RIGHT),
        Column("Pts", Align.RIGHT),
        Column("BH-C1", Align.RIGHT),
        Column("SB", Align.RIGHT),
    )
    rows = [
        (
            str(rank),
            str((rank * 7919) % players + 1),
            f"{LAST[rank % len(LAST)]}, {FIRST[rank % len(FIRST)]}",
            ("POL", "TUR", "NOR", "GER", "IND")[rank % 5],
            str(2850 - rank // 2),
            f"{11 - rank * 11 // (players + 1)}{'½' if rank % 2 else ''}",
            f"{60 - rank * 40 // players}{'½' if rank % 3 else ''}",
            f"{rank % 50}.{rank % 100:02d}",
        )
        for rank in range(1, players + 1)
    ]
    blocks = (
        TextBlock("Standings after round 11", TextStyle.HEADING),
        TableBlock(columns, rows),
        TextBlock("Tie-breaks: Buchholz cut 1, Sonneborn-Berger (C.07, 2026).", TextStyle.NOTE),
    )
    return Document(
        DocumentKind.STANDINGS, "Standings", "Wrocław Open 2026", "Wrocław", "1–11 July 2026", "Final", blocks
    )


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


def best(repeat: int, work: Callable[[], object]) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--players", type=int, default=2000)
    options.add_argument("--repeat", type=int, default=3)
    arguments = options.parse_args()
    document = standings(arguments.players)
    start = time.perf_counter()
    pages = lay_out(document)
    data = pdf_bytes(pages)
    first = time.perf_counter() - start  # widths not yet cached, fonts just registered
    baseline = best(arguments.repeat, lambda: bare_pass(document))
    layout = best(arguments.repeat, lambda: lay_out(document))
    writing = best(arguments.repeat, lambda: pdf_bytes(pages))
    whole = best(arguments.repeat, lambda: pdf_bytes(lay_out(document)))
    print(f"{arguments.players} players: {len(pages)} pages, {len(data) / 1e6:.2f} MB")
    print(f"first run (nothing cached)   {first * 1000:7.0f} ms")
    print(f"baseline: bare reportlab     {baseline * 1000:7.0f} ms")
    print(f"lay_out                      {layout * 1000:7.0f} ms")
    print(f"pdf_bytes                    {writing * 1000:7.0f} ms")
    print(f"lay_out + pdf_bytes          {whole * 1000:7.0f} ms  (ratio to baseline {whole / baseline:.2f})")


if __name__ == "__main__":
    main()
