"""Every edition rates a realistic generated Swiss (byes, forfeits, unrated players) consistently."""

from __future__ import annotations

import pytest

from benchmarks.make_swiss import make_swiss
from fidedesk.core.rating.editions import EDITIONS, UnratedOpponents, get_edition
from fidedesk.core.rating.event import rate_tournament
from fidedesk.core.rating.tables import round_half_away
from fidedesk.io.trf.document import parse_trf, tournament_to_trf

SWISS = make_swiss(80, 9, unrated=0.1, seed=7)


def test_generated_swiss_is_a_valid_trf() -> None:
    """The benchmark's event passes the TRF reader's pairing checks and survives a round trip."""
    document = parse_trf(tournament_to_trf(SWISS))
    assert document.tournament.players == SWISS.players
    assert document.rounds == 9


@pytest.mark.parametrize("name", sorted(EDITIONS))
def test_every_edition_rates_the_generated_swiss(name: str) -> None:
    edition = get_edition(name)
    result = rate_tournament(SWISS, edition)
    ratings = {p.start_rank: p.rating for p in SWISS.players}
    for rated in result.players:
        player = rated.player
        against_rated = sum(
            1 for e in player.rounds if e.result.is_played and e.opponent and ratings[e.opponent] is not None
        )
        if player.rating is None:
            assert rated.event is None and rated.initial is not None
            continue
        assert rated.event is not None and rated.initial is None
        if edition.byes_as_games or edition.unrated_opponents is UnratedOpponents.IF_RATED_IN_EVENT:
            assert rated.event.n >= against_rated
        else:
            assert rated.event.n == against_rated
        # every round is either a counted game or a result with a reason why it is not rated
        assert len(player.rounds) == rated.event.n + len(rated.not_rated)
        assert rated.new_rating == player.rating + round_half_away(rated.event.k_chg)
        assert len(rated.event.games) == rated.event.n
