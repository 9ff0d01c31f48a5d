"""Where the boards shown differ from FIDE's pairing of the round: worked out in a process of its own
(:class:`~fidedesk.gui.common.background.ProcessJob`), as the arbiter types on, by
:func:`fidedesk.engine.pairing.check_round`, and shown in the Rounds table's FIDE column (a mark and a tool
tip "FIDE's pairing: 12 – 7").

A check pairs the round afresh, which in a big Swiss takes seconds: it runs only when what FIDE's pairing
or the comparison depends on changed (the rounds before, who is present, the round's boards; not a
result entered on one of them), and only for a round still being played or the last one paired: an old
round, all its results in, is history.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable

from PySide6.QtCore import QObject, QTimer, Signal
from shiboken6 import Shiboken

from fidedesk.core.editing import entry_for
from fidedesk.core.pairing.round import Pairing, is_paired
from fidedesk.core.results import ResultCode
from fidedesk.core.tournament import Tournament
from fidedesk.engine.pairing import BoardCheck, check_round
from fidedesk.gui.common.background import Outcome, ProcessJob
from fidedesk.gui.files.document import TournamentDocument
from fidedesk.gui.tournament.rounds import OTHER_COLOURS, OTHER_PLAYERS, RoundModel

#: Milliseconds of quiet before a check starts: a board unpaired and paired again is one check, not two.
QUIET = 300

#: Whether a check runs in a process of its own (a thread of the window's shares Python's lock with the GUI
#: thread: each key typed waited seconds at 2,000 players); False runs it in a thread, for the tests that replace
#: ``check_round`` (a child process would not see the replacement).
IN_CHILD = True

#: The checks kept (an undo and a redo, a round shown again, check nothing again): a round robin's schedule.
KNOWN = 40

Marks = dict[tuple[int, int], tuple[str, str]]


def worth_checking(tournament: Tournament, round_: int) -> bool:
    """A round with games that is the last one paired or has a game without a result."""
    games = [e for p in tournament.players if (e := entry_for(p, round_)) is not None and e.opponent is not None]
    if not games:
        return False
    later = any(is_paired(tournament, number) for number in range(round_ + 1, tournament.last_round + 1))
    return not later or any(e.result is ResultCode.PENDING for e in games)


def check_key(tournament: Tournament, round_: int) -> Hashable:
    """What the check of ``round_`` depends on: the event's pairing setup, every entry of the rounds before,
    and who plays whom (or has which bye) in the round, without its results."""
    info = tournament.info
    players = []
    for player in tournament.players:
        entry = entry_for(player, round_)
        now = None if entry is None else (entry.opponent, entry.color, entry.result if entry.opponent is None else None)
        players.append((player.start_rank, player.entries_before(round_), now))
    setup = (info.system, info.rounds, info.initial_colour, info.forbidden, info.acceleration)
    return round_, setup, tuple(players)


def board_marks(fide: Pairing, checks: list[BoardCheck]) -> Marks:
    """The mark and the tool tip of each board that is not FIDE's: what FIDE's pairing has for its White."""
    marks: Marks = {}
    for check in checks:
        if check.agrees:
            continue
        board, white = check.board, check.board.white
        if check.same_players:
            marks[(board.white, board.black)] = (OTHER_COLOURS, f"FIDE's pairing: {board.black} – {board.white}")
            continue
        fide_board = next((b for b in fide.boards if white in (b.white, b.black)), None)
        if fide_board is not None:
            tip = f"FIDE's pairing: {fide_board.white} – {fide_board.black}"
        else:
            tip = f"FIDE's pairing: {white} gets the pairing-allocated bye"
        marks[(board.white, board.black)] = (OTHER_PLAYERS, tip)
    return marks


class FideCheck(QObject):
    """Keeps the FIDE marks of ``model``'s round up to date; ``checked`` says how many boards differ (-1: the
    round is not checked), or why FIDE's pairing could not be worked out (``failed``)."""

    checked = Signal(int)
    failed = Signal(str)

    def __init__(self, document: TournamentDocument, model: RoundModel, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self._model = model
        self._key: Hashable = None
        self._job: ProcessJob[tuple[Pairing, list[BoardCheck]]] | None = None
        self._known: dict[Hashable, Marks] = {}  # the last few checks: an undo and a redo check nothing again
        # a window closed while its check runs: the job outlives it (it ends on the GUI thread) but must not call
        # back into the deleted model (a later test failed on that); the slot holds the job, not this object
        self._running: list[ProcessJob[tuple[Pairing, list[BoardCheck]]] | None] = [None]
        running = self._running
        self.destroyed.connect(lambda: running[0].cancel() if running[0] is not None else None)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(QUIET)
        self._timer.timeout.connect(self.start)
        document.changed.connect(self._timer.start)
        model.modelReset.connect(self._timer.start)  # another round shown

    @property
    def busy(self) -> bool:
        """A check runs or is about to start."""
        return self._timer.isActive() or (self._job is not None and self._job.running)

    def agreeing(self, rounds: Iterable[int]) -> None:
        """``rounds`` were just paired by FIDE's rules (Pair round): they agree as they stand, and pairing
        them again in the background (seconds in a big Swiss) would only say so."""
        tournament = self._document.tournament
        for round_ in rounds:
            self._remember(check_key(tournament, round_), {})

    def _remember(self, key: Hashable, marks: Marks) -> None:
        if len(self._known) > KNOWN:
            self._known.pop(next(iter(self._known)))
        self._known[key] = marks

    def start(self) -> None:
        """Check the round shown now, unless it was checked as it stands (or is being checked)."""
        tournament, round_ = self._document.tournament, self._model.round
        if not worth_checking(tournament, round_):
            self._stop(None)
            self._model.set_marks({})
            self.checked.emit(-1)
            return
        key = check_key(tournament, round_)
        if key == self._key and self._job is not None:
            return  # being checked
        self._stop(key)
        if key in self._known:  # shown before (the round shown again, an undo): its marks were cleared since
            self._show(self._known[key])
            return

        self._job = self._running[0] = ProcessJob(
            check_round, (tournament, round_), lambda outcome: self._finished(key, outcome), in_thread=not IN_CHILD
        )

    def _stop(self, key: Hashable) -> None:
        if self._job is not None:
            self._job.cancel()
            self._job = self._running[0] = None
        self._key = key

    def _finished(self, key: Hashable, outcome: Outcome[tuple[Pairing, list[BoardCheck]]]) -> None:
        if key != self._key or not (Shiboken.isValid(self) and Shiboken.isValid(self._model)):
            return
        self._job = self._running[0] = None
        if outcome.value is None:
            self._model.set_marks({})
            self.failed.emit(str(outcome.error) if outcome.error is not None else "")
            return
        marks = board_marks(*outcome.value)
        self._remember(key, marks)
        self._show(marks)

    def _show(self, marks: Marks) -> None:
        self._model.set_marks(marks)
        self.checked.emit(len(marks))
