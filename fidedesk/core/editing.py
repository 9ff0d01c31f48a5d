"""Edits of a tournament as pure functions: each returns a new Tournament, the old one stays as it was.

The window's undo commands keep the tournament before and after an edit; the rules of what an edit
may do live here, where they can be tested without Qt. A refused edit raises :class:`EditError` with
a message for the arbiter.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from typing import Any

from fidedesk.core.results import ResultCode
from fidedesk.core.tournament import EventInfo, Player, RoundEntry, Tournament

#: Results a round entry without an opponent may hold.
BYES = (ResultCode.HALF_BYE, ResultCode.FULL_BYE, ResultCode.PAIRING_BYE, ResultCode.ZERO_BYE)


class EditError(ValueError):
    """An edit that would make the tournament inconsistent; the message says why."""


@dataclasses.dataclass(frozen=True)
class Board:
    """One pairing of a round as the arbiter sees it: white, black (None for a bye) and white's result."""

    white: int
    black: int | None
    result: ResultCode


def rounds_count(tournament: Tournament) -> int:
    """The number of the last round any player has an entry for (0 before the first pairing)."""
    return tournament.last_round


def entry_for(player: Player, round_: int) -> RoundEntry | None:
    return next((entry for entry in player.rounds if entry.round == round_), None)


def set_event_info(tournament: Tournament, info: EventInfo) -> Tournament:
    return dataclasses.replace(tournament, info=info)


def add_player(tournament: Tournament, player: Player) -> Tournament:
    """Append ``player`` with the next free start rank and no rounds."""
    rank = max((p.start_rank for p in tournament.players), default=0) + 1
    added = dataclasses.replace(player, start_rank=rank, rounds=())
    return dataclasses.replace(tournament, players=(*tournament.players, added))


def update_player(tournament: Tournament, start_rank: int, **changes: Any) -> Tournament:
    """Change a player's details (name, rating, title, ...); start rank and rounds are edited elsewhere."""
    if {"start_rank", "rounds"} & changes.keys():
        raise EditError("the start rank and the rounds are not changed here")
    rating = changes.get("rating")
    if rating is not None and not 0 < rating < 4000:
        raise EditError(f"{rating} is not a rating")
    return _replace_players(tournament, {start_rank: dataclasses.replace(tournament.player(start_rank), **changes)})


def remove_player(tournament: Tournament, start_rank: int) -> Tournament:
    """Remove a player who has no games yet; one with games must withdraw (byes), not vanish."""
    player = tournament.player(start_rank)
    played = sorted(entry.round for entry in player.rounds if entry.opponent is not None)
    if played:
        rounds = ", ".join(map(str, played))
        raise EditError(
            f"{player.name} has games in round{'s' if len(played) > 1 else ''} {rounds}: remove those first"
        )
    return dataclasses.replace(tournament, players=tuple(p for p in tournament.players if p.start_rank != start_rank))


def pair(
    tournament: Tournament, round_: int, white: int, black: int, result: ResultCode = ResultCode.PENDING
) -> Tournament:
    """Pair ``white`` and ``black`` in ``round_`` with white's ``result`` (pending by default)."""
    if white == black:
        raise EditError("a player cannot be paired with themselves")
    if result in BYES:
        raise EditError(f"{result.name.lower().replace('_', ' ')} is not the result of a game")
    for rank in (white, black):
        _refuse_if_paired(tournament, round_, rank)
    return _with_entries(
        tournament,
        {white: RoundEntry(round_, black, "w", result), black: RoundEntry(round_, white, "b", result.mirrored())},
    )


def give_bye(tournament: Tournament, round_: int, start_rank: int, result: ResultCode) -> Tournament:
    """A round without opponent: half-point, full-point, pairing-allocated or zero-point bye."""
    if result not in BYES:
        raise EditError(f"'{result.value}' is not a bye")
    _refuse_if_paired(tournament, round_, start_rank)
    return _with_entries(tournament, {start_rank: RoundEntry(round_, None, None, result)})


def set_result(tournament: Tournament, round_: int, start_rank: int, result: ResultCode) -> Tournament:
    """Enter ``start_rank``'s result in ``round_``; the opponent gets the mirrored result (TRF mirror rule)."""
    entry = entry_for(tournament.player(start_rank), round_)
    if entry is None:
        raise EditError(f"player {start_rank} has no pairing in round {round_}")
    if entry.opponent is None:
        return give_bye(unpair(tournament, round_, start_rank), round_, start_rank, result)
    if result in BYES:
        raise EditError("a paired game cannot be given a bye: unpair it first")
    return _with_entries(
        tournament,
        {
            start_rank: dataclasses.replace(entry, result=result),
            entry.opponent: dataclasses.replace(_opponent_entry(tournament, round_, entry), result=result.mirrored()),
        },
    )


def unpair(tournament: Tournament, round_: int, start_rank: int) -> Tournament:
    """Remove the player's entry in ``round_``, and the opponent's, if any."""
    entry = entry_for(tournament.player(start_rank), round_)
    if entry is None:
        return tournament
    ranks = [start_rank] if entry.opponent is None else [start_rank, entry.opponent]
    return _replace_players(
        tournament,
        {rank: _without_round(tournament.player(rank), round_) for rank in ranks},
    )


def boards(tournament: Tournament, round_: int) -> list[Board]:
    """The round's pairings, white first, in board order (higher start rank's score first, as entered)."""
    seen: set[int] = set()
    result: list[Board] = []
    ranks = tournament.by_rank()
    for player in tournament.players:
        entry = entry_for(player, round_)
        if entry is None or player.start_rank in seen:
            continue
        seen.add(player.start_rank)
        if entry.opponent is None:
            result.append(Board(player.start_rank, None, entry.result))
            continue
        seen.add(entry.opponent)
        if entry.color == "b":
            # white's own code: a double forfeit is '-' on both sides, which no mirror of black's gives
            white = entry_for(tournament.player(entry.opponent), round_) if entry.opponent in ranks else None
            code = white.result if white is not None else entry.result.mirrored()
            result.append(Board(entry.opponent, player.start_rank, code))
        else:
            result.append(Board(player.start_rank, entry.opponent, entry.result))
    paired = [board for board in result if board.black is not None]
    byes = [board for board in result if board.black is None]
    return paired + byes


def _opponent_entry(tournament: Tournament, round_: int, entry: RoundEntry) -> RoundEntry:
    assert entry.opponent is not None
    back = entry_for(tournament.player(entry.opponent), round_)
    if back is None:
        raise EditError(f"player {entry.opponent} has no entry for round {round_}")
    return back


def _refuse_if_paired(tournament: Tournament, round_: int, start_rank: int) -> None:
    entry = entry_for(tournament.player(start_rank), round_)
    if entry is not None:
        against = f"paired with {entry.opponent}" if entry.opponent else "given a bye"
        raise EditError(f"player {start_rank} is already {against} in round {round_}")


def _without_round(player: Player, round_: int) -> Player:
    return dataclasses.replace(player, rounds=tuple(e for e in player.rounds if e.round != round_))


def _with_entries(tournament: Tournament, entries: dict[int, RoundEntry]) -> Tournament:
    """Set one entry per player, replacing their entry for that round, rounds kept in order."""
    changed = {}
    for rank, entry in entries.items():
        player = _without_round(tournament.player(rank), entry.round)
        changed[rank] = dataclasses.replace(player, rounds=tuple(sorted((*player.rounds, entry), key=_round_key)))
    return _replace_players(tournament, changed)


def _round_key(entry: RoundEntry) -> int:
    return entry.round


def _replace_players(tournament: Tournament, changed: dict[int, Player]) -> Tournament:
    players: Iterable[Player] = (changed.get(p.start_rank, p) for p in tournament.players)
    return dataclasses.replace(tournament, players=tuple(players))
