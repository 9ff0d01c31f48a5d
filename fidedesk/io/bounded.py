"""Reading a whole file no larger than a limit, in bounded memory, whatever the file claims to be.

A file's size on disk says nothing for ``/dev/zero``, a pipe or a file still growing, and ``read(limit)``
sets aside ``limit`` bytes at once; the file is read in pieces instead, and reading stops one byte past
the limit.
"""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["read_at_most"]

_PIECE = 1024 * 1024


def read_at_most(path: str | os.PathLike[str], limit: int) -> bytes | None:
    """The bytes of ``path``; None when it holds more than ``limit`` (having read ``limit`` + 1 at most).
    OSError when it cannot be read."""
    pieces: list[bytes] = []
    total = 0
    with Path(path).open("rb") as file:
        while total <= limit:
            piece = file.read(min(_PIECE, limit + 1 - total))
            if not piece:
                return b"".join(pieces)
            pieces.append(piece)
            total += len(piece)
    return None
