"""The compiled matching's numbers (engine/limbs.py) against Python's integers: every figure exact, every sign
and comparison the one Python gives, however wide the numbers and wherever two of them first differ."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from fidedesk.engine import limbs

#: Numbers as gacrux's weights and the matching's duals are: of a few bits to thousands, of either sign, and
#: often alike in their top limbs (so that a sign is settled only far down).
BASE_NUMBER = 7**1500
numbers = st.one_of(
    st.integers(-(2**70), 2**70),
    st.integers(-(2**3000), 2**3000),
    st.integers(-(2**200), 2**200).map(lambda low: BASE_NUMBER + low),
)


def as_rows(*values: int) -> np.ndarray:
    return limbs.rows(list(values), limbs.width(list(values)) + 1)


@settings(max_examples=300, deadline=None)
@given(st.lists(numbers, min_size=1, max_size=6))
def test_a_row_is_the_number(values: list[int]) -> None:
    rows = limbs.rows(values, limbs.width(values))
    assert [limbs.number(row) for row in rows] == values
    tops, words = limbs.words(values, limbs.width(values))
    assert list(tops) == [int(row[0]) for row in rows]
    assert (words[:, 1:].astype(np.int64) == rows[:, 1:]).all()


def sign(value: int) -> int:
    return (value > 0) - (value < 0)


@settings(max_examples=400, deadline=None)
@given(numbers, numbers, numbers, numbers, numbers, numbers)
def test_signs_and_comparisons_are_pythons(a: int, b: int, c: int, d: int, e: int, f: int) -> None:
    rows = as_rows(a, b, c, d, e, f)
    ra, rb, _, rd, re_, _ = rows
    assert limbs.compare(ra, rb) == sign(a - b)
    tops, words = limbs.words([c, f], rows.shape[1])
    assert limbs.sign3w(ra, rb, tops[0], words[0]) == sign(a + b - c)
    assert limbs.sign6w(ra, rb, tops[0], words[0], rd, re_, tops[1], words[1]) == sign(a + b - c - (d + e - f))


@settings(max_examples=300, deadline=None)
@given(numbers, numbers, numbers)
def test_sums_and_halves_are_pythons(a: int, b: int, c: int) -> None:
    rows = as_rows(a, b, c, 2 * (abs(a) + abs(b) + abs(c)))
    out = np.zeros(rows.shape[1], np.int64)
    tops, words = limbs.words([c], rows.shape[1])
    limbs.slack_intow(out, rows[0], rows[1], tops[0], words[0])
    assert limbs.number(out) == a + b - c
    moved = rows[0].copy()
    limbs.add_into(moved, rows[1], -1)
    assert limbs.number(moved) == a - b
    limbs.add_into(moved, rows[2], 1)
    assert limbs.number(moved) == a - b + c
    halved = rows[0].copy()
    limbs.halve(halved)
    assert limbs.number(halved) == a // 2
