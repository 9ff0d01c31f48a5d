"""The File menu's work: new, open, save, recent files, TRF import and export, autosave and recovery.

:class:`FileActions` decides what happens and asks its questions through the
:class:`~fidedesk.gui.common.dialogs.Dialogs` it is given; :mod:`fidedesk.io.formats` reads and writes every
kind of tournament file: a save is atomic, and a recovery file is written a short while after each
change so that a crash or a flat battery loses at most a few seconds of work. File › Open opens any
format: a ``.fidedesk`` file becomes the document, a TRF file is imported as an untitled tournament,
and a workbook goes to the import wizard (:attr:`FileActions.reviewer`, which the Excel actions set).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, QStandardPaths, QTimer
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu, QWidget

from fidedesk.core.tournament import Tournament
from fidedesk.gui.common.dialogs import Choice, Dialogs, file_filter
from fidedesk.gui.common.menus import Menu, MenuContribution
from fidedesk.gui.common.plain import menu_text, tip
from fidedesk.gui.common.settings import Export, Settings
from fidedesk.gui.files.document import BLANK, TournamentDocument
from fidedesk.io.formats import (
    FIDEDESK,
    FORMATS,
    TRF,
    TRF_VERSIONS,
    FileFormat,
    FileFormatError,
    Role,
    format_for,
    read_tournament,
    trf_version,
    trf_version_filter,
    write_tournament,
)
from fidedesk.io.native import recovery
from fidedesk.io.plain_words import explained
from fidedesk.io.trf.document import TrfDocument
from fidedesk.io.trf.pairing import TrfVersion

#: How many files File › Open Recent lists.
MAX_RECENT = 8
#: Milliseconds after the last change before the recovery file is written.
AUTOSAVE_DELAY = 2000
OPEN_FILTER = file_filter(*FORMATS, together="Tournaments")
FIDEDESK_FILTER = file_filter(FIDEDESK)
TRF_FILTER = file_filter(TRF)
#: Export TRF's choices of version, as the file dialog's filters, in the order of io.formats.TRF_VERSIONS.
TRF_EXPORT_KINDS = tuple(trf_version_filter(version) for version in TRF_VERSIONS)


def default_recovery_folder() -> Path:
    """Where recovery files are kept: the application's data folder, ``recovery`` inside it."""
    return Path(QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)) / "recovery"


class FileActions(QObject):
    """The File menu's actions over the window's document: what to open, where to save, when to ask.

    ``dialogs`` asks the questions; ``recovery_folder`` receives the recovery files (tests give a
    temporary folder). ``reviewer`` opens a format whose reading the user checks first (a workbook,
    through the import wizard): True when it became the open tournament.
    """

    def __init__(
        self,
        window: QWidget,
        document: TournamentDocument,
        settings: Settings,
        dialogs: Dialogs,
        recovery_folder: Path | None = None,
    ) -> None:
        super().__init__(window)
        self._window = window
        self.dialogs = dialogs
        self.reviewer: Callable[[Path], bool] | None = None
        self.document = document
        self.settings = settings
        self.recovery_folder = recovery_folder or default_recovery_folder()
        self._recovery_file: Path | None = None  # the one this document's autosave wrote
        # the TRF the document was imported from: Export TRF offers its version first and keeps its layout and
        # the records fidedesk does not model, as ``fidedesk-cli convert`` does (the same bytes from both)
        self.trf_document: TrfDocument | None = None
        document.was_reset.connect(self._forget_trf_source)
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

    def menu_actions(self) -> MenuContribution:
        """File: New, Open, Open Recent; Save, Save As; Import TRF, Export TRF."""
        return MenuContribution(
            Menu.FILE,
            (
                (self.new_action, self.open_action, self.recent_menu.menuAction()),
                (self.save_action, self.save_as_action),
                (self.import_action, self.export_action),
            ),
        )

    # --- names --------------------------------------------------------------------------------

    def display_name(self) -> str:
        """How the window and the questions name the document: event name, else file name, else Untitled."""
        name = self.document.tournament.info.name
        if name:
            return name
        path = self.document.path
        return path.name if path is not None else "Untitled"

    def has_unsaved_work(self) -> bool:
        """Unsaved changes worth asking about: an untitled, still empty tournament has nothing to save, but
        text typed that could not be committed (a date not in the calendar) is always worth a question."""
        if self.document.has_pending_edits:
            return True
        if not self.document.is_modified:
            return False
        return self.document.path is not None or self.document.tournament != BLANK

    # --- asking before work is lost -------------------------------------------------------------

    def commit_typing(self, title: str) -> bool:
        """Before an action reads the document: what is being typed becomes an undo step now
        (:meth:`TournamentDocument.commit_pending`). False, after saying why under ``title``, when a typed
        value cannot be used: the action does not go ahead, and the text stays where it was typed."""
        problem = self.document.commit_pending()
        if problem is None:
            return True
        self.dialogs.error(title, f"{problem}\n\nCorrect it first: what was typed is kept where it was typed.")
        return False

    def maybe_save(self) -> bool:
        """Before the document is replaced or closed: True when that may go ahead (saved or discarded).

        What is being typed is committed first, so that it is asked about and saved; text that cannot be
        used is asked about too (Save then says why and goes no further, Discard drops it)."""
        self.document.commit_pending()
        if not self.has_unsaved_work():
            return True
        choice = self.dialogs.confirm_discard(self.display_name())
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
        self.document.reset(BLANK, None)
        return True

    def open(self, path: Path | None = None) -> bool:
        """Open a tournament file of any format (asked for when ``path`` is None); a bad file changes nothing.

        A ``.fidedesk`` file becomes the document; another format is imported as an untitled tournament
        (a workbook through :attr:`reviewer`). True when it became the open tournament.
        """
        self.document.commit_pending()  # typed text becomes a step, and is asked about before it is replaced
        if path is None:
            path = self.dialogs.open_file("Open tournament", self.settings.folder, OPEN_FILTER)
            if path is None:
                return False
        format_ = format_for(path)
        if format_.reviewed and self.reviewer is not None:
            return self.reviewer(path)
        opening = "Cannot open the file" if format_.role is Role.OWNER else "Cannot import the file"
        return self._take(path, format_, opening)

    def _take(self, path: Path, format_: FileFormat, title: str) -> bool:
        """Read ``path`` as ``format_`` and make it the open tournament (asking about unsaved work after
        the file is read, so a bad file gives nothing up)."""
        try:
            read = read_tournament(path, format_)
        except FileFormatError as error:
            self.dialogs.error(title, explained(error))  # plain words first, then the file, place and reason
            return False
        if not self.close_document():
            return False
        own = format_.role is Role.OWNER
        self.document.reset(read.tournament, path if own else None, unsaved=not own)  # an import is unsaved work
        self.trf_document = read.trf
        if own:
            self._remember(path)
        else:
            self.settings.last_folder = str(path.parent)
        return True

    def open_recent(self, path: Path) -> bool:
        """Open a file of the recent list; one that is gone is taken off the list, with a message."""
        if not path.is_file():
            self._set_recent([p for p in self.recent_files() if p != path])
            self.dialogs.error("File not found", f"{path} is no longer there; it was removed from the list.")
            return False
        return self.open(path)

    def save(self) -> bool:
        """Save to the document's file (asking for one when it has none); True when saved."""
        if not self.commit_typing("Cannot save"):
            return False
        if self.document.path is None:
            return self.save_as()
        return self._save_to(self.document.path)

    def save_as(self) -> bool:
        """Save under a name chosen now; True when saved."""
        if not self.commit_typing("Cannot save"):
            return False
        current = self.document.path
        suggested = str(current) if current else str(self.export_folder(Export.SAVE) / self.suggested_name())
        path = self.dialogs.save_file("Save tournament", suggested, FIDEDESK_FILTER)
        if path is None:
            return False
        if not path.suffix:
            path = path.with_suffix(FIDEDESK.extensions[0])
        if not self._save_to(path):
            return False
        self.settings.remember_folder(Export.SAVE, path.parent)
        return True

    def import_trf(self, path: Path | None = None) -> bool:
        """Replace the document by a tournament read from a TRF file (it becomes an untitled document)."""
        self.document.commit_pending()  # typed text becomes a step, and is asked about before it is replaced
        if path is None:
            path = self.dialogs.open_file("Import TRF", self.settings.folder, TRF_FILTER)
            if path is None:
                return False
        return self._take(path, TRF, "Cannot import the file")

    @property
    def trf_source(self) -> TrfVersion | None:
        """The version of the TRF the document was imported from (None: not imported from a TRF)."""
        return None if self.trf_document is None else self.trf_document.version

    def _forget_trf_source(self) -> None:
        self.trf_document = None

    def export_trf(self, path: Path | None = None, version: TrfVersion | None = None) -> bool:
        """Write the tournament as a TRF file; refused with a message when TRF cannot hold it, and what
        TRF has no place for (the players' records) said in the status bar. The version is the one chosen in
        the file dialog's filters (``version`` when ``path`` is given), offered first the imported TRF's own,
        else TRF-2026 (io.formats.trf_version)."""
        if not self.commit_typing("Cannot export TRF"):
            return False
        tournament = self.document.tournament
        refusal = TRF.refusal(tournament)
        if refusal is not None:
            self.dialogs.error("Cannot export TRF", f"TRF cannot hold this tournament yet: {refusal}")
            return False
        if path is None:
            suggested = str(self.export_folder(Export.TRF) / f"{Path(self.suggested_name()).stem}{TRF.extensions[0]}")
            offered = TRF_VERSIONS.index(trf_version(self.trf_source, version))
            chosen = self.dialogs.save_file_of_kind("Export TRF", suggested, TRF_EXPORT_KINDS, offered)
            if chosen is None:
                return False
            path, kind = chosen
            version = TRF_VERSIONS[kind]
        try:
            # ranks the file lacks are those of the Standings tab: the event's tie-breaks, under its edition
            written = trf_version(self.trf_source, version)
            write_tournament(path, tournament, format_=TRF, trf=self.trf_document, trf_version=written)
        except FileFormatError as error:
            self.dialogs.error("Cannot export TRF", str(error))
            return False
        self.settings.remember_folder(Export.TRF, path.parent)
        losses = TRF.losses(tournament)  # what TRF has no place for is said with the word that it was done
        self.say(" ".join([f"Exported to {path.name}.", *(f"{loss}." for loss in losses)]))
        return True

    def _save_to(self, path: Path) -> bool:
        try:
            write_tournament(path, self.document.tournament, format_=FIDEDESK)
        except FileFormatError as error:
            self.dialogs.error("Cannot save", str(error))
            return False
        self.autosave_timer.stop()
        self._discard_recovery()
        self.document.saved_as(path)
        self._remember(path)
        return True

    def export_folder(self, kind: Export) -> Path:
        """The folder ``kind``'s file dialog opens in: where it last wrote, else beside the open tournament's
        file, else the folder the file dialogs use (:meth:`Settings.export_folder`)."""
        return Path(self.settings.export_folder(kind, self.document.path))

    def suggested_name(self) -> str:
        name = self.document.tournament.info.name.strip() or "tournament"
        safe = "".join(c if c.isalnum() or c in " -_" else "_" for c in name).strip()
        return f"{safe or 'tournament'}{FIDEDESK.extensions[0]}"

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
            action = self.recent_menu.addAction(f"&{number} {menu_text(path.name)}")
            action.setToolTip(tip(str(path)))
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
            self.say(f"Autosave failed: {error}")
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
        chosen = self.dialogs.choose_recovery(found)
        for item in found:
            if item is not chosen:
                item.discard()
        if chosen is None:
            return False
        try:
            recovered = chosen.load()
        except (ValueError, OSError) as error:
            self.dialogs.error("Cannot restore", explained(error))
            chosen.discard()
            return False
        self._restore(recovered, chosen.document)
        self._recovery_file = chosen.path  # kept until the work is saved: a second crash loses nothing
        return True

    def _restore(self, recovered: Tournament, path: Path | None) -> None:
        """Show recovered work as unsaved changes to its file: Undo goes back to the file as saved."""
        saved = BLANK
        if path is not None:
            try:
                saved = read_tournament(path, FIDEDESK).tournament
            except FileFormatError:
                path = path if path.parent.is_dir() else None  # the file is gone or damaged: Save recreates it
        self.document.reset(saved, path)
        self.document.apply("Restore unsaved work", recovered)
        self.document.arrived.emit()  # the work restored, not the file under it, is where the views go

    def say(self, text: str) -> None:
        """Tell the user in the window's status bar (for ten seconds) that something was done, or went wrong."""
        from PySide6.QtWidgets import QMainWindow

        if isinstance(self._window, QMainWindow):
            self._window.statusBar().showMessage(text, 10_000)
