"""fidedesk's round robins against FIDE's Berger tables as FIDE TEC's engine builds and pairs them.

C.05 Annex 1's tables as printed (3-12 players) are tests/core/test_pairings.py's; here ``berger_table`` is set
against both of gacrux's constructions (``berger.bergertables``, which its engine pairs with, and
``bergertablesGeneric``, after Milvang's "Berger explained") for 3-24 players, and fidedesk's
``pair_round`` of every round of single and double round robins of 3-16 players (odd numbers: the free round)
against gacrux's Berger engine pairing the same TRF text (berger_expected.json, written by make_berger.py).
"""

from __future__ import annotations

import dataclasses
import functools
import json
from typing import Any

import pytest

from fidedesk.core.pairing.consistency import berger_table, pairing_problems
from fidedesk.core.pairing.round import ByeKind, Pairing, PairingSystem, apply_pairing, planned_rounds, round_to_pair
from fidedesk.core.tournament import System, Tournament
from fidedesk.engine.pairing import pair_round
from fidedesk.io.trf.document import parse_trf

from ..data.pairing.make_berger import EXPECTED, SIZES, berger_rounds, round_robin_trf
from ..data.pairing.make_generated import read_pairs

#: C.05 Annex 1 recommends, for a double round robin, playing the first cycle's last two rounds in reverse
#: order (so that no player has the same colour three times running); gacrux does so with its ``fide`` option.
#: fidedesk's double round robin repeats the table as printed: these are the rounds where the two differ.
FIDE_ORDER_DIFFERS = "the first cycle's last two rounds"


@functools.cache
def expected() -> dict[str, Any]:
    document: dict[str, Any] = json.loads(EXPECTED.read_text(encoding="utf-8"))
    return document


def event(players: int, system: System) -> Tournament:
    tournament = parse_trf(round_robin_trf(players), f"round robin of {players}").tournament
    return dataclasses.replace(tournament, info=dataclasses.replace(tournament.info, system=system))


def engine_pairs(pairing: Pairing) -> list[tuple[int, int]]:
    """gacrux's listing of a Berger round: the free player first (his game with the dummy is board 1), then
    the games in the table's order."""
    free = [(bye.player, 0) for bye in pairing.byes if bye.kind is ByeKind.FREE]
    return free + [(board.white, board.black) for board in pairing.boards]


def whole_schedule(players: int, system: System) -> list[list[tuple[int, int]]]:
    """Every round, each paired by ``pair_round`` after the one before it was entered (results still to come)."""
    tournament = event(players, system)
    rounds = []
    for _ in range(planned_rounds(tournament) or 0):
        pairing = pair_round(tournament)
        assert pairing.system is PairingSystem.BERGER and pairing.round == len(rounds) + 1
        assert round_to_pair(tournament) == pairing.round
        rounds.append(engine_pairs(pairing))
        tournament = apply_pairing(tournament, pairing)
    assert list(pairing_problems(tournament.players)) == []
    return rounds


@pytest.mark.parametrize("players", range(3, 25))
def test_berger_table_is_fide_tec_s_both_ways(players: int) -> None:
    from gacrux.berger import bergertables, bergertablesGeneric  # type: ignore[import-untyped]

    def table(built: dict[str, Any]) -> list[list[tuple[int, int]]]:
        rounds = built["pairing"]
        return [[(game["white"], game["black"]) for _, game in sorted(rounds[r].items())] for r in sorted(rounds)]

    ours = [list(games) for games in berger_table(players)]
    assert ours == table(bergertables(players)) == table(bergertablesGeneric(players))


@pytest.mark.parametrize("players", SIZES)
def test_single_round_robin_equals_fide_tec_s_berger_engine(players: int) -> None:
    theirs = [read_pairs(line) for line in expected()["berger"][str(players)]]
    ours = whole_schedule(players, System.ROUND_ROBIN)
    assert len(ours) == players + players % 2 - 1
    assert ours == theirs


@pytest.mark.parametrize("players", SIZES)
def test_double_round_robin_reverses_the_colours_in_the_second_cycle(players: int) -> None:
    theirs = [read_pairs(line) for line in expected()["berger-double"][str(players)]]
    ours = whole_schedule(players, System.DOUBLE_ROUND_ROBIN)
    cycle = players + players % 2 - 1
    assert len(ours) == 2 * cycle
    assert ours == theirs
    for first, second in zip(ours[:cycle], ours[cycle:], strict=True):
        assert second == [(black, white) if black else (white, black) for white, black in first]


@pytest.mark.parametrize("players", SIZES)
def test_double_round_robin_in_fide_s_recommended_order_differs_only_there(players: int) -> None:
    """FIDE_ORDER_DIFFERS: fidedesk's double round robin against gacrux's ``berger-double-fide``."""
    fide = [read_pairs(line) for line in expected()["berger-double-fide"][str(players)]]
    ours = whole_schedule(players, System.DOUBLE_ROUND_ROBIN)
    cycle = players + players % 2 - 1
    differ = [number for number, (a, b) in enumerate(zip(ours, fide, strict=True), start=1) if a != b]
    assert differ == [cycle - 1, cycle]
    assert ours[cycle - 2] == fide[cycle - 1] and ours[cycle - 1] == fide[cycle - 2]


def test_the_engine_still_pairs_as_recorded() -> None:
    assert berger_rounds(7, "berger-double") == expected()["berger-double"]["7"]


def test_requested_byes_of_a_round_robin_round_are_in_its_pairing() -> None:
    """As in a Swiss round (and fidedesk-cli pair's JSON, issue 16: "requested byes appear with kind half-point
    or zero-point"), a Berger round's pairing lists the byes entered for it; the table's opponent of an absent
    player has no game that round (the arbiter decides), and the free player of an odd number keeps his free
    round."""
    from fidedesk.core.results import ResultCode
    from fidedesk.core.tournament import RoundEntry

    def absent(tournament: Tournament, rank: int, result: ResultCode) -> Tournament:
        player = dataclasses.replace(tournament.player(rank), rounds=(RoundEntry(1, None, None, result),))
        return dataclasses.replace(
            tournament, players=tuple(player if p.start_rank == rank else p for p in tournament.players)
        )

    pairing = pair_round(absent(event(6, System.ROUND_ROBIN), 2, ResultCode.ZERO_BYE), 1)
    assert [(b.white, b.black) for b in pairing.boards] == [(1, 6), (3, 4)]
    assert [(bye.player, bye.kind) for bye in pairing.byes] == [(2, ByeKind.ZERO_POINT)]
    pairing = pair_round(absent(event(5, System.ROUND_ROBIN), 3, ResultCode.HALF_BYE), 1)
    assert [(b.white, b.black) for b in pairing.boards] == [(2, 5)]
    assert [(bye.player, bye.kind) for bye in pairing.byes] == [(1, ByeKind.FREE), (3, ByeKind.HALF_POINT)]
