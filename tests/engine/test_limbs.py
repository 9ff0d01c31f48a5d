"""The compiled matching's numbers (engine/matching/limbs.py) against Python's integers: every figure exact, every sign
and comparison the one Python gives, however wide the numbers and wherever two of them first differ."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fidedesk.engine.matching import jit_compare, jit_state, limbs
from fidedesk.io.user_folders import UserFolder, user_folder

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
    assert ((rows[:, 1:] >= 0) & (rows[:, 1:] < limbs.BASE)).all(), "normalised: every limb but the first"


def test_rows_made_a_few_thousand_at_a_time_are_the_numbers(monkeypatch: Any) -> None:
    monkeypatch.setattr(limbs, "CHUNK", 3)
    values = [(-1) ** k * 5**k * 7**1000 for k in range(10)]
    assert [limbs.number(row) for row in limbs.rows(values, limbs.width(values))] == values


def sign(value: int) -> int:
    return (value > 0) - (value < 0)


@settings(max_examples=400, deadline=None)
@given(numbers, numbers, numbers, numbers, numbers, numbers)
def test_signs_and_comparisons_are_pythons(a: int, b: int, c: int, d: int, e: int, f: int) -> None:
    rows = as_rows(a, b, c, d, e, f)
    assert limbs.compare(rows[0], rows[1]) == sign(a - b)
    assert limbs.sign3(rows, 0, 1, rows, 2) == sign(a + b - c)
    assert limbs.sign6(rows, 0, 1, rows, 2, 3, 4, 5) == sign(a + b - c - (d + e - f))
    for low in (-1, 0, 1):
        assert limbs.sign6_low(rows, 0, 1, rows, 2, 3, 4, 5, low) == sign(a + b - c - (d + e - f) + low)


@settings(max_examples=300, deadline=None)
@given(numbers, numbers, numbers, numbers, st.integers(-3, 3), st.integers(-3, 3))
def test_slacks_and_halved_slacks_are_compared_as_pythons(a: int, b: int, c: int, d: int, x: int, y: int) -> None:
    """The matching's comparisons of two edges' slacks, ``dual[v] + dual[w] - weight``, whole and halved (floor),
    with equal duals told by their classes and each vertex's dual read from the row ``drow`` gives it; the second
    edge's weight a few units off the first's, so that the two are often equal or one apart (odd and even)."""
    numbers = [a, b, c, d, a + x, b + y, a + b - 7, c + d, a + b - 7 + x]
    both = limbs.rows(numbers, limbs.width(numbers) + 1)  # duals and weights as wide, as in the matching
    duals, weights = both[:6], both[6:]
    wrank = np.zeros(len(weights), np.int64)
    limbs.ranks(weights, wrank)
    wrank = 2 * wrank + (weights[:, -1] & 1)  # as jit_state's state holds them
    wmat = np.array([[-1, 0, -1, -1, 2, -1], [0, -1, -1, -1, -1, 2], [-1, -1, -1, 1, -1, -1],
                     [-1, -1, 1, -1, -1, -1], [2, -1, -1, -1, -1, 0], [-1, 2, -1, -1, 0, -1]], np.int32)  # fmt: skip
    slacks = {(0, 1): 7, (2, 3): 0, (4, 5): x + y + 7, (0, 4): a - b + 7, (1, 5): b - a + 7 + y - x}
    # each vertex's dual read from the row drow gives it: its own, or the rows in another order
    held = [(duals, np.arange(6)), (duals[::-1].copy(), np.arange(5, -1, -1))]
    for dclass in (np.arange(6), np.array([0, 1, 2, 3, 0 if x == 0 else 4, 1 if y == 0 else 5])):
        for rows, drow in held:
            for (v, w), first in slacks.items():
                for (p, q), second in slacks.items():
                    assert jit_state.slack_less(wmat, weights, rows, dclass, drow, v, w, p, q, wrank) == (
                        first < second
                    )
                    assert jit_state.half_less(wmat, weights, rows, dclass, drow, v, w, p, q, wrank) == (
                        first // 2 < second // 2
                    )


@settings(max_examples=300, deadline=None)
@given(st.lists(numbers, min_size=1, max_size=40), st.data())
def test_places_and_remainders_are_pythons(values: list[int], data: st.DataObject) -> None:
    """Each weight's place in the weights' order (equal numbers at one place) and each number's remainder by the
    prime, as Python's; the numbers often equal or alike in their top limbs, so that the order is settled far
    down (the slack comparisons and the slack-0 test of the matching rest on these)."""
    values += data.draw(st.lists(st.sampled_from(values), max_size=10))  # equal numbers among them
    rows = limbs.rows(values, limbs.width(values) + 1)
    places = np.zeros(len(values), np.int64)
    limbs.ranks(rows, places)
    distinct = sorted(set(values))
    assert places.tolist() == [distinct.index(value) for value in values]
    remainders = np.zeros(len(values), np.int64)
    limbs.remainders(rows, remainders)
    assert remainders.tolist() == [value % limbs.PRIME for value in values]
    v, w, k = data.draw(st.tuples(*[st.integers(0, len(values) - 1)] * 3))
    # the remainders never say "not 0" of a slack that is 0 (here made so: the weight the two duals' sum)
    zero = limbs.rows([values[v], values[w], values[v] + values[w]], limbs.width(values) + 2)
    zero_rem = np.zeros(3, np.int64)
    limbs.remainders(zero, zero_rem)
    assert limbs.maybe_zero(zero_rem, 0, 1, zero_rem.astype(np.int32), 2)
    if (values[v] + values[w] - values[k]) % limbs.PRIME:
        assert not limbs.maybe_zero(remainders, v, w, remainders.astype(np.int32), k)


@settings(max_examples=300, deadline=None)
@given(numbers, numbers, numbers)
def test_sums_and_halves_are_pythons(a: int, b: int, c: int) -> None:
    rows = as_rows(a, b, c, 2 * (abs(a) + abs(b) + abs(c)))
    out = np.zeros(rows.shape[1], np.int64)
    limbs.slack_into(out, rows[0], rows[1], rows[2])
    assert limbs.number(out) == a + b - c
    table = rows.copy()
    limbs.add_row(table, 0, rows, 1, -1)
    assert limbs.number(table[0]) == a - b
    limbs.add_row(table, 0, rows, 2, 1)
    assert limbs.number(table[0]) == a - b + c
    assert ((table[:, 1:] >= 0) & (table[:, 1:] < limbs.BASE)).all(), "normalised: every limb but the first"
    halved = rows[0].copy()
    limbs.halve(halved)
    assert limbs.number(halved) == a // 2


def test_the_frozen_app_keeps_what_numba_compiled_in_the_users_cache() -> None:
    """Not in the app's own folder (read-only under Program Files, a signed bundle on macOS): the user's cache."""
    assert limbs.numba_cache_folder() == user_folder(UserFolder.CACHE) / "numba"


MERSENNE = (1 << 61) - 1  # Python hashes an integer as its remainder by this: numbers this far apart are twins


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.integers(-(1 << 3000), 1 << 3000) | st.integers(-(1 << 70), 1 << 70), min_size=1, max_size=25),
    st.data(),
)
def test_a_table_numbers_each_number_once_and_writes_it_exactly(pool: list[int], data: st.DataObject) -> None:
    """Issue 28: a big pass's weights kept as rows as they come: equal numbers one number, different ones (twins
    of the same hash among them) different, each row the number (as rows() writes it, however the table grew),
    whether a number met again is among those met lately or only in the rows, written or still waiting."""
    pool += [number + MERSENNE * k for number in pool[:3] for k in (-2, 1, 5)]
    given = data.draw(st.lists(st.sampled_from(pool), min_size=1, max_size=60))
    table = limbs.Table(len(given))
    table.CHUNK = data.draw(st.sampled_from([1, 2, 5, limbs.Table.CHUNK]))
    table.RECENT = data.draw(st.sampled_from([1, 3, limbs.Table.RECENT]))
    numbers = [table.add(number) for number in given]
    distinct = list(dict.fromkeys(given))
    assert numbers == [distinct.index(number) for number in given]
    assert [table.number(index) for index in range(table.count)] == distinct
    written = table.written()
    assert written.shape == (len(distinct), limbs.width(distinct))
    assert (written == limbs.rows(distinct, limbs.width(distinct))).all()
    assert table.written() is written and [table.number(index) for index in range(table.count)] == distinct
    with pytest.raises(ValueError):
        table.add(given[0])


def test_a_table_holds_no_more_than_its_room() -> None:
    table = limbs.Table(2)
    assert [table.add(5), table.add(-5), table.add(5)] == [0, 1, 0]
    with pytest.raises(IndexError):
        table.add(7)


@settings(max_examples=300, deadline=None)
@given(st.lists(numbers, min_size=2, max_size=6), st.lists(numbers, min_size=2, max_size=6), st.data())
def test_slacks_at_one_end_alike_are_compared_as_pythons(duals: list[int], weights: list[int], data: Any) -> None:
    """jit_compare's comparison of slack(v, w) and slack(p, q) where w's and q's duals are equal: ``d[v] - weight``
    against ``d[p] - weight``, as Python's, through one row's kept signs of duals (a vertex's dual less another
    class's, read once a row and read again in the next) and, where the signs and the weights' order disagree, the
    limbs (sign4). The duals often equal (one class) and the weights often a few units apart."""
    duals += [duals[0] + data.draw(st.integers(-2, 2)), duals[1]]
    weights += [weights[0] + data.draw(st.integers(-2, 2)), duals[0] - duals[1] + weights[1]]
    both = limbs.rows(duals + weights, limbs.width(duals + weights) + 1)
    d, w = both[: len(duals)], both[len(duals) :]
    wrank = np.zeros(len(weights), np.int64)
    limbs.ranks(w, wrank)
    wrank = 2 * wrank + (w[:, -1] & 1)
    dclass = np.array([duals.index(value) for value in duals], np.int64)  # one class for equal duals
    drow = np.arange(len(duals), dtype=np.int64)
    champ = np.full((8, 1 << (2 * len(duals)).bit_length()), -1, np.int64)
    for mark, v in enumerate(data.draw(st.lists(st.sampled_from(range(len(duals))), min_size=1, max_size=4)), 1):
        for p in range(len(duals)):
            for kv in range(len(weights)):
                for kp in range(len(weights)):
                    expected = duals[v] - weights[kv] < duals[p] - weights[kp]
                    less = jit_compare.less_by_one_end(champ, d, drow, dclass, w, wrank, mark, v, kv, p, kp)
                    assert less == expected, (v, p, kv, kp)
                    sign = limbs.sign4(d, v, w, kv, p, kp)
                    assert sign == (duals[v] - weights[kv] > duals[p] - weights[kp]) - expected
