"""gacrux's Dutch engine as fidedesk runs it (engine/dutch.py) against the engine unchanged.

fidedesk's engine keeps each candidate pair's homogeneous criteria (HO3-HO5) compact and matches with its own
matching; neither may change anything the engine decides or reports: the same pairs, colours and boards, and
the same quality figures for every bracket (gacrux's own account of C.04.3's criteria).
"""

from __future__ import annotations

import gc
import multiprocessing
import re
import sys
import types
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fidedesk.engine import dutch, dutch_matching, dutch_records, matching, progress
from fidedesk.engine.dutch import (
    STEPS,
    PairingCancelled,
    SparseCriteria,
    _Bracket,
    _compact_crosstable,
    _PairsLeft,
    dutch_engine,
    progress_text,
)
from fidedesk.engine.dutch_records import NONE_SET, LazyQuality, Outcomes, Records
from fidedesk.engine.pairing import pair_round
from fidedesk.engine.tec_checker import before_round

from .test_pairing_generated import before, events, rounds_of, texts

ENGINE_PARAMS = {"experimental": [], "verbose": 0, "top_color": "", "rank": False}


def brackets(engine_class: type, text: str, round_: int) -> list[dict[str, Any]]:
    """Every score bracket the engine pairs round ``round_`` of the TRF text in, as it reports them."""
    from gacrux.trf2json import trf2json  # type: ignore[import-untyped]

    reader = trf2json()
    reader.parse_file(before_round(text, round_), 0)
    engine = engine_class(reader.get_tournament(1), round_, dict(ENGINE_PARAMS))
    return [bracket for bracket in engine.compute_pairing(False, 0) if bracket is not None]


def test_every_bracket_the_same_as_the_unchanged_engine_reports_it() -> None:
    from gacrux.pairingdutch import pairing_dutch  # type: ignore[import-untyped]

    compared = 0
    for index in (0, 3, 8, 14, 19, 24):
        text = texts()[index]
        for round_ in range(2, rounds_of(text) + 1):
            ours, theirs = brackets(dutch_engine(), text, round_), brackets(pairing_dutch, text, round_)
            assert len(ours) == len(theirs)
            for mine, bare in zip(ours, theirs, strict=True):
                assert [(p["w"], p["b"], p["board"]) for p in mine["pairs"]] == [
                    (p["w"], p["b"], p["board"]) for p in bare["pairs"]
                ]
                assert mine["quality"] == bare["quality"], f"tournament {index} round {round_}"
                compared += 1
    assert compared > 100


def test_each_pair_handed_to_the_matching_as_minus_twice_its_weight_its_part_let_go(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 28: in each pass the engine weighs a bracket's pairs for its matching, a pair's weight (gacrux's,
    ``qcweight`` times the pass's base plus the pair's part for the pass) goes to the matching as ``-2w``, the one
    number kept for it, and the part (as long as the weight) is let go: at 2,000 players each is a gigabyte."""
    compact = _compact_crosstable()
    own = compact.fidedesk_weigh  # update_weight's, for each pair of a pass weighed in one call (fidedesk_weighed)
    modes: list[str] = []
    parts: list[str] = []  # the parts let go that were not 0

    def watching(self: Any, mode: str, category: Any, c: dict[str, Any], made: Any) -> Any:
        part, base = {"HE": ("heweight", "HE0"), "HO": ("howeight", "HO0"), "BI": ("biweight", "B0")}[mode]
        value = c[part]
        if type(value) is tuple:  # fidedesk's (absn, bbsn): summed only as the pair is weighed (below)
            value = self.fidedesk_howeight_of(*value)
        if value:
            parts.append(part)
        expected = c["qcweight"] * self.weight[base] + value
        weight = own(self, mode, category, c, made)
        assert weight == c["weight"] == -2 * expected
        assert c["heweight"] == c["howeight"] == c.get("biweight", 0) == 0
        modes.append(mode)
        return weight

    monkeypatch.setattr(compact, "fidedesk_weigh", watching)
    for index in (0, 8):
        text = texts()[index]
        for round_ in range(2, rounds_of(text) + 1):
            brackets(dutch_engine(), text, round_)
    assert {"HE", "HO"} <= set(modes)
    assert {"heweight", "howeight"} <= set(parts)


def test_a_pass_s_pairs_weighed_in_one_call_are_weighed_as_gacrux_s_loop_weighs_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 28: a pass's pairs weighed in one call (``fidedesk_weighed``: the pass's weights and bracket read once,
    the bracket told every 256 pairs) give the brackets gacrux's loop gives, weighing each by ``update_weight``
    (which it still does where it prints each pair), pair for pair, figure for figure."""

    def paired(text: str) -> list[Any]:
        made = [brackets(dutch_engine(), text, round_) for round_ in range(2, rounds_of(text) + 1)]
        return [[(p["w"], p["b"], p["board"]) for p in b["pairs"]] + [b["quality"]] for r in made for b in r]

    compact = _compact_crosstable()
    own_weight = compact.update_weight
    weighed: list[Any] = []

    def one_by_one(self: Any, mode: str, category: Any, c: Any) -> Any:
        weighed.append(c)
        return own_weight(self, mode, category, c)

    for index in (0, 8, 19):
        in_one_call = paired(texts()[index])
        with monkeypatch.context() as patched:
            patched.setattr(compact, "fidedesk_weighed", None)  # gacrux's loop, as where it prints each pair
            patched.setattr(compact, "update_weight", one_by_one)
            assert paired(texts()[index]) == in_one_call
    assert len(weighed) > 1000, "gacrux's loop weighed no pass"


def test_each_pairs_homogeneous_part_is_gacruxs_own(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 28: a pair's ``howeight``, summed only as the pair is weighed (gacrux held one for every pair of the
    bracket at once, a number as long as the weight), is the number gacrux's own ``update_homogenious`` sums,
    run first on the same pairs in each pass of generated events."""
    from gacrux import crosstabledutch  # type: ignore[import-untyped]

    compact = _compact_crosstable()
    ours, original = compact.update_homogenious, crosstabledutch.crosstable_dutch.update_homogenious
    own_weight = compact.fidedesk_weigh  # update_weight's, for each pair of a pass (fidedesk_weighed)
    theirs: dict[int, int] = {}
    summed: list[bool] = []

    def both(self: Any, scorelevel: int, edges: Any, bsn: dict[int, int], S: int) -> None:
        original(self, scorelevel, edges, bsn, S)
        theirs.clear()
        theirs.update((id(c), c["howeight"]) for c in edges)
        ours(self, scorelevel, edges, bsn, S)

    def weighing(self: Any, mode: str, category: Any, c: dict[str, Any], made: Any) -> Any:
        if mode == "HO":
            part = c["howeight"]
            assert (self.fidedesk_howeight_of(*part) if type(part) is tuple else part) == theirs[id(c)]
            summed.append(type(part) is tuple)
        return own_weight(self, mode, category, c, made)

    monkeypatch.setattr(compact, "update_homogenious", both)
    monkeypatch.setattr(compact, "fidedesk_weigh", weighing)
    for index in (0, 8, 13):
        text = texts()[index]
        for round_ in range(2, rounds_of(text) + 1):
            brackets(dutch_engine(), text, round_)
    assert any(summed) and not all(summed), "pairs that can meet summed as weighed, the others HO4's sum"


def test_a_homogeneous_pass_leaves_figures_to_be_made_as_read_and_they_are_gacruxs(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 28: a homogeneous pass weighs every pair of its bracket and reads the quality figures of the few it
    pairs; a pair whose figures are its kind's is left so (:class:`LazyQuality`, not a dict of 26 figures and an
    HO5 vector: 400 MB at 2,000 players), and its figures, made as the engine first reads them, are those gacrux's
    own ``update_homogenious`` writes, figure for figure, in every pass of generated events."""
    from gacrux import crosstabledutch  # type: ignore[import-untyped]

    compact = _compact_crosstable()
    ours, original = compact.update_homogenious, crosstabledutch.crosstable_dutch.update_homogenious
    counted = {"left": 0, "compared": 0}

    def both(self: Any, scorelevel: int, edges: Any, bsn: dict[int, int], S: int) -> None:
        copies = []
        for c in edges:
            copy = c.copy()  # a record as the engine keeps them, which its methods read
            quality = copy["quality"]
            copy["quality"] = quality.made() if type(quality) is LazyQuality else dict(quality or {}) or quality
            copies.append(copy)
        ours(self, scorelevel, edges, bsn, S)
        left = [c for c in edges if type(c["quality"]) is LazyQuality]
        counted["left"] += len(left)
        original(self, scorelevel, copies, bsn, S)  # on the pairs as they were, after ours: the same figures set
        for c, theirs in zip(edges, copies, strict=True):
            mine = self.get_edge_quality(c.copy())["quality"]  # made as read, the pair itself left as it is
            assert type(mine) is dict and mine == theirs["quality"] and list(mine) == list(theirs["quality"])
            assert c["howeight"] == theirs["howeight"] or type(c["howeight"]) is tuple
            counted["compared"] += 1

    monkeypatch.setattr(compact, "update_homogenious", both)
    for index in (0, 8, 13):
        text = texts()[index]
        for round_ in range(2, rounds_of(text) + 1):
            brackets(dutch_engine(), text, round_)
    assert counted["left"] > 0 and counted["compared"] > 1000, "no pair's figures left its kind's"


def test_a_homogeneous_pass_lets_its_weights_go_as_it_ends(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 28: the numbers kept for a pass's pairs alike (:class:`NegatedWeights`) hold the pass's weights (a
    table of 300 MB at 2,000 players), let go as the pass ends, not kept into the brackets after it."""
    compact = _compact_crosstable()
    own = compact.update_homogenious
    crosstables: list[Any] = []
    during: list[bool] = []
    own_weight = compact.fidedesk_weigh

    def homogeneous(self: Any, *args: Any) -> None:
        crosstables.append(self)
        own(self, *args)

    def weighing(self: Any, mode: str, category: Any, c: Any, made: Any) -> Any:
        during.append(mode != "HO" or self.fidedesk_negated is not None)
        return own_weight(self, mode, category, c, made)

    monkeypatch.setattr(compact, "update_homogenious", homogeneous)
    monkeypatch.setattr(compact, "fidedesk_weigh", weighing)
    brackets(dutch_engine(), texts()[8], 3)
    assert crosstables and during and all(during), "no homogeneous pass weighed"
    assert all(crosstable.fidedesk_negated is None for crosstable in crosstables)


def test_records_are_the_dicts_given() -> None:
    """Issue 28: the engine's per-pair dicts, kept as copies sharing one table of keys, are the dicts it made."""
    records = Records()
    first = {"ca": 1, "cb": 2, "quality": None, "weight": 0}
    for one in (first, {"ca": 3, "cb": 4, "quality": {"QC6": 1}, "weight": -(10**500)}, {"weight": 5, "ca": 6}):
        kept = records(one)
        assert kept == one and type(kept) is dict
    again = records({"cb": 7, "ca": 8, "weight": 9, "quality": None, "mode": "HO"})
    assert list(again) == ["ca", "cb", "quality", "weight", "mode"], "the first's order, then the new keys"
    assert again == {"ca": 8, "cb": 7, "quality": None, "weight": 9, "mode": "HO"}
    kept = records(first)
    kept["levels"] = 0
    kept["ca"] = 10
    assert kept == {"ca": 10, "cb": 2, "quality": None, "weight": 0, "levels": 0}
    assert records(first) == first, "each copy its own values"


_RECORD_WRITES = st.lists(
    st.tuples(st.sampled_from([*dutch_records.PAIR_SLOTS, "mode", "ca"]), st.integers(-3, 3) | st.none()),
    max_size=12,
)


@settings(max_examples=300, deadline=None)
@given(_RECORD_WRITES, _RECORD_WRITES, st.sampled_from([*dutch_records.PAIR_SLOTS, "copy", "keys", "x", 1]))
def test_a_pair_record_is_read_and_written_as_gacrux_s_dict(
    made: list[tuple[str, Any]], later: list[tuple[str, Any]], asked: Any
) -> None:
    """Issue 28: a pair's record kept as an object of slots (192 bytes where gacrux's dict takes 336: 290 MB of a
    2,000-player open) is read and written by key as the dict: the keys written and their values, ``in``,
    ``get``, ``update``, ``len``, ``==`` with the dict, a copy its own; its keys in gacrux's order of them; a key
    never written raises, as does writing one gacrux never writes."""
    given = dict(made)
    record = dutch_records.PairRecord.of(given)
    assert record == given and given == record and len(record) == len(given)
    assert list(record) == [key for key in dutch_records.PAIR_SLOTS if key in given], "gacrux's order"
    copied = record.copy()
    record.update(later)
    given.update(later)
    for key, value in later[:3]:
        record[key] = given[key] = value
    assert record == given
    assert copied == dict(made), "a copy its own"
    assert (asked in record) is (asked in given)
    assert record.get(asked, "none") == given.get(asked, "none")
    if asked in given:
        assert record[asked] == given[asked]
    elif asked not in ("copy", "keys"):  # the names of its methods read the methods: never gacrux's keys
        with pytest.raises((AttributeError, TypeError)):
            record[asked]
    with pytest.raises(AttributeError):
        record["key gacrux never writes"] = 1
    assert dict(record.items()) == given and record.values() == [given[key] for key in record]


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.integers(-1, 3), min_size=2, max_size=6),
    st.data(),
    _RECORD_WRITES,
    st.sampled_from([*dutch_records.PAIR_SLOTS, "copy", "x"]),
)
def test_a_table_s_record_is_read_and_written_as_gacrux_s_dict(
    levels: list[int], data: st.DataObject, later: list[tuple[str, Any]], asked: Any
) -> None:
    """Issue 28: a record of the engine's table (its players' levels, bye's flag and rounds unplayed read of its
    players, not kept in it: 160 bytes, not 192) is read and written by key as gacrux's dict of the same pair:
    the figures its players give, then any written over them (as theirs again, or not), ``in``, ``get``, ``==``,
    a copy its own and of its table; nothing kept of its own for the figures that are its players'."""
    blob = len(levels) - 1
    unplayed = [data.draw(st.integers(0, 2)) for _ in levels]
    kind = dutch_records.table_records(dutch_records.PlayersOfPairs(levels, unplayed, blob))
    cb = data.draw(st.integers(0, blob))
    ca = data.draw(st.integers(0, cb))
    record = kind()
    record.ca, record.cb = ca, cb
    given: dict[str, Any] = {"ca": ca, "cb": cb, "sa": levels[ca], "sb": levels[cb]}
    given |= {"isblob": cb == blob, "unplayed": unplayed[cb]}
    assert record == given and list(record) == [key for key in dutch_records.PAIR_SLOTS if key in given]
    assert not hasattr(record, "seldom"), "its players' figures not kept in it"
    for key in dutch_records.PAIR_OF_PLAYERS:  # written as its players give them: nothing kept
        record[key] = given[key]
    assert not hasattr(record, "seldom")
    copied, before = record.copy(), dict(given)
    for key, value in later:
        if key not in ("ca", "cb"):  # a table's record has its players written once, as it is made
            record[key] = given[key] = value
    assert record == given and dict(record.items()) == given
    assert copied == before and type(copied) is kind, "a copy its own, of its table"
    assert (asked in record) is (asked in given)
    assert record.get(asked, "none") == given.get(asked, "none")
    for key in dutch_records.PAIR_OF_PLAYERS:  # written back as its players give them: nothing kept again
        record[key] = {"sa": levels[ca], "sb": levels[cb], "isblob": cb == blob, "unplayed": unplayed[cb]}[key]
    assert not hasattr(record, "seldom") or set(record.seldom) <= set(dutch_records.PAIR_SELDOM)


def test_the_engine_s_records_are_gacrux_s(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each pair's record and quality figures as fidedesk's engine keeps them (records sharing keys, the figures
    of pairs alike written once): gacrux's dicts, key for key, on generated events with byes, forfeits,
    withdrawals and late entries, every round."""
    from gacrux.crosstabledutch import crosstable_dutch  # type: ignore[import-untyped]

    compact = _compact_crosstable()
    made: list[str] = []
    lazy: list[dict[str, Any]] = []  # the kinds' figures a pair's were left as, not yet read
    own_create, own_update = compact.create_edge, compact.update_edge

    def create(self: Any, nodea: Any, nodeb: Any, bhasmet: Any = None) -> Any:
        kept = own_create(self, nodea, nodeb, bhasmet)
        bare = crosstable_dutch.create_edge(self, nodea, nodeb, bhasmet)
        assert kept == bare and list(kept) == list(bare)
        made.append("record")
        return kept

    def update(self: Any, edge: Any) -> None:
        worked_out = edge["qlevel"] != self.scorelevel or edge["cb"] == self.BLOB
        bare = dict(edge)
        known = len(self.fidedesk_outcomes.known)
        own_update(self, edge)
        if worked_out:  # gacrux's own on the pair as it was
            crosstable_dutch.update_edge(self, bare)
            kept = dict(edge)
            if type(kept["quality"]) is LazyQuality:  # in a homogeneous pass: made as it is first read
                lazy.append(kept["quality"].base)
                kept["quality"] = kept["quality"].made()
            assert kept == bare and list(kept) == list(bare) and list(kept["quality"]) == list(bare["quality"])
            made.append("kind known" if len(self.fidedesk_outcomes.known) == known else "quality")

    monkeypatch.setattr(compact, "create_edge", create)
    monkeypatch.setattr(compact, "update_edge", update)
    for index in (0, 3, 8, 14, 19, 24):
        text = texts()[index]
        for round_ in range(2, rounds_of(text) + 1):
            brackets(dutch_engine(), text, round_)
    assert {"record", "quality", "kind known"} <= set(made), "no pair of a kind worked out before"
    assert lazy, "no pair's figures left its kind's in a homogeneous pass"


def test_pairs_are_alike_only_in_every_figure_gacrux_reads_and_within_one_bracket() -> None:
    """Issue 28: the quality figures gacrux works out for a pair are copied only to pairs alike in every figure it
    reads (the games counted by type too: it subtracts them from the round), while the bracket's figures and
    weights stand; a figure that is no value leaves the pair to gacrux's own."""
    player = {"scorelevel": 3, "top": False, "cid": 1, "cod": 1, "cop": "b1", "csq": " wbw", "acc": 2, "flt": 0}

    def competitor(cid: int, **changed: Any) -> dict[str, Any]:
        return {**player, "cid": cid, "num": {"val": 1}, **changed}

    crosstable = types.SimpleNamespace(
        scorelevel=3, maxpsd=1, pablevel=0, rnd=4, maxmeets=1, BLOB=9, checkonly=False, weight={}
    )
    crosstable.competitors = [
        competitor(0), competitor(1), competitor(2), competitor(3, csq=" wbb"), competitor(4, flt=[1]),
        competitor(5, num={"val": 1.0}), competitor(6, csq=" wwbw"),
    ]  # fmt: skip
    outcomes = Outcomes(crosstable)

    def kind(ca: int, cb: int, canmeet: Any = True, played: Any = 0) -> Any:
        return outcomes.key(dutch_records.PairRecord.of({"ca": ca, "cb": cb, "canmeet": canmeet, "played": played}))

    assert kind(1, 3) == kind(2, 3) != kind(3, 1), "in the pair's order"
    assert kind(1, 6) == kind(1, 2) != kind(1, 3), "the last two colours, the only ones read"
    assert kind(1, 3) != kind(1, 3, canmeet=False) and kind(1, 3) != kind(1, 3, played=1)
    assert kind(0, 3) != kind(1, 3), "the bye's dummy is no player"
    assert kind(4, 3) is None, "a figure that is no value"
    assert kind(1, 3, canmeet=[True]) is None and kind(1, 3, played=1.0) is None, "a pair's figure not gacrux's kind"
    assert kind(5, 3) != kind(1, 3), "1.0 games is not 1 game to gacrux's arithmetic"
    assert outcomes.hold(crosstable)
    for name, value in (("scorelevel", 2), ("pablevel", 1), ("weight", {})):
        was = getattr(crosstable, name)
        setattr(crosstable, name, value)
        assert not outcomes.hold(crosstable), name
        setattr(crosstable, name, was)
    assert outcomes.hold(crosstable)
    del crosstable.pablevel
    assert not outcomes.hold(crosstable) and not Outcomes(crosstable).hold(types.SimpleNamespace())


def test_a_pass_s_weights_are_gacrux_s_negated_equal_ones_one_number(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 28: each weight a pass of ``pair_weighted_round`` hands its matching is -2 times the one gacrux makes
    for the pair, and weights equal in value are one number (a big bracket has a third to a fifth as many)."""
    from gacrux.crosstabledutch import crosstable_dutch  # type: ignore[import-untyped]

    compact = _compact_crosstable()
    own_weight, own_matching = compact.fidedesk_weigh, dutch_matching._FastNetworkx.min_weight_matching
    expected: dict[tuple[int, int], int] = {}
    shared: list[int] = []

    def weigh(self: Any, mode: str, category: Any, c: Any, made: Any) -> Any:
        pair = dict(c)
        if type(pair["howeight"]) is tuple:  # summed as weighed (test_each_pairs_homogeneous_part_is_gacruxs_own)
            pair["howeight"] = self.fidedesk_howeight_of(*pair["howeight"])
        bare = crosstable_dutch.update_weight(self, mode, category, pair)
        if getattr(dutch._WITHIN, "negated", None) is not None:
            expected[c["ca"], c["cb"]] = -2 * bare
        weighed = own_weight(self, mode, category, c, made)
        assert list(c) == list(pair) and (c["mode"], c["levels"]) == (pair["mode"], pair["levels"])
        assert c["heweight"] == c["howeight"] == 0, "the pair's part let go"
        return weighed

    def match(graph: Any) -> Any:
        if getattr(dutch._WITHIN, "negated", None) is not None:
            by_value: dict[int, int] = {}
            for u, v, weight in graph.edges:
                assert weight == expected[u, v]
                assert by_value.setdefault(weight, weight) is weight, "an equal weight made again"
            shared.append(len(graph.edges) - len(by_value))
        return own_matching(graph)

    monkeypatch.setattr(compact, "fidedesk_weigh", weigh)
    monkeypatch.setattr(dutch_matching._FastNetworkx, "min_weight_matching", staticmethod(match))
    brackets(dutch_engine(), texts()[8], 3)
    assert shared and sum(shared) > 0, "no pass with two pairs of the same weight: the test shows nothing"


def test_criteria_vectors_one_list_for_pairs_alike_never_written(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 28: pairs whose QC7, QC8, QMM or QC18-QC21 vectors have the same entries hold one list, and those
    whose HO3-HO5 vectors have no entry set, or HO3's or HO4's one, one :class:`SparseCriteria` a pass, which
    nothing writes (gacrux's
    sum of a bracket's pairs goes into the first pair's own), whichever pair comes first: the brackets' figures
    are the unchanged engine's with the pairs summed in reverse order, the bye (which the engine weighs afresh
    each time it reads it) first."""
    from gacrux.pairingdutch import pairing_dutch  # type: ignore[import-untyped]

    compact = _compact_crosstable()
    own_sum = compact.compute_weight
    engines: list[Any] = []
    summed_first: list[bool] = []  # whether the first pair summed is the bye

    def reversed_sum(self: Any, wpairs: Any, bquality: Any) -> Any:
        if self not in engines:
            engines.append(self)
        pairs = sorted(reversed(wpairs), key=lambda pair: pair["cb"] != self.BLOB)  # the bye, then the rest reversed
        summed_first.append(pairs[0]["cb"] == self.BLOB and any(pair["quality"] for pair in pairs[1:]))
        return own_sum(self, pairs, bquality)

    monkeypatch.setattr(compact, "compute_weight", reversed_sum)
    compared = 0
    for index in (0, 3, 8, 15):  # 15: round 5 sums a bye and a pair with a criterion met in one bracket
        text = texts()[index]
        for round_ in range(2, rounds_of(text) + 1):
            ours, theirs = brackets(dutch_engine(), text, round_), brackets(pairing_dutch, text, round_)
            assert [bracket["quality"] for bracket in ours] == [bracket["quality"] for bracket in theirs]
            compared += len(ours)
    assert compared > 50 and any(summed_first), "no bye summed first: the test shows nothing"
    shared = [(entries, vector) for engine in engines for entries, vector in engine.fidedesk_vectors.items()]
    assert any(entries for entries, _ in shared), "no vector with entries shared: the test shows nothing"
    assert all(list(entries) == vector for entries, vector in shared), "a shared vector written"
    shared_ho = [
        vector for engine in engines for vector in engine.fidedesk_shared.values() if isinstance(vector, SparseCriteria)
    ]
    assert all(
        id(vector) in engine.fidedesk_shared for engine in engines for vector in engine.fidedesk_vectors.values()
    ), "a shared list not known to be shared"
    assert any(isinstance(vector.values, tuple) for vector in shared_ho), "no HO vector with an entry shared"
    assert all(
        vector.default in (0, 1)
        and (vector.values is NONE_SET or (isinstance(vector.values, tuple) and vector.values[1] == 1 - vector.default))
        for vector in shared_ho
    ), "a shared HO vector written"


@settings(max_examples=200, deadline=None)
@given(
    st.integers(-3, 40),
    st.sampled_from([0, 1]),
    st.lists(st.tuples(st.integers(-45, 45), st.integers(-5, 5)), max_size=12),
)
def test_sparse_criteria_read_and_written_as_the_list(length: int, default: int, writes: list[Any]) -> None:
    """Whatever gacrux does to ``[default] * length`` (set, add to, read an entry; its length; iterate) it
    does alike to a SparseCriteria, an IndexError where the list raises one."""
    listed, sparse = [default] * length, SparseCriteria(length, default)
    for index, value in writes:
        try:
            listed[index] += value
        except IndexError:
            try:
                sparse[index] += value
            except IndexError:
                continue
            raise AssertionError(f"no IndexError for {index} of {length}") from None
        sparse[index] += value
    assert len(sparse) == len(listed)
    assert list(sparse) == listed and sparse == listed and listed == sparse
    assert [sparse[i] for i in range(-len(listed), len(listed))] == [
        listed[i] for i in range(-len(listed), len(listed))
    ]
    assert not NONE_SET, "the entries of the vectors with none set, shared by them all, never written"


def sparse_and_listed(draw: st.DrawFn, length: int) -> tuple[SparseCriteria, list[int]]:
    default = draw(st.sampled_from([0, 1, 3]))
    sparse, listed = SparseCriteria(length, default), [default] * max(0, length)
    for index, value in draw(st.lists(st.tuples(st.integers(0, max(0, length - 1)), st.integers(-5, 5)), max_size=8)):
        if length > 0:
            sparse[index] += value
            listed[index] += value
    return sparse, listed


@settings(max_examples=300, deadline=None)
@given(st.data(), st.integers(-2, 30), st.integers(-2, 30))
def test_sparse_criteria_summed_in_place_as_gacrux_sums_the_list(data: st.DataObject, length: int, other: int) -> None:
    """The bracket's quality (gacrux's ``compute_weight``) adds each pair's vector to the first pair's, entry by
    entry: ``+=`` does the same to a SparseCriteria, in place (the first pair's vector is the sum after), from
    another SparseCriteria or a list, of the same length or not (an IndexError where gacrux's loop raises one,
    the entries before it added)."""
    mine, expected = sparse_and_listed(data.draw, length)
    theirs, their_list = sparse_and_listed(data.draw, other)
    addend: SparseCriteria | list[int] = theirs if data.draw(st.booleans()) else their_list
    same = mine
    try:
        for index in range(len(expected)):
            expected[index] += their_list[index]
    except IndexError:
        with pytest.raises(IndexError):
            mine += addend
        assert list(same) == expected
        return
    mine += addend
    assert not NONE_SET
    assert mine is same and list(mine) == expected and len(mine) == len(expected)


def test_a_big_pass_waiting_for_the_compiled_matching_says_so_before_it_weighs(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 28: a pass of TABLE_FROM pairs or more waits, before it weighs them, for the compiled matching whose
    rows it keeps their weights in; the first time on a computer that takes half a minute or more (a 2,000-player
    round 2 with numba's cache emptied: its words stood still 49 s there, on the bracket's first line). The words
    say so and count its seconds there too, as they do when a matching waits for it."""
    event = before(events()[0], 3)
    expected = pair_round(event)
    monkeypatch.setattr(_Bracket, "EVERY", 0.0)
    monkeypatch.setattr(matching, "TABLE_FROM", 0)  # every pass a big one
    made = matching.COMPILED

    class Slow:
        """The compiled matching, made ready as the first time on a computer: its waiter is called meanwhile."""

        compiling = True

        def ready(self, wait: Any = None, *, make: bool = True) -> bool:
            for _ in range(3 if wait is not None else 0):
                wait()
            return made.ready(wait, make=make)

    monkeypatch.setattr(matching, "COMPILED", Slow())
    notes: list[str] = []

    def keep_going(done: int, total: int, note: str = "") -> bool:
        if not notes or notes[-1] != note:
            notes.append(note)
        return False

    assert pair_round(event, progress=keep_going) == expected
    waited = [i for i, note in enumerate(notes) if note.startswith("The next: the fast matching being made ready")]
    assert any(notes[i + 1].endswith("possible pairs weighed") for i in waited if i + 1 < len(notes)), notes


def test_progress_moves_within_a_bracket_and_cancel_is_heard_there(monkeypatch: pytest.MonkeyPatch) -> None:
    """The progress callback is asked again while the engine weighs a bracket's pairs and matches them (every
    quarter second; here every step), the count growing between the bracket's first step and the next
    bracket's, and a True there stops the pairing before the bracket is done."""
    monkeypatch.setattr(_Bracket, "EVERY", 0.0)
    event = before(events()[0], 3)
    asked: list[tuple[int, int]] = []

    def keep_going(done: int, total: int, note: str = "") -> bool:
        asked.append((done, total))
        return False

    assert pair_round(event, progress=keep_going) == pair_round(event)
    setup = [done for done, total in asked if not total]
    counted = [done for done, total in asked if total]
    assert setup and asked[: len(setup)] == [(0, 0)] * len(setup), "the set-up first, with no total"
    assert counted == sorted(counted)
    within = {done for done in counted if done % STEPS}
    assert len(within) > 10, "the count moves within a bracket"
    assert len({done // STEPS for done in within}) >= 2, "in more than one bracket"

    asked.clear()

    def stop_within_a_bracket(done: int, total: int, note: str = "") -> bool:
        asked.append((done, total))
        return done % STEPS != 0

    with pytest.raises(PairingCancelled):
        pair_round(event, progress=stop_within_a_bracket)
    assert asked[-1][0] % STEPS != 0


def test_cancel_is_heard_while_the_engine_makes_its_candidate_pairs(monkeypatch: pytest.MonkeyPatch) -> None:
    """Before its first bracket the engine makes a candidate pair of every two players (seconds for a big open):
    reported with no total, and stopped there when asked."""
    monkeypatch.setattr(_Bracket, "EVERY", 0.0)
    asked: list[tuple[int, int]] = []

    def stop_in_the_set_up(done: int, total: int, note: str = "") -> bool:
        asked.append((done, total))
        return len(asked) >= 3

    with pytest.raises(PairingCancelled):
        pair_round(before(events()[0], 3), progress=stop_in_the_set_up)
    assert asked == [(0, 0)] * 3


def test_the_progress_text_names_the_brackets_or_the_set_up() -> None:
    assert progress_text(2 * STEPS + 517, 23 * STEPS) == "2 of 23 score brackets paired"
    assert progress_text(0, 0) == "Weighing every two players as a possible pair"


def test_cancel_is_heard_while_the_engine_sorts_and_counts_its_candidate_pairs(monkeypatch: pytest.MonkeyPatch) -> None:
    """After making its candidate pairs, still before its first bracket, the engine sorts them all and counts
    them over (``compute_hamilton``: 2 s at 1,000 players): Cancel is heard there too, in its own sort and loop,
    not only in the matchings it asks for on the way (``is_complete``)."""
    monkeypatch.setattr(_Bracket, "EVERY", 0.0)
    asked_there: list[tuple[int, int]] = []

    def stop_while_sorting(done: int, total: int, note: str = "") -> bool:
        frame = sys._getframe()
        while frame is not None and frame.f_code.co_name not in ("compute_hamilton", "is_complete"):
            frame = frame.f_back  # type: ignore[assignment]
        if frame is None or frame.f_code.co_name == "is_complete":
            return False
        asked_there.append((done, total))
        return True

    with pytest.raises(PairingCancelled):
        pair_round(before(events()[0], 3), progress=stop_while_sorting)
    assert asked_there == [(0, 0)], "stopped once, in the set-up, with no total yet"


def test_the_notes_say_the_pass_under_way_as_work_done_of_work_to_do(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 28: the count alone stands still for minutes in a big bracket's matching, so each report says the
    pass under way in words, each as so many of how many: the set-up's candidate pairs (every two of the
    players and the engine's two dummies, each with itself too) then sorted, counted and gone through, a bracket's pairs
    weighed, the matching's pairs chosen, and within a stage of the matching the players whose pairs it looked
    through for the next pair. A stop asked during that search is heard there."""
    monkeypatch.setattr(_Bracket, "EVERY", 0.0)
    event = before(events()[0], 3)
    players = len(event.players)
    notes: list[tuple[int, str]] = []

    def keep_going(done: int, total: int, note: str = "") -> bool:
        notes.append((total, note))
        return False

    pair_round(event, progress=keep_going)
    pairs = (players + 2) * (players + 3) // 2
    setup = [note for total, note in notes if not total]
    assert f"{pairs:,} of {pairs:,} pairs weighed" in setup
    assert all(
        re.fullmatch(
            r"[\d,]+ of [\d,]+ pairs weighed"
            r"|Every pair weighed; [\d,]+ of [\d,]+ "
            r"(sorted|keys set out|counted|put in order|gone through|players' pairs listed)"
            r"|The event read; [\d,]+ of 12 players' figures worked out",
            note,
        )
        for note in setup
    )
    figures = [note for note in setup if note.startswith("The event read")]
    assert figures == [f"The event read; {done} of 12 players' figures worked out" for done in range(13)]
    assert any(note.endswith("sorted") for note in setup), "then the candidate pairs sorted"
    said = [note for total, note in notes if total and note]
    weighed = [note for note in said if re.fullmatch(r"The next: [\d,]+ of [\d,]+ possible pairs weighed", note)]
    chosen = [note for note in said if re.fullmatch(r"The next: [\d,]+ of [\d,]+ pairs chosen", note)]
    searched = [
        note
        for note in said
        if re.fullmatch(
            r"The next: [\d,]+ of [\d,]+ pairs chosen; looked through [\d,]+ player(s'|'s) pairs for another", note
        )
    ]
    read = [
        note for note in said if re.fullmatch(r"The next: [\d,]+ of [\d,]+ possible pairs read for the matching", note)
    ]
    picked = [
        note for note in said if re.fullmatch(r"The pairs left; [\d,]+ of [\d,]+ (gone through|put in order)", note)
    ]
    let_go = [note for note in said if re.fullmatch(r"The engine's pairs let go; [\d,]+ of [\d,]+ players' rows", note)]
    assert weighed and chosen and searched and let_go, "the records let go after the last bracket said too"
    assert len(weighed) + len(read) + len(chosen) + len(searched) + len(picked) + len(let_go) == len(said)
    for note in said:
        done, of = (int(figure.replace(",", "")) for figure in re.findall(r"[\d,]+", note)[:2])
        assert 0 <= done <= of

    def stop_in_a_search(done: int, total: int, note: str = "") -> bool:
        return note.endswith("pairs for another")

    with pytest.raises(PairingCancelled):
        pair_round(event, progress=stop_in_a_search)


def test_the_pairs_left_gone_through_between_passes_are_said_and_a_stop_heard_there(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 28: between a bracket's passes the engine goes through every candidate pair left (to see the
    bracket's category, to keep the pairs of those still to pair: a second each at 2,000 players, in list
    comprehensions of its own, or picked over columns and put in order). A long list of them is a phase of the
    bracket, said as so many of how many, and a stop asked there is heard there; the pairing is the same."""
    event = before(events()[0], 3)
    plain = pair_round(event).boards
    monkeypatch.setattr(_Bracket, "EVERY", 0.0)
    notes: list[str] = []

    def keep_going(done: int, total: int, note: str = "") -> bool:
        if total:
            notes.append(note)
        return False

    pair_round(event, progress=keep_going)
    unlisted = [note for note in notes if "weighed" in note]
    notes.clear()
    monkeypatch.setattr(_PairsLeft, "LONG", 1)  # the events here are small: every list of pairs left counts
    assert pair_round(event, progress=keep_going).boards == plain
    assert [note for note in notes if "weighed" in note] == unlisted, "a weighing says its own pairs weighed"
    left = [note for note in notes if note.startswith("The pairs left")]
    assert left, "the pairs left gone through, in a bracket"
    for note in left:
        match = re.fullmatch(r"The pairs left; ([\d,]+) of ([\d,]+) (?:gone through|put in order)", note)
        assert match is not None, note
        done, of = (int(figure.replace(",", "")) for figure in match.groups())
        assert 0 <= done <= of

    def stop_there(done: int, total: int, note: str = "") -> bool:
        return note.startswith("The pairs left")

    with pytest.raises(PairingCancelled):
        pair_round(event, progress=stop_there)


def test_a_weighing_and_its_matching_share_the_half_of_the_bracket_left(monkeypatch: Any) -> None:
    """A bracket's passes come in units (a weighing of its pairs, then the matching of them); each unit takes
    half of the bracket's steps left, a fifth of it for the weighing: the matching, which takes most of the
    time, moves the count most. A matching on its own (a check that the rest can be paired) is a unit."""
    reports: list[int] = []
    bracket = _Bracket(lambda done, total, note="": reports.append(done) is None and False, 2, 5)
    first = 2 * STEPS
    assert bracket.position() == first
    bracket.start(40)  # 40 pairs: their criteria, then their weights
    for _ in range(30):
        bracket()
    for _ in range(10):
        bracket.weighed_pair()
    assert bracket.position() == first + STEPS // 20  # half of the weighing: half of a fifth of a half
    assert bracket.note() == "The next: 20 of 40 possible pairs weighed"
    bracket.start(11, matching=True, edges=50)
    assert bracket.position() == first + STEPS // 10
    bracket.read_pairs(20)
    assert bracket.note() == "The next: 20 of 50 possible pairs read for the matching"
    clock = [100.0]
    monkeypatch.setattr(progress, "time", types.SimpleNamespace(monotonic=lambda: clock[0]))
    monkeypatch.setattr(matching.COMPILED, "compiling", True)  # numba's cache does not hold it: compiled
    bracket.preparing()  # the compiled matching made ready before the first stage (issue 28)
    assert bracket.note() == "The next: the fast matching being made ready (once on this computer), 0 s so far"
    clock[0] += 12.6
    bracket.preparing()  # called again every quarter second: the words count the seconds since the first
    assert bracket.note() == "The next: the fast matching being made ready (once on this computer), 12 s so far"
    monkeypatch.setattr(matching.COMPILED, "compiling", False)  # the cache holds it: loaded, in every process
    assert bracket.note() == "The next: the fast matching being loaded, 12 s so far"
    assert bracket.position() == first + STEPS // 10, "no step while it is made ready"
    bracket.setting_out("pairs", 20, 50)
    assert bracket.note() == "The next: 20 of 50 pairs set out for the fast matching"
    bracket.setting_out("weights", 7, 9)
    assert bracket.note() == "The next: 7 of 9 weights set out for the fast matching"
    bracket.setting_out("order", 3, 19)
    assert bracket.note() == "The next: the weights put in order for the fast matching, 3 of 19 passes"
    assert bracket.position() == first + STEPS // 10
    bracket()
    bracket.look()
    assert bracket.note() == "The next: 0 of 10 pairs chosen; looked through 1 player's pairs for another"
    bracket.weighed_pair()  # a weight worked out during a matching: a report, not a step
    assert bracket.position() == first + STEPS // 10 + STEPS // 2 * 4 // 5 // 11
    for _ in range(10):
        bracket()
    assert bracket.position() == first + STEPS // 2
    bracket.start(30)  # the second unit: a quarter
    assert bracket.position() == first + STEPS // 2
    bracket.start(7, matching=True)
    assert bracket.position() == first + STEPS // 2 + STEPS // 20
    bracket.start(7, matching=True)  # a matching on its own: the third unit, an eighth
    assert bracket.position() == first + 3 * STEPS // 4
    for _ in range(50):
        bracket()
    assert bracket.position() == first + 7 * STEPS // 8 < first + STEPS


def test_the_collector_is_off_while_the_engine_runs_and_as_it_was_after() -> None:
    """The engine's millions of per-pair records hold no cycles: Python's collector, which walked them over and
    over (a tenth of a 600-player round 2), is off while it runs, and back as it was after, on or off."""
    event = before(events()[0], 3)
    seen: list[bool] = []

    def watch(done: int, total: int, note: str = "") -> bool:
        seen.append(gc.isenabled())
        return False

    assert gc.isenabled()
    paired = pair_round(event, progress=watch)
    assert seen and not any(seen) and gc.isenabled()
    gc.disable()
    try:
        assert pair_round(event) == paired and not gc.isenabled()
    finally:
        gc.enable()
    with pytest.raises(PairingCancelled):
        pair_round(event, progress=lambda done, total, note="": True)
    assert gc.isenabled(), "on again after a cancelled pairing too"


def kept_after_pairings(count: int) -> list[int]:
    """Run in a child process: the engines kept after each of ``count`` pairings of one round."""
    from fidedesk.engine import pairing

    event = before(events()[0], 3)
    kept = []
    for _ in range(count):
        pairing.pair_round(event)
        kept.append(len(pairing._KEPT))
    return kept


def test_a_child_process_keeps_the_last_engine_and_this_one_frees_it() -> None:
    """Freeing the engine's records takes seconds for a big open, and the window's child sends its answer and
    ends without freeing anything: there the last engine is kept (one at a time), not freed before the answer.
    In the window's own process (and the CLI's) it is freed as the pairing returns."""
    from fidedesk.engine import pairing

    pair_round(before(events()[0], 3))
    assert pairing._KEPT == []
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        assert pool.apply(kept_after_pairings, (2,)) == [1, 1]


@st.composite
def sort_keys(draw: st.DrawFn) -> list[Any]:
    """Keys as the engine sorts its pairs by (tuples of small integers, many equal), and others: single integers,
    numbers past 64 bits, floats, tuples of two lengths."""
    kind = draw(st.sampled_from(["tuples", "ints", "huge", "floats", "ragged", "bools", "empty"]))
    size = draw(st.integers(0, 40))
    small = st.integers(-3, 3)
    if kind == "tuples":
        return [draw(st.tuples(small, small, st.integers(-(2**63), 2**63 - 1))) for _ in range(size)]
    if kind == "ints":
        return [draw(small) for _ in range(size)]
    if kind == "huge":
        return [draw(st.tuples(small, st.sampled_from([0, 2**64, -(2**70)]))) for _ in range(size)]
    if kind == "floats":
        return [draw(st.tuples(small, st.sampled_from([0, 0.5, 1]))) for _ in range(size)]
    if kind == "bools":
        return [draw(st.tuples(small, st.booleans())) for _ in range(size)]
    if kind == "empty":
        return [() for _ in range(size)]
    return [draw(st.one_of(st.tuples(small), st.tuples(small, small))) for _ in range(size)]


@settings(max_examples=300, deadline=None)
@given(sort_keys(), st.booleans())
def test_a_long_sort_in_steps_is_pythons_sort(keys: list[Any], reverse: bool) -> None:
    """Issue 28: a sort of a big bracket's pairs (2 million at 2,000 players) sorted by numpy, in steps, where
    the keys are integers, is Python's sort of them: every item in the same place, equal keys in the order given,
    reversed too; other keys sorted by Python."""
    steps: list[int] = []
    bracket = _Bracket(lambda done, total, note: False, 0, 1)
    items = [object() for _ in keys]
    by_item = dict(zip(map(id, items), keys, strict=True))
    expected = sorted(items, key=lambda item: by_item[id(item)], reverse=reverse)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(progress, "_SORTED_IN_STEPS", 0)
        patch.setattr(progress, "_COLUMNS_EVERY", 7)
        patch.setattr(bracket, "phase_step", steps.append)
        patch.setattr(progress._WITHIN, "bracket", bracket, raising=False)
        assert progress._stepping_sorted(items, key=lambda item: by_item[id(item)], reverse=reverse) == expected
    assert len(steps) >= len(keys) // progress._STEP_EVERY


def test_a_long_sort_s_words_move_through_each_of_its_parts() -> None:
    """Issue 28: after a long sort's keys are worked out, its keys set out as numbers and its items put in order
    (1.4 s at 2,000 players) each say so, as work done of work to do, every few items: the words never stand
    still through a part."""
    notes: list[str] = []
    bracket = _Bracket(lambda done, total, note: notes.append(note) and False, 0, 0, pairs=1)
    bracket.made = 1  # the set-up sorts the pairs it has made ("The event read" is said before any)
    items = list(range(1000))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(_Bracket, "EVERY", 0.0)
        patch.setattr(progress, "_SORTED_IN_STEPS", 0)
        patch.setattr(progress, "_STEP_EVERY", 100)
        patch.setattr(progress, "_COLUMNS_EVERY", 100)
        patch.setattr(progress._WITHIN, "bracket", bracket, raising=False)
        assert progress._stepping_sorted(items, key=lambda item: (item % 7, -item)) == sorted(
            items, key=lambda item: (item % 7, -item)
        )
    for part in ("sorted", "keys set out", "put in order"):
        said = [note for note in notes if note.endswith(f" {part}")]
        assert [f"Every pair weighed; {done:,} of 1,000 {part}" for done in range(100, 1001, 100)] == said[-10:], part


def test_the_benchmarks_generator_pairs_with_fidedesks_engine_as_with_gacruxs() -> None:
    """Issue 28: ``bench_big_opens.py make`` pairs the rounds before the one to measure with fidedesk's engine
    (half an hour less for round 3 of a 2,000-player open): the same event, letter for letter."""
    from benchmarks.bench_pairing import generated_swiss

    for players, round_, seed in ((40, 4, 3), (23, 5, 8)):
        assert generated_swiss(players, round_, seed, dutch_engine()) == generated_swiss(players, round_, seed)


def test_records_columns_read_as_attributes_or_keys_the_same() -> None:
    """Issue 28: the engine's records read for columns by attribute where they are PairRecords (a key through
    ``__getitem__`` took three times as long) and by key where they are dicts: the same entries; a record of
    another kind among PairRecords is told (the caller's fallback: gacrux's own)."""
    from fidedesk.engine import columns

    given = [{"ca": i, "cb": i + 1, "sa": 2, "sb": 1, "canmeet": bool(i % 2)} for i in range(40)]
    records = [dutch_records.PairRecord.of(record) for record in given]
    names = ("ca", "sb", "canmeet")
    by_attribute, by_key = columns.record_getter(records, names), columns.record_getter(given, names)
    assert [by_attribute(record) for record in records] == [by_key(record) for record in given]
    assert type(by_attribute).__name__ == "attrgetter" and type(by_key).__name__ == "itemgetter"
    read = columns.read_columns(records, ("ca", "sb"))
    assert read is not None and [column.tolist() for column in read] == [list(range(40)), [1] * 40]
    assert columns.read_columns([*records[:-1], given[-1]], ("ca", "sb")) is None, "a dict among them"
