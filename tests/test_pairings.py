"""core.pairings: each game recorded the same way by both players (TRF16 mirror rule)."""

from __future__ import annotations

from fidedesk.core.pairings import PairingFault, pairing_problems
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
