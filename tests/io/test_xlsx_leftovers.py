"""An Excel export killed half-way leaves nothing behind: not in the system's temporary folder, and what
it left beside the target is removed by the next export to that folder."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from benchmarks.make_swiss import make_swiss
from fidedesk.core.rating.editions import DEFAULT_EDITION
from fidedesk.io.excel.export import export_workbook
from fidedesk.io.native.atomic import STALE_AFTER, TEMP_FOLDER_MARK

# The export, in a process of its own, stops (for good) once the first sheet is written: XlsxWriter then
# holds that sheet's rows in a temporary file and is writing the next.
_EXPORT = textwrap.dedent(
    """
    import sys, time
    from pathlib import Path
    from benchmarks.make_swiss import make_swiss
    from fidedesk.core.rating.editions import DEFAULT_EDITION
    from fidedesk.io.excel.export import export_workbook

    def progress(count: int) -> bool:
        if count >= 300:
            print("stopped", flush=True)
            while True:
                time.sleep(60)
        return True

    export_workbook(make_swiss(300, 5), Path(sys.argv[1]), edition=DEFAULT_EDITION, tiebreaks=(),
                    progress=progress)
    """
)


def _everything(folder: Path) -> list[str]:
    return sorted(str(path.relative_to(folder)) for path in folder.rglob("*"))


@pytest.mark.skipif(os.name != "posix", reason="SIGKILL is POSIX's")
def test_a_killed_export_leaves_nothing_in_the_temporary_folder_and_the_next_cleans_up(tmp_path: Path) -> None:
    system_temp = tmp_path / "tmp"
    system_temp.mkdir()
    events = tmp_path / "events"
    events.mkdir()
    root = Path(__file__).resolve().parents[2]
    environment = {**os.environ, "TMPDIR": str(system_temp), "PYTHONPATH": str(root)}
    export = subprocess.Popen(
        [sys.executable, "-c", _EXPORT, str(events / "open.xlsx")],
        stdout=subprocess.PIPE, env=environment, cwd=tmp_path, text=True,
    )  # fmt: skip
    try:
        assert export.stdout is not None
        assert export.stdout.readline() == "stopped\n"
    finally:
        export.send_signal(signal.SIGKILL)
        export.wait()
    assert _everything(system_temp) == []
    left = [path for path in events.iterdir() if TEMP_FOLDER_MARK in path.name]
    assert len(left) == 1 and left[0].name.startswith(".open.xlsx" + TEMP_FOLDER_MARK)
    assert any(left[0].iterdir())  # the first sheet's rows
    export_workbook(make_swiss(12, 3), events / "club.xlsx", edition=DEFAULT_EDITION, tiebreaks=())
    assert _everything(events) == ["club.xlsx"]


def test_an_export_still_running_keeps_its_folder_and_others_are_left_alone(tmp_path: Path) -> None:
    """A folder of ours whose writer is alive (this process) is not another export's to remove, unless it is
    older than any export runs; a name not of our making is not ours."""
    running = tmp_path / f".open.xlsx{TEMP_FOLDER_MARK}{os.getpid()}.0123abcd"
    forgotten = tmp_path / f".old.xlsx{TEMP_FOLDER_MARK}{os.getpid()}.89abcdef"
    theirs = tmp_path / f".x{TEMP_FOLDER_MARK}photos"
    for folder in (running, forgotten, theirs):
        folder.mkdir()
        (folder / "tmp1234").write_bytes(b"rows")
    hours_ago = time.time() - STALE_AFTER - 60
    os.utime(forgotten, (hours_ago, hours_ago))
    export_workbook(make_swiss(12, 3), tmp_path / "club.xlsx", edition=DEFAULT_EDITION, tiebreaks=())
    assert _everything(tmp_path) == sorted(
        [running.name, f"{running.name}/tmp1234", theirs.name, f"{theirs.name}/tmp1234", "club.xlsx"]
    )
