"""core.pairing.setup_edits: the edits behind the event form's pairing fields, a withdrawal and the pairing numbers."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from fidedesk.core.editing import EditError, give_bye, pair
from fidedesk.core.pairing.setup import AcceleratedRound, ForbiddenPairs, InitialColour
from fidedesk.core.pairing.setup_edits import (
    is_baku,
    numbered_by_lot,
    numbered_by_rating,
    ready_for_round,
    set_baku,
    set_forbidden,
    set_initial_colour,
    set_rounds,
    with_baku_renewed,
    withdraw,
)
from fidedesk.core.results import ResultCode
from fidedesk.core.tournament import EventInfo, Player, Tournament


def event(players: int = 10, rounds: int | None = 5) -> Tournament:
    people = tuple(Player(rank, f"P{rank}", rating=2000 + 10 * rank) for rank in range(1, players + 1))
    return Tournament(EventInfo(rounds=rounds), people)


def test_rounds_never_fewer_than_those_paired() -> None:
    tournament = pair(pair(event(), 1, 1, 2), 2, 1, 3)
    assert set_rounds(tournament, 7).info.rounds == 7
    assert set_rounds(tournament, None).info.rounds is None
    with pytest.raises(EditError, match="round 2 is paired"):
        set_rounds(tournament, 1)
    with pytest.raises(EditError):
        set_rounds(tournament, 0)


def test_the_initial_colour() -> None:
    assert set_initial_colour(event(), InitialColour.BLACK).info.initial_colour is InitialColour.BLACK


def test_forbidden_pairs_name_players_there_are() -> None:
    groups = (ForbiddenPairs((1, 2)), ForbiddenPairs((5, 7, 9), 1, 3))
    assert set_forbidden(event(), groups).info.forbidden == groups
    assert set_forbidden(set_forbidden(event(), groups), ()).info.forbidden == ()
    with pytest.raises(EditError, match="no player has start rank 11"):
        set_forbidden(event(), (ForbiddenPairs((1, 11)),))


def test_baku_for_the_players_present_and_renewed_at_round_1() -> None:
    tournament = set_baku(event(12), True)
    assert tournament.info.acceleration == (
        AcceleratedRound(Fraction(1), 1, 2, 1, 6),
        AcceleratedRound(Fraction(1, 2), 3, 3, 1, 6),
    )
    assert is_baku(tournament.info.acceleration)
    absent = give_bye(give_bye(tournament, 1, 1, ResultCode.ZERO_BYE), 1, 2, ResultCode.ZERO_BYE)
    renewed = with_baku_renewed(absent).info.acceleration
    # group A is the first six present (3 to 8); the records run from start rank 1, as FIDE TEC's generator
    # writes them, so that 1 and 2 have their virtual points in the accelerated rounds they do play
    assert renewed[0].first_player == 1 and renewed[0].last_player == 8
    assert set_baku(tournament, False).info.acceleration == ()
    with pytest.raises(EditError, match="number of rounds"):
        set_baku(event(rounds=None), True)
    other = (AcceleratedRound(Fraction(2), 1, 1, 1, 4),)
    assert not is_baku(other)


def test_withdraw_gives_zero_point_byes_to_the_end() -> None:
    tournament = give_bye(event(), 4, 3, ResultCode.HALF_BYE)
    after = withdraw(tournament, 3, 3)
    assert [(e.round, e.result) for e in after.player(3).rounds] == [
        (3, ResultCode.ZERO_BYE),
        (4, ResultCode.HALF_BYE),
        (5, ResultCode.ZERO_BYE),
    ]
    with pytest.raises(EditError, match="paired in round 1"):
        withdraw(pair(event(), 1, 3, 4), 3, 1)
    with pytest.raises(EditError, match="number of rounds"):
        withdraw(event(rounds=None), 3, 1)


def test_numbers_by_rating_and_by_lot() -> None:
    by_rating = numbered_by_rating(event(4))
    assert [p.name for p in by_rating.players] == ["P4", "P3", "P2", "P1"]
    assert [p.start_rank for p in by_rating.players] == [1, 2, 3, 4]
    drawn = numbered_by_lot(event(8), random.Random(1))
    assert sorted(p.name for p in drawn.players) == sorted(p.name for p in event(8).players)
    with pytest.raises(EditError):
        numbered_by_rating(pair(event(4), 1, 1, 2))


def test_round_1_is_readied_with_the_colour_drawn_and_kept() -> None:
    swiss = event(12)
    readied, colour = ready_for_round(swiss, 1, random.Random(1))
    assert colour is not None and readied.info.initial_colour is colour
    chosen = set_initial_colour(swiss, InitialColour.BLACK)
    assert ready_for_round(chosen, 1) == (chosen, None)  # the organiser's colour is never drawn again
    assert ready_for_round(swiss, 2) == (swiss, None)
