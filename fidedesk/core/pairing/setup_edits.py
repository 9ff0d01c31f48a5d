"""Edits of what pairing needs beyond the games: the number of rounds, the colour of the top player in round 1,
forbidden pairs, Baku acceleration, a withdrawal, and the pairing numbers before round 1.

Each is a pure function returning a new tournament (one undo step in the window), refusing with an
:class:`~fidedesk.core.editing.base.EditError`. They live here, beside the pairing they prepare, and not in
:mod:`fidedesk.core.editing`: they use :mod:`fidedesk.core.pairing.round`, which itself builds on the editing
package's base, so core.pairing imports core.editing and never the reverse.
"""

from __future__ import annotations

import dataclasses
import random
from fractions import Fraction

from fidedesk.core.editing.base import EditError, player_of, replace_players
from fidedesk.core.editing.rounds import entry_for
from fidedesk.core.pairing.round import initial_order, planned_rounds, renumbered, requested_byes
from fidedesk.core.pairing.setup import AcceleratedRound, ForbiddenPairs, InitialColour, baku_acceleration
from fidedesk.core.results import ResultCode
from fidedesk.core.tournament import RoundEntry, Tournament, is_pairing
from fidedesk.core.values import ROUND_RANGE


def _with_info(tournament: Tournament, **changes: object) -> Tournament:
    return dataclasses.replace(tournament, info=dataclasses.replace(tournament.info, **changes))  # type: ignore[arg-type]


def set_rounds(tournament: Tournament, rounds: int | None) -> Tournament:
    """The number of rounds announced (None: not set); never fewer than the rounds already paired."""
    if rounds is not None:
        if rounds not in ROUND_RANGE:
            raise EditError(f"{rounds} rounds: an event has {ROUND_RANGE} rounds")
        paired = max(tournament.paired_rounds, default=0)
        if rounds < paired:
            raise EditError(f"round {paired} is paired already: the event cannot have {rounds} rounds")
    return _with_info(tournament, rounds=rounds)


def set_initial_colour(tournament: Tournament, colour: InitialColour | None) -> Tournament:
    """The colour of the top-ranked player in round 1, chosen; None: drawn by lot when round 1 is paired."""
    return _with_info(tournament, initial_colour=colour)


def set_forbidden(tournament: Tournament, groups: tuple[ForbiddenPairs, ...]) -> Tournament:
    """Players who must not meet (C.04.1 b), by start rank; refused when a group names a start rank no player
    has, as the engine would otherwise be handed a pair it cannot place (and a file, a record that says nothing)."""
    ranks = {p.start_rank for p in tournament.players}
    for group in groups:
        missing = [rank for rank in group.players if rank not in ranks]
        if missing:
            raise EditError(f"no player has start rank {missing[0]}")
    return _with_info(tournament, forbidden=tuple(groups))


def draw_initial_colour(chance: random.Random | None = None) -> InitialColour:
    """The colour drawn by lot before round 1 (C.04.3) when the organiser chose none."""
    return (chance or random.SystemRandom()).choice(list(InitialColour))


def present_in_round(tournament: Tournament, round_: int) -> list[int]:
    """The start ranks of the players to be paired in ``round_`` (no requested bye, absence or withdrawal)."""
    away = {bye.player for bye in requested_byes(tournament, round_)}
    return sorted(p.start_rank for p in tournament.players if p.start_rank not in away)


def set_baku(tournament: Tournament, on: bool) -> Tournament:
    """Baku acceleration (C.04.7) on, for the players present in round 1 and the event's rounds; or off.

    The records are worked out now and again when round 1 is paired (:func:`with_baku_renewed`): players
    registered or absent after it was turned on change group A."""
    if not on:
        return _with_info(tournament, acceleration=())
    rounds = planned_rounds(tournament)
    if rounds is None:
        raise EditError("Baku acceleration needs the number of rounds: set Rounds first")
    present = present_in_round(tournament, 1)
    if not present:
        raise EditError("Baku acceleration needs players")
    return _with_info(tournament, acceleration=baku_acceleration(present, rounds))


def is_baku(records: tuple[AcceleratedRound, ...]) -> bool:
    """Whether ``records`` have the shape :func:`baku_acceleration` gives (one group from round 1, a point
    then half a point), and so may be worked out again; records read from a file of another shape are not."""
    if not records or len(records) > 2:
        return False
    first = records[0]
    same_group = all((r.first_player, r.last_player) == (first.first_player, first.last_player) for r in records)
    second = records[-1]
    halves = len(records) == 1 or (second.points == Fraction(1, 2) and second.first_round == first.last_round + 1)
    return same_group and first.points == 1 and first.first_round == 1 and halves


def with_baku_renewed(tournament: Tournament) -> Tournament:
    """Before round 1 is paired: Baku records worked out again for who is present now (late entries,
    absences); any other acceleration stays as it is."""
    if not is_baku(tournament.info.acceleration) or planned_rounds(tournament) is None:
        return tournament
    return set_baku(tournament, True)


def withdraw(tournament: Tournament, start_rank: int, from_round: int) -> Tournament:
    """The player withdraws: a zero-point bye in ``from_round`` and every round after it to the event's last
    (TRF ``Z``, as C.04 Annex 2 records an absence); byes already entered stay. Refused where the player is
    paired already (unpair first) or when the number of rounds is not known."""
    player = player_of(tournament, start_rank)
    last = planned_rounds(tournament)
    if last is None:
        raise EditError("a withdrawal needs the number of rounds: set Rounds first")
    if from_round not in ROUND_RANGE or from_round > last:
        raise EditError(f"the event has {last} rounds: no round {from_round} to withdraw from")
    added = []
    for number in range(from_round, last + 1):
        entry = entry_for(player, number)
        if entry is not None and is_pairing(entry):
            raise EditError(f"player {start_rank} is paired in round {number}: unpair that board first")
        if entry is None:
            added.append(RoundEntry(number, None, None, ResultCode.ZERO_BYE))
    if not added:
        raise EditError(f"player {start_rank} has a bye in every round from {from_round} already")
    rounds = tuple(sorted((*player.rounds, *added), key=lambda e: e.round))
    return replace_players(tournament, {start_rank: dataclasses.replace(player, rounds=rounds)})


def numbered_by_rating(tournament: Tournament) -> Tournament:
    """Pairing numbers in the initial order (C.04.2: rating, title, name), before round 1."""
    return renumbered(tournament, [p.start_rank for p in initial_order(tournament.players)])


def numbered_by_lot(tournament: Tournament, chance: random.Random | None = None) -> Tournament:
    """Pairing numbers drawn by lot (a round robin, C.05 Annex 1), before round 1."""
    ranks = [p.start_rank for p in tournament.players]
    return renumbered(tournament, (chance or random.SystemRandom()).sample(ranks, len(ranks)))


def ready_for_round(
    tournament: Tournament, round_: int, chance: random.Random | None = None
) -> tuple[Tournament, InitialColour | None]:
    """The tournament as the window pairs ``round_`` from it, and the colour drawn, if one was: before round 1
    the Baku records are worked out again for who is present (:func:`with_baku_renewed`) and, in a Swiss whose
    organiser chose no colour for the top player, it is drawn by lot (C.04.3) and kept in the event."""
    if round_ != 1:
        return tournament, None
    tournament = with_baku_renewed(tournament)
    if tournament.info.initial_colour is not None or tournament.info.system.is_round_robin:
        return tournament, None
    colour = draw_initial_colour(chance)
    return set_initial_colour(tournament, colour), colour
