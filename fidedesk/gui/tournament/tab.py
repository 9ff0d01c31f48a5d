"""The Tournament tab: the event form and the players on the left, the tournament's views on the right."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QResizeEvent, QUndoStack
from PySide6.QtWidgets import QGroupBox, QSplitter, QVBoxLayout, QWidget

from fidedesk.gui.common.context import RatingContext
from fidedesk.gui.common.layouts import SizeClass, SplitterMemory
from fidedesk.gui.common.look import STYLE, named
from fidedesk.gui.common.settings import Settings
from fidedesk.gui.files.document import TournamentDocument
from fidedesk.gui.tournament.event_form import EventForm
from fidedesk.gui.tournament.players import PlayersWidget
from fidedesk.gui.tournament.views import TournamentViews

#: The shares of the event and players and of the views, by window size class: from 1920 on the views take
#: more, so that the crosstable of a 9-round Swiss and the calculation stand side by side.
SHARES = {SizeClass.NARROW: (42, 58), SizeClass.MEDIUM: (45, 55), SizeClass.WIDE: (34, 66)}


#: The margins of the tab and of its boxes (left, top, right, bottom): Qt's 9 pixels on every side of each
#: made the tab too wide for a 1024-wide projector.
TIGHT = (4, 4, 4, 4)


class TournamentTab(QWidget):
    """What the arbiter works in all weekend: the event, its players, and the views of the rounds.

    Every edit is a step on ``undo_stack`` through ``document`` (the window's open tournament).
    """

    def __init__(
        self,
        context: RatingContext,
        undo_stack: QUndoStack,
        settings: Settings,
        document: TournamentDocument,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("tournament_tab")
        self.setStyleSheet(STYLE)
        self.document = document
        self.undo_stack = undo_stack
        self.event_form = EventForm(document)
        self.players = PlayersWidget(document)
        # the dividers of this tab and of its views, remembered per size class of the window
        self.memory = SplitterMemory(settings)
        self.views = TournamentViews(document, context, settings, memory=self.memory)

        event_box = _group("Event", self.event_form, "event_box")
        players_box = _group("Players", self.players, "players_box")
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(event_box)
        left_layout.addWidget(players_box, 1)
        self.splitter = named(QSplitter(Qt.Orientation.Horizontal), "tournament_splitter")
        self.splitter.addWidget(left)
        self.splitter.addWidget(self.views)
        self.splitter.setStretchFactor(0, 1)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setChildrenCollapsible(False)
        self.memory.add("tournament", self.splitter, SHARES.__getitem__)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(*TIGHT)
        layout.addWidget(self.splitter)
        # one selected player: chosen in the Players table or in any view, every other one follows
        self.players.player_selected.connect(self.views.select_player)
        self.views.player_selected.connect(self.players.show_player)

    def first_field(self) -> QWidget:
        """Where the keyboard goes in this tab when no field of it was used yet: an empty event's name
        (File › New), else the players table."""
        tournament = self.document.tournament
        if not tournament.info.name and not tournament.players:
            return self.event_form.name_edit
        return self.players.table

    def resizeEvent(self, event: QResizeEvent) -> None:  # Qt override
        super().resizeEvent(event)
        self.memory.enter(self.window().width())


def _group(title: str, content: QWidget, name: str) -> QGroupBox:
    box = named(QGroupBox(title), name)
    layout = QVBoxLayout(box)
    layout.setContentsMargins(*TIGHT)
    layout.addWidget(content)
    return box
