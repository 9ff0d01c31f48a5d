"""Issue 25, items 1 and 3, in the window: every figure follows the rounds played, and the window works in the
current round. The event: a 5-round Swiss after round 3, player 8 withdrawn before round 3 and player 3 given a
half-point bye for round 5 (:mod:`tests.gui.irregular`)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QUndoStack
from pytestqt.qtbot import QtBot

from fidedesk.core.editing import boards, entry_for, give_bye, pair, set_result, unpair
from fidedesk.core.notation import score_text, tiebreak_places, tiebreak_text
from fidedesk.core.results import ResultCode
from fidedesk.core.tiebreaks.standings import standings
from fidedesk.core.tournament import Tournament
from fidedesk.gui.common.dialogs import UnattendedDialogs
from fidedesk.gui.common.settings import Settings
from fidedesk.gui.files.document import TournamentDocument
from fidedesk.gui.mainwindow import MainWindow
from fidedesk.gui.printing.choice import DocumentChoice, DocumentOffer
from fidedesk.gui.tournament import TournamentTab
from fidedesk.gui.tournament.crosstable import CrosstableModel
from fidedesk.gui.tournament.players import PlayersModel
from fidedesk.gui.tournament.rounds_view import RoundsWidget
from fidedesk.gui.tournament.standings_view import StandingsModel, StandingsWidget
from fidedesk.publish.documents.model import DocumentKind
from tests.gui.conftest import ModelChecks
from tests.gui.irregular import AHEAD, AHEAD_ROUND, WITHDRAWN, entrants, irregular_swiss

CTRL, SHIFT = Qt.KeyboardModifier.ControlModifier, Qt.KeyboardModifier.ShiftModifier


def column(model: CrosstableModel | StandingsModel | PlayersModel, header: str) -> list[str]:
    section = next(c for c in range(model.columnCount()) if model.headerData(c, Qt.Orientation.Horizontal) == header)
    return [model.index(row, section).data() for row in range(model.rowCount())]


def rounds_of(window: MainWindow) -> RoundsWidget:
    tab = window.tab_content(0)
    assert isinstance(tab, TournamentTab)
    return tab.views.rounds


@pytest.fixture
def document(undo_stack: QUndoStack) -> TournamentDocument:
    """The irregular event after round 3, open."""
    return TournamentDocument(undo_stack, irregular_swiss())


def test_the_standings_are_those_after_round_3(
    qtbot: QtBot, qtmodeltester: ModelChecks, document: TournamentDocument
) -> None:
    tournament = document.tournament
    model = StandingsModel(document)
    qtmodeltester.check(model)
    widget = StandingsWidget(document)
    qtbot.addWidget(widget)
    rows = standings(tournament, model.tiebreaks, model.rules)
    assert column(model, "No") == [str(row.player.start_rank) for row in rows]
    assert column(model, "Pts") == [score_text(row.points) for row in rows]
    assert column(model, "Pts")[rows.index(next(r for r in rows if r.player.start_rank == AHEAD))] == "1½"
    for i, tiebreak in enumerate(model.tiebreaks):
        values = [row.tiebreaks[i] for row in rows]
        assert column(model, tiebreak.code) == [tiebreak_text(v, tiebreak_places(values)) for v in values]
    assert widget.rules_line.text().startswith("After round 3 of 5. ")  # the round the figures are after, said


def test_the_crosstable_counts_no_round_to_come_but_shows_it(
    qtbot: QtBot, qtmodeltester: ModelChecks, document: TournamentDocument
) -> None:
    tournament = document.tournament
    standing = StandingsModel(document)
    model = CrosstableModel(document, standing, standing)
    qtmodeltester.check(model)
    players = sorted(tournament.players, key=lambda p: p.start_rank)
    assert column(model, "Pts") == [score_text(tournament.points(p)) for p in players]
    places = {row.player.start_rank: row.place for row in standings(tournament)}
    assert column(model, "Rank") == [places[p.start_rank] for p in players]
    # the bye for round 5 and the withdrawal's rounds are in their players' rows, uncounted
    assert column(model, f"R{AHEAD_ROUND}")[AHEAD - 1] != ""
    assert column(model, "R4")[WITHDRAWN - 1] != ""
    assert column(model, "Pts")[AHEAD - 1] == "1½" and column(model, "Pts")[WITHDRAWN - 1] == "0"
    ahead = model.index(AHEAD - 1, 3 + AHEAD_ROUND - 1)
    assert "counted once round 5 is played" in ahead.data(Qt.ItemDataRole.ToolTipRole)
    played = model.index(AHEAD - 1, 3)
    greyed = Qt.ItemDataRole.ForegroundRole
    assert ahead.data(greyed) is not None and played.data(greyed) is None


def test_the_players_points_are_those_after_round_3(
    qtbot: QtBot, qtmodeltester: ModelChecks, document: TournamentDocument
) -> None:
    tournament = document.tournament
    model = PlayersModel(document)
    qtmodeltester.check(model)
    assert column(model, "Points") == [f"{float(tournament.points(p)):g}" for p in tournament.players]
    # round 4's first result makes round 4 played: a player with no entry changed gains nothing, and a bye
    # entered ahead for round 4 counts from then on (the rows follow although the player did not change)
    with_bye = give_bye(tournament, 4, 5, ResultCode.FULL_BYE)
    document.apply("bye", with_bye)
    assert column(model, "Points")[4] == "1"
    document.apply("round 4", set_result(pair(with_bye, 4, 2, 4), 4, 2, ResultCode.WIN))
    assert column(model, "Points")[4] == "2"


def test_the_rounds_view_opens_on_the_current_round(qtbot: QtBot, window: MainWindow) -> None:
    rounds = rounds_of(window)
    window.document.reset(irregular_swiss(), None)
    assert rounds.model.round == 4 and rounds.round_box.value() == 4
    # the round-5 bye stays in round 5's list, where it belongs
    assert rounds.round_box.maximum() == 5  # round 5 holds a bye; there is no round 6 in a 5-round event
    rounds.round_box.setValue(AHEAD_ROUND)
    assert [(b.white, b.result) for b in boards(window.document.tournament, AHEAD_ROUND)][:1]
    assert any(rounds.model.board(row).white == AHEAD for row in range(rounds.model.rowCount()))
    # a result still to enter in round 2: that round is the current one
    rounds.round_box.setValue(1)
    postponed = irregular_swiss()
    entry = entry_for(postponed.player(2), 2)
    assert entry is not None and entry.opponent == 3
    postponed = pair(unpair(postponed, 2, 2), 2, 2, 3)
    window.document.reset(postponed, None)
    assert rounds.model.round == 2


def test_a_file_opened_shows_the_current_round(
    qtbot: QtBot, settings: Settings, tmp_path: Path, dialogs: UnattendedDialogs
) -> None:
    from fidedesk.io.native import fidedesk_file

    path = tmp_path / "irregular.fidedesk"
    fidedesk_file.save(irregular_swiss(), path)
    window = MainWindow(settings, recovery_folder=tmp_path / "recovery", dialogs=dialogs)
    qtbot.addWidget(window)
    assert window.files.open(path)
    assert rounds_of(window).model.round == 4  # built after the file was opened


def test_recovered_work_shows_its_current_round(
    qtbot: QtBot, settings: Settings, tmp_path: Path, dialogs: UnattendedDialogs
) -> None:
    folder = tmp_path / "recovery"
    first = MainWindow(settings, recovery_folder=folder, dialogs=dialogs)
    qtbot.addWidget(first)
    first.document.reset(entrants(), None)
    first.document.apply("three rounds", irregular_swiss())
    assert first.files.autosave() is not None
    dialogs.answer("choose_recovery", lambda found: found[0])
    after_crash = MainWindow(settings, recovery_folder=folder, dialogs=dialogs)
    qtbot.addWidget(after_crash)
    rounds = rounds_of(after_crash)
    assert after_crash.offer_recovery()
    assert rounds.model.round == 4


def test_pairing_by_hand_past_an_unpaired_round_asks(
    qtbot: QtBot, window: MainWindow, dialogs: UnattendedDialogs
) -> None:
    window.document.reset(irregular_swiss(), None)
    rounds = rounds_of(window)
    rounds.round_box.setValue(5)
    asked = dialogs.answer("confirm", False)
    rounds.white_edit.setText("1")
    rounds.black_edit.setText("4")
    rounds.pair_entered()
    assert len(asked) == 1 and "round 4" in str(asked[0][1]).lower()
    assert boards(window.document.tournament, 5) == [b for b in boards(irregular_swiss(), 5)]  # nothing paired
    assert rounds.white_edit.text() == "1"  # kept, to pair in the right round
    dialogs.answer("confirm", True)
    rounds.pair_entered()
    assert any(b.white == 1 and b.black == 4 for b in boards(window.document.tournament, 5))
    # round 5 has a board now: its next boards are not asked about again
    asked = dialogs.answer("confirm", False)
    rounds.white_edit.setText("2")
    rounds.black_edit.setText("6")
    rounds.pair_entered()
    assert asked == [] and any(b.white == 2 for b in boards(window.document.tournament, 5))
    # the current round, round 4, asks nothing
    rounds.round_box.setValue(4)
    rounds.white_edit.setText("5")
    rounds.black_edit.setText("7")
    rounds.pair_entered()
    assert asked == [] and any(b.white == 5 for b in boards(window.document.tournament, 4))


def test_undo_keys_in_an_empty_white_field_reach_the_document(qtbot: QtBot, window: MainWindow) -> None:
    window.document.reset(irregular_swiss(), None)
    rounds = rounds_of(window)
    window.activateWindow()
    rounds.white_edit.setFocus()
    for key in ("1", "Return", "4", "Return"):
        qtbot.keyClick(window.focusWidget(), getattr(Qt.Key, f"Key_{key}"))
    paired = window.document.tournament
    assert any(b.white == 1 and b.black == 4 for b in boards(paired, 4)) and rounds.white_edit.hasFocus()
    qtbot.keyClick(rounds.white_edit, Qt.Key.Key_Z, CTRL)  # the field is empty: the board is undone
    assert window.document.tournament == irregular_swiss()
    qtbot.keyClick(rounds.white_edit, Qt.Key.Key_Z, CTRL | SHIFT)
    assert window.document.tournament == paired
    qtbot.keyClick(rounds.white_edit, Qt.Key.Key_Z, CTRL)
    qtbot.keyClick(rounds.white_edit, Qt.Key.Key_Y, CTRL)
    assert window.document.tournament == paired
    # with text in it, Ctrl+Z is the field's own
    qtbot.keyClicks(rounds.white_edit, "7")
    qtbot.keyClick(rounds.white_edit, Qt.Key.Key_Z, CTRL)
    assert rounds.white_edit.text() == "" and window.document.tournament == paired
    qtbot.keyClick(rounds.black_edit, Qt.Key.Key_Z, CTRL)  # Black, empty too
    assert window.document.tournament == irregular_swiss()


def _offered(dialogs: UnattendedDialogs) -> list[DocumentOffer]:
    offers: list[DocumentOffer] = []

    def keep(_title: str, offer: DocumentOffer) -> DocumentChoice | None:
        offers.append(offer)
        return None

    dialogs.answer("choose_document", keep)
    return offers


def test_print_and_web_pages_propose_the_rounds_of_round_3(window: MainWindow, dialogs: UnattendedDialogs) -> None:
    window.document.reset(irregular_swiss(), None)
    offers = _offered(dialogs)
    assert not window.printing.preview()
    assert not window.printing.export_web()
    chooser, web = offers
    assert chooser.rounds[DocumentKind.PAIRINGS] == (1, 2, 3)  # round 5's bye pairs no round
    assert chooser.proposed[DocumentKind.PAIRINGS] == chooser.proposed[DocumentKind.STANDINGS] == 3
    assert chooser.proposed[DocumentKind.CROSSTABLE] == 3
    assert web.rounds[DocumentKind.PAIRINGS] == (1, 2, 3) and web.proposed[DocumentKind.PAIRINGS] == 3


def test_web_pages_propose_the_current_round_not_the_last_paired(
    window: MainWindow, dialogs: UnattendedDialogs
) -> None:
    # round 4 paired while a game of round 3 waits for its result: the pages of round 3 are the ones to publish
    tournament: Tournament = irregular_swiss()
    tournament = pair(unpair(tournament, 3, 3), 3, 3, 5)
    tournament = pair(tournament, 4, 2, 4)
    assert tournament.current_round == 3
    window.document.reset(tournament, None)
    offers = _offered(dialogs)
    assert not window.printing.export_web()
    (web,) = offers
    assert web.proposed[DocumentKind.PAIRINGS] == 3


def test_the_excel_wizard_counts_the_rounds_played(qtbot: QtBot) -> None:
    from fidedesk.gui.excel.import_wizard import ExcelImportDialog
    from fidedesk.io.excel.importing.model import ImportResult
    from tests.xlsx_builders import grid

    dialog = ExcelImportDialog([grid("Players", [["No", "Name"], [1, "Anna"]])], "club.xlsx")
    qtbot.addWidget(dialog)
    dialog._summarise(ImportResult(irregular_swiss(), (), 8, 0))
    summary = dialog.summary.text()
    assert "3 rounds (11 games played)" in summary and "Points in all after round 3: 12." in summary
