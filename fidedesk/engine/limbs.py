"""Integers of thousands of bits as rows of machine words, for :mod:`fidedesk.engine.blossom_jit`.

gacrux weighs a bracket's pairs with C.04.3's criteria as powers of ten, so a weight has 1,000 to 7,000 bits: no
machine integer holds it, and no compiled matching takes it (rustworkx's is 128-bit). Here a number is a row of
``int64`` *limbs* in base 2**60, most significant first: the first limb signed, every other in [0, 2**60) (the
row *normalised*), so that two rows compare limb by limb and a sum of six rows still fits a limb. Every figure
is exact; nothing is rounded.

The functions compiled (numba) are the few the matching needs: a sum's sign read from the top limbs down,
stopping as soon as the rest cannot change it (a slack's sign, or which of two slacks is less, is mostly settled
in the first few limbs), a slack written out, halving, comparing."""

from __future__ import annotations

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


def width(numbers: Sequence[int]) -> int:
    """The limbs a row needs for ``numbers`` and the sums the matching makes of them (slacks, duals moved by
    slacks): 40 bits over the widest, and the first limb a whole machine word besides (a carry into it never
    overflows; :mod:`fidedesk.engine.blossom_jit` stops with :class:`OverflowError` before a dual could)."""
    bits = max((abs(number).bit_length() for number in numbers), default=0)
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


@jit
def sign3(a: Limbs, b: Limbs, c: Limbs) -> int:
    """The sign of ``a + b - c`` (a slack): read from the top limb down, and settled once the part read is 2 or
    more away from 0 (what is left below adds less than one unit of the limb above, twice over)."""
    acc = 0
    for i in range(a.shape[0]):
        acc = acc * BASE + a[i] + b[i] - c[i]
        if acc >= 2:
            return 1
        if acc <= -2:
            return -1
    return 1 if acc > 0 else (-1 if acc < 0 else 0)


@jit
def sign6(a: Limbs, b: Limbs, c: Limbs, d: Limbs, e: Limbs, f: Limbs) -> int:
    """The sign of ``(a + b - c) - (d + e - f)`` (which of two slacks is less), as :func:`sign3` (three rows
    added below, three taken away: settled at 3)."""
    acc = 0
    for i in range(a.shape[0]):
        acc = acc * BASE + a[i] + b[i] - c[i] - d[i] - e[i] + f[i]
        if acc >= 3:
            return 1
        if acc <= -3:
            return -1
    return 1 if acc > 0 else (-1 if acc < 0 else 0)


@jit
def slack_into(out: Limbs, a: Limbs, b: Limbs, c: Limbs) -> None:
    """``out = a + b - c``, normalised."""
    for i in range(out.shape[0]):
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
        shifted = (x[i] >> 1) | (carry << (BITS - 1))
        carry = x[i] & 1
        x[i] = shifted
