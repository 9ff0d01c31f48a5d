"""Make ``round_robin_8.trf``: an invented 8-player, 7-round round robin paired by FIDE's Berger tables.

    python tests/data/documents/make_round_robin_8.py

The players are invented (names from several federations, one with Polish and Turkish letters); the
pairings are C.05 Annex 1's table for 8 players (fidedesk's ``berger_pairing``, itself tested against the
table in tests/test_pairing_*.py); the results come from a fixed seed, the stronger player winning more
often. The documents' tests read the file, never this script.
"""

from __future__ import annotations

import datetime as dt
import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2]))

from fidedesk.core.editing import boards  # noqa: E402
from fidedesk.core.editing.rounds import set_board_result  # noqa: E402
from fidedesk.core.pairing.round import apply_pairing, berger_pairing  # noqa: E402
from fidedesk.core.results import ResultCode  # noqa: E402
from fidedesk.core.tournament import EventInfo, Player, System, Tournament  # noqa: E402
from fidedesk.io.trf.document import tournament_to_trf  # noqa: E402

PLAYERS = [
    ("Kowalczyk, Łukasz", "POL", 2431, 1101520, "m"),
    ("Şahin, Elif", "TUR", 2388, 6301150, "f"),
    ("Martínez Ruiz, Pablo", "ESP", 2352, 2204150, ""),
    ("Okonkwo, Chidi", "NGR", 2310, 8501230, ""),
    ("Lindqvist, Annika", "SWE", 2274, 1718050, "wf"),
    ("Novák, Tomáš", "CZE", 2231, 371040, ""),
    ("Haddad, Karim", "LBN", 2190, 5200150, ""),
    ("O'Brien, Siobhán", "IRL", 2142, 2500600, ""),
]


def main() -> None:
    players = tuple(
        Player(start_rank=number, name=name, federation=fed, rating=rating, fide_id=fide_id, title=title,
               sex="f" if title.startswith("w") or name.split(", ")[1] in ("Elif", "Annika", "Siobhán") else "m")
        for number, (name, fed, rating, fide_id, title) in enumerate(PLAYERS, start=1)
    )  # fmt: skip
    info = EventInfo(name="Club Championship 2026 – Group A", city="Valletta", federation="MLT",
                     start=dt.date(2026, 10, 3), end=dt.date(2026, 11, 14), chief_arbiter="Borg, Maria",
                     time_control="90 min/40 moves + 30 min, +30 s from move 1", system=System.ROUND_ROBIN,
                     rounds=7)  # fmt: skip
    tournament = Tournament(info=info, players=players)
    chance = random.Random(20261127)
    ratings = {player.start_rank: player.rating or 0 for player in players}
    for round_ in range(1, 8):
        tournament = apply_pairing(tournament, berger_pairing(tournament, round_))
        for board in boards(tournament, round_):
            assert board.black is not None
            expected = 1 / (1 + 10 ** ((ratings[board.black] - ratings[board.white]) / 400))
            roll = chance.random()
            result = (
                ResultCode.WIN
                if roll < expected - 0.15
                else ResultCode.DRAW
                if roll < expected + 0.2
                else ResultCode.LOSS
            )
            tournament = set_board_result(tournament, round_, board, result)
    (HERE / "round_robin_8.trf").write_text(tournament_to_trf(tournament), encoding="utf-8")


if __name__ == "__main__":
    main()
