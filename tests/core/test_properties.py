"""Hypothesis properties of the rating rules: zero sum, monotonicity, bounds."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from fidedesk.core.rating.editions import EDITIONS, get_edition
from fidedesk.core.rating.initial import UnratedEvent, initial_rating
from fidedesk.core.rating.performance import performance_rating
from fidedesk.core.rating.rated import Game, game_calc
from fidedesk.core.rating.tables import round_half_away

ratings = st.integers(min_value=1000, max_value=2649)
scores = st.sampled_from([Fraction(0), Fraction(1, 2), Fraction(1)])
table_editions = st.sampled_from([name for name, e in EDITIONS.items() if e.is_fide])


@given(ratings, ratings, scores, st.sampled_from(["fide-2017", "fide-2022", "fide-2024", "fide-2025", "elo"]))
def test_zero_sum_between_equal_k(a: int, b: int, score: Fraction, name: str) -> None:
    """With equal K and the cap applied to both sides alike, what one gains the other loses (8.1.2 H + L = 1)."""
    edition = get_edition(name)
    first = game_calc(edition, a, b, score)
    second = game_calc(edition, b, a, 1 - score)
    assert first.chg + second.chg == 0


@given(st.integers(min_value=2650, max_value=2900), st.integers(min_value=1000, max_value=2240), scores)
def test_the_2650_exemption_breaks_zero_sum_only_in_the_top_players_favour(a: int, b: int, score: Fraction) -> None:
    """fide-2025: the 2650+ player's PD is at least the capped one, so the sum of changes is <= 0."""
    edition = get_edition("fide-2025")
    assert game_calc(edition, a, b, score).chg + game_calc(edition, b, a, 1 - score).chg <= 0


@given(ratings, ratings, table_editions)
def test_change_rises_with_the_score(a: int, b: int, name: str) -> None:
    edition = get_edition(name)
    changes = [game_calc(edition, a, b, s).chg for s in (Fraction(0), Fraction(1, 2), Fraction(1))]
    assert changes[0] < changes[1] < changes[2]


@given(ratings, ratings, scores, table_editions)
def test_a_stronger_opponent_never_costs_more(a: int, b: int, score: Fraction, name: str) -> None:
    edition = get_edition(name)
    assert game_calc(edition, a, b, score).chg <= game_calc(edition, a, b + 1, score).chg


@given(ratings, ratings, table_editions)
def test_expected_score_is_a_probability_in_hundredths(a: int, b: int, name: str) -> None:
    expected = game_calc(get_edition(name), a, b, Fraction(0)).expected
    assert 0 <= expected <= 1 and (expected * 100).denominator == 1


@given(st.lists(ratings, min_size=5, max_size=12), st.data())
def test_initial_rating_rises_with_the_score(opponents: list[int], data: st.DataObject) -> None:
    """2024 8.2: one more half point never lowers the initial rating."""
    results = data.draw(st.lists(scores, min_size=len(opponents), max_size=len(opponents)))
    lower = [i for i, s in enumerate(results) if s < 1]
    if not lower:
        return
    better = list(results)
    better[lower[0]] += Fraction(1, 2)
    edition = get_edition("fide-2025")

    def value(res: list[Fraction]) -> int:
        rating = initial_rating(edition, [UnratedEvent(tuple(map(Game, opponents, res)))]).value
        assert rating is not None
        return rating

    if sum(results) > 0:
        assert value(results) <= value(better) <= 2200


@given(st.lists(ratings, min_size=1, max_size=12), st.data())
def test_performance_rises_with_the_score(opponents: list[int], data: st.DataObject) -> None:
    total = data.draw(st.integers(min_value=0, max_value=2 * len(opponents) - 1))
    assert performance_rating(opponents, Fraction(total, 2)) < performance_rating(opponents, Fraction(total + 1, 2))


@given(st.fractions(min_value=-1000, max_value=1000))
def test_period_rounding_is_nearest_and_symmetric(value: Fraction) -> None:
    rounded = round_half_away(value)
    assert abs(rounded - value) <= Fraction(1, 2)
    assert round_half_away(-value) == -rounded
