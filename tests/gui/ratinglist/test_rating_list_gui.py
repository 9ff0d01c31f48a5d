"""The Rating List menu: import a download, search it, add players from it, update ratings from it."""

from __future__ import annotations

import dataclasses
import datetime as dt
import zipfile
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QStandardPaths, Qt
from PySide6.QtWidgets import QLabel, QProgressDialog, QPushButton
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from benchmarks.make_fide_list import write_txt
from fidedesk.core.editing import pair, set_result
from fidedesk.core.results import ResultCode
from fidedesk.core.tournament import BirthDate, EventInfo, Player, PlayerRecord, RatingKind, Tournament
from fidedesk.gui.common.dialogs import UnattendedDialogs
from fidedesk.gui.mainwindow import MainWindow
from fidedesk.gui.ratinglist.dialogs import ImportListDialog, UpdatesDialog
from fidedesk.gui.ratinglist.search import RatingListDialog
from fidedesk.io.ratinglist import store as ratinglist
from fidedesk.io.ratinglist.fide_list import ListKind, ListSource, Month, inspect
from fidedesk.io.ratinglist.store import DATABASE_NAME, Update


@pytest.fixture(scope="module")
def download(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("download") / "players_list.zip"
    write_txt(path, 2000, seed=11, month="2026-11")
    return path


def answer_import(dialogs: UnattendedDialogs, path: Path, month: Month, kind: ListKind | None = None) -> None:
    """The user picks ``path`` and confirms the month (and the kind the dialog found, unless ``kind``)."""
    dialogs.answer("open_file", path)

    def confirm(source: ListSource) -> tuple[Month, ListKind]:
        chosen = kind or source.kind
        assert chosen is not None
        return month, chosen

    dialogs.answer("confirm_list", confirm)


def search(qtbot: QtBot, dialog: RatingListDialog, text: str) -> list[str]:
    dialog.search.clear()
    qtbot.keyClicks(dialog.search, text)
    qtbot.waitUntil(lambda: not dialog._timer.isActive())
    return [dialog.model.row(row).name for row in range(dialog.model.rowCount())]


def test_import_then_search_by_name_id_and_federation(
    qtbot: QtBot, window: MainWindow, download: Path, dialogs: UnattendedDialogs
) -> None:
    dialog = window.rating_list.show_search()
    assert dialog.list_combo.count() == 0 and "No rating list yet" in dialog.message.text()
    assert not dialog.search.isEnabled()
    answer_import(dialogs, download, Month(2026, 11))
    qtbot.mouseClick(dialog.import_button, Qt.MouseButton.LeftButton)
    assert dialog.list_combo.count() == 1
    assert dialog.list_combo.currentText().startswith("NOV26 combined list (2,000 players)")
    # issue 14: the import ends with a word
    assert window.statusBar().currentMessage() == "Imported the FIDE NOV26 combined list (2,000 players)."
    assert "Dupré, Sébastien" in search(qtbot, dialog, "Sebastien")
    assert search(qtbot, dialog, "carlsen m") == ["Carlsen, Magnus"]
    assert search(qtbot, dialog, "9990003") == ["Østergaard, Åse"]
    assert "1 player found" in dialog.message.text()
    everyone = search(qtbot, dialog, "b")
    dialog.federation.setCurrentIndex(dialog.federation.findData("FRA"))
    french = [dialog.model.row(row) for row in range(dialog.model.rowCount())]
    assert french and {player.federation for player in french} == {"FRA"} and len(french) < len(everyone)
    assert search(qtbot, dialog, "zzzzqx") == [] and "No player in the NOV26 list" in dialog.message.text()
    assert window.settings.last_folder == str(download.parent)


def test_added_players_get_every_field_from_the_list_and_the_panel_shows_fides_k(
    qtbot: QtBot, window: MainWindow, download: Path
) -> None:
    ratinglist.import_list(window.rating_list.database, inspect(download), month=Month(2026, 11))
    window.document.reset(Tournament(EventInfo(name="Club", start=dt.date(2026, 11, 20)), ()), None)
    dialog = window.rating_list.show_search()
    assert dialog.list_combo.currentText().endswith("in force on 2026-11-20")
    search(qtbot, dialog, "dupre")
    qtbot.keyClick(dialog.search, Qt.Key.Key_Return)  # Enter adds the first player found
    search(qtbot, dialog, "1503014")
    dialog.table.selectAll()
    qtbot.mouseClick(dialog.add_button, Qt.MouseButton.LeftButton)
    assert "Added Carlsen, Magnus (No 2)" in dialog.message.text()
    dupre, carlsen = window.document.tournament.players
    assert dupre == Player(
        1, "Dupré, Sébastien", 2310, "m", "FM", "FRA", 9990001, BirthDate(1985),
        record=PlayerRecord(k=20, ever_2400=False),
    )  # fmt: skip
    assert (carlsen.rating, carlsen.title, carlsen.record) == (2823, "GM", PlayerRecord(k=10, ever_2400=True))
    qtbot.mouseClick(dialog.add_button, Qt.MouseButton.LeftButton)  # again: nothing doubles
    assert "1 already in the tournament" in dialog.message.text()
    assert len(window.document.tournament.players) == 2

    # the rating panel takes K from the list: 20 for Dupré (FIDE's figure), not a guess from his record
    played = set_result(pair(window.document.tournament, 1, 1, 2), 1, 1, ResultCode.DRAW)
    window.document.apply("Round 1", played)
    tab = window.tab_content(0)
    tab.views.select_player(1)  # type: ignore[attr-defined]
    summary = tab.views.panel.summary  # type: ignore[attr-defined]
    assert summary.value("k") == "20" and "rating list" in summary.figure("k").why

    window.undo_stack.undo()  # the round
    window.undo_stack.undo()  # Carlsen, added as one step
    assert [p.name for p in window.document.tournament.players] == ["Dupré, Sébastien"]


def test_arrow_keys_in_the_search_box_choose_among_the_results(
    qtbot: QtBot, window: MainWindow, download: Path
) -> None:
    ratinglist.import_list(window.rating_list.database, inspect(download), month=Month(2026, 11))
    dialog = window.rating_list.show_search()
    names = search(qtbot, dialog, "m")
    assert len(names) > 3 and dialog.selected() == []  # issue 29: several found, none chosen until an arrow key
    qtbot.keyClick(dialog.search, Qt.Key.Key_Down)
    qtbot.keyClick(dialog.search, Qt.Key.Key_Down)
    qtbot.keyClick(dialog.search, Qt.Key.Key_Down)
    qtbot.keyClick(dialog.search, Qt.Key.Key_Up)
    assert [player.name for player in dialog.selected()] == [names[1]] and dialog.search.hasFocus()
    qtbot.keyClick(dialog.search, Qt.Key.Key_Return)
    assert [player.name for player in window.document.tournament.players] == [names[1]]


def test_the_search_and_update_models_pass_the_model_tester(
    qtmodeltester: ModelTester, qtbot: QtBot, window: MainWindow, download: Path
) -> None:
    """The results and the sorted view over them, through searches, a sort and a change of kind; the
    changes Update Ratings proposes."""
    ratinglist.import_list(window.rating_list.database, inspect(download), month=Month(2026, 11))
    dialog = window.rating_list.show_search()
    qtmodeltester.check(dialog.model)
    assert "Dupré, Sébastien" in search(qtbot, dialog, "Sebastien")
    qtmodeltester.check(dialog.model)
    qtmodeltester.check(dialog.proxy)  # from here on, every change is checked on the view's model
    dialog.table.sortByColumn(6, Qt.SortOrder.DescendingOrder)
    dialog.model.set_kind(RatingKind.RAPID)
    assert search(qtbot, dialog, "zzzzqx") == []
    assert len(search(qtbot, dialog, "m")) > 3
    qtmodeltester.check(dialog.proxy)
    qtmodeltester.check(dialog.model)

    updates = [
        Update(1, "Carlsen, Magnus", "rating", 2800, 2823),
        Update(1, "Carlsen, Magnus", "birth", None, BirthDate(1990)),
        Update(2, "Dupré, Sébastien", "k", 20, 40),
    ]
    review = UpdatesDialog(updates, "From the NOV26 combined list: 3 changes for 2 players.", window)
    qtbot.addWidget(review)
    qtmodeltester.check(review.model)
    assert review.model.index(1, 4).data() == "1990" and review.model.rowCount() == 3


def test_a_rapid_event_takes_the_rapid_figures(qtbot: QtBot, window: MainWindow, download: Path) -> None:
    ratinglist.import_list(window.rating_list.database, inspect(download), month=Month(2026, 11))
    window.document.reset(Tournament(EventInfo(kind=RatingKind.RAPID), ()), None)
    dialog = window.rating_list.show_search()
    search(qtbot, dialog, "ostergaard")
    assert dialog.model.index(0, 6).data() == "1900" and dialog.model.index(0, 8).data() == "20"
    assert dialog.model.headerData(8, Qt.Orientation.Horizontal) == "K rapid"
    dialog.add_selected()
    (ase,) = window.document.tournament.players
    assert (ase.rating, ase.record) == (1900, PlayerRecord(k=20, standard_rating=1950))


def test_update_ratings_shows_the_changes_and_applies_them_as_one_step(
    window: MainWindow, download: Path, dialogs: UnattendedDialogs
) -> None:
    shown = window.rating_list  # no list yet: the menu says what to do
    event = EventInfo(start=dt.date(2026, 11, 25))
    players = (
        Player(1, "Carlsen, Magnus", 2800, "m", "GM", "NOR", 1503014),
        Player(2, "Dupré, Sébastien", 2310, "m", "FM", "FRA", 9990001, BirthDate(1985),
               record=PlayerRecord(k=20, ever_2400=False)),
        Player(3, "Guest, A.", 1600),
    )  # fmt: skip
    window.document.reset(Tournament(event, players), None)
    messages = dialogs.shown
    assert not shown.update_ratings()
    assert "No standard rating list in force on 2026-11-25" in messages[-1][1]

    ratinglist.import_list(shown.database, inspect(download), month=Month(2026, 11))
    seen: list[tuple[list[Update], str]] = []

    def review(updates: list[Update], summary: str) -> bool:
        seen.append((list(updates), summary))
        return True

    dialogs.answer("review_updates", review)
    assert shown.update_ratings()
    updates, summary = seen[0]
    assert [(u.start_rank, u.field, u.old, u.new) for u in updates] == [
        (1, "rating", 2800, 2823), (1, "birth", None, BirthDate(1990)), (1, "k", None, 10),
        (1, "ever_2400", None, True),
    ]  # fmt: skip
    assert summary.startswith("From the NOV26 combined list (2,000 players): 4 changes for 1 player.")
    assert "Without a FIDE ID, left as they are: 1 player." in summary
    assert window.document.tournament.player(1).rating == 2823
    window.undo_stack.undo()
    assert window.document.tournament.players == players
    window.undo_stack.redo()
    assert not shown.update_ratings()  # nothing left to change
    assert "nothing to change" in messages[-1][1]


def test_a_broken_download_is_refused_and_the_kept_lists_stay(
    window: MainWindow,
    download: Path,
    tmp_path: Path,
    dialogs: UnattendedDialogs,
    no_modal_dialogs: list[tuple[str, str]],
) -> None:
    actions = window.rating_list
    answer_import(dialogs, download, Month(2026, 10))
    assert actions.import_list() is not None
    broken = tmp_path / "players_list.zip"
    broken.write_bytes(download.read_bytes()[:5000])
    answer_import(dialogs, broken, Month(2026, 11))
    assert actions.import_list() is None
    assert no_modal_dialogs[-1][0] == "Cannot import the rating list"
    assert [str(stored.month) for stored in actions.lists()] == ["2026-10"]


def test_a_single_list_without_its_kind_in_the_name_is_imported_as_the_kind_chosen(
    window: MainWindow, tmp_path: Path, dialogs: UnattendedDialogs
) -> None:
    single = tmp_path / "rapid_rating_list.zip"
    write_txt(single, 300, seed=2, kind="rapid", month="2026-09")
    renamed = tmp_path / "list.zip"
    with zipfile.ZipFile(single) as source, zipfile.ZipFile(renamed, "w") as target:
        target.writestr("list_sep26.txt", source.read(source.namelist()[0]))
    assert inspect(renamed).kind is None
    answer_import(dialogs, renamed, Month(2026, 9), kind=ListKind.RAPID)
    stored = window.rating_list.import_list()
    assert stored is not None and (stored.kind, stored.month) == (ListKind.RAPID, Month(2026, 9))


def test_the_import_dialog_shows_what_was_found(qtbot: QtBot, download: Path) -> None:
    source = inspect(download)
    dialog = ImportListDialog(source)
    qtbot.addWidget(dialog)
    assert dialog.choice() == (Month(2026, 11), ListKind.COMBINED)
    assert not dialog.kind.isEnabled()
    assert "Month from the file date" in dialog.findChild(QLabel, "month_note").text()
    unknown = dataclasses.replace(source, kind=None, month=None, month_from="")
    other = ImportListDialog(unknown)
    qtbot.addWidget(other)
    assert other.kind.isEnabled() and other.choice()[1] is ListKind.STANDARD


def test_the_command_line_finds_the_windows_database(qapp: object) -> None:
    application = QCoreApplication.instance()
    assert application is not None
    names = application.organizationName(), application.applicationName()
    application.setOrganizationName("fidedesk")
    application.setApplicationName("fidedesk")
    QStandardPaths.setTestModeEnabled(False)
    try:
        folder = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    finally:
        QStandardPaths.setTestModeEnabled(True)
        application.setOrganizationName(names[0])
        application.setApplicationName(names[1])
    assert ratinglist.default_database() == Path(folder) / DATABASE_NAME


def test_cancel_during_an_import_keeps_the_lists_there(
    window: MainWindow,
    tmp_path: Path,
    download: Path,
    monkeypatch: pytest.MonkeyPatch,
    dialogs: UnattendedDialogs,
) -> None:
    from fidedesk.gui.common import background
    from fidedesk.gui.ratinglist import actions as rating_list

    actions = window.rating_list
    answer_import(dialogs, download, Month(2026, 10))
    assert actions.import_list() is not None
    big = tmp_path / "players_list.zip"
    write_txt(big, 60_000, seed=3)
    answer_import(dialogs, big, Month(2026, 11))

    def press_cancel(dialog: QProgressDialog) -> None:
        button = dialog.findChild(QPushButton)
        assert button is not None and button.text() == "Cancel"
        button.click()  # at once: the import stops at its first look, 20,000 players in

    def pressing_cancel(*args: object, **kwargs: object) -> object:
        kwargs["dialog_hook"] = press_cancel
        return background.run_with_progress(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(rating_list, "run_with_progress", pressing_cancel)
    assert actions.import_list() is None
    assert [(str(s.month), s.players) for s in actions.lists()] == [("2026-10", 2000)]


def test_the_search_table_fits_an_eleven_digit_fide_id(qtbot: QtBot, window: MainWindow) -> None:
    """Issue 14: FIDE ID is sized from the font for the widest legal ID, before any row is found."""
    dialog = window.rating_list.show_search()
    metrics, header = dialog.table.fontMetrics(), dialog.table.horizontalHeader()
    assert header.sectionSize(0) >= metrics.horizontalAdvance("88888888888") + 6
    assert header.sectionSize(9) >= metrics.horizontalAdvance("8888") + 6
    dialog.close()
