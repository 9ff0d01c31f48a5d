"""The open tournament: one immutable Tournament at a time, every edit an undoable replacement.

Edits are worked out by :mod:`fidedesk.core.editing` (pure functions); :meth:`TournamentDocument.apply`
pushes the result on the window's QUndoStack as a command holding the tournament before and after.
Views and models listen to :attr:`TournamentDocument.changed` and read :attr:`tournament`.

Nothing typed is lost: a widget holding typed text the document does not have yet (the event form's field
being typed in, a player's cell editor) says so with :meth:`TournamentDocument.set_pending`, so the
window's title shows ``*`` from the first key, and listens to :attr:`TournamentDocument.commit_requested`.
Every action that reads the document (save, export, close, new, open, import, add player, change of tab,
the rating list's additions and updates) first calls :meth:`TournamentDocument.commit_pending`, which asks
them all to make their text an undo step now, and hears from each one whose text cannot be used.
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


#: The tournament of File › New: no event details, no players (what nothing was typed into yet).
BLANK = Tournament(EventInfo(), ())


class TournamentDocument(QObject):
    """The tournament being edited, its file and whether it has unsaved changes."""

    changed = Signal()
    path_changed = Signal()
    #: Widgets holding typed text: make it an undo step now (see :meth:`commit_pending`).
    commit_requested = Signal()
    #: Whether some widget holds typed text the document does not have yet changed (see :meth:`set_pending`).
    pending_changed = Signal()
    #: The document was replaced (new, open, import): text typed for the one before is dropped.
    was_reset = Signal()
    #: A whole tournament came in (new, open, import, work restored after a crash, once restored): the views go
    #: to where the work is (the Rounds view to the current round).
    arrived = Signal()

    def __init__(self, undo_stack: QUndoStack, tournament: Tournament | None = None, parent: QObject | None = None):
        super().__init__(parent)
        self.undo_stack = undo_stack
        self._tournament = tournament or BLANK
        self._path: Path | None = None
        self._pending: set[str] = set()  # who holds typed text the document does not have yet
        self._refusals: list[str] | None = None  # collected while commit_pending asks

    @property
    def tournament(self) -> Tournament:
        return self._tournament

    @property
    def path(self) -> Path | None:
        return self._path

    @property
    def is_modified(self) -> bool:
        """Changes since the last save (or open) that are steps of the undo stack."""
        return not self.undo_stack.isClean()

    @property
    def has_pending_edits(self) -> bool:
        """Whether a widget holds typed text the document does not have yet."""
        return bool(self._pending)

    @property
    def shows_modified(self) -> bool:
        """Unsaved work, as the title's ``*`` shows it: changes, or text typed and not yet committed."""
        return self.is_modified or self.has_pending_edits

    def set_pending(self, holder: str, pending: bool) -> None:
        """``holder`` (a name, one per widget) holds typed text the document does not have yet, or no longer."""
        before = bool(self._pending)
        if pending:
            self._pending.add(holder)
        else:
            self._pending.discard(holder)
        if bool(self._pending) != before:
            self.pending_changed.emit()

    def commit_pending(self) -> str | None:
        """Before an action reads the document: every widget holding typed text makes it an undo step now.

        None when all of it was taken (or there was none); else why a text could not be used, one line per
        field (the field keeps the text and says why, and stays pending, so the work is still unsaved).
        """
        refusals: list[str] = []
        outer, self._refusals = self._refusals, refusals  # a commit that asks again keeps its own list
        try:
            self.commit_requested.emit()
        finally:
            self._refusals = outer
        return "\n".join(refusals) or None

    def refuse_commit(self, reason: str) -> None:
        """A holder of typed text tells :meth:`commit_pending` why it cannot be used (naming the field)."""
        if self._refusals is not None:
            self._refusals.append(reason)

    def apply(self, text: str, after: Tournament) -> None:
        """Make ``after`` the tournament, as one undoable step named ``text`` ("Enter result 1-0, board 3")."""
        if after != self._tournament:
            self.undo_stack.push(ReplaceTournament(self, self._tournament, after, text))

    def show(self, tournament: Tournament) -> None:
        """Replace the tournament without an undo step (the commands' redo/undo use this)."""
        self._tournament = tournament
        self.changed.emit()

    def reset(self, tournament: Tournament, path: Path | None, *, unsaved: bool = False) -> None:
        """A new or opened tournament: no undo history; nothing unsaved, unless ``unsaved``.

        An imported tournament (TRF, a workbook) is ``unsaved``: it is in no ``.fidedesk`` file yet, so the
        title shows ``*`` and New, Open and Quit ask about it until it is saved.
        """
        self.undo_stack.clear()
        self._path = path
        self.show(tournament)
        if unsaved:
            self.undo_stack.resetClean()  # no state of the stack is saved: modified until saved_as
        else:
            self.undo_stack.setClean()
        self.was_reset.emit()
        if self._pending:
            self._pending.clear()
            self.pending_changed.emit()
        self.path_changed.emit()
        self.arrived.emit()

    def saved_as(self, path: Path) -> None:
        """The tournament was written to ``path``: that is now its file, and nothing is unsaved."""
        self._path = path
        self.undo_stack.setClean()
        self.path_changed.emit()
