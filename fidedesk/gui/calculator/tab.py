"""The Calculator tab: the player on top, one game below it, then the games of a rating period."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import QGroupBox, QSizePolicy, QSplitter, QVBoxLayout, QWidget

from fidedesk.gui.calculator.period import RatingPeriodModel
from fidedesk.gui.calculator.period_view import PeriodWidget
from fidedesk.gui.calculator.player import PlayerModel, PlayerWidget
from fidedesk.gui.calculator.single import SingleGameModel, SingleGameWidget
from fidedesk.gui.common.context import RatingContext
from fidedesk.gui.common.look import STYLE, named
from fidedesk.gui.common.settings import Settings


class CalculatorTab(QWidget):
    """The calculators for "what do I get for this game, this weekend?": one player, one game, one period.

    The player's rating and K are entered once and serve both calculators; both follow the
    rules chosen in the toolbar (``context``). Edits to the period's games go on ``undo_stack``.
    """

    def __init__(
        self, context: RatingContext, undo_stack: QUndoStack, settings: Settings, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("calculator_tab")
        self.setStyleSheet(STYLE)
        self.player = PlayerModel(context, settings, self)
        self.single = SingleGameModel(self.player, settings, self)
        self.period = RatingPeriodModel(self.player, undo_stack, self)

        self.player_widget = PlayerWidget(self.player)
        self.single_widget = SingleGameWidget(self.single)
        self.period_widget = PeriodWidget(self.period, undo_stack)

        player_box = _group("Player", self.player_widget, "player_box")
        single_box = _group("One game", self.single_widget, "single_box")
        period_box = _group("Several games, one rating period", self.period_widget, "period_box")
        splitter = QSplitter(Qt.Orientation.Vertical)
        splitter.addWidget(single_box)
        splitter.addWidget(period_box)
        single_box.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        splitter.setStretchFactor(0, 0)
        splitter.setStretchFactor(1, 1)
        splitter.setChildrenCollapsible(False)
        splitter.setSizes([single_box.sizeHint().height(), 10_000])
        layout = QVBoxLayout(self)
        layout.addWidget(player_box)
        layout.addWidget(splitter, 1)

    def first_field(self) -> QWidget:
        """Where the keyboard goes when the tab is first shown (Ctrl+2): "Your rating"."""
        return self.player_widget.own_edit


def _group(title: str, content: QWidget, name: str) -> QGroupBox:
    box = named(QGroupBox(title), name)
    layout = QVBoxLayout(box)
    layout.addWidget(content)
    return box
