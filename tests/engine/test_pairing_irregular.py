"""fidedesk's pairing of every round of generated irregular events equals FIDE TEC's, read from the TRF fidedesk writes.

The events (tests/irregular.py) hold what real Swiss events hold and gacrux's own generator makes none of:
double forfeits (``-``/``-``), forfeits either way, half-, full- and zero-point byes requested ahead,
withdrawals and late entries. For each round k + 1, fidedesk pairs it (:func:`pair_round`, through the adapter
:mod:`fidedesk.engine.gacrux_json`) from the event as of round k, and FIDE TEC's checker pairs it
(``pairingchecker -p``,
:func:`bare_pairing`) from the TRF text fidedesk writes of that same event, read by gacrux's own TRF reader: an
input path that does not go through fidedesk's adapter. Boards, colours, board order and the pairing-allocated
bye must be the same.
"""

from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from fidedesk.core.pairing.round import round_to_pair
from fidedesk.core.results import ResultCode
from fidedesk.engine.tec_checker import bare_pairing
from fidedesk.io.trf.document import tournament_to_trf
from fidedesk.io.trf.pairing import TrfVersion

from ..irregular import PLAYERS, ROUNDS, IrregularEvent, make_event
from .test_pairing_generated import engine_pairs

#: The number of generated events the property walks (every round of each): the test's cost in CI.
EVENTS = 20


def differences(event: IrregularEvent) -> list[str]:
    """The rounds of ``event`` that fidedesk pairs otherwise than FIDE TEC's checker reading fidedesk's TRF."""
    found = []
    for k, before in event.stages():
        ours = engine_pairs(event.pairings[k])  # pair_round(before, k + 1), as the generator paired the round
        theirs = bare_pairing(tournament_to_trf(before, TrfVersion.TRF26), k + 1)
        if ours != theirs:
            found.append(f"seed {event.seed}, round {k + 1}: fidedesk {ours}, TEC {theirs}")
    return found


#: No shrinking: a failing event is named by its seed, and shrinking would pair hundreds more.
@settings(
    max_examples=EVENTS,
    deadline=None,
    derandomize=True,
    phases=[Phase.explicit, Phase.generate],
    suppress_health_check=[HealthCheck.too_slow],
)
@given(st.integers(0, 10**6), st.sampled_from(PLAYERS), st.sampled_from(ROUNDS))
def test_every_round_is_paired_as_fide_tec_pairs_it_from_our_trf(seed: int, players: int, rounds: int) -> None:
    assert differences(make_event(seed, players=players, rounds=rounds)) == []


def test_the_generator_makes_what_the_property_is_for() -> None:
    """The same seed makes the same event, and a handful of events hold every irregularity, double forfeits
    before rounds paired after them among them."""
    assert make_event(7, players=12, rounds=6) == make_event(7, players=12, rounds=6)
    made = [make_event(seed, players=8 + 4 * (seed % 8), rounds=5 + seed % 5) for seed in range(8)]
    tally = sum((event.tally() for event in made), Counter[str]())
    for kind in ("double forfeit", "forfeit", "half bye", "full bye", "zero bye", "pairing bye", "requested ahead",
                 "double forfeit before a round", "withdrawal", "late entry"):  # fmt: skip
        assert tally[kind] > 0, kind


def test_the_event_as_of_a_round() -> None:
    """As of round k: results of rounds 1..k entered, round k + 1 not paired (or paired, results to come),
    the byes requested ahead in; a late entry has no entry for the rounds before he came, a withdrawn player
    a zero-point bye in every round from the one he left."""
    event = make_event(0, players=15, rounds=6)
    assert event.late_entries and event.withdrawals  # the seed is chosen for them
    for k in range(event.rounds):
        before, paired = event.as_of(k), event.as_of(k, next_paired=True)
        assert round_to_pair(before) == k + 1 and round_to_pair(paired) == k + 2
        entries = [entry for player in paired.players for entry in player.rounds]
        assert all(entry.result is not ResultCode.PENDING for entry in entries if entry.round <= k)
        assert any(entry.result is ResultCode.PENDING for entry in entries if entry.round == k + 1)
    assert event.as_of(event.rounds) == event.final
    for rank, first in event.late_entries:
        assert min(entry.round for entry in event.final.player(rank).rounds) == first
    for rank, left in event.withdrawals:
        rounds = event.final.player(rank).rounds
        assert [(e.round, e.result) for e in rounds if e.round >= left] == [
            (number, ResultCode.ZERO_BYE) for number in range(left, event.rounds + 1)
        ]
