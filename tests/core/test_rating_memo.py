"""RatingMemo: rating an event again after an edit reuses unchanged players' figures and never changes one."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from benchmarks.make_swiss import make_swiss
from fidedesk.core.editing import PlayerField, set_player_field, set_result
from fidedesk.core.rating.editions import EDITIONS, get_edition
from fidedesk.core.rating.event import RatingMemo, rate_tournament
from fidedesk.core.results import ResultCode as R
from fidedesk.core.tournament import Tournament

BASE = make_swiss(24, 5, unrated=0.2, seed=7)
RESULTS = [R.WIN, R.DRAW, R.LOSS, R.FORFEIT_WIN, R.FORFEIT_LOSS, R.PENDING]


def paired(tournament: Tournament) -> list[tuple[int, int]]:
    """(round, start rank) of each white player with an opponent."""
    return [(e.round, p.start_rank) for p in tournament.players for e in p.rounds if e.color == "w"]


edits = st.lists(
    st.one_of(
        st.tuples(st.just("result"), st.integers(0, 10_000), st.sampled_from(RESULTS)),
        st.tuples(st.just("rating"), st.integers(1, 24), st.sampled_from([None, 1500, 2000, 2450, 2700])),
    ),
    min_size=1,
    max_size=8,
)


@settings(max_examples=60, deadline=None)
@given(edits, st.sampled_from(sorted(EDITIONS)))
def test_memo_gives_a_fresh_ratings_figures_after_any_edits(steps: list[tuple[str, int, object]], name: str) -> None:
    edition = get_edition(name)
    memo = RatingMemo()
    tournament = BASE
    rate_tournament(tournament, edition, memo=memo)
    for kind, number, value in steps:
        if kind == "result":
            games = paired(tournament)
            round_, rank = games[number % len(games)]
            assert isinstance(value, R)
            tournament = set_result(tournament, round_, rank, value)
        else:
            assert value is None or isinstance(value, int)
            tournament = set_player_field(tournament, number, PlayerField.RATING, value)
        assert rate_tournament(tournament, edition, memo=memo) == rate_tournament(tournament, edition)


def test_one_result_changed_rates_only_the_players_it_touches() -> None:
    edition = get_edition("fide-2025")
    memo = RatingMemo()
    before = rate_tournament(BASE, edition, memo=memo)
    round_, rank = paired(BASE)[0]
    opponent = next(e.opponent for e in BASE.player(rank).rounds if e.round == round_)
    after = rate_tournament(set_result(BASE, round_, rank, R.DRAW), edition, memo=memo)
    fresh = {a.player.start_rank for a, b in zip(before.players, after.players, strict=True) if a is not b}
    assert fresh == {rank, opponent}


def test_a_rating_changed_rates_the_player_and_everyone_who_met_them_again() -> None:
    edition = get_edition("fide-2025")
    memo = RatingMemo()
    before = rate_tournament(BASE, edition, memo=memo)
    rank = 3
    met = {e.opponent for e in BASE.player(rank).rounds if e.opponent is not None}
    after = rate_tournament(set_player_field(BASE, rank, PlayerField.RATING, 1234), edition, memo=memo)
    fresh = {a.player.start_rank for a, b in zip(before.players, after.players, strict=True) if a is not b}
    assert fresh == {rank, *met}


@pytest.mark.parametrize("change", ["edition", "k"])
def test_other_rules_start_afresh(change: str) -> None:
    memo = RatingMemo()
    rate_tournament(BASE, get_edition("fide-2025"), memo=memo)
    if change == "edition":
        again = rate_tournament(BASE, get_edition("fide-2014"), memo=memo)
        assert again == rate_tournament(BASE, get_edition("fide-2014"))
    else:
        again = rate_tournament(BASE, get_edition("fide-2025"), k=40, memo=memo)
        assert again == rate_tournament(BASE, get_edition("fide-2025"), k=40)
