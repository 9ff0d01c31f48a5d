"""The columns of the engine's lists of pair records, read once and kept while the set-up or bracket under way
needs them (:mod:`fidedesk.engine.progress` steps it as they are read): the engine sorts its pairs, counts them,
then picks pairs from that list and again from those picked, each pass reading the same two million records at
2,000 players. A list's columns are kept with the list itself (by identity, checked on records spread over it),
at most :data:`KEPT_LISTS` of them, on the engine's thread. :func:`fields_sorted` is the engine's sort of its
pairs over such columns."""

from __future__ import annotations

import itertools
import operator
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from fidedesk.engine import progress
from fidedesk.engine.dutch_records import PairRecord
from fidedesk.engine.progress import _WITHIN, _under_way


def read_columns(items: list[Any], names: tuple[str, ...], words: str = "read") -> list[Any] | None:
    """The entries ``names`` of each of ``items`` (the engine's pair records) as columns of 64-bit integers
    (numpy arrays), read as steps of the set-up or bracket under way (its phase ``words``), each record once (its
    entries together: a record read is a cache miss or two, two million of them at 2,000 players); those kept
    (:func:`kept_columns`) where ``items`` is a list whose columns are known. None where an entry is not an
    ``int`` (of a sample, the first and the last, and every so many between) or does not fit 64 bits."""
    import numpy as np

    getter = record_getter(items, names)
    sample = [*items[:: max(1, len(items) // 64)], *items[-1:]]
    try:
        if any(type(value) is not int for item in sample for value in _entries(getter, item, names)):
            return None
    except AttributeError:  # a record not as the first
        return None
    known = kept_columns(items, names)
    if known is not None:
        return known
    bracket = _under_way()
    if bracket is not None:
        bracket.phase(words, len(items))
    columns = [np.empty(len(items), np.int64) for _ in names]
    try:
        every = progress._COLUMNS_EVERY  # read at the call, as the sort and the pick read it (tests set it)
        for first in range(0, len(items), every):
            part = items[first : first + every]
            rows = (_entries(getter, item, names) for item in part) if len(names) == 1 else map(getter, part)
            flat = np.fromiter(itertools.chain.from_iterable(rows), np.int64, len(part) * len(names))
            for column, values in zip(columns, flat.reshape(len(part), len(names)).T, strict=True):
                column[first : first + len(part)] = values
            if bracket is not None:
                bracket.phase_step(len(part))
    except (AttributeError, OverflowError, TypeError, ValueError):  # AttributeError: a record not as the first
        return None
    return columns


def record_getter(items: Sequence[Any], names: tuple[str, ...]) -> Callable[[Any], Any]:
    """``operator.itemgetter(*names)`` for the engine's pair records ``items`` (one kind of record each list): an
    ``attrgetter`` where they are :class:`~fidedesk.engine.dutch_records.PairRecord`, whose keys are its
    attributes (a key read through its ``__getitem__`` takes three times as long: a second of a 2,000-player
    round 2's set-up, two million records read)."""
    return operator.attrgetter(*names) if items and isinstance(items[0], PairRecord) else operator.itemgetter(*names)


def _entries(getter: Callable[[Any], Any], item: Any, names: tuple[str, ...]) -> tuple[Any, ...]:
    """``getter(item)`` as a tuple, one entry or more."""
    got = getter(item)
    return (got,) if len(names) == 1 else tuple(got)


#: Lists of pair records whose columns are known (:func:`keep_columns`), at most this many, the latest used kept:
#: the engine sorts its pairs, counts them, then picks pairs from that list and again from those picked, from a
#: list up to four times a bracket (at 2,000 players the columns of all six kept take at most 100 MB).
KEPT_LISTS = 6


def keep_columns(items: list[Any], names: tuple[str, ...], columns: list[Any]) -> None:
    """Keep ``columns``, the entries ``names`` of each of ``items`` (numpy arrays), for the set-up or bracket under
    way to read again (:func:`kept_columns`); the list is kept with them, so that it is not another list by the
    same ``id``. The engine never changes a list of its pairs in place but to add to it (its length then
    differs)."""
    kept = [entry for entry in getattr(_WITHIN, "kept", ()) if entry[0] is not items]
    _WITHIN.kept = [*kept[max(0, len(kept) - KEPT_LISTS + 1) :], (items, names, columns)]


def kept_columns(items: list[Any], names: tuple[str, ...]) -> list[Any] | None:
    """The columns kept of ``items`` (that very list) for ``names``; None where none are kept, or where its length
    or one of 16 records spread over it does not agree with them."""
    kept = getattr(_WITHIN, "kept", [])
    for at, (listed, kept_names, columns) in enumerate(kept):
        if listed is not items:
            continue
        if not set(names) <= set(kept_names) or len(columns[0]) != len(items):
            return None
        chosen = [columns[kept_names.index(name)] for name in names]
        getter = record_getter(items, names)
        for place in range(0, len(items), max(1, len(items) // 16)):
            if tuple(int(column[place]) for column in chosen) != _entries(getter, items[place], names):
                return None
        kept.append(kept.pop(at))  # the latest used, kept the longest
        return chosen
    return None


def carry_columns(items: list[Any], copy: list[Any]) -> None:
    """``copy``, a copy of ``items`` (the same records in the same order), has the columns kept of ``items``."""
    for listed, names, columns in getattr(_WITHIN, "kept", ()):
        if listed is items and len(copy) == len(items):
            keep_columns(copy, names, columns)
            return


def let_go_columns(items: list[Any] | None = None, keep: tuple[str, ...] = (), *, but: list[Any] | None = None) -> None:
    """The columns kept let go: of ``items`` only (those of ``keep`` still kept), or all (but those of ``but``)."""
    kept = getattr(_WITHIN, "kept", [])
    if items is None:
        _WITHIN.kept = [entry for entry in kept if but is not None and entry[0] is but]
        return
    for place, (listed, names, columns) in enumerate(kept):
        if listed is items:
            left = [(name, column) for name, column in zip(names, columns, strict=True) if name in keep]
            if left:
                kept[place] = (listed, tuple(name for name, _ in left), [column for _, column in left])
            else:
                del kept[place]
            return


def fields_sorted(names: tuple[str, ...], key_columns: Callable[..., tuple[Any, ...]]) -> Callable[..., list[Any]]:
    """A ``sorted`` for one of the engine's sorts of its pair records whose key is a tuple of integers worked out
    of the records' ``names``: ``key_columns`` works the key's columns out of theirs at once (numpy), where the
    engine's key is called two million times at 2,000 players (a second and a half a sort). The engine's own
    key orders the list where the records' figures are not all 64-bit integers, and where the order made does
    not agree with it (tried on 64 neighbours spread over the list: a key of another gacrux than the one this
    was written for)."""

    def sorting(items: Iterable[Any], *, key: Callable[[Any], Any] | None = None, reverse: bool = False) -> list[Any]:
        items = list(items)
        if len(items) < progress.COLUMNS_FROM:
            return progress._stepping_sorted(items, key=key, reverse=reverse)
        import numpy as np

        read = read_columns(items, names, "sorted")
        if read is not None and key is not None:
            progress.phase("keys set out", len(items))
            order = progress.stable_order(np.stack(key_columns(*read), axis=1), reverse)
            if order is not None:
                done = progress.gathered(items, order)
                if _agrees(done, key, reverse):
                    # the columns in the new order, for a count over the same list (read_columns)
                    keep_columns(done, names, [column[order] for column in read])
                    return done
        return progress._stepping_sorted(items, key=key, reverse=reverse)

    return sorting


def _agrees(items: list[Any], key: Callable[[Any], Any], reverse: bool) -> bool:
    """Whether ``key`` finds 64 neighbours spread over ``items`` in order."""
    for place in range(0, len(items) - 1, max(1, len(items) // 64)):
        first, second = key(items[place]), key(items[place + 1])
        if (second > first) if reverse else (first > second):
            return False
    return True
