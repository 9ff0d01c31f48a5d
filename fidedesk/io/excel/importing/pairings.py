"""Layout d), pairings: one board a row (round, board, white, black, result), round after round.

Results as :func:`fidedesk.core.values.parse_board_result` reads them: ``1-0``, ``½-½``, ``1/2-1/2``,
``0-1``, ``+--``, ``--+``, ``0-0`` (double forfeit), ``-/-``, ``1-0 u`` ..., blank or ``?``: not entered.
A line without Black (blank, ``bye`` or ``-``) is a bye: ``bye 1`` (full point), ``bye ½``,
``bye 1 (pairing)``, ``bye 0``, ``1``, ``½``, ``0`` (:func:`~fidedesk.core.values.parse_bye_result`),
or any board result, which is White's code without an opponent. White and Black are start ranks or
names (looked up in the player list; without a player list, players are made from the names and
numbers in the order they appear). The round comes from a Round column, else from a title line
above the boards (``Round 3``, ``Runde 3``, ``3. Runde``, ``Тур 3`` ...), else from the sheet's name
(``R3``), else it is round 1. A ``Colours`` column reading ``unknown`` gives both players no colour.
A game keeps its board: the number in the Board column, else its place among the round's games on the
sheet (the first entered is board 1); a bye has no board, whatever the column says. A player on two
boards of one round, or two games on one board of a round: the second line is skipped, as is a board
line with any problem.

A rating, title, federation or FIDE ID written beside White or Black is kept on that player; the same
player given another value elsewhere (another board, the player list) is an error naming both cells, and
so, without a player list, is one start rank written with two names. A workbook with a sheet per round
gives :func:`read_pairings` every round sheet, read one after another as one tournament.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from functools import partial
from typing import Final

from fidedesk.core.results import ResultCode as R
from fidedesk.core.tournament import Player, RoundEntry
from fidedesk.core.values import BOARD_RANGE, BOARD_TEXT, board_text
from fidedesk.io.excel.grid import CellValue
from fidedesk.io.excel.importing.cells import (
    READERS,
    CellError,
    bounded,
    check_round,
    loose,
    plain_text,
    start_rank,
    text,
    whole,
)
from fidedesk.io.excel.importing.games import Games
from fidedesk.io.excel.importing.headers import round_header, round_title
from fidedesk.io.excel.importing.model import BOARD_FIELDS, SIDE_FIELDS, Field, Problem
from fidedesk.io.excel.importing.players import PlayerRows
from fidedesk.io.excel.importing.result_cells import board_result, bye_result, cell_key, result_text
from fidedesk.io.excel.importing.sheet import UNREAD, Row, Sheet, Spot, classify, read_cell

__all__ = [
    "AmbiguousNameError",
    "BoardError",
    "BoardTakenError",
    "DetailMismatchError",
    "NameMismatchError",
    "NotInListError",
    "PairedTwiceError",
    "Pairings",
    "read_board_row",
    "read_pairings",
]

_NO_PLAYER = ("bye", "-", "spielfrei", "exempt", "libre")
_UNKNOWN_COLOURS = ("unknown", "unbekannt", "inconnu", "desconocido", "неизвестно", "?")


class BoardError(ValueError):
    """A board line that cannot be entered: the column at fault (None: the row) and why."""

    def __init__(self, column: int | None, reason: str) -> None:
        super().__init__(reason)
        self.column = column


class NotInListError(BoardError):
    """A player who is not in the player list, or whose row there was not imported."""


class AmbiguousNameError(BoardError):
    """A name that several players of the list have."""


class NameMismatchError(BoardError):
    """A start rank beside a name that is not that player's."""


class PairedTwiceError(BoardError):
    """A player paired with themselves, or on a second board of one round."""


class BoardTakenError(BoardError):
    """A game on a board that another game of the round has."""


class DetailMismatchError(BoardError):
    """A rating, title, federation or FIDE ID beside a player that another cell gives otherwise."""


#: A side's field -> the player's field it gives and the side (0 White, 1 Black).
_SIDE_OF: Final = {side: (base, index) for base, sides in SIDE_FIELDS.items() for index, side in enumerate(sides)}
#: A player's field written beside a board -> the Player attribute and its name in messages.
_DETAIL_ATTRIBUTES: Final = {
    Field.RATING: ("rating", "rating"),
    Field.TITLE: ("title", "title"),
    Field.FEDERATION: ("federation", "federation"),
    Field.FIDE_ID: ("fide_id", "FIDE ID"),
}


@dataclasses.dataclass(frozen=True)
class Pairings:
    """What a pairings sheet gives: the players (the list's, else those the boards name, in order of first
    appearance), their games, the problems in row order, and the board lines imported and skipped."""

    players: tuple[Player, ...]
    games: Games
    problems: tuple[Problem, ...]
    imported: int
    skipped: int


#: A player's detail written beside one side of a board: the player's field, its value and its column.
_Detail = tuple[Field, object, int]


@dataclasses.dataclass(frozen=True)
class _Board:
    row: int
    round: int
    white: int | str
    black: int | str | None
    white_code: R
    black_code: R | None
    unknown_colours: bool
    number: int | None
    white_details: tuple[_Detail, ...] = ()
    black_details: tuple[_Detail, ...] = ()


def read_pairings(sheets: Sequence[Sheet], roster: PlayerRows | None) -> Pairings:
    """Every board of the sheets entered, a round after another (a workbook with a sheet per round gives
    them all, each read as its round); players from ``roster`` when given."""
    state = _State(roster)
    problems: list[Problem] = []
    imported = skipped = 0
    for sheet in sheets:
        round_ = round_header(sheet.grid.name) or 1
        for index, values in sheet.rows():
            if classify(sheet, values) is not None:
                continue
            title = round_title(values) if Field.ROUND_NUMBER not in sheet.single else None
            if title is not None:
                round_ = title
                continue
            row, board = read_board_row(sheet, index, values, round_)
            if board is not None:
                try:
                    state.enter(sheet, board)
                except BoardError as error:
                    row = dataclasses.replace(row, problems={**row.problems, error.column: str(error)}, status="skip")
            problems.extend(sheet.problem(index, column, message) for column, message in row.problems.items())
            if row.status == "import":
                imported += 1
            else:
                skipped += 1
    players = tuple(state.players[rank] for rank in state.order)
    return Pairings(players, Games(state.entries, state.spots), tuple(problems), imported, skipped)


def _board_value(field: Field, value: CellValue) -> object:
    """One cell of a board line as its column says."""
    if field is Field.ROUND_NUMBER:
        number = whole(value, "a round")
        return None if number is None else check_round(number)
    if field is Field.BOARD:
        return bounded(value, "a board", BOARD_RANGE.low, BOARD_RANGE.high)
    if field in (Field.WHITE, Field.BLACK):
        found = text(value)
        parsed = start_rank(value) if found.isdigit() or isinstance(value, (int, float)) else (found or None)
        return None if isinstance(parsed, str) and cell_key(parsed) in _NO_PLAYER else parsed
    if field is Field.RESULT:
        return result_text(value)
    if field is Field.COLOURS:
        return loose(text(value))
    if field in _SIDE_OF:
        return READERS[_SIDE_OF[field][0]](value)
    return text(value)


def read_board_row(sheet: Sheet, index: int, values: Sequence[CellValue], round_: int) -> tuple[Row, _Board | None]:
    """A board line as read, and the board it gives (None when it has a problem)."""
    read: dict[Field, object] = {}
    problems: dict[int | None, str] = {}
    texts: dict[int, str] = {}
    for field in BOARD_FIELDS:
        column = sheet.single.get(field)
        if column is not None:
            parsed = read_cell(partial(_board_value, field), values[column], column, problems, texts)
            if parsed is not UNREAD:
                read[field] = parsed
    if problems:
        return Row(index, read, problems, texts, {}, "skip"), None
    number = read.get(Field.ROUND_NUMBER)
    round_ = number if isinstance(number, int) else round_
    try:  # a round from a title line or the sheet's name
        check_round(round_)
    except CellError as beyond:
        return Row(index, read, {None: str(beyond)}, texts, {}, "skip"), None
    white = _side(read, Field.WHITE, Field.WHITE_NAME)
    black = _side(read, Field.BLACK, Field.BLACK_NAME)
    if isinstance(black, str) and cell_key(black) in (*_NO_PLAYER, "бай"):
        black = None
    result_column = sheet.single.get(Field.RESULT)
    raw = values[result_column] if result_column is not None else None
    if white is None:
        white_column = sheet.single.get(Field.WHITE, sheet.single.get(Field.WHITE_NAME))
        return Row(index, read, {white_column: "no white player"}, texts, {}, "skip"), None
    try:
        if black is None:
            white_code, black_code = bye_result(raw), None
        else:
            white_code, black_code = board_result(raw)
    except CellError as bad:
        return Row(index, read, {result_column: str(bad)}, texts, {}, "skip"), None
    if result_column is not None:
        texts[result_column] = board_text(white_code, black_code) if black is not None else BOARD_TEXT[white_code]
    unknown = read.get(Field.COLOURS) in _UNKNOWN_COLOURS
    details: tuple[list[_Detail], list[_Detail]] = ([], [])
    for field, (base, side) in _SIDE_OF.items():
        if read.get(field) not in (None, ""):
            details[side].append((base, read[field], sheet.single[field]))
    number = read.get(Field.BOARD)
    board = _Board(index, round_, white, black, white_code, black_code, unknown,
                   number if isinstance(number, int) else None, tuple(details[0]), tuple(details[1]))  # fmt: skip
    return Row(index, read, problems, texts, {}), board


def _side(read: dict[Field, object], number_field: Field, name_field: Field) -> int | str | None:
    number = read.get(number_field)
    if isinstance(number, int):
        return number
    name = read.get(name_field)
    if isinstance(name, str) and name:
        return int(name) if name.isdigit() else name
    if isinstance(number, str) and number:
        return number
    return None


class _State:
    """The players and games entered so far while the boards are read, a line after another, and where
    each player's name and details were first written (for a message naming both cells)."""

    def __init__(self, roster: PlayerRows | None) -> None:
        self.have_list = roster is not None
        self.players = {player.start_rank: player for player in (roster.players if roster else ())}
        self.order = list(self.players)
        self.skipped_ranks = roster.skipped_ranks if roster is not None else {}
        self.entries: dict[int, dict[int, RoundEntry]] = {rank: {} for rank in self.order}
        self.spots: dict[tuple[int, int], Spot] = {}
        #: (round, board) of each game entered, and where
        self.boards: dict[tuple[int, int], Spot] = {}
        self.last_board: dict[int, int] = {}
        self.named: dict[str, list[int]] = {}
        #: (start rank, field) -> the cell that gave the player's name (Field.NAME) or detail
        self.written: dict[tuple[int, Field], str] = dict(roster.places) if roster is not None else {}
        for rank in self.order:
            self.named.setdefault(loose(self.players[rank].name), []).append(rank)

    def _add(self, player: Player) -> None:
        self.players[player.start_rank] = player
        self.order.append(player.start_rank)
        self.entries.setdefault(player.start_rank, {})

    def resolve(self, who: int | str, written: tuple[str, int | None, str], column: int | None) -> tuple[int, bool]:
        """A board's player (``who``, in ``column``) as a start rank, and whether the name cell beside it
        (``written``: its text, column and place) names a player known only by number so far, which
        :meth:`_name` does once the board enters; BoardError when there is no such player, or when a start
        rank without a player list was first written with another name."""
        name, name_column, _name_place = written
        if isinstance(who, int):
            if who in self.players:
                known = self.players[who].name
                if name and not name.isdigit() and loose(name) != loose(known):
                    if self.have_list:
                        raise NameMismatchError(column, f'player {who} is "{known}", not "{name}"')
                    if known:
                        there = self.written.get((who, Field.NAME), "")
                        raise NameMismatchError(
                            column if name_column is None else name_column,
                            f'start rank {who} is "{known}" in {there} and "{name}" here: one number, two names',
                        )
                    return who, True
                return who, False
            if self.have_list:
                where = self.skipped_ranks.get(who)
                reason = (
                    f"player {who} is not imported ({where})" if where else f"player {who} is not in the player list"
                )
                raise NotInListError(column, reason)
            self._add(Player(who, ""))
            return who, bool(name) and not name.isdigit()
        ranks = self.named.get(loose(who), [])
        if len(ranks) == 1:
            return ranks[0], False
        if len(ranks) > 1:
            raise AmbiguousNameError(
                column, f'"{who}" is the name of players {", ".join(map(str, ranks))}: use start ranks'
            )
        if self.have_list:
            raise NotInListError(column, f'"{who}" is not in the player list')
        rank = max(self.players, default=0) + 1
        self._add(Player(rank, who))
        self.named[loose(who)] = [rank]
        self.written[(rank, Field.NAME)] = _name_place
        return rank, False

    def _name(self, rank: int, written: tuple[str, int | None, str]) -> None:
        """Give player ``rank`` the name of the cell ``written`` (its text, column and place)."""
        name, _column, place = written
        self.players[rank] = dataclasses.replace(self.players[rank], name=name)
        self.named.setdefault(loose(name), []).append(rank)
        self.written[(rank, Field.NAME)] = place

    def _details(self, rank: int, details: Sequence[_Detail]) -> dict[str, object]:
        """The details a board writes beside a player that the player has not had yet (attribute ->
        value); DetailMismatchError, naming both cells, for one the player has with another value."""
        player = self.players[rank]
        changes: dict[str, object] = {}
        for field, value, column in details:
            attribute, what = _DETAIL_ATTRIBUTES[field]
            known = getattr(player, attribute)
            if known in (None, ""):
                changes[attribute] = value
            elif known != value:
                there = self.written.get((rank, field), "")
                raise DetailMismatchError(
                    column, f"player {rank}'s {what} is {known} in {there} and {value} here: which is it?"
                )
        return changes

    def enter(self, sheet: Sheet, board: _Board) -> None:
        """Enter one board; BoardError (naming the column at fault) when it cannot be."""
        single = sheet.single
        white_column = single.get(Field.WHITE, single.get(Field.WHITE_NAME))
        black_column = single.get(Field.BLACK, single.get(Field.BLACK_NAME))

        def name(field: Field) -> tuple[str, int | None, str]:
            column = single.get(field)
            if column is None:
                return "", None, ""
            return plain_text(sheet.grid.value(board.row, column)), column, sheet.place(board.row, column)

        white_name = name(Field.WHITE_NAME)
        white, name_white = self.resolve(board.white, white_name, white_column)
        black: int | None = None
        black_name, name_black = name(Field.BLACK_NAME), False
        if board.black is not None:
            black, name_black = self.resolve(board.black, black_name, black_column)
            if black == white:
                raise PairedTwiceError(black_column, f"player {white} is paired with themselves")
        for rank, column in ((white, white_column), (black, black_column)):
            if rank is not None and board.round in self.entries[rank]:
                there = self.spots[(rank, board.round)].place if (rank, board.round) in self.spots else ""
                raise PairedTwiceError(column, f"player {rank} already plays in round {board.round} ({there})")
        number = self._board_number(sheet, board) if black is not None else None
        sides = [(white, board.white_details)] + ([(black, board.black_details)] if black is not None else [])
        changes = [(rank, details, self._details(rank, details)) for rank, details in sides]
        # only once the board is known to enter: its names and details
        if name_white:
            self._name(white, white_name)
        if name_black and black is not None:
            self._name(black, black_name)
        for rank, details, changed in changes:
            if changed:
                self.players[rank] = dataclasses.replace(self.players[rank], **changed)  # type: ignore[arg-type]
            for field, _value, column in details:
                self.written.setdefault((rank, field), sheet.place(board.row, column))
        spot = Spot(sheet.grid.name, board.row, None, "")
        if black is None:
            self.entries[white][board.round] = RoundEntry(board.round, None, None, board.white_code)
            self.spots[(white, board.round)] = spot
            return
        assert board.black_code is not None and number is not None
        colours = (None, None) if board.unknown_colours else ("w", "b")
        self.entries[white][board.round] = RoundEntry(board.round, black, colours[0], board.white_code, number)
        self.entries[black][board.round] = RoundEntry(board.round, white, colours[1], board.black_code, number)
        self.spots[(white, board.round)] = spot
        self.spots[(black, board.round)] = spot
        self.boards[(board.round, number)] = spot
        self.last_board[board.round] = max(number, self.last_board.get(board.round, 0))

    def _board_number(self, sheet: Sheet, board: _Board) -> int:
        """The game's board: the Board column's, else the next of its round; BoardTakenError when another
        game of the round has it."""
        if board.number is None:
            return self.last_board.get(board.round, 0) + 1
        taken = self.boards.get((board.round, board.number))
        if taken is not None:
            raise BoardTakenError(
                sheet.single.get(Field.BOARD),
                f"board {board.number} of round {board.round} is already the board of the game on {taken.place}",
            )
        return board.number
