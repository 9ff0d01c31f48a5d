"""``fidedesk-cli print``: documents as PDF, a web page or a folder of pages; refusals end with exit 2 and one line.

The figures inside the documents are tested with their builders (tests/test_documents*.py); here the PDF's
text is read back by poppler's ``pdftotext`` (an independent reader) where it is installed.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from fidedesk.cli import main

from ..conftest import DATA

KARL_MALA = DATA / "trf" / "karl_mala_gedenkturnier_2005_frankfurt.trf"
ROUND_ROBIN = DATA / "samples" / "round_robin_8_58.trf"

needs_pdftotext = pytest.mark.skipif(shutil.which("pdftotext") is None, reason="poppler's pdftotext is not installed")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def pdf_text(path: Path) -> str:
    return subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True).stdout


def page_sizes(path: Path) -> list[tuple[float, float]]:
    """Each page's MediaBox width and height in points, read from the file itself."""
    boxes = re.findall(rb"/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]", path.read_bytes())
    return [(float(width), float(height)) for width, height in boxes]


@needs_pdftotext
def test_standings_pdf_names_the_event_the_round_and_the_winner(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = tmp_path / "standings.pdf"
    code, said, err = run(capsys, "print", str(KARL_MALA), "--document", "standings", "-o", str(out))
    assert code == 0, err
    assert out.read_bytes().startswith(b"%PDF-")
    text = pdf_text(out)
    pages = text.split("\f")[:-1]  # pdftotext ends every page with a form feed
    assert len(pages) > 1
    assert f"{len(pages)} pages" in said
    for number, page in enumerate(pages, start=1):
        assert "9. Karl-Mala-Gedenkturnier" in page
        assert "round 7" in page.lower()
        assert f"Page {number} of {len(pages)}" in page
    # the file's own rank 1 (TRF 001 record of start rank 5, 6.5 points) heads the list
    first = next(line for line in pages[0].splitlines() if "Mikhaletz" in line)
    assert "6½" in first


def test_round_robin_every_document_into_one_pdf(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "all.pdf"
    code, said, err = run(capsys, "print", str(ROUND_ROBIN), "--document", "all", "-o", str(out))
    assert code == 0, err
    assert out.read_bytes().startswith(b"%PDF-")
    for kind in ("Pairings", "Standings", "Crosstable", "Player list", "Warnings"):
        assert kind in said


def test_letter_paper(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    a4, letter = tmp_path / "a4.pdf", tmp_path / "letter.pdf"
    assert run(capsys, "print", str(ROUND_ROBIN), "--document", "players", "-o", str(a4))[0] == 0
    assert (
        run(capsys, "print", str(ROUND_ROBIN), "--document", "players", "--paper", "letter", "-o", str(letter))[0] == 0
    )
    assert {tuple(sorted(size)) for size in page_sizes(letter)} == {(612.0, 792.0)}
    assert {tuple(round(side) for side in sorted(size)) for size in page_sizes(a4)} == {(595, 842)}


def test_one_web_page(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "pairings.html"
    code, _said, err = run(capsys, "print", str(KARL_MALA), "--document", "pairings", "--round", "3", "-o", str(out))
    assert code == 0, err
    page = out.read_text(encoding="utf-8")
    assert "<style" in page and "Karl-Mala" in page and "Vasquez,Rodrigo" in page


def test_web_folder_then_again(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    folder = tmp_path / "web"
    for _ in range(2):  # a second export replaces fidedesk's own earlier one
        code, _said, err = run(capsys, "print", str(ROUND_ROBIN), "--document", "all", "-o", str(folder))
        assert code == 0, err
    index = (folder / "index.html").read_text(encoding="utf-8")
    assert (folder / "style.css").is_file()
    for link in re.findall(r'href="([^"#]+)"', index):
        assert (folder / link).is_file(), link


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--document", "players", "--round", "2"], "of the whole event"),
        (["--document", "standings", "--round", "12"], "round 12"),
        (["--document", "pairings", "--round", "0"], "round 0"),
        (["--document", "standings", "--document", "players", "-o", "{tmp}/two.html"], "one document"),
        (["--document", "standings", "-o", "{tmp}/missing/out.pdf"], "cannot write"),
        (["--document", "standings", "-o", "{trf}"], "is a file"),
    ],
)
def test_refusals(capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str], said: str) -> None:
    trf = tmp_path / "event.trf"
    trf.write_bytes(ROUND_ROBIN.read_bytes())
    argv = [arg.format(tmp=tmp_path, trf=trf) for arg in argv]
    if "-o" not in argv:
        argv += ["-o", str(tmp_path / "out.pdf")]
    code, out, err = run(capsys, "print", str(trf), *argv)
    assert code == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1 and said in err
    assert sorted(path.name for path in tmp_path.iterdir()) == ["event.trf"]


def test_a_folder_of_other_files_is_left_alone(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    folder = tmp_path / "photos"
    folder.mkdir()
    (folder / "index.html").write_text("<p>the club's own page</p>", encoding="utf-8")
    code, _out, err = run(capsys, "print", str(ROUND_ROBIN), "--document", "standings", "-o", str(folder))
    assert code == 2 and str(folder) in err
    assert [path.name for path in folder.iterdir()] == ["index.html"]
    assert (folder / "index.html").read_text(encoding="utf-8") == "<p>the club's own page</p>"


@needs_pdftotext
def test_the_norm_forms_print_where_the_event_has_them(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """it1 of the IM norm round robin (read back by poppler): the norm, the player, Ra and Rp; it3 of an event
    before B.01 2024 is refused in one line, naming the file and why."""
    out = tmp_path / "it1.pdf"
    code, said, err = run(capsys, "print", str(DATA / "norms" / "im_norm_rr.trf"), "--document", "it1", "-o", str(out))
    assert code == 0, err
    assert said.endswith("1 page, Title norm certificate (IT1)\n")
    text = pdf_text(out)
    assert "IM norm: Kovacs, Bence" in text and re.search(r"\b9\s+5\s+2442\s+2485\b", text)
    code, said, err = run(capsys, "print", str(ROUND_ROBIN), "--document", "it3", "-o", str(tmp_path / "it3.pdf"))
    assert code == 2 and not said and not (tmp_path / "it3.pdf").exists()
    assert err.count("\n") == 1 and "it3: no norm forms: no title-norm rules before 1 January 2024" in err
