"""TournamentDocument: edits are undoable replacements; reset and save mark it clean."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QUndoStack
from pytestqt.qtbot import QtBot

from fidedesk.core.editing import add_player, pair, set_result
from fidedesk.core.results import ResultCode
from fidedesk.core.tournament import EventInfo, Player, Tournament
from fidedesk.gui.files.document import TournamentDocument


def test_apply_undo_redo_and_clean_state(qtbot: QtBot, undo_stack: QUndoStack) -> None:
    document = TournamentDocument(undo_stack)
    start = add_player(add_player(Tournament(EventInfo(name="Open"), ()), Player(0, "A", 2000)), Player(0, "B", 1900))
    document.reset(start, None)
    assert not document.is_modified
    with qtbot.waitSignal(document.changed):
        document.apply("Pair round 1", pair(document.tournament, 1, 1, 2))
    document.apply("Enter 1-0", set_result(document.tournament, 1, 1, ResultCode.WIN))
    assert document.is_modified and undo_stack.undoText() == "Enter 1-0"
    undo_stack.undo()
    assert document.tournament.player(1).rounds[0].result is ResultCode.PENDING
    undo_stack.redo()
    assert document.tournament.player(2).rounds[0].result is ResultCode.LOSS
    document.saved_as(Path("/tmp/open.fidedesk"))
    assert not document.is_modified and document.path == Path("/tmp/open.fidedesk")
    document.apply("nothing", document.tournament)  # an edit that changes nothing is not a step
    assert undo_stack.count() == 2
