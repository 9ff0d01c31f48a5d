"""Whether a file is an ``.xlsx`` zip of a sane size, decided before openpyxl sees it.

Refused, with an :class:`~fidedesk.io.excel.grid.XlsxError` saying what the file seems to be instead:
anything that is not an ``.xlsx`` zip (an old ``.xls`` or other OLE file, a workbook protected with a
password, a text/CSV, HTML or PDF file renamed, an OpenDocument ``.ods``, an ``.xlsb``, some other zip);
a damaged or truncated zip; a "zip bomb" (a file over :data:`MAX_FILE_BYTES`, more than
:data:`MAX_MEMBERS` parts, parts that would unpack to more than :data:`MAX_UNPACKED_BYTES` in all, or one
part over :data:`SUSPICIOUS_MEMBER_BYTES` compressed more than :data:`SUSPICIOUS_RATIO` to 1).
:mod:`fidedesk.io.excel.read` calls :func:`check_container` and then reads the sheets.
"""

from __future__ import annotations

import os
import struct
import zipfile
from typing import Any, BinaryIO, Final

from fidedesk.io.bounded import size_text as _mb
from fidedesk.io.excel.grid import XlsxError
from fidedesk.io.plain_words import Plain

__all__ = [
    "MAX_FILE_BYTES",
    "MAX_MEMBERS",
    "MAX_UNPACKED_BYTES",
    "SUSPICIOUS_MEMBER_BYTES",
    "SUSPICIOUS_RATIO",
    "check_container",
]

#: Largest file read at all.
MAX_FILE_BYTES: Final = 100 * 1024 * 1024
#: Most parts (zip members) in a workbook; Excel writes a few dozen.
MAX_MEMBERS: Final = 5_000
#: Largest total the parts may unpack to.
MAX_UNPACKED_BYTES: Final = 200 * 1024 * 1024
#: A part this large or larger must not be compressed more than SUSPICIOUS_RATIO to 1.
SUSPICIOUS_MEMBER_BYTES: Final = 10 * 1024 * 1024
SUSPICIOUS_RATIO: Final = 100

_OLE_MAGIC: Final = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
_ZIP_MAGIC: Final = b"PK\x03\x04"
_EMPTY_ZIP_MAGIC: Final = b"PK\x05\x06"
_SCAN_CHUNK: Final = 1024 * 1024


def check_container(handle: BinaryIO, name: str) -> None:
    """Refuse what is not an ``.xlsx`` zip of a sane size, before openpyxl sees it."""
    size = os.fstat(handle.fileno()).st_size
    head = handle.read(4096)
    if not head:
        raise XlsxError(name, "the file is empty (0 bytes)", Plain.EMPTY)
    if head.startswith(_OLE_MAGIC):
        raise XlsxError(name, _describe_ole(handle), Plain.NOT_WORKBOOK)
    if not head.startswith((_ZIP_MAGIC, _EMPTY_ZIP_MAGIC)):
        raise XlsxError(name, f"not an Excel .xlsx workbook ({_describe_content(head)})", Plain.NOT_WORKBOOK)
    if size > MAX_FILE_BYTES:
        sizes = f"{_mb(size)}, at most {_mb(MAX_FILE_BYTES)}"
        too_large = f"the file is too large to be a workbook fidedesk reads ({sizes})"
        raise XlsxError(name, too_large, Plain.TOO_BIG)
    handle.seek(0)
    try:
        with zipfile.ZipFile(handle) as archive:
            members = archive.infolist()
    except zipfile.BadZipFile as exc:
        raise XlsxError(
            name,
            "the file is incomplete or damaged: it starts like an .xlsx workbook but is not a whole zip archive "
            "(was it cut off while copying or downloading?)",
        ) from exc
    except (OSError, EOFError, ValueError, NotImplementedError, struct.error) as exc:
        raise XlsxError(name, "the file is damaged: its zip archive cannot be read") from exc
    _check_members(members, name)


def _check_members(members: list[zipfile.ZipInfo], name: str) -> None:
    """Refuse zip bombs and zips that are not an Excel workbook, from the sizes the zip declares.

    zipfile never unpacks a part to more than its declared size (and checks its CRC), so these sizes
    bound what openpyxl can be made to unpack.
    """
    if len(members) > MAX_MEMBERS:
        raise XlsxError(
            name, f"the file has {len(members):,} parts; a workbook has a few dozen (at most {MAX_MEMBERS:,})"
        )
    total = 0
    for member in members:
        total += member.file_size
        ratio = member.file_size / max(member.compress_size, 1)
        if member.file_size >= SUSPICIOUS_MEMBER_BYTES and ratio > SUSPICIOUS_RATIO:
            raise XlsxError(
                name,
                f"refused as a possible zip bomb: the part {_short(member.filename)} would unpack to "
                f"{_mb(member.file_size)} from {_mb(member.compress_size)} ({ratio:,.0f} to 1)",
            )
    if total > MAX_UNPACKED_BYTES:
        raise XlsxError(
            name,
            f"refused as a possible zip bomb: its parts would unpack to {_mb(total)} "
            f"(fidedesk reads workbooks up to {_mb(MAX_UNPACKED_BYTES)} unpacked)",
        )
    names = {member.filename for member in members}
    if any(member.flag_bits & 0x1 for member in members):
        raise XlsxError(name, "parts of the zip archive are encrypted; an .xlsx workbook never is")
    if "xl/workbook.bin" in names:
        binary = "not an .xlsx workbook but an Excel binary workbook (.xlsb); save it from Excel as .xlsx"
        raise XlsxError(name, binary, Plain.NOT_WORKBOOK)
    if "[Content_Types].xml" not in names:
        if any(entry.startswith("xl/") for entry in names):
            raise XlsxError(
                name, "the file is damaged: it holds workbook parts but not their list ([Content_Types].xml)"
            )
        raise XlsxError(name, f"not an Excel .xlsx workbook ({_describe_zip(names)})", Plain.NOT_WORKBOOK)


def _describe_zip(names: set[str]) -> str:
    """What a zip that is not a workbook seems to be."""
    if "mimetype" in names and "content.xml" in names:
        return "an OpenDocument file, such as a LibreOffice .ods; save it as Excel 2007-365 (.xlsx)"
    if "word/document.xml" in names:
        return "a Word document"
    if any(entry.startswith("ppt/") for entry in names):
        return "a PowerPoint presentation"
    if not names:
        return "an empty zip archive"
    shown = ", ".join(sorted(_short(entry) for entry in names)[:3])
    return f"a zip archive of other files: {shown}{', …' if len(names) > 3 else ''}"


def _describe_ole(handle: BinaryIO) -> str:
    """What an OLE compound file (the pre-2007 Office container) holds, from its stream names."""
    streams = {
        "encrypted": "EncryptedPackage".encode("utf-16-le"),
        "xls": "Workbook".encode("utf-16-le"),
        "xls5": "Book\x00".encode("utf-16-le"),
        "doc": "WordDocument".encode("utf-16-le"),
    }
    found = _scan_for(handle, streams.values())
    if streams["encrypted"] in found:
        return (
            "the workbook is protected with a password (Excel stores it encrypted); open it in Excel, "
            "remove the password under File › Info › Protect Workbook, save it and import it again"
        )
    if streams["xls"] in found or streams["xls5"] in found:
        return (
            "not an .xlsx workbook but an old Excel 97-2003 .xls file; open it in Excel or LibreOffice and "
            "save it as Excel Workbook (.xlsx)"
        )
    if streams["doc"] in found:
        return "not an Excel .xlsx workbook (an old Word .doc document)"
    return "not an Excel .xlsx workbook (an old Office file in the OLE format, such as an .xls or .doc)"


def _scan_for(handle: BinaryIO, needles: Any) -> set[bytes]:
    """Which of ``needles`` occur in the file (read in chunks, at most MAX_FILE_BYTES)."""
    wanted = set(needles)
    overlap = max(len(needle) for needle in wanted)
    found: set[bytes] = set()
    handle.seek(0)
    tail = b""
    read = 0
    while wanted - found and read < MAX_FILE_BYTES:
        chunk = handle.read(_SCAN_CHUNK)
        if not chunk:
            break
        read += len(chunk)
        window = tail + chunk
        found.update(needle for needle in wanted if needle in window)
        tail = window[-overlap:]
    return found


def _describe_content(head: bytes) -> str:
    """What the first bytes of a file that is not a zip look like, for the refusal message."""
    text = head.lstrip(b"\xef\xbb\xbf \t\r\n").lower()
    if head.startswith(b"%PDF"):
        return "it is a PDF document"
    if head.startswith((b"\x1f\x8b", b"Rar!", b"7z\xbc\xaf\x27\x1c")):
        return "it is a compressed archive of another kind (gzip, RAR or 7-Zip)"
    if text.startswith(b"<"):
        if b"urn:schemas-microsoft-com:office:spreadsheet" in text:
            return "it is an Excel 2003 XML spreadsheet; open it in Excel and save it as .xlsx"
        if b"<html" in text or b"<!doctype html" in text or b"<table" in text:
            return "it is a web page (HTML) saved under a spreadsheet name; open it in Excel and save it as .xlsx"
        return "it is an XML or HTML document"
    decoded = _as_text(head)
    if decoded is not None:
        first = decoded.splitlines()[0] if decoded.strip() else ""
        if any(sep in first for sep in (",", ";", "\t")):
            return (
                "it is a text file, apparently CSV (values separated by commas, semicolons or tabs); "
                "open it in Excel and save it as .xlsx"
            )
        return "it is a plain text file"
    return "its content is not a spreadsheet fidedesk recognises"


def _as_text(head: bytes) -> str | None:
    """``head`` as text if it looks like text (no control bytes other than tab and line ends), else None."""
    if head.startswith((b"\xff\xfe", b"\xfe\xff")):
        return head.decode("utf-16", errors="replace")
    try:
        text = head.decode("utf-8")
    except UnicodeDecodeError as exc:
        if exc.start < len(head) - 4:  # a character cut at the end of the sample is fine
            text = head.decode("cp1252", errors="replace")
        else:
            text = head[: exc.start].decode("utf-8")
    controls = sum(1 for ch in text if ord(ch) < 32 and ch not in "\t\r\n")
    return text if controls == 0 else None


def _short(text: str, limit: int = 60) -> str:
    """A name from the file, quoted and cut for a message."""
    return repr(text if len(text) <= limit else text[: limit - 1] + "…")
