"""The compact forms in which :mod:`fidedesk.engine.dutch` keeps what gacrux's Dutch engine holds for every
candidate pair of players (a record each: 2 million at 2,000 players; quality figures and criteria vectors for
every pair of the bracket under way: a million), each read and written as the engine's own dicts and lists, and
the figures of pairs alike worked out once. Nothing here changes a figure: ``tests/engine/test_dutch.py`` holds
each to gacrux's own."""

from __future__ import annotations

import operator
from collections.abc import Iterator
from typing import Any, NamedTuple, Protocol

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
    """Copies of gacrux's per-pair dicts of quality figures (26 keys) that share one table of keys, as an object's
    attributes do, each holding only its values: about 340 bytes where a dict of its own takes 830. The engine
    keeps quality figures for every pair of the bracket under way (a million at 2,000 players). Each copy is a
    ``dict`` equal to the one given, its keys in the order of the first given, and takes new keys as a dict
    does; a dict without all of the first's keys is kept as given."""

    def __init__(self) -> None:
        self.blank: dict[str, Any] | None = None

    def __call__(self, given: dict[str, Any]) -> dict[str, Any]:
        if self.blank is None:
            self.blank = shared_table(given)
        kept = self.blank.copy()
        kept.update(given)
        return kept if len(kept) == len(given) else given


#: gacrux 1.11.65's keys of a pair's record, in the order its ``crosstable.create_edge`` makes them.
PAIR_KEYS = (
    "ca", "cb", "sa", "sb", "canmeet", "isblob", "played", "unplayed", "qlevel", "quality", "weight", "qcweight",
    "heweight", "howeight", "colordiff", "qc",
)  # fmt: skip
#: The keys it writes later of each pair weighed.
PAIR_LATER = ("mode", "levels")
#: Those it writes of a few pairs: a bipartite pass's (``biweight``; few passes are) and a pair paired (its colours,
#: by which rule, its board: a few hundred of 2 million).
PAIR_SELDOM = ("biweight", "w", "b", "colorrule", "board")


def _seldom_key(name: str) -> Any:
    """A key of :data:`PAIR_SELDOM` as a :class:`PairRecord`'s attribute, kept in the record's one dict of them
    (made as the first is written): five slots of every record, 80 MB at 2,000 players, for the few written."""

    def read(record: PairRecord) -> Any:
        try:
            return record.seldom[name]
        except (AttributeError, KeyError):
            raise AttributeError(name) from None

    def write(record: PairRecord, value: Any) -> None:
        try:
            seldom = record.seldom
        except AttributeError:
            seldom = record.seldom = {}
        seldom[name] = value

    return property(read, write)


#: The keys of a record that are its players' figures (:class:`PlayersOfPairs`): its levels (``sa`` of ``ca``,
#: ``sb`` of ``cb``), whether ``cb`` is the bye's dummy and ``cb``'s rounds unplayed, written as it is made and
#: read seldom after (none of a 2,000-player round 2's 2 million records once listed).
PAIR_OF_PLAYERS = ("sa", "sb", "isblob", "unplayed")


class PlayersOfPairs(NamedTuple):
    """The figures of each player that a table's records (:func:`table_records`) read as their keys
    :data:`PAIR_OF_PLAYERS`, as gacrux's ``create_edge`` writes them of the pair's players ``a`` (``ca``, the
    lower id) and ``b``: each player's score level by id, ``rnd - 1`` less its games by id, and the bye's
    dummy's id."""

    levels: list[Any]
    unplayed: list[Any]
    blob: Any


def _player_key(name: str) -> Any:
    """A key of :data:`PAIR_OF_PLAYERS` as a :class:`PairRecord`'s attribute: a table's record reads it of its
    players' figures (four slots of every record, 61 MiB at 2,000 players) unless written otherwise; a value not
    theirs, or any of a record of no table (a copy), is kept in the record's dict of seldom keys. Read as
    gacrux's dict reads it: a key not written (of a record of no table) raises ``AttributeError``. A table's
    record has its ``ca`` and ``cb`` written once, as it is made (gacrux rewrites them only in its checker's
    ``fakerank``, a test option fidedesk does not use)."""

    def of_players(record: PairRecord, players: PlayersOfPairs) -> Any:
        if name == "sa":
            return players.levels[record.ca]
        if name == "sb":
            return players.levels[record.cb]
        if name == "isblob":
            return record.cb == players.blob
        return players.unplayed[record.cb]

    def read(record: PairRecord) -> Any:
        try:
            return record.seldom[name]
        except (AttributeError, KeyError):
            players = record.of_table
            if players is None:
                raise AttributeError(name) from None
        return of_players(record, players)

    def write(record: PairRecord, value: Any) -> None:
        players = record.of_table
        try:
            seldom = record.seldom
        except AttributeError:
            seldom = None
        if players is not None:
            own = of_players(record, players)
            if type(value) is type(own) and value == own:  # as its players' figures say: nothing kept
                if seldom is not None:
                    seldom.pop(name, None)
                    if not seldom:  # no dict of its own for none (a copy's keys written before its players')
                        del record.seldom
                return
        if seldom is None:
            seldom = record.seldom = {}
        seldom[name] = value

    return property(read, write)


def table_records(players: PlayersOfPairs) -> type[PairRecord]:
    """The class of a table's records, whose keys :data:`PAIR_OF_PLAYERS` are ``players``' figures: a
    :class:`PairRecord` of four slots less (160 bytes where it took 192)."""
    return type("PairRecord", (PairRecord,), {"__slots__": (), "of_table": players})


class PairRecord:
    """gacrux's record of a pair of players (``crosstable.create_edge``'s dict of 16 keys) as an object of slots,
    read and written by key as the dict is (``record["ca"]``, ``record["weight"] = w``, ``in``, ``get``,
    ``update``, iteration in gacrux's order of keys, ``==`` with a dict): 192 bytes where a dict sharing a table
    of keys takes 336 (CPython 3.11 gives each room for 30 keys), 290 MB less for the 2 million pairs of a
    2,000-player open; a table's record (:func:`table_records`) 160, its players' figures read of them. A key is
    read and written in C (``object.__getattribute__``, ``object.__setattr__``; those of :data:`PAIR_SELDOM` and
    :data:`PAIR_OF_PLAYERS`, seldom read after the set-up, by a property). Its
    keys are those gacrux 1.11.65 writes of a record (:data:`PAIR_SLOTS`): a key not yet written raises
    ``AttributeError`` (a dict's ``KeyError``), as does writing any other (reading one of its methods' names
    reads the method: none is gacrux's key)."""

    __slots__ = (*(key for key in PAIR_KEYS if key not in PAIR_OF_PLAYERS), *PAIR_LATER, "seldom")
    ca: Any
    cb: Any
    canmeet: Any
    played: Any
    qlevel: Any
    quality: Any
    weight: Any
    qcweight: Any
    heweight: Any
    howeight: Any
    colordiff: Any
    qc: Any
    mode: Any
    levels: Any
    seldom: dict[str, Any]
    biweight = _seldom_key("biweight")
    w = _seldom_key("w")
    b = _seldom_key("b")
    colorrule = _seldom_key("colorrule")
    board = _seldom_key("board")
    sa = _player_key("sa")
    sb = _player_key("sb")
    isblob = _player_key("isblob")
    unplayed = _player_key("unplayed")
    #: The players' figures of a table's records (:func:`table_records`); None for a record of no table.
    of_table: PlayersOfPairs | None = None

    __getitem__ = object.__getattribute__
    __setitem__ = object.__setattr__

    def __contains__(self, key: object) -> bool:
        return key in _PAIR_SLOT_SET and hasattr(self, key)

    def keys(self) -> list[str]:
        """The keys written, in the order gacrux writes a record's."""
        return [name for name in PAIR_SLOTS if hasattr(self, name)]

    def __iter__(self) -> Iterator[str]:
        return iter(self.keys())

    def __len__(self) -> int:
        return len(self.keys())

    def items(self) -> list[tuple[str, Any]]:
        return [(key, getattr(self, key)) for key in self.keys()]

    def values(self) -> list[Any]:
        return [getattr(self, key) for key in self.keys()]

    def get(self, key: str, default: Any = None) -> Any:
        return getattr(self, key) if key in self else default

    def update(self, other: Any = (), /) -> None:
        for key, value in other.items() if hasattr(other, "items") else other:
            self[key] = value

    def copy(self) -> PairRecord:
        """A record of its own with the same keys and values."""
        return self.copied_as(type(self))  # a table's record its table's: its players' figures not kept again

    def copied_as(self, kind: type[PairRecord]) -> PairRecord:
        """A record of its own of ``kind`` (a table's class, :func:`table_records`) with the same keys and
        values."""
        record = kind()
        record.update(self.items())
        return record

    @staticmethod
    def of(given: dict[str, Any]) -> PairRecord:
        """``given``'s keys and values as a record."""
        record = PairRecord()
        record.update(given)
        return record

    def __eq__(self, other: object) -> bool:
        if isinstance(other, PairRecord | dict):
            return dict(self.items()) == dict(other.items())
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # as a dict's

    def __repr__(self) -> str:
        return repr(dict(self.items()))


#: :class:`PairRecord`'s keys, in its order.
PAIR_SLOTS = (*PAIR_KEYS, *PAIR_LATER, *PAIR_SELDOM)
_PAIR_SLOT_SET = frozenset(PAIR_SLOTS)


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

    def key(self, edge: PairRecord) -> tuple[Any, ...] | None:
        """The pair's kind; None where a figure read is missing or not a value (gacrux's own then runs). Each
        part is known to hash (the players' figures by the number of their kind, the pair's two by their type):
        four small numbers, hashed as the key is looked up (the players' figures, ten of them, a pairing score a
        ``Decimal``, would be hashed again for each pair)."""
        first, second = self.player(edge.ca), self.player(edge.cb)
        canmeet, played = edge.canmeet, edge.played
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


class Homogeneous:
    """What gacrux's ``update_homogenious`` writes of a pair's HO1-HO5 in one pass (the pass's ``S``, its three
    vectors with none set and HO3's and HO4's with one entry set, one each for all the pairs alike), written the
    same for a pair as it is weighed or later (:class:`LazyQuality`)."""

    def __init__(self, names: tuple[str, ...], S: int, B: int, shared: dict[int, Any]) -> None:
        self.names, self.S = names, S
        self.lengths = (S, B - S, B - 1)  # gacrux's B3, B4, B5
        self.blanks = (SparseCriteria(S, 0), SparseCriteria(B - S, 1), SparseCriteria(B - 1, 0))
        self.shared = shared
        shared.update((id(blank), blank) for blank in self.blanks)
        self.set3: dict[int, SparseCriteria] = {}  # the pass's HO3 vectors by the entry set (to 1), HO4's (to 0)
        self.set4: dict[int, SparseCriteria] = {}

    def write(self, q: dict[str, Any], absn: int | None, bbsn: int) -> None:
        """HO1-HO5 of a pair into its quality figures ``q``, as gacrux writes them: those of a pair that can meet,
        of bracket sequence numbers ``absn < bbsn``; for any other pair (``absn`` None), none set."""
        ho1, ho2, ho3, ho4, ho5 = self.names
        blank3, blank4, blank5 = self.blanks
        if absn is None:
            q[ho1], q[ho2], q[ho3], q[ho4], q[ho5] = 0, 0, blank3, blank4, blank5
            return
        S, (B3, B4, B5) = self.S, self.lengths
        q[ho1] = 1 if absn > S else 0
        q[ho2] = absn - 1
        if absn <= S:
            q[ho3], q[ho4] = shared_one(self.shared, self.set3, B3, 0, S - absn, 1), blank4
        else:
            q[ho3], q[ho4] = blank3, shared_one(self.shared, self.set4, B4, 1, absn - S - 1, 0)
        vector = q[ho5] = SparseCriteria(B5, 0)
        vector[absn - 1] = bbsn - absn

    def fits(self, absn: int | None, bbsn: int) -> bool:
        """Whether :meth:`write` of the pair takes only entries inside the vectors (so raises nothing, then or
        later): a pair of the bracket's numbers, 1 to B, always does."""
        return absn is None or 1 <= absn < bbsn <= self.lengths[2] + 1


class LazyQuality:
    """A pair's quality figures not yet copied out: those of its kind (``base``, :class:`Outcomes`'s, never
    written) and the last homogeneous pass's HO1-HO5 (:class:`Homogeneous`), made into the pair's own dict the
    first time anything reads them (``made``; the engine reads them through ``get_edge_quality``). A homogeneous
    pass weighs every pair of a bracket (a million at 2,000 players) and reads the figures of the few it pairs:
    64 bytes each where the dict and its HO5 vector took 456 (measured)."""

    __slots__ = ("absn", "base", "bbsn", "homogeneous")

    def __init__(self, base: dict[str, Any]) -> None:
        self.base = base
        self.homogeneous: Homogeneous | None = None
        self.absn: int | None = None
        self.bbsn = 0

    def made(self) -> dict[str, Any]:
        """The pair's quality figures, its own dict: its kind's, with the pass's HO1-HO5 written."""
        made = self.base.copy()
        if self.homogeneous is not None:
            self.homogeneous.write(made, self.absn, self.bbsn)
        return made


class NegatedWeights:
    """``-2 * w`` of a pair of a homogeneous pass, where gacrux's ``update_weight`` sums
    ``w = qcweight * HO0 + howeight`` and ``update_homogenious`` the ``howeight``: HO4's sum, and for a pair that
    can meet, of bracket sequence numbers ``absn < bbsn``, HO1-HO5's terms of ``absn`` (HO5's times
    ``bbsn - absn``). The same integer, from terms kept for the pass's pairs alike, ``-2 (qcweight HO0 + HO4's
    sum)`` for each ``qcweight`` (a few kinds of pairs) and the doubled and negated terms of each ``absn``: a pair
    takes at most one product of a small number and two sums where gacrux's took three products and five sums of
    thousands of digits, a million times at 2,000 players."""

    def __init__(self, weight: dict[str, Any], names: tuple[str, ...], S: int, ho4sum: int) -> None:
        self.weight, self.names, self.S = weight, names, S
        self.base = weight[names[0]]  # HO0: the pass's weights are set before it weighs its pairs
        self.ho4sum = ho4sum
        self.by_qc: dict[int, tuple[int, int]] = {}  # by the qcweight's id: the number, its term (kept alive)
        self.by_absn: dict[int, tuple[int, int]] = {}
        self.made: object = None  # the pass's weights by value (a dict or a Table) numbered in ``numbered``
        self.numbered: dict[int, int] = {}  # by the qcweight's id: the number of its term in ``made``

    def number(self, made: dict[int, int] | Numbering, qcweight: int, howeight: object) -> int | None:
        """The number ``made`` (the pass's weights by value: a dict, or a table numbering them) gives the pair's
        ``-2 * (qcweight * HO0 + howeight)``, where ``howeight`` is the pass's ``(absn, bbsn)`` of a pair that can
        meet or its HO4 sum (every other pair's, most of a big bracket's: their number kept for each
        ``qcweight``, not looked up by a number of thousands of digits each time); else None."""
        if made is not self.made:
            self.made, self.numbered = made, {}
        kept = self.by_qc.get(id(qcweight))
        if kept is None:  # the number kept with its term, so that its id stays its own
            kept = self.by_qc[id(qcweight)] = (qcweight, -2 * (qcweight * self.base + self.ho4sum))
        if howeight is self.ho4sum:
            number = self.numbered.get(id(qcweight))
            if number is None:
                number = self.numbered[id(qcweight)] = numbered_in(made, kept[1])
            return number
        if type(howeight) is not tuple:
            return None
        absn: int
        bbsn: int
        absn, bbsn = howeight
        terms = self.by_absn.get(absn)
        if terms is None:
            terms = self.by_absn[absn] = self._terms(absn)
        return numbered_in(made, kept[1] + terms[0] + terms[1] * (bbsn - absn))

    def howeight(self, absn: int, bbsn: int) -> int:
        """The pair's ``howeight`` itself, as gacrux's ``update_homogenious`` sums it."""
        ho5: int = self.weight[self.names[5]][absn - 1]
        return self.ho4sum + self._summed(absn) + ho5 * (bbsn - absn)

    def _terms(self, absn: int) -> tuple[int, int]:
        """HO1-HO4's terms of ``absn`` summed, and HO5's weight, each doubled and negated."""
        return -2 * self._summed(absn), -2 * self.weight[self.names[5]][absn - 1]

    def _summed(self, absn: int) -> int:
        """HO1-HO4's terms of ``absn`` summed (gacrux's ``update_homogenious``, term for term)."""
        _, ho1, ho2, ho3, ho4, _ = self.names
        weight, S = self.weight, self.S
        terms: int = 0
        if absn > S:
            terms += weight[ho1]
        terms += (absn - 1) * weight[ho2]
        if absn <= S:
            terms += weight[ho3][S - absn]
        else:
            terms -= weight[ho4][absn - S - 1]
        return terms


class Numbering(Protocol):
    """A pass's weights numbered by value (:class:`fidedesk.engine.matching.limbs.Table`)."""

    def add(self, value: int) -> int: ...


def numbered_in(made: dict[int, int] | Numbering, value: int) -> int:
    """``value``'s number in ``made``: in a dict of the pass's weights by value, the first equal one itself."""
    return made.setdefault(value, value) if isinstance(made, dict) else made.add(value)
