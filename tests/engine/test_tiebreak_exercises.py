"""FIDE's published tie-break exercises (IA Mario Held, *Exercises in Tie-Breaking*, C.07-2023), in both editions.

The crosstables and answers are data (tests/data/tiebreaks/, SOURCES.md says from where): exercises
1-33 under the 2024 text and the eight whose answers the 2026 text (article 16.4) changes. Each is
checked twice: FIDE TEC's engine through fidedesk's adapter gives the answers (which proves the
adapter and the transcription), and fidedesk's own core gives them.
"""

from __future__ import annotations

import dataclasses
import functools
import json
from fractions import Fraction
from typing import Any

import pytest

from fidedesk.core.tiebreaks.calculate import TieBreakRules, TieBreakValue, parse_tiebreak, tiebreak_values
from fidedesk.core.tiebreaks.standings import standings
from fidedesk.core.tournament import System, Tournament
from fidedesk.engine.gacrux_json import gacrux_tiebreaks
from fidedesk.io.trf.document import read_trf

from ..conftest import DATA

TIEBREAKS = DATA / "tiebreaks"
EXERCISES: dict[str, Any] = json.loads((TIEBREAKS / "held_exercises.json").read_text(encoding="utf-8"))
RULES = {rules.code: rules for rules in TieBreakRules}
CASES = [
    pytest.param(case, id=f"exercise-{case['exercise']:02d}-{case['code']}-{case['edition']}")
    for case in EXERCISES["exercises"]
]


@functools.cache
def crosstable(name: str) -> Tournament:
    """An exercise's crosstable; the round robin's file does not say it is one (no 092), the paper does."""
    tournament = read_trf(TIEBREAKS / name).tournament
    if name in EXERCISES["round_robins"]:
        tournament = dataclasses.replace(
            tournament, info=dataclasses.replace(tournament.info, system=System.ROUND_ROBIN)
        )
    return tournament


def expected(case: dict[str, Any]) -> dict[int, TieBreakValue]:
    if "places" in case:
        return {int(rank): place for rank, place in case["places"].items()}
    return {int(rank): None if value is None else Fraction(value) for rank, value in case["values"].items()}


def test_the_data_holds_every_exercise() -> None:
    numbers = {case["exercise"] for case in EXERCISES["exercises"] if case["edition"] == "2024"}
    changed = {case["exercise"] for case in EXERCISES["exercises"] if case["edition"] == "2026"}
    assert numbers == set(range(1, 34))
    assert changed == {3, 4, 5, 9, 10, 11, 12, 13}


@pytest.mark.parametrize("case", CASES)
def test_fide_tec_engine_through_the_adapter(case: dict[str, Any]) -> None:
    tournament, rules = crosstable(case["file"]), RULES[case["edition"]]
    result = gacrux_tiebreaks(tournament, [case["code"]], rules)
    want = expected(case)
    if "places" in case:
        got: dict[int, TieBreakValue] = {rank: result.ranks[rank] for rank in want}
    else:
        got = {rank: result.values[rank][0] for rank in want}
    assert got == want


@pytest.mark.parametrize("case", CASES)
def test_fidedesk_core(case: dict[str, Any]) -> None:
    tournament, rules = crosstable(case["file"]), RULES[case["edition"]]
    tiebreak = parse_tiebreak(case["code"])
    want = expected(case)
    if "places" in case:
        places = {row.player.start_rank: row.rank for row in standings(tournament, [tiebreak], rules)}
        got: dict[int, TieBreakValue] = {rank: places[rank] for rank in want}
    else:
        values = tiebreak_values(tournament, [tiebreak], rules)[0]
        got = {rank: values[rank] for rank in want}
    assert got == want
