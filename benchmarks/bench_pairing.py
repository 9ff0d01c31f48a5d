"""Pair the last round of a generated Swiss with fidedesk, and with FIDE TEC's engine called bare on the same
file, in the same run.

    python benchmarks/bench_pairing.py [--players 500 2000] [--rounds 9] [--repeat 3] [--seed 16]

Each event is generated at run time into a temporary folder (never the checkout) by FIDE TEC's own
generator, ``gacrux.tournamentgenerator`` (its Dutch engine pairs every round, its rating model draws the
results, with zero-point and half-point byes and forfeits), from ``--seed``: rounds 1 to ``rounds - 1``
played, the number of rounds (TRF ``142``) set to ``rounds``. Then the last round is paired

- **bare**: gacrux's TRF reader (``trf2json``) and ``pairing_dutch(...).compute_pairing(False, 0)``, as
  gacrux's ``pairingchecker`` does it;
- **fidedesk**: ``io.formats.read_tournament`` and ``engine.pairing.pair_round``, what
  ``fidedesk-cli pair`` and the window's Pair round run.

Prints min and median of ``--repeat`` interleaved runs of each step (read, pair), the ratios fidedesk / bare of
the pairing step and of the whole (medians, and minimums), and the machine's load. Nothing is asserted about
time; that both give the same boards, colours and bye is asserted (the run stops with a message otherwise).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from gacrux.pairingdutch import pairing_dutch  # type: ignore[import-untyped]
from gacrux.tournamentgenerator import tournamentgenerator  # type: ignore[import-untyped]
from gacrux.trf2json import trf2json  # type: ignore[import-untyped]

from benchmarks.timing import machine, ratio
from fidedesk.core.pairing.round import ByeKind, Pairing
from fidedesk.core.tournament import Tournament
from fidedesk.engine.pairing import pair_round
from fidedesk.io.formats import read_tournament

T = TypeVar("T")
#: What fidedesk's adapter (engine/pairing.py) gives the engine: the same for the bare call.
ENGINE_PARAMS = {"experimental": [], "verbose": 0, "top_color": "", "rank": False}


def generated_swiss(players: int, rounds: int, seed: int, engine: type | None = None) -> str:
    """The TRF of a Swiss of ``players`` players with rounds 1 to ``rounds - 1`` played by gacrux's generator
    and ``rounds`` announced (142); the same text for the same arguments (the dates are fixed here, as the
    generator writes today's). ``engine``: the Dutch engine the generator pairs with, gacrux's own unless
    given (fidedesk's, ``engine/dutch.py``, makes the same pairings in a fraction of the time and memory: the
    generator's own takes over half an hour for round 2 of 2,000 players)."""
    saved = sys.argv
    # the generator takes its settings from a command line only
    sys.argv = ["tournamentgenerator", "-p", str(players), "-N", str(rounds - 1), "-m", "dutch"]
    try:
        generator = tournamentgenerator()
        generator.read_command_line()
        if engine is not None:
            generator.method["dutch"] = engine
    finally:
        sys.argv = saved
    generator.statistics.set_seed(seed)  # it draws from the random module's global generator
    event = generator.gen_tournament(seed)  # seed's parity draws the top player's colour in round 1
    random.seed()
    text: str = trf2json().output_file(event, 1, 0)
    fixed = {"012": f"012 Generated Swiss ({players} players, seed {seed})", "042": "042 2026/03/01",
             "052": "052 2026/03/09", "142": f"142 {rounds}"}  # fmt: skip
    return "\n".join(fixed.get(line[:3], line.rstrip()) for line in text.splitlines()) + "\n"


def bare_read(path: Path) -> dict[str, Any]:
    """gacrux's reading of the file, as its command lines read a TRF (latin-1, ``trf2json``)."""
    reader = trf2json()
    reader.parse_file(path.read_text(encoding="latin-1"), 0)
    tournament: dict[str, Any] = reader.get_tournament(1)
    return tournament


def bare_pair(tournament: dict[str, Any], round_: int) -> list[tuple[int, int]]:
    """gacrux's Dutch engine as ``pairingchecker`` runs it: (White, Black) by board, Black 0 for the bye."""
    brackets = pairing_dutch(tournament, round_, dict(ENGINE_PARAMS)).compute_pairing(False, 0)
    pairs = [pair for bracket in brackets if bracket is not None for pair in bracket.get("pairs", ())]
    return [(int(pair["w"]), int(pair["b"])) for pair in sorted(pairs, key=lambda pair: pair["board"])]


def fidedesk_read(path: Path) -> Tournament:
    return read_tournament(path).tournament


def as_pairs(pairing: Pairing) -> list[tuple[int, int]]:
    """fidedesk's pairing in the engine's form: the boards in order, then the pairing-allocated bye."""
    pairs = [(board.white, board.black) for board in pairing.boards]
    return pairs + [(bye.player, 0) for bye in pairing.byes if bye.kind is ByeKind.PAIRING_ALLOCATED]


def timed(work: Callable[..., T], *args: Any) -> tuple[float, T]:
    began = time.perf_counter()
    done = work(*args)
    return time.perf_counter() - began, done


def measure(path: Path, round_: int, repeat: int) -> tuple[dict[str, list[float]], Pairing]:
    """The seconds of each step in each of ``repeat`` interleaved runs, each run reading the file afresh (the
    engine changes the dict it is given), and fidedesk's pairing; SystemExit when its boards are not the bare
    engine's."""
    pairing: Pairing | None = None
    times: dict[str, list[float]] = {"bare read": [], "bare pair": [], "read": [], "pair": []}
    for _ in range(repeat):
        seconds, event = timed(bare_read, path)
        times["bare read"].append(seconds)
        seconds, bare = timed(bare_pair, event, round_)
        times["bare pair"].append(seconds)
        seconds, tournament = timed(fidedesk_read, path)
        times["read"].append(seconds)
        seconds, pairing = timed(pair_round, tournament, round_)
        times["pair"].append(seconds)
        ours = as_pairs(pairing)
        if ours != bare:  # not a timing: the one thing this benchmark asserts
            board = next((i for i, (a, b) in enumerate(zip(ours, bare, strict=False), 1) if a != b), len(ours) + 1)
            raise SystemExit(
                f"{path.name}: round {round_}: fidedesk's pairing differs from the bare engine's at board {board} "
                f"(fidedesk {ours[board - 1 : board]}, bare {bare[board - 1 : board]})"
            )
    assert pairing is not None, "--repeat is 1 or more"
    return times, pairing


def report(players: int, rounds: int, seed: int, repeat: int) -> None:
    with tempfile.TemporaryDirectory(prefix="fidedesk-bench-pairing-") as folder:
        began = time.perf_counter()
        path = Path(folder) / f"swiss_{players}.trf"
        path.write_text(generated_swiss(players, rounds, seed), encoding="latin-1")
        generated = time.perf_counter() - began
        times, pairing = measure(path, rounds, repeat)
    bare_whole = [read + pair for read, pair in zip(times["bare read"], times["bare pair"], strict=True)]
    whole = [read + pair for read, pair in zip(times["read"], times["pair"], strict=True)]
    boards = len(pairing.boards)
    print(f"{machine()}; {repeat} interleaved run(s)")
    print(f"event: {players} players, rounds 1-{rounds - 1} played (gacrux's generator, seed {seed}, made in "
          f"{generated:.0f} s); round {rounds} paired: {boards} boards, the same as the bare engine's")  # fmt: skip
    print(f"{'':<14}{'read min/median':>20}{'pair min/median':>20}{'whole min/median':>20}")
    for label, read, pair, both in (
        ("bare engine", times["bare read"], times["bare pair"], bare_whole),
        ("fidedesk", times["read"], times["pair"], whole),
    ):
        cells = "".join(f"{min(x):9.2f} /{statistics.median(x):6.2f} s" for x in (read, pair, both))
        print(f"{label:<14}{cells}")
    print(
        f"ratio fidedesk / bare: pairing {ratio(times['pair'], times['bare pair'])}, whole {ratio(whole, bare_whole)}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--players", type=int, nargs="+", default=[500, 2000])
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=16)
    args = parser.parse_args()
    if args.repeat < 1 or args.rounds < 2:
        parser.error("--repeat takes 1 or more, --rounds 2 or more (a round played before the one paired)")
    for players in args.players:
        report(players, args.rounds, args.seed, args.repeat)


if __name__ == "__main__":
    main()
