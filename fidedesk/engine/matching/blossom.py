"""networkx 3.6.1's ``max_weight_matching`` with ``maxcardinality=True`` (Joris van Rantwijk's primal-dual blossom
algorithm, BSD-3-Clause, Copyright (C) 2004-2025 NetworkX Developers) for integer weights on plain dicts: the same
steps in the same order, so the same matching, ties included, as the same set. :mod:`fidedesk.engine.matching`
hands it gacrux's brackets.

Changed, none of it in what the algorithm decides: an edge's weight is read from a dict of dicts doubled once,
not through ``G[v][w].get("weight")``; the hot neighbour scan computes the slack in line; the allowed edges are
kept as each vertex's set of other ends (no pair built to ask with); the slack of each ``bestedge`` is kept beside
it while the duals stand still, and a new blossom's least-slack edges are found building only the pairs it keeps
(a 600-player round 2's two big matchings: 8.9 s to 5.8 s); a stage is tried over the tight edges alone and run
again over every edge only should it move the duals (the same two: 5.8 s to 3.8 s); the scan sums one pair of
numbers of thousands of bits a neighbour, not two (7-17 % of a big bracket's matching); ``verifyOptimum`` is left out.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import repeat
from typing import Any

#: (u, v, weight) as gacrux gives them to ``Graph.add_weighted_edges_from``.
Edge = tuple[int, int, Any]


def each_edge(adj: dict[int, dict[int, Any]], *, let_go: bool = False) -> Iterator[Edge]:
    """networkx's ``Graph.edges(data=...)``: each edge once, from the first of its ends in node order; ``let_go``:
    each node's neighbours taken out of ``adj`` once gone through (so a graph built from them is not held twice)."""
    seen: set[int] = set()
    for node in list(adj):
        for neighbour, weight in (adj.pop(node) if let_go else adj[node]).items():
            if neighbour not in seen:
                yield node, neighbour, weight
        seen.add(node)


class _NoNode:
    """Dummy value which is different from any node."""


class _Blossom:
    """A non-trivial blossom or sub-blossom: ``childs`` its sub-blossoms from the base round, ``edges[i]`` the
    edge from ``childs[i]`` to ``childs[i + 1]``, ``mybestedges`` (of a top-level S-blossom) its least-slack
    edges to neighbouring S-blossoms, or None when not yet computed."""

    __slots__ = ["childs", "edges", "mybestedges"]

    def __init__(self) -> None:
        self.childs: list[Any] = []
        self.edges: list[tuple[int, int]] = []
        self.mybestedges: list[tuple[int, int]] | None = None

    def leaves(self) -> Iterator[int]:
        stack = [*self.childs]
        while stack:
            t = stack.pop()
            if isinstance(t, _Blossom):
                stack.extend(t.childs)
            else:
                yield t


def max_weight_matching(
    adj2: dict[int, dict[int, int]],
    stage: Callable[[], None] | None = None,
    searched: Callable[[], None] | None = None,
    *,
    shifted: bool = False,
) -> set[tuple[int, int]]:
    """networkx's ``max_weight_matching(G, maxcardinality=True)`` for integer weights, ``adj2`` the graph's
    adjacency as :func:`fidedesk.engine.matching.min_weight_matching` builds it: each weight doubled, no edge from
    a node to itself. The comments are networkx's, shortened.

    ``shifted``: the weights are G's less one number, the same for all, and G's largest is above 0. Each step is
    then the one it is for G (a slack, and so each dual step, is the same; the duals start at the largest weight
    and all move with it; only the last step, which ends the algorithm with no pair added, would not), so the
    matching is G's. networkx starts the duals at the largest weight or 0, whichever is more; here they start at
    the largest, which may be below 0.

    ``stage`` is called before each stage, ``searched`` each time a stage has gone through one more vertex's edges
    (to scan them, to find its tight ones, or for a new blossom's least slacks: a stage of a 2,000-player
    bracket takes seconds); either may raise to stop."""
    NoNode = _NoNode
    Blossom = _Blossom
    gnodes = list(adj2)
    if not gnodes:
        return set()
    maxweight = max((wt2 for i, j, wt2 in each_edge(adj2) if i != j), default=0) // 2
    if not shifted:
        maxweight = max(0, maxweight)

    mate: dict[int, int] = {}
    label: dict[Any, Any] = {}
    labeledge: dict[Any, Any] = {}
    inblossom: dict[int, Any] = dict(zip(gnodes, gnodes, strict=True))
    blossomparent: dict[Any, Any] = dict(zip(gnodes, repeat(None)))
    blossombase: dict[Any, int] = dict(zip(gnodes, gnodes, strict=True))
    bestedge: dict[Any, Any] = {}
    dualvar: dict[int, int] = dict(zip(gnodes, repeat(maxweight)))
    blossomdual: dict[Any, int] = {}
    # networkx's dict of (v, w): True, as each vertex's set of the other ends: the scan of a vertex's edges
    # then asks nothing of a vertex with none (most of them), and builds no pair to ask with.
    allowed: dict[int, set[int]] = {}
    # bestedge[k]'s slack, kept beside it while the duals stand still (the dual step clears it), so that the
    # scan compares with a number rather than working the slack out again; any other write of bestedge[k]
    # drops it.
    bestslack: dict[Any, int] = {}
    label_get = label.get
    queue: list[int] = []

    def slack(v: int, w: int) -> int:
        return dualvar[v] + dualvar[w] - adj2[v][w]

    def kept_slack(k: Any) -> int | None:
        """bestedge[k]'s slack (None without one): as kept since the duals last moved, else worked out and kept."""
        found = bestslack.get(k)
        if found is None and (edge := bestedge.get(k)) is not None:
            found = bestslack[k] = slack(*edge)
        return found

    def allow(v: int, w: int) -> None:
        allowed.setdefault(v, set()).add(w)
        allowed.setdefault(w, set()).add(v)

    def assignLabel(w: int, t: int, v: int | None) -> None:
        b = inblossom[w]
        label[w] = label[b] = t
        if v is not None:
            labeledge[w] = labeledge[b] = (v, w)
        else:
            labeledge[w] = labeledge[b] = None
        bestedge[w] = bestedge[b] = None
        bestslack.pop(w, None)
        bestslack.pop(b, None)
        if t == 1:
            if isinstance(b, Blossom):
                queue.extend(b.leaves())
            else:
                queue.append(b)
        elif t == 2:
            base = blossombase[b]
            assignLabel(mate[base], 1, base)

    def scanBlossom(v: Any, w: Any) -> Any:
        path = []
        base: Any = NoNode
        while v is not NoNode:
            b = inblossom[v]
            if label[b] & 4:
                base = blossombase[b]
                break
            path.append(b)
            label[b] = 5
            if labeledge[b] is None:
                v = NoNode
            else:
                v = labeledge[b][0]
                b = inblossom[v]
                v = labeledge[b][0]
            if w is not NoNode:
                v, w = w, v
        for b in path:
            label[b] = 1
        return base

    def addBlossom(base: int, v: int, w: int) -> None:
        bb = inblossom[base]
        bv = inblossom[v]
        bw = inblossom[w]
        b = Blossom()
        blossombase[b] = base
        blossomparent[b] = None
        blossomparent[bb] = b
        b.childs = path = []
        b.edges = edgs = [(v, w)]
        while bv != bb:
            blossomparent[bv] = b
            path.append(bv)
            edgs.append(labeledge[bv])
            v = labeledge[bv][0]
            bv = inblossom[v]
        path.append(bb)
        path.reverse()
        edgs.reverse()
        while bw != bb:
            blossomparent[bw] = b
            path.append(bw)
            edgs.append((labeledge[bw][1], labeledge[bw][0]))
            w = labeledge[bw][0]
            bw = inblossom[w]
        label[b] = 1
        labeledge[b] = labeledge[bb]
        blossomdual[b] = 0
        for leaf in b.leaves():
            if label[inblossom[leaf]] == 2:
                queue.append(leaf)
            inblossom[leaf] = b
        if lazy:
            return  # b's least-slack edges serve only a dual step, which a stage over tight edges never takes
        bestedgeto: dict[Any, tuple[int, int]] = {}
        # networkx compares slack(i, j) with slack(*bestedgeto[bj]) worked out again; the latter is kept.
        slackto: dict[Any, int] = {}
        for bv in path:
            if isinstance(bv, Blossom) and bv.mybestedges is not None:
                nblist = bv.mybestedges
                bv.mybestedges = None
                for k in nblist:
                    (i, j) = k
                    if inblossom[j] == b:
                        i, j = j, i
                    bj = inblossom[j]
                    if bj != b and label_get(bj) == 1:
                        kslack = slack(i, j)
                        if bj not in slackto or kslack < slackto[bj]:
                            bestedgeto[bj] = k
                            slackto[bj] = kslack
            else:
                # networkx's same loop over [(x, y) for x in bv's leaves (bv itself if a vertex) for y in adj2[x]],
                # a pair built only when it is kept: x is in b now, so (x, y) counts exactly when y's blossom is
                # another S-blossom.
                for x in bv.leaves() if isinstance(bv, Blossom) else (bv,):
                    if searched is not None:
                        searched()
                    dual_x = dualvar[x]
                    for y, y2 in adj2[x].items():
                        by = inblossom[y]
                        if by is b or label_get(by) != 1:
                            continue
                        kslack = dual_x + dualvar[y] - y2
                        if by not in slackto or kslack < slackto[by]:
                            bestedgeto[by] = (x, y)
                            slackto[by] = kslack
            bestedge[bv] = None
            bestslack.pop(bv, None)
        b.mybestedges = list(bestedgeto.values())
        mybestedge = None
        mybestslack = 0
        for bj, k in bestedgeto.items():
            kslack = slackto[bj]
            if mybestedge is None or kslack < mybestslack:
                mybestedge = k
                mybestslack = kslack
        bestedge[b] = mybestedge
        if mybestedge is not None:
            bestslack[b] = mybestslack

    def expandBlossom(b: Any, endstage: bool) -> None:
        # networkx's trampoline: each recursive call is a generator on a stack, so the call stack stays flat.
        def _recurse(b: Any, endstage: bool) -> Iterator[Any]:
            for s in b.childs:
                blossomparent[s] = None
                if isinstance(s, Blossom):
                    if endstage and blossomdual[s] == 0:
                        yield s
                    else:
                        for leaf in s.leaves():
                            inblossom[leaf] = s
                else:
                    inblossom[s] = s
            if (not endstage) and label.get(b) == 2:
                entrychild = inblossom[labeledge[b][1]]
                j = b.childs.index(entrychild)
                if j & 1:
                    j -= len(b.childs)
                    jstep = 1
                else:
                    jstep = -1
                v, w = labeledge[b]
                while j != 0:
                    if jstep == 1:
                        p, q = b.edges[j]
                    else:
                        q, p = b.edges[j - 1]
                    label[w] = None
                    label[q] = None
                    assignLabel(w, 2, v)
                    allow(p, q)
                    j += jstep
                    if jstep == 1:
                        v, w = b.edges[j]
                    else:
                        w, v = b.edges[j - 1]
                    allow(v, w)
                    j += jstep
                bw = b.childs[j]
                label[w] = label[bw] = 2
                labeledge[w] = labeledge[bw] = (v, w)
                bestedge[bw] = None
                bestslack.pop(bw, None)
                j += jstep
                while b.childs[j] != entrychild:
                    bv = b.childs[j]
                    if label.get(bv) == 1:
                        j += jstep
                        continue
                    if isinstance(bv, Blossom):
                        for v in bv.leaves():
                            if label.get(v):
                                break
                    else:
                        v = bv
                    if label.get(v):
                        label[v] = None
                        label[mate[blossombase[bv]]] = None
                        assignLabel(v, 2, labeledge[v][0])
                    j += jstep
            label.pop(b, None)
            labeledge.pop(b, None)
            bestedge.pop(b, None)
            bestslack.pop(b, None)
            del blossomparent[b]
            del blossombase[b]
            del blossomdual[b]

        stack = [_recurse(b, endstage)]
        while stack:
            top = stack[-1]
            for s in top:
                stack.append(_recurse(s, endstage))
                break
            else:
                stack.pop()

    def augmentBlossom(b: Any, v: int) -> None:
        def _recurse(b: Any, v: int) -> Iterator[tuple[Any, int]]:
            t = v
            while blossomparent[t] != b:
                t = blossomparent[t]
            if isinstance(t, Blossom):
                yield (t, v)
            i = j = b.childs.index(t)
            if i & 1:
                j -= len(b.childs)
                jstep = 1
            else:
                jstep = -1
            while j != 0:
                j += jstep
                t = b.childs[j]
                if jstep == 1:
                    w, x = b.edges[j]
                else:
                    x, w = b.edges[j - 1]
                if isinstance(t, Blossom):
                    yield (t, w)
                j += jstep
                t = b.childs[j]
                if isinstance(t, Blossom):
                    yield (t, x)
                mate[w] = x
                mate[x] = w
            b.childs = b.childs[i:] + b.childs[:i]
            b.edges = b.edges[i:] + b.edges[:i]
            blossombase[b] = blossombase[b.childs[0]]

        stack = [_recurse(b, v)]
        while stack:
            top = stack[-1]
            for args in top:
                stack.append(_recurse(*args))
                break
            else:
                stack.pop()

    def augmentMatching(v: int, w: int) -> None:
        for s, j in ((v, w), (w, v)):
            while 1:
                bs = inblossom[s]
                if isinstance(bs, Blossom):
                    augmentBlossom(bs, s)
                mate[s] = j
                if labeledge[bs] is None:
                    break
                t = labeledge[bs][0]
                bt = inblossom[t]
                s, j = labeledge[bt]
                if isinstance(bt, Blossom):
                    augmentBlossom(bt, j)
                mate[j] = s

    # A stage that finds its augmenting path before it moves a dual has used only its tight edges (slack 0 or
    # less): the others only set bestedge, which the next stage clears. Such a stage is tried over each vertex's
    # tight edges alone, kept while the duals stand still (`tight`): the same steps in the same order. Should
    # it come to moving the duals, the blossoms it made are undone and the stage is run again over every edge,
    # as networkx runs it. In a big bracket's first matching almost every stage is so (600 players: 4 dual
    # steps in 201 stages), and a stage then visits a few hundred edges instead of all of them. A stage after
    # one that moved the duals is run over every edge at once: most of those move them too.
    tight: dict[int, list[int]] = {}
    lazy = True

    def tight_of(v: int) -> list[int]:
        found = tight.get(v)
        if found is None:
            if searched is not None:
                searched()
            below = -dualvar[v]  # slack(v, w) <= 0 when dualvar[w] - w2 <= -dualvar[v]: one sum, as in the scan
            found = tight[v] = [w for w, w2 in adj2[v].items() if dualvar[w] - w2 <= below]
        return found

    def take_allowed(v: int, w: int, bw: Any) -> bool:
        """networkx's step over an allowed edge (v, w) from an S-vertex v, ``bw`` w's top blossom: w labelled T,
        a blossom formed (v's top blossom is then another: read it again), or the matching augmented (True)."""
        label_bw = label_get(bw)
        if label_bw is None:
            assignLabel(w, 2, v)
        elif label_bw == 1:
            base = scanBlossom(v, w)
            if base is NoNode:
                augmentMatching(v, w)
                return True
            addBlossom(base, v, w)
        elif label_get(w) is None:
            label[w] = 2
            labeledge[w] = (v, w)
        return False

    def substages() -> tuple[int, bool]:
        """The rest of a stage: whether it augmented, and whether it moved the duals."""
        augmented = 0
        moved = False
        while 1:
            # A substage: label until an augmenting path is found, else move the duals.
            while queue and not augmented:
                v = queue.pop()
                # inblossom[v] changes only when a blossom forms (addBlossom); it is read again there.
                bv = inblossom[v]
                if lazy:
                    # The tight edges alone, each as the loop below takes an allowed edge.
                    for w in tight_of(v):
                        bw = inblossom[w]
                        if bv is bw:
                            continue
                        if take_allowed(v, w, bw):
                            augmented = 1
                            break
                        bv = inblossom[v]
                    continue
                if searched is not None:
                    searched()
                dual_v = dualvar[v]
                # slack(v, w) is dual_v + part, part = dualvar[w] - w2: the scan compares the part with a bound less
                # dual_v (one sum of numbers of thousands of digits where the slack is two), the slack only for w free.
                below = -dual_v  # the slack is above 0: the part above this
                # v's allowed edges: only this scan adds to them while it runs, one for each w it has passed.
                allowed_v = allowed.get(v)
                # bestedge[bv] and its slack less dual_v, held while the scan compares v's edges to other S-blossoms
                # with them: read at the first, written back if changed before a step that may read or change them.
                held = changed = False
                bar: int | None = None  # bestedge[bv]'s slack less dual_v
                kept = 0  # bar, once changed
                mine_edge: tuple[int, int] | None = None
                for w, w2 in adj2[v].items():
                    bw = inblossom[w]
                    if bv is bw:  # as networkx's ==: two vertices are two objects, a blossom is itself
                        continue
                    # networkx asks "(v, w) in allowedge" before and after computing the slack; once here
                    if allowed_v is None or w not in allowed_v:
                        part = dualvar[w] - w2  # the hot path
                        if part > below:  # not allowed (the usual case)
                            label_bw = label_get(bw)
                            if label_bw == 1:
                                if not held:  # networkx's slack(*bestedge[bv]), kept from when it was set
                                    held = True
                                    mine = kept_slack(bv)
                                    bar = None if mine is None else mine - dual_v
                                if bar is None or part < bar:
                                    mine_edge = (v, w)
                                    bar = kept = part
                                    changed = True
                            elif (label_bw if bw == w else label_get(w)) is None:  # w's own label: once if w is bw
                                kslack = dual_v + part
                                best = bestslack.get(w)
                                if best is None:  # (the kept one read in line first: most of these visits)
                                    best = kept_slack(w)
                                if best is None or kslack < best:
                                    bestedge[w] = (v, w)
                                    bestslack[w] = kslack
                            continue
                        allow(v, w)
                        allowed_v = allowed[v]
                    if changed:
                        bestedge[bv] = mine_edge
                        bestslack[bv] = dual_v + kept
                    held = changed = False
                    if take_allowed(v, w, bw):
                        augmented = 1
                        break
                    bv = inblossom[v]
                else:
                    if changed:
                        bestedge[bv] = mine_edge
                        bestslack[bv] = dual_v + kept
            if augmented or lazy:
                return augmented, moved  # a stage over tight edges that would move the duals: again, over all

            moved = True
            tight.clear()  # the duals move
            deltatype = -1
            delta: int = 0
            deltaedge: Any = None
            deltablossom: Any = None
            # delta1 (the least vertex dual) is not a bound with maxcardinality; delta2: the least slack of an
            # edge from an S-vertex to a free vertex.
            for v in gnodes:
                if (
                    label.get(inblossom[v]) is None
                    and (d := kept_slack(v)) is not None
                    and (deltatype == -1 or d < delta)
                ):
                    delta = d
                    deltatype = 2
                    deltaedge = bestedge[v]
            # delta3: half the least slack of an edge between two S-blossoms.
            for b in blossomparent:
                if blossomparent[b] is None and label.get(b) == 1 and (least := kept_slack(b)) is not None:
                    d = least // 2
                    if deltatype == -1 or d < delta:
                        delta = d
                        deltatype = 3
                        deltaedge = bestedge[b]
            # delta4: the least z of a T-blossom.
            for b in blossomdual:
                if blossomparent[b] is None and label.get(b) == 2 and (deltatype == -1 or blossomdual[b] < delta):
                    delta = blossomdual[b]
                    deltatype = 4
                    deltablossom = b
            if deltatype == -1:
                deltatype = 1
                delta = max(0, min(dualvar.values()))

            bestslack.clear()  # the slacks move with the duals
            for v in gnodes:
                top_label = label.get(inblossom[v])
                if top_label == 1:
                    dualvar[v] -= delta
                elif top_label == 2:
                    dualvar[v] += delta
            for b in blossomdual:
                if blossomparent[b] is None:
                    if label.get(b) == 1:
                        blossomdual[b] += delta
                    elif label.get(b) == 2:
                        blossomdual[b] -= delta

            if deltatype == 1:
                return augmented, moved
            elif deltatype == 2 or deltatype == 3:
                (v, w) = deltaedge
                allow(v, w)
                queue.append(v)
            elif deltatype == 4:
                expandBlossom(deltablossom, False)

    while 1:
        # A stage: find an augmenting path and improve the matching with it.
        if stage is not None:
            stage()
        saved = (dict(inblossom), dict(blossomparent), dict(blossombase), dict(blossomdual)) if lazy else None
        while 1:  # over the tight edges (lazy), then, should that come to moving the duals, over every edge
            label.clear()
            labeledge.clear()
            bestedge.clear()
            bestslack.clear()
            for b in blossomdual:
                b.mybestedges = None
            allowed.clear()
            queue[:] = []
            for v in gnodes:
                if (v not in mate) and label.get(inblossom[v]) is None:
                    assignLabel(v, 1, None)
            augmented, moved = substages()
            if augmented or saved is None:
                break
            # undo the blossoms the stage made (the only lasting change before an augmentation), then again
            for live, kept in zip((inblossom, blossomparent, blossombase, blossomdual), saved, strict=True):
                live.clear()
                live.update(kept)
            lazy = False
            saved = None
        lazy = not moved

        if not augmented:
            break
        for b in list(blossomdual.keys()):
            if b not in blossomdual:
                continue
            if blossomparent[b] is None and label.get(b) == 1 and blossomdual[b] == 0:
                expandBlossom(b, True)

    return _matching_set(mate)


def _matching_set(mate: dict[int, int]) -> set[tuple[int, int]]:
    """networkx's ``matching_dict_to_set``: each matched pair once, as first met in ``mate``."""
    edges: set[tuple[int, int]] = set()
    for edge in mate.items():
        u, v = edge
        if (v, u) in edges or edge in edges:
            continue
        edges.add(edge)
    return edges
