"""Whether a tournament's pairings are consistent: each game recorded the same way by both players.

Every round entry with an opponent must be answered by the opponent's entry for that round, naming
the player back, with the mirrored result (``1`` and ``0``, ``=`` and ``=``, ``+`` and ``-``, ``W``
and ``L``, ``D`` and ``D``); a double forfeit (``-`` against ``-``) is the one exception (TRF16,
C04 Annex 2). File readers word the problems for their own format; the rule lives here.
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


def pairing_problems(players: Sequence[Player]) -> Iterator[PairingProblem]:
    """Every inconsistent pairing, in the order of the players and their rounds."""
    index_of = {player.start_rank: index for index, player in enumerate(players)}
    slot_of = {(p.start_rank, entry.round): slot for p in players for slot, entry in enumerate(p.rounds)}
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
            elif not _mirrored(entry.result, back.result):
                yield PairingProblem(PairingFault.NOT_MIRRORED, index, slot, other, back_slot)


def _mirrored(result: ResultCode, back: ResultCode) -> bool:
    double_forfeit = result is back is ResultCode.FORFEIT_LOSS
    return back is result.mirrored() or double_forfeit
