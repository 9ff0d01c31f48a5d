"""Whether a tournament's pairings are consistent: each game recorded the same way by both players.

Every round entry with an opponent must be answered by the opponent's entry for that round, naming
the player back, with the mirrored result (``1`` and ``0``, ``=`` and ``=``, ``+`` and ``-``, ``W``
and ``L``, ``D`` and ``D``); a double forfeit (``-`` against ``-``) is the one exception (TRF16,
C04 Annex 2). A bye (``H``, ``F``, ``U``, ``Z``) is a round without an opponent, so its code never
stands beside one (two players "mirroring" each other's byes are no game). File readers word the
problems for their own format; the rule lives here.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Iterator, Sequence

from fidedesk.core.results import ResultCode
from fidedesk.core.tournament import Player


class PairingFault(enum.Enum):
    """What is wrong with one round entry's pairing."""

    UNKNOWN_OPPONENT = "the opponent is not a player of the event"
    SELF = "the player is paired with themselves"
    BYE_WITH_OPPONENT = "a bye's code (H, F, U, Z) on a round with an opponent"
    NO_ENTRY = "the opponent has no entry for that round"
    NOT_BACK = "the opponent's entry names someone else"
    NOT_MIRRORED = "the two results do not mirror each other"


@dataclasses.dataclass(frozen=True)
class PairingProblem:
    """A fault at ``players[player].rounds[slot]``; the opponent's index and entry slot where known."""

    fault: PairingFault
    player: int
    slot: int
    opponent: int | None = None
    back_slot: int | None = None


def _places(players: Sequence[Player]) -> tuple[dict[int, int], dict[tuple[int, int], int]]:
    """Each player's index by start rank, and each round entry's slot by (start rank, round)."""
    index_of = {player.start_rank: index for index, player in enumerate(players)}
    slot_of = {(p.start_rank, entry.round): slot for p in players for slot, entry in enumerate(p.rounds)}
    return index_of, slot_of


def pairing_problems(players: Sequence[Player]) -> Iterator[PairingProblem]:
    """Every inconsistent pairing, in the order of the players and their rounds."""
    index_of, slot_of = _places(players)
    for index, player in enumerate(players):
        for slot, entry in enumerate(player.rounds):
            if entry.opponent is None:
                continue
            other = index_of.get(entry.opponent)
            if other is None:
                yield PairingProblem(PairingFault.UNKNOWN_OPPONENT, index, slot)
                continue
            if other == index:
                yield PairingProblem(PairingFault.SELF, index, slot, other)
                continue
            back_slot = slot_of.get((entry.opponent, entry.round))
            if back_slot is None:
                yield PairingProblem(PairingFault.NO_ENTRY, index, slot, other)
                continue
            back = players[other].rounds[back_slot]
            if back.opponent != player.start_rank:
                yield PairingProblem(PairingFault.NOT_BACK, index, slot, other, back_slot)
            elif entry.result.is_bye:
                yield PairingProblem(PairingFault.BYE_WITH_OPPONENT, index, slot, other, back_slot)
            elif not _mirrored(entry.result, back.result):
                yield PairingProblem(PairingFault.NOT_MIRRORED, index, slot, other, back_slot)


def _mirrored(result: ResultCode, back: ResultCode) -> bool:
    double_forfeit = result is back is ResultCode.FORFEIT_LOSS
    return back is result.mirrored() or double_forfeit


def colour_clashes(players: Sequence[Player]) -> list[tuple[int, int]]:
    """``(start rank, round)`` of every entry whose game gives both players the same colour.

    A game has one player with White and one with Black (Laws of Chess, Article 2.3 and 1.2); an entry
    whose opponent names the player back with the same colour (two whites, or two blacks) cannot be.
    Both entries of such a game are listed; entries without a colour never clash.
    """
    colours = {(p.start_rank, e.round): e for p in players for e in p.rounds}
    clashes = []
    for (rank, round_), entry in colours.items():
        back = colours.get((entry.opponent, round_)) if entry.opponent is not None else None
        if back is not None and back.opponent == rank and entry.color is not None and entry.color == back.color:
            clashes.append((rank, round_))
    return clashes


class BoardFault(enum.Enum):
    """What is wrong with one round entry's board number."""

    BYE = "a bye is played on no board"
    NOT_SAME = "the two players of the game give different boards"
    TAKEN = "another game of the round has the same board"


@dataclasses.dataclass(frozen=True)
class BoardProblem:
    """A fault at ``players[player].rounds[slot]``; the other entry (the opponent's, or the game that has the
    board already) at ``players[other].rounds[other_slot]``."""

    fault: BoardFault
    player: int
    slot: int
    other: int | None = None
    other_slot: int | None = None


def board_problems(players: Sequence[Player]) -> Iterator[BoardProblem]:
    """Every board number that cannot be: a game is on one board, the same in both players' entries, and
    no two games of a round share one (the boards of a pairing sheet, C.05 Annex 1); a bye has none.
    Entries without a board (a file that gave none) are never at fault. Run after
    :func:`pairing_problems`: an entry's opponent is taken to answer it."""
    index_of, slot_of = _places(players)
    boards: dict[tuple[int, int], tuple[int, int]] = {}
    for index, player in enumerate(players):
        for slot, entry in enumerate(player.rounds):
            if entry.board is None:
                continue
            if entry.opponent is None:
                yield BoardProblem(BoardFault.BYE, index, slot)
                continue
            other = index_of.get(entry.opponent)
            back_slot = slot_of.get((entry.opponent, entry.round))
            if other is None or back_slot is None:
                continue  # a pairing problem, reported by pairing_problems
            if players[other].rounds[back_slot].board != entry.board:
                yield BoardProblem(BoardFault.NOT_SAME, index, slot, other, back_slot)
                continue
            first = boards.setdefault((entry.round, entry.board), (index, slot))
            if first[0] not in (index, other):
                yield BoardProblem(BoardFault.TAKEN, index, slot, *first)


def berger_round(first: int, second: int, players: int) -> int:
    """The round in which pairing numbers ``first`` and ``second`` (1-based) of ``players`` meet in FIDE's
    Berger tables (C.05 Annex 1, Berger Tables for Round-Robin Tournaments).

    With an odd number of players the tables of one more are used, the highest number being the bye. With
    N numbers, two numbers i and j below N meet in round ((i + j - 2) mod (N - 1)) + 1, and i meets N in
    round ((2i - 2) mod (N - 1)) + 1. In a double round robin the second cycle repeats the first N - 1
    rounds later (C.05 Annex 1 recommends swapping its last two rounds; that is the organiser's choice).
    """
    size = players + players % 2
    if not (1 <= first <= size and 1 <= second <= size and first != second):
        raise ValueError(f"pairing numbers {first} and {second} are not two of 1 to {size}")
    if second == size:
        first, second = second, first
    if first == size:
        return (2 * second - 2) % (size - 1) + 1
    return (first + second - 2) % (size - 1) + 1


def berger_table(players: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """FIDE's Berger table for ``players`` (C.05 Annex 1): for each round its games as (White, Black).

    Each round lists first the game of the highest number N (with an odd number of players, the bye),
    then the others as the table prints them. Colours as the table gives them: of two numbers below N
    the lower has White when their sum is odd, the higher when it is even; N has Black against the
    numbers up to N/2 and White against the others.
    """
    size = players + players % 2
    if size < 2:
        return ()
    rounds: list[list[tuple[int, int]]] = [[] for _ in range(size - 1)]
    for number in range(1, size):
        games = rounds[berger_round(number, size, size) - 1]
        games.insert(0, (number, size) if number <= size // 2 else (size, number))
    for low in range(1, size):
        for high in range(low + 1, size):
            game = (low, high) if (low + high) % 2 else (high, low)
            rounds[berger_round(low, high, size) - 1].append(game)
    return tuple(tuple(_table_order(games, size)) for games in rounds)


def _table_order(games: list[tuple[int, int]], size: int) -> list[tuple[int, int]]:
    """A round's games in the printed order: N's game, then by White's number counted on from N's opponent."""
    first = games[0]
    start = first[0] if first[1] == size else first[1]

    def key(game: tuple[int, int]) -> int:
        return 0 if size in game else (game[0] - start) % (size - 1) + 1

    return sorted(games, key=key)
