"""The compact forms in which :mod:`fidedesk.engine.dutch` keeps what gacrux's Dutch engine holds for every
candidate pair of players (a record each: 2 million at 2,000 players; quality figures and criteria vectors for
every pair of the bracket under way: a million), each read and written as the engine's own dicts and lists, and
the figures of pairs alike worked out once. Nothing here changes a figure: ``tests/engine/test_dutch.py`` holds
each to gacrux's own."""

from __future__ import annotations

import itertools
import operator
from collections.abc import Callable, Iterator
from typing import Any, NamedTuple

#: The entries of every :class:`SparseCriteria` with none set: never written (a vector's first entry set is kept
#: as a pair, a second gives it a dict of its own).
NONE_SET: dict[int, int] = {}


class SparseCriteria:
    """A list of ``length`` entries all ``default`` but those set: one of gacrux's per-pair HO3-HO5 vectors,
    read and written as the list it stands for (``len``, index, iteration, ``+=`` on an entry).

    The entries set are ``values``: none (one empty dict for all), one as an (index, value) pair (a pair's
    vector has at most one: 80 bytes where a dict of one takes 250, a million times at 2,000 players), or a
    dict."""

    __slots__ = ("default", "length", "values")

    def __init__(self, length: int, default: int) -> None:
        self.length = max(0, length)  # as [default] * length, which is empty for a length below 0
        self.default = default
        self.values: dict[int, int] | tuple[int, int] = NONE_SET

    def __len__(self) -> int:
        return self.length

    def copy(self) -> SparseCriteria:
        """A vector of its own with the same entries."""
        copied = SparseCriteria(self.length, self.default)
        values = self.values
        copied.values = values if isinstance(values, tuple) or values is NONE_SET else dict(values)
        return copied

    def _index(self, index: int) -> int:
        if not -self.length <= index < self.length:
            raise IndexError(index)
        return index % self.length

    def _entries(self) -> dict[int, int]:
        """The entries set, as a dict (this vector's own once more than one is set)."""
        values = self.values
        return {values[0]: values[1]} if isinstance(values, tuple) else values

    def _own_entries(self) -> dict[int, int]:
        """The entries set, as a dict of this vector's own, to write to."""
        values = self.values
        if isinstance(values, tuple) or values is NONE_SET:
            values = self.values = self._entries().copy()
        return values

    def __getitem__(self, index: int) -> int:
        index, values = self._index(index), self.values
        if isinstance(values, tuple):
            return values[1] if values[0] == index else self.default
        return values.get(index, self.default)

    def __setitem__(self, index: int, value: int) -> None:
        index, values = self._index(index), self.values
        if values is NONE_SET or (isinstance(values, tuple) and values[0] == index):
            self.values = (index, value)
        else:
            self._own_entries()[index] = value

    def __iter__(self) -> Iterator[int]:
        entries, default = self._entries(), self.default
        return (entries.get(index, default) for index in range(self.length))

    def __eq__(self, other: object) -> bool:
        return list(self) == list(other) if isinstance(other, SparseCriteria | list) else NotImplemented

    def __iadd__(self, other: SparseCriteria | list[int]) -> SparseCriteria:
        """``for i in range(len(self)): self[i] += other[i]``, in place; for another of the same length, over the
        entries set in either (the rest add the defaults)."""
        if type(other) is not SparseCriteria or other.length != self.length:
            for index in range(self.length):
                self[index] += other[index]
            return self
        mine, theirs = self._own_entries(), other._entries()
        for index, value in theirs.items():
            if index not in mine:
                mine[index] = self.default + value
            else:
                mine[index] += value
        for index in mine.keys() - theirs.keys():
            mine[index] += other.default
        self.default += other.default
        return self

    __hash__ = None  # type: ignore[assignment]  # mutable, as the list it stands for

    def __repr__(self) -> str:
        return repr(list(self))


class Member(NamedTuple):
    """One of gacrux's quality definitions (``qdefs``), read as the enum member reads."""

    name: str
    value: int


class Definitions:
    """gacrux's ``qdefs`` enum as ``update_edge`` reads it (its members in order, one by name, one by value),
    without the enum's machinery on each read: ``update_edge`` runs once for each candidate pair of a bracket
    and reads the enum's ``name`` and ``value`` some 90 times a call (a tenth of a 600-player round 2)."""

    def __init__(self, definitions: Any) -> None:
        canonical = {member: Member(member.name, member.value) for member in definitions}
        self._members = list(canonical.values())  # as the enum iterates: aliases left out
        self._by_value = {member.value: member for member in self._members}
        for name, member in definitions.__members__.items():
            setattr(self, name, canonical[member])

    def __iter__(self) -> Iterator[Member]:
        return iter(self._members)

    def __call__(self, value: int) -> Member:
        return self._by_value[value]


class Records:
    """Copies of gacrux's per-pair dicts (a pair's record, 16 keys; its quality figures, 26) that share one table
    of keys, as an object's attributes do, each holding only its values: about 340 bytes where a dict of its own
    takes 470 (a record) or 830 (quality). The engine keeps a record for every two players (2 million at 2,000)
    and quality figures for every pair of the bracket under way (a million). Each copy is a ``dict`` equal to the
    one given, its keys in the order of the first given, and takes new keys as a dict does; a dict without all
    of the first's keys is kept as given."""

    def __init__(self) -> None:
        self.blank: dict[str, Any] | None = None

    def __call__(self, given: dict[str, Any]) -> dict[str, Any]:
        if self.blank is None:
            self.blank = shared_table(given)
        kept = self.blank.copy()
        kept.update(given)
        return kept if len(kept) == len(given) else given


def shared_table(given: dict[str, Any]) -> dict[str, Any]:
    """A dict of ``given``'s keys, in its order, each None, whose copies share its table of keys: the attributes of
    an object of a class of its own (CPython keeps them so, and copies such a dict so)."""

    class Shared:
        pass

    holder = Shared()
    for key in given:
        setattr(holder, key, None)
    return holder.__dict__


def summed_as_one(value: object, kind: Any) -> bool:
    """``isinstance`` for gacrux's ``compute_weight``, where it asks whether a sum is an ``int`` to add it with
    ``+=`` (else it adds entry by entry): a :class:`SparseCriteria` is, its ``+=`` being the same sum."""
    return isinstance(value, kind) or (kind is int and type(value) is SparseCriteria)


def shared_one(
    shared: dict[int, Any],
    by_entry: dict[int, SparseCriteria],
    length: int,
    default: int,
    index: int,
    value: int,
) -> SparseCriteria:
    """``[default] * length`` with ``[index] = value`` as one :class:`SparseCriteria` for all the pass's pairs with
    that entry set (``by_entry``, made the first time, then known to be shared: ``shared``); an IndexError where
    the list's would raise."""
    vector = by_entry.get(index)
    if vector is None:
        vector = SparseCriteria(length, default)
        vector[index] = value
        by_entry[index] = shared[id(vector)] = vector
    return vector


class Outcomes:
    """What gacrux's ``update_edge`` writes of a pair (its quality figures, and of ``colordiff``, ``qc`` and
    ``qcweight`` those it writes), by what it reads to write them: of each player the score level, topscorer,
    whether a player (``cid > 0``), colour difference, preference and last two colours, pairing score, floats and
    games counted; of the pair ``canmeet`` and ``played``; and of the crosstable the bracket's figures (its score
    level, maxpsd, pablevel, round, the most meetings, which player is the blob) and weights (a new dict for each
    bracket, ``init_cweights``). gacrux 1.11.65 reads nothing else there. Round 2 of a generated 600-player open
    (seed 0) has 63 kinds among the 80,258 pairs it works out."""

    #: The pair's figures ``update_edge`` writes only in some of its branches.
    WRITTEN = ("colordiff", "qc", "qcweight")
    #: A figure not yet written.
    UNSET = object()

    def __init__(self, crosstable: Any) -> None:
        self.weight = getattr(crosstable, "weight", None)
        self.competitors = getattr(crosstable, "competitors", None)
        self.bracket = Outcomes._bracket(crosstable)
        self.players: dict[int, int | None] = {}  # each player's kind of figures, by cid
        self.kinds: dict[tuple[Any, ...], int] = {}  # the kinds: a number for each tuple of figures met
        self.known: dict[tuple[Any, ...], tuple[dict[str, Any], dict[str, Any]]] = {}

    #: The crosstable's figures of the bracket that ``update_edge`` reads.
    NAMES = ("scorelevel", "maxpsd", "pablevel", "rnd", "maxmeets", "BLOB", "checkonly")
    _figures = operator.attrgetter(*NAMES)  # read once a pair: getattr by name was a tenth of the work saved

    @staticmethod
    def _bracket(crosstable: Any) -> tuple[Any, ...]:
        try:
            return Outcomes._figures(crosstable)
        except AttributeError:  # not yet set: those set, the others told apart from any value
            return tuple(getattr(crosstable, name, Outcomes.UNSET) for name in Outcomes.NAMES)

    def hold(self, crosstable: Any) -> bool:
        """Whether these are of the crosstable's bracket as it stands."""
        return (
            self.weight is getattr(crosstable, "weight", None)
            and self.competitors is getattr(crosstable, "competitors", None)
            and self.bracket == Outcomes._bracket(crosstable)
        )

    def key(self, edge: dict[str, Any]) -> tuple[Any, ...] | None:
        """The pair's kind; None where a figure read is missing or not a value (gacrux's own then runs). Each
        part is known to hash (the players' figures by the number of their kind, the pair's two by their type):
        four small numbers, hashed as the key is looked up (the players' figures, ten of them, a pairing score a
        ``Decimal``, would be hashed again for each pair)."""
        first, second = self.player(edge["ca"]), self.player(edge["cb"])
        canmeet, played = edge["canmeet"], edge["played"]
        if first is None or second is None or type(canmeet) is not bool or type(played) is not int:
            return None
        return (first, second, canmeet, played)

    def player(self, cid: int) -> int | None:
        """The kind of a player's figures as ``update_edge`` reads them (the games counted with its type: gacrux
        subtracts it from the round): players of equal figures one kind; None where one is missing or does not
        hash."""
        if cid in self.players:
            return self.players[cid]
        try:
            c = self.competitors[cid]  # type: ignore[index]
            games = c["num"].get("val", 0)
            figures: tuple[Any, ...] = (
                c["scorelevel"], c["top"], c["cid"] > 0, c["cod"], c["cop"], c["csq"][-2:], c["acc"], c["flt"],
                type(games), games,
            )  # fmt: skip
            hash(figures)
        except (KeyError, IndexError, TypeError, AttributeError):
            self.players[cid] = None
            return None
        kind = self.players[cid] = self.kinds.setdefault(figures, len(self.kinds))
        return kind


def hamilton(engine: Any, nodes: list[dict[str, Any]], edges: list[dict[str, Any]]) -> list[dict[str, Any]] | None:
    """gacrux's ``compute_hamilton`` (gacrux 1.11.65, ``pairing.py``) over columns: for each score level, from
    the lowest up, whether the players of that level and below can all be paired (``rem_*``, from the number of
    pairs each can make), within the level (``cur_*``) and across to the next level down (``cross_hamilton``).
    gacrux sorts the pairs by their higher level, then their lower, and goes through them counting each player's
    pairs (two million pairs at 2,000 players: seven seconds); here the pairs' levels and players are read as
    columns once, sorted by numpy in the same stable order, and each level's counts made at once. The engine's
    ``is_complete`` is asked the same questions in the same order, with the same pairs and counts.

    None, before anything is asked, where gacrux's own would not run as this does (a level or a
    player not a non-negative integer, a level not below ``levels`` or not above 0, a pair's player not among
    the nodes or not at the level counted), and for fewer pairs than ``progress.COLUMNS_FROM``: the caller then
    runs gacrux's own, its errors included."""
    from fidedesk.engine import progress
    from fidedesk.engine.progress import gathered, phase, phase_step, read_columns, stable_order

    levels = engine.levels
    if type(levels) is not int:
        return None
    if engine.checkonly:  # gacrux's own: nothing counted for a check
        engine.pablevel = -1
        return [{} for _ in range(levels)]
    if len(edges) < progress.COLUMNS_FROM:
        return None
    import numpy as np

    rest_nodes = nodes[::-1]
    numnodes = len(rest_nodes)
    if any(type(node["scorelevel"]) is not int or type(node["cid"]) is not int for node in rest_nodes):
        return None
    # gacrux's own: nodeptr[level] is where the players below ``level`` begin (0 for a level passed over)
    nodeptr = [0] * (levels + 1)
    lastn = 0
    for i, node in enumerate([*rest_nodes, {"scorelevel": levels}]):
        if (firstn := node["scorelevel"]) > lastn:
            if lastn + 1 > levels:
                return None
            nodeptr[lastn + 1] = i
            lastn = firstn
    cids = [node["cid"] for node in rest_nodes]
    if len(set(cids)) != numnodes or (cids and min(cids) < 0):
        return None
    columns = read_columns(edges, ("sa", "sb", "ca", "cb"), "counted")
    if columns is None:
        return None
    sa, sb, ca, cb = columns
    high, low = np.maximum(sa, sb), np.minimum(sa, sb)
    if len(edges) and (int(low.min()) < 0 or int(high.min()) <= 0 or int(high.max()) >= levels):
        return None
    if len(edges) and min(int(ca.min()), int(cb.min())) < 0:
        return None
    phase("keys set out", len(edges))
    order = stable_order(np.stack((high, low), axis=1))
    if order is None:
        return None
    places = order
    sa, sb, high = sa[places], sb[places], high[places]
    node_of = np.full(max([*cids, int(ca.max(initial=0)), int(cb.max(initial=0))]) + 1, -1, np.int64)
    node_of[cids] = np.arange(numnodes)
    first, second = node_of[ca[places]], node_of[cb[places]]
    del columns, ca, cb, low, places
    if len(edges) and (int(first.min()) < 0 or int(second.min()) < 0):
        return None  # a pair's player not among the nodes: gacrux's own meets a KeyError
    bounds = np.asarray(nodeptr, np.int64)
    alike, apart = sa == sb, np.abs(sa - sb) == 1
    lower, upper = np.where(sa < sb, first, second), np.where(sa < sb, second, first)
    # each pair counted in its level's own counts must be at that level (gacrux's ll_id and ff_id lack it else)
    # (a level's end before its start holds no player: the test fails there as it should)
    level_start, level_end, below_start = bounds[high], bounds[high + 1], bounds[high - 1]
    for chosen, node, start, end in (
        (alike, first, level_start, level_end),
        (alike, second, level_start, level_end),
        (apart, upper, level_start, level_end),
        (apart, lower, below_start, level_start),
    ):
        if not np.all(~chosen | ((start <= node) & (node < np.minimum(end, numnodes)))):
            return None
    rest_edges = gathered(edges, order)
    del order
    phase("counted", len(rest_edges))
    starts = [0, *(np.flatnonzero(high[1:] != high[:-1]) + 1).tolist()] if len(rest_edges) else []
    result: list[dict[str, Any]] = [{} for _ in range(levels)]
    engine.pablevel = -1
    hist = np.zeros(numnodes, np.int64)
    laste, position = 0, 0
    ll_nodes: list[dict[str, Any]] = []
    ff_nodes: list[dict[str, Any]] = []
    for start in [*starts, len(rest_edges)]:
        phase_step(start - position)
        part = slice(position, start)
        hist += np.bincount(first[part], minlength=numnodes) + np.bincount(second[part], minlength=numnodes)
        rest = result[laste]
        if laste > 0:
            ll_at, ff_at = nodeptr[laste], nodeptr[laste - 1]
            same, next_to = alike[part], apart[part]
            ll_hist = _counts((first[part][same] - ll_at, second[part][same] - ll_at), len(ll_nodes))
            fl_hist = _counts((lower[part][next_to] - ff_at,), len(ff_nodes))
            lf_hist = _counts((upper[part][next_to] - ll_at,), len(ll_nodes))
            rest["cur_pairs"], rest["cur_unpaired"], rest["cur_hamilton"] = engine.is_complete(
                ll_nodes, None, weight=False, hist=ll_hist
            )
            _, _, fh = engine.is_complete(ll_nodes, None, weight=False, hist=fl_hist)
            _, _, lh = engine.is_complete(ff_nodes, None, weight=False, hist=lf_hist)
            rest["cross_hamilton"] = min(fh, lh)
        firste = int(high[start]) if start < len(rest_edges) else levels
        below = nodeptr[laste + 1]
        rest["rem_pairs"], rest["rem_unpaired"], rest["rem_hamilton"] = engine.is_complete(
            rest_nodes[:below], rest_edges[:start], hist=hist[:below].tolist(), pab=firste == levels
        )
        if start == len(rest_edges):
            break
        laste, position = firste, start
        ff_nodes = rest_nodes[nodeptr[laste - 1] : nodeptr[laste]]
        ll_nodes = rest_nodes[nodeptr[laste] : nodeptr[laste + 1]]
    return result


def _counts(places: tuple[Any, ...], size: int) -> list[int]:
    """How many times each of ``size`` places is among ``places`` (numpy arrays), as a list of ints."""
    import numpy as np

    counted = np.zeros(size, np.int64)
    for part in places:
        counted += np.bincount(part, minlength=size)[:size]
    counts: list[int] = counted.tolist()
    return counts


#: A list of at least this many pairs has its players' columns read to pick pairs from it (:func:`picked`) where
#: they are not known already: as long as gacrux's own pick, and the next picks from the list, or from those
#: picked, are then numpy's.
PICKED_FROM = 50_000


def picked(
    edges: list[dict[str, Any]], end: int, players: list[int], blob: int, condition: Any
) -> list[dict[str, Any]] | None:
    """gacrux's pick in ``get_edges``, ``[edge for edge in edges[:end] if cmps[edge["ca"]] and cmps[edge["cb"]]]``
    (and ``edge[condition]``, where ``condition`` is set) with ``cmps`` the ``blob + 1`` flags of ``players``,
    over the columns of the pairs' players (kept, or read where the list is long: :data:`PICKED_FROM`); the
    columns of the pairs picked kept in turn. None where the columns are not known and the list is short, or
    where a player's id is not a place among the flags (gacrux's own then runs, its errors included)."""
    from fidedesk.engine.progress import keep_columns, kept_columns, read_columns

    names = ("ca", "cb")
    columns = kept_columns(edges, names)
    if columns is None and len(edges) >= PICKED_FROM:
        columns = read_columns(edges, names, "gone through")
        if columns is not None:
            keep_columns(edges, names, columns)
    if columns is None or type(blob) is not int or blob < 0:
        return None
    import numpy as np

    first, second = columns[0][:end], columns[1][:end]
    if len(first) and (min(int(first.min()), int(second.min())) < 0 or max(int(first.max()), int(second.max())) > blob):
        return None
    flags = np.zeros(blob + 1, bool)
    try:
        flags[players] = True
    except (IndexError, TypeError, ValueError):  # gacrux's own raises as it does
        return None
    places = np.flatnonzero(flags[first] & flags[second])
    if condition:
        places = places[[bool(edges[place][condition]) for place in places.tolist()]]
    return _picked_at(edges, places, names, columns)


def with_the_bye_at(edges: list[dict[str, Any]], pab: Any) -> list[dict[str, Any]] | None:
    """gacrux's last pick in ``find_pab``, ``[edge for edge in edges if edge["ca"] != 0 or edge["sb"] == pab]``,
    over the columns kept of ``edges`` (the pairs sorted and counted); the columns of those picked kept in turn.
    None where they are not kept, or ``pab`` is not an ``int`` (gacrux's own pick then runs)."""
    from fidedesk.engine.progress import kept_columns

    columns = kept_columns(edges, ("ca", "cb", "sb"))
    if columns is None or type(pab) is not int:
        return None
    import numpy as np

    first, second, level = columns
    return _picked_at(edges, np.flatnonzero((first != 0) | (level == pab)), ("ca", "cb"), [first, second])


def _picked_at(edges: list[dict[str, Any]], places: Any, names: tuple[str, ...], columns: list[Any]) -> list[Any]:
    """The pairs of ``edges`` at ``places`` (a numpy array), as a pick's phase of the set-up or bracket under way
    ends; their ``columns`` (those of ``names``, of ``edges``) kept for the next pick from them."""
    from fidedesk.engine.progress import gathered, keep_columns, phase_over

    chosen = gathered(edges, places)
    keep_columns(chosen, names, [column[places] for column in columns])
    phase_over()
    return chosen


def who_has_met(nodes: list[dict[str, Any]], edges: list[dict[str, Any]]) -> list[int] | None:
    """gacrux's ``compute_whohasmet_histogram``: for each of ``nodes``, in their order, how many of ``edges`` hold
    that player (as either of the two), counted over the columns kept of ``edges``' players (a list picked:
    :func:`picked`), where gacrux goes through a million records at 2,000 players, a bracket's pass several
    times. None where no columns are kept, where a node's id is not a non-negative ``int`` or is there twice, or
    where a pair's player is not among the nodes (gacrux's own then runs, its errors included)."""
    from fidedesk.engine.progress import kept_columns

    columns = kept_columns(edges, ("ca", "cb"))
    cids = [node["cid"] for node in nodes]
    if columns is None or any(type(cid) is not int or cid < 0 for cid in cids) or len(set(cids)) != len(cids):
        return None
    import numpy as np

    first, second = columns
    node_of = np.full(max([*cids, int(first.max(initial=0)), int(second.max(initial=0))]) + 1, -1, np.int64)
    node_of[cids] = np.arange(len(cids))
    if len(first) and (int(first.min()) < 0 or int(second.min()) < 0):
        return None
    at_first, at_second = node_of[first], node_of[second]
    if len(first) and (int(at_first.min()) < 0 or int(at_second.min()) < 0):
        return None  # a pair's player not among the nodes: gacrux's own meets a KeyError
    counted = np.bincount(at_first, minlength=len(cids)) + np.bincount(at_second, minlength=len(cids))
    hist: list[int] = counted.tolist()
    return hist


def listed(opponents: list[Any], key_columns: Callable[..., tuple[Any, ...]]) -> list[dict[str, Any]] | None:
    """gacrux's ``list_edges`` (``pairing.py``): the records of the engine's table of pairs above its diagonal,
    but those with the bye's dummy (each row ``i``'s ``line[i + 1:-1]``), whose ``canmeet`` holds, sorted by
    gacrux's key of their levels and players (``key_columns``, as numpy columns). The players and levels are
    not read from each record but known from its place in the table (record ``[i][j]``, ``i < j``, holds
    players ``i`` and ``j``, the levels of the diagonal's records ``[i][i]``), checked on 64 records spread over
    it; only ``canmeet`` is read from every one, in C. The columns of those listed are kept for the count that
    follows (:func:`hamilton`). None, for gacrux's own, for fewer pairs than ``progress.COLUMNS_FROM`` and
    where the table or its records are not as gacrux makes them."""
    from fidedesk.engine import progress

    size = len(opponents) - 1  # the bye's dummy: the last row, and each row's last record
    pairs = size * (size - 1) // 2
    if pairs < progress.COLUMNS_FROM or any(type(line) is not list or len(line) != size + 1 for line in opponents):
        return None
    try:
        levels = [opponents[i][i]["sa"] for i in range(size)]
        sample = [levels, *([line[i + 1]["ca"], line[i + 1]["sb"]] for i, line in enumerate(opponents[:-2]))]
    except (KeyError, TypeError):
        return None
    if any(type(value) is not int for values in sample for value in values):
        return None
    import numpy as np

    if not pairs:
        return []
    progress.phase("players' pairs listed", size)
    rows = [line[i + 1 : -1] for i, line in enumerate(opponents)]
    lengths = np.array([len(row) for row in rows], np.int64)
    flat = list(itertools.chain.from_iterable(rows))
    del rows
    level = np.array(levels, np.int64)
    ca = np.repeat(np.arange(size + 1, dtype=np.int64), lengths)
    starts = np.cumsum(lengths) - lengths
    cb = np.arange(len(flat), dtype=np.int64) - np.repeat(starts - np.arange(1, size + 2, dtype=np.int64), lengths)
    sa, sb = level[ca], level[cb]
    getter = operator.itemgetter("ca", "cb", "sa", "sb")
    for place in [*range(0, len(flat), max(1, len(flat) // 64)), len(flat) - 1]:
        if getter(flat[place]) != (int(ca[place]), int(cb[place]), int(sa[place]), int(sb[place])):
            return None
    try:
        meet = np.fromiter(map(operator.itemgetter("canmeet"), flat), bool, len(flat))
    except (KeyError, TypeError, ValueError):
        return None
    progress.phase_step(size)
    chosen = np.flatnonzero(meet)
    del meet
    sa, sb, ca, cb = sa[chosen], sb[chosen], ca[chosen], cb[chosen]
    progress.phase("keys set out", len(chosen))
    order = progress.stable_order(np.stack(key_columns(sa, sb, ca, cb), axis=1))
    if order is None:
        return None
    edges = progress.gathered(flat, chosen[order])
    progress.keep_columns(edges, ("sa", "sb", "ca", "cb"), [sa[order], sb[order], ca[order], cb[order]])
    progress.phase_over()
    return edges
