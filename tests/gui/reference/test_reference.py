"""The reference tab: tables 8.1.1 and 8.1.2 as the regulations print them, find, copy and the chart."""

# pytest-qt's QtBot methods carry no annotations.
# mypy: disable-error-code="no-untyped-call"

from __future__ import annotations

import itertools

import pytest
from PySide6.QtCharts import QLineSeries
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import QApplication, QPushButton
from pytestqt.qtbot import QtBot

from fidedesk.gui.common.context import RatingContext
from fidedesk.gui.common.dialogs import UnattendedDialogs
from fidedesk.gui.common.settings import Settings
from fidedesk.gui.reference.models import DpTableModel, FindState, PdTableModel, TableId, find_row
from fidedesk.gui.reference.tab import (
    LOGISTIC_SERIES_NAME,
    TABLE_SERIES_NAME,
    ExpectancyChart,
    ReferenceTablesTab,
    ReferenceTableView,
)
from tests.gui.helpers import shown_at_1280


@pytest.fixture
def tab(qtbot: QtBot, context: RatingContext, undo_stack: QUndoStack, settings: Settings) -> ReferenceTablesTab:
    return shown_at_1280(qtbot, ReferenceTablesTab(context, undo_stack, settings))


def cells(model: DpTableModel | PdTableModel, row: int) -> tuple[str, ...]:
    return tuple(str(model.data(model.index(row, column))) for column in range(model.columnCount()))


def headers(model: DpTableModel | PdTableModel) -> tuple[str, ...]:
    return tuple(str(model.headerData(column, Qt.Orientation.Horizontal)) for column in range(model.columnCount()))


def selected_labels(view: ReferenceTableView) -> list[str]:
    model = view.model()
    return [model.data(model.index(row, 0)) for row in view.selected_rows()]


# --- the models -------------------------------------------------------------------------------


@pytest.mark.parametrize("model_type", [DpTableModel, PdTableModel])
def test_models_pass_the_model_tester(qtmodeltester: object, model_type: type) -> None:
    qtmodeltester.check(model_type())  # type: ignore[attr-defined]


def test_table_8_1_1_as_printed(qapp: QApplication) -> None:
    model = DpTableModel()
    assert (model.rowCount(), model.columnCount()) == (101, 2)
    assert headers(model) == ("p", "dp")
    assert cells(model, 0) == ("1.00", "800")
    assert cells(model, 1) == (".99", "677")
    assert cells(model, 43) == (".57", "50")
    assert cells(model, 50) == (".50", "0")
    assert cells(model, 57) == (".43", "-50")
    assert cells(model, 100) == (".00", "-800")
    assert model.rowCount(model.index(0, 0)) == 0


def test_table_8_1_2_as_printed(qapp: QApplication) -> None:
    model = PdTableModel()
    assert (model.rowCount(), model.columnCount()) == (51, 3)
    assert headers(model) == ("D", "PD higher", "PD lower")
    assert cells(model, 0) == ("0–3", ".50", ".50")
    assert cells(model, 1) == ("4–10", ".51", ".49")
    assert cells(model, 30) == ("236–245", ".80", ".20")
    assert cells(model, 49) == ("620–735", ".99", ".01")
    assert cells(model, 50) == ("> 735", "1.00", ".00")


def test_numbers_are_right_aligned_and_explained(qapp: QApplication) -> None:
    model = PdTableModel()
    index = model.index(30, 1)
    alignment = model.data(index, Qt.ItemDataRole.TextAlignmentRole)
    assert isinstance(alignment, int) and alignment & Qt.AlignmentFlag.AlignRight.value
    assert "236 to 245" in str(model.data(index, Qt.ItemDataRole.ToolTipRole))
    assert model.data(QModelIndex()) is None
    dp_model = DpTableModel()
    assert "notional" in str(dp_model.data(dp_model.index(0, 1), Qt.ItemDataRole.ToolTipRole))


@pytest.mark.parametrize(
    ("text", "table", "row"),
    [("237", TableId.PD, 30), ("−245", TableId.PD, 30), ("+736", TableId.PD, 50), ("0,57", TableId.DP, 43)],
)
def test_find_reads_differences_and_scores(text: str, table: TableId, row: int) -> None:
    result = find_row(text)
    assert (result.state, result.table, result.row) == (FindState.FOUND, table, row)


def test_find_rounds_a_third_decimal_half_up() -> None:
    result = find_row("0.575")
    assert (result.table, result.row) == (TableId.DP, DpTableModel.row_for(58))
    assert "0.575 rounds to p .58" in result.message


@pytest.mark.parametrize(
    ("text", "state"), [("", FindState.EMPTY), ("-", FindState.INCOMPLETE), ("101%", FindState.INVALID)]
)
def test_find_states(text: str, state: FindState) -> None:
    assert find_row(text).state is state


# --- find in the tab ------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "label"), [("237", "236–245"), ("-245", "236–245"), ("736", "> 735")])
def test_typing_a_difference_selects_its_8_1_2_row(
    qtbot: QtBot, tab: ReferenceTablesTab, text: str, label: str
) -> None:
    qtbot.keyClicks(tab.find_field, ".57")
    tab.find_field.clear()
    qtbot.keyClicks(tab.find_field, text)
    assert selected_labels(tab.pd_view) == [label]
    assert tab.dp_view.selected_rows() == []
    index = tab.pd_model.index(tab.pd_view.selected_rows()[0], 0)
    assert tab.pd_view.viewport().rect().contains(tab.pd_view.visualRect(index)), "the row is scrolled into view"
    assert tab.find_field.property("invalid") is False
    assert label in tab.find_message.text()


def test_the_found_row_is_scrolled_to_the_middle(qtbot: QtBot, tab: ReferenceTablesTab) -> None:
    qtbot.keyClicks(tab.find_field, "237")
    row = tab.pd_view.visualRect(tab.pd_model.index(30, 0))
    middle = tab.pd_view.viewport().height() / 2
    assert abs(row.center().y() - middle) <= row.height()


@pytest.mark.parametrize("text", [".57", "0.57", "57%"])
def test_typing_a_score_selects_its_8_1_1_row(qtbot: QtBot, tab: ReferenceTablesTab, text: str) -> None:
    qtbot.keyClicks(tab.find_field, "620")
    tab.find_field.clear()
    qtbot.keyClicks(tab.find_field, text)
    assert selected_labels(tab.dp_view) == [".57"]
    assert tab.pd_view.selected_rows() == []
    assert "dp 50" in tab.find_message.text()


def test_typed_nonsense_is_marked_and_moves_nothing(qtbot: QtBot, tab: ReferenceTablesTab) -> None:
    qtbot.keyClicks(tab.find_field, "237")
    tab.find_field.clear()
    qtbot.keyClicks(tab.find_field, "abc")
    assert selected_labels(tab.pd_view) == ["236–245"]
    assert tab.find_field.property("invalid") is True
    assert tab.find_message.isVisible()
    assert "neither a rating difference nor a score" in tab.find_message.text()


def test_a_pasted_score_above_one_is_marked_and_moves_nothing(qtbot: QtBot, tab: ReferenceTablesTab) -> None:
    qtbot.keyClicks(tab.find_field, "237")
    tab.find_field.setText("2.5")  # pasted at once: "2" alone would be a difference
    assert selected_labels(tab.pd_view) == ["236–245"]
    assert tab.dp_view.selected_rows() == []
    assert tab.find_field.property("invalid") is True
    assert "not a score" in tab.find_message.text()
    tab.find_field.clear()
    assert tab.find_field.property("invalid") is False


# --- copy -----------------------------------------------------------------------------------


def test_ctrl_c_copies_the_selected_rows_with_a_header(qtbot: QtBot, tab: ReferenceTablesTab) -> None:
    QApplication.clipboard().setText("untouched")
    tab.pd_view.selectRow(30)
    tab.pd_view.selectionModel().select(
        tab.pd_model.index(31, 0),
        tab.pd_view.selectionModel().SelectionFlag.Select | tab.pd_view.selectionModel().SelectionFlag.Rows,
    )
    tab.pd_view.setFocus()
    qtbot.keyClick(tab.pd_view, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier)
    assert QApplication.clipboard().text() == "D\tPD higher\tPD lower\n236–245\t.80\t.20\n246–256\t.81\t.19"


def test_ctrl_c_without_a_selection_leaves_the_clipboard(qtbot: QtBot, tab: ReferenceTablesTab) -> None:
    QApplication.clipboard().setText("untouched")
    tab.dp_view.setFocus()
    qtbot.keyClick(tab.dp_view, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier)
    assert QApplication.clipboard().text() == "untouched"


@pytest.mark.parametrize(
    ("button", "lines", "first", "last"),
    [("copy_dp_table", 102, "1.00\t800", ".00\t-800"), ("copy_pd_table", 52, "0–3\t.50\t.50", "> 735\t1.00\t.00")],
)
def test_copy_table_buttons(
    qtbot: QtBot, tab: ReferenceTablesTab, button: str, lines: int, first: str, last: str
) -> None:
    QApplication.clipboard().setText("untouched")
    qtbot.mouseClick(tab.findChild(QPushButton, button), Qt.MouseButton.LeftButton)
    copied = QApplication.clipboard().text().split("\n")
    assert (len(copied), copied[1], copied[-1]) == (lines, first, last)
    assert "\t" in copied[0] and copied[0].startswith(("p\t", "D\t"))


# --- the chart ------------------------------------------------------------------------------


def step_value_at(series: QLineSeries, x: float) -> float:
    """The y of the horizontal segment of a step line that covers ``x``."""
    points = series.points()
    for start, end in itertools.pairwise(points):
        if start.x() <= x <= end.x() and start.y() == end.y():
            return start.y()
    raise AssertionError(f"no step covers D = {x}")


def test_chart_shows_the_table_beside_the_logistic_formula(tab: ReferenceTablesTab) -> None:
    view = tab.findChild(ExpectancyChart, "expectancy_chart")
    assert view is not None
    curves = {
        series.name(): series
        for series in view.chart().series()
        if isinstance(series, QLineSeries) and series.name() in (TABLE_SERIES_NAME, LOGISTIC_SERIES_NAME)
    }
    assert set(curves) == {"FIDE table 8.1.2", "Logistic formula"}
    steps, logistic = curves[TABLE_SERIES_NAME], curves[LOGISTIC_SERIES_NAME]
    assert step_value_at(steps, 237) == pytest.approx(0.80)
    assert (step_value_at(steps, 236), step_value_at(steps, 245)) == pytest.approx((0.80, 0.80))
    assert (step_value_at(steps, 235), step_value_at(steps, 246)) == pytest.approx((0.79, 0.81))
    assert step_value_at(steps, -237) == pytest.approx(0.20)
    assert step_value_at(steps, 0) == pytest.approx(0.50)
    assert step_value_at(steps, 736) == pytest.approx(1.00)
    assert (steps.points()[0].x(), steps.points()[-1].x()) == (-800, 800)
    by_x = {point.x(): point.y() for point in logistic.points()}
    assert by_x[0] == pytest.approx(0.5)
    assert by_x[400] == pytest.approx(10 / 11)
    axes = {axis.titleText() for axis in view.chart().axes()}
    assert axes == {"Rating difference D (own − opponent)", "Expected score"}
    markers = [marker.label() for marker in view.chart().legend().markers() if marker.isVisible()]
    assert markers == ["Logistic formula", "FIDE table 8.1.2", "400-point rule"]


@pytest.mark.parametrize(("text", "point"), [("237", (237, 0.80)), ("-245", (-245, 0.20)), ("57%", (50, 0.57))])
def test_chart_marks_the_find(qtbot: QtBot, tab: ReferenceTablesTab, text: str, point: tuple[int, float]) -> None:
    assert tab.chart_view.found_series.points() == []
    qtbot.keyClicks(tab.find_field, text)
    qtbot.keyClicks(tab.find_field, "x")  # invalid text leaves the mark where the selection is
    [found] = tab.chart_view.found_series.points()
    assert (found.x(), found.y()) == pytest.approx(point)


def test_chart_marks_the_cap_of_the_edition(tab: ReferenceTablesTab, context: RatingContext) -> None:
    left, right = tab.chart_view.cap_series
    assert [point.x() for point in right.points()] == [400, 400]
    assert [point.x() for point in left.points()] == [-400, -400]
    assert "under 2650" in tab.cap_note.text()
    context.set_edition_name("fide-1994")
    assert [point.x() for point in right.points()] == [350, 350]
    assert "350-point rule" in tab.cap_note.text() and "2650" not in tab.cap_note.text()
    context.set_edition_name("elo")
    assert not right.isVisible() and right.points() == []


# --- edition, look --------------------------------------------------------------------------


def test_elo_note_follows_the_edition(tab: ReferenceTablesTab, context: RatingContext) -> None:
    assert tab.edition_note.isHidden()
    context.set_edition_name("elo")
    assert tab.edition_note.isVisible()
    assert (
        tab.edition_note.text() == "The elo edition uses the logistic formula, not these tables; the chart shows both."
    )
    context.set_edition_name("fide-2025")
    assert tab.edition_note.isHidden()
    assert tab.pd_model.data(tab.pd_model.index(30, 1)) == ".80"  # the FIDE table stays


def test_readable_at_1280_by_800_without_horizontal_scrolling(tab: ReferenceTablesTab) -> None:
    for view in (tab.dp_view, tab.pd_view):
        assert not view.horizontalScrollBar().isVisible()
        assert view.horizontalHeader().length() <= view.viewport().width()
        assert view.verticalHeader().isHidden()
        assert view.alternatingRowColors()
    assert tab.chart_view.width() > 600
    assert tab.find_field.objectName() == "find_field"
    assert tab.find_message.objectName() == "find_message"


def test_the_main_window_builds_this_tab(qtbot: QtBot, settings: Settings, dialogs: UnattendedDialogs) -> None:
    from fidedesk.gui.mainwindow import MainWindow

    window = MainWindow(settings, dialogs=dialogs)
    qtbot.addWidget(window)
    index = next(i for i in range(window.tabs.count()) if "Reference" in window.tabs.tabText(i))
    content = window.tab_content(index)
    assert isinstance(content, ReferenceTablesTab)
    window.context.set_edition_name("elo")
    assert not content.edition_note.isHidden()
