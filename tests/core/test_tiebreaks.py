"""Tie-breaks and standings of FIDE's Play-Off and Tie-Break Regulations (C.07, 1 August 2024).

Expected values are worked by hand from the articles, in the comments beside them.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from benchmarks.make_swiss import make_swiss
from fidedesk.core.results import ResultCode
from fidedesk.core.tiebreaks.calculate import (
    KNOWN_TIEBREAKS,
    TieBreak,
    TieBreakRules,
    TieBreakValue,
    adjusted_scores,
    direct_encounter,
    tiebreak_values,
)
from fidedesk.core.tiebreaks.standings import Standing, standings
from fidedesk.core.tournament import EventInfo, Player, RoundEntry, System, Tournament
from fidedesk.io.trf.document import read_trf

from ..bounds import calls
from ..builders import round_robin
from ..conftest import TRF_DIR, load_vector

F = Fraction
BH, C1, SB, DE = TieBreak.BUCHHOLZ, TieBreak.BUCHHOLZ_CUT1, TieBreak.SONNEBORN_BERGER, TieBreak.DIRECT_ENCOUNTER
#: These tests were worked by hand from the 2024 text; tests/core/test_tiebreak_editions.py has the 2026 ones.
R2024 = TieBreakRules.C07_2024


def _one(tiebreak: TieBreak) -> Any:
    def values(tournament: Tournament, rules: TieBreakRules = R2024) -> dict[int, TieBreakValue]:
        return tiebreak_values(tournament, [tiebreak], rules)[0]

    return values


buchholz, buchholz_cut1, sonneborn_berger = _one(BH), _one(C1), _one(SB)
wins, games_won = _one(TieBreak.WINS), _one(TieBreak.WON)
aro, tpr, ptp, apro, appo = (_one(t) for t in (TieBreak.ARO, TieBreak.TPR, TieBreak.PTP, TieBreak.APRO, TieBreak.APPO))


def event(
    games: Mapping[int, Sequence[tuple[int, int | None, str]]],
    ratings: Mapping[int, int | None] | None = None,
    system: System = System.SWISS,
) -> Tournament:
    """A tournament from each player's rounds as (round, opponent or None, TRF result code)."""
    players = tuple(
        Player(rank, f"P{rank}", (ratings or {}).get(rank), rounds=tuple(
            RoundEntry(rnd, opponent, None, ResultCode.from_code(code)) for rnd, opponent, code in rounds))
        for rank, rounds in games.items()
    )  # fmt: skip
    return Tournament(EventInfo(system=system), players)


# --- A Swiss with a forfeit, byes and absences (C.07 article 16) -------------------------------------------
#
#        R1       R2       R3       R4       points
# P1   4 w 1    2 b =    3 w 1    5 b 0     2.5
# P2   5 w =    1 w =    6 b 0    4 w 1     2
# P3   6 +      4 b 0    1 b 0    U (PAB)   2     forfeit win, pairing-allocated bye: no VURs
# P4   1 b 0    3 w 1    5 b =    2 b 0     1.5
# P5   2 b =    H        4 w =    1 w 1     2.5   half-point bye followed by a game: 16.2.3, a VUR
# P6   3 -      Z        2 w 1    Z         1     forfeit loss (16.2.4) and absences: all VURs;
#                                                 the R4 absence follows the last round played (16.2.5)

SWISS = event(
    {
        1: [(1, 4, "1"), (2, 2, "="), (3, 3, "1"), (4, 5, "0")],
        2: [(1, 5, "="), (2, 1, "="), (3, 6, "0"), (4, 4, "1")],
        3: [(1, 6, "+"), (2, 4, "0"), (3, 1, "0"), (4, None, "U")],
        4: [(1, 1, "0"), (2, 3, "1"), (3, 5, "="), (4, 2, "0")],
        5: [(1, 2, "="), (2, None, "H"), (3, 4, "="), (4, 1, "1")],
        6: [(1, 3, "-"), (2, None, "Z"), (3, 2, "1")],  # round 4 missing: an absence, a Z bye (16.1)
    },
    {1: 2200, 2: 2100, 3: 2000, 4: 1900, 5: None, 6: 1700},
)


def test_adjusted_scores_count_byes_after_the_last_round_played_as_draws() -> None:
    """C.07 16.3: P6's R4 absence (16.2.5) counts ½ for opponents; R1 forfeit and R2 absence (16.2.3-4) count 0."""
    assert adjusted_scores(SWISS) == {1: F(5, 2), 2: F(2), 3: F(2), 4: F(3, 2), 5: F(5, 2), 6: F(3, 2)}


def test_buchholz_with_dummies_for_unplayed_rounds() -> None:
    """C.07 8.1 with 16.3 (adjusted opponents) and 16.4 (own unplayed rounds against a dummy on own points)."""
    assert buchholz(SWISS) == {
        1: F(8),  # 1.5 (P4) + 2 (P2) + 2 (P3) + 2.5 (P5)
        2: F(8),  # 2.5 (P5) + 2.5 (P1) + 1.5 (P6, adjusted from 1) + 1.5 (P4)
        3: F(8),  # 2 (dummy: forfeit win) + 1.5 (P4) + 2.5 (P1) + 2 (dummy: PAB)
        4: F(9),  # 2.5 + 2 + 2.5 + 2
        5: F(17, 2),  # 2 (P2) + 2.5 (dummy: half-point bye) + 1.5 (P4) + 2.5 (P1)
        6: F(5),  # 1 (dummy: forfeit loss) + 1 (dummy: R2) + 2 (P2) + 1 (dummy: R4)
    }


def test_cut1_cuts_the_voluntarily_unplayed_round_first() -> None:
    """C.07 14.1 with 16.5: a player with a VUR loses its value, not the least significant one."""
    assert buchholz_cut1(SWISS) == {
        1: F(13, 2),  # 8 - 1.5
        2: F(13, 2),  # 8 - 1.5
        3: F(13, 2),  # 8 - 1.5: forfeit wins and pairing-allocated byes are not VURs
        4: F(7),  # 9 - 2
        5: F(6),  # 8.5 - 2.5, the half-point bye's dummy (the lowest value, 1.5, would give 7)
        6: F(4),  # 5 - 1, one of the three VUR dummies
    }


def test_sonneborn_berger_with_dummies() -> None:
    """C.07 9.1: opponent's adjusted score × points scored against them; a dummy × the points given (16.4)."""
    assert sonneborn_berger(SWISS) == {
        1: F(9, 2),  # 1.5×1 + 2×½ + 2×1 + 2.5×0
        2: F(4),  # 2.5×½ + 2.5×½ + 1.5×0 + 1.5×1
        3: F(4),  # 2×1 (forfeit win) + 0 + 0 + 2×1 (PAB)
        4: F(13, 4),  # 0 + 2×1 + 2.5×½ + 0
        5: F(11, 2),  # 2×½ + 2.5×½ (half-point bye) + 1.5×½ + 2.5×1
        6: F(2),  # 0 (forfeit loss) + 0 + 2×1 + 0
    }


def test_wins_count_unplayed_wins_and_won_does_not() -> None:
    """C.07 7.1 WIN: rounds with a win's points, played or not; 7.2 WON: games won over the board."""
    assert wins(SWISS) == {1: 2, 2: 1, 3: 2, 4: 1, 5: 1, 6: 1}  # P3: forfeit win and PAB
    assert games_won(SWISS) == {1: 2, 2: 1, 3: 0, 4: 1, 5: 1, 6: 1}


def test_ratings_count_games_over_the_board_against_rated_opponents() -> None:
    """C.07 10.1-10.3: unrated P5 and forfeits left out; ARO 0.5 rounded up; PTP at 0 % and 100 %."""
    assert aro(SWISS) == {
        1: 2000,  # (1900 + 2100 + 2000) / 3; P5 is unrated
        2: 1933,  # (2200 + 1700 + 1900) / 3 = 1933.3; P5 left out
        3: 2050,  # (1900 + 2200) / 2; the forfeit win is not a game
        4: 2100,  # (2200 + 2000 + 2100) / 3; P5 left out
        5: 2067,  # (2100 + 1900 + 2200) / 3 = 2066.7, for the unrated player too
        6: 2100,  # the one game played, against P2
    }
    tprs = tpr(SWISS)
    assert tprs[1] == 2000 + 273  # 2.5 / 3 = 83 % -> dp +273 (table 8.1.1)
    assert tprs[5] == 2067 + 125  # 2 / 3 = 67 % -> +125
    assert tprs[3] == 2050 - 800  # 0 % -> -800
    assert tprs[6] == 2100 + 800  # 100 % -> +800
    ptps = ptp(SWISS)
    assert ptps[3] == 1900 - 800  # no score: the lowest opponent's rating - 800
    assert ptps[6] == 2100 + 736  # full score: the lowest rating with PD 1.00 against P2 (table 8.1.2)
    unrated_only = event({1: [(1, 2, "1")], 2: [(1, 1, "0")]})
    assert aro(unrated_only) == tpr(unrated_only) == ptp(unrated_only) == {1: None, 2: None}


def test_standings_by_buchholz_then_cut1_share_exact_ties() -> None:
    """C.07 4.2: points, then BH, then BH-C1; P2 and P3 are equal on all three and share 3rd-4th."""
    table = standings(SWISS, [BH, C1], R2024)
    assert [(s.place, s.player.start_rank, s.points, s.tiebreaks) for s in table] == [
        ("1", 5, F(5, 2), (F(17, 2), F(6))),
        ("2", 1, F(5, 2), (F(8), F(13, 2))),
        ("3–4", 2, F(2), (F(8), F(13, 2))),
        ("3–4", 3, F(2), (F(8), F(13, 2))),
        ("5", 4, F(3, 2), (F(9), F(7))),
        ("6", 6, F(1), (F(5), F(4))),
    ]
    assert [s.shared for s in table] == [False, False, True, True, False, False]


def test_direct_encounter_in_a_swiss_needs_the_game() -> None:
    """C.07 6.2: P5 beat P1; 6.3: P2 and P3 never met, and a win in the missing game could catch either up."""
    table = standings(SWISS, [DE], R2024)
    assert [(s.rank, s.rank_to, s.player.start_rank, s.tiebreaks) for s in table] == [
        (1, 1, 5, (1,)),
        (2, 2, 1, (2,)),
        (3, 4, 2, (1,)),
        (3, 4, 3, (1,)),
        (5, 5, 4, (None,)),  # alone on 1.5 points: DE not applied
        (6, 6, 6, (None,)),
    ]


# --- Round robins (C.07 6, 15.2) ---------------------------------------------------------------------------


def test_direct_encounter_is_applied_again_to_the_players_still_tied() -> None:
    """C.07 6.2: A-D tie on 3 points; among them A 2, B 2, C 1, D 1; again among {A, B} A won, among {C, D} C won.

    E and F drew and stay tied (shared 5th-6th).
    """
    w, d, lost = F(1), F(1, 2), F(0)
    scores = [
        [None, w, w, lost, lost, w],  # A: 3
        [lost, None, w, w, w, lost],  # B: 3
        [lost, lost, None, w, w, w],  # C: 3
        [w, lost, lost, None, w, w],  # D: 3
        [w, lost, lost, lost, None, d],  # E: 1.5
        [lost, w, lost, lost, d, None],  # F: 1.5
    ]
    tournament = round_robin([2000] * 6, scores)
    assert direct_encounter(tournament, [[1, 2, 3, 4], [5, 6]]) == {1: 1, 2: 2, 3: 3, 4: 4, 5: 1, 6: 1}
    by_de = standings(tournament, [DE])
    assert [s.place for s in by_de] == ["1", "2", "3", "4", "5–6", "5–6"]
    # SB first: A 3+3+1.5 = 7.5, B 3+3+1.5 = 7.5, C 3+1.5+1.5 = 6, D 3+1.5+1.5 = 6; DE only within those pairs
    by_sb = standings(tournament, [SB, DE])
    assert [(s.player.start_rank, s.tiebreaks) for s in by_sb[:4]] == [
        (1, (F(15, 2), 1)),
        (2, (F(15, 2), 2)),
        (3, (F(6), 1)),
        (4, (F(6), 2)),
    ]
    assert buchholz(tournament)[1] == 12  # a round robin: everyone else's points, 15 - 3


def test_repeated_meetings_count_their_average() -> None:
    """C.07 6.1.2: A beat B twice; averaged, B 2, C 1.5, D 1.5, A 1 (summed, all four would have 2).

    C and D, tied again, drew on average (a win each): DE leaves them level (6.2).
    """
    tournament = event(
        {
            1: [(1, 2, "1"), (2, 3, "0"), (3, 4, "0"), (4, 2, "1")],
            2: [(1, 1, "0"), (2, 4, "1"), (3, 3, "1"), (4, 1, "0")],
            3: [(1, 4, "1"), (2, 1, "1"), (3, 2, "0"), (4, 4, "0")],
            4: [(1, 3, "0"), (2, 2, "0"), (3, 1, "1"), (4, 3, "1")],
        }
    )
    assert direct_encounter(tournament, [[1, 2, 3, 4]]) == {2: 1, 3: 2, 4: 2, 1: 4}


RR_FORFEIT = {
    1: [(1, 2, "+"), (2, 3, "0"), (3, 4, "1")],  # A: 2
    2: [(1, 1, "-"), (2, 4, "1"), (3, 3, "1")],  # B: 2
    3: [(1, 4, "="), (2, 1, "1"), (3, 2, "0")],  # C: 1.5
    4: [(1, 3, "="), (2, 2, "0"), (3, 1, "0")],  # D: 0.5
}


def test_a_forfeit_is_a_game_in_a_round_robin() -> None:
    """C.07 15.2: A's forfeit win over B decides DE, and is no VUR for B's Cut-1 (both cut D's 0.5 from 4)."""
    tournament = event(RR_FORFEIT, system=System.ROUND_ROBIN)
    assert direct_encounter(tournament, [[1, 2]]) == {1: 1, 2: 2}
    assert buchholz_cut1(tournament) == {1: F(7, 2), 2: F(7, 2), 3: F(4), 4: F(4)}  # D: 5.5 - 1.5
    assert sonneborn_berger(tournament)[1] == F(5, 2)  # B's 2 × 1 + C's 1.5 × 0 + D's 0.5 × 1


def test_the_same_forfeit_in_a_swiss_is_an_unplayed_round() -> None:
    """C.07 6.3 and 16.5: in a Swiss A and B never played; B's forfeit loss is a VUR, cut at its dummy 2."""
    tournament = event(RR_FORFEIT)
    assert direct_encounter(tournament, [[1, 2]]) == {1: 1, 2: 1}
    assert buchholz_cut1(tournament)[1] == F(7, 2)  # 2 (dummy) + 1.5 + 0.5, less 0.5
    assert buchholz_cut1(tournament)[2] == F(2)  # 2 (dummy) + 0.5 + 1.5, less the VUR's 2


# --- TPR, PTP, APRO and APPO against the reference vectors (C.07 10.2-10.5) --------------------------------

VECTOR = load_vector("tiebreak_tpr_ptp_fide_c07.json")
# The vector's six players are one event: ratings and the games that give each case's opponents and scores.
VECTOR_EVENT = event(
    {
        1: [(1, 4, "1"), (2, 5, "="), (3, 6, "0")],
        2: [(1, 3, "1"), (2, 4, "1")],
        3: [(1, 2, "0"), (3, 4, "0"), (4, 5, "0")],
        4: [(1, 1, "0"), (2, 2, "0"), (3, 3, "1"), (4, 6, "=")],
        5: [(1, 6, "0"), (2, 1, "="), (4, 3, "1")],
        6: [(1, 5, "1"), (3, 1, "1"), (4, 4, "=")],
    },
    {1: 2000, 2: 1500, 3: 1500, 4: 1800, 5: 1700, 6: 1900},
)


@pytest.mark.parametrize("case", VECTOR["cases"], ids=[str(c[0]) for c in VECTOR["cases"]])
def test_tpr_and_ptp_of_the_reference_vectors(case: list[Any]) -> None:
    """C.07 10.2 TPR, 10.3 PTP; where the vector has no PTP (0 % and 100 %) fidedesk's values for those scores."""
    player, ratings, scores, expected_tpr, expected_ptp = case
    mine = VECTOR_EVENT.player(player)
    assert sorted(VECTOR_EVENT.player(e.opponent).rating or 0 for e in mine.rounds if e.opponent) == sorted(ratings)
    assert mine.score == sum(F(str(s)) for s in scores)
    assert tpr(VECTOR_EVENT)[player] == expected_tpr
    if expected_ptp is None:
        expected_ptp = min(ratings) - 800 if mine.score == 0 else max(ratings) + 736
    assert ptp(VECTOR_EVENT)[player] == expected_ptp


def test_apro_and_appo_of_the_reference_vectors() -> None:
    """C.07 10.4-10.5: player 1's opponents 4, 5, 6: (1638 + 1800 + 2106) / 3 and (1599 + 1812 + 2133) / 3."""
    assert apro(VECTOR_EVENT)[1] == VECTOR["apro_appo"]["APRO"] == 1848
    assert appo(VECTOR_EVENT)[1] == VECTOR["apro_appo"]["APPO"] == 1848


# --- A real file -------------------------------------------------------------------------------------------

GELENDZHIK = read_trf(TRF_DIR / "xii_sds_classic_2016_gelendzhik.trf").tournament


def test_standings_of_a_real_file_take_points_from_the_results() -> None:
    """C.07 4.2 on XII SDS Classic 2016, whose points column is 0.0 for everyone.

    The event pairs odd start numbers against even ones only, so every odd player's Buchholz is the
    evens' total (P2 3.5 + P4 4.5 + P6 2.5 + P8 4 + P10 4 + P12 6 + P14 3 = 27.5) and every even
    player's the odds' (P1 4 + P3 3.5 + P5 3.5 + P7 2 + P9 2 + P11 3 + P13 3.5 = 21.5).
    """
    table = standings(GELENDZHIK, [C1, BH, SB, DE, TieBreak.ARO, TieBreak.TPR])
    assert all(player.points == 0 for player in GELENDZHIK.players)
    assert [s.player.start_rank for s in table] == [12, 4, 1, 10, 8, 3, 5, 13, 2, 11, 14, 6, 7, 9]
    first, _, third, fourth, fifth = table[:5]
    # P12: 6 points; Cut-1 drops P7 or P9 (2); SB = 3.5 + 2 + 4×½ + 3.5×½ + 2 + 3.5 + 3 (P5 P7 P1 P3 P9 P13 P11)
    assert first.points == 6 and first.tiebreaks[:3] == (F(39, 2), F(43, 2), F(71, 4))
    # P1, P10, P8 on 4: P1's Cut-1 drops P6 (2.5) from 27.5; P10 and P8 tie on BH, P10 has the better SB
    assert [s.player.start_rank for s in (third, fourth, fifth)] == [1, 10, 8]
    assert third.tiebreaks[:2] == (F(25), F(55, 2))
    assert (fourth.tiebreaks[2], fifth.tiebreaks[2]) == (F(23, 2), F(45, 4))
    # ARO of P1: the evens but unrated P14, (2409 + 2299 + 2157 + 2107 + 2040 + 2016) / 6 = 2171.3;
    # TPR: 4 of 6 against them = 67 % -> +125 (the 2296 of fidedesk-cli rate's Perf column)
    assert third.tiebreaks[4:] == (2171, 2296)
    assert [s.tiebreaks[3] for s in table] == [None] * 14  # every tie was broken before DE


def test_a_stale_points_column_is_ignored() -> None:
    """Points come from the results: a points column that says otherwise changes nothing."""
    stale = dataclasses.replace(
        GELENDZHIK, players=tuple(dataclasses.replace(p, points=F(p.start_rank)) for p in GELENDZHIK.players)
    )

    def lines(tournament: Tournament) -> list[tuple[str, int, Fraction]]:
        return [(s.place, s.player.start_rank, s.points) for s in standings(tournament, [C1])]

    assert lines(stale) == lines(GELENDZHIK)
    assert lines(stale)[0] == ("1", 12, F(6))


def test_a_real_file_by_direct_encounter_alone() -> None:
    """C.07 6.3: P1 beat P8 and lost to P10, who never met P8: the three share 3rd-5th."""
    table = standings(GELENDZHIK, [DE])
    assert [(s.place, s.player.start_rank) for s in table[:5]] == [
        ("1", 12),
        ("2", 4),
        *(("3–5", r) for r in (1, 8, 10)),
    ]


# --- Properties --------------------------------------------------------------------------------------------

CODES = ["1", "=", "0", "+", "-", "W", "D", "L"]


@st.composite
def tournaments(draw: st.DrawFn) -> Tournament:
    """Random events: pairings by a random permutation each round, forfeits, byes, absences, repeats."""
    size = draw(st.integers(min_value=2, max_value=9))
    system = draw(st.sampled_from([System.SWISS, System.ROUND_ROBIN]))
    ratings = draw(st.lists(st.none() | st.integers(1000, 2800), min_size=size, max_size=size))
    rounds: dict[int, list[RoundEntry]] = {rank: [] for rank in range(1, size + 1)}
    for rnd in range(1, draw(st.integers(min_value=1, max_value=6)) + 1):
        order = draw(st.permutations(list(rounds)))
        if len(order) % 2:
            bye = draw(st.sampled_from(["U", "F", "H", "Z", ""]))  # "": absent, no entry
            if bye:
                rounds[order[-1]].append(RoundEntry(rnd, None, None, ResultCode(bye)))
        for white, black in zip(order[0::2], order[1::2], strict=False):
            result = ResultCode(draw(st.sampled_from(CODES)))
            rounds[white].append(RoundEntry(rnd, black, "w", result))
            rounds[black].append(RoundEntry(rnd, white, "b", result.mirrored()))
    players = tuple(Player(rank, f"P{rank}", ratings[rank - 1], rounds=tuple(r)) for rank, r in rounds.items())
    return Tournament(EventInfo(system=system), players)


@given(tournaments())
def test_cut1_and_sonneborn_berger_never_exceed_buchholz(tournament: Tournament) -> None:
    """C.07 14.1 cuts a value >= 0; 9.1 weighs each 8.1 value by a score of 1, ½ or 0 (16.4 dummies alike)."""
    full = buchholz(tournament)
    cut, sb = buchholz_cut1(tournament), sonneborn_berger(tournament)
    for rank, value in full.items():
        assert value is not None and 0 <= (cut[rank] or 0) <= value and 0 <= (sb[rank] or 0) <= value


def _compare(before: Standing, after: Standing, tiebreaks: list[TieBreak]) -> int:
    """1 if ``before`` must rank ahead of ``after``, 0 if they are equal on everything, -1 if out of order."""
    pairs = [(before.points, after.points), *zip(before.tiebreaks, after.tiebreaks, strict=True)]
    for tiebreak, (a, b) in zip([None, *tiebreaks], pairs, strict=True):
        if tiebreak is DE:  # a place within the group: both tied so far, so both placed; 1 is first
            assert a is not None and b is not None
            a, b = -a, -b
        key_a, key_b = (a is not None, a or 0), (b is not None, b or 0)
        if key_a != key_b:
            return 1 if key_a > key_b else -1
    return 0


@settings(max_examples=150)
@given(tournaments(), st.lists(st.sampled_from(KNOWN_TIEBREAKS), max_size=4))
def test_standings_are_sorted_and_share_ranks_only_for_exact_ties(
    tournament: Tournament, tiebreaks: list[TieBreak]
) -> None:
    """C.07 4.2: ordered by points then each tie-break; ranks 1..n, shared exactly when everything is equal."""
    table = standings(tournament, tiebreaks)
    assert sorted(s.player.start_rank for s in table) == sorted(p.start_rank for p in tournament.players)
    assert all(s.points == s.player.score for s in table)
    assert table[0].rank == 1
    for index, (before, after) in enumerate(itertools.pairwise(table)):
        order = _compare(before, after, tiebreaks)
        assert order >= 0
        assert after.rank == (before.rank if order == 0 else index + 2)
    for s in table:
        sharing = sum(t.rank == s.rank for t in table)
        assert s.rank_to == s.rank + sharing - 1 and s.shared == (sharing > 1)


@given(tournaments())
def test_tiebreak_values_do_not_depend_on_the_order_of_the_players(tournament: Tournament) -> None:
    reversed_order = Tournament(tournament.info, tournament.players[::-1])
    every = [tb for tb in KNOWN_TIEBREAKS if tb is not DE]
    assert tiebreak_values(tournament, every) == tiebreak_values(reversed_order, every)
    assert standings(tournament, [DE, BH]) == standings(reversed_order, [DE, BH])


# --- Speed -------------------------------------------------------------------------------------------------


def test_the_work_of_standings_grows_with_the_players_not_with_their_square() -> None:
    """Every tie-break: one pass over the rounds per tie-break, no per-player search, so twice the players
    (11 rounds each) is twice the work, counted in Python calls. (``benchmarks/bench_core.py`` times the
    standings of a 2,000-player Swiss, as a ratio to a bare loop of table look-ups.)"""
    swiss = {players: make_swiss(players, 11) for players in (200, 400)}
    work = {players: calls(lambda t=t: standings(t, KNOWN_TIEBREAKS)) for players, t in swiss.items()}
    assert 1.8 < work[400] / work[200] < 2.2, work
    assert work[400] < 400 * 11 * 100, work  # about 50 calls per player and round, for every tie-break


def test_a_pending_pairing_counts_its_opponent_but_no_points_and_is_no_voluntary_absence() -> None:
    # Round 1: 1 beat 2, 4 beat 3. Round 2: 1-3 not entered yet ('?'), 2 drew 4.
    pending = ResultCode.PENDING
    t = Tournament(EventInfo(system=System.SWISS), (
        Player(1, "P1", 2000, rounds=(RoundEntry(1, 2, "w", ResultCode.WIN), RoundEntry(2, 3, "w", pending))),
        Player(2, "P2", 1900, rounds=(RoundEntry(1, 1, "b", ResultCode.LOSS), RoundEntry(2, 4, "w", ResultCode.DRAW))),
        Player(3, "P3", 1800, rounds=(RoundEntry(1, 4, "w", ResultCode.LOSS), RoundEntry(2, 1, "b", pending))),
        Player(4, "P4", 1700, rounds=(RoundEntry(1, 3, "b", ResultCode.WIN), RoundEntry(2, 2, "b", ResultCode.DRAW))),
    ))  # fmt: skip
    # 1 met 2 (½) and is paired with 3 (0): BH ½; an absence would have met a dummy on 1's own point
    assert buchholz(t)[1] == F(1, 2)
    assert buchholz_cut1(t)[1] == F(1, 2)  # the lowest opponent (3's 0) is cut, as in any game
    assert sonneborn_berger(t)[1] == F(1, 2)  # 1 x 2's ½, nothing yet against 3
    assert buchholz(t)[3] == F(5, 2)  # 3 is paired with 1 too: 4's 1½ and 1's 1
    # rating tie-breaks leave the pending game out
    assert aro(t)[1] == 1900
