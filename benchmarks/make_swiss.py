"""A generated Swiss tournament for benchmarks and tests: byes, forfeits, unrated players.

    python benchmarks/make_swiss.py --players 2000 --rounds 11 > swiss.trf

Pairings follow score groups (players sorted by score, then rating, paired top-down, no
repeats when avoidable); results are drawn from the table expectancy, so totals look real.
"""

from __future__ import annotations

import argparse
import datetime as dt
import random
import sys
from fractions import Fraction

from fidedesk.core.rating.tables import pd_hundredths
from fidedesk.core.results import ResultCode
from fidedesk.core.tournament import BirthDate, EventInfo, Player, RoundEntry, System, Tournament


def make_swiss(players: int = 2000, rounds: int = 11, *, unrated: float = 0.05, seed: int = 1) -> Tournament:
    """A Swiss of ``players`` players and ``rounds`` rounds: about 5 % unrated, 1 % forfeits, byes."""
    rng = random.Random(seed)
    ratings = sorted((rng.randint(1400, 2700) for _ in range(players)), reverse=True)
    rating_of: dict[int, int | None] = {
        rank: (None if rng.random() < unrated else rating) for rank, rating in enumerate(ratings, 1)
    }
    entries: dict[int, list[RoundEntry]] = {rank: [] for rank in rating_of}
    score = {rank: Fraction(0) for rank in rating_of}
    met: dict[int, set[int]] = {rank: set() for rank in rating_of}
    for rnd in range(1, rounds + 1):
        order = sorted(rating_of, key=lambda r: (-score[r], -(rating_of[r] or 1500), r))
        absent = {r for r in order if rng.random() < 0.01}
        for r in absent:
            entries[r].append(RoundEntry(rnd, None, None, rng.choice([ResultCode.HALF_BYE, ResultCode.ZERO_BYE])))
            score[r] += entries[r][-1].result.score
        pool = [r for r in order if r not in absent]
        if len(pool) % 2:
            bye = pool.pop()
            entries[bye].append(RoundEntry(rnd, None, None, ResultCode.PAIRING_BYE))
            score[bye] += 1
        while pool:
            white = pool.pop(0)
            index = next((i for i, r in enumerate(pool[:20]) if r not in met[white]), 0)
            black = pool.pop(index)
            met[white].add(black)
            met[black].add(white)
            result = _result(rng, rating_of[white], rating_of[black])
            entries[white].append(RoundEntry(rnd, black, "w", result))
            entries[black].append(RoundEntry(rnd, white, "b", result.mirrored()))
            score[white] += result.score
            score[black] += result.mirrored().score
    start = dt.date(2026, 1, 10)
    roster = tuple(
        Player(rank, f"Player{rank:04d}, Test", rating_of[rank], sex="m", federation="FID",
               fide_id=100000 + rank, birth=BirthDate(1960 + rank % 50), points=score[rank],
               rounds=tuple(entries[rank]))
        for rank in rating_of
    )  # fmt: skip
    info = EventInfo(name=f"Generated Swiss {players}x{rounds}", city="Test", federation="FID", start=start,
                     end=start + dt.timedelta(days=rounds - 1), system=System.SWISS)  # fmt: skip
    return Tournament(info, roster)


def _result(rng: random.Random, white: int | None, black: int | None) -> ResultCode:
    if rng.random() < 0.01:
        return rng.choice([ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS])
    expected = pd_hundredths((white or 1500) - (black or 1500)) / 100
    draw = min(expected, 1 - expected) * 0.6
    roll = rng.random()
    if roll < expected - draw / 2:
        return ResultCode.WIN
    if roll < expected + draw / 2:
        return ResultCode.DRAW
    return ResultCode.LOSS


def main() -> None:
    from fidedesk.io.trf.document import tournament_to_trf

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    sys.stdout.write(tournament_to_trf(make_swiss(args.players, args.rounds, seed=args.seed)))


if __name__ == "__main__":
    main()
