"""The standings' tie-break choice outlives the window: ticked, unticked and reordered, then read back."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QModelIndex, QSettings, Qt
from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import QListWidget
from pytestqt.qtbot import QtBot

from fidedesk.core.editing import add_player
from fidedesk.core.tiebreaks import DEFAULT_TIEBREAKS, TieBreak
from fidedesk.core.tournament import EventInfo, Player, Tournament
from fidedesk.gui.context import RatingContext
from fidedesk.gui.document import TournamentDocument
from fidedesk.gui.settings import Settings, tiebreaks_from_codes
from fidedesk.gui.tournament.views import TournamentViews


def three_players() -> Tournament:
    tournament = Tournament(EventInfo(name="Club"), ())
    for rating in (2100, 2000, 1900):
        tournament = add_player(tournament, Player(0, f"P{rating}", rating))
    return tournament


def settings_on(path: Path) -> Settings:
    """A fresh Settings object on the file, as a new session of the program would make."""
    return Settings(QSettings(str(path), QSettings.Format.IniFormat))


def open_views(qtbot: QtBot, settings: Settings) -> TournamentViews:
    views = TournamentViews(TournamentDocument(QUndoStack(), three_players()), RatingContext(), settings)
    qtbot.addWidget(views)
    return views


def item_of(tiebreaks: QListWidget, tiebreak: TieBreak) -> int:
    return next(
        row for row in range(tiebreaks.count()) if tiebreaks.item(row).data(Qt.ItemDataRole.UserRole) == tiebreak
    )


def headers(views: TournamentViews) -> list[str]:
    model = views.standings.model
    return [model.headerData(c, Qt.Orientation.Horizontal) for c in range(5, model.columnCount())]


def test_the_choice_is_back_in_a_new_window(qtbot: QtBot, tmp_path: Path) -> None:
    path = tmp_path / "session.ini"
    views = open_views(qtbot, settings_on(path))
    assert views.standings.chosen() == list(DEFAULT_TIEBREAKS)  # nothing stored yet: FIDE's usual Swiss choice
    tiebreaks = views.standings.tiebreak_list
    tiebreaks.item(item_of(tiebreaks, TieBreak.BUCHHOLZ)).setCheckState(Qt.CheckState.Unchecked)
    tiebreaks.item(item_of(tiebreaks, TieBreak.WINS)).setCheckState(Qt.CheckState.Checked)
    # the order as a drag in the list leaves it: the model moves the row (and says so with rowsMoved)
    source = item_of(tiebreaks, TieBreak.WINS)
    assert tiebreaks.model().moveRow(QModelIndex(), source, QModelIndex(), 0)
    chosen = [TieBreak.WINS, TieBreak.BUCHHOLZ_CUT1, TieBreak.SONNEBORN_BERGER]
    assert views.standings.chosen() == chosen
    assert headers(views) == ["WIN", "BH-C1", "SB"]
    views.settings.sync()
    views.close()

    assert "WIN BH-C1 SB" in path.read_text()  # on disk, not only in this process's copy
    again = open_views(qtbot, settings_on(path))
    assert again.standings.chosen() == chosen
    assert headers(again) == ["WIN", "BH-C1", "SB"]
    shown = [again.standings.tiebreak_list.item(row).data(Qt.ItemDataRole.UserRole) for row in range(3)]
    assert shown == chosen  # the ticked ones first, in their order


def test_no_tiebreak_at_all_is_remembered(qtbot: QtBot, tmp_path: Path) -> None:
    path = tmp_path / "none.ini"
    views = open_views(qtbot, settings_on(path))
    tiebreaks = views.standings.tiebreak_list
    for tiebreak in DEFAULT_TIEBREAKS:
        tiebreaks.item(item_of(tiebreaks, tiebreak)).setCheckState(Qt.CheckState.Unchecked)
    views.settings.sync()
    assert open_views(qtbot, settings_on(path)).standings.chosen() == []


@pytest.mark.parametrize(
    "stored",
    [
        "tiebreaks=BH XYZ\n",  # an unknown code
        "tiebreaks=SB SB\n",  # a code twice
        'tiebreaks="BH, SB"\n',  # commas, not spaces
        "tiebreaks=@ByteArray(\\x1\\x2)\n",  # not text at all
        "tiebreaks=3\n",
    ],
)
def test_garbage_in_the_file_gives_the_default(qtbot: QtBot, tmp_path: Path, stored: str) -> None:
    path = tmp_path / "garbage.ini"
    path.write_text(f"[tournament]\n{stored}")
    settings = settings_on(path)
    assert settings.tiebreaks == DEFAULT_TIEBREAKS
    assert open_views(qtbot, settings).standings.chosen() == list(DEFAULT_TIEBREAKS)


def test_codes_read_strictly() -> None:
    assert tiebreaks_from_codes(" BH-C1  SB ") == (TieBreak.BUCHHOLZ_CUT1, TieBreak.SONNEBORN_BERGER)
    assert tiebreaks_from_codes("") == ()
    assert tiebreaks_from_codes("bh/c1") == (TieBreak.BUCHHOLZ_CUT1,)  # issue 15: "/" for "-", any case
