"""One game: what a player gets for a win, draw or loss (FIDE 8.3.1-8.3.4, R&B 7.3.1).

Like the web calculator of seeds/003: expected score, change (2 decimals) and new rating (whole),
plus what an arbiter checks: the row of table 8.1.2, the 400-point rule or its 2650 exemption, K.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Final

from PySide6.QtCore import QByteArray, QObject, Qt
from PySide6.QtWidgets import (
    QButtonGroup,
    QDataWidgetMapper,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from fidedesk.core.notation import fixed, pd_text
from fidedesk.core.rating.editions import Expectancy
from fidedesk.core.rating.rated import SingleGame, cap_applies, single_game
from fidedesk.core.rating.tables import pd_row_index, pd_rows
from fidedesk.core.values import DRAW, LOSS, WIN, result_text
from fidedesk.gui.calculator.figures import Figure, FiguresModel, Tone
from fidedesk.gui.calculator.player import PlayerModel, rating_problem, typed_rating
from fidedesk.gui.common.look import named, say, show_problem
from fidedesk.gui.common.plain import plain_label
from fidedesk.gui.common.settings import Settings

#: The figures of one game, always in this order (views bind to their rows).
KEYS: Final[tuple[str, ...]] = ("expected", "change", "new_rating", "k", "lookup", "cap", "note")
_HEADLINES: Final[dict[str, str]] = {
    "expected": "Expected score",
    "change": "Rating change",
    "new_rating": "New rating",
}


class SingleGameModel(FiguresModel):
    """One game's figures (:data:`KEYS`) for the player of ``player``, the opponent and the result.

    Recomputed whenever an input or the rules change; figures that do not apply are blank.
    """

    def __init__(self, player: PlayerModel, settings: Settings, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.player = player
        self._settings = settings
        self.opponent_text = settings.opponent_rating
        self.score = WIN
        player.changed.connect(self.recompute)
        self.recompute()

    def set_opponent_text(self, text: str) -> None:
        """The opponent's rating as typed."""
        self.opponent_text = self._settings.opponent_rating = text
        self.recompute()

    def set_score(self, score: Fraction) -> None:
        """The player's result: 1, ½ or 0."""
        self.score = score
        self.recompute()

    @property
    def opponent(self) -> int | None:
        return typed_rating(self.opponent_text)

    @property
    def opponent_problem(self) -> str | None:
        return rating_problem(self.opponent_text)

    def recompute(self) -> None:
        """Work the game out again and show the new figures."""
        figures = {key: Figure(key, _HEADLINES.get(key, ""), "") for key in KEYS}
        player, opponent = self.player, self.opponent
        if not player.valid or self.opponent_problem:
            figures["note"] = Figure("note", "", "Correct the marked field to see the figures.", tone=Tone.WARN)
        elif player.own is None:
            text = "Enter your rating. Unrated? List your games below for a first rating."
            figures["note"] = Figure("note", "", text, tone=Tone.MUTED)
        elif opponent is None:
            figures["note"] = Figure("note", "", "Enter the opponent's rating.", tone=Tone.MUTED)
        else:
            figures.update({figure.key: figure for figure in self._game_figures(player.own, opponent)})
        self.set_figures([figures[key] for key in KEYS])

    def _game_figures(self, own: int, opponent: int) -> list[Figure]:
        context = self.player.context
        edition = context.edition()
        k = self.player.k_factor(own, 1)
        game = single_game(edition, own, opponent, self.score, k.value, kind=context.kind, start=context.event_date)
        calc = game.calc
        table = edition.expectancy is Expectancy.TABLE
        expected = fixed(calc.expected, 2 if table else 3)
        figures = [
            Figure("expected", "Expected score", expected, _expected_why(game, table), Tone.MAIN),
            Figure("k", "K", str(k.value), self.player.k_reason(k)),
        ]
        if game.not_rated:
            figures += [
                Figure("change", "Rating change", "not rated", game.not_rated, Tone.WARN),
                Figure("new_rating", "New rating", str(own), "unchanged: the game is not rated", Tone.MAIN),
                Figure("note", "", f"Not rated: {game.not_rated.removeprefix('not rated: ')}", tone=Tone.WARN),
            ]
        else:
            change = fixed(game.change, 2, signed=True)
            exact = fixed(calc.expected, 2 if table else 4)
            why = f"K × (result − expected) = {k.value} × ({result_text(self.score)} − {exact})"
            new_why = f"{own} {change}, rounded 0.5 away from zero (8.3.4); a period's changes are rounded once"
            figures += [
                Figure("change", "Rating change", change, why, Tone.MAIN),
                Figure("new_rating", "New rating", str(game.new_rating), new_why, Tone.MAIN),
            ]
        if table:
            row = pd_rows()[pd_row_index(calc.used_diff)]
            column = "H (higher rated)" if calc.used_diff >= 0 else "L (lower rated)"
            value = f"row {row.label}, PD {pd_text(calc.pd or 0)}"
            figures.append(Figure("lookup", "Table 8.1.2", value, f"D = {calc.used_diff:+d}, column {column}"))
        else:
            why = f"1 / (1 + 10^({-calc.diff:+d}/400)) = {fixed(calc.expected, 4)}"
            figures.append(Figure("lookup", "Formula", f"logistic, D = {calc.diff:+d}", why))
        figures.extend(self._cap_figures(game, own))
        return figures

    def _cap_figures(self, game: SingleGame, own: int) -> list[Figure]:
        context = self.player.context
        edition = context.edition()
        calc = game.calc
        if edition.cap is None or abs(calc.diff) <= edition.cap:
            return []
        rule = f"{edition.cap}-point rule"
        if calc.capped:
            why = f"a difference of more than {edition.cap} points counts as {edition.cap} (8.3.1)"
            return [Figure("cap", rule, f"{calc.opponent_rating} counts as {calc.used_rating}", why)]
        if not cap_applies(edition, own, context.kind):
            why = f"rated {edition.cap_exempt_from} or more: the real difference {abs(calc.diff)} counts (8.3.1, 2025)"
            return [Figure("cap", rule, f"not applied ({edition.cap_exempt_from} exemption)", why)]
        return []


def _expected_why(game: SingleGame, table: bool) -> str:
    if table:
        return f"PD from table 8.1.2 for D = {game.calc.used_diff:+d}"
    return f"logistic formula: {fixed(game.calc.expected, 4)}"


class SingleGameWidget(QWidget):
    """Opponent's rating and result in; expected score, change, new rating and the rules used out.

    The figures' labels are bound to :class:`SingleGameModel` rows by QDataWidgetMapper; the slots
    only hand the inputs to the model.
    """

    def __init__(self, model: SingleGameModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.opponent_edit = named(QLineEdit(model.opponent_text), "opponent_rating")
        self.opponent_edit.setPlaceholderText("rating")
        self.opponent_edit.setFixedWidth(90)
        self.opponent_message = named(plain_label(), "opponent_message")
        self.result_group = QButtonGroup(self)
        #: The labels showing each figure's caption, value and reason, by figure key.
        self.captions: dict[str, QLabel] = {}
        self.values: dict[str, QLabel] = {}
        self.whys: dict[str, QLabel] = {}

        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(self._inputs())
        layout.addSpacing(32)
        layout.addLayout(self._figures(), 1)
        self._mappers = [
            self._mapper(FiguresModel.LABEL, self.captions),
            self._mapper(FiguresModel.VALUE, self.values),
            self._mapper(FiguresModel.WHY, self.whys),
            self._mapper(FiguresModel.WHY, self.values, b"toolTip"),
        ]

        self.opponent_edit.textChanged.connect(model.set_opponent_text)
        self.result_group.idClicked.connect(self._on_result)
        model.updated.connect(self.refresh)
        self.refresh()

    def _inputs(self) -> QVBoxLayout:
        buttons = QHBoxLayout()
        buttons.setSpacing(0)
        for score, name, text in ((WIN, "win", "Win  1"), (DRAW, "draw", "Draw  ½"), (LOSS, "loss", "Loss  0")):
            button = named(QPushButton(text), name)
            button.setCheckable(True)
            button.setProperty("result", True)
            button.setChecked(score == self.model.score)
            self.result_group.addButton(button, int(score * 2))
            buttons.addWidget(button)
        grid = QGridLayout()
        grid.addWidget(plain_label("Opponent's rating:"), 0, 0)
        grid.addWidget(self.opponent_edit, 0, 1)
        grid.addWidget(self.opponent_message, 0, 2)
        grid.addWidget(plain_label("Result:"), 1, 0)
        grid.addLayout(buttons, 1, 1, 1, 2)
        grid.setColumnStretch(2, 1)
        column = QVBoxLayout()
        column.addLayout(grid)
        column.addStretch(1)
        return column

    def _figures(self) -> QVBoxLayout:
        """The note, the three headline figures side by side, then the details (K, table row, cap)."""
        self.values["note"] = _label("note_value", "muted")
        headlines = QHBoxLayout()
        for key in _HEADLINES:
            self.captions[key] = _label(f"{key}_caption", "muted")
            self.values[key] = _label(f"{key}_value", "figure")
            self.values[key].setMinimumHeight(34)
            box = QVBoxLayout()
            box.addWidget(self.captions[key])
            box.addWidget(self.values[key])
            headlines.addLayout(box)
            headlines.addSpacing(24)
        headlines.addStretch(1)
        details = QGridLayout()
        details.setHorizontalSpacing(12)
        details.setVerticalSpacing(2)
        for row, key in enumerate(key for key in KEYS if key not in _HEADLINES and key != "note"):
            self.captions[key] = _label(f"{key}_caption", "muted")
            self.values[key] = _label(f"{key}_value", "")
            self.whys[key] = _label(f"{key}_why", "muted")
            details.addWidget(self.captions[key], row, 0)
            details.addWidget(self.values[key], row, 1)
            details.addWidget(self.whys[key], row, 2)
        details.setColumnStretch(2, 1)
        column = QVBoxLayout()
        column.addWidget(self.values["note"])
        column.addLayout(headlines)
        column.addLayout(details)
        column.addStretch(1)
        return column

    def _mapper(self, column: int, labels: dict[str, QLabel], prop: bytes = b"text") -> QDataWidgetMapper:
        mapper = QDataWidgetMapper(self)
        mapper.setOrientation(Qt.Orientation.Vertical)
        mapper.setSubmitPolicy(QDataWidgetMapper.SubmitPolicy.ManualSubmit)
        mapper.setModel(self.model)
        for key, label in labels.items():
            mapper.addMapping(label, self.model.row_of(key), QByteArray(prop))
        mapper.setCurrentIndex(column)
        return mapper

    def refresh(self) -> None:
        """Mark the opponent's field when its text is not a rating; colour the note by its tone."""
        blank = not self.model.opponent_text.strip()
        show_problem(self.opponent_edit, self.opponent_message, self.model.opponent_problem,
                     "enter a rating" if blank else "")  # fmt: skip
        note = self.model.figure("note")
        say(self.values["note"], note.value if note else "", "error" if note and note.tone is Tone.WARN else "muted")

    def _on_result(self, button_id: int) -> None:
        self.model.set_score(Fraction(button_id, 2))


def _label(name: str, tone: str) -> QLabel:
    label = named(plain_label(), name)
    label.setProperty("tone", tone)
    return label
