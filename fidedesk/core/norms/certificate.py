"""What FIDE's norm forms (IT1, the title-norm certificate; IT3, the tournament report) read of a norm: the games
an achieved norm rests on with the rating each counts at, and the opponents counted by federation and title.

Read from the games a :class:`~fidedesk.core.norms.forecast.NormRow` rests on, with the forecast's own
:func:`~fidedesk.core.norms.conditions.adjusted_ratings`, so a certificate shows the figures
:func:`~fidedesk.core.norms.forecast.norms` judged, never a second reckoning of them.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction

from fidedesk.core.norms.conditions import Opponent, adjusted_ratings
from fidedesk.core.norms.event import player_games, zero_scorers
from fidedesk.core.norms.forecast import NormRow, Status
from fidedesk.core.norms.rules import NormRules, Title
from fidedesk.core.tournament import TITLES, Tournament


@dataclasses.dataclass(frozen=True)
class CertificateGame:
    """A game a norm rests on: the round, the opponent (rating, title, federation as of the event's start), the
    rating it counts at (B.01 1.4.6: the floor, 1400 for an unrated opponent) and the player's score."""

    round: int
    opponent: Opponent
    rating_used: int
    score: Fraction


@dataclasses.dataclass(frozen=True)
class OpponentCounts:
    """The opponents of a norm counted as the IT1 form lists them: by federation (1.4.3, 1.4.4; most first, then
    by code), title-holders other than CM and WCM (1.4.5a), and holders of the norm's titles (1.4.5b-e)."""

    by_federation: tuple[tuple[str, int], ...]
    titled: int
    norm_titled: int
    by_title: tuple[tuple[str, int], ...]


def certificate_games(row: NormRow, rules: NormRules) -> tuple[CertificateGame, ...]:
    """The games an achieved norm (``row``, of :func:`~fidedesk.core.norms.forecast.norms`) rests on, in the order
    played, each with the rating it counts at.

    The games are the row's own (:attr:`NormRow.rests_on`): B.01 1.4.2's games that count (played over the board,
    an opponent of a FIDE federation, in a round robin not an unrated zero-scorer), a Swiss norm's perhaps only the
    first of them (1.4.1e: later games may be ignored). 1.4.6: the lowest opponent raised to the title's floor, an
    unrated one counted at 1400. Raises ValueError for a row that is not achieved: only a norm achieved has a
    certificate.
    """
    if row.status is not Status.ACHIEVED:
        raise ValueError(f"the {row.title.value} norm of {row.player.name} is {row.status.value}, not achieved")
    games = row.rests_on
    ratings = adjusted_ratings([game.opponent for game in games], rules.of(row.title), rules)
    return tuple(
        CertificateGame(game.round, game.opponent, used, game.score) for game, used in zip(games, ratings, strict=True)
    )


def opponent_counts(games: Sequence[CertificateGame], title: Title, rules: NormRules) -> OpponentCounts:
    """The opponents of ``games`` by federation, title-holders (B.01 1.4.5a: GM, IM, WGM, WIM, FM, WFM; CM and
    WCM not), holders of the titles that count for ``title``'s share (1.4.5b-e), and by title (in the order of
    :data:`~fidedesk.core.tournament.TITLES`)."""
    feds = Counter(game.opponent.federation for game in games)
    titles = Counter(game.opponent.title for game in games if game.opponent.title)
    return OpponentCounts(
        tuple(sorted(feds.items(), key=lambda item: (-item[1], item[0]))),
        sum(1 for game in games if game.opponent.title in rules.titled),
        sum(1 for game in games if game.opponent.title in rules.of(title).share_titles),
        tuple((name, titles[name]) for name in TITLES if titles[name]),
    )


def rounds_not_in_norm(tournament: Tournament, row: NormRow, after: int) -> tuple[tuple[int, str], ...]:
    """The player's rounds up to ``after`` that the norm does not rest on, each with why, for the form to show
    whole (B.01 1.4.1f: "the complete crosstable must still be submitted"): no game that counts (1.4.2: a forfeit,
    a bye, an opponent of no federation, an unrated zero-scorer of a round robin), a win left out (1.4.1f), or a
    game after the games the norm rests on (1.4.1e)."""
    games = player_games(tournament, row.player, after, zero_scorers(tournament, after))
    kept = {game.round for game in row.rests_on}
    last = max(kept, default=0)
    found = list(games.not_counted)
    for game in games.counted:
        if game.round not in kept:
            found.append((game.round, "a win left out (1.4.1f)" if game.round < last else
                          "after the games of the norm (1.4.1e)"))  # fmt: skip
    return tuple(sorted(found))
