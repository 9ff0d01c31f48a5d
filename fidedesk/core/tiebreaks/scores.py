"""Tie-breaks that sum the opponents' scores (C.07 8, 9), progressive scores (7.5), and their cuts (14, 16).

Buchholz (8.1), fore Buchholz (8.3) and Sonneborn-Berger (9.1) add, for every round, a value from the
opponent's adjusted score (16.3, :mod:`fidedesk.core.tiebreaks.event`). A round without a game, in a
Swiss, is a game against a *dummy* opponent (16.4):

- C.07 of 1 August 2024: the dummy finishes on the player's own points.
- C.07 of 1 March 2026: the dummy finishes on the player's own points, but on no more than the
  forfeiting opponent's adjusted score where there was one (16.4.1), and on no more than a draw in
  every round where there was none (16.4.2).

Sonneborn-Berger multiplies each value by the points the player scored in that round. In a round
robin (15.2) a forfeit is a game against the scheduled opponent, and a round without one is left out.

A cut (article 14) takes away the least significant values; where the player has voluntarily
unplayed rounds, one of those goes first (16.5), as FIDE TEC's implementation reads it: the VUR of
least value, unless the opponent of lowest score is worth more than it.
"""

from __future__ import annotations

import operator
from collections.abc import Callable

from fidedesk.core.results import ResultCode
from fidedesk.core.tiebreaks.codes import Kind, TieBreak, TieBreakRules
from fidedesk.core.tiebreaks.event import RawValue, TieBreakEvent, round_half_up, unit
from fidedesk.core.tournament import RoundEntry

#: One round's part in a sum: (the opponent's or the dummy's score, the points scored, whether it is a VUR).
Part = tuple[int, int, bool]


def _fore(event: TieBreakEvent) -> tuple[dict[int, int], dict[int, int]]:
    """Fore Buchholz (8.3): the scores as if every game of the last round were a draw.

    Returns (the adjusted scores opponents see, the players' own scores). A player paired in the last
    round has no round adjusted by 16.3; one who had an opponent there has that round counted as a draw.
    """
    found = event.shared.get("fore")
    if found is not None:
        return found  # type: ignore[return-value]
    adjusted, own = dict(event.adjusted), dict(event.halves)
    last = event.last
    for rank, entries in event.rounds.items():
        if not entries:
            continue
        final = entries[-1]
        if not paired(final):
            continue
        adjusted[rank] = event.halves[rank]  # paired in the last round: nothing after it to adjust
        if final.opponent is not None and last > 0:
            draw_instead = 1 - final.result.halves
            adjusted[rank] += draw_instead
            own[rank] += draw_instead
    event.shared["fore"] = (adjusted, own)
    return adjusted, own


def all_parts(event: TieBreakEvent, fore: bool = False) -> dict[int, list[Part]]:
    """Per player and round: the score of the opponent (or dummy) in half points, the points scored,
    whether a VUR. Buchholz adds the scores, Sonneborn-Berger the scores times the points: both read the
    same parts, built once per event (every edit of a 500-player event builds them again: one loop).
    """
    key = ("parts", fore)
    found = event.shared.get(key)
    if found is not None:
        return found  # type: ignore[return-value]
    opponents_score, own_scores = _fore(event) if fore else (event.adjusted, event.halves)
    capped = event.rules is TieBreakRules.C07_2026
    last, round_robin, players, pending = event.last, event.round_robin, event.halves, ResultCode.PENDING
    all_draws = last  # 16.4.2: a draw in every round, in half points
    result: dict[int, list[Part]] = {}
    for rank, entries in event.rounds.items():
        own = own_scores[rank]
        found_parts: list[Part] = []
        for entry in entries:
            opponent = entry.opponent if entry.opponent in players else None
            code = entry.result
            if opponent is not None and (
                code.is_game or code is pending or round_robin or (fore and entry.round == last)
            ):
                found_parts.append((opponents_score[opponent], code.halves, False))
            elif not round_robin:  # 15.2: a round without an opponent is no part of a round robin
                score = own
                if capped:
                    score = min(score, opponents_score[opponent] if opponent is not None else all_draws)
                found_parts.append((score, code.halves, code.is_vur))
        result[rank] = found_parts
    event.shared[key] = result
    return result


_BY_SCORE = operator.itemgetter(1, 0)  # the least significant first: the opponent's score, then the value


def cut_sum(values: list[tuple[int, int, bool]], low: int, high: int, last: int) -> int:
    """The sum of the values less ``low`` least and ``high`` most significant ones (C.07 14, 16.5).

    ``values`` are (the value, the opponent's score it comes from, whether the round is a VUR). The
    least significant value is the one of the opponent with the lowest score (then the lowest value);
    a VUR goes first unless that opponent is worth more than it (16.5, as FIDE TEC reads it).
    """
    low = min(low, last)
    high = min(high, last - low)
    if low == 1 and not high and values and not any([vur for _, _, vur in values]):  # the usual Cut-1
        return sum([value for value, _, _ in values]) - min(values, key=_BY_SCORE)[0]
    left = list(values)
    for _ in range(low):
        if not left:
            break
        lowest = min(range(len(left)), key=lambda i: (left[i][1], left[i][0]))
        vurs = [i for i in range(len(left)) if left[i][2]]
        chosen = lowest
        if vurs:
            vur = min(vurs, key=lambda i: (left[i][0], left[i][1]))
            if left[lowest][0] <= left[vur][0]:
                chosen = vur
        del left[chosen]
    for _ in range(high):
        if not left:
            break
        del left[max(range(len(left)), key=lambda i: (left[i][1], left[i][0], -i))]
    return sum(value for value, _, _ in left)


def summed(kind: Kind) -> Callable[[TieBreakEvent, TieBreak], dict[int, RawValue]]:
    """BH, FB, SB with their cuts and medians (8.1, 8.3, 9.1, 14)."""
    fore = kind is Kind.FORE_BUCHHOLZ
    sonneborn = kind is Kind.SONNEBORN_BERGER

    def compute(event: TieBreakEvent, tiebreak: TieBreak) -> dict[int, RawValue]:
        low, high = tiebreak.cut + tiebreak.median, tiebreak.median
        found = all_parts(event, fore)
        if not low and not high:
            if sonneborn:
                return {rank: sum([s * p for s, p, _ in parts]) for rank, parts in found.items()}
            return {rank: sum([s for s, _, _ in parts]) for rank, parts in found.items()}
        result: dict[int, RawValue] = {}
        for rank, parts in found.items():
            values = [(s * p, s, vur) for s, p, vur in parts] if sonneborn else [(s, s, vur) for s, _, vur in parts]
            result[rank] = cut_sum(values, low, high, event.last)
        return result

    return compute


def average_buchholz(event: TieBreakEvent, tiebreak: TieBreak) -> dict[int, RawValue]:
    """AOB (8.2): the average of the Buchholz of the opponents met over the board (0.5 up, :func:`aob_decimals`)."""
    buchholz = event.computed.get(TieBreak.BUCHHOLZ)
    if buchholz is None:  # BH computed once, whether the standings show it or not
        buchholz = event.computed[TieBreak.BUCHHOLZ] = summed(Kind.BUCHHOLZ)(event, TieBreak.BUCHHOLZ)
    scale = unit(tiebreak, event.last)
    result: dict[int, RawValue] = {}
    for rank, entries in event.rounds.items():
        found = [
            value
            for entry in entries
            if entry.result.is_game and (opponent := event.opponent(entry)) is not None
            and (value := buchholz[opponent]) is not None
        ]  # fmt: skip
        result[rank] = round_half_up(sum(found) * scale, 2 * len(found)) if found else None
    return result


def koya(event: TieBreakEvent, tiebreak: TieBreak) -> dict[int, RawValue]:
    """KS (9.2): the points scored against the opponents who reached the limit (by default 50 % of the maximum).

    The maximum is a win in every round; in a round robin without one round per player (odd numbers
    of players) less the rounds each sat out, and less one for each player never paired, as FIDE
    TEC's server counts it. Forfeits count against the scheduled opponent.
    """
    games = event.last
    if event.round_robin:
        players = len(event.rounds)
        if players and games % players == 0:
            games -= games // players
        games -= sum(1 for entries in event.rounds.values() if not any(paired(entry) for entry in entries))
    # opponent's points / 1 >= limit % x games, in half points and percent: 100 x halves >= 2 x limit x games
    threshold = 2 * tiebreak.limit * games
    strong = {rank for rank, halves in event.halves.items() if 100 * halves >= threshold}
    return {
        rank: sum(entry.result.halves for entry in entries if event.opponent(entry) in strong)
        for rank, entries in event.rounds.items()
    }


def paired(entry: RoundEntry) -> bool:
    """Whether the player was paired in the round: against an opponent (a game or a forfeit), or given the
    pairing-allocated bye."""
    return entry.opponent is not None or entry.result.is_game or entry.result is ResultCode.PAIRING_BYE


def progressive(event: TieBreakEvent, tiebreak: TieBreak) -> dict[int, RawValue]:
    """PS (7.5): the sum of the running score after each round; Cut-n leaves out the first n rounds."""
    result: dict[int, RawValue] = {}
    for rank, entries in event.rounds.items():
        running = total = 0
        for entry in entries:
            running += entry.result.halves
            if entry.round > tiebreak.cut:
                total += running
        result[rank] = total
    return result
