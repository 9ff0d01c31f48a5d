"""fidedesk's Swiss pairing against FIDE TEC's Dutch engine called bare and its checker, on 26 generated tournaments.

The tournaments (tests/data/pairing/generated.trf.gz) were generated once by gacrux's tournament generator,
which paired them with gacrux's Dutch engine: 7-80 players, 5-11 rounds, half- and zero-point byes,
pairing-allocated byes, forfeits, players who leave, late entries, the Baku acceleration, forbidden pairs,
White or Black for the top player in round 1 (make_generated.py says how). For every round, the bare engine
paired it once from the TRF text cut to what it was before the round (gacrux's own TRF reader, its command
line's ``-p -n r``), and its checker in check mode agreed with that round (generated_expected.json.gz).

Here fidedesk takes each tournament as its TRF reader reads it, takes out each round's pairing and the later
rounds (:func:`without_pairing`), pairs the round with :func:`pair_round`, and must give the bare engine's
boards, colours, board order, pairing-allocated bye and requested byes: the adapter loses nothing. Then a few
rounds are paired live by the bare engine, and the checker judges a few rounds as fidedesk paired them.
"""

from __future__ import annotations

import dataclasses
import functools
import gzip
import json
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest

from fidedesk.core.pairing.consistency import pairing_problems
from fidedesk.core.pairing.round import (
    ByeKind,
    Pairing,
    PairingSystem,
    apply_pairing,
    requested_byes,
    round_to_pair,
    without_pairing,
)
from fidedesk.core.pairing.setup import AcceleratedRound, ForbiddenPairs, InitialColour
from fidedesk.core.results import ResultCode
from fidedesk.core.tournament import Tournament
from fidedesk.engine.pairing import pair_round
from fidedesk.engine.tec_checker import bare_pairing, before_round, checker_agrees, with_round
from fidedesk.io.trf.document import parse_trf

from ..data.pairing.make_generated import (
    EXPECTED,
    OUTPUT,
    acceleration_records,
    forbidden_records,
    read_generated,
    read_pairs,
    rounds_of,
)

#: The rounds paired live by the bare engine, and judged live by the checker as fidedesk paired them:
#: (tournament, round), chosen for what they hold (see test_live_rounds_hold_what_they_are_chosen_for).
LIVE_BARE = [(1, 3), (19, 4)]
LIVE_CHECKER = [(0, 2), (12, 2), (21, 3)]


@functools.cache
def texts() -> tuple[str, ...]:
    return tuple(read_generated(OUTPUT))


@functools.cache
def expected() -> list[list[dict[str, Any]]]:
    with gzip.open(EXPECTED, "rt", encoding="utf-8") as source:
        tournaments: list[list[dict[str, Any]]] = json.load(source)["tournaments"]
    return tournaments


def fidedesk_event(text: str, name: str) -> Tournament:
    """The tournament as fidedesk's TRF reader reads it, with the 250 and 260 records as the event's
    acceleration and forbidden pairs where the reader does not keep them itself (yet)."""
    tournament = parse_trf(text, name).tournament
    info = tournament.info
    if not info.acceleration and acceleration_records(text):
        acceleration = tuple(
            AcceleratedRound(Fraction(points), first, last, low, high)
            for points, first, last, low, high in acceleration_records(text)
        )
        info = dataclasses.replace(info, acceleration=acceleration)
    if not info.forbidden and forbidden_records(text):
        forbidden = tuple(ForbiddenPairs(ranks, first, last) for first, last, ranks in forbidden_records(text))
        info = dataclasses.replace(info, forbidden=forbidden)
    return dataclasses.replace(tournament, info=info)


@functools.cache
def events() -> tuple[Tournament, ...]:
    return tuple(fidedesk_event(text, f"generated.trf.gz #{index}") for index, text in enumerate(texts()))


def before(tournament: Tournament, round_: int) -> Tournament:
    """The tournament as it stood before ``round_`` was paired: its pairing taken out, later rounds dropped
    (round ``round_``'s requested byes stay)."""
    unpaired = without_pairing(tournament, round_)
    players = tuple(
        dataclasses.replace(player, rounds=tuple(entry for entry in player.rounds if entry.round <= round_))
        for player in unpaired.players
    )
    return dataclasses.replace(unpaired, players=players)


@functools.cache
def paired(index: int, round_: int) -> Pairing:
    """fidedesk's pairing of round ``round_`` of tournament ``index`` from the tournament before it."""
    start = before(events()[index], round_)
    assert round_to_pair(start) == round_
    return pair_round(start)


def engine_pairs(pairing: Pairing) -> list[tuple[int, int]]:
    """A fidedesk pairing as the bare engine lists one: (White, Black) in board order, then (player, 0)
    for the pairing-allocated bye (gacrux puts it on the last board)."""
    boards = [(board.white, board.black) for board in pairing.boards]
    return boards + [(bye.player, 0) for bye in pairing.byes if bye.kind is ByeKind.PAIRING_ALLOCATED]


def applied_pairs(tournament: Tournament, round_: int) -> list[tuple[int, int]]:
    """Round ``round_`` as it stands in the tournament (after :func:`apply_pairing`): White and Black by board
    number, then the pairing-allocated bye."""
    games = sorted(
        (entry.board or 0, player.start_rank, entry.opponent)
        for player in tournament.players
        for entry in player.rounds
        if entry.round == round_ and entry.opponent is not None and entry.color == "w"
    )
    pab = [
        (player.start_rank, 0)
        for player in tournament.players
        for entry in player.rounds
        if entry.round == round_ and entry.result is ResultCode.PAIRING_BYE
    ]
    return [(white, black) for _, white, black in games] + pab


def test_the_tournaments_hold_what_the_test_is_for() -> None:
    tournaments = events()
    assert len(tournaments) == len(expected()) == 26
    assert {len(t.players) for t in tournaments} >= {7, 80}
    assert {rounds_of(text) for text in texts()} >= {5, 11}
    assert sum(len(rounds) for rounds in expected()) >= 190
    results = Counter(entry.result for t in tournaments for p in t.players for entry in p.rounds)
    for kind, least in [
        (ResultCode.HALF_BYE, 50),
        (ResultCode.ZERO_BYE, 50),
        (ResultCode.PAIRING_BYE, 50),
        (ResultCode.FORFEIT_WIN, 50),
    ]:
        assert results[kind] >= least, kind
    late = sum(
        1
        for t in tournaments
        for p in t.players
        if p.rounds and p.rounds[0].result is ResultCode.ZERO_BYE and any(e.opponent for e in p.rounds)
    )
    assert late >= 5  # absent in round 1, playing later
    assert sum(bool(t.info.acceleration) for t in tournaments) >= 8
    assert sum(bool(t.info.forbidden) for t in tournaments) >= 8
    assert {t.info.initial_colour for t in tournaments} == {InitialColour.WHITE, InitialColour.BLACK}
    # the bare engine paired every round as the generator had (its own engine), and the checker agreed
    assert all(round_["played"] and round_["checker"] for rounds in expected() for round_ in rounds)


def test_every_round_equals_the_bare_engine() -> None:
    differences = []
    count = 0
    for index, rounds in enumerate(expected()):
        for round_, theirs in enumerate(rounds, start=1):
            pairing = paired(index, round_)
            count += 1
            ours = engine_pairs(pairing)
            if ours != read_pairs(theirs["pairs"]) or pairing.system is not PairingSystem.DUTCH:
                differences.append(f"tournament {index}, round {round_}: fidedesk {ours}, engine {theirs['pairs']}")
    assert count == sum(len(rounds) for rounds in expected())
    assert differences == [], "\n".join(differences[:20])


def test_requested_byes_are_the_files_and_nobody_is_left_out() -> None:
    """Each round's byes: the pairing-allocated one from the engine, the requested ones as the TRF has them
    (H half-point, Z zero-point), and every player of the event in exactly one game or bye."""
    kinds = {ResultCode.HALF_BYE: ByeKind.HALF_POINT, ResultCode.ZERO_BYE: ByeKind.ZERO_POINT}
    for index, tournament in enumerate(events()):
        for round_ in range(1, rounds_of(texts()[index]) + 1):
            start = before(tournament, round_)
            pairing = paired(index, round_)
            requested = [bye for bye in pairing.byes if bye.kind is not ByeKind.PAIRING_ALLOCATED]
            in_file = [
                (player.start_rank, kinds[entry.result])
                for player in tournament.players
                for entry in player.rounds
                if entry.round == round_ and entry.result in kinds
            ]
            assert [(bye.player, bye.kind) for bye in requested] == in_file
            assert requested == list(requested_byes(start, round_))
            seen = Counter(rank for board in pairing.boards for rank in (board.white, board.black))
            seen.update(bye.player for bye in pairing.byes)
            assert seen == Counter(player.start_rank for player in tournament.players), (index, round_)
            after = apply_pairing(start, pairing)
            assert applied_pairs(after, round_) == engine_pairs(pairing)
            assert list(pairing_problems(after.players)) == []


def test_live_rounds_hold_what_they_are_chosen_for() -> None:
    for index, _ in LIVE_BARE + LIVE_CHECKER:
        assert index < len(texts())
    assert events()[1].info.acceleration and events()[1].info.forbidden and events()[19].info.forbidden
    assert any(bye.kind is ByeKind.HALF_POINT for bye in requested_byes(before(events()[12], 2), 2))


@pytest.mark.parametrize(("index", "round_"), LIVE_BARE)
def test_the_bare_engine_still_pairs_as_the_file_says(index: int, round_: int) -> None:
    """The expected file against the engine, live: gacrux's checker pairs the cut TRF text through its own reader."""
    text = before_round(texts()[index], round_)
    assert bare_pairing(text, round_) == read_pairs(expected()[index][round_ - 1]["pairs"])
    assert engine_pairs(paired(index, round_)) == bare_pairing(text, round_)


@pytest.mark.parametrize(("index", "round_"), LIVE_CHECKER)
def test_the_checker_agrees_with_rounds_fidedesk_paired(index: int, round_: int) -> None:
    """fidedesk pairs the round and enters it (apply_pairing); the round as entered, written into the TRF text
    cut before it, goes to gacrux's checker in check mode, which must find it paired by the rules. A round
    changed by hand (two Blacks swapped) must not pass."""
    after = apply_pairing(before(events()[index], round_), paired(index, round_))
    pairs = applied_pairs(after, round_)
    text = before_round(texts()[index], round_)
    assert checker_agrees(with_round(text, round_, pairs), round_)
    changed = list(pairs)
    (w1, b1), (w2, b2) = changed[0], changed[1]
    changed[0], changed[1] = (w1, b2), (w2, b1)
    assert not checker_agrees(with_round(text, round_, changed), round_)


def _changed(index: int, round_: int, **changes: Any) -> list[tuple[int, int]]:
    tournament = events()[index]
    tournament = dataclasses.replace(tournament, info=dataclasses.replace(tournament.info, **changes))
    return engine_pairs(pair_round(before(tournament, round_), round_))


@pytest.mark.parametrize(
    ("index", "round_", "change"),
    [
        (1, 2, {"forbidden": ()}),
        (7, 1, {"forbidden": ()}),
        (17, 1, {"forbidden": ()}),
        (9, 1, {"acceleration": ()}),
        (25, 2, {"acceleration": ()}),
        (3, 1, {"initial_colour": InitialColour.WHITE}),  # the file's is Black
        (4, 1, {"initial_colour": InitialColour.BLACK}),  # the file's is White
    ],
)
def test_what_the_adapter_hands_on_changes_the_pairing(index: int, round_: int, change: dict[str, Any]) -> None:
    """The rounds above would be paired otherwise without the event's forbidden pairs, without its
    acceleration, or with the other colour for the top player: so that fidedesk's equal pairing shows the
    adapter handed each of them to the engine."""
    for field, value in change.items():
        assert getattr(events()[index].info, field) not in (value, None)
    assert _changed(index, round_, **change) != read_pairs(expected()[index][round_ - 1]["pairs"])


def _through(tournament: Tournament, round_: int) -> Tournament:
    players = tuple(
        dataclasses.replace(p, rounds=tuple(e for e in p.rounds if e.round <= round_)) for p in tournament.players
    )
    return dataclasses.replace(tournament, players=players)


def _swap_blacks(tournament: Tournament, round_: int, first: tuple[int, int], second: tuple[int, int]) -> Tournament:
    """Round ``round_`` with the Black players of two boards exchanged, as an arbiter's hand would."""
    (w1, b1), (w2, b2) = first, second
    opponent = {w1: b2, b2: w1, w2: b1, b1: w2}
    players = tuple(
        dataclasses.replace(
            p,
            rounds=tuple(
                dataclasses.replace(e, opponent=opponent[p.start_rank])
                if e.round == round_ and p.start_rank in opponent
                else e
                for e in p.rounds
            ),
        )
        for p in tournament.players
    )
    return dataclasses.replace(tournament, players=players)


@pytest.mark.parametrize(("index", "round_"), LIVE_CHECKER)
def test_check_round_sets_a_round_against_fide_s_pairing_as_the_checker_does(index: int, round_: int) -> None:
    """fidedesk's check_round on the round as played (the engine's): every board agrees, as the checker says;
    with two Blacks exchanged by hand, exactly those two boards differ, each naming FIDE's opponent, and
    the checker finds the round wrong."""
    from fidedesk.engine.pairing import check_round

    tournament = _through(events()[index], round_)
    theirs = read_pairs(expected()[index][round_ - 1]["pairs"])
    fide, checks = check_round(tournament, round_)
    assert engine_pairs(fide) == theirs
    assert checks and all(check.agrees for check in checks)
    games = [pair for pair in theirs if pair[1] != 0]
    changed = _swap_blacks(tournament, round_, games[0], games[1])
    _, checks = check_round(changed, round_)
    differ = sorted((check.board.white, check.board.black, check.fide_opponent) for check in checks if not check.agrees)
    (w1, b1), (w2, b2) = games[0], games[1]
    assert differ == sorted([(w1, b2, b1), (w2, b1, b2)])
    text = before_round(texts()[index], round_)
    hand = [(w1, b2), (w2, b1), *theirs[2:]]
    assert not checker_agrees(with_round(text, round_, hand), round_)


def test_progress_is_reported_by_score_bracket_and_cancel_stops_the_engine() -> None:
    """The adapter's progress: (steps done, steps in all), STEPS to a score bracket, growing and never past the
    total, after the set-up's reports with no total; True stops the engine."""
    from fidedesk.engine.dutch import STEPS
    from fidedesk.engine.pairing import PairingCancelled

    start = before(events()[25], 5)
    reports: list[tuple[int, int]] = []

    def record(done: int, total: int, note: str = "") -> bool:
        reports.append((done, total))
        return False

    assert engine_pairs(pair_round(start, 5, progress=record)) == read_pairs(expected()[25][4]["pairs"])
    assert reports[0] == (0, 0)  # the set-up: no brackets known yet
    counted = [(done, total) for done, total in reports if total]
    assert len(counted) >= 2 and all(0 <= done < total for done, total in counted)
    assert [done for done, _ in counted] == sorted(done for done, _ in counted)
    assert {total for _, total in counted} == {counted[0][1]} and counted[0][1] % STEPS == 0
    assert {done for done, _ in counted} >= {0, STEPS}  # each bracket reported as it begins
    with pytest.raises(PairingCancelled):
        pair_round(start, 5, progress=lambda done, total, note="": done >= STEPS)
