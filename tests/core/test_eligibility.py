"""Rate of play (FIDE 1.1-1.3) and the rapid/blitz definitions, per edition; reading a written time control."""

from __future__ import annotations

from fractions import Fraction

import pytest

from fidedesk.core.rating.editions import get_edition
from fidedesk.core.rating.eligibility import (
    TimeControl,
    checks_rate_of_play,
    event_rate_problems,
    list_for,
    parse_time_control,
    standard_rate_problems,
)
from fidedesk.core.tournament import Player, RatingKind


def tc(base: float, increment: int = 0, moves: int | None = None) -> TimeControl:
    return TimeControl(Fraction(str(base)), increment, moves)


def test_2024_rapid_and_blitz_definitions() -> None:
    """R&B 2024 1.1-1.2: rapid > 10 and < 60; blitz > 3 and <= 10 (minutes for 60 moves)."""
    e = get_edition("fide-2025")
    assert list_for(e, tc(90, 30)) is RatingKind.STANDARD  # 120
    assert list_for(e, tc(60)) is RatingKind.STANDARD
    assert list_for(e, tc(15, 10)) is RatingKind.RAPID  # 25
    assert list_for(e, tc(10)) is RatingKind.BLITZ and list_for(e, tc(10, 1)) is RatingKind.RAPID  # 10 / 11
    assert list_for(e, tc(3, 2)) is RatingKind.BLITZ and list_for(e, tc(3)) is None  # 5 / 3: too fast


def test_2012_definitions_under_fide_2014() -> None:
    """2012: rapid at least 15 and less than 60; blitz at least 5 and less than 15."""
    e = get_edition("fide-2014")
    assert list_for(e, tc(15)) is RatingKind.RAPID and list_for(e, tc(14)) is RatingKind.BLITZ
    assert list_for(e, tc(5)) is RatingKind.BLITZ and list_for(e, tc(4)) is None
    assert list_for(get_edition("fide-2017"), tc(10)) is RatingKind.BLITZ  # 2018 Laws: 10 or less


def test_standard_minimum_times_2022_onward() -> None:
    """2022/2024 1.1: 120 min if either player is 2400+, 90 if 1800+, 60 below; 1.2: first control >= 30 moves."""
    e = get_edition("fide-2025")
    assert standard_rate_problems(e, tc(90, 30), 2500) == []
    assert "needs 120" in standard_rate_problems(e, tc(90), 2400)[0]
    assert standard_rate_problems(e, tc(90), 2399) == []
    assert "needs 90" in standard_rate_problems(e, tc(60), 1800)[0]
    assert standard_rate_problems(e, tc(60), 1799) == []
    assert "at least 30" in standard_rate_problems(e, tc(90, 30, moves=25), 2000)[0]


def test_standard_minimum_times_2017_and_2008() -> None:
    """2017 and the 2008 text: thresholds 2200/1600; the first control is exactly 40 moves."""
    for name in ("fide-2017", "fide-2008"):
        e = get_edition(name)
        assert "needs 120" in standard_rate_problems(e, tc(90), 2200)[0]
        assert standard_rate_problems(e, tc(90), 2199) == []
        assert "exactly 40" in standard_rate_problems(e, tc(90, 30, moves=30), 2000)[0]
    assert "a player of the tournament" in standard_rate_problems(get_edition("fide-2008"), tc(60), 2300)[0]
    assert standard_rate_problems(get_edition("fide-1994"), tc(30), 2500) == []  # no minimum in that text


@pytest.mark.parametrize(
    ("text", "base", "increment", "moves", "added", "for_60"),
    [
        # the 122 records of the reference files
        ("15 minutes plus 10 sec per move", 15, 10, None, 0, 25),
        ("40/120, 60", 120, 0, 40, 60, 180),
        ("90 minutes + 30 seconds per move", 90, 30, None, 0, 120),
        ("Standard: 90 minutes with 30 second increment from move 1   ", 90, 30, None, 0, 120),
        ("100'x40+15'+30\"", 100, 30, 40, 15, 145),
        # other ways arbiters write them
        ("90 min + 30 s/move", 90, 30, None, 0, 120),
        ("90+30", 90, 30, None, 0, 120),
        ("90′ + 30″", 90, 30, None, 0, 120),
        ("3 min + 2 sec", 3, 2, None, 0, 5),
        ("Rapid 15+10", 15, 10, None, 0, 25),
        ("G/90 +30", 90, 30, None, 0, 120),
        ("40/90, SD/30", 90, 0, 40, 30, 120),
        ("90 min for 40 moves, then 30 min, 30 s per move from move 1", 90, 30, 40, 30, 150),
        ("40 moves in 2 hours, then 1 hour", 120, 0, 40, 60, 180),
        ("1h30 + 30s", 90, 30, None, 0, 120),
        ("2 hours 30 sec", 120, 30, None, 0, 150),
        ("120 min for 60 moves, then 30 min", 120, 0, 60, 30, 120),  # the added time comes after move 60
    ],
)
def test_parse_time_control(text: str, base: int, increment: int, moves: int | None, added: int, for_60: int) -> None:
    """FIDE 1.1 counts the minutes for 60 moves: base, 60 increments, and time added at a control before move 60."""
    control = parse_time_control(text)
    assert control == TimeControl(Fraction(base), increment, moves, Fraction(added))
    assert control.minutes_for_60_moves == for_60


@pytest.mark.parametrize("text", ["", "moves/time, increment", "Standard", "Fischer", "90 min + 2.5 s"])
def test_unreadable_time_controls(text: str) -> None:
    assert parse_time_control(text) is None


def players(*ratings: int | None) -> list[Player]:
    return [Player(rank, f"P{rank}", rating) for rank, rating in enumerate(ratings, 1)]


def test_event_in_the_wrong_list() -> None:
    """A rapid time control for an event rated standard (and the reverse), too fast for any list, cited."""
    e = get_edition("fide-2025")
    [problem] = event_rate_problems(e, tc(15, 10), RatingKind.STANDARD, players(2500))
    assert problem.text == (
        "25 minutes for 60 moves is rapid play, but the event is rated as standard: "
        "standard play needs at least 60 minutes (1.1)"
    )
    assert problem.players == ()
    [problem] = event_rate_problems(e, tc(90, 30), RatingKind.BLITZ, [])
    assert "120 minutes for 60 moves is standard play" in problem.text and "(R&B 1.2)" in problem.text
    [problem] = event_rate_problems(e, tc(3), RatingKind.BLITZ, [])
    assert (
        problem.text
        == "3 minutes for 60 moves is too fast to be rated: blitz is more than 3 and at most 10 minutes (R&B 1.2)"
    )
    assert event_rate_problems(e, tc(15, 10), RatingKind.RAPID, players(2700)) == []
    assert "(Laws of Chess A.1)" in event_rate_problems(get_edition("fide-2017"), tc(90), RatingKind.RAPID, [])[0].text
    [problem] = event_rate_problems(get_edition("fide-2008"), tc(25), RatingKind.RAPID, [])
    assert "too fast to be rated: standard play needs at least 60 minutes (1.1)" in problem.text


def test_event_minimum_time_per_player_2025() -> None:
    """2024 1.1 compares the two players of a game: the games of 2400+ players need 120, of 1800+ players 90."""
    e = get_edition("fide-2025")
    problems = event_rate_problems(e, tc(60), RatingKind.STANDARD, players(2450, 1900, None, 1500, 2400))
    assert [(p.text, p.players) for p in problems] == [
        ("60 minutes for 60 moves; fide-2025 1.1 needs 120 when either player is rated 2400 or more", (1, 5)),
        ("60 minutes for 60 moves; fide-2025 1.1 needs 90 when either player is rated 1800 or more", (2,)),
    ]
    problems = event_rate_problems(e, tc(90, 30, moves=20), RatingKind.STANDARD, players(2450))
    assert [(p.text, p.players) for p in problems] == [
        ("first time control of 20 moves; it must be at least 30 (1.2)", ())
    ]


def test_event_minimum_time_for_the_tournament_2008() -> None:
    """2008 1.1 takes the highest-rated player of the tournament: one line for every game."""
    e = get_edition("fide-2008")
    problems = event_rate_problems(e, tc(90), RatingKind.STANDARD, players(2250, 2300, 1700))
    assert [(p.text, p.players, p.every_game) for p in problems] == [
        ("90 minutes for 60 moves; fide-2008 1.1 needs 120 when a player of the tournament is rated 2200 or more",
         (1, 2), True),
    ]  # fmt: skip


def test_editions_without_rate_of_play_rules() -> None:
    for name in ("elo", "elo-byes", "fide-1994"):
        e = get_edition(name)
        assert not checks_rate_of_play(e)
        assert event_rate_problems(e, tc(5), RatingKind.STANDARD, players(2700)) == []
    assert checks_rate_of_play(get_edition("fide-2008")) and checks_rate_of_play(get_edition("fide-2025"))
