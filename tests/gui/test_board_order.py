"""The Rounds view keeps the boards in the order they were paired (issue 13, item 2): results typed from the
score sheets in board order land on their games."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QUndoStack
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from fidedesk.core.editing import entry_for
from fidedesk.core.results import ResultCode as R
from fidedesk.core.tournament import EventInfo, Player, Tournament
from fidedesk.gui.context import RatingContext
from fidedesk.gui.document import TournamentDocument
from fidedesk.gui.settings import Settings
from fidedesk.gui.tournament.rounds import RoundModel
from fidedesk.gui.tournament.views import TournamentViews

#: Round 1 of eight players as a Berger sheet lists it (C.05 Annex 1 numbers 1-8 drawn to other start ranks).
BERGER_SHEET = (("8", "5"), ("6", "4"), ("7", "3"), ("1", "2"))


@pytest.fixture
def document(undo_stack: QUndoStack) -> TournamentDocument:
    players = tuple(Player(rank, f"Player {rank}", 2400 - 50 * rank) for rank in range(1, 9))
    return TournamentDocument(undo_stack, Tournament(EventInfo(name="Round robin"), players))


@pytest.fixture
def views(qtbot: QtBot, document: TournamentDocument, context: RatingContext, settings: Settings) -> TournamentViews:
    widget = TournamentViews(document, context, settings)
    qtbot.addWidget(widget)
    widget.resize(1280, 800)
    widget.show()
    return widget


def column(model: RoundModel, number: int) -> list[str]:
    return [model.index(row, number).data() for row in range(model.rowCount())]


def test_results_typed_in_board_order_land_on_their_games(
    qtbot: QtBot, views: TournamentViews, undo_stack: QUndoStack, qtmodeltester: ModelTester
) -> None:
    rounds = views.rounds
    for white, black in BERGER_SHEET:
        qtbot.keyClicks(rounds.white_edit, white)
        qtbot.keyClick(rounds.white_edit, Qt.Key.Key_Return)
        qtbot.keyClicks(rounds.black_edit, black)
        qtbot.keyClick(rounds.black_edit, Qt.Key.Key_Return)
    model, table = rounds.model, rounds.table
    qtmodeltester.check(model)
    assert column(model, RoundModel.BOARD) == ["1", "2", "3", "4"]
    assert [text.split(".")[0] for text in column(model, RoundModel.WHITE)] == ["8", "6", "7", "1"]
    qtbot.keyClick(rounds.white_edit, Qt.Key.Key_Return)  # empty White: on to the first board to enter
    for key in ("1", "=", "0", "+"):  # the score sheets of boards 1 to 4, in board order
        qtbot.keyClick(table, key)
    tournament = views.document.tournament
    for rank, code in ((8, R.WIN), (5, R.LOSS), (6, R.DRAW), (4, R.DRAW), (7, R.LOSS), (3, R.WIN),
                       (1, R.FORFEIT_WIN), (2, R.FORFEIT_LOSS)):  # fmt: skip
        entry = entry_for(tournament.player(rank), 1)
        assert entry is not None and entry.result is code, rank
    assert column(model, RoundModel.RESULT) == ["1-0", "½-½", "0-1", "+--"]
    assert undo_stack.undoText() == "Result board 4: +--"


def test_a_board_removed_leaves_the_others_on_their_numbers(
    qtbot: QtBot, views: TournamentViews, qtmodeltester: ModelTester
) -> None:
    rounds = views.rounds
    for white, black in BERGER_SHEET:
        qtbot.keyClicks(rounds.white_edit, white)
        qtbot.keyClick(rounds.white_edit, Qt.Key.Key_Return)
        qtbot.keyClicks(rounds.black_edit, black)
        qtbot.keyClick(rounds.black_edit, Qt.Key.Key_Return)
    model, table = rounds.model, rounds.table
    table.setFocus()
    table.setCurrentIndex(model.index(1, RoundModel.RESULT))
    qtbot.keyClick(table, Qt.Key.Key_Delete)
    assert rounds.message.text() == "Unpair board 2"
    assert column(model, RoundModel.BOARD) == ["1", "3", "4"]
    qtmodeltester.check(model)
    table.setCurrentIndex(model.index(1, RoundModel.RESULT))
    qtbot.keyClick(table, "=")  # the row shown as board 3 is 7–3
    assert entry_for(views.document.tournament.player(7), 1).result is R.DRAW  # type: ignore[union-attr]
