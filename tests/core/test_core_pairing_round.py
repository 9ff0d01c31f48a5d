"""core.pairing.round and core.pairing.setup: which round is next, who is paired, a pairing put into the
tournament, Berger rounds, the initial order and the Baku acceleration (worked by hand from the texts)."""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import pytest

from fidedesk.core.editing import boards, give_bye, pair, set_result, without_boards
from fidedesk.core.pairing.consistency import pairing_problems
from fidedesk.core.pairing.round import (
    ByeKind,
    PairedBoard,
    PairedBye,
    Pairing,
    PairingError,
    PairingSystem,
    apply_pairing,
    berger_pairing,
    check_round_can_be_paired,
    initial_colour_in_use,
    initial_order,
    is_paired,
    planned_rounds,
    renumbered,
    requested_byes,
    round_to_pair,
    to_be_paired,
    without_pairing,
)
from fidedesk.core.pairing.setup import AcceleratedRound, ForbiddenPairs, InitialColour, baku_acceleration
from fidedesk.core.results import ResultCode
from fidedesk.core.tournament import EventInfo, Player, System, Tournament


def _event(count: int, *, system: System = System.SWISS, rounds: int | None = 5) -> Tournament:
    players = tuple(Player(rank, f"Player {rank}", 2400 - 10 * rank) for rank in range(1, count + 1))
    return Tournament(EventInfo(system=system, rounds=rounds), players)


def test_a_pairing_enters_games_pending_and_the_pairing_allocated_bye() -> None:
    event = give_bye(_event(5), 1, 4, ResultCode.HALF_BYE)
    pairing = Pairing(
        1,
        PairingSystem.DUTCH,
        (PairedBoard(1, 1, 3), PairedBoard(2, 5, 2)),
        (PairedBye(4, ByeKind.HALF_POINT),),
    )
    assert round_to_pair(event) == 1 and not is_paired(event, 1)  # a requested bye alone is no pairing
    paired = apply_pairing(event, pairing)
    assert is_paired(paired, 1) and round_to_pair(paired) == 2
    assert list(pairing_problems(paired.players)) == []
    one = paired.player(1).rounds[0]
    assert (one.opponent, one.color, one.result, one.board) == (3, "w", ResultCode.PENDING, 1)
    assert paired.player(2).rounds[0].color == "b"
    assert requested_byes(paired, 1) == (PairedBye(4, ByeKind.HALF_POINT),)
    assert without_pairing(paired, 1) == event  # the requested bye stays


def test_a_pairing_refuses_a_player_with_an_entry_for_the_round() -> None:
    event = give_bye(_event(4), 1, 4, ResultCode.ZERO_BYE)
    with pytest.raises(PairingError, match="player 4 has an entry for round 1"):
        apply_pairing(event, Pairing(1, PairingSystem.DUTCH, (PairedBoard(1, 1, 4),)))


def test_to_be_paired_leaves_out_byes_and_absences() -> None:
    event = give_bye(give_bye(_event(5), 2, 1, ResultCode.HALF_BYE), 2, 3, ResultCode.ZERO_BYE)
    assert [p.start_rank for p in to_be_paired(event, 2)] == [2, 4, 5]
    assert [b.kind for b in requested_byes(event, 2)] == [ByeKind.HALF_POINT, ByeKind.ZERO_POINT]


def test_a_round_cannot_be_paired_before_the_results_of_the_one_before() -> None:
    event = pair(pair(_event(4), 1, 1, 3), 1, 4, 2)
    with pytest.raises(PairingError, match="round 1 has games without a result"):
        check_round_can_be_paired(event, 2)
    done = set_result(set_result(event, 1, 1, ResultCode.WIN), 1, 4, ResultCode.DRAW)
    check_round_can_be_paired(done, 2)
    with pytest.raises(PairingError, match="round 1 is paired already"):
        check_round_can_be_paired(done, 1)
    with pytest.raises(PairingError, match="round 2 is not paired"):
        check_round_can_be_paired(done, 3)
    with pytest.raises(PairingError, match="the event has 5 rounds"):
        check_round_can_be_paired(dataclasses.replace(done, info=EventInfo(rounds=5)), 6)


def test_berger_round_one_of_six_players_is_the_tables() -> None:
    # C.05 Annex 1, 5 or 6 players, round 1: 1-6, 2-5, 3-4
    pairing = berger_pairing(_event(6, system=System.ROUND_ROBIN, rounds=None), 1)
    assert [(b.white, b.black) for b in pairing.boards] == [(1, 6), (2, 5), (3, 4)]
    assert pairing.byes == ()


def test_berger_with_five_players_gives_the_free_round_to_the_table_partner_of_six() -> None:
    event = _event(5, system=System.ROUND_ROBIN, rounds=None)
    assert planned_rounds(event) == 5
    first = berger_pairing(event, 1)
    assert [(b.white, b.black) for b in first.boards] == [(2, 5), (3, 4)]
    assert first.byes == (PairedBye(1, ByeKind.FREE),)
    assert ByeKind.FREE.result is None  # a free round has no entry: no game, no point


def test_the_second_cycle_reverses_the_colours() -> None:
    event = _event(4, system=System.DOUBLE_ROUND_ROBIN, rounds=None)
    assert planned_rounds(event) == 6
    for number in range(1, 4):
        first = [(b.white, b.black) for b in berger_pairing(event, number).boards]
        second = [(b.white, b.black) for b in berger_pairing(event, number + 3).boards]
        assert second == [(black, white) for white, black in first]


def test_initial_order_rating_then_title_then_name_with_the_unrated_last() -> None:
    players = [
        Player(1, "Zed", None),
        Player(2, "Bob", 2300),
        Player(3, "Al", 2300, title="FM"),
        Player(4, "Cy", 2300, title="GM"),
        Player(5, "Abe", 2300),
        Player(6, "Ann", 2450),
        Player(7, "Ada", None),
    ]
    assert [p.name for p in initial_order(players)] == ["Ann", "Cy", "Al", "Abe", "Bob", "Ada", "Zed"]


def test_renumbered_keeps_the_forbidden_pairs_and_refuses_after_a_pairing() -> None:
    event = _event(4)
    event = dataclasses.replace(event, info=dataclasses.replace(event.info, forbidden=(ForbiddenPairs((1, 2)),)))
    turned = renumbered(event, [4, 3, 2, 1])
    assert [p.name for p in turned.players] == ["Player 4", "Player 3", "Player 2", "Player 1"]
    assert [p.start_rank for p in turned.players] == [1, 2, 3, 4]
    assert turned.info.forbidden == (ForbiddenPairs((4, 3)),)
    with pytest.raises(ValueError, match="once a round is paired"):
        renumbered(pair(event, 1, 1, 2), [2, 1, 3, 4])


def test_baku_acceleration_for_nine_rounds_and_ten_players() -> None:
    # group A: 2 x ceil(10/4) = 6 players; accelerated: ceil(9/2) = 5 rounds, 1 point in the first
    # ceil(5/2) = 3 of them, half a point in rounds 4 and 5
    assert baku_acceleration(list(range(1, 11)), 9) == (
        AcceleratedRound(Fraction(1), 1, 3, 1, 6),
        AcceleratedRound(Fraction(1, 2), 4, 5, 1, 6),
    )
    assert baku_acceleration([], 9) == ()


def test_forbidden_pairs_and_colours_are_checked_when_made() -> None:
    with pytest.raises(ValueError):
        ForbiddenPairs((3, 3))
    assert ForbiddenPairs((1, 2), 2, 4).applies_to(3) and not ForbiddenPairs((1, 2), 2, 4).applies_to(5)
    assert InitialColour.from_text("black1") is InitialColour.BLACK
    assert InitialColour.from_text("W") is InitialColour.WHITE
    with pytest.raises(ValueError):
        InitialColour.from_text("rank")


def test_a_swiss_rounds_games_without_board_numbers_follow_fides_board_order() -> None:
    # after round 1 (1 beat 2, 3 drew 4, 6 beat 5): 1 and 6 have 1 point, 3 and 4 a half, 2 and 5 none
    event = _event(6)
    for white, black, result in ((1, 2, ResultCode.WIN), (3, 4, ResultCode.DRAW), (6, 5, ResultCode.WIN)):
        event = set_result(pair(event, 1, white, black), 1, white, result)
    event = pair(pair(pair(event, 2, 2, 5), 2, 4, 6), 2, 3, 1)
    # TRF keeps no board: the higher score first (1 and 6), then the sum (6+4 over 1+3: 1½ each, so the
    # lower start rank: 1), then 2-5 with none
    shown = [(b.white, b.black) for b in boards(without_boards(event), 2)]
    assert shown == [(3, 1), (4, 6), (2, 5)]


def test_the_initial_colour_in_use_and_where_it_comes_from() -> None:
    event = _event(4)
    assert initial_colour_in_use(event) == (InitialColour.WHITE, "default")
    played = pair(pair(event, 1, 3, 1), 1, 2, 4)  # round 1 paired with player 1 on Black
    assert initial_colour_in_use(played) == (InitialColour.BLACK, "round 1")
    recorded = dataclasses.replace(played, info=dataclasses.replace(played.info, initial_colour=InitialColour.WHITE))
    assert initial_colour_in_use(recorded) == (InitialColour.WHITE, "recorded")
    assert initial_colour_in_use(recorded, InitialColour.BLACK) == (InitialColour.BLACK, "chosen")
