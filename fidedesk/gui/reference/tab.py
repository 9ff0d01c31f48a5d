"""The "Reference tables" tab: FIDE tables 8.1.1 and 8.1.2, a find field and the expectancy chart.

Arbiters check disputed figures here, so the tables are shown exactly as the regulations print
them; Qt Charts is imported by this module alone, which the main window loads on first show.
"""

from __future__ import annotations

from PySide6.QtCharts import QChart, QChartView, QLineSeries, QScatterSeries, QValueAxis
from PySide6.QtCore import QItemSelectionModel, QMargins, QPointF, Qt
from PySide6.QtGui import (
    QAction,
    QColor,
    QFont,
    QGuiApplication,
    QKeySequence,
    QPainter,
    QPalette,
    QPen,
    QUndoStack,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from fidedesk.gui.common.context import RatingContext
from fidedesk.gui.common.plain import bold, escaped, plain_label, rich_label
from fidedesk.gui.common.settings import Settings
from fidedesk.gui.reference.models import (
    DpTableModel,
    FindState,
    PdTableModel,
    ReferenceTableModel,
    TableId,
    cap_note,
    expectancy_note,
    find_row,
    logistic_points,
    table_steps,
    table_text,
)

TABLE_SERIES_NAME = "FIDE table 8.1.2"
LOGISTIC_SERIES_NAME = "Logistic formula"
CHART_RANGE = 800
_MESSAGE_STATES = {FindState.EMPTY: "hint", FindState.FOUND: "found", FindState.INVALID: "invalid"}

_STYLE = """
QLineEdit#find_field[invalid="true"] { border: 1px solid #c62828; border-radius: 3px; padding: 2px; }
QLabel#find_message[state="hint"] { color: palette(placeholder-text); }
QLabel#find_message[state="invalid"] { color: #c62828; }
QLabel#edition_note { background: #fff4d6; border: 1px solid #e0b84c; border-radius: 3px; padding: 4px 6px; }
QLabel#tables_note, QLabel#cap_note { color: palette(placeholder-text); }
"""


def _wrapped_label(name: str, text: str = "") -> QLabel:
    label = plain_label(text)
    label.setObjectName(name)
    label.setWordWrap(True)
    return label


class ReferenceTableView(QTableView):
    """A read-only reference table, as narrow as its columns, that copies rows as tab-separated text."""

    def __init__(self, model: ReferenceTableModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setModel(model)
        self._model = model
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setAlternatingRowColors(True)
        self.setWordWrap(False)
        self.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.setCornerButtonEnabled(False)
        self.verticalHeader().hide()
        self.verticalHeader().setSectionResizeMode(self.verticalHeader().ResizeMode.Fixed)
        self.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 8)
        self.horizontalHeader().setHighlightSections(False)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOn)
        # The find field keeps the focus, so a found row must stand out in an unfocused view too.
        palette = self.palette()
        for role in (QPalette.ColorRole.Highlight, QPalette.ColorRole.HighlightedText):
            palette.setColor(QPalette.ColorGroup.Inactive, role, palette.color(QPalette.ColorGroup.Active, role))
        self.setPalette(palette)

        self.copy_action = QAction("&Copy selected rows", self)
        self.copy_action.setShortcut(QKeySequence.StandardKey.Copy)
        self.copy_action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.copy_action.triggered.connect(self.copy_selection)
        self.copy_all_action = QAction("Copy &whole table", self)
        self.copy_all_action.triggered.connect(self.copy_all)
        self.addActions([self.copy_action, self.copy_all_action])
        self.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)

        self.resizeColumnsToContents()
        header = self.horizontalHeader()
        for column in range(model.columnCount()):
            # Room either side of the figures: packed columns are hard to read across.
            header.resizeSection(column, max(header.sectionSize(column) + 20, 64))
        frame = 2 * self.frameWidth()
        self.setFixedWidth(header.length() + self.verticalScrollBar().sizeHint().width() + frame)

    def selected_rows(self) -> list[int]:
        """The selected rows, top to bottom."""
        return sorted(index.row() for index in self.selectionModel().selectedRows())

    def selected_text(self) -> str:
        """The selected rows under the header line, tab-separated; empty when nothing is selected."""
        rows = self.selected_rows()
        return table_text(self._model, rows) if rows else ""

    def copy_selection(self) -> None:
        """Put the selected rows on the clipboard (nothing selected: the clipboard is left alone)."""
        text = self.selected_text()
        if text:
            QGuiApplication.clipboard().setText(text)

    def copy_all(self) -> None:
        """Put the whole table on the clipboard."""
        QGuiApplication.clipboard().setText(table_text(self._model, range(self._model.rowCount())))

    def select_row(self, row: int) -> None:
        """Select ``row`` alone and scroll it to the middle of the view."""
        index = self._model.index(row, 0)
        flags = QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows
        self.selectionModel().setCurrentIndex(index, flags)
        self.scrollTo(index, QAbstractItemView.ScrollHint.PositionAtCenter)


class ExpectancyChart(QChartView):
    """Expected score against rating difference: table 8.1.2 as steps beside the logistic formula."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("expectancy_chart")
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        chart = QChart()
        chart.setTitle("Expected score by rating difference")
        title_font = QFont(chart.titleFont())
        title_font.setPointSizeF(title_font.pointSizeF() * 1.2)
        title_font.setBold(True)
        chart.setTitleFont(title_font)
        chart.setMargins(QMargins(4, 4, 4, 4))
        chart.setBackgroundRoundness(0)

        self.table_series = self._series(TABLE_SERIES_NAME, table_steps(-CHART_RANGE, CHART_RANGE), "#1f5fa8", 2.2)
        self.logistic_series = self._series(
            LOGISTIC_SERIES_NAME, logistic_points(-CHART_RANGE, CHART_RANGE, 5), "#d9731a", 1.6
        )
        dashed = Qt.PenStyle.DashLine
        self.cap_series = (self._series("", [], "#777777", 1.2, dashed), self._series("", [], "#777777", 1.2, dashed))
        self.found_series = QScatterSeries()
        self.found_series.setMarkerSize(11)
        self.found_series.setColor(QColor("#c62828"))
        self.found_series.setBorderColor(QColor("white"))

        x_axis = QValueAxis()
        x_axis.setTitleText("Rating difference D (own − opponent)")
        # A little room past the curve's ends, so a marked point at the edge is not cut in half.
        x_axis.setRange(-CHART_RANGE - 20, CHART_RANGE + 20)
        x_axis.setTickType(QValueAxis.TickType.TicksDynamic)
        x_axis.setTickAnchor(0)
        x_axis.setTickInterval(200)
        x_axis.setMinorTickCount(1)
        x_axis.setLabelFormat("%d")
        y_axis = QValueAxis()
        y_axis.setTitleText("Expected score")
        y_axis.setRange(-0.03, 1.03)
        y_axis.setTickType(QValueAxis.TickType.TicksDynamic)
        y_axis.setTickAnchor(0)
        y_axis.setTickInterval(0.1)
        y_axis.setLabelFormat("%.1f")
        chart.addAxis(x_axis, Qt.AlignmentFlag.AlignBottom)
        chart.addAxis(y_axis, Qt.AlignmentFlag.AlignLeft)
        # The table is drawn last, over the formula: it is what the regulations prescribe.
        for plotted in (self.logistic_series, self.table_series, *self.cap_series, self.found_series):
            chart.addSeries(plotted)
            plotted.attachAxis(x_axis)
            plotted.attachAxis(y_axis)
        chart.legend().setAlignment(Qt.AlignmentFlag.AlignBottom)
        # One legend entry stands for both cap lines; the found point needs none.
        for unlisted in (self.cap_series[1], self.found_series):
            chart.legend().markers(unlisted)[0].setVisible(False)
        self.setChart(chart)

    @staticmethod
    def _series(
        name: str,
        points: list[tuple[float, float]],
        colour: str,
        width: float,
        style: Qt.PenStyle = Qt.PenStyle.SolidLine,
    ) -> QLineSeries:
        series = QLineSeries()
        series.setName(name)
        series.setPen(QPen(QColor(colour), width, style))
        series.append([QPointF(x, y) for x, y in points])
        return series

    def show_found(self, point: tuple[int, float] | None) -> None:
        """Mark the last find as a point on the curve, or clear the mark."""
        self.found_series.clear()
        if point is not None:
            diff, expected = point
            self.found_series.append(max(-CHART_RANGE, min(CHART_RANGE, diff)), expected)

    def show_cap(self, cap: int | None) -> None:
        """Draw the point cap as dashed lines at ±cap, or none."""
        for series, sign in zip(self.cap_series, (-1, 1), strict=True):
            series.clear()
            if cap is not None:
                series.append([QPointF(sign * cap, 0), QPointF(sign * cap, 1)])
            series.setVisible(cap is not None)
        self.cap_series[0].setName(f"{cap}-point rule" if cap is not None else "")
        self.chart().legend().markers(self.cap_series[0])[0].setVisible(cap is not None)


class ReferenceTablesTab(QWidget):
    """FIDE tables 8.1.1 and 8.1.2 with a find field, beside the expectancy chart; follows the rules bar."""

    def __init__(
        self, context: RatingContext, undo_stack: QUndoStack, settings: Settings, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        # The tab only shows the regulations: nothing here is undone or kept between sessions.
        del undo_stack, settings
        self._context = context
        self.setObjectName("reference_tab")
        self.setStyleSheet(_STYLE)
        self.dp_model = DpTableModel(self)
        self.pd_model = PdTableModel(self)
        self.dp_view = ReferenceTableView(self.dp_model)
        self.dp_view.setObjectName("dp_table")
        self.pd_view = ReferenceTableView(self.pd_model)
        self.pd_view.setObjectName("pd_table")
        self.chart_view = ExpectancyChart()

        self.find_field = QLineEdit()
        self.find_field.setObjectName("find_field")
        self.find_field.setPlaceholderText("e.g. 237, −245, .57 or 57%")
        self.find_field.setClearButtonEnabled(True)
        self.find_field.setFixedWidth(220)
        find_label = plain_label("F&ind:")
        find_label.setBuddy(self.find_field)
        self.find_message = _wrapped_label("find_message")
        # Two lines kept free so the tables do not jump as the message grows and shrinks.
        self.find_message.setMinimumHeight(2 * self.fontMetrics().lineSpacing() + 4)
        self.find_message.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.edition_note = _wrapped_label("edition_note")
        copy_keys = QKeySequence(QKeySequence.StandardKey.Copy).toString(QKeySequence.SequenceFormat.NativeText)
        tables_note = _wrapped_label(
            "tables_note",
            "The tables are the same in every FIDE edition: 8.1.1 and 8.1.2 in 2024"
            f" (8.1(a) and (b) in 2008, 10.1a and b in 1994). {copy_keys} copies the selected rows.",
        )
        self.cap_note = _wrapped_label("cap_note")

        find_row_layout = QHBoxLayout()
        find_row_layout.addWidget(find_label)
        find_row_layout.addWidget(self.find_field)
        find_row_layout.addStretch(1)
        tables = QGridLayout()
        tables.setHorizontalSpacing(16)
        headings = (
            ("Table 8.1.1", "fractional score p → rating difference dp"),
            ("Table 8.1.2", "rating difference D → scoring probability PD"),
        )
        for column, (view, (number, subject)) in enumerate(zip((self.dp_view, self.pd_view), headings, strict=True)):
            heading = rich_label(f"{bold(number + ':')} {escaped(subject)}")
            heading.setWordWrap(True)
            heading.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignBottom)
            heading.setBuddy(view)
            heading.setMaximumWidth(view.width())
            copy_button = QPushButton("Copy table")
            copy_button.setObjectName(f"copy_{view.objectName()}")
            copy_button.setToolTip(f"Copy all of {number} as tab-separated text, for a spreadsheet")
            copy_button.clicked.connect(view.copy_all)
            tables.addWidget(heading, 0, column)
            tables.addWidget(view, 1, column)
            tables.addWidget(copy_button, 2, column, Qt.AlignmentFlag.AlignLeft)
        tables.setRowStretch(1, 1)
        tables.setColumnStretch(2, 1)

        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 8, 0)
        left_layout.addLayout(find_row_layout)
        left_layout.addWidget(self.find_message)
        left_layout.addWidget(self.edition_note)
        left_layout.addLayout(tables, 1)
        left_layout.addWidget(tables_note)
        left.setMaximumWidth(self.dp_view.width() + self.pd_view.width() + 80)

        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(8, 0, 0, 0)
        right_layout.addWidget(self.chart_view, 1)
        right_layout.addWidget(self.cap_note)

        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(left)
        splitter.addWidget(right)
        splitter.setChildrenCollapsible(False)
        splitter.setStretchFactor(1, 1)
        layout = QVBoxLayout(self)
        layout.addWidget(splitter)

        self.find_field.textChanged.connect(self._on_find_text)
        context.changed.connect(self._on_rules_changed)
        self._on_find_text("")
        self._on_rules_changed()

    def first_field(self) -> QWidget:
        """Where the keyboard goes when the tab is first shown (Ctrl+3): the Find field."""
        return self.find_field

    def _view(self, table: TableId) -> ReferenceTableView:
        return self.dp_view if table is TableId.DP else self.pd_view

    def _on_find_text(self, text: str) -> None:
        result = find_row(text)
        if result.state is FindState.INCOMPLETE:
            return
        self.find_message.setText(result.message)
        self.find_field.setProperty("invalid", result.state is FindState.INVALID)
        self.find_message.setProperty("state", _MESSAGE_STATES[result.state])
        for widget in (self.find_field, self.find_message):
            # Qt re-reads property selectors only on a fresh polish.
            widget.style().unpolish(widget)
            widget.style().polish(widget)
        if result.state is FindState.FOUND and result.table is not None:
            self.chart_view.show_found(result.point)
            for table in TableId:
                if table is not result.table:
                    self._view(table).clearSelection()
            self._view(result.table).select_row(result.row)

    def _on_rules_changed(self) -> None:
        edition = self._context.edition()
        note = expectancy_note(edition)
        self.edition_note.setText(note or "")
        self.edition_note.setVisible(note is not None)
        self.cap_note.setText(cap_note(edition, self._context.kind))
        self.chart_view.show_cap(edition.cap)
