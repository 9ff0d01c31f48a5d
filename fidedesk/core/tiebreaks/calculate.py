"""Tie-breaks of FIDE's Play-Off and Tie-Break Regulations (Handbook C.07), in the edition chosen.

:func:`tiebreak_values` computes any tie-break of :mod:`fidedesk.core.tiebreaks.codes` for every
player, under the 2024 or the 2026 text. Values are exact and keyed by start rank: Fractions for
sums of points, ints for counts and ratings, None where a rating tie-break has nothing to average.

- The rounds and the unplayed rounds of article 16: :mod:`fidedesk.core.tiebreaks.event`.
- Buchholz, fore Buchholz, Sonneborn-Berger, AOB, Koya, progressive scores, and their cuts:
  :mod:`fidedesk.core.tiebreaks.scores`.
- Here: the counts of article 7, the rating tie-breaks of article 10, direct encounter (article 6).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence
from fractions import Fraction

from fidedesk.core.rating.performance import average_rating, perfect_performance, performance_rating
from fidedesk.core.rating.tables import PD_BEYOND
from fidedesk.core.results import ResultCode
from fidedesk.core.tiebreaks import scores
from fidedesk.core.tiebreaks.codes import (
    DEFAULT_TIEBREAKS,
    KNOWN_TIEBREAKS,
    Kind,
    TieBreak,
    TieBreakRules,
    UnknownTieBreak,
    default_tiebreaks,
    parse_tiebreak,
    parse_tiebreaks,
    rules_for_date,
    tiebreak_rules,
)
from fidedesk.core.tiebreaks.event import RawValue, TieBreakEvent, TieBreakValue, tiebreak_event, unit, values_of
from fidedesk.core.tournament import Tournament

__all__ = [
    "DEFAULT_TIEBREAKS",
    "KNOWN_TIEBREAKS",
    "Kind",
    "RawValue",
    "TieBreak",
    "TieBreakEvent",
    "TieBreakRules",
    "TieBreakValue",
    "UnknownTieBreak",
    "adjusted_scores",
    "default_tiebreaks",
    "direct_encounter",
    "direct_encounter_in",
    "parse_tiebreak",
    "parse_tiebreaks",
    "raw_values",
    "rules_for_date",
    "shown_values",
    "tiebreak_event",
    "tiebreak_rules",
    "tiebreak_values",
    "unit",
]

_HALVES = {code: code.halves for code in ResultCode}
_WIN = frozenset(code for code in ResultCode if code.score == 1)


def adjusted_scores(tournament: Tournament, rules: TieBreakRules | None = None) -> dict[int, Fraction]:
    """Each player's score as it enters the opponents' Buchholz and Sonneborn-Berger (C.07 16.3)."""
    return {rank: Fraction(halves, 2) for rank, halves in tiebreak_event(tournament, rules).adjusted.items()}


# --- Own results (article 7) ---------------------------------------------------------------------------


def _count(test: Callable[[ResultCode, str | None], bool]) -> Callable[[TieBreakEvent, TieBreak], dict[int, RawValue]]:
    def compute(event: TieBreakEvent, _tiebreak: TieBreak) -> dict[int, RawValue]:
        return {
            rank: sum(1 for entry in entries if test(entry.result, entry.color))
            for rank, entries in event.rounds.items()
        }

    return compute


# WIN (7.1): rounds that brought a win's points, played or not (forfeit wins, full-point and
# pairing-allocated byes). WON (7.2): games won at the board. BPG (7.3) and BWG (7.4): games played and
# won with Black. GE (7.6): rounds one elected to play: every round but a voluntarily unplayed one.
_wins = _count(lambda result, _colour: result in _WIN)
_won = _count(lambda result, _colour: result in (ResultCode.WIN, ResultCode.WIN_UNPLAYED))
_black_played = _count(lambda result, colour: colour == "b" and result.is_game)
_black_won = _count(lambda result, colour: colour == "b" and result.is_game and result in _WIN)
_elected = _count(lambda result, _colour: not result.is_vur)


# --- Ratings (article 10) ------------------------------------------------------------------------------
#
# Section 10 has these tie-breaks dropped when unrated players take part, unless the tournament
# publishes how they are handled. fidedesk's rule: an unrated opponent is left out, with the game
# against them (as the Rating Regulations leave them out since 2017); only games decided at the board
# count (10.1). A player who met no rated opponent has no value, and ranks after those who have.


def _rated_games(event: TieBreakEvent, rank: int) -> tuple[list[int], Fraction]:
    found = event.shared.get(("rated", rank))
    if found is None:
        ratings, halves = [], 0
        for entry in event.rounds[rank]:
            if not entry.result.is_game or entry.opponent is None:
                continue
            if (rating := event.ratings.get(entry.opponent)) is not None:
                ratings.append(rating)
                halves += _HALVES[entry.result]
        found = event.shared[("rated", rank)] = (ratings, Fraction(halves, 2))
    return found  # type: ignore[return-value]


def _aro(event: TieBreakEvent, tiebreak: TieBreak) -> dict[int, RawValue]:
    """ARO (10.1), with Cut-n or Median-n (14): the lowest (and highest) ratings left out first."""
    low, high = tiebreak.cut + tiebreak.median, tiebreak.median
    result: dict[int, RawValue] = {}
    for rank in event.rounds:
        ratings = sorted(_rated_games(event, rank)[0])
        cut_low = min(low, event.last)
        kept = ratings[cut_low : len(ratings) - min(high, event.last - cut_low)]
        result[rank] = average_rating(kept) if kept else None
    return result


def _tpr(event: TieBreakEvent, _tiebreak: TieBreak) -> dict[int, RawValue]:
    result: dict[int, RawValue] = {}
    for rank in event.rounds:
        ratings, score = _rated_games(event, rank)
        result[rank] = performance_rating(ratings, score) if ratings else None
    return result


def _ptp(event: TieBreakEvent, _tiebreak: TieBreak) -> dict[int, RawValue]:
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


def _average_of_opponents(of: TieBreak) -> Callable[[TieBreakEvent, TieBreak], dict[int, RawValue]]:
    """APRO (10.4), APPO (10.5): the average (0.5 up) of the opponents' TPR or PTP, over games at the board."""

    def compute(event: TieBreakEvent, _tiebreak: TieBreak) -> dict[int, RawValue]:
        values = raw_values(event, of)
        result: dict[int, RawValue] = {}
        for rank, entries in event.rounds.items():
            opponents = (entry.opponent for entry in entries if entry.result.is_game and entry.opponent is not None)
            found = [value for opponent in opponents if (value := values.get(opponent)) is not None]
            result[rank] = average_rating(found) if found else None
        return result

    return compute


_COMPUTE: dict[Kind, Callable[[TieBreakEvent, TieBreak], dict[int, RawValue]]] = {
    Kind.BUCHHOLZ: scores.summed(Kind.BUCHHOLZ),
    Kind.FORE_BUCHHOLZ: scores.summed(Kind.FORE_BUCHHOLZ),
    Kind.SONNEBORN_BERGER: scores.summed(Kind.SONNEBORN_BERGER),
    Kind.AVERAGE_BUCHHOLZ: scores.average_buchholz,
    Kind.KOYA: scores.koya,
    Kind.PROGRESSIVE: scores.progressive,
    Kind.WINS: _wins,
    Kind.WON: _won,
    Kind.BLACK_PLAYED: _black_played,
    Kind.BLACK_WON: _black_won,
    Kind.ELECTED: _elected,
    Kind.ARO: _aro,
    Kind.TPR: _tpr,
    Kind.PTP: _ptp,
    Kind.APRO: _average_of_opponents(TieBreak.TPR),
    Kind.APPO: _average_of_opponents(TieBreak.PTP),
}


def raw_values(event: TieBreakEvent, tiebreak: TieBreak) -> dict[int, RawValue]:
    """A tie-break's values in its unit (:func:`~fidedesk.core.tiebreaks.event.unit`), computed once per event.

    Direct encounter ranks a group, not a player alone (:func:`direct_encounter_in`): it has no values here.
    """
    found = event.computed.get(tiebreak)
    if found is None:
        if tiebreak.kind is Kind.DIRECT_ENCOUNTER:
            found = {}
        else:
            found = event.computed[tiebreak] = _COMPUTE[tiebreak.kind](event, tiebreak)
    return found


def shown_values(event: TieBreakEvent, tiebreak: TieBreak) -> dict[int, TieBreakValue]:
    """A tie-break's values: Fractions of a point for sums and averages of points, ints for the rest."""
    return values_of(event, tiebreak, raw_values(event, tiebreak))


def tiebreak_values(
    tournament: Tournament,
    tiebreaks: Sequence[TieBreak],
    rules: TieBreakRules | None = None,
    after_round: int | None = None,
) -> list[dict[int, TieBreakValue]]:
    """Each tie-break for every player, in order; DE, which ranks only a group (direct_encounter), gives {}.

    ``rules`` is the edition of C.07 (by default the one in force on the event's start date).
    """
    event = tiebreak_event(tournament, rules, after_round)
    return [shown_values(event, tiebreak) for tiebreak in tiebreaks]


# --- Direct encounter (article 6) ----------------------------------------------------------------------


def direct_encounter(
    tournament: Tournament, groups: Iterable[Collection[int]], rules: TieBreakRules | None = None
) -> dict[int, int]:
    """DE (C.07 6): each tied player's place within their group (start ranks), 1 first; equal if not separated.

    6.1: the points each scored in the games among the group (forfeits only in a round robin, 15.2;
    players who met more than once count their average, 6.1.2). 6.2: when all of them met, those
    points rank them, and DE is applied again to each set still tied. 6.3 (Swiss, not all met): players go
    first one by one, on their points in the group, while no result of the missing games could catch
    them up; DE is then applied again to the rest. In a round robin (15.2) every pair is taken as met.
    """
    return direct_encounter_in(tiebreak_event(tournament, rules), groups)


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
    if event.round_robin or all(len(met[rank]) == len(group) - 1 for rank in group):
        levels = sorted(set(points.values()), reverse=True)
        if len(levels) == 1:
            return [group]
        tied = ([rank for rank in group if points[rank] == level] for level in levels)
        return [block for subgroup in tied for block in _direct_encounter(event, subgroup)]  # 6.2, again
    # 6.3: a missing game could at most be won. Players go first one by one, on their points against the
    # whole group, while each has more than anyone after them could reach; DE then starts again on the rest
    # (FIDE TEC's reading: the points stay those of the group the players were tied in).
    ordered = sorted(group, key=lambda rank: (-points[rank], rank))
    reach = {rank: points[rank] + len(group) - 1 - len(met[rank]) for rank in group}
    first = 0
    while first < len(ordered) - 1 and points[ordered[first]] > max(reach[r] for r in ordered[first + 1 :]):
        first += 1
    if first == 0:
        return [group]
    return [*([rank] for rank in ordered[:first]), *_direct_encounter(event, ordered[first:])]
