"""The documents as a static web site: one folder of HTML pages and one stylesheet, no network.

Organisers publish the pairings and standings after each round; the folder this module writes opens
from a USB stick or any web server as it is, and reads on a phone: every page says which event, place,
dates and round it is of (what each printed page carries), wide tables scroll sideways in their own box
with the player's name pinned on the left, and the header row stays at the top.

Every text in a :class:`~fidedesk.publish.documents.model.Document` is from a file or a person, so every text
is written escaped (:func:`html.escape` with quotes) and never as markup. Characters HTML cannot carry
(control characters other than tab and line breaks, lone surrogates) become U+FFFD, the replacement
character, so that a browser shows the text it was given and nothing else. The pages hold no script, no
external URL and no web font; the only stylesheet is :data:`CSS`, ours. Pages carry no date or time, so
the same documents always make the same files.

:func:`write_web_folder` writes into an empty folder, or one it wrote before (told by the generator mark
in its ``index.html``), and refuses any other with :class:`WebExportError`, so an export never mixes
with or overwrites someone's files. It never deletes: the pages of earlier rounds stay where they were.
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Final

from fidedesk import __version__
from fidedesk.io.native.atomic import remove_stale_temps_in, temp_files, write_atomic
from fidedesk.publish.documents.model import Align, Column, Document, PageBreak, TableBlock, TextBlock, TextStyle

__all__ = ["CSS", "GENERATOR_MARK", "INDEX", "STYLESHEET", "WebExportError", "document_html", "index_html",
           "page_name", "write_web_folder", "write_web_page"]  # fmt: skip

#: The stylesheet's file name in an exported folder.
STYLESHEET: Final = "style.css"
#: The first page a visitor sees.
INDEX: Final = "index.html"
#: The line every page carries in its head, by which :func:`write_web_folder` knows its own folder.
GENERATOR_MARK: Final = '<meta name="generator" content="fidedesk">'

_MARK_BYTES = 4096  # the mark is in the head's first lines; a foreign index.html is never read further

#: The one stylesheet: the system's fonts, tables that scroll in their own box, print without navigation.
CSS: Final = """\
:root { color-scheme: light; --line: #c8c8c8; --zebra: #f2f4f7; --head: #e4e8ee; --ink: #1a1a1a; }
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }
body { margin: 0 auto; max-width: 75rem; padding: 0.75rem; color: var(--ink); background: #fff;
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans",
  "Liberation Sans", sans-serif;
  font-size: 1rem; line-height: 1.4; font-variant-numeric: tabular-nums; }
nav ul { list-style: none; margin: 0 0 0.75rem; padding: 0; display: flex; flex-wrap: wrap; gap: 0.25rem 0.5rem; }
nav a { display: inline-block; padding: 0.25rem 0.5rem; border: 1px solid var(--line); border-radius: 0.25rem;
  text-decoration: none; color: #0b4f8a; }
nav a[aria-current="page"] { background: var(--head); color: var(--ink); font-weight: 600; }
header { margin-bottom: 1rem; }
header .event { font-size: 1.15rem; font-weight: 600; margin: 0; }
header .meta { margin: 0.15rem 0; color: #444; }
h1 { font-size: 1.4rem; margin: 0.5rem 0 0; }
h2 { font-size: 1.15rem; margin: 1.25rem 0 0.5rem; }
p { margin: 0.5rem 0; overflow-wrap: anywhere; }
p.note { font-size: 0.85rem; color: #444; }
hr { border: 0; border-top: 2px solid var(--line); margin: 1.5rem 0; }
.scroll { overflow: auto; max-height: calc(100vh - 1rem); margin: 0.5rem 0 1rem;
  border: 1px solid var(--line); -webkit-overflow-scrolling: touch; }
table { border-collapse: separate; border-spacing: 0; font-size: 0.95rem; }
caption { text-align: left; font-weight: 600; padding: 0.35rem 0.5rem; caption-side: top; }
th, td { padding: 0.25rem 0.5rem; white-space: nowrap; text-align: left; vertical-align: top;
  border-bottom: 1px solid #e2e2e2; background: #fff; }
th { position: sticky; top: 0; z-index: 2; background: var(--head); font-weight: 600;
  border-bottom: 1px solid var(--line); }
tbody tr:nth-child(even) td { background: var(--zebra); }
tr.strong td { font-weight: 700; }
tr.rule td { border-top: 1px solid #777; }
.right { text-align: right; }
.centre { text-align: center; }
.wrap { white-space: normal; min-width: 12rem; overflow-wrap: anywhere; }
.pin { position: sticky; left: 0; z-index: 1; border-right: 1px solid var(--line); }
th.pin { z-index: 3; }
ul.documents { padding-left: 1.25rem; }
ul.documents li { margin: 0.35rem 0; }
ul.documents .round { color: #444; }
footer { margin-top: 2rem; font-size: 0.8rem; color: #666; }
@media (max-width: 30rem) {
  body { padding: 0.5rem; }
  table { font-size: 0.875rem; }
  th, td { padding: 0.2rem 0.35rem; }
}
@media print {
  nav, footer { display: none; }
  body { max-width: none; padding: 0; }
  .scroll { overflow: visible; max-height: none; border: 0; }
  th, .pin { position: static; }
  thead { display: table-header-group; }
  tr { break-inside: avoid; }
}
"""

# What HTML cannot carry as text: C0 controls but tab, line feed, form feed and carriage return; DEL and
# the C1 controls (a browser reads some as Windows-1252 letters); lone surrogates (not encodable in UTF-8).
_UNCARRIED = re.compile("[\x00-\x08\x0b\x0e-\x1f\x7f-\x9f\ud800-\udfff]")
_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:|^//")  # an href that leaves the folder
_ALIGN_CLASS = {Align.LEFT: "", Align.RIGHT: "right", Align.CENTRE: "centre"}


class WebExportError(Exception):
    """A web export refused: the folder is not empty and not one fidedesk exported to, or two documents
    would have the same page. Names the folder (``folder``) and says why."""

    def __init__(self, folder: Path, reason: str) -> None:
        super().__init__(f"{folder}: {reason}")
        self.folder = folder


def _text(text: str) -> str:
    """``text`` as HTML text or attribute value: what HTML cannot carry replaced, then escaped (once)."""
    return html.escape(_UNCARRIED.sub("\ufffd", text), quote=True)


def page_name(document: Document, round: int | None = None) -> str:
    """The page's file name: ``pairings-round-5.html`` for a document of a round, ``players.html`` for the
    others. The round number is given apart because a :class:`Document` carries only its text
    (``After round 5 of 9``); it is left out for a document not of a round, or when None."""
    if round is not None and document.kind.takes_round:
        return f"{document.kind.value}-round-{round}.html"
    return f"{document.kind.value}.html"


def _page_title(document: Document) -> str:
    return f"{document.event} – {document.title}" if document.event else document.title


def _head(parts: list[str], title: str, stylesheet: str | None) -> None:
    parts.append(
        '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"{GENERATOR_MARK}\n<title>{_text(title)}</title>\n"
    )
    if stylesheet is None:
        parts.append(f"<style>\n{CSS}</style>\n")
    else:
        parts.append(f'<link rel="stylesheet" href="{_href(stylesheet)}">\n')
    parts.append("</head>\n<body>\n")


def _href(href: str) -> str:
    """A relative link, escaped; a link with a scheme or to another host is refused (no external URL)."""
    if _SCHEME.match(href):
        raise ValueError(f"not a relative link: {href!r}")
    return _text(href)


def _nav(parts: list[str], nav: Sequence[tuple[str, str]], current: str) -> None:
    if not nav:
        return
    parts.append("<nav>\n<ul>\n")
    for label, href in nav:
        mark = ' aria-current="page"' if href == current else ""
        parts.append(f'<li><a href="{_href(href)}"{mark}>{_text(label)}</a></li>\n')
    parts.append("</ul>\n</nav>\n")


def _header(parts: list[str], document: Document, title: str) -> None:
    """What every printed page carries at its top: event, place, dates, round, and the document's title."""
    parts.append("<header>\n")
    if document.event:
        parts.append(f'<p class="event">{_text(document.event)}</p>\n')
    meta = " · ".join(_text(part) for part in (document.place, document.dates, document.round_text) if part)
    if meta:
        parts.append(f'<p class="meta">{meta}</p>\n')
    if title:
        parts.append(f"<h1>{_text(title)}</h1>\n")
    parts.append("</header>\n<main>\n")


def _footer(parts: list[str]) -> None:
    parts.append(f"</main>\n<footer>Made with fidedesk {_text(__version__)}</footer>\n</body>\n</html>\n")


def _pinned(block: TableBlock) -> int | None:
    """The one key column kept on the left when the table scrolls sideways: the key column with the
    longest text (the name, rather than the number). One only, because a second sticky column would need
    the first one's width, which the browser alone knows."""
    keys = [index for index, column in enumerate(block.columns) if column.key]
    if not keys:
        return None
    longest = {index: max((len(row[index]) for row in block.rows), default=0) for index in keys}
    return max(keys, key=lambda index: (longest[index], -index))


def _cell_classes(columns: Sequence[Column], pinned: int | None) -> list[str]:
    """Each column's ` class="…"` attribute (or ""), worked out once per table, not once per cell."""
    attributes = []
    for index, column in enumerate(columns):
        names = [_ALIGN_CLASS[column.align], "wrap" if column.wrap else "", "pin" if index == pinned else ""]
        joined = " ".join(name for name in names if name)
        attributes.append(f' class="{joined}"' if joined else "")
    return attributes


def _table(parts: list[str], block: TableBlock) -> None:
    width = len(block.columns)
    classes = _cell_classes(block.columns, _pinned(block))
    parts.append('<div class="scroll">\n<table>\n')
    if block.heading:
        parts.append(f"<caption>{_text(block.heading)}</caption>\n")
    parts.append("<thead>\n<tr>")
    for column, attribute in zip(block.columns, classes, strict=True):
        parts.append(f'<th scope="col"{attribute}>{_text(column.title)}</th>')
    parts.append("</tr>\n</thead>\n<tbody>\n")
    for number, row in enumerate(block.rows):
        if len(row) != width:
            raise ValueError(f"row {number + 1} has {len(row)} cells for {width} columns")
        row_class = " ".join(
            name for name, on in (("strong", number in block.strong), ("rule", number in block.rule_before)) if on
        )
        parts.append(f'<tr class="{row_class}">' if row_class else "<tr>")
        for cell, attribute in zip(row, classes, strict=True):
            parts.append(f"<td{attribute}>{_text(cell)}</td>")
        parts.append("</tr>\n")
    parts.append("</tbody>\n</table>\n</div>\n")


def document_html(
    document: Document,
    *,
    stylesheet: str | None = STYLESHEET,
    nav: Sequence[tuple[str, str]] = (),
    current: str = "",
) -> str:
    """``document`` as a complete HTML5 page.

    ``stylesheet``: the relative link to :data:`CSS` written beside the page, or None to embed it (one
    self-contained file). ``nav``: (label, relative link) pairs shown as a bar of links above the page;
    the one whose link is ``current`` (this page's own) is marked ``aria-current="page"``. A link with a
    scheme (``https:``, ``javascript:``) is refused with ValueError, as is a row with a wrong number of cells.
    Built as a list of strings joined once, each text escaped once: linear in the document's size.
    """
    parts: list[str] = []
    _head(parts, _page_title(document), stylesheet)
    _nav(parts, nav, current)
    _header(parts, document, document.title)
    for block in document.blocks:
        if isinstance(block, TableBlock):
            _table(parts, block)
        elif isinstance(block, TextBlock):
            if block.style is TextStyle.HEADING:
                parts.append(f"<h2>{_text(block.text)}</h2>\n")
            elif block.style is TextStyle.NOTE:
                parts.append(f'<p class="note">{_text(block.text)}</p>\n')
            else:
                parts.append(f"<p>{_text(block.text)}</p>\n")
        elif isinstance(block, PageBreak):
            parts.append("<hr>\n")
    _footer(parts)
    return "".join(parts)


def index_html(pages: Sequence[tuple[Document, str]], *, stylesheet: str | None = STYLESHEET) -> str:
    """The folder's first page: the event's name, place and dates (of the first document), and a link to
    each page (document, relative link) with its title and round text, in the order given."""
    first = pages[0][0] if pages else None
    event = first.event if first else ""
    parts: list[str] = []
    _head(parts, event or "fidedesk", stylesheet)
    if first is not None:
        # the event's name is this page's heading (h1), its place and dates the line above
        heading = Document(first.kind, "", "", first.place, first.dates, "", ())
        _header(parts, heading, first.event)
    else:
        parts.append("<main>\n")
    parts.append('<ul class="documents">\n')
    for document, href in pages:
        round_text = f' <span class="round">{_text(document.round_text)}</span>' if document.round_text else ""
        parts.append(f'<li><a href="{_href(href)}">{_text(document.title)}</a>{round_text}</li>\n')
    parts.append("</ul>\n")
    if not pages:
        parts.append("<p>No documents.</p>\n")
    _footer(parts)
    return "".join(parts)


def _check_folder(folder: Path) -> None:
    """Refuse a folder that is not empty and was not made by :func:`write_web_folder`."""
    if not folder.exists():
        return
    if not folder.is_dir():
        raise WebExportError(folder, "not a folder")
    index = folder / INDEX
    own_temps = set(temp_files(index))  # an index.html being written when the first export was cut short
    if all(entry in own_temps for entry in folder.iterdir()):
        return
    if index.is_file() and not index.is_symlink():
        with index.open("rb") as stream:
            if GENERATOR_MARK.encode("ascii") in stream.read(_MARK_BYTES):
                return
    raise WebExportError(folder, "the folder is not empty and is not a fidedesk web export; choose an empty folder")


def _navs(pages: Sequence[tuple[Document, int | None, str]]) -> list[list[tuple[str, str]]]:
    """Each page's navigation: the index, the pages of the same round, and those of the whole event. Not
    every page of every round, which would make the bar long on a phone (the index lists them all).
    Grouped once by round, so the bars together are as long as the pages times the documents of a round."""
    event_wide = [(document.kind.title, name) for document, _, name in pages if not document.kind.takes_round]
    by_round: dict[int | None, list[tuple[str, str]]] = {}
    for document, round_number, name in pages:
        if document.kind.takes_round:
            by_round.setdefault(round_number, []).append((document.kind.title, name))
    index = [("Index", INDEX)]
    return [
        index + by_round[round_number] + event_wide if document.kind.takes_round else index + event_wide
        for document, round_number, _ in pages
    ]


def write_web_folder(documents: Sequence[tuple[Document, int | None]], folder: Path) -> list[Path]:
    """Write ``documents`` as a web site into ``folder``: ``index.html``, ``style.css`` and one page each.

    Each document comes with its round number (None for those of the whole event), which names its page
    (:func:`page_name`). ``folder`` is created if missing; it must be empty or a folder this function
    wrote before, else :class:`WebExportError` and nothing is written (as when two documents would have
    the same page). Files are written atomically with ordinary permissions (they are for publishing),
    ``index.html`` first: a folder an export was interrupted in is still known as fidedesk's, and the
    next export completes it, removing what a killed one was writing. Earlier pages not written again are
    left in place. Returns the paths written.
    """
    pages: list[tuple[Document, int | None, str]] = []
    seen: set[str] = set()
    for document, round_number in documents:
        name = page_name(document, round_number)
        if name in seen:
            raise WebExportError(folder, f"two documents would both be written as {name}")
        seen.add(name)
        pages.append((document, round_number, name))
    _check_folder(folder)
    folder.mkdir(parents=True, exist_ok=True)
    remove_stale_temps_in(folder)  # a page a killed export was writing, which may never be written again
    written: list[Path] = []

    def write(name: str, text: str) -> None:
        path = folder / name
        write_atomic(path, text)
        written.append(path)

    write(INDEX, index_html([(document, name) for document, _, name in pages]))
    write(STYLESHEET, CSS)
    for (document, _, name), nav in zip(pages, _navs(pages), strict=True):
        write(name, document_html(document, nav=nav, current=name))
    return written


def write_web_page(document: Document, path: Path) -> None:
    """Write ``document`` as one self-contained page (the stylesheet embedded, no navigation), atomically."""
    write_atomic(path, document_html(document, stylesheet=None))
