"""The Norms view (issue 30): the rows and figures of ``fidedesk-cli norms`` for the same event, candidates first,
the selected norm's conditions, recomputed after an edit, and reached by Alt+6."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from fidedesk.cli import main
from fidedesk.core.editing import set_result
from fidedesk.core.norms.conditions import Condition
from fidedesk.core.norms.forecast import Status
from fidedesk.core.norms.rules import EventType
from fidedesk.core.notation import score_text
from fidedesk.core.results import ResultCode
from fidedesk.core.tournament import ArbiterLicence
from fidedesk.engine.generate import GenerateOptions, generate, write_generated
from fidedesk.gui.common.context import RatingContext
from fidedesk.gui.common.settings import Settings
from fidedesk.gui.files.document import TournamentDocument
from fidedesk.gui.norms.models import NormsModel
from fidedesk.gui.norms.view import NormsWidget
from fidedesk.gui.tournament.views import TournamentViews
from fidedesk.io.formats import read_tournament
from tests.gui.conftest import ModelChecks

RR = Path(__file__).parents[2] / "data" / "norms" / "im_norm_rr.trf"
ORDER = {"achieved": 0, "possible": 1, "out-of-reach": 2}


def cli_rows(capsys: pytest.CaptureFixture[str], path: Path) -> list[dict[str, Any]]:
    capsys.readouterr()  # what the model tester printed before
    assert main(["norms", str(path), "--json"]) == 0
    found: list[dict[str, Any]] = json.loads(capsys.readouterr().out)["norms"]
    return found


def shown_rows(model: NormsModel) -> list[tuple[str, ...]]:
    return [
        tuple(model.index(row, column).data() for column in range(model.columnCount()))
        for row in range(model.rowCount())
    ]


def as_shown(row: dict[str, Any]) -> tuple[str, ...]:
    """A CLI JSON row as the view's cells (No ... Needed), the figures in FIDE's notation."""

    def score(value: float | None) -> str:
        return "" if value is None else score_text(Fraction(str(value)))

    def figure(value: int | None) -> str:
        return "" if value is None else str(value)

    return (str(row["start_rank"]), row["name"], row["title"], row["status"], str(row["games"]),
            score(row["score"]), figure(row["opponents_average"]), figure(row["performance"]),
            score(row["needed"]))  # fmt: skip


def norms_widget(qtbot: QtBot, document: TournamentDocument) -> NormsWidget:
    widget = NormsWidget(document)
    qtbot.addWidget(widget)
    widget.resize(1280, 700)
    widget.show()
    return widget


def opened(path: Path, undo_stack: QUndoStack) -> TournamentDocument:
    return TournamentDocument(undo_stack, read_tournament(path).tournament)


@pytest.fixture
def rr(qtbot: QtBot, undo_stack: QUndoStack) -> NormsWidget:
    """The Norms view of the 10-player norm round robin, shown (set up before the model tester, which must let
    go of its models before the widget goes)."""
    return norms_widget(qtbot, opened(RR, undo_stack))


def assert_same_as_cli(widget: NormsWidget, expected: list[dict[str, Any]]) -> None:
    # candidates first: the CLI's rows (by start rank) in the order achieved, possible, out-of-reach
    ordered = sorted(expected, key=lambda row: ORDER[row["status"]])
    assert [row[: NormsModel.WHY] for row in shown_rows(widget.model)] == [as_shown(row) for row in ordered]
    for number, row in enumerate(ordered):
        assert widget.model.row(number).conditions == tuple(
            Condition(c["article"], bool(c["holds"]), c["text"], c["holds"] is not None) for c in row["conditions"]
        )


def test_the_im_norm_of_the_round_robin_with_the_clis_figures(
    qtbot: QtBot, rr: NormsWidget, qtmodeltester: ModelChecks, capsys: pytest.CaptureFixture[str]
) -> None:
    widget = rr
    qtmodeltester.check(widget.model)
    qtmodeltester.check(widget.conditions)
    assert_same_as_cli(widget, cli_rows(capsys, RR))
    first = shown_rows(widget.model)[0]
    # Kovacs: 5/9 against an average of 2442, Rp 2485 (B.01 1.4.7, 1.4.9): the one norm achieved, shown first
    assert first == ("1", "Kovacs, Bence", "IM", "achieved", "9", "5", "2442", "2485", "", "every condition holds")
    assert [row[3] for row in shown_rows(widget.model)].count("achieved") == 1
    assert "after round 9 of 9: 1 achieved" in widget.rules_line.text()
    assert widget.fields.type_box.currentText() == "Normal"
    # the selected norm's conditions under it: article, holds, text
    widget.first_field()
    conditions = [
        tuple(widget.conditions.index(row, column).data() for column in range(3))
        for row in range(widget.conditions.rowCount())
    ]
    # every condition holds but the event's the TRF does not tell (1.1.3, 1.1.5): "not given"
    assert conditions == [
        (c.article, "yes" if c.known else "not given", c.text) for c in widget.model.row(0).conditions
    ]
    assert {article for article, _holds, _text in conditions} >= {"1.4.1", "1.4.3", "1.4.5", "1.4.8"}
    # Down moves to the next norm, and its conditions follow
    qtbot.keyClick(widget.table, Qt.Key.Key_Down)
    assert widget.conditions.rows() == widget.model.row(1).conditions
    out = widget.model.row(widget.model.rowCount() - 1)
    failing = next(c for c in out.conditions if c.known and not c.holds)
    assert widget.model.index(widget.model.rowCount() - 1, NormsModel.WHY).data() == f"{failing.article} {failing.text}"


def test_a_generated_swiss_shows_the_clis_rows(
    qtbot: QtBot, undo_stack: QUndoStack, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "swiss.trf"
    write_generated(path, generate(GenerateOptions(players=40, rounds=9, seed=3)))
    widget = norms_widget(qtbot, opened(path, undo_stack))
    expected = cli_rows(capsys, path)
    assert expected  # untitled players are candidates: the comparison is not empty
    assert_same_as_cli(widget, expected)


def test_a_result_changed_loses_the_norm(rr: NormsWidget, undo_stack: QUndoStack, qtmodeltester: ModelChecks) -> None:
    widget, document = rr, rr.document
    qtmodeltester.check(widget.model)
    widget.first_field()
    # Kovacs's win over Novak in round 5 becomes a loss: 4/9, Rp below 2450
    document.apply("Enter result", set_result(document.tournament, 5, 1, ResultCode.LOSS))
    statuses = {(row[0], row[2]): row[3] for row in shown_rows(widget.model)}
    assert statuses[("1", "IM")] == "out-of-reach"
    assert "achieved" not in statuses.values()
    assert "0 achieved" in widget.rules_line.text()
    undo_stack.undo()
    assert shown_rows(widget.model)[0][:4] == ("1", "Kovacs, Bence", "IM", "achieved")


def test_hidden_it_waits_until_shown(qtbot: QtBot, undo_stack: QUndoStack) -> None:
    document = opened(RR, undo_stack)
    widget = NormsWidget(document)
    qtbot.addWidget(widget)
    assert widget.model.rowCount() == 0  # never shown: nothing worked out
    widget.show()
    assert widget.model.rowCount() > 0
    widget.hide()
    document.apply("Enter result", set_result(document.tournament, 5, 1, ResultCode.LOSS))
    assert widget.stale and shown_rows(widget.model)[0][3] == "achieved"
    widget.show()
    assert not widget.stale and "achieved" not in [row[3] for row in shown_rows(widget.model)]


def test_alt_6_shows_the_norms_with_the_keyboard_in_them(
    qtbot: QtBot, undo_stack: QUndoStack, context: RatingContext, settings: Settings
) -> None:
    views = TournamentViews(opened(RR, undo_stack), context, settings)
    qtbot.addWidget(views)
    views.resize(1280, 800)
    views.show()
    qtbot.waitExposed(views)
    views.activateWindow()
    qtbot.waitUntil(views.isActiveWindow)
    views.rounds.white_edit.setFocus()
    qtbot.keyClick(views.rounds.white_edit, Qt.Key.Key_6, Qt.KeyboardModifier.AltModifier)
    assert views.tabs.currentWidget() is views.norms
    assert views.norms.table.hasFocus()
    assert views.norms.table.currentIndex().row() == 0
    assert views.norms.model.index(0, NormsModel.STATUS).data() == "achieved"
    qtbot.keyClick(views.norms.table, Qt.Key.Key_Down)
    assert views.norms.table.currentIndex().row() == 1
    # the selected player is the views' one: the rating calculation follows the norms table, and back
    qtbot.keyClick(views.norms.table, Qt.Key.Key_Down)
    player = views.norms.model.row(2).player.start_rank
    assert player != 1 and views.panel.start_rank == player
    views.select_player(1)
    assert views.norms.table.currentIndex().row() == 0


def test_the_events_norm_fields_are_typed_above_the_norms_one_undo_step_each(
    qtbot: QtBot, rr: NormsWidget, undo_stack: QUndoStack
) -> None:
    """Issue 30: the arbiter's title (B.01 1.1.5), the rounds a day (1.1.3) and the event type are chosen by
    keyboard above the table; the conditions follow at once, each change is an undo step, and a FIDE ID typed and
    not committed is committed when the document asks (save, export, close)."""
    widget, fields = rr, rr.fields
    document = widget.document
    widget.first_field()
    arbiter = [c for c in widget.conditions.rows() if c.article == "1.1.5"]
    assert [c.known for c in arbiter] == [False]
    fields.licence_box.setFocus()
    qtbot.keyClicks(fields.licence_box, "FA")  # a combo box finds the item by its first letters
    qtbot.keyClick(fields.licence_box, Qt.Key.Key_Return)
    fields.licence_box.activated.emit(fields.licence_box.currentIndex())
    assert document.tournament.info.arbiter_licence is ArbiterLicence.FA
    held = next(c for c in widget.conditions.rows() if c.article == "1.1.5")
    assert held.known and held.holds
    fields.rounds_box.setFocus()
    fields.rounds_box.selectAll()
    qtbot.keyClicks(fields.rounds_box, "3")
    fields.rounds_box.editingFinished.emit()
    assert document.tournament.info.rounds_a_day == 3
    # three rounds a day break 1.1.3: every norm out of reach, the broken condition first
    assert all(row.status is Status.OUT_OF_REACH for row in widget.model.rows())
    assert widget.model.row(0).conditions[0].article == "1.1.3"
    undo_stack.undo()
    assert document.tournament.info.rounds_a_day is None and fields.rounds_box.value() == 0
    assert widget.model.row(0).status is Status.ACHIEVED
    fields.arbiter_id_edit.setFocus()
    qtbot.keyClicks(fields.arbiter_id_edit, "22232540")
    assert document.tournament.info.arbiter_fide_id is None
    document.commit_requested.emit()
    assert document.tournament.info.arbiter_fide_id == 22232540
    fields.arbiter_id_edit.setText("12ab")
    assert fields.commit() == "Arbiter's FIDE ID: “12ab” is not a FIDE ID (up to 11 digits)"
    assert document.tournament.info.arbiter_fide_id == 22232540
    assert fields.message.isVisibleTo(widget) and fields.arbiter_id_edit.property("invalid")
    fields.arbiter_id_edit.setText("")  # none given: no FIDE ID
    fields.type_box.setCurrentIndex(fields.type_box.findData(EventType.ZONAL.value))
    fields.type_box.activated.emit(fields.type_box.currentIndex())
    assert document.tournament.info.event_type is EventType.ZONAL and document.tournament.info.arbiter_fide_id is None
    assert not fields.message.isVisibleTo(widget)


def test_shift_tab_from_the_norms_goes_back_through_the_fields(qtbot: QtBot, rr: NormsWidget) -> None:
    """The guide's order: the table, then back through Organiser, Arbiter's FIDE ID, Arbiter's title, Rounds a day,
    Event type; Tab from the table reaches the conditions."""
    widget, fields = rr, rr.fields
    expected = [fields.organiser_edit, fields.arbiter_id_edit, fields.licence_box, fields.rounds_box, fields.type_box]
    found: list[QWidget] = []
    step = widget.table.previousInFocusChain()
    while len(found) < len(expected) and step is not widget:
        if step.focusPolicy() & Qt.FocusPolicy.TabFocus and step.isVisibleTo(widget):
            # a spin box takes the focus in its own line edit: one field
            field = next((f for f in expected if f is step or f.isAncestorOf(step)), step)
            if not found or found[-1] is not field:
                found.append(field)
        step = step.previousInFocusChain()
    assert found == expected
    after = widget.table.nextInFocusChain()
    while not after.focusPolicy() & Qt.FocusPolicy.TabFocus:
        after = after.nextInFocusChain()
    assert after is widget.conditions_table


def test_the_fields_fold_away_in_a_low_view_and_open_by_their_button(qtbot: QtBot, rr: NormsWidget) -> None:
    """At 1024 x 640 the Norms view is about 300 pixels high: the fields fold behind "Event fields" so the norms
    table keeps their two rows; the button (reached by Tab) opens them with the keyboard in the first, and the
    arbiter's choice then holds while the window resizes."""
    widget = rr
    widget.resize(700, 300)
    qtbot.waitUntil(lambda: not widget.fields.isVisibleTo(widget))
    assert not widget.fields_button.isChecked()
    high = widget.table.height()
    widget.resize(700, 500)
    qtbot.waitUntil(lambda: widget.fields.isVisibleTo(widget))
    widget.resize(700, 300)
    qtbot.waitUntil(lambda: not widget.fields.isVisibleTo(widget))
    assert widget.table.height() >= high - 1
    widget.fields_button.click()
    assert widget.fields.isVisibleTo(widget) and widget.fields.type_box.hasFocus()
    widget.resize(700, 290)
    qtbot.wait(50)
    assert widget.fields.isVisibleTo(widget)  # opened by hand: it stays
