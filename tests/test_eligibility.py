"""Rate of play (FIDE 1.1-1.3) and the rapid/blitz definitions, per edition."""

from __future__ import annotations

from fractions import Fraction

from fidedesk.core.editions import get_edition
from fidedesk.core.eligibility import TimeControl, list_for, standard_rate_problems
from fidedesk.core.tournament import RatingKind


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
