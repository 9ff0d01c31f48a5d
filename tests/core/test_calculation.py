"""The individual calculation as rows (core.rating.calculation), the warnings as data (core.warnings) and the one
resolution of the rule edition (core.rating.editions.resolve_edition)."""

from __future__ import annotations

import dataclasses
import datetime as dt
from fractions import Fraction

import pytest

from fidedesk.core.editing import add_player, give_bye, pair
from fidedesk.core.rating.calculation import TOWARDS_RA, LineKind, calculation, game_lines, player_line
from fidedesk.core.rating.editions import AUTO, DEFAULT_EDITION, get_edition, resolve_edition
from fidedesk.core.rating.event import rate_tournament
from fidedesk.core.rating.tables import round_half_away
from fidedesk.core.results import ResultCode
from fidedesk.core.tournament import EventInfo, Player, Tournament
from fidedesk.core.warnings import (
    PENDING_REASON,
    Place,
    RateOfPlayCheck,
    event_warnings,
    listed,
    no_rating,
    not_rated_groups,
    pending_rounds,
    rate_of_play,
)
from fidedesk.io.trf.document import read_trf
from tests.conftest import GELENDZHIK

W, D, L = ResultCode.WIN, ResultCode.DRAW, ResultCode.LOSS
FIDE_2025 = get_edition("fide-2025")


def small_swiss() -> Tournament:
    """1 (2600), 2 (2150), 3 (2100), 4 unrated, 5 (1900); three rounds with capped games, a forfeit, byes,
    games of the unrated player and a board not entered yet."""
    tournament = Tournament(EventInfo(name="Club", start=dt.date(2026, 3, 1)), ())
    for name, rating in (("Ann", 2600), ("Bob", 2150), ("Cid", 2100), ("Dee", None), ("Eve", 1900)):
        tournament = add_player(tournament, Player(0, name, rating))
    for round_, games in ((1, ((1, 2, W), (3, 4, D))), (2, ((4, 1, L), (2, 3, ResultCode.FORFEIT_WIN))),
                          (3, ((1, 3, W), (2, 5, ResultCode.PENDING)))):  # fmt: skip
        for white, black, result in games:
            tournament = pair(tournament, round_, white, black, result)
    tournament = give_bye(tournament, 1, 5, ResultCode.FULL_BYE)
    return give_bye(tournament, 3, 4, ResultCode.HALF_BYE)


@pytest.fixture
def swiss() -> Tournament:
    return small_swiss()


def test_a_rated_players_lines(swiss: Tournament) -> None:
    rating = rate_tournament(swiss, FIDE_2025)
    ann = calculation(rating.players[0], swiss.by_rank())
    first, second, third = ann.games
    # 2600 v 2150: a difference of 450 counts as 400 (8.3.1; 2600 is under the 2650 exemption), FIDE prints 2200*
    assert (first.round, first.kind, first.opponent, first.opponent_name) == (1, LineKind.GAME, 2, "Bob")
    assert (first.rating, first.real_rating, first.capped) == (2200, 2150, True)
    assert first.note == "2150 counts as 2200 (8.3.1)"
    assert first.pd == Fraction(92, 100) and first.chg == Fraction(8, 100)
    # the unrated opponent of round 2: not rated, with the article, and no rating to show
    assert (second.kind, second.opponent, second.rating, second.score) == (LineKind.NOT_RATED, 4, None, Fraction(1))
    assert second.note == "opponent unrated: not rated (FIDE 8.3.1)" and not second.counted
    assert (third.kind, third.rating, third.real_rating, third.capped) == (LineKind.GAME, 2200, 2100, True)
    line = ann.player
    assert line.k is not None and line.chg is not None and line.k_chg is not None
    assert (line.rating, line.n, line.w, line.rc) == (2600, 2, Fraction(2), 2200)
    assert line.chg == sum(game.chg for game in ann.games if game.chg is not None)
    assert line.k_chg == sum(game.k_chg for game in ann.games if game.k_chg is not None) == line.k.value * line.chg
    assert line.expected == Fraction(184, 100)
    assert line.change == round_half_away(line.k_chg) and line.new_rating == 2600 + line.change
    assert ann.not_rated == (second,)


def test_unplayed_pending_and_byes(swiss: Tournament) -> None:
    rating = rate_tournament(swiss, FIDE_2025)
    players = swiss.by_rank()
    bob = game_lines(rating.players[1], players)
    forfeit, pending = bob[1], bob[2]
    assert (forfeit.kind, forfeit.opponent, forfeit.rating, forfeit.score) == (LineKind.NOT_RATED, 3, 2100, 1)
    assert forfeit.note == "forfeit win: unplayed games are not rated (FIDE 5.1)"
    # a result not entered yet has no score (it is not a loss), and its reason
    assert (pending.kind, pending.score, pending.note) == (LineKind.NOT_RATED, None, PENDING_REASON)
    eve = game_lines(rating.players[4], players)
    assert [(line.round, line.opponent, line.opponent_name, line.kind) for line in eve] == [
        (1, None, None, LineKind.NOT_RATED), (3, 2, "Bob", LineKind.NOT_RATED)]  # fmt: skip
    assert eve[0].note == "full-point bye: no game, not rated (FIDE 5.1)" and eve[0].score == 1


def test_an_unrated_players_lines(swiss: Tournament) -> None:
    rating = rate_tournament(swiss, FIDE_2025)
    dee = calculation(rating.players[3], swiss.by_rank())
    assert [(line.round, line.kind, line.rating, line.note) for line in dee.games] == [
        (1, LineKind.TOWARDS_RA, 2100, TOWARDS_RA),
        (2, LineKind.TOWARDS_RA, 2600, TOWARDS_RA),
        (3, LineKind.NOT_RATED, None, "half-point bye: no game, not rated (FIDE 5.1)"),
    ]
    line = dee.player
    assert line.k is None and line.new_rating is None and line.change is None
    assert (line.n, line.w, line.rc) == (2, Fraction(1, 2), 2350)
    assert line.initial is not None and line.first_rating == line.initial.value
    assert line.published is False  # two games: fewer than FIDE's five


def test_the_rows_give_what_the_figures_give() -> None:
    """On a real event, every player's summary is the rating's, and the lines add up to it."""
    tournament = read_trf(GELENDZHIK).tournament
    for edition in ("fide-2014", "fide-2025", "elo"):
        rating = rate_tournament(tournament, get_edition(edition))
        for player in rating.players:
            calc = calculation(player, tournament.by_rank())
            line = calc.player
            assert (line.rating, line.rc, line.w, line.n, line.performance, line.new_rating) == (
                player.player.rating, player.rc, player.w, player.n, player.performance, player.new_rating)  # fmt: skip
            assert [game.round for game in calc.games] == sorted(game.round for game in calc.games)
            assert len(calc.games) == len(player.player.rounds)
            if player.event is not None:
                assert line.chg == sum(game.chg for game in calc.games if game.chg is not None)
            assert player_line(player) == line


def test_warnings_as_data(swiss: Tournament) -> None:
    rating = rate_tournament(swiss, FIDE_2025)
    groups = {group.reason: group for group in not_rated_groups(rating)}
    forfeit = groups["forfeit win: unplayed games are not rated (FIDE 5.1)"]
    # both sides of the forfeit are results not rated; the game is one, listed under its first player
    assert forfeit.results == (Place(2, 2, 3),) and forfeit.games == (Place(2, 2, 3),)
    assert groups["forfeit loss: unplayed games are not rated (FIDE 5.1)"].games == ()
    unrated = groups["opponent unrated: not rated (FIDE 8.3.1)"]
    assert unrated.results == (Place(2, 1, 4), Place(1, 3, 4)) and unrated.games == (Place(1, 3, 4), Place(2, 1, 4))
    assert groups[PENDING_REASON].results == (Place(3, 2, 5), Place(3, 5, 2))
    assert len(groups[PENDING_REASON].games) == 1
    assert groups["half-point bye: no game, not rated (FIDE 5.1)"].games == (Place(3, 4, None),)
    assert [player.start_rank for player in no_rating(rating)] == [4]
    assert [(pending.round, pending.boards) for pending in pending_rounds(swiss)] == [(3, (2,))]
    warnings = event_warnings(swiss, rating)
    assert warnings.rate_of_play.check is RateOfPlayCheck.NO_TIME_CONTROL
    assert warnings.no_rating == no_rating(rating) and warnings.pending == pending_rounds(swiss)


def test_rate_of_play_states(swiss: Tournament) -> None:
    def check(text: str, edition: str = "fide-2025") -> RateOfPlayCheck:
        event = dataclasses.replace(swiss, info=dataclasses.replace(swiss.info, time_control=text))
        return rate_of_play(event, rate_tournament(event, get_edition(edition))).check

    assert check("90 min + 30 s/move") is RateOfPlayCheck.CHECKED
    assert check("moves/time, increment") is RateOfPlayCheck.UNREADABLE
    assert check("") is RateOfPlayCheck.NO_TIME_CONTROL
    assert check("90 min", "elo") is RateOfPlayCheck.NO_RULES
    event = dataclasses.replace(swiss, info=dataclasses.replace(swiss.info, time_control="60 min + 10 s/move"))
    found = rate_of_play(event, rate_tournament(event, FIDE_2025))
    assert [problem.players for problem in found.problems] == [(1,), (2, 3, 5)]


def test_one_edition_resolved_for_a_name_and_a_date() -> None:
    assert resolve_edition("fide-2017", None).edition.name == "fide-2017"
    found = resolve_edition(AUTO, dt.date(2016, 6, 28))
    assert (found.edition.name, found.error, found.problem) == ("fide-2014", None, None)
    early = resolve_edition(AUTO, dt.date(1990, 1, 1))
    assert early.edition is DEFAULT_EDITION and early.error is not None and "before 1994" in early.error
    assert early.problem == f"{early.error}; showing {DEFAULT_EDITION.name}"
    undated = resolve_edition(AUTO, None)
    assert undated.edition is DEFAULT_EDITION and "start date" in (undated.problem or "")
    assert resolve_edition("fide-1066", None, fallback=get_edition("elo")).edition.name == "elo"


def test_a_long_list_of_places_is_cut() -> None:
    """The warnings panel and ``fidedesk-cli rate`` show the first 12 places of a list, then how many more."""
    assert listed([str(rank) for rank in range(1, 13)]) == "1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12"
    assert listed([str(rank) for rank in range(1, 16)]) == "1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12 and 3 more"
    assert listed([]) == ""
