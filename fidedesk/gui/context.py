"""The rule edition every tab follows, chosen in one place (the toolbar), and the calculator's rating kind.

The tournament's figures are rated for the event's own kind (``EventInfo.kind``, in the event form); the
calculator and the reference tables have no event, so their kind is kept here, chosen with the
calculator's inputs.
"""

from __future__ import annotations

import datetime as dt

from PySide6.QtCore import QObject, Signal

from fidedesk.core.editions import AUTO, DEFAULT_EDITION, Edition, ResolvedEdition, get_edition, resolve_edition
from fidedesk.core.tournament import RatingKind


class RatingContext(QObject):
    """The chosen edition name (or ``auto``), event date and calculator's kind; ``changed`` after any change.

    The event date follows the open tournament's start date (the window passes it on), so that the
    tournament's figures, its Excel export and the calculator all use :meth:`resolved`.
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

    def resolved(self) -> ResolvedEdition:
        """The edition in force: the chosen one, or under ``auto`` the one of the event date.

        Falls back to the default edition for a date before any known edition, so that the window
        always has figures to show; its ``problem`` says so.
        """
        return resolve_edition(self._edition_name, self._event_date)

    def edition(self) -> Edition:
        """The edition every tab and the Excel export use (:meth:`resolved`)."""
        return self.resolved().edition

    def problem(self) -> str | None:
        """Why :meth:`edition` fell back to the default edition, or None."""
        return self.resolved().problem
