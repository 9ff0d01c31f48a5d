"""The text forms of forbidden pairs and accelerated rounds (core.pairing.text), read and written back."""

from __future__ import annotations

from fractions import Fraction

import pytest

from fidedesk.core.pairing.setup import AcceleratedRound, ForbiddenPairs
from fidedesk.core.pairing.text import (
    AccelerationError,
    ForbiddenPairsError,
    acceleration_text,
    forbidden_text,
    parse_acceleration,
    parse_forbidden,
)
from fidedesk.core.values import InvalidValueError

GROUPS = (ForbiddenPairs((1, 2)), ForbiddenPairs((5, 7, 9), 1, 3), ForbiddenPairs((2, 8), 3))


def test_forbidden_pairs_are_written_and_read_back() -> None:
    assert forbidden_text(GROUPS) == "1 2; 5 7 9 rounds 1-3; 2 8 rounds 3-"
    assert parse_forbidden(forbidden_text(GROUPS)) == GROUPS
    assert forbidden_text(()) == "" and parse_forbidden("  ") == () and parse_forbidden(" ; ") == ()


def test_forbidden_pairs_are_read_as_people_type_them() -> None:
    assert parse_forbidden("1, 2 ;3 4 5 Round 2 - ") == (ForbiddenPairs((1, 2)), ForbiddenPairs((3, 4, 5), 2))


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("1 2 rounds x", '"1 2 rounds x" is not a group of forbidden pairs (start ranks, then their rounds: 1 2;'),
        ("a b", "is not a group of forbidden pairs"),
        ("1", '"1": forbidden pairs name two players or more, each once'),
        ("1 1", "each once"),
        ("1 2 rounds 3-2", "not a range of rounds"),
        ("1 2 rounds 0-2", '"1 2 rounds 0-2": rounds are 1–99'),
        ("1 2 rounds 1-100", "rounds are 1–99"),
        ("1 " + "9" * 50, "is not a group of forbidden pairs"),
    ],
)
def test_bad_forbidden_pairs_say_why(text: str, reason: str) -> None:
    with pytest.raises(ForbiddenPairsError) as caught:
        parse_forbidden(f"3 4; {text}")
    assert reason in str(caught.value) and isinstance(caught.value, InvalidValueError)


def test_accelerated_rounds_are_written_and_read_back() -> None:
    records = (AcceleratedRound(Fraction(1), 1, 2, 1, 10), AcceleratedRound(Fraction(1, 2), 3, 4, 1, 10))
    assert acceleration_text(records) == "1 rounds 1-2 players 1-10; 0.5 rounds 3-4 players 1-10"
    assert parse_acceleration(acceleration_text(records)) == records
    assert parse_acceleration("1½ rounds 1-2 players 1-4") == (AcceleratedRound(Fraction(3, 2), 1, 2, 1, 4),)
    assert acceleration_text(()) == "" and parse_acceleration("") == ()


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("1 rounds 1-2", "is not an accelerated round (points, rounds and start ranks"),
        ("1 rounds 3-2 players 1-4", "a range of rounds"),
        ("1 rounds 1-100 players 1-4", "rounds are 1–99"),
    ],
)
def test_bad_accelerated_rounds_say_why(text: str, reason: str) -> None:
    with pytest.raises(AccelerationError) as caught:
        parse_acceleration(text)
    assert reason in str(caught.value)
