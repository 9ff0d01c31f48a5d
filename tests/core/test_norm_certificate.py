"""What the norm forms read of a norm (core.norms.certificate): the games it rests on (B.01 1.4.2, 1.4.1e), the
rating each counts at (1.4.6) and the opponents' counts, checked against figures worked by hand."""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path

import pytest

from fidedesk.core.norms.certificate import certificate_games, opponent_counts, rounds_not_in_norm
from fidedesk.core.norms.event import player_games
from fidedesk.core.norms.forecast import NormRow, Status, norms
from fidedesk.core.norms.rules import B01_2024, Title
from fidedesk.core.results import ResultCode
from fidedesk.core.tournament import EventInfo, Player, RoundEntry, System, Tournament
from fidedesk.io.trf.document import read_trf

IM_NORM_RR = Path(__file__).parents[1] / "data" / "norms" / "im_norm_rr.trf"
R = ResultCode
BACK = {R.WIN: R.LOSS, R.LOSS: R.WIN, R.DRAW: R.DRAW}
#: (rating, title, federation), the player's result
Game = tuple[tuple[int | None, str, str], ResultCode]


def swiss(games: Sequence[Game], rounds: int) -> Tournament:
    """Player 1, an FM of HUN rated 2350, meets one new opponent a round, in the order given."""
    mine, others = [], []
    for number, ((rating, title, fed), result) in enumerate(games, start=1):
        mine.append(RoundEntry(number, number + 1, "w", result, 1))
        back = (RoundEntry(number, 1, "b", BACK[result], 1),)
        others.append(Player(number + 1, f"Opponent {number + 1}", rating, title=title, federation=fed, rounds=back))
    me = Player(1, "Candidate", 2350, sex="m", title="FM", federation="HUN", rounds=tuple(mine))
    info = EventInfo(federation="HUN", start=dt.date(2025, 5, 1), system=System.SWISS, rounds=rounds)
    return Tournament(info, (me, *others))


def im_row(tournament: Tournament, after: int) -> NormRow:
    return next(row for row in norms(tournament, after) if row.player.start_rank == 1 and row.title is Title.IM)


#: Nine opponents for an IM norm: 4 GMs, 3 IMs from six federations, average (2500*4 + 2400*3 + 2300*2) / 9 =
#: 2422.2 -> 2422 (1.4.7); 5½/9 = 61.1 % -> 61 %, dp 80: Rp 2502 >= 2450 (1.4.8).
NINE: list[Game] = [
    ((2500, "GM", "GER"), R.WIN), ((2500, "GM", "FRA"), R.DRAW), ((2500, "GM", "ESP"), R.DRAW),
    ((2500, "GM", "ITA"), R.DRAW), ((2400, "IM", "POL"), R.WIN), ((2400, "IM", "CZE"), R.WIN),
    ((2400, "IM", "GER"), R.DRAW), ((2300, "FM", "FRA"), R.DRAW), ((2300, "FM", "ESP"), R.LOSS),
]  # fmt: skip


def test_a_swiss_norm_rests_on_its_first_nine_games_when_later_ones_spoil_it() -> None:
    """1.4.1e: the losses of rounds 10 and 11 may be ignored. Over 10 games the 1800 is raised to the 2050 floor
    (1.4.6): Ra 23850/10 = 2385, 5½/10 = 55 %, dp 36, Rp 2421 < 2450; over 11 less. The certificate lists rounds
    1-9, each opponent at their own rating (none below the floor)."""
    event = swiss([*NINE, ((1800, "", "AUT"), R.LOSS), ((1800, "", "SUI"), R.LOSS)], rounds=11)
    row = im_row(event, 11)
    assert row.status is Status.ACHIEVED and row.games == 9 and row.score == Fraction(11, 2)
    assert (row.opponents_average, row.performance) == (2422, 2502)
    games = certificate_games(row, B01_2024)
    assert [game.round for game in games] == list(range(1, 10))
    assert [game.rating_used for game in games] == [rating for (rating, _t, _f), _r in NINE]
    assert [game.score for game in games] == [1, *[Fraction(1, 2)] * 3, 1, 1, Fraction(1, 2), Fraction(1, 2), 0]


def test_the_lowest_opponent_is_raised_to_the_floor_and_an_unrated_one_counts_at_1400() -> None:
    """1.4.6b-d: of an unrated opponent (1400) and a 1900, only the lowest, the unrated one, is raised to the IM
    floor 2050; the 1900 counts as 1900. A row made by hand: the figures here do not make a norm."""
    event = swiss([((None, "", "AUT"), R.WIN), ((1900, "", "SUI"), R.WIN), *NINE[:7]], rounds=9)
    player = event.player(1)
    games = player_games(event, player, 9, frozenset()).counted
    row = NormRow(player, Title.IM, Status.ACHIEVED, 9, Fraction(7), None, None, None, (), 0, games)
    used = [game.rating_used for game in certificate_games(row, B01_2024)]
    assert used == [2050, 1900, 2500, 2500, 2500, 2500, 2400, 2400, 2400]


def test_a_norm_not_achieved_has_no_certificate() -> None:
    event = swiss(NINE[:8], rounds=9)
    row = im_row(event, 8)
    assert row.status is not Status.ACHIEVED
    with pytest.raises(ValueError, match="not achieved"):
        certificate_games(row, B01_2024)


def test_the_opponents_counted_by_federation_and_title() -> None:
    """im_norm_rr.trf: Kovacs (HUN) meets the other nine; counted by hand from the file: two of HUN (Nagy, Szabo)
    and one each of seven others; all nine hold a title of 1.4.5a; 3 GMs and 4 IMs hold the IM norm's titles."""
    event = read_trf(IM_NORM_RR).tournament
    (row,) = [row for row in norms(event) if row.status is Status.ACHIEVED]
    games = certificate_games(row, B01_2024)
    assert sorted(game.opponent.start_rank for game in games) == list(range(2, 11))
    counts = opponent_counts(games, Title.IM, B01_2024)
    assert counts.by_federation == (("HUN", 2), ("AUT", 1), ("CZE", 1), ("GER", 1), ("POL", 1), ("SRB", 1),
                                    ("SVK", 1), ("UKR", 1))  # fmt: skip
    assert (counts.titled, counts.norm_titled) == (9, 7)
    assert counts.by_title == (("GM", 3), ("IM", 4), ("FM", 1), ("WGM", 1))


def test_the_rounds_not_in_the_norm_are_named_with_why() -> None:
    """1.4.1f: "the complete crosstable must still be submitted": the form names every round the norm leaves out.
    The Swiss above: rounds 10 and 11 come after the games of the norm (1.4.1e); a forfeit win is no game over
    the board (1.4.2c)."""
    event = swiss([*NINE, ((1800, "", "AUT"), R.LOSS), ((1800, "", "SUI"), R.LOSS)], rounds=11)
    row = im_row(event, 11)
    assert rounds_not_in_norm(event, row, 11) == (
        (10, "after the games of the norm (1.4.1e)"), (11, "after the games of the norm (1.4.1e)"))  # fmt: skip
    first, *rest = event.players
    forfeit = (RoundEntry(12, 13, "w", R.FORFEIT_WIN, 1),)
    absent = Player(
        13, "Absent", 2400, title="IM", federation="NOR", rounds=(RoundEntry(12, 1, "b", R.FORFEIT_LOSS, 1),)
    )
    longer = Tournament(event.info, (dataclasses.replace(first, rounds=first.rounds + forfeit), *rest, absent))
    assert (12, "forfeit win, not played over the board (1.4.2c)") in rounds_not_in_norm(longer, im_row(longer, 12), 12)
