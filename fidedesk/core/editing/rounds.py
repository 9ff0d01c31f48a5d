"""Pairings, results and byes of a round, as the TRF records them (C.04 Annex 2): every edit keeps each
game recorded the same way by both players (core.pairing.consistency), the double forfeit the one unmirrored result."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from fractions import Fraction
from typing import Final

from fidedesk.core.editing.base import EditError, player_of, replace_players
from fidedesk.core.results import ResultCode
from fidedesk.core.tournament import Player, RoundEntry, Tournament
from fidedesk.core.values import ROUND_RANGE


@dataclasses.dataclass(frozen=True)
class Board:
    """One pairing of a round as the arbiter sees it: white, black (None for a bye), white's result and
    the board's number (see :func:`boards`)."""

    white: int
    black: int | None
    result: ResultCode
    number: int


def rounds_count(tournament: Tournament) -> int:
    """The number of the last round any player has an entry for (0 before the first pairing)."""
    return tournament.last_round


def entry_for(player: Player, round_: int) -> RoundEntry | None:
    """The player's entry for ``round_``, if any. Entries are kept in round order and are usually complete,
    so the entry's own place is looked at first (every pairing of a pasted round looks up every player)."""
    rounds = player.rounds
    if 0 < round_ <= len(rounds) and rounds[round_ - 1].round == round_:
        return rounds[round_ - 1]
    return next((entry for entry in rounds if entry.round == round_), None)


def pair(
    tournament: Tournament, round_: int, white: int, black: int, result: ResultCode = ResultCode.PENDING
) -> Tournament:
    """Pair ``white`` and ``black`` in ``round_`` with white's ``result`` (pending by default); black
    gets the mirrored code (``1``/``0``, ``+``/``-``, TRF C.04 Annex 2).

    The board gets the lowest number no board of the round has: boards paired one after another are
    numbered in that order (8–5, 6–4, 7–3, 1–2 of a Berger table are boards 1 to 4, C.05 Annex 1), and a
    board unpaired and paired again gets its number back."""
    if result.is_bye:
        raise EditError(f"{result.name.lower().replace('_', ' ')} is not the result of a game")
    return _pair(tournament, round_, white, black, result, result.mirrored())


def double_forfeit(tournament: Tournament, round_: int, white: int, black: int) -> Tournament:
    """``white`` and ``black`` paired in ``round_`` for a game neither played and both lost: ``-`` on
    both sides, the one result of the TRF (C.04 Annex 2) that is not mirrored; no one gets a point and
    the game is not rated (FIDE 5.1). A board already paired this way becomes one."""
    tournament = number_boards(tournament, round_)
    entry = entry_for(player_of(tournament, white), round_)
    board = None
    if entry is not None and entry.opponent == black and entry.color == "w":
        tournament, board = unpair(tournament, round_, white), entry.board  # it keeps its board
    return _pair(tournament, round_, white, black, ResultCode.FORFEIT_LOSS, ResultCode.FORFEIT_LOSS, board)


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
    """Remove the player's entry in ``round_``, and the opponent's, if any; the other boards keep
    their numbers."""
    entry = entry_for(player_of(tournament, start_rank), round_)
    if entry is None:
        return tournament
    if entry.opponent is not None:
        tournament = number_boards(tournament, round_)
    ranks = [start_rank] if entry.opponent is None else [start_rank, entry.opponent]
    return replace_players(
        tournament,
        {rank: _without_round(player_of(tournament, rank), round_) for rank in ranks},
    )


def boards(tournament: Tournament, round_: int) -> list[Board]:
    """The round's boards, white first, in board order: each game by the number it was paired on
    (:attr:`RoundEntry.board`, the order of the pairing sheet, C.05 Annex 1 for a round robin), then the
    games a file gave no number (TRF), numbered on: in a Swiss in FIDE's board order (the higher score of
    the two players before the round, then the sum of their scores, virtual points of accelerated rounds
    included, then the lower start rank, as FIDE TEC's Dutch engine numbers its boards), else in the order
    of the first of their players in the event's list; the byes last, numbered on after the games."""
    numbered: list[Board] = []
    unnumbered: list[Board] = []
    byes: list[Board] = []
    seen: set[int] = set()
    ranks = tournament.by_rank()
    for player in tournament.players:
        entry = entry_for(player, round_)
        if entry is None or player.start_rank in seen:
            continue
        seen.add(player.start_rank)
        if entry.opponent is None:
            byes.append(Board(player.start_rank, None, entry.result, 0))
            continue
        seen.add(entry.opponent)
        if entry.color == "b":
            # white's own code: a double forfeit is '-' on both sides, which no mirror of black's gives
            white = entry_for(tournament.player(entry.opponent), round_) if entry.opponent in ranks else None
            code = white.result if white is not None else entry.result.mirrored()
            board = Board(entry.opponent, player.start_rank, code, entry.board or 0)
        else:
            board = Board(player.start_rank, entry.opponent, entry.result, entry.board or 0)
        (numbered if entry.board is not None else unnumbered).append(board)
    numbered.sort(key=_number)
    if unnumbered and not tournament.info.system.is_round_robin:
        unnumbered.sort(key=_swiss_board_order(tournament, round_))
    last = numbered[-1].number if numbered else 0
    following = [dataclasses.replace(board, number=last + i) for i, board in enumerate(unnumbered + byes, start=1)]
    return numbered + following


def number_boards(tournament: Tournament, round_: int | None = None) -> Tournament:
    """The tournament with every game of ``round_`` (of every round when None) that has no board number
    given the number :func:`boards` shows it on, so that an edit of the round moves no other board (and a
    ``.fidedesk`` file of schema 1, which kept no board, gets the order it was shown in)."""
    if round_ is not None and _all_numbered(_round_entries(tournament, round_)):
        return tournament  # every game of the round has its board already (each pairing after the first)
    rounds = range(1, tournament.last_round + 1) if round_ is None else (round_,)
    changed: dict[int, Player] = {}
    ranks = tournament.by_rank()
    for number in rounds:
        for board in boards(tournament, number):
            if board.black is None:
                continue
            for rank in (board.white, board.black):
                player = changed.get(rank) or ranks.get(rank)
                entry = entry_for(player, number) if player is not None else None
                if player is None or entry is None or entry.board is not None:
                    continue
                rounds_ = tuple(dataclasses.replace(e, board=board.number) if e is entry else e for e in player.rounds)
                changed[rank] = dataclasses.replace(player, rounds=rounds_)
    return replace_players(tournament, changed) if changed else tournament


def without_boards(tournament: Tournament) -> Tournament:
    """The tournament as a file with no place for boards (TRF) holds it: every entry's board None."""
    players = tuple(
        dataclasses.replace(player, rounds=tuple(dataclasses.replace(e, board=None) for e in player.rounds))
        for player in tournament.players
    )
    return dataclasses.replace(tournament, players=players)


def _number(board: Board) -> int:
    return board.number


#: A score in half points: whole, or a Fraction where an accelerated round's virtual points are not halves.
_Halves = Fraction | int


def _swiss_board_order(tournament: Tournament, round_: int) -> Callable[[Board], tuple[_Halves, _Halves, int]]:
    """The sort key of a Swiss round's games in FIDE's board order (see :func:`boards`): each player's
    pairing score before ``round_`` is the points of the rounds before it plus the virtual points of an
    accelerated round ``round_`` (C.04.7)."""
    # in half points, as whole numbers: the key is compared some n log n times, and Fraction arithmetic was
    # most of the time an export of 2,000 players spent ordering boards
    score: dict[int, _Halves] = {player.start_rank: player.halves_before(round_) for player in tournament.players}
    for record in tournament.info.acceleration:
        if record.first_round <= round_ <= record.last_round:
            for rank in range(record.first_player, record.last_player + 1):
                if rank in score:
                    score[rank] += record.points * 2

    def key(board: Board) -> tuple[_Halves, _Halves, int]:
        white, black = score.get(board.white, 0), score.get(board.black or 0, 0)
        return -max(white, black), -(white + black), min(board.white, board.black or board.white)

    return key


def _round_entries(tournament: Tournament, round_: int) -> list[RoundEntry]:
    """Every player's entry for ``round_`` (games and byes)."""
    return [entry for player in tournament.players if (entry := entry_for(player, round_)) is not None]


def _all_numbered(entries: list[RoundEntry]) -> bool:
    """Whether every game among ``entries`` has its board number."""
    return all(entry.board is not None for entry in entries if entry.opponent is not None)


def _free_board(entries: list[RoundEntry]) -> int:
    """The lowest board number no game among ``entries`` (a round's) has."""
    taken = {entry.board for entry in entries}
    return next(number for number in range(1, len(taken) + 2) if number not in taken)


def _pair(
    tournament: Tournament,
    round_: int,
    white: int,
    black: int,
    white_result: ResultCode,
    black_result: ResultCode,
    board: int | None = None,
) -> Tournament:
    """The game on ``board``, or else on the lowest free board of the round (the others numbered first)."""
    if white == black:
        raise EditError("a player cannot be paired with themselves")
    for rank in (white, black):
        _refuse_if_paired(tournament, round_, rank)
    entries = _round_entries(tournament, round_)  # looked through once for the two questions below
    if not _all_numbered(entries):
        tournament = number_boards(tournament, round_)
        entries = _round_entries(tournament, round_)
    number = board if board is not None else _free_board(entries)
    return _with_entries(
        tournament,
        {
            white: RoundEntry(round_, black, "w", white_result, number),
            black: RoundEntry(round_, white, "b", black_result, number),
        },
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
