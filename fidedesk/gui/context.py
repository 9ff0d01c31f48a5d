"""The rule edition and rating kind every tab follows, chosen in one place (the toolbar)."""

from __future__ import annotations

import datetime as dt

from PySide6.QtCore import QObject, Signal

from fidedesk.core.editions import AUTO, DEFAULT_EDITION, Edition, UnknownEditionError, get_edition
from fidedesk.core.tournament import RatingKind


class RatingContext(QObject):
    """The chosen edition name (or ``auto``), rating kind and event date; ``changed`` after any change."""

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

    def edition(self) -> Edition:
        """The edition in force: the chosen one, or under ``auto`` the one of the event date.

        Falls back to the default edition for a date before any known edition, so that the
        window always has figures to show; :meth:`problem` says so.
        """
        try:
            return get_edition(self._edition_name, self._event_date)
        except UnknownEditionError:
            return DEFAULT_EDITION

    def problem(self) -> str | None:
        """Why :meth:`edition` fell back to the default edition, or None."""
        try:
            get_edition(self._edition_name, self._event_date)
        except UnknownEditionError as error:
            return f"{error}; showing {DEFAULT_EDITION.name}"
        return None
