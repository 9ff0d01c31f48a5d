"""The static web export: hostile text stays text, the folder is whole and linked, foreign folders are refused."""

from __future__ import annotations

import os
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fidedesk import __version__
from fidedesk.publish.documents.model import (
    Align,
    Column,
    Document,
    DocumentKind,
    PageBreak,
    TableBlock,
    TextBlock,
    TextStyle,
)
from fidedesk.publish.web import (
    CSS,
    GENERATOR_MARK,
    WebExportError,
    document_html,
    page_name,
    write_web_folder,
    write_web_page,
)

HOSTILE = (
    "<script>alert(1)</script>",
    "\"quoted\" & 'single'",
    "</td><td>",
    "=1+1",
    "tab\there\nline",
    "שלום Ahmed 🙂♞",
    "½",
    "&amp; &lt;",
    "<!-- -->",
)
#: Control characters HTML cannot carry, and what the page shows for each.
CONTROLS = ("a\x00b", "bell\x07", "esc\x1b[31m", "c1\x85\x9f")


class _Collector(HTMLParser):
    """Every table's rows as lists of cell texts (th and td alike), links, and every start tag seen."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tables: list[list[list[str]]] = []
        self.cell: list[str] | None = None
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.captions: list[str] = []
        self.in_caption = False
        self.texts: dict[str, list[str]] = {}
        self.open: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        self.open.append(tag)
        if tag == "table":
            self.tables.append([])
        elif tag == "tr":
            self.tables[-1].append([])
        elif tag in ("td", "th"):
            self.cell = []
        elif tag == "caption":
            self.in_caption = True
            self.captions.append("")

    def handle_endtag(self, tag: str) -> None:
        if self.open and self.open[-1] == tag:
            self.open.pop()
        if tag in ("td", "th") and self.cell is not None:
            self.tables[-1][-1].append("".join(self.cell))
            self.cell = None
        elif tag == "caption":
            self.in_caption = False

    def handle_data(self, data: str) -> None:
        if self.cell is not None:
            self.cell.append(data)
        elif self.in_caption:
            self.captions[-1] += data
        if self.open:
            self.texts.setdefault(self.open[-1], []).append(data)


def _parse(text: str) -> _Collector:
    collector = _Collector()
    collector.feed(text)
    collector.close()
    return collector


def _table(rows: list[tuple[str, ...]], columns: tuple[Column, ...] | None = None, **kw: object) -> TableBlock:
    columns = columns or tuple(Column(f"c{index}") for index in range(len(rows[0])))
    return TableBlock(columns, rows, **kw)  # type: ignore[arg-type]


def _document(kind: DocumentKind = DocumentKind.STANDINGS, *blocks: object, **fields: str) -> Document:
    values = {"title": "Standings", "event": "Open", "place": "Baku", "dates": "1–9 May", "round_text": "Round 5"}
    values.update(fields)
    return Document(kind, blocks=tuple(blocks), **values)  # type: ignore[arg-type]


def _no_active_content(text: str) -> None:
    lowered = text.lower()
    assert "<script" not in lowered
    assert "http://" not in lowered and "https://" not in lowered
    assert "javascript:" not in lowered


def test_hostile_cells_are_escaped_and_read_back_the_same() -> None:
    columns = (Column("No", Align.RIGHT, key=True), Column("<b>Name</b>", key=True), Column("Pts", Align.CENTRE))
    rows = [(str(index), text, text) for index, text in enumerate(HOSTILE)]
    page = document_html(_document(DocumentKind.STANDINGS, _table(rows, columns, heading="<i>head</i>")))
    parsed = _parse(page)
    [table] = parsed.tables
    assert table[0] == ["No", "<b>Name</b>", "Pts"]
    assert [tuple(row) for row in table[1:]] == rows
    assert parsed.captions == ["<i>head</i>"]
    assert "<script>alert" not in page and "&lt;script&gt;" in page
    assert "&quot;quoted&quot; &amp; &#x27;single&#x27;" in page
    tags = {tag for tag, _ in parsed.tags}
    assert not tags & {"script", "b", "i", "iframe", "img"}


def test_hostile_header_fields_and_texts_are_text() -> None:
    hostile = "<script>alert(1)</script>"
    document = _document(
        DocumentKind.PLAYERS,
        TextBlock(hostile, TextStyle.HEADING),
        TextBlock("</p><p>" + hostile),
        TextBlock("note & <b>", TextStyle.NOTE),
        PageBreak(),
        title=hostile,
        event='<em>Open</em> "x"',
        place="'Baku'",
        dates="=1+1",
        round_text="½",
    )
    page = document_html(document)
    _no_active_content(page)
    parsed = _parse(page)
    assert parsed.texts["title"] == ['<em>Open</em> "x" – ' + hostile]
    assert parsed.texts["h1"] == [hostile]
    assert parsed.texts["h2"] == [hostile]
    assert "</p><p>" + hostile in parsed.texts["p"]
    assert any(tag == "p" and attrs.get("class") == "note" for tag, attrs in parsed.tags)
    assert "note & <b>" in parsed.texts["p"]
    assert "'Baku' · =1+1 · ½" in parsed.texts["p"]
    assert any(tag == "hr" for tag, _ in parsed.tags)


def test_control_characters_become_the_replacement_character() -> None:
    page = document_html(_document(DocumentKind.PLAYERS, _table([(text,) for text in CONTROLS])))
    cells = [row[0] for row in _parse(page).tables[0][1:]]
    assert cells == ["a\ufffdb", "bell\ufffd", "esc\ufffd[31m", "c1\ufffd\ufffd"]
    assert not re.search("[\x00-\x08\x0b\x0e-\x1f\x7f-\x9f]", page)


def test_page_shape_and_links() -> None:
    page = document_html(_document(DocumentKind.PLAYERS, TextBlock("x")), nav=[("Index", "index.html")])
    assert page.startswith("<!doctype html>")
    assert '<html lang="en">' in page and '<meta charset="utf-8">' in page
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in page
    assert GENERATOR_MARK in page
    assert '<link rel="stylesheet" href="style.css">' in page and "<style>" not in page
    assert f"Made with fidedesk {__version__}" in page
    with pytest.raises(ValueError):
        document_html(_document(), nav=[("x", "https://example.com/")])
    with pytest.raises(ValueError):
        document_html(_document(), nav=[("x", "javascript:alert(1)")])


def test_nav_marks_the_current_page() -> None:
    nav = [("Index", "index.html"), ("Standings", "standings-round-5.html")]
    parsed = _parse(document_html(_document(), nav=nav, current="standings-round-5.html"))
    links = [(attrs["href"], attrs.get("aria-current")) for tag, attrs in parsed.tags if tag == "a"]
    assert links == [("index.html", None), ("standings-round-5.html", "page")]


def test_classes_for_alignment_rows_and_key_columns() -> None:
    columns = (
        Column("No", Align.RIGHT, key=True),
        Column("Name", key=True),
        Column("Pts", Align.CENTRE),
        Column("Note", wrap=True),
    )
    rows = [("1", "Carlsen, Magnus", "8½", ""), ("2", "Ding", "8", "a long note")]
    block = _table(rows, columns, strong=frozenset({0}), rule_before=frozenset({1}))
    parsed = _parse(document_html(_document(DocumentKind.STANDINGS, block)))
    cells = [attrs.get("class") for tag, attrs in parsed.tags if tag in ("th", "td")]
    assert cells[:4] == ["right", "pin", "centre", "wrap"]  # the name, the longest key, is pinned
    assert cells[4:8] == cells[:4]
    rows_classes = [attrs.get("class") for tag, attrs in parsed.tags if tag == "tr"]
    assert rows_classes == [None, "strong", "rule"]
    with pytest.raises(ValueError, match="row 1"):
        document_html(_document(DocumentKind.STANDINGS, _table([("1", "2")], columns)))


def test_stylesheet_is_ours_and_offline() -> None:
    lowered = CSS.lower()
    assert "@import" not in lowered and "url(" not in lowered and "@font-face" not in lowered
    assert "tabular-nums" in CSS and "@media print" in CSS and "overflow" in CSS
    assert "position: sticky" in CSS
    for name in (".right", ".centre", "tr.strong", "tr.rule", "p.note"):
        assert name in CSS


def test_page_names() -> None:
    assert page_name(_document(DocumentKind.PAIRINGS), 5) == "pairings-round-5.html"
    assert page_name(_document(DocumentKind.WHERE), 5) == "where-round-5.html"
    assert page_name(_document(DocumentKind.STANDINGS), 5) == "standings-round-5.html"
    assert page_name(_document(DocumentKind.CROSSTABLE), 12) == "crosstable-round-12.html"
    assert page_name(_document(DocumentKind.RATINGS), 5) == "ratings.html"
    assert page_name(_document(DocumentKind.PLAYERS)) == "players.html"
    assert page_name(_document(DocumentKind.WARNINGS), None) == "warnings.html"


def _site() -> list[tuple[Document, int | None]]:
    rows = [("1", "<script>x</script>", "½")]
    return [
        (_document(DocumentKind.PAIRINGS, _table(rows), title="Pairings", round_text="Round 5"), 5),
        (_document(DocumentKind.STANDINGS, _table(rows), title="Standings", round_text="After round 5"), 5),
        (_document(DocumentKind.STANDINGS, _table(rows), title="Standings", round_text="After round 4"), 4),
        (_document(DocumentKind.PLAYERS, _table(rows), title="Player list", round_text=""), None),
    ]


def test_folder_holds_index_style_and_linked_pages(tmp_path: Path) -> None:
    folder = tmp_path / "site" / "open"
    written = write_web_folder(_site(), folder)
    names = {path.name for path in written}
    assert names == {
        "index.html",
        "style.css",
        "pairings-round-5.html",
        "standings-round-5.html",
        "standings-round-4.html",
        "players.html",
    }
    assert {path.name for path in folder.iterdir()} == names
    assert (folder / "style.css").read_text(encoding="utf-8") == CSS
    index = (folder / "index.html").read_text(encoding="utf-8")
    hrefs = {attrs["href"] for tag, attrs in _parse(index).tags if tag == "a"}
    assert hrefs == names - {"index.html", "style.css"}
    assert "After round 4" in _parse(index).texts["span"]
    for path in written:
        text = path.read_text(encoding="utf-8")
        _no_active_content(text)
        for tag, attrs in _parse(text).tags:
            link = attrs.get("href") if tag in ("a", "link") else None
            if link:
                assert (folder / link).is_file(), f"{path.name} links {link}"
    round4 = _parse((folder / "standings-round-4.html").read_text(encoding="utf-8"))
    nav = [attrs["href"] for tag, attrs in round4.tags if tag == "a"]
    assert nav == ["index.html", "standings-round-4.html", "players.html"]


def test_rewriting_its_own_export_works(tmp_path: Path) -> None:
    write_web_folder(_site(), tmp_path)
    later = [(_document(DocumentKind.STANDINGS, _table([("1", "Ding", "6")]), round_text="After round 6"), 6)]
    write_web_folder(later, tmp_path)
    assert (tmp_path / "standings-round-6.html").is_file()
    assert (tmp_path / "standings-round-4.html").is_file()  # earlier rounds stay
    assert "standings-round-4.html" not in (tmp_path / "index.html").read_text(encoding="utf-8")


def test_refuses_a_foreign_folder_and_leaves_it_untouched(tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text("<html>my own site</html>", encoding="utf-8")
    (tmp_path / "notes.txt").write_text("mine", encoding="utf-8")
    before = {path.name: path.read_bytes() for path in tmp_path.iterdir()}
    with pytest.raises(WebExportError) as raised:
        write_web_folder(_site(), tmp_path)
    assert str(tmp_path) in str(raised.value) and raised.value.folder == tmp_path
    assert {path.name: path.read_bytes() for path in tmp_path.iterdir()} == before
    other = tmp_path / "other"
    other.mkdir()
    (other / "photo.jpg").write_bytes(b"\xff\xd8")
    with pytest.raises(WebExportError):
        write_web_folder(_site(), other)
    assert [path.name for path in other.iterdir()] == ["photo.jpg"]
    with pytest.raises(WebExportError):
        write_web_folder(_site(), tmp_path / "notes.txt")


def test_two_documents_on_one_page_are_refused_before_writing(tmp_path: Path) -> None:
    twice = [(_document(DocumentKind.PLAYERS), None), (_document(DocumentKind.PLAYERS), None)]
    with pytest.raises(WebExportError, match=r"players\.html"):
        write_web_folder(twice, tmp_path / "new")
    assert not (tmp_path / "new").exists()


def test_self_contained_page(tmp_path: Path) -> None:
    path = tmp_path / "standings.html"
    write_web_page(_document(DocumentKind.STANDINGS, _table([("1", "½")])), path)
    text = path.read_text(encoding="utf-8")
    assert "<style>" in text and CSS in text
    assert '<link rel="stylesheet"' not in text
    assert "<nav>" not in text
    _no_active_content(text)
    assert list(tmp_path.iterdir()) == [path]


def test_same_documents_make_the_same_files(tmp_path: Path) -> None:
    write_web_folder(_site(), tmp_path / "a")
    write_web_folder(_site(), tmp_path / "b")
    for path in (tmp_path / "a").iterdir():
        assert path.read_bytes() == (tmp_path / "b" / path.name).read_bytes()


_cell_text = st.text(st.characters(blacklist_categories=("Cs",)), max_size=20).filter(
    lambda text: not re.search("[\x00-\x08\x0b\x0e-\x1f\x7f-\x9f]", text)
)


@settings(max_examples=150, deadline=None)
@given(
    st.integers(min_value=1, max_value=6).flatmap(
        lambda width: st.tuples(
            st.lists(_cell_text, min_size=width, max_size=width),
            st.lists(st.lists(_cell_text, min_size=width, max_size=width), max_size=8),
            st.lists(st.sampled_from(list(Align)), min_size=width, max_size=width),
        )
    ),
    _cell_text,
)
def test_random_tables_round_trip(table: tuple[list[str], list[list[str]], list[Align]], heading: str) -> None:
    titles, rows, aligns = table
    columns = tuple(Column(title, align) for title, align in zip(titles, aligns, strict=True))
    block = TableBlock(columns, [tuple(row) for row in rows], heading=heading)
    parsed = _parse(document_html(_document(DocumentKind.CROSSTABLE, block, event=heading)))
    [found] = parsed.tables
    assert found == [titles, *rows]
    assert all(len(row) == len(columns) for row in found)


def test_a_folder_holding_only_a_cut_short_index_is_taken(tmp_path: Path) -> None:
    (tmp_path / ".index.html.4000000.0123abcd.tmp").write_text("<!doctype", encoding="utf-8")
    write_web_folder(_site(), tmp_path)
    assert GENERATOR_MARK in (tmp_path / "index.html").read_text(encoding="utf-8")


def test_pages_a_killed_export_was_writing_are_removed_by_the_next(tmp_path: Path) -> None:
    """A page being written when an export was killed is a hidden file no later export writes again (the
    pages are of a round): left, it would be published with the folder."""
    write_web_folder(_site(), tmp_path)
    killed = tmp_path / ".pairings-round-3.html.9999999.0123abcd.tmp"  # past any pid_max
    running = tmp_path / f".pairings-round-3.html.{os.getpid()}.89abcdef.tmp"
    theirs = tmp_path / ".notes.txt.tmp"
    for path in (killed, running, theirs):
        path.write_text("<!doctype", encoding="utf-8")
    write_web_folder(_site(), tmp_path)
    assert not killed.exists() and running.exists() and theirs.exists()
