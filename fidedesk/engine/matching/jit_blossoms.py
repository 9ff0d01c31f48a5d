"""The blossoms of :mod:`fidedesk.engine.matching.blossom_jit`'s matching: made (networkx's ``addBlossom``, with each
new blossom's least-slack edges to its neighbours), expanded (``expandBlossom``, relabelling a T-blossom's children) and
augmented through (``augmentBlossom``, ``augmentMatching``), step for step as networkx 3.6.1 takes them (BSD-3-Clause,
Copyright (C) 2004-2025 NetworkX Developers); networkx's recursion, the generators of ``expandBlossom`` and
``augmentBlossom``, an explicit stack of frames."""

from __future__ import annotations

import numpy as np

from fidedesk.engine.matching.jit_compare import less_by_one_end
from fidedesk.engine.matching.jit_state import (
    ALIVE,
    ALIVE_N,
    BASE,
    BEV,
    BEW,
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
    MATE,
    NBEST,
    NCHILDS,
    PARENT,
    PATH,
    PV,
    PW,
    ROWS,
    TOLIST,
    TOV,
    TOW,
    Ints,
    Ints32,
    State,
    assign_label,
    at,
    leaves,
    mate,
    queue_vertex,
    slack_less,
)
from fidedesk.engine.matching.limbs import Limbs, bare, compare, inline, jit, prefetch_row


@inline
def trace(
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


@bare
def consider(
    t: Ints,
    buf: Ints,
    wmat: Ints32,
    weights: Limbs,
    dual: Limbs,
    dclass: Ints,
    drow: Ints,
    b: int,
    i: int,
    j: int,
    listed: int,
    wrank: Ints,
) -> int:
    """One edge (i, j) of addBlossom's bestedgeto: kept for j's top blossom if the least so far; the count of
    blossoms listed."""
    i1, j1 = i, j
    if t[INBLOSSOM, j1] == b:
        i1, j1 = j1, i1
    bj = t[INBLOSSOM, j1]
    if bj != b and t[LABEL, bj] == 1:
        if buf[TOV, bj] == -1:
            buf[TOLIST, listed] = bj
            listed += 1
            buf[TOV, bj] = i
            buf[TOW, bj] = j
        else:
            p = buf[TOV, bj]
            q = buf[TOW, bj]
            if slack_less(wmat, weights, dual, dclass, drow, i1, j1, p, q, wrank):
                buf[TOV, bj] = i
                buf[TOW, bj] = j
    return listed


#: How many edges ahead :func:`consider_row` asks for a weight's row: enough for memory to answer meanwhile (12
#: measured best of 6, 12 and 24), not so many that the rows asked for are pushed out before they are read.
AHEAD = 12


@bare
def consider_row(
    t: Ints, buf: Ints, start: Ints, nbr: Ints32, wix: Ints32, wmat: Ints32, weights: Limbs, dual: Limbs,
    dclass: Ints, drow: Ints, champ: Ints, counts: Ints, wrank: Ints, b: int, i: int, listed: int,
) -> int:  # fmt: skip
    """:func:`consider` over each edge (i, j) of leaf i's row in turn, i in the new blossom b (a loop in one call,
    not a call an edge: each call passes each array anew, 62 million times in a 2,000-player bracket's matching);
    the count of blossoms listed. An edge whose j is b's is passed over (consider's, turned round, is b's to b).
    Where j's dual equals the kept edge's end's outside b (as it does for each of the 44 million slacks compared
    there), the two are compared by i's and the other end's duals alone (:func:`less_by_one_end`). The weights'
    rows compared are asked for :data:`AHEAD` edges before (:func:`prefetch_row`): read at random from hundreds
    of megabytes, they made each comparison wait on memory."""
    counts[ROWS] += 1
    mark = counts[ROWS]
    end = start[i + 1]
    for k in range(start[i], end):
        ahead = k + AHEAD
        if ahead < end:  # the weight of an edge a few ahead asked for, where it will be compared
            farther = t[INBLOSSOM, nbr[ahead]]
            if farther != b and t[LABEL, farther] == 1:
                prefetch_row(weights, wix[ahead])
        j = nbr[k]
        bj = t[INBLOSSOM, j]
        if i == j or bj == b or t[LABEL, bj] != 1:
            continue
        if buf[TOV, bj] == -1:
            buf[TOLIST, listed] = bj
            listed += 1
            buf[TOV, bj] = i
            buf[TOW, bj] = j
            continue
        p, q = buf[TOV, bj], buf[TOW, bj]
        if t[INBLOSSOM, p] != b:
            p, q = q, p
        if dclass[j] == dclass[q]:
            less = less_by_one_end(champ, dual, drow, dclass, weights, wrank, mark, i, wix[k], p, wmat[p, q])
        else:
            less = slack_less(wmat, weights, dual, dclass, drow, i, j, p, q, wrank)
        if less:
            buf[TOV, bj] = i
            buf[TOW, bj] = j
    return listed


@jit
def add_blossom(st: State, base: int, v: int, w: int) -> None:
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
    length, edges = trace(t, buf, b, bv, bb, 0, 1, LE0, LE1)
    path[length] = bb
    length += 1
    path[:length] = path[:length][::-1].copy()
    buf[PV, :edges] = buf[PV, :edges][::-1].copy()
    buf[PW, :edges] = buf[PW, :edges][::-1].copy()
    length, edges = trace(t, buf, b, bw, bb, length, edges, LE1, LE0)
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
    best_edges(
        n, t, buf, st.childs, st.best_v, st.best_w, st.start, st.nbr, st.wix, st.wmat, st.weights, st.dual, st.dclass,
        st.drow, st.champ, st.counts, b, length, st.wrank,
    )  # fmt: skip


@jit
def best_edges(
    n: int, t: Ints, buf: Ints, childs: Ints32, best_v: Ints32, best_w: Ints32, start: Ints, nbr: Ints32,
    wix: Ints32, wmat: Ints32, weights: Limbs, dual: Limbs, dclass: Ints, drow: Ints, champ: Ints, counts: Ints,
    b: int, length: int, wrank: Ints,
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
                listed = consider(
                    t,
                    buf,
                    wmat,
                    weights,
                    dual,
                    dclass,
                    drow,
                    b,
                    best_v[child - n, e],
                    best_w[child - n, e],
                    listed,
                    wrank,
                )
        else:
            count = leaves(n, t, childs, buf, child, LEAVES2)
            for li in range(count):
                listed = consider_row(
                    t, buf, start, nbr, wix, wmat, weights, dual, dclass, drow, champ, counts, wrank, b,
                    buf[LEAVES2, li], listed,
                )  # fmt: skip
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
            wmat,
            weights,
            dual,
            dclass,
            drow,
            best_v[slot, e],
            best_w[slot, e],
            best_v[slot, best],
            best_w[slot, best],
            wrank,
        ):
            best = e
    t[BEV, b] = -1
    if best != -1:
        t[BEV, b] = best_v[slot, best]
        t[BEW, b] = best_w[slot, best]


@inline
def along(edge_v: Ints32, edge_w: Ints32, slot: int, j: int, jstep: int, length: int) -> tuple[int, int]:
    """The edge a walk round a blossom's cycle crosses at child ``j`` going ``jstep``, its ends in the walk's
    order: networkx's ``p, q = b.edges[j]`` forward, ``q, p = b.edges[j - 1]`` backward."""
    if jstep == 1:
        return edge_v[slot, at(j, length)], edge_w[slot, at(j, length)]
    return edge_w[slot, at(j - 1, length)], edge_v[slot, at(j - 1, length)]


@jit
def relabel_expanded(st: State, b: int) -> None:
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
        p, q = along(st.edge_v, st.edge_w, slot, j, jstep, length)
        t[LABEL, w] = 0
        t[LABEL, q] = 0
        assign_label(n, t, st.childs, st.buf, st.queue, st.counts, w, 2, v)
        st.allowed[p, q] = 1
        st.allowed[q, p] = 1
        j += jstep
        v, w = along(st.edge_v, st.edge_w, slot, j, jstep, length)
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
def expand_blossom(st: State, b0: int, endstage: bool) -> None:
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
            relabel_expanded(st, b)
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
def enter(fr: Ints, sp: int, b: int, v: int) -> int:
    """augmentBlossom's recursion into the child blossom ``b`` at ``v``: a frame pushed; the top's index."""
    sp += 1
    fr[F_B, sp] = b
    fr[F_V, sp] = v
    fr[F_PHASE, sp] = 0
    return sp


@jit
def augment_blossom(st: State, b0: int, v0: int) -> None:
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
                sp = enter(fr, sp, c, fr[F_V, sp])
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
            w, x = along(st.edge_v, st.edge_w, slot, j, jstep, length)
            fr[F_J, sp] = j
            fr[F_W, sp] = w
            fr[F_X, sp] = x
            fr[F_PHASE, sp] = 3
            if c >= n:
                sp = enter(fr, sp, c, w)
                continue
            phase = 3
        if phase == 3:
            j = fr[F_J, sp] + fr[F_STEP, sp]
            fr[F_J, sp] = j
            c = st.childs[slot, at(j, length)]
            fr[F_PHASE, sp] = 4
            if c >= n:
                sp = enter(fr, sp, c, fr[F_X, sp])
                continue
        w = fr[F_W, sp]
        x = fr[F_X, sp]
        mate(t, st.mated, st.counts, w, x)
        mate(t, st.mated, st.counts, x, w)
        fr[F_PHASE, sp] = 2


@jit
def augment_matching(st: State, v: int, w: int) -> None:
    """networkx's ``augmentMatching(v, w)``."""
    n = st.n
    t = st.table
    for side in range(2):
        s = v if side == 0 else w
        j = w if side == 0 else v
        while True:
            bs = t[INBLOSSOM, s]
            if bs >= n:
                augment_blossom(st, bs, s)
            mate(t, st.mated, st.counts, s, j)
            if t[LE0, bs] == -1:
                break
            bt = t[INBLOSSOM, t[LE0, bs]]
            s = t[LE0, bt]
            j = t[LE1, bt]
            if bt >= n:
                augment_blossom(st, bt, j)
            mate(t, st.mated, st.counts, j, s)
