"""Autosave and crash recovery: one recovery file per open document, in a folder the caller chooses.

The window (which passes QStandardPaths' AppDataLocation as the folder) writes the open tournament
with ``write_recovery`` every few minutes and after edits, and calls ``discard_recovery`` when the
document is saved or closed without changes. After a crash, ``find_recoveries`` lists what is left,
newest first, with enough to show the user (event name, players, rounds, when) and to reopen it.

A recovery file is a normal .fidedesk file (it loads with ``fidedesk_file.load``) with one more
top-level key, ``"recovery_for"``: the absolute path of the document it belongs to, or null for a
document never saved. Names, stable for a document as long as it keeps its path:

* a named document: ``STEM.HASH.fidedesk``, STEM its file name without extension (characters other
  than letters, digits, ``_`` and ``-`` replaced by ``_``, at most 40), HASH the first 12 hex digits
  of the SHA-256 of its absolute path (case-folded on Windows);
* an unnamed document: ``untitled-N.fidedesk``, N = 1 unless the caller numbers several unnamed
  documents open at once.

Writes are atomic (fidedesk.io.native.atomic). The folder is made 0700 and the files 0600, whatever the umask: they
hold the user's tournaments, players' names and birth dates included (POSIX; Windows keeps the data folder
to its user). A write killed half-way leaves a ``.NAME.PID.RANDOM.tmp`` file beside the recovery file;
``find_recoveries`` ignores it (it reads ``*.fidedesk`` only) and removes it once its writer is gone, as
does the next write of that recovery file (a document's may never be written again).
"""

from __future__ import annotations

import contextlib
import dataclasses
import datetime as dt
import hashlib
import os
import re
import stat
from pathlib import Path

from fidedesk.core.tournament import Tournament
from fidedesk.io.native.atomic import remove_stale_temps_in, write_atomic
from fidedesk.io.native.fidedesk_file import SUFFIX, FidedeskDocument, FidedeskFileError, dumps, load, load_document

__all__ = ["RECOVERY_KEY", "Recovery", "discard_recovery", "find_recoveries", "recovery_path", "write_recovery"]

#: The top-level key that makes a .fidedesk file a recovery file.
RECOVERY_KEY = "recovery_for"
#: Permission bits of the recovery folder and of its files: the user's alone.
FOLDER_MODE = 0o700
FILE_MODE = 0o600

_UNSAFE = re.compile(r"[^\w\-]+")
_STEM_LENGTH = 40
_HASH_LENGTH = 12


@dataclasses.dataclass(frozen=True)
class Recovery:
    """A recovery file found in the folder, and what to tell the user about it.

    ``document`` is the path of the document it belongs to (None: never saved); ``saved`` when it was
    written (the file's ``saved`` timestamp, else its modification time; always with a time zone).
    ``error`` is the one-line reason when the file cannot be loaded (the summary is then empty).
    """

    path: Path
    document: Path | None
    saved: dt.datetime
    event_name: str = ""
    players: int = 0
    rounds: int = 0
    error: str | None = None

    def load(self) -> Tournament:
        """The tournament it holds (FidedeskFileError when it cannot be loaded)."""
        return load(self.path)

    def discard(self) -> None:
        """Remove the recovery file (nothing happens when it is already gone)."""
        self.path.unlink(missing_ok=True)


def recovery_path(
    document_path: str | os.PathLike[str] | None, folder: str | os.PathLike[str], *, untitled: int = 1
) -> Path:
    """Where the recovery file of a document goes (see the module docstring for the names)."""
    if document_path is None:
        if untitled < 1:
            raise ValueError(f"untitled must be 1 or more, not {untitled}")
        return Path(folder) / f"untitled-{untitled}{SUFFIX}"
    absolute = os.path.abspath(document_path)
    digest = hashlib.sha256(os.path.normcase(absolute).encode("utf-8", "surrogatepass")).hexdigest()
    stem = _UNSAFE.sub("_", Path(absolute).stem)[:_STEM_LENGTH] or "document"
    return Path(folder) / f"{stem}.{digest[:_HASH_LENGTH]}{SUFFIX}"


def write_recovery(
    tournament: Tournament,
    document_path: str | os.PathLike[str] | None,
    folder: str | os.PathLike[str],
    *,
    untitled: int = 1,
) -> Path:
    """Write the document's recovery file atomically (creating the folder); its path. The folder is made
    :data:`FOLDER_MODE` and the file :data:`FILE_MODE`, whatever the umask.

    FidedeskFileError when the tournament cannot be saved, OSError when the disk refuses.
    """
    path = recovery_path(document_path, folder, untitled=untitled)
    path.parent.mkdir(mode=FOLDER_MODE, parents=True, exist_ok=True)
    if os.name != "nt" and stat.S_IMODE(path.parent.stat().st_mode) != FOLDER_MODE:  # an older fidedesk's
        path.parent.chmod(FOLDER_MODE)
    belongs_to = None if document_path is None else os.path.abspath(document_path)
    write_atomic(path, dumps(tournament, extra={RECOVERY_KEY: belongs_to}, source=os.fspath(path)), mode=FILE_MODE)
    return path


def discard_recovery(
    document_path: str | os.PathLike[str] | None, folder: str | os.PathLike[str], *, untitled: int = 1
) -> bool:
    """Remove the document's recovery file; True when there was one."""
    path = recovery_path(document_path, folder, untitled=untitled)
    try:
        path.unlink()
    except FileNotFoundError:
        return False
    return True


def find_recoveries(folder: str | os.PathLike[str]) -> list[Recovery]:
    """The recovery files in the folder, newest first (an empty list when the folder does not exist).

    A file that cannot be loaded is listed with its ``error``, so that it can be shown and discarded. What
    killed writes left in the folder is removed (:func:`fidedesk.io.native.atomic.remove_stale_temps_in`).
    """
    with contextlib.suppress(OSError):
        remove_stale_temps_in(folder)
    found = []
    for path in Path(folder).glob(f"*{SUFFIX}"):
        with contextlib.suppress(FileNotFoundError):  # discarded meanwhile
            if path.is_file():
                found.append(_read_recovery(path))
    return sorted(found, key=lambda recovery: (recovery.saved, recovery.path.name), reverse=True)


def _read_recovery(path: Path) -> Recovery:
    """What one recovery file holds, or why it cannot be read."""
    modified = dt.datetime.fromtimestamp(path.stat().st_mtime).astimezone()
    try:
        document = load_document(path)
    except FidedeskFileError as error:
        return Recovery(path, None, modified, error=str(error))
    except FileNotFoundError:
        raise
    except OSError as error:
        return Recovery(path, None, modified, error=f"{path}: {error.strerror or error}")
    saved = modified if document.saved is None else _aware(document.saved)
    belongs_to = document.fields.get(RECOVERY_KEY, ...)
    if belongs_to is not None and not isinstance(belongs_to, str):
        reason = "missing" if belongs_to is ... else "not a path or null"
        return Recovery(path, None, saved, error=f"{path}: {RECOVERY_KEY}: {reason}")
    return _summary(path, None if belongs_to is None else Path(belongs_to), saved, document)


def _summary(path: Path, belongs_to: Path | None, saved: dt.datetime, document: FidedeskDocument) -> Recovery:
    tournament = document.tournament
    return Recovery(path, belongs_to, saved, tournament.info.name, len(tournament.players), tournament.last_round)


def _aware(moment: dt.datetime) -> dt.datetime:
    """A timestamp with a time zone (one written without is taken as local time)."""
    return moment if moment.tzinfo is not None else moment.astimezone()
