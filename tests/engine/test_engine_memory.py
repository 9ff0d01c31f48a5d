"""A round FIDE TEC's engine cannot pair in this computer's memory is refused at once, in one line naming the limit.

The engine keeps a record for every pair of players in the file; issue 28 measured round 2 of generated opens at
440 MiB at 1,000 players and 1,183 MiB at 2,000 (the process's whole peak, the big bracket matched compiled, each
record an object of slots; 2.6 KB a pair before its records and criteria were made lighter), a little more a pair in
a bigger field. A 9,998-player TRF16 file could need about 57 GB: before this, the computer swapped and the engine
grew to 24 GB before anyone could tell.
"""

from __future__ import annotations

import weakref
from pathlib import Path
from typing import Any

import pytest

from fidedesk.cli import main
from fidedesk.engine import pairing
from fidedesk.engine.pairing import EngineOutOfMemory, check_engine_memory, engine_memory, pair_round

from ..cli.test_cli_pair import held_after, saved

GB = 1024**3


def test_a_trf16_sized_event_is_refused_naming_the_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pairing, "physical_memory", lambda: 16 * GB)
    with pytest.raises(EngineOutOfMemory) as refused:
        check_engine_memory(9_998, 2)
    text = str(refused.value)
    assert text.startswith("round 2 is not paired: for 9,998 players") and "this computer has 16.0 GB" in text
    most = int(text.rsplit("up to ", 1)[1].split()[0].replace(",", ""))
    assert engine_memory(most) <= 0.75 * 16 * GB < engine_memory(most + 1)
    check_engine_memory(most, 2)  # the limit named is paired


def test_the_estimate_holds_what_was_measured() -> None:
    """Round 2 of generated opens (docs/performance.md, issue 28): the peak of the process that paired it, with
    Python and its imports, at most what the estimate allows, and within a fifth of it."""
    for players, peak in ((1_000, 440 * 1024**2), (2_000, 1_183 * 1024**2)):
        assert 0.8 * engine_memory(players) <= peak <= engine_memory(players)


def test_what_the_computer_holds_is_paired(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pairing, "physical_memory", lambda: 16 * GB)
    check_engine_memory(2_000, 2)  # 1.3 GB at most, of 16
    monkeypatch.setattr(pairing, "physical_memory", lambda: None)  # a system that does not say: no refusal
    check_engine_memory(9_998, 2)


def test_refused_before_the_engine_starts(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pairing, "physical_memory", lambda: 128 * 1024)

    def never() -> type:
        raise AssertionError("the engine was started")

    monkeypatch.setattr(pairing, "dutch_engine", never)
    with pytest.raises(EngineOutOfMemory, match="for 16 players"):
        pair_round(held_after(3), 4)


def test_the_engine_running_out_of_memory_is_said_so(monkeypatch: pytest.MonkeyPatch) -> None:
    class Starved:
        def __init__(self, *args: Any) -> None:
            pass

        def compute_pairing(self, *args: Any) -> Any:
            raise MemoryError

    monkeypatch.setattr(pairing, "dutch_engine", lambda: Starved)
    with pytest.raises(EngineOutOfMemory, match="ran out of memory pairing 16 players"):
        pair_round(held_after(3), 4)


def test_the_engine_is_let_go_before_running_out_of_memory_is_said(monkeypatch: pytest.MonkeyPatch) -> None:
    """The engine's records (gigabytes at 2,000 players) are freed by the time the refusal reaches the caller: the
    out-of-memory exception, whose traceback holds the engine's frames, is neither kept nor chained to it."""
    engines: list[weakref.ref[Any]] = []

    class Starved:
        def __init__(self, *args: Any) -> None:
            engines.append(weakref.ref(self))

        def compute_pairing(self, *args: Any) -> Any:
            raise MemoryError

    monkeypatch.setattr(pairing, "dutch_engine", lambda: Starved)
    with pytest.raises(EngineOutOfMemory) as refused:
        pair_round(held_after(3), 4)
    assert refused.value.__context__ is None and refused.value.__cause__ is None
    assert engines and engines[0]() is None, "the engine freed"


def test_the_command_line_says_it_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(pairing, "physical_memory", lambda: 128 * 1024)
    code = main(["pair", str(saved(tmp_path, held_after(3))), "--round", "4"])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1
    assert "round 4 is not paired: for 16 players" in err and "this computer has 128 KB" in err
