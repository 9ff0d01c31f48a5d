"""Edits of a tournament as pure functions: each returns a new Tournament, the old one stays as it was.

The window's undo commands keep the tournament before and after an edit; the rules of what an edit
may do live here, where they can be tested without Qt: pairing, results and byes (as the TRF records
them, C.04 Annex 2), double forfeits, a round pasted from a spreadsheet, one field of a player. A
refused edit raises :class:`EditError` with a message for the arbiter; a start rank that is not in the
event raises :class:`UnknownPlayerError`, one of them.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Iterable
from typing import Any, Final, NamedTuple

from fidedesk.core.notation import parse_board_result, parse_bye_result
from fidedesk.core.results import ResultCode
from fidedesk.core.tournament import BirthDate, EventInfo, Player, RoundEntry, Tournament


class EditError(ValueError):
    """An edit that would make the tournament inconsistent; the message says why."""


class UnknownPlayerError(EditError):
    """An edit names a start rank that no player of the event has."""

    def __init__(self, start_rank: int) -> None:
        super().__init__(f"player {start_rank} is not in the event")
        self.start_rank = start_rank


@dataclasses.dataclass(frozen=True)
class Board:
    """One pairing of a round as the arbiter sees it: white, black (None for a bye) and white's result."""

    white: int
    black: int | None
    result: ResultCode


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


def rounds_count(tournament: Tournament) -> int:
    """The number of the last round any player has an entry for (0 before the first pairing)."""
    return tournament.last_round


def entry_for(player: Player, round_: int) -> RoundEntry | None:
    return next((entry for entry in player.rounds if entry.round == round_), None)


def player_of(tournament: Tournament, start_rank: int) -> Player:
    """The player with this start rank; :class:`UnknownPlayerError` when the event has none."""
    try:
        return tournament.player(start_rank)
    except KeyError:
        raise UnknownPlayerError(start_rank) from None


# --------------------------------------------------------------------------------------- event and players


def set_event_info(tournament: Tournament, info: EventInfo) -> Tournament:
    """The event's header data replaced; refused when the event would end before it starts."""
    if info.start is not None and info.end is not None and info.end < info.start:
        raise EditError("the event cannot end before it starts")
    return dataclasses.replace(tournament, info=info)


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
    return AddedPlayers(tournament, tuple(added), tuple(left_out))


def set_player_field(tournament: Tournament, start_rank: int, field: PlayerField, value: FieldValue) -> Tournament:
    """One of a player's details changed; the start rank and the rounds are edited by pairing.

    Refused when the value is not of the field's kind (text, a whole number, yes/no, a birth date) or
    is not a rating; the K-factor's inputs (FIDE 8.3.3) change in the player's record.
    """
    player = player_of(tournament, start_rank)
    kind = _FIELD_TYPES[field]
    wrong_kind = isinstance(value, bool) and kind is not bool  # a bool is an int to Python, not to FIDE
    if wrong_kind or not (isinstance(value, kind) or (value is None and kind is not str)):
        raise EditError(f"{value!r} is not a value of {field.value}")
    if field in (PlayerField.RATING, PlayerField.STANDARD_RATING) and value is not None:
        assert isinstance(value, int)
        if not 0 < value < 4000:
            raise EditError(f"{value} is not a rating")
    change: dict[str, Any] = {field.value: value}  # of the field's type: checked above
    if field.in_record:
        changed = dataclasses.replace(player, record=dataclasses.replace(player.record, **change))
    else:
        changed = dataclasses.replace(player, **change)
    return _replace_players(tournament, {start_rank: changed})


def remove_player(tournament: Tournament, start_rank: int) -> Tournament:
    """Remove a player who has no games yet; one with games must withdraw (byes), not vanish."""
    player = player_of(tournament, start_rank)
    played = sorted(entry.round for entry in player.rounds if entry.opponent is not None)
    if played:
        rounds = ", ".join(map(str, played))
        raise EditError(
            f"{player.name} has games in round{'s' if len(played) > 1 else ''} {rounds}: remove those first"
        )
    return dataclasses.replace(tournament, players=tuple(p for p in tournament.players if p.start_rank != start_rank))


def remove_players(tournament: Tournament, start_ranks: Iterable[int]) -> Tournament:
    """Remove all of these players or, when one of them has games (:func:`remove_player`), none."""
    for rank in start_ranks:
        tournament = remove_player(tournament, rank)
    return tournament


# --------------------------------------------------------------------------------------- pairings and results


def pair(
    tournament: Tournament, round_: int, white: int, black: int, result: ResultCode = ResultCode.PENDING
) -> Tournament:
    """Pair ``white`` and ``black`` in ``round_`` with white's ``result`` (pending by default); black
    gets the mirrored code (``1``/``0``, ``+``/``-``, TRF C.04 Annex 2)."""
    if result.is_bye:
        raise EditError(f"{result.name.lower().replace('_', ' ')} is not the result of a game")
    return _pair(tournament, round_, white, black, result, result.mirrored())


def double_forfeit(tournament: Tournament, round_: int, white: int, black: int) -> Tournament:
    """``white`` and ``black`` paired in ``round_`` for a game neither played and both lost: ``-`` on
    both sides, the one result of the TRF (C.04 Annex 2) that is not mirrored; no one gets a point and
    the game is not rated (FIDE 5.1). A board already paired this way becomes one."""
    entry = entry_for(player_of(tournament, white), round_)
    if entry is not None and entry.opponent == black and entry.color == "w":
        tournament = unpair(tournament, round_, white)
    return _pair(tournament, round_, white, black, ResultCode.FORFEIT_LOSS, ResultCode.FORFEIT_LOSS)


def give_bye(tournament: Tournament, round_: int, start_rank: int, result: ResultCode) -> Tournament:
    """A round without opponent: half-point ``H``, full-point ``F``, pairing-allocated ``U`` (C.04.1.c)
    or zero-point ``Z`` bye, as the TRF records them."""
    if not result.is_bye:
        raise EditError(f"'{result.value}' is not a bye")
    _refuse_if_paired(tournament, round_, start_rank)
    return _with_entries(tournament, {start_rank: RoundEntry(round_, None, None, result)})


def set_result(tournament: Tournament, round_: int, start_rank: int, result: ResultCode) -> Tournament:
    """Enter ``start_rank``'s result in ``round_``; the opponent gets the mirrored result (TRF mirror rule)."""
    entry = entry_for(player_of(tournament, start_rank), round_)
    if entry is None:
        raise EditError(f"player {start_rank} has no pairing in round {round_}")
    if entry.opponent is None:
        return give_bye(unpair(tournament, round_, start_rank), round_, start_rank, result)
    if result.is_bye:
        raise EditError("a paired game cannot be given a bye: unpair it first")
    return _with_entries(
        tournament,
        {
            start_rank: dataclasses.replace(entry, result=result),
            entry.opponent: dataclasses.replace(_opponent_entry(tournament, round_, entry), result=result.mirrored()),
        },
    )


#: On a bye's board, white's result chooses the kind of bye: a win the full-point bye, a draw the
#: half-point bye, a loss the zero-point bye.
_BYE_FOR: Final[dict[ResultCode, ResultCode]] = {
    ResultCode.WIN: ResultCode.FULL_BYE,
    ResultCode.DRAW: ResultCode.HALF_BYE,
    ResultCode.LOSS: ResultCode.ZERO_BYE,
}


def set_board_result(tournament: Tournament, round_: int, board: Board, result: ResultCode) -> Tournament:
    """White's ``result`` entered on ``board`` (black's mirrored); on a bye's board ``1``, ``=`` and
    ``0`` give the full-point, half-point and zero-point bye, and anything else is refused."""
    if board.black is None:
        bye = _BYE_FOR.get(result)
        if bye is None:
            raise EditError("a bye takes 1, = or 0")
        return set_result(tournament, round_, board.white, bye)
    return set_result(tournament, round_, board.white, result)


def unpair(tournament: Tournament, round_: int, start_rank: int) -> Tournament:
    """Remove the player's entry in ``round_``, and the opponent's, if any."""
    entry = entry_for(player_of(tournament, start_rank), round_)
    if entry is None:
        return tournament
    ranks = [start_rank] if entry.opponent is None else [start_rank, entry.opponent]
    return _replace_players(
        tournament,
        {rank: _without_round(player_of(tournament, rank), round_) for rank in ranks},
    )


def boards(tournament: Tournament, round_: int) -> list[Board]:
    """The round's pairings, white first, in board order (higher start rank's score first, as entered)."""
    seen: set[int] = set()
    result: list[Board] = []
    ranks = tournament.by_rank()
    for player in tournament.players:
        entry = entry_for(player, round_)
        if entry is None or player.start_rank in seen:
            continue
        seen.add(player.start_rank)
        if entry.opponent is None:
            result.append(Board(player.start_rank, None, entry.result))
            continue
        seen.add(entry.opponent)
        if entry.color == "b":
            # white's own code: a double forfeit is '-' on both sides, which no mirror of black's gives
            white = entry_for(tournament.player(entry.opponent), round_) if entry.opponent in ranks else None
            code = white.result if white is not None else entry.result.mirrored()
            result.append(Board(entry.opponent, player.start_rank, code))
        else:
            result.append(Board(player.start_rank, entry.opponent, entry.result))
    paired = [board for board in result if board.black is not None]
    byes = [board for board in result if board.black is None]
    return paired + byes


# --------------------------------------------------------------------------------------- a pasted round


class PastedRound(NamedTuple):
    """What :func:`paste_round` made: the tournament, how many lines it applied, and each line refused,
    as "line 4: the reason"."""

    tournament: Tournament
    applied: int
    errors: list[str]


def paste_round(tournament: Tournament, round_: int, text: str) -> PastedRound:
    """Lines "white ⇥ black ⇥ result" (start ranks, as a spreadsheet copies them) applied to ``round_``.

    Fields are split at tabs, or at spaces when a line has no tab. A line for a board already paired
    the same way sets its result; "bye", "-" or nothing as black gives a bye (1, ½ or 0, read by
    notation.parse_bye_result); ``0-0`` is a double forfeit. Each bad line is reported with its number
    and the good lines are still applied, in order.
    """
    errors: list[str] = []
    applied = 0
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        fields = [field.strip() for field in (line.split("\t") if "\t" in line else line.split())]
        fields += [""] * (3 - len(fields))
        try:
            if len(fields) > 3 and any(fields[3:]):
                raise EditError("expected white, black and a result")
            tournament = _pasted_line(tournament, round_, *fields[:3])
            applied += 1
        except EditError as error:
            errors.append(f"line {number}: {error}")
    return PastedRound(tournament, applied, errors)


def _pasted_line(tournament: Tournament, round_: int, white_text: str, black_text: str, result: str) -> Tournament:
    white = _start_rank(white_text)
    if black_text.lower() in ("", "bye", "-"):
        try:
            bye = parse_bye_result(result)
        except ValueError as error:
            raise EditError(str(error)) from None
        return give_bye(tournament, round_, white, bye)
    black = _start_rank(black_text)
    try:
        code, black_code = parse_board_result(result)
    except ValueError as error:
        raise EditError(str(error)) from None
    for rank in (white, black):
        player_of(tournament, rank)  # the first unknown start rank is the one reported
    if code is black_code is ResultCode.FORFEIT_LOSS:
        return double_forfeit(tournament, round_, white, black)
    entry = entry_for(tournament.player(white), round_)
    if entry is not None and entry.opponent == black and entry.color == "w":
        return set_result(tournament, round_, white, code)
    return pair(tournament, round_, white, black, code)


def _start_rank(text: str) -> int:
    if not text.isdigit():
        raise EditError(f"“{text}” is not a start rank")
    return int(text)


# --------------------------------------------------------------------------------------- helpers


def _pair(
    tournament: Tournament, round_: int, white: int, black: int, white_result: ResultCode, black_result: ResultCode
) -> Tournament:
    if white == black:
        raise EditError("a player cannot be paired with themselves")
    for rank in (white, black):
        _refuse_if_paired(tournament, round_, rank)
    return _with_entries(
        tournament,
        {white: RoundEntry(round_, black, "w", white_result), black: RoundEntry(round_, white, "b", black_result)},
    )


def _opponent_entry(tournament: Tournament, round_: int, entry: RoundEntry) -> RoundEntry:
    assert entry.opponent is not None
    back = entry_for(player_of(tournament, entry.opponent), round_)
    if back is None:
        raise EditError(f"player {entry.opponent} has no entry for round {round_}")
    return back


def _refuse_if_paired(tournament: Tournament, round_: int, start_rank: int) -> None:
    entry = entry_for(player_of(tournament, start_rank), round_)
    if entry is not None:
        against = f"paired with {entry.opponent}" if entry.opponent else "given a bye"
        raise EditError(f"player {start_rank} is already {against} in round {round_}")


def _without_round(player: Player, round_: int) -> Player:
    return dataclasses.replace(player, rounds=tuple(e for e in player.rounds if e.round != round_))


def _with_entries(tournament: Tournament, entries: dict[int, RoundEntry]) -> Tournament:
    """Set one entry per player, replacing their entry for that round, rounds kept in order."""
    changed = {}
    for rank, entry in entries.items():
        player = _without_round(player_of(tournament, rank), entry.round)
        changed[rank] = dataclasses.replace(player, rounds=tuple(sorted((*player.rounds, entry), key=_round_key)))
    return _replace_players(tournament, changed)


def _round_key(entry: RoundEntry) -> int:
    return entry.round


def _replace_players(tournament: Tournament, changed: dict[int, Player]) -> Tournament:
    players: Iterable[Player] = (changed.get(p.start_rank, p) for p in tournament.players)
    return dataclasses.replace(tournament, players=tuple(players))
