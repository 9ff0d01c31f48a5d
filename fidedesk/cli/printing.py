"""``print``: a tournament file's documents as PDF on A4 or Letter, or as web pages.

    fidedesk-cli print FILE --document pairings|where|standings|crosstable|ratings|players|warnings|it1|it3|all
                      [--round N] [--paper a4|letter] [--tiebreaks CODES] [--rules R] -o OUT.pdf|OUT.html|FOLDER

What each document holds is :func:`fidedesk.publish.documents.build_document`'s; this module only reads the file,
picks the documents and writes them: ``OUT.pdf`` (every document asked for, one after the other, each with
its own page numbers), ``OUT.html`` (one document, a page with its style inside), or any other OUT: a folder
of web pages (``index.html``, ``style.css``, a page per document) to publish after a round, which is refused
when it holds files fidedesk did not write.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from fidedesk.cli.common import InputError, edition_named
from fidedesk.cli.files import read_noting
from fidedesk.cli.standings import chosen_tiebreaks
from fidedesk.core.tournament import Tournament
from fidedesk.core.values import counted
from fidedesk.io.formats import same_file
from fidedesk.publish.documents import (
    ALL,
    Document,
    DocumentError,
    DocumentKind,
    build_document,
    document_kinds,
    document_plan,
)
from fidedesk.publish.paper.pages import Paper
from fidedesk.publish.paper.pdf import write_pdfs
from fidedesk.publish.web import WebExportError, write_web_folder, write_web_page

DOCUMENT_HELP = (
    "the document: " + ", ".join(f"{kind.value} ({kind.title.lower()})" for kind in DocumentKind)
    + f", or {ALL} (the norm forms where the event has them: IT3 from 2024 on, IT1 where a norm is achieved); "
    "repeat it for several (a PDF holds them one after the other)"
)  # fmt: skip
ROUND_HELP = (
    "the round: pairings and who plays where of round N (default: the last round paired), standings and "
    "crosstable after round N (default: the last round played)"
)
OUTPUT_HELP = (
    "OUT.pdf, OUT.html (one document, self-contained), or a folder for web pages (index.html, style.css and "
    "a page per document; made if missing, refused if it holds files fidedesk did not write)"
)
DESCRIPTION = (
    "Print a tournament file's documents: pairings by board, who plays where (alphabetical), standings "
    "after a round with the event's tie-breaks and edition of C.07, the crosstable, FIDE's individual rating "
    "calculation of every player, the player list, the warnings, and FIDE's title-norm forms: the norm "
    "certificate (it1, one per norm achieved after the last round played, under B.01 2024 and the event's type) "
    "and the tournament report (it3). Every page names the event and round and is numbered. Writes are atomic: "
    "a failure leaves OUT as it was."
)


def _kinds(names: Sequence[str], tournament: Tournament) -> tuple[DocumentKind, ...]:
    """The kinds named; for ``all`` every document the event has (:func:`document_kinds`)."""
    if ALL in names:
        return document_kinds(tournament)
    return tuple(dict.fromkeys(DocumentKind(name) for name in names))


def _documents(args: argparse.Namespace, path: Path) -> list[tuple[Document, int | None]]:
    read = read_noting(path, args.encoding)
    tournament = read.tournament
    kinds = _kinds(args.document, tournament)
    if args.round is not None and not any(kind.takes_round for kind in kinds):
        named = ", ".join(kind.value for kind in kinds)
        raise InputError(f"--round {args.round}: {named} {'is' if len(kinds) == 1 else 'are'} of the whole event")
    edition = edition_named(args.rules, tournament.info.start, str(path))
    tiebreaks, _whose = chosen_tiebreaks(args.tiebreaks, tournament.info)
    documents: list[tuple[Document, int | None]] = []
    for kind, number in document_plan(tournament, kinds, args.round):
        if number is None and kind.of_one_round:  # asked for alone (of several, the plan leaves it out)
            raise InputError(f"{path}: no round is paired yet, so there are no {kind.title.lower()} to print")
        try:
            document = build_document(tournament, kind, edition=edition, round=number, tiebreaks=tiebreaks)
        except DocumentError as error:
            raise InputError(f"{path}: {kind.value}: {error}") from None
        documents.append((document, number))
    return documents


def cmd_print(args: argparse.Namespace, out: TextIO) -> None:
    path, target = Path(args.file), Path(args.output)
    suffix = target.suffix.lower()
    if suffix == ".html" and (ALL in args.document or len(set(args.document)) > 1):
        raise InputError(f"{target}: one .html page holds one document; name a folder for several")
    if suffix in (".pdf", ".html") and same_file(path, target):
        raise InputError(f"{target}: is the input file; give the output another name")
    if suffix not in (".pdf", ".html") and target.exists() and not target.is_dir():
        raise InputError(f"{target}: is a file; name OUT.pdf, OUT.html or a folder for web pages")
    documents = _documents(args, path)
    try:
        _write(documents, target, args.paper, out)
    except OSError as error:
        raise InputError(f"{target}: cannot write it: {error.strerror or error}") from None


def _write(documents: list[tuple[Document, int | None]], target: Path, paper: Paper, out: TextIO) -> None:
    suffix = target.suffix.lower()
    if suffix == ".pdf":
        pages = write_pdfs([document for document, _number in documents], target, paper)
        out.write(f"{target}: {counted(pages, 'page')}, {', '.join(d.title for d, _n in documents)}\n")
    elif suffix == ".html":
        write_web_page(documents[0][0], target)
        out.write(f"{target}: {documents[0][0].title}\n")
    else:
        try:
            written = write_web_folder(documents, target)
        except WebExportError as error:
            raise InputError(str(error)) from None
        out.write(f"{target / 'index.html'}: {counted(len(written), 'file')} written\n")
