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

A pairing whose result is not entered yet (``?``, during a round) has no article of its own; fidedesk
counts it as a game against that opponent that has brought no points so far: the opponent's score
enters Buchholz and Sonneborn-Berger, it is not a voluntarily unplayed round, and direct encounter
and the rating tie-breaks leave it out until the result is entered.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
from collections.abc import Callable, Collection, Iterable, Sequence
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


#: FIDE's usual choice for a Swiss: Buchholz Cut-1, Buchholz, Sonneborn-Berger (the window's default, the
#: command line's export).
DEFAULT_TIEBREAKS: tuple[TieBreak, ...] = (TieBreak.BUCHHOLZ_CUT1, TieBreak.BUCHHOLZ, TieBreak.SONNEBORN_BERGER)

# Points in half points: sums stay in ints, which a 2,000-player event needs for speed.
_HALVES = {code: code.halves for code in ResultCode}
_VUR = frozenset(
    code for code in ResultCode if not code.is_played and code.score < 1 and code is not ResultCode.PENDING
)
_WIN = frozenset(code for code in ResultCode if code.score == 1)
#: A raw tie-break value: an int in the tie-break's unit (half or quarter points, a count, a rating), or None.
RawValue: TypeAlias = int | None


@dataclasses.dataclass(frozen=True)
class TieBreakEvent:
    """What every tie-break reads, built once per tournament (:func:`tiebreak_event`).

    Values are computed once each and kept as ints in the tie-break's own unit (:meth:`raw`), so
    that ranking compares ints; :meth:`values` gives them as points.
    """

    rounds: dict[int, tuple[RoundEntry, ...]]  # rounds 1..n of each player; a missing one is a Z bye
    ratings: dict[int, int | None]
    halves: dict[int, int]  # points, in half points
    adjusted: dict[int, int]  # points as opponents see them (16.3), in half points
    round_robin: bool
    computed: dict[TieBreak, dict[int, RawValue]] = dataclasses.field(default_factory=dict)
    contributions: dict[int, list[tuple[int, int, bool]]] = dataclasses.field(default_factory=dict)

    def raw(self, tiebreak: TieBreak) -> dict[int, RawValue]:
        """A tie-break's values in its unit (:data:`UNITS`), computed once: APRO and APPO reuse TPR and PTP."""
        if tiebreak not in self.computed:
            self.computed[tiebreak] = _COMPUTE[tiebreak](self)
        return self.computed[tiebreak]

    def values(self, tiebreak: TieBreak) -> dict[int, TieBreakValue]:
        """A tie-break's values: Fractions of a point for sums of points, ints for counts and ratings."""
        raw = self.raw(tiebreak)
        unit = UNITS.get(tiebreak, 1)
        if unit == 1:
            return dict(raw)
        return {rank: None if value is None else _fraction(value, unit) for rank, value in raw.items()}

    def opponent_in_game(self, entry: RoundEntry) -> int | None:
        """The opponent, when the round is a game: played, or a forfeit in a round robin (15.2)."""
        if (entry.result.is_played or self.round_robin) and entry.opponent in self.halves:
            return entry.opponent
        return None

    def opponent_met_or_pending(self, entry: RoundEntry) -> int | None:
        """The opponent as Buchholz and Sonneborn-Berger see them: a game, or one whose result is still to come."""
        if entry.result is ResultCode.PENDING and entry.opponent in self.halves:
            return entry.opponent
        return self.opponent_in_game(entry)


@functools.lru_cache(maxsize=4096)
def _fraction(value: int, unit: int) -> Fraction:
    # standings show the same few sums over and over: build each Fraction once
    return Fraction(value, unit)


def tiebreak_event(tournament: Tournament) -> TieBreakEvent:
    """The tournament read once for its tie-breaks: rounds completed with absences, points, ratings."""
    expected = list(range(1, tournament.last_round + 1))
    rounds = {}
    for player in tournament.players:
        if [entry.round for entry in player.rounds] == expected:
            rounds[player.start_rank] = player.rounds
            continue
        given = {entry.round: entry for entry in player.rounds}
        rounds[player.start_rank] = tuple(
            given.get(number) or RoundEntry(number, None, None, ResultCode.ZERO_BYE) for number in expected
        )
    halves = {rank: sum(entry.result.halves for entry in entries) for rank, entries in rounds.items()}
    round_robin = tournament.info.system.is_round_robin
    adjusted = halves if round_robin else {rank: _adjusted(entries) for rank, entries in rounds.items()}
    ratings = {player.start_rank: player.rating for player in tournament.players}
    return TieBreakEvent(rounds, ratings, halves, adjusted, round_robin)


def _adjusted(entries: tuple[RoundEntry, ...]) -> int:
    """16.3: byes and absences after the last round that was not a VUR (16.2.5) count as draws."""
    available = next((entry.round for entry in reversed(entries) if entry.result not in _VUR), 0)
    if available == len(entries):  # the usual case: nothing to adjust
        return sum(entry.result.halves for entry in entries)
    return sum(1 if entry.round > available and entry.opponent is None else entry.result.halves for entry in entries)


def adjusted_scores(tournament: Tournament) -> dict[int, Fraction]:
    """Each player's score as it enters the opponents' Buchholz and Sonneborn-Berger (C.07 16.3)."""
    return {rank: Fraction(halves, 2) for rank, halves in tiebreak_event(tournament).adjusted.items()}


# --- Buchholz and Sonneborn-Berger (articles 8, 9, 14, 15, 16) -------------------------------------------


def _contributions(event: TieBreakEvent, rank: int) -> list[tuple[int, int, bool]]:
    """Per round: the opponent's score, the points scored and whether it is a VUR, in half points.

    An unplayed round in a Swiss meets the dummy on the player's own points (16.4); in a round robin
    a round without a game is left out (15.2). Read once per player: BH, BH-C1 and SB share them.
    """
    found = event.contributions.get(rank)
    if found is None:
        found = []
        own = event.halves[rank]
        for entry in event.rounds[rank]:
            result = entry.result
            if (opponent := event.opponent_met_or_pending(entry)) is not None:
                found.append((event.adjusted[opponent], result.halves, False))
            elif not event.round_robin:
                found.append((own, result.halves, result in _VUR))
        event.contributions[rank] = found
    return found


def _buchholz(event: TieBreakEvent) -> dict[int, RawValue]:
    return {rank: sum(value for value, _, _ in _contributions(event, rank)) for rank in event.rounds}


def _buchholz_cut1(event: TieBreakEvent) -> dict[int, RawValue]:
    result: dict[int, RawValue] = {}
    for rank in event.rounds:
        values = list(_contributions(event, rank))
        # 16.5: a player who chose not to play loses that round's value, not the weakest opponent's
        vurs = [value for value, _, vur in values if vur]
        cut = min(vurs or [value for value, _, _ in values], default=0)
        result[rank] = sum(value for value, _, _ in values) - cut
    return result


def _sonneborn_berger(event: TieBreakEvent) -> dict[int, RawValue]:
    return {rank: sum(value * scored for value, scored, _ in _contributions(event, rank)) for rank in event.rounds}


def buchholz(tournament: Tournament) -> dict[int, TieBreakValue]:
    """BH (C.07 8.1): the sum of the opponents' adjusted scores (16.3), dummies for unplayed rounds (16.4)."""
    return tiebreak_event(tournament).values(TieBreak.BUCHHOLZ)


def buchholz_cut1(tournament: Tournament) -> dict[int, TieBreakValue]:
    """BH-C1 (C.07 14.1): Buchholz less its least significant value, or the lowest VUR value (16.5)."""
    return tiebreak_event(tournament).values(TieBreak.BUCHHOLZ_CUT1)


def sonneborn_berger(tournament: Tournament) -> dict[int, TieBreakValue]:
    """SB (C.07 9.1): each opponent's adjusted score times the points scored against them (16.3, 16.4)."""
    return tiebreak_event(tournament).values(TieBreak.SONNEBORN_BERGER)


# --- Own results (article 7) ---------------------------------------------------------------------------


def _wins(event: TieBreakEvent) -> dict[int, RawValue]:
    return {rank: sum(entry.result in _WIN for entry in entries) for rank, entries in event.rounds.items()}


def _won(event: TieBreakEvent) -> dict[int, RawValue]:
    return {rank: sum(entry.result is ResultCode.WIN for entry in entries) for rank, entries in event.rounds.items()}


def wins(tournament: Tournament) -> dict[int, TieBreakValue]:
    """WIN (C.07 7.1): rounds that brought a win's points, played or not (forfeit wins, full-point byes)."""
    return tiebreak_event(tournament).values(TieBreak.WINS)


def games_won(tournament: Tournament) -> dict[int, TieBreakValue]:
    """WON (C.07 7.2): games won over the board; forfeits and byes do not count."""
    return tiebreak_event(tournament).values(TieBreak.WON)


# --- Ratings (article 10) ------------------------------------------------------------------------------
#
# Section 10 has these tie-breaks dropped when unrated players take part, unless the tournament
# publishes how they are handled. fidedesk's rule: an unrated opponent is left out, with the game
# against them (as the Rating Regulations leave them out since 2017); only games played over the
# board count (10.1). A player who met no rated opponent has no value, and ranks after those who have.


def _rated_games(event: TieBreakEvent, rank: int) -> tuple[list[int], Fraction]:
    ratings, halves = [], 0
    for entry in event.rounds[rank]:
        if not entry.result.is_played or entry.opponent is None:
            continue
        if (rating := event.ratings.get(entry.opponent)) is not None:
            ratings.append(rating)
            halves += _HALVES[entry.result]
    return ratings, Fraction(halves, 2)


def _aro(event: TieBreakEvent) -> dict[int, RawValue]:
    return {rank: average_rating(r) if (r := _rated_games(event, rank)[0]) else None for rank in event.rounds}


def _tpr(event: TieBreakEvent) -> dict[int, RawValue]:
    result: dict[int, RawValue] = {}
    for rank in event.rounds:
        ratings, score = _rated_games(event, rank)
        result[rank] = performance_rating(ratings, score) if ratings else None
    return result


def _ptp(event: TieBreakEvent) -> dict[int, RawValue]:
    result: dict[int, RawValue] = {}
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


def _average_of_opponents(event: TieBreakEvent, values: dict[int, RawValue]) -> dict[int, RawValue]:
    """10.4-10.5: the average (0.5 up) of the opponents' values, over the games played; None left out."""
    result: dict[int, RawValue] = {}
    for rank, entries in event.rounds.items():
        opponents = (entry.opponent for entry in entries if entry.result.is_played and entry.opponent is not None)
        found = [value for opponent in opponents if (value := values.get(opponent)) is not None]
        result[rank] = average_rating(found) if found else None
    return result


def aro(tournament: Tournament) -> dict[int, TieBreakValue]:
    """ARO (C.07 10.1): the average rating of the rated opponents met over the board, 0.5 rounded up."""
    return tiebreak_event(tournament).values(TieBreak.ARO)


def tpr(tournament: Tournament) -> dict[int, TieBreakValue]:
    """TPR (C.07 10.2): ARO plus dp of the percentage scored against those opponents (table 8.1.1)."""
    return tiebreak_event(tournament).values(TieBreak.TPR)


def ptp(tournament: Tournament) -> dict[int, TieBreakValue]:
    """PTP (C.07 10.3): the lowest rating whose expected score (table 8.1.2, no cap) reaches the score.

    A zero score gives the lowest opponent's rating − 800; a full score the highest + 736, where the
    table reaches 1.00.
    """
    return tiebreak_event(tournament).values(TieBreak.PTP)


def apro(tournament: Tournament) -> dict[int, TieBreakValue]:
    """APRO (C.07 10.4): the average of the opponents' TPRs."""
    return tiebreak_event(tournament).values(TieBreak.APRO)


def appo(tournament: Tournament) -> dict[int, TieBreakValue]:
    """APPO (C.07 10.5): the average of the opponents' PTPs."""
    return tiebreak_event(tournament).values(TieBreak.APPO)


#: The unit of each tie-break's raw values where it is not 1: half points, and quarters for SB (½ × ½).
UNITS: dict[TieBreak, int] = {TieBreak.BUCHHOLZ: 2, TieBreak.BUCHHOLZ_CUT1: 2, TieBreak.SONNEBORN_BERGER: 4}

_COMPUTE: dict[TieBreak, Callable[[TieBreakEvent], dict[int, RawValue]]] = {
    TieBreak.BUCHHOLZ: _buchholz,
    TieBreak.BUCHHOLZ_CUT1: _buchholz_cut1,
    TieBreak.SONNEBORN_BERGER: _sonneborn_berger,
    TieBreak.WINS: _wins,
    TieBreak.WON: _won,
    TieBreak.ARO: _aro,
    TieBreak.TPR: _tpr,
    TieBreak.PTP: _ptp,
    TieBreak.APRO: lambda event: _average_of_opponents(event, event.raw(TieBreak.TPR)),
    TieBreak.APPO: lambda event: _average_of_opponents(event, event.raw(TieBreak.PTP)),
}


def tiebreak_values(tournament: Tournament, tiebreaks: Sequence[TieBreak]) -> list[dict[int, TieBreakValue]]:
    """Each tie-break for every player, in order; DE, which ranks only a group (direct_encounter), gives {}."""
    event = tiebreak_event(tournament)
    return [{} if tiebreak is TieBreak.DIRECT_ENCOUNTER else event.values(tiebreak) for tiebreak in tiebreaks]


# --- Direct encounter (article 6) ----------------------------------------------------------------------


def direct_encounter(tournament: Tournament, groups: Iterable[Collection[int]]) -> dict[int, int]:
    """DE (C.07 6): each tied player's place within their group (start ranks), 1 first; equal if not separated.

    6.1: the points each scored in the games among the group (forfeits only in a round robin, 15.2;
    players who met more than once count their average, 6.1.2). 6.2: when all of them met, those
    points rank them, and DE is applied again to each set still tied. 6.3 (Swiss, not all met): a player
    goes first only when no result of the missing games could catch them up; DE then goes on with the
    rest.
    """
    return direct_encounter_in(tiebreak_event(tournament), groups)


def direct_encounter_in(event: TieBreakEvent, groups: Iterable[Collection[int]]) -> dict[int, int]:
    """:func:`direct_encounter` on an event already read."""
    places: dict[int, int] = {}
    for group in groups:
        position = 1
        for block in _direct_encounter(event, list(group)):
            places.update(dict.fromkeys(block, position))
            position += len(block)
    return places


def _direct_encounter(event: TieBreakEvent, group: list[int]) -> list[list[int]]:
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
