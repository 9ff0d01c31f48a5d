"""The README's screenshots: each tab at 1280 x 800 and three dialogs, filled as an arbiter fills them.

    python -m tests.gui.screenshots [FOLDER]

run from the repository (FOLDER defaults to ``docs/screenshots``), writes calculator.png, reference.png,
tournament-swiss.png, tournament-round-robin.png, excel-import.png, rating-list-search.png and
rating-list-updates.png. The window is filled as in the README (worked example E5 and the corrected
seeds/002 tournament; a look-up of D = 237; the Gelendzhik Swiss and the 8.58 round robin imported from
TRF; the Excel wizard on a club's Swiss table; a search of a 20,000-player list and the updates it
proposes), and the figures on screen are checked before a picture is taken, here and in
``tests/gui/test_screenshots.py``, which runs the same functions and writes nothing into the repository.

Each shot is a function of a fresh main window (shown at 1280 x 800, its settings, recovery files and
rating lists in a scratch folder), that folder and a :class:`Camera`, which it hands each widget to
photograph, by file name, at the moment the README shows it.

    python -m tests.gui.screenshots FOLDER --sizes

writes each tab at 1024 x 640, 1366 x 768, 1920 x 1080 and 2560 x 1440 instead (tournament-1024x640.png,
calculator-1024x640.png, reference-1024x640.png, ...), the San Viator Swiss open (issue 14's screens).
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QSettings, QStandardPaths, Qt
from PySide6.QtGui import QGuiApplication, QImage
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QLabel, QWidget

from fidedesk.core.tournament import BirthDate, EventInfo, Player, Tournament
from fidedesk.gui.calculator import CalculatorTab
from fidedesk.gui.common.dialogs import UnattendedDialogs
from fidedesk.gui.common.settings import Settings
from fidedesk.gui.mainwindow import MainWindow
from fidedesk.gui.reference.tab import ReferenceTablesTab
from fidedesk.gui.tournament import TournamentTab
from fidedesk.gui.tournament.views import TournamentViews
from tests.conftest import GELENDZHIK

REPO = Path(__file__).resolve().parents[2]
FOLDER = REPO / "docs" / "screenshots"
SAMPLES = REPO / "resources" / "samples"
SIZE = (1280, 800)
SEEDS_002 = "2100\t1\n2050\t½\n1950\t1\n1900\t0\n1850\t1\n"


class Camera:
    """The pictures a shot takes, by file name (without ``.png``)."""

    def __init__(self) -> None:
        self.pictures: dict[str, QImage] = {}
        self.widgets: dict[str, QWidget] = {}  # what each picture is of

    def snap(self, name: str, widget: QWidget) -> None:
        """``widget`` as it is drawn now, once the layouts have caught up with what was typed."""
        QApplication.processEvents()
        image = widget.grab().toImage()
        if image.isNull():
            raise RuntimeError(f"{name}: nothing was drawn")
        self.pictures[name] = image
        self.widgets[name] = widget


#: A shot fills a fresh window (its scratch folder given) and has the camera take its pictures.
Shot = Callable[[MainWindow, Path, Camera], None]


def new_window(scratch: Path) -> MainWindow:
    """The main window with settings, recovery files and rating lists in ``scratch``, never the user's."""
    settings = Settings(QSettings(str(scratch / "fidedesk-screenshots.ini"), QSettings.Format.IniFormat))
    # unattended: a shot that met an error would fail on its figures instead of waiting on a dialog
    window = MainWindow(settings, recovery_folder=scratch / "recovery", dialogs=UnattendedDialogs())
    window.rating_list.database = scratch / "data" / "ratinglists.sqlite"
    return window


def show(widget: QWidget, width: int, height: int) -> None:
    """``widget`` shown (offscreen) at ``width`` x ``height`` and exposed."""
    widget.resize(width, height)
    widget.show()
    if not QTest.qWaitForWindowExposed(widget):
        raise RuntimeError(f"{widget.objectName() or type(widget).__name__} was never shown")


# --------------------------------------------------------------------------------------------- the shots


def calculator(window: MainWindow, _scratch: Path, camera: Camera) -> None:
    """E5 (2000 against 2100 at K 20) and the corrected seeds/002 period pasted from a spreadsheet."""
    window.tabs.setCurrentIndex(1)
    tab = window.tab_content(1)
    assert isinstance(tab, CalculatorTab)
    QTest.keyClicks(tab.player_widget.own_edit, "2000")
    tab.player_widget.k_box.setCurrentIndex(tab.player_widget.k_box.findData("20"))
    QTest.keyClicks(tab.single_widget.opponent_edit, "2100")
    QGuiApplication.clipboard().setText(SEEDS_002)
    tab.period_widget.table.setFocus()
    QTest.keyClick(tab.period_widget.table, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
    # the corrected seeds/002 example: +16.00 and 2016; one game against 2100 at K 20: PD .36, +12.80
    assert tab.period.summary.value("new_rating") == "2016"
    new_rating = tab.single_widget.findChild(QLabel, "new_rating_value")
    assert new_rating is not None and new_rating.text() == "2013"
    QApplication.processEvents()
    # each figure as tall as its text: rows sized while the reasons' column was still narrow once kept three
    # lines' height for one, and pushed the performance out of sight
    view, figures = tab.period_widget.summary, tab.period.summary.figures()
    least = view.verticalHeader().minimumSectionSize()
    tall = [f.key for row, f in enumerate(figures) if view.rowHeight(row) > max(view.sizeHintForRow(row), least)]
    assert tall == [], f"summary rows taller than their text: {tall}"
    camera.snap("calculator", window)


def reference(window: MainWindow, _scratch: Path, camera: Camera) -> None:
    """FIDE's tables with D = 237 looked up."""
    window.tabs.setCurrentIndex(2)
    tab = window.tab_content(2)
    assert isinstance(tab, ReferenceTablesTab)
    QTest.keyClicks(tab.find_field, "237")
    assert "236–245" in tab.find_message.text()
    camera.snap("reference", window)


def _tournament_tab(window: MainWindow) -> TournamentTab:
    window.tabs.setCurrentIndex(0)
    tab = window.tab_content(0)
    assert isinstance(tab, TournamentTab) and tab.views is not None
    return tab


def tournament_swiss(window: MainWindow, _scratch: Path, camera: Camera) -> None:
    """The Gelendzhik Swiss (14 players, 7 rounds) imported from its TRF file: crosstable and a calculation."""
    assert window.files.import_trf(GELENDZHIK)
    tab = _tournament_tab(window)
    table = tab.players.table
    assert table.model().rowCount() == 14 and table.model().index(0, 1).data() == "Vitaly Boiarintsev"
    assert table.columnWidth(1) >= table.fontMetrics().horizontalAdvance("Kardashevskiy Evgeny")  # names readable
    assert tab.event_form.name_edit.text() == "XII SDS - Classic"
    views = tab.views
    assert isinstance(views, TournamentViews)
    QTest.keyClick(views.rounds.white_edit, Qt.Key.Key_2, Qt.KeyboardModifier.AltModifier)  # the crosstable
    views.crosstable_table.selectRow(0)
    assert views.panel.title.text().startswith("<b>1. Vitaly Boiarintsev</b>")
    assert views.panel.summary.value("new_rating") != ""
    camera.snap("tournament-swiss", window)


def tournament_round_robin(window: MainWindow, _scratch: Path, camera: Camera) -> None:
    """The round robin of the 2008 regulations' example 8.58 (resources/samples): the n x n grid."""
    assert window.files.import_trf(SAMPLES / "round_robin_8_58.trf")
    tab = _tournament_tab(window)
    views = tab.views
    assert isinstance(views, TournamentViews) and views.crosstable.round_robin
    QTest.keyClick(views.rounds.white_edit, Qt.Key.Key_2, Qt.KeyboardModifier.AltModifier)
    views.crosstable_table.selectRow(1)
    assert views.panel.start_rank == 2
    camera.snap("tournament-round-robin", window)


def excel_import(window: MainWindow, _scratch: Path, camera: Camera) -> None:
    """The wizard on a club's Swiss table with notes above the header, a totals row and a few mistakes."""
    from fidedesk.gui.excel.import_wizard import ExcelImportDialog
    from tests.io.test_xlsx_import import _swiss_book

    dialog = ExcelImportDialog(_swiss_book(), "club-open.xlsx")  # type: ignore[arg-type]
    show(dialog, 1100, 680)
    assert dialog.layout_box.currentText() == "Swiss table" and dialog.header_box.value() == 2
    assert dialog.problems.rowCount() == 7 and "2 rows skipped" in dialog.summary.text()
    camera.snap("excel-import", dialog)


def club_open() -> Tournament:
    """A club event of 20 November 2026 whose players were typed by hand, before the list was there."""
    players = (
        Player(1, "Carlsen, Magnus", 2810, "m", "GM", "NOR", 1503014),
        Player(2, "Dupré, Sébastien", 2295, "m", "", "FRA", 9990001, BirthDate(1985, 3, 14)),
        Player(3, "Østergaard, Åse", 1950, "w", "WFM", "DEN", 9990003),
        Player(4, "Guest, Anna", 1720, "w"),
    )
    return Tournament(EventInfo(name="Club Open", start=dt.date(2026, 11, 20)), players)


def rating_list(window: MainWindow, scratch: Path, camera: Camera) -> None:
    """The search of a 20,000-player list for "sebastien", and the changes "Update Ratings" proposes."""
    from benchmarks.make_fide_list import write_txt
    from fidedesk.gui.ratinglist.actions import _summary
    from fidedesk.gui.ratinglist.dialogs import UpdatesDialog
    from fidedesk.io.ratinglist.fide_list import Month, inspect
    from fidedesk.io.ratinglist.store import RatingDatabase, import_list, in_force, updates_from_list

    download = scratch / "players_list.zip"
    write_txt(download, 20_000, seed=5)
    import_list(window.rating_list.database, inspect(download), month=Month(2026, 10))
    import_list(window.rating_list.database, inspect(download), month=Month(2026, 11))
    window.document.reset(club_open(), None)
    dialog = window.rating_list.show_search()
    dialog.resize(1100, 600)
    QTest.keyClicks(dialog.search, "sebastien")
    dialog.run_search()  # the search the pause after typing would start, now: the picture shows its result
    names = [dialog.model.row(row).name for row in range(dialog.model.rowCount())]
    assert "Dupré, Sébastien" in names and dialog.list_combo.currentText().endswith("in force on 2026-11-20")
    camera.snap("rating-list-search", dialog)

    tournament = window.document.tournament
    with RatingDatabase(window.rating_list.database) as db:
        stored = in_force(db.lists(), tournament.info.kind, tournament.info.start)
        assert stored is not None
        entries = db.by_ids(stored.id, [1503014, 9990001, 9990003])
    updates = updates_from_list(tournament, entries)
    review = UpdatesDialog(updates, _summary(tournament, entries, updates, stored), window)
    show(review, 760, 420)
    assert review.model.rowCount() == len(updates) > 5
    camera.snap("rating-list-updates", review)


SHOTS: tuple[Shot, ...] = (calculator, reference, tournament_swiss, tournament_round_robin, excel_import, rating_list)

#: The screens every tab is shown on by ``--sizes`` (issue 14): a projector, a laptop, two monitors.
SCREEN_SIZES = ((1024, 640), (1366, 768), (1920, 1080), (2560, 1440))
SAN_VIATOR = REPO / "tests" / "data" / "trf" / "torneo_san_viator_2018_madrid_B.trf"


def every_size(window: MainWindow, _scratch: Path, camera: Camera) -> None:
    """Each tab at each of SCREEN_SIZES, the San Viator Swiss (137 players, 7 rounds) in the Tournament tab with
    its crosstable and a calculation: tournament-1024x640.png, calculator-1024x640.png, reference-1024x640.png..."""
    assert window.files.import_trf(SAN_VIATOR)
    views = _tournament_tab(window).views
    assert isinstance(views, TournamentViews)
    views.show_view(1, views.crosstable_table)
    views.crosstable_table.selectRow(0)
    for width, height in SCREEN_SIZES:
        window.resize(width, height)
        for index, name in enumerate(("tournament", "calculator", "reference")):
            window.tabs.setCurrentIndex(index)
            camera.snap(f"{name}-{width}x{height}", window)
    window.tabs.setCurrentIndex(0)


def take(shot: Shot, scratch: Path) -> tuple[MainWindow, dict[str, QImage]]:
    """``shot`` in a fresh window shown at 1280 x 800; the window and the pictures by name."""
    scratch.mkdir(parents=True, exist_ok=True)
    window = new_window(scratch)
    show(window, *SIZE)
    camera = Camera()
    shot(window, scratch, camera)
    return window, camera.pictures


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.gui.screenshots", description=__doc__.splitlines()[0])
    parser.add_argument("folder", nargs="?", type=Path, default=FOLDER, help=f"where to write (default {FOLDER})")
    parser.add_argument(
        "--shot", action="append", choices=[shot.__name__ for shot in SHOTS], help="only this shot (repeatable)"
    )
    parser.add_argument("--sizes", action="store_true", help="each tab at 1024x640, 1366x768, 1920x1080, 2560x1440")
    args = parser.parse_args(argv)
    from fidedesk.gui.app import FidedeskApplication

    QStandardPaths.setTestModeEnabled(True)  # never the user's settings or data folder
    app = QApplication.instance() or FidedeskApplication(sys.argv[:1])
    args.folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="fidedesk-screenshots-") as scratch:
        for shot in (every_size,) if args.sizes else SHOTS:
            if args.shot and shot.__name__ not in args.shot:
                continue
            window, images = take(shot, Path(scratch) / shot.__name__)
            for name, image in images.items():
                path = args.folder / f"{name}.png"
                if not image.save(str(path)):
                    raise RuntimeError(f"{path}: could not be written")
                print(f"{path}: {image.width()} x {image.height()}")
            if window.undo_stack.count():  # a shot only looks; an imported file is unsaved, and closing discards it
                raise RuntimeError(f"{shot.__name__} left the tournament edited")
            for widget in QApplication.topLevelWidgets():
                widget.close()
                widget.deleteLater()
            app.processEvents()
    return 0


if __name__ == "__main__":
    sys.exit(main())
