"""The cells that hold games: a Swiss table's round cells, a round-robin grid's cells, a board's result.

Spaces and case do not matter; ``−`` and ``–`` are ``-``. The score in a cell (``1``, ``½``, ``0.5``, ``=``,
``0`` ...) is a game's result as :mod:`fidedesk.core.values` reads it; the crosstable's marks (``+``, ``-``,
``(1)``, ``?``) and byes are read here, the notation :func:`fidedesk.core.notation.cell_text` writes.

Swiss table cells
  * ``12w1``, ``5b½``, ``7b0``, ``12w=``, ``12b0.5``, ``12b0,5``, ``12w1/2``: opponent, colour, result;
    colours ``w`` (white), ``b``/``s``/``n`` (black: black, schwarz, noir/negras), Cyrillic ``б``
    (белые, white) and ``ч`` (чёрные, black); without a colour letter the colour is unknown (None).
  * ``12w+`` / ``12b-``: forfeit won / lost; ``12w(1)``, ``12b(½)``, ``12w(0)``: games not played
    out (TRF ``W``, ``D``, ``L``, as fidedesk's crosstable writes them); ``12w`` or ``12w?``: paired,
    result not entered yet. A bare number (``12``, ``121``) is refused: it has neither colour nor
    result (``12 1``, with a space, is opponent 12 and a win).
  * ``+12w``, ``-12b``, ``=12w``, ``½12b``: the result before the opponent (a played game).
    ``-1`` and ``-0`` alone are byes (below), so a loss against player 1 in that form needs its colour.
  * Byes (no opponent), a bye's score as :func:`fidedesk.core.values.parse_bye_result` reads it, alone or
    after a dash: ``-1``, ``bye``, ``+``, ``U``: pairing-allocated bye (1 point; ``+`` alone is how TRF16
    files wrote it); ``bye 1``, ``F``, ``1F``: full-point bye; ``-½``, ``-=``, ``-0.5``, ``bye ½``, ``H``:
    half-point bye; ``-0``, ``-``, ``bye 0``, ``Z``, ``0F``: zero-point bye or absence; ``-+``, ``--``,
    ``-(1)``: a forfeit won or lost, or a game not played out, without an opponent (TRF ``+``/``-``/``W``
    with 0000).
  * Blank: no entry for that round (the player was not in the event then).
  * ``1``, ``½``, ``0`` alone are refused: a result without an opponent is not a game.

Round-robin grid cells
  A game's score as :func:`fidedesk.core.values.parse_result` reads it everywhere (``1``, ``0``, ``½``,
  ``0.5``, ``0,5``, ``1/2``, ``=``, ``w``, ``d``, ``l``, ``1-0`` ...), or ``+``, ``-``, ``(1)``, ``(½)``,
  ``(0)``, ``?``;
  a double round robin has two results in a cell, space-separated (``1 ½``) or run together (``1½``,
  ``10``). A player's own cell may be blank, ``X``, ``*``, ``-`` or ``—``.

Board results
  As :func:`fidedesk.core.values.parse_board_result` and
  :func:`~fidedesk.core.values.parse_bye_result` read them.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Final

from fidedesk.core.results import ResultCode as R
from fidedesk.core.tournament import RoundEntry
from fidedesk.core.values import (
    BOARD_RESULT_HINT,
    DRAW,
    LOSS,
    WIN,
    InvalidValueError,
    parse_board_result,
    parse_bye_result,
    parse_result,
)
from fidedesk.io.excel.grid import CellValue, Unreadable
from fidedesk.io.excel.importing.cells import CellFormError, CellKindError, check_round, plain_text, show, unreadable

__all__ = [
    "board_result",
    "bye_result",
    "cell_key",
    "diagonal_mark",
    "grid_cell",
    "looks_swiss",
    "result_text",
    "swiss_cell",
]

_COLOURS: Final[dict[str, str]] = {"w": "w", "б": "w", "b": "b", "s": "b", "n": "b", "ч": "b"}
_SCORE = r"1|0|½|=|\+|-|0?[.,]5|1/2|\(1\)|\(½\)|\(0\)|\(=\)|\?"
_SWISS_GAME = re.compile(rf"(?P<opp>\d{{1,5}}) ?(?P<col>[wbsnбч])? ?(?P<res>{_SCORE})?")
_SWISS_PREFIX = re.compile(r"(?P<res>[+\-=½]) ?(?P<opp>\d{1,5}) ?(?P<col>[wbsnбч])?")
#: A crosstable cell's marks beyond a game's score: forfeits, games not played out, not entered yet (as
#: :data:`fidedesk.core.notation.CELL_TEXT` writes them, and in ASCII).
_MARKS: Final[dict[str, R]] = {
    "+": R.FORFEIT_WIN, "-": R.FORFEIT_LOSS, "(1)": R.WIN_UNPLAYED, "(½)": R.DRAW_UNPLAYED, "(=)": R.DRAW_UNPLAYED,
    "(0)": R.LOSS_UNPLAYED, "?": R.PENDING,
}  # fmt: skip
_PLAYED: Final = {WIN: R.WIN, DRAW: R.DRAW, LOSS: R.LOSS}


def _result_code(key: str) -> R | None:
    """A crosstable cell's result from the player's side: a mark, or a game's score as core.values reads
    it (``1``, ``½``, ``0.5``, ``=``, ``0`` ...); None when it is neither."""
    if key in _MARKS:
        return _MARKS[key]
    try:
        score = parse_result(key)
    except InvalidValueError:
        return None
    return _PLAYED.get(score) if score is not None else None


_PREFIX_CODES: Final[dict[str, R]] = {"+": R.WIN, "-": R.LOSS, "=": R.DRAW, "½": R.DRAW}
#: Swiss-Manager's letters for a full-point and a zero-point bye, beside core.values' bye forms.
_MORE_BYES: Final = {"1f": R.FULL_BYE, "0f": R.ZERO_BYE}


def _swiss_bye(key: str) -> R | None:
    """A Swiss cell without an opponent (``key`` as :func:`cell_key` gives it), or None when it is not one.

    A dash before a crosstable mark is that result without an opponent (``-+``, ``--``, ``-(1)``: TRF's
    ``+``, ``-``, ``W`` with 0000, as :func:`~fidedesk.core.notation.cell_text` writes them); a dash before a
    bye's score is the bye (``-1``, ``-½``, ``-0``); else a bye as core.values reads it (``bye``, ``bye ½``,
    ``U``, ``F``, ``H``, ``Z``, ``+``, ``-``), but never a bare score (``1``, ``½``: a game without opponent).
    """
    if key in _MORE_BYES:
        return _MORE_BYES[key]
    rest = key[1:] if key.startswith("-") else ""
    if rest in _MARKS and rest != "?":
        return _MARKS[rest]
    try:
        if rest:
            return parse_bye_result(rest)
        return None if _is_score(key) else parse_bye_result(key)
    except InvalidValueError:
        return None


def _is_score(key: str) -> bool:
    """A game's score alone (``1``, ``½``, ``0``, ``=``, ``win``)."""
    try:
        return parse_result(key) is not None
    except InvalidValueError:
        return False


_SWISS_HINT = "12w1, 5b½, 7b0, 12w+, 12b-, -1 or bye, -½, -0"
_RR_HINT = "1, ½, 0, =, +, -"


def cell_key(text: str, sep: str = "") -> str:
    """A cell's text in lower case, dashes as ``-``, without spaces (``sep=" "``: single spaces)."""
    return sep.join(text.split()).lower().replace("−", "-").replace("–", "-").replace("—", "-")


#: Bye forms that a round-robin cell may also hold (forfeits): they do not make a column a round.
_SHARED_FORMS: Final = frozenset({"-", "+", "--", "-+", "f", "h", "u", "z"})


def looks_swiss(text: str) -> bool:
    """A cell that only a Swiss table holds: an opponent with a colour (12w1) or a bye (-1, -½)."""
    match = _SWISS_GAME.fullmatch(cell_key(text, " "))
    key = cell_key(text)
    return bool(match and match["col"]) or (key not in _SHARED_FORMS and _swiss_bye(key) is not None)


def result_text(value: CellValue) -> str:
    """A result cell's text: numbers as written (1, 0.5, -1), text stripped; a date is refused."""
    if isinstance(value, Unreadable):
        raise unreadable(value)
    if isinstance(value, (dt.date, dt.time, bool)):
        raise CellKindError(f"{show(value)}, not a result: format the column as text")
    return plain_text(value)


def swiss_cell(value: CellValue, round_: int) -> RoundEntry | None:
    """A Swiss table's cell: the round entry (opponent None for a bye), None when blank."""
    text = result_text(value)
    if not text:
        return None
    check_round(round_)
    spaced = cell_key(text, " ")
    # a game first (most cells are games): no bye starts with the digits and letter of a game
    match = _SWISS_GAME.fullmatch(spaced)
    if match and (match["col"] or match["res"]):
        colour = _COLOURS.get(match["col"] or "")
        code = _result_code(match["res"]) if match["res"] else R.PENDING
        assert code is not None  # the pattern lets only results through
        return RoundEntry(round_, int(match["opp"]), colour, code)
    key = cell_key(text)  # the rest of the cells: only byes and mistakes get here
    bye = _swiss_bye(key)
    if bye is not None:
        return RoundEntry(round_, None, None, bye)
    match = _SWISS_PREFIX.fullmatch(spaced)
    if match:
        return RoundEntry(round_, int(match["opp"]), _COLOURS.get(match["col"] or ""), _PREFIX_CODES[match["res"]])
    if _result_code(key) is not None:
        raise CellFormError(f"{show(value)} has no opponent: write the game as 12w1, a bye as -1, -½ or -0")
    raise CellFormError(f"{show(value)} is not a round ({_SWISS_HINT})")


#: The one-character results a double round robin's cell may run together (``10``, ``½½``, ``1½``).
_RUN_TOGETHER: Final = {ch: code for ch in "10½=+-?" if (code := _result_code(ch)) is not None}
_DIAGONAL: Final = frozenset({"x", "xx", "*", "-", "--", "×", "■", "#", "/", "\\", ""})


def diagonal_mark(value: CellValue) -> bool:
    """A player's own cell in a grid: blank or a mark such as ``X``."""
    return value is None or (isinstance(value, str) and cell_key(value) in _DIAGONAL)


def grid_cell(value: CellValue) -> tuple[R, ...]:
    """A round-robin cell: one result, or two (or more) for a double round robin; () when blank."""
    text = result_text(value)
    if not text:
        return ()
    codes: list[R] = []
    for part in text.replace(";", " ").split():
        key = cell_key(part)
        code = _result_code(key)
        if code is not None:
            codes.append(code)
        elif len(key) > 1 and all(ch in _RUN_TOGETHER for ch in key):  # a double round robin's 10, ½½, 1½
            codes.extend(_RUN_TOGETHER[ch] for ch in key)
        else:
            raise CellFormError(f"{show(value)} is not a result ({_RR_HINT})")
    return tuple(codes)


def board_result(value: CellValue) -> tuple[R, R]:
    """A board's result: White's and Black's codes."""
    text = result_text(value)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        raise CellFormError(f"{show(value)} is not a result ({BOARD_RESULT_HINT})")
    try:
        return parse_board_result(text)
    except ValueError:
        raise CellFormError(f"{show(value)} is not a result ({BOARD_RESULT_HINT})") from None


def bye_result(value: CellValue) -> R:
    """The result of a board without Black: a bye, or White's code of any board result."""
    text = result_text(value)
    try:
        return parse_bye_result(text)
    except ValueError:
        pass
    try:
        code, _black = parse_board_result(text)
    except ValueError:
        code = R.PENDING
    if not text or code is R.PENDING:
        raise CellFormError(f"{show(value) if text else 'blank'} is not a bye's result (bye 1, bye ½, bye 0, 1, ½, 0)")
    return code
