"""What the pairing engines need to know of an event beyond its rounds: the colour of the top player in
round 1, forbidden pairs, accelerated rounds, and the initial order of the players.

Frozen records, one per TRF-2026 record that carries them (``152`` / ``XXC``, ``260``, ``250`` /
``XXA``); the event keeps them (:class:`~fidedesk.core.tournament.EventInfo`), the file formats read
and write them, and the adapter to FIDE TEC's engine (:mod:`fidedesk.engine.pairing`) hands them on.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Sequence
from fractions import Fraction

#: FIDE's titles in the order of strength C.04.2 ranks them by (untitled after all of these).
_TITLE_ORDER = ("GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM")


class InitialColour(enum.Enum):
    """The colour of the top-ranked player in round 1 (C.04.3: drawn by lot before
    round 1; TRF-2026 record ``152``, JaVaFo's ``XXC white1`` / ``black1``). Every colour the engine
    gives in round 1 follows from it."""

    WHITE = "white"
    BLACK = "black"

    @property
    def letter(self) -> str:
        """The colour as a round entry writes it, ``w`` or ``b``."""
        return self.value[0]

    @classmethod
    def from_text(cls, text: str) -> InitialColour:
        """``white``, ``black``, ``w``, ``b``, ``white1``, ``black1`` (any case); ValueError otherwise."""
        word = text.strip().lower().removesuffix("1")
        for colour in cls:
            if word in (colour.value, colour.letter):
                return colour
        raise ValueError(f"'{text}' is not a colour: white or black")


@dataclasses.dataclass(frozen=True)
class ForbiddenPairs:
    """Players who must not meet one another from ``first_round`` to ``last_round`` (both included; None:
    to the end), as TRF-2026's record ``260`` gives them: players of one federation or club in the first
    rounds, or relatives (C.04.1 b, pairings restricted by the organiser's announced rules)."""

    players: tuple[int, ...]
    first_round: int = 1
    last_round: int | None = None

    def __post_init__(self) -> None:
        if len(set(self.players)) < 2 or len(set(self.players)) != len(self.players):
            raise ValueError("forbidden pairs name two players or more, each once")
        if self.first_round < 1 or (self.last_round is not None and self.last_round < self.first_round):
            raise ValueError(f"rounds {self.first_round} to {self.last_round} are not a range of rounds")

    def applies_to(self, round_: int) -> bool:
        return self.first_round <= round_ and (self.last_round is None or round_ <= self.last_round)


@dataclasses.dataclass(frozen=True)
class AcceleratedRound:
    """Virtual points added to the pairing score (never to the standings) of the players with start ranks
    ``first_player`` to ``last_player`` in rounds ``first_round`` to ``last_round``: TRF-2026's record
    ``250`` (C.04.7, accelerated pairings)."""

    points: Fraction
    first_round: int
    last_round: int
    first_player: int
    last_player: int

    def __post_init__(self) -> None:
        if self.points < 0 or self.first_round < 1 or self.last_round < self.first_round:
            raise ValueError("accelerated rounds take points of 0 or more and a range of rounds")
        if self.first_player < 1 or self.last_player < self.first_player:
            raise ValueError("accelerated rounds take a range of start ranks")


def baku_acceleration(present: Sequence[int], rounds: int) -> tuple[AcceleratedRound, ...]:
    """The Baku acceleration (FIDE Handbook C.04.7, Baku Acceleration Method) for the players ``present``
    in round 1, in their initial order, and an event of ``rounds`` rounds.

    Group A is the first 2 × ⌈N/4⌉ players. The accelerated rounds are the first half of the event, rounded
    up; in the first half of them (rounded up) each player of group A has one virtual point, in the rest
    half a point. As FIDE TEC's generator writes them: one record per range of rounds, from start rank 1 to
    the last player of group A (a player absent in round 1 within that range, the first included, keeps
    the virtual points for the rounds he plays).
    """
    if not present or rounds < 1:
        return ()
    group_a = present[: min(len(present), 2 * -(-len(present) // 4))]
    accelerated, full = (rounds + 1) // 2, (rounds + 3) // 4
    records = [AcceleratedRound(Fraction(1), 1, full, 1, group_a[-1])]
    if accelerated > full:
        records.append(AcceleratedRound(Fraction(1, 2), full + 1, accelerated, 1, group_a[-1]))
    return tuple(records)


def title_strength(title: str) -> int:
    """A title's place in C.04.2's order (GM first); untitled and unknown titles after every title."""
    return _TITLE_ORDER.index(title) if title in _TITLE_ORDER else len(_TITLE_ORDER)
