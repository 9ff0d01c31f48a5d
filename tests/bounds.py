"""Bounds on the work code does, for tests that would otherwise time it: bytes unpacked from zip archives,
memory at its peak, Python function calls. Each is the same on every machine, however busy; a clock is not
(timings belong in ``benchmarks/``, as ratios).
"""

from __future__ import annotations

import sys
import tracemalloc
import zipfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from types import FrameType
from typing import Any
from unittest import mock

MB = 1024 * 1024


@dataclass
class Work:
    """What the code inside :func:`measured` did."""

    unpacked: int = 0  #: bytes zip archives' parts gave to their readers (what ``read`` and ``read1`` returned)
    peak: int = 0  #: bytes of memory allocated at the peak, when measured (:mod:`tracemalloc`)


@contextmanager
def measured(*, memory: bool = False) -> Iterator[Work]:
    """Count the bytes unpacked from any zip archive inside the block, and its peak memory if ``memory``."""
    work = Work()
    read, read1 = zipfile.ZipExtFile.read, zipfile.ZipExtFile.read1

    def counted_read(self: zipfile.ZipExtFile, n: int | None = -1) -> bytes:
        data = read(self, n)
        work.unpacked += len(data)
        return data

    def counted_read1(self: zipfile.ZipExtFile, n: int) -> bytes:
        data = read1(self, n)
        work.unpacked += len(data)
        return data

    if memory:
        tracemalloc.start()
    try:
        with (
            mock.patch.object(zipfile.ZipExtFile, "read", counted_read),
            mock.patch.object(zipfile.ZipExtFile, "read1", counted_read1),
        ):
            yield work
    finally:
        if memory:
            work.peak = tracemalloc.get_traced_memory()[1]
            tracemalloc.stop()


def calls(work: Callable[[], Any]) -> int:
    """How many Python functions ``work()`` calls (generators resumed included): its work, in steps that a
    per-item search or a loop within a loop multiplies."""
    count = 0

    def profile(_frame: FrameType, event: str, _arg: object) -> None:
        nonlocal count
        if event == "call":
            count += 1

    previous = sys.getprofile()
    sys.setprofile(profile)
    try:
        work()
    finally:
        sys.setprofile(previous)
    return count
