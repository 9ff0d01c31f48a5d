"""The Calculator tab's player fields and one-game part, driven by typing and clicking.

Every figure asserted comes from the regulations or worked-examples.md (E1, E5, E6) and seeds/003's
format (expected score 3 decimals, change 2 decimals, new rating whole).
"""

from __future__ import annotations

import datetime as dt
from fractions import Fraction

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import QApplication, QLabel, QLineEdit, QPushButton
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from fidedesk.core.notation import fixed
from fidedesk.core.tournament import RatingKind
from fidedesk.gui.calculator import CalculatorTab
from fidedesk.gui.common.context import RatingContext
from fidedesk.gui.common.settings import Settings
from tests.gui.helpers import shown_at_1280


@pytest.fixture
def tab(qtbot: QtBot, context: RatingContext, undo_stack: QUndoStack, settings: Settings) -> CalculatorTab:
    return shown_at_1280(qtbot, CalculatorTab(context, undo_stack, settings))


def type_text(qtbot: QtBot, field: QLineEdit, text: str) -> None:
    """Select what the field holds and type ``text`` over it, as a user would."""
    field.setFocus()
    field.selectAll()
    qtbot.keyClick(field, Qt.Key.Key_Backspace)
    qtbot.keyClicks(field, text)


def choose_k(tab: CalculatorTab, choice: str) -> None:
    box = tab.player_widget.k_box
    index = box.findData(choice)
    assert index >= 0, f"K choice {choice} not offered"
    box.setCurrentIndex(index)


def click_result(qtbot: QtBot, tab: CalculatorTab, name: str) -> None:
    button = tab.single_widget.findChild(QPushButton, name)
    assert button is not None
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def shown(tab: CalculatorTab, key: str) -> str:
    """The text on screen for the one-game figure ``key``."""
    label = tab.single_widget.findChild(QLabel, f"{key}_value")
    assert label is not None
    return label.text()


def enter_game(qtbot: QtBot, tab: CalculatorTab, own: str, opponent: str, k: str) -> None:
    type_text(qtbot, tab.player_widget.own_edit, own)
    choose_k(tab, k)
    type_text(qtbot, tab.single_widget.opponent_edit, opponent)


def test_e1_logistic_formula(qtbot: QtBot, tab: CalculatorTab, context: RatingContext) -> None:
    """E1 (elo): 2400 vs 2200, K 10: expected 0.760; win +2.40, draw -2.60, loss -7.60."""
    context.set_edition_name("elo")
    enter_game(qtbot, tab, "2400", "2200", "10")
    click_result(qtbot, tab, "win")
    assert (shown(tab, "expected"), shown(tab, "change"), shown(tab, "new_rating")) == ("0.760", "+2.40", "2402")
    click_result(qtbot, tab, "draw")
    assert (shown(tab, "change"), shown(tab, "new_rating")) == ("-2.60", "2397")
    click_result(qtbot, tab, "loss")
    assert (shown(tab, "change"), shown(tab, "new_rating")) == ("-7.60", "2392")
    assert shown(tab, "lookup").startswith("logistic") and shown(tab, "cap") == ""


def test_e5_400_point_rule(qtbot: QtBot, tab: CalculatorTab, context: RatingContext) -> None:
    """E5: the 2400 player against 2813 is capped at -400: row 392–411, PD .08; a loss at K 10 is -0.80."""
    context.set_edition_name("fide-2025")
    enter_game(qtbot, tab, "2400", "2813", "10")
    click_result(qtbot, tab, "loss")
    assert shown(tab, "lookup") == "row 392–411, PD .08"
    assert shown(tab, "expected") == "0.08"
    assert shown(tab, "cap") == "2813 counts as 2800"
    assert tab.single_widget.findChild(QLabel, "cap_caption").text() == "400-point rule"
    assert (shown(tab, "change"), shown(tab, "new_rating")) == ("-0.80", "2399")


def test_e5_2650_exemption_follows_the_edition(qtbot: QtBot, tab: CalculatorTab, context: RatingContext) -> None:
    """E5: 2813 vs 2400 uses D = 413 (PD .93) from 1 Oct 2025; before, the cap gives 400 (PD .92)."""
    context.set_edition_name("fide-2025")
    enter_game(qtbot, tab, "2813", "2400", "10")
    assert shown(tab, "lookup") == "row 412–432, PD .93"
    assert "2650 exemption" in shown(tab, "cap")
    context.set_edition_name("fide-2024")
    assert shown(tab, "lookup") == "row 392–411, PD .92"
    assert shown(tab, "cap") == "2400 counts as 2413"


def test_rapid_game_excluded_by_rb_731(qtbot: QtBot, tab: CalculatorTab, context: RatingContext) -> None:
    """R&B 7.3.1: a 600+ difference with a player above 2600 is not rated (rapid and blitz, from 1 Dec 2024)."""
    context.set_edition_name("fide-2025")
    context.set_event_date(dt.date(2025, 11, 15))
    enter_game(qtbot, tab, "2700", "2050", "10")
    assert shown(tab, "change") == "+0.10"  # standard, 2650 exemption: D = 650, PD .99, so 10 × (1 − .99)
    context.set_kind(RatingKind.RAPID)
    assert shown(tab, "change") == "not rated"
    assert shown(tab, "new_rating") == "2700"
    assert "R&B 7.3.1" in shown(tab, "note")


def test_k_from_record_junior(qtbot: QtBot, tab: CalculatorTab, context: RatingContext) -> None:
    """8.3.3: K 40 for a junior rated under 2300, even with 30+ games; K 20 once an adult."""
    context.set_edition_name("fide-2025")
    enter_game(qtbot, tab, "2100", "2100", "record")
    player = tab.player_widget
    assert player.record_row.isVisible()
    type_text(qtbot, player.games_edit, "150")
    type_text(qtbot, player.birth_edit, str(context.event_date.year - 15))
    assert shown(tab, "k") == "40"
    assert "junior" in tab.single_widget.findChild(QLabel, "k_why").text()
    assert "K 40" in player.k_found.text()
    type_text(qtbot, player.birth_edit, str(context.event_date.year - 40))
    assert shown(tab, "k") == "20"
    assert shown(tab, "change") == "+10.00"  # equal ratings: PD .50, so 20 × (1 − .50)


def test_k_from_record_2400_reached(qtbot: QtBot, tab: CalculatorTab) -> None:
    """8.3.3: K 10 once a published rating reached 2400, even if rated lower now."""
    enter_game(qtbot, tab, "2350", "2350", "record")
    type_text(qtbot, tab.player_widget.games_edit, "300")
    assert shown(tab, "k") == "20"
    qtbot.mouseClick(tab.player_widget.ever_box, Qt.MouseButton.LeftButton)
    assert shown(tab, "k") == "10"


def test_k_choices_follow_the_edition(tab: CalculatorTab, context: RatingContext) -> None:
    """The 2008 text (8.56) has K 30 below 2400 and 20 from 2400; 2017 onwards 40/20/10."""
    context.set_edition_name("fide-2008")
    box = tab.player_widget.k_box
    assert [box.itemData(i) for i in range(box.count())] == ["30", "20", "record"]
    context.set_edition_name("fide-2025")
    assert [box.itemData(i) for i in range(box.count())] == ["40", "20", "10", "record"]
    assert box.itemText(0) == "40 — new player (under 30 games) or junior under 2300"


@pytest.mark.parametrize(("text", "message"), [("abc", "“abc” is not a rating"), ("99999", "outside 1000–3000")])
def test_invalid_own_rating_is_marked_not_computed(qtbot: QtBot, tab: CalculatorTab, text: str, message: str) -> None:
    enter_game(qtbot, tab, "2400", "2200", "10")
    assert shown(tab, "change") != ""
    type_text(qtbot, tab.player_widget.own_edit, text)
    assert tab.player_widget.own_edit.property("invalid") is True
    assert message in tab.player_widget.own_message.text()
    assert all(shown(tab, key) == "" for key in ("expected", "change", "new_rating", "lookup"))
    assert "Correct the marked field" in shown(tab, "note")
    assert QApplication.activeModalWidget() is None
    type_text(qtbot, tab.player_widget.own_edit, "2400")
    assert tab.player_widget.own_edit.property("invalid") is False and shown(tab, "change") == "+2.40"


def test_blank_opponent_asks_for_a_rating(qtbot: QtBot, tab: CalculatorTab) -> None:
    enter_game(qtbot, tab, "2400", "", "10")
    assert tab.single_widget.opponent_message.text() == "enter a rating"
    assert tab.single_widget.opponent_edit.property("invalid") is False
    assert shown(tab, "change") == "" and "opponent's rating" in shown(tab, "note")
    type_text(qtbot, tab.single_widget.opponent_edit, "12")
    assert tab.single_widget.opponent_edit.property("invalid") is True
    assert "outside 1000–3000" in tab.single_widget.opponent_message.text()


def test_last_inputs_are_restored(
    qtbot: QtBot, tab: CalculatorTab, context: RatingContext, undo_stack: QUndoStack, settings: Settings
) -> None:
    enter_game(qtbot, tab, "2150", "2250", "10")
    second = CalculatorTab(context, undo_stack, settings)
    qtbot.addWidget(second)
    assert second.player_widget.own_edit.text() == "2150"
    assert second.player_widget.k_box.currentData() == "10"
    assert second.single_widget.opponent_edit.text() == "2250"
    choose_k(tab, "record")
    type_text(qtbot, tab.player_widget.games_edit, "12")
    third = CalculatorTab(context, undo_stack, settings)
    qtbot.addWidget(third)
    assert third.player_widget.k_box.currentData() == "record" and third.player_widget.games_edit.text() == "12"


def test_single_game_model(qtbot: QtBot, tab: CalculatorTab, qtmodeltester: ModelTester) -> None:
    enter_game(qtbot, tab, "2400", "2813", "10")
    qtmodeltester.check(tab.single)
    type_text(qtbot, tab.player_widget.own_edit, "x")
    qtmodeltester.check(tab.single)


@pytest.mark.parametrize(
    ("value", "places", "signed", "text"),
    [
        (Fraction(5, 1000), 2, False, "0.01"),  # 8.3.4: 0.5 away from zero, on the exact value
        (Fraction(-5, 1000), 2, True, "-0.01"),
        (Fraction(-25, 10), 0, True, "-3"),  # E5: -2.50 is published as -3
        (Fraction(16), 2, True, "+16.00"),
        (Fraction(0), 2, True, "0.00"),
    ],
)
def test_fixed_rounds_half_away_from_zero(value: Fraction, places: int, signed: bool, text: str) -> None:
    assert fixed(value, places, signed=signed) == text
