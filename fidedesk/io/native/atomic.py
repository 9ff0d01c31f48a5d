"""Atomic file writes: a save interrupted at any moment leaves the old file or the new one, never a mix.

``write_atomic`` writes the data to a temporary file in the target's folder, named
``.NAME.PID.RANDOM.tmp`` (NAME cut to 80 characters), flushes it and ``fsync``\\ s it, gives it the old
file's permission bits (a new file gets the usual ones, 0666 less the umask), and renames it over the
target with ``os.replace`` (atomic on POSIX file systems and on NTFS). On POSIX the folder is then
``fsync``\\ ed too, so that the rename itself survives a power cut. If anything fails before the rename,
the temporary file is removed and the exception re-raised; the target is untouched.

A process killed in the middle (SIGKILL, a power cut) cannot clean up, so its temporary file stays
behind. Readers never look at these names. The next ``write_atomic`` to the same target removes the
leftovers whose writer is gone: on POSIX, those whose PID is no longer a running process; everywhere,
those older than an hour. A temporary file of a process still writing is left alone.

A writer that needs room for temporary files of its own while it works (XlsxWriter's rows) takes
:func:`temp_folder`: a folder of its own (0700) beside the target, named ``.NAME.fidedesk-tmp-PID.RANDOM``,
removed with everything in it when the writer is done, however it ends. A writer killed meanwhile leaves
it behind; the next :func:`temp_folder` in the same folder removes every such folder whose writer is gone
(the same rule as for the files), so a writer given its target puts nothing in the system's temporary
folder, where a killed one's would stay. :func:`remove_stale_temps_in` removes the leftover files of every
target in a folder written by fidedesk alone (a web export's, the recovery folder), where a target may
never be written again.

The target is replaced as a directory entry: a symbolic link is replaced by a regular file, and the
owner of the new file is the user who saves (permission bits are kept, ownership is not).
"""

from __future__ import annotations

import contextlib
import glob
import os
import re
import secrets
import shutil
import stat
import time
from collections.abc import Iterator
from pathlib import Path

__all__ = [
    "STALE_AFTER",
    "TEMP_FOLDER_MARK",
    "TEMP_SUFFIX",
    "remove_stale_temp_folders",
    "remove_stale_temps",
    "remove_stale_temps_in",
    "temp_files",
    "temp_folder",
    "write_atomic",
]

#: How every temporary file name ends.
TEMP_SUFFIX = ".tmp"
#: What the name of a writer's temporary folder holds, between the target's name and PID.RANDOM.
TEMP_FOLDER_MARK = ".fidedesk-tmp-"
#: Seconds after which a leftover temporary file is removed even if its PID seems alive.
STALE_AFTER = 3600.0

_NAME_PART = 80  # characters of the target's name kept in the temporary name (names stay short)
_ATTEMPTS = 100  # unique names tried before giving up (each is 32 random bits)
_OWN = re.compile(r"([0-9]{1,10})\.[0-9a-f]{8}")  # PID.RANDOM between the prefix and the suffix
_ANY_TEMP = re.compile(r"\..+\.([0-9]{1,10})\.[0-9a-f]{8}" + re.escape(TEMP_SUFFIX), re.DOTALL)  # of any target


def write_atomic(path: str | os.PathLike[str], data: bytes | str, *, mode: int | None = None) -> None:
    """Replace the file at ``path`` by ``data`` (str: UTF-8) atomically; see the module's docstring.

    ``mode``: the new file's permission bits, exactly (None: the old file's, or the umask's for a new one).
    OSError (and anything else raised while writing) propagates after the temporary file is removed.
    """
    target = Path(path)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    remove_stale_temps(target)
    if mode is None:
        mode = _existing_mode(target)
    temp, fd = _create_temp(target, 0o666 if mode is None else mode & 0o600)  # never readable by others meanwhile
    try:
        _write_and_sync(fd, payload)
        if mode is not None:
            os.chmod(temp, mode)
        os.replace(temp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    _sync_folder(target.parent)


def temp_files(path: str | os.PathLike[str]) -> list[Path]:
    """The temporary files ``write_atomic`` made for ``path`` that are still there (any writer)."""
    target = Path(path)
    prefix = _temp_prefix(target)
    pattern = glob.escape(prefix) + "*" + TEMP_SUFFIX
    return sorted(p for p in target.parent.glob(pattern) if _writer_pid(p.name, prefix) is not None)


def remove_stale_temps(path: str | os.PathLike[str]) -> list[Path]:
    """Remove the leftover temporary files of ``path`` whose writer is gone; the ones removed."""
    target = Path(path)
    prefix = _temp_prefix(target)
    removed = []
    for temp in temp_files(target):
        pid = _writer_pid(temp.name, prefix)
        if pid is not None and _is_stale(temp, pid):
            with contextlib.suppress(OSError):
                temp.unlink()
                removed.append(temp)
    return removed


def remove_stale_temps_in(folder: str | os.PathLike[str]) -> list[Path]:
    """Remove the leftover temporary files whose writer is gone of every target in ``folder`` (a folder of
    files written by fidedesk alone, where a target written once may never be written again); the ones
    removed."""
    removed = []
    for temp in Path(folder).glob(".*" + TEMP_SUFFIX):
        match = _ANY_TEMP.fullmatch(temp.name)
        if match is not None and not temp.is_dir() and _is_stale(temp, int(match[1])):
            with contextlib.suppress(OSError):
                temp.unlink()
                removed.append(temp)
    return removed


@contextlib.contextmanager
def temp_folder(path: str | os.PathLike[str]) -> Iterator[Path]:
    """A new folder (0700) beside ``path`` for a writer's temporary files, removed with its contents when
    the block ends; the stale temporary folders of earlier writers in that folder are removed first."""
    target = Path(path)
    remove_stale_temp_folders(target.parent)
    prefix = f".{target.name[:_NAME_PART]}{TEMP_FOLDER_MARK}"
    for _ in range(_ATTEMPTS):
        folder = target.parent / f"{prefix}{os.getpid()}.{secrets.token_hex(4)}"
        try:
            os.mkdir(folder, 0o700)
            break
        except FileExistsError:
            continue
    else:
        raise FileExistsError(f"no free temporary folder name beside {target}")
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def remove_stale_temp_folders(folder: str | os.PathLike[str]) -> list[Path]:
    """Remove the temporary folders (:func:`temp_folder`) in ``folder`` whose writer is gone, for any
    target; the ones removed."""
    removed = []
    for found in Path(folder).glob(".*" + glob.escape(TEMP_FOLDER_MARK) + "*"):
        match = _OWN.fullmatch(found.name.rpartition(TEMP_FOLDER_MARK)[2])
        if match is None or found.is_symlink() or not found.is_dir():
            continue
        if _is_stale(found, int(match[1])):
            shutil.rmtree(found, ignore_errors=True)
            if not found.exists():
                removed.append(found)
    return removed


def _temp_prefix(target: Path) -> str:
    return f".{target.name[:_NAME_PART]}."


def _writer_pid(name: str, prefix: str) -> int | None:
    """The PID in a temporary file name of ours, or None when the name is not one of ours."""
    if not (name.startswith(prefix) and name.endswith(TEMP_SUFFIX)):
        return None
    match = _OWN.fullmatch(name[len(prefix) : -len(TEMP_SUFFIX)])
    return None if match is None else int(match[1])


def _is_stale(temp: Path, pid: int) -> bool:
    """True when no process can still be writing ``temp``: too old, or (POSIX) its writer is gone."""
    try:
        age = time.time() - temp.stat().st_mtime
    except OSError:
        return False
    if age > STALE_AFTER:
        return True
    # os.kill on Windows would terminate the process: there only the age counts.
    return os.name != "nt" and pid != os.getpid() and not _process_exists(pid)


def _process_exists(pid: int) -> bool:
    """Whether a process with this PID exists (POSIX; a process of another user counts)."""
    try:
        os.kill(pid, 0)
    except (ProcessLookupError, OverflowError):
        return False
    except OSError:  # PermissionError: it exists, it is not ours
        return True
    return True


def _existing_mode(target: Path) -> int | None:
    """Permission bits of the file being replaced, None when there is none."""
    try:
        return stat.S_IMODE(os.stat(target).st_mode)
    except FileNotFoundError:
        return None


def _create_temp(target: Path, mode: int) -> tuple[Path, int]:
    """A new, empty temporary file beside ``target`` (``mode`` less the umask), opened for writing: its path
    and descriptor."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    prefix = _temp_prefix(target)
    for _ in range(_ATTEMPTS):
        temp = target.parent / f"{prefix}{os.getpid()}.{secrets.token_hex(4)}{TEMP_SUFFIX}"
        try:
            return temp, os.open(temp, flags, mode)
        except FileExistsError:
            continue
    raise FileExistsError(f"no free temporary file name beside {target}")


def _write_and_sync(fd: int, payload: bytes) -> None:
    """Write everything to ``fd``, push it to the disk, close it."""
    with os.fdopen(fd, "wb") as stream:
        stream.write(payload)
        stream.flush()
        os.fsync(stream.fileno())


def _sync_folder(folder: Path) -> None:
    """fsync a folder so that a rename in it is durable (POSIX; ignored where not supported)."""
    if os.name == "nt":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
