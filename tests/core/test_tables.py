"""Tables 8.1.1 (p -> dp) and 8.1.2 (D -> PD) against the regulations, and their properties."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fidedesk.core.rating.tables import (
    dp,
    dp_for,
    dp_rows,
    pd_hundredths,
    pd_row_index,
    pd_rows,
    percent,
    round_half_away,
    round_half_up,
)

from ..conftest import DATA


def _rules_block(title: str) -> str:
    text = (DATA / "fide-rules.md").read_text(encoding="utf-8")
    section = text[text.index(title) :]
    return section[section.index("```") + 3 : section.index("```", section.index("```") + 3)]


def test_table_8_1_1_equals_the_handbook_transcription() -> None:
    """FIDE 8.1.1: all 51 pairs of fide-rules.md §1.3 (verbatim from handbook B02 2024)."""
    pairs = re.findall(r"(1\.00|\.\d\d):\s*(\d+)", _rules_block("### 1.3 Table 8.1.1"))
    assert len(pairs) == 51
    for p_text, dp_text in pairs:
        hundredths = round(float(p_text) * 100)
        assert dp_for(hundredths) == int(dp_text), p_text
        assert dp_for(100 - hundredths) == -int(dp_text)


def test_table_8_1_2_equals_the_handbook_transcription() -> None:
    """FIDE 8.1.2: every row edge of fide-rules.md §1.4 reads the printed H and L values."""
    block = _rules_block("### 1.4 Table 8.1.2")
    rows = re.findall(r"(\d+)-(\d+) \.(\d\d)/\.(\d\d)", block)
    assert len(rows) == 50
    for low, high, higher, lower in rows:
        for diff in (int(low), int(high)):
            assert pd_hundredths(diff) == int(higher)
            assert pd_hundredths(-diff) == int(lower)
    assert pd_hundredths(736) == 100 and pd_hundredths(-736) == 0
    assert pd_hundredths(5000) == 100


def test_seed_2008_misprint_26_320_is_not_reproduced() -> None:
    """seeds/001 table 8.1(b) prints '26-320'; the row is 26-32, and 33 is already .55."""
    assert pd_hundredths(32) == 54
    assert pd_hundredths(33) == 55
    assert pd_hundredths(320) == 87


def test_seed_1994_lost_minus_signs_are_restored() -> None:
    """seeds/000 prints '.49 7'; table 10.1a means -7 (dp is odd around .50)."""
    assert dp_for(49) == -7
    assert dp_for(32) == -133


def test_percent_uses_exact_hundredths() -> None:
    """100 x 0.57 is 56.999... in binary floating point; p is found exactly (4/7 -> .57, 0.5 up)."""
    assert percent(Fraction(4), 7) == 57
    assert percent(Fraction(57, 100), 1) == 57
    assert percent(Fraction(1, 8), 1) == 13  # 12.5 % rounds up (Title Regulations 1.4.9)
    assert dp(Fraction(4), 7) == 50
    with pytest.raises(ValueError):
        percent(Fraction(1), 0)


def test_rounding_rules() -> None:
    """8.3.4: 0.5 away from zero; Title Regulations 1.4.7: 0.5 upward."""
    assert round_half_away(Fraction(-5, 2)) == -3
    assert round_half_away(Fraction(5, 2)) == 3
    assert round_half_away(Fraction(-249, 100)) == -2
    assert round_half_up(Fraction(-5, 2)) == -2
    assert round_half_up(Fraction(13107, 7)) == 1872


def test_row_views_cover_the_tables() -> None:
    assert len(dp_rows()) == 101 and dp_rows()[0].p == 100 and dp_rows()[0].dp == 800
    rows = pd_rows()
    assert rows[-1].label == "> 735" and rows[4].label == "26–32"
    assert pd_row_index(237) == pd_row_index(-245) == 30 and rows[30].higher == 80
    assert pd_row_index(900) == len(rows) - 1


@given(st.integers(min_value=-1000, max_value=1000))
def test_pd_is_symmetric(diff: int) -> None:
    """The two columns of 8.1.2 are mirror images: PD(D) + PD(-D) = 1."""
    assert pd_hundredths(diff) + pd_hundredths(-diff) == 100


@given(st.integers(min_value=-1000, max_value=1000))
def test_pd_never_falls_as_d_rises(diff: int) -> None:
    assert pd_hundredths(diff) <= pd_hundredths(diff + 1)


@given(st.integers(min_value=0, max_value=100))
def test_dp_is_odd_and_monotonic(p: int) -> None:
    assert dp_for(p) == -dp_for(100 - p)
    if p < 100:
        assert dp_for(p) < dp_for(p + 1)


@given(st.integers(min_value=1, max_value=99))
def test_tables_are_near_inverses(p: int) -> None:
    """8.1: 'the two tables are effectively mirror-images': PD(dp(p)) is within a hundredth of p."""
    assert abs(pd_hundredths(dp_for(p)) - p) <= 1
