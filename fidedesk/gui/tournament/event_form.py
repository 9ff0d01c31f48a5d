"""The event's header data as a form: name, place, dates, arbiter, time control, system and rating kind, and
what pairing needs: the number of rounds, the top player's colour in round 1, Baku acceleration, forbidden pairs.

A field is committed when the arbiter leaves it (``editingFinished``), not at each keystroke, so that
typing "Gelendzhik" is one undo step and not ten; every commit is ``document.apply("Edit event", ...)``.
Nothing typed is lost meanwhile: from the first key the form tells the document it holds typed text (the
title's ``*``), commits it when an action asks (``TournamentDocument.commit_pending``: Ctrl+S, Alt+A …),
and a change of the document keeps a field's typed text unless it changed that field's own value (an undo).
Every field has its own Alt+letter (none taken by the window's menus, tabs or buttons), and the dates
are typed as YYYY-MM-DD: a date spin box showing "no date" could neither be typed into nor left by Tab.
The pairing fields have no Alt+letter (no letter is left; Tab from End reaches them), and each change
is an undo step of its own through :mod:`fidedesk.core.pairing.setup_edits`; the forbidden pairs are typed text,
kept and committed like the event's fields.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Callable

from PySide6.QtCore import QRegularExpression
from PySide6.QtGui import QRegularExpressionValidator
from PySide6.QtWidgets import QCheckBox, QComboBox, QGridLayout, QLineEdit, QSpinBox, QWidget

from fidedesk.core.editing import EditError, set_event_info
from fidedesk.core.pairing.round import planned_rounds
from fidedesk.core.pairing.setup import ForbiddenPairs, InitialColour
from fidedesk.core.pairing.setup_edits import set_baku, set_forbidden, set_initial_colour, set_rounds
from fidedesk.core.pairing.text import FORBIDDEN_HINT, ForbiddenPairsError, forbidden_text, parse_forbidden
from fidedesk.core.tournament import EventInfo, RatingKind, System, Tournament
from fidedesk.core.values import (
    DATE_HINT,
    FEDERATION_HINT,
    ROUND_RANGE,
    FederationError,
    date_text,
    parse_date,
    parse_federation,
)
from fidedesk.gui.common.look import mark, named, say
from fidedesk.gui.common.plain import plain_label, without_mnemonic
from fidedesk.gui.files.document import TournamentDocument

SYSTEM_NAMES = {
    System.SWISS: "Swiss",
    System.ROUND_ROBIN: "Round robin",
    System.DOUBLE_ROUND_ROBIN: "Double round robin",
    System.MATCH: "Match",
    System.TEAM_SWISS: "Team Swiss",
}

#: The round-1 colour box: drawn by lot when round 1 is paired (then stored and shown), or chosen.
COLOURS = {None: "By lot", InitialColour.WHITE: "White", InitialColour.BLACK: "Black"}

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


def _holds(edit: QLineEdit, value: str | dt.date | None) -> bool:
    """Whether the field already stands for the document's ``value`` (a text, or a date however typed)."""
    if isinstance(value, str):
        return edit.text().strip() == value.strip()  # a name read from a file with spaces around is not typed
    try:
        return parse_date(edit.text()) == value
    except ValueError:
        return False


#: The name under which the form tells the document it holds typed text.
PENDING = "event form"


class EventForm(QWidget):
    """The event's fields, following the document, committing each finished edit as one undo step."""

    def __init__(self, document: TournamentDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self.name_edit = named(QLineEdit(), "event_name")
        self.name_edit.setPlaceholderText("Name of the event")
        self.city_edit = named(QLineEdit(), "event_city")
        # any text: core.values.parse_federation says why it is not a federation, rather than a key held back
        self.federation_edit = named(QLineEdit(), "event_federation")
        self.federation_edit.setPlaceholderText(FEDERATION_HINT)  # "RUS" looked like a value already typed
        hint_width = self.federation_edit.fontMetrics().horizontalAdvance(FEDERATION_HINT)
        # the whole hint shows (frame and text margins), also where the form is squeezed (a 1024-wide window)
        self.federation_edit.setFixedWidth(hint_width + 24)
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
        self.rounds_box = named(QSpinBox(), "event_rounds")
        self.rounds_box.setRange(0, ROUND_RANGE.high)
        self.rounds_box.setSpecialValueText("—")  # 0: not set (a round robin's follow from its players)
        self.rounds_box.setToolTip(
            "The number of rounds announced. When none is: a round robin's follow from its players, and a Swiss "
            "shows the rounds its file holds so far"
        )
        self.colour_box = named(QComboBox(), "event_colour")
        for colour, text in COLOURS.items():
            self.colour_box.addItem(text, colour.value if colour is not None else "")
        self.colour_box.setToolTip(
            "The colour of the top-ranked player in round 1 (C.04.3): drawn by lot when round 1 is "
            "paired, and shown here from then on, or chosen"
        )
        self.baku_box = named(QCheckBox("Baku acceleration"), "event_baku")
        self.baku_box.setToolTip(
            "Accelerated pairings (C.04.7, Baku): a virtual point for the top half of the players in the first "
            "rounds; worked out for the players present when round 1 is paired"
        )
        self.forbidden_edit = named(QLineEdit(), "event_forbidden")
        self.forbidden_edit.setPlaceholderText("1 2; 5 7 9 rounds 1-3")
        self.forbidden_edit.setToolTip(
            f"Players who must not meet (C.04.1 b), by start rank: {FORBIDDEN_HINT}; empty when none"
        )
        self.message = named(plain_label(), "event_message")

        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        # Alt+letters: the menus take F E L V H, the window's tabs T C R, the players' buttons A P and the
        # rounds W K U; each field here has its own, none shared (tests/gui/test_keys.py checks them all)
        rows = (
            (("Eve&nt", self.name_edit), ("Chief ar&biter", self.arbiter_edit)),
            (("C&ity", self.city_edit), ("Ti&me control", self.time_control_edit)),
            (("Federati&on", self.federation_edit), ("S&ystem", self.system_box)),
            (("&Start", self.start_edit), ("Ratin&g", self.kind_box)),
            (("En&d", self.end_edit), ("Rounds", self.rounds_box)),
            (("Colour", self.colour_box), ("", self.baku_box)),
            # a row of its own across the form: on the Colour row, beside it or beside Rounds, it made the
            # window wider than a 1024-wide screen; two lines keep the labels' column as narrow as it was
            (("Forbidden\npairs", self.forbidden_edit),),
        )
        for row, pairs in enumerate(rows):
            for half, (text, field) in enumerate(pairs):
                columns = 2 if not text else 3 if len(pairs) == 1 else 1
                if text:  # a check box says what it is itself
                    label = plain_label(text)
                    label.setBuddy(field)
                    grid.addWidget(label, row, half * 2)
                grid.addWidget(field, row, half * 2 + (1 if text else 0), 1, columns)
        grid.addWidget(self.message, len(rows), 0, 1, 4)
        grid.setColumnStretch(1, 1)
        grid.setColumnStretch(3, 1)

        #: Each typed field and how a refusal names it (its label); the last document value each one was shown.
        self._labels = {
            field: without_mnemonic(text).replace("\n", " ")
            for pairs in rows
            for text, field in pairs
            if isinstance(field, QLineEdit)
        }
        self._known: dict[QLineEdit, str | dt.date | None] = {}
        self._known_rounds: int | None = None
        self._known_forbidden: tuple[ForbiddenPairs, ...] = ()
        for edit in self._document_values():
            edit.editingFinished.connect(self.commit)
            edit.textEdited.connect(self._note_pending)  # the user's typing only, not refresh()
        for box in (self.system_box, self.kind_box):
            box.activated.connect(self.commit)  # the user's choice only, not refresh()
        self.rounds_box.editingFinished.connect(self.commit_rounds)
        self.rounds_box.valueChanged.connect(self._note_pending)
        self.colour_box.activated.connect(self._commit_colour)
        self.baku_box.clicked.connect(self._commit_baku)  # the user's click only, not refresh()
        self.forbidden_edit.editingFinished.connect(self.commit_forbidden)
        self.forbidden_edit.textEdited.connect(self._note_pending)
        document.changed.connect(self.refresh)
        document.was_reset.connect(lambda: self.refresh(reset=True))
        document.commit_requested.connect(self.commit_pending)
        self.refresh(reset=True)

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

    def commit(self) -> str | None:
        """Make the fields the event's data, as one undo step (nothing when they did not change).

        None when done; else why a field cannot be used, naming it ("Start: …"), which the form shows too.
        """
        tournament = self._document.tournament
        try:
            info = self.info()
            after = set_event_info(tournament, info)
        except FieldError as error:
            return self._show_problem(error.field, str(error))
        except EditError as error:  # the one rule of the event's data: it cannot end before it starts
            return self._show_problem(self.end_edit, str(error))
        self._show_problem(None, "")
        if info != tournament.info:
            self._document.apply("Edit event", after)
        for edit in self._pending_fields():  # typed in another form of the same value ("eng"): show the document's
            self._show_value(edit, self._known[edit])
        self._note_pending()
        return None

    def commit_pending(self) -> None:
        """The document asks before an action reads it: commit the typed text, or say why it cannot be."""
        for pending, commit in (
            (self._pending_fields(), self.commit),
            (self._rounds_pending(), self.commit_rounds),
            (self._forbidden_pending(), self.commit_forbidden),
        ):
            problem = commit() if pending else None
            if problem is not None:
                self._document.refuse_commit(problem)

    def _rounds_pending(self) -> bool:
        return (self.rounds_box.value() or None) != self._document.tournament.info.rounds

    def commit_rounds(self) -> str | None:
        """The number of rounds typed, as one undo step; None when done, else why not ("Rounds: …")."""
        if not self._rounds_pending():
            return None
        return self._setup("Set the number of rounds", lambda t: set_rounds(t, self.rounds_box.value() or None))

    def _forbidden_pending(self) -> bool:
        """Whether the forbidden pairs typed are not the event's (text that cannot be read is typed text)."""
        try:
            return parse_forbidden(self.forbidden_edit.text()) != self._document.tournament.info.forbidden
        except ForbiddenPairsError:
            return True

    def commit_forbidden(self) -> str | None:
        """The forbidden pairs typed, as one undo step; None when done, else why not ("Forbidden pairs: …").
        Text refused stays in the field, marked, as a date does: the arbiter corrects it, not retypes it."""
        if self._forbidden_pending():
            try:
                after = set_forbidden(self._document.tournament, parse_forbidden(self.forbidden_edit.text()))
            except (ForbiddenPairsError, EditError) as error:
                return self._show_problem(self.forbidden_edit, str(error))
            self._document.apply("Set the forbidden pairs", after)
        self._show_forbidden()  # "1,2" typed for the event's "1 2": the one form shows
        self._note_pending()
        return None

    def _show_forbidden(self) -> None:
        """The event's forbidden pairs in the field; a problem said of the text it held is said no more."""
        if self.forbidden_edit.property("invalid"):
            mark(self.forbidden_edit, False)
            self._say("")
        text = forbidden_text(self._document.tournament.info.forbidden)
        if self.forbidden_edit.text() != text:
            self.forbidden_edit.setText(text)
            self.forbidden_edit.setCursorPosition(0)

    def _commit_colour(self) -> None:
        value = self.colour_box.currentData()
        colour = InitialColour(value) if value else None
        self._setup("Set the round 1 colour", lambda t: set_initial_colour(t, colour))

    def _commit_baku(self, on: bool) -> None:
        self._setup(f"Baku acceleration {'on' if on else 'off'}", lambda t: set_baku(t, on))

    def _setup(self, text: str, edit: Callable[[Tournament], Tournament]) -> str | None:
        """Apply a pairing-setup edit as one undo step; when refused, say why and show the document's value."""
        try:
            after = edit(self._document.tournament)
        except EditError as error:
            self._say(f"{text}: {error}", "error")
            self.refresh(reset=False, setup=True)
            return f"{text}: {error}"
        self._say("")
        self._document.apply(text, after)
        return None

    def _document_values(self) -> dict[QLineEdit, str | dt.date | None]:
        info = self._document.tournament.info
        return {
            self.name_edit: info.name, self.city_edit: info.city, self.federation_edit: info.federation,
            self.arbiter_edit: info.chief_arbiter, self.time_control_edit: info.time_control,
            self.start_edit: info.start, self.end_edit: info.end,
        }  # fmt: skip

    def _pending_fields(self) -> list[QLineEdit]:
        """The fields whose text is not the document's value (typed and not committed)."""
        return [edit for edit, value in self._document_values().items() if not _holds(edit, value)]

    def _note_pending(self) -> None:
        pending = bool(self._pending_fields()) or self._rounds_pending() or self._forbidden_pending()
        self._document.set_pending(PENDING, pending)

    def _show_problem(self, wrong: QWidget | None, text: str) -> str | None:
        """Mark the field that cannot be used (only that one; none when all can) and say why; the reason
        with the field's name, None when all can be used."""
        for field in (self.federation_edit, self.start_edit, self.end_edit, self.forbidden_edit):
            mark(field, field is wrong)
        self._say(text, "error" if wrong is not None else "muted")
        if not isinstance(wrong, QLineEdit):
            return None
        return f"{self._labels[wrong]}: {text}"

    def _say(self, text: str, tone: str = "muted") -> None:
        """Say why a field cannot be used under the form; the line takes no room while there is nothing to say
        (the players below get it: at 1024 x 640 a row of them)."""
        say(self.message, text, tone)
        self.message.setVisible(bool(text))

    @staticmethod
    def _show_value(edit: QLineEdit, value: str | dt.date | None) -> None:
        edit.setText(value if isinstance(value, str) else date_text(value))
        edit.setCursorPosition(0)  # a long text shows its beginning, not its end

    def refresh(self, reset: bool = False, setup: bool = False) -> None:
        """Show the document's event data. A field being typed in keeps its text unless the document's value
        of that field changed (an undo of it) or the document was replaced (``reset``: new, open); the
        pairing fields too, and always when ``setup`` (after a refused change)."""
        for edit, value in self._document_values().items():
            changed = reset or self._known.get(edit, value) != value
            self._known[edit] = value
            if changed and not _holds(edit, value):
                self._show_value(edit, value)
        info = self._document.tournament.info
        for box, value in ((self.system_box, info.system.value), (self.kind_box, info.kind.value)):
            box.setCurrentIndex(max(0, box.findData(value)))
        # before the value: a spin box shows its special text only as it is set to its minimum again
        self.rounds_box.setSpecialValueText(unset_rounds_text(self._document.tournament))
        if reset or setup or self._known_rounds != info.rounds:
            self.rounds_box.setValue(info.rounds or 0)
        self._known_rounds = info.rounds
        colour = info.initial_colour.value if info.initial_colour is not None else ""
        self.colour_box.setCurrentIndex(max(0, self.colour_box.findData(colour)))
        self.baku_box.setChecked(bool(info.acceleration))
        swiss = not info.system.is_round_robin  # a Berger table fixes the colours and takes no acceleration
        self.colour_box.setEnabled(swiss)
        self.baku_box.setEnabled(swiss or bool(info.acceleration))  # records read from a file can be turned off
        if reset or self._known_forbidden != info.forbidden:  # else the arbiter's typing stays
            self._show_forbidden()
        self._known_forbidden = info.forbidden
        # a Berger table fixes who meets whom; pairs read from a file can still be cleared
        self.forbidden_edit.setEnabled(swiss or bool(info.forbidden))
        if reset:
            self._show_problem(None, "")
        self._note_pending()


def unset_rounds_text(tournament: Tournament) -> str:
    """What the Rounds field shows while no number of rounds is announced: a round robin's, from its players
    (C.05 Annex 1, :func:`~fidedesk.core.pairing.round.planned_rounds`); else the rounds the file holds so far
    (a TRF without ``XXR``); else a dash."""
    planned = planned_rounds(tournament)
    if planned is not None:
        return f"{planned} (by players)"
    if tournament.last_round:
        return f"— ({tournament.last_round} so far)"
    return "—"
