"""How :mod:`fidedesk.engine.dutch` hands gacrux's Dutch engine its matching: the engine's own methods rebound to
read ``nx`` as :class:`_FastNetworkx` (:mod:`fidedesk.engine.matching`'s matching), and a weighted pass's
weights handed on as ``-2w`` (:func:`_negating`)."""

from __future__ import annotations

import functools
import types
from collections.abc import Callable
from typing import Any

from fidedesk.engine import matching
from fidedesk.engine.columns import let_go_columns
from fidedesk.engine.progress import _WITHIN, _under_way

#: The Dutch engine's methods that call ``networkx.min_weight_matching`` (gacrux 1.11.65), rebound to read ``nx``
#: as :class:`_FastNetworkx`; the third, ``pair_weighted_round``, is copied here (:func:`pair_weighted_round`).
_MATCHING_METHODS = ("weighted_match", "find_weighted_pab")


class _FastNetworkx:
    """What those methods use of networkx, with :mod:`fidedesk.engine.matching`'s matching: the same
    matching, several times faster; networkx's own where a weight is not an integer."""

    Graph = matching.Graph

    @staticmethod
    def min_weight_matching(graph: matching.Graph) -> set[tuple[int, int]]:
        bracket = _under_way()
        if bracket is not None:  # a stage for every pair matched, and the last that finds none
            players = len({end for u, v, _ in graph.edges for end in (u, v)})
            bracket.start(players // 2 + 1, matching=True, edges=len(graph.edges))
        made = getattr(_WITHIN, "negated", None)
        negated = made is not None
        table = None if made is None or isinstance(made, dict) else made
        found = (
            matching.min_weight_matching(graph, negated=negated, table=table)
            if bracket is None
            else matching.min_weight_matching(
                graph,
                bracket,
                bracket.look,
                bracket.read_pairs,
                negated=negated,
                wait=bracket.preparing,
                set_out=bracket.setting_out,
                table=table,
            )
        )
        if found is None:
            import networkx  # type: ignore[import-untyped]

            bare = networkx.Graph()
            bare.add_weighted_edges_from(
                ((u, v, -weight // 2 if type(weight) is int else -weight / 2) for u, v, weight in graph.edges)
                if negated
                else graph.edges
            )
            found = networkx.min_weight_matching(bare)
        return found


def _negating(method: Callable[..., Any]) -> Callable[..., Any]:
    """gacrux's ``pair_weighted_round`` (``method``, reading ``nx`` as :class:`_FastNetworkx`), each pair's weight
    handed to the matching as ``-2 * w`` (:meth:`_Compact.update_weight`): the matching then holds one number of
    thousands of digits for each pair, where it made a second (networkx's ``top - w``, doubled) and gacrux kept
    the first to the end of the pass. Its one matching, of those pairs, is told so (``negated``).

    Equal weights are one number (``negated``, the pass's weights by value): the pairs of a big bracket have a
    third to a fifth as many weights as pairs (67,743 for the 236,172 pairs of a 1,000-player round 2). A pass
    over :data:`fidedesk.engine.matching.TABLE_FROM` pairs or more keeps them in a
    :class:`fidedesk.engine.matching.limbs.Table` instead, as the compiled matching's rows, each pair's weight its
    number there (once that matching is ready, which it then needs)."""

    @functools.wraps(method)
    def negating(self: Any, *args: Any) -> Any:
        was = getattr(_WITHIN, "negated", None)
        _WITHIN.negated = {}
        edges = args[2]  # pair_weighted_round(bracket, nodes, edges, pairingmode, numpairs, category)
        if len(edges) >= matching.TABLE_FROM:
            # the peak is this pass's: the picks' columns let go (100 MB at 2,000) but of its own pairs, picked again
            let_go_columns(but=edges)
            bracket = _under_way()
            if matching.COMPILED.ready(None if bracket is None else bracket.preparing):
                from fidedesk.engine.matching.limbs import Table

                _WITHIN.negated = Table(len(edges))
        try:
            return method(self, *args)
        finally:
            _WITHIN.negated = was
            crosstable = getattr(self, "crosstable", None)
            if getattr(crosstable, "fidedesk_negated", None) is not None:  # it numbered the pass's weights
                crosstable.fidedesk_negated = None  # type: ignore[union-attr]  # (300 MB at 2,000): let go

    return negating


def pair_weighted_round(
    self: Any, bracket: Any, nodes: Any, edges: Any, pairingmode: Any, numpairs: Any, category: Any
) -> Any:
    """gacrux 1.11.65's ``pairing_dutch.pair_weighted_round``, line for line, matching with :class:`_FastNetworkx`,
    but for its loop over the pass's pairs weighing each (``crosstable.update_weight``): one call of the
    crosstable's ``fidedesk_weighed`` where it has one (:meth:`fidedesk.engine.dutch._Compact.fidedesk_weighed`:
    each pair weighed as ``update_weight`` weighs it, a million calls at 2,000 players), gacrux's loop where it
    prints each pair (``reportlevel`` above 3, which fidedesk never asks for)."""
    scorelevel = bracket["scorelevel"]
    G = _FastNetworkx.Graph()
    nx_edges = []
    (modified_nodes, modified_edges) = self.modify_edges(nodes, None, edges, scorelevel, category, "canmeet")
    if len(modified_nodes) == 0:
        return []
    #  match (pairingmode):
    if pairingmode == "HE":
        self.crosstable.update_hetrogenious(scorelevel, modified_nodes, modified_edges, bracket["bsne"])
    elif pairingmode == "HO":
        bracket["bsno"] = self.update_bsn(
            scorelevel, [node for node in modified_nodes if node["scorelevel"] <= scorelevel]
        )
        self.crosstable.update_homogenious(scorelevel, modified_edges, bracket["bsno"], numpairs)
    elif pairingmode == "BI":
        bracket["bsnb"] = {node["cid"]: i + 1 for i, node in enumerate(modified_nodes)}
        self.crosstable.update_hetrogenious(scorelevel, modified_nodes, modified_edges, bracket["bsnb"])
        self.crosstable.update_bipartite(
            scorelevel, modified_edges, bracket["bsnb"], nodes[len(nodes) // 2]["cid"], nodes[-1]["cid"]
        )
    if self.reportlevel > 2:
        print("pair_weighted(" + pairingmode + "," + str(numpairs) + ") comp:", [c["cid"] for c in modified_nodes])
        print("edges", [(c["ca"], c["cb"]) for c in modified_edges])
    weighed = getattr(self.crosstable, "fidedesk_weighed", None)
    if weighed is not None and self.reportlevel <= 3:  # fidedesk: the pass's pairs weighed in one call
        nx_edges = weighed(pairingmode, category, modified_edges)
    else:
        for c in [edge for edge in modified_edges]:
            (wcid, bcid) = (c["ca"], c["cb"])
            weight = self.crosstable.update_weight(pairingmode, category, c)
            if self.reportlevel > 3:
                print(pairingmode + "-Edge:", f"{wcid:3} {bcid:3} ", self.crosstable.format_weight(pairingmode, weight))
            nx_edges.append((wcid, bcid, weight))

    wpairs: Any
    if self.checkonly and len(nodes) == 2 * len(edges):
        wpairs = [(a, b) for (a, b, c) in nx_edges]
    else:
        G.add_weighted_edges_from(nx_edges)
        nx_edges.clear()  # fidedesk: the graph's edges the only ones, let go as the matching sets them out
        wpairs = _FastNetworkx.min_weight_matching(G)
        if self.reportlevel > 3:
            print("-------------------------")
            for pair in wpairs:
                c = self.opponents[pair[0]][pair[1]]
                (wcid, bcid) = (c["ca"], c["cb"])
                print(
                    pairingmode + "-Minw:",
                    f"{wcid:3} {bcid:3} ",
                    self.crosstable.format_weight(pairingmode, c["weight"]),
                )
    return wpairs


def _with_fast_matching(method: Callable[..., Any]) -> Callable[..., Any]:
    """``method`` of gacrux's Dutch engine, its own code unchanged, reading ``nx`` as :class:`_FastNetworkx`."""
    return _rebound(method, nx=_FastNetworkx)


def _rebound(method: Callable[..., Any], **names: Any) -> Callable[..., Any]:
    """``method`` of gacrux, its own code unchanged, reading the global ``names`` as given. The code is rebound
    to a copy of its module's globals rather than copied out, so the pinned engine's logic stays the engine's
    own (and the checker, run apart, keeps gacrux's globals)."""
    space = dict(method.__globals__, **names)
    rebound = types.FunctionType(method.__code__, space, method.__name__, method.__defaults__, method.__closure__)
    rebound.__kwdefaults__ = method.__kwdefaults__
    rebound.__qualname__ = method.__qualname__
    return rebound
