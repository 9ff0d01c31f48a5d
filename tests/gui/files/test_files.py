"""The File menu through the window: save and reopen, bad files, unsaved changes, TRF, recent files, recovery.

The window's questions are answered by unattended dialogs (conftest's ``dialogs``, whose messages
``no_modal_dialogs`` lists; each test gives the answers it needs), so nothing here waits on a modal dialog.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QFileDialog
from pytestqt.qtbot import QtBot

from fidedesk.core.editing import PlayerField, add_player, pair, set_player_field, set_result
from fidedesk.core.results import ResultCode
from fidedesk.core.tiebreaks.standings import with_points_and_ranks
from fidedesk.core.tournament import EventInfo, Player, Tournament
from fidedesk.gui import qt_dialogs
from fidedesk.gui.common.dialogs import Choice, UnattendedDialogs
from fidedesk.gui.common.settings import Settings
from fidedesk.gui.files import actions as files
from fidedesk.gui.mainwindow import MainWindow
from fidedesk.io.native import fidedesk_file, recovery
from fidedesk.io.trf.document import read_trf
from fidedesk.io.trf.pairing import TrfVersion
from tests.conftest import DATA, GELENDZHIK

EMPTY = Tournament(EventInfo(), ())


def club_open() -> Tournament:
    t = Tournament(EventInfo(name="Club Open", city="Leeds", federation="ENG"), ())
    for name, rating in (("Anna", 2100), ("Boris", 1950), ("Clara", None)):
        t = add_player(t, Player(0, name, rating))
    return set_result(pair(t, 1, 1, 2), 1, 1, ResultCode.DRAW)


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    return tmp_path / "recovery"


@pytest.fixture
def window(qtbot: QtBot, settings: Settings, folder: Path, dialogs: UnattendedDialogs) -> MainWindow:
    win = MainWindow(settings, recovery_folder=folder, dialogs=dialogs)
    qtbot.addWidget(win)
    return win


def edit(window: MainWindow, rating: int = 2222) -> None:
    """An arbiter's edit: player 1's rating."""
    after = set_player_field(window.document.tournament, 1, PlayerField.RATING, rating)
    window.document.apply("Edit Rating of Anna", after)


def test_save_then_reopen_gives_the_same_tournament(
    window: MainWindow, tmp_path: Path, dialogs: UnattendedDialogs
) -> None:
    window.document.reset(club_open(), None)
    edit(window)
    dialogs.answer("save_file", tmp_path / "club")
    window.files.save_action.trigger()
    path = tmp_path / "club.fidedesk"
    assert window.document.path == path and not window.document.is_modified and not window.isWindowModified()
    assert fidedesk_file.load(path) == window.document.tournament
    saved = window.document.tournament
    window.files.new_action.trigger()
    assert window.document.tournament == EMPTY and window.windowTitle() == "Untitled[*] — fidedesk"
    dialogs.answer("open_file", path)
    window.files.open_action.trigger()
    assert window.document.tournament == saved and window.document.path == path
    assert window.windowTitle() == "Club Open[*] — fidedesk"
    assert window.files.recent_files() == [path]


@pytest.mark.parametrize(
    ("content", "says"),
    [
        ('{"format": "fidedesk", "schema": 1, "tournament": {"event": ', "truncated"),
        ("not json at all", "not valid JSON"),
        (None, "newer fidedesk (schema 3)"),
    ],
)
def test_a_bad_file_shows_why_and_changes_nothing(
    window: MainWindow,
    tmp_path: Path,
    dialogs: UnattendedDialogs,
    no_modal_dialogs: list[tuple[str, str]],
    content: str | None,
    says: str,
) -> None:
    bad = tmp_path / "bad.fidedesk"
    if content is None:  # a file from a newer fidedesk
        content = fidedesk_file.dumps(club_open()).replace('"schema": 2', '"schema": 3')
    bad.write_text(content, encoding="utf-8")
    window.document.reset(club_open(), None)
    edit(window)
    before, steps = window.document.tournament, window.undo_stack.count()
    asked = dialogs.answer("confirm_discard", Choice.DISCARD)
    assert not window.files.open(bad)
    assert [title for title, _ in no_modal_dialogs] == ["Cannot open the file"]
    assert says in no_modal_dialogs[0][1] and "bad.fidedesk" in no_modal_dialogs[0][1]
    assert window.document.tournament == before and window.undo_stack.count() == steps
    assert window.document.is_modified and window.document.path is None
    assert not asked  # the file is read before anything is given up
    assert window.files.recent_files() == []


def test_new_asks_about_unsaved_changes(window: MainWindow, dialogs: UnattendedDialogs, tmp_path: Path) -> None:
    window.document.reset(club_open(), None)
    edit(window)
    asked = dialogs.answer("confirm_discard", Choice.CANCEL)
    window.files.new_action.trigger()
    assert asked == [("Club Open",)]
    assert window.document.tournament.player(1).rating == 2222 and window.undo_stack.count() == 1
    dialogs.answer("confirm_discard", Choice.DISCARD)
    window.files.new_action.trigger()
    assert window.document.tournament == EMPTY and not window.document.is_modified
    edit_new = add_player(window.document.tournament, Player(0, "Dora"))
    window.document.apply("Add player", edit_new)
    dialogs.answer("confirm_discard", Choice.SAVE)
    dialogs.answer("save_file", tmp_path / "dora.fidedesk")
    assert window.files.new()
    assert fidedesk_file.load(tmp_path / "dora.fidedesk") == edit_new


def test_quit_with_unsaved_changes_can_be_cancelled(
    qtbot: QtBot, window: MainWindow, dialogs: UnattendedDialogs
) -> None:
    window.show()
    qtbot.waitExposed(window)
    window.document.reset(club_open(), None)
    edit(window)
    dialogs.answer("confirm_discard", Choice.CANCEL)
    assert not window.close() and window.isVisible()
    dialogs.answer("confirm_discard", Choice.DISCARD)
    assert window.close()


def test_an_untitled_empty_document_is_not_asked_about(window: MainWindow, dialogs: UnattendedDialogs) -> None:
    asked = dialogs.answer("confirm_discard", Choice.CANCEL)
    window.document.apply("Add", add_player(EMPTY, Player(0, "A")))
    window.undo_action.trigger()  # back to empty, but the stack is not clean
    assert window.files.new() and not asked


def test_import_trf_then_export_and_reimport(window: MainWindow, tmp_path: Path, dialogs: UnattendedDialogs) -> None:
    dialogs.answer("open_file", GELENDZHIK)
    window.files.import_action.trigger()
    tournament = window.document.tournament
    assert len(tournament.players) == 14
    assert max(e.round for p in tournament.players for e in p.rounds) == 7
    assert window.windowTitle() == "XII SDS - Classic[*] — fidedesk" and window.document.path is None
    window.context.set_edition_name("auto")  # the rules in force when the event started
    assert window.context.event_date.isoformat() == "2016-06-28" and window.context.edition().name == "fide-2014"
    out = tmp_path / "out.trf"
    dialogs.answer("save_file", out)
    window.files.export_action.trigger()
    # the file's points column held zeros: the TRF written carries the results' points and the standings' ranks
    assert read_trf(out).tournament == with_points_and_ranks(tournament)
    assert window.statusBar().currentMessage() == "Exported to out.trf."  # issue 14: it ends with a word


def test_export_trf_writes_results_still_to_come(
    window: MainWindow, tmp_path: Path, dialogs: UnattendedDialogs, no_modal_dialogs: list[tuple[str, str]]
) -> None:
    """A round paired and not played yet goes to TRF with '?' for its results (TRF-2026, as FIDE TEC's reader
    takes it), so a pairing can be handed on before the round is played."""
    t = pair(club_open(), 2, 1, 3)  # round 2 paired, no result yet
    window.document.reset(t, None)
    dialogs.answer("save_file", tmp_path / "out.trf")
    assert window.files.export_trf()
    assert not no_modal_dialogs
    back = read_trf(tmp_path / "out.trf").tournament
    assert back.player(1).rounds[-1].result is ResultCode.PENDING and back.player(1).rounds[-1].opponent == 3


@pytest.mark.parametrize("name", ["gros_open_2010_donostia.trf", "karl_mala_gedenkturnier_2005_frankfurt.trf"])
def test_a_trf_imported_and_exported_in_the_window_is_the_file_convert_writes(
    window: MainWindow, tmp_path: Path, dialogs: UnattendedDialogs, no_modal_dialogs: list[tuple[str, str]], name: str
) -> None:
    """Import TRF then Export TRF in the window keeps every record the file had that fidedesk does not model
    (082, 112, 132 ...) where the command line's ``convert`` keeps them: both front ends write the same bytes."""
    from fidedesk.cli import main

    source = DATA / "trf" / name
    by_cli = tmp_path / "convert.trf"
    assert main(["convert", str(source), str(by_cli)]) == 0
    assert window.files.import_trf(source)
    in_window = tmp_path / "window.trf"
    dialogs.answer("save_file_of_kind", lambda _title, _name, _kinds, chosen: (in_window, chosen))
    assert window.files.export_trf()
    assert not no_modal_dialogs
    kept = [line for line in source.read_text(encoding="latin-1").splitlines() if line[:3] in ("082", "112", "132")]
    assert kept and all(line.rstrip() in in_window.read_text(encoding="latin-1") for line in kept)
    assert in_window.read_bytes() == by_cli.read_bytes()
    # edited in the window (a player renamed, one added): the edits are written, the records still kept
    renamed = set_player_field(window.document.tournament, 1, PlayerField.NAME, "Renamed, Player")
    window.document.apply("Rename", renamed)
    window.document.apply("Add", add_player(renamed, Player(0, "Late, Entry", rating=1500)))
    assert window.files.export_trf()
    assert not no_modal_dialogs
    back = read_trf(in_window).tournament
    assert back.player(1).name == "Renamed, Player" and back.players[-1].name == "Late, Entry"
    assert all(line.rstrip() in in_window.read_text(encoding="latin-1") for line in kept)


def test_export_trf_offers_trf26_first_and_writes_the_version_chosen(
    window: MainWindow, tmp_path: Path, dialogs: UnattendedDialogs, no_modal_dialogs: list[tuple[str, str]]
) -> None:
    """Export TRF asks for the file with the version as the file dialog's filter: TRF-2026 offered first for a
    new event, TRF16 when chosen; a TRF imported is offered in its own version (issue 26)."""
    window.document.reset(club_open(), None)
    out = tmp_path / "out.trf"
    asked = dialogs.answer("save_file_of_kind", lambda _title, _name, kinds, chosen: (out, chosen))
    assert window.files.export_trf()
    (title, _suggested, kinds, chosen), *_ = asked
    assert title == "Export TRF" and kinds == files.TRF_EXPORT_KINDS and chosen == 0
    assert kinds[chosen] == "FIDE tournament report, TRF-2026 (*.trf *.txt)"
    assert read_trf(out).version is TrfVersion.TRF26
    dialogs.answer("save_file_of_kind", lambda *_asked: (out, 1))
    assert window.files.export_trf()
    assert read_trf(out).version is TrfVersion.TRF16 and "TRF16" in files.TRF_EXPORT_KINDS[1]
    assert window.files.import_trf(out)  # a TRF16 file imported: TRF16 offered first
    asked = dialogs.answer("save_file_of_kind", lambda _title, _name, _kinds, chosen: (out, chosen))
    assert window.files.export_trf()
    assert asked[0][3] == 1 and read_trf(out).version is TrfVersion.TRF16
    window.files.new()  # a new event again: TRF-2026
    window.document.reset(club_open(), None)
    assert window.files.export_trf() and asked[-1][3] == 0 and read_trf(out).version is TrfVersion.TRF26
    assert not no_modal_dialogs


def test_the_file_dialog_offers_the_kind_chosen_and_answers_the_one_taken(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    """QtDialogs.save_file_of_kind: Qt's file dialog opens on the kind offered first, and the filter the user
    takes (with the keyboard, as any field of the dialog) is the kind answered."""
    seen: list[str] = []

    def take_trf16() -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, QFileDialog)
        seen.append(dialog.selectedNameFilter())
        dialog.selectNameFilter(files.TRF_EXPORT_KINDS[1])
        dialog.selectFile(str(tmp_path / "out.trf"))
        dialog.accept()

    QTimer.singleShot(0, take_trf16)
    chosen = qt_dialogs.QtDialogs(window).save_file_of_kind("Export TRF", str(tmp_path), files.TRF_EXPORT_KINDS, 0)
    assert seen == [files.TRF_EXPORT_KINDS[0]]
    assert chosen == (tmp_path / "out.trf", 1)


def test_recent_files_keep_eight_and_drop_missing_ones(
    window: MainWindow, tmp_path: Path, no_modal_dialogs: list[tuple[str, str]]
) -> None:
    paths = []
    for number in range(10):
        path = tmp_path / f"t{number}.fidedesk"
        fidedesk_file.save(club_open(), path)
        assert window.files.open(path)
        paths.append(path)
    assert window.files.recent_files() == paths[::-1][: files.MAX_RECENT]
    menu = window.files.recent_menu
    menu.aboutToShow.emit()
    assert len(menu.actions()) == files.MAX_RECENT and menu.actions()[0].text() == "&1 t9.fidedesk"
    paths[5].unlink()
    menu.actions()[4].trigger()  # t5, gone
    assert no_modal_dialogs and no_modal_dialogs[0][0] == "File not found"
    assert paths[5] not in window.files.recent_files() and len(window.files.recent_files()) == 7
    menu.aboutToShow.emit()
    menu.actions()[0].trigger()
    assert window.document.path == paths[9]


def test_autosave_is_debounced_and_a_save_discards_it(
    qtbot: QtBot, window: MainWindow, folder: Path, tmp_path: Path, dialogs: UnattendedDialogs
) -> None:
    window.document.reset(club_open(), None)
    timer = window.files.autosave_timer
    assert files.AUTOSAVE_DELAY == timer.interval() == 2000 and timer.isSingleShot()
    edit(window, 2201)
    assert timer.isActive() and not folder.exists()  # an edit starts the delay and writes nothing
    edit(window, 2202)
    assert timer.isActive() and not folder.exists()
    timer.stop()
    timer.timeout.emit()  # the delay has passed, once: one recovery file, of the last edit
    assert len(recovery.find_recoveries(folder)) == 1
    assert recovery.find_recoveries(folder)[0].load().player(1).rating == 2202
    dialogs.answer("save_file", tmp_path / "club.fidedesk")
    assert window.files.save()
    assert recovery.find_recoveries(folder) == []


def test_crash_recovery_restores_unsaved_work(
    qtbot: QtBot, settings: Settings, window: MainWindow, folder: Path, dialogs: UnattendedDialogs
) -> None:
    window.document.reset(club_open(), None)
    edit(window, 2345)
    assert window.files.autosave() is not None
    lost = window.document.tournament
    # the app dies here; the next start builds a fresh window on the same folder
    dialogs.answer("choose_recovery", lambda found: found[0])
    after_crash = MainWindow(settings, recovery_folder=folder, dialogs=dialogs)
    qtbot.addWidget(after_crash)
    assert after_crash.offer_recovery()
    assert after_crash.document.tournament == lost
    assert after_crash.document.is_modified and after_crash.isWindowModified()
    assert after_crash.document.path is None and after_crash.windowTitle() == "Club Open[*] — fidedesk"


def test_recovery_of_a_saved_file_is_tied_to_it(
    qtbot: QtBot, settings: Settings, window: MainWindow, folder: Path, tmp_path: Path, dialogs: UnattendedDialogs
) -> None:
    path = tmp_path / "club.fidedesk"
    fidedesk_file.save(club_open(), path)
    assert window.files.open(path)
    edit(window, 2345)
    window.files.autosave()
    found: list[list[recovery.Recovery]] = []

    def choose(offered: list[recovery.Recovery]) -> recovery.Recovery:
        found.append(offered)
        return offered[0]

    dialogs.answer("choose_recovery", choose)
    after_crash = MainWindow(settings, recovery_folder=folder, dialogs=dialogs)
    qtbot.addWidget(after_crash)
    assert after_crash.offer_recovery()
    assert found[0][0].event_name == "Club Open" and found[0][0].players == 3 and found[0][0].rounds == 1
    assert "Club Open: 3 players, 1 round" in qt_dialogs.describe(found[0][0])
    assert after_crash.document.path == path and after_crash.document.is_modified
    assert after_crash.document.tournament.player(1).rating == 2345
    after_crash.undo_action.trigger()  # back to the file as it was saved
    assert after_crash.document.tournament == club_open()
    after_crash.redo_action.trigger()
    assert after_crash.files.save() and fidedesk_file.load(path).player(1).rating == 2345
    assert recovery.find_recoveries(folder) == []


def test_declined_recovery_is_discarded(
    qtbot: QtBot, settings: Settings, window: MainWindow, folder: Path, dialogs: UnattendedDialogs
) -> None:
    window.document.reset(club_open(), None)
    edit(window)
    window.files.autosave()
    asked = dialogs.answer("choose_recovery", None)
    after_crash = MainWindow(settings, recovery_folder=folder, dialogs=dialogs)
    qtbot.addWidget(after_crash)
    assert not after_crash.offer_recovery()
    assert len(asked) == 1 and after_crash.document.tournament == EMPTY
    assert recovery.find_recoveries(folder) == []
    assert not after_crash.offer_recovery() and len(asked) == 1  # nothing left to offer


def test_closing_clean_discards_the_recovery_file(window: MainWindow, folder: Path, dialogs: UnattendedDialogs) -> None:
    window.document.reset(club_open(), None)
    edit(window)
    written = window.files.autosave()
    assert written is not None and written.exists()
    dialogs.answer("confirm_discard", Choice.DISCARD)
    assert window.close()
    assert not written.exists()


def test_recovery_dialog_lists_what_was_kept(
    qtbot: QtBot, folder: Path, tmp_path: Path, dialogs: UnattendedDialogs
) -> None:
    recovery.write_recovery(club_open(), tmp_path / "club.fidedesk", folder)
    recovery.write_recovery(EMPTY, None, folder)
    (folder / "broken.fidedesk").write_text("{", encoding="utf-8")
    found = recovery.find_recoveries(folder)
    dialog = qt_dialogs.RecoveryDialog(found)
    qtbot.addWidget(dialog)
    lines = [dialog.list.item(row).text() for row in range(dialog.list.count())]
    assert len(lines) == 2  # the unreadable file is not offered
    assert any(
        line.startswith("Club Open: 3 players, 1 round, written ") and "(club.fidedesk)" in line for line in lines
    )
    assert any(line.startswith("Untitled event: 0 players") and "(never saved)" in line for line in lines)
    assert dialog.chosen() is found[0] or dialog.chosen() is found[1]
    dialog.list.setCurrentRow(lines.index(next(line for line in lines if line.startswith("Club"))))
    chosen = dialog.chosen()
    assert chosen is not None and chosen.event_name == "Club Open"


def test_title_names_the_file_when_the_event_has_no_name(window: MainWindow, tmp_path: Path) -> None:
    path = tmp_path / "friday blitz.fidedesk"
    fidedesk_file.save(add_player(EMPTY, Player(0, "Anna")), path)
    assert window.files.open(path)
    assert window.windowTitle() == "friday blitz.fidedesk[*] — fidedesk" and not window.isWindowModified()
    window.document.apply("Rename", set_player_field(window.document.tournament, 1, PlayerField.NAME, "Anna K"))
    assert window.isWindowModified()


@pytest.mark.parametrize("how", ["import_action", "open_action", "open_path"])
def test_an_imported_trf_is_unsaved_work_until_saved(
    window: MainWindow, tmp_path: Path, dialogs: UnattendedDialogs, how: str
) -> None:
    """Issue 14: an import is in no .fidedesk file yet, so the title shows * and New, Open, Quit ask."""
    dialogs.answer("open_file", GELENDZHIK)
    if how == "open_path":  # a file handed by the system (command line, double click)
        assert window.open_path(GELENDZHIK)
    else:
        getattr(window.files, how).trigger()
    assert len(window.document.tournament.players) == 14
    assert window.document.shows_modified and window.isWindowModified()
    asked = dialogs.answer("confirm_discard", Choice.CANCEL)
    window.files.new_action.trigger()
    assert asked == [("XII SDS - Classic",)] and len(window.document.tournament.players) == 14
    dialogs.answer("open_file", GELENDZHIK)
    window.files.open_action.trigger()  # Open asks too (after reading the file), and Cancel keeps the import
    assert len(asked) == 2 and window.document.path is None and window.isWindowModified()
    assert not window.close()
    assert len(asked) == 3
    dialogs.answer("save_file", tmp_path / "sds")
    window.files.save_action.trigger()
    assert not window.document.shows_modified and not window.isWindowModified()
    window.files.new_action.trigger()
    assert len(asked) == 3  # saved: nothing to ask about


def test_opening_a_fidedesk_file_is_clean(window: MainWindow, tmp_path: Path, dialogs: UnattendedDialogs) -> None:
    path = tmp_path / "club.fidedesk"
    fidedesk_file.save(club_open(), path)
    asked = dialogs.answer("confirm_discard", Choice.CANCEL)
    assert window.open_path(path)
    assert not window.document.shows_modified and not window.isWindowModified()
    assert window.files.new() and not asked


def test_an_event_without_a_date_is_rated_under_todays_edition(window: MainWindow, dialogs: UnattendedDialogs) -> None:
    """Under auto, a new (or opened) event without a start date does not keep the last event's date, whose
    edition would be applied unsaid: it takes today's, and the status bar says which edition that is."""
    import datetime as dt

    from fidedesk.core.rating.editions import edition_for_date

    window.context.set_edition_name("auto")
    dialogs.answer("open_file", GELENDZHIK)
    window.files.import_action.trigger()
    assert window.context.edition().name == "fide-2014"
    dialogs.answer("confirm_discard", Choice.DISCARD)
    assert window.files.new()
    today = edition_for_date(dt.date.today()).name
    assert window.context.event_date == dt.date.today() and window.context.edition().name == today
    assert window.statusBar().currentMessage() == f"The event has no start date: auto applies {today}, in force today"
    window.rules_bar.date_edit.setDate(window.rules_bar.date_edit.date().addYears(-10))  # the arbiter's choice
    assert window.context.edition().name != today
    window.files.new()  # nothing unsaved: a new event takes today's date again
    assert window.context.event_date == dt.date.today()


def test_recovery_dialog_is_wide_enough_for_the_event_name(qtbot: QtBot, folder: Path) -> None:
    """The line naming the event is shown whole (the dialog was narrower than a long event's name), and a
    name longer than the screen leaves the dialog within the screen."""
    name = "Internationales Schachfestival Bad Wiessee, A-Open"  # the line is 640 px of the screen's 800
    recovery.write_recovery(Tournament(EventInfo(name=name), ()), None, folder)
    dialog = qt_dialogs.RecoveryDialog(recovery.find_recoveries(folder))
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    line = dialog.list.item(0).text()
    assert line.startswith(name)
    assert dialog.list.viewport().width() >= dialog.list.fontMetrics().horizontalAdvance(line)
    recovery.write_recovery(Tournament(EventInfo(name="Open " * 400), ()), folder / "long.fidedesk", folder)
    huge = qt_dialogs.RecoveryDialog(recovery.find_recoveries(folder))
    qtbot.addWidget(huge)
    assert huge.list.count() == 2 and huge.width() <= huge.screen().availableGeometry().width()


def test_the_first_save_proposes_a_real_folder(window: MainWindow, dialogs: UnattendedDialogs, tmp_path: Path) -> None:
    """Issue 14: with no folder used yet, Save proposed a bare name, which the dialog put in whatever folder
    fidedesk was started from (the installation's, or the repository's); now the documents folder, and the
    last folder used once there is one, while it exists."""
    window.document.reset(Tournament(EventInfo(name="Club Open"), ()), None)
    asked = dialogs.answer("save_file", None)
    window.settings.last_folder = ""
    window.files.save_action.trigger()
    folder = Path(str(asked[-1][1])).parent
    assert folder.is_absolute() and folder.is_dir()
    window.settings.last_folder = str(tmp_path)
    window.files.save_action.trigger()
    assert Path(str(asked[-1][1])) == tmp_path / "Club Open.fidedesk"
    window.settings.last_folder = str(tmp_path / "gone")
    window.files.save_action.trigger()
    assert Path(str(asked[-1][1])).parent != tmp_path / "gone"


def test_the_no_date_message_ends_when_the_event_gets_a_date(window: MainWindow, dialogs: UnattendedDialogs) -> None:
    """Issue 29: a status message ends when its reason does: the event given a start date, "no start date" goes."""
    import dataclasses
    import datetime as dt

    window.context.set_edition_name("auto")
    assert window.files.new()
    assert "no start date" in window.statusBar().currentMessage()
    tournament = window.document.tournament
    dated = dataclasses.replace(tournament, info=dataclasses.replace(tournament.info, start=dt.date(2026, 3, 1)))
    window.document.apply("Set the start date", dated)
    assert "no start date" not in window.statusBar().currentMessage()
