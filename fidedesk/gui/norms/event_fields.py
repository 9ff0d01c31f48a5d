"""The event's fields that only title norms read, typed above the Norms view where their conditions show: the
event type (B.01 1.4.1b, 1.4.3a-c), the most rounds on one day (1.1.3), the chief arbiter's title (1.1.5) and FIDE
ID, and the organiser (the IT3 report). The name of the chief arbiter and the time control (1.1.3's rate of play)
are the Event form's.

Each change is one undo step on the document ("Edit event"); text typed and not committed is committed when the
document asks (save, export, close), as the Event form's is.
"""

from __future__ import annotations

import dataclasses

from PySide6.QtWidgets import QComboBox, QGridLayout, QLineEdit, QSpinBox, QWidget

from fidedesk.core.editing import set_event_info
from fidedesk.core.norms.rules import EventType
from fidedesk.core.tournament import ArbiterLicence, EventInfo
from fidedesk.core.values import EVENT_TYPE_TEXT, ROUND_RANGE, InvalidValueError, fide_id_text, parse_fide_id
from fidedesk.gui.common.look import mark, named, say
from fidedesk.gui.common.plain import plain_label
from fidedesk.gui.files.document import TournamentDocument

#: The document's name for this form's typing not yet committed.
PENDING = "norm fields"
#: The arbiter's titles as the box shows them: none chosen, then FIDE's two and a national arbiter.
LICENCES = {None: "—", ArbiterLicence.IA: "IA", ArbiterLicence.FA: "FA", ArbiterLicence.NA: "NA (national)"}


class NormEventFields(QWidget):
    """Event type, rounds a day, arbiter's title and FIDE ID, organiser: two rows of fields over the norms."""

    def __init__(self, document: TournamentDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self.type_box = named(QComboBox(), "norm_event_type")
        for kind, text in EVENT_TYPE_TEXT.items():
            self.type_box.addItem(text, kind.value)
        self.type_box.setToolTip("The kind of event, for B.01's exemptions (1.4.1b: fewer games; 1.4.3a-c: no "
                                 "federation conditions)")  # fmt: skip
        self.rounds_box = named(QSpinBox(), "norm_rounds_a_day")
        self.rounds_box.setRange(0, ROUND_RANGE.high)
        self.rounds_box.setSpecialValueText("—")  # 0: not given
        self.rounds_box.setToolTip("The most rounds played on one day (B.01 1.1.3 allows 2)")
        self.licence_box = named(QComboBox(), "norm_arbiter_licence")
        for licence, text in LICENCES.items():
            self.licence_box.addItem(text, licence.value if licence else "")
        self.licence_box.setToolTip("The chief arbiter's title (B.01 1.1.5: an IA or FA for a title tournament)")
        self.arbiter_id_edit = named(QLineEdit(), "norm_arbiter_fide_id")
        self.arbiter_id_edit.setPlaceholderText("FIDE ID")
        self.organiser_edit = named(QLineEdit(), "norm_organiser")
        self.organiser_edit.setPlaceholderText("Organiser of the event")
        for box in (self.type_box, self.licence_box):
            # the longest event type is wider than the Norms pane of a 1024-wide window: the list shows it whole
            box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            box.setMinimumContentsLength(6)
        self.message = named(plain_label(), "norm_fields_message")
        self.message.hide()
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        # two rows, not three: at 1024 x 640 every row taken from the norms is one norm fewer in view
        rows = (
            (
                ("Event type", self.type_box, 1),
                ("Rounds a day", self.rounds_box, 1),
                ("Arbiter's title", self.licence_box, 1),
            ),
            (("Arbiter's FIDE ID", self.arbiter_id_edit, 1), ("Organiser", self.organiser_edit, 3)),
        )
        for row, fields in enumerate(rows):
            column = 0
            for text, field, span in fields:
                label = plain_label(text)
                label.setBuddy(field)
                grid.addWidget(label, row, column)
                grid.addWidget(field, row, column + 1, 1, span)
                column += 1 + span
        grid.addWidget(self.message, len(rows), 0, 1, 6)
        for column in (1, 3, 5):
            grid.setColumnStretch(column, 1)
        for box in (self.type_box, self.licence_box):
            box.activated.connect(self.commit)  # the user's choice only, not refresh()
        self.rounds_box.editingFinished.connect(self.commit)
        self.rounds_box.valueChanged.connect(self._note_pending)
        for edit in (self.arbiter_id_edit, self.organiser_edit):
            edit.editingFinished.connect(self.commit)
            edit.textEdited.connect(self._note_pending)
        document.changed.connect(self.refresh)
        document.was_reset.connect(self.refresh)
        document.commit_requested.connect(self.commit_pending)
        self.refresh()

    def info(self) -> EventInfo:
        """The event with these fields as shown; InvalidValueError when the FIDE ID is not one."""
        licence = self.licence_box.currentData()
        return dataclasses.replace(
            self._document.tournament.info,
            event_type=EventType(self.type_box.currentData()),
            rounds_a_day=self.rounds_box.value() or None,
            arbiter_licence=ArbiterLicence(licence) if licence else None,
            arbiter_fide_id=parse_fide_id(self.arbiter_id_edit.text()),
            organiser=self.organiser_edit.text().strip(),
        )

    def _pending(self) -> bool:
        try:
            return self.info() != self._document.tournament.info
        except InvalidValueError:
            return True

    def _note_pending(self) -> None:
        self._document.set_pending(PENDING, self._pending())

    def commit(self) -> str | None:
        """The fields made the event's, as one undo step; None when done (or nothing changed), else why not."""
        try:
            info = self.info()
        except InvalidValueError as error:
            mark(self.arbiter_id_edit, True)
            self._say(f"Arbiter's FIDE ID: {error}", "error")
            return f"Arbiter's FIDE ID: {error}"
        mark(self.arbiter_id_edit, False)
        self._say("")
        if info != self._document.tournament.info:
            self._document.apply("Edit event", set_event_info(self._document.tournament, info))
        self._note_pending()
        return None

    def commit_pending(self) -> None:
        """The document asks before an action reads it: commit what is typed, or say why it cannot be."""
        if self._pending():
            problem = self.commit()
            if problem is not None:
                self._document.refuse_commit(problem)

    def _say(self, text: str, tone: str = "muted") -> None:
        say(self.message, text, tone)
        self.message.setVisible(bool(text))

    def refresh(self) -> None:
        """Show the document's values; text being typed (a FIDE ID refused) stays until the document's changes."""
        info = self._document.tournament.info
        self.type_box.setCurrentIndex(max(0, self.type_box.findData(info.event_type.value)))
        self.rounds_box.setValue(info.rounds_a_day or 0)
        licence = info.arbiter_licence.value if info.arbiter_licence else ""
        self.licence_box.setCurrentIndex(max(0, self.licence_box.findData(licence)))
        for edit, text in ((self.arbiter_id_edit, fide_id_text(info.arbiter_fide_id)),
                           (self.organiser_edit, info.organiser)):  # fmt: skip
            if edit.text().strip() != text and not edit.hasFocus():
                edit.setText(text)
                edit.setCursorPosition(0)
        if not self.arbiter_id_edit.property("invalid"):
            self._say("")
        self._note_pending()
