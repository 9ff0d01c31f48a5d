"""The games a results sheet gives, and the check that every game is written the same way by both players.

Every game must be written by both players: ``12w1`` in player 5's row needs ``5b0`` in player 12's row
(:mod:`fidedesk.core.pairing.consistency`); a mismatch is reported at both cells and neither is imported, as are two
players both with white. The players themselves are imported.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Final

from fidedesk.core.pairing.consistency import PairingFault, colour_clashes, pairing_problems
from fidedesk.core.tournament import Player, RoundEntry
from fidedesk.io.excel.importing.model import Problem
from fidedesk.io.excel.importing.sheet import Spot

__all__ = ["Games", "checked"]


@dataclasses.dataclass(frozen=True)
class Games:
    """What a results sheet gives: each player's entries (start rank -> round -> entry), the cell that
    holds each entry (for messages), the Swiss cells that could not be read, the problems found while
    reading, and whether a round-robin cell held two games (a double round robin)."""

    entries: Mapping[int, Mapping[int, RoundEntry]]
    spots: Mapping[tuple[int, int], Spot]
    unreadable: Mapping[tuple[int, int], str] = dataclasses.field(default_factory=dict)
    problems: tuple[Problem, ...] = ()
    double: bool = False


def _with_rounds(player: Player, entries: Mapping[int, RoundEntry]) -> Player:
    return dataclasses.replace(player, rounds=tuple(entries[round_] for round_ in sorted(entries)))


def checked(
    players: Sequence[Player], games: Games, skipped_ranks: Mapping[int, str]
) -> tuple[tuple[Player, ...], tuple[Problem, ...]]:
    """The players with the consistent games, and a problem for each game dropped (core.pairing.consistency).

    A game whose two cells disagree is dropped at both; an entry naming a player who names someone
    else is dropped alone; an entry whose other side is gone (already reported) is dropped silently;
    then again, until all are consistent.
    """
    entries = {player.start_rank: dict(games.entries.get(player.start_rank, {})) for player in players}
    problems: list[Problem] = []
    dropped: set[tuple[int, int]] = set()
    while True:
        current = [_with_rounds(player, entries[player.start_rank]) for player in players]
        faults = list(pairing_problems(current))
        clashes = colour_clashes(current)
        if not faults and not clashes:
            return tuple(current), tuple(problems)
        remove: set[tuple[int, int]] = set()
        for fault in faults:
            player = current[fault.player]
            entry = player.rounds[fault.slot]
            assert entry.opponent is not None
            key, other_key = (player.start_rank, entry.round), (entry.opponent, entry.round)
            remove.add(key)
            if fault.fault is PairingFault.NOT_MIRRORED:
                remove.add(other_key)
            if key in dropped or other_key in dropped:
                continue  # the other side of a game already reported
            message = _game_message(games, skipped_ranks, fault.fault, player.start_rank, entry)
            problems.append(_at(games, key, message))
        for key in clashes:
            remove.add(key)
            entry = entries[key[0]][key[1]]
            other = games.spots.get((entry.opponent or 0, key[1]))
            colour = _COLOUR_NAME[entry.color or ""]
            there = other.place if other is not None else ""
            message = f'"{_text(games, key)}": player {entry.opponent} also has {colour} in round {key[1]} ({there})'
            problems.append(_at(games, key, message))
        for rank, round_ in remove:
            entries.get(rank, {}).pop(round_, None)
        dropped |= remove


_COLOUR_NAME: Final = {"w": "white", "b": "black", "": "no colour"}


def _at(games: Games, key: tuple[int, int], reason: str) -> Problem:
    spot = games.spots.get(key)
    return spot.problem(reason) if spot is not None else Problem("", None, None, "", reason)


def _text(games: Games, key: tuple[int, int]) -> str:
    spot = games.spots.get(key)
    return spot.text if spot is not None else ""


def _game_message(
    games: Games, skipped_ranks: Mapping[int, str], fault: PairingFault, rank: int, entry: RoundEntry
) -> str:
    shown = f'"{_text(games, (rank, entry.round))}"'
    opponent = entry.opponent
    assert opponent is not None
    if fault is PairingFault.UNKNOWN_OPPONENT:
        if opponent in skipped_ranks:
            return f"{shown}: player {opponent} is not imported ({skipped_ranks[opponent]}), nor is this game"
        return f"{shown}: there is no player {opponent}"
    if fault is PairingFault.SELF:
        return f"{shown}: player {rank} is paired with themselves"
    if fault is PairingFault.BYE_WITH_OPPONENT:
        return f"{shown}: a bye has no opponent, but this one names player {opponent}"
    back = games.spots.get((opponent, entry.round))
    back_place, back_text = (back.place, back.text) if back is not None else ("", "")
    if (opponent, entry.round) in games.unreadable:
        return (
            f"{shown}: player {opponent}'s cell of this game ({games.unreadable[(opponent, entry.round)]}) "
            "cannot be read: the game is not imported"
        )
    if fault is PairingFault.NO_ENTRY:
        return f"{shown}: player {opponent} has nothing in round {entry.round}" + (
            f" ({back_place})" if back_place else ""
        )
    if fault is PairingFault.NOT_BACK:
        return f'{shown}: player {opponent} has "{back_text}" in round {entry.round} ({back_place}), not player {rank}'
    return f'{shown} is not mirrored by player {opponent}\'s "{back_text}" ({back_place})'
