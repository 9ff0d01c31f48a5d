"""The engine's sort of its candidate pairs, its count of them by score level (``compute_hamilton``) and its picks
of pairs (``get_edges``), worked out by fidedesk over columns (issue 28: seven, four and three seconds of a
2,000-player round), held to
gacrux's own code: on synthetic pairs (hypothesis), where gacrux's is run beside with a stand-in for the engine's
``is_complete`` that records every question asked, and on generated events with byes, forfeits, withdrawals and
late entries, every round."""

from __future__ import annotations

import types
from typing import Any

import numpy
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fidedesk.engine import columns, dutch, pair_table, progress
from fidedesk.engine.dutch import dutch_engine
from fidedesk.engine.pair_table import hamilton

from .test_dutch import brackets
from .test_pairing_generated import rounds_of, texts


@pytest.fixture(autouse=True, scope="module")
def columns_for_every_list() -> Any:
    """The columns' sort, count and picks for lists of every length (they are for 20,000 pairs or more: the
    events here are small)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(progress, "COLUMNS_FROM", 0)
        patch.setattr(pair_table, "PICKED_FROM", 0)
        yield


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
    order, the same counts), the same answer and ``pablevel``; and where gacrux's own fails, none, before any
    question: the engine then runs gacrux's own, which fails as it does. For pairs as the engine makes them
    (each with its players' levels), none exactly there."""
    levels, nodes, edges = case
    theirs, ours = Asked(levels, checkonly), Asked(levels, checkonly)
    try:
        expected = gacrux_hamilton(theirs, nodes, edges)
    except (KeyError, NameError, IndexError):
        expected = None
    counted = hamilton(ours, nodes, list(edges))
    level = {node["cid"]: node["scorelevel"] for node in nodes}
    as_made = all(level.get(edge["ca"]) == edge["sa"] and level.get(edge["cb"]) == edge["sb"] for edge in edges)
    if as_made or expected is None:
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
    sort = columns.fields_sorted(dutch._EDGE_FIELDS, dutch._edges_order)
    other_key = lambda pair: (pair["cb"] % 4, pair["ca"])  # noqa: E731
    assert sort(pairs, key=other_key) == sorted(pairs, key=other_key)
    halves = [{**pair, "sa": pair["sa"] / 2} for pair in pairs]
    key = lambda pair: (-min(pair["sa"], pair["sb"]), -max(pair["sa"], pair["sb"]), pair["ca"], pair["cb"])  # noqa: E731
    assert sort(halves, key=key) == sorted(halves, key=key)


def test_the_sorted_pairs_columns_are_read_once_for_the_count() -> None:
    """The count reads the columns of the pairs the sort has just ordered (two million records read once, not
    twice, at 2,000 players), only for that very list; a list of the same records that is another list, or a
    list changed since, is read anew; at most KEPT_LISTS lists are kept, and all are let go."""
    pairs = [{"sa": 1 + n % 3, "sb": 1 + n % 2, "ca": n, "cb": 40 - n} for n in range(40)]
    sort = columns.fields_sorted(dutch._EDGE_FIELDS, dutch._edges_order)
    key = lambda pair: (-min(pair["sa"], pair["sb"]), -max(pair["sa"], pair["sb"]), pair["ca"], pair["cb"])  # noqa: E731
    done = sort(pairs, key=key)
    kept = columns.kept_columns(done, dutch._EDGE_FIELDS)
    again = columns.read_columns(done, dutch._EDGE_FIELDS)
    assert kept is not None and again is not None and all(a is b for a, b in zip(again, kept, strict=True))
    assert [list(column) for column in kept] == [[pair[name] for pair in done] for name in dutch._EDGE_FIELDS]
    assert columns.kept_columns(list(done), dutch._EDGE_FIELDS) is None, "another list"
    assert columns.kept_columns(done[1:], ("ca",)) is None
    done[4] = {**done[0]}
    assert columns.kept_columns(done, dutch._EDGE_FIELDS) is None, "a record changed, where it is looked at"
    columns.let_go_columns(done, keep=("ca",))
    assert columns.kept_columns(done, ("sa",)) is None
    lists = [[{"ca": n, "cb": n}] for n in range(columns.KEPT_LISTS + 1)]
    for listed in lists:
        columns.keep_columns(listed, ("ca", "cb"), [numpy.array([listed[0]["ca"]])] * 2)
    assert columns.kept_columns(lists[0], ("ca",)) is None, "the oldest let go"
    assert all(columns.kept_columns(listed, ("cb",)) is not None for listed in lists[1:])
    columns.let_go_columns()
    assert all(columns.kept_columns(listed, ("cb",)) is None for listed in lists)


def test_the_counts_on_generated_events_are_gacruxs_every_round(monkeypatch: pytest.MonkeyPatch) -> None:
    """On generated events with byes, forfeits, withdrawals and late entries, every round, the columns' list, sort,
    count and picks used for every list (not only from 20,000 pairs): each count by score level the engine makes is
    gacrux's own on the same pairs (worked out beside it), made over columns, and every bracket is paired as by
    the unchanged engine."""
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

    from gacrux.pairingdutch import pairing_dutch

    monkeypatch.setattr(dutch, "hamilton", checked)
    listed_here: list[bool] = []

    def listing(opponents: Any, key_columns: Any) -> Any:
        made = pair_table.listed(opponents, key_columns)
        listed_here.append(made is not None)
        return made

    monkeypatch.setattr(dutch, "listed", listing)
    for index in (0, 3, 8, 14, 19, 24):
        text = texts()[index]
        for round_ in range(2, rounds_of(text) + 1):
            ours, theirs = brackets(dutch_engine(), text, round_), brackets(pairing_dutch, text, round_)
            assert [[(p["w"], p["b"]) for p in bracket["pairs"]] for bracket in ours] == [
                [(p["w"], p["b"]) for p in bracket["pairs"]] for bracket in theirs
            ], f"tournament {index} round {round_}"
    assert made and all(made), "every count over columns"
    assert listed_here and all(listed_here), "every list from the table's columns"


class Picking:
    """A stand-in for the engine where ``get_edges`` runs: its crosstable's BLOB and gacrux's binary search."""

    def __init__(self, blob: int) -> None:
        from gacrux.pairingdutch import pairing_dutch

        self.crosstable = types.SimpleNamespace(BLOB=blob)
        self.edgeBinarySearch = types.MethodType(pairing_dutch.edgeBinarySearch, self)


@st.composite
def picks(draw: st.DrawFn) -> tuple[list[dict[str, Any]], list[list[dict[str, Any]]], Any]:
    """Pairs of players 1-12 (levels 0-4, sorted as the engine lists them: lower level down, higher level down,
    then the players), and three groups of players to pick pairs of in turn, each from the pairs picked before;
    a condition or none."""
    levels = {cid: draw(st.integers(0, 4)) for cid in range(1, 13)}
    pairs = [
        {"ca": a, "cb": b, "sa": levels[a], "sb": levels[b], "canmeet": draw(st.booleans())}
        for a in range(1, 13)
        for b in range(a + 1, 13)
        if draw(st.integers(0, 3))
    ]
    pairs.sort(key=lambda p: (-min(p["sa"], p["sb"]), -max(p["sa"], p["sb"]), p["ca"], p["cb"]))
    groups = []
    for _ in range(3):
        cids = draw(st.lists(st.integers(1, 12), unique=True, max_size=12))
        groups.append(sorted(({"cid": cid, "scorelevel": levels[cid]} for cid in cids), key=lambda n: -n["scorelevel"]))
    return pairs, groups, draw(st.sampled_from([None, "canmeet"]))


@settings(max_examples=300, deadline=None)
@given(picks(), st.booleans())
def test_pairs_picked_over_columns_are_gacruxs_picks(case: Any, read: bool) -> None:
    """``get_edges``: the pairs of the players given, picked over the columns of the pairs' players (read from a
    long list, or kept from the pick before), are gacrux's own pick, pair for pair and in order, pick after pick
    from the pairs picked before."""
    from gacrux.pairingdutch import pairing_dutch

    pairs, groups, condition = case
    engine = Picking(13)
    ours, theirs = pairs, pairs
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(pair_table, "PICKED_FROM", 0 if read else 10**9)
        for nodes in groups:
            ours = dutch_engine().get_edges(engine, nodes, ours, condition)
            theirs = pairing_dutch.get_edges(engine, nodes, theirs, condition)
            assert [id(pair) for pair in ours] == [id(pair) for pair in theirs]
            if read and ours:
                assert columns.kept_columns(ours, ("ca", "cb")) is not None, "the pick's columns kept"
    columns.let_go_columns()


@settings(max_examples=300, deadline=None)
@given(picks(), st.lists(st.integers(-2, 14), max_size=6), st.booleans())
def test_pairs_picked_by_first_and_second_player_are_gacruxs_picks(case: Any, odd: list[int], read: bool) -> None:
    """``get_modifiededges``: the pairs whose first player is of one group and second of another, picked over the
    columns of the pairs' players (read from a long list, or kept from the pick before), are gacrux's own pick,
    pair for pair and in order, pick after pick; ids that are no place among gacrux's flags (below 0, past BLOB)
    leave the pick to gacrux's own, which raises or wraps round as it does."""
    from gacrux.pairingdutch import pairing_dutch

    pairs, groups, _ = case
    engine = Picking(13)
    ours, theirs = pairs, pairs
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(pair_table, "PICKED_FROM", 0 if read else 10**9)
        for first, second in zip(groups, [*groups[1:], groups[0]], strict=True):
            ids = [node["cid"] for node in first], [node["cid"] for node in second] + odd
            try:
                theirs = pairing_dutch.get_modifiededges(engine, *ids, theirs)
            except IndexError:
                with pytest.raises(IndexError):
                    dutch_engine().get_modifiededges(engine, *ids, ours)
                break
            ours = dutch_engine().get_modifiededges(engine, *ids, ours)
            assert [id(pair) for pair in ours] == [id(pair) for pair in theirs]
            if read and ours and all(0 <= cid <= 13 for cid in odd):
                assert columns.kept_columns(ours, ("ca", "cb")) is not None, "the pick's columns kept"
    columns.let_go_columns()


def test_a_big_pass_keeps_its_own_pairs_columns() -> None:
    """A pass over a big bracket lets go of the columns kept (the peak is its own) but those of the pairs it picks
    from again (read anew: a second at 2,000 players)."""
    lists = [[{"ca": n, "cb": n}] for n in range(3)]
    for listed in lists:
        columns.keep_columns(listed, ("ca", "cb"), [numpy.array([listed[0]["ca"]])] * 2)
    columns.let_go_columns(but=lists[1])
    assert [columns.kept_columns(listed, ("ca", "cb")) is not None for listed in lists] == [False, True, False]
    columns.let_go_columns(but=[{"ca": 1, "cb": 1}])
    assert columns.kept_columns(lists[1], ("ca",)) is None, "another list, though alike"


def test_a_pick_with_a_player_past_the_flags_is_gacruxs_own() -> None:
    """A pair whose player is no place among gacrux's flags (an id past BLOB) is left to gacrux's own pick, which
    fails as it does; so is a list too short to read whose columns are not known."""
    pairs = [{"ca": 1, "cb": 20, "sa": 1, "sb": 1}, {"ca": 1, "cb": 2, "sa": 1, "sb": 1}]
    columns.keep_columns(pairs, ("ca", "cb"), [numpy.array([1, 1]), numpy.array([20, 2])])
    assert pair_table.picked(pairs, 2, [1, 2], 13, None) is None
    columns.let_go_columns()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(pair_table, "PICKED_FROM", 3)
        assert pair_table.picked(pairs[1:], 1, [1, 2], 13, None) is None, "short, and no columns kept"


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 3), st.integers(0, 3)), max_size=40), st.integers(-1, 3), st.booleans())
def test_the_pairs_left_by_the_bye_are_gacruxs(pairs: list[tuple[int, int]], pab: int, kept: bool) -> None:
    """``find_pab``'s last pick (the bye's dummy's pairs left out but those at the bye's level) over the columns
    kept of the pairs, as gacrux's own picks them; none where the columns are not kept."""
    edges = [{"ca": ca, "cb": ca + 1, "sb": sb} for ca, sb in pairs]
    if kept:
        columns.keep_columns(
            edges, ("ca", "cb", "sb"), [numpy.array([e[n] for e in edges], numpy.int64) for n in ("ca", "cb", "sb")]
        )
    left = pair_table.with_the_bye_at(edges, pab)
    columns.let_go_columns()
    if not kept:
        assert left is None
        return
    assert left is not None
    assert [id(edge) for edge in left] == [id(edge) for edge in edges if edge["ca"] != 0 or edge["sb"] == pab]


@pytest.mark.parametrize("reported", [False, True])
def test_no_list_of_pairs_is_kept_after_a_pairing(reported: bool) -> None:
    """The columns kept hold their lists, and so the engine's records: none is kept once the pairing is made,
    whether its progress is reported or not (the records would outlive the engine until the next pairing)."""
    from fidedesk.engine.pairing import pair_round

    from .test_pairing_generated import before, events

    pair_round(before(events()[0], 3), progress=(lambda done, total, note="": False) if reported else None)
    assert not getattr(progress._WITHIN, "kept", [])


@st.composite
def tables(draw: st.DrawFn) -> list[list[dict[str, Any]]]:
    """The engine's table of pairs as gacrux's ``crosstable.list_edges`` makes it: a row for each player and the
    bye's dummy (the last), the record of players ``i <= j`` at ``[i][j]`` and ``[j][i]``, holding their ids
    and score levels and whether they can meet."""
    size = draw(st.integers(1, 14))
    levels = [draw(st.integers(0, 4)) for _ in range(size + 1)]
    table: list[list[dict[str, Any]]] = [[{}] * (size + 1) for _ in range(size + 1)]
    for j in range(size + 1):
        for i in range(j + 1):
            meet = draw(st.sampled_from([True, False, 0, 1]))
            table[i][j] = table[j][i] = {"ca": i, "cb": j, "sa": levels[i], "sb": levels[j], "canmeet": meet}
    return table


@settings(max_examples=300, deadline=None)
@given(tables(), st.integers(1, 7))
def test_the_pairs_listed_from_the_table_are_gacruxs(table: list[list[dict[str, Any]]], chunk: int) -> None:
    """``list_edges`` over the table's columns (the players and levels known from the records' places, only
    ``canmeet`` read from each): gacrux's list, pair for pair and in order, gathered in chunks of any size, with
    the listed pairs' columns kept for the count."""
    from gacrux.pairingdutch import pairing_dutch

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(progress, "_COLUMNS_EVERY", chunk)
        ours = pair_table.listed(table, dutch._edges_order)
    theirs = pairing_dutch.list_edges(types.SimpleNamespace(), table)
    assert ours is not None and [id(pair) for pair in ours] == [id(pair) for pair in theirs]
    if not ours:
        return
    kept = columns.kept_columns(ours, dutch._EDGE_FIELDS)
    assert kept is not None
    assert [list(column) for column in kept] == [[pair[name] for pair in ours] for name in dutch._EDGE_FIELDS]
    columns.let_go_columns()


def test_a_table_not_as_gacrux_makes_it_is_listed_by_gacruxs_own() -> None:
    """A table with a row of another length, a level that is not an integer, or a record whose players are not
    those of its place is left to gacrux's own listing."""
    size = 6

    def table() -> list[list[dict[str, Any]]]:
        made: list[list[dict[str, Any]]] = [[{}] * (size + 1) for _ in range(size + 1)]
        for j in range(size + 1):
            for i in range(j + 1):
                made[i][j] = made[j][i] = {"ca": i, "cb": j, "sa": i % 3, "sb": j % 3, "canmeet": True}
        return made

    assert pair_table.listed(table(), dutch._edges_order) is not None
    short = table()
    short[2] = short[2][:-1]
    halves = table()
    halves[3][3] = {**halves[3][3], "sa": 1.5}
    swapped = table()
    swapped[0][1] = swapped[1][0] = {**swapped[0][1], "ca": 1, "cb": 0}
    for odd in (short, halves, swapped):
        assert pair_table.listed(odd, dutch._edges_order) is None
    columns.let_go_columns()


@settings(max_examples=300, deadline=None)
@given(counted_pairs(), st.booleans())
def test_who_has_met_is_counted_as_gacrux_counts_it(case: Any, kept: bool) -> None:
    """``compute_whohasmet_histogram``: each player's pairs among those given, counted over the columns kept of
    the pairs' players; none where they are not kept, or where a pair's player is not among the players (gacrux's
    own then fails as it does)."""
    from gacrux.pairingdutch import pairing_dutch

    _, nodes, edges = case
    if kept:
        columns.keep_columns(
            edges, ("ca", "cb"), [numpy.array([e[n] for e in edges], numpy.int64) for n in ("ca", "cb")]
        )
    ours = pair_table.who_has_met(nodes, edges)
    columns.let_go_columns()
    try:
        theirs = pairing_dutch.compute_whohasmet_histogram(None, nodes, edges)
    except KeyError:
        assert ours is None
        return
    assert ours == (theirs if kept else None)


def test_whether_two_can_meet_is_gacruxs_for_every_pair_the_engine_makes(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each pair's ``canmeet`` as fidedesk's crosstable makes its records (a row at once, with its copy of
    gacrux's ``update_canmeet``) is as gacrux's own crosstable makes it from the same event, on generated events with
    byes, forfeits, withdrawals and late entries, every round, pairs ruled out by two absolute preferences for
    one colour (C.04.3 2.1.3) among them; so are the records' other figures."""
    from gacrux.crosstabledutch import crosstable_dutch  # type: ignore[import-untyped]
    from gacrux.trf2json import trf2json  # type: ignore[import-untyped]

    from fidedesk.engine.tec_checker import before_round

    from .test_dutch import ENGINE_PARAMS

    rows: list[int] = []
    own_row = pair_table._made_row
    monkeypatch.setattr(pair_table, "_made_row", lambda *made: rows.append(1) or own_row(*made))
    pairs, by_colour = 0, 0
    for index in (0, 3, 8, 14):
        text = texts()[index]
        for round_ in range(2, rounds_of(text) + 1):
            reader = trf2json()
            reader.parse_file(before_round(text, round_), 0)
            engine = dutch_engine()(reader.get_tournament(1), round_, dict(ENGINE_PARAMS))
            made = []
            for kind in (dutch._compact_crosstable(), crosstable_dutch):
                crosstable = kind(engine.experimental, False, 0)
                made.append(
                    crosstable.init_engine(engine.tournament, round_, engine.nummeets, engine.topcolor, engine.rank)
                )
            (players, ours), (_, theirs) = made
            for j, b in enumerate(players):
                for i in range(j + 1):
                    assert ours[i][j] == theirs[i][j] and type(ours[i][j]["canmeet"]) is bool, (index, round_, i, j)
                    pairs += 1
                    a = players[i]
                    by_colour += a["cop"] == b["cop"] in ("w2", "b2") and not (a["top"] or b["top"]) and a is not b
    assert pairs > 3_000 and by_colour > 0, (pairs, by_colour)
    assert len(rows) > 100, "fidedesk's rows made at once"


@st.composite
def players(draw: st.DrawFn) -> list[dict[str, Any]]:
    """The figures of players a table's records are made of, at their places (ids 0 to n, as gacrux numbers
    them), with the games each has played: opponents' ids as gacrux holds them (with its label, "NUM") and, now
    and then, as another number equal to one (a float, a bool), a string, or a place past the table."""
    count = draw(st.integers(1, 8))
    made = []
    for cid in range(count):
        opponents = draw(st.lists(st.integers(-1, count + 1), max_size=3))
        if opponents and draw(st.integers(0, 3)) == 0:
            opponents[0] = draw(st.sampled_from([float(opponents[0]), True, False, "NUM", str(opponents[0])]))
        made.append({
            "cid": cid, "scorelevel": draw(st.integers(-1, 3)), "rfp": draw(st.booleans()),
            "cop": draw(st.sampled_from(["w2", "b2", "w1", "b0", "nc", "  "])), "top": draw(st.booleans()),
            "num": {"desc": "NUM", "val": len(opponents), **{f"r{n}": o for n, o in enumerate(opponents)}},
        })  # fmt: skip
    return made


@settings(max_examples=300, deadline=None)
@given(players(), st.integers(1, 2), st.integers(1, 5))
def test_a_row_made_at_once_is_as_each_pair_is_made(made: list[dict[str, Any]], meets: int, round_: int) -> None:
    """A row of the table made at once holds, pair for pair, the records ``create_edge`` makes one at a time (its
    copy of gacrux's, asking gacrux's own ``update_canmeet``): the same figures, the ids the players' own
    objects."""
    crosstable = dutch._compact_crosstable()({}, False, 0)
    crosstable.maxmeets, crosstable.BLOB, crosstable.rnd = meets, len(made) - 1, round_
    row_by_row: list[list[Any]] = [[None] * len(made) for _ in made]
    pair_by_pair: list[list[Any]] = [[None] * len(made) for _ in made]
    blank = crosstable.create_edge(made[0], made[0], [])
    pair_table.records_of(crosstable, made)
    table = pair_table._Players(made)
    for b in made:
        met = [opponent for key, opponent in b["num"].items() if key != "val"]
        pair_table._made_row(crosstable, table, b, row_by_row, met, blank)
        for a in made[: b["cid"] + 1]:
            pair_by_pair[a["cid"]][b["cid"]] = pair_by_pair[b["cid"]][a["cid"]] = crosstable.create_edge(a, b, met)
    assert row_by_row == pair_by_pair
    assert all(row_by_row[i][j]["ca"] is made[i]["cid"] for j in range(len(made)) for i in range(j + 1))
    for record in (record for row in (*row_by_row, *pair_by_pair) for record in row):
        # the players' figures read of the players, not kept in each record (issue 28: 61 MiB at 2,000 players)
        assert isinstance(record, crosstable.fidedesk_records) and not hasattr(record, "seldom")


@settings(max_examples=300, deadline=None)
@given(
    st.integers(0, 60),
    st.lists(st.tuples(st.integers(0, 59), st.integers(0, 8)), max_size=12),
    st.booleans(),
    st.sampled_from([0, 1, 5]),
)
def test_pairs_gathered_at_their_places_are_those_places_items(
    size: int, runs: list[tuple[int, int]], shuffled: bool, step: int
) -> None:
    """The items of a list at given places (a pick: places going up, in a few runs or many; a sort: any order; a
    list of places), gathered a slice a run or one at a time, are those items in that order, each once as
    placed, and the phase under way counts every one."""
    items = [{"ca": place} for place in range(size)]
    places = sorted({place for start, length in runs for place in range(start, start + length) if place < size})
    if shuffled:
        places = places[::-1]
    steps: list[int] = []
    bracket = types.SimpleNamespace(phase=lambda name, count: None, phase_step=steps.append)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(progress, "_COLUMNS_EVERY", step or 1 << 17)
        for given_as in (numpy.array(places, numpy.int64), places):
            steps.clear()
            got = progress._gathered(items, given_as, bracket)  # type: ignore[arg-type]
            assert [id(item) for item in got] == [id(items[place]) for place in places]
            assert sum(steps) == len(places)


def test_the_players_figures_are_gacruxs_every_round() -> None:
    """The players' standings figures the engine pairs by (``compute_tiebreak``), worked out with a step of the
    set-up's words after the results are read and after each figure, are gacrux's own, figure for figure, in every
    round of generated events with byes, forfeits, withdrawals and late entries: all but the lot gacrux draws
    anew for each player each time (its tie-break RND, ``rnd`` and ``tbval["points_rnd"]``, which the pairing never
    reads: gacrux's own differs from itself there)."""
    from gacrux.crosstabledutch import crosstable_dutch  # type: ignore[import-untyped]
    from gacrux.trf2json import trf2json  # type: ignore[import-untyped]

    from fidedesk.engine.tec_checker import before_round

    compared = 0
    for index in (0, 8, 19):
        text = texts()[index]
        for round_ in range(2, rounds_of(text) + 1):
            figures = []
            for crosstable in (dutch._compact_crosstable()([], False, 0), crosstable_dutch([], False, 0)):
                reader = trf2json()  # read anew for each: the figures are worked out into the event's dict
                reader.parse_file(before_round(text, round_), 0)
                made = crosstable.compute_tiebreak(reader.get_tournament(1), round_)
                figures.append({cid: _without_the_lot(player) for cid, player in made.items()})
            assert figures[0] == figures[1], f"tournament {index} round {round_}"
            compared += 1
    assert compared > 10


def _without_the_lot(player: dict[str, Any]) -> dict[str, Any]:
    """A player's figures as gacrux's ``compute_tiebreak`` makes them, but the lot it draws (tie-break RND)."""
    kept = {name: value for name, value in player.items() if name != "rnd"}
    kept["tbval"] = {name: value for name, value in player["tbval"].items() if name != "points_rnd"}
    return kept
