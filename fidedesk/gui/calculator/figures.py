"""A list of labelled figures (label, value, why) as a read-only table model.

The one-game results and the rating-period summary are both such lists; their views are a
QTableView (summary) or labels bound by QDataWidgetMapper (one game).
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QResizeEvent
from PySide6.QtWidgets import QAbstractItemView, QTableView, QWidget

from fidedesk.core.notation import fixed, pd_text, score_text, signed_int
from fidedesk.core.rating.editions import Edition, InitialMethod
from fidedesk.core.rating.initial import InitialRating
from fidedesk.core.rating.kfactor import KFactor
from fidedesk.core.values import counted
from fidedesk.gui.common.plain import tip
from fidedesk.gui.common.row_models import Index, RowTableModel


class Tone(enum.Enum):
    """How a figure is shown: plainly, as the headline, as a warning, or greyed."""

    PLAIN = "plain"
    MAIN = "main"
    WARN = "warn"
    MUTED = "muted"


@dataclasses.dataclass(frozen=True)
class Figure:
    """One line of results: ``key`` names it for views and tests; ``why`` cites the rule or shows the sum."""

    key: str
    label: str
    value: str
    why: str = ""
    tone: Tone = Tone.PLAIN


def change_figures(
    rc: int | None, w: Fraction, n: int, chg: Fraction, expected: Fraction, k: KFactor, k_why: str
) -> list[Figure]:
    """A rated player's Rc, W, n, Σ(score − PD), K and why, K × Σ (FIDE 8.3.2), as the panel and the calculator
    show them."""
    return [
        Figure("rc", "Rc", "—" if rc is None else str(rc),
               "average of the opponents' ratings as used (* where the point cap of 8.3.1 applied)"),
        Figure("w", "W", score_text(w), f"score in {counted(n, 'rated game')}"),
        Figure("n", "n", str(n), "rated games"),
        Figure("sum", "Σ(score − PD)", fixed(chg, 2, signed=True),
               f"W − ΣPD = {score_text(w)} − {fixed(expected, 2)}"),
        Figure("k", "K", str(k.value), k_why),
        Figure("k_sum", "K × Σ", fixed(k.value * chg, 2, signed=True), f"{k.value} × Σ(score − PD)"),
    ]  # fmt: skip


def first_rating_figures(initial: InitialRating, edition: Edition) -> list[Figure]:
    """An unrated player's first rating (8.2): the value and how it was found (Ra, p, dp), whether FIDE would
    publish it and why, and the results it leaves out."""
    perf = initial.performance
    value = "—" if initial.value is None else str(initial.value)
    figures = [Figure("initial", "First rating", value, perf.formula if perf else initial.reason, Tone.MAIN)]
    if perf is not None:
        draws = edition.initial is InitialMethod.HYPOTHETICAL_DRAWS
        extra = f" and {edition.hypothetical_games} hypothetical draws against {edition.hypothetical_rating}"
        extra = extra if draws else ""
        figures += [
            Figure("ra", "Ra", fixed(perf.ra, 2), f"average rating of the rated opponents{extra}"),
            Figure("p", "p", pd_text(perf.p), f"{score_text(perf.score)} in {counted(perf.games, 'game')}{extra}"),
            Figure("dp", "dp", signed_int(perf.dp), f"table 8.1.1 for p = {pd_text(perf.p)}"),
        ]
    tone = Tone.PLAIN if initial.published else Tone.WARN
    figures.append(Figure("published", "Published", "yes" if initial.published else "no", initial.reason, tone))
    # the event and why it is left out, said once, in Why (the row has no figure of its own)
    figures += [
        Figure(f"disregarded_{i}", "Not counted", "", note, Tone.WARN) for i, note in enumerate(initial.disregarded)
    ]
    return figures


_COLORS = {Tone.WARN: QColor("#b23b00"), Tone.MUTED: QColor("#6b6b6b")}


class FiguresModel(RowTableModel[Figure]):
    """Rows of :class:`Figure`; columns Label, Value, Why. Read-only; ``updated`` after each new set."""

    LABEL, VALUE, WHY = range(3)
    HEADERS = ("", "Value", "Why")

    updated = Signal()

    # --- figures interface ---------------------------------------------------------------------

    def figures(self) -> tuple[Figure, ...]:
        """The figures shown now."""
        return self.rows()

    def figure(self, key: str) -> Figure | None:
        """The figure named ``key``, or None."""
        return next((figure for figure in self.rows() if figure.key == key), None)

    def value(self, key: str) -> str:
        """The value of figure ``key``, or '' when it is not shown."""
        figure = self.figure(key)
        return figure.value if figure else ""

    def row_of(self, key: str) -> int:
        """The row of figure ``key``, or -1."""
        return next((row for row, figure in enumerate(self.rows()) if figure.key == key), -1)

    def set_figures(self, figures: Sequence[Figure]) -> None:
        """Show ``figures``: changed values in place when the keys are the same, else a reset."""
        self.set_rows(figures, key=lambda figure: figure.key)
        self.updated.emit()

    def cell(self, row: Figure, index: Index, role: int) -> Any:
        column = index.column()
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            return (row.label, row.value, row.why)[column]
        if role == Qt.ItemDataRole.ToolTipRole:
            return tip(row.why or None)
        if role == Qt.ItemDataRole.ForegroundRole:
            tone = Tone.MUTED if column == self.WHY and row.tone is not Tone.WARN else row.tone
            return QBrush(_COLORS[tone]) if tone in _COLORS else None
        if role == Qt.ItemDataRole.FontRole and column == self.VALUE and row.tone is Tone.MAIN:
            font = QFont()
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.TextAlignmentRole and column == self.VALUE:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None


class FiguresView(QTableView):
    """A :class:`FiguresModel` read as a list: no headers, no grid, no selection; the reasons wrap, and every
    row is as tall as its text at the view's width.

    Rows are measured once per new set of figures and again whenever the view's size changes: a row
    measured while the reasons' column was still narrow kept three lines' height after the window grew
    (the stretched last column widens without announcing it), and the last figures fell out of sight.
    """

    def __init__(self, model: FiguresModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setModel(model)
        self.verticalHeader().hide()
        self.horizontalHeader().hide()
        self.setShowGrid(False)
        self.setWordWrap(True)
        self.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        model.updated.connect(self.resizeRowsToContents)
        self.horizontalHeader().sectionResized.connect(self.resizeRowsToContents)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.resizeRowsToContents()
