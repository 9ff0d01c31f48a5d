"""Pages as PDF (publish/paper/pdf.py) and the fonts they are set in (publish/paper/fonts.py): the text reads back
with pdftotext, the fonts are embedded, the page count is the file's, characters the fonts lack do not
fail, the file is the same twice, and writing it is atomic."""

from __future__ import annotations

import io
import shutil
import subprocess
from pathlib import Path

import pytest
from reportlab.pdfbase.ttfonts import TTFontFile  # type: ignore[import-untyped]

from fidedesk.io.native import atomic
from fidedesk.publish.documents.model import Align, Column, Document, DocumentKind, TableBlock, TextBlock
from fidedesk.publish.paper import pdf
from fidedesk.publish.paper.fonts import BOLD_FONT_NAME, FAMILY, FONT_NAME, font_bytes, text_width
from fidedesk.publish.paper.layout import lay_out
from fidedesk.publish.paper.pages import Page, TextItem
from fidedesk.publish.paper.pdf import pdf_bytes, write_pdf

POPPLER = shutil.which("pdftotext") and shutil.which("pdfinfo")
needs_poppler = pytest.mark.skipif(not POPPLER, reason="poppler-utils (pdftotext, pdfinfo) not installed")
EVENT = "Kraków Rapid 2026"


def standings(count: int, name: str = "Łukasz Şahin") -> Document:
    columns = (Column("Rk", Align.RIGHT), Column("Name"), Column("Pts", Align.RIGHT))
    rows = [(str(n), f"{name} {n}", f"{n % 7}½") for n in range(1, count + 1)]
    return Document(
        DocumentKind.STANDINGS, "Standings", EVENT, "Kraków", "2026-03-01", "Final", (TableBlock(columns, rows),)
    )


def pdftotext(path: Path) -> str:
    return subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, check=True, text=True).stdout


def pdfinfo(path: Path) -> dict[str, str]:
    out = subprocess.run(["pdfinfo", str(path)], capture_output=True, check=True, text=True).stdout
    return {key.strip(): value.strip() for key, _, value in (line.partition(":") for line in out.splitlines())}


def test_the_fonts_ship_with_fidedesk_and_measure_like_reportlab() -> None:
    regular, bold = font_bytes(False), font_bytes(True)
    assert regular[:4] == bold[:4] == b"\x00\x01\x00\x00"  # TrueType
    assert regular != bold
    for data, name in ((regular, FONT_NAME), (bold, BOLD_FONT_NAME)):
        names = TTFontFile(io.BytesIO(data))
        assert (names.name, names.familyName) == (name.encode(), FAMILY.encode())
    assert text_width("", 9.0) == 0.0
    assert text_width("Łukasz", 18.0) == pytest.approx(2 * text_width("Łukasz", 9.0))
    assert text_width("Łukasz", 9.0, bold=True) > text_width("Łukasz", 9.0)
    assert text_width("WWW", 9.0) > text_width("iii", 9.0)
    assert text_width("中文", 9.0) > 0  # a character the font lacks has a width (its box's)


def test_pdf_bytes_is_a_pdf_of_the_pages_and_the_same_twice() -> None:
    pages = lay_out(standings(120))
    data = pdf_bytes(pages, title="Standings")
    assert data.startswith(b"%PDF-") and data.rstrip().endswith(b"%%EOF")
    assert pdf_bytes(pages, title="Standings") == data
    assert pdf_bytes(()).startswith(b"%PDF-")


@needs_poppler
def test_the_text_reads_back(tmp_path: Path) -> None:
    target = tmp_path / "standings.pdf"
    count = write_pdf(standings(150), target)
    assert count >= 2
    text = pdftotext(target)
    assert EVENT in text and "Final" in text and "½" in text
    assert "Łukasz Şahin 1 " in text and "Łukasz Şahin 150" in text
    assert f"Page 2 of {count}" in text
    info = pdfinfo(target)
    assert int(info["Pages"]) == count
    assert info["Title"] == f"{EVENT} – Standings – Final"
    assert info["Page size"].startswith("595.276 x 841.89")


@needs_poppler
def test_letter_and_landscape_pages_keep_their_size(tmp_path: Path) -> None:
    target = tmp_path / "letter.pdf"
    write_pdf(standings(3), target, "letter")
    assert pdfinfo(target)["Page size"].startswith("612 x 792")
    across = Page(842.0, 595.0, (TextItem(40.0, 60.0, "across", 9.0),))
    upright = Page(595.0, 842.0, (TextItem(40.0, 60.0, "upright", 9.0, True),))
    mixed = tmp_path / "mixed.pdf"
    mixed.write_bytes(pdf_bytes([across, upright]))
    sizes = subprocess.run(["pdfinfo", "-f", "1", "-l", "2", str(mixed)], capture_output=True, text=True).stdout
    found = [" ".join(line.split()) for line in sizes.splitlines() if " size:" in line and line.startswith("Page")]
    assert found == ["Page 1 size: 842 x 595 pts (A4)", "Page 2 size: 595 x 842 pts (A4)"]


@needs_poppler
def test_text_is_placed_from_the_top_left(tmp_path: Path) -> None:
    page = Page(595.0, 842.0, (TextItem(100.0, 50.0, "top", 10.0), TextItem(100.0, 800.0, "bottom", 10.0)))
    target = tmp_path / "placed.pdf"
    target.write_bytes(pdf_bytes([page]))
    lines = [line.strip() for line in pdftotext(target).splitlines() if line.strip()]
    assert lines == ["top", "bottom"]
    box = subprocess.run(["pdftotext", "-bbox", str(target), "-"], capture_output=True, text=True).stdout
    top_line = next(line for line in box.splitlines() if ">top<" in line)
    assert 'yMax="5' in top_line  # the baseline 50 pt from the top edge: descenders end just below it


@needs_poppler
def test_the_fonts_are_embedded(tmp_path: Path) -> None:
    if not shutil.which("pdffonts"):
        pytest.skip("pdffonts not installed")
    target = tmp_path / "fonts.pdf"
    write_pdf(standings(3), target)
    listing = subprocess.run(["pdffonts", str(target)], capture_output=True, check=True, text=True).stdout
    fonts = [line for line in listing.splitlines() if "DejaVuSansCondensed" in line]
    assert len(fonts) == 2 and all(" yes " in line for line in fonts)  # embedded (subset) TrueType


def test_characters_the_fonts_lack_still_make_a_pdf(tmp_path: Path) -> None:
    target = tmp_path / "hou.pdf"
    document = standings(3, name="侯逸凡 Hou Yifan")
    assert write_pdf(document, target) == 1
    assert target.read_bytes().startswith(b"%PDF-")
    if POPPLER:
        assert "Hou Yifan 3" in pdftotext(target)


@needs_poppler
def test_hostile_text_prints_verbatim(tmp_path: Path) -> None:
    hostile = ["<b>x</b>", "&amp;", "=1+1", "(unbalanced", "back\\slash", "%%EOF"]
    document = Document(
        DocumentKind.WARNINGS, "Warnings", EVENT, "", "", "", tuple(TextBlock(text) for text in hostile)
    )
    target = tmp_path / "hostile.pdf"
    write_pdf(document, target)
    text = pdftotext(target)
    for line in hostile:
        assert line in text


def test_writing_is_atomic(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "standings.pdf"
    target.write_bytes(b"the old file")

    def fail(*_: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(atomic.os, "replace", fail)  # the new file written, then the rename fails
    with pytest.raises(OSError, match="disk full"):
        write_pdf(standings(50), target)
    assert target.read_bytes() == b"the old file"
    assert atomic.temp_files(target) == []
    monkeypatch.undo()

    def broken(*_: object, **__: object) -> bytes:
        raise RuntimeError("the PDF writer failed")

    monkeypatch.setattr(pdf, "pdf_bytes", broken)  # nothing to write: the old file stays
    with pytest.raises(RuntimeError):
        write_pdf(standings(50), target)
    assert target.read_bytes() == b"the old file"
    monkeypatch.undo()
    assert write_pdf(standings(50), target) >= 1
    assert target.read_bytes().startswith(b"%PDF-")


@needs_poppler
def test_several_documents_in_one_file_each_numbering_its_pages(tmp_path: Path) -> None:
    long, short = standings(150), standings(3)
    target = tmp_path / "both.pdf"
    count = pdf.write_pdfs((long, short), target)
    assert count == len(lay_out(long)) + len(lay_out(short)) == int(pdfinfo(target)["Pages"])
    pages = pdftotext(target).split("\f")[:-1]
    assert f"Page 1 of {len(lay_out(long))}" in pages[0]
    assert "Page 1 of 1" in pages[-1]
    assert pdfinfo(target)["Title"].count(long.title) == 2  # both documents' titles, after the event's name
