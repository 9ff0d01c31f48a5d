"""Edit › Pair Next Round, Pair All Rounds (a round robin's schedule) and the pairing numbers before round 1.

Pair Next Round pairs the first round without pairings (:func:`~fidedesk.core.pairing.round.round_to_pair`) by the
event's system through :func:`fidedesk.engine.pairing.pair_round`, off the GUI thread with a progress dialog
counting score brackets (its bar moving within one) and a Cancel button (:mod:`fidedesk.gui.common.background`),
and puts the round into the tournament as one undo step: the boards, the pairing-allocated bye, and in round 1 the
colour drawn by lot (when the organiser chose none) and the Baku records for who is present then. Why a round
cannot be paired is said through :class:`~fidedesk.gui.common.dialogs.Dialogs`, as plain text.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QProgressDialog, QWidget

from fidedesk.core.editing import EditError
from fidedesk.core.pairing.round import (
    NoLegalPairing,
    PairingError,
    apply_pairing,
    berger_pairing,
    check_round_can_be_paired,
    planned_rounds,
    round_to_pair,
)
from fidedesk.core.pairing.setup_edits import numbered_by_lot, numbered_by_rating, ready_for_round
from fidedesk.core.tournament import Tournament
from fidedesk.core.values import counted
from fidedesk.engine.pairing import EngineOutOfMemory, PairingCancelled, pair_round, progress_text
from fidedesk.gui.common.background import ChildError, run_in_child_with_progress
from fidedesk.gui.common.dialogs import Dialogs
from fidedesk.gui.common.menus import Menu, MenuContribution
from fidedesk.gui.files.document import TournamentDocument

#: Pair Next Round's key: Ctrl+P is Print's everywhere, so R for round; with Shift, the whole schedule.
PAIR_KEY = QKeySequence("Ctrl+R")
PAIR_ALL_KEY = QKeySequence("Ctrl+Shift+R")
TITLE = "Pair round"
#: Pair Next Round runs the engine of a big field in another process: Cancel ends it at once, and the gigabyte a
#: big open's round takes goes back to the system after (a thread would keep it, and hear Cancel only between
#: steps). Tests that replace ``pair_round`` set this False: a child would not see the replacement.
IN_CHILD = True
#: The field from which the engine runs in another process: starting one takes about 0.2 s, more than a club
#: event's whole pairing, and the window would flash its progress dialog for it.
CHILD_FROM = 300
#: What the engine raises where the rules (or the machine) leave no pairing: said as "cannot be paired".
_REFUSALS = (PairingError, NoLegalPairing, EngineOutOfMemory)


def _refusal(error: BaseException | None) -> bool:
    """Whether ``error`` (raised here, or named by the child that pairs) says why the round cannot be paired."""
    if isinstance(error, ChildError):
        return error.kind in {kind.__name__ for kind in _REFUSALS}
    return isinstance(error, _REFUSALS)


#: Shows a round (its number, what to say, the rounds just paired by FIDE's rules) in the Rounds view, the
#: keyboard on its boards.
ShowRound = Callable[[int, str, Sequence[int]], None]


class PairingActions(QObject):
    """The pairing commands of the window's Edit menu, working on ``document``; ``show_round`` brings the
    Rounds view up on the round paired. ``progress_hook`` lets a test reach the progress dialog (Cancel)."""

    def __init__(self, parent: QWidget, document: TournamentDocument, dialogs: Dialogs, show_round: ShowRound) -> None:
        super().__init__(parent)
        self._parent = parent
        self._document = document
        self._dialogs = dialogs
        self._show_round = show_round
        self.progress_hook: Callable[[QProgressDialog], None] | None = None
        self.pair_action = self._action("&Pair Next Round", self.pair_next, PAIR_KEY)
        self.pair_action.setToolTip("Pair the first round without pairings by the event's system (FIDE's engine)")
        self.pair_all_action = self._action("Pair &All Rounds (Round Robin)", self.pair_all, PAIR_ALL_KEY)
        self.by_rating_action = self._action("Number Players by Ra&ting", self.number_by_rating)
        self.by_lot_action = self._action("Number Players by &Lot", self.number_by_lot)
        self.actions = (self.pair_action, self.pair_all_action, self.by_rating_action, self.by_lot_action)

    def menu_actions(self) -> MenuContribution:
        """Edit: the pairing, then the numbering (no letter is left on the menu bar for a menu of their own)."""
        return MenuContribution(Menu.EDIT, (self.actions[:2], self.actions[2:]))

    def _action(self, text: str, slot: Callable[[], object], key: QKeySequence | None = None) -> QAction:
        action = QAction(text, self._parent)
        if key is not None:
            action.setShortcut(key)
        action.triggered.connect(lambda _checked=False: slot())
        return action

    def _tournament(self) -> Tournament | None:
        """The tournament with what is being typed committed first; None (and why, said) when it cannot be."""
        problem = self._document.commit_pending()
        if problem is not None:
            self._dialogs.error(TITLE, problem)
            return None
        return self._document.tournament

    def pair_next(self) -> bool:
        """Pair the next round as one undo step; True when it was paired."""
        tournament = self._tournament()
        if tournament is None:
            return False
        try:
            round_ = round_to_pair(tournament)
            check_round_can_be_paired(tournament, round_)  # said at once, before any dialog
        except PairingError as error:
            self._dialogs.error(TITLE, f"The next round cannot be paired: {error}.")
            return False
        before, colour = ready_for_round(tournament, round_)
        drawn = "" if colour is None else f" The top player's colour in round 1, drawn by lot: {colour.value}."

        outcome = run_in_child_with_progress(
            self._parent, TITLE, f"Pairing round {round_}…", pair_round, (before, round_), describe=progress_text,
            dialog_hook=self.progress_hook, in_thread=not IN_CHILD or len(before.players) < CHILD_FROM,
        )  # fmt: skip
        if outcome.cancelled or isinstance(outcome.error, PairingCancelled):
            self._show_round(round_, f"Pairing of round {round_} cancelled: nothing changed.", ())
            return False
        if _refusal(outcome.error):  # NoLegalPairing included: the arbiter decides (C.04.3 1.9.3)
            self._dialogs.error(TITLE, f"Round {round_} cannot be paired: {outcome.error}.")
            return False
        if outcome.error is not None or outcome.value is None:
            self._dialogs.error(TITLE, f"FIDE's pairing engine failed on round {round_}: {outcome.error}")
            return False
        pairing = outcome.value
        self._document.apply(f"Pair round {round_}", apply_pairing(before, pairing))
        byes = f", {counted(len(pairing.byes), 'bye')}" if pairing.byes else ""
        said = f"Round {round_} paired: {counted(len(pairing.boards), 'board')}{byes}.{drawn}"
        self._show_round(round_, said, (round_,))
        return True

    def pair_all(self) -> bool:
        """A round robin's every round not paired yet from the Berger tables, as one undo step."""
        tournament = self._tournament()
        if tournament is None:
            return False
        if not tournament.info.system.is_round_robin:
            self._dialogs.error(TITLE, "Only a round robin is paired all at once: a Swiss pairs round by round.")
            return False
        first, last = round_to_pair(tournament), planned_rounds(tournament) or 0
        after = tournament
        try:
            for number in range(first, last + 1):
                after = apply_pairing(after, berger_pairing(after, number))
        except PairingError as error:
            self._dialogs.error(TITLE, f"The rounds cannot be paired: {error}.")
            return False
        if first > last:
            self._dialogs.error(TITLE, f"Every round of the {counted(last, 'round')} is paired already.")
            return False
        self._document.apply(f"Pair rounds {first}–{last}", after)
        self._show_round(first, f"Rounds {first} to {last} paired from the Berger tables.", range(first, last + 1))
        return True

    def number_by_rating(self) -> bool:
        """Pairing numbers in the initial order (rating, title, name), before round 1."""
        return self._renumber("Number players by rating", numbered_by_rating)

    def number_by_lot(self) -> bool:
        """Pairing numbers drawn by lot (a round robin), before round 1."""
        return self._renumber("Number players by lot", numbered_by_lot)

    def _renumber(self, text: str, edit: Callable[[Tournament], Tournament]) -> bool:
        tournament = self._tournament()
        if tournament is None:
            return False
        try:
            after = edit(tournament)
        except EditError as error:
            self._dialogs.error(text, f"The players keep their numbers: {error}.")
            return False
        self._document.apply(text, after)
        return True
