"""A tournament read once for its tie-breaks (FIDE C.07): rounds, points, and the unplayed rounds of article 16.

Every tie-break reads the results themselves, never a file's points column. Points are kept in half
points so that sums over a 5,000-player event stay in ints.

The kinds of round, as C.07 article 16 and FIDE TEC's own implementation read them:

- A *game* is a pairing whose result was decided at the board: ``1 = 0``, and ``W D L`` (a game of
  less than one move, which is not rated but was paired and played out).
- A round is *voluntarily unplayed* (VUR, 16.1) when it was no game and brought less than a win:
  half- and zero-point byes, absences (a round missing from the record counts as a zero-point bye,
  16.1) and forfeit losses. Pairing-allocated and full-point byes and forfeit wins are not VURs.
- A player's *adjusted* score (16.3), the one their opponents' Buchholz and Sonneborn-Berger see,
  counts byes and absences after their last round that was not a VUR (category 16.2.5) as draws; in a
  round robin such rounds count nothing. Every other round counts the points it gave.

A pairing whose result is not entered yet (``?``, during a round) has no article of its own; fidedesk
counts it as a game that has brought no points so far: the opponent's score enters Buchholz and
Sonneborn-Berger, it is not a voluntarily unplayed round, and direct encounter and the rating
tie-breaks leave it out until the result is entered.
"""

from __future__ import annotations

import dataclasses
import functools
from fractions import Fraction
from typing import TypeAlias

from fidedesk.core.results import ResultCode
from fidedesk.core.tiebreaks.codes import Kind, TieBreak, TieBreakRules
from fidedesk.core.tournament import RoundEntry, Tournament

#: A tie-break value: a sum of points, a count, a rating, or None (nothing to compute it from).
TieBreakValue: TypeAlias = Fraction | int | None
#: A raw tie-break value: an int in the tie-break's unit (half or quarter points, a count, a rating), or None.
RawValue: TypeAlias = int | None

#: Results decided at the board, in the tie-breaks' sense (games of less than one move included).
GAME = frozenset({ResultCode.WIN, ResultCode.DRAW, ResultCode.LOSS} | {
    ResultCode.WIN_UNPLAYED, ResultCode.DRAW_UNPLAYED, ResultCode.LOSS_UNPLAYED})  # fmt: skip
#: Voluntarily unplayed rounds (C.07 16.1): no game, less than a win, not a result still to come.
VUR = frozenset(code for code in ResultCode if code not in GAME and code.score < 1 and code is not ResultCode.PENDING)


@dataclasses.dataclass(frozen=True)
class TieBreakEvent:
    """What every tie-break reads, built once per tournament and edition (:func:`tiebreak_event`).

    Values are computed once each and kept as ints in the tie-break's own unit (:func:`unit`), so
    that ranking compares ints. ``rounds`` holds rounds 1 to ``last`` of each player, a missing one
    as a zero-point bye.
    """

    rules: TieBreakRules
    last: int
    rounds: dict[int, tuple[RoundEntry, ...]]
    ratings: dict[int, int | None]
    halves: dict[int, int]  # points, in half points
    adjusted: dict[int, int]  # points as opponents see them (16.3), in half points
    available: dict[int, int]  # the last round that was not a VUR (16.2.5 starts after it), 0 if none
    round_robin: bool
    computed: dict[TieBreak, dict[int, RawValue]] = dataclasses.field(default_factory=dict)
    shared: dict[object, object] = dataclasses.field(default_factory=dict)  # work two tie-breaks share

    def opponent(self, entry: RoundEntry) -> int | None:
        """The opponent the round was paired against (games and forfeits), when they are in the event."""
        return entry.opponent if entry.opponent in self.halves else None

    def opponent_in_game(self, entry: RoundEntry) -> int | None:
        """The opponent, when the round is a game: played, or a forfeit in a round robin (15.2)."""
        if (entry.result.is_game or self.round_robin) and entry.opponent in self.halves:
            return entry.opponent
        return None


def tiebreak_event(
    tournament: Tournament, rules: TieBreakRules | None = None, after_round: int | None = None
) -> TieBreakEvent:
    """The tournament read once for its tie-breaks, under ``rules`` (by default the event's own,
    :attr:`~fidedesk.core.tournament.EventInfo.rules_in_use`).

    ``after_round`` reads the rounds up to that one only: the standings as they were after it; by default
    the rounds played (:attr:`~fidedesk.core.tournament.Tournament.rounds_played`), so that a bye requested for
    a later round or a withdrawal's later rounds count nothing before their round is played.
    """
    played = tournament.rounds_played
    last = played if after_round is None else max(0, min(after_round, tournament.last_round))
    expected = list(range(1, last + 1))
    rounds = {}
    for player in tournament.players:
        if [entry.round for entry in player.rounds] == expected:
            rounds[player.start_rank] = player.rounds
            continue
        given = {entry.round: entry for entry in player.rounds if entry.round <= last}
        rounds[player.start_rank] = tuple(
            given.get(number) or RoundEntry(number, None, None, ResultCode.ZERO_BYE) for number in expected
        )
    halves = {rank: sum(entry.result.halves for entry in entries) for rank, entries in rounds.items()}
    available = {rank: _available(entries) for rank, entries in rounds.items()}
    round_robin = tournament.info.system.is_round_robin
    adjusted = {
        rank: halves[rank] if available[rank] == last else _adjusted(entries, available[rank], round_robin)
        for rank, entries in rounds.items()
    }
    ratings = {player.start_rank: player.rating for player in tournament.players}
    chosen = rules if rules is not None else tournament.info.rules_in_use
    return TieBreakEvent(chosen, last, rounds, ratings, halves, adjusted, available, round_robin)


def _available(entries: tuple[RoundEntry, ...]) -> int:
    return next((entry.round for entry in reversed(entries) if not entry.result.is_vur), 0)


def _adjusted(entries: tuple[RoundEntry, ...], available: int, round_robin: bool) -> int:
    """16.3: rounds after the last one that was not a VUR, and without an opponent, count as draws.

    In a round robin they count nothing (15.2: a round without an opponent is no part of the event).
    """
    stand_in = 0 if round_robin else 1
    return sum(
        stand_in if entry.round > available and entry.opponent is None else entry.result.halves for entry in entries
    )


def unit(tiebreak: TieBreak, last: int) -> int:
    """The unit of a tie-break's raw values: 2 for sums of points (half points), 4 for Sonneborn-Berger
    (½ × ½), a power of ten for the average of Buchholz (:func:`aob_decimals`), else 1."""
    kind = tiebreak.kind
    if kind in (Kind.BUCHHOLZ, Kind.FORE_BUCHHOLZ, Kind.KOYA, Kind.PROGRESSIVE):
        return 2
    if kind is Kind.SONNEBORN_BERGER:
        return 4
    if kind is Kind.AVERAGE_BUCHHOLZ:
        return int(10 ** aob_decimals(last))
    return 1


def aob_decimals(last: int) -> int:
    """The decimals an average of Buchholz is rounded to (0.5 up), as FIDE TEC's server rounds them.

    C.07 8.2 does not say; TEC keeps as many decimals as tell apart averages of sums of half points
    over up to ``last`` games: two up to 8 rounds, three up to 26, four up to 72, then five.
    """
    return 2 if last < 9 else 3 if last < 27 else 4 if last < 73 else 5


def values_of(event: TieBreakEvent, tiebreak: TieBreak, raw: dict[int, RawValue]) -> dict[int, TieBreakValue]:
    """Raw values as shown: Fractions of a point for sums and averages of points, ints for the rest."""
    scale = unit(tiebreak, event.last)
    if scale == 1:
        return dict(raw)
    return {rank: None if value is None else _fraction(value, scale) for rank, value in raw.items()}


@functools.lru_cache(maxsize=4096)
def _fraction(value: int, scale: int) -> Fraction:
    # standings show the same few sums over and over: build each Fraction once
    return Fraction(value, scale)


def round_half_up(numerator: int, denominator: int) -> int:
    """numerator / denominator rounded to an int, 0.5 up (denominator > 0)."""
    return (2 * numerator + denominator) // (2 * denominator)
