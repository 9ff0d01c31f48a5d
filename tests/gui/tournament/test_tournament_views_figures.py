"""Crosstable, standings, rating panel and warnings of the tournament views, against figures worked by hand or by
``fidedesk-cli rate`` (FIDE's rules), and a look at the whole at 1280 × 800.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import QApplication, QListWidget
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from fidedesk.core.editing import add_player, pair, set_event_info
from fidedesk.core.results import ResultCode
from fidedesk.core.tiebreaks.calculate import TieBreak
from fidedesk.core.tournament import EventInfo, Player, RatingKind, System, Tournament
from fidedesk.gui.common.context import RatingContext
from fidedesk.gui.common.settings import Settings
from fidedesk.gui.files.document import TournamentDocument
from fidedesk.gui.tournament.crosstable import CrosstableModel
from fidedesk.gui.tournament.standings_view import StandingsModel
from fidedesk.gui.tournament.views import TournamentViews
from fidedesk.io.trf.document import read_trf
from tests.builders import round_robin
from tests.conftest import TRF_DIR

GELENDZHIK = TRF_DIR / "xii_sds_classic_2016_gelendzhik.trf"
W, D, L = ResultCode.WIN, ResultCode.DRAW, ResultCode.LOSS
H = Fraction(1, 2)


def two_rounds() -> Tournament:
    """Six players, two rounds: 1-4 1-0, 2-5 ½-½, 3-6 0-1; then 6-1 0-1, 5-4 1-0, 2-3 1-0."""
    tournament = Tournament(EventInfo(), ())
    for rating in (2300, 2200, 2100, 2000, 1900, 1800):
        tournament = add_player(tournament, Player(0, f"P{rating}", rating))
    for round_, games in ((1, ((1, 4, W), (2, 5, D), (3, 6, L))), (2, ((6, 1, L), (5, 4, W), (2, 3, W)))):
        for white, black, result in games:
            tournament = pair(tournament, round_, white, black, result)
    return tournament


def views_over(qtbot: QtBot, tournament: Tournament, context: RatingContext, settings: Settings) -> TournamentViews:
    widget = TournamentViews(TournamentDocument(QUndoStack(), tournament), context, settings)
    qtbot.addWidget(widget)
    return widget


def column(model: CrosstableModel | StandingsModel, header: str) -> list[str]:
    section = next(c for c in range(model.columnCount()) if model.headerData(c, Qt.Orientation.Horizontal) == header)
    return [model.index(row, section).data() for row in range(model.rowCount())]


def test_round_robin_crosstable(qtbot: QtBot, context: RatingContext, settings: Settings) -> None:
    scores = [[None, 1, H, 1], [0, None, 1, H], [H, 0, None, 0], [0, H, 1, None]]
    views = views_over(qtbot, round_robin([2000, 1900, 1800, 1700], scores), context, settings)
    model = views.crosstable
    assert model.round_robin and model.columnCount() == 3 + 4 + 2
    grid = [[model.index(row, 3 + col).data() for col in range(4)] for row in range(4)]
    assert grid == [["X", "1", "½", "1"], ["0", "X", "1", "½"], ["½", "0", "X", "0"], ["0", "½", "1", "X"]]
    assert column(model, "Pts") == ["2½", "1½", "½", "1½"]
    assert column(model, "Rank") == ["1", "2–3", "4", "2–3"]


def test_swiss_crosstable_cells(qtbot: QtBot, context: RatingContext, settings: Settings) -> None:
    views = views_over(qtbot, read_trf(GELENDZHIK).tournament, context, settings)
    model = views.crosstable
    assert not model.round_robin
    assert [model.headerData(3 + r, Qt.Orientation.Horizontal) for r in range(7)] == [f"R{r}" for r in range(1, 8)]
    first = [model.index(0, 3 + r).data() for r in range(7)]
    assert first == ["8b1", "10w0", "12b½", "6w1", "14b0", "4w½", "2b1"]
    assert column(model, "Pts")[11] == "6"  # Vasiliev, 6 of 7
    assert column(model, "Rank")[11] == "1"


def test_swiss_crosstable_bye_cell(qtbot: QtBot, context: RatingContext, settings: Settings) -> None:
    from fidedesk.core.editing import give_bye

    tournament = give_bye(two_rounds(), 3, 4, ResultCode.HALF_BYE)
    views = views_over(qtbot, tournament, context, settings)
    assert views.crosstable.index(3, 3 + 2).data() == "-½"
    assert views.crosstable.index(0, 3 + 2).data() == ""


def test_standings_order_and_buchholz(qtbot: QtBot, context: RatingContext, settings: Settings) -> None:
    views = views_over(qtbot, two_rounds(), context, settings)
    model = views.standings.model
    # points 2, 1½, 0, 0, 1½, 1; Buchholz by hand: 1: 0 + 1 = 1; 6: 0 + 2 = 2; 2 and 5: 1½, equal on SB ¾ too
    assert column(model, "No") == ["1", "2", "5", "6", "4", "3"]
    assert column(model, "Rank") == ["1", "2–3", "2–3", "4", "5", "6"]
    assert column(model, "Pts") == ["2", "1½", "1½", "1", "0", "0"]
    assert column(model, "BH") == ["1.0", "1.5", "1.5", "2.0", "3.5", "2.5"]
    assert column(model, "BH-C1") == ["1.0", "1.5", "1.5", "2.0", "2.0", "1.5"]  # 4 ahead of 3 on Cut-1
    # SB of 2: 1 × 0 + ½ × 1½; of 5: ½ × 1½ + 1 × 0
    assert column(model, "SB") == ["1.00", "0.75", "0.75", "0.00", "0.00", "0.00"]


def test_tiebreak_choice_reorders(qtbot: QtBot, context: RatingContext, settings: Settings) -> None:
    views = views_over(qtbot, two_rounds(), context, settings)
    views.tabs.setCurrentWidget(views.standings)  # the choice is made beside the standings, shown
    tiebreaks: QListWidget = views.standings.tiebreak_list
    for row in range(tiebreaks.count()):
        item = tiebreaks.item(row)
        wanted = item.data(Qt.ItemDataRole.UserRole) == TieBreak.WINS
        item.setCheckState(Qt.CheckState.Checked if wanted else Qt.CheckState.Unchecked)
    assert views.standings.chosen() == [TieBreak.WINS]
    assert [views.standings.model.headerData(c, Qt.Orientation.Horizontal) for c in range(6)][-1] == "WIN"
    # 2 and 5 both have one win: still shared; the crosstable follows the same choice
    assert column(views.crosstable, "Rank")[1] == "2–3"


def test_views_refresh_after_edit_and_undo(qtbot: QtBot, context: RatingContext, settings: Settings) -> None:
    views = views_over(qtbot, two_rounds(), context, settings)
    views.tabs.setCurrentWidget(views.standings)
    document = views.document
    document.apply("Result", pair(document.tournament, 3, 1, 2, W))
    assert column(views.standings.model, "Pts")[0] == "3"
    assert views.crosstable.index(0, 3 + 2).data() == "2w1"
    document.undo_stack.undo()
    assert column(views.standings.model, "Pts")[0] == "2"
    assert views.crosstable.columnCount() == 3 + 2 + 2


def test_hidden_standings_are_ranked_when_shown_and_the_grid_keeps_its_shape(
    qtbot: QtBot, context: RatingContext, settings: Settings
) -> None:
    """Issue 28: with the Rounds shown, a result typed does not rank the standings (at 2,000 players that was 40 %
    of a key's time); showing the Standings or the Crosstable ranks them, with the selected player's row current.
    A round paired while they are hidden widens the crosstable at once (the views' layout follows its width)."""
    views = views_over(qtbot, two_rounds(), context, settings)
    document, standings = views.document, views.standings.model
    views.tabs.setCurrentWidget(views.rounds)
    document.apply("Result", pair(document.tournament, 3, 1, 2, W))
    assert standings.stale and column(standings, "Pts")[0] == "2"  # not ranked again yet
    assert views.crosstable.columnCount() == 3 + 3 + 2  # round 3's column: the grid's shape is read at once
    views.select_player(2)
    views.tabs.setCurrentWidget(views.crosstable_table)
    assert not standings.stale and column(standings, "Pts")[0] == "3"
    assert views.crosstable.index(0, 3 + 2).data() == "2w1"
    assert views.crosstable.player_at(views.crosstable_table.currentIndex().row()).start_rank == 2
    views.tabs.setCurrentWidget(views.standings)
    assert standings.standing(views.standings.table.currentIndex().row()).player.start_rank == 2


@pytest.fixture
def gelendzhik(qtbot: QtBot, context: RatingContext, settings: Settings) -> TournamentViews:
    context.set_edition_name("fide-2014")
    views = views_over(qtbot, read_trf(GELENDZHIK).tournament, context, settings)
    views.select_player(1)
    return views


def test_rating_panel_matches_the_cli(gelendzhik: TournamentViews) -> None:
    summary = gelendzhik.panel.summary
    figures = {key: summary.value(key) for key in ("rc", "w", "n", "sum", "k", "k_sum", "new_rating", "performance")}
    assert figures == {"rc": "2173", "w": "4", "n": "6", "sum": "-0.73", "k": "10", "k_sum": "-7.30",
                       "new_rating": "2420", "performance": "2296"}  # fmt: skip
    assert "2400" in summary.figure("k").why  # type: ignore[union-attr]
    rows = gelendzhik.panel.games.rows()
    assert [row.round for row in rows] == [str(r) for r in range(1, 8)]
    assert (rows[2].opponent, rows[2].rating, rows[2].score) == ("12. Vasiliev Maxim", "2027*", "½")  # 2016 + 11
    assert (rows[0].pd, rows[0].chg, rows[0].k_chg) == ("0.87", "+0.13", "+1.30")
    assert not rows[4].counted and "unrated" in rows[4].note
    assert "fide-2014" in gelendzhik.panel.title.text()


def test_rating_panel_follows_rules_and_players(gelendzhik: TournamentViews, context: RatingContext) -> None:
    gelendzhik.select_player(14)  # unrated: the CLI's Initial column, 2105 under fide-2014 and 2033 under fide-2025
    summary = gelendzhik.panel.summary
    assert (summary.value("initial"), summary.value("published"), summary.value("performance")) == (
        "2105",
        "yes",
        "2105",
    )
    assert [row.note for row in gelendzhik.panel.games.rows()] == ["counts towards Ra"] * 7
    gelendzhik.select_player(12)
    assert summary.value("new_rating") == "2088"
    context.set_edition_name("fide-2025")
    gelendzhik.select_player(14)
    assert gelendzhik.panel.title.text().count("fide-2025") == 1
    assert summary.value("initial") == "2033"
    assert "2 hypothetical draws against 1800" in summary.figure("ra").why  # type: ignore[union-attr]


def test_warnings_list_the_games_against_the_unrated_player(gelendzhik: TournamentViews) -> None:
    rows = gelendzhik.warnings.rows()
    not_rated = [row for row in rows if row.kind == "Not rated"]
    assert len(not_rated) == 1
    assert not_rated[0].what.startswith("7 results: opponent unrated")
    games = not_rated[0].where.split(", ")
    assert len(games) == 7 and all(game.endswith(" v 14") for game in games)


def test_warnings_list_boards_without_result(qtbot: QtBot, context: RatingContext, settings: Settings) -> None:
    tournament = pair(pair(two_rounds(), 3, 1, 2), 3, 3, 4, D)
    views = views_over(qtbot, pair(tournament, 3, 5, 6), context, settings)
    pending = [row for row in views.warnings.rows() if row.kind == "No result"]
    assert [(row.what, row.where) for row in pending] == [("Round 3: 2 boards without a result", "boards 1, 3")]


def test_models_pass_modeltester(qtmodeltester: ModelTester, gelendzhik: TournamentViews) -> None:
    views = gelendzhik
    for model in (views.crosstable, views.standings.model, views.panel.games, views.panel.summary, views.warnings):
        qtmodeltester.check(model)


def test_look_at_1280(qtbot: QtBot, gelendzhik: TournamentViews, tmp_path: Path) -> None:
    gelendzhik.resize(1280, 800)
    gelendzhik.show()
    qtbot.waitExposed(gelendzhik)
    for tab, name in ((0, "_rounds"), (2, "_standings"), (1, "")):
        gelendzhik.tabs.setCurrentIndex(tab)
        QApplication.processEvents()
        image = gelendzhik.grab()
        assert (image.width(), image.height()) == (1280, 800)
        assert image.save(str(tmp_path / f"tournament_views{name}.png"))


def test_auto_takes_the_event_date(qtbot: QtBot, context: RatingContext, settings: Settings) -> None:
    context.set_edition_name("auto")  # the context's own date is today; the event started on 2016-06-28
    views = views_over(qtbot, read_trf(GELENDZHIK).tournament, context, settings)
    views.select_player(1)
    assert "fide-2014" in views.panel.title.text()
    assert views.panel.summary.value("new_rating") == "2420"


def test_rated_for_the_event_kind(gelendzhik: TournamentViews, context: RatingContext) -> None:
    """The event's kind is the one source: the calculator's kind (the context's) changes no figure of the event."""
    shown = gelendzhik.panel.summary.figures()
    context.set_kind(RatingKind.RAPID)
    assert gelendzhik.panel.summary.figures() == shown and "standard" in gelendzhik.panel.title.text()
    assert not [row for row in gelendzhik.warnings.rows() if row.kind == "Rules"]
    document = gelendzhik.document
    document.apply("Event", set_event_info(document.tournament, replace(document.tournament.info,
                                                                        kind=RatingKind.RAPID)))  # fmt: skip
    assert "rapid" in gelendzhik.panel.title.text()
    assert gelendzhik.panel.summary.value("k") == "20"  # rapid: one K for every player, not the 10 of 2400


def test_warnings_list_a_forfeit_once(qtbot: QtBot, context: RatingContext, settings: Settings) -> None:
    views = views_over(qtbot, pair(two_rounds(), 3, 2, 1, ResultCode.FORFEIT_WIN), context, settings)
    not_rated = [(row.what, row.where) for row in views.warnings.rows() if row.kind == "Not rated"]
    # both players have the round not rated (a forfeit win and a forfeit loss): it is one game
    assert not_rated == [("1 result: forfeit loss: unplayed games are not rated (FIDE 5.1)", "R3: 1 v 2")]


def test_narrow_puts_the_calculation_under_the_tabs(qtbot: QtBot, gelendzhik: TournamentViews, tmp_path: Path) -> None:
    gelendzhik.show()
    qtbot.waitExposed(gelendzhik)
    gelendzhik.resize(580, 760)  # as wide as beside the players in the Tournament tab
    QApplication.processEvents()
    assert gelendzhik.width() == 580
    assert gelendzhik.wide is False and gelendzhik.splitter.orientation() == Qt.Orientation.Vertical
    assert gelendzhik.side_tabs.tabText(1) == "Warnings (1)"
    QApplication.processEvents()
    assert gelendzhik.grab().save(str(tmp_path / "tournament_views_narrow.png"))
    gelendzhik.resize(1280, 800)
    QApplication.processEvents()
    assert gelendzhik.wide is True and gelendzhik.side_tabs.count() == 0
    assert gelendzhik.panel.summary.value("new_rating") == "2420"
    # back beside the tabs, the calculation and the warnings are shown (the tabs had hidden the page not shown)
    assert gelendzhik.panel.isVisible() and gelendzhik.warnings_box.isVisible()


def test_copy_the_standings_and_cell_tips(qtbot: QtBot, gelendzhik: TournamentViews) -> None:
    from PySide6.QtGui import QGuiApplication

    table = gelendzhik.standings.table
    gelendzhik.tabs.setCurrentIndex(2)
    gelendzhik.show()
    gelendzhik.activateWindow()
    qtbot.waitActive(gelendzhik)
    table.setFocus()
    QGuiApplication.clipboard().setText("")
    qtbot.keyClick(table, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier)
    lines = QGuiApplication.clipboard().text().splitlines()
    assert lines[0] == "Rank\tNo\tName\tRtg\tPts\tBH-C1\tBH\tSB"
    assert lines[1].startswith("1\t12\tVasiliev Maxim\t2016\t6\t") and len(lines) == 15
    tip = gelendzhik.crosstable.index(0, 3 + 2).data(Qt.ItemDataRole.ToolTipRole)
    assert tip == "Round 3: black against 12. Vasiliev Maxim, ½"


def test_double_round_robin_cells_hold_both_games(qtbot: QtBot, context: RatingContext, settings: Settings) -> None:
    tournament = Tournament(EventInfo(system=System.DOUBLE_ROUND_ROBIN), ())
    for rating in (2000, 1900, 1800):
        tournament = add_player(tournament, Player(0, f"P{rating}", rating))
    for round_, white, black, result in ((1, 1, 2, W), (2, 3, 1, D), (3, 2, 3, L), (4, 2, 1, D), (5, 1, 3, W)):
        tournament = pair(tournament, round_, white, black, result)
    views = views_over(qtbot, tournament, context, settings)
    model = views.crosstable
    grid = [[model.index(row, 3 + col).data() for col in range(3)] for row in range(3)]
    assert grid == [["X", "1 ½", "½ 1"], ["0 ½", "X", "0"], ["½ 0", "1", "X"]]
    assert column(model, "Pts") == ["3", "½", "1½"]
