"""What every edit shares: its errors, finding a player by start rank, replacing changed players."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

from fidedesk.core.tournament import Player, Tournament


class EditError(ValueError):
    """An edit that would make the tournament inconsistent; the message says why."""


class UnknownPlayerError(EditError):
    """An edit names a start rank that no player of the event has."""

    def __init__(self, start_rank: int) -> None:
        super().__init__(f"player {start_rank} is not in the event")
        self.start_rank = start_rank


def player_of(tournament: Tournament, start_rank: int) -> Player:
    """The player with this start rank; :class:`UnknownPlayerError` when the event has none."""
    try:
        return tournament.player(start_rank)
    except KeyError:
        raise UnknownPlayerError(start_rank) from None


def replace_players(tournament: Tournament, changed: dict[int, Player]) -> Tournament:
    """The tournament with the players in ``changed`` (by start rank) replaced, in their places."""
    players: Iterable[Player] = (changed.get(p.start_rank, p) for p in tournament.players)
    return dataclasses.replace(tournament, players=tuple(players))
