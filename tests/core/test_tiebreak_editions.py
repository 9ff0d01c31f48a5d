"""C.07's two editions: which one applies, the codes that name tie-breaks, and what 16.4 of 2026 changes.

The values below are worked by hand from the articles, in the comments beside them.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from fractions import Fraction

import pytest

from fidedesk.core.tiebreaks.calculate import direct_encounter, tiebreak_values
from fidedesk.core.tiebreaks.codes import (
    KNOWN_TIEBREAKS,
    Kind,
    RepeatedTieBreak,
    TieBreak,
    TieBreakRules,
    UnknownTieBreak,
    UnknownTieBreakRules,
    default_tiebreaks,
    parse_tiebreak,
    parse_tiebreaks,
    repeated,
    rules_for_date,
    tiebreak_codes,
    tiebreak_rules,
)
from fidedesk.core.tiebreaks.standings import standings
from fidedesk.core.tournament import EventInfo, System

from .test_tiebreaks import event

F = Fraction
R2024, R2026 = TieBreakRules.C07_2024, TieBreakRules.C07_2026
BH, C1, SB = TieBreak.BUCHHOLZ, TieBreak.BUCHHOLZ_CUT1, TieBreak.SONNEBORN_BERGER


@pytest.mark.parametrize(
    ("start", "expected"),
    [
        (dt.date(2026, 2, 28), R2024),  # the last day before the 2026 text
        (dt.date(2026, 3, 1), R2026),  # in force from 1 March 2026
        (dt.date(2026, 11, 24), R2026),
        (dt.date(2024, 8, 1), R2024),
        (dt.date(2019, 5, 1), R2024),  # before any edition fidedesk has: the oldest it has
        (None, R2026),  # no date: the rules in force today, the newest
    ],
)
def test_auto_picks_the_edition_in_force_on_the_first_day(start: dt.date | None, expected: TieBreakRules) -> None:
    assert rules_for_date(start) is expected
    assert tiebreak_rules("auto", start) is expected
    assert tiebreak_rules(None, start) is expected
    assert EventInfo(start=start).rules_in_use is expected


def test_a_named_edition_wins_over_the_date() -> None:
    assert tiebreak_rules("2024", dt.date(2026, 6, 1)) is R2024
    assert tiebreak_rules(" 2026 ", dt.date(2025, 6, 1)) is R2026
    assert EventInfo(start=dt.date(2026, 6, 1), tiebreak_rules=R2024).rules_in_use is R2024
    with pytest.raises(UnknownTieBreakRules, match="auto, 2024, 2026"):
        tiebreak_rules("2023", None)


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("BH-C1", "BH-C1"),
        ("bh/c1", "BH-C1"),
        ("BH/M1", "BH-M1"),
        ("sb-c1", "SB-C1"),
        ("ARO/C1", "ARO-C1"),
        ("KS/L60", "KS-L60"),
        ("KS-L50", "KS"),  # 50 % is Koya's own limit
        ("REP", "GE"),  # "rounds one elected to play", FIDE TEC's other name for GE
        (" ps/c1 ", "PS-C1"),
        ("FB", "FB"),
    ],
)
def test_codes_are_read_as_people_and_files_write_them(text: str, code: str) -> None:
    assert parse_tiebreak(text).code == code
    assert parse_tiebreak(code) == parse_tiebreak(text)


@pytest.mark.parametrize("text", ["XYZ", "", "BH-C1-M1", "SB-M1", "WIN-C1", "KS-L0", "BH-X1", "BH-C", "PTS"])
def test_an_unknown_code_names_what_is_known(text: str) -> None:
    with pytest.raises(UnknownTieBreak) as raised:
        parse_tiebreak(text)
    assert "BH" in str(raised.value) and "APPO" in str(raised.value)


def test_every_code_offered_reads_back_as_itself() -> None:
    assert len({tiebreak.code for tiebreak in KNOWN_TIEBREAKS}) == len(KNOWN_TIEBREAKS)
    assert {tiebreak.kind for tiebreak in KNOWN_TIEBREAKS} == set(Kind)
    assert parse_tiebreaks(tiebreak_codes(KNOWN_TIEBREAKS)) == KNOWN_TIEBREAKS
    assert parse_tiebreaks("BH-C1, bh ;SB") == (C1, BH, SB)


def test_defaults_per_system() -> None:
    assert tiebreak_codes(default_tiebreaks(round_robin=False)) == "BH-C1 BH SB"
    assert tiebreak_codes(default_tiebreaks(round_robin=True)) == "DE WIN SB"  # C.07's advice for round robins
    assert EventInfo(system=System.DOUBLE_ROUND_ROBIN).tiebreaks_in_use == default_tiebreaks(round_robin=True)
    assert EventInfo(tiebreaks=(SB,)).tiebreaks_in_use == (SB,)


# Four players, three rounds (round, opponent, TRF code):
#   round 1: 1 beats 2, 3 draws 4
#   round 2: 1 takes a half-point bye, 2 beats 3, 4 gets the pairing-allocated bye
#   round 3: 1 beats 3, 4 wins by forfeit against 2
# Points: 1: 2½, 2: 1, 3: ½, 4: 2½. Adjusted scores (16.3) are the same: 2's forfeit loss in round 3
# is a VUR after their last round played, but it had an opponent, so it counts its 0.
CAPPED = event(
    {
        1: [(1, 2, "1"), (2, None, "H"), (3, 3, "1")],
        2: [(1, 1, "0"), (2, 3, "1"), (3, 4, "-")],
        3: [(1, 4, "="), (2, 2, "0"), (3, 1, "0")],
        4: [(1, 3, "="), (2, None, "U"), (3, 2, "+")],
    }
)


def test_2024_the_dummy_finishes_on_the_players_own_points() -> None:
    bh, c1, sb = tiebreak_values(CAPPED, [BH, C1, SB], R2024)
    # 1: 2's 1 + dummy 2½ (the bye) + 3's ½ = 4; 4: 3's ½ + dummy 2½ (PAB) + dummy 2½ (forfeit win) = 5½
    assert bh == {1: F(4), 2: F(4), 3: F(6), 4: F(11, 2)}
    # 2: 1's 2½ + 3's ½ + dummy 1 (the forfeit loss, a VUR) = 4; Cut-1 takes the VUR first (16.5): 3
    assert c1[2] == F(3)
    # 1: 1 x 1 + 2½ x ½ + ½ x 1 = 2¾; 4: ½ x ½ + 2½ x 1 + 2½ x 1 = 5¼
    assert (sb[1], sb[4]) == (F(11, 4), F(21, 4))


def test_2026_caps_the_dummy_at_a_draw_a_round_or_at_the_forfeiting_opponent() -> None:
    bh, c1, sb = tiebreak_values(CAPPED, [BH, C1, SB], R2026)
    # 16.4.2, no opponent: the dummy has at most ½ x 3 rounds = 1½. 1: 1 + 1½ + ½ = 3.
    # 16.4.1, a forfeit: at most the forfeiting opponent's adjusted score. 4: ½ + 1½ (PAB) + 1 (2's) = 3.
    assert bh == {1: F(3), 2: F(4), 3: F(6), 4: F(3)}
    # 2's own forfeit loss: min(own 1, 4's 2½) = 1, as in 2024; Cut-1 still takes it first
    assert c1[2] == F(3)
    # 1: 1 + 1½ x ½ + ½ = 2¼; 4: ¼ + 1½ x 1 + 1 x 1 = 2¾
    assert (sb[1], sb[4]) == (F(9, 4), F(11, 4))


def test_the_event_date_chooses_the_edition_of_its_standings() -> None:
    def on(start: dt.date) -> list[tuple[int, Fraction | int | None]]:
        dated = dataclasses.replace(CAPPED, info=dataclasses.replace(CAPPED.info, start=start))
        return [(row.player.start_rank, row.tiebreaks[0]) for row in standings(dated, [BH])]

    # 1 and 4 tie on 2½: under 2024 4's 5½ beats 1's 4; under 2026 they are 3 and 3
    assert on(dt.date(2026, 2, 28))[:2] == [(4, F(11, 2)), (1, F(4))]
    assert on(dt.date(2026, 3, 1))[:2] == [(1, F(3)), (4, F(3))]


def test_standings_after_a_round_read_only_the_rounds_before() -> None:
    after_two = standings(CAPPED, [BH], R2024, after_round=2)
    points = {row.player.start_rank: row.points for row in after_two}
    assert points == {1: F(3, 2), 2: F(1), 3: F(1, 2), 4: F(3, 2)}
    # 1 after two rounds: 2's 1 + dummy 1½ = 2½; 4: 3's ½ + dummy 1½ = 2
    assert {row.player.start_rank: row.tiebreaks[0] for row in after_two}[1] == F(5, 2)
    assert standings(CAPPED, [BH], R2024, after_round=0)[0].points == 0


def test_direct_encounter_in_a_swiss_keeps_the_points_of_the_whole_group() -> None:
    """C.07 6.3 as FIDE TEC reads it (its checker, tournament 167 of tests/data/tiebreaks/generated.trf.gz).

    1-4 are tied. 2 beat 1 and 4 and drew with 3; 3 beat 1 and drew with 4; 1 and 4 never met. In the
    group: 2 has 2½, 3 has 2, 4 has ½ (could reach 1½), 1 has 0 (could reach 1). 2 goes first, then 3,
    whose 2 no one after them can reach; 1 and 4, who never met, stay equal.
    """
    tournament = event(
        {
            1: [(1, 2, "0"), (2, 3, "0"), (3, 5, "1")],
            2: [(1, 1, "1"), (2, 4, "1"), (3, 3, "=")],
            3: [(1, 4, "="), (2, 1, "1"), (3, 2, "=")],
            4: [(1, 3, "="), (2, 2, "0"), (3, 6, "1")],
            5: [(3, 1, "0")],
            6: [(3, 4, "0")],
        }
    )
    assert direct_encounter(tournament, [[1, 2, 3, 4]]) == {2: 1, 3: 2, 1: 3, 4: 3}


def test_a_list_naming_a_tiebreak_twice_is_refused() -> None:
    with pytest.raises(RepeatedTieBreak, match="BH-C1 is given twice"):
        parse_tiebreaks("BH-C1 SB bh/c1")
    with pytest.raises(UnknownTieBreak):  # a RepeatedTieBreak is an UnknownTieBreak to those who catch those
        parse_tiebreaks(["SB", "SB"])
    assert repeated([BH, C1, SB]) is None and repeated([BH, SB, BH]) == BH
