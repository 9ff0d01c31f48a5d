"""Integers of thousands of bits as rows of machine words, for :mod:`fidedesk.engine.matching.blossom_jit`.

gacrux weighs a bracket's pairs with C.04.3's criteria as powers of ten, so a weight has 1,000 to 7,000 bits: no
machine integer holds it, and no compiled matching takes it (rustworkx's is 128-bit). Here a number is a row of
``int64`` *limbs* in base 2**60, most significant first: the first limb signed, every other in [0, 2**60) (the
row *normalised*), so that two rows compare limb by limb and a sum of six rows still fits a limb. Every figure
is exact; nothing is rounded.

The functions compiled (numba) are the few the matching needs: a sum's sign read from the top limbs down,
stopping as soon as the rest cannot change it (a slack's sign, or which of two slacks is less, is mostly settled
in the first few limbs), a slack written out, halving, comparing."""

from __future__ import annotations

import concurrent.futures
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar, cast

from fidedesk.io.user_folders import UserFolder, user_folder


def numba_cache_folder() -> Path:
    """Where the frozen app keeps what numba compiled: the user's cache folder, not the app's own (which may be
    read-only, or a signed macOS bundle that must not change)."""
    return user_folder(UserFolder.CACHE) / "numba"


if getattr(sys, "frozen", False):  # read by numba as it is imported; a folder set by the user stays
    os.environ.setdefault("NUMBA_CACHE_DIR", str(numba_cache_folder()))

import numba  # noqa: E402  # after its cache folder is set
import numba.core.cgutils  # noqa: E402
import numba.extending  # noqa: E402
import numpy as np  # noqa: E402
import numpy.typing as npt  # noqa: E402

Limbs = npt.NDArray[np.int64]

#: A limb's bits and base: 60, so that six limbs added and taken away (two slacks compared) and a carry stay
#: within a 64-bit integer, and a row is half as long as in 32-bit limbs (a comparison read half as far).
BITS = 60
BASE = 1 << BITS
#: How many numbers :func:`rows` converts at once (its scratch copies: 10,000 numbers of 7,300 bits, 30 MB).
CHUNK = 10_000

F = TypeVar("F", bound=Callable[..., Any])


def _compiled(**options: Any) -> Callable[[F], F]:
    """numba's ``njit`` with ``options``, typed as what it is to a caller: the function, compiled."""
    return cast(Callable[[F], F], numba.njit(cache=True, nogil=True, **options))


#: numba's compilation as every compiled function of the matching takes it: kept on disk once compiled (in the
#: user's cache where the package's folder is not writable), and free of Python's global lock while it runs.
#: numba dates what it kept by the function's own file only, not by the files of what it calls: after editing
#: limbs.py, jit_state.py or jit_blossoms.py, delete fidedesk/engine/__pycache__/*.nb? (an install or an upgrade
#: writes every file anew, so no user meets this; CI starts from a clean clone).
jit = _compiled()
#: The same, for a small function the matching calls in its inner loops: compiled into each caller.
inline = _compiled(inline="always")
#: The same without numba's reference counting, for a small function of the scan's inner loop that reads and
#: writes the arrays it is given and makes none: numba counts a reference to each array a compiled function is
#: given (or a row of one it makes), an atomic add on the way in and another on the way out, which cost more than
#: the comparison itself (a third of a 2,000-player bracket's matching). ``_nrt`` is numba's own option
#: (``numba.core.options``); such a function cannot make an array, and numba refuses to compile one that does.
bare = _compiled(_nrt=False)


def _prefetch_row(typingctx: Any, rows: Any, r: Any) -> Any:
    """:func:`prefetch_row`'s typing and code, for numba: in compiled code, the processor asked to bring the first
    32 limbs of row ``r`` of a 2-D int64 array (four cache lines, where two slacks compared are settled: in 27
    limbs on average at 2,000 players; three lines were measured 3 % slower) into its cache while the caller goes
    on (LLVM's ``prefetch``, a hint that reads nothing and cannot fault, so a row shorter than that, or none, is
    harmless). The weights of a 2,000-player bracket are 300 MB of rows read at random: each comparison that reads
    two of them waited on memory for most of its time."""
    intp = numba.types.intp
    cgutils: Any = numba.core.cgutils  # untyped

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        from llvmlite import ir  # type: ignore[import-untyped]  # numba's own dependency

        array_type = signature.args[0]
        array = context.make_array(array_type)(context, builder, args[0])
        row = context.cast(builder, args[1], signature.args[1], intp)
        i32 = ir.IntType(32)
        for limb in (0, 8, 16, 24):  # 64-byte lines: eight limbs each
            at = cgutils.get_item_pointer(context, builder, array_type, array, [row, context.get_constant(intp, limb)])
            hint = cgutils.get_or_insert_function(
                builder.module, ir.FunctionType(ir.VoidType(), [at.type, i32, i32, i32]), "llvm.prefetch.p0"
            )
            builder.call(hint, [at, i32(0), i32(3), i32(1)])  # a read, kept close (locality 3), of data
        return context.get_dummy_value()

    return numba.types.void(rows, r), codegen


#: What :func:`_prefetch_row` says, callable in compiled code only.
prefetch_row = cast(Callable[[Limbs, int], None], numba.extending.intrinsic(_prefetch_row))


def width(numbers: Sequence[int]) -> int:
    """The limbs a row needs for ``numbers`` and the sums the matching makes of them (slacks, duals moved by
    slacks): 40 bits over the widest, and the first limb a whole machine word besides (a carry into it never
    overflows; :mod:`fidedesk.engine.matching.blossom_jit` stops with :class:`OverflowError` before a dual could)."""
    return _limbs_for(max((abs(number).bit_length() for number in numbers), default=0))


def _limbs_for(bits: int) -> int:
    """:func:`width` of numbers of at most ``bits`` bits."""
    return (bits + 40) // BITS + 2


def rows(numbers: Sequence[int], limbs: int, tick: Callable[[int, int], None] | None = None) -> Limbs:
    """``numbers`` as normalised rows of ``limbs`` limbs each: each number's two's complement over the row cut
    into 60-bit limbs (from its 32-bit words, a few thousand numbers at a time), the first limb then made signed.
    A 2,000-player round 2's big matching has 308,945 weights of up to 7,293 bits: 300 MB so, as Python holds
    them. ``tick`` is told (done, of) after each :data:`CHUNK` of them."""
    out = np.empty((len(numbers), limbs), np.int64)
    words = (BITS * limbs + 31) // 32 + 2  # 32-bit words over the row, and two of zeros to read past its end
    modulus = 1 << (BITS * limbs)
    mask = np.uint64(BASE - 1)
    for first in range(0, len(numbers), CHUNK):
        chunk = numbers[first : first + CHUNK]
        raw = b"".join((number % modulus).to_bytes(4 * words, "little") for number in chunk)
        held = np.frombuffer(raw, "<u4").reshape(len(chunk), words).astype(np.uint64)
        for limb in range(limbs):  # from the least significant
            word, shift = divmod(BITS * limb, 32)
            value = (held[:, word] >> np.uint64(shift)) | (held[:, word + 1] << np.uint64(32 - shift))
            if shift:
                value |= held[:, word + 2] << np.uint64(64 - shift)
            out[first : first + len(chunk), limbs - 1 - limb] = (value & mask).astype(np.int64)
        out[first : first + len(chunk), 0] -= np.array([BASE if number < 0 else 0 for number in chunk], np.int64)
        if tick is not None:
            tick(first + len(chunk), len(numbers))
    return out


def number(row: Limbs) -> int:
    """A normalised row as the integer it is (for tests and checks)."""
    value = 0
    for limb in row:
        value = value * BASE + int(limb)
    return value


@jit
def normalise(x: Limbs) -> None:
    """Carry each limb's excess into the one above, so that every limb but the first is in [0, 2**60)."""
    for i in range(x.shape[0] - 1, 0, -1):
        carry = x[i] >> BITS
        x[i] -= carry << BITS
        x[i - 1] += carry


@jit
def compare(a: Limbs, b: Limbs) -> int:
    """-1, 0 or 1 as ``a`` is less than, equal to or more than ``b`` (both normalised)."""
    for i in range(a.shape[0]):
        if a[i] != b[i]:
            return -1 if a[i] < b[i] else 1
    return 0


#: The prime by which each number's remainder is kept beside its limbs (:func:`remainders`): a slack whose
#: remainder is not 0 is not 0, told from three words where its limbs would be read deep into (the top limbs of a
#: big bracket's slacks are mostly equal, C.04.3's first criteria alike). Below 2**31, so that a remainder times
#: the base's stays within 64 bits; one slack in two billion that is not 0 has a remainder of 0 and is read
#: from its limbs, as every slack was.
PRIME = (1 << 31) - 1


@inline
def remainder(x: Limbs, r: int) -> int:
    """Row ``r``'s number modulo :data:`PRIME`, in [0, PRIME) (the first limb may be negative: numba's ``%`` is
    Python's, the remainder of a positive divisor never negative)."""
    base = BASE % PRIME
    acc = 0
    for i in range(x.shape[1]):
        acc = (acc * base + x[r, i] % PRIME) % PRIME
    return acc


@jit
def remainders(x: Limbs, out: npt.NDArray[np.int64]) -> None:
    """``out[r]`` = :func:`remainder` of row ``r``, for every row."""
    for r in range(x.shape[0]):
        out[r] = remainder(x, r)


@inline
def maybe_zero(drem: npt.NDArray[np.int64], v: int, w: int, wrem: npt.NDArray[np.int32], k: int) -> bool:
    """Whether ``d[v] + d[w]`` less the weight whose remainder is ``wrem[k]`` may be 0, from the remainders
    (:func:`remainders`) of the duals (``drem``) and of the weights: False tells for certain that it is not."""
    r = drem[v] + drem[w] - wrem[k]
    return bool(r == 0 or r == PRIME)


def ranks(x: Limbs, out: npt.NDArray[np.int64], tick: Callable[[int, int], None] | None = None) -> None:
    """``out[r]``: row ``r``'s place among the rows' numbers, least first, equal numbers at one place (the rows
    normalised, so that the limbs compare from the first as the numbers do). A merge sort of the rows' indices,
    each comparison read from the first limb until two differ; ``tick(done, of)`` after each of its passes (half a
    second in all for a 2,000-player bracket's 309,000 weights)."""
    n = x.shape[0]
    order, other = np.arange(n, dtype=np.int64), np.empty(n, np.int64)
    passes = max(1, (n - 1).bit_length())
    for done in range(1, passes + 1):
        _merge_pass(x, order, other, 1 << (done - 1))
        order, other = other, order
        if tick is not None:
            tick(done, passes)
    _places(x, order, out)


@jit
def _merge_pass(x: Limbs, order: npt.NDArray[np.int64], other: npt.NDArray[np.int64], size: int) -> None:
    """One pass of :func:`ranks`' merge sort: each two runs of ``size`` rows of ``order`` merged into ``other``."""
    n = x.shape[0]
    for low in range(0, n, 2 * size):
        middle, high = min(low + size, n), min(low + 2 * size, n)
        i, j, k = low, middle, low
        while i < middle and j < high:
            if row_sign(x, order[j], order[i]) < 0:
                other[k] = order[j]
                j += 1
            else:
                other[k] = order[i]
                i += 1
            k += 1
        while i < middle:
            other[k] = order[i]
            i += 1
            k += 1
        while j < high:
            other[k] = order[j]
            j += 1
            k += 1


@jit
def _places(x: Limbs, order: npt.NDArray[np.int64], out: npt.NDArray[np.int64]) -> None:
    """Each row's place, from the rows in order: equal rows at one place."""
    place = 0
    for r in range(x.shape[0]):
        if r > 0 and row_sign(x, order[r], order[r - 1]) != 0:
            place += 1
        out[order[r]] = place


@inline
def row_sign(x: Limbs, a: int, b: int) -> int:
    """-1, 0 or 1 as row ``a``'s number is less than, equal to or more than row ``b``'s (both normalised):
    :func:`compare` with the rows read by index, as the merge sort's inner loop needs (a row taken as an array
    of its own counts a reference, see :data:`bare`)."""
    for i in range(x.shape[1]):
        if x[a, i] != x[b, i]:
            return -1 if x[a, i] < x[b, i] else 1
    return 0


@bare
def sign3(d: Limbs, v: int, w: int, weights: Limbs, k: int) -> int:
    """The sign of ``d[v] + d[w] - weights[k]`` (a slack): read from the top limb down, and settled once the part
    read is 2 or more away from 0 (what is left below adds less than one unit of the limb above, twice over).
    Rows are read by index: a row taken as an array of its own is counted as a reference (see :data:`bare`)."""
    acc = 0
    for i in range(d.shape[1]):
        acc = acc * BASE + d[v, i] + d[w, i] - weights[k, i]
        if acc >= 2:
            return 1
        if acc <= -2:
            return -1
    return 1 if acc > 0 else (-1 if acc < 0 else 0)


@bare
def sign6(d: Limbs, v: int, w: int, weights: Limbs, k: int, p: int, q: int, m: int) -> int:
    """The sign of ``(d[v] + d[w] - weights[k]) - (d[p] + d[q] - weights[m])`` (which of two slacks is less), as
    :func:`sign3` (three rows added below, three taken away: settled at 3)."""
    acc = 0
    for i in range(d.shape[1]):
        acc = acc * BASE + d[v, i] + d[w, i] - weights[k, i] - d[p, i] - d[q, i] + weights[m, i]
        if acc >= 3:
            return 1
        if acc <= -3:
            return -1
    return 1 if acc > 0 else (-1 if acc < 0 else 0)


@bare
def sign4(d: Limbs, v: int, weights: Limbs, k: int, p: int, m: int) -> int:
    """The sign of ``(d[v] - weights[k]) - (d[p] - weights[m])``: which of two slacks at one end ``w`` is less
    (``d[w]`` on both sides), as :func:`sign6` with the two rows that cancel left out (settled at 2: two rows added
    below, two taken away)."""
    acc = 0
    for i in range(d.shape[1]):
        acc = acc * BASE + d[v, i] - weights[k, i] - d[p, i] + weights[m, i]
        if acc >= 2:
            return 1
        if acc <= -2:
            return -1
    return 1 if acc > 0 else (-1 if acc < 0 else 0)


@bare
def sign6_low(d: Limbs, v: int, w: int, weights: Limbs, k: int, p: int, q: int, m: int, low: int) -> int:
    """:func:`sign6` of the two slacks' difference plus ``low`` (-1, 0 or 1: two halved slacks told apart,
    :func:`fidedesk.engine.matching.jit_state.half_less`): what is left below a limb, ``low`` included, still adds less
    than 3 units of it (3 * (BASE - 1) a limb at most, and 1 more at the last), so the sign is settled at 3.
    Apart from :func:`sign6`, whose loop (the scan's inner one) is slower with ``low`` in it."""
    acc = 0
    last = d.shape[1] - 1
    for i in range(last):
        acc = acc * BASE + d[v, i] + d[w, i] - weights[k, i] - d[p, i] - d[q, i] + weights[m, i]
        if acc >= 3:
            return 1
        if acc <= -3:
            return -1
    acc = acc * BASE + d[v, last] + d[w, last] - weights[k, last] - d[p, last] - d[q, last] + weights[m, last] + low
    return 1 if acc > 0 else (-1 if acc < 0 else 0)


@jit
def slack_into(out: Limbs, a: Limbs, b: Limbs, c: Limbs) -> None:
    """``out = a + b - c``, normalised."""
    for i in range(out.shape[0]):
        out[i] = a[i] + b[i] - c[i]
    normalise(out)


@bare
def add_row(out: Limbs, v: int, a: Limbs, j: int, sign: int) -> None:
    """``out[v] += sign * a[j]`` (``sign`` 1 or -1), normalised as it goes (each limb's carry taken into the one
    above, as :func:`normalise` does); rows read by index, as :func:`sign3`."""
    carry = 0
    for i in range(out.shape[1] - 1, 0, -1):
        x = out[v, i] + sign * a[j, i] + carry
        carry = x >> BITS
        out[v, i] = x - (carry << BITS)
    out[v, 0] += sign * a[j, 0] + carry


@jit
def halve(x: Limbs) -> None:
    """``x //= 2`` (floor, as Python's): each limb shifted one bit down, the bit shifted out of one the top bit of
    the next."""
    carry = x[0] & 1
    x[0] >>= 1
    for i in range(1, x.shape[0]):
        shifted = (x[i] >> 1) | (carry << (BITS - 1))
        carry = x[i] & 1
        x[i] = shifted


class Table:
    """Distinct integers, each written once as a row of limbs, and numbered as they come: the weights of a big
    bracket's pass, a million pairs with a third as many weights of thousands of bits, never held as Python's
    integers all at once (300 MB at 2,000 players). Exact: a number is known again by its hash and then by the
    number itself, compared with ``==`` where it was met lately (:data:`RECENT`), else with its row limb by limb;
    a different number with the same hash is kept by value, apart (Python's hashes of integers are their
    remainders by 2**61 - 1, so such twins are rare).

    New numbers wait as integers and are written :data:`CHUNK` at a time, in one compiled call (where a compiled
    call for each number cost five microseconds, five seconds of a 2,000-player round 2), made on a thread of its
    own while the caller goes on numbering (it needs no lock of Python's: 0.7 s of a 2,000-player round 2's
    weighing); the table waits for it before it reads or writes the rows again. The rows take
    as many limbs as the widest number so far calls for (:func:`width`), and :data:`MARGIN` more, made wider (the
    rows so far copied) when a wider one comes; :meth:`written` gives them as wide as the widest calls for. Room
    for ``capacity`` rows is taken at once, in memory a row takes only once written."""

    #: Limbs more than the widest number so far needs, so that numbers a little wider do not widen every row.
    MARGIN = 2
    #: New numbers written as rows together.
    CHUNK = 4096
    #: Numbers met lately kept as integers, at least so many and at most twice: a pass meets its weights again
    #: close together (at 2,000 players 999 of every 1,000 numbers met again were among the last 256 met).
    RECENT = 1024

    def __init__(self, capacity: int) -> None:
        self._rows = np.zeros((max(1, capacity), 0), np.int64)  # its room: as many rows as it may take
        self.count = 0
        self.bits = 0  # the widest number's
        self._first: dict[int, int] = {}  # a hash: the number of the first number with it
        self._twins: dict[int, int] = {}  # numbers whose hash an earlier, different number has: their numbers
        self._waiting: list[int] = []  # the last numbers, not yet rows (numbered count - len(...) on)
        self._recent: dict[int, int] = {}  # numbers met lately, by their numbers
        self._written: Limbs | None = None
        self._writing: concurrent.futures.Future[None] | None = None  # the last chunk's rows being written

    def add(self, value: int) -> int:
        """``value``'s number: the one it was given first, else the next."""
        if self._written is not None:
            raise ValueError("the table's rows are written: it takes no more numbers")
        key = hash(value)
        first = self._first.get(key)
        if first is not None:
            met = self._recent.get(first)
            if met is not None and met == value:
                return first
            if met is None and self._holds(first, value):
                self._met(first, value)
                return first
            twin = self._twins.get(value)
            if twin is not None:
                return twin
        if self.count == len(self._rows):
            raise IndexError(f"more than {len(self._rows)} numbers")
        if first is None:
            self._first[key] = self.count
        else:
            self._twins[value] = self.count
        self.bits = max(self.bits, value.bit_length())  # of its magnitude, as Python counts a negative number's
        self._waiting.append(value)
        self._met(self.count, value)
        self.count += 1
        if len(self._waiting) >= self.CHUNK:
            self._write_waiting()
        return self.count - 1

    def number(self, index: int) -> int:
        """The number numbered ``index``."""
        if self._written is not None:
            return number(self._written[index])
        waiting = self._waiting_at(index)
        if waiting >= 0:
            return self._waiting[waiting]
        self._settle()
        return number(self._rows[index])

    def written(self) -> Limbs:
        """The rows of the numbers so far, in their order, each :func:`width` limbs for the widest of them (the
        table's own memory, its rows moved together: no copy). The table takes no more numbers after."""
        if self._written is None:
            self._write_waiting()
            self._settle()
            self._written = _narrowed(self._rows, self.count, _limbs_for(self.bits))
            self._first.clear()
            self._twins.clear()
            self._recent.clear()
        return self._written

    def _holds(self, index: int, value: int) -> bool:
        """Whether the number numbered ``index`` is ``value``."""
        waiting = self._waiting_at(index)
        if waiting >= 0:
            return self._waiting[waiting] == value
        if _limbs_for(value.bit_length()) > self._rows.shape[1]:
            return False  # wider than every row, so than this one
        self._settle()
        return bool(_same(np.frombuffer(_words(value), "<u8"), self._rows[index]))

    def _waiting_at(self, index: int) -> int:
        """The place of the number numbered ``index`` among those waiting (below 0: written as a row)."""
        return index - (self.count - len(self._waiting))

    def _met(self, index: int, value: int) -> None:
        """Keeps ``value`` among the numbers met lately (the last :data:`RECENT` of them once they are twice
        as many)."""
        recent = self._recent
        recent[index] = value
        if len(recent) > 2 * self.RECENT:
            self._recent = dict(list(recent.items())[-self.RECENT :])

    def _write_waiting(self) -> None:
        """The numbers waiting written as rows."""
        waiting = self._waiting
        if not waiting:
            return
        words = [_words(value) for value in waiting]
        ends = np.cumsum([len(raw) // 8 for raw in words], dtype=np.int64)
        self._settle()  # one chunk written at a time: the next may widen the rows
        if _limbs_for(self.bits) > self._rows.shape[1]:
            self._widen(_limbs_for(self.bits) + self.MARGIN)
        raw = np.frombuffer(b"".join(words), "<u8")
        self._writing = _WRITER.submit(_write_rows, raw, ends, self._rows, self.count - len(waiting))
        self._waiting = []

    def _settle(self) -> None:
        """Waits for the rows being written, if any (an error raised there is raised here)."""
        writing, self._writing = self._writing, None
        if writing is not None:
            writing.result()

    def _widen(self, limbs: int) -> None:
        wider = np.zeros((len(self._rows), limbs), np.int64)
        _widened(self._rows, self.count - len(self._waiting), wider)
        self._rows = wider


#: The one thread that writes tables' rows (:meth:`Table._write_waiting`): started by the first chunk submitted,
#: not as the module is imported (an executor starts its threads as work comes).
_WRITER = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="fidedesk-rows")


@inline
def _limb(raw: npt.NDArray[np.uint64], j: int, fill: np.uint64) -> np.int64:
    """Bits ``60j`` to ``60j + 59`` of the two's complement number whose 64-bit words are ``raw`` (least
    significant first; ``fill`` the words past them: the sign's)."""
    word, shift = (BITS * j) >> 6, (BITS * j) & 63
    low = raw[word] if word < raw.shape[0] else fill
    high = raw[word + 1] if word + 1 < raw.shape[0] else fill
    # the next word's bits above: shifted in two steps, as a shift by 64 is not one (no branch: twice as fast)
    value = (low >> np.uint64(shift)) | ((high << np.uint64(63 - shift)) << np.uint64(1))
    return np.int64(value & np.uint64(BASE - 1))  # not int(): numba would keep it unsigned, and compare in floats


@inline
def _fill(raw: npt.NDArray[np.uint64]) -> np.uint64:
    """The words above ``raw``'s: all bits set for a number below 0, else none."""
    return np.uint64(0xFFFFFFFFFFFFFFFF) if raw[raw.shape[0] - 1] >> np.uint64(63) else np.uint64(0)


def _words(value: int) -> bytes:
    """``value``'s 64-bit words, least significant first, two's complement, as :func:`_write_rows` and
    :func:`_same` read them (one word more than its magnitude needs, so that the top bit is its sign)."""
    return value.to_bytes(8 * (value.bit_length() // 64 + 1), "little", signed=True)


@jit
def _write_rows(raw: npt.NDArray[np.uint64], ends: npt.NDArray[np.int64], out: Limbs, first: int) -> None:
    """Rows ``first`` on of ``out`` written as the numbers whose 64-bit words (least significant first, two's
    complement) ``raw`` holds one after another, each ending before ``ends[i]``: normalised, as :func:`rows`
    writes them."""
    limbs = out.shape[1]
    start = 0
    for i in range(ends.shape[0]):
        words = raw[start : ends[i]]
        fill = _fill(words)
        row = first + i
        for j in range(limbs):
            out[row, limbs - 1 - j] = _limb(words, j, fill)
        if fill:
            out[row, 0] -= BASE
        start = ends[i]


@jit
def _same(raw: npt.NDArray[np.uint64], row: Limbs) -> bool:
    """Whether ``row`` is the number of words ``raw`` (which fits it)."""
    limbs = row.shape[0]
    fill = _fill(raw)
    for j in range(limbs - 1):
        if row[limbs - 1 - j] != _limb(raw, j, fill):
            return False
    return bool(row[0] == _limb(raw, limbs - 1, fill) - (BASE if fill else 0))


@jit
def _widened(rows: Limbs, count: int, wider: Limbs) -> None:
    """The first ``count`` rows into the wider rows ``wider``, each the same number: the limbs added on top are
    0, or for a number below 0 -1 and then every bit set (so that the first limb is signed, the others not)."""
    added = wider.shape[1] - rows.shape[1]
    for r in range(count):
        negative = rows.shape[1] > 0 and rows[r, 0] < 0
        for i in range(added):
            wider[r, i] = (-1 if i == 0 else BASE - 1) if negative else 0
        for i in range(rows.shape[1]):
            wider[r, added + i] = rows[r, i]
        if negative and added:
            wider[r, added] += BASE


@jit
def _narrowed(rows: Limbs, count: int, limbs: int) -> Limbs:
    """The first ``count`` rows, each cut to its last ``limbs`` limbs (those above being only the sign), moved
    together at the start of ``rows``' memory, as an array of that memory."""
    cut = rows.shape[1] - limbs
    flat = rows.reshape(-1)
    width_ = rows.shape[1]
    for r in range(count):
        negative = rows[r, 0] < 0 if width_ else False
        for i in range(limbs):
            flat[r * limbs + i] = flat[r * width_ + cut + i]
        if negative and cut:
            flat[r * limbs] -= BASE
    return flat[: count * limbs].reshape(count, limbs)
