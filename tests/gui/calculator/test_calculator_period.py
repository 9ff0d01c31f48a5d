"""The Calculator tab's rating-period part: typing, pasting, removing, undo, and the period's figures.

Figures come from worked-examples.md: the corrected seeds/002 tournament example, E4, E5, E6.
"""

from __future__ import annotations

import datetime as dt

import pytest
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import QColor, QGuiApplication, QUndoStack
from PySide6.QtWidgets import QAbstractItemView, QApplication, QLineEdit, QToolButton
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from fidedesk.core.tournament import RatingKind
from fidedesk.gui.calculator import CalculatorTab
from fidedesk.gui.calculator.games import GamesModel
from fidedesk.gui.common.context import RatingContext
from fidedesk.gui.common.settings import Settings
from tests.gui.conftest import ModelChecks

#: The corrected seeds/002 tournament example: a 2000 player, K 20.
SEEDS_002 = "2100\t1\n2050\t½\n1950\t1\n1900\t0\n1850\t1\n"
#: E4: an unrated player's five games under the 2024 rules.
E4 = "1902\t0.5\n1877\t=\n1884\t1\n2012\t0\n1832\t1\n"


@pytest.fixture
def tab(qtbot: QtBot, context: RatingContext, undo_stack: QUndoStack, settings: Settings) -> CalculatorTab:
    context.set_edition_name("fide-2025")
    widget = CalculatorTab(context, undo_stack, settings)
    qtbot.addWidget(widget)
    widget.resize(1280, 800)
    widget.show()
    qtbot.waitExposed(widget)
    widget.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is widget)
    return widget


def set_player(qtbot: QtBot, tab: CalculatorTab, own: str, k: str) -> None:
    field = tab.player_widget.own_edit
    field.selectAll()
    qtbot.keyClick(field, Qt.Key.Key_Backspace)
    qtbot.keyClicks(field, own)
    box = tab.player_widget.k_box
    box.setCurrentIndex(box.findData(k))


def paste(qtbot: QtBot, tab: CalculatorTab, text: str) -> None:
    """Copy ``text`` to the clipboard and press Ctrl+V in the games table."""
    QGuiApplication.clipboard().setText(text)
    table = tab.period_widget.table
    table.setFocus()
    qtbot.keyClick(table, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)


def column(tab: CalculatorTab, col: int) -> list[str]:
    """One column of the games table as shown."""
    model = tab.period_widget.table.model()
    return [model.index(row, col).data() for row in range(model.rowCount())]


def summary(tab: CalculatorTab, key: str) -> str:
    return tab.period.summary.value(key)


def open_editor(tab: CalculatorTab) -> QLineEdit:
    editor = tab.period_widget.table.indexWidget(tab.period_widget.table.currentIndex())
    assert isinstance(editor, QLineEdit), "no cell editor open"
    return editor


def type_game(qtbot: QtBot, tab: CalculatorTab, rating: str, result: str) -> None:
    """Click "Add game", type the rating, Tab to the result, type it, Enter."""
    add = tab.period_widget.findChild(QToolButton, "add_game_button")
    assert add is not None
    qtbot.mouseClick(add, Qt.MouseButton.LeftButton)
    editor = open_editor(tab)
    qtbot.keyClicks(editor, rating)
    qtbot.keyClick(editor, Qt.Key.Key_Tab)
    editor = open_editor(tab)
    qtbot.keyClicks(editor, result)
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    table = tab.period_widget.table  # the delegate commits on Return once the editor has seen the key
    qtbot.waitUntil(lambda: table.state() is not QAbstractItemView.State.EditingState)


def test_seeds_002_typed_in_the_table(qtbot: QtBot, tab: CalculatorTab, undo_stack: QUndoStack) -> None:
    """2000, K 20 vs 2100 W, 2050 D, 1950 W, 1900 L, 1850 W: PD .36 .43 .57 .64 .70, Σ 0.80, +16.00, 2016."""
    set_player(qtbot, tab, "2000", "20")
    for rating, result in (("2100", "1"), ("2050", "="), ("1950", "1"), ("1900", "0"), ("1850", "1")):
        type_game(qtbot, tab, rating, result)
    assert column(tab, GamesModel.OPPONENT) == ["2100", "2050", "1950", "1900", "1850"]
    assert column(tab, GamesModel.RESULT) == ["1", "½", "1", "0", "1"]
    assert column(tab, GamesModel.PD) == ["0.36", "0.43", "0.57", "0.64", "0.70"]
    assert column(tab, GamesModel.CHG) == ["+0.64", "+0.07", "+0.43", "-0.64", "+0.30"]
    assert column(tab, GamesModel.K_CHG) == ["+12.80", "+1.40", "+8.60", "-12.80", "+6.00"]
    assert (summary(tab, "w"), summary(tab, "n"), summary(tab, "sum")) == ("3½", "5", "+0.80")
    assert (summary(tab, "k"), summary(tab, "k_sum"), summary(tab, "new_rating")) == ("20", "+16.00", "2016")
    assert undo_stack.count() == 15  # per game: add the row, edit the rating, edit the result
    undo_stack.undo()
    assert column(tab, GamesModel.RESULT)[-1] == "" and summary(tab, "new_rating") == "2010"  # 1850 not counted


def test_seeds_002_logistic(qtbot: QtBot, tab: CalculatorTab, context: RatingContext) -> None:
    """The same games under the logistic formula: change +15.93 (worked-examples.md)."""
    context.set_edition_name("elo")
    set_player(qtbot, tab, "2000", "20")
    paste(qtbot, tab, SEEDS_002)
    assert column(tab, GamesModel.PD) == ["0.3599", "0.4285", "0.5715", "0.6401", "0.7034"]
    assert summary(tab, "k_sum") == "+15.93" and summary(tab, "new_rating") == "2016"


def test_paste_is_one_undo_step(qtbot: QtBot, tab: CalculatorTab, undo_stack: QUndoStack) -> None:
    set_player(qtbot, tab, "2000", "20")
    paste(qtbot, tab, SEEDS_002)
    assert column(tab, GamesModel.PD) == ["0.36", "0.43", "0.57", "0.64", "0.70"]
    assert summary(tab, "new_rating") == "2016"
    assert "Pasted 5 games" in tab.period_widget.message.text()
    assert undo_stack.count() == 1 and undo_stack.undoText() == "Paste 5 games"
    undo_stack.undo()
    assert tab.period.games.rowCount() == 0 and summary(tab, "new_rating") == ""
    undo_stack.redo()
    assert column(tab, GamesModel.OPPONENT) == ["2100", "2050", "1950", "1900", "1850"]
    assert summary(tab, "new_rating") == "2016"


def test_bad_pasted_line_is_reported_not_added(qtbot: QtBot, tab: CalculatorTab, undo_stack: QUndoStack) -> None:
    set_player(qtbot, tab, "2000", "20")
    paste(qtbot, tab, "2050\t½\n2100\tx\n1900\t0\n")
    assert column(tab, GamesModel.OPPONENT) == ["2050", "1900"]
    message = tab.period_widget.message.text()
    assert "line 2" in message and "“x” is not a result" in message and "line 1" not in message
    assert tab.period_widget.message.property("tone") == "error"
    undo_stack.undo()
    assert tab.period.games.rowCount() == 0


def test_remove_selected_and_undo(qtbot: QtBot, tab: CalculatorTab, undo_stack: QUndoStack) -> None:
    set_player(qtbot, tab, "2000", "20")
    paste(qtbot, tab, SEEDS_002)
    table = tab.period_widget.table
    rect = table.visualRect(table.model().index(1, GamesModel.USED))
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.keyClick(table, Qt.Key.Key_Delete)
    assert column(tab, GamesModel.OPPONENT) == ["2100", "1950", "1900", "1850"]
    assert undo_stack.undoText() == "Remove game"
    undo_stack.undo()
    assert column(tab, GamesModel.OPPONENT) == ["2100", "2050", "1950", "1900", "1850"]
    assert summary(tab, "new_rating") == "2016"


def test_keyboard_and_buttons(qtbot: QtBot, tab: CalculatorTab, undo_stack: QUndoStack) -> None:
    """Insert adds a row (and opens its rating for typing); the Paste button pastes; all undoable. (Ctrl+N is
    File › New's: on the games too it was ambiguous in the window and did nothing.)"""
    set_player(qtbot, tab, "2000", "20")
    table = tab.period_widget.table
    table.setFocus()
    qtbot.keyClick(table, Qt.Key.Key_Insert)
    qtbot.keyClicks(open_editor(tab), "2100")
    qtbot.keyClick(open_editor(tab), Qt.Key.Key_Tab)
    qtbot.keyClicks(open_editor(tab), "1")
    qtbot.keyClick(open_editor(tab), Qt.Key.Key_Tab)  # commits the result
    assert column(tab, GamesModel.PD) == ["0.36"]
    table.setFocus()
    qtbot.keyClick(table, Qt.Key.Key_Insert)
    assert tab.period.games.rowCount() == 2 and undo_stack.undoText() == "Add game"
    QGuiApplication.clipboard().setText("2050,0.5\n1950;1\n")
    paste_button = tab.period_widget.findChild(QToolButton, "paste_games_button")
    assert paste_button is not None
    qtbot.mouseClick(paste_button, Qt.MouseButton.LeftButton)
    assert column(tab, GamesModel.OPPONENT) == ["2100", "", "2050", "1950"]
    assert column(tab, GamesModel.USED)[1] == "unrated"
    assert undo_stack.count() == 5  # add, rating, result, add, paste
    while undo_stack.canUndo():
        undo_stack.undo()
    assert tab.period.games.rowCount() == 0


def test_typed_rating_out_of_range_is_refused(qtbot: QtBot, tab: CalculatorTab, undo_stack: QUndoStack) -> None:
    set_player(qtbot, tab, "2000", "20")
    type_game(qtbot, tab, "999", "1")
    assert column(tab, GamesModel.OPPONENT) == [""]
    assert "Row 1: 999 is outside 1000–3000" in tab.period_widget.message.text()
    assert QApplication.activeModalWidget() is None
    table = tab.period_widget.table
    table.setCurrentIndex(table.model().index(0, GamesModel.OPPONENT))
    qtbot.keyClick(table, "1")  # typing on a cell opens its editor with that key
    qtbot.keyClicks(open_editor(tab), "999")
    qtbot.keyClick(open_editor(tab), Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: column(tab, GamesModel.OPPONENT) == ["1999"])
    assert tab.period_widget.message.text() == ""
    assert summary(tab, "new_rating") == "2010"  # D = 1: PD .50 (row 0–3), 20 × (1 − .50) = +10


def test_invalid_own_rating_shows_no_period_figures(qtbot: QtBot, tab: CalculatorTab) -> None:
    set_player(qtbot, tab, "2000", "20")
    paste(qtbot, tab, SEEDS_002)
    set_player(qtbot, tab, "20o0", "20")
    assert tab.player_widget.own_edit.property("invalid") is True
    assert summary(tab, "new_rating") == "" and column(tab, GamesModel.PD) == [""] * 5
    note = tab.period.summary.figure("note")
    assert note is not None and "Correct the marked field" in note.label


def test_k_capped_by_games_in_period(qtbot: QtBot, tab: CalculatorTab) -> None:
    """E6: a K 20 player with 39 games in the period gets K 17 (K × n ≤ 700)."""
    set_player(qtbot, tab, "2100", "record")
    qtbot.keyClicks(tab.player_widget.games_edit, "120")
    paste(qtbot, tab, "2100\t½\n" * 39)
    assert summary(tab, "n") == "39" and summary(tab, "k") == "17"
    why = tab.period.summary.figure("k")
    assert why is not None and why.why == "K 17: 39 games, 20 × 39 > 700"
    tab.period_widget.table.selectRow(38)
    qtbot.keyClick(tab.period_widget.table, Qt.Key.Key_Delete)
    assert summary(tab, "k") == "18"  # 38 games: 18 × 38 = 684 ≤ 700


def test_400_point_rule_marked_and_e5_rounding(qtbot: QtBot, tab: CalculatorTab) -> None:
    """E5: 2813 scoring 1, 1, 1, 1, ½ vs 1787, 2025, 2310, 2400, 2505 at K 10: Σ -0.25, -2.50, published -3."""
    set_player(qtbot, tab, "2813", "10")
    paste(qtbot, tab, "1787\t1\n2025\t1\n2310\t1\n2400\t1\n2505\t½\n")
    assert (summary(tab, "sum"), summary(tab, "k_sum")) == ("-0.25", "-2.50")
    assert (summary(tab, "change"), summary(tab, "new_rating")) == ("-3", "2810")
    set_player(qtbot, tab, "2400", "10")
    paste(qtbot, tab, "2813\t0\n")
    assert column(tab, GamesModel.USED)[-1] == "2800*"
    assert column(tab, GamesModel.PD)[-1] == "0.08"


def test_unrated_opponent_and_rapid_exclusion_are_greyed(
    qtbot: QtBot, tab: CalculatorTab, context: RatingContext
) -> None:
    context.set_event_date(dt.date(2025, 11, 15))
    context.set_kind(RatingKind.RAPID)
    set_player(qtbot, tab, "2700", "20")
    paste(qtbot, tab, "2050\t1\n2600\t½\n\t1\n")
    model = tab.period_widget.table.model()
    assert column(tab, GamesModel.USED) == ["not rated", "2600", "unrated"]
    assert "R&B 7.3.1" in model.index(0, GamesModel.USED).data(Qt.ItemDataRole.ToolTipRole)
    grey = model.index(0, GamesModel.OPPONENT).data(Qt.ItemDataRole.ForegroundRole).color()
    assert grey == QColor("#8a8a8a") and model.index(1, 0).data(Qt.ItemDataRole.ForegroundRole) is None
    assert summary(tab, "n") == "1" and summary(tab, "not_rated") == "2 games"
    why = tab.period.summary.figure("not_rated")
    assert why is not None and "row 1: not rated" in why.why and "row 3: Unrated opponent" in why.why


def test_unrated_player_e4(qtbot: QtBot, tab: CalculatorTab, context: RatingContext) -> None:
    """E4: 1902 ½, 1877 ½, 1884 1, 2012 0, 1832 1: Ra 1872.43, p .57, dp 50, first rating 1922, published."""
    context.set_edition_name("fide-2024")
    set_player(qtbot, tab, "", "20")
    assert tab.player_widget.own_message.text() == "unrated"
    paste(qtbot, tab, E4)
    assert (summary(tab, "ra"), summary(tab, "p"), summary(tab, "dp")) == ("1872.43", ".57", "+50")
    assert summary(tab, "initial") == "1922" and summary(tab, "published") == "yes"
    tab.period_widget.table.selectRow(4)
    qtbot.keyClick(tab.period_widget.table, Qt.Key.Key_Delete)
    assert summary(tab, "published") == "no"
    reason = tab.period.summary.figure("published")
    assert reason is not None and "fewer than 5" in reason.why


def test_models(qtbot: QtBot, tab: CalculatorTab, qtmodeltester: ModelTester) -> None:
    set_player(qtbot, tab, "2000", "20")
    paste(qtbot, tab, SEEDS_002 + "\t1\n")
    qtmodeltester.check(tab.period.games)
    qtmodeltester.check(tab.period.summary)
    assert tab.period.games.rowCount(tab.period.games.index(0, 0)) == 0
    assert not tab.period.games.setData(QModelIndex(), "2000")


def test_a_result_not_counted_says_why_once(qtmodeltester: ModelChecks) -> None:
    """An event left out of a first rating (a zero score in the first event, FIDE 8.2.1) is one row that
    says the event and the reason once, in Why, not the same text in Value and Why."""
    from fractions import Fraction

    from fidedesk.core.rating.editions import get_edition
    from fidedesk.core.rating.initial import UnratedEvent, initial_rating
    from fidedesk.core.rating.rated import Game
    from fidedesk.gui.calculator.figures import FiguresModel, first_rating_figures

    zero = UnratedEvent(tuple(Game(1900, Fraction(0)) for _ in range(3)), "Open A")
    good = UnratedEvent(tuple(Game(1800, Fraction(1, 2)) for _ in range(5)), "Open B")
    model = FiguresModel()
    model.set_figures(
        first_rating_figures(initial_rating(get_edition("fide-2025"), [zero, good]), get_edition("fide-2025"))
    )
    qtmodeltester.check(model)
    row = model.row_of("disregarded_0")
    shown = [model.index(row, column).data() for column in range(model.columnCount())]
    assert shown == ["Not counted", "", "Open A: zero score in the first event is disregarded (FIDE 8.2.1)"]
