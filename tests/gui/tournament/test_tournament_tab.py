"""The Tournament tab's event form and players table, driven through the window as an arbiter would."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PySide6.QtCore import QModelIndex, QPoint, Qt
from PySide6.QtWidgets import QAbstractItemView, QApplication, QComboBox, QLineEdit
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from fidedesk.core.editing import add_player, pair, set_result
from fidedesk.core.results import ResultCode
from fidedesk.core.tournament import EventInfo, Player, Tournament
from fidedesk.core.values import FEDERATIONS, InvalidValueError
from fidedesk.gui.common.dialogs import UnattendedDialogs
from fidedesk.gui.common.settings import Settings
from fidedesk.gui.mainwindow import MainWindow
from fidedesk.gui.tournament import TournamentTab
from fidedesk.gui.tournament.player_columns import COLUMNS, parse_cell
from fidedesk.gui.tournament.players import RANK_ROLE, PlayersModel

NAME, SEX, TITLE, FED, RATING, FIDE_ID, BORN = 1, 2, 3, 4, 5, 6, 7


def small_tournament() -> Tournament:
    """Three players; 1 and 2 played round 1 (1-0), 3 has no games."""
    t = Tournament(EventInfo(name="Club Open"), ())
    for name, rating in (("Anna", 2100), ("Boris", 1950), ("Clara", None)):
        t = add_player(t, Player(0, name, rating))
    return set_result(pair(t, 1, 1, 2), 1, 1, ResultCode.WIN)


@pytest.fixture
def window(qtbot: QtBot, settings: Settings, tmp_path: Path, dialogs: UnattendedDialogs) -> MainWindow:
    win = MainWindow(settings, recovery_folder=tmp_path / "recovery", dialogs=dialogs)
    qtbot.addWidget(win)
    win.resize(1280, 800)
    win.show()
    qtbot.waitExposed(win)
    win.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is win)
    win.document.reset(small_tournament(), None)
    return win


@pytest.fixture
def tab(window: MainWindow) -> TournamentTab:
    window.tabs.setCurrentIndex(0)
    content = window.tab_content(0)
    assert isinstance(content, TournamentTab)
    return content


def shown(tab: TournamentTab, column: int) -> list[str]:
    """A column of the players table as shown (in the table's sorted order)."""
    model = tab.players.table.model()
    return [model.index(row, column).data() for row in range(model.rowCount())]


def _typed(qtbot: QtBot, tab: TournamentTab, rank: int, column: int, text: str) -> QLineEdit:
    """Go to the player's cell, type ``text`` (replacing what is there) and press Return: the cell's editor."""
    table = tab.players.table
    index = tab.players.index_of(rank, column)
    assert index.isValid()
    table.setFocus()
    table.setCurrentIndex(index)
    qtbot.keyClick(table, Qt.Key.Key_F2)
    editor = table.indexWidget(index)
    assert isinstance(editor, QLineEdit), "no cell editor open"
    editor.selectAll()
    qtbot.keyClick(editor, Qt.Key.Key_Backspace)
    qtbot.keyClicks(editor, text)
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    return editor


def type_into(qtbot: QtBot, tab: TournamentTab, rank: int, column: int, text: str) -> None:
    """Type ``text`` into the player's cell, which takes it: the editor closes."""
    _typed(qtbot, tab, rank, column, text)
    qtbot.waitUntil(lambda: tab.players.table.state() is not QAbstractItemView.State.EditingState)


def type_refused(qtbot: QtBot, tab: TournamentTab, rank: int, column: int, text: str) -> QLineEdit:
    """Type ``text`` into the player's cell, which refuses it: its editor stays open on the text typed, every
    character kept."""
    editor = _typed(qtbot, tab, rank, column, text)
    table = tab.players.table
    assert table.state() is QAbstractItemView.State.EditingState and table.indexWidget(table.currentIndex()) is editor
    assert editor.text() == text
    return editor


def test_players_model_passes_the_model_tester(qtmodeltester: ModelTester, window: MainWindow) -> None:
    model = PlayersModel(window.document)
    qtmodeltester.check(model)
    window.document.apply("Add", add_player(window.document.tournament, Player(0, "Dora", 1800)))
    qtmodeltester.check(model)
    assert model.rowCount() == 4


def test_players_proxy_passes_the_model_tester(
    qtmodeltester: ModelTester, qtbot: QtBot, window: MainWindow, tab: TournamentTab
) -> None:
    """The sorted view over the players, as the table shows it: sorted by a header, then edited through."""
    proxy = tab.players.proxy
    assert tab.players.table.model() is proxy
    qtmodeltester.check(proxy)
    click_header(qtbot, tab, RATING)
    window.document.apply("Add", add_player(window.document.tournament, Player(0, "Dora", 1800)))
    type_into(qtbot, tab, 3, RATING, "2500")
    qtmodeltester.check(proxy)
    ratings = [int(text) for text in shown(tab, RATING)]  # the sort follows the edits
    assert sorted(ratings) == [1800, 1950, 2100, 2500] and ratings in (sorted(ratings), sorted(ratings)[::-1])


def test_typing_name_and_rating_then_undo_redo(qtbot: QtBot, window: MainWindow, tab: TournamentTab) -> None:
    type_into(qtbot, tab, 2, NAME, "Boris Spassky")
    type_into(qtbot, tab, 2, RATING, "2480")
    assert window.document.tournament.player(2).name == "Boris Spassky"
    assert window.document.tournament.player(2).rating == 2480
    assert shown(tab, NAME) == ["Anna", "Boris Spassky", "Clara"]
    assert window.undo_stack.undoText() == "Edit Rating of Boris Spassky"
    window.undo_action.trigger()
    assert shown(tab, RATING) == ["2100", "1950", ""]
    window.undo_action.trigger()
    assert shown(tab, NAME) == ["Anna", "Boris", "Clara"] and not window.document.is_modified
    window.redo_action.trigger()
    window.redo_action.trigger()
    assert shown(tab, NAME)[1] == "Boris Spassky" and shown(tab, RATING)[1] == "2480"


def test_refused_rating_shows_why_and_changes_nothing(qtbot: QtBot, window: MainWindow, tab: TournamentTab) -> None:
    before = window.document.tournament
    editor = type_refused(qtbot, tab, 3, RATING, "800")
    assert window.document.tournament == before and window.undo_stack.count() == 0
    message = tab.players.message.text()
    assert "Clara" in message and "1000–3000" in message
    qtbot.keyClick(editor, Qt.Key.Key_Escape)  # the arbiter gives up: the cell stays as it was
    qtbot.waitUntil(lambda: tab.players.table.state() is not QAbstractItemView.State.EditingState)
    type_into(qtbot, tab, 3, RATING, "1500")  # a good value clears the message
    assert window.document.tournament.player(3).rating == 1500 and tab.players.message.text() == ""


@pytest.mark.parametrize(
    ("column", "text", "refused"),
    [
        (FIDE_ID, "12a4", True),
        (FIDE_ID, "24108138", False),
        (RATING, "3600", True),
        (RATING, "", False),
        (TITLE, "XM", True),
        (TITLE, "wgm", False),
        (FED, "RU", True),
        (FED, "ZZZ", True),
        (FED, "rus", False),
        (FED, "fid", False),
        (SEX, "x", True),
        (SEX, "F", False),
        (BORN, "1994-02-30", True),
        (BORN, "94", True),
        (BORN, "1994-02-28", False),
        (NAME, "", True),
    ],
)
def test_field_validation(column: int, text: str, refused: bool) -> None:
    if refused:
        with pytest.raises(ValueError):
            parse_cell(column, text)
    else:
        parse_cell(column, text)
    assert parse_cell(TITLE, "wgm") == {"title": "WGM"} and parse_cell(FED, "rus") == {"federation": "RUS"}


@pytest.mark.parametrize(
    ("column", "text", "reason"),
    [
        (FIDE_ID, "34a17b", "“34a17b” is not a FIDE ID"),
        (FED, "ZZZ", "“ZZZ” is not one of FIDE's federations"),
        (FED, "G3R", "“G3R” is not a federation"),
        (RATING, "2,350", "“2,350” is not a rating"),
    ],
)
def test_a_value_the_cell_cannot_hold_is_refused_with_the_typed_text_kept(
    qtbot: QtBot, window: MainWindow, tab: TournamentTab, column: int, text: str, reason: str
) -> None:
    """Issue 25: no character is held back as it is typed (``34a17b`` was kept as 3417): the cell refuses the
    text with the reason, and its editor keeps the text to mend; a good value then goes in."""
    before = window.document.tournament
    editor = type_refused(qtbot, tab, 3, column, text)
    assert window.document.tournament == before and window.undo_stack.count() == 0
    assert tab.players.message.text() == f"Clara: {reason}" or tab.players.message.text().startswith(f"Clara: {reason}")
    editor.selectAll()
    good = {FIDE_ID: "3417", FED: "GER", RATING: "2350"}[column]
    qtbot.keyClicks(editor, good)
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: tab.players.table.state() is not QAbstractItemView.State.EditingState)
    assert shown(tab, column)[2] == good and tab.players.message.text() == ""


def test_title_combo_edits_the_title(qtbot: QtBot, window: MainWindow, tab: TournamentTab) -> None:
    table = tab.players.table
    index = tab.players.index_of(1, TITLE)
    table.setCurrentIndex(index)
    table.edit(index)
    editor = table.indexWidget(index)
    assert isinstance(editor, QComboBox)
    editor.setCurrentIndex(editor.findText("WIM"))
    table.commitData(editor)
    assert window.document.tournament.player(1).title == "WIM"
    assert window.undo_stack.undoText() == "Edit Title of Anna"


def test_add_player_with_insert_starts_typing_the_name(qtbot: QtBot, window: MainWindow, tab: TournamentTab) -> None:
    table = tab.players.table
    table.setFocus()
    table.setCurrentIndex(tab.players.index_of(1, NAME))
    qtbot.keyClick(table, Qt.Key.Key_Insert)
    assert [p.start_rank for p in window.document.tournament.players] == [1, 2, 3, 4]
    editor = table.indexWidget(table.currentIndex())
    assert isinstance(editor, QLineEdit)
    qtbot.keyClicks(editor, "Dora")
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: table.state() is not QAbstractItemView.State.EditingState)
    assert window.document.tournament.player(4).name == "Dora"
    window.undo_action.trigger()
    window.undo_action.trigger()
    assert len(window.document.tournament.players) == 3


def test_remove_refused_for_a_player_with_games(qtbot: QtBot, window: MainWindow, tab: TournamentTab) -> None:
    table = tab.players.table
    table.setFocus()
    table.selectRow(tab.players.index_of(2, NAME).row())
    qtbot.keyClick(table, Qt.Key.Key_Delete)
    assert len(window.document.tournament.players) == 3
    assert "Boris has games in round 1" in tab.players.message.text()
    table.selectRow(tab.players.index_of(3, NAME).row())
    qtbot.mouseClick(tab.players.remove_button, Qt.MouseButton.LeftButton)
    assert [p.name for p in window.document.tournament.players] == ["Anna", "Boris"]
    window.undo_action.trigger()
    assert shown(tab, NAME) == ["Anna", "Boris", "Clara"]


def click_header(qtbot: QtBot, tab: TournamentTab, column: int) -> None:
    header = tab.players.table.horizontalHeader()
    x = header.sectionViewportPosition(column) + header.sectionSize(column) // 2
    qtbot.mouseClick(header.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(x, header.height() // 2))


def test_sorting_by_header_keeps_start_ranks(qtbot: QtBot, window: MainWindow, tab: TournamentTab) -> None:
    click_header(qtbot, tab, RATING)
    order = tab.players.table.horizontalHeader().sortIndicatorOrder()
    first = ["Boris", "Anna", "Clara"] if order == Qt.SortOrder.AscendingOrder else ["Anna", "Boris", "Clara"]
    assert shown(tab, NAME) == first  # the unrated player last, whichever the order
    click_header(qtbot, tab, RATING)
    assert shown(tab, NAME) == [first[1], first[0], "Clara"]
    click_header(qtbot, tab, NAME)
    assert shown(tab, 0) in (["1", "2", "3"], ["3", "2", "1"])
    assert [p.start_rank for p in window.document.tournament.players] == [1, 2, 3]
    type_into(qtbot, tab, 3, RATING, "2500")  # an edit through the sorted view reaches the right player
    assert window.document.tournament.player(3).rating == 2500


def test_points_come_from_results(tab: TournamentTab) -> None:
    points = COLUMNS.index(next(c for c in COLUMNS if c.field == "points"))
    assert shown(tab, points) == ["1", "0", "0"]


def test_event_form_commits_on_editing_finished(qtbot: QtBot, window: MainWindow, tab: TournamentTab) -> None:
    form = tab.event_form
    form.city_edit.setFocus()
    qtbot.keyClicks(form.city_edit, "Gelendzhik")
    assert window.undo_stack.count() == 0  # not one step per keystroke
    qtbot.keyClick(form.city_edit, Qt.Key.Key_Return)
    assert window.document.tournament.info.city == "Gelendzhik" and window.undo_stack.count() == 1
    assert window.undo_stack.undoText() == "Edit event"
    form.system_box.setCurrentIndex(form.system_box.findData("round-robin"))
    form.system_box.activated.emit(form.system_box.currentIndex())
    assert window.document.tournament.info.system.value == "round-robin"
    window.undo_action.trigger()
    window.undo_action.trigger()
    assert form.city_edit.text() == "" and form.system_box.currentData() == "swiss"


def test_event_form_refuses_a_two_letter_federation(qtbot: QtBot, window: MainWindow, tab: TournamentTab) -> None:
    form = tab.event_form
    form.federation_edit.setFocus()
    qtbot.keyClicks(form.federation_edit, "RU")
    qtbot.keyClick(form.federation_edit, Qt.Key.Key_Return)
    assert window.document.tournament.info.federation == "" and "three letters" in form.message.text()


@pytest.mark.parametrize(("typed", "reason"), [("ZZZ", "is not one of FIDE's federations"), ("G3R", "three letters")])
def test_event_form_refuses_what_is_no_federation_keeping_the_text(
    qtbot: QtBot, window: MainWindow, tab: TournamentTab, typed: str, reason: str
) -> None:
    """Issue 25: ``G3R`` was typed as ``GR`` (the digit held back), ``ZZZ`` taken as a federation."""
    form = tab.event_form
    form.federation_edit.setFocus()
    qtbot.keyClicks(form.federation_edit, typed)
    qtbot.keyClick(form.federation_edit, Qt.Key.Key_Return)
    assert window.document.tournament.info.federation == "" and form.federation_edit.text() == typed
    assert f"“{typed}” {reason}" in form.message.text() or reason in form.message.text()


def test_event_form_refuses_an_end_before_the_start(qtbot: QtBot, window: MainWindow, tab: TournamentTab) -> None:
    form = tab.event_form
    for edit, text in ((form.start_edit, "2026-05-02"), (form.end_edit, "2026-05-01")):
        edit.setFocus()
        qtbot.keyClicks(edit, text)
        qtbot.keyClick(edit, Qt.Key.Key_Return)
    info = window.document.tournament.info
    assert (info.start, info.end) == (dt.date(2026, 5, 2), None) and window.undo_stack.count() == 1
    assert "cannot end before it starts" in form.message.text()
    assert form.end_edit.property("invalid") is True and form.start_edit.property("invalid") is False
    form.end_edit.setText("2026-05-03")
    form.end_edit.editingFinished.emit()
    assert window.document.tournament.info.end == dt.date(2026, 5, 3) and form.message.text() == ""
    assert form.end_edit.property("invalid") is False


def test_window_title_shows_unsaved_changes(qtbot: QtBot, window: MainWindow, tab: TournamentTab) -> None:
    assert window.windowTitle() == "Club Open[*] — fidedesk" and not window.isWindowModified()
    type_into(qtbot, tab, 1, RATING, "2150")
    assert window.isWindowModified()
    window.undo_action.trigger()
    assert not window.isWindowModified()


def test_selecting_a_player_reaches_the_views(window: MainWindow, tab: TournamentTab) -> None:
    chosen: list[int] = []
    tab.views.player_selected.connect(chosen.append)
    tab.players.table.setCurrentIndex(tab.players.index_of(3, NAME))
    assert chosen == [3] and tab.views.panel.start_rank == 3
    assert tab.players.table.currentIndex() != QModelIndex()


def test_fide_id_and_born_fit_their_widest_legal_values(window: MainWindow, tab: TournamentTab) -> None:
    """Issue 14: an eleven-digit FIDE ID (FIDE_ID_RANGE) and a full date are shown whole, not cut."""
    import dataclasses

    from fidedesk.core.tournament import BirthDate
    from fidedesk.core.values import FIDE_ID_RANGE

    table = tab.players.table
    metrics, header = table.fontMetrics(), table.horizontalHeader()
    before = (header.sectionSize(FIDE_ID), header.sectionSize(BORN))
    t = window.document.tournament
    widest = dataclasses.replace(t.players[0], fide_id=FIDE_ID_RANGE.high, birth=BirthDate(2008, 8, 28))
    window.document.reset(dataclasses.replace(t, players=(widest, *t.players[1:])), None)
    assert (header.sectionSize(FIDE_ID), header.sectionSize(BORN)) == before  # sized once, not per row
    for column, text in ((FIDE_ID, "88888888888"), (BORN, "2008-08-28")):
        assert header.sectionSize(column) >= metrics.horizontalAdvance(text) + 6  # Qt's text margins
        assert header.sectionSize(column) >= table.sizeHintForColumn(column)  # what Qt needs to show it whole


def test_the_federation_field_shows_a_hint_not_a_value(tab: TournamentTab) -> None:
    """Issue 14: "RUS" as a placeholder looked like a federation already typed; the hint shows whole."""
    edit = tab.event_form.federation_edit
    assert edit.placeholderText() == "3 letters, e.g. GER" and edit.text() == ""
    assert edit.maximumWidth() > edit.fontMetrics().horizontalAdvance(edit.placeholderText())
    assert "3 letters, e.g. GER" in str(
        tab.players.model.headerData(FED, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole)
    )


_NO_FIDE_ID = st.from_regex(r"[1-9][0-9]{0,3}[a-zA-Z+\-.,][0-9]{1,4}", fullmatch=True)
_NO_FEDERATION = st.text("ABCDEFGHIJKLMNOPQRSTUVWXYZ", min_size=3, max_size=3).filter(lambda c: c not in FEDERATIONS)
_NO_SEX = st.text("abcdeghijklnopqrstvxyz0123456789", min_size=1, max_size=2)  # not m, w, f, u (SEXES)
_NO_TITLE = st.sampled_from(["XM", "HGM", "AGM", "IA", "g m", "W", "GMM"])


@settings(max_examples=20, suppress_health_check=[HealthCheck.function_scoped_fixture], deadline=None)
@given(
    st.one_of(
        st.tuples(st.just(FIDE_ID), _NO_FIDE_ID),
        st.tuples(st.just(FED), _NO_FEDERATION),
        st.tuples(st.just(SEX), _NO_SEX),
        st.tuples(st.just(TITLE), _NO_TITLE),
    )
)
def test_the_players_model_refuses_what_core_values_refuses(
    qtmodeltester: ModelTester, window: MainWindow, typed: tuple[int, str]
) -> None:
    """Issue 25: the model's setData refuses, with core.values' reason, what no reader takes either; the
    player stays as they were and no undo step is made."""
    column, text = typed
    model = PlayersModel(window.document)
    qtmodeltester.check(model)
    reasons: list[str] = []
    model.problem.connect(reasons.append)
    before, steps = window.document.tournament, window.undo_stack.count()
    assert model.setData(model.index(2, column), text) is False
    assert window.document.tournament == before and window.undo_stack.count() == steps
    with pytest.raises(InvalidValueError) as caught:
        COLUMNS[column].parse(text)  # type: ignore[misc]
    assert reasons == [f"Clara: {caught.value}"]
    assert model.setData(model.index(2, column), {FIDE_ID: "3417", FED: "FID", SEX: "F", TITLE: "wf"}[column])
    assert model.index(2, column).data() == {FIDE_ID: "3417", FED: "FID", SEX: "f", TITLE: "WFM"}[column]
    window.undo_action.trigger()


def test_the_rounds_field_says_a_round_robins_rounds_and_a_files_rounds_so_far(tab: TournamentTab) -> None:
    """Issue 29: no number of rounds announced showed "—" for a round robin (whose rounds its players fix,
    C.05 Annex 1) and for a TRF without XXR; it says what is known, and the document keeps "not announced"."""
    from fidedesk.core.tournament import System

    box = tab.event_form.rounds_box
    players = tuple(Player(start_rank=n, name=f"Player {n}") for n in range(1, 9))
    tab.document.reset(Tournament(EventInfo(system=System.ROUND_ROBIN), players), None)
    assert box.value() == 0 and box.text() == "7 (by players)"
    assert tab.document.tournament.info.rounds is None
    tab.document.apply("One more", add_player(tab.document.tournament, Player(start_rank=9, name="Player 9")))
    assert box.text() == "9 (by players)"  # nine players: nine rounds, a bye in each
    played = small_tournament()
    tab.document.reset(played, None)
    assert played.info.rounds is None and box.text() == "— (1 so far)"
    tab.document.reset(Tournament(EventInfo(), ()), None)
    assert box.text() == "—"


def test_one_player_is_selected_across_standings_crosstable_players_and_the_calculation(
    qtbot: QtBot, tab: TournamentTab
) -> None:
    """Issue 29: selecting a player in Standings left the Crosstable (and the Players table) on another: now
    the player chosen in any of them is the current row in all, and the calculation is theirs."""
    from fidedesk.io.trf.document import read_trf
    from tests.conftest import GELENDZHIK

    tab.document.reset(read_trf(GELENDZHIK).tournament, None)
    views = tab.views
    views.tabs.setCurrentWidget(views.standings)  # a player is chosen in the Standings shown
    standings, crosstable, players = views.standings.table, views.crosstable_table, tab.players

    def everywhere() -> set[int]:
        ranks = {
            views.standings.model.standing(standings.currentIndex().row()).player.start_rank,
            views.crosstable.player_at(crosstable.currentIndex().row()).start_rank,
            int(players.table.currentIndex().data(RANK_ROLE)),
        }
        assert views.panel.start_rank in ranks
        return ranks | {views.panel.start_rank}

    winner = views.standings.model.standing(0).player.start_rank
    assert winner != 1  # so that following is seen: the first row elsewhere is start rank 1
    standings.setCurrentIndex(views.standings.model.index(0, 1))
    assert everywhere() == {winner}
    crosstable.setCurrentIndex(views.crosstable.index(4, 1))
    fifth = views.crosstable.player_at(4).start_rank
    assert everywhere() == {fifth}
    players.table.setCurrentIndex(players.index_of(9, 1))
    assert everywhere() == {9}
    qtbot.keyClick(players.table, Qt.Key.Key_Down)  # by key as well: the next row of the sorted table
    below = int(players.table.currentIndex().data(RANK_ROLE))
    assert below != 9 and everywhere() == {below}
