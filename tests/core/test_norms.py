"""B.01 (2024)'s norm articles against their own text and figures (tests/data/norms/title-regulations-b01-2024.md,
a copy of the project's reference: [V] marks the handbook's words, [Q]/[P] Sharly Chess's quotes and reading)."""

from __future__ import annotations

import datetime as dt
import re
from fractions import Fraction
from pathlib import Path

import pytest

from fidedesk.core.norms.conditions import (
    Opponent,
    adjusted_ratings,
    federation_conditions,
    games_condition,
    opponents_average,
    performance_conditions,
    score_for_norm,
    titled_conditions,
)
from fidedesk.core.norms.rules import (
    B01_2024,
    EventType,
    NoNormRulesError,
    Title,
    UnknownNormRulesError,
    norm_rules,
)
from fidedesk.core.rating.tables import dp_for

TEXT = (Path(__file__).parents[1] / "data" / "norms" / "title-regulations-b01-2024.md").read_text(encoding="utf-8")
RULES = B01_2024


def opp(rating: int | None, title: str = "", federation: str = "GER", rank: int = 0) -> Opponent:
    return Opponent(rank, rating, title, federation)


@pytest.mark.parametrize("title", list(Title))
def test_performance_and_average_are_b01_0_5(title: Title) -> None:
    """0.5 [V]: "GM performance is ≥ 2600 performance against opponents with average rating ≥ 2380." ..."""
    found = re.search(rf"^> {title.value} performance is ≥ (\d+) performance against opponents with average "
                      rf"rating ≥ (\d+)\.", TEXT, re.MULTILINE)  # fmt: skip
    assert found is not None
    figures = RULES.of(title)
    assert (figures.performance, figures.minimum_average) == (int(found[1]), int(found[2]))


def test_floors_are_b01_1_4_6b() -> None:
    """1.4.6b [V]: "Grandmaster norm 2200 | International Master norm 2050 | Woman Grandmaster norm 2000 | ..."."""
    line = next(line for line in TEXT.splitlines() if "adjusted rating floor" in line)
    names = {"Grandmaster": Title.GM, "International Master": Title.IM,
             "Woman Grandmaster": Title.WGM, "Woman International Master": Title.WIM}  # fmt: skip
    floors = {names[name]: int(value) for name, value in re.findall(r"((?:Woman )?\w+ ?\w*) norm (\d+)", line)}
    assert floors == {title: RULES.of(title).floor for title in Title}


def test_dp_table_is_b01_1_4_9() -> None:
    """1.4.9 [V]: the 51 pairs from 1.0 -> 800 to .50 -> 0, and the negative for p < .50; the project's one table
    (core.rating.tables, 8.1.1) is the one norms use."""
    block = TEXT.split("## 1.4.9")[1].split("`")[1]
    pairs = re.findall(r"(1\.0|\.\d\d) (\d+)", block)
    assert len(pairs) == 51
    for p, value in pairs:
        hundredths = round(float(p) * 100)
        assert dp_for(hundredths) == int(value)
        assert dp_for(100 - hundredths) == -int(value)


def test_edition_by_date_and_name() -> None:
    assert norm_rules(None, dt.date(2024, 1, 1)) is B01_2024
    assert norm_rules("auto", dt.date(2026, 11, 28)) is B01_2024
    assert norm_rules("2024", None) is B01_2024
    assert norm_rules(None, None) is B01_2024  # no date: the newest


@pytest.mark.parametrize("choice", [None, "auto", "2024"])
def test_no_rules_before_2024(choice: str | None) -> None:
    """An event of 31 December 2023 is not judged by the 2024 text, even when 2024 is named (1.5.4 [P])."""
    with pytest.raises(NoNormRulesError, match="no title-norm rules before 1 January 2024 in fidedesk"):
        norm_rules(choice, dt.date(2023, 12, 31))


def test_unknown_edition() -> None:
    with pytest.raises(UnknownNormRulesError, match="2017"):
        norm_rules("2017", dt.date(2025, 1, 1))


def test_games_1_4_1() -> None:
    """1.4.1 [P]: a minimum of 9 games; 1.4.1b: 7 in the World and Continental Team Championships, 8 in the World
    Cup; 1.4.1c: in a 9-round event 8 games with a forfeit win or pairing-allocated bye count as 9."""
    normal = EventType.NORMAL
    assert games_condition(9, RULES, normal, 9, False).holds
    assert not games_condition(8, RULES, normal, 9, False).holds
    assert games_condition(7, RULES, EventType.TEAM_CHAMPIONSHIP, 9, False).holds
    assert not games_condition(6, RULES, EventType.TEAM_CHAMPIONSHIP, 7, False).holds
    assert games_condition(8, RULES, EventType.WORLD_CUP, 8, False).holds
    short = games_condition(8, RULES, normal, 9, True)
    assert short.holds and short.article == "1.4.1c"
    assert not games_condition(8, RULES, normal, 10, True).holds  # 1.4.1c is for 9-round events
    assert not games_condition(7, RULES, normal, 9, True).holds


def test_overscore_does_not_make_a_norm() -> None:
    """QC (qc.fide.com 2023/05/01, reference 1.4.1): "in case no norm is scored due to missing a round by a loss by
    forfeit, an overscore will not create a norm"; 1.4.1d's extra games only count once the norm stands."""
    assert not games_condition(8, RULES, EventType.NORMAL, 9, False, overscore=2).holds
    counted = games_condition(9, RULES, EventType.NORMAL, 9, False, overscore=2)
    assert counted.holds and "counting as 11" in counted.text


def test_more_than_13_rounds_count_as_13() -> None:
    """1.7 [V]: "Norms achieved in a tournament with more than 13 rounds count only as 13 games."""
    assert "counting as 13" in games_condition(15, RULES, EventType.NORMAL, 15, False).text


def test_federations_1_4_3_and_1_4_4_caps_for_9_games() -> None:
    """1.4.4 [Q]/[P]: at most 3/5 from the applicant's federation and 2/3 from one federation, rounded down: 5
    and 6 for 9 games; 1.4.3 [Q]: at least two federations other than the applicant's."""
    five_own = [opp(2400, federation="HUN")] * 5 + [opp(2400, federation="GER")] * 2 + [opp(2400, federation="AUT")] * 2
    assert all(c.holds for c in federation_conditions("HUN", five_own, RULES, None))
    six_own = [opp(2400, federation="HUN")] * 6 + [opp(2400, federation="GER")] * 2 + [opp(2400, federation="AUT")]
    assert [c.holds for c in federation_conditions("HUN", six_own, RULES, None)] == [True, False, True]
    seven_ger = [opp(2400, federation="GER")] * 7 + [opp(2400, federation="AUT")] * 2
    assert [c.holds for c in federation_conditions("HUN", seven_ger, RULES, None)] == [True, True, False]
    one_other = [opp(2400, federation="HUN")] * 3 + [opp(2400, federation="GER")] * 6
    assert not federation_conditions("HUN", one_other, RULES, None)[0].holds


def test_fid_is_not_a_federation() -> None:
    """1.4.2a [P] and the QC (2026): FID players are accepted but FID "is not considered a federation" for any mix
    rule: GER and FID opponents are one other federation, not two."""
    opponents = [opp(2400, federation=fed) for fed in ("HUN", "GER", "FID") for _ in range(3)]
    other = federation_conditions("HUN", opponents, RULES, None)[0]
    assert not other.holds and "1 federations other than HUN (GER)" in other.text


def test_exemption_waives_1_4_3_and_1_4_4() -> None:
    """1.4.3a-d [Q]/[P]: exempt events waive 1.4.3 and (QC's written confirmation) 1.4.4."""
    all_own = [opp(2400, federation="HUN")] * 9
    assert all(c.holds for c in federation_conditions("HUN", all_own, RULES, "1.4.3a"))


def test_titled_opponents_1_4_5() -> None:
    """1.4.5a [Q]: "At least 50% of the opponents shall be title-holders, excluding CM and WCM."; 1.4.5b-e [P]: at
    least 1/3 of them, minimum 3, with the norm's titles (GM; IM or GM; WGM, IM or GM; WIM, WGM, IM or GM)."""
    four_titled = [opp(2400, "FM")] * 4 + [opp(2400, "CM")] * 3 + [opp(2400, "WCM")] * 2
    assert not titled_conditions(four_titled, RULES.of(Title.IM), RULES)[0].holds  # 4 of 9 < 5 (rounded up)
    five = [opp(2400, "WFM")] * 5 + [opp(2400, "CM")] * 4
    assert titled_conditions(five, RULES.of(Title.IM), RULES)[0].holds
    mixed = [opp(2500, "GM"), opp(2450, "IM"), opp(2350, "WGM"), opp(2300, "WIM")] + [opp(2300, "FM")] * 5
    share = {title: titled_conditions(mixed, RULES.of(title), RULES)[1].holds for title in Title}
    assert share == {Title.GM: False, Title.IM: False, Title.WGM: True, Title.WIM: True}
    twelve = [opp(2500, "GM")] * 3 + [opp(2300, "FM")] * 9  # 1/3 of 12 is 4: 3 GMs are not enough
    assert not titled_conditions(twelve, RULES.of(Title.GM), RULES)[1].holds
    assert titled_conditions([opp(2500, "GM")] * 4 + [opp(2300, "FM")] * 8, RULES.of(Title.GM), RULES)[1].holds


def test_rating_floor_1_4_6() -> None:
    """1.4.6c [V]: "No more than one opponent shall have their rating raised ... the lowest rated opponent shall be
    raised."; 1.4.6d [V]: unrated opponents "shall be considered to be rated 1400"."""
    gm = RULES.of(Title.GM)
    assert adjusted_ratings([opp(2100), opp(2150), opp(2500)], gm, RULES) == [2200, 2150, 2500]
    assert adjusted_ratings([opp(None), opp(2150)], gm, RULES) == [2200, 2150]  # the unrated one is the lowest
    assert adjusted_ratings([opp(None), opp(None)], RULES.of(Title.WIM), RULES) == [1850, 1400]
    assert adjusted_ratings([opp(2300)], gm, RULES) == [2300]


def test_average_rounding_1_4_7() -> None:
    """1.4.7b [V]: "Rounding of the rating average is made to the nearest whole number. The fraction 0.5 is rounded
    upward." """
    assert opponents_average([2400, 2401]) == 2401  # 2400.5
    assert opponents_average([2400, 2400, 2401]) == 2400  # 2400.33
    assert opponents_average([2400, 2401, 2401]) == 2401  # 2400.67


def test_performance_level_average_and_35_percent_1_4_8() -> None:
    """1.4.8 [V]: Rp = Ra + dp, at least 2450 for an IM norm; a) Ra at least 2230; b) "The minimum score is 35%"."""
    im = RULES.of(Title.IM)
    ratings = [2442] * 9
    holds = [c.holds for c in performance_conditions(ratings, Fraction(5), im, RULES)]
    assert holds == [True, True, True]  # 5/9 = 56 %: 2442 + 43 = 2485
    assert not performance_conditions(ratings, Fraction(9, 2), im, RULES)[0].holds  # 50 %: 2442 < 2450
    # 1.4.8b: against 2650s, 3/9 (33 %) performs 2650 - 125 = 2525 >= 2450 but is under 35 %
    strong = performance_conditions([2650] * 9, Fraction(3), im, RULES)
    assert [c.holds for c in strong] == [True, True, False]
    assert score_for_norm([2650] * 9, im, RULES) == Fraction(7, 2)  # 3½/9 = 38.9 %
    low = performance_conditions([2200] * 9, Fraction(9), im, RULES)
    assert [c.article for c in low if not c.holds] == ["1.4.8a"]  # 2200 + 800 = 3000, but Ra under 2230


def test_double_round_robin_share_1_4_5f() -> None:
    """1.4.5f [P]: in a double round robin half of the opponents (rounded up) must hold the required titles."""
    ten = [opp(2500, "GM")] * 4 + [opp(2300, "FM")] * 6  # 4 of 10: enough for 1/3, not for half
    assert titled_conditions(ten, RULES.of(Title.GM), RULES)[1].holds
    assert not titled_conditions(ten, RULES.of(Title.GM), RULES, double_round_robin=True)[1].holds
    assert titled_conditions([opp(2500, "GM")] * 5 + [opp(2300, "FM")] * 5, RULES.of(Title.GM), RULES, True)[1].holds
