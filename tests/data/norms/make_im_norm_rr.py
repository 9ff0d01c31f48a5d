"""Writes ``im_norm_rr.trf``: an invented 10-player round robin (Berger tables) of titled players from eight
federations in which Kovacs, an FM of HUN rated 2350, scores 5/9 against an average of 2442 (an IM norm, B.01
1.4.7-1.4.9: 5/9 = 55.6 % -> 56 %, dp 43, Rp 2485 >= 2450; a GM norm would need 6½).

Run from the checkout: ``python -m tests.data.norms.make_im_norm_rr``.
"""

from __future__ import annotations

import datetime as dt
from fractions import Fraction
from pathlib import Path

from fidedesk.core.results import ResultCode
from fidedesk.core.tournament import EventInfo, Player, RoundEntry, System, Tournament
from fidedesk.io.formats import write_tournament
from tests.builders import circle_rounds

PLAYERS = [  # name, rating, title, federation, sex, total
    ("Kovacs, Bence", 2350, "FM", "HUN", "m", Fraction(5)),
    ("Weber, Jonas", 2560, "GM", "GER", "m", Fraction(6)),
    ("Petrovic, Marko", 2530, "GM", "SRB", "m", Fraction(11, 2)),
    ("Nagy, Adam", 2450, "IM", "HUN", "m", Fraction(9, 2)),
    ("Gruber, Lukas", 2420, "IM", "AUT", "m", Fraction(9, 2)),
    ("Novak, Jan", 2410, "IM", "CZE", "m", Fraction(4)),
    ("Szabo, Peter", 2380, "FM", "HUN", "m", Fraction(7, 2)),
    ("Horvath, Tomas", 2500, "GM", "SVK", "m", Fraction(5)),
    ("Kowalski, Piotr", 2400, "IM", "POL", "m", Fraction(4)),
    ("Shevchenko, Olena", 2330, "WGM", "UKR", "w", Fraction(3)),
]
CODES = {Fraction(1): ResultCode.WIN, Fraction(1, 2): ResultCode.DRAW, Fraction(0): ResultCode.LOSS}


def crosstable(totals: list[Fraction]) -> list[list[Fraction]]:
    """All draws, then half points moved from a player above their total to one below it, until every total holds."""
    n = len(totals)
    scores = [[Fraction(1, 2)] * n for _ in range(n)]
    moved = True
    while moved:
        moved = False
        for i in range(n):
            for j in range(n):
                above = sum(scores[i]) - scores[i][i] > totals[i]
                below = sum(scores[j]) - scores[j][j] < totals[j]
                if i != j and above and below and scores[i][j] > 0:
                    scores[i][j] -= Fraction(1, 2)
                    scores[j][i] += Fraction(1, 2)
                    moved = True
    assert all(sum(scores[i]) - scores[i][i] == totals[i] for i in range(n))
    return scores


def main() -> None:
    scores = crosstable([row[5] for row in PLAYERS])
    rounds = circle_rounds(len(PLAYERS))
    players = []
    for i, (name, rating, title, fed, sex, _) in enumerate(PLAYERS):
        entries = tuple(
            RoundEntry(r + 1, j + 1, "w" if i < j else "b", CODES[scores[i][j]])
            for r, pairing in enumerate(rounds)
            if (j := pairing[i]) is not None
        )
        players.append(Player(i + 1, name, rating, sex=sex, title=title, federation=fed, rounds=entries))
    info = EventInfo(
        name="Norm Round Robin (invented)",
        city="Budapest",
        federation="HUN",
        start=dt.date(2025, 3, 1),
        end=dt.date(2025, 3, 9),
        system=System.ROUND_ROBIN,
        rounds=9,
    )
    write_tournament(Path(__file__).with_name("im_norm_rr.trf"), Tournament(info, tuple(players)))


if __name__ == "__main__":
    main()
