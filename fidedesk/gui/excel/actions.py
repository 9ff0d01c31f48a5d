"""File › Import from Excel, Export to Excel and Save Blank Player List.

openpyxl is imported when one of them is first used, not when the window starts. Reading and
writing a workbook can take seconds (2,000 players), so both run off the GUI thread behind a
progress dialog that can be cancelled (:func:`~fidedesk.gui.common.background.run_with_progress`). An import
changes nothing until the user accepts the wizard; then a workbook with results becomes the open
tournament (untitled, as a TRF import does), and a player list alone is added to the open tournament
as one undoable step.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QWidget

from fidedesk.core.editing import add_new_players
from fidedesk.core.values import counted
from fidedesk.gui.common.background import Report, run_with_progress
from fidedesk.gui.common.context import RatingContext
from fidedesk.gui.common.dialogs import Dialogs, file_filter
from fidedesk.gui.common.menus import Menu, MenuContribution
from fidedesk.gui.common.settings import Export
from fidedesk.gui.files.actions import FileActions
from fidedesk.gui.files.document import BLANK
from fidedesk.io.excel.grid import ImportCancelled, XlsxError, check_not_blank
from fidedesk.io.formats import XLSX, FileFormatError, write_tournament
from fidedesk.io.native.atomic import write_atomic
from fidedesk.io.plain_words import explained

if TYPE_CHECKING:
    from fidedesk.io.excel.grid import SheetGrid
    from fidedesk.io.excel.importing import ImportResult

XLSX_FILTER = file_filter(XLSX)


class ExcelActions(QObject):
    """The File menu's Excel actions for the window's open tournament; File › Open hands them a workbook."""

    def __init__(self, window: QWidget, files: FileActions, context: RatingContext, dialogs: Dialogs) -> None:
        super().__init__(window)
        self._window = window
        self.dialogs = dialogs
        self.files = files
        files.reviewer = self.import_excel
        self.document = files.document
        self.settings = files.settings
        self.context = context
        self.import_action = QAction("Import from E&xcel…", window)
        self.import_action.triggered.connect(lambda _checked=False: self.import_excel())
        self.export_action = QAction("Export to Exce&l…", window)
        self.export_action.triggered.connect(lambda _checked=False: self.export_excel())
        self.template_action = QAction("Save &Blank Player List…", window)
        self.template_action.setToolTip("A spreadsheet to fill in with players and import")
        self.template_action.triggered.connect(lambda _checked=False: self.save_template())

    def menu_actions(self) -> MenuContribution:
        """File: Import from Excel, Export to Excel, Save Blank Player List."""
        return MenuContribution(Menu.FILE, ((self.import_action, self.export_action, self.template_action),))

    # --- import ----------------------------------------------------------------------------------

    def import_excel(self, path: Path | None = None) -> bool:
        """Read a workbook (off the GUI thread), let the user check the import, then take it."""
        self.document.commit_pending()  # typed text becomes a step before the workbook adds to it or replaces it
        if path is None:
            path = self.dialogs.open_file("Import from Excel", self.settings.folder, XLSX_FILTER)
            if path is None:
                return False
        from fidedesk.io.excel.read import read_workbook  # openpyxl is loaded when first needed, not at start-up

        chosen = path

        def read(progress: Report) -> list[SheetGrid]:
            grids = read_workbook(chosen, progress=progress)
            check_not_blank(grids, chosen.name)  # blank sheets: nothing for the wizard to show
            return grids

        outcome = run_with_progress(self._window, "Import from Excel", f"Reading {chosen.name}…", read)
        if outcome.cancelled or isinstance(outcome.error, ImportCancelled):
            return False
        if isinstance(outcome.error, XlsxError):  # plain words first, then the file, sheet or cell and the reason
            self.dialogs.error("Cannot import the workbook", explained(outcome.error))
            return False
        if isinstance(outcome.error, OSError):
            self.dialogs.error("Cannot import the workbook", f"{path}: {outcome.error.strerror or outcome.error}")
            return False
        if outcome.error is not None:
            raise outcome.error
        assert outcome.value is not None
        result = self.dialogs.excel_import(outcome.value, path.name)
        if result is None:
            return False
        self.settings.last_folder = str(path.parent)
        return self.take(result, path.name)

    def take(self, result: ImportResult, source: str) -> bool:
        """Make an accepted import the open tournament, or add its players to it (a player list)."""
        if not self.files.commit_typing("Cannot import"):
            return False
        imported = result.tournament
        current = self.document.tournament
        if imported.last_round == 0 and not current.players and current != BLANK:
            # the event typed first, then the club's list: the list fills it (its own numbers kept), where
            # replacing the tournament asked to save or discard the event just typed
            players = imported.players
            self.document.apply(
                f"Import {counted(len(players), 'player')} from {source}", replace(current, players=players)
            )
            return True
        if imported.last_round == 0 and current.players:
            merged, added, left_out = add_new_players(current, imported.players)
            self.document.apply(f"Import {counted(len(added), 'player')} from {source}", merged)
            left = len(left_out)
            if left:
                self.dialogs.info(
                    "Players imported",
                    f"{counted(len(added), 'player')} added; {left} already in the tournament (same FIDE ID) left out.",
                )
            return True
        if not self.files.close_document():
            return False
        self.document.reset(imported, None, unsaved=True)  # in no .fidedesk file yet: unsaved work
        return True

    # --- export ----------------------------------------------------------------------------------

    def export_excel(self, path: Path | None = None) -> bool:
        """Write the tournament as a workbook: crosstable, standings, rating changes, players, rounds, event."""
        if not self.files.commit_typing("Cannot export"):
            return False
        if path is None:
            folder = self.files.export_folder(Export.EXCEL)
            suggested = str(folder / f"{Path(self.files.suggested_name()).stem}{XLSX.extensions[0]}")
            path = self.dialogs.save_file("Export to Excel", suggested, XLSX_FILTER)
            if path is None:
                return False
        from fidedesk.io.excel.export import ExportCancelled  # openpyxl is loaded when first needed

        target = path
        tournament = self.document.tournament
        # the edition the rating panel shows: resolved by the one context for the event's start date; the
        # standings' tie-breaks are the event's, under its edition of C.07 (as the Standings tab shows them)
        edition = self.context.edition(tournament.info.start)
        outcome = run_with_progress(
            self._window,
            "Export to Excel",
            f"Writing {target.name}…",
            lambda progress: write_tournament(target, tournament, format_=XLSX, edition=edition, progress=progress),
            unit="rows written",
        )
        if outcome.cancelled or isinstance(outcome.error, ExportCancelled):
            return False
        if isinstance(outcome.error, FileFormatError):
            self.dialogs.error("Cannot export", str(outcome.error))
            return False
        if outcome.error is not None:
            raise outcome.error
        self.settings.remember_folder(Export.EXCEL, target.parent)
        self.files.say(f"Exported to {target.name}.")
        return True

    def save_template(self, path: Path | None = None) -> bool:
        """Save the blank player list a club secretary fills in and imports."""
        if path is None:
            suggested = str(self.files.export_folder(Export.EXCEL) / "player-list.xlsx")
            path = self.dialogs.save_file("Save Blank Player List", suggested, XLSX_FILTER)
            if path is None:
                return False
        from fidedesk.io.excel.template import template_bytes

        try:
            write_atomic(path, template_bytes())
        except OSError as error:
            self.dialogs.error("Cannot save", f"{path}: {error.strerror or error}")
            return False
        self.settings.remember_folder(Export.EXCEL, path.parent)
        self.files.say(f"Saved the blank player list to {path.name}.")
        return True
