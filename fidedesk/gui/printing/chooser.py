"""The document chooser: which document, of which round, on which paper; asked before a print, a preview or
an export (:meth:`~fidedesk.gui.qt_dialogs.QtDialogs.choose_document`)."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QDialog, QDialogButtonBox, QFormLayout, QWidget

from fidedesk.gui.common.plain import give_keys, plain_label
from fidedesk.gui.printing.choice import EVERY, DocumentChoice, DocumentOffer, round_text
from fidedesk.publish.documents import ALL
from fidedesk.publish.documents.model import DocumentKind
from fidedesk.publish.paper.pages import Paper

#: The papers offered, as the chooser names them.
PAPERS: tuple[tuple[str, Paper], ...] = (("A4", "a4"), ("Letter", "letter"))
#: What "All documents" makes.
EVERY_NOTE = "Every document in one PDF, as fidedesk-cli print --document all writes it."


class DocumentChooser(QDialog):
    """A form of three choices (Document, Round, Paper); Round follows the document chosen and is off for a
    document of the whole event. Enter goes ahead, Escape cancels."""

    def __init__(self, title: str, offer: DocumentOffer, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("document_chooser")
        self.setWindowTitle(title)
        self._offer = offer
        self.document_box = QComboBox()
        self.document_box.setObjectName("document_box")
        for kind in offer.kinds:
            self.document_box.addItem(kind.title, kind)
        if offer.offers_every:
            self.document_box.addItem(EVERY, ALL)
        self.round_box = QComboBox()
        self.round_box.setObjectName("round_box")
        self.paper_box = QComboBox()
        self.paper_box.setObjectName("paper_box")
        for name, paper in PAPERS:
            self.paper_box.addItem(name, paper)
        self.paper_box.setCurrentIndex(max(0, self.paper_box.findData(offer.paper)))
        self.note = plain_label()
        self.note.setObjectName("chooser_note")
        self.note.setWordWrap(True)
        self.setMinimumWidth(360)  # room for the note, and for "Who plays where" in the box

        form = QFormLayout(self)
        if offer.kinds:
            form.addRow(_buddied("&Document:", self.document_box), self.document_box)
        else:
            self.document_box.hide()
        form.addRow(_buddied("&Round:", self.round_box), self.round_box)
        if offer.asks_paper:
            form.addRow(_buddied("Pa&per:", self.paper_box), self.paper_box)
        else:
            self.paper_box.hide()
        form.addRow(self.note)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.go_button = buttons.addButton(offer.action, QDialogButtonBox.ButtonRole.AcceptRole)
        give_keys(buttons)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
        self.go_button.setDefault(True)  # once in the dialog: a button outside one cannot be its default

        self._round_kind: DocumentKind | str | None = None
        self.document_box.currentIndexChanged.connect(self._fill_rounds)
        index = self.document_box.findData(ALL if offer.every and offer.offers_every else offer.kind)
        self.document_box.setCurrentIndex(max(0, index))
        self._fill_rounds()
        (self.document_box if offer.kinds else self.round_box).setFocus()

    def kind(self) -> DocumentKind:
        data = self.document_box.currentData()
        return data if isinstance(data, DocumentKind) else self._offer.kind

    def every(self) -> bool:
        """Whether "All documents" is chosen."""
        return bool(self.document_box.currentData() == ALL)

    def _fill_rounds(self) -> None:
        """The rounds of the document now chosen, the one it had or the proposed one current."""
        kind = self.kind()
        shown = ALL if self.every() else kind
        if shown == self._round_kind:
            return
        kept = self.round_box.currentData()
        self._round_kind = shown
        if self.every():
            self._fill_every_round()
            return
        rounds = self._offer.rounds.get(kind, ())
        self.round_box.clear()
        if not kind.takes_round:
            self.round_box.addItem("The whole event", None)
        elif not rounds and kind.after_a_round:
            self.round_box.addItem("Before round 1", None)
        for number in rounds:
            text = round_text(kind, number)
            self.round_box.addItem(text[:1].upper() + text[1:], number)
        wanted = kept if kept in rounds else self._offer.proposed.get(kind)
        if wanted in rounds:
            self.round_box.setCurrentIndex(self.round_box.findData(wanted))
        elif rounds:
            self.round_box.setCurrentIndex(len(rounds) - 1)
        self.round_box.setEnabled(kind.takes_round and bool(rounds))
        possible = bool(rounds) or not kind.of_one_round
        self.go_button.setEnabled(possible)
        self._say(self._offer.note if possible else f"No round to make the {kind.title.lower()} of yet.")

    def _fill_every_round(self) -> None:
        """All documents: each of its own latest round (first, as the command line makes them without
        ``--round``), or of (after) one round every document has."""
        offer = self._offer
        taking = [kind for kind in offer.kinds if kind.takes_round]
        rounds = sorted(set.intersection(*(set(offer.rounds.get(kind, ())) for kind in taking))) if taking else []
        self.round_box.clear()
        self.round_box.addItem("Each its latest")  # the current round's pairings, the standings after the last
        for number in rounds:
            self.round_box.addItem(f"Round {number}", number)
        self.round_box.setEnabled(bool(rounds))
        self.go_button.setEnabled(True)
        self._say(EVERY_NOTE)

    def _say(self, note: str) -> None:
        """``note`` under the choices; the dialog, already shown, made tall enough for its lines."""
        self.note.setText(note)
        if self.isVisible():
            self.resize(self.width(), max(self.height(), self.heightForWidth(self.width())))

    def choice(self) -> DocumentChoice:
        """The document as chosen now."""
        kind = self.kind()
        number = self.round_box.currentData()
        paper = self.paper_box.currentData()
        every = self.every()
        return DocumentChoice(
            kind,
            number if (every or kind.takes_round) and isinstance(number, int) else None,
            "letter" if paper == "letter" else "a4",
            every=every,
        )


def _buddied(text: str, field: QWidget) -> QWidget:
    label = plain_label(text)
    label.setBuddy(field)
    return label
