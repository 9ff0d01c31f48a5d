"""Integers of thousands of bits as rows of machine words, for :mod:`fidedesk.engine.blossom_jit`.

gacrux weighs a bracket's pairs with C.04.3's criteria as powers of ten, so a weight has 1,000 to 7,000 bits: no
machine integer holds it, and no compiled matching takes it (rustworkx's is 128-bit). Here a number is a row of
``int64`` *limbs* in base 2**32, most significant first: the first limb signed, every other in [0, 2**32) (the
row *normalised*), so that two rows compare limb by limb and a sum of a few rows fits each limb. Every figure is
exact; nothing is rounded.

The functions compiled (numba) are the few the matching needs: a sum's sign read from the top limbs down,
stopping as soon as the rest cannot change it (a slack's sign, or which of two slacks is less, is mostly settled
in the first few limbs), a slack written out, halving, comparing."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar, cast

import numba
import numpy as np
import numpy.typing as npt

Limbs = npt.NDArray[np.int64]
Words = npt.NDArray[np.uint32]

#: A limb's base.
BASE = 1 << 32

F = TypeVar("F", bound=Callable[..., Any])


def _compiled(**options: Any) -> Callable[[F], F]:
    """numba's ``njit`` with ``options``, typed as what it is to a caller: the function, compiled."""
    return cast(Callable[[F], F], numba.njit(cache=True, nogil=True, **options))


#: numba's compilation as every compiled function of the matching takes it: kept on disk once compiled (in the
#: user's cache where the package's folder is not writable), and free of Python's global lock while it runs.
jit = _compiled()
#: The same, for a small function the matching calls in its inner loops: compiled into each caller.
inline = _compiled(inline="always")


def width(numbers: Sequence[int]) -> int:
    """The limbs a row needs for ``numbers`` and the sums the matching makes of them (slacks, duals moved by
    slacks): 40 bits over the widest, and the first limb a whole machine word besides (a carry into it never
    overflows; :mod:`fidedesk.engine.blossom_jit` stops with :class:`OverflowError` before a dual could)."""
    bits = max((abs(number).bit_length() for number in numbers), default=0)
    return (bits + 40) // 32 + 2


def rows(numbers: Sequence[int], limbs: int) -> Limbs:
    """``numbers`` as normalised rows of ``limbs`` limbs each (two's complement over the row, the first limb then
    made signed)."""
    out = np.empty((len(numbers), limbs), np.int64)
    modulus = 1 << (32 * limbs)
    for row, number in enumerate(numbers):
        words = np.frombuffer((number % modulus).to_bytes(4 * limbs, "big"), ">u4").astype(np.int64)
        if number < 0:
            words[0] -= BASE
        out[row] = words
    return out


def words(numbers: Sequence[int], limbs: int) -> tuple[Limbs, Words]:
    """``numbers`` kept as the matching keeps its weights, in half the memory of :func:`rows`: each one's first
    (signed) limb, and its limbs as unsigned 32-bit words (the first word not read). A 2,000-player round 2's
    big matching has 308,945 weights of up to 7,293 bits: 290 MB so, as Python holds them."""
    tops = np.empty(len(numbers), np.int64)
    out = np.empty((len(numbers), limbs), np.uint32)
    modulus = 1 << (32 * limbs)
    for row, number in enumerate(numbers):
        out[row] = np.frombuffer((number % modulus).to_bytes(4 * limbs, "big"), ">u4")
        tops[row] = int(out[row, 0]) - (BASE if number < 0 else 0)
    return tops, out


def number(row: Limbs) -> int:
    """A normalised row as the integer it is (for tests and checks)."""
    value = 0
    for limb in row:
        value = value * BASE + int(limb)
    return value


@jit
def normalise(x: Limbs) -> None:
    """Carry each limb's excess into the one above, so that every limb but the first is in [0, 2**32)."""
    for i in range(x.shape[0] - 1, 0, -1):
        carry = x[i] >> 32
        x[i] -= carry << 32
        x[i - 1] += carry


@jit
def compare(a: Limbs, b: Limbs) -> int:
    """-1, 0 or 1 as ``a`` is less than, equal to or more than ``b`` (both normalised)."""
    for i in range(a.shape[0]):
        if a[i] != b[i]:
            return -1 if a[i] < b[i] else 1
    return 0


@jit
def sign3w(a: Limbs, b: Limbs, top: int, c: Words) -> int:
    """The sign of ``a + b - c`` (a slack), ``c`` a weight kept as :func:`words` (its first limb ``top``, the rest
    ``c[1:]``): read from the top limb down, and settled once the part read is 2 or more away from 0 (what is
    left below adds less than one unit of the limb above, twice over)."""
    acc = a[0] + b[0] - top
    if acc >= 2:
        return 1
    if acc <= -2:
        return -1
    for i in range(1, a.shape[0]):
        acc = acc * BASE + a[i] + b[i] - c[i]
        if acc >= 2:
            return 1
        if acc <= -2:
            return -1
    return 1 if acc > 0 else (-1 if acc < 0 else 0)


@jit
def sign6w(a: Limbs, b: Limbs, ctop: int, c: Words, d: Limbs, e: Limbs, ftop: int, f: Words) -> int:
    """The sign of ``(a + b - c) - (d + e - f)`` (which of two slacks is less), ``c`` and ``f`` weights kept as
    :func:`words`: as :func:`sign3w` (three rows added below, three taken away: settled at 3)."""
    acc = a[0] + b[0] - ctop - d[0] - e[0] + ftop
    if acc >= 3:
        return 1
    if acc <= -3:
        return -1
    for i in range(1, a.shape[0]):
        acc = acc * BASE + a[i] + b[i] - c[i] - d[i] - e[i] + f[i]
        if acc >= 3:
            return 1
        if acc <= -3:
            return -1
    return 1 if acc > 0 else (-1 if acc < 0 else 0)


@jit
def slack_intow(out: Limbs, a: Limbs, b: Limbs, top: int, c: Words) -> None:
    """``out = a + b - c``, normalised, ``c`` a weight kept as :func:`words`."""
    out[0] = a[0] + b[0] - top
    for i in range(1, out.shape[0]):
        out[i] = a[i] + b[i] - c[i]
    normalise(out)


@jit
def add_into(out: Limbs, a: Limbs, sign: int) -> None:
    """``out += sign * a`` (``sign`` 1 or -1), normalised."""
    for i in range(out.shape[0]):
        out[i] += sign * a[i]
    normalise(out)


@jit
def halve(x: Limbs) -> None:
    """``x //= 2`` (floor, as Python's): each limb shifted one bit down, the bit shifted out of one the top bit of
    the next."""
    carry = x[0] & 1
    x[0] >>= 1
    for i in range(1, x.shape[0]):
        shifted = (x[i] >> 1) | (carry << 31)
        carry = x[i] & 1
        x[i] = shifted
