"""What a PDF's text layer says is what is drawn: every character copies out of the PDF as itself, and a
character the shipped fonts have no glyph for is drawn, and copies out, as U+FFFD (publish/paper/lines.py,
publish/paper/fonts.py, publish/paper/pdf.py). Read back by tests/pdf_text.py, without a PDF library."""

from __future__ import annotations

import io
import shutil
import subprocess
from pathlib import Path

import pytest
from reportlab.pdfbase.ttfonts import TTFontFile  # type: ignore[import-untyped]

from fidedesk.publish.documents.model import Align, Column, Document, DocumentKind, TableBlock, TextBlock
from fidedesk.publish.paper.fonts import font_bytes
from fidedesk.publish.paper.layout import lay_out
from fidedesk.publish.paper.lines import one_line
from fidedesk.publish.paper.pages import Page, TextItem
from fidedesk.publish.paper.pdf import pdf_bytes, write_pdf
from tests.pdf_text import drawn_texts

NAMES = (
    "Łukasz Şahin",
    "Øystein Ødegård",
    "😀 Smiley, Sam 🎉",  # DejaVu draws the first (beyond U+FFFF), not the second
    "侯逸凡 Hou Yifan",  # no CJK in DejaVu
    "Zoë Cafe\u0301 Nguyễn",  # a combining accent after its letter
    "כהן, שלום",  # Hebrew and Arabic: drawn in the order stored, and copied out the same
    "علي، محمد",
    "Narrow\u00a0Space",  # reportlab draws a no-break space as a space, and says so
    "\U0001d400\U0001d401 Bold Math",  # beyond U+FFFF, and not in DejaVu
    "Lone \ud800 Surrogate",
    "Tag\U000e0041 Letter",
)


def _covered(bold: bool) -> set[int]:
    """The characters a shipped face has a glyph for, read from the font file (not from fidedesk)."""
    face = TTFontFile(io.BytesIO(font_bytes(bold)))
    return {code for code, glyph in face.charToGlyph.items() if glyph}


COVERED = _covered(False) & _covered(True)
#: Over 300 different characters, so that reportlab needs a second subset of each face.
MANY = "".join(chr(code) for code in [*range(0x100, 0x180), *range(0x391, 0x3CA), *range(0x410, 0x450),
                                      *range(0x1E00, 0x1E80)] if code in COVERED)  # fmt: skip


def _document() -> Document:
    columns = (Column("Rk", Align.RIGHT), Column("Name 😀 名"), Column("Pts", Align.RIGHT))
    many = [MANY[start : start + 24] for start in range(0, len(MANY), 24)]
    names = [*NAMES, *many, *many]  # every character in both faces
    rows = [(str(number), name, "½") for number, name in enumerate(names, start=1)]
    strong = frozenset([*range(0, len(NAMES), 2), *range(len(NAMES) + len(many), len(names))])
    blocks = (TextBlock("Note: 中文 ✓ ☺ 🂡"), TableBlock(columns, rows, heading="Players 👑", strong=strong))
    return Document(DocumentKind.PLAYERS, "Players", "Kraków 😀 Open", "Kraków", "2026-03-01", "", blocks)


def _texts(page: Page) -> list[TextItem]:
    return [item for item in page.items if isinstance(item, TextItem)]


def test_the_shipped_fonts_lack_what_the_test_says_they_lack() -> None:
    assert {ord("😀"), ord("Ł"), ord("\u0301"), ord("\ufffd"), ord("ש"), ord("ع")} <= COVERED
    assert not {ord("🎉"), ord("侯"), ord("\U000e0041")} & COVERED
    assert len(set(MANY)) > 300


def test_a_character_without_a_glyph_is_drawn_as_the_replacement_character() -> None:
    assert one_line("侯逸凡 Hou Yifan") == "\ufffd\ufffd\ufffd Hou Yifan"
    assert one_line("😀 Smiley, Sam 🎉") == "😀 Smiley, Sam \ufffd"
    assert one_line("Lone \ud800 Surrogate") == "Lone \ufffd Surrogate"
    assert one_line("Narrow\u00a0Space\tTab") == "Narrow Space Tab"
    assert one_line("Łukasz Şahin Zoë Cafe\u0301") == "Łukasz Şahin Zoë Cafe\u0301"  # untouched


def test_every_drawn_character_copies_out_as_itself() -> None:
    pages = lay_out(_document())
    drawn = [[item.text for item in _texts(page)] for page in pages]
    texts = [text for page in drawn for text in page]
    assert not [text for text in texts if any(ord(character) not in COVERED for character in text)]
    for name in NAMES:
        expected = "".join(c if ord(c) in COVERED else "\ufffd" for c in name).replace("\u00a0", " ")
        assert expected in texts, name
    for bold in (False, True):  # over 256 each: reportlab splits each face into subsets of 256 codes
        assert len({c for page in pages for item in _texts(page) if item.bold == bold for c in item.text}) > 300
    assert drawn_texts(pdf_bytes(pages)) == drawn


@pytest.mark.skipif(not shutil.which("pdftotext"), reason="poppler-utils not installed (tests/pdf_text.py reads it)")
def test_poppler_reads_the_same(tmp_path: Path) -> None:
    target = tmp_path / "players.pdf"
    write_pdf(_document(), target)
    text = subprocess.run(["pdftotext", str(target), "-"], capture_output=True, check=True, text=True).stdout
    for expected in ("Łukasz Şahin", "😀 Smiley, Sam \ufffd", "\ufffd\ufffd\ufffd Hou Yifan", "Kraków 😀 Open",
                     "🂡", MANY[:24]):  # fmt: skip
        assert expected in text
