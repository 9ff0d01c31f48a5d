"""Pair one round of big opens three ways, each in a process of its own: FIDE TEC's engine bare, fidedesk,
and bbpPairings (C++, FIDE-endorsed) when given; time and peak memory of each, interleaved.

    python benchmarks/bench_big_opens.py make --players 600 --round 2 --seeds 0 1 2 -o FOLDER
    python benchmarks/bench_big_opens.py run FOLDER/*.trf [--bbp PATH] [--repeat 3]

``make`` writes events of gacrux's own generator (``bench_pairing.generated_swiss``: its Dutch engine paired
rounds 1 to ``round - 1``, its rating model drew the results) as ``swiss_{players}_r{round}_s{seed}.trf``.
``run`` pairs the round after the last one played in each file and prints one row a file: min and median
seconds and the largest peak resident memory (the process's own ``ru_maxrss``, Python and its imports
included) of ``--repeat`` interleaved runs; whether fidedesk's boards are the bare engine's (they must be;
bbpPairings implements the Dutch rules of 2017, so its pairing is timed, not compared); and how fidedesk's
progress moved: the longest time in which what the progress window would say (its brackets line and the
engine's note) did not change ("still"), and the longest without a report, when Cancel is heard ("silent"),
the largest of the runs. ``--window`` runs fidedesk's pairing as the window does, in a child process spawned by
``gui/common/background._child`` with its progress through a pipe (the time includes starting that child);
``--no-bare`` leaves out the bare engine (476 s at 1,000 players, out of memory at 2,000), and so the boards'
check. The machine's load average is printed before and after. Nothing is asserted about time; the run stops
when fidedesk's pairing differs from the bare engine's. bbpPairings is not built here: its source is
github.com/BieremaBoyzProgramming/bbpPairings (Apache-2.0), built with its Makefile (``make``).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.timing import machine  # noqa: E402

#: One pairing in a fresh interpreter: the pairs as JSON on stdout.
BARE = """
import json, sys
sys.path.insert(0, {benchmarks!r})
from bench_pairing import bare_pair, bare_read
from pathlib import Path
print(json.dumps(bare_pair(bare_read(Path(sys.argv[1])), int(sys.argv[2]))))
"""
FIDEDESK = """
import json, sys, time
sys.path.insert(0, {root!r}); sys.path.insert(0, {benchmarks!r})
from bench_pairing import as_pairs, fidedesk_read
from fidedesk.engine.pairing import pair_round, progress_text
from pathlib import Path
event = fidedesk_read(Path(sys.argv[1]))
said = [time.monotonic(), None]  # when what the window would say last changed, and what it said
heard = [said[0]]  # the last report
longest = dict(still=0.0, silent=0.0)
def progress(done, total, note=""):
    now = time.monotonic()
    longest["silent"] = max(longest["silent"], now - heard[0])
    heard[0] = now
    shown = (progress_text(done, total), note)
    if shown != said[1]:
        longest["still"] = max(longest["still"], now - said[0])
        said[:] = [now, shown]
    return False
if sys.argv[3] == "window":  # as the window pairs: its child process (spawned), the progress through a pipe
    import multiprocessing, pickle
    from fidedesk.gui.common.background import _child
    context = multiprocessing.get_context("spawn")
    answers, their_answers = context.Pipe(duplex=False)
    their_requests, requests = context.Pipe(duplex=False)
    child = context.Process(target=_child, args=(their_requests, their_answers), daemon=True)
    child.start()
    their_requests.close()
    their_answers.close()
    requests.send_bytes(pickle.dumps((pair_round, (event, int(sys.argv[2]))), protocol=pickle.HIGHEST_PROTOCOL))
    while (message := answers.recv())[0] == "progress":
        progress(*message[1:])
    if message[0] != "value":
        raise SystemExit(f"the child: {{message}}")
    pairing = message[1]
    child.join()
else:
    pairing = pair_round(event, int(sys.argv[2]), progress=progress)
now = time.monotonic()
longest["still"] = max(longest["still"], now - said[0])
longest["silent"] = max(longest["silent"], now - heard[0])
print(json.dumps(dict(pairs=as_pairs(pairing), **longest)))
"""


def round_of(path: Path) -> int:
    """The round to pair: the first without pairings, as fidedesk's ``pair`` takes it."""
    from fidedesk.core.pairing.round import round_to_pair
    from fidedesk.io.formats import read_tournament

    return round_to_pair(read_tournament(path).tournament)


def bbp_input(path: Path, round_: int, folder: Path) -> Path:
    """The file as bbpPairings reads it: its player lines (001) and header, XXR, and XXC for round 1's top colour."""
    text = path.read_text(encoding="latin-1")
    colour = re.search(r"^152 +([WB])", text, re.MULTILINE)
    kept = [line for line in text.splitlines() if line[:3] in {"001", "012", "042", "052", "062", "072"}]
    kept += [f"XXR {round_}", "XXC black1" if colour and colour.group(1) == "B" else "XXC white1"]
    target = folder / f"{path.stem}.bbp.trf"
    target.write_text("\n".join(kept) + "\n", encoding="latin-1")
    return target


def timed(command: list[str]) -> tuple[float, int, str]:
    """Seconds, peak resident memory in MiB (the process's own, from ``wait4``) and stdout of ``command``."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        began = time.perf_counter()
        process = subprocess.Popen(command, stdout=out, stderr=err)
        _, status, usage = os.wait4(process.pid, 0)
        seconds = time.perf_counter() - began
        process.returncode = os.waitstatus_to_exitcode(status)  # reaped here, so Popen does not wait again
        out.seek(0)
        err.seek(0)
        if process.returncode:
            message = err.read().decode(errors="replace").strip()[-300:]
            raise SystemExit(f"{command[0]}: exit {process.returncode}: {message}")
        return seconds, usage.ru_maxrss // 1024, out.read().decode()


def run(paths: list[Path], bbp: Path | None, repeat: int, window: bool = False, with_bare: bool = True) -> None:
    way = "window" if window else "call"
    benchmarks = str(ROOT / "benchmarks")
    bare_code = BARE.format(benchmarks=benchmarks)
    ours_code = FIDEDESK.format(root=str(ROOT), benchmarks=benchmarks)
    print(f"before: {machine()}; {repeat} interleaved run(s) each")
    print("| event | round | bare engine s (min / median) | MiB | fidedesk s (min / median) | MiB | "
          "bbpPairings s (min / median) | MiB | same boards | progress: still s, silent s |")  # fmt: skip
    print("|---|---|---|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory(prefix="fidedesk-big-opens-") as folder:
        for path in paths:
            round_ = round_of(path)
            source = bbp_input(path, round_, Path(folder)) if bbp is not None else None
            figures: dict[str, list[tuple[float, int]]] = {"bare": [], "ours": [], "bbp": []}
            same: bool | None = True if with_bare else None
            still = silent = 0.0
            for _ in range(repeat):
                bare = None
                if with_bare:
                    seconds, peak, out = timed([sys.executable, "-c", bare_code, str(path), str(round_)])
                    figures["bare"].append((seconds, peak))
                    bare = json.loads(out)
                seconds, peak, out = timed([sys.executable, "-c", ours_code, str(path), str(round_), way])
                figures["ours"].append((seconds, peak))
                ours = json.loads(out)
                if with_bare:
                    same = same and ours["pairs"] == bare
                still, silent = max(still, ours["still"]), max(silent, ours["silent"])
                if bbp is not None and source is not None:  # both or neither
                    result = Path(folder) / "bbp.out"
                    figures["bbp"].append(timed([str(bbp), "--dutch", str(source), "-p", str(result)])[:2])
            cells = []
            for name in ("bare", "ours", "bbp"):
                if figures[name]:
                    times = [seconds for seconds, _ in figures[name]]
                    peak = max(peak for _, peak in figures[name])
                    cells += [f"{min(times):.1f} / {statistics.median(times):.1f}", str(peak)]
                else:
                    cells += ["—", "—"]
            cells += ["—" if same is None else "yes" if same else "NO", f"{still:.2f}, {silent:.2f}"]
            print(f"| {path.stem} | {round_} | {' | '.join(cells)} |", flush=True)
            if same is False:
                raise SystemExit(f"{path}: fidedesk's pairing of round {round_} differs from the bare engine's")
    print(f"after: {machine()}")


def make(players: int, round_: int, seeds: list[int], folder: Path, bare: bool = False) -> None:
    """Generated events to pair round ``round_`` of, the rounds before it paired by fidedesk's Dutch engine
    (gacrux's, as fidedesk runs it: the same pairings) or, ``bare``, by gacrux's engine unchanged."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from bench_pairing import generated_swiss

    from fidedesk.engine.dutch import dutch_engine

    folder.mkdir(parents=True, exist_ok=True)
    for seed in seeds:
        target = folder / f"swiss_{players}_r{round_}_s{seed}.trf"
        text = generated_swiss(players, round_, seed, None if bare else dutch_engine())
        target.write_text(text, encoding="latin-1")
        print(target)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    commands = parser.add_subparsers(dest="command", required=True)
    maker = commands.add_parser("make", help="write generated events to pair")
    maker.add_argument("--players", type=int, required=True)
    maker.add_argument("--round", type=int, required=True, help="the round to pair (rounds before it played)")
    maker.add_argument("--seeds", type=int, nargs="+", default=[0])
    maker.add_argument("-o", "--output", type=Path, required=True)
    maker.add_argument(
        "--bare", action="store_true", help="pair the rounds before with gacrux's engine unchanged (the same boards)"
    )
    runner = commands.add_parser("run", help="pair each file's next round three ways")
    runner.add_argument("files", type=Path, nargs="+")
    runner.add_argument("--bbp", type=Path, help="bbpPairings' executable, built by hand")
    runner.add_argument("--repeat", type=int, default=1)
    runner.add_argument(
        "--window", action="store_true", help="fidedesk's pairing as the window runs it: in a spawned child process"
    )
    runner.add_argument("--no-bare", action="store_true", help="leave the bare engine out (no boards compared)")
    args = parser.parse_args()
    if args.command == "make":
        if args.round < 2:
            parser.error("--round takes 2 or more (a round played before the one paired)")
        make(args.players, args.round, args.seeds, args.output, bare=args.bare)
    else:
        run(args.files, args.bbp, max(1, args.repeat), window=args.window, with_bare=not args.no_bare)


if __name__ == "__main__":
    main()
