"""The rule edition every tab follows, chosen in one place (the toolbar), and the calculator's rating kind.

The tournament's figures are rated for the event's own kind (``EventInfo.kind``, in the event form); the
calculator and the reference tables have no event, so their kind is kept here, chosen with the
calculator's inputs.
"""

from __future__ import annotations

import datetime as dt

from PySide6.QtCore import QObject, Signal

from fidedesk.core.rating.editions import AUTO, DEFAULT_EDITION, Edition, ResolvedEdition, get_edition, resolve_edition
from fidedesk.core.tournament import RatingKind


class RatingContext(QObject):
    """The chosen edition name (or ``auto``), event date and calculator's kind; ``changed`` after any change.

    Every tab and the Excel export take their edition from :meth:`resolved`: the tournament's figures and
    its export with the event's start date, so that under ``auto`` they cannot use different editions.
    """

    changed = Signal()

    def __init__(
        self,
        edition_name: str = DEFAULT_EDITION.name,
        kind: RatingKind = RatingKind.STANDARD,
        event_date: dt.date | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._edition_name = edition_name
        self._kind = kind
        self._event_date = event_date or dt.date.today()

    @property
    def edition_name(self) -> str:
        return self._edition_name

    def set_edition_name(self, name: str) -> None:
        if name != self._edition_name:
            get_edition(name, self._event_date)  # refuses an unknown name before anything changes
            self._edition_name = name
            self.changed.emit()

    @property
    def kind(self) -> RatingKind:
        return self._kind

    def set_kind(self, kind: RatingKind) -> None:
        if kind is not self._kind:
            self._kind = kind
            self.changed.emit()

    @property
    def event_date(self) -> dt.date:
        return self._event_date

    def set_event_date(self, day: dt.date) -> None:
        if day != self._event_date:
            self._event_date = day
            self.changed.emit()

    @property
    def is_auto(self) -> bool:
        return self._edition_name == AUTO

    def resolved(self, start: dt.date | None = None) -> ResolvedEdition:
        """The edition in force: the chosen one, or under ``auto`` the one in force on ``start`` (an event's start
        date: the tournament's figures, its warnings and its Excel export pass the open event's) or, with no
        ``start``, on the context's date (the calculator and the reference tables).

        Falls back to the default edition for a date before any known edition, so that the window always has
        figures to show; its ``problem`` says so.
        """
        return resolve_edition(self._edition_name, start or self._event_date)

    def edition(self, start: dt.date | None = None) -> Edition:
        """The edition of :meth:`resolved`."""
        return self.resolved(start).edition

    def problem(self, start: dt.date | None = None) -> str | None:
        """Why :meth:`edition` fell back to the default edition, or None."""
        return self.resolved(start).problem
