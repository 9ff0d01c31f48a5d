"""How fidedesk reads the bytes of text files whose encoding nobody states (TRF, FIDE's rating lists)."""

from __future__ import annotations

__all__ = ["decode"]


def decode(data: bytes, encoding: str = "utf-8") -> tuple[str, str]:
    """``data`` as text, and the encoding to read what follows it with.

    UTF-8 while the bytes are valid UTF-8; else Windows-1252 (Latin-1 with the letters Š Ž Œ ...), which
    then sticks; Latin-1 for the five bytes Windows-1252 leaves undefined. A file read in pieces passes
    the returned encoding back in, so one line that is not UTF-8 settles the rest.
    """
    if encoding == "utf-8":
        try:
            return data.decode("utf-8"), encoding
        except UnicodeDecodeError:
            encoding = "cp1252"
    try:
        return data.decode(encoding), encoding
    except UnicodeDecodeError:
        return data.decode("latin-1"), encoding
