"""The norm forms in the window's print and PDF chooser (issue 30): IT1 and IT3 offered where the event has them,
and the window's PDF of them the one ``fidedesk-cli print`` writes."""

from __future__ import annotations

from pathlib import Path

from fidedesk.cli import main
from fidedesk.gui.common.dialogs import UnattendedDialogs
from fidedesk.gui.mainwindow import MainWindow
from fidedesk.gui.printing.choice import DocumentChoice, DocumentOffer
from fidedesk.io.trf.document import read_trf
from fidedesk.publish.documents.model import DocumentKind
from tests.pdf_text import drawn_texts

DATA = Path(__file__).resolve().parents[2] / "data"
IM_NORM_RR = DATA / "norms" / "im_norm_rr.trf"
BEFORE_2024 = DATA / "samples" / "round_robin_8_58.trf"


def offered(window: MainWindow, dialogs: UnattendedDialogs, path: Path) -> DocumentOffer:
    window.document.reset(read_trf(path).tournament, None)
    asked = dialogs.answer("choose_document", None)
    assert not window.printing.export_pdf()
    offer = asked[0][1]
    assert isinstance(offer, DocumentOffer)
    return offer


def test_the_chooser_offers_the_norm_forms_only_where_the_event_has_them(
    window: MainWindow, dialogs: UnattendedDialogs
) -> None:
    norm = offered(window, dialogs, IM_NORM_RR)
    assert norm.kinds[-2:] == (DocumentKind.IT1, DocumentKind.IT3) and norm.offers_every
    assert norm.rounds[DocumentKind.IT1] == () and norm.proposed[DocumentKind.IT1] is None  # of the whole event
    old = offered(window, dialogs, BEFORE_2024)
    assert DocumentKind.IT1 not in old.kinds and DocumentKind.IT3 not in old.kinds


def test_the_windows_it1_and_all_documents_are_the_command_lines(
    window: MainWindow, dialogs: UnattendedDialogs, tmp_path: Path
) -> None:
    window.document.reset(read_trf(IM_NORM_RR).tournament, None)
    edition = window.printing.context.edition(window.document.tournament.info.start).name
    for name, choice in (("it1", DocumentChoice(DocumentKind.IT1, None, "a4")),
                         ("all", DocumentChoice(DocumentKind.STANDINGS, None, "a4", every=True))):  # fmt: skip
        dialogs.answer("choose_document", choice)
        assert window.printing.export_pdf(tmp_path / f"window-{name}.pdf")
        cli = tmp_path / f"cli-{name}.pdf"
        assert main(["print", str(IM_NORM_RR), "--document", name, "--rules", edition, "-o", str(cli)]) == 0
        pages = drawn_texts((tmp_path / f"window-{name}.pdf").read_bytes())
        assert pages == drawn_texts(cli.read_bytes())
        assert any("IM norm: Kovacs, Bence" in page for page in pages)
    assert any("Tournament report (IT3)" in page for page in pages)
