"""FIDE TEC's Dutch engine (``gacrux.pairingdutch``) as fidedesk runs it: the engine's own code, with five
things changed from outside, none of which changes a pairing.

- **Progress and Cancel** (:mod:`fidedesk.engine.progress`): each bracket is reported before it is paired, and
  again every quarter of a second while the engine goes through its candidate pairs and while its matching
  runs, with a note saying the pass under way as work done of work to do; the run stops there when asked.
- **The weighted matching** is :mod:`fidedesk.engine.matching`'s, networkx's algorithm on plain dicts: the
  engine's methods that call ``networkx.min_weight_matching`` run their own code against a copy of their
  module's globals where ``nx`` is ``_FastNetworkx``. A bracket's pairs reach it as ``-2w``, one number of
  thousands of digits a pair where there were three (``_negating``), a pass's pairs weighed in one call (a copy
  of gacrux's ``pair_weighted_round``, :meth:`_Compact.fidedesk_weighed`); all in
  :mod:`fidedesk.engine.dutch_matching`.
- **Homogeneous criteria kept compact**: gacrux's ``update_homogenious`` gives every candidate pair of a
  bracket of B players three lists about B long (HO3-HO5, the pair's place in C.04.3's order of
  exchanges), each with at most one entry off its default: about 8 KB a pair in a 500-player bracket, 10 GB
  for round 2 of a 2,000-player open. :class:`SparseCriteria` holds the one entry. The weights, from which
  the engine pairs, are computed as gacrux computes them.
- **Records kept compact**: each pair's record an object of slots read and written by key as gacrux's dict
  (:class:`PairRecord`, 192 bytes where the dict took 336; made as gacrux's ``create_edge`` makes it, copied
  here, and read as attributes by the methods here), its quality figures dict copies sharing one table of keys
  (:class:`Records`), its criteria vectors one object for all the pairs alike (the QC lists by their entries,
  HO3-HO5 with none set one a pass; never written, :meth:`_Compact.compute_weight`), and a pair's part of its
  weight is let go once the weight is made; the quality figures of pairs alike are worked out once, by gacrux's
  own ``update_edge``, and copied to the others (:class:`Outcomes`). These compact forms live in
  :mod:`fidedesk.engine.dutch_records`.
- **The table of pairs made a row at once, and passes over every pair made over columns**
  (:mod:`fidedesk.engine.pair_table`): each row's records made together, the players' figures read once; for
  lists of 20,000 pairs or more, the list of the pairs that can meet (``list_edges``: the players and levels
  known from each record's place), their count by score level (``compute_hamilton``), the picks of pairs
  (``get_edges``, ``get_modifiededges``, ``find_pab``'s last) and each player's count of pairs
  (``compute_whohasmet_histogram``) read the pairs' levels and players as numpy columns, kept for the lists
  listed, counted and picked; gacrux's own code runs wherever the records are not as it makes them
  (``pair_table.listed``, ``hamilton``, ``picked``, ``with_the_bye_at``, ``who_has_met``; ``columns.fields_sorted``).

Nothing here is used by FIDE TEC's checker (``engine/tec_checker.py``), which runs the engine unchanged, so a fault
here shows up as a difference there. gacrux is pinned (1.11.65); the copied methods (``create_edge``, ``get_edges``,
``find_pab``; ``crosstable.list_edges``, a row of it with ``update_canmeet``, and ``compute_tiebreak``, in
``pair_table``; ``pair_weighted_round``, in ``dutch_matching``) are its, line for line but where this docstring
says.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

from fidedesk.engine import pair_table
from fidedesk.engine.columns import carry_columns, fields_sorted, let_go_columns
from fidedesk.engine.dutch_matching import (
    _MATCHING_METHODS,
    _negating,
    _rebound,
    _with_fast_matching,
    pair_weighted_round,
)
from fidedesk.engine.dutch_records import (
    PAIR_KEYS,
    Definitions,
    Homogeneous,
    LazyQuality,
    NegatedWeights,
    Outcomes,
    PairRecord,
    Records,
    SparseCriteria,
    numbered_in,
    summed_as_one,
)
from fidedesk.engine.pair_table import hamilton, listed, made_table, picked, who_has_met, with_the_bye_at
from fidedesk.engine.progress import (
    _WITHIN,
    STEPS,
    PairingCancelled,
    Progress,
    _Bracket,
    _PairsLeft,
    _stepping_enumerate,
    _stepping_sorted,
    _under_way,
    each_line,
    progress_text,
)

#: Pairs weighed between two reports to the bracket (:meth:`_Compact.fidedesk_weighed`): a fraction of a millisecond.
WEIGHED_EVERY = 256

if TYPE_CHECKING:  # numba is imported only for a big bracket
    from fidedesk.engine.matching.limbs import Table

__all__ = ["STEPS", "PairingCancelled", "Progress", "SparseCriteria", "dutch_engine", "progress_text"]


@functools.cache
def dutch_engine() -> type:
    """gacrux's Dutch engine as fidedesk runs it: reporting each score bracket to fidedesk's progress callback
    (and stopping there when asked: the engine pairs bracket by bracket, from the top score down), matching
    with :mod:`fidedesk.engine.matching`, keeping a bracket's homogeneous criteria compact."""
    from gacrux.pairingdutch import pairing_dutch  # type: ignore[import-untyped]

    class _Reporting(pairing_dutch):  # type: ignore[misc]  # gacrux is untyped
        fidedesk_progress: Progress | None = None

        def compute_pairing(self, checkonly: Any, reportlevel: Any = 0) -> Any:
            """gacrux's own, its set-up (every two players made a candidate pair: seconds for a big open)
            reported with no total yet and stopped when asked."""
            report = self.fidedesk_progress
            if report is None:
                try:
                    return super().compute_pairing(checkonly, reportlevel)
                finally:
                    let_go_columns()  # the lists kept hold the engine's records: let go with the engine
            # gacrux's crosstable makes a pair of every two of its competitors, the two dummies (the bye and the
            # blob) and each with itself included: (p + 2)(p + 3) / 2 for p players (crosstable.list_edges)
            players = self.numcompetitors
            setup = _Bracket(report, 0, 0, pairs=(players + 2) * (players + 3) // 2)
            setup.ask()
            _WITHIN.bracket = setup
            try:
                return super().compute_pairing(checkonly, reportlevel)
            finally:
                _WITHIN.bracket = None
                let_go_columns()

        def get_crosstable(self, experimental: Any, checkonly: Any, verbose: Any) -> Any:
            return _compact_crosstable()(experimental, checkonly, verbose)

        def pair_bracket(self, scorelevel: int, nodes: Any, edges: Any, testpab: Any) -> Any:
            report = self.fidedesk_progress
            if report is None:
                return super().pair_bracket(scorelevel, nodes, edges, testpab)
            bracket = _Bracket(report, max(0, self.levels - 1 - scorelevel), self.levels)
            bracket.ask()
            _WITHIN.bracket = bracket
            left = _PairsLeft(edges)
            carry_columns(edges, left)
            try:
                return super().pair_bracket(scorelevel, nodes, left, testpab)
            finally:
                _WITHIN.bracket = None

    for name in _MATCHING_METHODS:
        setattr(_Reporting, name, _with_fast_matching(getattr(pairing_dutch, name)))
    _Reporting.pair_weighted_round = _negating(pair_weighted_round)
    # Before its first bracket the engine sorts every candidate pair and counts them over (seven seconds at 2,000
    # players): over columns (pair_table.hamilton); where that cannot run as gacrux's own, gacrux's own, a
    # step of the set-up every so many pairs, so that Cancel is heard there too.
    own_hamilton = _rebound(pairing_dutch.compute_hamilton, sorted=_stepping_sorted, enumerate=_stepping_enumerate)

    def compute_hamilton(self: Any, nodes: Any, edges: Any) -> Any:
        try:
            counted = hamilton(self, nodes, edges)
        finally:
            let_go_columns(edges, keep=_PICKED_BY)  # the players kept, for picking pairs (find_pab, get_edges)
        return own_hamilton(self, nodes, edges) if counted is None else counted

    _Reporting.compute_hamilton = compute_hamilton
    own_get_edges = pairing_dutch.get_edges

    def get_edges(self: Any, nodes: Any, edges: Any, condition: Any = None) -> Any:
        """gacrux 1.11.65's ``get_edges``: the pairs of ``edges`` (sorted by their lower level, down) both of
        whose players are among ``nodes`` (and whose ``condition`` holds), as gacrux's own picks them, line for
        line, but for the pick itself: over the columns of the pairs' players (:func:`picked`), where they are
        known or the list is long (the engine picks from the same pairs several times a bracket, and from those
        picked again: ten picks of up to 2 million pairs in a 2,000-player round, three seconds)."""
        if len(nodes) == 0 or len(edges) == 0:
            return []
        msl = nodes[-1]["scorelevel"] - 1
        if min(edges[0]["sa"], edges[0]["sb"]) < msl:
            return []
        end = len(edges)
        if min(edges[-1]["sa"], edges[-1]["sb"]) <= msl and msl >= 0:
            end = min(end, self.edgeBinarySearch(edges, msl))
        chosen = picked(edges, end, [node["cid"] for node in nodes], self.crosstable.BLOB, condition)
        return own_get_edges(self, nodes, edges, condition) if chosen is None else chosen

    _Reporting.get_edges = get_edges
    own_modified = pairing_dutch.get_modifiededges

    def get_modifiededges(self: Any, nodeid1: Any, nodeid2: Any, edges: Any, condition: Any = None) -> Any:
        """gacrux 1.11.65's own pick over the pairs' players' columns (:func:`picked`); 2.4 s of a last round."""
        chosen = picked(edges, len(edges), list(nodeid1), self.crosstable.BLOB, None, list(nodeid2))
        return own_modified(self, nodeid1, nodeid2, edges, condition) if chosen is None else chosen

    _Reporting.get_modifiededges = get_modifiededges

    def find_pab(self: Any, nodes: Any, edges: Any) -> Any:
        """gacrux 1.11.65's ``find_pab``, line for line, but for its last pick (the pairs with the bye's dummy
        left out, but those at the level of the bye): over the columns of the pairs' figures where they are
        known (:func:`with_the_bye_at`), so that the pairs left keep theirs for the brackets' picks."""
        pab = self.pablevel
        cmp = self.competitors
        hamilton = self.hamilton
        if (
            self.optimize
            and pab == -1
            and len(edges) > 0
            and len(hamilton) > 0
            and hamilton[-1].get("rem_hamilton", -1) >= 0
        ):
            # Note that edges are sorted on "ca" and then on "cb"
            # in the order scorelevel on a, scorelevel on b, cid
            pab = cmp[edges[-1]["cb"]]["scorelevel"] if cmp[0]["rfp"] else 0
        if pab == -1 and len(edges) > 0:
            (_, _, pab) = self.find_weighted_pab(nodes, edges)
        if pab == -1 and self.verbose:
            print("No legal pairing")

        self.pablevel = pab
        left = with_the_bye_at(edges, pab)
        if left is None:
            left = [edge for edge in edges if edge["ca"] != 0 or edge["sb"] == pab]
        return (None, pab, nodes, left)

    _Reporting.find_pab = find_pab
    own_histogram = pairing_dutch.compute_whohasmet_histogram

    def compute_whohasmet_histogram(self: Any, nodes: Any, edges: Any) -> Any:
        """gacrux's own, over the columns of the pairs' players where they are kept (:func:`who_has_met`)."""
        counted = who_has_met(nodes, edges)
        return own_histogram(self, nodes, edges) if counted is None else counted

    _Reporting.compute_whohasmet_histogram = compute_whohasmet_histogram
    # Before that it lists the pairs that can meet and sorts them (5 s at 2,000 players): its key worked out as
    # columns, its sort stepping (gacrux 1.11.65's key: lower level down, higher level down, the two players up).
    own_list_edges = _rebound(
        pairing_dutch.list_edges, sorted=fields_sorted(_EDGE_FIELDS, _edges_order), enumerate=each_line
    )

    def list_edges(self: Any, opponents: Any) -> Any:
        made = listed(opponents, _edges_order)  # from the table's columns where it is big and as gacrux made it
        return own_list_edges(self, opponents) if made is None else made

    _Reporting.list_edges = list_edges
    return _Reporting


#: The figures of a pair's record the engine's sorts of its pairs read: the two players' score levels and ids.
_EDGE_FIELDS = ("sa", "sb", "ca", "cb")
#: Those its picks of pairs read: the two players' ids, and the second's level (find_pab).
_PICKED_BY = ("ca", "cb", "sb")


def _edges_order(sa: Any, sb: Any, ca: Any, cb: Any) -> tuple[Any, ...]:
    """gacrux's key of ``list_edges``, ``(-min(sa, sb), -max(sa, sb), ca, cb)``, as columns (numpy arrays)."""
    import numpy as np

    return (-np.minimum(sa, sb), -np.maximum(sa, sb), ca, cb)


@functools.cache
def _compact_crosstable() -> type:
    """gacrux's ``crosstable_dutch`` with ``update_homogenious`` keeping each pair's HO3-HO5 vectors as
    :class:`SparseCriteria`, and ``update_edge`` reading its quality definitions through :class:`Definitions`."""
    from gacrux import crosstabledutch  # type: ignore[import-untyped]

    ho0, ho1, ho2, ho3, ho4, ho5 = (crosstabledutch.qdefs[f"HO{n}"].name for n in range(6))
    vector_keys = tuple(
        crosstabledutch.qdefs[name].name for name in ("QC7", "QC8", "QMM", "QC18", "QC19", "QC20", "QC21")
    )
    summed_keys = (*vector_keys, ho3, ho4, ho5)  # every vector a pair may share, which compute_weight may write
    own_update_canmeet = crosstabledutch.crosstable_dutch.update_canmeet
    own_update_edge = _rebound(crosstabledutch.crosstable_dutch.update_edge, qdefs=Definitions(crosstabledutch.qdefs))
    quality_records = Records()
    blank_pair: list[PairRecord] = []  # the first pair's record as gacrux made it

    class _Compact(crosstabledutch.crosstable_dutch):  # type: ignore[misc]  # gacrux is untyped
        #: The bracket whose heterogeneous pass runs: each pair's quality read is a step of it.
        fidedesk_step: _Bracket | None = None

        def update_hetrogenious(self, scorelevel: int, nodes: Any, edges: Any, bsn: dict[int, int]) -> None:
            """gacrux's own, as a pass of the bracket's progress: a step for each candidate pair weighed."""
            bracket = _under_way()
            if bracket is None:
                super().update_hetrogenious(scorelevel, nodes, edges, bsn)
                return
            bracket.start(len(edges))
            self.fidedesk_step = bracket
            try:
                super().update_hetrogenious(scorelevel, nodes, edges, bsn)
            finally:
                self.fidedesk_step = None

        def create_edge(self, nodea: Any, nodeb: Any, bhasmet: Any = None) -> Any:
            """gacrux 1.11.65's ``crosstable.create_edge``, a pair made in the set-up (or bracket) under way, kept
            as a :class:`PairRecord`: the first pair's record made by gacrux's own, each other a copy of it (the
            keys in gacrux's order, its constant figures) with the figures gacrux works out for the pair written,
            line for line; whether the two may meet is gacrux's own ``update_canmeet``. Made so, not as gacrux's
            dict and then a copy, the 2 million pairs of a 2,000-player open take a third less time. The table's
            rows are made at once (:meth:`list_edges`); this makes the first record, and any made after it."""
            bracket = _under_way()
            if bracket is not None:
                bracket.made_pair()
            if not blank_pair:
                made = super().create_edge(nodea, nodeb, bhasmet)
                if tuple(made) != PAIR_KEYS:  # the engine's methods here read a record's keys as attributes
                    raise RuntimeError(f"gacrux's records are not as 1.11.65 makes them: {list(made)}")
                blank_pair.append(PairRecord.of(made))  # as gacrux made it, before the engine writes into it
                return PairRecord.of(made)
            (a, b) = (nodea, nodeb) if nodea["cid"] <= nodeb["cid"] else (nodeb, nodea)
            # a record of the table's class (pair_table.made_table): its players' figures not kept in each
            c = blank_pair[0].copied_as(getattr(self, "fidedesk_records", PairRecord))
            c["ca"] = ca = a["cid"]
            c["cb"] = cb = b["cid"]
            c["sa"] = a["scorelevel"]
            c["sb"] = b["scorelevel"]
            c["isblob"] = cb == self.BLOB
            c["played"] = bhasmet.count(ca) if bhasmet is not None else 0
            c["unplayed"] = self.rnd - 1 - b["num"].get("val", 0)
            c["canmeet"] = c["qc"] = self.update_canmeet(c, a, b, bhasmet)
            return c

        compute_tiebreak = pair_table.tiebreak_figures  # gacrux's own, its steps said

        def list_edges(self, cmps: Any, maxmeets: Any, topcolor: Any, prohibited: Any) -> Any:
            """gacrux's own (``pair_table.made_table``), each row's records made at once as :meth:`create_edge`
            makes each, where that is this class's and whether two can meet is worked out as gacrux's."""
            copied = (
                not self.checkonly and self.fidedesk_canmeet_copied and type(self).create_edge is _Compact.create_edge
            )
            return made_table(self, cmps, maxmeets, topcolor, prohibited, blank_pair if copied else None)

        def __init__(self, experimental: Any, checkonly: Any, verbose: Any) -> None:
            super().__init__(experimental, checkonly, verbose)
            #: Whether :meth:`list_edges`'s rows may work out whether two can meet as gacrux's ``update_canmeet``
            #: does (copied there; not where a pairing is checked): that method not another's.
            self.fidedesk_canmeet_copied = type(self).update_canmeet is own_update_canmeet
            #: The criteria vectors :meth:`update_edge` keeps, by their entries: one list for all pairs alike.
            self.fidedesk_vectors: dict[tuple[int, ...], list[int]] = {}
            #: Every vector held by more than one pair, by ``id`` (those lists, and :meth:`update_homogenious`'s
            #: HO3-HO5 vectors with none set, or HO3's or HO4's one entry, one each a pass).
            self.fidedesk_shared: dict[int, list[int] | SparseCriteria] = {}
            #: Whether :meth:`compute_weight` runs (the vectors made meanwhile are kept apart).
            self.fidedesk_summing = False
            #: Whether a bipartite pass has written pairs' ``biweight`` (:meth:`update_bipartite`).
            self.fidedesk_bipartite = False
            #: The homogeneous pass whose loop over the pairs runs (:meth:`update_homogenious`): the figures of a
            #: pair of a kind known are left its kind's (:class:`LazyQuality`), and :class:`Outcomes` known to hold.
            self.fidedesk_homogeneous: Homogeneous | None = None
            #: The homogeneous pass's weights from kept terms, until the pass ends (:func:`_negating`).
            self.fidedesk_negated: NegatedWeights | None = None
            #: What :meth:`update_edge` wrote of pairs alike, for the bracket's figures it was written with.
            self.fidedesk_outcomes = Outcomes(self)

        def update_edge(self, edge: Any) -> None:
            """gacrux's own, reading its quality definitions through :class:`Definitions`, the pair's quality
            figures kept as a :class:`Records` copy whose criteria vectors (QC7, QC8, QMM, QC18-QC21: seven lists
            a pair, a few entries long, most all 0) are one list for every pair with the same entries; and worked
            out once for all the pairs alike (:class:`Outcomes`): what gacrux writes of a pair is a function of
            the two players' figures it reads, the pair's own two and the bracket's.

            gacrux writes a pair's vectors only here, as it makes them, and in :meth:`compute_weight`, which sums
            a bracket's pairs into the first pair's: there they are each pair's own. Kept apart, the vectors of a
            1,000-player round 2 are 1.6 million lists, 100 MiB."""
            if edge.qlevel == self.scorelevel and edge.cb < self.BLOB:
                return  # gacrux's own first test: this bracket's already
            if self.fidedesk_summing:  # the vectors made now are summed into: the pair's own, as gacrux's
                own_update_edge(self, edge)
                edge.quality = quality_records(edge.quality)
                return
            outcomes = self.fidedesk_outcomes
            if self.fidedesk_homogeneous is None and not outcomes.hold(self):
                outcomes = self.fidedesk_outcomes = Outcomes(self)
            key = outcomes.key(edge)
            known = None if key is None else outcomes.known.get(key)
            if known is not None:
                edge.qlevel = self.scorelevel
                edge.quality = LazyQuality(known[0]) if self.fidedesk_homogeneous is not None else known[0].copy()
                for name, value in known[1].items():
                    edge[name] = value
                return
            before = {name: edge[name] for name in Outcomes.WRITTEN}
            edge.update(dict.fromkeys(Outcomes.WRITTEN, Outcomes.UNSET))
            try:
                own_update_edge(self, edge)
            finally:
                written = {name: edge[name] for name in Outcomes.WRITTEN if edge[name] is not Outcomes.UNSET}
                edge.update((name, value) for name, value in before.items() if name not in written)
            made = edge["quality"] = quality_records(edge["quality"])
            alike = self.fidedesk_vectors
            for name in vector_keys:
                vector = made[name]
                if vector is not None:
                    made[name] = kept = alike.setdefault(tuple(vector), vector)
                    if kept is vector:  # the first with these entries
                        self.fidedesk_shared[id(kept)] = kept
            if key is not None:
                outcomes.known[key] = (made.copy(), written)

        # The bracket's quality, summed over its pairs, adds the pairs' HO3-HO5 vectors entry by entry (3 million
        # entries for a 1,000-player bracket: 4 s): a SparseCriteria is summed as one, in place, as gacrux sums
        # an int, so that the sum stays in the first pair's vector as gacrux's loop leaves it.
        own_compute_weight = _rebound(crosstabledutch.crosstable_dutch.compute_weight, isinstance=summed_as_one)

        def compute_weight(self, wpairs: Any, bquality: Any) -> Any:
            """gacrux's own, with the criteria vectors of the bracket's pairs (:meth:`update_edge`'s and
            :meth:`update_homogenious`'s) each pair's own: gacrux sums the others into the first pair's and leaves
            them so. Those the engine makes meanwhile are too."""
            shared = self.fidedesk_shared
            for c in wpairs:
                quality = c["quality"]
                if type(quality) is LazyQuality:
                    quality = c["quality"] = quality.made()
                for key in summed_keys if quality is not None else ():
                    if id(quality[key]) in shared:
                        quality[key] = quality[key].copy()
            self.fidedesk_summing = True
            try:
                return self.own_compute_weight(wpairs, bquality)
            finally:
                self.fidedesk_summing = False

        def get_edge_quality(self, edge: Any) -> Any:
            """gacrux's own, a step of the heterogeneous pass under way; the pair's figures its own dict (the
            engine reads and writes them after this), but in the homogeneous pass's loop."""
            if self.fidedesk_step is not None:
                self.fidedesk_step()
            if edge.qlevel != self.scorelevel or edge.cb == self.BLOB:  # gacrux's own, line for line
                self.update_edge(edge)
            quality = edge.quality
            if type(quality) is LazyQuality and self.fidedesk_homogeneous is None:
                edge.quality = quality.made()
            return edge

        def update_weight(self, mode: str, category: Any, c: Any) -> Any:
            """gacrux's own, the second step of a pair weighed (its weight: a number of thousands of digits,
            a second for a 1,000-player bracket's pairs), handed on as ``-2 * w`` in a pass of
            ``pair_weighted_round`` (:func:`_negating`; one number for the pass's pairs of equal weight), and the
            pair's part of it for the pass let go.

            The part (``heweight``, ``howeight`` or ``biweight``, as long as the weight) is read only here, once a
            pass, and made again before the next; the weight is read only by the pass's matching (and by gacrux's
            reports at a level fidedesk never asks for). At 2,000 players each is a million numbers of 7,000 bits,
            a gigabyte. A pass's pairs are weighed so in one call (:meth:`fidedesk_weighed`); this, for each pair,
            where gacrux's own loop runs (it prints each pair)."""
            bracket = _under_way()
            if bracket is not None:
                bracket.weighed_pair()
            return self.fidedesk_weigh(mode, category, c, getattr(_WITHIN, "negated", None))

        def fidedesk_weighed(self, mode: str, category: Any, edges: list[Any]) -> list[tuple[int, int, Any]]:
            """gacrux's loop in ``pair_weighted_round`` (:func:`~fidedesk.engine.dutch_matching.
            pair_weighted_round`): each of a pass's pairs, in order, its two players and the weight
            :meth:`update_weight` gives it; the pass's weights and the bracket read once, the bracket told every
            :data:`WEIGHED_EVERY` pairs (each of a 2,000-player round 2's million calls read them anew)."""
            bracket = _under_way()
            made: dict[int, int] | Table | None = getattr(_WITHIN, "negated", None)
            weigh = self.fidedesk_weigh
            weighed: list[tuple[int, int, Any]] = []
            append = weighed.append
            for start in range(0, len(edges), WEIGHED_EVERY):
                part = edges[start : start + WEIGHED_EVERY]
                if bracket is not None:
                    bracket.weighed_pairs(len(part))
                for c in part:
                    append((c.ca, c.cb, weigh(mode, category, c, made)))
            return weighed

        def fidedesk_weigh(self, mode: str, category: Any, c: Any, made: dict[int, int] | Table | None) -> Any:
            """:meth:`update_weight` of pair ``c`` in the pass whose weights are ``made``, told to no one."""
            part, qcweight = c.howeight, c.qcweight
            numbered = None
            negated_weights = self.fidedesk_negated
            if mode == "HO" and made is not None and negated_weights is not None and type(qcweight) is int:
                numbered = negated_weights.number(made, qcweight, part)
            if numbered is None:
                if mode == "HO" and type(part) is tuple:
                    c.howeight = self.fidedesk_howeight_of(*part)
                weight = super().update_weight(mode, category, c)
                if made is not None:  # the weight's number in the pass's weights, the number itself let go
                    weight = numbered_in(made, -2 * weight)
            else:  # -2w from the pass's terms, the pair written as gacrux's update_weight writes it
                c.mode = mode
                c.levels = category
                weight = numbered
            c.heweight = c.howeight = 0
            if self.fidedesk_bipartite and hasattr(c, "biweight"):
                c.biweight = 0
            if made is not None:
                c.weight = weight
            return weight

        def update_bipartite(self, *args: Any) -> Any:
            """gacrux's own, its pairs' ``biweight`` written (:meth:`update_weight` lets it go)."""
            self.fidedesk_bipartite = True
            return super().update_bipartite(*args)

        def fidedesk_howeight_of(self, absn: int, bbsn: int) -> int:
            """The ``howeight`` gacrux's ``update_homogenious`` sums for a pair that can meet, of bracket sequence
            numbers ``absn < bbsn``, in the pass under way (:class:`NegatedWeights`)."""
            negated_weights = self.fidedesk_negated
            if negated_weights is None:
                raise RuntimeError("a pair's howeight asked for outside a homogeneous pass")
            return negated_weights.howeight(absn, bbsn)

        def update_homogenious(self, scorelevel: int, edges: Any, bsn: dict[int, int], S: int) -> None:
            """gacrux 1.11.65's ``crosstable_dutch.update_homogenious``, line for line, but for what it writes of
            each pair's HO1-HO5 (:class:`Homogeneous`: :class:`SparseCriteria` where it makes ``[0] * B3``,
            ``[1] * B4`` and ``[0] * B5``, one of each for all the pairs with no entry set, most of a big
            bracket's, and one HO3 and HO4 vector for each entry set), written as the pair's figures are first
            read where they are its kind's as yet (:class:`LazyQuality`); a step of the bracket's progress for
            each candidate pair; and each pair's ``howeight`` kept as what makes it, ``(absn, bbsn)``, worked out
            only as the pair is weighed (:meth:`update_weight`, its one reader): gacrux held a number of
            thousands of bits for every pair of the bracket at once."""
            B = self.B = len(bsn)
            mdp = B - 2 * S
            self.B3, self.B4, self.B5 = S, B - S, B - 1
            self.ilen = 0
            weight = self.weight
            self.init_howeights(scorelevel, S, mdp)
            HO4weight = sum(weight[ho4])
            self.fidedesk_negated = NegatedWeights(weight, (ho0, ho1, ho2, ho3, ho4, ho5), S, HO4weight)
            homogeneous = Homogeneous((ho1, ho2, ho3, ho4, ho5), S, B, self.fidedesk_shared)
            bracket = _under_way()  # fidedesk: progress, Cancel
            if bracket is not None:
                bracket.start(len(edges))
            if not self.fidedesk_outcomes.hold(self):  # nothing the loop does changes what they were made of
                self.fidedesk_outcomes = Outcomes(self)
            self.fidedesk_homogeneous = homogeneous
            try:
                for c in edges:
                    if bracket is not None:
                        bracket()
                    c.howeight = 0
                    (ca, cb) = (c.ca, c.cb)
                    q = self.get_edge_quality(c).quality
                    howeight: int | tuple[int, int] = HO4weight
                    absn: int | None = None
                    bbsn = 0
                    ascl = self.competitors[ca]["scorelevel"]
                    bscl = self.competitors[cb]["scorelevel"]
                    if ascl == scorelevel and bscl == scorelevel:
                        absn = bsn[ca]
                        bbsn = bsn[cb]
                        if absn > bbsn:
                            (absn, bbsn, ascl, bscl) = (bbsn, absn, bscl, ascl)
                        if c.canmeet:
                            howeight = (absn, bbsn)  # fidedesk: summed as the pair is weighed
                        else:
                            absn = None
                    if type(q) is LazyQuality and homogeneous.fits(absn, bbsn):
                        q.homogeneous, q.absn, q.bbsn = homogeneous, absn, bbsn
                    else:
                        if type(q) is LazyQuality:
                            q = c.quality = q.made()
                        homogeneous.write(q, absn, bbsn)
                    c.howeight = howeight
            finally:
                self.fidedesk_homogeneous = None

    return _Compact
