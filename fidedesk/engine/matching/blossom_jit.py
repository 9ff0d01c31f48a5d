"""networkx 3.6.1's ``max_weight_matching(G, maxcardinality=True)`` (Joris van Rantwijk's primal-dual blossom
algorithm, BSD-3-Clause, Copyright (C) 2004-2025 NetworkX Developers) compiled with numba: the same steps in the
same order as networkx's, so the same matching, ties included, as the same set in the same order.

:mod:`fidedesk.engine.matching.blossom` is the same algorithm in Python; :mod:`fidedesk.engine.matching` says which of
the two matches a graph. Here the weights and duals are :mod:`fidedesk.engine.matching.limbs` rows (exact), the state is
:class:`fidedesk.engine.matching.jit_state.State`'s arrays, and its blossoms are made, expanded and augmented through
in :mod:`fidedesk.engine.matching.jit_blossoms`. :func:`stage` runs one stage a call, so that the caller reports
progress and may stop between stages (a stage of a 2,000-player bracket takes a fraction of a second).

``tests/engine/test_matching.py`` holds it to :mod:`fidedesk.engine.matching.blossom` (so to networkx) on random graphs
with ties and big weights, and on the brackets of generated events."""

from __future__ import annotations

from fidedesk.engine.matching.jit_blocks import mark_block, take_block
from fidedesk.engine.matching.jit_blossoms import AHEAD, add_blossom, augment_matching, expand_blossom
from fidedesk.engine.matching.jit_compare import less_by_one_end
from fidedesk.engine.matching.jit_state import (
    ALIVE,
    ALIVE_N,
    BASE,
    BEV,
    BEW,
    BLOCK_FROM,
    BLOCK_TO,
    CH_KEY,
    CH_LIST,
    CH_POS,
    CH_RANK,
    CH_W,
    DUAL_LIMIT,
    FREE_N,
    INBLOSSOM,
    LABEL,
    LAZY,
    LE0,
    LE1,
    LEFT,
    MATE,
    MOVED,
    NBEST,
    NEXT_LAZY,
    PARENT,
    QUEUED,
    ROWS,
    SCANNED,
    STAGES,
    STEPS,
    UNDER_WAY,
    Ints,
    Ints32,
    State,
    assign_label,
    classify,
    edge_slack,
    half_less,
    moved_class,
    queue_vertex,
    scan_blossom,
    slack_less,
)
from fidedesk.engine.matching.limbs import (
    PRIME,
    Limbs,
    add_row,
    bare,
    compare,
    halve,
    jit,
    maybe_zero,
    prefetch_row,
    remainder,
    sign3,
    sign4,
)

#: What :func:`stage` answers: the matching found (no augmenting path left), a stage that augmented it, a stage
#: paused (to be called again).
FOUND, AUGMENTED, PAUSED = range(3)


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
            augment_matching(st, v, w)
            return True
        add_blossom(st, base, v, w)
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
    dual, dclass, drow = st.dual, st.dclass, st.drow
    start, nbr, wix, wmat, weights = st.start, st.nbr, st.wix, st.wmat, st.weights
    allowed, queue, counts, tight, tight_n = st.allowed, st.queue, st.counts, st.tight, st.tight_n
    erem, drem, wrank, erank, champ = st.erem, st.drem, st.wrank, st.erank, st.champ
    mask = champ.shape[1] - 1
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
                    if (
                        maybe_zero(drem, v, nbr[k], erem, k)
                        and sign3(dual, drow[v], drow[nbr[k]], weights, wix[k]) <= 0
                    ):
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
        if counts[BLOCK_FROM] != -1 and counts[QUEUED] == counts[BLOCK_TO] - 1 and take_block(
            st.n, t, start, nbr, erank, erem, drem, allowed, dclass, drow, wmat, weights, dual, wrank, queue, st.block,
            counts, v,
        ):  # fmt: skip
            continue  # v and the rest of the stage's big free blossom (jit_blocks)
        counts[LEFT] -= start[v + 1] - start[v]
        counts[ROWS] += 1
        mark = counts[ROWS]  # this row's signs of duals (less_by_one_end)
        end = start[v + 1]
        taken = 0  # classes with a least slack kept (champ)
        for k in range(start[v], end):
            ahead = k + AHEAD
            if ahead < end:  # an edge a few ahead to a free vertex, told from its least slack by the limbs: both
                farther = nbr[ahead]  # weights asked for (each read at random: they waited on memory)
                kept = t[BEV, farther]
                if t[LABEL, t[INBLOSSOM, farther]] == 0 and kept != -1 and dclass[kept] != dclass[v]:
                    prefetch_row(weights, wix[ahead])
                    prefetch_row(weights, wmat[kept, farther])
            w = nbr[k]
            if w == v:
                continue
            bv = t[INBLOSSOM, v]
            bw = t[INBLOSSOM, w]
            if bv == bw:
                continue
            if (
                allowed[v, w] == 0
                and maybe_zero(drem, v, w, erem, k)
                and sign3(dual, drow[v], drow[w], weights, wix[k]) <= 0
            ):
                allowed[v, w] = 1
                allowed[w, v] = 1
            if allowed[v, w] != 0:
                # _take changes nothing over an edge to a T-blossom's labelled vertex: not called (numba counts a
                # reference to each of the state's arrays a call is given, which here cost more than the rest)
                label = t[LABEL, bw]
                if label == 0 or label == 1 or t[LABEL, w] == 0:
                    if taken:  # bestedge[bv] as networkx has it by now: _take may read it, or make a new bv
                        _least_of_classes(t, champ, taken, wmat, weights, dual, dclass, drow, wrank, v, bv)
                        taken = 0
                    if _take(st, v, w, bw):
                        return AUGMENTED
            elif t[LABEL, bw] == 1:
                # networkx: bestedge[bv] = (v, w) if its slack is less. Kept for w's class until the least of the
                # classes is taken (_least_of_classes): the slacks of one class differ only as their weights do
                c = dclass[w]
                j = (c * 1000003) & mask
                while champ[CH_KEY, j] != -1 and champ[CH_KEY, j] != c:
                    j = (j + 1) & mask
                place = erank[k]
                if champ[CH_KEY, j] == -1:
                    champ[CH_KEY, j] = c
                    champ[CH_LIST, taken] = j
                    taken += 1
                    champ[CH_W, j], champ[CH_RANK, j], champ[CH_POS, j] = w, place, k
                elif place > champ[CH_RANK, j]:  # a heavier weight, a less slack; an equal one comes later
                    champ[CH_W, j], champ[CH_RANK, j], champ[CH_POS, j] = w, place, k
            elif t[LABEL, w] == 0:
                # networkx: bestedge[w] = (v, w) if its slack is less than bestedge[w]'s, (p, w): one end alike
                p = t[BEV, w]
                if p == -1 or less_by_one_end(
                    champ, dual, drow, dclass, weights, wrank, mark, v, wix[k], p, wmat[p, w]
                ):
                    t[BEV, w] = v
                    t[BEW, w] = w
        if taken:
            _least_of_classes(t, champ, taken, wmat, weights, dual, dclass, drow, wrank, v, t[INBLOSSOM, v])
    return 0


@bare
def _least_of_classes(
    t: Ints, champ: Ints, taken: int, wmat: Ints32, weights: Limbs, dual: Limbs, dclass: Ints, drow: Ints,
    wrank: Ints, v: int, bv: int,
) -> None:  # fmt: skip
    """networkx's bestedge[bv] after the scan's steps over v's edges to other S-blossoms, one edge at a time: the
    first edge whose slack is less than every one before it (bestedge[bv]'s own among them). Each class's least
    (the first of the heaviest weight) was kept; the least of those, the first of them where two are equal, is
    that edge unless bestedge[bv]'s slack is not more. The classes' slots are emptied."""
    best = -1
    for i in range(taken):  # each class's weight asked for at once: memory fetches them side by side
        prefetch_row(weights, wmat[v, champ[CH_W, champ[CH_LIST, i]]])
    for i in range(taken):
        j = champ[CH_LIST, i]
        if best != -1:
            w, u = champ[CH_W, j], champ[CH_W, best]
            sign = sign4(dual, drow[w], weights, wmat[v, w], drow[u], wmat[v, u])
            if sign < 0 or (sign == 0 and champ[CH_POS, j] < champ[CH_POS, best]):
                best = j
        else:
            best = j
        champ[CH_KEY, j] = -1
    w = champ[CH_W, best]
    if t[BEV, bv] == -1 or slack_less(wmat, weights, dual, dclass, drow, v, w, t[BEV, bv], t[BEW, bv], wrank):
        t[BEV, bv] = v
        t[BEW, bv] = w


@jit
def _dual_step(st: State) -> bool:
    """networkx's dual adjustment after a substage that found nothing: False when the stage (and so the
    algorithm) ends, with no augmenting path left."""
    n = st.n
    t = st.table
    limb = st.limb
    d = limb[0]
    delta = limb[1]
    zero = limb[2]
    dual, bdual, order, counts = st.dual, st.bdual, st.order, st.counts
    wmat, weights, wrank = st.wmat, st.weights, st.wrank
    dclass, dslots, drow = st.dclass, st.dslots, st.drow
    kind = -1
    edge_v = edge_w = blossom = -1
    # delta2 and delta3 as networkx's loops find them (the first least, by a strict comparison), each least edge
    # found by comparing edges' slacks (settled in a few limbs, or at once when equal by their classes) and only
    # it written out: not every edge's slack written out and compared in full, as networkx's dicts do.
    least = -1
    for v in range(n):  # delta2
        if (t[LABEL, t[INBLOSSOM, v]] == 0 and t[BEV, v] != -1) and (
            least == -1
            or slack_less(wmat, weights, dual, dclass, drow, t[BEV, v], t[BEW, v], t[BEV, least], t[BEW, least], wrank)
        ):
            least = v
    if least != -1:
        edge_v = t[BEV, least]
        edge_w = t[BEW, least]
        edge_slack(wmat, weights, dual, drow, delta, edge_v, edge_w)
        kind = 2
    least = -1
    for i in range(n + counts[ALIVE_N]):  # delta3, over blossomparent: the vertices, then the blossoms
        b = i if i < n else order[i - n]
        if (t[PARENT, b] == -1 and t[LABEL, b] == 1 and t[BEV, b] != -1) and (
            least == -1
            or half_less(wmat, weights, dual, dclass, drow, t[BEV, b], t[BEW, b], t[BEV, least], t[BEW, least], wrank)
        ):
            least = b
    if least != -1:
        edge_slack(wmat, weights, dual, drow, d, t[BEV, least], t[BEW, least])
        halve(d)
        if kind == -1 or compare(d, delta) < 0:
            delta[:] = d
            kind = 3
            edge_v = t[BEV, least]
            edge_w = t[BEW, least]
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
            if compare(dual[drow[v]], dual[drow[least]]) < 0:
                least = v
        delta[:] = dual[drow[least]] if compare(dual[drow[least]], zero) > 0 else zero
    counts[STEPS] += 1
    moved = remainder(limb, 1)
    drem, first = st.drem, st.dfirst
    # The labelled vertices moved by delta, one class at a time: a class's first vertex (the least numbered) moved
    # in its own row, each other vertex of it given that row (drow), not a copy of it (124 limbs for each of about
    # a thousand vertices, each of 45,809 steps at 2,000 players). Each vertex first given its class once moved
    # (-1 for one not moved), then a vertex whose dual another's row holds given a row of its own where the two
    # are not moved alike, then the classes moved. Every row given is its class's least vertex's (the first moved
    # into it, a dual step going through the vertices in order), which is that class's first again unless moved
    # apart from it; so a first's row is its own.
    for v in range(n):
        label = t[LABEL, t[INBLOSSOM, v]]
        first[v] = moved_class(dclass, dslots, counts, v, label) if label == 1 or label == 2 else -1
    for v in range(n):
        if drow[v] != v and first[v] != first[drow[v]]:
            dual[v, :] = dual[drow[v], :]
            drow[v] = v
    for v in range(n):
        if first[v] == v:  # its own row: a class only splits, and its least vertex holds the row of the rest
            label = t[LABEL, t[INBLOSSOM, v]]
            add_row(dual, v, limb, 1, -1 if label == 1 else 1)
            drem[v] = (drem[v] + (PRIME - moved if label == 1 else moved)) % PRIME
            if abs(dual[v, 0]) > DUAL_LIMIT:
                raise OverflowError("a dual outgrew its limbs")
        elif first[v] != -1:  # a vertex of a class whose first was moved before it: that one's dual is its
            drow[v] = first[v]
            drem[v] = drem[first[v]]
    for i in range(counts[ALIVE_N]):
        b = order[i]
        if t[PARENT, b] == -1 and (t[LABEL, b] == 1 or t[LABEL, b] == 2):
            add_row(bdual, b - n, limb, 1, 1 if t[LABEL, b] == 1 else -1)
    if kind == 1:
        return False
    if kind == 4:
        expand_blossom(st, blossom, False)
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
    most, first, end = -1, 0, 0  # the free blossom of most leaves, where they lie in the queue (jit_blocks)
    for v in range(n):
        if t[MATE, v] == -1 and t[LABEL, t[INBLOSSOM, v]] == 0:
            pushed = st.counts[QUEUED]
            assign_label(n, t, st.childs, st.buf, st.queue, st.counts, v, 1, -1)
            if st.counts[QUEUED] - pushed > end - first:
                most, first, end = t[INBLOSSOM, v], pushed, st.counts[QUEUED]
    for v in range(n):  # each vertex's dual in its own row again (classify reads them)
        if st.drow[v] != v:
            st.dual[v, :] = st.dual[st.drow[v], :]
            st.drow[v] = v
    classify(st.dual, st.dclass, st.dslots)
    mark_block(st.queue, st.block, st.counts, most, first, end)


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
    :mod:`fidedesk.engine.matching.blossom` does): should it need the duals moved, the blossoms it made are undone
    and it is run again over every edge. A bracket with many equal weights moves them seldom (a 600-player round 2's
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
            expand_blossom(st, b, True)
    return AUGMENTED
