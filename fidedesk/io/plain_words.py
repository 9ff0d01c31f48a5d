"""Why a file cannot be read, first in words a club secretary knows, then as the readers say it (issue 29).

A PDF renamed ``.trf`` used to be refused with "no player records (001)", which only a TRF reader
understands. Every reader's narrow error (:class:`~fidedesk.io.trf.records.TrfError`,
:class:`~fidedesk.io.native.fidedesk_json.FidedeskFileError`, :class:`~fidedesk.io.excel.grid.XlsxError`,
:class:`~fidedesk.io.ratinglist.fide_list.ListFormatError`, :class:`~fidedesk.io.bounded.FileLimitError`, and
:class:`~fidedesk.io.formats.FileFormatError`, which carries theirs) has a ``plain`` attribute: one of
:class:`Plain`, chosen where the error is raised (its class's default otherwise). The window's messages and
fidedesk-cli's line say it first and then the technical detail as before (the file, the line or the cell,
the reason): :func:`explained`. Each sentence lives here only.
"""

from __future__ import annotations

import enum

__all__ = ["Plain", "explained", "plain_of"]


class Plain(enum.Enum):
    """What is wrong with a file, as one plain sentence; the value is the sentence."""

    EMPTY = "This file is empty."
    NO_PLAYERS = "This is not a tournament file: no players were found in it."
    NOT_TEXT = "This is not a tournament file: it is not text."
    TRF_MISTAKE = "This tournament file (TRF) has a mistake in it, so none of it was read."
    NOT_FIDEDESK = "This is not a fidedesk file."
    FIDEDESK_DAMAGED = "This fidedesk file is damaged or was changed by hand, so none of it was read."
    NEWER = "This file was saved by a newer fidedesk: update fidedesk to open it."
    TRUNCATED = "This file is incomplete: it was cut off while it was copied or saved."
    NOT_WORKBOOK = "This is not an Excel workbook (.xlsx)."
    WORKBOOK_DAMAGED = "This spreadsheet is damaged or cannot be read safely."
    NO_PLAYER_SHEET = "This spreadsheet has no sheet of players."
    SHEET_MISTAKES = "Parts of this spreadsheet cannot be read as a tournament, so nothing was imported."
    NOT_A_FILE = "This is a folder or a device, not a file."
    TOO_BIG = "This file is far bigger than any file of its kind."
    CANNOT_OPEN = "This file cannot be opened: it is gone, or this user may not read it."
    NOT_RATING_LIST = "This is not a FIDE rating list."
    DOWNLOAD_DAMAGED = "This download is damaged or incomplete: download it again."
    RATING_LIST_MISTAKE = "This rating list has a mistake in it, so none of it was imported."
    LISTS_UNREADABLE = "The rating lists kept on this computer cannot be read."


def plain_of(error: BaseException) -> Plain | None:
    """The plain sentence of a reader's error; None for an error that has none (a bug, a typed value)."""
    plain = getattr(error, "plain", None)
    return plain if isinstance(plain, Plain) else None


def explained(error: BaseException, gap: str = "\n\n") -> str:
    """The error's plain sentence, ``gap``, then its own message (the technical detail, unchanged); the
    message alone for an error without a plain sentence. The window puts a blank line between them, the
    command line (one line per error) a space."""
    plain = plain_of(error)
    return str(error) if plain is None else f"{plain.value}{gap}{error}"
