"""core.pairing.consistency: each game recorded the same way by both players (TRF16 mirror rule), one White and
one Black in a game, and FIDE's Berger tables (C.05 Annex 1)."""

from __future__ import annotations

import pytest

from fidedesk.core.pairing.consistency import PairingFault, berger_round, berger_table, colour_clashes, pairing_problems
from fidedesk.core.results import ResultCode as R
from fidedesk.core.tournament import Player, RoundEntry


def players(*rounds: tuple[RoundEntry, ...]) -> list[Player]:
    return [Player(rank, f"P{rank}", 2000, rounds=entries) for rank, entries in enumerate(rounds, start=1)]


def faults(*rounds: tuple[RoundEntry, ...]) -> list[tuple[PairingFault, int, int]]:
    return [(p.fault, p.player, p.slot) for p in pairing_problems(players(*rounds))]


def test_consistent_pairings_have_no_problem() -> None:
    assert faults((RoundEntry(1, 2, "w", R.WIN),), (RoundEntry(1, 1, "b", R.LOSS),)) == []
    assert faults((RoundEntry(1, 2, "w", R.FORFEIT_WIN),), (RoundEntry(1, 1, "b", R.FORFEIT_LOSS),)) == []
    assert faults((RoundEntry(1, 2, "w", R.WIN_UNPLAYED),), (RoundEntry(1, 1, "b", R.LOSS_UNPLAYED),)) == []


def test_double_forfeit_is_the_one_exception() -> None:
    assert faults((RoundEntry(1, 2, "w", R.FORFEIT_LOSS),), (RoundEntry(1, 1, "b", R.FORFEIT_LOSS),)) == []
    mismatch = faults((RoundEntry(1, 2, "w", R.WIN),), (RoundEntry(1, 1, "b", R.WIN),))
    assert mismatch == [(PairingFault.NOT_MIRRORED, 0, 0), (PairingFault.NOT_MIRRORED, 1, 0)]


def test_each_fault() -> None:
    assert faults((RoundEntry(1, 9, "w", R.WIN),)) == [(PairingFault.UNKNOWN_OPPONENT, 0, 0)]
    assert faults((RoundEntry(1, 1, "w", R.WIN),)) == [(PairingFault.SELF, 0, 0)]
    assert faults((RoundEntry(1, 2, "w", R.WIN),), ()) == [(PairingFault.NO_ENTRY, 0, 0)]
    three = faults((RoundEntry(1, 2, "w", R.WIN),), (RoundEntry(1, 3, "b", R.LOSS),), (RoundEntry(1, 2, "w", R.WIN),))
    assert three[0] == (PairingFault.NOT_BACK, 0, 0)


def test_colour_clashes() -> None:
    both_white = players((RoundEntry(1, 2, "w", R.WIN),), (RoundEntry(1, 1, "w", R.LOSS),))
    assert colour_clashes(both_white) == [(1, 1), (2, 1)]
    fine = players((RoundEntry(1, 2, "w", R.WIN),), (RoundEntry(1, 1, "b", R.LOSS),))
    unknown = players((RoundEntry(1, 2, None, R.WIN),), (RoundEntry(1, 1, None, R.LOSS),))
    one_sided = players((RoundEntry(1, 2, "b", R.WIN),), (RoundEntry(1, 3, "b", R.LOSS),), ())
    assert colour_clashes(fine) == colour_clashes(unknown) == colour_clashes(one_sided) == []


#: FIDE Handbook C.05 Annex 1, "Berger Tables for Round-Robin Tournaments": each round's games as printed,
#: White first; with an odd number of players the highest number is the bye.
PUBLISHED = {
    4: ["1-4 2-3", "4-3 1-2", "2-4 3-1"],
    6: ["1-6 2-5 3-4", "6-4 5-3 1-2", "2-6 3-1 4-5", "6-5 1-4 2-3", "3-6 4-2 5-1"],
    8: ["1-8 2-7 3-6 4-5", "8-5 6-4 7-3 1-2", "2-8 3-1 4-7 5-6", "8-6 7-5 1-4 2-3", "3-8 4-2 5-1 6-7",
        "8-7 1-6 2-5 3-4", "4-8 5-3 6-2 7-1"],
    10: ["1-10 2-9 3-8 4-7 5-6", "10-6 7-5 8-4 9-3 1-2", "2-10 3-1 4-9 5-8 6-7", "10-7 8-6 9-5 1-4 2-3",
         "3-10 4-2 5-1 6-9 7-8", "10-8 9-7 1-6 2-5 3-4", "4-10 5-3 6-2 7-1 8-9", "10-9 1-8 2-7 3-6 4-5",
         "5-10 6-4 7-3 8-2 9-1"],
    12: ["1-12 2-11 3-10 4-9 5-8 6-7", "12-7 8-6 9-5 10-4 11-3 1-2", "2-12 3-1 4-11 5-10 6-9 7-8",
         "12-8 9-7 10-6 11-5 1-4 2-3", "3-12 4-2 5-1 6-11 7-10 8-9", "12-9 10-8 11-7 1-6 2-5 3-4",
         "4-12 5-3 6-2 7-1 8-11 9-10", "12-10 11-9 1-8 2-7 3-6 4-5", "5-12 6-4 7-3 8-2 9-1 10-11",
         "12-11 1-10 2-9 3-8 4-7 5-6", "6-12 7-5 8-4 9-3 10-2 11-1"],
}  # fmt: skip


def _games(line: str) -> tuple[tuple[int, int], ...]:
    return tuple((int(white), int(black)) for white, black in (game.split("-") for game in line.split()))


@pytest.mark.parametrize("size", sorted(PUBLISHED))
def test_berger_tables_as_fide_publishes_them(size: int) -> None:
    published = [_games(line) for line in PUBLISHED[size]]
    for players_ in (size - 1, size):  # 3 and 4 players share a table, as do 5 and 6 ...
        assert list(berger_table(players_)) == published
        for round_, games in enumerate(published, start=1):
            for white, black in games:
                assert berger_round(white, black, players_) == berger_round(black, white, players_) == round_


@pytest.mark.parametrize("n", range(2, 25))
def test_berger_rounds_give_each_player_one_game_a_round(n: int) -> None:
    rounds = {(i, j): berger_round(i, j, n) for i in range(1, n + 1) for j in range(i + 1, n + 1)}
    size = n + n % 2
    assert set(rounds.values()) <= set(range(1, size))
    for player in range(1, n + 1):
        played = [r for pair, r in rounds.items() if player in pair]
        assert len(played) == len(set(played)) == n - 1


def test_berger_round_refuses_numbers_outside_the_table() -> None:
    for first, second in ((0, 1), (1, 1), (1, 5)):
        with pytest.raises(ValueError, match="pairing numbers"):
            berger_round(first, second, 4)
