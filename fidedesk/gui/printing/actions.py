"""File › Print Preview, Print, Export PDF and Export Web Pages for the window's open tournament.

Each asks which document first (:meth:`~fidedesk.gui.common.dialogs.Dialogs.choose_document`), after what is being
typed has become an undo step (the document must show it). Making a document and laying it out reads every
game (seconds for 2,000 players), so it runs off the GUI thread behind a progress dialog
(:func:`~fidedesk.gui.common.background.run_with_progress`), and so do the PDF and web writers; only painting on a
printer or the preview, which Qt allows on the GUI thread alone, runs there. The tie-breaks and their edition
are the event's own, as the Standings tab shows them; the rating edition is the one the rating panel uses.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QWidget

from fidedesk.core.tournament import Tournament
from fidedesk.core.values import counted
from fidedesk.gui.common.background import run_with_progress
from fidedesk.gui.common.context import RatingContext
from fidedesk.gui.common.dialogs import Dialogs
from fidedesk.gui.common.menus import Menu, MenuContribution
from fidedesk.gui.common.settings import Export
from fidedesk.gui.files.actions import FileActions
from fidedesk.gui.printing.choice import DocumentChoice, DocumentOffer, file_stem
from fidedesk.publish.documents import ALL
from fidedesk.publish.documents.model import DocumentError, DocumentKind
from fidedesk.publish.web import WebExportError

if TYPE_CHECKING:
    from PySide6.QtPrintSupport import QPrinter

    from fidedesk.publish.documents.model import Document
    from fidedesk.publish.paper.pages import Page, Paper

T = TypeVar("T")

#: Print's key where the platform names none; Print Preview adds Shift (Pair Next Round is Ctrl+R for this).
PRINT_KEY = QKeySequence("Ctrl+P")
PREVIEW_KEY = QKeySequence("Ctrl+Shift+P")
PDF_FILTER = "PDF documents (*.pdf);;All files (*)"
WEB_NOTE = (
    "The round's pairings and who plays where, the standings and crosstable after it (or after the last round "
    "played), the player list, rating calculations and warnings, and FIDE's norm forms where the event has "
    "them: one page each, and an index."
)
#: What the user is told could not be done, by the action's title.
CANNOT = {
    "Print Preview": "Cannot show the preview",
    "Print": "Cannot print",
    "Export PDF": "Cannot export the PDF",
    "Export Web Pages": "Cannot export the web pages",
}


class Cancelled(Exception):
    """The user pressed Cancel while a document was being made: nothing is written."""


class PrintActions(QObject):
    """The File menu's print and publish actions; each returns True when it did its work."""

    def __init__(self, window: QWidget, files: FileActions, context: RatingContext, dialogs: Dialogs) -> None:
        super().__init__(window)
        self._window = window
        self.files = files
        self.document = files.document
        self.settings = files.settings
        self.context = context
        self.dialogs = dialogs
        self.preview_action = QAction("Print Pre&view…", window)
        self.preview_action.setShortcut(PREVIEW_KEY)
        self.preview_action.triggered.connect(lambda _checked=False: self.preview())
        self.print_action = QAction("&Print…", window)
        self.print_action.setShortcuts(QKeySequence.keyBindings(QKeySequence.StandardKey.Print) or [PRINT_KEY])
        self.print_action.triggered.connect(lambda _checked=False: self.print_())
        self.pdf_action = QAction("Export P&DF…", window)
        self.pdf_action.setToolTip("One document (standings, pairings, crosstable…) as a PDF file")
        self.pdf_action.triggered.connect(lambda _checked=False: self.export_pdf())
        self.web_action = QAction("Export &Web Pages…", window)
        self.web_action.setToolTip("Every document of a round as web pages, in a folder to publish")
        self.web_action.triggered.connect(lambda _checked=False: self.export_web())

    @property
    def actions(self) -> tuple[QAction, ...]:
        return (self.preview_action, self.print_action, self.pdf_action, self.web_action)

    def menu_actions(self) -> MenuContribution:
        """File: Print Preview, Print, Export PDF, Export Web Pages."""
        return MenuContribution(Menu.FILE, (self.actions,))

    # --- the four actions ------------------------------------------------------------------------

    def preview(self) -> bool:
        """The chosen document in Qt's print preview, laid out again when its paper is changed there."""
        chosen = self._choose("Print Preview", "Pre&view")
        if chosen is None:
            return False
        made = self._made("Print Preview", *chosen)
        if made is None:
            return False
        document, pages = made
        laid: dict[Paper, Sequence[Page]] = {chosen[1].paper: pages}

        def paint(printer: QPrinter) -> None:
            from fidedesk.gui.printing.painter import paper_of, print_pages
            from fidedesk.publish.paper.layout import lay_out

            paper = paper_of(printer)
            if paper not in laid:  # Letter chosen in the preview's page setup: the columns measured anew
                laid[paper] = lay_out(document, paper)
            print_pages(laid[paper], printer)

        self.dialogs.preview(self._printer(chosen[1].paper, pages, document), paint)
        return True

    def print_(self) -> bool:
        """The chosen document on a printer chosen in the print dialog (its pages and copies as asked there)."""
        chosen = self._choose("Print", "Con&tinue…")
        if chosen is None:
            return False
        made = self._made("Print", *chosen)
        if made is None:
            return False
        document, pages = made
        printer = self._printer(chosen[1].paper, pages, document)
        if not self.dialogs.choose_printer(printer):
            return False
        from fidedesk.gui.printing.painter import paper_of, print_pages
        from fidedesk.publish.paper.layout import lay_out

        paper = paper_of(printer)
        if paper != chosen[1].paper:  # the other paper chosen in the print dialog: measured anew (a second or
            pages = lay_out(document, paper)  # less, here on the GUI thread, which must then paint anyway)
        where = printer.outputFileName() or printer.printerName() or "the printer"
        try:
            sheets = print_pages(pages, printer)
        except OSError as error:
            self.dialogs.error("Cannot print", f"{where}: {error}")
            return False
        self.files.say(f"Printed {counted(sheets, 'page')} of the {document.title.lower()} on {where}.")
        return True

    def export_pdf(self, path: Path | None = None) -> bool:
        """The chosen document as a PDF file, made and written off the GUI thread."""
        chosen = self._choose("Export PDF", "&Export…", offers_every=True)
        if chosen is None:
            return False
        tournament, choice = chosen
        if path is None:
            suggested = self.files.export_folder(Export.PDF) / f"{file_stem(tournament.info.name, choice)}.pdf"
            path = self.dialogs.save_file("Export PDF", str(suggested), PDF_FILTER)
            if path is None:
                return False
        from fidedesk.publish.paper.pdf import write_pdfs

        target = path
        builders = self._builders(tournament, choice)

        def work(progress: Callable[[int], bool]) -> int:
            documents = []
            for count, build in enumerate(builders, start=1):
                documents.append(build())
                if not progress(count):
                    raise Cancelled
            return write_pdfs(documents, target, choice.paper)

        unit = f"of {len(builders)} documents made" if choice.every else "of 2 steps done"
        written = self._run("Export PDF", f"Writing {target.name}…", work, target, unit=unit)
        if written is None:
            return False
        self.settings.remember_folder(Export.PDF, target.parent)
        self.files.say(f"Exported {counted(written, 'page')} to {target.name}.")
        return True

    def export_web(self, folder: Path | None = None) -> bool:
        """Every document of a chosen round as web pages in a chosen folder; its index.html named in the
        status bar."""
        if not self.files.commit_typing(CANNOT["Export Web Pages"]):
            return False
        tournament = self.document.tournament
        from fidedesk.publish.documents import default_round, document_kinds, document_rounds

        kinds = document_kinds(tournament)  # the documents of a round the web pages hold, in their index's order
        rounds = tuple(sorted({n for kind in kinds for n in document_rounds(tournament, kind)}))
        round_: int | None = None
        if rounds:
            # the current round's pages (its pairings, the standings after the round before), as the chooser
            # proposes the pairings: not the last round with a board while one before waits for results
            proposed = default_round(tournament, DocumentKind.PAIRINGS) or rounds[-1]
            offer = DocumentOffer((), {DocumentKind.PAIRINGS: rounds}, {DocumentKind.PAIRINGS: proposed},
                                  DocumentKind.PAIRINGS, "a4", action="&Continue…", asks_paper=False,
                                  note=WEB_NOTE)  # fmt: skip
            choice = self.dialogs.choose_document("Export Web Pages", offer)
            if choice is None:
                return False
            round_ = choice.round
        if folder is None:
            folder = self.dialogs.choose_folder("Export Web Pages", str(self.files.export_folder(Export.WEB)))
            if folder is None:
                return False
        from fidedesk.publish.web import INDEX, write_web_folder

        target = folder
        edition = self.context.edition(tournament.info.start)

        def work(progress: Callable[[int], bool]) -> Path:
            from fidedesk.publish.documents import build_document

            documents = []
            for count, kind in enumerate(kinds, start=1):
                number = _round_for(document_rounds(tournament, kind), round_) if kind.takes_round else None
                if number is None and kind.of_one_round:
                    continue  # no round paired yet: no pairings (the index lists what there is)
                document = build_document(tournament, kind, edition=edition, round=number)
                documents.append((document, number))
                if not progress(count):
                    raise Cancelled
            write_web_folder(documents, target)
            return target / INDEX

        label = f"Writing the web pages into {target.name}…"
        index = self._run("Export Web Pages", label, work, target, unit=f"of {len(kinds)} documents made")
        if index is None:
            return False
        self.settings.remember_folder(Export.WEB, target)
        self.files.say(f"Web pages written: {index}")
        return True

    # --- the steps they share --------------------------------------------------------------------

    def _choose(
        self, title: str, action: str, *, offers_every: bool = False
    ) -> tuple[Tournament, DocumentChoice] | None:
        """The tournament with what was typed, and the document chosen of it (``offers_every``: or all of them);
        None when either was refused."""
        if not self.files.commit_typing(CANNOT[title]):
            return None
        tournament = self.document.tournament
        from fidedesk.publish.documents import default_round, document_kinds, document_rounds

        kinds = document_kinds(tournament)  # the norm forms only where the event has them
        last = self.settings.print_document
        kind = next((k for k in kinds if k.value == last), DocumentKind.STANDINGS)
        paper: Paper = "letter" if self.settings.paper == "letter" else "a4"
        rounds = {k: document_rounds(tournament, k) for k in kinds}
        proposed = {k: default_round(tournament, k) for k in kinds}
        offer = DocumentOffer(kinds, rounds, proposed, kind, paper, action, offers_every=offers_every,
                              every=last == ALL)  # fmt: skip
        choice = self.dialogs.choose_document(title, offer)
        if choice is None:
            return None
        self.settings.paper = choice.paper
        self.settings.print_document = ALL if choice.every else choice.kind.value
        return tournament, choice

    def _builder(self, tournament: Tournament, choice: DocumentChoice) -> Callable[[], Document]:
        """The work of making the chosen document (pure: run off the GUI thread)."""
        return self._builders(tournament, dataclasses.replace(choice, every=False))[0]

    def _builders(self, tournament: Tournament, choice: DocumentChoice) -> list[Callable[[], Document]]:
        """The work of making each document chosen (pure: run off the GUI thread): the one, or all of them as
        the command line plans them (:func:`~fidedesk.publish.documents.document_plan`)."""
        from fidedesk.publish.documents import build_document, document_kinds, document_plan

        edition = self.context.edition(tournament.info.start)  # read here, on the GUI thread
        plan = document_plan(tournament, document_kinds(tournament), choice.round) if choice.every else (
            (choice.kind, choice.round),)  # fmt: skip

        def builder(kind: DocumentKind, number: int | None) -> Callable[[], Document]:
            # the standings under the event's own tie-breaks and their edition of C.07 (build_document's
            # default, EventInfo.tiebreaks_in_use), as the Standings view shows them
            return lambda: build_document(tournament, kind, edition=edition, round=number)

        return [builder(kind, number) for kind, number in plan]

    def _made(
        self, title: str, tournament: Tournament, choice: DocumentChoice
    ) -> tuple[Document, Sequence[Page]] | None:
        """The chosen document and its pages, made off the GUI thread; None when cancelled or refused."""
        build = self._builder(tournament, choice)

        def work(progress: Callable[[int], bool]) -> tuple[Document, Sequence[Page]]:
            from fidedesk.publish.paper.layout import lay_out

            document = build()
            if not progress(1):
                raise Cancelled
            return document, lay_out(document, choice.paper)

        return self._run(title, f"Making the {choice.kind.title.lower()}…", work, None)

    def _run(
        self,
        title: str,
        label: str,
        work: Callable[[Callable[[int], bool]], T],
        target: Path | None,
        *,
        unit: str = "of 2 steps done",  # the document made, then laid out or written
    ) -> T | None:
        """``work`` off the GUI thread; its value, or None after a Cancel or an error said to the user (naming
        ``target``, the file or folder written)."""
        outcome = run_with_progress(self._window, title, label, work, unit=unit)
        error = outcome.error
        if isinstance(error, Cancelled) or (outcome.cancelled and target is None):
            return None
        if error is None:
            # a Cancel pressed while the file was being written came too late to stop it: the file is there,
            # and the status bar says so
            return outcome.value
        named = f"{target}: " if target is not None else ""
        if isinstance(error, OSError):
            self.dialogs.error(CANNOT[title], f"{named}{error.strerror or error}")
            return None
        if isinstance(error, WebExportError):  # a folder of other files: it names the folder itself
            self.dialogs.error(CANNOT[title], str(error))
            return None
        if isinstance(error, DocumentError):  # a round not paired yet
            self.dialogs.error(CANNOT[title], f"{named}{error}")
            return None
        raise error

    def _printer(self, paper: Paper, pages: Sequence[Page], document: Document) -> QPrinter:
        from PySide6.QtPrintSupport import QPrinter

        from fidedesk.gui.printing.painter import set_up_printer

        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        set_up_printer(printer, paper, pages, f"{document.event} – {document.title}".strip(" –"))
        return printer


def _round_for(rounds: Sequence[int], chosen: int | None) -> int | None:
    """The round of a document for the web pages of round ``chosen``: that one, else the last before it (the
    standings after round 5 beside round 6's pairings, while round 6 is played)."""
    before = [number for number in rounds if chosen is None or number <= chosen]
    return before[-1] if before else None
