"""Text forms of figures and results: reading what the user types and writing figures back, exactly.

Shared by the window, the command line and the spreadsheet export, so that a figure reads the same
everywhere. Figures are Fractions: every displayed decimal is rounded once, 0.5 away from zero, on the exact
value (never through a binary float). The logistic edition's expected score is already a float
made exact; it is rounded the same way.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Final

from fidedesk.core.results import ResultCode as R
from fidedesk.core.tables import round_half_away
from fidedesk.core.tournament import RoundEntry

#: The ratings the calculator accepts: below FIDE's lowest floor and above any rating ever published.
RATING_MIN: Final[int] = 1000
RATING_MAX: Final[int] = 3000

WIN: Final[Fraction] = Fraction(1)
DRAW: Final[Fraction] = Fraction(1, 2)
LOSS: Final[Fraction] = Fraction(0)

_RESULTS: Final[dict[str, Fraction]] = {
    "1": WIN, "1.0": WIN, "1,0": WIN, "w": WIN, "win": WIN,
    "½": DRAW, "0.5": DRAW, "0,5": DRAW, ".5": DRAW, ",5": DRAW, "1/2": DRAW, "=": DRAW, "d": DRAW, "draw": DRAW,
    "0": LOSS, "0.0": LOSS, "0,0": LOSS, "l": LOSS, "loss": LOSS,
}  # fmt: skip

RESULT_HINT: Final[str] = "1, ½ (or 0.5, =), 0"


def parse_rating(text: str, *, low: int = RATING_MIN, high: int = RATING_MAX) -> int | None:
    """A rating typed by the user: None when blank; ValueError (with a short message) when not a rating."""
    stripped = text.strip()
    if not stripped:
        return None
    if not stripped.isdigit():
        raise ValueError(f"“{stripped}” is not a rating")
    value = int(stripped)
    if not low <= value <= high:
        raise ValueError(f"{value} is outside {low}–{high}")
    return value


def rating_problem(text: str) -> str | None:
    """Why ``text`` is not a rating (or blank), for the message beside the field; None when it is fine."""
    try:
        parse_rating(text)
    except ValueError as error:
        return str(error)
    return None


def rating_or_none(text: str) -> int | None:
    """The rating typed, None when blank or not a rating (:func:`rating_problem` says why)."""
    return None if rating_problem(text) else parse_rating(text)


def parse_whole(text: str, what: str, low: int, high: int) -> int | None:
    """A whole number such as a count of games or a year: None when blank, ValueError when wrong."""
    stripped = text.strip()
    if not stripped:
        return None
    if not stripped.isdigit() or not low <= int(stripped) <= high:
        raise ValueError(f"{what} must be a number {low}–{high}")
    return int(stripped)


def parse_result(text: str) -> Fraction | None:
    """A game result: 1, ½ (0.5, 1/2, =) or 0; None when blank, ValueError otherwise."""
    stripped = text.strip().lower()
    if not stripped:
        return None
    try:
        return _RESULTS[stripped]
    except KeyError:
        raise ValueError(f"“{text.strip()}” is not a result ({RESULT_HINT})") from None


def result_text(score: Fraction) -> str:
    """1, ½ or 0, as FIDE prints a game's result."""
    return {WIN: "1", DRAW: "½", LOSS: "0"}.get(score, str(score))


def score_text(score: Fraction) -> str:
    """A total score with FIDE's half: 3½, ½, 4."""
    whole, half = divmod(score, 1)
    if half == 0:
        return str(int(whole))
    if half == DRAW:
        return f"{int(whole)}½" if whole else "½"
    return fixed(score, 2)


def fixed(value: Fraction | float, places: int = 2, *, signed: bool = False) -> str:
    """``value`` with ``places`` decimals, rounded once on the exact value (0.5 away from zero).

    ``signed`` writes + before a positive figure (a change); zero has no sign.
    """
    scaled = round_half_away(Fraction(value) * 10**places)
    sign = "-" if scaled < 0 else "+" if signed and scaled > 0 else ""
    whole, part = divmod(abs(scaled), 10**places)
    return f"{sign}{whole}.{part:0{places}d}" if places else f"{sign}{whole}"


def pd_text(hundredths: int) -> str:
    """PD as table 8.1.2 prints it: .08, .93, 1.00."""
    return "1.00" if hundredths >= 100 else f".{hundredths:02d}"


def signed_int(value: int) -> str:
    """A whole change with its sign: +16, -3, 0."""
    return f"{value:+d}" if value else "0"


#: A player's result in a crosstable cell: ½ for a draw, − for a forfeit lost, (1) for a game not played out.
CELL_TEXT: Final[dict[R, str]] = {
    R.WIN: "1", R.DRAW: "½", R.LOSS: "0", R.FORFEIT_WIN: "+", R.FORFEIT_LOSS: "−",
    R.WIN_UNPLAYED: "(1)", R.DRAW_UNPLAYED: "(½)", R.LOSS_UNPLAYED: "(0)", R.PENDING: "?",
    R.HALF_BYE: "½", R.FULL_BYE: "1", R.PAIRING_BYE: "1", R.ZERO_BYE: "0",
}  # fmt: skip


def cell_text(entry: RoundEntry) -> str:
    """A Swiss crosstable cell: opponent, colour and result (12w1), or a bye's score after a dash (-½)."""
    if entry.opponent is None:
        return f"-{CELL_TEXT[entry.result]}"
    return f"{entry.opponent}{entry.color or ''}{CELL_TEXT[entry.result]}"


#: How a board's result reads, from white's code (and black's, for a double forfeit).
BOARD_TEXT: Final[dict[R, str]] = {
    R.WIN: "1-0", R.DRAW: "½-½", R.LOSS: "0-1", R.FORFEIT_WIN: "+--", R.FORFEIT_LOSS: "--+",
    R.WIN_UNPLAYED: "1-0 u", R.DRAW_UNPLAYED: "½-½ u", R.LOSS_UNPLAYED: "0-1 u", R.PENDING: "?",
    R.HALF_BYE: "bye ½", R.FULL_BYE: "bye 1", R.PAIRING_BYE: "bye 1 (pairing)", R.ZERO_BYE: "bye 0",
}  # fmt: skip

#: A double forfeit (both players lose without playing): not a single code from white's side.
DOUBLE_FORFEIT: Final[str] = "-/-"


def board_text(white: R, black: R | None = None) -> str:
    """A board's result as the arbiter reads it: 1-0, ½-½, +--, -/-, bye ½, ? ..."""
    if white is R.FORFEIT_LOSS and black is R.FORFEIT_LOSS:
        return DOUBLE_FORFEIT
    return BOARD_TEXT[white]


#: A board's result as spreadsheets, pasted rounds and the spreadsheet export write it, read without
#: spaces and in lower case: (white's code, black's code). ``0-0`` and ``-/-`` are a double forfeit (both
#: lose without playing); blank and ``?`` a pairing whose result is not entered yet.
_BOARD_RESULTS: Final[dict[str, tuple[R, R]]] = {
    **dict.fromkeys(["1-0", "1:0", "1–0"], (R.WIN, R.LOSS)),
    **dict.fromkeys(["½-½", "1/2-1/2", "0.5-0.5", "0,5-0,5", "½:½", "1/2:1/2", "0.5:0.5", "=", "=-="],
                    (R.DRAW, R.DRAW)),
    **dict.fromkeys(["0-1", "0:1"], (R.LOSS, R.WIN)),
    **dict.fromkeys(["+--", "+-", "+/-", "+:-"], (R.FORFEIT_WIN, R.FORFEIT_LOSS)),
    **dict.fromkeys(["--+", "-+", "-/+", "-:+"], (R.FORFEIT_LOSS, R.FORFEIT_WIN)),
    **dict.fromkeys(["0-0", "-/-", "---", "--", "-:-", "0:0"], (R.FORFEIT_LOSS, R.FORFEIT_LOSS)),
    "1-0u": (R.WIN_UNPLAYED, R.LOSS_UNPLAYED),
    **dict.fromkeys(["½-½u", "1/2-1/2u", "0.5-0.5u"], (R.DRAW_UNPLAYED, R.DRAW_UNPLAYED)),
    "0-1u": (R.LOSS_UNPLAYED, R.WIN_UNPLAYED),
    **dict.fromkeys(["", "?"], (R.PENDING, R.PENDING)),
}  # fmt: skip

#: The score of a bye as written after "bye" (or alone): 1 alone is the pairing-allocated bye of a
#: pasted round; "bye 1" is a full-point bye, as :data:`BOARD_TEXT` writes it.
_BYE_RESULTS: Final[dict[str, R]] = {
    **dict.fromkeys(["1", "u", "bye", "bye1(pairing)", "+"], R.PAIRING_BYE),
    **dict.fromkeys(["bye1", "f"], R.FULL_BYE),
    **dict.fromkeys(["½", "1/2", "0.5", "0,5", "=", "bye½", "bye1/2", "bye0.5", "h"], R.HALF_BYE),
    **dict.fromkeys(["0", "bye0", "z", "-"], R.ZERO_BYE),
}  # fmt: skip

#: The forms :func:`parse_board_result` names in its message.
BOARD_RESULT_HINT: Final[str] = "1-0, ½-½, 0-1, +--, --+, 0-0, blank"


def _result_key(text: str) -> str:
    """``text`` in lower case without spaces, dashes and minus signs written as ``-``."""
    return "".join(text.split()).lower().replace("–", "-").replace("—", "-").replace("−", "-")


def parse_board_result(text: str) -> tuple[R, R]:
    """White's and black's codes for a board's result as written; ValueError when it is not one.

    ``1-0`` (``1:0``), ``½-½`` (``1/2-1/2``, ``0.5-0.5``, ``=``), ``0-1``; forfeits ``+--`` (``+-``,
    ``+/-``) and ``--+`` (``-+``, ``-/+``); a double forfeit ``0-0`` (``-/-``, ``---``); games not played
    out ``1-0 u``, ``½-½ u``, ``0-1 u``; blank or ``?``: not entered yet. Spaces and the kind of dash
    do not matter.
    """
    try:
        return _BOARD_RESULTS[_result_key(text)]
    except KeyError:
        raise ValueError(f"“{text.strip()}” is not a result ({BOARD_RESULT_HINT})") from None


def parse_bye_result(text: str) -> R:
    """A bye's code from its score: ``1`` (pairing-allocated), ``½``, ``0``, or :data:`BOARD_TEXT`'s
    ``bye 1`` (full point), ``bye ½``, ``bye 1 (pairing)``, ``bye 0``, or a TRF letter F, H, U, Z."""
    try:
        return _BYE_RESULTS[_result_key(text)]
    except KeyError:
        raise ValueError(f"“{text.strip()}” is not a bye's score (1, ½, 0)") from None
