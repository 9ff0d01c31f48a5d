"""The engine's sort of its candidate pairs and its count of them by score level (``compute_hamilton``), worked
out by fidedesk over columns (issue 28: seven seconds of a 2,000-player round, and four of its sort), held to
gacrux's own code: on synthetic pairs (hypothesis), where gacrux's is run beside with a stand-in for the engine's
``is_complete`` that records every question asked, and on generated events with byes, forfeits, withdrawals and
late entries, every round."""

from __future__ import annotations

import types
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fidedesk.engine import dutch, progress
from fidedesk.engine.dutch import dutch_engine
from fidedesk.engine.dutch_records import hamilton

from .test_dutch import brackets
from .test_pairing_generated import rounds_of, texts


class Asked:
    """A stand-in for the engine: its ``levels`` and ``checkonly``, and an ``is_complete`` that records each
    question (the players' ids, the pairs' identities, the counts, weight and pab) and answers with figures of
    them, so that a question asked differently answers differently."""

    def __init__(self, levels: int, checkonly: bool = False) -> None:
        self.levels, self.checkonly, self.pablevel = levels, checkonly, 5
        self.asked: list[tuple[Any, ...]] = []

    def is_complete(
        self, nodes: Any, edges: Any, weight: bool = True, hist: Any = None, pab: bool = False
    ) -> tuple[int, int, int]:
        pairs = None if edges is None else tuple(id(edge) for edge in edges)
        self.asked.append((tuple(node["cid"] for node in nodes), pairs, list(hist), weight, pab))
        if pab:
            self.pablevel = len(nodes)
        return (len(nodes), sum(hist) % 5, len(hist) - (0 if edges is None else len(edges)))


@st.composite
def counted_pairs(draw: st.DrawFn) -> tuple[int, list[dict[str, Any]], list[dict[str, Any]]]:
    """Players with score levels (levels passed over among them, as the engine's are after a round of upsets)
    sorted from the top down as the engine lists them, and pairs of them in any order, each with its players'
    levels; now and then something the engine never makes (a level out of range, a player not listed, a level
    not the player's)."""
    levels = draw(st.integers(1, 6))
    count = draw(st.integers(0, 14))
    nodes = [{"cid": cid, "scorelevel": draw(st.integers(0, levels - 1))} for cid in range(1, count + 1)]
    nodes.sort(key=lambda node: -node["scorelevel"])
    if draw(st.booleans()) and count > 1:
        nodes = draw(st.permutations(nodes))  # out of the engine's order
    edges = []
    for _ in range(draw(st.integers(0, 30)) if count > 1 else 0):
        first, second = draw(st.lists(st.sampled_from(nodes), min_size=2, max_size=2, unique_by=lambda n: n["cid"]))
        edges.append({"ca": first["cid"], "cb": second["cid"], "sa": first["scorelevel"], "sb": second["scorelevel"]})
    if edges and draw(st.integers(0, 4)) == 0:
        odd = draw(st.sampled_from(edges))
        entry = draw(st.sampled_from(["ca", "sa", "sb"]))
        odd[entry] = draw(st.sampled_from([count + 3, levels, odd[entry] + 1, odd[entry] - 1]))
    return levels, nodes, edges


def gacrux_hamilton(engine: Any, nodes: Any, edges: Any) -> Any:
    from gacrux.pairingdutch import pairing_dutch  # type: ignore[import-untyped]

    return pairing_dutch.compute_hamilton(engine, nodes, edges)


@settings(max_examples=500, deadline=None)
@given(counted_pairs(), st.booleans())
def test_the_count_by_score_level_asks_and_answers_as_gacruxs_own(
    case: tuple[int, list[dict[str, Any]], list[dict[str, Any]]], checkonly: bool
) -> None:
    """The same questions to ``is_complete`` in the same order (the same players, the same pairs in the same
    order, the same counts), the same answer and ``pablevel``; and exactly where gacrux's own fails (a pair
    gacrux never makes), none, before any question: the engine then runs gacrux's own, which fails as it does."""
    levels, nodes, edges = case
    theirs, ours = Asked(levels, checkonly), Asked(levels, checkonly)
    try:
        expected = gacrux_hamilton(theirs, nodes, edges)
    except (KeyError, NameError, IndexError):
        expected = None
    counted = hamilton(ours, nodes, list(edges))
    assert (counted is None) == (expected is None), "gacrux's own run instead exactly where it fails"
    if counted is None:
        assert not ours.asked, "nothing asked before handing over to gacrux's own"
        return
    assert counted == expected and [list(level) for level in counted] == [list(level) for level in expected]
    assert ours.asked == theirs.asked and ours.pablevel == theirs.pablevel


def test_the_count_is_its_own_for_every_pair_the_engine_makes() -> None:
    """The columns' count runs (no fallback) for the pairs as the engine makes them: a level between 1 and the
    levels, every player listed."""
    nodes = [{"cid": 3, "scorelevel": 2}, {"cid": 1, "scorelevel": 1}, {"cid": 2, "scorelevel": 1}]
    nodes.append({"cid": 4, "scorelevel": 0})
    level = {node["cid"]: node["scorelevel"] for node in nodes}
    edges = [{"ca": a, "cb": b, "sa": level[a], "sb": level[b]} for a, b in ((1, 2), (3, 1), (2, 3), (2, 4))]
    ours, theirs = Asked(3), Asked(3)
    assert hamilton(ours, nodes, edges) == gacrux_hamilton(theirs, nodes, edges)
    assert ours.asked == theirs.asked and len(ours.asked) >= 4
    checking = Asked(3, checkonly=True)
    assert hamilton(checking, nodes, edges) == [{}, {}, {}] and checking.pablevel == -1, "nothing counted to check"
    assert hamilton(Asked(3), nodes, [{**edges[0], "sa": 0, "sb": 0}]) is None, "a level-0 pair: gacrux's own"


PAIR_KEYS = st.fixed_dictionaries(
    {"sa": st.integers(0, 4), "sb": st.integers(0, 4), "ca": st.integers(0, 9), "cb": st.integers(0, 9)}
)


@settings(max_examples=300, deadline=None)
@given(st.lists(PAIR_KEYS, max_size=60), st.integers(1, 7))
def test_the_pairs_that_can_meet_sorted_as_gacrux_sorts_them(pairs: list[dict[str, Any]], chunk: int) -> None:
    """``list_edges``: the pairs that can meet, in gacrux's order (lower level down, higher level down, the two
    players up), ties in the order listed: every pair in gacrux's place, read in chunks of any size."""
    from gacrux.pairingdutch import pairing_dutch

    for number, pair in enumerate(pairs):
        pair["canmeet"] = number % 5 != 3
    blob = {"canmeet": True, "sa": 0, "sb": 0, "ca": 0, "cb": 0}  # each line's last: left out by gacrux
    lines = [[*pairs[first : first + 6], blob] for first in range(0, 60, 6)]
    opponents = [[{}] * (index + 1) + line for index, line in enumerate(lines)]
    engine = types.SimpleNamespace()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(progress, "_COLUMNS_EVERY", chunk)
        ours = dutch_engine().list_edges(engine, opponents)
    theirs = pairing_dutch.list_edges(engine, opponents)
    assert [id(pair) for pair in ours] == [id(pair) for pair in theirs]


def test_a_key_the_columns_disagree_with_is_sorted_by_the_engine_s_own() -> None:
    """Should gacrux's key be another than the columns' (another gacrux), the sort finds it out and sorts by
    gacrux's key; records whose figures are not integers are sorted by gacrux's key too."""
    pairs = [{"sa": n % 3, "sb": n % 2, "ca": n, "cb": 20 - n} for n in range(20)]
    sort = progress.fields_sorted(dutch._EDGE_FIELDS, dutch._edges_order)
    other_key = lambda pair: (pair["cb"] % 4, pair["ca"])  # noqa: E731
    assert sort(pairs, key=other_key) == sorted(pairs, key=other_key)
    halves = [{**pair, "sa": pair["sa"] / 2} for pair in pairs]
    key = lambda pair: (-min(pair["sa"], pair["sb"]), -max(pair["sa"], pair["sb"]), pair["ca"], pair["cb"])  # noqa: E731
    assert sort(halves, key=key) == sorted(halves, key=key)


def test_the_sorted_pairs_columns_are_read_once_for_the_count(monkeypatch: pytest.MonkeyPatch) -> None:
    """The count reads the columns of the pairs the sort has just ordered (two million records read once, not
    twice, at 2,000 players), only for that very list, and lets them go."""
    pairs = [{"sa": 1 + n % 3, "sb": 1 + n % 2, "ca": n, "cb": 40 - n} for n in range(40)]
    sort = progress.fields_sorted(dutch._EDGE_FIELDS, dutch._edges_order)
    key = lambda pair: (-min(pair["sa"], pair["sb"]), -max(pair["sa"], pair["sb"]), pair["ca"], pair["cb"])  # noqa: E731
    done = sort(pairs, key=key)
    kept = progress._WITHIN.columns
    assert kept is not None and kept[0] is done
    columns = progress.read_columns(done, dutch._EDGE_FIELDS)
    assert columns is kept[2] and progress._WITHIN.columns is None, "the sort's columns, let go"
    assert [list(column) for column in columns] == [[pair[name] for pair in done] for name in dutch._EDGE_FIELDS]
    sort(pairs, key=key)
    other = list(done)
    again = progress.read_columns(other, dutch._EDGE_FIELDS)
    assert again is not None and progress._WITHIN.columns is None
    assert [list(column) for column in again] == [list(column) for column in columns], "another list: read anew"


def test_the_counts_on_generated_events_are_gacruxs_every_round(monkeypatch: pytest.MonkeyPatch) -> None:
    """On generated events with byes, forfeits, withdrawals and late entries, every round: each count by score
    level the engine makes is gacrux's own on the same pairs (worked out beside it), and was made over columns."""
    made: list[bool] = []
    own_hamilton = hamilton

    def checked(engine: Any, nodes: Any, edges: Any) -> Any:
        was = engine.pablevel if hasattr(engine, "pablevel") else None
        counted = own_hamilton(engine, nodes, edges)
        ours = engine.pablevel
        engine.pablevel = was
        expected = gacrux_hamilton(engine, nodes, edges)
        made.append(counted is not None)
        if counted is not None:
            assert counted == expected and engine.pablevel == ours
        return counted

    monkeypatch.setattr(dutch, "hamilton", checked)
    for index in (0, 3, 8, 14, 19, 24):
        text = texts()[index]
        for round_ in range(2, rounds_of(text) + 1):
            brackets(dutch_engine(), text, round_)
    assert made and all(made), "every count over columns"
