"""The event's and the players' details: the event's header and tie-breaks, players added and removed, one
field of a player."""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final, NamedTuple

from fidedesk.core.editing.base import EditError, player_of, replace_players
from fidedesk.core.tiebreaks.codes import TieBreak, TieBreakRules, repeated
from fidedesk.core.tournament import BirthDate, EventInfo, Player, Tournament
from fidedesk.core.values import (
    FIDE_ID_RANGE,
    GAMES_RANGE,
    K_RANGE,
    RATING_IN_FILE,
    InvalidValueError,
    Range,
    parse_federation,
    parse_sex,
    parse_title,
    plural,
)

#: A value of a :class:`PlayerField`: text, a whole number, yes/no or a birth date; None where a
#: field may be unknown.
FieldValue = str | int | bool | BirthDate | None


class PlayerField(enum.StrEnum):
    """A player's detail the arbiter may change (the players table's columns, the rating list's updates).

    The value is the Player's (or, for the K-factor's inputs, the PlayerRecord's) attribute of that name;
    the start rank and the rounds are not fields: they change through pairing and results.
    """

    NAME = "name"
    SEX = "sex"
    TITLE = "title"
    FEDERATION = "federation"
    FIDE_ID = "fide_id"
    RATING = "rating"
    BIRTH = "birth"
    GAMES = "games"
    EVER_2400 = "ever_2400"
    K = "k"
    STANDARD_RATING = "standard_rating"

    @property
    def in_record(self) -> bool:
        """True for what the K factor depends on (FIDE 8.3.3), kept in the player's PlayerRecord."""
        return self in _RECORD_FIELDS

    def of(self, player: Player) -> FieldValue:
        """The player's value of this field."""
        value: FieldValue = getattr(player.record if self.in_record else player, self.value)
        return value


_RECORD_FIELDS: Final = frozenset(
    {PlayerField.GAMES, PlayerField.EVER_2400, PlayerField.K, PlayerField.STANDARD_RATING}
)
#: The type of each field's value besides None (which only a name, sex, title and federation refuse:
#: they are empty text when not known).
_FIELD_TYPES: Final[dict[PlayerField, type]] = {
    **dict.fromkeys([PlayerField.NAME, PlayerField.SEX, PlayerField.TITLE, PlayerField.FEDERATION], str),
    **dict.fromkeys([PlayerField.FIDE_ID, PlayerField.RATING, PlayerField.GAMES, PlayerField.K,
                     PlayerField.STANDARD_RATING], int),
    PlayerField.BIRTH: BirthDate,
    PlayerField.EVER_2400: bool,
}  # fmt: skip


def _within(allowed: Range, what: str) -> Callable[[Any], None]:
    def check(value: int) -> None:
        if value not in allowed:
            raise EditError(f"{value} is not {what} ({allowed})")

    return check


def _as_written(parse: Callable[[str], str]) -> Callable[[Any], None]:
    """A text field holds what its parser writes (``GM``, ``GER``): anything else did not come through it."""

    def check(value: str) -> None:
        try:
            written = parse(value)
        except InvalidValueError as error:
            raise EditError(str(error)) from None
        if written != value:
            raise EditError(f"“{value}” is written “{written}”")

    return check


#: Each field's own rule (core.values), whoever sets it: the players table, the rating list, a file.
_CHECKS: Final[dict[PlayerField, Callable[[Any], None]]] = {
    PlayerField.RATING: _within(RATING_IN_FILE, "a rating"),
    PlayerField.STANDARD_RATING: _within(RATING_IN_FILE, "a rating"),
    PlayerField.FIDE_ID: _within(FIDE_ID_RANGE, "a FIDE ID"),
    PlayerField.K: _within(K_RANGE, "a K factor"),
    PlayerField.GAMES: _within(GAMES_RANGE, "a number of games"),
    PlayerField.SEX: _as_written(parse_sex),
    PlayerField.TITLE: _as_written(parse_title),
    PlayerField.FEDERATION: _as_written(parse_federation),
}


def set_event_info(tournament: Tournament, info: EventInfo) -> Tournament:
    """The event's header data replaced; refused when the event would end before it starts."""
    if info.start is not None and info.end is not None and info.end < info.start:
        raise EditError("the event cannot end before it starts")
    return dataclasses.replace(tournament, info=info)


def set_tiebreaks(tournament: Tournament, tiebreaks: Sequence[TieBreak] | None) -> Tournament:
    """The organiser's tie-breaks after the points, in order (C.07 4.2); None: the system's defaults.

    An empty choice is a choice: players equal on points share their places. A tie-break named twice is
    refused: the second could break no tie the first left (C.07 4.2 applies each in turn).
    """
    chosen = None if tiebreaks is None else tuple(tiebreaks)
    if chosen is not None and (twice := repeated(chosen)) is not None:
        raise EditError(f"{twice.code} is chosen twice")
    return dataclasses.replace(tournament, info=dataclasses.replace(tournament.info, tiebreaks=chosen))


def set_tiebreak_rules(tournament: Tournament, rules: TieBreakRules | None) -> Tournament:
    """The edition of C.07 the standings follow; None: ``auto``, the one in force on the start date."""
    return dataclasses.replace(tournament, info=dataclasses.replace(tournament.info, tiebreak_rules=rules))


def add_player(tournament: Tournament, player: Player) -> Tournament:
    """Append ``player`` with the next free start rank and no rounds."""
    rank = max((p.start_rank for p in tournament.players), default=0) + 1
    added = dataclasses.replace(player, start_rank=rank, rounds=())
    return dataclasses.replace(tournament, players=(*tournament.players, added))


class AddedPlayers(NamedTuple):
    """What :func:`add_new_players` made: the tournament, the players added (with their start ranks)
    and those left out."""

    tournament: Tournament
    added: tuple[Player, ...]
    left_out: tuple[Player, ...]


def add_new_players(tournament: Tournament, players: Iterable[Player]) -> AddedPlayers:
    """``players`` appended at the next free start ranks, except those whose FIDE ID a player of the
    event already has: one person is one player of the event (a list or a workbook added twice adds
    no one twice)."""
    known = {player.fide_id for player in tournament.players if player.fide_id}
    added: list[Player] = []
    left_out: list[Player] = []
    for player in players:
        if player.fide_id and player.fide_id in known:
            left_out.append(player)
        else:
            tournament = add_player(tournament, player)
            added.append(tournament.players[-1])
            if player.fide_id:
                known.add(player.fide_id)  # twice in the list added is once in the event
    return AddedPlayers(tournament, tuple(added), tuple(left_out))


def set_player_field(tournament: Tournament, start_rank: int, field: PlayerField, value: FieldValue) -> Tournament:
    """One of a player's details changed; the start rank and the rounds are edited by pairing.

    Refused when the value is not of the field's kind (text, a whole number, yes/no, a birth date) or
    breaks its value's rule (:mod:`fidedesk.core.values`: a rating, FIDE ID, K or count of games in its
    range; a title or federation as its parser writes it); the K-factor's inputs (FIDE 8.3.3) change in the
    player's record.
    """
    player = player_of(tournament, start_rank)
    kind = _FIELD_TYPES[field]
    wrong_kind = isinstance(value, bool) and kind is not bool  # a bool is an int to Python, not to FIDE
    if wrong_kind or not (isinstance(value, kind) or (value is None and kind is not str)):
        raise EditError(f"{value!r} is not a value of {field.value}")
    if value is not None and field in _CHECKS:
        _CHECKS[field](value)
    change: dict[str, Any] = {field.value: value}  # of the field's type: checked above
    if field.in_record:
        changed = dataclasses.replace(player, record=dataclasses.replace(player.record, **change))
    else:
        changed = dataclasses.replace(player, **change)
    return replace_players(tournament, {start_rank: changed})


def remove_player(tournament: Tournament, start_rank: int) -> Tournament:
    """Remove a player who has no games yet; one with games must withdraw (byes), not vanish."""
    player = player_of(tournament, start_rank)
    played = sorted(entry.round for entry in player.rounds if entry.opponent is not None)
    if played:
        rounds = ", ".join(map(str, played))
        raise EditError(f"{player.name} has games in {plural(len(played), 'round')} {rounds}: remove those first")
    return dataclasses.replace(tournament, players=tuple(p for p in tournament.players if p.start_rank != start_rank))


def remove_players(tournament: Tournament, start_ranks: Iterable[int]) -> Tournament:
    """Remove all of these players or, when one of them has games (:func:`remove_player`), none."""
    for rank in start_ranks:
        tournament = remove_player(tournament, rank)
    return tournament
