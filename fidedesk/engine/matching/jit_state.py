"""The state of :mod:`fidedesk.engine.matching.blossom_jit`'s matching, and the small steps of it its inner loops take.

networkx keeps the blossom algorithm's state in dicts keyed by vertex, by blossom object and by pair; here it is
kept in arrays: vertices are ``0..n-1`` (the graph's nodes in order), blossoms ``n..2n-1`` (an id reused once
its blossom is expanded; those alive are kept in the order they were made, as networkx's dicts keep them), a
pair ``(v, w)`` as its two ends, ``-1`` for None. :func:`prepare` builds it from a graph.

The helpers take the arrays they use rather than the whole :class:`State`: numba counts a reference to each
array of a tuple passed in and out of a call, two dozen of them, which in an inner loop cost more than the step."""

from __future__ import annotations

import array
import functools
from collections.abc import Callable, Sequence
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from fidedesk.engine.matching.limbs import (
    Limbs,
    Table,
    bare,
    compare,
    inline,
    jit,
    number,
    ranks,
    remainders,
    rows,
    sign6,
    sign6_low,
    slack_into,
    width,
)

Ints = npt.NDArray[np.int64]
Ints32 = npt.NDArray[np.int32]

# Rows of State.table, each indexed by vertex or blossom: label; labeledge's ends; bestedge's ends; blossomparent;
# blossombase; mate (vertices); inblossom (vertices); the count of a blossom's least-slack edges (its mybestedges;
# -1 for None); of its children; whether it is alive.
LABEL, LE0, LE1, BEV, BEW, PARENT, BASE, MATE, INBLOSSOM, NBEST, NCHILDS, ALIVE = range(12)
# State.counts: blossoms alive, free blossom ids, vertices queued, vertices mated (in mate's order), stages begun,
# whether a stage is under way (paused), vertices scanned since the caller last looked, the call's budget left,
# whether the stage goes over tight edges only, whether it moved the duals, whether the next one will be lazy,
# dual steps taken, the next class of duals not yet given (moved_class).
ALIVE_N, FREE_N, QUEUED, MATED, STAGES, UNDER_WAY, SCANNED, LEFT, LAZY, MOVED, NEXT_LAZY, STEPS, NEXT_CLASS = range(13)
# ... and a big free blossom's rows (jit_blocks): the blossom whose edges State.block keeps (-1 for none), its leaves'
# count; where this stage's block lies in the queue (from, to; from -1 for none); the fewest leaves of a block;
# blocks gone through at once, and the times a blossom's edges were kept afresh.
BLOCK_B, BLOCK_N, BLOCK_FROM, BLOCK_TO, BLOCK_LEAST, BLOCKS, BLOCKS_MADE = range(13, 20)
# ... and the rows the scan has begun (each its own mark in State.champ's signs of duals, blossom_jit._scan).
ROWS = 20
#: The fewest leaves of a blossom whose rows are gone through at once (jit_blocks; a few rows gain nothing).
LEAST_BLOCK = 16
# Rows of State.dslots (moved_class's table): an old class and label, its new class, the dual step it is of, the
# first vertex moved into it.
SLOT_KEY, SLOT_CLASS, SLOT_STEP, SLOT_FIRST = range(4)
#: How many edges :func:`prepare` reads between two calls of its ``tick``.
TICK_EVERY = 1 << 16
#: A dual's first limb never passes this: the limbs leave far more room (limbs.width); a check, not a bound.
DUAL_LIMIT = 1 << 50


class State(NamedTuple):
    """The algorithm's state (numba takes a named tuple of arrays as one argument)."""

    n: int
    start: Ints  # the graph as arrays: vertex v's neighbours nbr[start[v]:start[v + 1]], in networkx's order
    nbr: Ints32
    wix: Ints32  # each such edge's weight, an index into the weights
    wmat: Ints32  # the weight of (v, w) by its ends (-1 for none)
    weights: Limbs  # the graph's weights, each once (limbs.rows)
    dual: Limbs  # dualvar by vertex: vertex v's is row drow[v] (a vertex of v's class, _dual_step), not always v's
    drow: Ints
    dclass: Ints  # by vertex: vertices of one class have equal duals (classify, moved_class)
    dslots: Ints  # their scratch: a table of 2**k >= 2n slots (rows SLOT_KEY, SLOT_CLASS, SLOT_STEP)
    bdual: Limbs  # blossomdual by blossom - n
    table: Ints  # the rows above, by vertex or blossom
    childs: Ints32  # a blossom's children (by blossom - n), its edges' ends, its least-slack edges' ends
    edge_v: Ints32
    edge_w: Ints32
    best_v: Ints32
    best_w: Ints32
    allowed: npt.NDArray[np.uint8]  # allowedge by both ends
    order: Ints  # blossoms alive, in the order made
    free: Ints  # blossom ids free to take
    queue: Ints
    counts: Ints
    mated: Ints  # vertices in the order mate first had them (networkx's dict order)
    buf: Ints  # scratch rows: leaves, leaves again, a stack, a path, edges' ends, bestedgeto by blossom, frames
    frames: Ints
    limb: Limbs  # scratch numbers: a slack, delta
    tight: Ints32  # each vertex's tight edges' other ends (as many as tight_n, -1 until asked since the duals moved)
    tight_n: Ints
    kept: Ints  # what a lazy stage began with: four rows of the table, the blossoms' order and free ids, counts
    erem: Ints32  # each edge's weight's remainder by limbs.PRIME, in nbr's order; each dual's (kept as duals move)
    drem: Ints
    wrank: Ints  # each weight's place in the weights' order (limbs.ranks), doubled, plus its last bit
    erank: Ints32  # each edge's, in nbr's order: the scan reads these two in turn, not anywhere in the weights
    champ: Ints  # the scan's least slack by class, and its duals' signs by class (blossom_jit._scan): rows CH_*
    block: Ints  # a big free blossom's least slacks, kept from stage to stage (jit_blocks): rows by vertex
    dfirst: Ints  # by vertex: the first vertex of the class a dual step moves it into (-1: not moved)


# Rows of State.champ, a table of 2**k >= 2n slots by class (-1 for an empty slot's key): the class, the other end
# of the class's least slack so far, its weight's place and where it lies in the scan; and the slots taken, in turn.
# Then a second table of as many slots by class, for one row of a scan (marked by counts[ROWS]; a slot of another
# mark is empty): the class, the row's mark, and the sign of the row's vertex's dual less that class's
# (jit_compare.less_by_one_end).
CH_KEY, CH_W, CH_RANK, CH_POS, CH_LIST, CH_SKEY, CH_MARK, CH_SIGN = range(8)

# Rows of State.buf.
LEAVES, LEAVES2, STACK, PATH, PV, PW, TOV, TOW, TOLIST = range(9)
# Rows of State.frames: a frame of expandBlossom's or augmentBlossom's recursion.
F_B, F_V, F_PHASE, F_T, F_I, F_J, F_STEP, F_W, F_X = range(9)


@inline
def leaves(n: int, table: Ints, childs: Ints32, buf: Ints, b: int, out: int) -> int:
    """networkx's ``b.leaves()`` (a stack of the children, popped) into ``buf[out]``; their count. (The hot helpers
    take the arrays they use, not the whole :class:`State`: a call would count a reference to each of its
    arrays, in and out.)"""
    dest = buf[out]
    if b < n:
        dest[0] = b
        return 1
    stack = buf[STACK]
    sp = 0
    for i in range(table[NCHILDS, b]):
        stack[sp] = childs[b - n, i]
        sp += 1
    count = 0
    while sp > 0:
        sp -= 1
        t = stack[sp]
        if t >= n:
            for i in range(table[NCHILDS, t]):
                stack[sp] = childs[t - n, i]
                sp += 1
        else:
            dest[count] = t
            count += 1
    return count


@bare
def slack_sign(
    wmat: Ints32, weights: Limbs, d: Limbs, dclass: Ints, drow: Ints, v: int, w: int, p: int, q: int, wrank: Ints
) -> int:
    """-1, 0 or 1 as slack(v, w) is less than, equal to or more than slack(p, q). Two slacks whose ends' duals are
    equal pairwise, as their classes tell, differ as their weights do, the other way (a slack is the duals less
    the weight), told by the weights' places in their order (``wrank``, :func:`fidedesk.engine.matching.limbs.ranks`)
    without a limb read: most comparisons of a big bracket's scan are of two such (at 2,000 players 447 million
    of 641 million)."""
    kv = wmat[v, w]
    kp = wmat[p, q]
    cv, cw, cp, cq = dclass[v], dclass[w], dclass[p], dclass[q]
    if (cv == cp and cw == cq) or (cv == cq and cw == cp):
        return 1 if wrank[kv] < wrank[kp] else (-1 if wrank[kv] > wrank[kp] else 0)
    return sign6(d, drow[v], drow[w], weights, kv, drow[p], drow[q], kp)


@bare
def slack_less(
    wmat: Ints32, weights: Limbs, d: Limbs, dclass: Ints, drow: Ints, v: int, w: int, p: int, q: int, wrank: Ints
) -> bool:
    """slack(v, w) < slack(p, q) (:func:`slack_sign`)."""
    return slack_sign(wmat, weights, d, dclass, drow, v, w, p, q, wrank) < 0


@bare
def half_less(
    wmat: Ints32, weights: Limbs, d: Limbs, dclass: Ints, drow: Ints, v: int, w: int, p: int, q: int, wrank: Ints
) -> bool:
    """slack(v, w) // 2 < slack(p, q) // 2 (networkx's delta3 halves with a floor): as :func:`slack_less`, each
    slack less its last bit (``a // 2 < b // 2`` exactly when ``a - a % 2 < b - b % 2``), which is the last
    limb's (the base is even). Where the ends' duals are equal pairwise and the two weights differ by an even
    number (their last bits, in ``wrank``, alike), the slacks differ by 2 or more, or not at all, and their halves
    are in the same order as they are."""
    kv = wmat[v, w]
    kp = wmat[p, q]
    cv, cw, cp, cq = dclass[v], dclass[w], dclass[p], dclass[q]
    if (cv == cp and cw == cq) or (cv == cq and cw == cp):
        if wrank[kv] == wrank[kp]:
            return False
        if not (wrank[kv] ^ wrank[kp]) & 1:
            return bool(wrank[kv] > wrank[kp])
    last = d.shape[1] - 1
    odd = (d[drow[v], last] + d[drow[w], last] - weights[kv, last]) & 1
    odd_other = (d[drow[p], last] + d[drow[q], last] - weights[kp, last]) & 1
    return bool(sign6_low(d, drow[v], drow[w], weights, kv, drow[p], drow[q], kp, odd_other - odd) < 0)


@jit
def classify(dual: Limbs, dclass: Ints, slots: Ints) -> None:
    """Each vertex's class by its dual: the first vertex with an equal dual (found by a hash of the limbs, then
    every limb compared), so a number below n. Run as each stage begins (a dual step only splits classes:
    :func:`moved_class`)."""
    size = slots.shape[1]
    table = slots[SLOT_KEY]
    table[:] = -1
    for v in range(dual.shape[0]):
        h = 0
        for i in range(dual.shape[1]):  # wraps round, as numba's integers do; each limb's high bits folded down
            h = (h ^ dual[v, i] ^ (dual[v, i] >> 29)) * 1099511628211
        j = (h ^ (h >> 32)) & (size - 1)  # duals alike in their low bits (most are) differ in the slot
        while True:
            u = table[j]
            if u == -1:
                table[j] = v
                dclass[v] = v
                break
            if compare(dual[u], dual[v]) == 0:
                dclass[v] = u
                break
            j = (j + 1) & (size - 1)
    slots[SLOT_STEP] = -1  # moved_class's table, emptied


@bare
def moved_class(dclass: Ints, slots: Ints, counts: Ints, v: int, label: int) -> int:
    """v's class once a dual step has moved its dual by delta, down for an S-vertex, up for a T-vertex (``label``):
    one new class for the vertices of one class moved alike (their duals still equal), numbered from n up (above
    :func:`classify`'s) and never given twice. Vertices moved to equal another class's dual stay apart until
    :func:`classify` runs again: vertices of one class must have equal duals, not the other way. The first vertex
    this step moved into v's new class (v itself if none before): its dual, once moved, is v's."""
    size = slots.shape[1]
    key = 2 * dclass[v] + label
    j = (key * 1000003) & (size - 1)
    while slots[SLOT_STEP, j] == counts[STEPS]:
        if slots[SLOT_KEY, j] == key:
            dclass[v] = slots[SLOT_CLASS, j]
            return int(slots[SLOT_FIRST, j])
        j = (j + 1) & (size - 1)
    slots[SLOT_STEP, j] = counts[STEPS]
    slots[SLOT_KEY, j] = key
    slots[SLOT_CLASS, j] = counts[NEXT_CLASS]
    slots[SLOT_FIRST, j] = v
    dclass[v] = counts[NEXT_CLASS]
    counts[NEXT_CLASS] += 1
    return v


@inline
def queue_vertex(queue: Ints, counts: Ints, v: int) -> None:
    queue[counts[QUEUED]] = v
    counts[QUEUED] += 1


@inline
def mate(table: Ints, mated: Ints, counts: Ints, a: int, b: int) -> None:
    if table[MATE, a] == -1:
        mated[counts[MATED]] = a
        counts[MATED] += 1
    table[MATE, a] = b


@inline
def assign_label(
    n: int, t: Ints, childs: Ints32, buf: Ints, queue: Ints, counts: Ints, w: int, label: int, v: int
) -> None:
    """networkx's ``assignLabel(w, t, v)`` (its recursion, through the T-vertex's mate, a loop)."""
    while True:
        b = t[INBLOSSOM, w]
        t[LABEL, w] = label
        t[LABEL, b] = label
        t[LE0, w] = v
        t[LE1, w] = w
        t[LE0, b] = v
        t[LE1, b] = w
        t[BEV, w] = -1
        t[BEV, b] = -1
        if label == 1:
            count = leaves(n, t, childs, buf, b, LEAVES)
            for i in range(count):
                queue_vertex(queue, counts, buf[LEAVES, i])
            return
        base = t[BASE, b]
        w = t[MATE, base]
        label = 1
        v = base


@jit
def scan_blossom(t: Ints, buf: Ints, v: int, w: int) -> int:
    """networkx's ``scanBlossom``: the base of the new blossom, or -1 for an augmenting path."""
    path = buf[PATH]
    length = 0
    base = -1
    while v != -1:
        b = t[INBLOSSOM, v]
        if t[LABEL, b] & 4:
            base = t[BASE, b]
            break
        path[length] = b
        length += 1
        t[LABEL, b] = 5
        if t[LE0, b] == -1:
            v = -1
        else:
            v = t[LE0, b]
            b = t[INBLOSSOM, v]
            v = t[LE0, b]
        if w != -1:
            v, w = w, v
    for i in range(length):
        t[LABEL, path[i]] = 1
    return base


@inline
def at(j: int, length: int) -> int:
    """Python's ``list[j]`` for ``-length <= j < length``."""
    return j + length if j < 0 else j


@inline
def edge_slack(wmat: Ints32, weights: Limbs, dual: Limbs, drow: Ints, out: Limbs, p: int, q: int) -> None:
    k = wmat[p, q]
    slack_into(out, dual[drow[p]], dual[drow[q]], weights[k])


def prepare(
    adj2: dict[int, dict[int, int]], *, shifted: bool, tick: Callable[[str, int, int], None] | None = None
) -> tuple[State, list[int]]:
    """The state at the algorithm's start for the graph ``adj2`` (as :func:`fidedesk.engine.matching.blossom.
    max_weight_matching` takes it: each weight doubled, no loop), and its nodes in order. ``tick`` is told
    ("pairs", done, of) every :data:`TICK_EVERY` pairs set out and ("weights", done, of) as the weights are
    written out as limbs (a 2,000-player bracket's take seconds); it may raise to stop."""
    nodes = list(adj2)
    n = len(nodes)
    index = {node: i for i, node in enumerate(nodes)}
    weights: dict[int, int] = {}
    start = np.zeros(n + 1, np.int64)
    degree = sum(len(neighbours) for neighbours in adj2.values())
    nbr = np.empty(degree, np.int32)
    wix = np.empty(degree, np.int32)
    wmat = np.full((n, n), -1, np.int32)
    k = 0
    for i, node in enumerate(nodes):
        for neighbour, weight in adj2[node].items():
            j = index[neighbour]
            nbr[k] = j
            wix[k] = wmat[i, j] = weights.setdefault(weight, len(weights))
            k += 1
        start[i + 1] = k
        if tick is not None and (start[i] // TICK_EVERY) != (k // TICK_EVERY):
            tick("pairs", k // 2, degree // 2)
    return _written(start, nbr, wix, wmat, list(weights), shifted=shifted, tick=tick), nodes


def prepare_edges(
    edges: Sequence[tuple[int, int, int]],
    *,
    negated: bool,
    tick: Callable[[str, int, int], None] | None = None,
    table: Table | None = None,
    let_go: bool = False,
) -> tuple[State, list[int]] | None:
    """:func:`prepare` of the graph :mod:`fidedesk.engine.matching` matches for ``edges`` (integer weights), set
    out straight from them: no dict of dicts (178 MiB of a 2,000-player bracket's), the same arrays, the weights
    numbered in the same order. That graph is networkx's: G built from the edges (nodes in the order first met,
    each node's neighbours in the order their edges were added), then the graph of G's edges in G's order (from
    each node, to the neighbours after it), each weight ``2 * (top - w)`` (``negated``: the weights are ``-2w``
    already, taken as they are, shifted). ``None`` where two edges join the same two nodes or one joins a node
    to itself (G is then not the edges as given: matching.py builds it as networkx does). ``tick`` as
    :func:`prepare`'s.

    ``table``: each edge's weight is its number in ``table`` (weights ``-2w``, ``negated``), whose rows the state
    takes as they are (no second copy of a big bracket's weights; the weights keep those numbers).

    ``let_go``: ``edges``, a list no one reads after, is emptied once set out, before the state is made (a
    2,000-player bracket's million edges take 70 MB as tuples, and the state 90 MB more)."""
    index: dict[int, int] = {}
    numbered: dict[int, int] = {}
    ends = array.array("i")
    given = array.array("i")
    for k, (u, v, weight) in enumerate(edges):
        ends.append(index.setdefault(u, len(index)))
        ends.append(index.setdefault(v, len(index)))
        given.append(weight if table is not None else numbered.setdefault(weight, len(numbered)))
        if tick is not None and not (k + 1) % TICK_EVERY:
            tick("pairs", k + 1, len(edges))
    if tick is not None and len(edges) % TICK_EVERY:
        tick("pairs", len(edges), len(edges))
    nodes = list(index)
    distinct = len(numbered) if table is None else table.count
    set_out = _set_out(
        np.frombuffer(ends, np.int32), np.frombuffer(given, np.int32), len(nodes), distinct, table is None
    )
    if set_out is None:
        return None
    start, nbr, wix, wmat, order, again = set_out
    if let_go and isinstance(edges, list):
        edges.clear()
    nodes = [nodes[i] for i in order.tolist()]
    if table is not None:
        if not negated:
            raise ValueError("a table's weights are -2w")
        written = table.written()
        maxweight = number(written[_largest(written)]) if len(written) else 0
        return _state(start, nbr, wix, wmat, written, maxweight // 2, tick), nodes
    values = list(numbered)
    numbered.clear()
    if not negated:
        top = 1 + max(values, default=0)
        values = [2 * (top - weight) for weight in values]
    weights: list[int] = [0] * len(values)
    for value, place in zip(values, again.tolist(), strict=True):
        weights[place] = value
    del values
    return _written(start, nbr, wix, wmat, weights, shifted=negated, tick=tick), nodes


@jit
def _largest(rows: Limbs) -> int:
    """The index of the largest of ``rows`` (the first of equals)."""
    best = 0
    for i in range(1, rows.shape[0]):
        if compare(rows[i], rows[best]) > 0:
            best = i
    return best


@jit
def _set_out(
    ends: Ints32, given: Ints32, n: int, distinct: int, anew: bool
) -> tuple[Ints, Ints32, Ints32, Ints32, Ints, Ints32] | None:
    """:func:`prepare_edges`' arrays for the edges ``ends[2k], ends[2k + 1]`` (nodes numbered in the order first
    met) of weights numbered ``given[k]`` (``distinct`` numbers): the inverted graph's start, nbr, wix (weights
    numbered in the order first met there) and wmat, its nodes as the given numbers, and the given weights'
    numbers there (``anew``; else the weights keep their numbers); ``None`` for a loop or an edge repeated.
    Each graph is networkx's adjacency as counted out: every node's neighbours in the order their edges came
    (nothing of the size of the edges but what it returns and the first graph's neighbours)."""
    m = len(given)
    wmat = np.full((n, n), -1, np.int32)
    first = np.zeros(n + 1, np.int64)  # G: each node's neighbours from first[node], in the order added
    for k in range(m):
        u, v = ends[2 * k], ends[2 * k + 1]
        if u == v or wmat[u, v] >= 0:
            return None
        wmat[u, v] = wmat[v, u] = 0
        first[u + 1] += 1
        first[v + 1] += 1
    first = np.cumsum(first)
    fill = first[:n].copy()
    theirs = np.empty(2 * m, np.int32)
    which = np.empty(2 * m, np.int32)
    for k in range(m):
        u, v = ends[2 * k], ends[2 * k + 1]
        theirs[fill[u]], which[fill[u]] = v, k
        fill[u] += 1
        theirs[fill[v]], which[fill[v]] = u, k
        fill[v] += 1
    # G's edges in G's order (from each node to the neighbours after it), their nodes renumbered as first met
    renumber = np.full(n, -1, np.int64)
    order = np.empty(n, np.int64)
    met = 0
    pair_u = np.empty(m, np.int32)
    pair_v = np.empty(m, np.int32)
    pair_w = np.empty(m, np.int32)
    j = 0
    for x in range(n):
        for e in range(first[x], first[x + 1]):
            y = theirs[e]
            if y > x:
                if renumber[x] < 0:
                    renumber[x] = met
                    order[met] = x
                    met += 1
                if renumber[y] < 0:
                    renumber[y] = met
                    order[met] = y
                    met += 1
                pair_u[j], pair_v[j], pair_w[j] = renumber[x], renumber[y], given[which[e]]
                j += 1
    # the graph of those edges, counted out the same way
    start = np.zeros(n + 1, np.int64)
    for k in range(m):
        start[pair_u[k] + 1] += 1
        start[pair_v[k] + 1] += 1
    start = np.cumsum(start)
    fill = start[:n].copy()
    nbr = np.empty(2 * m, np.int32)
    wix = np.empty(2 * m, np.int32)
    for k in range(m):
        u, v, w = pair_u[k], pair_v[k], pair_w[k]
        nbr[fill[u]], wix[fill[u]] = v, w
        fill[u] += 1
        nbr[fill[v]], wix[fill[v]] = u, w
        fill[v] += 1
    # its weights numbered in the order met going through each vertex's neighbours, as prepare() numbers them
    again = np.full(distinct, -1, np.int32)
    count = 0
    for e in range(2 * m if anew else 0):
        w = wix[e]
        if again[w] < 0:
            again[w] = count
            count += 1
        wix[e] = again[w]
    wmat[:, :] = -1
    for v in range(n):
        for e in range(start[v], start[v + 1]):
            wmat[v, nbr[e]] = wix[e]
    return start, nbr, wix, wmat, order, again


def _written(
    start: Ints,
    nbr: Ints32,
    wix: Ints32,
    wmat: Ints32,
    weights: list[int],
    *,
    shifted: bool,
    tick: Callable[[str, int, int], None] | None,
) -> State:
    """The state at the start for the graph of those arrays and ``weights`` (each once, as ``wix`` numbers them),
    the weights written out as limbs."""
    # networkx starts every dual at the largest weight (or 0, the more); ``shifted`` as blossom.py's
    maxweight = max(weights, default=0) // 2
    if not shifted:
        maxweight = max(0, maxweight)
    limbs = width([*weights, maxweight])
    written = rows(weights, limbs, None if tick is None else functools.partial(tick, "weights"))
    return _state(start, nbr, wix, wmat, written, maxweight, tick)


def _state(
    start: Ints,
    nbr: Ints32,
    wix: Ints32,
    wmat: Ints32,
    written: Limbs,
    maxweight: int,
    tick: Callable[[str, int, int], None] | None = None,
) -> State:
    """The state at the start for the graph of those arrays and its weights ``written`` (rows of limbs, each
    once, as ``wix`` numbers them), every dual ``maxweight``; ``tick`` told ("order", pass, passes) as the
    weights are put in order (limbs.ranks)."""
    n = len(start) - 1
    limbs = written.shape[1]
    dual = np.repeat(rows([maxweight], limbs), n, axis=0)
    table = np.full((12, 2 * n), -1, np.int64)
    table[LABEL] = 0
    table[ALIVE] = 0
    table[INBLOSSOM, :n] = np.arange(n)
    table[BASE, :n] = np.arange(n)
    size = max(n, 1)
    buf = np.full((9, 2 * size), -1, np.int64)
    wrem, drem = np.zeros(len(written), np.int64), np.zeros(1, np.int64)
    remainders(written, wrem)
    remainders(dual[:1], drem)
    wrank = np.zeros(len(written), np.int64)
    ranks(written, wrank, None if tick is None else functools.partial(tick, "order"))
    wrank = 2 * wrank + (written[:, -1] & 1)  # in the same order; the last bit for half_less
    return State(
        n=n, start=start, nbr=nbr, wix=wix, wmat=wmat, weights=written, dual=dual, drow=np.arange(size, dtype=np.int64),
        dclass=np.zeros(n, np.int64),
        dslots=np.full((4, 1 << max(1, 2 * n).bit_length()), -1, np.int64),
        bdual=np.zeros((size, limbs), np.int64), table=table,
        childs=np.zeros((size, size), np.int32), edge_v=np.zeros((size, size), np.int32),
        edge_w=np.zeros((size, size), np.int32), best_v=np.zeros((size, 2 * size), np.int32),
        best_w=np.zeros((size, 2 * size), np.int32), allowed=np.zeros((size, size), np.uint8),
        order=np.zeros(size, np.int64), free=np.arange(2 * n - 1, n - 1, -1, dtype=np.int64),
        queue=np.zeros(16 * size, np.int64),
        counts=np.array([0, n, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, n, -1, 0, -1, 0, LEAST_BLOCK, 0, 0, 0], np.int64),
        mated=np.zeros(size, np.int64), buf=buf, frames=np.zeros((9, 2 * size), np.int64),
        limb=np.zeros((3, limbs), np.int64),
        tight=np.zeros((size, max(1, int(np.diff(start).max(initial=0)))), np.int32),
        tight_n=np.full(size, -1, np.int64), kept=np.zeros((6, 2 * size), np.int64),
        erem=wrem[wix].astype(np.int32), drem=np.full(size, drem[0], np.int64), wrank=wrank,
        erank=wrank[wix].astype(np.int32),
        champ=np.full((8, 1 << max(1, 2 * n).bit_length()), -1, np.int64),
        block=np.full((5, size), -1, np.int64), dfirst=np.full(size, -1, np.int64),
    )  # fmt: skip
