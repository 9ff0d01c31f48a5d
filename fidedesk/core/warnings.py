"""What the arbiter should know before sending the event, as data: results not rated grouped by reason (with
their places), unrated players who get no rating and why, boards without a result, and the rate of play.

The warnings panel and ``fidedesk-cli rate`` render these; neither groups or counts on its own.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Sequence
from typing import Final

from fidedesk.core.editing import boards
from fidedesk.core.rating.eligibility import RateProblem, checks_rate_of_play, event_rate_problems, parse_time_control
from fidedesk.core.rating.event import EventRating
from fidedesk.core.results import ResultCode
from fidedesk.core.tournament import Tournament

#: How many places (players, games) a list of them shows before "and N more", so that a long event stays readable.
PLACES_SHOWN: Final = 12

#: The reason of a result not entered yet (listed with the boards still to enter, not with the results not rated).
PENDING_REASON: Final = ResultCode.PENDING.reason_not_rated


@dataclasses.dataclass(frozen=True, slots=True)
class Place:
    """A player's result in a round: ``player`` against ``opponent`` (None: a bye)."""

    round: int
    player: int
    opponent: int | None


@dataclasses.dataclass(frozen=True, slots=True)
class NotRatedGroup:
    """One reason why results are not rated (with its article), and where.

    ``results`` holds every player's side of every such result, in the event's order; ``games`` each game
    once, under the first player who has it, in round order (a game both of whose sides are not rated for
    different reasons is listed under the first reason only).
    """

    reason: str
    results: tuple[Place, ...]
    games: tuple[Place, ...]


@dataclasses.dataclass(frozen=True, slots=True)
class NoRating:
    """An unrated player who gets no published rating from the event: why, and the value computed, if any."""

    start_rank: int
    name: str
    reason: str
    computed: int | None


@dataclasses.dataclass(frozen=True, slots=True)
class NoRatingGroup:
    """The players who get no published rating for one and the same reason, in the event's order."""

    reason: str
    players: tuple[NoRating, ...]


@dataclasses.dataclass(frozen=True, slots=True)
class PendingRound:
    """A round's boards (by their numbers, :func:`fidedesk.core.editing.boards`) without a result."""

    round: int
    boards: tuple[int, ...]


class RateOfPlayCheck(enum.Enum):
    """How far the rate of play could be checked (1.1-1.2, R&B 1.1-1.2)."""

    NO_RULES = "the edition has no rate-of-play rules"
    NO_TIME_CONTROL = "no time control entered"
    UNREADABLE = "the time control cannot be read"
    CHECKED = "checked"


@dataclasses.dataclass(frozen=True, slots=True)
class RateOfPlay:
    """The event's time control against the edition's rules for the list the event is rated on."""

    check: RateOfPlayCheck
    time_control: str
    problems: tuple[RateProblem, ...] = ()


@dataclasses.dataclass(frozen=True, slots=True)
class EventWarnings:
    """Everything to check before the event is sent, in the order it is shown.

    ``rules`` are the event-level notes of the rating itself (the round-robin method's conditions, R&B
    7.2.1); ``not_rated`` has every reason, the results not entered yet (:data:`PENDING_REASON`) included,
    in the order the reasons first occur.
    """

    rules: tuple[str, ...]
    rate_of_play: RateOfPlay
    not_rated: tuple[NotRatedGroup, ...]
    no_rating: tuple[NoRating, ...]
    pending: tuple[PendingRound, ...]


def listed(texts: Sequence[str], most: int = PLACES_SHOWN) -> str:
    """``texts`` joined by commas: the first ``most`` of them, then how many more there are."""
    shown = ", ".join(texts[:most])
    return shown + (f" and {len(texts) - most} more" if len(texts) > most else "")


def not_rated_groups(rating: EventRating) -> tuple[NotRatedGroup, ...]:
    """Results not rated, grouped by reason, in the order the reasons first occur."""
    results: dict[str, list[Place]] = {}
    games: dict[str, list[Place]] = {}
    seen: set[tuple[int, frozenset[int]]] = set()
    for player in rating.players:
        rank = player.player.start_rank
        for item in player.not_rated:
            place = Place(item.round, rank, item.opponent)
            results.setdefault(item.reason, []).append(place)
            game = (item.round, frozenset({rank, *([item.opponent] if item.opponent is not None else [])}))
            if game not in seen:
                seen.add(game)
                games.setdefault(item.reason, []).append(place)
    return tuple(
        NotRatedGroup(reason, tuple(places), tuple(sorted(games.get(reason, ()), key=_place_order)))
        for reason, places in results.items()
    )


def _place_order(place: Place) -> tuple[int, int]:
    return place.round, place.player


def no_rating(rating: EventRating) -> tuple[NoRating, ...]:
    """Unrated players who get no published rating from the event (8.2), and why."""
    return tuple(
        NoRating(player.player.start_rank, player.player.name, initial.reason, initial.value)
        for player in rating.players
        if (initial := player.initial) is not None and (initial.value is None or not initial.published)
    )


def no_rating_groups(players: Sequence[NoRating]) -> tuple[NoRatingGroup, ...]:
    """``players`` (from :func:`no_rating`) grouped by their reason, in the order the reasons first occur: a big
    open has a hundred unrated players, most of them left without a rating for the same reason (7.1.4)."""
    groups: dict[str, list[NoRating]] = {}
    for player in players:
        groups.setdefault(player.reason, []).append(player)
    return tuple(NoRatingGroup(reason, tuple(group)) for reason, group in groups.items())


def pending_rounds(tournament: Tournament) -> tuple[PendingRound, ...]:
    """Per round, the boards paired without a result yet."""
    found = []
    # one scan finds the rounds with pending results; only those are laid out as boards
    rounds = sorted({e.round for p in tournament.players for e in p.rounds if e.result is ResultCode.PENDING})
    for round_ in rounds:
        pending = tuple(board.number for board in boards(tournament, round_) if board.result is ResultCode.PENDING)
        if pending:
            found.append(PendingRound(round_, pending))
    return tuple(found)


def rate_of_play(tournament: Tournament, rating: EventRating) -> RateOfPlay:
    """The edition's rate-of-play rules (1.1-1.2, R&B 1.1-1.2) against the event's time control and players,
    for the list the event is rated on (``tournament.info.kind``)."""
    text = tournament.info.time_control.strip()
    edition = rating.edition
    if not checks_rate_of_play(edition):
        return RateOfPlay(RateOfPlayCheck.NO_RULES, text)
    if not text:
        return RateOfPlay(RateOfPlayCheck.NO_TIME_CONTROL, text)
    control = parse_time_control(text)
    if control is None:
        return RateOfPlay(RateOfPlayCheck.UNREADABLE, text)
    problems = event_rate_problems(edition, control, tournament.info.kind, tournament.players)
    return RateOfPlay(RateOfPlayCheck.CHECKED, text, tuple(problems))


def event_warnings(tournament: Tournament, rating: EventRating) -> EventWarnings:
    """The warnings of ``tournament`` as rated in ``rating`` (rated under its own kind, ``info.kind``)."""
    return EventWarnings(
        rating.warnings,
        rate_of_play(tournament, rating),
        not_rated_groups(rating),
        no_rating(rating),
        pending_rounds(tournament),
    )
