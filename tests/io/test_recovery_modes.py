"""Recovery files hold the user's tournaments (names, birth dates): the folder is 0700 and the files 0600,
whatever the umask (issue 13, item 8)."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from fidedesk.core.tournament import EventInfo, Player, Tournament
from fidedesk.io.native.atomic import write_atomic
from fidedesk.io.native.recovery import FILE_MODE, FOLDER_MODE, find_recoveries, write_recovery

pytestmark = pytest.mark.skipif(os.name != "posix", reason="permission bits are POSIX's")

EVENT = Tournament(EventInfo(name="Club championship"), (Player(1, "Doe, Jane", rating=2000),))


@pytest.fixture(autouse=True)
def umask_022() -> Iterator[None]:
    previous = os.umask(0o022)  # the usual one: new files 0644, new folders 0755
    yield
    os.umask(previous)


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_a_new_recovery_folder_and_file_are_the_users_alone(tmp_path: Path) -> None:
    folder = tmp_path / "data" / "recovery"
    path = write_recovery(EVENT, None, folder)
    assert (_mode(folder), _mode(path)) == (FOLDER_MODE, FILE_MODE) == (0o700, 0o600)
    assert [found.event_name for found in find_recoveries(folder)] == ["Club championship"]


def test_a_folder_and_file_an_older_fidedesk_left_open_are_closed(tmp_path: Path) -> None:
    folder = tmp_path / "recovery"
    folder.mkdir(mode=0o755)
    path = write_recovery(EVENT, tmp_path / "club.fidedesk", folder)
    path.chmod(0o644)
    assert write_recovery(EVENT, tmp_path / "club.fidedesk", folder) == path
    assert (_mode(folder), _mode(path)) == (0o700, 0o600)


def test_write_atomic_with_a_mode_holds_it_over_the_umask_and_the_old_file(tmp_path: Path) -> None:
    path = tmp_path / "private.txt"
    path.write_text("old")
    path.chmod(0o666)
    write_atomic(path, "new", mode=0o600)
    assert path.read_text() == "new" and _mode(path) == 0o600
    write_atomic(path, "newer")  # no mode: the old file's, as before
    assert _mode(path) == 0o600


def test_what_a_killed_recovery_write_left_is_removed_when_recoveries_are_looked_for(tmp_path: Path) -> None:
    """A document's recovery file may never be written again (its event is done): what a write of it killed
    half-way left is removed when fidedesk next looks for recoveries, unless its writer still runs."""
    folder = tmp_path / "recovery"
    folder.mkdir(mode=0o700)
    killed = folder / ".Open.0123456789ab.fidedesk.9999999.0123abcd.tmp"  # past any pid_max
    running = folder / f".Club.0123456789ab.fidedesk.{os.getpid()}.89abcdef.tmp"
    for path in (killed, running):
        path.write_text("{", encoding="utf-8")
    assert find_recoveries(folder) == []
    assert not killed.exists() and running.exists()
