"""Two slacks of :mod:`fidedesk.engine.matching.blossom_jit`'s scans compared, one end's duals equal, with what
is kept for the purpose: the sign of one dual less another, kept by class through one row of a scan (State.champ's
rows CH_SKEY, CH_MARK, CH_SIGN)."""

from __future__ import annotations

from fidedesk.engine.matching.jit_state import CH_MARK, CH_SIGN, CH_SKEY, Ints
from fidedesk.engine.matching.limbs import Limbs, bare, row_sign, sign4


@bare
def less_by_one_end(
    champ: Ints, d: Limbs, drow: Ints, dclass: Ints, weights: Limbs, wrank: Ints, mark: int, v: int, kv: int, p: int,
    kp: int,
) -> bool:  # fmt: skip
    """slack(v, w) < slack(p, q) for edges of weights ``kv`` and ``kp`` whose other ends ``w`` and ``q`` have equal
    duals (one class). The two differ by d[v] - d[p] less the weights' difference, so they are told by those two
    parts' signs where the signs agree: the first 0 where v and p are of one class, else read once for p's class
    through one row of a scan (``mark``, the row's own number; all the class's duals are equal), the second from
    the weights' places; from the limbs of the two duals and the two weights (:func:`sign4`) only where the signs
    differ. Each of the 44 million slacks compared as blossoms are made in a 2,000-player bracket's matching has
    w's class q's, and a third of the scan's 29 million of a vertex's least slack are so told."""
    if dclass[v] == dclass[p]:
        return bool(wrank[kv] > wrank[kp])
    mask = champ.shape[1] - 1
    c = dclass[p]
    j = (c * 1000003) & mask
    while champ[CH_MARK, j] == mark and champ[CH_SKEY, j] != c:
        j = (j + 1) & mask
    if champ[CH_MARK, j] != mark:
        champ[CH_MARK, j], champ[CH_SKEY, j] = mark, c
        champ[CH_SIGN, j] = row_sign(d, drow[v], drow[p])
    sign = champ[CH_SIGN, j]
    if sign >= 0 and wrank[kp] >= wrank[kv]:
        return False
    if sign <= 0 and wrank[kp] <= wrank[kv]:
        return True  # not both 0: the first would hold
    return bool(sign4(d, drow[v], weights, kv, drow[p], kp) < 0)
