"""FIDE's acceptance self-test (C.02.03 §7.1; FIDE TEC's manual 3.9.4): generate → check over many tournaments.

    python benchmarks/acceptance.py --tournaments N [--first-seed S] [--min-players 7] [--max-players 600]
                                    [--min-rounds 5] [--max-rounds 11] [--keep DIR] [--seconds T]

Each tournament is made by ``fidedesk-cli generate``'s generator (:func:`fidedesk.engine.generate.generate`, fidedesk's
own edits and pairing, at its default rates of forfeits, double forfeits, requested byes, withdrawals and late
entries; Baku acceleration in every third tournament, forbidden pairs in every fifth) and written as TRF-2026, as
``generate -o event.trf`` writes it. Then ``fidedesk-cli check``'s path judges the file: FIDE TEC's own checker,
reading the TRF text through its own reader (:mod:`fidedesk.engine.tec_checker`, which shares nothing with fidedesk's
pairing adapter), pairs every round from the rounds before it and must give the round as generated; the file's
points and ranks must be the standings' (:func:`fidedesk.core.tiebreaks.standings.figure_differences`). A round
the checker
cannot reproduce counts as a discrepancy, as FIDE's evaluators would count it.

The number of players is drawn log-uniformly from ``--min-players`` to ``--max-players`` (small events are common,
and a 600-player event costs a minute), the rounds uniformly from ``--min-rounds`` to ``--max-rounds`` (at most the
players less two), all from the seed, so that a run is reproduced by its arguments. ``--keep DIR`` writes the TRF of
each tournament with a discrepancy there; ``--seconds T`` starts no tournament after T seconds (the closing lines
count the tournaments run). Prints one line per discrepancy and closes with the sizes and rates run
and ``N passed, M failed`` (tournaments); exit status 1 when any failed. Nothing about time is asserted.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from fidedesk.core.tiebreaks.standings import figure_differences, with_points_and_ranks
from fidedesk.core.tournament import Tournament
from fidedesk.engine.generate import GenerateOptions, generate
from fidedesk.engine.tec_checker import check_rounds
from fidedesk.io.trf.document import parse_trf, tournament_to_trf
from fidedesk.io.trf.pairing import TrfVersion


def options_for(seed: int, args: argparse.Namespace) -> GenerateOptions:
    """The generator's options of tournament ``seed``: its size and length drawn from the seed."""
    draw = random.Random(seed)
    low, high = math.log(args.min_players), math.log(args.max_players)
    players = round(math.exp(draw.uniform(low, high)))
    rounds = min(draw.randint(args.min_rounds, args.max_rounds), players - 2)
    return GenerateOptions(
        players=players, rounds=max(rounds, 1), seed=seed, baku=seed % 3 == 0, forbidden=2 if seed % 5 == 0 else 0
    )


def discrepancies(tournament: Tournament) -> tuple[str, list[str]]:
    """The TRF-2026 text of a generated tournament, and what the checker's path finds wrong in it."""
    text = tournament_to_trf(with_points_and_ranks(tournament), TrfVersion.TRF26)
    read = parse_trf(text, "<generated>").tournament
    found = []
    for check in check_rounds(text, read, read.paired_rounds):
        round_ = check.round
        if check.agrees is None:
            found.append(f"round {round_}: not checked: {check.reason}")
        elif not check.agrees:
            found.append(f"round {round_}: FIDE {check.fide_only} against the file's {check.played_only}")
    found += [f"standings: player {d.player.start_rank} {d.what} {d.given} against {d.expected}"
              for d in figure_differences(read)]  # fmt: skip
    return text, found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tournaments", type=int, default=20)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--min-players", type=int, default=7)
    parser.add_argument("--max-players", type=int, default=600)
    parser.add_argument("--min-rounds", type=int, default=5)
    parser.add_argument("--max-rounds", type=int, default=11)
    parser.add_argument("--keep", type=Path, default=None)
    parser.add_argument("--seconds", type=float, default=None)
    args = parser.parse_args(argv)
    passed = failed = rounds = players = 0
    held: Counter[str] = Counter()
    started = time.perf_counter()
    last = args.first_seed - 1
    for seed in range(args.first_seed, args.first_seed + args.tournaments):
        if args.seconds is not None and time.perf_counter() - started > args.seconds:
            break
        last = seed
        options = options_for(seed, args)
        tournament = generate(options)
        rounds += tournament.rounds_played
        players += len(tournament.players)
        for player in tournament.players:
            for entry in player.rounds:
                held[entry.result.value] += 1
        text, found = discrepancies(tournament)
        if not found:
            passed += 1
            continue
        failed += 1
        for line in found:
            print(f"seed {seed} ({options.players} players, {options.rounds} rounds): {line}", flush=True)
        if args.keep is not None:
            args.keep.mkdir(parents=True, exist_ok=True)
            (args.keep / f"acceptance-{seed}.trf").write_text(text, encoding="utf-8")
    codes = ", ".join(f"{code} {count}" for code, count in sorted(held.items()))
    print(f"{passed + failed} tournaments (seeds {args.first_seed}-{last}), "
          f"{args.min_players}-{args.max_players} players ({players} in all), {rounds} rounds, "
          f"{time.perf_counter() - started:.0f} s; player-round entries by TRF code: {codes}")  # fmt: skip
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
