"""The warnings panel of a big event: one short row per kind of warning, saying what and how many; its places
folded under it (the keyboard opens them) and the first of them in its tool tip (issue 14, item 2).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import QApplication
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from fidedesk.core.editing import add_player, pair
from fidedesk.core.results import ResultCode
from fidedesk.core.tournament import EventInfo, Player, Tournament
from fidedesk.core.warnings import NoRating, no_rating_groups
from fidedesk.gui.common.context import RatingContext
from fidedesk.gui.common.settings import Settings
from fidedesk.gui.files.document import TournamentDocument
from fidedesk.gui.tournament.views import TournamentViews

RATED = UNRATED = 150
ROUNDS = 3


def big_open() -> Tournament:
    """300 players, half of them unrated; every game of 3 rounds is a rated player against an unrated one: 450
    results "opponent unrated" (8.3.1), and 150 players with too few games for a rating (7.1.4)."""
    tournament = Tournament(EventInfo(name="Big Open", time_control="90 min + 30 s/move"), ())
    for number in range(RATED + UNRATED):
        rating = 2300 - 4 * number if number < RATED else None
        tournament = add_player(tournament, Player(0, f"Player {number + 1}", rating))
    for round_ in range(1, ROUNDS + 1):
        for rated in range(1, RATED + 1):
            unrated = RATED + (rated + round_) % UNRATED + 1
            tournament = pair(tournament, round_, rated, unrated, ResultCode.DRAW)
    return tournament


@pytest.fixture
def views(qtbot: QtBot, context: RatingContext, settings: Settings) -> TournamentViews:
    views = TournamentViews(TournamentDocument(QUndoStack(), big_open()), context, settings)
    qtbot.addWidget(views)
    views.resize(1280, 800)
    views.show()
    qtbot.waitExposed(views)
    QApplication.processEvents()
    return views


def test_one_short_row_per_kind(views: TournamentViews, tmp_path: Path) -> None:
    model = views.warnings
    kinds = [row.kind for row in model.rows()]
    assert sorted(kinds) == ["No rating", "Not rated"]  # 450 results and 150 players in two rows
    not_rated = model.rows()[kinds.index("Not rated")]
    assert not_rated.what == "450 results: opponent unrated: not rated (FIDE 8.3.1)"
    assert not_rated.where.endswith(" and 438 more") and len(not_rated.places) == 450
    no_rating = model.rows()[kinds.index("No rating")]
    assert no_rating.what == "150 players: not published: 3 games against rated opponents, fewer than 5 (7.1.4)"
    # Ra of 1708, 1712, 1716 and of two hypothetical draws against 1800; each player is a place, with his value
    assert no_rating.places[0] == "151. Player 151 (computed 1747)"
    # the title counts the rows, as before
    assert views.warnings_title.text() == "<b>Warnings (2)</b>"
    # every row is one text line high, however many places it has
    tree = views.warnings_table
    line = tree.fontMetrics().height()
    for row in range(model.rowCount()):
        height = tree.visualRect(model.index(row, 1)).height()
        assert 0 < height < 2 * line
        assert not tree.isExpanded(model.index(row, 0))  # the places are folded away
    # what the warning is shows whole beside the calculation at 1280 (the places are elided first)
    assert tree.columnWidth(1) > tree.fontMetrics().horizontalAdvance(not_rated.what)
    assert views.warnings_box.grab().save(str(tmp_path / "warnings_big.png"))


def test_the_places_are_child_rows_the_keyboard_opens(views: TournamentViews, qtbot: QtBot) -> None:
    model = views.warnings
    tree = views.warnings_table
    row = [line.kind for line in model.rows()].index("Not rated")
    line = model.index(row, 0)
    assert model.rowCount(line) == 450
    assert model.data(model.index(0, 1, line)) == "R1: 1 v 153"
    assert model.data(model.index(449, 1, line)) == "R3: 150 v 154"
    assert model.rowCount(model.index(0, 1, line)) == 0 and model.rowCount(model.index(row, 1)) == 0
    tree.setFocus()
    tree.setCurrentIndex(line)
    qtbot.keyClick(tree, Qt.Key.Key_Right)
    assert tree.isExpanded(line)
    qtbot.keyClick(tree, Qt.Key.Key_Down)
    assert tree.currentIndex().parent() == line and tree.currentIndex().row() == 0
    qtbot.keyClick(tree, Qt.Key.Key_Left)  # back to the line
    qtbot.keyClick(tree, Qt.Key.Key_Left)  # and folded again
    assert tree.currentIndex() == line and not tree.isExpanded(line)


def test_the_tool_tip_names_the_first_places_and_how_many_more(views: TournamentViews) -> None:
    model = views.warnings
    kinds = [line.kind for line in model.rows()]
    text = model.data(model.index(kinds.index("Not rated"), 2), Qt.ItemDataRole.ToolTipRole)
    assert text.startswith("450 results: opponent unrated") and text.endswith(" and 438 more")
    assert text.count(", ") == 11  # twelve places
    players = model.data(model.index(kinds.index("No rating"), 1), Qt.ItemDataRole.ToolTipRole)
    assert players.endswith("151. Player 151, 152. Player 152" + "".join(f", {n}. Player {n}" for n in range(153, 163))
                            + " and 138 more")  # fmt: skip


def test_model_passes_modeltester(views: TournamentViews, qtmodeltester: ModelTester) -> None:
    views.warnings_table.expandAll()
    qtmodeltester.check(views.warnings)
    assert views.warnings.parent(QModelIndex()) == QModelIndex()


def test_players_without_a_rating_grouped_by_reason() -> None:
    players = [NoRating(3, "C", "no results that count", None), NoRating(5, "E", "few games", 1650),
               NoRating(7, "G", "no results that count", None)]  # fmt: skip
    groups = no_rating_groups(players)
    assert [(group.reason, [p.start_rank for p in group.players]) for group in groups] == [
        ("no results that count", [3, 7]),
        ("few games", [5]),
    ]


def test_narrow_tab_counts_the_rows(views: TournamentViews, tmp_path: Path) -> None:
    views.resize(580, 760)  # beside the players in the Tournament tab: the warnings are a tab under the views
    QApplication.processEvents()
    assert views.wide is False
    tab = views.side_tabs.indexOf(views.warnings_box)
    assert views.side_tabs.tabText(tab) == "Warnings (2)"
    views.side_tabs.setCurrentIndex(tab)
    views.warnings_table.expand(views.warnings.index(0, 0))
    QApplication.processEvents()
    assert views.grab().save(str(tmp_path / "warnings_narrow.png"))
