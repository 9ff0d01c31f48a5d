"""Issue 29: Enter in Rating List › Search says whom it added, and asks when the query matches several."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from benchmarks.make_fide_list import write_txt
from fidedesk.gui.mainwindow import MainWindow
from fidedesk.gui.ratinglist.search import RatingListDialog
from fidedesk.io.ratinglist import store as ratinglist
from fidedesk.io.ratinglist.fide_list import Month, inspect


@pytest.fixture(scope="module")
def download(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("download") / "players_list.zip"
    write_txt(path, 2000, seed=11, month="2026-11")
    return path


def searched(qtbot: QtBot, window: MainWindow, download: Path, text: str) -> tuple[RatingListDialog, list[str]]:
    ratinglist.import_list(window.rating_list.database, inspect(download), month=Month(2026, 11))
    dialog = window.rating_list.show_search()
    qtbot.keyClicks(dialog.search, text)
    qtbot.waitUntil(lambda: not dialog._timer.isActive())
    return dialog, [dialog.model.row(row).name for row in range(dialog.model.rowCount())]


def added(window: MainWindow) -> list[str]:
    return [player.name for player in window.document.tournament.players]


def test_enter_on_several_matches_adds_nobody_and_asks_for_a_choice(
    qtbot: QtBot, window: MainWindow, download: Path
) -> None:
    dialog, names = searched(qtbot, window, download, "machado")
    assert 2 < len(names) < window.rating_list.limit
    qtbot.keyClick(dialog.search, Qt.Key.Key_Return)
    assert added(window) == []
    assert dialog.message.text() == (
        f"{len(names)} players match “machado”: choose one with the arrow keys and press Enter."
    )
    assert dialog.table.hasFocus() and dialog.table.currentIndex().row() == 0
    qtbot.keyClick(dialog.table, Qt.Key.Key_Down)
    qtbot.keyClick(dialog.table, Qt.Key.Key_Return)  # the one chosen, and only it
    (player,) = window.document.tournament.players
    assert player.name == dialog.model.row(dialog.proxy.mapToSource(dialog.proxy.index(1, 0)).row()).name
    assert f"Added {player.name} (No 1): FIDE ID {player.fide_id}" in dialog.message.text()
    assert dialog.search.hasFocus()  # the next name is typed at once


def test_enter_on_one_match_adds_it_and_says_whom(qtbot: QtBot, window: MainWindow, download: Path) -> None:
    dialog, names = searched(qtbot, window, download, "carlsen m")
    assert names == ["Carlsen, Magnus"]
    qtbot.keyClick(dialog.search, Qt.Key.Key_Return)
    assert added(window) == ["Carlsen, Magnus"]
    assert dialog.message.text().startswith("Added Carlsen, Magnus (No 1): FIDE ID 1503014, rating 2823")


def test_enter_adds_the_row_chosen_with_the_arrow_keys(qtbot: QtBot, window: MainWindow, download: Path) -> None:
    dialog, names = searched(qtbot, window, download, "m")
    assert dialog.selected() == []  # several found: none is chosen for the arbiter
    qtbot.keyClick(dialog.search, Qt.Key.Key_Down)
    qtbot.keyClick(dialog.search, Qt.Key.Key_Down)
    chosen = [player.name for player in dialog.selected()]
    assert chosen == [names[1]] and dialog.search.hasFocus()
    qtbot.keyClick(dialog.search, Qt.Key.Key_Return)
    assert added(window) == chosen and dialog.message.text().startswith(f"Added {names[1]} (No 1): FIDE ID ")


def test_enter_on_a_search_cut_at_the_limit_says_or_more(qtbot: QtBot, window: MainWindow, download: Path) -> None:
    dialog, names = searched(qtbot, window, download, "m")
    assert len(names) == window.rating_list.limit
    qtbot.keyClick(dialog.search, Qt.Key.Key_Return)
    assert added(window) == [] and dialog.message.text().startswith(f"{len(names)} or more players match “m”: ")
