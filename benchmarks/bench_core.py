"""Rate a generated 2,000-player, 11-round Swiss, and rank it with every tie-break, and compare each with a
bare loop of the same look-ups.

    python benchmarks/bench_core.py [--players 2000] [--rounds 11] [--repeat 7]

The baseline, measured in the same run, walks every played game between rated players and looks
its PD up in table 8.1.2 and sums score - PD per player: the least any rating program must do.
Prints the best of ``--repeat`` runs of each and their ratios. Nothing here asserts a time
(``tests/core/test_tiebreaks.py`` bounds the standings' work in calls: twice the players, twice the work).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.make_swiss import make_swiss
from benchmarks.timing import machine
from fidedesk.core.rating.editions import get_edition
from fidedesk.core.rating.event import rate_tournament
from fidedesk.core.rating.tables import pd_hundredths
from fidedesk.core.tiebreaks.calculate import KNOWN_TIEBREAKS
from fidedesk.core.tiebreaks.standings import standings
from fidedesk.core.tournament import Tournament

_POINTS = {"1": 100, "=": 50, "0": 0}


def bare_loop(tournament: Tournament) -> dict[int, int]:
    """The same table look-ups with nothing else: sum of (100 x score - PD) per rated player, in integers."""
    rating = {p.start_rank: p.rating for p in tournament.players}
    totals: dict[int, int] = {}
    for player in tournament.players:
        own = player.rating
        if own is None:
            continue
        total = 0
        for entry in player.rounds:
            opponent = rating.get(entry.opponent) if entry.opponent is not None else None
            points = _POINTS.get(entry.result.value)
            if points is not None and opponent is not None:
                diff = max(-400, min(400, own - opponent))
                total += points - pd_hundredths(diff)
        totals[player.start_rank] = total
    return totals


def best_of(repeat: int, work: Callable[[], object]) -> tuple[float, float]:
    times = []
    for _ in range(repeat):
        began = time.perf_counter()
        work()
        times.append(time.perf_counter() - began)
    return min(times), statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description="rating core benchmark")
    parser.add_argument("--players", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    tournament = make_swiss(args.players, args.rounds)
    games = sum(1 for _ in tournament.played_games()) // 2
    unrated = sum(1 for p in tournament.players if not p.is_rated)
    edition = get_edition("fide-2025")
    base_best, base_median = best_of(args.repeat, lambda: bare_loop(tournament))
    core_best, core_median = best_of(args.repeat, lambda: rate_tournament(tournament, edition))
    rank_best, rank_median = best_of(args.repeat, lambda: standings(tournament, KNOWN_TIEBREAKS))
    print(f"{machine()}; {args.repeat} runs of each")
    print(f"event: {args.players} players ({unrated} unrated), {args.rounds} rounds, {games} played games")
    print(f"bare table loop : best {base_best * 1000:8.1f} ms   median {base_median * 1000:8.1f} ms")
    print(f"rate_tournament : best {core_best * 1000:8.1f} ms   median {core_median * 1000:8.1f} ms")
    print(f"standings, every tie-break: best {rank_best * 1000:8.1f} ms   median {rank_median * 1000:8.1f} ms")
    print(f"ratio (core / bare loop, best): {core_best / base_best:.1f}")
    print(f"ratio (standings / bare loop, best): {rank_best / base_best:.1f}")


if __name__ == "__main__":
    main()
