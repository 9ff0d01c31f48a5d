"""The open tournament: one immutable Tournament at a time, every edit an undoable replacement.

Edits are worked out by :mod:`fidedesk.core.editing` (pure functions); :meth:`TournamentDocument.apply`
pushes the result on the window's QUndoStack as a command holding the tournament before and after.
Views and models listen to :attr:`TournamentDocument.changed` and read :attr:`tournament`.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from fidedesk.core.tournament import EventInfo, Tournament


class ReplaceTournament(QUndoCommand):
    """One edit: redo shows ``after``, undo shows ``before``."""

    def __init__(self, document: TournamentDocument, before: Tournament, after: Tournament, text: str) -> None:
        super().__init__(text)
        self._document = document
        self._before = before
        self._after = after

    def redo(self) -> None:
        self._document.show(self._after)

    def undo(self) -> None:
        self._document.show(self._before)


class TournamentDocument(QObject):
    """The tournament being edited, its file and whether it has unsaved changes."""

    changed = Signal()
    path_changed = Signal()

    def __init__(self, undo_stack: QUndoStack, tournament: Tournament | None = None, parent: QObject | None = None):
        super().__init__(parent)
        self.undo_stack = undo_stack
        self._tournament = tournament or Tournament(EventInfo(), ())
        self._path: Path | None = None

    @property
    def tournament(self) -> Tournament:
        return self._tournament

    @property
    def path(self) -> Path | None:
        return self._path

    @property
    def is_modified(self) -> bool:
        return not self.undo_stack.isClean()

    def apply(self, text: str, after: Tournament) -> None:
        """Make ``after`` the tournament, as one undoable step named ``text`` ("Enter result 1-0, board 3")."""
        if after != self._tournament:
            self.undo_stack.push(ReplaceTournament(self, self._tournament, after, text))

    def show(self, tournament: Tournament) -> None:
        """Replace the tournament without an undo step (the commands' redo/undo use this)."""
        self._tournament = tournament
        self.changed.emit()

    def reset(self, tournament: Tournament, path: Path | None) -> None:
        """A new or opened tournament: no undo history, nothing unsaved."""
        self.undo_stack.clear()
        self._path = path
        self.show(tournament)
        self.undo_stack.setClean()
        self.path_changed.emit()

    def saved_as(self, path: Path) -> None:
        """The tournament was written to ``path``: that is now its file, and nothing is unsaved."""
        self._path = path
        self.undo_stack.setClean()
        self.path_changed.emit()
