"""A damaged zip in words: what Python's zipfile and its decompressors raise, as the reason a person reads.

zipfile reports damage with whatever exception its code meets: BadZipFile (a checksum that does not match,
names that differ between the zip's directory and an entry, a header cut short, broken zip64 fields),
zlib.error / lzma.LZMAError / OSError without an errno (bzip2) on corrupt compressed data, EOFError on an
entry cut short, NotImplementedError on an unknown compression method, RuntimeError on an encrypted entry,
struct.error / ValueError / OSError (EINVAL: a seek before the file's start) on fields pointing outside the
file, UnicodeDecodeError on a name flagged UTF-8 that is not, and KeyError on an entry no longer there.
:func:`zip_damage` turns each into the reader's own narrow error, naming the file and the damage.
"""

from __future__ import annotations

import contextlib
import errno
import lzma
import struct
import zipfile
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Final

from fidedesk.io.plain_words import Plain

__all__ = ["ZIP_ERRORS", "damage_reason", "zip_damage"]

#: Every exception zipfile and its decompressors raise on a damaged zip (the module's docstring).
ZIP_ERRORS: Final = (
    zipfile.BadZipFile, zlib.error, lzma.LZMAError, EOFError, RuntimeError, struct.error, ValueError, OSError,
    KeyError,
)  # fmt: skip


def damage_reason(error: BaseException, method: int | None = None) -> str | None:
    """What is wrong with the zip, in words, from what zipfile raised while reading an entry packed with
    compression ``method`` (when known); None when the disk failed, not the zip."""
    text = str(error)
    if isinstance(error, zipfile.BadZipFile):
        if text.startswith("Bad CRC-32"):
            return "the list's checksum does not match (CRC error)"
        if text.startswith("File name in directory"):
            return "the list's name in the zip's directory differs from the one in its entry"
        if text.startswith(("Bad magic number for file header", "Truncated file header")):
            return "the list's entry in the zip is missing or cut short"
        if "extra field" in text:
            return f"the zip's sizes (its zip64 field) are broken ({text})"
        return f"the zip's structure is broken ({text})"
    if isinstance(error, EOFError):
        return "the list is cut short (an incomplete download)"
    if isinstance(error, NotImplementedError):
        if "compression" in text:
            which = f"compression method {method}" if method is not None else "a compression method"
            return f"the list is packed with {which}, which fidedesk cannot unpack (FIDE's zips use deflate, 8)"
        return f"the zip uses a feature fidedesk cannot read ({text})"
    if isinstance(error, RuntimeError) and "encrypted" in text:
        return "the list is encrypted (password-protected), as FIDE's downloads are not"
    if isinstance(error, UnicodeDecodeError):
        return "a name in the zip is flagged as UTF-8 but is not"
    if isinstance(error, KeyError):
        return "the list is no longer in the zip (the file changed since it was chosen)"
    if isinstance(error, (zlib.error, lzma.LZMAError)) or (isinstance(error, OSError) and error.errno is None):
        return f"the list's compressed data is corrupt ({text})"
    if isinstance(error, OSError):
        return "the zip's directory points outside the file" if error.errno == errno.EINVAL else None
    return f"the zip's structure is broken ({type(error).__name__}: {text})"


@contextlib.contextmanager
def zip_damage(path: Path, error_type: type[ValueError], method: int | None = None) -> Iterator[None]:
    """Whatever the zip machinery raises in the block (:data:`ZIP_ERRORS`) as one ``error_type`` naming
    ``path`` and the damage, ending "download it again" (made with the message and its plain sentence,
    plain_words); an ``error_type`` raised in the block and the
    machine's errors (out of memory, deep recursion) pass as they are, and an unreadable disk is said as such."""
    try:
        yield
    except (error_type, RecursionError):
        raise
    except ZIP_ERRORS as error:
        reason = damage_reason(error, method)
        if reason is None:
            unreadable = f"{path.name}: cannot be read ({getattr(error, 'strerror', None) or error})"
            raise error_type(unreadable, Plain.CANNOT_OPEN) from None
        raise error_type(f"{path.name}: damaged: {reason} — download it again", Plain.DOWNLOAD_DAMAGED) from None
