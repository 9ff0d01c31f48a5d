"""The event's tie-breaks and their edition of C.07, chosen beside the standings; each choice one undo step.

The list offers every tie-break of :data:`~fidedesk.core.tiebreaks.codes.KNOWN_TIEBREAKS` and any other
code typed in the field under it (``BH-C2``, ``KS-L60``): the ticked ones, in list order, are the event's
tie-breaks after the points (:attr:`EventInfo.tiebreaks`). An event that has no choice of its own shows
its system's defaults ticked, and follows them when its system changes. The box under the list chooses
the edition (:attr:`EventInfo.tiebreak_rules`): Auto, by the start date, or one by name. Both are the
event's, saved with it: every change is ``document.apply`` over :mod:`fidedesk.core.editing`, and the
list shows the event again after an undo.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from fidedesk.core.editing import set_tiebreak_rules, set_tiebreaks
from fidedesk.core.tiebreaks.codes import (
    AUTO_RULES,
    KNOWN_TIEBREAKS,
    ROUND_ROBIN_DEFAULTS,
    SWISS_DEFAULTS,
    TieBreak,
    TieBreakRules,
    UnknownTieBreak,
    parse_tiebreak,
    tiebreak_codes,
)
from fidedesk.gui.common.look import named, say
from fidedesk.gui.common.plain import plain_label
from fidedesk.gui.common.shortcuts import view_action
from fidedesk.gui.files.document import TournamentDocument

#: The width of the chooser beside the standings, in pixels: the codes whole, the edition box's texts whole.
CHOOSER_WIDTH = 210

#: The edition box's entries: what it shows, and the edition (None: auto, by the start date).
RULES_ENTRIES: tuple[tuple[str, TieBreakRules | None], ...] = (
    (f"{AUTO_RULES.capitalize()} (by start date)", None),
    *((f"C.07 {rules.code}", rules) for rules in TieBreakRules),
)


def tiebreak_tip(tiebreak: TieBreak) -> str:
    """A tie-break's label and C.07's article, as the list and the standings' header say it."""
    return f"{tiebreak.label} (C.07 {tiebreak.article})"


class TieBreakChooser(QWidget):
    """Tick, order and add the event's tie-breaks; choose their edition. Follows the document."""

    def __init__(self, document: TournamentDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self._showing = False  # the list is being filled from the event: its signals are not the user's

        self.tiebreak_list = named(QListWidget(), "tiebreak_list")
        self.tiebreak_list.setDragDropMode(QAbstractItemView.DragDropMode.InternalMove)
        self.tiebreak_list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.tiebreak_list.setTextElideMode(Qt.TextElideMode.ElideRight)
        # by keyboard too: Tab from the table, Space ticks, Ctrl+Up/Down moves the current one
        self.move_actions = [
            view_action(self.tiebreak_list, "Move tie-break up", ["Ctrl+Up"], lambda: self.move_current(-1)),
            view_action(self.tiebreak_list, "Move tie-break down", ["Ctrl+Down"], lambda: self.move_current(1)),
        ]
        self.tiebreak_list.setToolTip(
            "After the points, the ticked tie-breaks in this order. Space ticks the current one;"
            " Ctrl+Up and Ctrl+Down (or a drag) move it"
        )
        # two rows at least: in a 640-high window a message under it takes the rest, which once overlapped
        self.tiebreak_list.setMinimumHeight(2 * self.tiebreak_list.fontMetrics().height() + 8)

        self.code_edit = named(QLineEdit(), "tiebreak_code")
        self.code_edit.setPlaceholderText("BH-C2, KS-L60…")
        self.code_edit.setToolTip("Any tie-break of C.07 by its code, with -Cn (cut), -Mn (median) or -Ln (Koya)")
        self.add_button = named(QPushButton("Add"), "add_tiebreak")
        self.add_button.setAutoDefault(False)
        self.code_message = named(plain_label(), "tiebreak_message")
        self.code_message.setWordWrap(True)
        self.defaults_button = named(QPushButton("Defaults"), "tiebreak_defaults")
        self.defaults_button.setAutoDefault(False)
        self.defaults_button.setToolTip(
            f"Back to the defaults of the event's system (Swiss: {tiebreak_codes(SWISS_DEFAULTS)};"
            f" round robin: {tiebreak_codes(ROUND_ROBIN_DEFAULTS)}), which follow a change of system"
        )
        self.rules_box = named(QComboBox(), "tiebreak_rules")
        for text, rules in RULES_ENTRIES:
            self.rules_box.addItem(text, rules)
            if rules is not None:
                self.rules_box.setItemData(self.rules_box.count() - 1, rules.title, Qt.ItemDataRole.ToolTipRole)
        self.rules_box.setToolTip("The edition of C.07 the tie-breaks follow; Auto: the one in force on the start date")

        # Alt+U is the Rounds' (Round), hidden while the Standings show; Alt+K is the Standings' Tie-breaks button,
        # which folds this choice away: Tab from the list reaches the code
        code_label = plain_label("Other tie-break")
        code_label.setBuddy(self.code_edit)
        rules_label = plain_label("R&ules")
        rules_label.setBuddy(self.rules_box)
        typed = QHBoxLayout()
        typed.addWidget(self.code_edit, 1)
        typed.addWidget(self.add_button)
        edition = QHBoxLayout()
        edition.addWidget(rules_label)
        edition.addWidget(self.rules_box, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        title = plain_label("Tie-breaks in order (Ctrl+↑↓)")
        title.setWordWrap(True)  # whole in the chooser's width: a longer title was cut off at its end
        title.setToolTip(self.tiebreak_list.toolTip())
        layout.addWidget(title)
        layout.addWidget(self.tiebreak_list, 1)
        layout.addWidget(code_label)
        layout.addLayout(typed)
        layout.addWidget(self.code_message)
        layout.addWidget(self.defaults_button)
        layout.addLayout(edition)
        self.setFixedWidth(CHOOSER_WIDTH)
        for before, after in (
            (self.tiebreak_list, self.code_edit),
            (self.code_edit, self.add_button),
            (self.add_button, self.defaults_button),
            (self.defaults_button, self.rules_box),
        ):
            QWidget.setTabOrder(before, after)

        self.tiebreak_list.itemChanged.connect(self._on_list_changed)
        self.tiebreak_list.model().rowsMoved.connect(self._on_list_changed)
        self.code_edit.returnPressed.connect(self.add_typed)
        self.code_edit.textEdited.connect(lambda _text: say(self.code_message, "", "muted"))  # the list its room back
        self.add_button.clicked.connect(self.add_typed)
        self.defaults_button.clicked.connect(self.use_defaults)
        self.rules_box.activated.connect(self._on_rules_chosen)  # the user's choice only, not refresh()
        document.changed.connect(self.refresh)
        document.was_reset.connect(self._on_reset)
        self.refresh()

    # --- what is chosen --------------------------------------------------------------------------

    def chosen(self) -> list[TieBreak]:
        """The ticked tie-breaks in list order."""
        return [tiebreak for tiebreak, ticked in self._rows() if ticked]

    def _row_of(self, tiebreak: TieBreak) -> int:
        return next(row for row, (offered, _ticked) in enumerate(self._rows()) if offered == tiebreak)

    def _rows(self) -> list[tuple[TieBreak, bool]]:
        items = (self.tiebreak_list.item(row) for row in range(self.tiebreak_list.count()))
        return [(item.data(Qt.ItemDataRole.UserRole), item.checkState() == Qt.CheckState.Checked) for item in items]

    def choose(self, tiebreaks: list[TieBreak] | tuple[TieBreak, ...] | None) -> None:
        """Make ``tiebreaks`` the event's (None: its system's defaults), as one undo step."""
        text = "the system's defaults" if tiebreaks is None else tiebreak_codes(tiebreaks) or "none"
        self._document.apply(f"Tie-breaks: {text}", set_tiebreaks(self._document.tournament, tiebreaks))

    def choose_rules(self, rules: TieBreakRules | None) -> None:
        """Make ``rules`` the edition the event's tie-breaks follow (None: auto), as one undo step."""
        text = next(entry for entry, value in RULES_ENTRIES if value is rules)
        self._document.apply(f"Tie-break rules: {text}", set_tiebreak_rules(self._document.tournament, rules))

    # --- the user's changes ----------------------------------------------------------------------

    def move_current(self, step: int) -> None:
        """Move the current tie-break ``step`` places up (-1) or down (+1) in the order, staying on it."""
        row = self.tiebreak_list.currentRow()
        target = row + step
        if row < 0 or not 0 <= target < self.tiebreak_list.count():
            return
        self._showing = True  # one step for the move, not one for the take and one for the insert
        try:
            item = self.tiebreak_list.takeItem(row)
            self.tiebreak_list.insertItem(target, item)
            self.tiebreak_list.setCurrentRow(target)
        finally:
            self._showing = False
        self._on_list_changed()

    def add_typed(self) -> None:
        """Add the typed code to the event's tie-breaks, after those ticked; say why when it is not one."""
        text = self.code_edit.text().strip()
        if not text:
            say(self.code_message, "Type a code of C.07, such as BH-C2", "muted")
            return
        try:
            tiebreak = parse_tiebreak(text)
        except UnknownTieBreak as error:
            say(self.code_message, str(error), "error")
            return
        chosen = self.chosen()
        if tiebreak in chosen:
            say(self.code_message, f"{tiebreak.code} is already ticked", "muted")
        else:
            say(self.code_message, f"{tiebreak.code} added: {tiebreak.label}", "muted")
            self.choose([*chosen, tiebreak])
        self.code_edit.clear()
        self.tiebreak_list.setCurrentRow(self._row_of(tiebreak))

    def use_defaults(self) -> None:
        """The event goes back to its system's defaults (and follows them when its system changes)."""
        self.choose(None)

    def _on_list_changed(self, *_args: object) -> None:
        # an unticked tie-break moved changes no choice: no undo step (nor an event's defaults made its own)
        chosen = self.chosen()
        if not self._showing and tuple(chosen) != self._document.tournament.info.tiebreaks_in_use:
            self.choose(chosen)

    def _on_rules_chosen(self, index: int) -> None:
        self.choose_rules(RULES_ENTRIES[index][1])

    # --- following the document ------------------------------------------------------------------

    def _on_reset(self) -> None:
        """Another event (new, open, import): the codes typed for the one before are no longer offered."""
        self.tiebreak_list.clear()
        say(self.code_message, "", "muted")
        self.refresh()

    def refresh(self) -> None:
        """Show the event's choice: its tie-breaks ticked first, in order, then the others as they stood
        (those typed before stay on offer); its edition in the box. Nothing is rebuilt when the list already
        shows the event (an edit of a result), so the current row and the keyboard stay where they are."""
        info = self._document.tournament.info
        self.defaults_button.setEnabled(info.tiebreaks is not None)
        index = next(number for number, (_text, rules) in enumerate(RULES_ENTRIES) if rules is info.tiebreak_rules)
        self.rules_box.setCurrentIndex(index)
        in_use = list(info.tiebreaks_in_use)
        if self.tiebreak_list.count() and self.chosen() == in_use:
            return
        current = self.tiebreak_list.currentItem()
        was_current = current.data(Qt.ItemDataRole.UserRole) if current is not None else None
        offered = [tiebreak for tiebreak, _ticked in self._rows()]
        order = [*in_use, *(t for t in offered if t not in in_use), *(t for t in KNOWN_TIEBREAKS if t not in offered)]
        self._showing = True
        try:
            self.tiebreak_list.clear()
            for tiebreak in dict.fromkeys(order):
                item = QListWidgetItem(f"{tiebreak.code}: {tiebreak.label}")
                item.setToolTip(tiebreak_tip(tiebreak))
                item.setData(Qt.ItemDataRole.UserRole, tiebreak)
                item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
                item.setCheckState(Qt.CheckState.Checked if tiebreak in in_use else Qt.CheckState.Unchecked)
                self.tiebreak_list.addItem(item)
                if tiebreak == was_current:
                    self.tiebreak_list.setCurrentItem(item)
        finally:
            self._showing = False
