"""Reading a file a person named, within the limit of its format.

A name on the command line or in a dialog may be anything: ``/dev/zero`` (endless), a FIFO (blocks until a
writer comes), a directory, a file of gigabytes. Before a reader sees it, :func:`check_file` refuses what is
not a regular file or is bigger than the format's limit, and :func:`read_bounded` reads at most the limit
and one byte more, so a file that grows after the check is refused too instead of filling memory.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from fidedesk.io.plain_words import Plain

__all__ = ["FileLimitError", "check_file", "read_bounded", "size_text"]

_PIECE = 1024 * 1024


class FileLimitError(ValueError):
    """A file that is not one to read (not a regular file, or too big): ``path`` and ``reason``; the message
    names the file and says why; ``plain`` says it first in plain words (plain_words)."""

    def __init__(self, path: str | os.PathLike[str], reason: str, plain: Plain = Plain.TOO_BIG) -> None:
        super().__init__(f"{os.fspath(path)}: {reason}")
        self.path = os.fspath(path)
        self.reason = reason
        self.plain = plain


def size_text(size: int) -> str:
    """Bytes as a person reads them: ``16 MB`` (whole megabytes of 1024 × 1024), ``900,000 bytes`` below."""
    return f"{size / (1024 * 1024):,.0f} MB" if size >= 1024 * 1024 else f"{size:,} bytes"


def check_file(path: str | os.PathLike[str], limit: int) -> int:
    """The size of ``path`` when it is a regular file of at most ``limit`` bytes (symbolic links followed);
    FileLimitError naming the file otherwise. A missing or unreadable file raises the OSError as it is."""
    info = os.stat(path)
    if stat.S_ISDIR(info.st_mode):
        raise FileLimitError(path, "is a folder, not a file", Plain.NOT_A_FILE)
    if not stat.S_ISREG(info.st_mode):
        raise FileLimitError(path, "not a regular file (a device, a pipe or a socket); refused", Plain.NOT_A_FILE)
    if info.st_size > limit:
        size = size_text(info.st_size)
        if size == size_text(limit):  # "16 MB, more than … 16 MB" would read as no reason at all
            size = f"{info.st_size:,} bytes"
        raise FileLimitError(path, f"{size}, more than this format's limit of {size_text(limit)}")
    return info.st_size


def read_bounded(path: str | os.PathLike[str], limit: int) -> bytes:
    """The bytes of ``path`` (:func:`check_file`), never more than ``limit`` + 1 read whatever the file does.

    Read in pieces: ``read(limit + 1)`` sets aside the whole limit at once, however small the file."""
    check_file(path, limit)
    pieces: list[bytes] = []
    total = 0
    with Path(path).open("rb") as stream:
        while total <= limit:
            piece = stream.read(min(_PIECE, limit + 1 - total))
            if not piece:
                return b"".join(pieces)
            pieces.append(piece)
            total += len(piece)
    raise FileLimitError(path, f"more than this format's limit of {size_text(limit)}")
