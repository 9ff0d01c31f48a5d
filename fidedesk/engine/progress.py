"""The progress of FIDE TEC's Dutch engine as fidedesk runs it (``engine/dutch.py``): steps, :data:`STEPS` to a
score bracket, and a note saying the pass under way as work done of work to do (:class:`_Bracket`), reported
every quarter of a second while the engine goes through its candidate pairs and while its matching runs (one
bracket of a big open takes minutes); the run stops there when asked (:class:`PairingCancelled`).

The engine's own loops and sorts over its candidate pairs step the bracket under way through
:func:`_stepping_enumerate`, :func:`_stepping_sorted` and :class:`_PairsLeft`, which ``engine/dutch.py`` hands it.
"""

from __future__ import annotations

import itertools
import operator
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from typing import Any, Protocol

from fidedesk.engine import matching


class Progress(Protocol):
    """Called with (steps done, steps in all, the step under way in words) as the engine goes (:data:`STEPS` to a
    score bracket); returns True to stop it."""

    def __call__(self, done: int, total: int, note: str = "", /) -> bool: ...


#: Steps to a score bracket: the bar moves within one, whose pairing takes minutes on a big open's round 2.
STEPS = 1000


class PairingCancelled(Exception):
    """The person asked the engine to stop before it had paired the round."""


def progress_text(done: int, total: int) -> str:
    """What a person is told of the engine's progress (``done`` of ``total`` steps): the score brackets paired, or
    (no total yet) that the engine is making its candidate pairs."""
    if not total:
        return "Weighing every two players as a possible pair"
    return f"{done // STEPS:,} of {total // STEPS:,} score brackets paired"


#: The bracket being paired on this thread (a :class:`_Bracket`), stepped by its passes over the candidate
#: pairs and by its matching's stages.
_WITHIN = threading.local()


def _under_way() -> _Bracket | None:
    """The set-up or bracket under way on this thread, if any."""
    bracket: _Bracket | None = getattr(_WITHIN, "bracket", None)
    return bracket


class _Bracket:
    """The score bracket being paired, reported to ``report`` (the progress callback: True to stop) at most every
    ``EVERY`` seconds, raising :class:`PairingCancelled` when it answers True.

    The engine goes through a bracket in rounds whose count it does not say beforehand: it weighs the candidate
    pairs (for heterogeneous, then homogeneous pairing) and matches them, and may match again to see whether
    the rest can be paired. Each is a pass of a known size (the pairs weighed, the matching's stages: one for
    each pair chosen). A weighing and the matching after it are one *unit*; unit ``u`` takes the ``1/2**u`` of
    the bracket's steps after those of the units before it, the weighing its first :data:`WEIGHING` and the
    matching the rest: the count only grows, never reaches the next bracket's, and moves with every pass.

    The note says the pass under way in words (pairs weighed, read, chosen, players' pairs looked through for
    the next pair, the pairs left gone through between passes), so that the window shows work done of work to do
    while a big bracket's matching takes minutes."""

    EVERY = 0.25
    #: A unit's share that its weighing takes: its matching is most of the time (600 players: 0.7 s and 6.1 s).
    WEIGHING = 0.2

    def __init__(self, report: Progress, done: int, levels: int, pairs: int = 0) -> None:
        self.report = report
        self.first = done * STEPS  # the bracket's first step
        self.total = levels * STEPS
        self.pairs = pairs  # the set-up's: the candidate pairs it makes
        self.made = 0
        self.units = 0
        self.weighed = False  # the unit under way began with a weighing
        self.matching = False  # the pass under way is a matching
        self.size = 1
        self.steps = 0
        self.searched = 0  # vertices the matching's stage under way has gone through
        self.compiling: float | None = None  # since when the matching under way waits for its compiled algorithm
        self.set_out: tuple[str, int, int] | None = None  # what it sets out for it: pairs or weights, done, of
        self.edges = 0  # the matching's pairs, and those it has read
        self.read = 0
        self.phase_name = ""  # the set-up's (sorting its pairs, going through them), a bracket's (the pairs left)
        self.phase_size = 0
        self.phase_done = 0
        self.last = time.monotonic()

    def ask(self) -> None:
        """Report the bracket's start; stop when asked."""
        if self.report(self.first, self.total, self.note()):
            raise PairingCancelled

    def start(self, size: int, matching: bool = False, edges: int = 0) -> None:
        """A new pass begins: a weighing of ``size`` pairs (two steps a pair: its criteria, then its weight), or
        a matching of ``size`` stages (a step a stage) over ``edges`` pairs, which it first reads."""
        if not (matching and self.weighed and not self.matching):  # else: the matching of this unit's weighing
            self.units += 1
            self.weighed = not matching
        self.matching = matching
        self.size = max(1, size if matching else 2 * size)
        self.steps = 0
        self.searched = 0
        self.compiling = None
        self.set_out = None
        self.edges = edges
        self.read = 0
        self.phase_name = ""  # a phase before it (pairs picked, gone through) is over

    def __call__(self) -> None:
        """One step of the current pass (a pair weighed, a stage of the matching begun)."""
        self.steps += 1
        self.searched = 0
        self.compiling = None
        self.set_out = None
        self._tell()

    #: Candidate pairs made between two looks at the clock (a pair takes microseconds, 1,024 a few milliseconds;
    #: a look for each of a 2,000-player open's 2 million took half a second).
    MADE_EVERY = 1024

    def made_pair(self) -> None:
        """The set-up made one more candidate pair."""
        self.made += 1
        if not self.made % self.MADE_EVERY:
            self._tell()

    def made_pairs(self, count: int) -> None:
        """The set-up made ``count`` more candidate pairs at once (a row of its table)."""
        self.made += count
        self._tell()

    def phase(self, name: str, size: int) -> None:
        """The engine goes through ``size`` candidate pairs again outside a weighing or a matching, as ``name``
        says ("sorted", "gone through")."""
        self.phase_name = name
        self.phase_size = size
        self.phase_done = 0
        self._tell()  # said as it begins: a phase may follow seconds of work with no step (numpy's)

    def going_through(self, pairs: Iterator[Any], size: int) -> Iterator[Any]:
        """``pairs``, the ``size`` candidate pairs left, passed on as the engine goes through them between its
        passes (to see the bracket's category, to keep the pairs of those still to pair: a second each at 2,000
        players), a phase of the bracket while it lasts."""
        self.phase("gone through", size)
        try:
            for _, pair in _stepping(self, enumerate(pairs)):
                yield pair
        finally:
            self.phase_name = ""

    def phase_step(self, count: int) -> None:
        """``count`` more of the phase under way."""
        self.phase_done += count
        self._tell()

    @property
    def weighing(self) -> bool:
        """A weighing is under way: begun, and no matching since (it ends as its matching begins)."""
        return bool(self.units) and not self.matching

    def weighed_pair(self) -> None:
        """The weighing under way worked out one more pair's weight: its second step (only a report elsewhere)."""
        self.weighed_pairs(1)

    def weighed_pairs(self, count: int) -> None:
        """The weighing under way goes on to work out ``count`` more pairs' weights, each its second step (only a
        report elsewhere), told once."""
        if self.weighing:
            self.steps += count
        self._tell()

    def read_pairs(self, count: int) -> None:
        """The matching under way read ``count`` more of its pairs before its first stage."""
        self.read += count
        self._tell()

    def preparing(self) -> None:
        """The matching under way, or a big pass about to weigh its pairs into the compiled algorithm's rows,
        waits for that algorithm to be made ready (the first time on a computer: half a minute or more); the words
        count its seconds, so that they move while it lasts, until the pass's next step or set-out."""
        if self.compiling is None:
            self.compiling = time.monotonic()
        self._tell()

    def setting_out(self, what: str, done: int, of: int) -> None:
        """The matching under way sets out its ``of`` pairs (then weights) for its compiled algorithm, ``done`` so
        far (seconds at 2,000 players); then puts the weights in order, ``what`` "order", in ``of`` passes."""
        self.set_out = (what, done, of)
        self.compiling = None
        self._tell()

    def look(self) -> None:
        """The matching's stage under way went through one more player's candidate pairs."""
        self.searched += 1
        self._tell()

    def _tell(self) -> None:
        """Report when a quarter second has gone since the last report; stop when asked."""
        now = time.monotonic()
        if now - self.last >= self.EVERY:
            self.last = now
            if self.report(self.position(), self.total, self.note()):
                raise PairingCancelled

    def position(self) -> int:
        """The step reached: the units before the current one, and the share of it done."""
        if not self.units or not self.total:  # no total: the engine's set-up, before its brackets
            return self.first
        share = 0.5**self.units
        done = min(self.steps, self.size) / self.size
        if self.weighed:
            done = (self.WEIGHING + (1 - self.WEIGHING) * done) if self.matching else self.WEIGHING * done
        return self.first + min(STEPS - 1, int(STEPS * (1 - 2 * share + share * done)))

    def note(self) -> str:
        """The pass under way, in words ("" before the first)."""
        if self.phase_name:
            done = min(self.phase_done, self.phase_size)
            said = ("Every pair weighed" if self.made else "The event read") if not self.total else "The pairs left"
            return f"{said}; {done:,} of {self.phase_size:,} {self.phase_name}"
        if not self.total:
            return f"{min(self.made, self.pairs):,} of {self.pairs:,} pairs weighed" if self.pairs else ""
        if self.compiling is not None:  # before a pass's first step: its matching's or, for a big pass, its weighing's
            waited = int(time.monotonic() - self.compiling)
            if not matching.COMPILED.compiling:
                return f"The next: the fast matching being loaded, {waited} s so far"
            return f"The next: the fast matching being made ready (once on this computer), {waited} s so far"
        if not self.units:
            return ""
        if not self.matching:
            return f"The next: {min(self.steps, self.size) // 2:,} of {self.size // 2:,} possible pairs weighed"
        if not self.steps and self.set_out is not None:
            what, done, of = self.set_out
            if what == "order":
                return f"The next: the weights put in order for the fast matching, {min(done, of)} of {of} passes"
            return f"The next: {min(done, of):,} of {of:,} {what} set out for the fast matching"
        if not self.steps and self.edges:
            return f"The next: {min(self.read, self.edges):,} of {self.edges:,} possible pairs read for the matching"
        said = f"The next: {max(0, min(self.steps, self.size) - 1):,} of {self.size - 1:,} pairs chosen"
        if not self.searched:
            return said
        whose = "player's" if self.searched == 1 else "players'"
        return f"{said}; looked through {self.searched:,} {whose} pairs for another"


#: Items read between two steps of the progress in the engine's own loops and sorts.
_STEP_EVERY = 1024


def _stepping_enumerate(items: Iterable[Any], start: int = 0) -> Iterator[tuple[int, Any]]:
    """``enumerate``, a step of the set-up or bracket under way every :data:`_STEP_EVERY` items; a long list
    (the candidate pairs) is a phase of the set-up, counted in its note."""
    bracket = _under_way()
    if bracket is None:
        return enumerate(items, start)
    if isinstance(items, list) and len(items) > _STEP_EVERY:
        bracket.phase("gone through", len(items))
    return _stepping(bracket, enumerate(items, start))


def _stepping(bracket: _Bracket, pairs: Iterator[tuple[int, Any]]) -> Iterator[tuple[int, Any]]:
    """``pairs`` (an ``enumerate``) passed on, a step of ``bracket`` every :data:`_STEP_EVERY`."""
    for index, item in pairs:
        if not index % _STEP_EVERY:
            bracket.phase_step(_STEP_EVERY)
        yield index, item


class _PairsLeft(list[Any]):
    """The candidate pairs left, as the engine hands them from one score bracket to the next: a list, gone through
    (in a loop or a list comprehension of the engine's) as a phase of the bracket under way when it is long. A
    weighing going through them counts its pairs itself (its note says so)."""

    #: Shorter lists are gone through at once (65,536 pairs, a 360-player round's, in a few hundredths of a second).
    LONG = 64 * _STEP_EVERY

    def __iter__(self) -> Iterator[Any]:
        bracket = _under_way()
        if bracket is None or bracket.weighing or len(self) < self.LONG:
            return super().__iter__()
        return bracket.going_through(super().__iter__(), len(self))


def _stepping_sorted(
    items: Iterable[Any], *, key: Callable[[Any], Any] | None = None, reverse: bool = False
) -> list[Any]:
    """``sorted``, a step of the set-up or bracket under way every :data:`_STEP_EVERY` keys worked out."""
    bracket = _under_way()
    if bracket is None or key is None:
        return sorted(items, key=key, reverse=reverse)
    items = list(items)
    bracket.phase("sorted", len(items))
    if len(items) >= _SORTED_IN_STEPS:
        return _sorted_in_steps(items, key, reverse, bracket)
    count = itertools.count()
    keyed = key

    def stepping(item: Any) -> Any:
        if not next(count) % _STEP_EVERY:
            bracket.phase_step(_STEP_EVERY)
        return keyed(item)

    return sorted(items, key=stepping, reverse=reverse)


#: A list of at least this many items is sorted by :func:`_sorted_in_steps`: Python's sort of 2 million pairs'
#: keys (a 2,000-player open's) takes a second and a quarter after the last key is worked out, with no step.
_SORTED_IN_STEPS = 200_000
#: Keys set out as columns of numbers at once by :func:`_sorted_in_steps`, a step each.
_COLUMNS_EVERY = 1 << 17


def _sorted_in_steps(items: list[Any], key: Callable[[Any], Any], reverse: bool, bracket: _Bracket) -> list[Any]:
    """``sorted(items, key=key, reverse=reverse)``, with steps of ``bracket``: the keys worked out, and (where
    each is an integer, or a tuple of as many integers, all of 64 bits) set out as columns and sorted stably by
    numpy, first column first (ties kept in the order given, as Python's sort keeps them, also reversed): each key
    packed into one number where the columns' spans fit 62 bits, else by ``lexsort``; else sorted by Python, each
    item's place by its key. The items are gathered in steps."""
    import numpy as np

    keys: list[Any] = []
    for first in range(0, len(items), _STEP_EVERY):
        keys.extend(key(item) for item in items[first : first + _STEP_EVERY])
        bracket.phase_step(_STEP_EVERY)
    # the words move on through what follows too (the keys set out, the items put in order: 1.4 s at 2,000
    # players, where a step that did not change them left the window still)
    bracket.phase("keys set out", len(keys))
    columns: list[Any] = []
    for first in range(0, len(keys), _COLUMNS_EVERY):
        try:
            part = np.array(keys[first : first + _COLUMNS_EVERY])
        except (OverflowError, ValueError):  # a number past 64 bits, or keys of different lengths
            break
        shape = part.shape[1:]  # () for integers, (n,) for tuples of n
        if part.dtype != np.int64 or len(shape) > 1 or 0 in shape or (columns and shape != columns[0].shape[1:]):
            break
        columns.append(part)
        bracket.phase_step(len(part))
    else:
        if not columns:
            return []
        table = np.concatenate(columns).reshape(len(keys), -1)
        del columns
        order = stable_order(table, reverse)
        if order is not None:
            del table
            return _gathered(items, order, bracket)
    return _gathered(items, sorted(range(len(keys)), key=keys.__getitem__, reverse=reverse), bracket)


def stable_order(table: Any, reverse: bool = False) -> Any | None:
    """The places of ``table``'s rows (a 2-D ``int64`` numpy array, a key a row), a numpy array, in the order
    Python's stable sort of the rows as tuples gives them (ties in the order given, also reversed): each key
    packed into one number where the columns' spans fit 62 bits, else numpy's ``lexsort``; None where neither
    can (reversed, a number at int64's least)."""
    import numpy as np

    if not len(table):
        return np.zeros(0, np.int64)
    lows = [int(column.min()) for column in table.T]
    bits = [(int(column.max()) - low).bit_length() for column, low in zip(table.T, lows, strict=True)]
    # each key as one number, its first column highest, where they fit: one sort, three times lexsort's speed
    if sum(bits) <= 62:
        packed = np.zeros(len(table), np.int64)
        for column, low, width in zip(table.T, lows, bits, strict=True):
            packed <<= width
            packed |= column - low
        order = np.argsort(-packed if reverse else packed, kind="stable")
    elif not (reverse and (table == np.iinfo(np.int64).min).any()):
        order = np.lexsort((-table if reverse else table).T[::-1])
    else:
        return None
    return order


def _gathered(items: list[Any], places: Any, bracket: _Bracket | None) -> list[Any]:
    """The items at ``places`` (a list, or a numpy array of them), in that order, a step of ``bracket``'s phase
    "put in order" every :data:`_COLUMNS_EVERY` (2 million take half a second)."""
    if bracket is not None:
        bracket.phase("put in order", len(places))
    runs = _runs(places)
    if runs is not None:
        return _gathered_in_runs(items, *runs, bracket)
    gathered: list[Any] = []
    for first in range(0, len(places), _COLUMNS_EVERY):
        part = places[first : first + _COLUMNS_EVERY]
        if not isinstance(part, list):
            part = part.tolist()  # Python's ints: itemgetter takes numpy's one at a time, slowly
        got = operator.itemgetter(*part)(items) if part else ()  # in C: a third of a generator's time
        gathered.extend(got if len(part) > 1 else (got,))
        if bracket is not None:
            bracket.phase_step(len(part))
    return gathered


def _runs(places: Any) -> tuple[list[int], list[int]] | None:
    """Where ``places`` is a numpy array going up one at a time but in a few places (a pick of pairs that leaves out
    a bracket's players' few), its runs of consecutive places as (starts, ends); else None."""
    import numpy as np

    if isinstance(places, list) or len(places) < 2:
        return None
    steps = np.diff(places)
    breaks = np.flatnonzero(steps != 1) + 1
    if len(breaks) > len(places) // 4 or (steps <= 0).any():
        return None
    firsts = np.concatenate(([0], breaks))
    lasts = np.concatenate((breaks, [len(places)])) - 1
    starts: list[int] = places[firsts].tolist()
    ends: list[int] = (places[lasts] + 1).tolist()
    return starts, ends


def _gathered_in_runs(items: list[Any], starts: list[int], ends: list[int], bracket: _Bracket | None) -> list[Any]:
    """:func:`_gathered` of the places of those runs, a slice a run (a pick from 2 million pairs in a third of the
    time: no number made for each place), a step every :data:`_COLUMNS_EVERY` items or so."""
    gathered: list[Any] = []
    told = 0
    for start, end in zip(starts, ends, strict=True):
        gathered += items[start:end]
        if bracket is not None and len(gathered) - told >= _COLUMNS_EVERY:
            bracket.phase_step(len(gathered) - told)
            told = len(gathered)
    if bracket is not None:
        bracket.phase_step(len(gathered) - told)
    return gathered


def gathered(items: list[Any], places: Any) -> list[Any]:
    """The items at ``places`` (a list, or a numpy array of them), in that order, as steps of the set-up or
    bracket under way."""
    return _gathered(items, places, _under_way())


def let_go_rows(rows: list[Any], report: Progress, total: int) -> None:
    """Each of ``rows`` (the engine's table of pairs, a row a player) set to None in turn, the pairing done
    (``total`` of ``total`` steps) and the rows let go so far told to ``report`` every :data:`_Bracket.EVERY`
    seconds, so that the words do not stand still after the last bracket. The pairing is made: a stop asked
    meanwhile is not heard."""
    told = time.monotonic()
    for row in range(len(rows)):
        rows[row] = None
        if time.monotonic() - told >= _Bracket.EVERY:
            told = time.monotonic()
            report(total, total, f"The engine's pairs let go; {row + 1:,} of {len(rows):,} players' rows")


def made_pairs(count: int) -> None:
    """The set-up under way made ``count`` more candidate pairs (:meth:`_Bracket.made_pairs`)."""
    bracket = _under_way()
    if bracket is not None:
        bracket.made_pairs(count)


def phase(name: str, size: int) -> None:
    """A phase of the set-up or bracket under way begins (:meth:`_Bracket.phase`)."""
    bracket = _under_way()
    if bracket is not None:
        bracket.phase(name, size)


def phase_step(count: int) -> None:
    """``count`` more of the phase of the set-up or bracket under way."""
    bracket = _under_way()
    if bracket is not None:
        bracket.phase_step(count)


def each_line(lines: list[Any], start: int = 0) -> Iterator[tuple[int, Any]]:
    """``enumerate(lines)`` (the engine's table of pairs, a line a player), a step of the set-up under way for
    each line, as the phase "players' pairs listed" (the pairs that can meet, listed from 2 million: half a
    second at 2,000 players)."""
    phase("players' pairs listed", len(lines))
    for index, line in enumerate(lines, start):
        yield index, line
        phase_step(1)


def phase_over() -> None:
    """The phase of the set-up or bracket under way is over: its words no longer say it."""
    bracket = _under_way()
    if bracket is not None:
        bracket.phase_name = ""


#: A list of at least this many pair records is sorted (``columns.fields_sorted``) and counted
#: (``pair_table.hamilton``) over columns; a shorter one by gacrux's own code, in a few hundredths of a second
#: (and a small round imports no numpy).
COLUMNS_FROM = 20_000
