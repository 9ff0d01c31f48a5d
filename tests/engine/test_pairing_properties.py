"""Properties of fidedesk's Swiss pairing on random small tournaments, and the Baku acceleration against the
values FIDE TEC's tournament generator computes.

Each example is a Swiss of 4-14 players played round by round: byes requested before some rounds
(half-point, zero-point), forbidden pairs, the Baku acceleration or none, either colour for the top player;
each round paired by ``pair_round``, entered by ``apply_pairing``, and given random results. Every round, for
the rules' absolute criteria (C.04.3 2026, Article 2.1): every player without an entry for the round has one
game or the one pairing-allocated bye; no two players meet twice; forbidden pairs do not meet; a player with
a bye entered is not paired; nobody gets a second pairing-allocated bye; the games entered are consistent
(``pairing_problems``); and the round is the one FIDE TEC's engine, called bare, pairs from the same event
written as TRF. A round with no legal pairing ends the example (the arbiter's case, Article 1.9.3).
"""

from __future__ import annotations

import dataclasses
import random
import sys
from collections import Counter
from decimal import Decimal
from fractions import Fraction
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from fidedesk.core.pairing.consistency import pairing_problems
from fidedesk.core.pairing.round import ByeKind, NoLegalPairing, Pairing, apply_pairing, round_to_pair
from fidedesk.core.pairing.setup import AcceleratedRound, ForbiddenPairs, InitialColour, baku_acceleration
from fidedesk.core.results import ResultCode
from fidedesk.core.tournament import RoundEntry, Tournament
from fidedesk.engine.pairing import pair_round
from fidedesk.engine.tec_checker import bare_pairing, before_round
from fidedesk.io.trf.document import parse_trf, tournament_to_trf

from ..data.pairing.make_generated import _generator_classes

Byes = dict[int, dict[int, ResultCode]]
PROPERTIES = settings(max_examples=30, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])


def swiss(players: int, rounds: int) -> Tournament:
    lines = ["012 Random Swiss", "092 Individual: Swiss-System", f"XXR {rounds}"]
    for rank in range(1, players + 1):
        name = f"Player {rank}"
        lines.append(f"001 {rank:4d}      {name:<33} {2300 - 15 * rank:4d}                             0.0 {rank:4d}")
    return parse_trf("\n".join(lines) + "\n", "random Swiss").tournament


@st.composite
def events(draw: st.DrawFn) -> tuple[Tournament, Byes, int]:
    """A Swiss before round 1, the byes to be entered before each round, and the seed of its results."""
    players = draw(st.integers(min_value=4, max_value=14))
    rounds = draw(st.integers(min_value=1, max_value=min(6, players - 1)))
    tournament = swiss(players, rounds)
    ranks = st.integers(min_value=1, max_value=players)
    byes = {
        round_: draw(
            st.dictionaries(
                ranks, st.sampled_from([ResultCode.HALF_BYE, ResultCode.ZERO_BYE, ResultCode.FULL_BYE]), max_size=2
            )
        )
        for round_ in range(1, rounds + 1)
    }
    forbidden = []
    for group in draw(st.lists(st.sets(ranks, min_size=2, max_size=3), max_size=2)):
        first = draw(st.integers(min_value=1, max_value=rounds))
        last = draw(st.one_of(st.none(), st.integers(min_value=first, max_value=rounds)))
        forbidden.append(ForbiddenPairs(tuple(sorted(group)), first, last))
    present = [rank for rank in range(1, players + 1) if rank not in byes[1]]
    acceleration = baku_acceleration(present, rounds) if draw(st.booleans()) else ()
    info = dataclasses.replace(
        tournament.info,
        forbidden=tuple(forbidden),
        acceleration=acceleration,
        initial_colour=draw(st.sampled_from(InitialColour)),
    )
    return dataclasses.replace(tournament, info=info), byes, draw(st.integers(min_value=0, max_value=2**32))


def with_entries(tournament: Tournament, entries: dict[int, RoundEntry]) -> Tournament:
    players = tuple(
        dataclasses.replace(p, rounds=(*p.rounds, entries[p.start_rank])) if p.start_rank in entries else p
        for p in tournament.players
    )
    return dataclasses.replace(tournament, players=players)


def with_late_entry(tournament: Tournament) -> Tournament:
    """A player registered late: the next start rank, rated below the others, without entries for the rounds
    played (a late entry, as fidedesk's window adds one)."""
    last = tournament.players[-1]
    rank = max(p.start_rank for p in tournament.players) + 1
    late = dataclasses.replace(last, start_rank=rank, name=f"Late {rank}", rating=1500, rounds=(), rank=None)
    return dataclasses.replace(tournament, players=(*tournament.players, late))


def with_results(tournament: Tournament, round_: int, draw: random.Random) -> Tournament:
    """Round ``round_``'s games given results (White's drawn, Black's its mirror)."""
    results = {}
    for player in tournament.players:
        for entry in player.rounds:
            if entry.round == round_ and entry.color == "w" and entry.opponent is not None:
                result = draw.choice([ResultCode.WIN, ResultCode.DRAW, ResultCode.LOSS, ResultCode.FORFEIT_WIN])
                results[player.start_rank] = result
                results[entry.opponent] = result.mirrored()
    players = tuple(
        dataclasses.replace(
            p,
            rounds=tuple(
                dataclasses.replace(e, result=results[p.start_rank]) if e.round == round_ and e.opponent else e
                for e in p.rounds
            ),
        )
        for p in tournament.players
    )
    return dataclasses.replace(tournament, players=players)


@PROPERTIES
@given(events())
def test_every_round_keeps_the_absolute_criteria(example: tuple[Tournament, Byes, int]) -> None:
    """A forfeited game is no game played: FIDE TEC's engine pairs its two players again (C.04.1 b, "shall not
    play against each other more than once", read of games played), so the pairs that must not meet again
    are those of the games played. From round 2 a late entry joins now and then: the next start rank, no
    entry for the rounds before."""
    tournament, byes, seed = example
    draw = random.Random(seed)
    allocated: Counter[int] = Counter()
    for round_ in range(1, (tournament.info.rounds or 0) + 1):
        requested = {rank: RoundEntry(round_, None, None, code) for rank, code in byes[round_].items()}
        tournament = with_entries(tournament, requested)
        if round_ > 1 and draw.random() < 0.3:
            tournament = with_late_entry(tournament)
        assert round_to_pair(tournament) == round_
        try:
            pairing = pair_round(tournament)
        except NoLegalPairing:
            return
        present = [p.start_rank for p in tournament.players if all(e.round != round_ for e in p.rounds)]
        seen = Counter(rank for board in pairing.boards for rank in (board.white, board.black))
        pab = [bye.player for bye in pairing.byes if bye.kind is ByeKind.PAIRING_ALLOCATED]
        assert len(pab) == len(present) % 2
        seen.update(pab)
        assert seen == Counter(present)  # each present player once; nobody else
        others = [(bye.player, bye.kind.result) for bye in pairing.byes if bye.player not in pab]
        assert others == sorted(byes[round_].items())
        met = played_pairs(tournament)
        for board in pairing.boards:
            pair = frozenset((board.white, board.black))
            assert pair not in met, f"round {round_}: {sorted(pair)} meet again"
            for group in tournament.info.forbidden:
                if group.applies_to(round_):
                    assert not pair <= set(group.players), f"round {round_}: forbidden {sorted(pair)}"
        allocated.update(pab)
        assert all(count == 1 for count in allocated.values())
        assert engine_pairs(pairing) == bare_pairing(engine_text(tournament, round_), round_)
        tournament = apply_pairing(tournament, pairing)
        assert list(pairing_problems(tournament.players)) == []
        tournament = with_results(tournament, round_, draw)


def engine_pairs(pairing: Pairing) -> list[tuple[int, int]]:
    boards = [(board.white, board.black) for board in pairing.boards]
    return boards + [(bye.player, 0) for bye in pairing.byes if bye.kind is ByeKind.PAIRING_ALLOCATED]


def engine_text(tournament: Tournament, round_: int) -> str:
    """The tournament before ``round_`` as a TRF text for FIDE TEC's engine: fidedesk's TRF writer for the
    players and their rounds (points recomputed by ``before_round``), and the pairing records written here
    (XXR, 152, 250, 260), in place of any the writer gives."""
    info = tournament.info
    records = ("XXR", "142", "XXC", "152", "250", "260")
    lines = [line for line in tournament_to_trf(tournament).splitlines() if not line.startswith(records)]
    lines.append(f"XXR {info.rounds}")
    lines.append(f"152 {(info.initial_colour or InitialColour.WHITE).letter.upper()}")
    for record in info.acceleration:
        points = float(record.points)
        lines.append(
            f"250 {2 * points:4.1f} {points:4.1f} {record.first_round:3d} {record.last_round:3d} "
            f"{record.first_player:4d} {record.last_player:4d}"
        )
    for group in info.forbidden:
        last = group.last_round if group.last_round is not None else info.rounds
        lines.append(f"260 {group.first_round:3d} {last:3d} " + " ".join(f"{rank:4d}" for rank in group.players))
    return before_round("\n".join(lines) + "\n", round_)


def played_pairs(tournament: Tournament) -> set[frozenset[int]]:
    """The pairs of players who have played a game (a forfeit is none)."""
    return {
        frozenset((player.start_rank, entry.opponent))
        for player in tournament.players
        for entry in player.rounds
        if entry.opponent is not None and entry.result not in (ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS)
    }


def generator_acceleration(players: int, rounds: int, absent: set[int]) -> list[tuple[Any, ...]]:
    """The 250 records gacrux's tournament generator writes (its ``-a``) for ``players`` players, ``rounds``
    rounds and the players ``absent`` in round 1, with its pairing engine stubbed out (only its acceleration
    is wanted): (virtual game points, first round, last round, first and last start rank)."""

    class Stub:
        def __init__(self, tournament: dict[str, Any], rnd: int, params: dict[str, Any]) -> None:
            self.tournament, self.rnd = tournament, rnd
            self.crosstable = SimpleNamespace(competitors=[], level2score=[])

        def compute_pairing(self, checkonly: bool, report: int = 0) -> list[Any]:
            return []

    _, generator_class = _generator_classes()
    saved = sys.argv
    sys.argv = ["generator", "-p", str(players), "-N", str(rounds), "-m", "dutch", "-S", "0", "0", "0", "-a"]
    try:
        generator = generator_class({rank: {1} for rank in absent}, [])
        generator.read_command_line()
    finally:
        sys.argv = saved
    generator.method = {"dutch": Stub}
    generator.statistics.set_seed(players * 1000 + rounds)
    event = generator.gen_tournament(0)
    values = event["tournaments"][0]["accelerated"]["values"]
    return [
        (Fraction(value["gamePoints"]), value["firstRound"], value["lastRound"], value["firstCompetitor"],
         value["lastCompetitor"])
        for value in values
        if value["firstRound"] <= value["lastRound"]  # the generator writes an empty range as well
    ]  # fmt: skip


@settings(max_examples=60, deadline=None, database=None)
@given(
    st.integers(min_value=2, max_value=120),
    st.integers(min_value=1, max_value=15),
    st.sets(st.integers(min_value=1, max_value=120), max_size=6),
)
@example(players=3, rounds=1, absent={1})
@example(players=40, rounds=9, absent={1, 2, 7})
@example(players=9, rounds=11, absent=set())
def test_baku_acceleration_is_fide_tec_s_generator(players: int, rounds: int, absent: set[int]) -> None:
    """The records equal the generator's, whoever is absent in round 1: group A's range runs from start rank 1
    (a top player absent in round 1 stays in group A, as those absent inside the range do)."""
    absent = {rank for rank in absent if rank <= players}
    present = [rank for rank in range(1, players + 1) if rank not in absent]
    if len(present) < 2:
        return  # the generator's group A would outnumber the players present (an IndexError in gacrux)
    ours = [
        (record.points, record.first_round, record.last_round, record.first_player, record.last_player)
        for record in baku_acceleration(present, rounds)
    ]
    assert ours == generator_acceleration(players, rounds, absent)


def test_baku_acceleration_of_a_published_size() -> None:
    """40 players, 9 rounds: group A is 2 x ceil(40/4) = 20 players; one virtual point in rounds 1-3 (the first
    half, rounded up, of the accelerated rounds 1-5), half a point in rounds 4-5."""
    assert baku_acceleration(list(range(1, 41)), 9) == (
        AcceleratedRound(Fraction(1), 1, 3, 1, 20),
        AcceleratedRound(Fraction(1, 2), 4, 5, 1, 20),
    )
    assert Decimal("0.5") == Decimal(Fraction(1, 2).numerator) / Decimal(Fraction(1, 2).denominator)


@pytest.mark.parametrize("seed", range(20, 40))
def test_an_event_without_its_initial_colour_keeps_the_one_round_1_was_paired_with(seed: int) -> None:
    """A file that does not record the colour drawn for the top player (no 152, no XXC) still shows it in round
    1 as played, and FIDE TEC's reader takes it from there (the first game's lower start rank had it). Round 2
    of an event paired with Black for the top player, players 1 and 2 absent in round 1 (so that the colour
    drawn decides between two players without colours), read without the record: fidedesk pairs it as the
    engine does from the same text without 152."""
    players = 6 + seed % 5
    tournament = swiss(players, 3)
    tournament = dataclasses.replace(
        tournament, info=dataclasses.replace(tournament.info, initial_colour=InitialColour.BLACK)
    )
    absent = {rank: RoundEntry(1, None, None, ResultCode.ZERO_BYE) for rank in (1, 2)}
    tournament = with_entries(tournament, absent)
    tournament = with_results(apply_pairing(tournament, pair_round(tournament)), 1, random.Random(seed))
    text = "".join(line + "\n" for line in engine_text(tournament, 2).splitlines() if not line.startswith("152"))
    unrecorded = dataclasses.replace(tournament, info=dataclasses.replace(tournament.info, initial_colour=None))
    assert engine_pairs(pair_round(unrecorded, 2)) == bare_pairing(text, 2)


def spread(tournament: Tournament, factor: int) -> Tournament:
    """The tournament with every start rank multiplied by ``factor`` (opponents too): the same order of pairing
    numbers with gaps between them, as after players are removed (``core.editing.remove_player`` keeps the
    others' numbers)."""
    players = tuple(
        dataclasses.replace(
            p,
            start_rank=p.start_rank * factor,
            rounds=tuple(
                e if e.opponent is None else dataclasses.replace(e, opponent=e.opponent * factor) for e in p.rounds
            ),
        )
        for p in tournament.players
    )
    info = tournament.info
    forbidden = tuple(
        dataclasses.replace(group, players=tuple(rank * factor for rank in group.players)) for group in info.forbidden
    )
    acceleration = tuple(
        dataclasses.replace(a, first_player=a.first_player * factor, last_player=a.last_player * factor)
        for a in info.acceleration
    )
    return dataclasses.replace(
        tournament, players=players, info=dataclasses.replace(info, forbidden=forbidden, acceleration=acceleration)
    )


@pytest.mark.parametrize("seed", range(6))
def test_start_ranks_with_gaps_are_paired_by_their_order(seed: int) -> None:
    """Pairing numbers are an order (C.04.2): an event whose start ranks have gaps (players removed before
    round 1) is paired as the same event numbered 1 to n, which FIDE TEC's engine pairs from its TRF text."""
    players = 7 + seed
    tournament = swiss(players, 4)
    info = tournament.info
    forbidden = (ForbiddenPairs((1, 3), 1, None),)
    acceleration = baku_acceleration(list(range(1, players + 1)), 4) if seed % 2 else ()
    tournament = dataclasses.replace(
        tournament, info=dataclasses.replace(info, forbidden=forbidden, acceleration=acceleration)
    )
    draw = random.Random(seed)
    for round_ in (1, 2, 3):
        theirs = bare_pairing(engine_text(tournament, round_), round_)
        gapped = engine_pairs(pair_round(spread(tournament, 3), round_))
        assert gapped == [(white * 3, black * 3) for white, black in theirs]
        tournament = with_results(apply_pairing(tournament, pair_round(tournament, round_)), round_, draw)
