"""Several games in one rating period: the change of a rated player, or the first rating of an unrated one.

:class:`RatingPeriodModel` owns the games table and the summary and works both out again whenever
the games, the player or the rules change; :func:`work_out` is the arithmetic's one entry point.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from fractions import Fraction

from PySide6.QtCore import QObject
from PySide6.QtGui import QUndoStack

from fidedesk.core.notation import pd_text, rated_texts, signed_int
from fidedesk.core.rating.calculation import rated_line
from fidedesk.core.rating.editions import Expectancy, InitialMethod
from fidedesk.core.rating.initial import UnratedEvent, initial_rating
from fidedesk.core.rating.performance import average_rating, performance_rating
from fidedesk.core.rating.rated import Game, GameCalc, PeriodCalc, rate_period
from fidedesk.core.rating.tables import dp_for, percent
from fidedesk.core.values import counted
from fidedesk.gui.calculator.figures import (
    Figure,
    FiguresModel,
    Tone,
    change_figures,
    first_rating_figures,
)
from fidedesk.gui.calculator.games import GameEntry, GamesModel, RowFigures
from fidedesk.gui.calculator.player import PlayerModel

_UNRATED_OPPONENT = RowFigures(used="unrated", note="Unrated opponent: the game is not rated", counted=False)
_NO_RESULT = RowFigures(note="Enter a result (1, ½ or 0) for this game to count", counted=False)


@dataclasses.dataclass(frozen=True)
class PeriodResult:
    """What the period shows: the computed columns of each row and the summary figures."""

    rows: tuple[RowFigures, ...]
    figures: tuple[Figure, ...]


def work_out(player: PlayerModel, entries: Sequence[GameEntry]) -> PeriodResult:
    """The rows' figures and the summary for ``entries`` played by ``player`` under the context's rules."""
    if not player.valid:
        return PeriodResult(tuple(RowFigures() for _ in entries), (_note("Correct the marked field above."),))
    rows = [_UNRATED_OPPONENT if e.opponent is None else _NO_RESULT if e.score is None else RowFigures()
            for e in entries]  # fmt: skip
    counted = [index for index, row in enumerate(rows) if row.counted]
    games = [Game(entries[i].opponent or 0, entries[i].score or Fraction(0)) for i in counted]
    if player.own is None:
        for index in counted:
            rows[index] = RowFigures(used=str(entries[index].opponent), note="counts towards Ra")
        return PeriodResult(tuple(rows), tuple(_initial_figures(player, games, rows)))
    if not games:
        figures = [_note("Add the games of the period: opponent's rating and result."), *_not_rated(rows)]
        return PeriodResult(tuple(rows), tuple(figures))
    context = player.context
    edition = context.edition()
    period = rate_period(
        edition, player.own, [games], record=player.record(), birth=player.birth(),
        on=context.event_date, kind=context.kind, k=player.fixed_k,
    )  # fmt: skip
    left_out = {counted[game]: reason for _event, game, reason in period.not_rated}
    calcs = iter(period.events[0].games)
    table = edition.expectancy is Expectancy.TABLE
    for index in counted:
        if index in left_out:
            rows[index] = RowFigures(used="not rated", note=left_out[index], counted=False)
        else:
            rows[index] = _row(next(calcs), period.k.value, table)
    return PeriodResult(tuple(rows), tuple(_rated_figures(player, period, rows)))


def _row(calc: GameCalc, k: int, table: bool) -> RowFigures:
    line = rated_line(calc, k)
    used, pd, chg, k_chg = rated_texts(line, 2 if table else 4)
    return RowFigures(used, pd, chg, k_chg, line.note or "")


def _note(text: str) -> Figure:
    """A line of text in place of figures (shown across the summary's columns)."""
    return Figure("note", text, "", tone=Tone.MUTED)


def _not_rated(rows: Sequence[RowFigures]) -> list[Figure]:
    """The rows that do not count, and why."""
    left_out = [index for index, row in enumerate(rows) if not row.counted]
    if not left_out:
        return []
    value = counted(len(left_out), "game")
    why = "; ".join(f"row {i + 1}: {rows[i].note}" for i in left_out)
    return [Figure("not_rated", "Not rated", value, why, Tone.WARN)]


def _performance(games: Sequence[Game]) -> list[Figure]:
    """Rp over the games against rated opponents (Title Regulations 1.4.8)."""
    if not games:
        return []
    ratings = [game.opponent_rating for game in games]
    score = sum((game.score for game in games), Fraction(0))
    p = percent(score, len(games))
    why = f"Ra {average_rating(ratings)} + dp {signed_int(dp_for(p))} for p = {pd_text(p)} (Title Regulations 1.4.8)"
    return [Figure("performance", "Performance", str(performance_rating(ratings, score)), why)]


def _rated_figures(player: PlayerModel, period: PeriodCalc, rows: Sequence[RowFigures]) -> list[Figure]:
    event = period.events[0]
    if period.n == 0:
        return [_note("No rated games in the period."), *_not_rated(rows)]
    k, n = period.k, period.n
    k_why = player.k_reason(k)
    cap = player.rules().cap
    if cap is not None and k.value == k.base:
        k_why += f"; K × n = {k.value} × {n} = {k.value * n} ≤ {cap}"
    games = [Game(calc.opponent_rating, calc.score) for calc in event.games]
    return [
        *change_figures(event.rc, event.w, n, event.chg, event.expected_total, k, k_why),
        Figure("change", "Change", signed_int(period.change), "K × Σ rounded once, 0.5 away from zero (8.3.4)"),
        Figure(
            "new_rating",
            "New rating",
            str(period.new_rating),
            f"{period.rating} {signed_int(period.change)}",
            Tone.MAIN,
        ),
        *_performance(games),
        *_not_rated(rows),
    ]


def _initial_figures(player: PlayerModel, games: Sequence[Game], rows: Sequence[RowFigures]) -> list[Figure]:
    edition = player.context.edition()
    if edition.initial is InitialMethod.NONE:
        return [_note(f"{edition.name} gives no first ratings: choose a FIDE edition."), *_not_rated(rows)]
    if not games:
        return [_note("Unrated player: add games against rated opponents for a first rating."), *_not_rated(rows)]
    result = initial_rating(edition, [UnratedEvent(tuple(games))])
    figures = first_rating_figures(result, edition)
    return [*figures, *_performance(games), *_not_rated(rows)]


class RatingPeriodModel(QObject):
    """The period calculator: the games table, the summary, and the recomputation that ties them.

    ``games`` pushes its edits on ``undo_stack``; both models are refreshed after any change of
    the games, the player or the rules.
    """

    def __init__(self, player: PlayerModel, undo_stack: QUndoStack | None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.player = player
        self.games = GamesModel(undo_stack, self)
        self.summary = FiguresModel(self)
        player.changed.connect(self.recompute)
        self.games.games_changed.connect(self.recompute)
        self.recompute()

    def recompute(self) -> None:
        """Work the period out again and show it."""
        result = work_out(self.player, self.games.entries())
        self.games.set_figures(result.rows)
        self.summary.set_figures(result.figures)
