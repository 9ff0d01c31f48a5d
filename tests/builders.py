"""Small builders for tournaments in tests."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from fractions import Fraction

from fidedesk.core.results import ResultCode
from fidedesk.core.tournament import EventInfo, Player, PlayerRecord, RatingKind, RoundEntry, System, Tournament

_CODES = {Fraction(1): ResultCode.WIN, Fraction(1, 2): ResultCode.DRAW, Fraction(0): ResultCode.LOSS}


def round_robin(
    ratings: Sequence[int | None],
    scores: Sequence[Sequence[Fraction | None]],
    *,
    system: System = System.ROUND_ROBIN,
    kind: RatingKind = RatingKind.STANDARD,
    start: dt.date | None = None,
    records: Sequence[PlayerRecord] | None = None,
) -> Tournament:
    """A round robin from a score matrix (scores[i][j] is i's score against j)."""
    opponents_by_round = circle_rounds(len(ratings))
    players = []
    for i, rating in enumerate(ratings):
        rounds = tuple(
            RoundEntry(r + 1, j + 1, "w" if i < j else "b", _CODES[Fraction(scores[i][j] or 0)])
            for r, pairing in enumerate(opponents_by_round)
            if (j := pairing[i]) is not None
        )
        record = records[i] if records else PlayerRecord()
        players.append(Player(i + 1, f"Player {i + 1}", rating, rounds=rounds, record=record))
    return Tournament(EventInfo(system=system, kind=kind, start=start), tuple(players))


def crosstable_for_totals(totals: Sequence[Fraction]) -> list[list[Fraction]]:
    """Some round-robin score matrix whose row totals are ``totals`` (deterministic)."""
    n = len(totals)
    scores = [[Fraction(1) if i < j else Fraction(0) for j in range(n)] for i in range(n)]

    def total(i: int) -> Fraction:
        return sum((scores[i][j] for j in range(n) if j != i), Fraction(0))

    changed = True
    while changed:
        changed = False
        for i in range(n):
            for j in range(n):
                if i != j and total(i) > totals[i] and total(j) < totals[j] and scores[i][j] > 0:
                    scores[i][j] -= Fraction(1, 2)
                    scores[j][i] += Fraction(1, 2)
                    changed = True
    assert all(total(i) == totals[i] for i in range(n)), "totals not reachable"
    return scores


def rotate_cycle(scores: list[list[Fraction]]) -> list[list[Fraction]]:
    """Another crosstable with the same totals: half a point moved round a cycle x -> y -> z -> x."""
    n = len(scores)
    for x in range(n):
        for y in range(n):
            for z in range(n):
                if len({x, y, z}) < 3:
                    continue
                if scores[x][y] < 1 and scores[y][z] < 1 and scores[z][x] < 1:
                    moved = [row[:] for row in scores]
                    for a, b in ((x, y), (y, z), (z, x)):
                        moved[a][b] += Fraction(1, 2)
                        moved[b][a] -= Fraction(1, 2)
                    return moved
    raise AssertionError("no cycle to rotate")


def circle_rounds(n: int) -> list[dict[int, int | None]]:
    """A round-robin schedule by the circle method: per round, each player's opponent (None: bye)."""
    seats: list[int | None] = [*range(n), *([None] if n % 2 else [])]
    rounds = []
    for _ in range(len(seats) - 1):
        pairing: dict[int, int | None] = {}
        for k in range(len(seats) // 2):
            a, b = seats[k], seats[-1 - k]
            if a is not None:
                pairing[a] = b
            if b is not None:
                pairing[b] = a
        rounds.append(pairing)
        seats = [seats[0], seats[-1], *seats[1:-1]]
    return rounds
