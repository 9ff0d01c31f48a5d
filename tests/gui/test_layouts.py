"""The Tournament tab on every screen from a 1024 x 640 projector to a 2560 x 1440 monitor: every pane shown or
one click away and big enough to use, dividers that never lose a pane and are remembered per size class, and a
first window that fits the screen it opens on."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QByteArray, QPoint, QRect, QSize
from PySide6.QtWidgets import QApplication, QSplitter, QTableView
from pytestqt.qtbot import QtBot

from fidedesk.core.editing import add_player, pair
from fidedesk.core.results import ResultCode
from fidedesk.core.tournament import EventInfo, Player, Tournament
from fidedesk.gui.calculator import CalculatorTab
from fidedesk.gui.common import screen
from fidedesk.gui.common.layouts import SizeClass, SplitterMemory, size_class, splitter_sizes
from fidedesk.gui.common.settings import Settings
from fidedesk.gui.mainwindow import MainWindow
from fidedesk.gui.reference.tab import ReferenceTablesTab
from tests.gui.layout_probe import (
    REPO,
    SWISS_7,
    USEFUL_WIDTH,
    pane_faults,
    shown_with_swiss,
    tournament_parts,
)

SIZES = [(1024, 640), (1366, 768), (1920, 1080), (2560, 1440)]


@pytest.fixture
def swiss(qtbot: QtBot, settings: Settings, tmp_path: Path) -> MainWindow:
    """The main window with the 7-round Swiss open, shown at 1280 x 800."""
    window = shown_with_swiss(settings, tmp_path, 1280, 800)
    qtbot.addWidget(window)
    return window


def resized(window: MainWindow, width: int, height: int) -> MainWindow:
    window.resize(width, height)
    QApplication.processEvents()
    assert (window.width(), window.height()) == (width, height)
    return window


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_every_pane_is_usable_at_each_size(swiss: MainWindow, width: int, height: int) -> None:
    assert pane_faults(resized(swiss, width, height)) == []


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_no_divider_drag_loses_a_pane(swiss: MainWindow, width: int, height: int) -> None:
    """Each divider dragged as far as it goes either way leaves every pane usable: the calculation beside the
    tabs once went down to one pixel, and then looked gone."""
    resized(swiss, width, height)
    tab, views = tournament_parts(swiss)
    for splitter in (tab.splitter, views.splitter, views.side_split):
        if not splitter.isVisible():
            continue
        for position in (0, 10_000):
            splitter.moveSplitter(position, 1)
            QApplication.processEvents()
            assert pane_faults(swiss, whole_crosstable=False) == [], (splitter.objectName(), position)


def test_the_window_fits_a_1024_x_640_screen(swiss: MainWindow) -> None:
    """The least size of every tab fits a 1024-wide projector under a task bar (640 less 40 pixels)."""
    for index in range(swiss.tabs.count()):
        swiss.tabs.setCurrentIndex(index)
        QApplication.processEvents()
        least = swiss.minimumSizeHint()
        assert least.width() <= 1024 and least.height() <= 600, (swiss.tabs.tabText(index), least)
    assert isinstance(swiss.tab_content(1), CalculatorTab) and isinstance(swiss.tab_content(2), ReferenceTablesTab)
    # each view of the Tournament tab too: the Norms view's fields once made the window 1100 wide
    swiss.tabs.setCurrentIndex(0)
    _, views = tournament_parts(swiss)
    for index in range(views.tabs.count()):
        views.tabs.setCurrentIndex(index)
        QApplication.processEvents()
        least = swiss.minimumSizeHint()
        assert least.width() <= 1024 and least.height() <= 600, (views.tabs.tabText(index), least)
    resized(swiss, 1024, 600)


def test_the_federation_hint_shows_whole_at_1024(swiss: MainWindow) -> None:
    tab, _ = tournament_parts(resized(swiss, 1024, 640))
    field = tab.event_form.federation_edit
    assert field.width() >= field.fontMetrics().horizontalAdvance(field.placeholderText()) + 8


@pytest.mark.parametrize(("width", "height", "scale"), [(1920, 1080, "1.5"), (2560, 1440, "1.5"), (1366, 768, "1.25")])
def test_every_pane_is_usable_when_scaled(width: int, height: int, scale: str) -> None:
    """A screen of ``width`` x ``height`` pixels at 150 % (125 %) holds a window of its size in logical pixels."""
    logical_width, logical_height = round(width / float(scale)), round(height / float(scale))
    environment = {**os.environ, "QT_SCALE_FACTOR": scale, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(REPO)}
    probe = subprocess.run(
        [sys.executable, "-m", "tests.gui.layout_probe", str(logical_width), str(logical_height)],
        capture_output=True,
        text=True,
        env=environment,
        cwd=REPO,
        check=True,
    )
    lines = probe.stdout.splitlines()
    assert lines[0] == f"window {logical_width} x {logical_height}, pixel ratio {float(scale)}"
    assert lines[1:] == []


# ------------------------------------------------------------------------------ dividers per size class


def test_size_classes() -> None:
    assert [size_class(width) for width in (1000, 1279, 1280, 1919, 1920, 2560)] == [
        SizeClass.NARROW,
        SizeClass.NARROW,
        SizeClass.MEDIUM,
        SizeClass.MEDIUM,
        SizeClass.WIDE,
        SizeClass.WIDE,
    ]


def test_a_divider_dragged_in_one_size_class_stays_there(qtbot: QtBot, swiss: MainWindow, tmp_path: Path) -> None:
    """Dragged on the projector (narrow), the divider is back where it was on returning to the projector, and
    the laptop's (medium) is untouched; a window opened later finds both."""
    tab, _ = tournament_parts(resized(swiss, 1024, 640))
    narrow = tab.splitter.sizes()
    resized(swiss, 1366, 768)
    tab.splitter.moveSplitter(tab.splitter.sizes()[0] - 60, 1)  # the views wider on the laptop
    medium = tab.splitter.sizes()
    resized(swiss, 1024, 640)
    assert tab.splitter.sizes() == narrow  # the laptop's drag left the projector's layout alone
    tab.splitter.moveSplitter(tab.splitter.sizes()[0] + 40, 1)  # the players wider on the projector
    dragged = tab.splitter.sizes()
    assert dragged != narrow
    resized(swiss, 1366, 768)
    assert tab.splitter.sizes() == medium
    resized(swiss, 1024, 640)
    assert tab.splitter.sizes() == dragged

    later = shown_with_swiss(swiss.settings, tmp_path / "later", 1024, 640)
    qtbot.addWidget(later)
    # restored as the window opened, a few pixels narrower than it is now: within a few pixels of the drag
    assert abs(tournament_parts(later)[0].splitter.sizes()[0] - dragged[0]) <= 12
    assert tournament_parts(resized(later, 1366, 768))[0].splitter.sizes() == medium


def test_a_saved_divider_that_hides_a_pane_is_not_restored(qtbot: QtBot, settings: Settings, tmp_path: Path) -> None:
    hiding = QSplitter()
    for _ in range(2):
        hiding.addWidget(QSplitter())
    hiding.setSizes([0, 500])
    settings.set_splitter_state("narrow/tournament-across", hiding.saveState())
    assert splitter_sizes(hiding.saveState()) == (0, 500)
    window = shown_with_swiss(settings, tmp_path, 1024, 640)
    qtbot.addWidget(window)
    assert min(tournament_parts(window)[0].splitter.sizes()) >= USEFUL_WIDTH
    assert pane_faults(window) == []


def test_a_state_that_is_no_splitter_state_is_refused(qapp: QApplication, settings: Settings) -> None:
    assert splitter_sizes(QByteArray(b"")) is None
    assert splitter_sizes(QByteArray(b"\x00\x00\x00\x07 not a splitter")) is None
    splitter = QSplitter()
    memory = SplitterMemory(settings)
    memory.add("odd", splitter, lambda _size_class: (1, 1))
    settings.set_splitter_state("narrow/odd-across", QByteArray(b"garbage"))
    memory.enter(1024)  # no exception: the defaults
    assert memory.size_class is SizeClass.NARROW


# ------------------------------------------------------------------------------ the first window


def laptop(monkeypatch: pytest.MonkeyPatch, room: QRect) -> None:
    """The screen's free area (without the task bar) faked as ``room``."""
    monkeypatch.setattr(screen, "available", lambda _widget: room)


@pytest.mark.parametrize(
    ("room", "size"),
    [
        (QRect(0, 0, 1366, 728), QSize(1280, 688)),  # a laptop under a 40-pixel task bar: all its height
        (QRect(0, 0, 1024, 600), QSize(1008, 560)),  # the projector
        (QRect(0, 0, 2560, 1400), QSize(2162, 1156)),  # a monitor: 85 % of it, centred
    ],
)
def test_the_first_window_fits_the_screen(
    qtbot: QtBot, settings: Settings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, room: QRect, size: QSize
) -> None:
    laptop(monkeypatch, room)
    window = MainWindow(settings, recovery_folder=tmp_path / "recovery")
    qtbot.addWidget(window)
    assert window.size() == size
    outer = QRect(window.pos(), window.size() + screen.FRAME)
    assert room.contains(outer)  # the frame and the status bar on screen
    assert abs((room.center() - outer.center()).x()) <= 1 and abs((room.center() - outer.center()).y()) <= 1


def test_a_window_left_on_a_bigger_screen_comes_back_inside(
    qtbot: QtBot, settings: Settings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Closed on the 2560 monitor, opened on the 1024-wide projector."""
    laptop(monkeypatch, QRect(0, 0, 2560, 1400))
    first = MainWindow(settings, recovery_folder=tmp_path / "recovery")
    qtbot.addWidget(first)
    first.resize(2400, 1300)
    first.move(100, 50)
    settings.geometry = first.saveGeometry()
    room = QRect(0, 0, 1024, 600)
    laptop(monkeypatch, room)
    window = MainWindow(settings, recovery_folder=tmp_path / "recovery")
    qtbot.addWidget(window)
    assert room.contains(QRect(window.pos(), window.size() + screen.FRAME)), (window.pos(), window.size())
    assert window.pos() != QPoint(100, 50) or window.width() <= 1008


def test_an_event_opened_in_a_wide_window_shows_its_whole_crosstable(window: MainWindow) -> None:
    """The divider follows the crosstable of the event opened (an empty one is narrow) until it is dragged."""
    resized(window, 1920, 1080)
    assert window.open_path(SWISS_7)
    QApplication.processEvents()
    assert pane_faults(window) == []


def swiss_9(players: int = 300) -> Tournament:
    """A 9-round Swiss of 300 players, its crosstable as wide as they come (long names, "151w½" in every
    round's column): each round the top half meets the bottom half, shifted by the round, every game drawn."""
    tournament = Tournament(EventInfo(name="Nine rounds"), ())
    for number in range(players):
        tournament = add_player(tournament, Player(0, f"Gorrochategui Torres, Eugenio {number + 1}", 2400 - number))
    half = players // 2
    for round_ in range(1, 10):
        for top in range(1, half + 1):
            bottom = half + (top + round_) % half + 1
            white, black = (top, bottom) if round_ % 2 else (bottom, top)
            tournament = pair(tournament, round_, white, black, ResultCode.DRAW)
    return tournament


@pytest.mark.parametrize(("width", "height"), [(1920, 1080), (2560, 1440)])
def test_the_crosstable_of_a_9_round_swiss_is_whole_from_1920(window: MainWindow, width: int, height: int) -> None:
    window.document.reset(swiss_9(), None)
    QApplication.processEvents()
    _, views = tournament_parts(resized(window, width, height))
    assert views.crosstable.columnCount() == 3 + 9 + 2  # No, Name, Rtg, R1-R9, Pts, Rank
    assert pane_faults(window) == []


def test_the_first_window_on_a_large_screen_is_maximised_and_wide(
    qtbot: QtBot, settings: Settings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 29: at 85 % of a 1920 x 1080 screen the first window was too narrow for the wide layout (the
    calculation beside the views), which it showed only once maximised: from 1920 it opens maximised; below, not."""
    from PySide6.QtCore import Qt

    laptop(monkeypatch, QRect(0, 0, 1920, 1040))
    window = MainWindow(settings, recovery_folder=tmp_path / "recovery")
    qtbot.addWidget(window)
    assert window.windowState() & Qt.WindowState.WindowMaximized
    laptop(monkeypatch, QRect(0, 0, 1366, 728))
    settings.geometry = QByteArray()
    smaller = MainWindow(settings, recovery_folder=tmp_path / "recovery")
    qtbot.addWidget(smaller)
    assert not smaller.windowState() & Qt.WindowState.WindowMaximized


# ------------------------------------------------------------------------------ readable at each size (issue 29)

#: The screens the issue names: a projector, a laptop, a monitor's maximised window (less its title bar).
READABLE = [(1024, 640), (1366, 768), (1920, 1050)]


def _shown(table: QTableView, column: int) -> int:
    """The pixels of ``column`` the table shows in its viewport."""
    header = table.horizontalHeader()
    start = header.sectionViewportPosition(column)
    return max(0, min(start + header.sectionSize(column), table.viewport().width()) - max(start, 0))


@pytest.mark.parametrize(("width", "height"), READABLE)
def test_standings_names_of_twenty_letters_are_whole(swiss: MainWindow, width: int, height: int) -> None:
    """The tie-break choice took 40 % of the Standings at 1024 x 640 and cut the names to "Aria…"."""
    _tab, views = tournament_parts(resized(swiss, width, height))
    views.tabs.setCurrentWidget(views.standings)
    QApplication.processEvents()
    table, model = views.standings.table, views.standings.model
    longest = max((model.standing(row).player.name for row in range(model.rowCount())), key=len)
    assert len(longest) >= 20
    needed = table.fontMetrics().horizontalAdvance(longest[:20]) + 12
    assert _shown(table, model.NAME) >= needed, (longest, _shown(table, model.NAME))


@pytest.mark.parametrize(("width", "height"), READABLE)
def test_the_players_table_shows_each_rating(swiss: MainWindow, width: int, height: int) -> None:
    """At 1024 x 640 the Rating column was beyond the pane's edge."""
    from fidedesk.gui.tournament.player_columns import COLUMNS

    tab, _views = tournament_parts(resized(swiss, width, height))
    rating = next(number for number, column in enumerate(COLUMNS) if column.field == "rating")
    table = tab.players.table
    assert _shown(table, rating) == table.horizontalHeader().sectionSize(rating)


@pytest.mark.parametrize(("width", "height"), READABLE)
def test_the_calculations_key_figures_show_without_scrolling(swiss: MainWindow, width: int, height: int) -> None:
    """Rc, W, n, K and the new rating: at 1366 x 768 the new rating was below the summary's fold."""
    from PySide6.QtCore import QPoint

    _tab, views = tournament_parts(resized(swiss, width, height))
    views.select_player(2)
    views.show_side(views.panel, views.panel.games_table)
    QApplication.processEvents()
    panel, headline = views.panel, views.panel.headline
    assert headline.isVisible()
    for words in ("Rc ", "W ", "n ", "K ", "New rating "):
        assert words in headline.text(), headline.text()
    top_left = headline.mapTo(panel, QPoint(0, 0))
    assert top_left.y() + headline.height() <= panel.height()
    assert headline.width() <= panel.width()
    # one line holds it where the panel is wide enough; two at most elsewhere
    assert headline.height() <= 2 * headline.fontMetrics().lineSpacing() + 4
