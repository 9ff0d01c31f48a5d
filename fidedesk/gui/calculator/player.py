"""The player both calculators work for: own rating and how K is found, with their fields.

One model and one set of fields serve the one-game and the rating-period calculators: the
player and the K are the same in both, as are the settings that keep them.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Final

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QCheckBox, QComboBox, QGridLayout, QHBoxLayout, QLineEdit, QWidget

from fidedesk.core.rating.editions import JuniorRule, KRules
from fidedesk.core.rating.kfactor import KFactor, k_factor
from fidedesk.core.tournament import BirthDate, PlayerRecord, RatingKind
from fidedesk.core.values import (
    RATING_TYPED,
    KError,
    Range,
    RatingError,
    parse_count,
    parse_games,
    parse_k,
    parse_rating,
)
from fidedesk.gui.common.context import RatingContext
from fidedesk.gui.common.look import mark, named, say, show_problem
from fidedesk.gui.common.plain import plain_label
from fidedesk.gui.common.settings import Settings

FROM_RECORD: Final[str] = "record"


def k_choices(rules: KRules) -> list[tuple[str, str]]:
    """The K values an edition's rules give, as (choice, label), then "From my record"."""
    options: list[tuple[int, str]] = []
    if rules.flat is not None:
        options.append((rules.flat, f"{rules.flat} — every player (rapid and blitz)"))
    else:
        young = []
        if rules.new_player is not None:
            young.append(f"new player (under {rules.new_player_games} games)")
        if rules.junior is not JuniorRule.NONE:
            young.append(f"junior under {rules.junior_below}")
        if young:
            value = rules.new_player or rules.junior_k
            options.append((value, f"{value} — {' or '.join(young)}"))
        options.append((rules.below_2400, f"{rules.below_2400} — rated under 2400"))
        options.append((rules.from_2400, f"{rules.from_2400} — has reached 2400"))
    unique: dict[int, str] = {}
    for value, label in options:
        unique.setdefault(value, label)
    return [*((str(value), label) for value, label in unique.items()), (FROM_RECORD, "From my record")]


class PlayerModel(QObject):
    """Own rating and K inputs as typed, what they mean, and the K they give.

    ``changed`` is emitted after any input changes and after the rules (``context``) change, so
    that the calculators need follow only this model. Inputs are written to ``settings`` as typed.
    """

    changed = Signal()

    def __init__(self, context: RatingContext, settings: Settings, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.context = context
        self._settings = settings
        self.own_text = settings.own_rating
        # a K kept from an earlier session (core.values' range), else from the record
        self.k_choice = settings.k_choice if _kept_k(settings.k_choice) is not None else FROM_RECORD
        self.games_text = settings.games_played
        self.birth_text = settings.birth_year
        self.ever_2400 = settings.ever_2400
        context.changed.connect(self.changed)

    # --- inputs --------------------------------------------------------------------------------

    def set_own_text(self, text: str) -> None:
        """The own rating as typed; blank is an unrated player."""
        self.own_text = self._settings.own_rating = text
        self.changed.emit()

    def set_k_choice(self, choice: str) -> None:
        """A K value ("40", "20", "10") or :data:`FROM_RECORD`."""
        self.k_choice = self._settings.k_choice = choice
        self.changed.emit()

    def set_games_text(self, text: str) -> None:
        """Rated games played before this period, as typed (blank: unknown)."""
        self.games_text = self._settings.games_played = text
        self.changed.emit()

    def set_birth_text(self, text: str) -> None:
        """Birth year as typed (blank: unknown)."""
        self.birth_text = self._settings.birth_year = text
        self.changed.emit()

    def set_ever_2400(self, reached: bool) -> None:
        """Whether a published rating of the player ever reached 2400."""
        self.ever_2400 = self._settings.ever_2400 = reached
        self.changed.emit()

    # --- what they mean ------------------------------------------------------------------------

    @property
    def own(self) -> int | None:
        """The own rating, None when blank or not a rating (see :attr:`own_problem`)."""
        return typed_rating(self.own_text)

    @property
    def own_problem(self) -> str | None:
        return rating_problem(self.own_text)

    @property
    def games_problem(self) -> str | None:
        return _problem(self._games)

    @property
    def birth_problem(self) -> str | None:
        return _problem(self._birth_year)

    @property
    def from_record(self) -> bool:
        return self.k_choice == FROM_RECORD

    @property
    def valid(self) -> bool:
        """Whether every input that counts can be read (the record's only when K comes from it)."""
        record_ok = not self.from_record or (self.games_problem is None and self.birth_problem is None)
        return self.own_problem is None and record_ok

    def rules(self) -> KRules:
        """The K rules of the context's edition for its rating kind and event date."""
        standard = self.context.kind is RatingKind.STANDARD
        return self.context.edition().k_rules(standard, self.context.event_date)

    def choices(self) -> list[tuple[str, str]]:
        """The K choices to offer: the edition's, and the current choice should the edition not give it."""
        options = k_choices(self.rules())
        if all(choice != self.k_choice for choice, _label in options):
            options.insert(-1, (self.k_choice, f"{self.k_choice} — set by hand"))
        return options

    @property
    def fixed_k(self) -> int | None:
        """The K chosen by hand, or None when it comes from the record."""
        return None if self.from_record else int(self.k_choice)

    def record(self) -> PlayerRecord:
        """What K depends on, as the fields give it (only read when K comes from the record)."""
        if not self.from_record:
            return PlayerRecord()
        return PlayerRecord(games=self._games(), ever_2400=self.ever_2400)

    def birth(self) -> BirthDate | None:
        year = self._birth_year() if self.from_record else None
        return BirthDate(year) if year is not None else None

    def k_factor(self, rating: int, games_in_period: int) -> KFactor:
        """The K for ``games_in_period`` rated games (FIDE 8.3.3, K x n <= 700 included)."""
        record = dataclasses.replace(self.record(), k=self.fixed_k)
        return k_factor(
            self.rules(), rating=rating, record=record, birth=self.birth(), on=self.context.event_date,
            games_in_period=games_in_period,
        )  # fmt: skip

    def k_reason(self, k: KFactor) -> str:
        """Why K is what it is, in the words of the K choice."""
        if self.fixed_k is not None and k.value == k.base:
            return f"K {k.value}: as chosen"
        return k.reason

    def _games(self) -> int | None:
        return parse_games(self.games_text)

    def _birth_year(self) -> int | None:
        return parse_count(self.birth_text, "a birth year", Range(1900, self.context.event_date.year))


def _problem(read: Callable[[], object]) -> str | None:
    try:
        read()
    except ValueError as error:
        return str(error)
    return None


def _kept_k(text: str) -> int | None:
    try:
        return parse_k(text)
    except KError:
        return None


def typed_rating(text: str) -> int | None:
    """The rating typed (core.values), None when blank or not a rating (:func:`rating_problem` says why)."""
    try:
        return parse_rating(text)
    except RatingError:
        return None


def rating_problem(text: str) -> str | None:
    """Why ``text`` is not a rating (or blank), for the message beside the field; None when it is fine."""
    return _problem(lambda: parse_rating(text))


class PlayerWidget(QWidget):
    """Own rating, the K choice and, for "From my record", games played, birth year and 2400 reached."""

    def __init__(self, model: PlayerModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.own_edit = _line("own_rating", model.own_text, "unrated", 90)
        self.own_edit.setToolTip(f"Your rating before the games ({RATING_TYPED}); blank: unrated")
        self.own_message = named(plain_label(), "own_message")
        self.k_box = named(QComboBox(), "k_choice")
        self.k_box.setMinimumWidth(340)
        self.k_box.setToolTip("K by the FIDE rule that fits you (8.3.3), or found from your record")
        # the calculator has no event: its rating kind is chosen here (the tournament's is in its event form)
        self.kind_box = named(QComboBox(), "calculator_kind")
        for kind in RatingKind:
            self.kind_box.addItem(kind.value.capitalize(), kind.value)
        self.kind_box.setToolTip("Standard, rapid or blitz: the rules both calculators and the reference tables apply")
        kind_label = plain_label("Kin&d:")
        kind_label.setBuddy(self.kind_box)
        self.games_edit = _line("games_played", model.games_text, "unknown", 70)
        self.games_edit.setToolTip("Rated games you had completed before this rating period")
        self.birth_edit = _line("birth_year", model.birth_text, "unknown", 70)
        self.ever_box = named(QCheckBox("Has been rated 2400 or more"), "ever_2400")
        self.ever_box.setChecked(model.ever_2400)
        self.record_message = named(plain_label(), "record_message")
        self.k_found = named(plain_label(), "k_found")
        self.k_found.setWordWrap(True)  # a long reason wraps instead of widening the window past a small screen

        layout = QGridLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(plain_label("Your rating:"), 0, 0)
        layout.addWidget(self.own_edit, 0, 1)
        layout.addWidget(self.own_message, 0, 2)
        layout.addWidget(plain_label("K:"), 0, 3)
        layout.addWidget(self.k_box, 0, 4)
        layout.addWidget(kind_label, 0, 5)
        layout.addWidget(self.kind_box, 0, 6)
        self.record_row = QWidget()
        row = QHBoxLayout(self.record_row)
        row.setContentsMargins(0, 0, 0, 0)
        for widget in (plain_label("Rated games before:"), self.games_edit, plain_label("  Born in:"), self.birth_edit,
                       plain_label("  "), self.ever_box, self.record_message):  # fmt: skip
            row.addWidget(widget)
        row.addSpacing(12)
        row.addWidget(self.k_found, 1)
        layout.addWidget(self.record_row, 1, 1, 1, 7)
        layout.setColumnMinimumWidth(2, 230)
        layout.setColumnStretch(7, 1)

        self.own_edit.textChanged.connect(model.set_own_text)
        self.k_box.currentIndexChanged.connect(self._on_k_choice)
        self.games_edit.textChanged.connect(model.set_games_text)
        self.birth_edit.textChanged.connect(model.set_birth_text)
        self.ever_box.toggled.connect(model.set_ever_2400)
        self.kind_box.currentIndexChanged.connect(self._on_kind)
        model.changed.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        """Show what the inputs mean: problems beside their fields, the K choices, the K found."""
        model = self.model
        show_problem(self.own_edit, self.own_message, model.own_problem, "" if model.own_text.strip() else "unrated")
        choices = model.choices()
        if [self.k_box.itemData(i) for i in range(self.k_box.count())] != [c for c, _ in choices]:
            self.k_box.blockSignals(True)
            self.k_box.clear()
            for choice, label in choices:
                self.k_box.addItem(label, choice)
            self.k_box.blockSignals(False)
        for box, value in ((self.k_box, model.k_choice), (self.kind_box, model.context.kind.value)):
            box.blockSignals(True)
            box.setCurrentIndex(max(0, box.findData(value)))
            box.blockSignals(False)
        self.record_row.setVisible(model.from_record)
        problem = model.games_problem or model.birth_problem
        mark(self.games_edit, model.games_problem is not None)
        mark(self.birth_edit, model.birth_problem is not None)
        say(self.record_message, problem or "", "error")
        own = model.own
        if problem or not model.from_record:
            self.k_found.setText("")
        elif own is None:
            self.k_found.setText("K: an unrated player has none until rated")
        else:
            self.k_found.setText(f"→ {model.k_reason(model.k_factor(own, 0))}")

    def _on_k_choice(self, index: int) -> None:
        self.model.set_k_choice(str(self.k_box.itemData(index)))

    def _on_kind(self, index: int) -> None:
        self.model.context.set_kind(RatingKind(self.kind_box.itemData(index)))


def _line(name: str, text: str, placeholder: str, width: int) -> QLineEdit:
    edit = named(QLineEdit(text), name)
    edit.setPlaceholderText(placeholder)
    edit.setFixedWidth(width)
    edit.setClearButtonEnabled(False)
    return edit
