"""Every example of the reference library's worked-examples.md (E1-E6, not copied: each example's figures are
written out in its test, with its source), under the edition it names."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from fidedesk.core.rating.editions import get_edition
from fidedesk.core.rating.event import rate_tournament
from fidedesk.core.rating.initial import UnratedEvent, initial_rating
from fidedesk.core.rating.kfactor import KFactor, cap_k
from fidedesk.core.rating.rated import Game, game_calc, period_change, rate_event, single_game

from ..builders import crosstable_for_totals, rotate_cycle, round_robin

F = Fraction


def two(value: Fraction) -> Decimal:
    return round(Decimal(value.numerator) / Decimal(value.denominator), 2)


def test_e1_single_game_logistic() -> None:
    """E1 (seeds/002, seeds/003, edition elo): 2400 vs 2200, K 10: .760; +2.40 / -2.60 / -7.60."""
    elo = get_edition("elo")
    results = {F(1): Decimal("2.40"), F(1, 2): Decimal("-2.60"), F(0): Decimal("-7.60")}
    for score, change in results.items():
        game = single_game(elo, 2400, 2200, score, 10)
        assert round(Decimal(float(game.calc.expected)), 3) == Decimal("0.760")
        assert two(game.change) == change
    assert single_game(elo, 2400, 2200, F(1), 10).new_rating == 2402
    for diff, expected in ((100, "0.64"), (200, "0.76"), (400, "0.91"), (800, "0.99")):
        assert two(game_calc(elo, 2000 + diff, 2000, F(1)).expected) == Decimal(expected)


def test_e1_logistic_has_no_cap() -> None:
    """The plain Elo formula has no 400-point rule: 800 points gives .99, not .92."""
    assert game_calc(get_edition("elo"), 2800, 2000, F(1)).capped is False


def test_e2_initial_rating_pooled_2008() -> None:
    """E2 (seeds/001 8.34, fide-2008): 3 + 5 + 4 games, 6½/12 against 2184.17 -> 2184 + 15 = 2199."""
    events = [
        UnratedEvent(tuple(Game(2220, s) for s in (F(1), F(0), F(0))), "first"),
        UnratedEvent(tuple(Game(2150, s) for s in (F(1), F(1), F(1), F(0), F(0))), "second"),
        UnratedEvent(tuple(Game(2200, s) for s in (F(1), F(1), F(1, 2), F(0))), "third"),
    ]
    result = initial_rating(get_edition("fide-2008"), events)
    assert result.performance is not None
    assert result.performance.games == 12 and result.performance.score == F(13, 2)
    assert round(float(result.performance.ra), 2) == 2184.17
    assert result.value == 2199 and result.published


def test_e3_round_robin_with_unrated_players_2008() -> None:
    """E3 (seeds/001 8.58, fide-2008): Ra 2348; Ru 2423, 2393, 2144, 2006; rated players' We and changes."""
    ratings = [2600, 2500, None, 2400, None, 2150, 2300, None, None, 2300]
    totals = [F(t) for t in (8, 7, 7, 6, 6, 4, 3, 2, 1, 1)]
    tournament = round_robin(ratings, crosstable_for_totals(totals))
    rating = rate_tournament(tournament, get_edition("fide-2008"))
    method = rating.round_robin
    assert method is not None
    assert method.rar == 2375 and method.dpa == F(59, 2) and method.ra == 2348
    assert sorted(dp for _p, dp in method.rated_dp.values()) == [-351, -125, -43, 125, 220, 351]
    first = {rank: round(float(u.first.ru)) for rank, u in method.unrated.items()}
    assert first == {3: 2423, 5: 2393, 8: 2150, 9: 2032}
    assert {rank: u.rc for rank, u in method.unrated.items()} == {3: 2348, 5: 2348, 8: 2342, 9: 2322}
    assert dict(method.unrated[8].adjusted) == {1: 2550}
    assert dict(method.unrated[9].adjusted) == {1: 2432, 2: 2432}
    by_rank = {p.player.start_rank: p for p in rating.players}
    assert {r: by_rank[r].initial.value for r in (3, 5, 8, 9)} == {3: 2423, 5: 2393, 8: 2144, 9: 2006}  # type: ignore[union-attr]
    expected = {1: ("7.36", "12.8", 20), 2: ("6.48", "10.4", 20), 4: ("5.40", "12.0", 20),
                6: ("2.55", "43.5", 30), 7: ("4.21", "-36.3", 30), 10: ("4.21", "-96.3", 30)}  # fmt: skip
    for rank, (we, change, k) in expected.items():
        event = by_rank[rank].event
        assert event is not None and event.n == 9
        assert two(event.expected_total) == Decimal(we)
        assert event.k.value == k
        assert round(Decimal(float(event.k_chg)), 1) == Decimal(change)


def test_e3_any_crosstable_with_these_totals_gives_the_same_figures() -> None:
    """E3: the method depends on totals only; a different crosstable (reversed order of resolution) agrees."""
    ratings = [2600, 2500, None, 2400, None, 2150, 2300, None, None, 2300]
    totals = [F(t) for t in (8, 7, 7, 6, 6, 4, 3, 2, 1, 1)]
    scores = crosstable_for_totals(totals)
    other = rotate_cycle(scores)
    assert other != scores
    a = round_robin(ratings, scores)
    b = round_robin(ratings, other)
    ra = rate_tournament(a, get_edition("fide-2008"))
    rb = rate_tournament(b, get_edition("fide-2008"))
    assert [p.initial.value for p in ra.players if p.initial] == [2423, 2393, 2144, 2006]
    assert [p.initial.value for p in rb.players if p.initial] == [2423, 2393, 2144, 2006]


def test_e4_initial_rating_2024() -> None:
    """E4 (fide-2024, fide-2025): 3/5 against 1902, 1877, 1884, 2012, 1832 -> 1922; 5/5 against 1800 -> 2109."""
    for name in ("fide-2024", "fide-2025"):
        edition = get_edition(name)
        games = tuple(
            Game(r, s) for r, s in ((1902, F(1, 2)), (1877, F(1, 2)), (1884, F(1)), (2012, F(0)), (1832, F(1)))
        )
        result = initial_rating(edition, [UnratedEvent(games)])
        assert result.performance is not None
        assert result.performance.ra == F(13107, 7) and result.performance.p == 57 and result.performance.dp == 50
        assert result.value == 1922 and result.published
        wins = initial_rating(edition, [UnratedEvent(tuple(Game(1800, F(1)) for _ in range(5)))])
        assert wins.performance is not None and wins.performance.p == 86 and wins.performance.dp == 309
        assert wins.value == 2109


def test_e5_the_2650_exemption() -> None:
    """E5 (fide-2025): 2813 uses D = 413 (.93); 2400 is capped at -400 (.08); 4½/5 -> Σ -0.25, -2.50, -3."""
    edition = get_edition("fide-2025")
    assert game_calc(edition, 2813, 2400, F(1)).expected == F(93, 100)
    lower = game_calc(edition, 2400, 2813, F(0))
    assert lower.expected == F(8, 100) and lower.capped and lower.used_rating == 2800
    games = [Game(r, s) for r, s in ((1787, F(1)), (2025, F(1)), (2310, F(1)), (2400, F(1)), (2505, F(1, 2)))]
    event = rate_event(edition, 2813, games, KFactor(10, 10, "K 10"))
    assert event.chg == F(-1, 4) and event.k_chg == F(-5, 2)
    assert period_change([event]) == -3


def test_e5_the_exemption_is_not_in_fide_2024() -> None:
    assert game_calc(get_edition("fide-2024"), 2813, 2400, F(1)).expected == F(92, 100)


def test_e6_k_times_n_cap() -> None:
    """E6 (fide-2017 onward): K 20 x 39 -> 17; K 40 x 18 -> 38; K 40 x 17 stays 40."""
    for name in ("fide-2017", "fide-2022", "fide-2024", "fide-2025"):
        rules = get_edition(name).k
        assert cap_k(rules, 20, 39) == (17, "K 17: 39 games, 20 × 39 > 700")
        assert cap_k(rules, 40, 18)[0] == 38
        assert cap_k(rules, 40, 17) == (40, None)
    assert cap_k(get_edition("fide-2014").k, 20, 39) == (20, None)


def test_seed_002_tournament_example_corrected() -> None:
    """seeds/002 'Tournament Example' is wrong (+20.6); logistic gives +15.93, FIDE's table +16.0."""
    games = [Game(2100, F(1)), Game(2050, F(1, 2)), Game(1950, F(1)), Game(1900, F(0)), Game(1850, F(1))]
    table = rate_event(get_edition("fide-2025"), 2000, games, KFactor(20, 20, "K 20"))
    assert [calc.expected for calc in table.games] == [F(n, 100) for n in (36, 43, 57, 64, 70)]
    assert table.chg == F(4, 5) and table.k_chg == 16
    logistic = rate_event(get_edition("elo"), 2000, games, KFactor(20, 20, "K 20"))
    assert [round(float(c.expected), 4) for c in logistic.games] == [0.3599, 0.4285, 0.5715, 0.6401, 0.7034]
    assert two(logistic.k_chg) == Decimal("15.93")


def test_seed_002_performance_figures_corrected() -> None:
    """seeds/002 says 70 % -> +120 and 90 % -> +400; the dp table gives +149 and +366."""
    from fidedesk.core.rating.tables import dp_for

    assert dp_for(70) == 149 and dp_for(90) == 366 and dp_for(30) == -149
