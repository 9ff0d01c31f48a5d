"""Tie-breaks of FIDE's Play-Off and Tie-Break Regulations (Handbook C.07, in force from 1 August 2024).

Every function reads the results themselves, never a file's points column, and returns exact values
keyed by start rank: Fractions for sums of points, ints for counts and ratings, None where a
rating tie-break has nothing to average.

Unplayed rounds in a Swiss event (C.07 article 16):

- A round is *voluntarily unplayed* (VUR, 16.1) when it was not played and brought less than a win:
  half- and zero-point byes, absences (a round missing from the record counts as a zero-point bye,
  16.1) and forfeit losses. Pairing-allocated and full-point byes and forfeit wins are not VURs.
- Where a player's score enters someone else's tie-break (Buchholz, Sonneborn-Berger), it is the
  *adjusted* score of 16.3: byes and absences after the player's last round that was not a VUR
  (category 16.2.5) count as draws; every other round counts the points it gave.
- In the player's own Buchholz and Sonneborn-Berger, each unplayed round (bye, forfeit won or lost)
  is a game against a dummy opponent who finishes on the player's own points, with the points the
  player was given in that round (16.4; the edition of 1 March 2026 caps the dummy's points, this
  one does not).
- Cut-1 removes the lowest VUR contribution when the player has one, else the lowest value (16.5).

In a round robin (article 15.2) a forfeit is a game against the scheduled opponent, a round without
an opponent is left out, and scores are not adjusted.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from fractions import Fraction
from typing import TypeAlias

from fidedesk.core.performance import average_rating, perfect_performance, performance_rating
from fidedesk.core.results import ResultCode
from fidedesk.core.tables import PD_BEYOND
from fidedesk.core.tournament import RoundEntry, Tournament

#: A tie-break value: a sum of points, a count, a rating, or None (nothing to compute it from).
TieBreakValue: TypeAlias = Fraction | int | None


class TieBreak(enum.Enum):
    """A tie-break of C.07 article 5's table: its acronym there, a label and the defining article."""

    BUCHHOLZ = ("BH", "Buchholz", "8.1")
    BUCHHOLZ_CUT1 = ("BH-C1", "Buchholz Cut-1", "8.1, 14.1")
    SONNEBORN_BERGER = ("SB", "Sonneborn-Berger", "9.1")
    DIRECT_ENCOUNTER = ("DE", "Direct encounter", "6")
    WINS = ("WIN", "Number of wins", "7.1")
    WON = ("WON", "Number of games won", "7.2")
    ARO = ("ARO", "Average rating of opponents", "10.1")
    TPR = ("TPR", "Tournament performance rating", "10.2")
    PTP = ("PTP", "Perfect tournament performance", "10.3")
    APRO = ("APRO", "Average performance rating of opponents", "10.4")
    APPO = ("APPO", "Average perfect performance of opponents", "10.5")

    code: str
    label: str
    article: str

    def __init__(self, code: str, label: str, article: str) -> None:
        self.code, self.label, self.article = code, label, article


# Points in half points: sums stay in ints, which a 2,000-player event needs for speed.
_HALVES = {code: int(code.score * 2) for code in ResultCode}
_VUR = frozenset(code for code in ResultCode if not code.is_played and code.score < 1)
_WIN = frozenset(code for code in ResultCode if code.score == 1)


@dataclasses.dataclass(frozen=True)
class _Event:
    """What every tie-break reads, built once per tournament."""

    rounds: dict[int, tuple[RoundEntry, ...]]  # rounds 1..n of each player; a missing one is a Z bye
    ratings: dict[int, int | None]
    halves: dict[int, int]  # points, in half points
    adjusted: dict[int, int]  # points as opponents see them (16.3), in half points
    round_robin: bool
    computed: dict[TieBreak, dict[int, TieBreakValue]] = dataclasses.field(default_factory=dict)

    def values(self, tiebreak: TieBreak) -> dict[int, TieBreakValue]:
        """A tie-break's values, computed once: APRO and APPO reuse every player's TPR and PTP."""
        if tiebreak not in self.computed:
            self.computed[tiebreak] = _COMPUTE[tiebreak](self)
        return self.computed[tiebreak]

    def opponent_in_game(self, entry: RoundEntry) -> int | None:
        """The opponent, when the round is a game: played, or a forfeit in a round robin (15.2)."""
        if (entry.result.is_played or self.round_robin) and entry.opponent in self.halves:
            return entry.opponent
        return None


def _event(tournament: Tournament) -> _Event:
    last = max((entry.round for player in tournament.players for entry in player.rounds), default=0)
    rounds = {}
    for player in tournament.players:
        if [entry.round for entry in player.rounds] == list(range(1, last + 1)):
            rounds[player.start_rank] = player.rounds
            continue
        given = {entry.round: entry for entry in player.rounds}
        rounds[player.start_rank] = tuple(
            given.get(number) or RoundEntry(number, None, None, ResultCode.ZERO_BYE) for number in range(1, last + 1)
        )
    halves = {rank: sum(_HALVES[entry.result] for entry in entries) for rank, entries in rounds.items()}
    round_robin = tournament.info.system.is_round_robin
    adjusted = halves if round_robin else {rank: _adjusted(entries) for rank, entries in rounds.items()}
    ratings = {player.start_rank: player.rating for player in tournament.players}
    return _Event(rounds, ratings, halves, adjusted, round_robin)


def _adjusted(entries: tuple[RoundEntry, ...]) -> int:
    """16.3: byes and absences after the last round that was not a VUR (16.2.5) count as draws."""
    available = max((entry.round for entry in entries if entry.result not in _VUR), default=0)
    return sum(1 if entry.round > available and entry.opponent is None else _HALVES[entry.result] for entry in entries)


def adjusted_scores(tournament: Tournament) -> dict[int, Fraction]:
    """Each player's score as it enters the opponents' Buchholz and Sonneborn-Berger (C.07 16.3)."""
    return {rank: Fraction(halves, 2) for rank, halves in _event(tournament).adjusted.items()}


# --- Buchholz and Sonneborn-Berger (articles 8, 9, 14, 15, 16) -------------------------------------------


def _contributions(event: _Event, rank: int) -> Iterator[tuple[int, int, bool]]:
    """Per round: the opponent's score, the points scored and whether it is a VUR, in half points.

    An unplayed round in a Swiss meets the dummy on the player's own points (16.4); in a round robin
    a round without a game is left out (15.2).
    """
    own = event.halves[rank]
    for entry in event.rounds[rank]:
        if (opponent := event.opponent_in_game(entry)) is not None:
            yield event.adjusted[opponent], _HALVES[entry.result], False
        elif not event.round_robin:
            yield own, _HALVES[entry.result], entry.result in _VUR


def _buchholz(event: _Event) -> dict[int, TieBreakValue]:
    return {rank: Fraction(sum(value for value, _, _ in _contributions(event, rank)), 2) for rank in event.rounds}


def _buchholz_cut1(event: _Event) -> dict[int, TieBreakValue]:
    result: dict[int, TieBreakValue] = {}
    for rank in event.rounds:
        values = list(_contributions(event, rank))
        # 16.5: a player who chose not to play loses that round's value, not the weakest opponent's
        vurs = [value for value, _, vur in values if vur]
        cut = min(vurs or [value for value, _, _ in values], default=0)
        result[rank] = Fraction(sum(value for value, _, _ in values) - cut, 2)
    return result


def _sonneborn_berger(event: _Event) -> dict[int, TieBreakValue]:
    return {
        rank: Fraction(sum(value * scored for value, scored, _ in _contributions(event, rank)), 4)
        for rank in event.rounds
    }


def buchholz(tournament: Tournament) -> dict[int, TieBreakValue]:
    """BH (C.07 8.1): the sum of the opponents' adjusted scores (16.3), dummies for unplayed rounds (16.4)."""
    return _event(tournament).values(TieBreak.BUCHHOLZ)


def buchholz_cut1(tournament: Tournament) -> dict[int, TieBreakValue]:
    """BH-C1 (C.07 14.1): Buchholz less its least significant value, or the lowest VUR value (16.5)."""
    return _event(tournament).values(TieBreak.BUCHHOLZ_CUT1)


def sonneborn_berger(tournament: Tournament) -> dict[int, TieBreakValue]:
    """SB (C.07 9.1): each opponent's adjusted score times the points scored against them (16.3, 16.4)."""
    return _event(tournament).values(TieBreak.SONNEBORN_BERGER)


# --- Own results (article 7) ---------------------------------------------------------------------------


def _wins(event: _Event) -> dict[int, TieBreakValue]:
    return {rank: sum(entry.result in _WIN for entry in entries) for rank, entries in event.rounds.items()}


def _won(event: _Event) -> dict[int, TieBreakValue]:
    return {rank: sum(entry.result is ResultCode.WIN for entry in entries) for rank, entries in event.rounds.items()}


def wins(tournament: Tournament) -> dict[int, TieBreakValue]:
    """WIN (C.07 7.1): rounds that brought a win's points, played or not (forfeit wins, full-point byes)."""
    return _event(tournament).values(TieBreak.WINS)


def games_won(tournament: Tournament) -> dict[int, TieBreakValue]:
    """WON (C.07 7.2): games won over the board; forfeits and byes do not count."""
    return _event(tournament).values(TieBreak.WON)


# --- Ratings (article 10) ------------------------------------------------------------------------------
#
# Section 10 has these tie-breaks dropped when unrated players take part, unless the tournament
# publishes how they are handled. fidedesk's rule: an unrated opponent is left out, with the game
# against them (as the Rating Regulations leave them out since 2017); only games played over the
# board count (10.1). A player who met no rated opponent has no value, and ranks after those who have.


def _rated_games(event: _Event, rank: int) -> tuple[list[int], Fraction]:
    ratings, halves = [], 0
    for entry in event.rounds[rank]:
        if not entry.result.is_played or entry.opponent is None:
            continue
        if (rating := event.ratings.get(entry.opponent)) is not None:
            ratings.append(rating)
            halves += _HALVES[entry.result]
    return ratings, Fraction(halves, 2)


def _aro(event: _Event) -> dict[int, TieBreakValue]:
    return {rank: average_rating(r) if (r := _rated_games(event, rank)[0]) else None for rank in event.rounds}


def _tpr(event: _Event) -> dict[int, TieBreakValue]:
    result: dict[int, TieBreakValue] = {}
    for rank in event.rounds:
        ratings, score = _rated_games(event, rank)
        result[rank] = performance_rating(ratings, score) if ratings else None
    return result


def _ptp(event: _Event) -> dict[int, TieBreakValue]:
    result: dict[int, TieBreakValue] = {}
    for rank in event.rounds:
        ratings, score = _rated_games(event, rank)
        if not ratings:
            result[rank] = None
        elif score == 0:  # no rating is the lowest: 10.3's zero-score value, as FIDE TEC's server computes it
            result[rank] = min(ratings) - 800
        elif score == len(ratings):  # table 8.1.2 gives 1.00 from a difference of 736: the lowest such rating
            result[rank] = max(ratings) + PD_BEYOND + 1
        else:
            result[rank] = perfect_performance(ratings, score)
    return result


def _average_of_opponents(event: _Event, values: dict[int, TieBreakValue]) -> dict[int, TieBreakValue]:
    """10.4-10.5: the average (0.5 up) of the opponents' values, over the games played; None left out."""
    result: dict[int, TieBreakValue] = {}
    for rank, entries in event.rounds.items():
        opponents = (entry.opponent for entry in entries if entry.result.is_played and entry.opponent is not None)
        found = [int(value) for opponent in opponents if (value := values.get(opponent)) is not None]
        result[rank] = average_rating(found) if found else None
    return result


def aro(tournament: Tournament) -> dict[int, TieBreakValue]:
    """ARO (C.07 10.1): the average rating of the rated opponents met over the board, 0.5 rounded up."""
    return _event(tournament).values(TieBreak.ARO)


def tpr(tournament: Tournament) -> dict[int, TieBreakValue]:
    """TPR (C.07 10.2): ARO plus dp of the percentage scored against those opponents (table 8.1.1)."""
    return _event(tournament).values(TieBreak.TPR)


def ptp(tournament: Tournament) -> dict[int, TieBreakValue]:
    """PTP (C.07 10.3): the lowest rating whose expected score (table 8.1.2, no cap) reaches the score.

    A zero score gives the lowest opponent's rating − 800; a full score the highest + 736, where the
    table reaches 1.00.
    """
    return _event(tournament).values(TieBreak.PTP)


def apro(tournament: Tournament) -> dict[int, TieBreakValue]:
    """APRO (C.07 10.4): the average of the opponents' TPRs."""
    return _event(tournament).values(TieBreak.APRO)


def appo(tournament: Tournament) -> dict[int, TieBreakValue]:
    """APPO (C.07 10.5): the average of the opponents' PTPs."""
    return _event(tournament).values(TieBreak.APPO)


_COMPUTE: dict[TieBreak, Callable[[_Event], dict[int, TieBreakValue]]] = {
    TieBreak.BUCHHOLZ: _buchholz,
    TieBreak.BUCHHOLZ_CUT1: _buchholz_cut1,
    TieBreak.SONNEBORN_BERGER: _sonneborn_berger,
    TieBreak.WINS: _wins,
    TieBreak.WON: _won,
    TieBreak.ARO: _aro,
    TieBreak.TPR: _tpr,
    TieBreak.PTP: _ptp,
    TieBreak.APRO: lambda event: _average_of_opponents(event, event.values(TieBreak.TPR)),
    TieBreak.APPO: lambda event: _average_of_opponents(event, event.values(TieBreak.PTP)),
}


def tiebreak_values(tournament: Tournament, tiebreaks: Sequence[TieBreak]) -> list[dict[int, TieBreakValue]]:
    """Each tie-break for every player, in order; DE, which ranks only a group (direct_encounter), gives {}."""
    event = _event(tournament)
    return [{} if tiebreak is TieBreak.DIRECT_ENCOUNTER else dict(event.values(tiebreak)) for tiebreak in tiebreaks]


# --- Direct encounter (article 6) ----------------------------------------------------------------------


def direct_encounter(tournament: Tournament, groups: Iterable[Collection[int]]) -> dict[int, int]:
    """DE (C.07 6): each tied player's place within their group (start ranks), 1 first; equal if not separated.

    6.1: the points each scored in the games among the group (forfeits only in a round robin, 15.2;
    players who met more than once count their average, 6.1.2). 6.2: when all of them met, those
    points rank them, and DE is applied again to each set still tied. 6.3 (Swiss, not all met): a player
    goes first only when no result of the missing games could catch them up; DE then goes on with the
    rest.
    """
    event = _event(tournament)
    places: dict[int, int] = {}
    for group in groups:
        position = 1
        for block in _direct_encounter(event, list(group)):
            places.update(dict.fromkeys(block, position))
            position += len(block)
    return places


def _direct_encounter(event: _Event, group: list[int]) -> list[list[int]]:
    """The group in DE order, as sets of players DE cannot separate."""
    if len(group) < 2:
        return [group]
    members = set(group)
    met: dict[int, dict[int, list[int]]] = {rank: {} for rank in group}
    for rank in group:
        for entry in event.rounds[rank]:
            opponent = event.opponent_in_game(entry)
            if opponent in members and opponent != rank:
                met[rank].setdefault(opponent, []).append(_HALVES[entry.result])
    points = {rank: sum((Fraction(sum(h), 2 * len(h)) for h in met[rank].values()), Fraction(0)) for rank in group}
    if all(len(met[rank]) == len(group) - 1 for rank in group):
        levels = sorted(set(points.values()), reverse=True)
        if len(levels) == 1:
            return [group]
        tied = ([rank for rank in group if points[rank] == level] for level in levels)
        return [block for subgroup in tied for block in _direct_encounter(event, subgroup)]  # 6.2, again
    # 6.3: a missing game could at most be won
    first = max(group, key=points.__getitem__)
    if all(points[first] > points[r] + len(group) - 1 - len(met[r]) for r in group if r != first):
        return [[first], *_direct_encounter(event, [r for r in group if r != first])]
    return [group]
