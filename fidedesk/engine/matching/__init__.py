"""The minimum-weight maximum-cardinality matching FIDE TEC's engine pairs a score bracket with, faster.

gacrux pairs each bracket with ``networkx.min_weight_matching`` over weights of hundreds of digits (C.04.3's
criteria as powers of ten, so that one matching is best). On the first rounds of a big open that matching is
almost all the pairing time (90 % of a 600-player round 2: about 38 million calls of networkx's ``slack``, each
through three graph views). No compiled matching from a library can take the weights (rustworkx's is 128-bit),
so fidedesk compiles networkx's algorithm itself, over exact multi-word integers (below).

:func:`min_weight_matching` is networkx 3.6.1's ``min_weight_matching`` and ``max_weight_matching``
(Joris van Rantwijk's primal-dual blossom algorithm, BSD-3-Clause, Copyright (C) 2004-2025 NetworkX
Developers) on plain dicts: the same steps in the same order over the same nodes and edges, so it returns the
same matching, ties included, as the same set (its iteration order too). The algorithm itself is
:mod:`fidedesk.engine.matching.blossom` for a small graph and, from :data:`COMPILED_FROM` edges, the same steps compiled
(:mod:`fidedesk.engine.matching.blossom_jit`, a big bracket's matching four to seven times faster) once that is ready
(:class:`_Compiled`). :func:`min_weight_matching` answers ``None`` for weights that are not all ``int``
(networkx then goes on in floats) so the caller keeps networkx there. ``tests/engine/test_matching.py`` holds
both to networkx on random graphs with ties and on every bracket of generated events.
"""

from __future__ import annotations

import hashlib
import logging
import os
import subprocess
import sys
import threading
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from fidedesk.engine.matching.blossom import Edge, _matching_set, each_edge, max_weight_matching

if TYPE_CHECKING:  # numba is imported only when a big graph is matched
    from fidedesk.engine.matching.jit_state import State
    from fidedesk.engine.matching.limbs import Table

_log = logging.getLogger(__name__)

#: A graph of at least this many edges is matched by the compiled algorithm once it is ready (:class:`_Compiled`):
#: a 600-player round 2's big bracket (78,928 edges) in under a second where the Python one takes five. Below, the
#: Python one takes well under a second.
COMPILED_FROM = 20_000
#: A graph of at least this many edges waits for the compiled algorithm to be made ready (loaded from numba's
#: cache in under a second; compiled, the first time on a computer, in half a minute or more): the Python one
#: would take several seconds. A smaller graph takes it only if it is ready already.
MAKE_FROM = 60_000
#: Edges the compiled algorithm goes through before it hands back to report (a tenth of a second or so).
SCAN_BUDGET = 1_000_000
#: A pass of the Dutch engine over at least this many pairs keeps its weights as the compiled algorithm's rows
#: as they are weighed (:class:`fidedesk.engine.matching.limbs.Table`), never as Python's numbers as well: 300 MB less
#: at 2,000 players, for about 4 µs a pair (4 s there, where writing the rows after the weighing took 2 s; a
#: 1,000-player bracket's weights, 236,172 pairs, hold 27 MB).
TABLE_FROM = 300_000


class Graph:
    """The part of ``networkx.Graph`` gacrux's Dutch engine uses: weighted edges added, in order."""

    def __init__(self) -> None:
        self.edges: list[Edge] = []

    def add_weighted_edges_from(self, edges: Iterable[Edge]) -> None:
        self.edges.extend(edges)


def _adjacency(edges: Iterable[Edge]) -> dict[int, dict[int, Any]]:
    """networkx's ``Graph.add_weighted_edges_from``: nodes in the order first seen, each node's neighbours in
    the order their edge was first added, a repeated edge's weight the last one given."""
    adj: dict[int, dict[int, Any]] = {}
    for u, v, weight in edges:
        if u not in adj:
            adj[u] = {}
        if v not in adj:
            adj[v] = {}
        adj[u][v] = weight
        adj[v][u] = weight
    return adj


T = TypeVar("T")

#: Edges read between two reports of the matching's set-up.
READ_EVERY = 4096


def _reading(items: Iterable[T], read: Callable[[int], None], share: int) -> Iterator[T]:
    """``items`` passed on, ``read(READ_EVERY // share)`` after every :data:`READ_EVERY` of them: the set-up goes
    through the edges three times (as given, their weights checked, in networkx's order), so an edge counts a
    third each time (and a weight, read from both ends, a sixth)."""
    for count, item in enumerate(items, 1):
        yield item
        if not count % READ_EVERY:
            read(READ_EVERY // share)


def min_weight_matching(
    graph: Graph,
    stage: Callable[[], None] | None = None,
    searched: Callable[[], None] | None = None,
    read: Callable[[int], None] | None = None,
    *,
    negated: bool = False,
    wait: Callable[[], None] | None = None,
    set_out: Callable[[str, int, int], None] | None = None,
    table: Table | None = None,
) -> set[tuple[int, int]] | None:
    """networkx's ``min_weight_matching(G)`` of the graph gacrux built; ``None`` where a weight is not an
    ``int`` (networkx then takes another arithmetic, which the caller leaves to networkx). ``stage`` is called
    before each stage of the algorithm (each adds one pair), ``searched`` as a stage goes through each vertex's
    edges (:func:`fidedesk.engine.matching.blossom.max_weight_matching`), ``read`` with the count of edges read before
    the first stage (every :data:`READ_EVERY`, three times over: a second for 236,172 edges); any may raise to stop it.

    ``negated``: each of the graph's weights is already ``-2 * w`` for G's weight ``w`` (as fidedesk's Dutch engine
    hands a bracket's pairs, so that each pair's weight is one number of thousands of digits, not two).

    ``wait`` is called every quarter second while the compiled matching is made ready for a big graph (the first
    time on a computer: half a minute), and ``set_out`` with ("pairs" or "weights", done, of) as the graph is set
    out for it; either may raise to stop.

    ``table``: each weight is its number in ``table``, where it is kept (``-2w``, ``negated``: a big pass's,
    :data:`TABLE_FROM`)."""
    if table is not None:
        prepared = None
        if COMPILED.ready(wait):
            from fidedesk.engine.matching import jit_state

            # the graph's edges let go once set out: nothing reads them after (70 MB at the peak, at 2,000 players)
            prepared = jit_state.prepare_edges(graph.edges, negated=True, tick=set_out, table=table, let_go=True)
        if prepared is not None:
            return _compiled_matching(*prepared, stage, searched)
        # repeated edges or loops (gacrux makes none), or no compiled algorithm: its numbers as they are
        graph.edges = [(u, v, table.number(weight)) for u, v, weight in graph.edges]
    big = bool(graph.edges) and len(graph.edges) >= COMPILED_FROM
    if (
        big
        and all(type(weight) is int for _, _, weight in graph.edges)
        and COMPILED.ready(wait, make=len(graph.edges) >= MAKE_FROM)
    ):
        from fidedesk.engine.matching import jit_state

        # set out straight from the edges, as the graph networkx would build of them (a 2,000-player bracket's
        # dicts below would take 178 MiB more at the peak); None for repeated edges or loops
        prepared = jit_state.prepare_edges(graph.edges, negated=negated, tick=set_out)
        if prepared is not None:
            return _compiled_matching(*prepared, stage, searched)
    adj = _adjacency(graph.edges if read is None else _reading(graph.edges, read, 3))
    if not adj:
        return set()
    weights = (weight for neighbours in adj.values() for weight in neighbours.values())
    if not all(type(weight) is int for weight in (weights if read is None else _reading(weights, read, 6))):
        return None
    # networkx matches the graph of weights top - w at maximum weight (InvG, same nodes and edges in the same
    # order); the algorithm reads each weight doubled, so that graph is built doubled at once and the
    # given one let go: on a 1,000-player round 2 each weight is some 3,000 bits and there are 236,172.
    # Negated weights, -2w, are those less 2 top, the same for every edge (top - w being above 0 for each): the
    # algorithm then takes the same steps (``shifted``), and no second number is made for each edge.
    # The given graph is let go node by node as the inverted one is built, not held whole beside it (19 MiB of a
    # 1,000-player round 2's 429).
    if negated:
        inverted_edges = each_edge(adj, let_go=True)
    else:
        top = 1 + max(weight for _, _, weight in each_edge(adj))
        inverted_edges = ((u, v, 2 * (top - weight)) for u, v, weight in each_edge(adj, let_go=True))
    inverted = _adjacency(inverted_edges if read is None else _reading(inverted_edges, read, 3))
    del adj
    for node, neighbours in inverted.items():
        neighbours.pop(node, None)  # every loop of the algorithm passes over a loop edge
    if len(graph.edges) >= COMPILED_FROM and COMPILED.ready(wait, make=len(graph.edges) >= MAKE_FROM):
        from fidedesk.engine.matching import jit_state

        prepared = jit_state.prepare(inverted, shifted=negated, tick=set_out)
        inverted.clear()
        return _compiled_matching(*prepared, stage, searched)
    return max_weight_matching(inverted, stage, searched, shifted=negated)


def _compiled_matching(
    state: State,
    nodes: list[int],
    stage: Callable[[], None] | None,
    searched: Callable[[], None] | None,
) -> set[tuple[int, int]]:
    """:func:`fidedesk.engine.matching.blossom.max_weight_matching` of the graph set out as ``state`` (its vertices
    ``nodes``), compiled: ``stage`` called before each stage and ``searched`` for each vertex a stage has gone
    through, as there, at least every :data:`SCAN_BUDGET` edges (a stage of a 2,000-player bracket goes through
    millions)."""
    from fidedesk.engine.matching import blossom_jit, jit_state

    answer = blossom_jit.AUGMENTED
    while answer != blossom_jit.FOUND:
        if stage is not None and answer == blossom_jit.AUGMENTED:
            stage()
        answer = blossom_jit.stage(state, SCAN_BUDGET)
        scanned, state.counts[jit_state.SCANNED] = int(state.counts[jit_state.SCANNED]), 0
        if searched is not None:
            for _ in range(scanned):
                searched()
    mates = state.table[jit_state.MATE]
    mated = state.mated[: state.counts[jit_state.MATED]]
    return _matching_set({nodes[vertex]: nodes[mates[vertex]] for vertex in mated})


class _Compiled:
    """The compiled matching made ready once a process: compiled by numba the first time on a computer (half a
    minute to a minute) and kept in numba's cache on disk, loaded from there (a fifth of a second) after. It is
    made ready in a thread of its own, so that whoever waits for it may report and stop meanwhile; should it
    fail (a numba that cannot compile here), the Python algorithm matches every graph, as before.

    The compiling is done by a child process (:func:`_make_ready_elsewhere`) where numba's cache does not hold
    it yet (:func:`_marker`): numba's compiler holds Python's lock for up to a second at a time, and the progress
    words of a pairing stood still that long while it compiled in the pairing's own process (issue 28). This
    process then loads what the child kept."""

    #: How often a wait for it calls its ``wait``.
    EVERY = 0.25

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._ok = False
        #: Whether it is being compiled (numba's cache does not hold it, or that cannot be known), not loaded from
        #: the cache (in each process that pairs a big bracket: half a second idle, seconds on a busy computer):
        #: what the words say.
        self.compiling = False

    def ready(self, wait: Callable[[], None] | None = None, *, make: bool = True) -> bool:
        """Whether the compiled matching can be used: made ready first (``wait`` called every :data:`EVERY`
        seconds meanwhile; it may raise to stop waiting, and the making goes on), or, not to ``make`` it, only
        if it is ready already."""
        with self._lock:
            if self._thread is None:
                if not make:
                    return False
                self._thread = threading.Thread(target=self._make, name="fidedesk-compiled-matching", daemon=True)
                self._thread.start()
            thread = self._thread
        if not make and thread.is_alive():
            return False
        while thread.is_alive():
            thread.join(self.EVERY)
            if wait is not None and thread.is_alive():
                wait()
        return self._ok

    def _make(self) -> None:
        try:
            marker = _marker()
            self.compiling = marker is None or not marker.exists()
            if marker is not None and self.compiling and not _make_ready_elsewhere():
                _log.warning("the compiled matching was not made ready in a child process; it is made here")
            self._ok = make_ready_here(marker=marker)
        except Exception:  # any failure to compile or load leaves the Python algorithm, the same matching
            _log.exception("the compiled matching could not be made ready; the Python one matches every graph")


def make_ready_here(*, marker: Path | None = None) -> bool:
    """The compiled matching made ready in this process (compiled by numba, or loaded from its cache) and tried on
    one graph; where it matches it rightly, numba's cache is marked as holding it (:func:`_marker`, unless the
    caller's ``marker``, worked out already, is there). What the child process of :func:`_make_ready_elsewhere`
    runs."""
    from fidedesk.engine.matching import blossom_jit, jit_state
    from fidedesk.engine.matching.limbs import Table

    table = Table(1)
    prepared = jit_state.prepare_edges([(0, 1, table.add(-2))], negated=True, table=table)
    assert prepared is not None  # the state of {0: {1: -2}, 1: {0: -2}}, shifted
    state = prepared[0]
    while blossom_jit.stage(state, SCAN_BUDGET) != blossom_jit.FOUND:
        pass
    ok = int(state.table[jit_state.MATE, 0]) == 1
    marker = marker or _marker()
    if ok and marker is not None and not marker.exists():
        try:
            for old in marker.parent.glob(f"{_MARKED}*{_MARKER_SUFFIX}"):
                old.unlink(missing_ok=True)  # those of files since changed
            marker.touch()
        except OSError:  # a cache folder not written to: the next process compiles in a child again, loads here
            _log.warning("numba's cache folder %s could not be marked", marker.parent)
    return ok


#: The name and the ending of the file that marks numba's cache as holding the compiled matching: ``.nbr``, so
#: that deleting numba's files there (``*.nb?``, as after editing the compiled code) deletes it too.
_MARKED = "fidedesk-matching-"
_MARKER_SUFFIX = ".nbr"


def _marker() -> Path | None:
    """The file that marks numba's cache as holding the compiled matching of the files now installed: in the
    folder numba keeps it in, named by numba's and Python's versions and by the time and size of each module of
    this folder, the compiled ones among them (as numba dates what it keeps; in the frozen app, as numba does, by
    the executable's): every one, not a list of them kept by hand, which a new compiled module was twice left out
    of; ``None`` where that cannot be known (the matching is then made ready here, as numba finds it)."""
    import numba

    from fidedesk.engine.matching import blossom_jit

    try:
        folder = Path(blossom_jit.stage._cache.cache_path)  # type: ignore[attr-defined]  # numba's Cache
        stamps = [numba.__version__, sys.version]
        modules = sorted(str(file) for file in Path(__file__).parent.glob("*.py"))
        for file in [sys.executable] if getattr(sys, "frozen", False) else modules:
            stat = os.stat(file)
            stamps.append(f"{file} {stat.st_mtime_ns} {stat.st_size}")
    except (AttributeError, OSError, TypeError):
        return None
    digest = hashlib.sha256("\n".join(stamps).encode("utf-8")).hexdigest()[:16]
    return folder / f"{_MARKED}{digest}{_MARKER_SUFFIX}"


#: The argument with which the frozen app, started again, makes the compiled matching ready and exits
#: (``packaging/launcher.py``): it has no Python of its own to start.
MAKE_READY_ARGUMENT = "--fidedesk-make-matching-ready"
#: How long the child making the compiled matching ready is waited for (compiling takes half a minute to a
#: minute on a slow computer) before it is stopped and the matching made ready here instead.
CHILD_LIMIT = 900.0


def _child_command() -> list[str]:
    """The command of the child that makes the compiled matching ready: the frozen app itself, given
    :data:`MAKE_READY_ARGUMENT`; otherwise this Python, importing this fidedesk."""
    if getattr(sys, "frozen", False):
        return [sys.executable, MAKE_READY_ARGUMENT]
    code = "import sys; from fidedesk.engine.matching import make_ready_here; sys.exit(0 if make_ready_here() else 1)"
    return [sys.executable, "-c", code]


def _make_ready_elsewhere() -> bool:
    """The compiled matching made ready by a child process (:func:`_child_command`), so that numba's cache holds
    it; whether the child did so. Its output is kept from the user's console; a failure is logged with its
    last lines."""
    environment = dict(os.environ)
    if not getattr(sys, "frozen", False):  # the child imports this very fidedesk, installed or not
        root = str(Path(__file__).resolve().parents[3])
        environment["PYTHONPATH"] = os.pathsep.join(filter(None, (root, environment.get("PYTHONPATH"))))
    flags = 0
    if sys.platform == "win32":  # no console window opened for it beside the app's
        flags = subprocess.CREATE_NO_WINDOW
    try:
        child = subprocess.Popen(
            _child_command(),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            env=environment,
            creationflags=flags,
        )
    except OSError:
        _log.exception("no child process could be started to make the compiled matching ready")
        return False
    try:
        _, errors = child.communicate(timeout=CHILD_LIMIT)
    except subprocess.TimeoutExpired:
        child.kill()
        child.communicate()
        _log.warning("the child making the compiled matching ready took over %s s and was stopped", CHILD_LIMIT)
        return False
    if child.returncode != 0:
        tail = errors.decode("utf-8", "replace").strip().splitlines()[-5:]
        _log.warning("the child making the compiled matching ready ended with %s: %s", child.returncode, tail)
    return child.returncode == 0


#: The one of the process.
COMPILED = _Compiled()
