"""networkx 3.6.1's ``max_weight_matching(G, maxcardinality=True)`` (Joris van Rantwijk's primal-dual blossom
algorithm, BSD-3-Clause, Copyright (C) 2004-2025 NetworkX Developers) compiled with numba: the same steps in the
same order as networkx's, so the same matching, ties included, as the same set in the same order.

:mod:`fidedesk.engine.blossom` is the same algorithm in Python; :mod:`fidedesk.engine.matching` says which of
the two matches a graph. Here the weights and duals are :mod:`fidedesk.engine.limbs` rows (exact), the state is
:class:`fidedesk.engine.jit_state.State`'s arrays, and networkx's recursion (the generators of ``expandBlossom``
and ``augmentBlossom``) an explicit stack. :func:`stage` runs one stage a call, so that the caller reports
progress and may stop between stages (a stage of a 2,000-player bracket takes a fraction of a second).

``tests/engine/test_matching.py`` holds it to :mod:`fidedesk.engine.blossom` (so to networkx) on random graphs
with ties and big weights, and on the brackets of generated events."""

from __future__ import annotations

import numpy as np

from fidedesk.engine.jit_state import (
    ALIVE,
    ALIVE_N,
    BASE,
    BEV,
    BEW,
    DUAL_LIMIT,
    F_B,
    F_I,
    F_J,
    F_PHASE,
    F_STEP,
    F_T,
    F_V,
    F_W,
    F_X,
    FREE_N,
    INBLOSSOM,
    LABEL,
    LAZY,
    LE0,
    LE1,
    LEAVES,
    LEAVES2,
    LEFT,
    MATE,
    MOVED,
    NBEST,
    NCHILDS,
    NEXT_LAZY,
    PARENT,
    PATH,
    PV,
    PW,
    QUEUED,
    SCANNED,
    STAGES,
    TOLIST,
    TOV,
    TOW,
    UNDER_WAY,
    Ints,
    Ints32,
    State,
    assign_label,
    at,
    consider,
    edge_slack,
    leaves,
    mate,
    queue_vertex,
    scan_blossom,
    slack_less,
)
from fidedesk.engine.limbs import Limbs, add_into, compare, halve, inline, jit, sign3

#: What :func:`stage` answers: the matching found (no augmenting path left), a stage that augmented it, a stage
#: paused (to be called again).
FOUND, AUGMENTED, PAUSED = range(3)


@inline
def _trace(
    t: Ints, buf: Ints, b: int, bx: int, bb: int, length: int, edges: int, first: int, second: int
) -> tuple[int, int]:
    """One side of a new blossom b's cycle, from the blossom ``bx`` back to the base's ``bb`` (networkx's two
    loops in addBlossom): each blossom passed made b's child, its label edge one of b's edges (read as
    ``first``, ``second`` ends: turned round on the second side); the children and edges counted so far."""
    path = buf[PATH]
    while bx != bb:
        t[PARENT, bx] = b
        path[length] = bx
        length += 1
        buf[PV, edges] = t[first, bx]
        buf[PW, edges] = t[second, bx]
        edges += 1
        bx = t[INBLOSSOM, t[LE0, bx]]
    return length, edges


@jit
def _add_blossom(st: State, base: int, v: int, w: int) -> None:
    """networkx's ``addBlossom(base, v, w)``."""
    n = st.n
    t = st.table
    buf = st.buf
    bb = t[INBLOSSOM, base]
    bv = t[INBLOSSOM, v]
    bw = t[INBLOSSOM, w]
    st.counts[FREE_N] -= 1
    b = st.free[st.counts[FREE_N]]
    slot = b - n
    t[ALIVE, b] = 1
    st.order[st.counts[ALIVE_N]] = b
    st.counts[ALIVE_N] += 1
    t[BASE, b] = base
    t[PARENT, b] = -1
    t[PARENT, bb] = b
    path = buf[PATH]
    buf[PV, 0] = v
    buf[PW, 0] = w
    length, edges = _trace(t, buf, b, bv, bb, 0, 1, LE0, LE1)
    path[length] = bb
    length += 1
    path[:length] = path[:length][::-1].copy()
    buf[PV, :edges] = buf[PV, :edges][::-1].copy()
    buf[PW, :edges] = buf[PW, :edges][::-1].copy()
    length, edges = _trace(t, buf, b, bw, bb, length, edges, LE1, LE0)
    for i in range(length):
        st.childs[slot, i] = path[i]
        st.edge_v[slot, i] = buf[PV, i]
        st.edge_w[slot, i] = buf[PW, i]
    t[NCHILDS, b] = length
    t[LABEL, b] = 1
    t[LE0, b] = t[LE0, bb]
    t[LE1, b] = t[LE1, bb]
    st.bdual[slot, :] = 0
    count = leaves(n, t, st.childs, st.buf, b, LEAVES)
    for i in range(count):
        x = buf[LEAVES, i]
        if t[LABEL, t[INBLOSSOM, x]] == 2:
            queue_vertex(st.queue, st.counts, x)
        t[INBLOSSOM, x] = b
    if st.counts[LAZY]:
        return  # b's least-slack edges serve only a dual step, which a stage over tight edges never takes
    _best_edges(n, t, buf, st.childs, st.best_v, st.best_w, st.start, st.nbr, st.wmat, st.weights, st.dual, b, length)


@jit
def _best_edges(
    n: int, t: Ints, buf: Ints, childs: Ints32, best_v: Ints32, best_w: Ints32, start: Ints, nbr: Ints32,
    wmat: Ints32, weights: Limbs, dual: Limbs, b: int, length: int,
) -> None:  # fmt: skip
    """The end of addBlossom: the new blossom b's least-slack edge to each neighbouring S-blossom (networkx's
    bestedgeto, a dict by blossom in the order first set), from its children's own where kept, else from their
    leaves' edges; and the least of them, b's bestedge."""
    slot = b - n
    listed = 0
    for c in range(length):
        child = childs[slot, c]
        if child >= n and t[NBEST, child] >= 0:
            kept = t[NBEST, child]
            t[NBEST, child] = -1
            for e in range(kept):
                listed = consider(t, buf, wmat, weights, dual, b, best_v[child - n, e], best_w[child - n, e], listed)
        else:
            count = leaves(n, t, childs, buf, child, LEAVES2)
            for li in range(count):
                i = buf[LEAVES2, li]
                for k in range(start[i], start[i + 1]):
                    j = nbr[k]
                    if i != j:
                        listed = consider(t, buf, wmat, weights, dual, b, i, j, listed)
        t[BEV, child] = -1
    for e in range(listed):
        bj = buf[TOLIST, e]
        best_v[slot, e] = buf[TOV, bj]
        best_w[slot, e] = buf[TOW, bj]
        buf[TOV, bj] = -1
    t[NBEST, b] = listed
    best = -1
    for e in range(listed):
        if best == -1 or slack_less(
            wmat, weights, dual, best_v[slot, e], best_w[slot, e], best_v[slot, best], best_w[slot, best]
        ):
            best = e
    t[BEV, b] = -1
    if best != -1:
        t[BEV, b] = best_v[slot, best]
        t[BEW, b] = best_w[slot, best]


@inline
def _along(edge_v: Ints32, edge_w: Ints32, slot: int, j: int, jstep: int, length: int) -> tuple[int, int]:
    """The edge a walk round a blossom's cycle crosses at child ``j`` going ``jstep``, its ends in the walk's
    order: networkx's ``p, q = b.edges[j]`` forward, ``q, p = b.edges[j - 1]`` backward."""
    if jstep == 1:
        return edge_v[slot, at(j, length)], edge_w[slot, at(j, length)]
    return edge_w[slot, at(j - 1, length)], edge_v[slot, at(j - 1, length)]


@jit
def _relabel_expanded(st: State, b: int) -> None:
    """The part of networkx's ``expandBlossom(b, False)`` for a T-blossom: relabel the children along the path
    from the entry child to the base, and those of the rest that are reached."""
    n = st.n
    t = st.table
    slot = b - n
    length = t[NCHILDS, b]
    entrychild = t[INBLOSSOM, t[LE1, b]]
    j = 0
    while st.childs[slot, j] != entrychild:
        j += 1
    if j & 1:
        j -= length
        jstep = 1
    else:
        jstep = -1
    v = t[LE0, b]
    w = t[LE1, b]
    while j != 0:
        p, q = _along(st.edge_v, st.edge_w, slot, j, jstep, length)
        t[LABEL, w] = 0
        t[LABEL, q] = 0
        assign_label(n, t, st.childs, st.buf, st.queue, st.counts, w, 2, v)
        st.allowed[p, q] = 1
        st.allowed[q, p] = 1
        j += jstep
        v, w = _along(st.edge_v, st.edge_w, slot, j, jstep, length)
        st.allowed[v, w] = 1
        st.allowed[w, v] = 1
        j += jstep
    bw = st.childs[slot, at(j, length)]
    t[LABEL, w] = 2
    t[LABEL, bw] = 2
    t[LE0, w] = v
    t[LE1, w] = w
    t[LE0, bw] = v
    t[LE1, bw] = w
    t[BEV, bw] = -1
    j += jstep
    while st.childs[slot, at(j, length)] != entrychild:
        bv = st.childs[slot, at(j, length)]
        if t[LABEL, bv] == 1:
            j += jstep
            continue
        if bv >= n:
            count = leaves(n, t, st.childs, st.buf, bv, LEAVES)
            x = st.buf[LEAVES, 0]
            for i in range(count):
                x = st.buf[LEAVES, i]
                if t[LABEL, x] != 0:
                    break
        else:
            x = bv
        if t[LABEL, x] != 0:
            t[LABEL, x] = 0
            t[LABEL, t[MATE, t[BASE, bv]]] = 0
            assign_label(n, t, st.childs, st.buf, st.queue, st.counts, x, 2, t[LE0, x])
        j += jstep


@jit
def _expand_blossom(st: State, b0: int, endstage: bool) -> None:
    """networkx's ``expandBlossom(b, endstage)``: at a stage's end, sub-blossoms with no dual are expanded too,
    each as soon as it is met among its parent's children (networkx's generator stack, here ``frames``)."""
    n = st.n
    t = st.table
    fr = st.frames
    sp = 0
    fr[F_B, 0] = b0
    fr[F_I, 0] = 0
    while sp >= 0:
        b = fr[F_B, sp]
        slot = b - n
        i = fr[F_I, sp]
        if i < t[NCHILDS, b]:
            fr[F_I, sp] = i + 1
            s = st.childs[slot, i]
            t[PARENT, s] = -1
            if s < n:
                t[INBLOSSOM, s] = s
            elif endstage and compare(st.bdual[s - n], st.limb[2]) == 0:
                sp += 1
                fr[F_B, sp] = s
                fr[F_I, sp] = 0
            else:
                count = leaves(n, t, st.childs, st.buf, s, LEAVES)
                for k in range(count):
                    t[INBLOSSOM, st.buf[LEAVES, k]] = s
            continue
        if not endstage and t[LABEL, b] == 2:
            _relabel_expanded(st, b)
        t[LABEL, b] = 0
        t[LE0, b] = -1
        t[BEV, b] = -1
        t[PARENT, b] = -1
        t[ALIVE, b] = 0
        t[NBEST, b] = -1
        alive = st.counts[ALIVE_N]
        k = 0
        while st.order[k] != b:
            k += 1
        st.order[k : alive - 1] = st.order[k + 1 : alive].copy()
        st.counts[ALIVE_N] = alive - 1
        st.free[st.counts[FREE_N]] = b
        st.counts[FREE_N] += 1
        sp -= 1


@inline
def _enter(fr: Ints, sp: int, b: int, v: int) -> int:
    """augmentBlossom's recursion into the child blossom ``b`` at ``v``: a frame pushed; the top's index."""
    sp += 1
    fr[F_B, sp] = b
    fr[F_V, sp] = v
    fr[F_PHASE, sp] = 0
    return sp


@jit
def _augment_blossom(st: State, b0: int, v0: int) -> None:
    """networkx's ``augmentBlossom(b, v)``: its generator stack as ``frames``, each frame a phase: 0 find the
    child holding v (and go into it), 1 set the walk, 2 the walk's next step (into the next child), 3 into the
    child after it, 4 mate the two."""
    n = st.n
    t = st.table
    fr = st.frames
    sp = 0
    fr[F_B, 0] = b0
    fr[F_V, 0] = v0
    fr[F_PHASE, 0] = 0
    while sp >= 0:
        b = fr[F_B, sp]
        slot = b - n
        length = t[NCHILDS, b]
        phase = fr[F_PHASE, sp]
        if phase == 0:
            c = fr[F_V, sp]
            while t[PARENT, c] != b:
                c = t[PARENT, c]
            fr[F_T, sp] = c
            fr[F_PHASE, sp] = 1
            if c >= n:
                sp = _enter(fr, sp, c, fr[F_V, sp])
                continue
            phase = 1
        if phase == 1:
            i = 0
            while st.childs[slot, i] != fr[F_T, sp]:
                i += 1
            fr[F_I, sp] = i
            j = i
            if i & 1:
                j -= length
                fr[F_STEP, sp] = 1
            else:
                fr[F_STEP, sp] = -1
            fr[F_J, sp] = j
            fr[F_PHASE, sp] = 2
            phase = 2
        if phase == 2:
            j = fr[F_J, sp]
            if j == 0:
                i = fr[F_I, sp]
                if i:
                    for row in (st.childs, st.edge_v, st.edge_w):
                        row[slot, :length] = np.concatenate((row[slot, i:length], row[slot, :i]))
                t[BASE, b] = t[BASE, st.childs[slot, 0]]
                sp -= 1
                continue
            jstep = fr[F_STEP, sp]
            j += jstep
            c = st.childs[slot, at(j, length)]
            w, x = _along(st.edge_v, st.edge_w, slot, j, jstep, length)
            fr[F_J, sp] = j
            fr[F_W, sp] = w
            fr[F_X, sp] = x
            fr[F_PHASE, sp] = 3
            if c >= n:
                sp = _enter(fr, sp, c, w)
                continue
            phase = 3
        if phase == 3:
            j = fr[F_J, sp] + fr[F_STEP, sp]
            fr[F_J, sp] = j
            c = st.childs[slot, at(j, length)]
            fr[F_PHASE, sp] = 4
            if c >= n:
                sp = _enter(fr, sp, c, fr[F_X, sp])
                continue
        w = fr[F_W, sp]
        x = fr[F_X, sp]
        mate(t, st.mated, st.counts, w, x)
        mate(t, st.mated, st.counts, x, w)
        fr[F_PHASE, sp] = 2


@jit
def _augment_matching(st: State, v: int, w: int) -> None:
    """networkx's ``augmentMatching(v, w)``."""
    n = st.n
    t = st.table
    for side in range(2):
        s = v if side == 0 else w
        j = w if side == 0 else v
        while True:
            bs = t[INBLOSSOM, s]
            if bs >= n:
                _augment_blossom(st, bs, s)
            mate(t, st.mated, st.counts, s, j)
            if t[LE0, bs] == -1:
                break
            bt = t[INBLOSSOM, t[LE0, bs]]
            s = t[LE0, bt]
            j = t[LE1, bt]
            if bt >= n:
                _augment_blossom(st, bt, j)
            mate(t, st.mated, st.counts, j, s)


@jit
def _take(st: State, v: int, w: int, bw: int) -> bool:
    """networkx's step over an allowed edge (v, w) from an S-vertex: w labelled T, a blossom made, or the matching
    augmented (True)."""
    t = st.table
    if t[LABEL, bw] == 0:
        assign_label(st.n, t, st.childs, st.buf, st.queue, st.counts, w, 2, v)
    elif t[LABEL, bw] == 1:
        base = scan_blossom(t, st.buf, v, w)
        if base == -1:
            _augment_matching(st, v, w)
            return True
        _add_blossom(st, base, v, w)
    elif t[LABEL, w] == 0:
        t[LABEL, w] = 2
        t[LE0, w] = v
        t[LE1, w] = w
    return False


@jit
def _scan(st: State) -> int:
    """networkx's substage: the queued S-vertices' edges gone through until the matching is augmented
    (AUGMENTED) or none is left (0); PAUSED once the budget left (``counts[LEFT]``, in edges, each gone through
    taken off it) is spent, between two vertices. In a lazy stage (``counts[LAZY]``) only each vertex's tight
    edges are gone through: the steps over every edge differ from these only in keeping least slacks, which
    only a dual step reads. (The state's arrays are read into names first: each read of one from the tuple
    counts a reference.)"""
    t = st.table
    dual = st.dual
    start, nbr, wix, wmat, weights = st.start, st.nbr, st.wix, st.wmat, st.weights
    allowed, queue, counts, tight, tight_n = st.allowed, st.queue, st.counts, st.tight, st.tight_n
    while counts[QUEUED] > 0:
        if counts[LEFT] <= 0:
            return PAUSED
        counts[QUEUED] -= 1
        v = queue[counts[QUEUED]]
        counts[SCANNED] += 1
        if counts[LAZY]:
            if tight_n[v] < 0:  # v's tight edges, kept until the duals move
                found = 0
                for k in range(start[v], start[v + 1]):
                    if sign3(dual[v], dual[nbr[k]], weights[wix[k]]) <= 0:
                        tight[v, found] = nbr[k]
                        found += 1
                tight_n[v] = found
                counts[LEFT] -= start[v + 1] - start[v]
            counts[LEFT] -= tight_n[v]
            for i in range(tight_n[v]):
                w = tight[v, i]
                bw = t[INBLOSSOM, w]
                if t[INBLOSSOM, v] != bw and _take(st, v, w, bw):
                    return AUGMENTED
            continue
        counts[LEFT] -= start[v + 1] - start[v]
        for k in range(start[v], start[v + 1]):
            w = nbr[k]
            if w == v:
                continue
            bv = t[INBLOSSOM, v]
            bw = t[INBLOSSOM, w]
            if bv == bw:
                continue
            if allowed[v, w] == 0 and sign3(dual[v], dual[w], weights[wix[k]]) <= 0:
                allowed[v, w] = 1
                allowed[w, v] = 1
            if allowed[v, w] != 0:
                if _take(st, v, w, bw):
                    return AUGMENTED
            elif t[LABEL, bw] == 1:
                if t[BEV, bv] == -1 or slack_less(wmat, weights, dual, v, w, t[BEV, bv], t[BEW, bv]):
                    t[BEV, bv] = v
                    t[BEW, bv] = w
            elif t[LABEL, w] == 0 and (t[BEV, w] == -1 or slack_less(wmat, weights, dual, v, w, t[BEV, w], t[BEW, w])):
                t[BEV, w] = v
                t[BEW, w] = w
    return 0


@jit
def _dual_step(st: State) -> bool:
    """networkx's dual adjustment after a substage that found nothing: False when the stage (and so the
    algorithm) ends, with no augmenting path left."""
    n = st.n
    t = st.table
    d = st.limb[0]
    delta = st.limb[1]
    zero = st.limb[2]
    dual, bdual, order, counts = st.dual, st.bdual, st.order, st.counts
    wmat, weights = st.wmat, st.weights
    kind = -1
    edge_v = edge_w = blossom = -1
    for v in range(n):  # delta2
        if t[LABEL, t[INBLOSSOM, v]] == 0 and t[BEV, v] != -1:
            edge_slack(wmat, weights, dual, d, t[BEV, v], t[BEW, v])
            if kind == -1 or compare(d, delta) < 0:
                delta[:] = d
                kind = 2
                edge_v = t[BEV, v]
                edge_w = t[BEW, v]
    for i in range(n + counts[ALIVE_N]):  # delta3, over blossomparent: the vertices, then the blossoms
        b = i if i < n else order[i - n]
        if t[PARENT, b] == -1 and t[LABEL, b] == 1 and t[BEV, b] != -1:
            edge_slack(wmat, weights, dual, d, t[BEV, b], t[BEW, b])
            halve(d)
            if kind == -1 or compare(d, delta) < 0:
                delta[:] = d
                kind = 3
                edge_v = t[BEV, b]
                edge_w = t[BEW, b]
    for i in range(counts[ALIVE_N]):  # delta4
        b = order[i]
        if t[PARENT, b] == -1 and t[LABEL, b] == 2 and (kind == -1 or compare(bdual[b - n], delta) < 0):
            delta[:] = bdual[b - n]
            kind = 4
            blossom = b
    if kind == -1:  # delta1: with maxcardinality, only when nothing else bounds it
        kind = 1
        least = 0
        for v in range(1, n):
            if compare(dual[v], dual[least]) < 0:
                least = v
        delta[:] = dual[least] if compare(dual[least], zero) > 0 else zero
    for v in range(n):
        label = t[LABEL, t[INBLOSSOM, v]]
        if label == 1 or label == 2:
            add_into(dual[v], delta, -1 if label == 1 else 1)
            if abs(dual[v, 0]) > DUAL_LIMIT:
                raise OverflowError("a dual outgrew its limbs")
    for i in range(counts[ALIVE_N]):
        b = order[i]
        if t[PARENT, b] == -1 and (t[LABEL, b] == 1 or t[LABEL, b] == 2):
            add_into(bdual[b - n], delta, 1 if t[LABEL, b] == 1 else -1)
    if kind == 1:
        return False
    if kind == 4:
        _expand_blossom(st, blossom, False)
    else:
        st.allowed[edge_v, edge_w] = 1
        st.allowed[edge_w, edge_v] = 1
        queue_vertex(st.queue, st.counts, edge_v)
    return True


@jit
def _begin(st: State) -> None:
    """A stage's start: networkx's labels, label edges, least slacks, allowed edges and queue cleared, each free
    vertex labelled S."""
    n = st.n
    t = st.table
    t[LABEL, :] = 0
    t[LE0, :] = -1
    t[BEV, :] = -1
    for i in range(st.counts[ALIVE_N]):
        t[NBEST, st.order[i]] = -1
    st.allowed[:, :] = 0
    st.counts[QUEUED] = 0
    for v in range(n):
        if t[MATE, v] == -1 and t[LABEL, t[INBLOSSOM, v]] == 0:
            assign_label(n, t, st.childs, st.buf, st.queue, st.counts, v, 1, -1)


@jit
def _keep(st: State, back: bool) -> None:
    """What a lazy stage may change before it augments, kept as it began (``back`` False) or put back (True):
    the blossoms it made (which vertices and blossoms they hold, which ids are taken). It moves no dual."""
    kept = st.kept
    n = st.n
    rows = (INBLOSSOM, PARENT, BASE, ALIVE)
    for r in range(4):
        if back:
            st.table[rows[r]] = kept[r]
        else:
            kept[r] = st.table[rows[r]]
    if back:
        st.order[:n] = kept[4, :n]
        st.free[:n] = kept[4, n:]
        st.counts[ALIVE_N] = kept[5, 0]
        st.counts[FREE_N] = kept[5, 1]
    else:
        kept[4, :n] = st.order[:n]
        kept[4, n:] = st.free[:n]
        kept[5, 0] = st.counts[ALIVE_N]
        kept[5, 1] = st.counts[FREE_N]


@jit
def stage(st: State, budget: int) -> int:
    """One stage of networkx's algorithm, or the next part of it: AUGMENTED when it augmented the matching,
    FOUND when the matching is found (no augmenting path), PAUSED once ``budget`` edges are gone through (a stage
    of a big bracket goes through millions: the caller reports and may stop between calls).

    A stage after one that did not move the duals is first tried over the tight edges alone (lazy, as
    :mod:`fidedesk.engine.blossom` does): should it need the duals moved, the blossoms it made are undone and it
    is run again over every edge. A bracket with many equal weights moves them seldom (a 600-player round 2's
    first matching: 4 dual steps in 201 stages)."""
    n = st.n
    t = st.table
    counts = st.counts
    if not counts[UNDER_WAY]:
        counts[UNDER_WAY] = 1
        counts[STAGES] += 1
        counts[LAZY] = counts[NEXT_LAZY]
        counts[MOVED] = 0
        if counts[LAZY]:
            _keep(st, False)
        _begin(st)
    counts[LEFT] = budget
    while True:
        scanned = _scan(st)
        if scanned == PAUSED:
            return PAUSED
        if scanned == AUGMENTED:
            break
        if counts[LAZY]:  # no augmenting path over the tight edges: the stage again, over every edge
            _keep(st, True)
            counts[LAZY] = 0
            _begin(st)
            continue
        if not _dual_step(st):
            counts[UNDER_WAY] = 0
            return FOUND
        counts[MOVED] = 1
        st.tight_n[:] = -1  # the duals moved
        counts[LEFT] -= n  # a dual step goes over every vertex, its dual and its least slack
        if counts[LEFT] <= 0:
            return PAUSED
    counts[UNDER_WAY] = 0
    counts[NEXT_LAZY] = 1 - counts[MOVED]
    # blossoms with no dual left at the end of a stage are expanded (a snapshot of those alive, as networkx's list)
    alive = counts[ALIVE_N]
    snapshot = st.order[:alive].copy()
    for b in snapshot:
        if t[ALIVE, b] == 1 and t[PARENT, b] == -1 and t[LABEL, b] == 1 and compare(st.bdual[b - n], st.limb[2]) == 0:
            _expand_blossom(st, b, True)
    return AUGMENTED
