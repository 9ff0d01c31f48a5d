"""What B.01 reads of the event: the games that count for a norm (1.4.2) and the Swiss exemption 1.4.3d.

The event is read after a round (default: the last round played); an entry of a later round is not seen.
"""

from __future__ import annotations

import dataclasses

from fidedesk.core.norms.conditions import NO_FEDERATION, Condition, NormGame, Opponent
from fidedesk.core.norms.rules import NormRules
from fidedesk.core.results import ResultCode
from fidedesk.core.tournament import Player, System, Tournament


def opponent(player: Player) -> Opponent:
    """A player as an opponent for a norm: rating, title and federation of the file (B.01 1.4.6a: the list in
    effect at the event's start; 1.1.4's later lists for events of over 30 days are the file's to give)."""
    return Opponent(player.start_rank, player.rating, player.title, player.federation)


@dataclasses.dataclass(frozen=True)
class PlayerGames:
    """One player's rounds up to a round, as B.01 1.4.2 sorts them."""

    counted: tuple[NormGame, ...]
    #: Rounds without a counted game, with why (1.4.2), for the conditions' text.
    not_counted: tuple[tuple[int, str], ...]
    #: 1.4.1c: a forfeit win or a pairing-allocated bye among the rounds.
    forfeit_win_or_bye: bool
    #: The start ranks of every opponent met or paired with, counted or not (a round robin meets each once).
    met: frozenset[int]


def zero_scorers(tournament: Tournament, after: int) -> frozenset[int]:
    """B.01 1.4.2b (round robins only): unrated players who score zero against rated opponents. Their games
    are not counted for anyone's norm. Empty for other systems."""
    if not tournament.info.system.is_round_robin:
        return frozenset()
    players = tournament.by_rank()
    zero = set()
    for player in tournament.players:
        if player.is_rated:
            continue
        against_rated = [
            entry.result.halves
            for entry in player.rounds
            if entry.round <= after and entry.result.is_played and entry.opponent in players
            and players[entry.opponent].is_rated
        ]  # fmt: skip
        if sum(against_rated) == 0:
            zero.add(player.start_rank)
    return frozenset(zero)


def _no_game(result: ResultCode) -> str:
    """Why a round has no game for a norm, in B.01's words: the result as the rating rules name it ("forfeit win",
    "pairing-allocated bye"), not played over the board (1.4.2c)."""
    if result is ResultCode.PENDING:
        return "result not entered yet"
    what = (result.reason_not_rated or "no game").split(":")[0]
    return f"{what}, not played over the board (1.4.2c)"


def player_games(tournament: Tournament, player: Player, after: int, excluded: frozenset[int]) -> PlayerGames:
    """B.01 1.4.2: the games that count for a norm, up to round ``after``.

    Not counted: c) a game decided by forfeit or otherwise than over the board (only a played game ``1 = 0``
    counts, fidedesk.core.results); a) an opponent of no FIDE federation (blank); b) in a round robin, an
    unrated opponent who scored zero against rated opponents (``excluded``). FID players' games count (a).
    """
    players = tournament.by_rank()
    counted: list[NormGame] = []
    skipped: list[tuple[int, str]] = []
    short = False
    met = set()
    for entry in player.rounds:
        if entry.round > after:
            continue
        if entry.opponent is not None:
            met.add(entry.opponent)
        if entry.result in (ResultCode.FORFEIT_WIN, ResultCode.PAIRING_BYE):
            short = True
        other = players.get(entry.opponent) if entry.opponent is not None else None
        if other is None or not entry.result.is_played:
            skipped.append((entry.round, _no_game(entry.result)))
        elif not other.federation:
            skipped.append((entry.round, f"{other.name} belongs to no FIDE federation (1.4.2a)"))
        elif other.start_rank in excluded:
            skipped.append((entry.round, f"{other.name}, unrated, scored zero against rated opponents (1.4.2b)"))
        else:
            counted.append(NormGame(entry.round, opponent(other), entry.result.score))
    counted.sort(key=lambda game: game.round)
    return PlayerGames(tuple(counted), tuple(skipped), short, frozenset(met))


def swiss_exemption(tournament: Tournament, after: int, rules: NormRules) -> Condition:
    """B.01 1.4.3d: a Swiss in which every round has at least 20 FIDE-rated players not of the host federation,
    from at least 3 federations, at least 10 of them holding GM, IM, WGM or WIM, is exempt from 1.4.3 (and
    1.4.4). A player counts only if missing at most one round, pairing-allocated byes aside (QC, 1 May 2023);
    a round is missed without a game over the board, a forfeit win or the pairing-allocated bye. FID is no
    federation (QC 2026)."""
    host = tournament.info.federation
    if tournament.info.system is not System.SWISS:
        return Condition("1.4.3d", False, "not a Swiss")
    if not host:
        return Condition("1.4.3d", False, "the event's federation is not given")
    present = (ResultCode.FORFEIT_WIN, ResultCode.PAIRING_BYE)
    counted = []
    for player in tournament.players:
        if not player.is_rated or player.federation in ("", host, NO_FEDERATION):
            continue
        there = {e.round for e in player.rounds if e.round <= after and (e.result.is_played or e.result in present)}
        if after - len(there) <= rules.swiss_rounds_missed:
            counted.append(player)
    federations = {player.federation for player in counted}
    titled = sum(1 for player in counted if player.title in rules.swiss_titles)
    holds = (
        len(counted) >= rules.swiss_foreigners
        and len(federations) >= rules.swiss_federations
        and titled >= rules.swiss_titled
    )
    return Condition(
        "1.4.3d", holds,
        f"{len(counted)} rated players not of {host} in every round but one (at least {rules.swiss_foreigners}), "
        f"from {len(federations)} federations (at least {rules.swiss_federations}), "
        f"{titled} of them GM/IM/WGM/WIM (at least {rules.swiss_titled})",
    )  # fmt: skip
