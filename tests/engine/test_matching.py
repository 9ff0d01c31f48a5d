"""fidedesk's weighted matching (engine/matching/__init__.py) against networkx's, which FIDE TEC's engine calls.

The port must return networkx 3.6.1's ``min_weight_matching`` exactly, as the same set in the same iteration
order: gacrux's brackets have ties (a 600-player round 2's first matching has 191 distinct weights among 79,724
edges), so an equally good matching chosen otherwise would be another pairing. Held on random graphs with ties,
huge weights and repeated edges, and on every matching the Dutch engine asks for while pairing generated events;
each for the Python algorithm (engine/matching/blossom.py) and the compiled one (engine/matching/blossom_jit.py), which
engine/matching/__init__.py gives graphs of COMPILED_FROM edges and more (here every graph, to hold it to networkx on
all of them).
"""

from __future__ import annotations

import functools
import logging
import random
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import networkx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fidedesk.engine import dutch, matching
from fidedesk.engine.dutch_matching import _FastNetworkx
from fidedesk.engine.matching import blossom, blossom_jit, jit_state
from fidedesk.engine.matching.limbs import number
from fidedesk.engine.pairing import pair_round

from .test_pairing_generated import before, events, rounds_of, texts


def networkx_matching(edges: list[tuple[int, int, Any]]) -> list[tuple[int, int]]:
    graph = networkx.Graph()
    graph.add_weighted_edges_from(edges)
    return list(networkx.min_weight_matching(graph))


@contextmanager
def algorithm(compiled: bool) -> Iterator[None]:
    """matching.py's choice made for every graph: the compiled algorithm (made ready first), or the Python one."""
    kept = matching.COMPILED_FROM
    matching.COMPILED_FROM = 0 if compiled else 10**12
    try:
        if compiled:
            assert matching.COMPILED.ready(), "numba compiled the matching"
        yield
    finally:
        matching.COMPILED_FROM = kept


def ours(
    edges: list[tuple[int, int, Any]], negated: bool = False, compiled: bool = False
) -> list[tuple[int, int]] | None:
    """fidedesk's matching of ``edges``, handed their weights as given or (``negated``) as ``-2 * w``, the way the
    Dutch engine hands a bracket's pairs; by the compiled algorithm or the Python one."""
    graph = matching.Graph()
    graph.add_weighted_edges_from([(u, v, -2 * w) for u, v, w in edges] if negated else edges)
    with algorithm(compiled):
        found = matching.min_weight_matching(graph, negated=negated)
    return None if found is None else list(found)


@st.composite
def weighted_graphs(draw: st.DrawFn) -> list[tuple[int, int, int]]:
    """A graph as gacrux hands one over: weighted edges in some order, some repeated, weights from a few
    values (ties) or of hundreds of digits."""
    nodes = draw(st.integers(1, 14))
    scale = draw(st.sampled_from([2, 5, 10**40, 10**400]))
    pairs = [(u, v) for u in range(nodes) for v in range(u + 1, nodes)]
    chosen = draw(st.lists(st.sampled_from(pairs), max_size=len(pairs) + 3)) if pairs else []
    edges = []
    for u, v in chosen:
        weight = draw(st.integers(0, scale))
        edges.append((v, u, weight) if draw(st.booleans()) else (u, v, weight))
    return edges


@settings(max_examples=400, deadline=None)
@given(weighted_graphs())
def test_the_same_matching_as_networkx_in_the_same_order(edges: list[tuple[int, int, int]]) -> None:
    expected = networkx_matching(edges)
    for compiled in (False, True):
        assert ours(edges, compiled=compiled) == expected
        assert ours(edges, negated=True, compiled=compiled) == expected, "the weights -2w: networkx's, shifted"


@pytest.mark.parametrize("compiled", [False, True], ids=["python", "compiled"])
def test_dense_graphs_with_many_ties(compiled: bool) -> None:
    """Complete graphs of 40 with five weights: many optimal matchings, networkx's choice among them (the
    weights handed as given, and as -2w)."""
    rng = random.Random(5)
    for _ in range(15):
        edges = [(u, v, rng.randint(0, 4)) for u in range(40) for v in range(u + 1, 40)]
        rng.shuffle(edges)
        expected = networkx_matching(edges)
        assert ours(edges, compiled=compiled) == expected
        assert ours(edges, negated=True, compiled=compiled) == expected


@pytest.mark.parametrize("digits", [30, 400, 2200])
def test_the_compiled_matching_of_weights_of_thousands_of_bits(digits: int) -> None:
    """Issue 28: the compiled algorithm's limbs are exact however wide the weights (a 2,000-player bracket's have
    7,293 bits): a complete graph of 70 whose weights share their top digits and tie in part, as gacrux's do,
    matched as networkx does (and as the Python algorithm)."""
    rng = random.Random(digits)
    top = 10**digits
    edges = [
        (u, v, top + rng.choice([0, 10 ** (digits // 2), 10 ** (digits - 3)]) * rng.randint(0, 3) + rng.randint(0, 2))
        for u in range(70)
        for v in range(u + 1, 70)
    ]
    rng.shuffle(edges)
    expected = networkx_matching(edges)
    assert ours(edges, negated=True, compiled=True) == expected == ours(edges, negated=True)
    assert ours(edges, compiled=True) == expected


def test_the_compiled_matching_reports_its_stages_as_the_python_one(monkeypatch: Any) -> None:
    """A stage reported before each, as the Python algorithm does (the progress counts them): the same count; and
    the vertices a stage goes through, the compiled one handing back every SCAN_BUDGET edges (here after every
    vertex) without a change in what it finds."""
    rng = random.Random(3)
    edges = [(u, v, rng.randint(0, 10**50)) for u in range(30) for v in range(u + 1, 30)]
    counted = []
    for compiled, budget in ((False, 10**9), (True, 10**9), (True, 1)):
        monkeypatch.setattr(matching, "SCAN_BUDGET", budget)
        graph = matching.Graph()
        graph.add_weighted_edges_from(edges)
        stages: list[int] = []
        searched: list[int] = []
        with algorithm(compiled):
            found = matching.min_weight_matching(
                graph, functools.partial(stages.append, 1), functools.partial(searched.append, 1)
            )
        assert found is not None and list(found) == networkx_matching(edges)
        assert searched, "vertices gone through, reported"
        counted.append(len(stages))
    assert counted == [30 // 2 + 1] * 3


def test_the_compiled_matching_says_it_goes_on_while_it_sets_up(monkeypatch: Any) -> None:
    """Setting a big graph out as the compiled matching's arrays takes seconds at 2,000 players: it tells
    ``set_out`` the pairs set out every TICK_EVERY of them, then the weights every CHUNK, and may be stopped."""
    from fidedesk.engine.matching import jit_state, limbs

    monkeypatch.setattr(jit_state, "TICK_EVERY", 64)
    monkeypatch.setattr(limbs, "CHUNK", 50)
    rng = random.Random(9)
    edges = [(u, v, rng.randint(0, 10**60)) for u in range(30) for v in range(u + 1, 30)]  # 435, each weight once
    graph = matching.Graph()
    graph.add_weighted_edges_from(edges)
    told: list[tuple[str, int, int]] = []
    with algorithm(True):
        found = matching.min_weight_matching(graph, set_out=lambda *said: told.append(said))
    assert found is not None and list(found) == networkx_matching(edges)
    pairs = [said for said in told if said[0] == "pairs"]
    weights = [said for said in told if said[0] == "weights"]
    order = [said for said in told if said[0] == "order"]
    assert told == pairs + weights + order, "the pairs, then the weights, then their order"
    assert order == [("order", done, 9) for done in range(1, 10)], "435 weights in 9 passes of a merge sort"
    assert pairs == [("pairs", done, len(edges)) for done in (64, 128, 192, 256, 320, 384, 435)]
    assert [done for _, done, _ in weights] == [50, 100, 150, 200, 250, 300, 350, 400, 435]

    class Stopped(Exception):
        pass

    def stop(*said: Any) -> None:
        raise Stopped

    graph = matching.Graph()
    graph.add_weighted_edges_from(edges)
    with algorithm(True), pytest.raises(Stopped):
        matching.min_weight_matching(graph, set_out=stop)


def test_a_compiled_matching_that_cannot_be_made_leaves_the_python_one(monkeypatch: Any, caplog: Any) -> None:
    """Should numba fail to compile here, every graph is matched by the Python algorithm (the same matching),
    and the failure is logged."""
    from fidedesk.engine.matching import jit_state

    def no_compiler(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("no compiler")

    monkeypatch.setattr(jit_state, "_set_out", no_compiler)
    monkeypatch.setattr(matching, "COMPILED", matching._Compiled())
    monkeypatch.setattr(matching, "COMPILED_FROM", 0)
    rng = random.Random(4)
    edges = [(u, v, rng.randint(0, 10**40)) for u in range(20) for v in range(u + 1, 20)]
    graph = matching.Graph()
    graph.add_weighted_edges_from(edges)
    found = matching.min_weight_matching(graph)
    assert found is not None and list(found) == networkx_matching(edges)
    assert not matching.COMPILED.ready()
    assert "could not be made ready" in caplog.text


def test_a_middling_graph_takes_the_compiled_matching_only_once_it_is_ready(monkeypatch: Any) -> None:
    """Below MAKE_FROM edges a graph does not wait half a minute for the compiled matching to be compiled (its
    Python matching takes a second or two): it takes it only if it is ready; from MAKE_FROM it is made ready."""
    made: list[int] = []

    def make(self: Any) -> None:
        made.append(1)
        self._ok = True

    monkeypatch.setattr(matching._Compiled, "_make", make)
    compiled = matching._Compiled()
    assert not compiled.ready(make=False) and made == [], "not made for a middling graph"
    assert compiled.ready() and made == [1], "made for a big one"
    assert compiled.ready(make=False) and made == [1], "ready now for every graph from COMPILED_FROM"
    assert matching.COMPILED_FROM < matching.MAKE_FROM


def test_waiting_for_the_compiled_matching_reports_and_may_stop(monkeypatch: Any) -> None:
    """While it is made ready (half a minute the first time on a computer) the wait is told every quarter second,
    and may stop waiting (Cancel); the making goes on to its end."""
    made = threading.Event()

    def slow(self: Any) -> None:
        time.sleep(0.8)
        self._ok = True
        made.set()

    monkeypatch.setattr(matching._Compiled, "_make", slow)
    waits: list[float] = []
    assert matching._Compiled().ready(lambda: waits.append(time.monotonic()))
    assert len(waits) >= 2, "told at least every quarter second of the 0.8 s"

    class Stopped(Exception):
        pass

    def stop() -> None:
        raise Stopped

    made.clear()
    compiled = matching._Compiled()
    with pytest.raises(Stopped):
        compiled.ready(stop)
    assert made.wait(5) and compiled.ready(), "made ready all the same, for the next bracket"


def test_a_cold_cache_is_filled_by_a_child_while_the_wait_is_told_every_quarter_second(
    monkeypatch: Any, tmp_path: Any
) -> None:
    """Issue 28: where numba's cache does not hold the compiled matching, a child process compiles it (numba's
    compiler holds Python's lock for up to a second, and the progress words stood still that long); the wait is
    told every quarter second meanwhile, and this process loads what the child kept once it has ended."""
    marker = tmp_path / "fidedesk-matching-0.nbr"
    monkeypatch.setattr(matching, "_marker", lambda: marker)
    monkeypatch.setattr(matching, "_child_command", lambda: [sys.executable, "-c", "import time; time.sleep(1)"])
    loaded: list[float] = []

    def here(**_: Any) -> bool:
        loaded.append(time.monotonic())
        return True

    monkeypatch.setattr(matching, "make_ready_here", here)
    waits: list[float] = []
    said: list[bool] = []
    compiled = matching._Compiled()
    started = time.monotonic()
    assert compiled.ready(lambda: (waits.append(time.monotonic()), said.append(compiled.compiling)))
    assert len(loaded) == 1 and loaded[0] - started >= 1, "loaded here after the child's second"
    assert len(waits) >= 3, "told at least every quarter second of the child's second"
    assert all(said), "meanwhile it says it compiles (the words: 'once on this computer')"


def test_a_marked_cache_is_loaded_with_no_child(monkeypatch: Any, tmp_path: Any) -> None:
    """Once numba's cache is marked as holding the compiled matching, no child is started: it is loaded here."""
    marker = tmp_path / "fidedesk-matching-0.nbr"
    marker.touch()
    monkeypatch.setattr(matching, "_marker", lambda: marker)

    def no_child() -> bool:
        raise AssertionError("a child started")

    monkeypatch.setattr(matching, "_make_ready_elsewhere", no_child)
    compiled = matching._Compiled()
    compiled.compiling = True  # as it would be left by a first guess
    monkeypatch.setattr(matching, "make_ready_here", lambda **_: not compiled.compiling)
    assert compiled.ready(), "loaded, and saying so (the words: 'being loaded')"


def test_a_child_that_fails_leaves_the_matching_made_here(monkeypatch: Any, tmp_path: Any, caplog: Any) -> None:
    """A child that cannot make the compiled matching ready (it ends in error) is logged with its last words,
    and the matching is made ready in this process, as numba finds it."""
    monkeypatch.setattr(matching, "_marker", lambda: tmp_path / "fidedesk-matching-0.nbr")
    failing = "import sys; print('no compiler here', file=sys.stderr); sys.exit(3)"
    monkeypatch.setattr(matching, "_child_command", lambda: [sys.executable, "-c", failing])
    monkeypatch.setattr(matching, "make_ready_here", lambda **_: True)
    with caplog.at_level(logging.WARNING, logger=matching.__name__):
        assert matching._Compiled().ready()
    assert "ended with 3" in caplog.text and "no compiler here" in caplog.text
    assert "it is made here" in caplog.text


def test_the_child_makes_the_compiled_matching_ready_and_marks_numbas_cache() -> None:
    """The real child (this Python, this fidedesk) makes the compiled matching ready and marks numba's cache, so
    that the next process loads it with no child; the marker is named by the compiled files as they are now and
    lies among numba's own files (deleted with them, ``*.nb?``)."""
    marker = matching._marker()
    assert marker is not None and marker.suffix == ".nbr" and marker.match("*.nb?")
    marker.unlink(missing_ok=True)
    assert matching._make_ready_elsewhere()
    assert marker.exists() and any(marker.parent.glob("blossom_jit.stage-*.nbi")), "beside numba's own"
    assert matching._marker() == marker, "the same files, the same marker"


def test_the_marker_is_named_by_every_compiled_module(monkeypatch: Any) -> None:
    """The marker changes with any file of the matching that numba compiles (a module of compiled functions): one
    left out could change, the cache's functions that inline it not, and the marker still say they are ready."""
    import importlib
    import os

    import numba

    folder = Path(matching.__file__).parent
    compiled = []
    for file in sorted(folder.glob("*.py")):
        module = importlib.import_module(f"fidedesk.engine.matching.{file.stem}")
        if any(isinstance(value, numba.core.dispatcher.Dispatcher) for value in vars(module).values()):
            compiled.append(str(file))
    assert len(compiled) >= 6, compiled
    marker = matching._marker()
    real_stat = os.stat
    for changed in compiled:

        def stat(path: Any, *args: Any, changed: str = changed, **kwargs: Any) -> Any:
            found = real_stat(path, *args, **kwargs)
            if str(path) != changed:
                return found
            return os.stat_result((*found[:8], found.st_mtime + 1, found.st_ctime))

        monkeypatch.setattr(os, "stat", stat)
        assert matching._marker() != marker, changed
    monkeypatch.setattr(os, "stat", real_stat)
    assert matching._marker() == marker


def test_the_frozen_app_is_its_own_child(monkeypatch: Any) -> None:
    """The frozen app has no Python to start: the child is the executable itself, given MAKE_READY_ARGUMENT,
    which packaging/launcher.py answers by making the matching ready and exiting (not by opening a window)."""
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    assert matching._child_command() == [sys.executable, matching.MAKE_READY_ARGUMENT]
    launcher = Path(__file__).resolve().parents[2] / "packaging" / "launcher.py"
    done = subprocess.run(
        [sys.executable, str(launcher), matching.MAKE_READY_ARGUMENT], capture_output=True, timeout=600, check=False
    )
    assert done.returncode == 0, done.stderr.decode()[-2000:]
    assert b"QApplication" not in done.stderr


def test_the_set_up_reports_the_edges_read_and_the_stages_their_steps() -> None:
    """Issue 28: before its first stage the matching goes through its edges three times (as given, their weights
    checked, then inverted): a second for a 1,000-player bracket, so it reports them as it goes; each stage, and
    each vertex a stage over every edge goes through, is reported too. None of it changes the matching."""
    rng = random.Random(7)
    edges = [(u, v, rng.randint(0, 10**300)) for u in range(110) for v in range(u + 1, 110)]  # 5,995 edges
    graph = matching.Graph()
    graph.add_weighted_edges_from(edges)
    read: list[int] = []
    stages: list[int] = []
    searched: list[int] = []
    found = matching.min_weight_matching(
        graph, lambda: stages.append(len(read)), lambda: searched.append(1), read.append
    )
    assert found is not None and list(found) == networkx_matching(edges)
    third, sixth = matching.READ_EVERY // 3, matching.READ_EVERY // 6
    assert read == [third, sixth, sixth, third], "every 4,096 of the 5,995 edges, of their 11,990 weights, as given"
    assert sum(read) <= len(edges)
    assert len(stages) == 110 // 2 + 1 and stages[0] == len(read), (
        "a stage for each pair and the last, after the reading"
    )
    assert searched, "a vertex gone through in a stage that moved the duals"


def test_non_integer_weights_are_left_to_networkx() -> None:
    edges = [(1, 2, 0.5), (2, 3, 1.5), (3, 4, 0.25)]
    assert ours(edges) is None
    graph = matching.Graph()
    graph.add_weighted_edges_from(edges)
    assert list(_FastNetworkx.min_weight_matching(graph)) == networkx_matching(edges)


def test_negated_weights_not_integers_are_left_to_networkx_as_they_were(monkeypatch: Any) -> None:
    """Weights -2w of a pass of the engine's pair_weighted_round that are not all int go to networkx as w."""
    edges = [(1, 2, 0.5), (2, 3, 1.5), (3, 4, 0.25), (1, 4, 2)]
    graph = matching.Graph()
    graph.add_weighted_edges_from((u, v, -2 * w) for u, v, w in edges)
    assert ours(edges, negated=True) is None
    monkeypatch.setattr(dutch._WITHIN, "negated", {}, raising=False)
    assert list(_FastNetworkx.min_weight_matching(graph)) == networkx_matching(edges)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 12), st.integers(0, 12), st.integers(-50, 50)), max_size=40))
def test_edges_let_go_are_the_edges_in_the_same_order(edges: list[tuple[int, int, int]]) -> None:
    """Issue 28: going through a graph's edges while letting each node's neighbours go gives networkx's edges in
    networkx's order (the inverted graph is built from them), and leaves nothing held."""
    graph = networkx.Graph()
    graph.add_weighted_edges_from(edges)
    adj = matching._adjacency(edges)
    assert list(blossom.each_edge(adj, let_go=True)) == list(graph.edges(data="weight")) and not adj


def test_an_empty_graph_has_an_empty_matching() -> None:
    assert ours([]) == [] == networkx_matching([]) == ours([], negated=True)


@pytest.mark.parametrize("way", ["python", "compiled", "table"])
@pytest.mark.parametrize("index", [0, 5, 11, 19])
def test_every_bracket_of_generated_events_matched_as_networkx_does(index: int, way: str, monkeypatch: Any) -> None:
    """Every matching the engine asks for while fidedesk pairs each round of a generated tournament (the
    corpus test_pairing_generated holds to the bare engine) is networkx's, set and order: by the Python
    algorithm, the compiled one, and the compiled one handed each pass's weights as a table (as a pass of
    TABLE_FROM pairs or more is, here every pass)."""
    _every_bracket_as_networkx(index, way, monkeypatch)


@pytest.mark.parametrize("index", [16, 19, 24])
def test_free_blossoms_rows_gone_through_at_once_match_as_networkx(index: int, monkeypatch: Any) -> None:
    """Issue 28: the compiled matching goes through a big free blossom's rows at once (engine/matching/jit_blocks.py),
    its least slacks kept from stage to stage while its leaves are the same. Here every free blossom of three
    leaves or more is such a block: every bracket of generated events is still matched as networkx matches it,
    blocks were gone through at once, and a blossom's edges kept were of use in a later stage (gone through at
    once more often than made) in some bracket."""
    monkeypatch.setattr(jit_state, "LEAST_BLOCK", 3)
    counted: list[tuple[int, int]] = []
    compiled = matching._compiled_matching

    def counting(state: Any, *rest: Any) -> set[tuple[int, int]]:
        found = compiled(state, *rest)
        counted.append((int(state.counts[jit_state.BLOCKS]), int(state.counts[jit_state.BLOCKS_MADE])))
        return found

    monkeypatch.setattr(matching, "_compiled_matching", counting)
    _every_bracket_as_networkx(index, "compiled", monkeypatch)
    assert sum(blocks for blocks, _ in counted) > 0, "blocks gone through at once"
    assert any(blocks > made for blocks, made in counted), "a blossom's edges kept for a later stage"


@pytest.mark.parametrize("index", [16, 19, 24])
def test_a_block_gone_through_at_once_leaves_the_state_its_rows_leave(index: int, monkeypatch: Any) -> None:
    """Issue 28: stage after stage, the compiled matching's whole state (labels, least-slack edges, blossoms,
    duals, matching) is the same whether a free blossom's rows are gone through at once (every free blossom of
    three leaves or more, engine/matching/jit_blocks.py) or one at a time, on every bracket the engine matches
    while pairing a generated event: the same edge kept as least slack where slacks tie, not just the same
    matching in the end."""
    graphs: list[list[tuple[int, int, int]]] = []
    fast = matching.min_weight_matching

    def keep(graph: matching.Graph, *args: Any, **named: Any) -> set[tuple[int, int]] | None:
        if named.get("negated") and named.get("table") is None:
            graphs.append(list(graph.edges))
        return fast(graph, *args, **named)

    monkeypatch.setattr(matching, "min_weight_matching", keep)
    event = events()[index]
    for round_ in range(1, rounds_of(texts()[index]) + 1):
        pair_round(before(event, round_))
    assert graphs, "the engine's brackets"
    blocks = 0
    for edges in graphs:
        states = []
        for least in (3, 10**9):
            monkeypatch.setattr(jit_state, "LEAST_BLOCK", least)
            prepared = jit_state.prepare_edges(edges, negated=True)
            assert prepared is not None
            states.append(prepared[0])
        at_once, one_at_a_time = states
        while True:
            answer = blossom_jit.stage(at_once, 10**15)
            assert answer == blossom_jit.stage(one_at_a_time, 10**15)
            for name in ("table", "dual", "bdual", "mated", "allowed", "childs", "order"):
                assert (getattr(at_once, name) == getattr(one_at_a_time, name)).all(), name
            assert (at_once.counts[: jit_state.SCANNED] == one_at_a_time.counts[: jit_state.SCANNED]).all()
            if answer == blossom_jit.FOUND:
                break
        blocks += int(at_once.counts[jit_state.BLOCKS])
        assert one_at_a_time.counts[jit_state.BLOCKS] == 0
    assert blocks > 0, "blocks gone through at once"


def _feasible(state: Any) -> None:
    """The compiled matching's duals, each vertex's read from the row its class keeps it in (``drow``), as the
    blossom algorithm keeps them between stages (networkx's verifyOptimum, less its end's checks): no edge's
    slack below 0, each matched edge's 0, counting twice the dual of every blossom holding both its ends."""
    n = state.n
    table = state.table
    dual = [number(state.dual[state.drow[v]]) for v in range(n)]
    weights = [number(row) for row in state.weights]
    held = []
    for v in range(n):
        chain = [v]
        while table[jit_state.PARENT, chain[-1]] != -1:
            chain.append(int(table[jit_state.PARENT, chain[-1]]))
        held.append({b: 2 * number(state.bdual[b - n]) for b in chain if b >= n})
    for v in range(n):
        for k in range(state.start[v], state.start[v + 1]):
            w = int(state.nbr[k])
            slack = dual[v] + dual[w] - weights[state.wix[k]]
            slack += sum(twice for b, twice in held[v].items() if b in held[w])
            assert slack >= 0, (v, w)
            if table[jit_state.MATE, v] == w:
                assert slack == 0, (v, w)


@pytest.mark.parametrize(("kind", "seed"), [("ties", seed) for seed in range(150)] + [("tens", s) for s in range(100)])
def test_duals_kept_by_class_are_the_algorithms_stage_after_stage(kind: str, seed: int) -> None:
    """Issue 28: a dual step moves each class of equal duals in one row, its other vertices given that row
    (engine/matching/blossom_jit.py::_dual_step), and a vertex whose class splits from the one whose row it was
    given gets a row of its own before either moves. Small graphs with many equal weights split classes hundreds
    of times, and weights of a few tens leave vertices of a moved class unlabelled (a T-blossom expanded); after
    every stage every edge's slack is still at least 0 and each matched one's 0 (a vertex left with a row moved
    by another class fails it, in either case; tried), and the matching is networkx's."""
    rng = random.Random(seed)
    if kind == "ties":  # classes split as vertices of one class are labelled apart
        nodes = rng.randint(4, 30)
        edges = [
            (u, v, rng.randint(0, rng.choice([1, 2, 3, 5])))
            for u in range(nodes)
            for v in range(u + 1, nodes)
            if rng.random() < rng.choice([0.3, 0.7, 1.0])
        ] or [(0, 1, 1)]
    else:  # T-blossoms expanded, vertices of a class left unlabelled, by deltas not 0
        nodes = rng.randint(6, 30)
        edges = [
            (u, v, 10 * rng.randint(0, 3) + rng.randint(0, 1))
            for u in range(nodes)
            for v in range(u + 1, nodes)
            if rng.random() < 0.7
        ]
    rng.shuffle(edges)
    prepared = jit_state.prepare_edges([(u, v, -2 * w) for u, v, w in edges], negated=True)
    assert prepared is not None
    state, their_nodes = prepared
    while True:
        answer = blossom_jit.stage(state, 10**15)
        _feasible(state)
        if answer == blossom_jit.FOUND:
            break
    mates = state.table[jit_state.MATE]
    found = {their_nodes[v]: their_nodes[mates[v]] for v in state.mated[: state.counts[jit_state.MATED]]}
    assert list(matching._matching_set(found)) == networkx_matching(edges)


def _every_bracket_as_networkx(index: int, way: str, monkeypatch: Any) -> None:
    calls = []
    tables = []
    fast = matching.min_weight_matching

    def both(
        graph: matching.Graph,
        stage: Any = None,
        searched: Any = None,
        read: Any = None,
        *,
        negated: bool = False,
        wait: Any = None,
        table: Any = None,
    ) -> set[tuple[int, int]] | None:
        weights = [w if table is None else table.number(w) for _, _, w in graph.edges]
        ends = [(u, v) for u, v, _ in graph.edges]
        found = fast(graph, stage, searched, read, negated=negated, wait=wait, table=table)
        let_go = table is not None and compiled
        assert len(graph.edges) == (0 if let_go else len(ends)), "a table's edges let go once set out, others kept"
        calls.append(negated)
        tables.append(table is not None)
        given = [(u, v, -w // 2 if negated else w) for (u, v), w in zip(ends, weights, strict=True)]
        assert found is not None and list(found) == networkx_matching(given)
        return found

    monkeypatch.setattr(matching, "min_weight_matching", both)
    monkeypatch.setattr(matching, "TABLE_FROM", 0 if way == "table" else 10**12)
    compiled = way != "python"
    event = events()[index]
    with algorithm(compiled):
        for round_ in range(1, rounds_of(texts()[index]) + 1):
            pair_round(before(event, round_))
    assert calls, "the engine matched through fidedesk's matching"
    assert any(calls), "a bracket's pairs handed over as -2w"
    assert any(tables) == (way == "table") and all(t <= n for t, n in zip(tables, calls, strict=True))


@st.composite
def graphs_without_repeats(draw: st.DrawFn) -> list[tuple[int, int, int]]:
    """A graph as the Dutch engine hands a bracket's pairs: each pair once, no loop, nodes by any number."""
    nodes = draw(st.lists(st.integers(0, 10**6), min_size=2, max_size=16, unique=True))
    pairs = [(u, v) for i, u in enumerate(nodes) for v in nodes[i + 1 :]]
    chosen = draw(st.lists(st.sampled_from(pairs), min_size=1, max_size=len(pairs), unique=True))
    scale = draw(st.sampled_from([3, 10**40, 10**400]))
    return [
        (v, u, draw(st.integers(-scale, scale))) if draw(st.booleans()) else (u, v, draw(st.integers(-scale, scale)))
        for u, v in chosen
    ]


@settings(max_examples=300, deadline=None)
@given(graphs_without_repeats(), st.booleans())
def test_a_big_graph_is_set_out_from_its_edges_as_from_networkxs_graph(
    edges: list[tuple[int, int, int]], negated: bool
) -> None:
    """Issue 28: the compiled matching's arrays made straight from the edges (no dict of dicts: 178 MiB of a
    2,000-player bracket's) are those made from the graph networkx builds and inverts (its nodes in the order
    the edges of the first graph meet them, not the edges' own), array for array; repeated edges and loops are
    left to that way."""
    from fidedesk.engine.matching import jit_state

    given = [(u, v, -2 * w) for u, v, w in edges] if negated else edges
    adj = matching._adjacency(given)
    if negated:
        inverted = matching._adjacency(blossom.each_edge(adj))
    else:
        top = 1 + max(w for _, _, w in blossom.each_edge(adj))
        inverted = matching._adjacency((u, v, 2 * (top - w)) for u, v, w in blossom.each_edge(adj))
    expected, nodes = jit_state.prepare(inverted, shifted=negated)
    prepared = jit_state.prepare_edges(given, negated=negated)
    assert prepared is not None
    state, their_nodes = prepared
    assert their_nodes == nodes == list(networkx.Graph([(u, v) for u, v, _ in blossom.each_edge(adj)]))
    for name, value in expected._asdict().items():
        if isinstance(value, int):
            assert getattr(state, name) == value, name
        else:
            assert (getattr(state, name).dtype, getattr(state, name).shape) == (value.dtype, value.shape), name
            assert (getattr(state, name) == value).all(), name
    u, v, weight = given[0]
    assert jit_state.prepare_edges([*given, (v, u, weight)], negated=negated) is None, "a repeated edge"
    assert jit_state.prepare_edges([*given, (u, u, weight)], negated=negated) is None, "a loop"


@settings(max_examples=150, deadline=None)
@given(graphs_without_repeats())
def test_a_big_pass_s_table_sets_out_the_same_graph(edges: list[tuple[int, int, int]]) -> None:
    """Issue 28: a big pass's weights kept in a table as they are weighed (each pair's weight its number there)
    set out the graph set out from the same weights as numbers: the same arrays, each edge's weight the same
    row (numbered otherwise), every dual the same; and matched the same."""
    from fidedesk.engine.matching import jit_state
    from fidedesk.engine.matching.limbs import Table

    given = [(u, v, -2 * w) for u, v, w in edges]
    table = Table(len(given))
    numbered = [(u, v, table.add(w)) for u, v, w in given]
    prepared = jit_state.prepare_edges(given, negated=True)
    from_table = jit_state.prepare_edges(numbered, negated=True, table=table)
    assert prepared is not None and from_table is not None
    (expected, nodes), (state, their_nodes) = prepared, from_table
    assert their_nodes == nodes
    for name, value in expected._asdict().items():
        if name in ("wix", "wmat", "weights", "wrank"):
            continue
        mine = getattr(state, name)
        assert mine == value if isinstance(value, int) else (mine.shape == value.shape and (mine == value).all()), name
    assert (state.wmat < 0).tolist() == (expected.wmat < 0).tolist()
    assert (state.weights[state.wix] == expected.weights[expected.wix]).all(), "each edge's weight, the same row"
    assert (state.wrank[state.wix] == expected.wrank[expected.wix]).all(), "each edge's weight's place"
    given_up = list(numbered)
    let_go = jit_state.prepare_edges(given_up, negated=True, table=table, let_go=True)
    assert let_go is not None and not given_up, "the edges let go once set out"
    assert all((getattr(let_go[0], name) == value).all() for name, value in state._asdict().items() if name != "n")
    u, v, weight = numbered[0]
    repeated = [*numbered, (v, u, weight)]
    assert jit_state.prepare_edges(repeated, negated=True, table=table, let_go=True) is None
    assert len(repeated) == len(numbered) + 1, "kept where they were not set out: networkx's then"
    graph = matching.Graph()
    graph.add_weighted_edges_from(numbered)
    with algorithm(True):
        assert list(matching.min_weight_matching(graph, negated=True, table=table) or []) == networkx_matching(edges)


def test_a_table_with_no_compiled_matching_is_matched_from_its_numbers(monkeypatch: Any) -> None:
    """Should the compiled matching not be made ready, a big pass's weights kept in a table are read back as
    numbers and matched by the Python algorithm: networkx's matching still (and so with an edge repeated)."""
    from fidedesk.engine.matching import jit_state
    from fidedesk.engine.matching.limbs import Table

    def no_compiler(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("no compiler")

    monkeypatch.setattr(jit_state, "_set_out", no_compiler)
    monkeypatch.setattr(matching, "COMPILED", matching._Compiled())
    rng = random.Random(6)
    edges = [(u, v, rng.randint(0, 10**40)) for u in range(16) for v in range(u + 1, 16)]
    for pairs in (edges, [*edges, (3, 2, 7)]):
        table = Table(len(pairs))
        graph = matching.Graph()
        graph.add_weighted_edges_from([(u, v, table.add(-2 * w)) for u, v, w in pairs])
        assert list(matching.min_weight_matching(graph, negated=True, table=table) or []) == networkx_matching(pairs)
