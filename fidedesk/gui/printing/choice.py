"""What the document chooser is offered and what it answers, as plain data (no Qt): the
:class:`~fidedesk.gui.common.dialogs.Dialogs` question ``choose_document`` takes and gives these."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from fidedesk.publish.documents.model import DocumentKind
from fidedesk.publish.paper.pages import Paper

#: How the chooser names every document at once.
EVERY = "All documents"


@dataclasses.dataclass(frozen=True, slots=True)
class DocumentOffer:
    """The documents on offer: for each kind, the rounds it can be made of (none for a kind of the whole
    event, or one with no round to show yet) and the round proposed; the kind and paper chosen last time.
    ``kinds`` empty: only a round is asked for (the web pages, which hold every document of it)."""

    kinds: tuple[DocumentKind, ...]
    rounds: Mapping[DocumentKind, tuple[int, ...]]
    proposed: Mapping[DocumentKind, int | None]
    kind: DocumentKind
    paper: Paper
    #: the text of the button that goes ahead ("Pre&view", "&Print…")
    action: str = "OK"
    #: whether the paper is asked for (not for web pages)
    asks_paper: bool = True
    #: a line under the choices saying what will be made
    note: str = ""
    #: whether "All documents" is offered (Export PDF: every document in one file, as ``fidedesk-cli print
    #: --document all`` writes it), and whether it was the one chosen last
    offers_every: bool = False
    every: bool = False


@dataclasses.dataclass(frozen=True, slots=True)
class DocumentChoice:
    """The document chosen: its kind, its round (None for a document of the whole event), the paper. ``every``:
    "All documents" was chosen, each of ``round`` where it takes one (None: each its own latest,
    :func:`fidedesk.publish.documents.document_plan`); ``kind`` is then the one the chooser showed before."""

    kind: DocumentKind
    round: int | None
    paper: Paper
    every: bool = False


def round_text(kind: DocumentKind, round_: int) -> str:
    """A round as the chooser and file names give it: pairings are of a round, standings after one."""
    return f"after round {round_}" if kind.after_a_round else f"round {round_}"


def file_stem(event: str, choice: DocumentChoice) -> str:
    """A file name (without its extension) for a document: ``Club Open – standings after round 5``, with
    the characters file systems refuse replaced."""
    what = EVERY.lower() if choice.every else choice.kind.title.lower()
    if choice.round is not None:
        what += f", round {choice.round}" if choice.every else f" {round_text(choice.kind, choice.round)}"
    name = f"{event.strip()} – {what}" if event.strip() else what[:1].upper() + what[1:]
    safe = "".join(c if c.isalnum() or c in " -_–.,()'" else "_" for c in name)
    return safe.strip(" .") or "document"
