"""fidedesk's one adapter to FIDE TEC's engine, ``gacrux`` (the "Tie-Break Server", MIT, on PyPI).

FIDE's Technical Commission publishes its own implementation of the Tie-Break Regulations (C.07) as
the package ``gacrux``. fidedesk computes its tie-breaks itself (:mod:`fidedesk.core.tiebreaks.calculate`);
this adapter hands the same tournament to TEC's engine so that the two can be compared, figure by
figure. It is a test dependency for now: gacrux is imported only when the engine is run.

gacrux reads tournaments as "JSON for chess" dicts (its ``chessjson``). Its own TRF reader builds
them in time quadratic in the players (220 s at 5,000), so :func:`chess_json` builds the dict
straight from a fidedesk :class:`~fidedesk.core.tournament.Tournament`, once per game, in linear time.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from decimal import Decimal
from fractions import Fraction
from typing import Any, NamedTuple

from fidedesk.core.results import ResultCode
from fidedesk.core.tiebreaks.codes import Kind, TieBreakRules, parse_tiebreak
from fidedesk.core.tournament import Player, RoundEntry, Tournament

#: Each TRF result as gacrux's TRF reader stores it: its score letter, and whether it counts as
#: "played" (gacrux's word for "not a voluntarily unplayed round": games, games of less than one
#: move, pairing-allocated byes and pending results; forfeits and the other byes are not).
#: A result still to come (fidedesk's ``?``) is gacrux's ``A``, as TRF-2026's ``?`` is.
_RESULTS: dict[ResultCode, tuple[str, bool]] = {
    ResultCode.WIN: ("W", True),
    ResultCode.DRAW: ("D", True),
    ResultCode.LOSS: ("L", True),
    ResultCode.WIN_UNPLAYED: ("W", True),
    ResultCode.DRAW_UNPLAYED: ("D", True),
    ResultCode.LOSS_UNPLAYED: ("L", True),
    ResultCode.PAIRING_BYE: ("P", True),
    ResultCode.PENDING: ("A", True),
    ResultCode.FORFEIT_WIN: ("W", False),
    ResultCode.FORFEIT_LOSS: ("Z", False),
    ResultCode.FULL_BYE: ("W", False),
    ResultCode.HALF_BYE: ("D", False),
    ResultCode.ZERO_BYE: ("Z", False),
}

#: The standard scoring as gacrux spells it: a letter's points, or the letter it scores as. gacrux's
#: default, kept as it is; its ``A`` (a result still to come) scores as a draw, where fidedesk counts none.
_GAME_SCORES: dict[str, Decimal | str] = {
    "W": Decimal("1.0"),
    "D": Decimal("0.5"),
    "L": Decimal("0.0"),
    "F": "W",
    "H": "D",
    "Z": Decimal("0.0"),
    "P": "W",
    "A": "D",
    "U": "Z",
}

#: The tie-breaks whose values are whole numbers: counts (article 7), ratings (article 10), DE's places.
_WHOLE = frozenset({Kind.WINS, Kind.WON, Kind.BLACK_PLAYED, Kind.BLACK_WON, Kind.ELECTED, Kind.DIRECT_ENCOUNTER}) | {
    Kind.ARO, Kind.TPR, Kind.PTP, Kind.APRO, Kind.APPO}  # fmt: skip

#: gacrux's name of each edition of C.07 (its ``/V`` modifier: 1 is 2024, 2 is 2026).
_EDITIONS = {TieBreakRules.C07_2024: "V2024", TieBreakRules.C07_2026: "V2026"}


class GacruxStandings(NamedTuple):
    """What TEC's engine computed: each player's tie-breaks in the order asked, and rank, by start rank."""

    values: dict[int, tuple[Fraction | int | None, ...]]
    ranks: dict[int, int]


def chess_json(tournament: Tournament, rounds: int | None = None) -> dict[str, Any]:
    """The tournament as gacrux's engine reads one (a tournament of its ``chessjson`` event).

    One game per pairing, white first (a pairing without colours takes the lower start rank as white),
    each side with the result letter of its own entry for the round, as gacrux's own TRF reader
    (``trf2json``) reads each player's 001 block; one one-sided game per bye, forfeit without opponent
    or absence. A double forfeit (``-`` against ``-``, C.04 Annex 2) is thus ``Z`` for both, not played
    and not rated, exactly as that reader makes it: a loss for both players (C.07 2024 and 2026 score an
    unplayed round by the points each player got from it), and no game for pairing (C.04.1: the players
    of a forfeited game are not considered to have played each other). A side whose opponent has no entry
    for the round (no file fidedesk reads holds one: its readers check the pairings) takes the mirror of
    this side's result. ``rounds`` is the number of rounds the tie-breaks see (by default the rounds
    played, :attr:`~fidedesk.core.tournament.Tournament.rounds_played`, whose later entries are left out);
    players are all present, with a rating or None. The start date is written in ISO form, from which
    gacrux picks the edition of C.07 when a tie-break names none.
    """
    # by default the rounds played (Tournament.rounds_played), without the entries of later rounds (a bye
    # requested ahead, a withdrawal's rounds to come), as fidedesk's own tie-breaks read the event
    last = tournament.rounds_played if rounds is None else rounds
    reach = last if rounds is None else tournament.last_round
    # each player's own result, by (start rank, round): built once, so that Black's side is one lookup
    results = {(player.start_rank, e.round): e.result for player in tournament.players for e in player.rounds}
    games: list[dict[str, Any]] = []
    for player in tournament.players:
        for entry in player.rounds:
            game = _game(player, entry, results) if entry.round <= reach else None
            if game is not None:
                games.append(game)
    info: dict[str, Any] = {}
    if tournament.info.start is not None:
        info["startDate"] = tournament.info.start.isoformat()
    return {
        "tournamentNo": 1,
        "tournamentType": "ROUNDROBIN" if tournament.info.system.is_round_robin else "SWISS",
        "tournamentInfo": info,
        "ratingList": "TRF",
        "numRounds": last,
        "currentRound": last,
        "teamTournament": False,
        "rankOrder": ["PTS"],
        "competitors": [_competitor(player) for player in tournament.players],
        "teamSize": 0,
        "scoreSystem": {"game": dict(_GAME_SCORES)},
        "gameList": games,
        "matchList": [],
    }


def _competitor(player: Player) -> dict[str, Any]:
    rating = None if player.rating is None else {"list": "TRF", "rating": player.rating}
    return {"cid": player.start_rank, "present": True, "rank": player.rank or 0, "rating": rating}


def _game(player: Player, entry: RoundEntry, results: dict[tuple[int, int], ResultCode]) -> dict[str, Any] | None:
    """The game of one round entry; None for the second side of a pairing (the first wrote both, Black's
    result from Black's own entry, in ``results`` by (start rank, round))."""
    letter, played = _RESULTS[entry.result]
    own = {"cid": player.start_rank, "result": letter}
    if entry.opponent is None:
        return {"round": entry.round, "white": own, "black": None, "played": played, "rated": False}
    white = entry.color == "w" or (entry.color is None and player.start_rank < entry.opponent)
    if not white:
        return None
    back = results.get((entry.opponent, entry.round), entry.result.mirrored())
    black = {"cid": entry.opponent, "result": _RESULTS[back][0]}
    return {
        "round": entry.round,
        "white": own,
        "black": black,
        "played": played,
        "rated": entry.result.is_played,
    }


def gacrux_code(code: str, rules: TieBreakRules) -> str:
    """A C.07 code as fidedesk writes it (``BH-C1``, ``bh/c1``) in gacrux's spelling for an edition (``BH/C1/V2024``).

    Raises :class:`~fidedesk.core.tiebreaks.codes.UnknownTieBreak` for a code fidedesk does not know.
    Koya's limit is gacrux's ``L`` modifier in percent, as fidedesk's. Every code names its edition;
    gacrux reads it only where the two editions differ.
    """
    tiebreak = parse_tiebreak(code)
    parts = tiebreak.code.split("-")
    return "/".join([*parts, _EDITIONS[rules]])


def gacrux_tiebreaks(
    tournament: Tournament, codes: Sequence[str], rules: TieBreakRules, rounds: int | None = None
) -> GacruxStandings:
    """TEC's tie-breaks, after the points, for every player under one edition of C.07, and its ranks.

    The system is told to gacrux (a round robin's unplayed games count as played, C.07 15.2),
    not guessed from the numbers of players and rounds as its TRF reader does. Sums of points become
    exact Fractions, counts and ratings ints, and a value gacrux leaves out (no game to average) None.
    Ranks are by points, then by these tie-breaks in order; players equal on all share the first place.
    """
    return run_gacrux(
        lambda: chess_json(tournament, rounds), codes, rules, round_robin=tournament.info.system.is_round_robin
    )


def run_gacrux(
    event: Callable[[], dict[str, Any]],
    codes: Sequence[str],
    rules: TieBreakRules,
    *,
    round_robin: bool,
    ranks_only: bool = False,
) -> GacruxStandings:
    """gacrux's engine on the tournament dicts ``event`` makes (:func:`chess_json`, or gacrux's own TRF reader's).

    Each tie-break is computed in a run of its own, on a new dict (gacrux fills in the one it reads):
    gacrux 1.11.65 carries state from one tie-break into the next of a run, so that a fore Buchholz
    (FB) changes the Buchholz, AOB and Sonneborn-Berger computed after it. The ranks come from one
    run of the whole order, which that state changes only where FB comes before one of those.
    DE's value is its place among the players tied on points. ``ranks_only`` leaves the values out.
    """
    values: dict[int, list[Fraction | int | None]] = {}
    for code in () if ranks_only else codes:
        whole = parse_tiebreak(code).kind in _WHOLE
        for cid, scores in _run(event(), [code], rules, round_robin).items():
            values.setdefault(cid, []).append(_exact(scores[1], whole))
    ranks = _run(event(), codes, rules, round_robin, rank=True)
    return GacruxStandings(
        {cid: tuple(found) for cid, found in values.items()}, {cid: r[0] for cid, r in ranks.items()}
    )


def _run(
    event: dict[str, Any], codes: Sequence[str], rules: TieBreakRules, round_robin: bool, *, rank: bool = False
) -> dict[int, list[Any]]:
    """One run of gacrux's engine: by start rank, the points and each code's value, or (``rank``) the rank."""
    from gacrux.tiebreak import tiebreak  # type: ignore[import-untyped]  # a test dependency, untyped

    params: dict[str, Any] = {
        "tiebreak": ["PTS", *(gacrux_code(code, rules) for code in codes)],
        "current_round": -1,
        "check": False,
        "unrated": None,
        "verbose": False,
        "pre_determined": round_robin,
        "swiss": not round_robin,
    }
    result = tiebreak(event, -1, params).compute_tiebreaks(event, params)
    return {
        competitor["cid"]: [competitor["rank"]] if rank else list(competitor["tiebreakScore"])
        for competitor in result["competitors"]
    }


def _exact(value: object, whole: bool) -> Fraction | int | None:
    """A gacrux value as fidedesk keeps one: an int for counts, ratings and places, else an exact Fraction.

    gacrux computes in Decimal; a Decimal converts to a Fraction without loss. A count or a rating
    that is not whole (which gacrux never gives) stays a Fraction, so that a comparison shows it.
    """
    if value is None:
        return None
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, Decimal):
        exact = Fraction(value)
        return exact.numerator if whole and exact.denominator == 1 else exact
    raise TypeError(f"gacrux gave {value!r}, neither a number nor None")
