"""Pairings, results and byes of a round, as the TRF records them (C.04 Annex 2): every edit keeps each
game recorded the same way by both players (core.pairings), the double forfeit the one unmirrored result."""

from __future__ import annotations

import dataclasses
from typing import Final

from fidedesk.core.editing.base import EditError, player_of, replace_players
from fidedesk.core.results import ResultCode
from fidedesk.core.tournament import Player, RoundEntry, Tournament
from fidedesk.core.values import ROUND_RANGE


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


def pair(
    tournament: Tournament, round_: int, white: int, black: int, result: ResultCode = ResultCode.PENDING
) -> Tournament:
    """Pair ``white`` and ``black`` in ``round_`` with white's ``result`` (pending by default); black
    gets the mirrored code (``1``/``0``, ``+``/``-``, TRF C.04 Annex 2)."""
    if result.is_bye:
        raise EditError(f"{result.name.lower().replace('_', ' ')} is not the result of a game")
    return _pair(tournament, round_, white, black, result, result.mirrored())


def double_forfeit(tournament: Tournament, round_: int, white: int, black: int) -> Tournament:
    """``white`` and ``black`` paired in ``round_`` for a game neither played and both lost: ``-`` on
    both sides, the one result of the TRF (C.04 Annex 2) that is not mirrored; no one gets a point and
    the game is not rated (FIDE 5.1). A board already paired this way becomes one."""
    entry = entry_for(player_of(tournament, white), round_)
    if entry is not None and entry.opponent == black and entry.color == "w":
        tournament = unpair(tournament, round_, white)
    return _pair(tournament, round_, white, black, ResultCode.FORFEIT_LOSS, ResultCode.FORFEIT_LOSS)


def give_bye(tournament: Tournament, round_: int, start_rank: int, result: ResultCode) -> Tournament:
    """A round without opponent: half-point ``H``, full-point ``F``, pairing-allocated ``U`` (C.04.1.c)
    or zero-point ``Z`` bye, as the TRF records them."""
    if not result.is_bye:
        raise EditError(f"'{result.value}' is not a bye")
    _refuse_if_paired(tournament, round_, start_rank)
    return _with_entries(tournament, {start_rank: RoundEntry(round_, None, None, result)})


def set_result(tournament: Tournament, round_: int, start_rank: int, result: ResultCode) -> Tournament:
    """Enter ``start_rank``'s result in ``round_``; the opponent gets the mirrored result (TRF mirror rule)."""
    entry = entry_for(player_of(tournament, start_rank), round_)
    if entry is None:
        raise EditError(f"player {start_rank} has no pairing in round {round_}")
    if entry.opponent is None:
        return give_bye(unpair(tournament, round_, start_rank), round_, start_rank, result)
    if result.is_bye:
        raise EditError("a paired game cannot be given a bye: unpair it first")
    return _with_entries(
        tournament,
        {
            start_rank: dataclasses.replace(entry, result=result),
            entry.opponent: dataclasses.replace(_opponent_entry(tournament, round_, entry), result=result.mirrored()),
        },
    )


#: On a bye's board, white's result chooses the kind of bye: a win the full-point bye, a draw the
#: half-point bye, a loss the zero-point bye.
_BYE_FOR: Final[dict[ResultCode, ResultCode]] = {
    ResultCode.WIN: ResultCode.FULL_BYE,
    ResultCode.DRAW: ResultCode.HALF_BYE,
    ResultCode.LOSS: ResultCode.ZERO_BYE,
}


def set_board_result(tournament: Tournament, round_: int, board: Board, result: ResultCode) -> Tournament:
    """White's ``result`` entered on ``board`` (black's mirrored); on a bye's board ``1``, ``=`` and
    ``0`` give the full-point, half-point and zero-point bye, and anything else is refused."""
    if board.black is None:
        bye = _BYE_FOR.get(result)
        if bye is None:
            raise EditError("a bye takes 1, = or 0")
        return set_result(tournament, round_, board.white, bye)
    return set_result(tournament, round_, board.white, result)


def unpair(tournament: Tournament, round_: int, start_rank: int) -> Tournament:
    """Remove the player's entry in ``round_``, and the opponent's, if any."""
    entry = entry_for(player_of(tournament, start_rank), round_)
    if entry is None:
        return tournament
    ranks = [start_rank] if entry.opponent is None else [start_rank, entry.opponent]
    return replace_players(
        tournament,
        {rank: _without_round(player_of(tournament, rank), round_) for rank in ranks},
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


def _pair(
    tournament: Tournament, round_: int, white: int, black: int, white_result: ResultCode, black_result: ResultCode
) -> Tournament:
    if white == black:
        raise EditError("a player cannot be paired with themselves")
    for rank in (white, black):
        _refuse_if_paired(tournament, round_, rank)
    return _with_entries(
        tournament,
        {white: RoundEntry(round_, black, "w", white_result), black: RoundEntry(round_, white, "b", black_result)},
    )


def _opponent_entry(tournament: Tournament, round_: int, entry: RoundEntry) -> RoundEntry:
    assert entry.opponent is not None
    back = entry_for(player_of(tournament, entry.opponent), round_)
    if back is None:
        raise EditError(f"player {entry.opponent} has no entry for round {round_}")
    return back


def _refuse_if_paired(tournament: Tournament, round_: int, start_rank: int) -> None:
    entry = entry_for(player_of(tournament, start_rank), round_)
    if entry is not None:
        against = f"paired with {entry.opponent}" if entry.opponent else "given a bye"
        raise EditError(f"player {start_rank} is already {against} in round {round_}")


def _without_round(player: Player, round_: int) -> Player:
    return dataclasses.replace(player, rounds=tuple(e for e in player.rounds if e.round != round_))


def _with_entries(tournament: Tournament, entries: dict[int, RoundEntry]) -> Tournament:
    """Set one entry per player, replacing their entry for that round, rounds kept in order; a round
    outside ROUND_RANGE is refused (no file could hold it)."""
    changed = {}
    for rank, entry in entries.items():
        if entry.round not in ROUND_RANGE:
            raise EditError(f"round {entry.round}: a tournament has rounds {ROUND_RANGE}")
        player = _without_round(player_of(tournament, rank), entry.round)
        changed[rank] = dataclasses.replace(player, rounds=tuple(sorted((*player.rounds, entry), key=_round_key)))
    return replace_players(tournament, changed)


def _round_key(entry: RoundEntry) -> int:
    return entry.round
