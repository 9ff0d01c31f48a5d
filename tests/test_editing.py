"""core.editing: every edit keeps the pairings consistent (core.pairings) and leaves the old tournament as it was."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fidedesk.core.editing import (
    Board,
    EditError,
    add_player,
    boards,
    give_bye,
    pair,
    remove_player,
    rounds_count,
    set_result,
    unpair,
    update_player,
)
from fidedesk.core.pairings import pairing_problems
from fidedesk.core.results import ResultCode as R
from fidedesk.core.tournament import EventInfo, Player, RoundEntry, Tournament


def four() -> Tournament:
    t = Tournament(EventInfo(), ())
    for name, rating in (("A", 2200), ("B", 2100), ("C", 2000), ("D", None)):
        t = add_player(t, Player(0, name, rating))
    return t


def test_add_players_numbers_them() -> None:
    t = four()
    assert [(p.start_rank, p.name) for p in t.players] == [(1, "A"), (2, "B"), (3, "C"), (4, "D")]
    assert rounds_count(t) == 0


def test_pair_enter_results_and_mirror() -> None:
    t = pair(pair(four(), 1, 1, 3), 1, 4, 2)
    assert boards(t, 1) == [Board(1, 3, R.PENDING), Board(4, 2, R.PENDING)]
    t = set_result(t, 1, 3, R.LOSS)  # entered from black's side
    t = set_result(t, 1, 4, R.DRAW)
    assert boards(t, 1) == [Board(1, 3, R.WIN), Board(4, 2, R.DRAW)]
    assert t.player(3).rounds[0].result is R.LOSS and t.player(1).rounds[0].result is R.WIN
    assert list(pairing_problems(t.players)) == [] and rounds_count(t) == 1


def test_refused_edits_say_why_and_change_nothing() -> None:
    t = pair(four(), 1, 1, 2, R.WIN)
    with pytest.raises(EditError, match="already paired with 2 in round 1"):
        pair(t, 1, 1, 3)
    with pytest.raises(EditError, match="themselves"):
        pair(t, 2, 3, 3)
    with pytest.raises(EditError, match="games in round 1"):
        remove_player(t, 2)
    with pytest.raises(EditError, match="not a bye"):
        give_bye(t, 1, 3, R.WIN)
    with pytest.raises(EditError, match="not a rating"):
        update_player(t, 3, rating=5000)
    assert boards(t, 1) == [Board(1, 2, R.WIN)]


def test_byes_unpair_and_remove() -> None:
    t = give_bye(pair(four(), 1, 1, 2, R.DRAW), 1, 3, R.HALF_BYE)
    assert boards(t, 1) == [Board(1, 2, R.DRAW), Board(3, None, R.HALF_BYE)]
    t = set_result(t, 1, 3, R.ZERO_BYE)
    assert t.player(3).rounds[0].result is R.ZERO_BYE
    t = unpair(t, 1, 2)
    assert t.player(1).rounds == () and t.player(2).rounds == ()
    assert [p.name for p in remove_player(t, 4).players] == ["A", "B", "C"]
    assert update_player(t, 4, rating=1850, title="CM").player(4).rating == 1850


@given(st.lists(st.tuples(st.integers(1, 6), st.integers(1, 6), st.sampled_from([R.WIN, R.DRAW, R.LOSS]))))
def test_any_sequence_of_edits_keeps_pairings_consistent(moves: list[tuple[int, int, R]]) -> None:
    t = four()
    t = add_player(add_player(t, Player(0, "E", 1900)), Player(0, "F", 1800))
    for round_, (a, b, result) in enumerate(moves, start=1):
        before = t
        try:
            t = set_result(pair(t, round_ % 3 + 1, a, b), round_ % 3 + 1, b, result)
        except EditError:
            assert t is before
        assert list(pairing_problems(t.players)) == []


def test_a_double_forfeit_reads_as_one_whoever_comes_first() -> None:
    # player 1 has black against 2, and both lost by forfeit: the board is met from black's side first
    t = four()
    lost = {1: RoundEntry(1, 2, "b", R.FORFEIT_LOSS), 2: RoundEntry(1, 1, "w", R.FORFEIT_LOSS)}
    players = tuple(
        dataclasses.replace(p, rounds=(lost[p.start_rank],)) if p.start_rank in lost else p for p in t.players
    )
    t = dataclasses.replace(t, players=players)
    assert boards(t, 1) == [Board(2, 1, R.FORFEIT_LOSS)]
