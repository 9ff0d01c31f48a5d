"""A round pasted from a spreadsheet: lines "white ⇥ black ⇥ result" by start rank, each applied or refused."""

from __future__ import annotations

from typing import NamedTuple

from fidedesk.core.editing.base import EditError, player_of
from fidedesk.core.editing.rounds import double_forfeit, entry_for, give_bye, pair, set_result
from fidedesk.core.results import ResultCode
from fidedesk.core.tournament import Tournament
from fidedesk.core.values import parse_board_result, parse_bye_result


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
    values.parse_bye_result); ``0-0`` is a double forfeit. Each bad line is reported with its number
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
    if not (text.isascii() and text.isdigit()):  # "²" is a digit to Python, and int() refuses it
        raise EditError(f"“{text}” is not a start rank")
    return int(text)
