"""The event's header data as a form: name, place, dates, arbiter, time control, system and rating kind.

A field is committed when the arbiter leaves it (``editingFinished``), not at each keystroke, so that
typing "Gelendzhik" is one undo step and not ten; every commit is ``document.apply("Edit event", ...)``.
"""

from __future__ import annotations

import dataclasses
import datetime as dt

from PySide6.QtCore import QDate, QRegularExpression
from PySide6.QtGui import QRegularExpressionValidator
from PySide6.QtWidgets import QComboBox, QDateEdit, QGridLayout, QLabel, QLineEdit, QWidget

from fidedesk.core.editing import set_event_info
from fidedesk.core.tournament import EventInfo, RatingKind, System
from fidedesk.gui.calculator.look import mark, named, say
from fidedesk.gui.document import TournamentDocument

#: The date a QDateEdit shows as "no date" (its minimum, displayed as its special value text).
NO_DATE = QDate(1900, 1, 1)

SYSTEM_NAMES = {
    System.SWISS: "Swiss",
    System.ROUND_ROBIN: "Round robin",
    System.DOUBLE_ROUND_ROBIN: "Double round robin",
    System.MATCH: "Match",
    System.TEAM_SWISS: "Team Swiss",
}


def _date_edit(name: str) -> QDateEdit:
    edit = named(QDateEdit(), name)
    edit.setCalendarPopup(True)
    edit.setDisplayFormat("yyyy-MM-dd")
    edit.setMinimumDate(NO_DATE)
    edit.setSpecialValueText("—")  # the minimum date stands for "not known"
    edit.setToolTip("The date; go to the lowest date (or clear it) for none")
    edit.setMinimumWidth(130)
    edit.setMaximumWidth(150)  # a date does not need half the window
    return edit


def _to_date(edit: QDateEdit) -> dt.date | None:
    date = edit.date()
    return None if date == NO_DATE else dt.date(date.year(), date.month(), date.day())


def _show_date(edit: QDateEdit, date: dt.date | None) -> None:
    edit.setDate(NO_DATE if date is None else QDate(date.year, date.month, date.day))


class EventForm(QWidget):
    """The event's fields, following the document, committing each finished edit as one undo step."""

    def __init__(self, document: TournamentDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self.name_edit = named(QLineEdit(), "event_name")
        self.name_edit.setPlaceholderText("Name of the event")
        self.city_edit = named(QLineEdit(), "event_city")
        self.federation_edit = named(QLineEdit(), "event_federation")
        self.federation_edit.setValidator(
            QRegularExpressionValidator(QRegularExpression(r"[A-Za-z]{0,3}"), self.federation_edit)
        )
        self.federation_edit.setPlaceholderText("RUS")
        self.federation_edit.setMaximumWidth(70)
        self.start_edit = _date_edit("event_start")
        self.end_edit = _date_edit("event_end")
        self.arbiter_edit = named(QLineEdit(), "event_arbiter")
        self.time_control_edit = named(QLineEdit(), "event_time_control")
        self.time_control_edit.setPlaceholderText("90 min + 30 s/move")
        self.system_box = named(QComboBox(), "event_system")
        for system, text in SYSTEM_NAMES.items():
            self.system_box.addItem(text, system.value)
        self.kind_box = named(QComboBox(), "event_kind")
        for kind in RatingKind:
            self.kind_box.addItem(kind.value.capitalize(), kind.value)
        self.message = named(QLabel(), "event_message")

        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        rows = (
            (("&Event", self.name_edit), ("Chief &arbiter", self.arbiter_edit)),
            (("Cit&y", self.city_edit), ("Time &control", self.time_control_edit)),
            (("Fe&deration", self.federation_edit), ("S&ystem", self.system_box)),
            (("&Start", self.start_edit), ("Rat&ing", self.kind_box)),
            (("E&nd", self.end_edit), ("", None)),
        )
        for row, pairs in enumerate(rows):
            for half, (text, field) in enumerate(pairs):
                if field is None:
                    continue
                label = QLabel(text)
                label.setBuddy(field)
                grid.addWidget(label, row, half * 2)
                grid.addWidget(field, row, half * 2 + 1)
        grid.addWidget(self.message, len(rows) - 1, 2, 1, 2)
        grid.setColumnStretch(1, 1)
        grid.setColumnStretch(3, 1)

        for edit in (self.name_edit, self.city_edit, self.federation_edit, self.arbiter_edit, self.time_control_edit):
            edit.editingFinished.connect(self.commit)
        for date_edit in (self.start_edit, self.end_edit):
            date_edit.editingFinished.connect(self.commit)
        for box in (self.system_box, self.kind_box):
            box.activated.connect(self.commit)  # the user's choice only, not refresh()
        document.changed.connect(self.refresh)
        self.refresh()

    def info(self) -> EventInfo:
        """The event as the fields show it (ValueError when a field cannot be used)."""
        federation = self.federation_edit.text().strip()
        if federation and len(federation) != 3:
            raise ValueError(f"“{federation}”: a federation is three letters, or empty")
        start, end = _to_date(self.start_edit), _to_date(self.end_edit)
        if start is not None and end is not None and end < start:
            raise ValueError("the event cannot end before it starts")
        return dataclasses.replace(
            self._document.tournament.info,
            name=self.name_edit.text().strip(),
            city=self.city_edit.text().strip(),
            federation=federation.upper(),
            start=start,
            end=end,
            chief_arbiter=self.arbiter_edit.text().strip(),
            time_control=self.time_control_edit.text().strip(),
            system=System(self.system_box.currentData()),
            kind=RatingKind(self.kind_box.currentData()),
        )

    def commit(self) -> None:
        """Make the fields the event's data, as one undo step (nothing when they did not change)."""
        try:
            info = self.info()
        except ValueError as error:
            mark(self.federation_edit, "federation" in str(error))
            say(self.message, str(error), "error")
            return
        mark(self.federation_edit, False)
        say(self.message, "")
        tournament = self._document.tournament
        if info != tournament.info:
            self._document.apply("Edit event", set_event_info(tournament, info))

    def refresh(self) -> None:
        """Show the document's event data (a field being typed in keeps its text when it did not change)."""
        info = self._document.tournament.info
        for edit, text in (
            (self.name_edit, info.name),
            (self.city_edit, info.city),
            (self.federation_edit, info.federation),
            (self.arbiter_edit, info.chief_arbiter),
            (self.time_control_edit, info.time_control),
        ):
            if edit.text().strip() != text:
                edit.setText(text)
                edit.setCursorPosition(0)  # a long text shows its beginning, not its end
        for date_edit, date in ((self.start_edit, info.start), (self.end_edit, info.end)):
            if _to_date(date_edit) != date:
                date_edit.blockSignals(True)
                _show_date(date_edit, date)
                date_edit.blockSignals(False)
        for box, value in ((self.system_box, info.system.value), (self.kind_box, info.kind.value)):
            box.setCurrentIndex(max(0, box.findData(value)))
