"""Final standings: points, then the tie-breaks in the order chosen (FIDE C.07 article 4.2).

Points come from the results, never from a file's points column. Each tie-break separates only the
players still tied on points and every tie-break before it; players equal on all of them share
their places (C.07 2.1 lets the regulations of the event say so), listed by start rank.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Mapping, Sequence
from fractions import Fraction

from fidedesk.core.tiebreaks.calculate import (
    Kind,
    RawValue,
    TieBreak,
    TieBreakRules,
    TieBreakValue,
    direct_encounter_in,
    raw_values,
    shown_values,
    tiebreak_event,
)
from fidedesk.core.tournament import Player, System, Tournament


@dataclasses.dataclass(frozen=True)
class Standing:
    """One line of the standings: places ``rank`` to ``rank_to`` (shared when they differ).

    ``tiebreaks`` holds one value per tie-break asked for, in that order. For DE it is the place
    within the group of players it was applied to (1 first), None where it was not needed.
    """

    rank: int
    rank_to: int
    player: Player
    points: Fraction
    tiebreaks: tuple[TieBreakValue, ...]

    @property
    def shared(self) -> bool:
        return self.rank_to > self.rank

    @property
    def place(self) -> str:
        """``"3"``, or ``"3–4"`` for a shared place."""
        return f"{self.rank}–{self.rank_to}" if self.shared else str(self.rank)


def standings(
    tournament: Tournament,
    tiebreaks: Sequence[TieBreak] | None = None,
    rules: TieBreakRules | None = None,
    after_round: int | None = None,
) -> tuple[Standing, ...]:
    """The tournament ranked by points, then by each tie-break in turn among those still tied (C.07 4.2).

    ``tiebreaks`` and ``rules`` (the edition of C.07) are by default the event's own
    (:attr:`EventInfo.tiebreaks_in_use`, :attr:`EventInfo.rules_in_use`); ``after_round`` gives the
    standings as they stood after that round.
    """
    if tiebreaks is None:
        tiebreaks = tournament.info.tiebreaks_in_use
    event = tiebreak_event(tournament, rules, after_round)
    players = tournament.by_rank()
    # ranking compares the raw ints (half points, counts); Fractions are made only for what is shown
    groups = _split(sorted(players), event.halves)
    shown: list[Mapping[int, TieBreakValue]] = []
    for tiebreak in tiebreaks:
        order: Mapping[int, RawValue]
        if tiebreak.kind is Kind.DIRECT_ENCOUNTER:
            # DE is a ranking among the players tied so far, not a value of its own (C.07 6)
            places = direct_encounter_in(event, [group for group in groups if len(group) > 1])
            shown.append(places)
            order = {rank: -places.get(rank, 0) for rank in players}
        else:
            order = raw_values(event, tiebreak)
            shown.append(shown_values(event, tiebreak))
        groups = [block for group in groups for block in (_split(group, order) if len(group) > 1 else [group])]
    rows = list(zip(*(map(column.get, players) for column in shown), strict=True)) if shown else [()] * len(players)
    values = dict(zip(players, rows, strict=True))
    points = {halves: Fraction(halves, 2) for halves in set(event.halves.values())}
    result: list[Standing] = []
    for group in groups:
        first = len(result) + 1
        last = first + len(group) - 1
        result.extend(Standing(first, last, players[rank], points[event.halves[rank]], values[rank]) for rank in group)
    return tuple(result)


def with_points_and_ranks(
    tournament: Tournament, tiebreaks: Sequence[TieBreak] | None = None, ranked: Sequence[Standing] | None = None
) -> Tournament:
    """The tournament with the points and ranks a results file reports (TRF's 001 columns 81-89, the Excel
    export's Players sheet).

    A tournament whose players all carry points and a rank (as a TRF file gives them) and whose points are
    those of its results (:meth:`Tournament.points`; in a team event, whatever they are) is returned as it
    is: those are the figures the event published, ranked by the organiser's tie-breaks. Otherwise (a new
    event, a file's points gone stale after results were entered, or counting a bye requested for a round
    not played yet) every player gets the points of the rounds played and their place in :func:`standings`
    under ``tiebreaks`` (the first place of a shared one, C.07 2.1); ``ranked``, when given, is those
    standings already made.
    """
    players = tournament.players
    # a team event's board points follow its team rules (a board forfeited by the team), which fidedesk does
    # not model: its file's figures stand as they are
    team = tournament.info.system is System.TEAM_SWISS
    if all(p.points is not None and p.rank is not None and (team or p.points == tournament.points(p)) for p in players):
        return tournament
    rows = ranked if ranked is not None else standings(tournament, tiebreaks)
    places = {standing.player.start_rank: standing.rank for standing in rows}
    changed = tuple(
        dataclasses.replace(player, points=tournament.points(player), rank=places[player.start_rank])
        for player in players
    )
    return dataclasses.replace(tournament, players=changed)


def _split(group: list[int], values: Mapping[int, RawValue]) -> list[list[int]]:
    """The group in blocks of equal value, highest first, None last; start-rank order within a block."""

    def key(rank: int) -> tuple[bool, int]:
        found = values[rank]
        return (found is None, -found if found is not None else 0)

    ordered = sorted(group, key=lambda rank: (key(rank), rank))
    return [list(block) for _, block in itertools.groupby(ordered, key=key)]


@dataclasses.dataclass(frozen=True)
class FigureDifference:
    """A player whose published points or rank (TRF 001 columns 81-84, 86-89) are not the standings'.

    ``what`` is ``"points"`` or ``"rank"``; ``given`` the file's figure; ``expected`` the standings' (the
    points of the rounds played, or the place: any of ``rank``-``rank_to`` for a shared one, C.07 2.1)."""

    player: Player
    what: str
    given: Fraction | int
    expected: Fraction | int
    expected_to: int | None = None


def figure_differences(
    tournament: Tournament, ranked: Sequence[Standing] | None = None
) -> tuple[FigureDifference, ...]:
    """Each published point figure that is not the player's points (:meth:`Tournament.points`) and each
    published rank outside the player's place in ``ranked`` (default :func:`standings` by the event's own
    tie-breaks, TRF-2026's 202/212 when the file names them), by start rank. A figure the file leaves blank
    is not compared. A team event's figures follow its team rules, which fidedesk does not model (see
    :func:`with_points_and_ranks`): the caller says so rather than asking."""
    rows = ranked if ranked is not None else standings(tournament)
    found = []
    for row in sorted(rows, key=lambda row: row.player.start_rank):
        player = row.player
        if player.points is not None and player.points != row.points:
            found.append(FigureDifference(player, "points", player.points, row.points))
        if player.rank is not None and not row.rank <= player.rank <= row.rank_to:
            found.append(FigureDifference(player, "rank", player.rank, row.rank, row.rank_to if row.shared else None))
    return tuple(found)
