"""Property (c) of issue 25 at scale: every round of many generated irregular events, fidedesk's pairing against
FIDE TEC's checker reading the TRF fidedesk writes (the walk of ``test_pairing_irregular``, over more seeds).

``python -m tests.irregular_scale --events 1000 [--first-seed 0]`` prints one line per event that differs and
closes with ``N passed, M failed`` (events); the exit status is 1 when any differs. ``.ci/run`` runs a few hundred;
the count reported in docs/architecture.md (Tested against) was run by hand. Sizes and round counts cycle through
the generator's ranges, so that every size meets every length.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter

from .engine.test_pairing_irregular import differences
from .irregular import PLAYERS, ROUNDS, make_event


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=200)
    parser.add_argument("--first-seed", type=int, default=0)
    args = parser.parse_args(argv)
    passed = failed = rounds = 0
    tally: Counter[str] = Counter()
    for seed in range(args.first_seed, args.first_seed + args.events):
        players, length = PLAYERS[seed % len(PLAYERS)], ROUNDS[(seed // len(PLAYERS)) % len(ROUNDS)]
        event = make_event(seed, players=players, rounds=length)
        tally += event.tally()
        rounds += event.rounds
        found = differences(event)
        if found:
            failed += 1
            for line in found:
                print(line, flush=True)
        else:
            passed += 1
    held = ", ".join(f"{kind} {count}" for kind, count in sorted(tally.items()))
    print(f"{rounds} rounds walked; the events held: {held}")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
