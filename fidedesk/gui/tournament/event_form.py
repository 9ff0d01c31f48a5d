"""The event's header data as a form: name, place, dates, arbiter, time control, system and rating kind.

A field is committed when the arbiter leaves it (``editingFinished``), not at each keystroke, so that
typing "Gelendzhik" is one undo step and not ten; every commit is ``document.apply("Edit event", ...)``.
Every field has its own Alt+letter (none taken by the window's menus, tabs or buttons), and the dates
are typed as YYYY-MM-DD: a date spin box showing "no date" could neither be typed into nor left by Tab.
"""

from __future__ import annotations

import dataclasses
import datetime as dt

from PySide6.QtCore import QRegularExpression
from PySide6.QtGui import QRegularExpressionValidator
from PySide6.QtWidgets import QComboBox, QGridLayout, QLabel, QLineEdit, QWidget

from fidedesk.core.editing import EditError, set_event_info
from fidedesk.core.tournament import EventInfo, RatingKind, System
from fidedesk.core.values import DATE_HINT, FederationError, date_text, parse_date, parse_federation
from fidedesk.gui.calculator.look import mark, named, say
from fidedesk.gui.document import TournamentDocument

SYSTEM_NAMES = {
    System.SWISS: "Swiss",
    System.ROUND_ROBIN: "Round robin",
    System.DOUBLE_ROUND_ROBIN: "Double round robin",
    System.MATCH: "Match",
    System.TEAM_SWISS: "Team Swiss",
}

#: What a date field lets through while it is typed: digits and the separators core.values.parse_date reads
#: (its message offers DD.MM.YYYY too, so the field must take it).
_DATE_TYPING = r"[0-9./\- ]{0,12}"


class FieldError(ValueError):
    """A field's text cannot be used; ``field`` is the widget to mark."""

    def __init__(self, field: QWidget, message: str) -> None:
        super().__init__(message)
        self.field = field


def _date_edit(name: str) -> QLineEdit:
    edit = named(QLineEdit(), name)
    edit.setPlaceholderText("YYYY-MM-DD")
    edit.setValidator(QRegularExpressionValidator(QRegularExpression(_DATE_TYPING), edit))
    edit.setToolTip(f"The date as {DATE_HINT}; empty when not known")
    edit.setMinimumWidth(100)
    edit.setMaximumWidth(150)  # a date does not need half the window
    return edit


def _shows(edit: QLineEdit, date: dt.date | None) -> bool:
    """Whether the field already stands for ``date`` (a field being typed in keeps its text then)."""
    try:
        return parse_date(edit.text()) == date
    except ValueError:
        return False


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
        # Alt+letters: the menus take F E V H, the window's tabs T C R, the players' buttons A M and the
        # rounds W K U; each field here has its own (two fields on one letter need the key pressed twice)
        rows = (
            (("Eve&nt", self.name_edit), ("Chief ar&biter", self.arbiter_edit)),
            (("C&ity", self.city_edit), ("Time contro&l", self.time_control_edit)),
            (("Federati&on", self.federation_edit), ("S&ystem", self.system_box)),
            (("&Start", self.start_edit), ("Ratin&g", self.kind_box)),
            (("En&d", self.end_edit), ("", None)),
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

        for edit in (self.name_edit, self.city_edit, self.federation_edit, self.arbiter_edit, self.time_control_edit,
                     self.start_edit, self.end_edit):  # fmt: skip
            edit.editingFinished.connect(self.commit)
        for box in (self.system_box, self.kind_box):
            box.activated.connect(self.commit)  # the user's choice only, not refresh()
        document.changed.connect(self.refresh)
        self.refresh()

    def info(self) -> EventInfo:
        """The event as the fields show it (FieldError, a ValueError, when a field cannot be used)."""
        try:
            federation = parse_federation(self.federation_edit.text())
        except FederationError as error:
            raise FieldError(self.federation_edit, str(error)) from None
        dates: list[dt.date | None] = []
        for edit in (self.start_edit, self.end_edit):
            try:
                dates.append(parse_date(edit.text()))
            except ValueError as error:
                raise FieldError(edit, str(error)) from None
        start, end = dates
        return dataclasses.replace(
            self._document.tournament.info,
            name=self.name_edit.text().strip(),
            city=self.city_edit.text().strip(),
            federation=federation,
            start=start,
            end=end,
            chief_arbiter=self.arbiter_edit.text().strip(),
            time_control=self.time_control_edit.text().strip(),
            system=System(self.system_box.currentData()),
            kind=RatingKind(self.kind_box.currentData()),
        )

    def commit(self) -> None:
        """Make the fields the event's data, as one undo step (nothing when they did not change)."""
        tournament = self._document.tournament
        try:
            info = self.info()
            after = set_event_info(tournament, info)
        except FieldError as error:
            self._show_problem(error.field, str(error))
            return
        except EditError as error:  # the one rule of the event's data: it cannot end before it starts
            self._show_problem(self.end_edit, str(error))
            return
        self._show_problem(None, "")
        if info != tournament.info:
            self._document.apply("Edit event", after)

    def _show_problem(self, wrong: QWidget | None, text: str) -> None:
        """Mark the field that cannot be used (only that one; none when all can) and say why."""
        for field in (self.federation_edit, self.start_edit, self.end_edit):
            mark(field, field is wrong)
        say(self.message, text, "error" if wrong is not None else "muted")

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
            if not _shows(date_edit, date):
                date_edit.setText(date_text(date))
        for box, value in ((self.system_box, info.system.value), (self.kind_box, info.kind.value)):
            box.setCurrentIndex(max(0, box.findData(value)))
