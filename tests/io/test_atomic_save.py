"""Atomic saves (fidedesk.io.native.atomic), a saving process killed at random moments, and recovery files."""

from __future__ import annotations

import datetime as dt
import json
import os
import random
import signal
import stat
import subprocess
import sys
import textwrap
import time
from pathlib import Path
from typing import Any

import pytest

from benchmarks.make_swiss import make_swiss
from fidedesk.io.native import atomic
from fidedesk.io.native.atomic import STALE_AFTER, remove_stale_temps, temp_files, write_atomic
from fidedesk.io.native.fidedesk_file import FidedeskFileError, dumps, load, save
from fidedesk.io.native.recovery import (
    RECOVERY_KEY,
    Recovery,
    discard_recovery,
    find_recoveries,
    recovery_path,
    write_recovery,
)

from ..conftest import REPO

POSIX_ONLY = pytest.mark.skipif(os.name == "nt", reason="POSIX: SIGKILL, PIDs of dead writers, permission bits")
SMALL = make_swiss(12, 3, seed=5)
OTHER = make_swiss(14, 4, seed=6)


def _names(folder: Path) -> list[str]:
    return sorted(path.name for path in folder.iterdir())


def _dead_pid() -> int:
    """The PID of a process that has ended (and been reaped)."""
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


# ------------------------------------------------------------------------------------------ write_atomic


def test_write_atomic_creates_and_replaces_with_bytes_or_utf8_text(tmp_path: Path) -> None:
    target = tmp_path / "out.txt"
    write_atomic(target, b"first\x00\xff")
    assert target.read_bytes() == b"first\x00\xff"
    write_atomic(str(target), "Çağlar ½\n")
    assert target.read_bytes() == "Çağlar ½\n".encode()
    assert _names(tmp_path) == ["out.txt"]


@POSIX_ONLY
def test_write_atomic_keeps_the_permissions_of_the_file_it_replaces(tmp_path: Path) -> None:
    target = tmp_path / "event.fidedesk"
    target.write_text("old")
    target.chmod(0o640)
    write_atomic(target, "new")
    assert stat.S_IMODE(target.stat().st_mode) == 0o640 and target.read_text() == "new"


@POSIX_ONLY
def test_write_atomic_gives_a_new_file_the_usual_permissions(tmp_path: Path) -> None:
    umask = os.umask(0o027)
    try:
        write_atomic(tmp_path / "new.fidedesk", "x")
    finally:
        os.umask(umask)
    assert stat.S_IMODE((tmp_path / "new.fidedesk").stat().st_mode) == 0o640  # 0666 less the umask, not 0600


@pytest.mark.parametrize("failing", ["replace", "fsync", "chmod"])
def test_a_failure_before_the_rename_leaves_the_old_file_and_no_temp_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, failing: str
) -> None:
    target = tmp_path / "event.fidedesk"
    save(SMALL, target)
    before = target.read_bytes()

    def fail(*_args: Any, **_kwargs: Any) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, failing, fail)
    with pytest.raises(OSError, match="No space left"):
        save(OTHER, target)
    monkeypatch.undo()
    assert target.read_bytes() == before and load(target) == SMALL
    assert _names(tmp_path) == ["event.fidedesk"]


class _HalfWriter:
    """A file object that writes half of what it is given, then fails like a full disk."""

    def __init__(self, fd: int, mode: str) -> None:
        self._stream = open(fd, mode)  # noqa: SIM115 - closed by __exit__

    def write(self, data: bytes) -> int:
        self._stream.write(data[: len(data) // 2])
        self._stream.flush()
        raise OSError(28, "No space left on device")

    def __enter__(self) -> _HalfWriter:
        return self

    def __exit__(self, *_exc: object) -> None:
        self._stream.close()


def test_a_write_failing_half_way_leaves_the_old_file_and_no_temp_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "event.fidedesk"
    save(SMALL, target)
    monkeypatch.setattr(os, "fdopen", _HalfWriter)
    with pytest.raises(OSError, match="No space left"):
        save(OTHER, target)
    monkeypatch.undo()
    assert load(target) == SMALL
    assert _names(tmp_path) == ["event.fidedesk"]


def test_an_interrupt_during_the_rename_is_cleaned_up_and_re_raised(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "event.fidedesk"
    save(SMALL, target)

    def interrupt(*_args: Any) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "replace", interrupt)
    with pytest.raises(KeyboardInterrupt):
        save(OTHER, target)
    monkeypatch.undo()
    assert load(target) == SMALL and _names(tmp_path) == ["event.fidedesk"]


@POSIX_ONLY
def test_the_data_and_then_the_folder_are_fsynced(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    synced: list[str] = []
    real_fsync = os.fsync

    def spy(fd: int) -> None:
        synced.append("folder" if stat.S_ISDIR(os.fstat(fd).st_mode) else "file")
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", spy)
    write_atomic(tmp_path / "event.fidedesk", "data")
    assert synced == ["file", "folder"]


@POSIX_ONLY
def test_leftovers_of_dead_or_old_writers_are_removed_by_the_next_write(tmp_path: Path) -> None:
    target = tmp_path / "event.fidedesk"
    dead = tmp_path / f".event.fidedesk.{_dead_pid()}.0123abcd.tmp"
    running = tmp_path / f".event.fidedesk.{os.getppid()}.0123abcd.tmp"
    own = tmp_path / f".event.fidedesk.{os.getpid()}.0123abcd.tmp"
    old_own = tmp_path / f".event.fidedesk.{os.getpid()}.4567cdef.tmp"
    strangers = [tmp_path / ".event.fidedesk.tmp", tmp_path / ".event.fidedesk.x.0123abcd.tmp",
                 tmp_path / ".other.fidedesk.1.0123abcd.tmp", tmp_path / "event.fidedesk.bak"]  # fmt: skip
    for path in [dead, running, own, old_own, *strangers]:
        path.write_text("partial")
    hours_ago = time.time() - STALE_AFTER - 60
    os.utime(old_own, (hours_ago, hours_ago))
    assert temp_files(target) == sorted([dead, running, own, old_own])
    write_atomic(target, "new")
    assert not dead.exists() and not old_own.exists()
    assert running.exists() and own.exists() and all(path.exists() for path in strangers)
    assert remove_stale_temps(target) == []


def test_temp_names_are_unique_hidden_and_beside_the_target(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[Path] = []
    real_replace = os.replace

    def spy(source: str | os.PathLike[str], target: str | os.PathLike[str]) -> None:
        seen.append(Path(source))
        real_replace(source, target)

    monkeypatch.setattr(os, "replace", spy)
    for _ in range(3):
        write_atomic(tmp_path / "event.fidedesk", "x")
    assert len(set(seen)) == 3
    for temp in seen:
        assert temp.parent == tmp_path and temp.name.startswith(f".event.fidedesk.{os.getpid()}.")
        assert temp.name.endswith(".tmp")


# -------------------------------------------------------------------------------------------- kill test

CHILD = textwrap.dedent(
    """
    import sys
    from fidedesk.io.native import fidedesk_file

    first, second, target = sys.argv[1:4]
    tournaments = [fidedesk_file.load(first), fidedesk_file.load(second)]
    write_atomic = fidedesk_file.write_atomic

    def announced(path, data):  # tells the parent that save() has its text and starts writing
        sys.stdout.write("writing\\n")
        sys.stdout.flush()
        write_atomic(path, data)

    fidedesk_file.write_atomic = announced
    print("ready", flush=True)
    turn = 0
    while True:
        fidedesk_file.save(tournaments[turn % 2], target)
        turn += 1
    """
)
KILLS = int(os.environ.get("FIDEDESK_KILLS", "40"))


def _start_saving(sources: tuple[Path, Path], target: Path) -> subprocess.Popen[str]:
    """A child process that saves the two tournaments over the target in turn, as fast as it can."""
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(sources[0]), str(sources[1]), str(target)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=REPO,
    )
    assert child.stdout is not None
    line = child.stdout.readline()
    if line != "ready\n":
        child.kill()
        _, errors = child.communicate()
        pytest.fail(f"the saving process did not start: {errors}")
    return child


def _kill(child: subprocess.Popen[str]) -> int:
    child.send_signal(signal.SIGKILL)
    child.communicate()
    assert child.returncode == -signal.SIGKILL
    return child.pid


def _pause(seconds: float) -> None:
    """Sleep; not at all below 0.2 ms, which a sleep overshoots."""
    if seconds > 0.0002:
        time.sleep(seconds)


def _write_time(folder: Path, data: bytes) -> float:
    """How long write_atomic takes here for this much data (median of 5)."""
    probe = folder / "probe.fidedesk"
    times = []
    for _ in range(5):
        started = time.perf_counter()
        write_atomic(probe, data)
        times.append(time.perf_counter() - started)
    probe.unlink()
    return sorted(times)[2]


@POSIX_ONLY
def test_a_save_killed_at_any_moment_leaves_the_old_or_the_new_file(tmp_path: Path) -> None:
    """A process saving a 400-player Swiss over the file in a loop is killed with SIGKILL, 40 times.

    Half of the kills come 0-50 ms after the process is ready (mostly while it builds the JSON); the
    other half come at a random moment of a write itself (within one write's duration after save()
    announces it; up to 40 more such kills if none of them landed inside a write). After each kill
    the file loads and is one of the two tournaments, and at most one temporary file is left, by a
    killed writer; the next save removes it.
    """
    seed = int(os.environ.get("FIDEDESK_KILL_SEED", str(time.time_ns())))
    rng = random.Random(seed)
    old, new = make_swiss(400, 9, seed=1), make_swiss(400, 9, seed=2)
    sources = (tmp_path / "old.fidedesk", tmp_path / "new.fidedesk")
    save(old, sources[0])
    save(new, sources[1])
    folder = tmp_path / "work"
    folder.mkdir()
    target = folder / "event.fidedesk"
    window = _write_time(folder, sources[1].read_bytes())
    save(old, target)
    killed: set[int] = set()
    interrupted: set[str] = set()  # temporary files left by killed writes
    started = time.perf_counter()
    kill = 0
    while kill < KILLS or (not interrupted and kill < 2 * KILLS):  # a few more if none hit a write
        kill += 1
        child = _start_saving(sources, target)
        if kill % 2 == 0 or kill > KILLS:
            assert child.stdout is not None and child.stdout.readline() == "writing\n"
            _pause(rng.uniform(0.0, window))
        else:
            _pause(rng.uniform(0.0, 0.05))
        killed.add(_kill(child))
        where = f"kill {kill} (FIDEDESK_KILL_SEED={seed})"
        assert load(target) in (old, new), where
        leftovers = temp_files(target)
        assert len(leftovers) <= 1, f"{where}: {leftovers}"
        assert all(int(path.name.split(".")[-3]) in killed for path in leftovers), where
        assert set(_names(folder)) == {"event.fidedesk", *(path.name for path in leftovers)}, where
        interrupted.update(path.name for path in leftovers)
    save(new, target)
    assert _names(folder) == ["event.fidedesk"] and load(target) == new
    elapsed = time.perf_counter() - started
    print(f"\n{kill} kills in {elapsed:.1f} s, {len(interrupted)} in the middle of a write (window {window:.4f} s)")
    assert interrupted, f"no kill landed inside a write (FIDEDESK_KILL_SEED={seed}): the test proved nothing"


# ------------------------------------------------------------------------------------------------ recovery


def test_recovery_path_is_stable_per_document_and_distinct_between_documents(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "recovery"
    monkeypatch.chdir(tmp_path)
    first = recovery_path(tmp_path / "club" / "event.fidedesk", folder)
    assert first == recovery_path("club/event.fidedesk", folder)  # same file, spelled relative
    assert first.parent == folder and first.name.startswith("event.") and first.suffix == ".fidedesk"
    assert first != recovery_path(tmp_path / "other" / "event.fidedesk", folder)
    assert recovery_path(None, folder) == folder / "untitled-1.fidedesk"
    assert recovery_path(None, folder, untitled=2) == folder / "untitled-2.fidedesk"
    with pytest.raises(ValueError, match="untitled"):
        recovery_path(None, folder, untitled=0)


def test_recovery_names_are_safe_file_names(tmp_path: Path) -> None:
    name = recovery_path(tmp_path / "Open ½ 2026 (A)+B.fidedesk", tmp_path).name
    assert name.startswith("Open_½_2026_A_B.") and name.endswith(".fidedesk") and len(name) < 80
    assert recovery_path(tmp_path / ".fidedesk", tmp_path).name.startswith("_fidedesk.")


def test_write_recovery_writes_a_normal_file_that_says_whose_it_is(tmp_path: Path) -> None:
    folder = tmp_path / "app" / "recovery"  # created on demand
    document = tmp_path / "event.fidedesk"
    path = write_recovery(SMALL, document, folder)
    assert path == recovery_path(document, folder) and load(path) == SMALL
    assert json.loads(path.read_text(encoding="utf-8"))[RECOVERY_KEY] == str(document.absolute())
    unnamed = write_recovery(OTHER, None, folder)
    assert unnamed.name == "untitled-1.fidedesk" and load(unnamed) == OTHER
    assert json.loads(unnamed.read_text(encoding="utf-8"))[RECOVERY_KEY] is None
    write_recovery(OTHER, document, folder)  # the same document again replaces its file
    assert load(path) == OTHER and len(find_recoveries(folder)) == 2


def test_find_recoveries_summarises_newest_first(tmp_path: Path) -> None:
    folder = tmp_path / "recovery"
    folder.mkdir()
    document = tmp_path / "event.fidedesk"
    named = recovery_path(document, folder)
    earlier = (dt.datetime.now(dt.UTC) - dt.timedelta(days=1)).replace(microsecond=0)
    named.write_text(dumps(SMALL, saved=earlier, extra={RECOVERY_KEY: str(document)}), encoding="utf-8")
    before = dt.datetime.now(dt.UTC).replace(microsecond=0)
    unnamed = write_recovery(OTHER, None, folder)
    after = dt.datetime.now(dt.UTC)
    found = find_recoveries(folder)
    assert [recovery.path for recovery in found] == [unnamed, named]
    assert found[1] == Recovery(named, document, earlier, "Generated Swiss 12x3", 12, 3)
    assert (found[0].document, found[0].players, found[0].rounds, found[0].error) == (None, 14, 4, None)
    assert before <= found[0].saved <= after  # stamped when written, however long that took
    assert found[0].load() == OTHER


def test_find_recoveries_lists_broken_files_and_ignores_temp_and_other_files(tmp_path: Path) -> None:
    folder = tmp_path
    (folder / "broken.fidedesk").write_text('{"format": "fidedesk", "schema": 1, "tourn')
    (folder / "plain.fidedesk").write_text(dumps(SMALL))  # no recovery_for
    (folder / "newer.fidedesk").write_text('{"format": "fidedesk", "schema": 7}')
    (folder / f".untitled-1.fidedesk.{_dead_pid()}.0123abcd.tmp").write_text("{")
    (folder / "notes.txt").write_text("x")
    (folder / "dir.fidedesk").mkdir()
    found = {recovery.path.name: recovery for recovery in find_recoveries(folder)}
    assert sorted(found) == ["broken.fidedesk", "newer.fidedesk", "plain.fidedesk"]
    assert "truncated" in (found["broken.fidedesk"].error or "")
    assert "newer fidedesk (schema 7)" in (found["newer.fidedesk"].error or "")
    assert found["plain.fidedesk"].error == f"{folder / 'plain.fidedesk'}: recovery_for: missing"
    assert all(recovery.players == 0 and recovery.document is None for recovery in found.values())
    with pytest.raises(FidedeskFileError):
        found["broken.fidedesk"].load()


def test_find_recoveries_in_a_missing_folder_is_empty(tmp_path: Path) -> None:
    assert find_recoveries(tmp_path / "never-created") == []


def test_discard_recovery_removes_the_documents_file_once(tmp_path: Path) -> None:
    document = tmp_path / "event.fidedesk"
    write_recovery(SMALL, document, tmp_path / "r")
    write_recovery(SMALL, None, tmp_path / "r", untitled=3)
    assert discard_recovery(document, tmp_path / "r") is True
    assert discard_recovery(document, tmp_path / "r") is False
    (remaining,) = find_recoveries(tmp_path / "r")
    assert remaining.path.name == "untitled-3.fidedesk"
    remaining.discard()
    remaining.discard()  # already gone: nothing happens
    assert find_recoveries(tmp_path / "r") == []


def test_a_killed_recovery_write_leaves_the_previous_recovery(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = write_recovery(SMALL, None, tmp_path)

    def fail(*_args: Any) -> None:
        raise OSError(5, "I/O error")

    monkeypatch.setattr(atomic, "_write_and_sync", fail)
    with pytest.raises(OSError, match="I/O error"):
        write_recovery(OTHER, None, tmp_path)
    monkeypatch.undo()
    assert load(path) == SMALL and _names(tmp_path) == ["untitled-1.fidedesk"]
