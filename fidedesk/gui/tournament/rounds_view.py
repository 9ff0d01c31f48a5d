"""The Rounds view: a round's boards, pairing by start ranks, and result entry made for speed.

It shows the current round (:attr:`Tournament.current_round`: the first round with a result to enter, else the
first one not paired) when a tournament comes in (opened, imported, restored) and when it is first built; a
board paired by hand in a later round while an earlier one is unpaired is asked about first.
In an empty White or Black field the undo keys undo the last edit, not the field's text
(:func:`~fidedesk.gui.common.shortcuts.undo_when_empty`).

With a board selected, one key enters its result and moves on to the next board; Delete unpairs it;
Ctrl+V pastes a round copied from a spreadsheet. Every edit is one step of the document's undo stack.
Byes, absences and withdrawals for the next round are entered here before it is paired (Edit › Pair Next
Round, :mod:`fidedesk.gui.pairing.actions`); boards that are not FIDE's pairing are marked in the
FIDE column (:mod:`fidedesk.gui.tournament.fide_check`).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from PySide6.QtCore import QModelIndex, QRegularExpression, Qt, Signal
from PySide6.QtGui import QAction, QGuiApplication, QKeyEvent, QKeySequence, QRegularExpressionValidator
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from fidedesk.core.editing import EditError, give_bye, pair, paste_round, rounds_count, set_board_result, unpair
from fidedesk.core.pairing.round import planned_rounds, rounds_skipped
from fidedesk.core.pairing.setup_edits import withdraw
from fidedesk.core.results import ResultCode
from fidedesk.core.tournament import Tournament
from fidedesk.core.values import board_text, counted
from fidedesk.gui.common.dialogs import Dialogs
from fidedesk.gui.common.look import named, say
from fidedesk.gui.common.plain import plain_label
from fidedesk.gui.common.shortcuts import undo_when_empty, view_action
from fidedesk.gui.common.widths import text_width
from fidedesk.gui.files.document import TournamentDocument
from fidedesk.gui.qt_dialogs import QtDialogs
from fidedesk.gui.tournament.fide_check import FideCheck
from fidedesk.gui.tournament.rounds import OTHER_COLOURS, OTHER_PLAYERS, RESULT_KEYS, RoundModel, result_texts

_HINT = (
    "Ctrl+R pairs the next round (byes first: White, then Bye). "
    "Keys on a board: 1 white wins, = or 5 draw, 0 black wins, + / − forfeit; Delete unpairs; "
    "Enter on an empty White goes to the boards, Alt+W back to White, Alt+U to the round; "
    "Alt+1, 2, 3 show Rounds, Crosstable, Standings. "
    "Ctrl+V pastes lines “white ⇥ black ⇥ result” (1-0, ½-½, 0-1, +--, --+, 0-0, blank)."
)
#: The byes the Bye button gives, as the combo box names them; WITHDRAW withdraws the player from the round on.
WITHDRAW = "withdraw"
_BYES = {
    ResultCode.PAIRING_BYE: "Pairing bye (1)",
    ResultCode.HALF_BYE: "Half-point bye",
    ResultCode.FULL_BYE: "Full-point bye",
    ResultCode.ZERO_BYE: "Zero-point bye",  # an absence; the tool tip says so (a longer name was cut at 1024)
    WITHDRAW: "Withdraw",
}


def _buddy(text: str, field: QWidget) -> QLabel:
    """A label whose Alt+letter puts the focus in ``field``."""
    label = plain_label(text)
    label.setBuddy(field)
    return label


#: The boards the Rounds table shows at the least (on a 1024 x 640 screen, or with a divider dragged to its end).
LEAST_BOARDS = 4


class BoardTable(QTableView):
    """The boards table. Its keys are actions of the table (:func:`view_action`, made by the rounds view);
    a result key typed with Shift (``+`` on most layouts), which a shortcut of ``+`` may not match, is
    found by its character (``by_character``) and triggers the same action."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.by_character: dict[str, QAction] = {}

    def keyPressEvent(self, event: QKeyEvent) -> None:  # Qt override
        action = self.by_character.get(event.text())
        if action is not None and not event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            action.trigger()
        else:
            super().keyPressEvent(event)


class RoundsWidget(QWidget):
    """Round selector, Pair and Bye entry, the boards table, a hint and the last message.

    ``player_chosen`` carries white's start rank when a board becomes the current one; ``dialogs`` asks its
    questions (the window gives its own).
    """

    player_chosen = Signal(int)

    def __init__(self, document: TournamentDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.dialogs: Dialogs = QtDialogs(self)
        self.model = RoundModel(document, self)

        self.round_box = named(QSpinBox(), "round_box")
        self.round_box.setToolTip("The round shown (Alt+U; Up goes to the next round)")
        self.white_edit = self._rank_edit("white_edit", "White")
        self.black_edit = self._rank_edit("black_edit", "Black")
        self.pair_button = named(QPushButton("Pair"), "pair_button")
        self.bye_box = named(QComboBox(), "bye_box")
        for code, label in _BYES.items():
            self.bye_box.addItem(label, code)
        self.bye_box.setToolTip(
            "Before a round is paired: a requested half-point bye, an absence (zero-point bye), or a withdrawal "
            "(zero-point byes in this round and every round after it); the pairing leaves these players out"
        )
        self.bye_button = named(QPushButton("Bye"), "bye_button")
        self.bye_button.setToolTip("Give the player in the White field this bye, in the round shown")

        self.table = named(BoardTable(), "boards_table")
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().hide()
        self.table.verticalHeader().setDefaultSectionSize(24)
        # however the dividers are dragged, a few boards stay in sight: the arbiter enters the results there
        self.table.setMinimumHeight(
            self.table.horizontalHeader().sizeHint().height() + LEAST_BOARDS * 24 + 2 * self.table.frameWidth()
        )
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        # Board and Result sized once for their widest text: fitting them to the contents after every
        # result measured every board and laid the window out again, which cost more than the edit itself
        metrics = self.table.fontMetrics()
        fide = ("FIDE", OTHER_PLAYERS, OTHER_COLOURS)
        for column, samples in ((RoundModel.BOARD, ("Board", "999")), (RoundModel.RESULT, result_texts()),
                                (RoundModel.FIDE, fide)):  # fmt: skip
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Fixed)
            header.resizeSection(column, text_width(samples, metrics))
        hint = named(plain_label(), "rounds_hint")
        hint.setWordWrap(True)
        say(hint, _HINT)
        self.message = named(plain_label(), "rounds_message")
        self.message.setWordWrap(True)

        entry = QHBoxLayout()
        entry.setSpacing(4)
        # Alt+U, Alt+W and Alt+K reach the round and the rank fields from anywhere in the window, so that
        # after the results of a round the keyboard gets back to pairing (the boards keep Tab for themselves)
        entry.addWidget(_buddy("Ro&und", self.round_box))
        entry.addWidget(self.round_box)
        entry.addStretch(1)
        for widget in (_buddy("&White", self.white_edit), self.white_edit, _buddy("Blac&k", self.black_edit),
                       self.black_edit, self.pair_button):  # fmt: skip
            entry.addWidget(widget)
        entry.addStretch(1)
        entry.addWidget(self.bye_box)
        entry.addWidget(self.bye_button)
        # beside the players in the Tournament tab the view is about 580 pixels wide: keep this row narrow
        for button in (self.pair_button, self.bye_button):
            button.setMaximumWidth(56)
        self.bye_box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.bye_box.setMinimumContentsLength(12)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 6, 4, 6)  # Qt's 9 pixels a side: the row above was too wide for 1024
        layout.addLayout(entry)
        layout.addWidget(self.table, 1)
        layout.addWidget(hint)
        layout.addWidget(self.message)

        self.round_box.valueChanged.connect(self.model.set_round)
        # what was said of one round (a refusal, FIDE's pairing of it) is not said of the next one shown
        self.round_box.valueChanged.connect(lambda _round: say(self.message, ""))
        self.white_edit.returnPressed.connect(self._on_white_entered)
        self.black_edit.returnPressed.connect(self.pair_entered)
        self.pair_button.clicked.connect(self.pair_entered)
        self.bye_button.clicked.connect(self.bye_entered)
        # the boards' keys, listed in Help › Keyboard Shortcuts: 1 0 = 5 ½ + - enter white's result
        keys_of: dict[ResultCode, list[str]] = {}
        for key, code in RESULT_KEYS.items():
            keys_of.setdefault(code, []).append(key)
        for code, keys in keys_of.items():
            action = view_action(self.table, f"Result {board_text(code)}", keys, partial(self.enter_result, code))
            self.table.by_character.update(dict.fromkeys(keys, action))
        view_action(self.table, "Unpair board", ["Delete", "Backspace"], self.unpair_selected)
        view_action(self.table, "Paste a round", [QKeySequence.StandardKey.Paste], self.paste)
        undo_when_empty(self.white_edit, self.black_edit)
        document.changed.connect(self._update_rounds)
        document.arrived.connect(self.show_current_round)
        self.table.selectionModel().currentRowChanged.connect(self._on_current_row)
        self.show_current_round()
        self.fide_check = FideCheck(document, self.model, self)
        self.fide_check.checked.connect(self._on_checked)
        self.fide_check.failed.connect(lambda why: say(self.message, f"FIDE's pairing of this round: {why}", "muted"))

    def _on_checked(self, differing: int) -> None:
        """Say how many boards are not FIDE's pairing (the marks are in the FIDE column)."""
        if differing > 0:
            # one line at 1024 wide, so the boards keep their rows; on a marked board this line names FIDE's board
            say(self.message, f"{counted(differing, 'board')} not as FIDE's pairing: see the FIDE column", "error")

    def show_round(self, round_: int, text: str = "") -> None:
        """Show ``round_`` (just paired), the keyboard on its first board without a result."""
        self._update_rounds()
        self.round_box.setValue(round_)
        self.table.setFocus()
        row = self._first_pending()
        if self.model.rowCount():
            self.table.setCurrentIndex(self.model.index(row if row is not None else 0, RoundModel.RESULT))
        if text:
            say(self.message, text)

    def show_current_round(self) -> None:
        """Show the round the arbiter works in (:attr:`Tournament.current_round`), where an opened file, an
        import or restored work goes on; the keyboard stays where it is."""
        self._update_rounds()
        self.round_box.setValue(self.document.tournament.current_round)
        say(self.message, "")  # the last event's last word is not this one's

    def _rank_edit(self, name: str, placeholder: str) -> QLineEdit:
        edit = named(QLineEdit(), name)
        edit.setPlaceholderText("No")
        edit.setToolTip(f"{placeholder}: start rank; Enter pairs")
        edit.setValidator(QRegularExpressionValidator(QRegularExpression(r"\d{0,5}"), edit))
        edit.setFixedWidth(48)
        return edit

    def _update_rounds(self) -> None:
        """Rounds 1 to one past the last round with an entry can be chosen (a bye entered ahead is shown in its
        round), but none past the event's rounds when they are known."""
        tournament = self.document.tournament
        reached = rounds_count(tournament)
        planned = planned_rounds(tournament)
        last = max(reached, 1, min(reached + 1, planned if planned is not None else reached + 1))
        if last != self.round_box.maximum():  # a new range lays the window out again: only when it changes
            self.round_box.setRange(1, last)

    def _apply(self, text: str, edit: Callable[[], Tournament]) -> bool:
        """Hand a worked-out edit to the document, or say why it was refused."""
        try:
            after = edit()
        except EditError as error:  # an unknown start rank included
            say(self.message, str(error), "error")
            return False
        self.document.apply(text, after)
        say(self.message, text)
        return True

    def _on_white_entered(self) -> None:
        """Enter goes on to Black; on an empty White it goes to the boards, to enter results by keys."""
        if self.white_edit.text():
            self.black_edit.setFocus()
            return
        self.table.setFocus()
        row = self._first_pending()
        self.table.setCurrentIndex(self.model.index(row if row is not None else 0, RoundModel.RESULT))

    def pair_entered(self) -> None:
        """Pair the start ranks typed in White and Black in the shown round."""
        if not (self.white_edit.text() and self.black_edit.text()):
            say(self.message, "Type both start ranks: White and Black", "error")
            return
        white, black, round_ = int(self.white_edit.text()), int(self.black_edit.text()), self.model.round
        skipped = rounds_skipped(self.document.tournament, round_)
        # the first round skipped is the one to pair first (a Swiss pairs on the scores of every round before)
        if skipped and not self.dialogs.confirm(
            f"Pair in round {round_}",
            f"Round {skipped[0]} is not paired yet. Pair {white} – {black} in round {round_} anyway?",
        ):
            say(self.message, f"Nothing paired: round {skipped[0]} is not paired yet (Alt+U: the round)", "error")
            return
        if self._apply(f"Pair {white} – {black} in round {round_}",
                       lambda: pair(self.document.tournament, round_, white, black)):  # fmt: skip
            self.white_edit.clear()
            self.black_edit.clear()
            self.white_edit.setFocus()

    def bye_entered(self) -> None:
        """Give the player typed in White the chosen bye in the shown round."""
        if not self.white_edit.text():
            say(self.message, "Type the start rank of the player who gets the bye in White", "error")
            return
        rank, round_, code = int(self.white_edit.text()), self.model.round, self.bye_box.currentData()
        if code == WITHDRAW:
            done = self._apply(f"Withdraw {rank} from round {round_}",
                               lambda: withdraw(self.document.tournament, rank, round_))  # fmt: skip
        else:
            done = self._apply(f"Bye ({board_text(code)}) for {rank} in round {round_}",
                               lambda: give_bye(self.document.tournament, round_, rank, code))  # fmt: skip
        if done:
            self.white_edit.clear()
            self.white_edit.setFocus()  # on to the next board, as after a pairing
            if code == WITHDRAW:  # never the choice waiting for the next player: a withdrawal is rare and final
                self.bye_box.setCurrentIndex(self.bye_box.findData(ResultCode.HALF_BYE))

    def _selected_row(self) -> int | None:
        """The current board, or else the first board still without a result (keys work straight away)."""
        index = self.table.currentIndex()
        return index.row() if index.isValid() else self._first_pending()

    def _first_pending(self, after: int = -1) -> int | None:
        """The first board still without a result below row ``after`` (from the top by default)."""
        rows = range(after + 1, self.model.rowCount())
        return next((row for row in rows if self.model.board(row).result is ResultCode.PENDING), None)

    def _on_current_row(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if current.isValid():
            board = self.model.board(current.row())
            self.player_chosen.emit(board.white)
            # what the FIDE column's tool tip says, for the keyboard too (no tool tip without a mouse)
            mark = self.model.marks.get((board.white, board.black)) if board.black is not None else None
            if mark is not None:
                say(self.message, f"Board {board.number}: {mark[1]}", "error")

    def enter_result(self, code: ResultCode) -> None:
        """Enter white's ``code`` on the selected board, then select the next board without a result below it
        (boards already done are skipped; at the last one, the keys stay on it)."""
        row = self._selected_row()
        if row is None:
            return
        board, round_ = self.model.board(row), self.model.round
        text = f"Result board {board.number}: {board_text(code) if board.black is not None else 'bye'}"
        if self._apply(text, lambda: set_board_result(self.document.tournament, round_, board, code)):
            pending = self._first_pending(after=row)
            next_row = pending if pending is not None else min(row + 1, self.model.rowCount() - 1)
            self.table.setCurrentIndex(self.model.index(next_row, RoundModel.RESULT))

    def unpair_selected(self) -> None:
        """Remove the selected board from the round; the cursor stays on its row, now the next board (it was
        left on no board, and Down then went to the first: Delete, Down, Delete unpaired the wrong board)."""
        row = self._selected_row()
        if row is not None:
            board, round_ = self.model.board(row), self.model.round
            done = self._apply(f"Unpair board {board.number}",
                               lambda: unpair(self.document.tournament, round_, board.white))  # fmt: skip
            if done and self.model.rowCount():
                self.table.setCurrentIndex(self.model.index(min(row, self.model.rowCount() - 1), RoundModel.RESULT))

    def paste(self) -> None:
        """Apply the round on the clipboard: the good lines as one undo step, the bad ones reported."""
        round_ = self.model.round
        after, applied, errors = paste_round(self.document.tournament, round_, QGuiApplication.clipboard().text())
        report = [f"Pasted {counted(applied, 'line')} into round {round_}."]
        if applied:
            self.document.apply(f"Paste {counted(applied, 'board')} into round {round_}", after)
        if errors:
            report.append(f"Not applied: {'; '.join(errors)}.")
        say(self.message, " ".join(report), "error" if errors else "muted")
