"""A big free blossom's rows of the scan gone through at once, for :mod:`fidedesk.engine.matching.blossom_jit`.

Each stage of networkx's algorithm labels every free blossom's vertices S anew and goes through all their edges.
In a big bracket one free blossom lasts for hundreds of stages: at 2,000 players one of 615 vertices from the
309th stage to the last (the 702nd), while the free vertices left outside it are matched two a stage; its rows,
615 of about 1,400 edges each every stage, were half of what the matching went through.

What those rows do, where none of their edges can be taken (none allowed, none tight), is keep least slacks:
each vertex ``w`` outside the blossom that is not yet reached keeps the least-slack edge to it (networkx's
``bestedge[w]``), and the blossom its least-slack edge to another S-blossom (``bestedge[b]``), each replaced only
by a slack strictly less, so the first of equal ones stays. The blossom's vertices' duals are equal (they move
together while it is S; :func:`fidedesk.engine.matching.jit_state.classify` tells), so its edges to one ``w``
have slacks that differ as their weights do, the other way: the least of them is the heaviest, the first of its
rows where two are equal. That edge depends on the weights and the blossom's leaves in their order alone, so it
is kept from one stage to the next while the blossom's leaves are the same (:data:`B_LEAVES`), and the block's
rows come to one comparison for each vertex outside it, as networkx's one at a time would end:

- ``bestedge[w]`` is the kept edge where its slack is strictly less than ``bestedge[w]``'s own;
- ``bestedge[b]`` is, of the kept edges to S-blossoms, the least slack, and of equal ones the first the scan
  meets (the row scanned first, then the edge first in it), where strictly less than its own.

A block is gone through at once only where it is networkx's scan as it would run: its vertices come off the
queue one after another (they are pushed together as the stage begins, and a row that takes no edge pushes
nothing), their blossom (the one marked, or one made of it during the stage) is S, their duals are equal, and no
edge from them to outside may be taken (none allowed, and the least slack to each vertex not 0). Otherwise its
rows are gone through one at a time."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from fidedesk.engine.matching.jit_state import (
    BEV,
    BEW,
    BLOCK_B,
    BLOCK_FROM,
    BLOCK_LEAST,
    BLOCK_N,
    BLOCK_TO,
    BLOCKS,
    BLOCKS_MADE,
    INBLOSSOM,
    LABEL,
    LEFT,
    QUEUED,
    SCANNED,
    Ints,
    Ints32,
    slack_less,
    slack_sign,
)
from fidedesk.engine.matching.limbs import Limbs, bare, maybe_zero

# Rows of State.block, by vertex outside the blossom: its heaviest edge to the blossom's vertices, as that edge's
# end in the blossom (-1 for none), where the edge lies in nbr, its weight's place (erank) and where its end lies
# among the blossom's leaves as pushed (the scan takes the last first); and the blossom's leaves as pushed.
B_V, B_K, B_RANK, B_POS, B_LEAVES = range(5)


@bare
def mark_block(queue: Ints, block: Ints, counts: Ints, b: int, first: int, end: int) -> None:
    """As a stage begins: the free blossom ``b`` (the one of most leaves), pushed to ``queue[first:end]``, is this
    stage's block if it has ``counts[BLOCK_LEAST]`` leaves or more; what State.block keeps is let go unless it is of
    the same leaves in the same order."""
    counts[BLOCK_FROM] = -1
    if b == -1 or end - first < counts[BLOCK_LEAST]:
        return
    counts[BLOCK_FROM] = first
    counts[BLOCK_TO] = end
    if counts[BLOCK_B] != b or counts[BLOCK_N] != end - first:
        counts[BLOCK_B] = -1
        return
    for i in range(end - first):
        if block[B_LEAVES, i] != queue[first + i]:
            counts[BLOCK_B] = -1
            return


@bare
def _keep_edges(
    t: Ints, start: Ints, nbr: Ints32, erank: Ints32, queue: Ints, block: Ints, b: int, first: int, end: int
) -> None:
    """State.block made for blossom ``b``, whose leaves lie in ``queue[first:end]``: each outside vertex's
    heaviest edge to them, the first the scan meets where two are equal (the last pushed is scanned first)."""
    for w in range(block.shape[1]):
        block[B_V, w] = -1
        block[B_RANK, w] = -1
    for i in range(end - 1, first - 1, -1):
        u = queue[i]
        block[B_LEAVES, i - first] = u
        for k in range(start[u], start[u + 1]):
            w = nbr[k]
            if t[INBLOSSOM, w] != b and erank[k] > block[B_RANK, w]:
                block[B_RANK, w] = erank[k]
                block[B_V, w] = u
                block[B_K, w] = k
                block[B_POS, w] = i - first


@bare
def take_block(
    n: int, t: Ints, start: Ints, nbr: Ints32, erank: Ints32, erem: Ints32, drem: Ints,
    allowed: npt.NDArray[np.uint8], dclass: Ints, drow: Ints, wmat: Ints32, weights: Limbs, dual: Limbs, wrank: Ints,
    queue: Ints, block: Ints, counts: Ints, v: int,
) -> bool:  # fmt: skip
    """The stage's block, its first vertex ``v`` just taken off the queue, gone through at once (True: the rest
    of its vertices taken off too), or nothing done (False: the scan goes through its rows one at a time)."""
    first, end = counts[BLOCK_FROM], counts[BLOCK_TO]
    counts[BLOCK_FROM] = -1  # once a stage
    b = t[INBLOSSOM, v]
    if t[LABEL, b] != 1:
        return False
    # b is v's top blossom now: the one marked, or one an earlier row of the stage made of it and more. Either way
    # these rows are b's as networkx goes through them (bv = b), and _keep_edges leaves out b's own vertices.
    for i in range(first, end):
        if dclass[queue[i]] != dclass[v]:
            return False
    if counts[BLOCK_B] != b:
        _keep_edges(t, start, nbr, erank, queue, block, b, first, end)
        counts[BLOCKS_MADE] += 1
        counts[BLOCK_B] = b
        counts[BLOCK_N] = end - first
    for w in range(n):  # an edge that may be taken: the rows one at a time
        u = block[B_V, w]
        if u != -1 and (allowed[u, w] != 0 or maybe_zero(drem, u, w, erem, block[B_K, w])):
            return False
    best = -1
    for w in range(n):
        u = block[B_V, w]
        if u == -1:
            continue
        if t[LABEL, t[INBLOSSOM, w]] == 1:
            if best == -1:
                best = w
            else:
                p = block[B_V, best]
                sign = slack_sign(wmat, weights, dual, dclass, drow, u, w, p, best, wrank)
                if sign < 0 or (
                    sign == 0
                    and (
                        block[B_POS, w] > block[B_POS, best]
                        or (block[B_POS, w] == block[B_POS, best] and block[B_K, w] < block[B_K, best])
                    )
                ):
                    best = w
        elif t[LABEL, w] == 0 and (
            t[BEV, w] == -1 or slack_less(wmat, weights, dual, dclass, drow, u, w, t[BEV, w], t[BEW, w], wrank)
        ):
            t[BEV, w] = u
            t[BEW, w] = w
    if best != -1:
        u = block[B_V, best]
        if t[BEV, b] == -1 or slack_less(wmat, weights, dual, dclass, drow, u, best, t[BEV, b], t[BEW, b], wrank):
            t[BEV, b] = u
            t[BEW, b] = best
    edges = 0
    for i in range(first, end):
        edges += start[queue[i] + 1] - start[queue[i]]
    counts[LEFT] -= edges
    counts[SCANNED] += end - first - 1  # v counted as it was taken
    counts[QUEUED] = first
    counts[BLOCKS] += 1
    return True
