"""The File menu's work: new, open, save, recent files, TRF import and export, autosave and recovery.

Every dialog goes through :class:`Dialogs`, whose classmethods tests replace (a modal dialog would
block a test forever). :class:`FileActions` decides what happens; the core and ``fidedesk.io`` do the
reading and writing: a save is atomic (``fidedesk_file.save``), and a recovery file is written a
short while after each change so that a crash or a flat battery loses at most a few seconds of work.
"""

from __future__ import annotations

import contextlib
import enum
import os
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QStandardPaths, QTimer
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QLabel,
    QListWidget,
    QMenu,
    QMessageBox,
    QVBoxLayout,
    QWidget,
)

from fidedesk.core.tournament import EventInfo, Tournament
from fidedesk.gui.document import TournamentDocument
from fidedesk.gui.settings import Settings
from fidedesk.io import fidedesk_file, recovery, trf
from fidedesk.io.atomic import write_atomic

if TYPE_CHECKING:
    from fidedesk.io.fide_list import ListKind, ListSource, Month
    from fidedesk.io.ratinglist import Update
    from fidedesk.io.xlsx_grid import SheetGrid
    from fidedesk.io.xlsx_import import ImportResult

#: How many files File › Open Recent lists.
MAX_RECENT = 8
#: Milliseconds after the last change before the recovery file is written.
AUTOSAVE_DELAY = 2000
FIDEDESK_FILTER = "fidedesk tournaments (*.fidedesk);;All files (*)"
TRF_FILTER = "FIDE tournament report (*.trf *.txt);;All files (*)"


def default_recovery_folder() -> Path:
    """Where recovery files are kept: the application's data folder, ``recovery`` inside it."""
    return Path(QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)) / "recovery"


class Choice(enum.Enum):
    """The answer to "Save changes to …?"."""

    SAVE = "save"
    DISCARD = "discard"
    CANCEL = "cancel"


class Dialogs:
    """Every question and message of the File menu, one classmethod each, so tests can replace them."""

    @classmethod
    @contextlib.contextmanager
    def unattended(cls, report: Callable[[str], None]) -> Iterator[None]:
        """While inside, no dialog waits for a user (``fidedesk --smoke-test``): messages go to ``report``,
        questions get the answer that changes nothing, and nothing is imported that needs a choice."""

        def message(_cls: object, _parent: QWidget, title: str, text: str) -> None:
            report(f"{title}: {text}")

        def nothing(_cls: object, *_args: object) -> None:
            return None

        def no(_cls: object, *_args: object) -> bool:
            return False

        def discard(_cls: object, *_args: object) -> Choice:
            return Choice.DISCARD

        answers: dict[str, Callable[..., object]] = {
            **dict.fromkeys(("open_file", "save_file", "choose_recovery", "excel_import", "confirm_list"), nothing),
            **dict.fromkeys(("error", "info"), message),
            **dict.fromkeys(("confirm", "review_updates"), no),
            "confirm_discard": discard,
        }
        saved = {name: cls.__dict__[name] for name in answers}
        for name, answer in answers.items():
            setattr(cls, name, classmethod(answer))
        try:
            yield
        finally:
            for name, original in saved.items():
                setattr(cls, name, original)

    @classmethod
    def open_file(cls, parent: QWidget, title: str, folder: str, filter_: str) -> Path | None:
        """A file chosen to open, None when cancelled."""
        name, _ = QFileDialog.getOpenFileName(parent, title, folder, filter_)
        return Path(name) if name else None

    @classmethod
    def save_file(cls, parent: QWidget, title: str, suggested: str, filter_: str) -> Path | None:
        """A file name chosen to save to, None when cancelled."""
        name, _ = QFileDialog.getSaveFileName(parent, title, suggested, filter_)
        return Path(name) if name else None

    @classmethod
    def confirm_discard(cls, parent: QWidget, name: str) -> Choice:
        """Ask whether to save the changes to ``name`` before they would be lost."""
        answer = QMessageBox.question(
            parent,
            "Unsaved changes",
            f"Save changes to {name}?",
            QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Save,
        )
        if answer == QMessageBox.StandardButton.Save:
            return Choice.SAVE
        if answer == QMessageBox.StandardButton.Discard:
            return Choice.DISCARD
        return Choice.CANCEL

    @classmethod
    def error(cls, parent: QWidget, title: str, text: str) -> None:
        QMessageBox.warning(parent, title, text)

    @classmethod
    def info(cls, parent: QWidget, title: str, text: str) -> None:
        QMessageBox.information(parent, title, text)

    @classmethod
    def confirm(cls, parent: QWidget, title: str, text: str) -> bool:
        """A yes-or-no question; True for yes."""
        answer = QMessageBox.question(parent, title, text)
        return answer == QMessageBox.StandardButton.Yes

    @classmethod
    def confirm_list(cls, parent: QWidget, source: ListSource) -> tuple[Month, ListKind] | None:
        """The month and kind of a rating list about to be imported, as the user confirms them; None to cancel."""
        from fidedesk.gui.rating_list import ImportListDialog

        dialog = ImportListDialog(source, parent)
        return dialog.choice() if dialog.exec() == QDialog.DialogCode.Accepted else None

    @classmethod
    def review_updates(cls, parent: QWidget, updates: Sequence[Update], summary: str) -> bool:
        """Show what "Update Ratings from List" would change; True to apply it."""
        from fidedesk.gui.rating_list import UpdatesDialog

        return UpdatesDialog(updates, summary, parent).exec() == QDialog.DialogCode.Accepted

    @classmethod
    def excel_import(cls, parent: QWidget, grids: Sequence[SheetGrid], source: str) -> ImportResult | None:
        """The Excel import wizard on a workbook already read; the import accepted, None when cancelled."""
        from fidedesk.gui.excel_files import choose_import  # the wizard is built only when asked for

        return choose_import(parent, grids, source)

    @classmethod
    def choose_recovery(cls, parent: QWidget, found: Sequence[recovery.Recovery]) -> recovery.Recovery | None:
        """Offer the recovery files found at start; the one to restore, None to discard them all."""
        dialog = RecoveryDialog(found, parent)
        return dialog.chosen() if dialog.exec() == QDialog.DialogCode.Accepted else None


def describe(found: recovery.Recovery) -> str:
    """One line about a recovery file: the event, its size, when it was written, and its file."""
    when = found.saved.strftime("%Y-%m-%d %H:%M")
    if found.error:
        return f"{when}: cannot be read ({found.error})"
    name = found.event_name or "Untitled event"
    where = found.document.name if found.document else "never saved"
    return f"{name}: {found.players} players, {found.rounds} rounds, written {when} ({where})"


class RecoveryDialog(QDialog):
    """The work found after a crash: choose one to restore; the others are discarded."""

    def __init__(self, found: Sequence[recovery.Recovery], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Recover unsaved work")
        self._found = [item for item in found if item.error is None]
        text = QLabel(
            "fidedesk was not closed properly last time. This unsaved work was kept; restore it?\n"
            "Work not restored is discarded."
        )
        text.setWordWrap(True)
        self.list = QListWidget()
        self.list.addItems([describe(item) for item in self._found])
        if self._found:
            self.list.setCurrentRow(0)
        buttons = QDialogButtonBox()
        restore = buttons.addButton("&Restore", QDialogButtonBox.ButtonRole.AcceptRole)
        restore.setEnabled(bool(self._found))
        buttons.addButton("&Discard", QDialogButtonBox.ButtonRole.RejectRole)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(text)
        layout.addWidget(self.list)
        layout.addWidget(buttons)

    def chosen(self) -> recovery.Recovery | None:
        row = self.list.currentRow()
        return self._found[row] if 0 <= row < len(self._found) else None


class FileActions(QObject):
    """The File menu's actions over the window's document: what to open, where to save, when to ask.

    ``window`` is the parent of dialogs; ``recovery_folder`` receives the recovery files (tests give a
    temporary folder).
    """

    def __init__(
        self,
        window: QWidget,
        document: TournamentDocument,
        settings: Settings,
        recovery_folder: Path | None = None,
    ) -> None:
        super().__init__(window)
        self._window = window
        self.document = document
        self.settings = settings
        self.recovery_folder = recovery_folder or default_recovery_folder()
        self._recovery_file: Path | None = None  # the one this document's autosave wrote
        self.autosave_timer = QTimer(self)
        self.autosave_timer.setSingleShot(True)
        self.autosave_timer.setInterval(AUTOSAVE_DELAY)
        self.autosave_timer.timeout.connect(self.autosave)
        document.changed.connect(self._on_changed)

        self.new_action = self._action("&New", QKeySequence.StandardKey.New, self.new)
        self.open_action = self._action("&Open…", QKeySequence.StandardKey.Open, self.open)
        self.save_action = self._action("&Save", QKeySequence.StandardKey.Save, self.save)
        self.save_as_action = self._action("Save &As…", QKeySequence.StandardKey.SaveAs, self.save_as)
        self.import_action = self._action("&Import TRF…", None, self.import_trf)
        self.export_action = self._action("&Export TRF…", None, self.export_trf)
        self.recent_menu = QMenu("Open &Recent", window)
        self.recent_menu.setObjectName("recent_menu")
        self.recent_menu.aboutToShow.connect(self._fill_recent_menu)
        self._fill_recent_menu()

    def _action(self, text: str, key: QKeySequence.StandardKey | None, slot: object) -> QAction:
        action = QAction(text, self._window)
        if key is not None:
            action.setShortcut(key)
        action.triggered.connect(lambda _checked=False: slot())  # type: ignore[operator]
        return action

    # --- names --------------------------------------------------------------------------------

    def display_name(self) -> str:
        """How the window and the questions name the document: event name, else file name, else Untitled."""
        name = self.document.tournament.info.name
        if name:
            return name
        path = self.document.path
        return path.name if path is not None else "Untitled"

    def has_unsaved_work(self) -> bool:
        """Unsaved changes worth asking about: an untitled, still empty tournament has nothing to save."""
        if not self.document.is_modified:
            return False
        return self.document.path is not None or self.document.tournament != Tournament(EventInfo(), ())

    # --- asking before work is lost -------------------------------------------------------------

    def maybe_save(self) -> bool:
        """Before the document is replaced or closed: True when that may go ahead (saved or discarded)."""
        if not self.has_unsaved_work():
            return True
        choice = Dialogs.confirm_discard(self._window, self.display_name())
        if choice is Choice.SAVE:
            return self.save()
        return choice is Choice.DISCARD

    def close_document(self) -> bool:
        """Close the document (asking first); its recovery file goes. False when the user cancelled."""
        if not self.maybe_save():
            return False
        self.autosave_timer.stop()
        self._discard_recovery()
        return True

    # --- the actions ----------------------------------------------------------------------------

    def new(self) -> bool:
        """An empty, untitled tournament."""
        if not self.close_document():
            return False
        self.document.reset(Tournament(EventInfo(), ()), None)
        return True

    def open(self, path: Path | None = None) -> bool:
        """Open a .fidedesk file (asked for when ``path`` is None); a bad file changes nothing."""
        if path is None:
            path = Dialogs.open_file(self._window, "Open tournament", self.settings.last_folder, FIDEDESK_FILTER)
            if path is None:
                return False
        try:
            tournament = fidedesk_file.load(path)
        except fidedesk_file.FidedeskFileError as error:
            Dialogs.error(self._window, "Cannot open the file", str(error))
            return False
        except OSError as error:
            Dialogs.error(self._window, "Cannot open the file", f"{path}: {error.strerror or error}")
            return False
        if not self.close_document():
            return False
        self.document.reset(tournament, path)
        self._remember(path)
        return True

    def open_recent(self, path: Path) -> bool:
        """Open a file of the recent list; one that is gone is taken off the list, with a message."""
        if not path.is_file():
            self._set_recent([p for p in self.recent_files() if p != path])
            Dialogs.error(self._window, "File not found", f"{path} is no longer there; it was removed from the list.")
            return False
        return self.open(path)

    def save(self) -> bool:
        """Save to the document's file (asking for one when it has none); True when saved."""
        if self.document.path is None:
            return self.save_as()
        return self._save_to(self.document.path)

    def save_as(self) -> bool:
        """Save under a name chosen now; True when saved."""
        current = self.document.path
        suggested = str(current) if current else str(Path(self.settings.last_folder) / self.suggested_name())
        path = Dialogs.save_file(self._window, "Save tournament", suggested, FIDEDESK_FILTER)
        if path is None:
            return False
        if not path.suffix:
            path = path.with_suffix(fidedesk_file.SUFFIX)
        return self._save_to(path)

    def import_trf(self, path: Path | None = None) -> bool:
        """Replace the document by a tournament read from a TRF file (it becomes an untitled document)."""
        if path is None:
            path = Dialogs.open_file(self._window, "Import TRF", self.settings.last_folder, TRF_FILTER)
            if path is None:
                return False
        try:
            tournament = trf.read_trf(path).tournament
        except trf.TrfError as error:
            Dialogs.error(self._window, "Cannot import the file", str(error))
            return False
        except OSError as error:
            Dialogs.error(self._window, "Cannot import the file", f"{path}: {error.strerror or error}")
            return False
        if not self.close_document():
            return False
        self.document.reset(tournament, None)
        self.settings.last_folder = str(path.parent)
        return True

    def export_trf(self, path: Path | None = None) -> bool:
        """Write the tournament as a TRF file; refused with a message when TRF cannot hold it."""
        try:
            text = trf.tournament_to_trf(self.document.tournament)
        except ValueError as error:
            Dialogs.error(self._window, "Cannot export TRF", f"TRF cannot hold this tournament yet: {error}")
            return False
        if path is None:
            suggested = str(Path(self.settings.last_folder) / f"{Path(self.suggested_name()).stem}.trf")
            path = Dialogs.save_file(self._window, "Export TRF", suggested, TRF_FILTER)
            if path is None:
                return False
        try:
            write_atomic(path, text)
        except OSError as error:
            Dialogs.error(self._window, "Cannot export TRF", f"{path}: {error.strerror or error}")
            return False
        self.settings.last_folder = str(path.parent)
        return True

    def _save_to(self, path: Path) -> bool:
        try:
            fidedesk_file.save(self.document.tournament, path)
        except fidedesk_file.FidedeskFileError as error:
            Dialogs.error(self._window, "Cannot save", str(error))
            return False
        except OSError as error:
            Dialogs.error(self._window, "Cannot save", f"{path}: {error.strerror or error}")
            return False
        self.autosave_timer.stop()
        self._discard_recovery()
        self.document.saved_as(path)
        self._remember(path)
        return True

    def suggested_name(self) -> str:
        name = self.document.tournament.info.name.strip() or "tournament"
        safe = "".join(c if c.isalnum() or c in " -_" else "_" for c in name).strip()
        return f"{safe or 'tournament'}{fidedesk_file.SUFFIX}"

    # --- recent files -------------------------------------------------------------------------

    def recent_files(self) -> list[Path]:
        return [Path(line) for line in self.settings.recent_files.splitlines() if line.strip()]

    def _set_recent(self, paths: list[Path]) -> None:
        self.settings.recent_files = "\n".join(str(p) for p in paths[:MAX_RECENT])
        self._fill_recent_menu()

    def _remember(self, path: Path) -> None:
        path = Path(os.path.abspath(path))
        self._set_recent([path, *(p for p in self.recent_files() if p != path)])
        self.settings.last_folder = str(path.parent)

    def _fill_recent_menu(self) -> None:
        self.recent_menu.clear()
        paths = self.recent_files()
        for number, path in enumerate(paths, 1):
            action = self.recent_menu.addAction(f"&{number} {path.name}")
            action.setToolTip(str(path))
            action.setStatusTip(str(path))
            action.triggered.connect(lambda _checked=False, p=path: self.open_recent(p))
        self.recent_menu.setEnabled(bool(paths))

    # --- autosave and recovery ------------------------------------------------------------------

    def _on_changed(self) -> None:
        # Restarted by each change, so the file is written once the arbiter pauses. Not only when
        # modified: during an undo-stack push the stack still reports the old clean state.
        self.autosave_timer.start()

    def autosave(self) -> Path | None:
        """Write the recovery file now (the timer calls this); its path, None when nothing was written."""
        self.autosave_timer.stop()
        if not self.document.is_modified:
            self._discard_recovery()
            return None
        try:
            written = recovery.write_recovery(self.document.tournament, self.document.path, self.recovery_folder)
        except (ValueError, OSError) as error:  # the next change tries again; the work is still on screen
            self._say(f"Autosave failed: {error}")
            return None
        if self._recovery_file is not None and self._recovery_file != written:
            self._recovery_file.unlink(missing_ok=True)  # the document was renamed since
        self._recovery_file = written
        return written

    def _discard_recovery(self) -> None:
        if self._recovery_file is not None:
            self._recovery_file.unlink(missing_ok=True)
            self._recovery_file = None

    def offer_recovery(self) -> bool:
        """At start: offer the work kept by a session that did not end properly; True when restored."""
        found = recovery.find_recoveries(self.recovery_folder)
        if not found:
            return False
        chosen = Dialogs.choose_recovery(self._window, found)
        for item in found:
            if item is not chosen:
                item.discard()
        if chosen is None:
            return False
        try:
            recovered = chosen.load()
        except (ValueError, OSError) as error:
            Dialogs.error(self._window, "Cannot restore", str(error))
            chosen.discard()
            return False
        self._restore(recovered, chosen.document)
        self._recovery_file = chosen.path  # kept until the work is saved: a second crash loses nothing
        return True

    def _restore(self, recovered: Tournament, path: Path | None) -> None:
        """Show recovered work as unsaved changes to its file: Undo goes back to the file as saved."""
        saved = Tournament(EventInfo(), ())
        if path is not None:
            try:
                saved = fidedesk_file.load(path)
            except (ValueError, OSError):
                path = path if path.parent.is_dir() else None  # the file is gone or damaged: Save recreates it
        self.document.reset(saved, path)
        self.document.apply("Restore unsaved work", recovered)

    def _say(self, text: str) -> None:
        from PySide6.QtWidgets import QMainWindow

        if isinstance(self._window, QMainWindow):
            self._window.statusBar().showMessage(text, 10_000)
