"""File › Print Preview, Print, Export PDF and Export Web Pages (issue 17): the QPainter renderer of laid-out
pages, the document chooser, and each action through the window with unattended dialogs."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QImage, QPageLayout, QPageSize, QPainter, QPdfWriter
from PySide6.QtPrintSupport import QPrinter
from PySide6.QtWidgets import QLineEdit, QProgressDialog, QPushButton
from pytestqt.qtbot import QtBot

from fidedesk.core.tournament import Tournament
from fidedesk.gui.common.dialogs import UnattendedDialogs
from fidedesk.gui.mainwindow import MainWindow
from fidedesk.gui.printing.choice import DocumentChoice, DocumentOffer, file_stem
from fidedesk.gui.printing.chooser import DocumentChooser
from fidedesk.gui.printing.painter import paint_page, paint_pages, paper_of, print_pages, set_up_printer
from fidedesk.gui.tournament import TournamentTab
from fidedesk.io.trf.document import read_trf
from fidedesk.publish.documents import default_round, document_kinds, document_rounds
from fidedesk.publish.documents.model import DocumentKind
from fidedesk.publish.paper.pages import FillItem, LineItem, Page, TextItem

DATA = Path(__file__).resolve().parents[2] / "data"
ROUND_ROBIN = DATA / "samples" / "round_robin_8_58.trf"
KARL_MALA = DATA / "trf" / "karl_mala_gedenkturnier_2005_frankfurt.trf"
WHOLE_EVENT = (DocumentKind.RATINGS, DocumentKind.PLAYERS, DocumentKind.WARNINGS)


def hand_made(width: float = 595.0, height: float = 842.0) -> Page:
    """A page with a shaded band, a rule and a bold word at known places."""
    items = (
        FillItem(40, 40, 200, 20, 0.8),
        LineItem(40, 300, 400, 300, 2.0),
        TextItem(60, 200, "WWWW", 40, bold=True),
    )
    return Page(width, height, items)


def dark(image: QImage, x0: int, y0: int, x1: int, y1: int) -> int:
    """How many pixels of the box are nearly black."""
    return sum(QColor(image.pixel(x, y)).lightness() < 80 for x in range(x0, x1) for y in range(y0, y1))


def loaded(path: Path) -> Tournament:
    return read_trf(path).tournament


# --- the renderer -------------------------------------------------------------------------------------


def test_a_page_is_painted_where_its_items_are(qapp: object) -> None:
    page = hand_made()
    image = QImage(595 * 2, 842 * 2, QImage.Format.Format_RGB32)  # two pixels a point
    image.fill(Qt.GlobalColor.white)
    painter = QPainter(image)
    paint_page(painter, page, image)
    painter.end()
    assert dark(image, 120, 330, 420, 400) > 500  # the word, above its baseline at 200 pt
    assert dark(image, 80, 596, 800, 604) > 500  # the two-point rule at 300 pt
    assert 150 < QColor(image.pixel(200, 100)).lightness() < 230  # the grey band
    assert dark(image, 600, 1000, 1100, 1600) == 0  # nothing else
    assert dark(image, 120, 402, 420, 430) < dark(image, 120, 330, 420, 400) // 10  # nothing far below the baseline


def test_pages_go_to_a_pdf_writer_one_a_sheet(qapp: object, tmp_path: Path) -> None:
    path = tmp_path / "pages.pdf"
    writer = QPdfWriter(str(path))
    writer.setPageSize(QPageSize(QPageSize.PageSizeId.A4))
    assert paint_pages([hand_made(), hand_made()], writer) == 2
    del writer
    data = path.read_bytes()
    assert data.startswith(b"%PDF-") and data.count(b"/Type /Page\n") + data.count(b"/Type /Page ") >= 2


def test_a_printer_prints_the_pages_and_copies_asked_for(qapp: object, tmp_path: Path) -> None:
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(tmp_path / "printed.pdf"))
    pages = [hand_made() for _ in range(3)]
    printer.setPrintRange(QPrinter.PrintRange.PageRange)
    printer.setFromTo(2, 3)
    printer.setCopyCount(2)  # a PDF makes no copies itself: each sheet is painted twice
    assert not printer.supportsMultipleCopies()
    assert print_pages(pages, printer) == 4
    assert (tmp_path / "printed.pdf").read_bytes().startswith(b"%PDF-")


def test_the_printer_takes_the_paper_and_the_first_page_s_orientation(qapp: object) -> None:
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    set_up_printer(printer, "letter", [hand_made(842, 595)], "Club Open – Crosstable")
    assert paper_of(printer) == "letter"
    assert printer.pageLayout().orientation() is QPageLayout.Orientation.Landscape
    assert printer.docName() == "Club Open – Crosstable" and printer.fullPage()
    printer.setPageSize(QPageSize(QPageSize.PageSizeId.A5))
    assert paper_of(printer) == "a4"  # any other sheet: laid out for A4, scaled to fit


def test_a_file_name_says_what_the_document_is() -> None:
    choice = DocumentChoice(DocumentKind.STANDINGS, 5, "a4")
    assert file_stem("Club Open", choice) == "Club Open – standings after round 5"
    assert file_stem("A/B: <Cup>", DocumentChoice(DocumentKind.PAIRINGS, 2, "a4")) == "A_B_ _Cup_ – pairings round 2"
    assert file_stem("", DocumentChoice(DocumentKind.PLAYERS, None, "a4")) == "Player list"


# --- the chooser ------------------------------------------------------------------------------------


def offer_of(tournament: Tournament) -> DocumentOffer:
    kinds = document_kinds(tournament)  # as the actions offer them: no norm forms before 2024
    rounds = {kind: document_rounds(tournament, kind) for kind in kinds}
    proposed = {kind: default_round(tournament, kind) for kind in kinds}
    return DocumentOffer(kinds, rounds, proposed, DocumentKind.STANDINGS, "a4", "Pre&view")


@pytest.mark.parametrize("path", [ROUND_ROBIN, KARL_MALA], ids=["round-robin", "karl-mala"])
def test_the_chooser_offers_the_rounds_each_document_has(qtbot: QtBot, path: Path) -> None:
    tournament = loaded(path)
    chooser = DocumentChooser("Print Preview", offer_of(tournament))
    qtbot.addWidget(chooser)
    kinds = document_kinds(tournament)
    assert DocumentKind.IT1 not in kinds and DocumentKind.IT3 not in kinds
    assert [chooser.document_box.itemText(i) for i in range(chooser.document_box.count())] == [
        kind.title for kind in kinds
    ]
    assert chooser.kind() is DocumentKind.STANDINGS
    for index, kind in enumerate(kinds):
        chooser.document_box.setCurrentIndex(index)
        box = chooser.round_box
        offered = tuple(box.itemData(i) for i in range(box.count()))
        if kind in WHOLE_EVENT:
            assert offered == (None,) and not box.isEnabled()
            assert chooser.choice() == DocumentChoice(kind, None, "a4")
        else:
            assert offered == document_rounds(tournament, kind) and box.isEnabled()
            assert chooser.choice().round == default_round(tournament, kind)


def test_the_chooser_keeps_the_round_across_documents_and_takes_the_paper(qtbot: QtBot) -> None:
    tournament = loaded(KARL_MALA)
    chooser = DocumentChooser("Print", offer_of(tournament))
    qtbot.addWidget(chooser)
    chooser.round_box.setCurrentIndex(0)
    first = chooser.choice().round
    chooser.document_box.setCurrentIndex(chooser.document_box.findData(DocumentKind.CROSSTABLE))
    chooser.paper_box.setCurrentIndex(chooser.paper_box.findData("letter"))
    assert chooser.choice() == DocumentChoice(DocumentKind.CROSSTABLE, first, "letter")


def test_before_round_1_the_standings_show_the_start_and_pairings_cannot_be_made(qtbot: QtBot) -> None:
    tournament = loaded(ROUND_ROBIN)
    start = Tournament(tournament.info, tuple(dataclasses.replace(p, rounds=()) for p in tournament.players))
    chooser = DocumentChooser("Print", offer_of(start))
    qtbot.addWidget(chooser)
    assert chooser.round_box.itemText(0) == "Before round 1" and chooser.go_button.isEnabled()
    assert chooser.choice() == DocumentChoice(DocumentKind.STANDINGS, None, "a4")
    chooser.document_box.setCurrentIndex(chooser.document_box.findData(DocumentKind.PAIRINGS))
    assert chooser.round_box.count() == 0 and not chooser.go_button.isEnabled()
    assert chooser.note.text() == "No round to make the pairings of yet."


def test_enter_in_the_chooser_goes_ahead_and_escape_cancels(qtbot: QtBot) -> None:
    for key, signal in ((Qt.Key.Key_Return, "accepted"), (Qt.Key.Key_Escape, "rejected")):
        chooser = DocumentChooser("Print Preview", offer_of(loaded(ROUND_ROBIN)))
        qtbot.addWidget(chooser)
        chooser.show()
        qtbot.waitExposed(chooser)
        assert chooser.go_button.isDefault()  # a button made default before it was in the dialog was not
        with qtbot.waitSignal(getattr(chooser, signal), timeout=2000):
            qtbot.keyClick(chooser.document_box, key)


# --- the actions through the window ------------------------------------------------------------------


def opened(window: MainWindow, path: Path) -> Tournament:
    tournament = loaded(path)
    window.document.reset(tournament, None)
    return tournament


@pytest.mark.parametrize("path", [ROUND_ROBIN, KARL_MALA], ids=["round-robin", "karl-mala"])
@pytest.mark.parametrize("kind", [DocumentKind.STANDINGS, DocumentKind.CROSSTABLE, DocumentKind.PLAYERS])
def test_export_pdf_writes_the_chosen_document(
    qtbot: QtBot, window: MainWindow, dialogs: UnattendedDialogs, tmp_path: Path, path: Path, kind: DocumentKind
) -> None:
    tournament = opened(window, path)
    asked = dialogs.answer("choose_document", DocumentChoice(kind, default_round(tournament, kind), "a4"))
    named = dialogs.answer("save_file", tmp_path / "out.pdf")
    assert window.printing.export_pdf()
    offer = asked[0][1]
    assert isinstance(offer, DocumentOffer) and offer.kind is DocumentKind.STANDINGS
    assert str(named[0][1]).endswith(".pdf") and "–" in str(named[0][1])
    assert (tmp_path / "out.pdf").read_bytes().startswith(b"%PDF-")
    assert window.statusBar().currentMessage().endswith("to out.pdf.")
    assert window.settings.print_document == kind.value


def test_export_pdf_remembers_the_paper(window: MainWindow, dialogs: UnattendedDialogs, tmp_path: Path) -> None:
    opened(window, ROUND_ROBIN)
    dialogs.answer("choose_document", DocumentChoice(DocumentKind.PLAYERS, None, "letter"))
    assert window.printing.export_pdf(tmp_path / "players.pdf")
    assert window.settings.paper == "letter"
    asked = dialogs.answer("choose_document", None)
    assert not window.printing.export_pdf(tmp_path / "again.pdf")
    offer = asked[0][1]
    assert isinstance(offer, DocumentOffer) and offer.paper == "letter" and offer.kind is DocumentKind.PLAYERS
    assert not (tmp_path / "again.pdf").exists()


def test_a_pdf_that_cannot_be_written_is_said_naming_the_file(
    window: MainWindow, dialogs: UnattendedDialogs, tmp_path: Path
) -> None:
    opened(window, ROUND_ROBIN)
    dialogs.answer("choose_document", DocumentChoice(DocumentKind.PLAYERS, None, "a4"))
    target = tmp_path / "missing" / "players.pdf"
    assert not window.printing.export_pdf(target)
    assert dialogs.shown and dialogs.shown[-1][0] == "Cannot export the PDF" and str(target) in dialogs.shown[-1][1]


def test_typing_in_the_event_form_is_in_the_document(
    qtbot: QtBot, window: MainWindow, dialogs: UnattendedDialogs, tmp_path: Path
) -> None:
    opened(window, ROUND_ROBIN)
    window.tabs.setCurrentIndex(0)
    tab = window.tab_content(0)
    assert isinstance(tab, TournamentTab)
    edit: QLineEdit = tab.event_form.city_edit
    edit.setFocus()
    edit.end(False)
    qtbot.keyClicks(edit, " Central")
    cities: list[str] = []

    def choose(_title: str, _offer: DocumentOffer) -> DocumentChoice:
        cities.append(window.document.tournament.info.city)
        return DocumentChoice(DocumentKind.PLAYERS, None, "a4")

    dialogs.answer("choose_document", choose)
    dialogs.answer("save_file", tmp_path / "players.pdf")
    window.printing.pdf_action.trigger()
    assert cities and cities[0].endswith(" Central") and window.document.tournament.info.city == cities[0]
    assert (tmp_path / "players.pdf").exists()


def test_print_paints_on_the_printer_chosen(window: MainWindow, dialogs: UnattendedDialogs, tmp_path: Path) -> None:
    tournament = opened(window, KARL_MALA)
    last = default_round(tournament, DocumentKind.CROSSTABLE)
    dialogs.answer("choose_document", DocumentChoice(DocumentKind.CROSSTABLE, last, "a4"))
    target = tmp_path / "printed.pdf"
    printers: list[QPrinter] = []

    def choose_printer(printer: QPrinter) -> bool:
        printers.append(printer)
        printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
        printer.setOutputFileName(str(target))
        return True

    dialogs.answer("choose_printer", choose_printer)
    assert window.printing.print_()
    assert target.read_bytes().startswith(b"%PDF-")
    assert "Printed" in window.statusBar().currentMessage()


def test_a_cancelled_print_dialog_prints_nothing(window: MainWindow, dialogs: UnattendedDialogs) -> None:
    opened(window, ROUND_ROBIN)
    dialogs.answer("choose_document", DocumentChoice(DocumentKind.PLAYERS, None, "a4"))
    asked = dialogs.answer("choose_printer", False)
    assert not window.printing.print_() and len(asked) == 1


def test_the_preview_paints_and_lays_out_again_for_letter(
    window: MainWindow, dialogs: UnattendedDialogs, tmp_path: Path
) -> None:
    tournament = opened(window, KARL_MALA)
    last = default_round(tournament, DocumentKind.STANDINGS)
    dialogs.answer("choose_document", DocumentChoice(DocumentKind.STANDINGS, last, "a4"))
    painted: list[int] = []

    def preview(printer: QPrinter, paint: object) -> None:
        assert callable(paint)
        for size, name in ((QPageSize.PageSizeId.A4, "a4.pdf"), (QPageSize.PageSizeId.Letter, "letter.pdf")):
            printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
            printer.setOutputFileName(str(tmp_path / name))
            printer.setPageSize(QPageSize(size))
            paint(printer)
            painted.append(len((tmp_path / name).read_bytes()))

    dialogs.answer("preview", preview)
    assert window.printing.preview()
    assert len(painted) == 2 and all(painted)


def test_export_web_pages_writes_an_index(window: MainWindow, dialogs: UnattendedDialogs, tmp_path: Path) -> None:
    opened(window, KARL_MALA)
    asked = dialogs.answer("choose_document", lambda _title, offer: DocumentChoice(offer.kind, 5, "a4"))
    dialogs.answer("choose_folder", tmp_path / "web")
    assert window.printing.export_web()
    offer = asked[0][1]
    assert isinstance(offer, DocumentOffer) and not offer.kinds and not offer.asks_paper
    assert (tmp_path / "web" / "index.html").is_file()
    written = {path.name for path in (tmp_path / "web").iterdir()}
    assert {"pairings-round-5.html", "where-round-5.html", "standings-round-5.html", "crosstable-round-5.html",
            "players.html", "ratings.html", "warnings.html", "style.css"} <= written  # fmt: skip
    assert str(tmp_path / "web" / "index.html") in window.statusBar().currentMessage()


def test_export_web_pages_refuses_a_folder_of_other_files(
    window: MainWindow, dialogs: UnattendedDialogs, tmp_path: Path
) -> None:
    opened(window, ROUND_ROBIN)
    folder = tmp_path / "theirs"
    folder.mkdir()
    (folder / "thesis.txt").write_text("mine")
    dialogs.answer(
        "choose_document", lambda _title, offer: DocumentChoice(offer.kind, offer.proposed[offer.kind], "a4")
    )
    dialogs.answer("choose_folder", folder)
    assert not window.printing.export_web()
    assert sorted(p.name for p in folder.iterdir()) == ["thesis.txt"]
    assert dialogs.shown and dialogs.shown[-1][0] == "Cannot export the web pages"
    assert str(folder) in dialogs.shown[-1][1]


def test_cancel_while_the_document_is_made_writes_nothing(
    window: MainWindow, dialogs: UnattendedDialogs, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import threading

    from fidedesk.gui.printing import actions
    from fidedesk.publish import documents

    opened(window, ROUND_ROBIN)
    cancelled = threading.Event()
    build = documents.build_document

    def slow_build(*args: object, **kwargs: object) -> object:
        cancelled.wait(5)  # the document is made after Cancel was pressed
        return build(*args, **kwargs)  # type: ignore[arg-type]

    def with_cancel(*args: object, **kwargs: object) -> object:
        def press_cancel(dialog: QProgressDialog) -> None:
            button = dialog.findChild(QPushButton)
            assert button is not None and button.text() == "Cancel"
            button.click()
            cancelled.set()

        return run(*args, **kwargs, dialog_hook=press_cancel)  # type: ignore[arg-type]

    run = actions.run_with_progress
    monkeypatch.setattr(documents, "build_document", slow_build)
    monkeypatch.setattr(actions, "run_with_progress", with_cancel)
    dialogs.answer("choose_document", DocumentChoice(DocumentKind.PLAYERS, None, "a4"))
    assert not window.printing.export_pdf(tmp_path / "players.pdf")
    assert not (tmp_path / "players.pdf").exists() and not dialogs.shown


# --- All documents (issue 29) -------------------------------------------------------------------------


def test_the_pdf_chooser_offers_all_documents(qtbot: QtBot) -> None:
    """The window's PDF chooser offers every document at once, as ``fidedesk-cli print --document all`` writes
    them: each of its own latest round, or of (after) one round every document has."""
    tournament = loaded(KARL_MALA)
    chooser = DocumentChooser("Export PDF", dataclasses.replace(offer_of(tournament), offers_every=True))
    qtbot.addWidget(chooser)
    chooser.show()
    qtbot.waitExposed(chooser)
    box = chooser.document_box
    assert box.itemText(box.count() - 1) == "All documents"
    box.setCurrentIndex(box.count() - 1)
    assert chooser.round_box.isEnabled() and chooser.go_button.isEnabled()
    note = chooser.note  # its lines all shown, in a dialog shown before they came
    assert "--document all" in note.text() and note.height() >= note.heightForWidth(note.width())
    assert chooser.choice() == DocumentChoice(DocumentKind.STANDINGS, None, "a4", every=True)
    offered = [chooser.round_box.itemData(i) for i in range(chooser.round_box.count())]
    assert offered == [None, *range(1, tournament.rounds_played + 1)]
    chooser.round_box.setCurrentIndex(3)
    assert chooser.choice() == DocumentChoice(DocumentKind.STANDINGS, 3, "a4", every=True)
    print_chooser = DocumentChooser("Print", offer_of(tournament))  # one document at a time on a printer
    qtbot.addWidget(print_chooser)
    others = print_chooser.document_box
    assert [others.itemText(i) for i in range(others.count())] == [k.title for k in document_kinds(tournament)]


@pytest.mark.parametrize("round_", [None, 3], ids=["latest", "round-3"])
def test_all_documents_are_the_pdf_the_command_line_writes(
    window: MainWindow, dialogs: UnattendedDialogs, tmp_path: Path, round_: int | None
) -> None:
    from fidedesk.cli import main
    from tests.pdf_text import drawn_texts

    tournament = opened(window, KARL_MALA)
    asked = dialogs.answer("choose_document", DocumentChoice(DocumentKind.STANDINGS, round_, "a4", every=True))
    named = dialogs.answer("save_file", tmp_path / "window.pdf")
    assert window.printing.export_pdf()
    offer = asked[0][1]
    assert isinstance(offer, DocumentOffer) and offer.offers_every
    assert Path(str(named[0][1])).name == f"{file_stem(tournament.info.name, offer_choice(round_))}.pdf"
    edition = window.printing.context.edition(tournament.info.start).name
    rounds = [] if round_ is None else ["--round", str(round_)]
    cli = tmp_path / "cli.pdf"
    assert main(["print", str(KARL_MALA), "--document", "all", *rounds, "--rules", edition, "-o", str(cli)]) == 0
    window_pages, cli_pages = drawn_texts((tmp_path / "window.pdf").read_bytes()), drawn_texts(cli.read_bytes())
    assert len(window_pages) > len(DocumentKind) and window_pages == cli_pages
    assert window.settings.print_document == "all"
    again = dialogs.answer("choose_document", None)
    assert not window.printing.export_pdf()
    assert isinstance(again[0][1], DocumentOffer) and again[0][1].every


def offer_choice(round_: int | None) -> DocumentChoice:
    return DocumentChoice(DocumentKind.STANDINGS, round_, "a4", every=True)


def test_all_documents_before_round_1_leave_out_the_pairings(
    window: MainWindow, dialogs: UnattendedDialogs, tmp_path: Path
) -> None:
    from tests.pdf_text import drawn_texts

    tournament = loaded(ROUND_ROBIN)
    window.document.reset(
        Tournament(tournament.info, tuple(dataclasses.replace(p, rounds=()) for p in tournament.players)), None
    )
    dialogs.answer("choose_document", DocumentChoice(DocumentKind.PLAYERS, None, "a4", every=True))
    assert window.printing.export_pdf(tmp_path / "start.pdf")
    texts = " ".join(text for page in drawn_texts((tmp_path / "start.pdf").read_bytes()) for text in page)
    assert "Player list" in texts and "Standings" in texts and "Pairings" not in texts
