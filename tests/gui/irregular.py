"""Issue 25's irregular event, as the window's tests and ``python -m tests.gui.xvfb_irregular`` build it: a 5-round
Swiss of eight, three rounds played, player 8 withdrawn before round 3 (zero-point byes in rounds 3 to 5), player
7 given round 3's pairing-allocated bye, and player 3 a half-point bye requested for round 5."""

from __future__ import annotations

from fidedesk.core.editing import add_player, give_bye, pair
from fidedesk.core.pairing.setup_edits import withdraw
from fidedesk.core.results import ResultCode
from fidedesk.core.tournament import EventInfo, Player, System, Tournament

W, D, L = ResultCode.WIN, ResultCode.DRAW, ResultCode.LOSS
#: Rounds 1 to 3 as (white, black, white's result); round 3 without player 8, player 7 on the pairing bye.
GAMES: tuple[tuple[tuple[int, int, ResultCode], ...], ...] = (
    ((1, 5, W), (6, 2, L), (3, 7, D), (8, 4, L)),
    ((4, 1, D), (2, 3, W), (5, 8, W), (7, 6, L)),
    ((1, 2, D), (6, 4, L), (3, 5, W)),
)
WITHDRAWN, WITHDRAWN_FROM = 8, 3
PAIRING_BYE_ROUND_3 = 7
AHEAD, AHEAD_ROUND = 3, 5


def entrants() -> Tournament:
    """The eight players of a 5-round Swiss, before round 1."""
    tournament = Tournament(EventInfo(name="Irregular Open", system=System.SWISS, rounds=5), ())
    for number, rating in enumerate((2400, 2300, 2200, 2100, 2000, 1900, 1800, 1700), start=1):
        tournament = add_player(tournament, Player(0, f"Player {number}", rating))
    return tournament


def irregular_swiss() -> Tournament:
    """After round 3: the withdrawal and the bye for round 5 entered, round 4 not paired yet."""
    tournament = entrants()
    for round_, games in enumerate(GAMES, start=1):
        if round_ == WITHDRAWN_FROM:
            tournament = withdraw(tournament, WITHDRAWN, WITHDRAWN_FROM)
            tournament = give_bye(tournament, round_, PAIRING_BYE_ROUND_3, ResultCode.PAIRING_BYE)
        for white, black, result in games:
            tournament = pair(tournament, round_, white, black, result)
    return give_bye(tournament, AHEAD_ROUND, AHEAD, ResultCode.HALF_BYE)
