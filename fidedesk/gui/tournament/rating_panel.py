"""The rating panel: one player's event as FIDE's individual calculation prints it.

:class:`EventRatings` rates the whole tournament once per edit or change of rules (for the event's own
kind, under the context's edition for the event's start date) and hands the result to the panel and the
warnings; the panel only turns one player's :mod:`fidedesk.core.rating.calculation` rows into text.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QSplitter, QTableView, QVBoxLayout, QWidget

from fidedesk.core.notation import rated_texts, signed_int
from fidedesk.core.rating.calculation import Calculation, GameLine, LineKind, calculation
from fidedesk.core.rating.editions import Edition, Expectancy
from fidedesk.core.rating.event import EventRating, PlayerRating, RatingMemo, rate_tournament
from fidedesk.core.tournament import Tournament
from fidedesk.core.values import counted, result_text
from fidedesk.gui.calculator.figures import (
    Figure,
    FiguresModel,
    FiguresView,
    Tone,
    change_figures,
    first_rating_figures,
)
from fidedesk.gui.common.context import RatingContext
from fidedesk.gui.common.look import named, say, uncounted_look
from fidedesk.gui.common.plain import bold, escaped, plain_label, rich_label, tip
from fidedesk.gui.common.row_models import Index, RowTableModel
from fidedesk.gui.common.widths import fit_column
from fidedesk.gui.files.document import TournamentDocument


class EventRatings(QObject):
    """The tournament rated under the context's edition, worked out once per change; ``updated`` after one."""

    updated = Signal()

    def __init__(self, document: TournamentDocument, context: RatingContext, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.context = context
        self._rating: EventRating | None = None
        self._memo = RatingMemo()  # an edit changes one or two players: the others' figures are kept
        document.changed.connect(self._invalidate)
        context.changed.connect(self._invalidate)

    def edition(self) -> Edition:
        """The context's edition for the event's start date (the Excel export resolves it the same way)."""
        return self.context.edition(self.document.tournament.info.start)

    def tournament(self) -> Tournament:
        """The tournament as it is rated: for its own rating kind (the event's)."""
        return self.document.tournament

    def rating(self) -> EventRating:
        """Every player's figures for the tournament as it is now (computed at most once per change)."""
        if self._rating is None:
            self._rating = rate_tournament(self.tournament(), self.edition(), memo=self._memo)
        return self._rating

    def _invalidate(self) -> None:
        self._rating = None
        self.updated.emit()


@dataclasses.dataclass(frozen=True)
class GameRow:
    """One line of the panel's games: text per column, and why it does not count (``note``)."""

    round: str
    opponent: str
    rating: str
    score: str
    pd: str = ""
    chg: str = ""
    k_chg: str = ""
    note: str = ""
    counted: bool = True


def _opponent(line: GameLine) -> str:
    if line.opponent is None:
        return "bye"
    return f"{line.opponent}. {line.opponent_name}" if line.opponent_name is not None else str(line.opponent)


def game_row(line: GameLine, places: int) -> GameRow:
    """A calculation line as the panel shows it: PD to ``places`` decimals, ``*`` on a capped rating."""
    score = result_text(line.score) if line.score is not None else ""
    if line.kind is LineKind.NOT_RATED:
        shown = str(line.rating) if line.rating is not None else "—"
        # "not rated" under Score − PD, the widest column beside it; the reason is the row's tooltip
        return GameRow(str(line.round), _opponent(line), shown, score, "", "not rated", note=line.note or "",
                       counted=False)  # fmt: skip
    rating, pd, chg, k_chg = rated_texts(line, places)
    return GameRow(str(line.round or ""), _opponent(line), rating, score, pd, chg, k_chg, line.note or "")


def panel_figures(calc: Calculation, edition: Edition) -> list[Figure]:
    """Rc, W, n, Σ, K and why, K × Σ, the new rating and the performance; or the first rating of an unrated player."""
    figures: list[Figure] = []
    line = calc.player
    if line.k is not None and line.new_rating is not None and line.rating is not None:
        assert line.chg is not None and line.expected is not None
        figures += change_figures(line.rc, line.w, line.n, line.chg, line.expected, line.k, line.k.reason)
        figures.append(Figure("new_rating", "New rating", str(line.new_rating),
                              f"{line.rating} {signed_int(line.new_rating - line.rating)} (K × Σ rounded once, 8.3.4)",
                              Tone.MAIN))  # fmt: skip
    if line.initial is not None:
        figures += first_rating_figures(line.initial, edition)
    if line.performance is not None:
        figures.append(Figure("performance", "Performance", str(line.performance), "against rated opponents"))
    not_rated = calc.not_rated
    if not_rated:
        count = len(not_rated)
        reasons = "; ".join(sorted({item.note or "" for item in not_rated}))
        figures.append(Figure("not_rated", "Not rated", counted(count, "result"), reasons, Tone.WARN))
    return figures


#: The figures the panel's headline repeats, so that they show whatever the panel's height (issue 29: at
#: 1366 x 768 the new rating was below the summary's fold).
HEADLINE = ("rc", "w", "n", "k", "k_sum", "new_rating", "initial")


def headline(figures: list[Figure]) -> str:
    """One line of the key figures, as the summary words them: "Rc 1527 · W 5 · n 7 · K 20 · K × Σ −6.40 ·
    New rating 1725" (or an unrated player's first rating)."""
    return " · ".join(f"{figure.label} {figure.value}" for figure in figures if figure.key in HEADLINE)


class PanelGamesModel(RowTableModel[GameRow]):
    """The selected player's games: Rd, Opponent, Rating (used), Score, PD, Score − PD, K × (score − PD)."""

    HEADERS = ("Rd", "Opponent", "Rating", "Score", "PD", "Score − PD", "K × (score − PD)")
    #: The widest value of each column but the opponent's name (the columns are sized once, from these).
    WIDEST = ("99", "", "2850*", "½", "0.0000", "+0.99", "+39.60")

    def cell(self, row: GameRow, index: Index, role: int) -> Any:
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return dataclasses.astuple(row)[column]
        if role == Qt.ItemDataRole.ToolTipRole:
            return tip(row.note or None)
        if not row.counted and (look := uncounted_look(role)) is not None:
            return look
        if role == Qt.ItemDataRole.TextAlignmentRole and column != 1:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None


class RatingPanel(QWidget):
    """The selected player's games and figures under the chosen rules; follows edits and rule changes."""

    def __init__(self, ratings: EventRatings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ratings = ratings
        self.start_rank: int | None = None
        self.games = PanelGamesModel(self)
        self.summary = FiguresModel(self)
        self.title = named(rich_label(""), "rating_title")
        self.title.setWordWrap(True)
        self.headline = named(plain_label(), "rating_headline")
        self.headline.setWordWrap(True)
        self.games_table = named(QTableView(), "panel_games")
        self.games_table.setModel(self.games)
        self.games_table.verticalHeader().hide()
        self.games_table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.games_table.setTabKeyNavigation(False)  # read only: arrows scroll it, Tab leaves it
        header = self.games_table.horizontalHeader()
        # sized once from the widest values: fitting them to each player's games laid the window out again
        metrics = self.games_table.fontMetrics()
        for column, (title, widest) in enumerate(zip(PanelGamesModel.HEADERS, PanelGamesModel.WIDEST, strict=True)):
            fit_column(header, column, (title, widest), metrics)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.games_table.verticalHeader().setDefaultSectionSize(22)
        self.summary_table = named(FiguresView(self.summary), "panel_summary")
        summary_header = self.summary_table.horizontalHeader()
        summary_header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        summary_header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        summary_header.setStretchLastSection(True)
        splitter = QSplitter(Qt.Orientation.Vertical)
        splitter.addWidget(self.games_table)
        splitter.addWidget(self.summary_table)
        splitter.setSizes([220, 200])  # share the height: seven games and nine figures fit in 420 pixels
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.title)
        layout.addWidget(self.headline)
        layout.addWidget(splitter, 1)
        ratings.updated.connect(self.refresh)
        self.refresh()

    def select_player(self, start_rank: int | None) -> None:
        """Show the player with this start rank (None: nobody)."""
        self.start_rank = start_rank
        self.refresh()

    def refresh(self) -> None:
        """Show the selected player's figures from the current rating of the event."""
        rating = self._player_rating()
        if rating is None:
            say(self.title, "Select a player (Standings or Crosstable) to see their rating calculation.")
            self.games.set_rows([])
            self.summary.set_figures([])
            self.headline.setText("")
            self.headline.hide()
            return
        event = self.ratings.rating()
        player = rating.player
        own = f"rated {player.rating}" if player.rating is not None else "unrated"
        kind = self.ratings.tournament().info.kind
        # the name comes from a file or a person: escaped, so that only the window's own bold is HTML
        say(self.title, f"{bold(f'{player.start_rank}. {player.name}')} "
                        f"{escaped(f'({own}) — {event.edition.name}, {kind.value}')}", "plain")  # fmt: skip
        calc = calculation(rating, self.ratings.tournament().by_rank())
        places = 2 if event.edition.expectancy is Expectancy.TABLE else 4
        self.games.set_rows([game_row(line, places) for line in calc.games])
        figures = panel_figures(calc, event.edition)
        self.summary.set_figures(figures)
        self.headline.setText(headline(figures))
        self.headline.setVisible(bool(self.headline.text()))

    def _player_rating(self) -> PlayerRating | None:
        if self.start_rank is None:
            return None
        players = self.ratings.rating().players
        return next((p for p in players if p.player.start_rank == self.start_rank), None)
