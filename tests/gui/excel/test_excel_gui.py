"""File › Import from Excel / Export to Excel / Save Blank Player List, through the window."""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Sequence
from pathlib import Path

import openpyxl
import pytest
from PySide6.QtCore import QDate
from PySide6.QtWidgets import QApplication
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from benchmarks.make_swiss import make_swiss
from fidedesk.core.editing import add_player, number_boards
from fidedesk.core.tiebreaks.standings import with_points_and_ranks
from fidedesk.core.tournament import ArbiterLicence, BirthDate, EventInfo, Player, PlayerRecord, Tournament
from fidedesk.gui.common.dialogs import Choice, UnattendedDialogs
from fidedesk.gui.excel.import_wizard import ExcelImportDialog, MappingModel
from fidedesk.gui.mainwindow import MainWindow
from fidedesk.gui.tournament import TournamentTab
from fidedesk.gui.tournament.views import TournamentViews
from fidedesk.io.excel.grid import SheetGrid
from fidedesk.io.excel.importing import Field, ImportResult, Layout
from fidedesk.io.trf.document import read_trf
from tests.conftest import GELENDZHIK


def accept_wizard(window: MainWindow, seen: list[ExcelImportDialog]) -> None:
    """The wizard opens on the workbook and the user presses Import at once."""

    def run(grids: Sequence[SheetGrid], source: str) -> ImportResult | None:
        dialog = ExcelImportDialog(grids, source, window)
        seen.append(dialog)
        assert dialog.import_button.isEnabled()
        dialog.import_button.click()
        return dialog.outcome

    assert isinstance(window.dialogs, UnattendedDialogs)
    window.dialogs.answer("excel_import", run)


def rich_swiss() -> Tournament:
    """A generated Swiss with every field a player can have filled somewhere."""
    swiss = make_swiss(40, 7, seed=3)
    players = list(swiss.players)
    players[0] = dataclasses.replace(players[0], title="GM", sex="w", birth=BirthDate(1990, 5, 17),
                                     record=PlayerRecord(games=120, ever_2400=True, k=10))  # fmt: skip
    players[1] = dataclasses.replace(players[1], name='=HYPERLINK("http://x","y")', federation="GER")
    info = dataclasses.replace(
        swiss.info, chief_arbiter="Test", arbiter_licence=ArbiterLicence.IA, time_control="90 min + 30 s/move"
    )
    return Tournament(info, tuple(players))


def test_export_then_import_gives_back_the_same_tournament(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    original = rich_swiss()
    window.document.reset(original, None)
    path = tmp_path / "event.xlsx"
    assert window.excel.export_excel(path)
    assert window.statusBar().currentMessage() == "Exported to event.xlsx."  # issue 14: it ends with a word
    book = openpyxl.load_workbook(path, read_only=True)
    assert book.sheetnames == ["Crosstable", "Standings", "Rating changes", "Norms", "Players", "Rounds", "Event"]
    book.close()
    window.document.reset(Tournament(EventInfo(), ()), None)
    seen: list[ExcelImportDialog] = []
    accept_wizard(window, seen)
    assert window.excel.import_excel(path)
    # each game on the board the Rounds sheet gives; the points and ranks of the Players sheet, the standings'
    assert window.document.tournament == with_points_and_ranks(number_boards(original))
    assert seen[0].plan.results is not None and seen[0].plan.results.layout is Layout.PAIRINGS
    assert seen[0].problems.rowCount() == 0


def test_a_player_list_is_added_to_the_open_tournament_as_one_undo_step(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    open_one = add_player(Tournament(EventInfo(name="Club"), ()), Player(0, "Already Here", 2000, fide_id=111))
    window.document.reset(open_one, None)
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Spieler"
    sheet.append(["Vereinsturnier 2026 — Meldeliste"])
    sheet.append([])
    sheet.append(["Nr.", "Name", "Titel", "Föd.", "FIDE-ID", "Elo", "Geb."])
    sheet.append([1, "Neu, Anna", "WFM", "GER", 222, "2,105", 1999])
    sheet.append([2, "Already Here", None, "GER", 111, 2000, 1980])
    sheet.append([3, "Zweiter, Bernd", None, "AUT", None, None, "1970-03-02"])
    path = tmp_path / "meldeliste.xlsx"
    book.save(path)
    seen: list[ExcelImportDialog] = []
    accept_wizard(window, seen)
    assert window.excel.import_excel(path)
    players = window.document.tournament.players
    assert [p.name for p in players] == ["Already Here", "Neu, Anna", "Zweiter, Bernd"]
    assert players[1].rating == 2105 and players[1].title == "WFM" and players[2].birth == BirthDate(1970, 3, 2)
    assert window.undo_stack.undoText() == "Import 2 players from meldeliste.xlsx"
    window.undo_stack.undo()
    assert window.document.tournament == open_one
    assert [row.reads_as.field for row in seen[0].mapping.rows()][:6] == [
        Field.START_RANK, Field.NAME, Field.TITLE, Field.FEDERATION, Field.FIDE_ID, Field.RATING
    ]  # fmt: skip


def test_a_player_list_fills_an_event_typed_before_any_player(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    """Seen in issue 14's keyboard walk-through: the arbiter types the event, then imports the club's list.
    The list used to replace the whole tournament (asking to save or discard the event just typed)."""
    typed = Tournament(EventInfo(name="Winter Open", city="Kassel", start=dt.date(2026, 12, 5)), ())
    window.document.reset(typed, None)
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(["No", "Name", "Rating"])
    sheet.append([1, "Erste, Eva", 2100])
    sheet.append([2, "Zweiter, Bernd", 1900])
    path = tmp_path / "list.xlsx"
    book.save(path)
    assert isinstance(window.dialogs, UnattendedDialogs)
    asked = window.dialogs.answer("confirm_discard", Choice.CANCEL)
    accept_wizard(window, [])
    assert window.excel.import_excel(path)
    assert asked == []  # nothing of the event is at stake: no question
    tournament = window.document.tournament
    assert tournament.info == typed.info
    assert [(p.start_rank, p.name, p.rating) for p in tournament.players] == [
        (1, "Erste, Eva", 2100), (2, "Zweiter, Bernd", 1900)
    ]  # fmt: skip
    assert window.undo_stack.undoText() == "Import 2 players from list.xlsx"
    window.undo_stack.undo()
    assert window.document.tournament == typed


def test_the_wizard_follows_a_changed_mapping_and_reports_places(qtbot: QtBot) -> None:
    from tests.xlsx_builders import grid

    sheet = grid("Results", [
        ["Club championship"],
        ["No", "Name", "Rating", "Notes"],
        [1, "Anna", 2100, "gm"],
        [2, "Bernd", "21OO", "wfm"],
    ])  # fmt: skip
    dialog = ExcelImportDialog([sheet], "club.xlsx")
    qtbot.addWidget(dialog)
    assert dialog.header_box.value() == 2
    assert [cell.shown for cell in dialog.preview.row(1).cells] == ["2", "Bernd", "21OO"]
    assert [(p.where, p.message) for p in dialog.problems.rows()] == [("Results!C4", '"21OO" is not a rating')]
    assert "1 row skipped" in dialog.summary.text()
    dialog.set_column_field(2, Field.IGNORE)  # the user says: do not read the ratings
    dialog.rebuild()
    assert dialog.problems.rowCount() == 0
    assert dialog.outcome is not None and [p.rating for p in dialog.outcome.tournament.players] == [None, None]
    dialog.set_column_field(3, Field.TITLE)
    dialog.rebuild()
    assert [p.title for p in dialog.outcome.tournament.players] == ["GM", "WFM"]


def test_the_wizard_says_which_sheet_became_which_round(qtmodeltester: ModelTester, qtbot: QtBot) -> None:
    """A workbook with a sheet per round: every round is read, and the wizard names each sheet's round."""
    from tests.io.test_xlsx_nothing_lost import _round_sheets

    dialog = ExcelImportDialog(_round_sheets(), "rounds.xlsx")
    qtbot.addWidget(dialog)
    for model in (dialog.mapping, dialog.preview, dialog.problems):
        qtmodeltester.check(model)
    note = dialog.players_note.text()
    assert "“R1” as round 1, “R2” as round 2, “Round 3” as round 3" in note
    assert dialog.outcome is not None and dialog.outcome.tournament.last_round == 3
    dialog.set_column_field(0, Field.IGNORE)  # the first round sheet edited: the other rounds stay
    dialog.rebuild()
    assert dialog.outcome.tournament.last_round == 3
    dialog.sheet_box.setCurrentIndex(dialog.sheet_box.findData("R2"))  # another round sheet read first
    dialog.sheet_box.activated.emit(dialog.sheet_box.currentIndex())
    dialog.rebuild()
    assert [more.sheet for more in dialog.plan.more_rounds] == ["R1", "Round 3"]
    assert dialog.outcome.problems == () and dialog.outcome.tournament.last_round == 3
    dialog.layout_box.setCurrentIndex(dialog.layout_box.findData(Layout.PLAYER_LIST))
    dialog.layout_box.activated.emit(dialog.layout_box.currentIndex())
    dialog.rebuild()
    assert dialog.plan.more_rounds == () and "as round" not in dialog.players_note.text()
    for layout in (Layout.SWISS_TABLE, Layout.PAIRINGS):  # away from pairings and back: the rounds come back
        dialog.layout_box.setCurrentIndex(dialog.layout_box.findData(layout))
        dialog.layout_box.activated.emit(dialog.layout_box.currentIndex())
    dialog.rebuild()
    assert [more.sheet for more in dialog.plan.more_rounds] == ["R1", "Round 3"]
    assert dialog.outcome.tournament.last_round == 3


def test_the_wizards_models_pass_the_model_tester(qtmodeltester: ModelTester, qtbot: QtBot) -> None:
    """Mapping, preview and problems, on a club's Swiss table, through a changed header row and mapping."""
    from tests.io.test_xlsx_import import _swiss_book

    dialog = ExcelImportDialog(_swiss_book(), "club-open.xlsx")  # type: ignore[arg-type]
    qtbot.addWidget(dialog)
    for model in (dialog.mapping, dialog.preview, dialog.problems):
        assert model.rowCount() > 0
        qtmodeltester.check(model)
    dialog.header_box.setValue(1)  # the title row as the header: another mapping, no players
    dialog.header_box.setValue(2)
    dialog.set_column_field(2, Field.IGNORE)
    dialog.rebuild()
    for model in (dialog.mapping, dialog.preview, dialog.problems):
        qtmodeltester.check(model)
    assert dialog.mapping.index(2, MappingModel.READS_AS).data() == Field.IGNORE.label


def test_a_broken_workbook_says_why_and_changes_nothing(
    window: MainWindow, tmp_path: Path, no_modal_dialogs: list[tuple[str, str]]
) -> None:
    before = rich_swiss()
    window.document.reset(before, None)
    path = tmp_path / "results.xlsx"
    path.write_bytes(b"No,Name\n1,Anna\n")
    assert not window.excel.import_excel(path)
    assert window.document.tournament == before
    title, text = no_modal_dialogs[-1]
    assert title == "Cannot import the workbook" and "results.xlsx" in text and "not" in text


def test_blank_player_list_is_saved_and_imports_empty(window: MainWindow, tmp_path: Path) -> None:
    path = tmp_path / "blank.xlsx"
    assert window.excel.save_template(path)
    assert window.statusBar().currentMessage() == "Saved the blank player list to blank.xlsx."
    from fidedesk.io.excel.importing import build, propose
    from fidedesk.io.excel.read import read_workbook

    grids = read_workbook(path)
    plan = propose(grids)
    assert plan.players is not None and plan.players.header_row == 2
    assert build(grids, plan).tournament.players == ()


def test_excel_actions_are_in_the_file_menu(window: MainWindow) -> None:
    texts = [action.text() for action in window.menuBar().actions()[0].menu().actions()]
    for wanted in ("Import from E&xcel…", "Export to Exce&l…", "Save &Blank Player List…"):
        assert wanted in texts
    assert QApplication.instance() is not None


def test_the_export_uses_the_panels_edition(window: MainWindow, tmp_path: Path) -> None:
    """Under ``auto`` the rating panel and the Excel export resolve the edition the same way, for the event's start
    date, even when another date is chosen in the toolbar (the export once used the toolbar's date)."""
    window.context.set_edition_name("auto")
    window.document.reset(read_trf(GELENDZHIK).tournament, None)  # started on 2016-06-28: fide-2014
    window.rules_bar.date_edit.setDate(QDate(2023, 1, 1))  # fide-2022 for the calculator
    assert window.context.edition().name == "fide-2022"
    tab = window.tab_content(0)
    assert isinstance(tab, TournamentTab) and isinstance(tab.views, TournamentViews)
    assert tab.views.ratings.edition().name == "fide-2014"
    path = tmp_path / "event.xlsx"
    assert window.excel.export_excel(path)
    assert window.statusBar().currentMessage() == "Exported to event.xlsx."  # issue 14: it ends with a word
    book = openpyxl.load_workbook(path, read_only=True)
    assert book.properties.description.startswith("Rating changes under fide-2014:")
    book.close()


def test_an_imported_workbook_is_unsaved_work(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    """Issue 14: a workbook that becomes the open tournament is in no .fidedesk file: * and New asks."""
    window.document.reset(rich_swiss(), None)
    path = tmp_path / "event.xlsx"
    assert window.excel.export_excel(path)
    window.document.reset(Tournament(EventInfo(), ()), None)
    accept_wizard(window, [])
    assert window.excel.import_excel(path)
    assert window.document.path is None and len(window.document.tournament.players) == 40
    assert window.document.shows_modified and window.isWindowModified()
    assert isinstance(window.dialogs, UnattendedDialogs)
    asked = window.dialogs.answer("confirm_discard", Choice.CANCEL)
    window.files.new_action.trigger()
    assert len(asked) == 1 and len(window.document.tournament.players) == 40
