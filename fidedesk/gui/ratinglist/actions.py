"""The Rating List menu: import FIDE's download, search it, add players from it, update ratings from it.

The lists live in one SQLite file in the user's data folder (:func:`default_database`), kept by month;
the list offered is the one in force on the tournament's start date (FIDE publishes on the first of
each month), and the user may pick another. A search runs on the GUI thread (a few milliseconds
at 1.7 million players); an import runs off it behind a progress dialog, in one transaction, so a
cancelled or failed import leaves the lists already there as they were. Adding players and updating
ratings are each one undoable step.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TypeVar

from PySide6.QtCore import QObject, QStandardPaths
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QWidget

from fidedesk.core.editing import add_new_players
from fidedesk.core.tournament import Tournament
from fidedesk.core.values import counted, fide_id_text, rating_text
from fidedesk.gui.common.background import run_with_progress
from fidedesk.gui.common.dialogs import Dialogs
from fidedesk.gui.common.menus import Menu, MenuContribution
from fidedesk.gui.files.actions import FileActions
from fidedesk.gui.files.document import TournamentDocument
from fidedesk.gui.ratinglist.search import RatingListDialog
from fidedesk.io.excel.grid import ImportCancelled
from fidedesk.io.plain_words import explained
from fidedesk.io.ratinglist.fide_list import ListFormatError, inspect
from fidedesk.io.ratinglist.store import (
    DATABASE_NAME,
    SEARCH_LIMIT,
    ListPlayer,
    RatingDatabase,
    StoredList,
    Update,
    apply_updates,
    import_list,
    in_force,
    updates_from_list,
)

LIST_FILTER = "FIDE rating lists (*.zip);;All files (*)"
CANNOT_IMPORT = "Cannot import the rating list"
UNCHANGED = (
    "\n\nThe lists already kept are unchanged."  # an import is one transaction (io.ratinglist.store.import_list)
)
T = TypeVar("T")


def default_database() -> Path:
    """The rating list database in the user's data folder (Qt's AppDataLocation)."""
    folder = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    return Path(folder) / DATABASE_NAME


class RatingListActions(QObject):
    """The Rating List menu's actions, for the window's open tournament."""

    limit = SEARCH_LIMIT

    def __init__(self, window: QWidget, files: FileActions, dialogs: Dialogs) -> None:
        super().__init__(window)
        self._window = window
        self.dialogs = dialogs
        self.files = files
        self.document: TournamentDocument = files.document
        self.settings = files.settings
        self.database = default_database()
        self.dialog: RatingListDialog | None = None
        self.search_action = QAction("&Search Rating List…", window)
        self.search_action.setShortcut(QKeySequence("Ctrl+L"))
        self.search_action.setToolTip("Find players in FIDE's rating list and add them to the tournament")
        self.search_action.triggered.connect(lambda _checked=False: self.show_search())
        self.update_action = QAction("&Update Ratings from List…", window)
        self.update_action.triggered.connect(lambda _checked=False: self.update_ratings())
        self.import_action = QAction("&Import FIDE Rating List…", window)
        self.import_action.triggered.connect(lambda _checked=False: self.import_list())

    def menu_actions(self) -> MenuContribution:
        """Rating List: Search, Update Ratings; Import FIDE Rating List."""
        return MenuContribution(Menu.RATING_LIST, ((self.search_action, self.update_action), (self.import_action,)))

    # --- the database ---------------------------------------------------------------------------

    def _ask(self, question: Callable[[RatingDatabase], T], otherwise: T) -> T:
        """``question`` answered by the database (opened for it: 0.1 ms), or ``otherwise`` when there is
        none yet or it cannot be read (said in a message)."""
        if not self.database.exists():
            return otherwise
        try:
            database = RatingDatabase(self.database)
        except ListFormatError as error:
            self.dialogs.error("Rating list", explained(error))
            return otherwise
        with database:
            return question(database)

    def lists(self) -> list[StoredList]:
        return self._ask(RatingDatabase.lists, [])

    def find(self, stored: StoredList, text: str, federation: str) -> list[ListPlayer]:
        return self._ask(lambda database: database.find(stored.id, text, federation=federation, limit=self.limit), [])

    def remove(self, stored: StoredList) -> None:
        self._ask(lambda database: database.remove(stored.id), None)

    # --- the menu's work ------------------------------------------------------------------------

    def show_search(self) -> RatingListDialog:
        if self.dialog is None:
            self.dialog = RatingListDialog(self, self._window)
        else:
            self.dialog.refresh_lists()
        self.dialog.show()
        self.dialog.raise_()
        self.dialog.activateWindow()
        self.dialog.search.setFocus()
        self.dialog.search.selectAll()
        return self.dialog

    def import_list(self, path: Path | None = None) -> StoredList | None:
        """Import a downloaded list (off the GUI thread, cancellable); the list kept, None if not."""
        if path is None:
            path = self.dialogs.open_file("Import FIDE Rating List", self.settings.folder, LIST_FILTER)
            if path is None:
                return None
        try:
            source = inspect(path)
        except ListFormatError as error:
            self.dialogs.error(CANNOT_IMPORT, f"{explained(error)}{UNCHANGED}")
            return None
        choice = self.dialogs.confirm_list(source)
        if choice is None:
            return None
        month, kind = choice
        database = self.database
        outcome = run_with_progress(
            self._window,
            "Import FIDE Rating List",
            f"Reading {path.name} ({source.estimated_players:,} players or so)…",
            lambda progress: import_list(database, source, month=month, kind=kind, progress=progress),
            unit="players read",
            total=source.estimated_players,
        )
        # Cancel pressed once the last row was read comes too late: the list is in, and is shown as in
        if isinstance(outcome.error, ImportCancelled):
            return None
        if isinstance(outcome.error, (ListFormatError, OSError)):
            self.dialogs.error(CANNOT_IMPORT, f"{explained(outcome.error)}{UNCHANGED}")
            return None
        if outcome.error is not None:  # a bug: said here, as the worker thread cannot, and raised on for its traceback
            failure = f"{type(outcome.error).__name__}: {outcome.error}"
            self.dialogs.error(CANNOT_IMPORT, f"{path.name}: the import failed ({failure}){UNCHANGED}")
            raise outcome.error
        self.settings.last_folder = str(path.parent)
        stored = outcome.value
        assert stored is not None
        if self.dialog is not None:
            self.dialog.refresh_lists(select=stored.id)
        self.files.say(f"Imported the FIDE {stored}.")
        return stored

    def add_players(self, chosen: Sequence[ListPlayer], stored: StoredList) -> str:
        """Add ``chosen`` to the tournament in one undoable step; what was done, in words."""
        if not self.files.commit_typing("Add to Tournament"):
            return "Nothing added: what is being typed in the tournament cannot be used yet."
        kind = self.document.tournament.info.kind
        after, fresh, left_out = add_new_players(self.document.tournament, [entry.player(kind) for entry in chosen])
        who = fresh[0].name if len(fresh) == 1 else f"{len(fresh)} players"
        if fresh:
            self.document.apply(f"Add {who} from the {stored.month.label} list", after)
        parts = []
        if len(fresh) == 1:  # whom, by what an arbiter checks against the list: never a silent surprise
            one = fresh[0]
            rating = rating_text(one.rating) or "none"
            parts.append(
                f"Added {who} (No {one.start_rank}): FIDE ID {fide_id_text(one.fide_id)}, rating {rating}, "
                f"with the {stored.month.label} {kind.value} rating and K."
            )
        elif fresh:
            ranks = ", ".join(str(player.start_rank) for player in fresh)
            parts.append(f"Added {who} (No {ranks}) with the {stored.month.label} {kind.value} rating and K.")
        if left_out:
            parts.append(f"{len(left_out)} already in the tournament (same FIDE ID).")
        return " ".join(parts)

    def update_ratings(self) -> bool:
        """Show what the list in force changes for the tournament's players; apply it as one step if accepted."""
        if not self.files.commit_typing("Update Ratings from List"):
            return False
        tournament = self.document.tournament
        info = tournament.info
        stored = in_force(self.lists(), info.kind, info.start)
        if stored is None:
            when = f" in force on {info.start.isoformat()}" if info.start else ""
            self.dialogs.info(
                "Update Ratings from List",
                f"No {info.kind.value} rating list{when} is kept. Import FIDE's list first (Rating List › Import).",
            )
            return False
        ids = [player.fide_id for player in tournament.players if player.fide_id]
        nobody: dict[int, ListPlayer] = {}
        entries = self._ask(lambda database: database.by_ids(stored.id, ids), nobody)
        updates = updates_from_list(tournament, entries)
        summary = _summary(tournament, entries, updates, stored)
        if not updates:
            self.dialogs.info("Update Ratings from List", summary)
            return False
        if not self.dialogs.review_updates(updates, summary):
            return False
        self.document.apply(f"Update ratings from the {stored.month.label} list", apply_updates(tournament, updates))
        return True


def _summary(
    tournament: Tournament, entries: dict[int, ListPlayer], updates: Sequence[Update], stored: StoredList
) -> str:
    with_id = [player for player in tournament.players if player.fide_id]
    missing = [player for player in with_id if player.fide_id not in entries]
    changed = len({update.start_rank for update in updates})
    parts = [f"From the {stored}: {counted(len(updates), 'change')} for {counted(changed, 'player')}."]
    if not updates:
        parts = [f"The players agree with the {stored}: nothing to change."]
    if missing:
        names = ", ".join(player.name for player in missing[:5]) + ("…" if len(missing) > 5 else "")
        parts.append(f"Not in the list: {names}.")
    without = len(tournament.players) - len(with_id)
    if without:
        parts.append(f"Without a FIDE ID, left as they are: {counted(without, 'player')}.")
    return " ".join(parts)
