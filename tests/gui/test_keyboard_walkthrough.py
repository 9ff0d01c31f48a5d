"""Acceptance: an arbiter enters a whole event by keyboard alone in the real window, Tournament tab, and the
window's rating figures equal ``fidedesk-cli rate`` on the file the window saved.

Every step is a key sent to the widget that has the focus, reached as a user reaches it: Alt+letters of
the event form and the rounds (N name, Y system, S start, D end; U round, W white), Tab, Insert in the
players table, Enter, the result keys 1 0 = + - on the boards, Ctrl+S, Alt+3 to the standings,
Ctrl+Home and Down to select each player. Nothing is set by calling the widgets' methods.

The keystrokes and the time each event takes are printed (``pytest -s``).

PySide6 6.12 on CPython 3.11 loses a reference to None or True at nearly every call into Qt (every
signal emitted, every invalid QVariant); from 3.12 on these objects are immortal and nothing happens. On
that stack the interpreter aborts ("deallocating None") after about a thousand edits, which the Swiss
reaches in its third round: ``singleton_counts`` raises their counts there so that the walk-through
finishes, and says so.
"""

from __future__ import annotations

import io
import json
import random
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractItemView, QApplication, QLineEdit, QWidget
from pytestqt.qtbot import QtBot

from benchmarks.make_swiss import make_swiss
from fidedesk import cli
from fidedesk.core.results import ResultCode
from fidedesk.core.tournament import Player, RoundEntry, Tournament
from fidedesk.gui.common.dialogs import UnattendedDialogs
from fidedesk.gui.common.settings import Settings
from fidedesk.gui.mainwindow import MainWindow
from fidedesk.gui.tournament import TournamentTab
from fidedesk.gui.tournament.rounds import RoundModel
from fidedesk.gui.tournament.views import TournamentViews
from fidedesk.io.native import fidedesk_file
from tests.builders import circle_rounds

#: The key for white's result on a board.
RESULT_KEY = {
    ResultCode.WIN: "1",
    ResultCode.LOSS: "0",
    ResultCode.DRAW: "=",
    ResultCode.FORFEIT_WIN: "+",
    ResultCode.FORFEIT_LOSS: "-",
}
#: The players table's columns after Name that Tab passes on the way to Rating (Sex, Title, Fed).
TABS_NAME_TO_RATING = 4
NO_MODIFIER = Qt.KeyboardModifier.NoModifier
ALT, CTRL, SHIFT = (
    Qt.KeyboardModifier.AltModifier,
    Qt.KeyboardModifier.ControlModifier,
    Qt.KeyboardModifier.ShiftModifier,
)


# ---------------------------------------------------------------------------------------------- the event


@dataclass(frozen=True)
class Event:
    """What the arbiter has on paper: the event, the players, and each round's boards and byes."""

    name: str
    system_key: str  # the letter that chooses the system in its combo box
    start: str
    end: str
    players: tuple[Player, ...]  # start rank, name, rating, birth year
    rounds: tuple[tuple[tuple[int, int, ResultCode], ...], ...]  # per round: white, black, white's result
    byes: tuple[tuple[tuple[int, ResultCode], ...], ...]  # per round: start rank, bye

    def entries(self) -> dict[int, list[RoundEntry]]:
        """Each player's rounds, as the entered tournament should hold them: each game on the board it was
        paired on (the order of the pairing sheet)."""
        entries: dict[int, list[RoundEntry]] = {p.start_rank: [] for p in self.players}
        for number, (games, byes) in enumerate(zip(self.rounds, self.byes, strict=True), start=1):
            for board, (white, black, result) in enumerate(games, start=1):
                entries[white].append(RoundEntry(number, black, "w", result, board))
                entries[black].append(RoundEntry(number, white, "b", result.mirrored(), board))
            for rank, bye in byes:
                entries[rank].append(RoundEntry(number, None, None, bye))
        return entries


def round_robin_event() -> Event:
    """Ten players, 2000–2450 and one unrated, Berger pairings (circle method), 1 / 0 / = and one forfeit."""
    names = ("Adams, Kate", "Berg, Olaf", "Costa, Rui", "Dvorak, Jan", "Ekman, Lisa", "Fischer, Tom",
             "Garcia, Ana", "Horvat, Ivo", "Ilic, Mira", "Jensen, Bo")  # fmt: skip
    ratings = (2450, 2402, 2351, 2297, 2244, 2190, 2133, 2071, 2000, None)
    players = tuple(
        Player(rank, name, rating) for rank, (name, rating) in enumerate(zip(names, ratings, strict=True), 1)
    )
    rng = random.Random(2026)
    rounds = []
    for number, opponents in enumerate(circle_rounds(len(players)), start=1):
        games = []
        for a, b in sorted((a, b) for a, b in opponents.items() if b is not None and a < b):
            white, black = (a + 1, b + 1) if (number + a + b) % 2 else (b + 1, a + 1)
            result = rng.choices([ResultCode.WIN, ResultCode.DRAW, ResultCode.LOSS], [4, 3, 3])[0]
            games.append((white, black, result))
        rounds.append(tuple(games))
    white, black, _ = rounds[4][2]
    rounds[4] = (*rounds[4][:2], (white, black, ResultCode.FORFEIT_WIN), *rounds[4][3:])  # one forfeit
    return Event("Club Championship 2026", "R", "2026-03-02", "2026-03-10", players, tuple(rounds),
                 tuple(() for _ in rounds))  # fmt: skip


def swiss_event() -> Event:
    """make_swiss(60, 9): a realistic Swiss with unrated players, forfeits, pairing and zero-point byes."""
    swiss = make_swiss(60, 9)
    players = tuple(Player(p.start_rank, p.name, p.rating, birth=p.birth) for p in swiss.players)
    rounds, byes = [], []
    for number in range(1, 10):
        games, absent = [], []
        for player in swiss.players:
            entry = next(e for e in player.rounds if e.round == number)
            if entry.opponent is None:
                absent.append((player.start_rank, entry.result))
            elif entry.color == "w":
                games.append((player.start_rank, entry.opponent, entry.result))
        rng = random.Random(number)  # boards in the order of a pairing sheet, not of start ranks
        rng.shuffle(games)
        rounds.append(tuple(games))
        byes.append(tuple(absent))
    assert swiss.info.start is not None and swiss.info.end is not None
    return Event(swiss.info.name, "S", swiss.info.start.isoformat(), swiss.info.end.isoformat(), players,
                 tuple(rounds), tuple(byes))  # fmt: skip


# ---------------------------------------------------------------------------------------------- the keyboard


class Keyboard:
    """Keys sent to whichever widget has the focus, counted; the event loop runs after each, as it does
    between a user's keystrokes (a cell editor closes on Enter only then)."""

    def __init__(self, qtbot: QtBot) -> None:
        self.qtbot = qtbot
        self.count = 0

    @staticmethod
    def focus() -> QWidget:
        widget = QApplication.focusWidget()
        assert widget is not None, "no widget has the keyboard focus"
        return widget

    def expect(self, widget: QWidget) -> None:
        focus = QApplication.focusWidget()
        assert focus is widget, f"focus is on {focus!r} ({focus and focus.objectName()}), not {widget.objectName()}"

    def press(self, key: Qt.Key | str, modifier: Qt.KeyboardModifier = NO_MODIFIER) -> None:
        self.qtbot.keyClick(self.focus(), key, modifier)  # type: ignore[no-untyped-call]
        self.count += 1
        QApplication.processEvents()

    def type(self, text: str) -> None:
        if text:
            self.qtbot.keyClicks(self.focus(), text)  # type: ignore[no-untyped-call]
            self.count += len(text)
            QApplication.processEvents()

    def alt(self, letter: str) -> None:
        self.press(getattr(Qt.Key, f"Key_{letter.upper()}"), ALT)

    def tab_until(self, widget: QWidget, most: int) -> None:
        """Tab on until ``widget`` has the focus, as a user does (at most ``most`` times)."""
        for _ in range(most):
            if QApplication.focusWidget() is widget:
                return
            self.press(Qt.Key.Key_Tab)
        self.expect(widget)


# ---------------------------------------------------------------------------------------------- entering


def views_of(tab: TournamentTab) -> TournamentViews:
    assert isinstance(tab.views, TournamentViews)
    return tab.views


def enter_event(keys: Keyboard, tab: TournamentTab, event: Event) -> None:
    form = tab.event_form
    for letter, field, text in (("n", form.name_edit, event.name), ("s", form.start_edit, event.start),
                                ("d", form.end_edit, event.end)):  # fmt: skip
        keys.alt(letter)
        keys.expect(field)
        keys.type(text)
        keys.press(Qt.Key.Key_Return)
    keys.alt("y")
    keys.expect(form.system_box)
    keys.type(event.system_key)
    assert form.message.text() == ""


def enter_players(keys: Keyboard, tab: TournamentTab, players: Sequence[Player]) -> None:
    """Tab from the event form to the players table; Insert, the name, Tab to Rating and (past FIDE ID) Born,
    Enter."""
    table = tab.players.table
    # End: then Tab passes Rounds, Colour, Baku acceleration and Forbidden pairs (issue 16) on the way to the players
    keys.alt("d")
    keys.tab_until(table, 7)
    for player in players:
        keys.press(Qt.Key.Key_Insert)
        assert isinstance(keys.focus(), QLineEdit), "Insert did not start typing the name"
        keys.type(player.name)
        if player.rating is not None or player.birth is not None:
            for _ in range(TABS_NAME_TO_RATING):
                keys.press(Qt.Key.Key_Tab)
            assert table.currentIndex().column() == 5 and isinstance(keys.focus(), QLineEdit)
            keys.type("" if player.rating is None else str(player.rating))
            if player.birth is not None:
                for _ in range(2):  # past the FIDE ID to Born
                    keys.press(Qt.Key.Key_Tab)
                keys.type(f"{player.birth.year}")
        keys.press(Qt.Key.Key_Return)
        assert table.state() is not QAbstractItemView.State.EditingState
        keys.expect(table)
    assert tab.players.message.text() == "", tab.players.message.text()


def enter_round(keys: Keyboard, tab: TournamentTab, number: int, event: Event) -> None:
    """Go to the round, pair its boards by start ranks, give its byes, then key in the results board by board."""
    rounds = views_of(tab).rounds
    if number > 1:
        keys.alt("u")
        keys.expect(rounds.round_box)
        keys.press(Qt.Key.Key_Up)
    assert rounds.model.round == number and rounds.model.rowCount() == 0
    keys.alt("w")
    for white, black, _ in event.rounds[number - 1]:
        keys.expect(rounds.white_edit)
        keys.type(str(white))
        keys.press(Qt.Key.Key_Return)
        keys.expect(rounds.black_edit)
        keys.type(str(black))
        keys.press(Qt.Key.Key_Return)
    for rank, bye in event.byes[number - 1]:
        keys.expect(rounds.white_edit)
        keys.type(str(rank))
        keys.tab_until(rounds.bye_box, 3)
        keys.press(Qt.Key.Key_Home)  # the byes in the order the box lists them
        for _ in range(rounds.bye_box.findData(bye)):
            keys.press(Qt.Key.Key_Down)
        assert rounds.bye_box.currentData() is bye
        keys.tab_until(rounds.bye_button, 1)
        keys.press(Qt.Key.Key_Space)
    keys.expect(rounds.white_edit)
    assert rounds.message.property("tone") != "error", rounds.message.text()
    keys.press(Qt.Key.Key_Return)  # an empty White: on to the first board without a result
    keys.expect(rounds.table)
    results = {(white, black): result for white, black, result in event.rounds[number - 1]}
    for row in range(len(results)):
        board = rounds.model.board(row)
        assert board.black is not None and rounds.table.currentIndex().row() == row
        keys.press(RESULT_KEY[results[board.white, board.black]])
    shown = [rounds.model.index(row, RoundModel.RESULT).data() for row in range(rounds.model.rowCount())]
    assert "?" not in shown and len(shown) == len(results) + len(event.byes[number - 1])


def read_panel(keys: Keyboard, tab: TournamentTab, count: int) -> dict[int, dict[str, str]]:
    """Every player's figures as the rating panel shows them, selected with Down in the standings."""
    views = views_of(tab)
    assert views is not None
    keys.alt("u")
    keys.alt("3")  # the Standings (Ctrl+Shift+Tab from the Rounds wraps to the last view, now Norms)
    assert views.tabs.currentWidget() is views.standings
    keys.expect(views.standings.table)
    keys.press(Qt.Key.Key_Home, CTRL)
    shown: dict[int, dict[str, str]] = {}
    for row in range(count):
        if row:
            keys.press(Qt.Key.Key_Down)
        assert views.standings.table.currentIndex().row() == row
        rank = views.standings.model.standing(row).player.start_rank
        assert views.panel.start_rank == rank and views.panel.title.text().startswith(f"<b>{rank}. ")
        shown[rank] = {figure.key: figure.value for figure in views.panel.summary.figures()}
    return shown


def save(keys: Keyboard, window: MainWindow, path: Path) -> None:
    assert isinstance(window.dialogs, UnattendedDialogs)
    window.dialogs.answer("save_file", path)
    keys.press(Qt.Key.Key_S, CTRL)
    assert path.is_file() and window.document.path == path and not window.document.is_modified


def cli_rate(path: Path, rules: str) -> dict[str, Any]:
    out = io.StringIO()
    assert cli.main(["rate", str(path), "--rules", rules, "--json"], out) == 0
    data: dict[str, Any] = json.loads(out.getvalue())
    return data


# ---------------------------------------------------------------------------------------------- checks


def entered(tournament: Tournament) -> tuple[tuple[object, ...], ...]:
    """What the arbiter typed: start rank, name, rating, birth year, and the rounds in order."""
    return tuple(
        (p.start_rank, p.name, p.rating, p.birth, tuple(sorted(p.rounds, key=lambda e: e.round)))
        for p in tournament.players
    )


def expected(event: Event) -> tuple[tuple[object, ...], ...]:
    entries = event.entries()
    return tuple(
        (p.start_rank, p.name, p.rating, p.birth, tuple(sorted(entries[p.start_rank], key=lambda e: e.round)))
        for p in event.players
    )


def hundredths(text: str) -> int:
    """A figure shown with two decimals, exactly, in hundredths."""
    return int(Decimal(text) * 100)


def score(text: str) -> Decimal:
    """A score as shown: 4, 3½, ½."""
    return Decimal(text.replace("½", ".5") if text != "½" else "0.5")


def assert_same_figures(
    shown: dict[int, dict[str, str]], window: MainWindow, tab: TournamentTab, cli_json: dict[str, Any]
) -> None:
    """Every player's figures in the window (panel and the views' ratings) equal the command line's."""
    by_rank = {p.player.start_rank: p for p in views_of(tab).ratings.rating().players}
    rows = cli_json["players"]
    assert sorted(row["start_rank"] for row in rows) == sorted(shown) == sorted(by_rank)
    for row in rows:
        rank, figures, rating = row["start_rank"], shown[row["start_rank"]], by_rank[row["start_rank"]]
        assert rating.new_rating == row["new_rating"] and rating.performance == row["performance"], rank
        if row["chg"] is None:  # unrated: the first rating, whether FIDE publishes it or not
            assert "new_rating" not in figures and rating.initial is not None
            assert figures["initial"] == str(rating.initial.value)
            assert (figures["published"] == "yes") == (row["initial_rating"] is not None)
            if row["initial_rating"] is not None:
                assert int(figures["initial"]) == row["initial_rating"]
            continue
        assert figures["new_rating"] == str(row["new_rating"]), rank
        assert hundredths(figures["k_sum"]) == round(row["k_chg"] * 100), rank
        assert hundredths(figures["sum"]) == round(row["chg"] * 100), rank
        assert int(figures["k"]) == row["k"] and int(figures["n"]) == row["n"], rank
        assert score(figures["w"]) == Decimal(str(row["w"])), rank
        assert figures["rc"] == str(row["rc"]), rank
        assert figures.get("performance", "") == ("" if row["performance"] is None else str(row["performance"]))


# ---------------------------------------------------------------------------------------------- the tests


@pytest.fixture
def window(qtbot: QtBot, settings: Settings, tmp_path: Path, dialogs: UnattendedDialogs) -> Iterator[MainWindow]:
    win = MainWindow(settings, recovery_folder=tmp_path / "recovery", dialogs=dialogs)
    qtbot.addWidget(win)
    win.resize(1280, 800)
    win.show()
    qtbot.waitExposed(win)
    win.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is win)
    yield win


def walk_through(
    qtbot: QtBot, window: MainWindow, event: Event, path: Path, monkeypatch: pytest.MonkeyPatch
) -> tuple[dict[int, dict[str, str]], dict[str, int], dict[str, float]]:
    """The whole event by keyboard: returns the panel's figures, keystrokes and seconds per stage."""
    keys = Keyboard(qtbot)
    counts: dict[str, int] = {}
    seconds: dict[str, float] = {}
    clock = time.perf_counter()

    def stage(name: str) -> None:
        nonlocal clock
        now = time.perf_counter()
        counts[name], seconds[name] = keys.count - sum(counts.values()), now - clock
        clock = now

    keys.press(Qt.Key.Key_1, CTRL)  # View › Tournament
    assert window.tabs.currentIndex() == 0
    tab = window.tab_content(0)
    assert isinstance(tab, TournamentTab)
    enter_event(keys, tab, event)
    enter_players(keys, tab, event.players)
    stage("event and players")
    for number in range(1, len(event.rounds) + 1):
        enter_round(keys, tab, number, event)
    stage("rounds")
    save(keys, window, path)
    stage("save")
    shown = read_panel(keys, tab, len(event.players))
    stage("read the panel")
    return shown, counts, seconds


def check(window: MainWindow, event: Event, path: Path, shown: dict[int, dict[str, str]]) -> None:
    tab = window.tab_content(0)
    assert isinstance(tab, TournamentTab)
    tournament = window.document.tournament
    # what was typed is the event on paper, in the window and in the file
    assert entered(tournament) == expected(event)
    assert entered(fidedesk_file.load(path)) == expected(event)
    info = tournament.info
    assert (info.name, str(info.start), str(info.end)) == (event.name, event.start, event.end)
    # the window rates what the command line rates, under the same rules
    rules = views_of(tab).ratings.edition().name
    assert views_of(tab).ratings.tournament() == tournament  # the toolbar's kind is the event's own
    result = cli_rate(path, rules)
    assert result["rules"] == rules
    assert_same_figures(shown, window, tab, result)


def report(name: str, counts: dict[str, int], seconds: dict[str, float]) -> None:
    stages = ", ".join(f"{stage} {counts[stage]} keys {seconds[stage]:.1f} s" for stage in counts)
    print(f"\n{name}: {sum(counts.values())} keystrokes in {sum(seconds.values()):.1f} s ({stages})")


def test_round_robin_by_keyboard(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    event = round_robin_event()
    results = Counter(result for games in event.rounds for _, _, result in games)
    assert results.keys() == {ResultCode.WIN, ResultCode.DRAW, ResultCode.LOSS, ResultCode.FORFEIT_WIN}
    assert len(event.rounds) == 9 and all(len(games) == 5 for games in event.rounds)
    path = tmp_path / "club.fidedesk"
    shown, counts, seconds = walk_through(qtbot, window, event, path, monkeypatch)
    check(window, event, path, shown)
    assert window.document.tournament.info.system.value == "round-robin"
    unrated = shown[10]
    assert unrated["published"] == "yes" and unrated["initial"].isdigit()  # 9 games: a first rating
    changed = [p.start_rank for p in event.players if p.rating and shown[p.start_rank]["new_rating"] != str(p.rating)]
    assert len(changed) >= 5  # the ratings move: the comparison with the command line is not of unchanged figures
    report("10-player round robin", counts, seconds)


def test_swiss_by_keyboard(qtbot: QtBot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    event = swiss_event()
    kinds = Counter(result for games in event.rounds for _, _, result in games)
    kinds.update(bye for byes in event.byes for _, bye in byes)
    assert {
        ResultCode.FORFEIT_WIN,
        ResultCode.FORFEIT_LOSS,
        ResultCode.PAIRING_BYE,
        ResultCode.ZERO_BYE,
    } <= kinds.keys()
    assert sum(p.rating is None for p in event.players) >= 3
    path = tmp_path / "swiss.fidedesk"
    shown, counts, seconds = walk_through(qtbot, window, event, path, monkeypatch)
    check(window, event, path, shown)
    assert window.document.tournament.info.system.value == "swiss"
    ks = Counter(figures.get("k") for figures in shown.values())
    assert len(ks) >= 2  # several K factors: the birth years typed reach the rating
    report("60-player 9-round Swiss", counts, seconds)
