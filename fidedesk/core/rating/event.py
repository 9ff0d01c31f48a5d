"""Rating a whole event: which games count, every rated player's change, every unrated player's rating.

The event is taken as the whole rating period unless the caller says how many games each player
has in the period (the K x n cap of 8.3.3 counts the period's games).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Mapping
from fractions import Fraction

from fidedesk.core.rating.editions import Edition, UnratedOpponents
from fidedesk.core.rating.initial import InitialRating, UnratedEvent, event_performance, initial_rating
from fidedesk.core.rating.kfactor import KFactor, k_factor
from fidedesk.core.rating.performance import average_rating, performance_rating
from fidedesk.core.rating.rated import EventCalc, Game, hundredths, rapid_blitz_exclusion, rate_event
from fidedesk.core.rating.roundrobin import RoundRobinEntrant, RoundRobinMethod, round_robin_method
from fidedesk.core.rating.tables import round_half_away, round_half_up
from fidedesk.core.results import ResultCode
from fidedesk.core.tournament import Player, RatingKind, System, Tournament
from fidedesk.core.values import counted


@dataclasses.dataclass(frozen=True)
class Unrated:
    """A result that is not rated for this player, and why."""

    round: int
    opponent: int | None
    reason: str


@dataclasses.dataclass(frozen=True)
class PlayerRating:
    """One player's figures for the event."""

    player: Player
    event: EventCalc | None
    new_rating: int | None
    initial: InitialRating | None
    performance: int | None
    not_rated: tuple[Unrated, ...]
    #: The games against opponents with a published rating, at their real ratings.
    against_rated: tuple[Game, ...] = ()

    @property
    def rc(self) -> int | None:
        """FIDE's Rc: for a rated player the average of the ratings as used (capped ones at R -/+ 400)."""
        if self.event is not None:
            return self.event.rc
        ratings = [game.opponent_rating for game in self.against_rated]
        return average_rating(ratings) if ratings else None

    @property
    def w(self) -> Fraction:
        if self.event is not None:
            return self.event.w
        return sum((game.score for game in self.against_rated), Fraction(0))

    @property
    def n(self) -> int:
        return self.event.n if self.event is not None else len(self.against_rated)


@dataclasses.dataclass(frozen=True)
class EventRating:
    """Every player's figures, the edition used and the event-level warnings."""

    edition: Edition
    players: tuple[PlayerRating, ...]
    warnings: tuple[str, ...]
    round_robin: RoundRobinMethod | None


def _round_robin_applies(edition: Edition, tournament: Tournament, warnings: list[str]) -> bool:
    """Whether the tournament-average method rates this round robin (2008 6.3, 6.43)."""
    players = tournament.players
    unrated = [player for player in players if not player.is_rated]
    if not (edition.round_robin_method and tournament.info.system.is_round_robin and unrated):
        return False
    if any(entry.result.reason_not_rated for player in players for entry in player.rounds):
        warnings.append("round robin with unplayed games: rated as a Swiss (2008 6.43)")
        return False
    rated = len(players) - len(unrated)
    double = tournament.info.system is System.DOUBLE_ROUND_ROBIN
    problems = []
    if 3 * rated < len(players):
        problems.append(f"only {rated} of {counted(len(players), 'player')} rated, fewer than a third (6.3)")
    if len(players) < 10 and rated < 4:
        problems.append(f"fewer than 10 players and only {rated} rated, fewer than 4 (6.31)")
    if double and (len(players) < 6 or rated < 4):
        problems.append("a double round robin with unrated players needs 6 players, 4 of them rated (6.32)")
    if problems:
        warnings.extend(f"{problem}: unrated players get no rating from this event" for problem in problems)
        return False
    return True


@dataclasses.dataclass(frozen=True)
class _Context:
    """What every per-player step needs: the rules, the players by start rank, kind and start date."""

    edition: Edition
    players: Mapping[int, Player]
    kind: RatingKind
    start: dt.date | None


@dataclasses.dataclass(frozen=True)
class _Counted:
    """A player's counted games, those of them against published ratings, and what does not count."""

    games: tuple[Game, ...]
    against_rated: tuple[Game, ...]
    skipped: tuple[Unrated, ...]


def _swiss_unrated_ratings(context: _Context) -> dict[int, int]:
    """2008 6.41/6.42: unrated players whose event performance counts, with the rating it gives."""
    edition = context.edition
    if edition.unrated_opponents is not UnratedOpponents.IF_RATED_IN_EVENT:
        return {}
    ratings: dict[int, int] = {}
    for player in context.players.values():
        if player.is_rated:
            continue
        event = UnratedEvent(_count_games(context, player, {}).against_rated)
        if len(event.games) < max(3, edition.min_rated_opponents) or event.score < edition.min_event_score:
            continue
        ru = round_half_up(event_performance(edition, event).ru)
        if edition.floor is None or ru > edition.floor:
            ratings[player.start_rank] = ru
    return ratings


def _count_games(context: _Context, player: Player, unrated_ratings: Mapping[int, int]) -> _Counted:
    """Sort the player's rounds into rated games (opponent's rating as it counts) and results that do not count."""
    edition = context.edition
    players = context.players
    games: list[Game] = []
    real: list[Game] = []
    skipped: list[Unrated] = []
    own = player.rating
    # R&B 7.3.1 can only exclude games in rapid or blitz; standard events skip the check
    check_exclusion = own is not None and context.kind is not RatingKind.STANDARD
    for entry in player.rounds:
        result = entry.result
        reason = result.reason_not_rated
        if reason is not None:
            bye_game = _bye_as_game(edition, own, result)
            if bye_game is not None:
                games.append(bye_game._replace(round=entry.round))
            else:
                skipped.append(Unrated(entry.round, entry.opponent, reason))
            continue
        opponent = players.get(entry.opponent) if entry.opponent is not None else None
        if opponent is None:
            skipped.append(Unrated(entry.round, entry.opponent, "opponent not in the event"))
            continue
        published = opponent.rating
        rating = published if published is not None else unrated_ratings.get(opponent.start_rank)
        if rating is None:
            skipped.append(Unrated(entry.round, entry.opponent, "opponent unrated: not rated (FIDE 8.3.1)"))
            continue
        if check_exclusion and published is not None:
            assert own is not None
            excluded = rapid_blitz_exclusion(edition, own, rating, context.kind, context.start)
            if excluded:
                skipped.append(Unrated(entry.round, entry.opponent, excluded))
                continue
        game = Game(rating, result.score, entry.round)
        games.append(game)
        if published is not None:
            real.append(game)
    return _Counted(tuple(games), tuple(real), tuple(skipped))


def _bye_as_game(edition: Edition, own: int | None, result: ResultCode) -> Game | None:
    """The ``elo-byes`` option: a bye as a win against R - 400, a default as a loss against R + 400."""
    if not edition.byes_as_games or own is None:
        return None
    if result in (ResultCode.FULL_BYE, ResultCode.PAIRING_BYE, ResultCode.FORFEIT_WIN):
        return Game(own - 400, Fraction(1))
    if result is ResultCode.FORFEIT_LOSS:
        return Game(own + 400, Fraction(0))
    return None


class RatingMemo:
    """Figures from an earlier rating of the same event, reused for players whose inputs did not change.

    An editor rates the event again after every edit, and an edit changes one or two players. Outside
    the round-robin method (which rates everyone from the whole table), a player's figures depend only on
    their own record (the Player, immutable: the same object means the same record) and on each
    opponent's rating as it counts, so :func:`rate_tournament` takes the figures of every other player
    from here. Pass one memo to successive calls for one event; it never changes a figure, only how
    soon it is known.
    """

    def __init__(self) -> None:
        self._setting: tuple[object, ...] | None = None
        self._players: dict[int, tuple[Player, PlayerRating]] = {}
        self._ratings: dict[int, tuple[int | None, int | None]] = {}

    def _begin(self, setting: tuple[object, ...]) -> dict[int, tuple[Player, PlayerRating]]:
        """The figures kept for this setting (none when the rules or the event's terms changed)."""
        if setting != self._setting:
            self._setting = setting
            self._players = {}
            self._ratings = {}
        return self._players

    def _moved(self, ratings: dict[int, tuple[int | None, int | None]]) -> set[int]:
        """Start ranks whose rating as opponents see it changed, or who came or went; remember the new ones."""
        before = self._ratings
        self._ratings = ratings
        if before.keys() == ratings.keys() and before == ratings:
            return set()
        return {rank for rank in before.keys() | ratings.keys() if before.get(rank, ()) != ratings.get(rank, ())}


def rate_tournament(
    tournament: Tournament,
    edition: Edition,
    *,
    k: int | None = None,
    period_games: Mapping[int, int] | None = None,
    memo: RatingMemo | None = None,
) -> EventRating:
    """Rate every player of the event under ``edition``.

    ``k`` sets K for every rated player (else it is inferred from each player's record, and
    capped by K x n <= 700 with n the games in ``period_games`` or, by default, in this event).
    ``memo`` keeps figures between calls for an event being edited (:class:`RatingMemo`).
    """
    kind = tournament.info.kind
    start = tournament.info.start
    warnings: list[str] = []
    tournament = _standard_ratings_for_unrated(edition, tournament, warnings)
    context = _Context(edition, tournament.by_rank(), kind, start)
    method: RoundRobinMethod | None = None
    unrated_ratings: dict[int, int] = {}
    if _round_robin_applies(edition, tournament, warnings):
        method = round_robin_method(edition, [
            RoundRobinEntrant(p.start_rank, p.rating, sum((e.result.score for e in p.rounds), Fraction(0)),
                              tuple(e.opponent for e in p.rounds if e.opponent is not None and e.result.is_played))
            for p in tournament.players
        ])  # fmt: skip
        if edition.unrated_opponents is not UnratedOpponents.NEVER:
            unrated_ratings = {rank: figures.ru for rank, figures in method.unrated.items()}
    else:
        unrated_ratings = _swiss_unrated_ratings(context)

    use_memo = memo is not None and method is None
    kept: dict[int, tuple[Player, PlayerRating]] = {}
    moved: set[int] = set()
    if memo is not None and method is None:
        periods = tuple(sorted(period_games.items())) if period_games is not None else None
        kept = memo._begin((edition, kind, start, k, periods, tournament.info.name))
        moved = memo._moved({rank: (p.rating, unrated_ratings.get(rank)) for rank, p in context.players.items()})
    results = []
    for player in tournament.players:
        if use_memo:
            found = kept.get(player.start_rank)
            if (
                found is not None
                and found[0] is player
                and not (moved and any(entry.opponent in moved for entry in player.rounds))
            ):
                results.append(found[1])
                continue
        rating = _rate_player(context, player, unrated_ratings, method, k, period_games, tournament.info.name)
        if use_memo:
            kept[player.start_rank] = (player, rating)
        results.append(rating)
    if use_memo and len(kept) > len(results):  # players removed: forget them
        ranks = {rating.player.start_rank for rating in results}
        for rank in [rank for rank in kept if rank not in ranks]:
            del kept[rank]
    return EventRating(edition, tuple(results), tuple(warnings), method)


def _rate_player(
    context: _Context,
    player: Player,
    unrated_ratings: Mapping[int, int],
    method: RoundRobinMethod | None,
    k: int | None,
    period_games: Mapping[int, int] | None,
    event_name: str,
) -> PlayerRating:
    """One player's figures: the change of a rated player, the initial rating of an unrated one."""
    edition, kind, start = context.edition, context.kind, context.start
    counted = _count_games(context, player, unrated_ratings)
    real = counted.against_rated
    if player.rating is not None:
        factor = _k_for(edition, player, k, len(counted.games), period_games, kind, start)
        calc = rate_event(
            edition, player.rating, counted.games, factor, kind=kind, rc_override=_rc_1994(method, player)
        )
        new = player.rating + round_half_away(calc.k_chg)
        # the event's W is the score against published ratings unless byes or Ru-rated opponents count
        score = calc.w if len(real) == calc.n else _points(real)
        performance = performance_rating([g.opponent_rating for g in real], score) if real else None
        return PlayerRating(player, calc, new, None, performance, counted.skipped, real)
    initial = initial_rating(edition, [_unrated_event(method, player, real, event_name)])
    performance = performance_rating([g.opponent_rating for g in real], _points(real)) if real else None
    return PlayerRating(player, None, None, initial, performance, counted.skipped, real)


def _standard_ratings_for_unrated(edition: Edition, tournament: Tournament, warnings: list[str]) -> Tournament:
    """R&B 7.2.1: in rapid or blitz, a player with no rating of that kind plays with their standard rating."""
    if tournament.info.kind is RatingKind.STANDARD or not edition.standard_rating_in_rapid_blitz:
        return tournament
    players = []
    for player in tournament.players:
        standard = player.record.standard_rating
        if player.rating is None and standard is not None:
            warnings.append(f"{player.name}: no {tournament.info.kind.value} rating, rated with the standard "
                            f"rating {standard} (R&B 7.2.1)")  # fmt: skip
            player = dataclasses.replace(player, rating=standard)
        players.append(player)
    return dataclasses.replace(tournament, players=tuple(players))


def _points(games: tuple[Game, ...]) -> Fraction:
    return Fraction(sum(hundredths(game.score) for game in games), 100)


def _unrated_event(
    method: RoundRobinMethod | None, player: Player, against_rated: tuple[Game, ...], name: str
) -> UnratedEvent:
    """The unrated player's event for 8.2: games against rated opponents, or the round-robin Ra and n."""
    if method is not None and player.start_rank in method.unrated:
        figures = method.unrated[player.start_rank]
        all_games = tuple(Game(figures.rc, e.result.score, e.round) for e in player.rounds if e.result.is_played)
        return UnratedEvent(all_games, name, round_robin_ra=figures.rc, round_robin_n=method.n)
    return UnratedEvent(against_rated, name)


def _rc_1994(method: RoundRobinMethod | None, player: Player) -> Fraction | None:
    """GA '94 10.51: in a round robin with unrated players, Rc = (Ra (n + 1) - R) / n."""
    if method is None or player.rating is None:
        return None
    return Fraction(method.ra * (method.n + 1) - player.rating, method.n)


def _k_for(
    edition: Edition,
    player: Player,
    k: int | None,
    games: int,
    period_games: Mapping[int, int] | None,
    kind: RatingKind,
    start: dt.date | None,
) -> KFactor:
    if k is not None:
        return KFactor(k, k, f"K {k}: set for every player")
    assert player.rating is not None
    n = period_games.get(player.start_rank, games) if period_games else games
    rules = edition.k_rules(kind is RatingKind.STANDARD, start)
    return k_factor(rules, rating=player.rating, record=player.record, birth=player.birth, on=start, games_in_period=n)
