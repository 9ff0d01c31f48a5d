"""Edition rules that the worked examples do not reach: K, caps, unrated players, GA '94's method."""

from __future__ import annotations

import datetime as dt
from fractions import Fraction

import pytest

from fidedesk.core.rating.editions import EDITIONS, UnknownEditionError, edition_for_date, get_edition
from fidedesk.core.rating.event import rate_tournament
from fidedesk.core.rating.initial import UnratedEvent, initial_rating
from fidedesk.core.rating.kfactor import KFactor, k_factor
from fidedesk.core.rating.rated import Game, rate_event
from fidedesk.core.tournament import BirthDate, PlayerRecord, RatingKind, System

from ..builders import round_robin

F = Fraction
K10 = KFactor(10, 10, "K 10")


# --- editions ------------------------------------------------------------------------------------


def test_auto_picks_the_edition_in_force_on_the_start_date() -> None:
    cases = {
        dt.date(2025, 10, 1): "fide-2025", dt.date(2025, 9, 30): "fide-2024", dt.date(2024, 3, 1): "fide-2024",
        dt.date(2024, 2, 29): "fide-2022", dt.date(2022, 1, 1): "fide-2022", dt.date(2021, 12, 31): "fide-2017",
        dt.date(2017, 7, 1): "fide-2017", dt.date(2016, 1, 1): "fide-2014", dt.date(2010, 9, 24): "fide-2008",
        dt.date(2005, 7, 28): "fide-1994",
    }  # fmt: skip
    for day, name in cases.items():
        assert edition_for_date(day).name == name
        assert get_edition("auto", day).name == name
    with pytest.raises(UnknownEditionError, match="before 1994"):
        edition_for_date(dt.date(1990, 1, 1))
    with pytest.raises(UnknownEditionError, match="start date"):
        get_edition("auto")


def test_unknown_edition_names_the_known_ones() -> None:
    with pytest.raises(UnknownEditionError, match=r"fide-2025.*elo"):
        get_edition("fide-2099")
    assert get_edition(" FIDE-2025 ").name == "fide-2025"


def test_every_edition_cites_its_sources() -> None:
    for edition in EDITIONS.values():
        assert edition.sources and edition.title


# --- K factor (8.3.3) ----------------------------------------------------------------------------


def test_k_precedence_2025() -> None:
    rules = get_edition("fide-2025").k
    on = dt.date(2026, 3, 1)
    assert k_factor(rules, rating=2300, record=PlayerRecord(ever_2400=True)).value == 10
    assert k_factor(rules, rating=2250, birth=BirthDate(2008), on=on).value == 40  # 18 this year
    assert k_factor(rules, rating=2250, birth=BirthDate(2007), on=on).value == 20  # 19 this year
    assert k_factor(rules, rating=2310, birth=BirthDate(2010), on=on).value == 20  # junior, but 2300+
    assert k_factor(rules, rating=1800, record=PlayerRecord(games=29)).value == 40
    assert k_factor(rules, rating=1800, record=PlayerRecord(games=30)).value == 20
    unknown = k_factor(rules, rating=1800)
    assert unknown.value == 20 and "games unknown" in unknown.reason


def test_k_junior_until_18th_birthday_2014() -> None:
    """2014 8.56: K 40 until the 18th birthday (not the end of that year)."""
    rules = get_edition("fide-2014").k
    born = BirthDate(1998, 6, 15)
    assert k_factor(rules, rating=2000, birth=born, on=dt.date(2016, 6, 14)).value == 40
    assert k_factor(rules, rating=2000, birth=born, on=dt.date(2016, 6, 15)).value == 20
    assert k_factor(rules, rating=2000, birth=BirthDate(1998), on=dt.date(2015, 1, 1)).value == 40


def test_k_old_editions() -> None:
    """GA '94: K 10 needs 2400 and 30 games; 2008 text: K 30 below 2400, 20 once 2400 was reached."""
    old = get_edition("fide-1994").k
    assert k_factor(old, rating=2450, record=PlayerRecord(games=12)).value == 25
    assert k_factor(old, rating=2450, record=PlayerRecord(games=40)).value == 10
    assert k_factor(old, rating=2200, record=PlayerRecord(games=40)).value == 15
    text = get_edition("fide-2008").k
    assert k_factor(text, rating=2399).value == 30
    assert k_factor(text, rating=2350, record=PlayerRecord(ever_2400=True)).value == 20


def test_k_rapid_blitz_history() -> None:
    """Rapid/blitz: K 20 for all with n x K < 700 before 1 Oct 2022; the standard rules after."""
    e2022 = get_edition("fide-2022")
    flat = e2022.k_rules(False, dt.date(2022, 9, 30))
    assert k_factor(flat, rating=2500, games_in_period=35).value == 19  # 20 x 35 = 700 is not < 700
    assert k_factor(flat, rating=2500, games_in_period=34).value == 20
    assert k_factor(e2022.k_rules(False, dt.date(2022, 10, 1)), rating=2500).value == 10
    assert k_factor(get_edition("fide-2025").k_rules(False, None), rating=2500, games_in_period=71).value == 9


def test_k_given_by_hand_still_meets_the_700_cap() -> None:
    assert k_factor(get_edition("fide-2025").k, rating=1500, record=PlayerRecord(k=40), games_in_period=20).value == 35


# --- the point cap -------------------------------------------------------------------------------


def test_2022_one_upgrade_per_tournament() -> None:
    """2022 8.3.1: the higher-rated player keeps the 400-point upgrade only for the greatest difference."""
    games = [Game(1900, F(1)), Game(1800, F(1)), Game(1950, F(1))]
    event = rate_event(get_edition("fide-2022"), 2400, games, K10)
    assert [g.capped for g in event.games] == [False, True, False]
    assert [g.expected for g in event.games] == [F(96, 100), F(92, 100), F(94, 100)]  # D 500, capped 400, D 450
    # every game capped under 2017 and 2024
    for name in ("fide-2017", "fide-2024"):
        assert all(g.capped for g in rate_event(get_edition(name), 2400, games, K10).games)
    # the lower-rated player is always capped: there is nothing to benefit from
    lower = rate_event(get_edition("fide-2022"), 1800, [Game(2400, F(0)), Game(2300, F(0))], K10)
    assert [g.capped for g in lower.games] == [True, True]


def test_2650_exemption_is_standard_only() -> None:
    """8.3.1 (1 Oct 2025) exempts 2650+ in standard; R&B 7.3.1 keeps the cap for everyone."""
    e = get_edition("fide-2025")
    assert rate_event(e, 2700, [Game(2200, F(1))], K10).games[0].expected == F(96, 100)
    blitz = rate_event(e, 2700, [Game(2200, F(1))], K10, kind=RatingKind.BLITZ)
    assert blitz.games[0].expected == F(92, 100)


def test_350_point_rule_of_1994_averages_clipped_ratings() -> None:
    """GA '94 10.51-10.54: opponents clipped to R +/- 350, Rc averaged, We = n x PD(R - Rc)."""
    games = [Game(2000, F(1)), Game(2100, F(1, 2)), Game(2650, F(0))]
    event = rate_event(get_edition("fide-1994"), 2200, games, KFactor(15, 15, "K 15"))
    assert event.rc == 2217  # (2000 + 2100 + 2550) / 3 = 2216.67
    assert event.expected_total == F(144, 100)  # 3 x .48 (D = -17)
    assert event.k_chg == F(9, 10)


# --- unrated players -----------------------------------------------------------------------------


def test_2024_zero_in_the_first_event_is_disregarded() -> None:
    """8.2.1: a zero score in the first event is disregarded; later zeros count."""
    zero = UnratedEvent(tuple(Game(1900, F(0)) for _ in range(3)), "Open A")
    good = UnratedEvent(tuple(Game(1800, F(1, 2)) for _ in range(5)), "Open B")
    result = initial_rating(get_edition("fide-2025"), [zero, good])
    assert result.performance is not None and result.performance.games == 5
    assert result.disregarded == ("Open A: zero score in the first event is disregarded (FIDE 8.2.1)",)
    pooled = initial_rating(get_edition("fide-2025"), [good, zero])
    assert pooled.performance is not None and pooled.performance.games == 8


def test_2024_publication_needs_five_games_and_1400() -> None:
    few = initial_rating(get_edition("fide-2025"), [UnratedEvent(tuple(Game(1800, F(1)) for _ in range(4)))])
    assert few.value is not None and not few.published and "fewer than 5" in few.reason
    low = initial_rating(
        get_edition("fide-2025"), [UnratedEvent((*tuple(Game(1000, F(0)) for _ in range(5)), Game(1000, F(1))))]
    )
    assert low.value is not None and low.value < 1400 and not low.published and "1400" in low.reason


def test_2008_needs_three_rated_opponents_and_half_a_point() -> None:
    e = get_edition("fide-2008")
    two_games = UnratedEvent((Game(2000, F(1)), Game(2000, F(1))), "short")
    zero = UnratedEvent(tuple(Game(2000, F(0)) for _ in range(4)), "zero")
    result = initial_rating(e, [UnratedEvent(tuple(Game(2000, F(1, 2)) for _ in range(9))), two_games, zero])
    assert len(result.disregarded) == 2 and result.performance is not None and result.performance.games == 9


def test_1994_weighted_average_of_ru() -> None:
    """GA '94 10.3: Ru 2280 over 5 games, 2400 over 10, 2000 over 5 -> 2270."""
    result = initial_rating(
        get_edition("fide-1994"),
        [
            UnratedEvent(tuple(Game(2280, F(1, 2)) for _ in range(5))),
            UnratedEvent(tuple(Game(2400, F(1, 2)) for _ in range(10))),
            UnratedEvent(tuple(Game(2000, F(1, 2)) for _ in range(5))),
        ],
    )
    assert result.value == 2270 and result.published


def test_1994_first_performance_below_1801_is_ignored() -> None:
    weak = UnratedEvent(tuple(Game(1700, F(1, 2)) for _ in range(5)), "weak")
    strong = UnratedEvent(tuple(Game(2000, F(1, 2)) for _ in range(9)), "strong")
    result = initial_rating(get_edition("fide-1994"), [weak, strong])
    assert result.value == 2000 and "below the floor" in result.disregarded[0]


# --- events --------------------------------------------------------------------------------------


def test_swiss_2024_ignores_games_against_unrated_opponents() -> None:
    scores = [[None, F(1), F(1)], [F(0), None, F(1, 2)], [F(0), F(1, 2), None]]
    event = rate_tournament(round_robin([2000, None, 1900], scores, system=System.SWISS), get_edition("fide-2025"))
    first = event.players[0]
    assert first.event is not None and first.event.n == 1
    assert "opponent unrated" in first.not_rated[0].reason


def test_round_robin_composition_rule_2008() -> None:
    """2008 6.31: fewer than 10 players need 4 rated; otherwise unrated players get nothing here."""
    ratings = [2200, 2100, None, None]
    scores = [[None, F(1), F(1), F(1)], [F(0), None, F(1), F(1)], [F(0), F(0), None, F(1)], [F(0), F(0), F(0), None]]
    event = rate_tournament(round_robin(ratings, scores), get_edition("fide-2008"))
    assert event.round_robin is None and any("6.31" in w for w in event.warnings)


def test_elo_byes_option() -> None:
    """seeds/002 option: a full-point bye is a win against R - 400; plain elo leaves it out."""
    from fidedesk.core.results import ResultCode
    from fidedesk.core.tournament import EventInfo, Player, RoundEntry, Tournament

    player = Player(1, "A", 2000, rounds=(RoundEntry(1, None, None, ResultCode.FULL_BYE),))
    tournament = Tournament(EventInfo(), (player,))
    with_byes = rate_tournament(tournament, get_edition("elo-byes"), k=20).players[0]
    assert with_byes.event is not None and with_byes.event.n == 1 and with_byes.event.games[0].opponent_rating == 1600
    plain = rate_tournament(tournament, get_edition("elo"), k=20).players[0]
    assert plain.event is not None and plain.event.n == 0 and plain.not_rated


def test_rapid_unrated_player_uses_the_standard_rating() -> None:
    """R&B 7.2.1 (2024): unrated in rapid but rated 1900 in standard -> rated as 1900, K by the usual rules."""
    scores = [[None, F(1)], [F(0), None]]
    records = [PlayerRecord(standard_rating=1900), PlayerRecord()]
    rapid = round_robin([None, 1800], scores, kind=RatingKind.RAPID, records=records)
    result = rate_tournament(rapid, get_edition("fide-2025"))
    first = result.players[0]
    assert first.event is not None and first.player.rating == 1900 and first.initial is None
    assert first.event.games[0].expected == F(64, 100)
    assert any("R&B 7.2.1" in warning for warning in result.warnings)
    # the standard event itself ignores it: the player stays unrated there
    standard = round_robin([None, 1800], scores, records=records)
    assert rate_tournament(standard, get_edition("fide-2025")).players[0].event is None


def test_rating_period_uses_one_k_for_all_its_games() -> None:
    """F-P05 (2026-10): K 20 on the list, 39 games in five events -> K 17; +92.48 -> +92 (8.3.3, 8.3.4)."""
    from fidedesk.core.rating.rated import rate_period

    from ..conftest import load_vector

    case = next(c for c in load_vector("fide_published_calculations.json")["cases"] if c["id"] == "F-P05")
    events = [[Game(opp, F(str(score))) for opp, _c, score, _chg, _kc in e["games"]] for e in case["events"]]
    period = rate_period(get_edition("fide-2025"), 2054, events, record=PlayerRecord(k=20))
    assert period.k.value == 17 and period.n == 39
    assert period.k_chg == F("92.48") and period.change == 92 and period.new_rating == 2146


def test_rating_period_leaves_out_rapid_games_of_600_points() -> None:
    """R&B 7.3.1 in a period: 2650 vs 2000 in blitz is not rated; K x n counts the rated games only."""
    from fidedesk.core.rating.rated import rate_period

    games = [Game(2000, F(1)), Game(2600, F(1, 2))]
    period = rate_period(get_edition("fide-2025"), 2650, [games], kind=RatingKind.BLITZ, k=10)
    assert period.n == 1 and period.not_rated[0][:2] == (0, 0) and "7.3.1" in period.not_rated[0][2]
    standard = rate_period(get_edition("fide-2025"), 2650, [games], k=10)
    assert standard.n == 2 and not standard.not_rated


def test_pending_results_are_not_rated_and_not_trf() -> None:
    """A pairing without its result ('?') counts nowhere; TRF writes it as '?' (TRF-2026, FIDE TEC's reader)."""
    from fidedesk.core.results import ResultCode
    from fidedesk.core.tournament import EventInfo, Player, RoundEntry, Tournament
    from fidedesk.io.native.fidedesk_file import dumps, loads
    from fidedesk.io.trf.document import tournament_to_trf

    pending = ResultCode.PENDING
    a = Player(1, "A", 2000, rounds=(RoundEntry(1, 2, "w", pending),))
    b = Player(2, "B", 1900, rounds=(RoundEntry(1, 1, "b", pending),))
    tournament = Tournament(EventInfo(), (a, b))
    result = rate_tournament(tournament, get_edition("fide-2025")).players[0]
    assert result.event is not None and result.event.n == 0
    assert result.not_rated[0].reason == "result not entered yet"
    assert loads(dumps(tournament)) == tournament
    from fidedesk.io.trf.document import parse_trf

    assert parse_trf(tournament_to_trf(tournament)).tournament.players == tournament.players
    with pytest.raises(ValueError):
        ResultCode.from_code("?")
