"""The Rounds view driven by real keys: pairing, results board by board, undo, unpair and a pasted round."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import QGuiApplication, QUndoStack
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from fidedesk.core.editing import PlayerField, add_player, boards, pair, set_player_field
from fidedesk.core.results import ResultCode
from fidedesk.core.tournament import EventInfo, Player, Tournament
from fidedesk.gui.common.context import RatingContext
from fidedesk.gui.common.settings import Settings
from fidedesk.gui.files.document import TournamentDocument
from fidedesk.gui.tournament.rounds import RoundModel
from fidedesk.gui.tournament.views import TournamentViews


def six_players() -> Tournament:
    tournament = Tournament(EventInfo(name="Club Swiss"), ())
    for rating, name in zip((2300, 2200, 2100, 2000, 1900, None), "ABCDEF", strict=True):
        tournament = add_player(tournament, Player(0, f"Player {name}", rating))
    return tournament


@pytest.fixture
def document(undo_stack: QUndoStack) -> TournamentDocument:
    return TournamentDocument(undo_stack, six_players())


@pytest.fixture
def views(qtbot: QtBot, document: TournamentDocument, context: RatingContext, settings: Settings) -> TournamentViews:
    widget = TournamentViews(document, context, settings)
    qtbot.addWidget(widget)
    widget.resize(1280, 800)
    widget.show()
    return widget


def results(model: RoundModel) -> list[str]:
    return [model.index(row, RoundModel.RESULT).data() for row in range(model.rowCount())]


def pair_by_keys(qtbot: QtBot, views: TournamentViews, white: str, black: str) -> None:
    rounds = views.rounds
    qtbot.keyClicks(rounds.white_edit, white)
    qtbot.keyClick(rounds.white_edit, Qt.Key.Key_Return)
    qtbot.keyClicks(rounds.black_edit, black)
    qtbot.keyClick(rounds.black_edit, Qt.Key.Key_Return)


def test_pair_and_enter_results_by_keys(qtbot: QtBot, views: TournamentViews, undo_stack: QUndoStack) -> None:
    for white, black in (("1", "4"), ("2", "5"), ("3", "6")):
        pair_by_keys(qtbot, views, white, black)
    model, table = views.rounds.model, views.rounds.table
    assert [(b.white, b.black) for b in boards(views.document.tournament, 1)] == [(1, 4), (2, 5), (3, 6)]
    assert results(model) == ["?", "?", "?"]
    assert model.index(0, RoundModel.WHITE).data() == "1. Player A  (2300)"
    assert model.index(2, RoundModel.BLACK).data() == "6. Player F"
    qtbot.keyClick(views.rounds.white_edit, Qt.Key.Key_Return)  # empty White: on to the first board to enter
    assert table.currentIndex().row() == 0
    for key in ("1", "=", "0"):
        qtbot.keyClick(table, key)
    assert results(model) == ["1-0", "½-½", "0-1"]
    assert views.panel.start_rank == 3  # the panel follows the current board's white player
    assert views.document.tournament.player(6).rounds[0].result is ResultCode.WIN  # black's side mirrored
    assert table.currentIndex().row() == 2  # stayed on the last board
    assert undo_stack.undoText() == "Result board 3: 0-1"
    undo_stack.undo()
    assert results(model) == ["1-0", "½-½", "?"]
    undo_stack.redo()
    assert results(model) == ["1-0", "½-½", "0-1"]


def test_forfeit_keys_unpair_and_errors(qtbot: QtBot, views: TournamentViews, document: TournamentDocument) -> None:
    document.apply("pair", pair(pair(document.tournament, 1, 1, 2), 1, 3, 4))
    model, table = views.rounds.model, views.rounds.table
    table.setFocus()
    table.setCurrentIndex(model.index(0, RoundModel.RESULT))
    qtbot.keyClick(table, "+")
    qtbot.keyClick(table, "-")
    assert results(model) == ["+--", "--+"]
    qtbot.keyClick(table, Qt.Key.Key_Delete)
    assert [(b.white, b.black) for b in boards(document.tournament, 1)] == [(1, 2)]
    pair_by_keys(qtbot, views, "1", "5")
    assert "already paired with 2" in views.rounds.message.text()
    assert [(b.white, b.black) for b in boards(document.tournament, 1)] == [(1, 2)]


def test_a_key_without_a_current_board_enters_the_first_pending(
    views: TournamentViews, document: TournamentDocument
) -> None:
    document.apply("pair", pair(pair(document.tournament, 1, 1, 2, ResultCode.DRAW), 1, 3, 4))
    views.rounds.table.setCurrentIndex(QModelIndex())
    views.rounds.enter_result(ResultCode.LOSS)
    assert results(views.rounds.model) == ["½-½", "0-1"]
    assert views.rounds.table.currentIndex().row() == 1


def test_round_selector_offers_the_next_round(
    qtbot: QtBot, views: TournamentViews, document: TournamentDocument
) -> None:
    assert views.rounds.round_box.maximum() == 1
    pair_by_keys(qtbot, views, "1", "2")
    assert views.rounds.round_box.maximum() == 2
    views.rounds.round_box.setValue(2)
    assert views.rounds.model.rowCount() == 0
    pair_by_keys(qtbot, views, "2", "1")
    assert [(b.white, b.black) for b in boards(document.tournament, 2)] == [(2, 1)]


def test_bye_button(qtbot: QtBot, views: TournamentViews, document: TournamentDocument) -> None:
    rounds = views.rounds
    rounds.bye_box.setCurrentIndex(rounds.bye_box.findData(ResultCode.HALF_BYE))
    qtbot.keyClicks(rounds.white_edit, "6")
    qtbot.mouseClick(rounds.bye_button, Qt.MouseButton.LeftButton)
    assert results(rounds.model) == ["bye ½"]
    assert document.tournament.player(6).score == ResultCode.DRAW.score


def test_paste_a_round_with_a_bad_line(qtbot: QtBot, views: TournamentViews, undo_stack: QUndoStack) -> None:
    QGuiApplication.clipboard().setText("1\t4\t1-0\n2\tx\t½-½\n2\t5\t1/2-1/2\n3\t6\t\n")
    before = undo_stack.count()
    views.rounds.table.setFocus()
    qtbot.keyClick(views.rounds.table, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
    assert results(views.rounds.model) == ["1-0", "½-½", "?"]
    message = views.rounds.message.text()
    assert "line 2" in message and "“x” is not a start rank" in message and "Pasted 3" in message
    assert undo_stack.count() == before + 1
    undo_stack.undo()
    assert views.rounds.model.rowCount() == 0


def test_double_forfeit_on_the_board(qtbot: QtBot, views: TournamentViews, document: TournamentDocument) -> None:
    QGuiApplication.clipboard().setText("2\t3\t0-0\n")
    views.rounds.table.setFocus()
    qtbot.keyClick(views.rounds.table, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
    assert results(views.rounds.model) == ["-/-"]
    assert document.tournament.player(2).score == document.tournament.player(3).score == 0
    # a key then replaces it with a normal result for both sides
    views.rounds.table.setCurrentIndex(views.rounds.model.index(0, RoundModel.RESULT))
    qtbot.keyClick(views.rounds.table, "1")
    assert results(views.rounds.model) == ["1-0"]
    assert document.tournament.player(3).rounds[0].result is ResultCode.LOSS


def test_round_model_passes_modeltester(qtmodeltester: ModelTester, document: TournamentDocument) -> None:
    document.apply("pair", pair(pair(document.tournament, 1, 1, 2, ResultCode.DRAW), 1, 3, 4))
    model = RoundModel(document)
    qtmodeltester.check(model)
    assert results(model) == ["½-½", "?"]


def test_boards_follow_a_renamed_player(qtbot: QtBot, views: TournamentViews, document: TournamentDocument) -> None:
    document.apply("pair", pair(document.tournament, 1, 1, 2))
    renamed = set_player_field(document.tournament, 2, PlayerField.NAME, "Player Bee")
    changed: list[object] = []
    views.rounds.model.dataChanged.connect(lambda *args: changed.append(args))
    document.apply("rename", set_player_field(renamed, 2, PlayerField.RATING, 2250))
    assert changed  # at once, in the edit: the view repaints the names
    assert views.rounds.model.index(0, RoundModel.BLACK).data() == "2. Player Bee  (2250)"


def test_alt_digits_reach_each_view_from_a_table_that_keeps_tab(qtbot: QtBot, views: TournamentViews) -> None:
    views.show()
    qtbot.waitExposed(views)
    views.activateWindow()
    qtbot.waitUntil(views.isActiveWindow)
    views.crosstable_table.setFocus()
    views.tabs.setCurrentIndex(1)
    qtbot.keyClick(views.crosstable_table, Qt.Key.Key_3, Qt.KeyboardModifier.AltModifier)
    assert views.tabs.currentWidget() is views.standings
    assert views.standings.table.hasFocus()
    qtbot.keyClick(views.standings.table, Qt.Key.Key_1, Qt.KeyboardModifier.AltModifier)
    assert views.tabs.currentWidget() is views.rounds
    assert views.rounds.white_edit.hasFocus()
    qtbot.keyClick(views.rounds.white_edit, Qt.Key.Key_2, Qt.KeyboardModifier.AltModifier)
    assert views.tabs.currentWidget() is views.crosstable_table


# --- boards keep the order and number in which they were paired (issue 13, item 2) ---------------------------

#: Round 1 of eight players as a Berger sheet lists it (C.05 Annex 1 numbers drawn to other start ranks).
BERGER_SHEET = (("8", "5"), ("6", "4"), ("7", "3"), ("1", "2"))


def berger_round_by_keys(qtbot: QtBot, views: TournamentViews) -> RoundModel:
    """Eight players, round 1 paired by keys as the Berger sheet lists it."""
    players = tuple(Player(rank, f"Player {rank}", 2400 - 50 * rank) for rank in range(1, 9))
    views.document.reset(Tournament(EventInfo(name="Round robin"), players), None)
    for white, black in BERGER_SHEET:
        pair_by_keys(qtbot, views, white, black)
    return views.rounds.model


def column(model: RoundModel, number: int) -> list[str]:
    return [model.index(row, number).data() for row in range(model.rowCount())]


def test_results_typed_in_board_order_land_on_their_games(
    qtbot: QtBot, views: TournamentViews, undo_stack: QUndoStack, qtmodeltester: ModelTester
) -> None:
    model, table = berger_round_by_keys(qtbot, views), views.rounds.table
    qtmodeltester.check(model)
    assert column(model, RoundModel.BOARD) == ["1", "2", "3", "4"]
    assert [text.split(".")[0] for text in column(model, RoundModel.WHITE)] == ["8", "6", "7", "1"]
    qtbot.keyClick(views.rounds.white_edit, Qt.Key.Key_Return)  # empty White: on to the first board to enter
    for key in ("1", "=", "0", "+"):  # the score sheets of boards 1 to 4, in board order
        qtbot.keyClick(table, key)
    tournament = views.document.tournament
    for rank, code in ((8, ResultCode.WIN), (5, ResultCode.LOSS), (6, ResultCode.DRAW), (4, ResultCode.DRAW),
                       (7, ResultCode.LOSS), (3, ResultCode.WIN), (1, ResultCode.FORFEIT_WIN),
                       (2, ResultCode.FORFEIT_LOSS)):  # fmt: skip
        assert tournament.player(rank).rounds[0].result is code, rank
    assert column(model, RoundModel.RESULT) == ["1-0", "½-½", "0-1", "+--"]
    assert undo_stack.undoText() == "Result board 4: +--"


def test_a_board_removed_leaves_the_others_on_their_numbers(
    qtbot: QtBot, views: TournamentViews, qtmodeltester: ModelTester
) -> None:
    model, table = berger_round_by_keys(qtbot, views), views.rounds.table
    table.setFocus()
    table.setCurrentIndex(model.index(1, RoundModel.RESULT))
    qtbot.keyClick(table, Qt.Key.Key_Delete)
    assert views.rounds.message.text() == "Unpair board 2"
    assert column(model, RoundModel.BOARD) == ["1", "3", "4"]
    qtmodeltester.check(model)
    table.setCurrentIndex(model.index(1, RoundModel.RESULT))
    qtbot.keyClick(table, "=")  # the row shown as board 3 is 7–3
    assert views.document.tournament.player(7).rounds[0].result is ResultCode.DRAW
