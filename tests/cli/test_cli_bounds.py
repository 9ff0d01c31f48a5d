"""``fidedesk-cli`` on files that are not files, files too big, closed pipes and exhausted memory: exit 2 and one
line, never a traceback; results typed as decimals; "1 player", not "1 players" (issue 13, items 7 and 10)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from fidedesk import cli
from fidedesk.cli import main
from fidedesk.core.tournament import EventInfo, Player, Tournament
from fidedesk.core.values import counted, parse_result, plural
from fidedesk.io import bounded
from fidedesk.io.bounded import FileLimitError, read_bounded
from fidedesk.io.excel.container import MAX_FILE_BYTES as XLSX_MAX_BYTES
from fidedesk.io.native import fidedesk_file
from fidedesk.io.native.fidedesk_file import MAX_FILE_BYTES as FIDEDESK_MAX_BYTES
from fidedesk.io.plain_words import Plain
from fidedesk.io.trf.document import MAX_FILE_BYTES as TRF_MAX_BYTES

from ..conftest import GELENDZHIK

posix_only = pytest.mark.skipif(os.name != "posix", reason="devices and FIFOs are POSIX's")
#: Address space a command-line process gets in these tests: ample for any file within the limits, far
#: below what reading /dev/zero to its end would take (it would end in MemoryError).
ADDRESS_SPACE = 1024 * 1024 * 1024


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def _limited() -> None:  # pragma: no cover - runs in the child, before exec
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))


def run_process(*argv: str, close_stdout: bool = False) -> subprocess.CompletedProcess[bytes]:
    """The command line in a process of its own with bounded memory; ``close_stdout``: its reader goes away
    before it writes (as ``| head -1`` does once it has its line)."""
    code = "import sys; from fidedesk.cli import main; sys.exit(main())"
    command = [sys.executable, "-c", code, *argv]
    if not close_stdout:
        return subprocess.run(command, capture_output=True, preexec_fn=_limited, timeout=120, check=False)
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, preexec_fn=_limited) as child:
        assert child.stdout is not None and child.stderr is not None
        child.stdout.close()
        err = child.stderr.read()
        child.wait(timeout=120)
    return subprocess.CompletedProcess(command, child.returncode, b"", err)


def _one_line(err: str) -> str:
    lines = err.splitlines()
    assert len(lines) == 1 and "Traceback" not in err, err
    return lines[0]


# ---------------------------------------------------------------------------------------------- not a file


@posix_only
def test_rate_dev_zero_is_refused_in_one_line_without_reading_it() -> None:
    done = run_process("rate", "/dev/zero")
    err = done.stderr.decode()
    assert done.returncode == 2
    refused = "/dev/zero: not a regular file (a device, a pipe or a socket); refused"
    assert _one_line(err) == f"fidedesk-cli: {Plain.NOT_A_FILE.value} {refused}"  # issue 29: plain words first


@posix_only
def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fifo = tmp_path / "event.trf"
    os.mkfifo(fifo)
    # a reader that opened it would wait for a writer forever: this one unblocks it, so the test always ends
    unblock = threading.Timer(30, lambda: fifo.open("wb").close())
    unblock.start()
    try:
        code, out, err = run(capsys, "rate", str(fifo))
    finally:
        unblock.cancel()
    assert code == 2 and out == ""
    assert "not a regular file" in _one_line(err) and str(fifo) in err


@pytest.mark.parametrize("command", [["rate"], ["convert", "OUT.fidedesk"], ["ratinglist", "import"]])
def test_a_folder_is_refused_by_every_command_that_reads_a_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: list[str]
) -> None:
    folder = tmp_path / "event.trf"
    folder.mkdir()
    argv = [*command[:1], str(folder), *(str(tmp_path / name) for name in command[1:] if name == "OUT.fidedesk")]
    if command[0] == "ratinglist":
        argv = ["ratinglist", "import", str(folder), "--db", str(tmp_path / "lists.sqlite")]
    code, _out, err = run(capsys, *argv)
    assert code == 2 and "is a folder, not a file" in _one_line(err)


@pytest.mark.parametrize(
    ("name", "limit"), [("big.trf", TRF_MAX_BYTES), ("big.fidedesk", FIDEDESK_MAX_BYTES), ("big.xlsx", XLSX_MAX_BYTES)]
)
def test_a_file_over_its_formats_limit_is_refused_before_it_is_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, limit: int
) -> None:
    path = tmp_path / name
    with path.open("wb") as sparse:  # no disk used: a hole the size of the limit and one byte more
        sparse.truncate(limit + 1)
    code, _out, err = run(capsys, "rate", str(path))
    assert code == 2
    assert f"more than this format's limit of {bounded.size_text(limit)}" in _one_line(err) and str(path) in err


def test_a_file_that_grows_after_the_check_is_read_no_further_than_the_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bounded, "check_file", lambda _path, _limit: 0)  # as if it had been small when looked at
    with pytest.raises(FileLimitError, match="more than this format's limit of 1,000 bytes"):
        read_bounded("/dev/zero" if os.name == "posix" else __file__, 1000)


def test_a_file_within_the_limit_reads_whole(tmp_path: Path) -> None:
    path = tmp_path / "small.trf"
    path.write_bytes(b"x" * 1000)
    assert read_bounded(path, 1000) == b"x" * 1000


# ---------------------------------------------------------------------------------------------- the guard


@pytest.mark.parametrize(
    ("error", "said"), [(MemoryError(), "out of memory"), (RecursionError(), "out of stack (nesting too deep)")]
)
def test_running_out_of_memory_or_stack_is_one_line_and_exit_2(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], error: BaseException, said: str
) -> None:
    def exhausted(*_args: object) -> None:
        raise error

    monkeypatch.setattr(cli, "cmd_rate", exhausted)
    code, _out, err = run(capsys, "rate", "any.trf")
    assert code == 2 and _one_line(err) == f"fidedesk-cli: rate: {said}; the input is beyond what fidedesk reads"


def test_a_programming_error_keeps_its_traceback(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*_args: object) -> None:
        raise KeyError("a bug")

    monkeypatch.setattr(cli, "cmd_rate", broken)
    with pytest.raises(KeyError):
        main(["rate", "any.trf"])


@posix_only
def test_a_closed_pipe_ends_quietly() -> None:
    done = run_process("rate", str(GELENDZHIK), close_stdout=True)
    assert done.stderr == b"" and done.returncode == 1


# ---------------------------------------------------------------------------------------------- game, plurals


@pytest.mark.parametrize(
    ("typed", "score"),
    [("1.0", 1), ("1.00", 1), ("1,000", 1), ("0.5", 0.5), ("0.50", 0.5), ("0,50", 0.5), ("½", 0.5), ("=", 0.5),
     ("0.0", 0), ("0.000", 0)],
)  # fmt: skip
def test_game_takes_a_score_written_as_a_decimal(capsys: pytest.CaptureFixture[str], typed: str, score: float) -> None:
    code, out, err = run(capsys, "game", "2000", "2000", typed, "--k", "20", "--json")
    assert code == 0, err
    assert json.loads(out)["score"] == score


@pytest.mark.parametrize("typed", ["0.7", "2", "1.5", "10", "-1", "1.", ".", "1.0000000"])
def test_a_decimal_that_is_no_score_is_refused(typed: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, _out, err = run(capsys, "game", "2000", "2000", typed, "--k", "20")
    assert code == 2 and "is not a result" in _one_line(err)


def test_scores_read_as_decimals_are_exact() -> None:
    assert [parse_result(text) for text in ("1.00", "0,50", "0.000")] == [1, parse_result("½"), 0]


def test_one_player_is_a_player(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert (counted(1, "player"), counted(0, "round"), counted(2, "game")) == ("1 player", "0 rounds", "2 games")
    assert plural(1, "result") == "result" and plural(3, "result") == "results"
    lone = tmp_path / "lone.fidedesk"
    fidedesk_file.save(Tournament(EventInfo(name="Lone"), (Player(1, "Solo, Sam", rating=2000),)), lone)
    code, out, err = run(capsys, "rate", str(lone))
    assert code == 0, err
    assert "1 player)" in out.splitlines()[0]
    code, out, err = run(capsys, "convert", str(lone), str(tmp_path / "lone.trf"))
    assert code == 0, err
    assert out.endswith(": 1 player, 0 rounds played\n")


@pytest.mark.parametrize(
    "argv",
    [["game", "9" * 5000, "2000", "1"], ["game", "2000", "2000", "1", "--k", "9" * 5000]],
    ids=["rating", "K"],
)
def test_a_number_of_thousands_of_digits_is_refused_in_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    """int() refuses more than 4,300 digits with a ValueError of its own: it reached the user as a traceback."""
    code, _out, err = run(capsys, *argv)
    assert code == 2 and "is not a" in _one_line(err)


@posix_only
def test_the_windows_excel_import_refuses_a_fifo_without_waiting(tmp_path: Path) -> None:
    """The window reads a workbook with read_workbook, not through the formats: it checks the file too."""
    from fidedesk.io.excel.grid import XlsxError
    from fidedesk.io.excel.read import read_workbook

    fifo = tmp_path / "players.xlsx"
    os.mkfifo(fifo)
    unblock = threading.Timer(30, lambda: fifo.open("wb").close())  # an open that waits is let go: the test ends
    unblock.start()
    try:
        with pytest.raises(XlsxError, match="not a regular file"):
            read_workbook(fifo)
    finally:
        unblock.cancel()
