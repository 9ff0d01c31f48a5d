"""The warnings panel checks the event's time control against the edition's rate-of-play rules, and resets its
view only when a warning changed.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from fidedesk.core.editing import add_player, pair, set_event_info, set_result
from fidedesk.core.results import ResultCode
from fidedesk.core.tournament import EventInfo, Player, RatingKind, Tournament
from fidedesk.core.warning_lines import WarningLine, pending_lines
from fidedesk.core.warnings import PendingRound
from fidedesk.gui.common.context import RatingContext
from fidedesk.gui.common.settings import Settings
from fidedesk.gui.files.document import TournamentDocument
from fidedesk.gui.tournament.views import TournamentViews


def open_swiss(time_control: str, kind: RatingKind = RatingKind.STANDARD) -> Tournament:
    tournament = Tournament(EventInfo(name="Spring Open", time_control=time_control, kind=kind), ())
    for rating, name in zip((2450, 2310, 1950, 1720, None, 2405), "ABCDEF", strict=True):
        tournament = add_player(tournament, Player(0, f"Player {name}", rating))
    return tournament


def views_over(qtbot: QtBot, tournament: Tournament, context: RatingContext, settings: Settings) -> TournamentViews:
    views = TournamentViews(TournamentDocument(QUndoStack(), tournament), context, settings)
    qtbot.addWidget(views)
    return views


def with_time_control(tournament: Tournament, text: str) -> Tournament:
    return set_event_info(tournament, dataclasses.replace(tournament.info, time_control=text))


def rate_lines(views: TournamentViews) -> list[tuple[str, str, str]]:
    return [(r.kind, r.what, r.where) for r in views.warnings.rows() if r.kind in ("Rate of play", "Note")]


def test_too_little_time_for_the_ratings(qtbot: QtBot, context: RatingContext, settings: Settings) -> None:
    views = views_over(qtbot, open_swiss("60 min + 10 s/move"), context, settings)  # 70 minutes for 60 moves
    assert rate_lines(views) == [
        ("Rate of play", "70 minutes for 60 moves; fide-2025 1.1 needs 120 when either player is rated 2400 or more",
         "games of players 1, 6"),
        ("Rate of play", "70 minutes for 60 moves; fide-2025 1.1 needs 90 when either player is rated 1800 or more",
         "games of players 2, 3"),
    ]  # fmt: skip
    assert views.warnings_title.text() == "<b>Warnings (3)</b>"  # and the unrated player E
    # the 2017 thresholds (2200 / 1600) under the edition chosen in the toolbar
    context.set_edition_name("fide-2017")
    assert [where for _, _, where in rate_lines(views)] == ["games of players 1, 2, 6", "games of players 3, 4"]
    # 2008 compares the players of the tournament: every game is concerned
    context.set_edition_name("fide-2008")
    assert rate_lines(views) == [
        ("Rate of play", "70 minutes for 60 moves; fide-2008 1.1 needs 120 when a player of the tournament is "
         "rated 2200 or more", "every game, because of players 1, 2, 6"),
    ]  # fmt: skip
    context.set_edition_name("elo")  # plain Elo has no rate of play
    assert rate_lines(views) == []


def test_time_control_of_another_list(qtbot: QtBot, context: RatingContext, settings: Settings) -> None:
    views = views_over(qtbot, open_swiss("15 min + 10 s", RatingKind.RAPID), context, settings)
    assert rate_lines(views) == []
    document = views.document

    def rated_as(kind: RatingKind) -> None:
        document.apply("Event", set_event_info(document.tournament, dataclasses.replace(document.tournament.info,
                                                                                        kind=kind)))  # fmt: skip

    context.set_kind(RatingKind.STANDARD)  # the calculator's kind: the event is rated for its own
    assert rate_lines(views) == []
    rated_as(RatingKind.STANDARD)  # the time control is a rapid one
    assert rate_lines(views) == [
        ("Rate of play", "25 minutes for 60 moves is rapid play, but the event is rated as standard: standard play "
         "needs at least 60 minutes (1.1)", "every game"),
    ]  # fmt: skip
    rated_as(RatingKind.BLITZ)
    assert "blitz is more than 3 and at most 10 minutes (R&B 1.2)" in rate_lines(views)[0][1]


def test_first_control_and_an_unreadable_text(qtbot: QtBot, context: RatingContext, settings: Settings) -> None:
    views = views_over(qtbot, open_swiss("25 moves in 2 hours, then 30 min"), context, settings)
    assert rate_lines(views) == [
        ("Rate of play", "first time control of 25 moves; it must be at least 30 (1.2)", "every game")
    ]
    document = views.document
    document.apply("Event", with_time_control(document.tournament, "moves/time, increment"))
    [(kind, what, where)] = rate_lines(views)
    assert kind == "Rate of play" and "“moves/time, increment” cannot be read" in what and "(1.1-1.2)" in what
    assert where == "Event: Time control"


def test_an_empty_time_control_is_one_calm_note(qtbot: QtBot, context: RatingContext, settings: Settings) -> None:
    views = views_over(qtbot, open_swiss(""), context, settings)
    assert rate_lines(views) == [
        ("Note", "No time control entered: the rate of play (1.1-1.2) is not checked", "Event: Time control")
    ]
    document = views.document
    document.apply("Event", with_time_control(document.tournament, "90 min + 30 s/move"))
    assert rate_lines(views) == []  # 120 minutes: enough for everyone


def test_an_edit_that_changes_no_warning_does_not_reset(
    qtbot: QtBot, context: RatingContext, settings: Settings
) -> None:
    views = views_over(qtbot, open_swiss("60 min + 10 s/move"), context, settings)
    document = views.document
    resets: list[None] = []
    views.warnings.modelReset.connect(lambda: resets.append(None))
    before = views.warnings.rows()
    document.apply("pair", pair(document.tournament, 1, 1, 2, ResultCode.DRAW))
    document.apply("pair", pair(document.tournament, 1, 3, 4, ResultCode.WIN))
    document.apply("Result", set_result(document.tournament, 1, 1, ResultCode.WIN))  # a result changed
    assert views.warnings.rows() == before and resets == []
    document.undo_stack.undo()
    assert resets == []
    # a pairing without a result adds a line: now the view resets, once
    document.apply("pair", pair(document.tournament, 2, 1, 3))
    assert len(resets) == 1
    assert views.warnings.rows()[-1] == WarningLine(
        "No result", "Round 2: 1 board without a result", "board 1", ("board 1",)
    )
    assert views.warnings_title.text() == "<b>Warnings (4)</b>"


def test_look(qtbot: QtBot, context: RatingContext, settings: Settings, tmp_path: Path) -> None:
    tournament = open_swiss("60 min + 10 s/move")
    tournament = pair(pair(tournament, 1, 1, 2, ResultCode.DRAW), 1, 3, 5, ResultCode.WIN)
    views = views_over(qtbot, tournament, context, settings)
    views.resize(1280, 800)
    views.show()
    qtbot.waitExposed(views)
    QApplication.processEvents()
    assert views.warnings.rowCount() >= 2
    assert views.warnings_box.grab().save(str(tmp_path / "warnings.png"))
    assert views.grab().save(str(tmp_path / "warnings_views.png"))


def test_a_fresh_round_of_a_big_swiss_names_twelve_boards_and_how_many_more() -> None:
    """250 boards without a result made a row taller than the view, as the not-rated places once did."""
    (line,) = pending_lines([PendingRound(1, tuple(range(1, 251)))])
    assert line.what == "Round 1: 250 boards without a result"
    assert line.where == "boards 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12 and 238 more"
