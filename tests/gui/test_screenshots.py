"""Screenshots of each tab at 1280 x 800, written to docs/screenshots/ for the README.

The window is filled as an arbiter would fill it (worked examples E5 and the corrected seeds/002
tournament; a look-up of D = 237; the Gelendzhik Swiss imported from TRF), and the figures on screen
are checked before the picture is taken.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication, QLabel
from pytestqt.qtbot import QtBot

from fidedesk.gui.calculator import CalculatorTab
from fidedesk.gui.mainwindow import MainWindow
from fidedesk.gui.reference import ReferenceTablesTab
from fidedesk.gui.tournament import TournamentTab
from tests.conftest import GELENDZHIK

SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
SAMPLES = Path(__file__).resolve().parents[2] / "resources" / "samples"
SEEDS_002 = "2100\t1\n2050\t½\n1950\t1\n1900\t0\n1850\t1\n"


def _save(window: MainWindow, name: str) -> Path:
    QApplication.processEvents()  # let the layouts catch up with the text typed, as a real window would
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    image = window.grab()
    assert (image.width(), image.height()) == (1280, 800)
    assert image.save(str(path))
    return path


def test_calculator_screenshot(qtbot: QtBot, window: MainWindow) -> None:
    window.tabs.setCurrentIndex(1)
    tab = window.tab_content(1)
    assert isinstance(tab, CalculatorTab)
    qtbot.keyClicks(tab.player_widget.own_edit, "2000")
    tab.player_widget.k_box.setCurrentIndex(tab.player_widget.k_box.findData("20"))
    qtbot.keyClicks(tab.single_widget.opponent_edit, "2100")
    QGuiApplication.clipboard().setText(SEEDS_002)
    tab.period_widget.table.setFocus()
    qtbot.keyClick(tab.period_widget.table, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
    # the corrected seeds/002 example: +16.00 and 2016; one game against 2100 at K 20: PD .36, +12.80
    assert tab.period.summary.value("new_rating") == "2016"
    new_rating = tab.single_widget.findChild(QLabel, "new_rating_value")
    assert new_rating is not None and new_rating.text() == "2013"
    assert _save(window, "calculator").stat().st_size > 10_000


def test_reference_tables_screenshot(qtbot: QtBot, window: MainWindow) -> None:
    window.tabs.setCurrentIndex(2)
    tab = window.tab_content(2)
    assert isinstance(tab, ReferenceTablesTab)
    qtbot.keyClicks(tab.find_field, "237")
    assert "236–245" in tab.find_message.text()
    assert _save(window, "reference").stat().st_size > 10_000


def _tournament_tab(window: MainWindow) -> TournamentTab:
    window.tabs.setCurrentIndex(0)
    tab = window.tab_content(0)
    assert isinstance(tab, TournamentTab) and tab.views is not None
    return tab


def test_tournament_swiss_screenshot(qtbot: QtBot, window: MainWindow) -> None:
    """The Gelendzhik Swiss (14 players, 7 rounds) imported from its TRF file: crosstable and a calculation."""
    window.files.import_trf(GELENDZHIK)
    tab = _tournament_tab(window)
    table = tab.players.table
    assert table.model().rowCount() == 14 and table.model().index(0, 1).data() == "Vitaly Boiarintsev"
    assert table.columnWidth(1) >= table.fontMetrics().horizontalAdvance("Kardashevskiy Evgeny")  # names readable
    assert tab.event_form.name_edit.text() == "XII SDS - Classic"
    views = tab.views
    assert views is not None
    qtbot.keyClick(views.rounds.white_edit, Qt.Key.Key_2, Qt.KeyboardModifier.AltModifier)  # the crosstable
    views.crosstable_table.selectRow(0)
    assert views.panel.title.text().startswith("<b>1. Vitaly Boiarintsev</b>")
    assert views.panel.summary.value("new_rating") != ""
    assert _save(window, "tournament-swiss").stat().st_size > 10_000


def test_tournament_round_robin_screenshot(qtbot: QtBot, window: MainWindow) -> None:
    """The round robin of the 2008 regulations' example 8.58 (resources/samples): the n x n grid."""
    window.files.import_trf(SAMPLES / "round_robin_8_58.trf")
    tab = _tournament_tab(window)
    views = tab.views
    assert views is not None and views.crosstable.round_robin
    qtbot.keyClick(views.rounds.white_edit, Qt.Key.Key_2, Qt.KeyboardModifier.AltModifier)
    views.crosstable_table.selectRow(1)
    assert views.panel.start_rank == 2
    assert _save(window, "tournament-round-robin").stat().st_size > 10_000


def test_excel_import_wizard_screenshot(qtbot: QtBot) -> None:
    """The wizard on a club's Swiss table with notes above the header, a totals row and a few mistakes."""
    from fidedesk.gui.excel_import import ExcelImportDialog
    from tests.test_xlsx_import import _swiss_book

    dialog = ExcelImportDialog(_swiss_book(), "club-open.xlsx")  # type: ignore[arg-type]
    qtbot.addWidget(dialog)
    dialog.resize(1100, 680)
    dialog.show()
    qtbot.waitExposed(dialog)
    assert dialog.layout_box.currentText() == "Swiss table" and dialog.header_box.value() == 2
    assert dialog.problems.rowCount() == 7 and "2 rows skipped" in dialog.summary.text()
    QApplication.processEvents()
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    assert dialog.grab().save(str(SCREENSHOTS / "excel-import.png"))


def _tournament_for_the_list() -> object:
    """A club event of 20 November 2026 whose players were typed by hand, before the list was there."""
    import datetime as dt

    from fidedesk.core.tournament import BirthDate, EventInfo, Player, Tournament

    players = (
        Player(1, "Carlsen, Magnus", 2810, "m", "GM", "NOR", 1503014),
        Player(2, "Dupré, Sébastien", 2295, "m", "", "FRA", 9990001, BirthDate(1985, 3, 14)),
        Player(3, "Østergaard, Åse", 1950, "w", "WFM", "DEN", 9990003),
        Player(4, "Guest, Anna", 1720, "w"),
    )
    return Tournament(EventInfo(name="Club Open", start=dt.date(2026, 11, 20)), players)


def test_rating_list_screenshots(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    """The search of a 20,000-player list for "sebastien", and the changes "Update Ratings" proposes."""
    from benchmarks.make_fide_list import write_txt
    from fidedesk.gui.rating_list_dialogs import UpdatesDialog
    from fidedesk.io.fide_list import Month, inspect
    from fidedesk.io.ratinglist import RatingDatabase, import_list, in_force, updates_from_list

    download = tmp_path / "players_list.zip"
    write_txt(download, 20_000, seed=5)
    import_list(window.rating_list.database, inspect(download), month=Month(2026, 10))
    import_list(window.rating_list.database, inspect(download), month=Month(2026, 11))
    window.document.reset(_tournament_for_the_list(), None)  # type: ignore[arg-type]
    dialog = window.rating_list.show_search()
    dialog.resize(1100, 600)
    qtbot.keyClicks(dialog.search, "sebastien")
    dialog.run_search()  # the search the pause after typing would start, now: the picture shows its result
    names = [dialog.model.row(row).name for row in range(dialog.model.rowCount())]
    assert "Dupré, Sébastien" in names and dialog.list_combo.currentText().endswith("in force on 2026-11-20")
    QApplication.processEvents()
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    assert dialog.grab().save(str(SCREENSHOTS / "rating-list-search.png"))

    tournament = window.document.tournament
    with RatingDatabase(window.rating_list.database) as db:
        stored = in_force(db.lists(), tournament.info.kind, tournament.info.start)
        assert stored is not None
        entries = db.by_ids(stored.id, [1503014, 9990001, 9990003])
    from fidedesk.gui.rating_list import _summary

    updates = updates_from_list(tournament, entries)
    review = UpdatesDialog(updates, _summary(tournament, entries, updates, stored), window)
    qtbot.addWidget(review)
    review.resize(760, 420)
    review.show()
    qtbot.waitExposed(review)
    assert review.model.rowCount() == len(updates) > 5
    QApplication.processEvents()
    assert review.grab().save(str(SCREENSHOTS / "rating-list-updates.png"))
