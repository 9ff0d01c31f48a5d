"""Game results as the TRF records them, and which of them FIDE rates.

FIDE Rating Regulations 5.1 (2024; 5.1 in every edition since 2008): unplayed games,
"whether these occur because of forfeiture or any other reason, are not counted"; a game
counts only when both players have made at least one move. Byes are not games at all.
"""

from __future__ import annotations

import enum
from fractions import Fraction

_PLAYED = frozenset("1=0")
_WIN, _DRAW, _LOSS = Fraction(1), Fraction(1, 2), Fraction(0)
_SCORES = {"1": _WIN, "=": _DRAW, "0": _LOSS, "+": _WIN, "-": _LOSS, "W": _WIN, "D": _DRAW, "L": _LOSS,
           "H": _DRAW, "F": _WIN, "U": _WIN, "Z": _LOSS, "?": _LOSS}  # fmt: skip

_NOT_RATED = {
    "+": "forfeit win: unplayed games are not rated (FIDE 5.1)",
    "-": "forfeit loss: unplayed games are not rated (FIDE 5.1)",
    "W": "win in a game of less than one move: not rated (FIDE 5.1)",
    "D": "draw in a game of less than one move: not rated (FIDE 5.1)",
    "L": "loss in a game of less than one move: not rated (FIDE 5.1)",
    "H": "half-point bye: no game, not rated (FIDE 5.1)",
    "F": "full-point bye: no game, not rated (FIDE 5.1)",
    "U": "pairing-allocated bye: no game, not rated (FIDE 5.1)",
    "Z": "zero-point bye or absence: no game, not rated (FIDE 5.1)",
    "?": "result not entered yet",
}


class ResultCode(enum.Enum):
    """One player's result in one round, by its TRF16/TRF26 code (C04 Annex 2)."""

    WIN = "1"
    DRAW = "="
    LOSS = "0"
    FORFEIT_WIN = "+"
    FORFEIT_LOSS = "-"
    WIN_UNPLAYED = "W"
    DRAW_UNPLAYED = "D"
    LOSS_UNPLAYED = "L"
    HALF_BYE = "H"
    FULL_BYE = "F"
    PAIRING_BYE = "U"
    ZERO_BYE = "Z"
    #: A pairing whose result is not entered yet: TRF16 has no code for it, TRF-2026 and FIDE TEC's reader write
    #: ``?`` (fidedesk.io.trf.document reads and writes it; :meth:`from_code` reads the codes of results only).
    PENDING = "?"

    @classmethod
    def from_code(cls, code: str) -> ResultCode:
        """Parse a TRF result character; blank means a zero-point bye or absence (``Z``)."""
        code = code.strip().upper()
        if code == "":
            return cls.ZERO_BYE
        if code == "½":
            return cls.DRAW
        if code == cls.PENDING.value:
            raise ValueError("'?' (result not entered) is not a TRF result code")
        return cls(code)

    # Plain attributes, set once per member: events read them for every round of every player.
    #: Points in the tournament's standard scoring (1, ½, 0).
    score: Fraction
    #: The same points counted in half points (2, 1, 0): sums over a whole event stay in ints.
    halves: int
    #: True only for a game both players started: ``1``, ``=``, ``0`` (FIDE 5.1).
    is_played: bool
    #: A round without an opponent: ``H``, ``F``, ``U``, ``Z``.
    is_bye: bool
    #: Why FIDE does not rate this result, or None when it is a played game.
    reason_not_rated: str | None
    #: A game decided at the board, played or of less than one move (``1 = 0 W D L``): a game to C.07.
    is_game: bool
    #: A voluntarily unplayed round (C.07 16.1): no game, less than a win, not a result still to come.
    is_vur: bool

    def __init__(self, code: str) -> None:
        self.score = _SCORES[code]
        self.halves = int(self.score * 2)
        self.is_played = code in _PLAYED
        self.is_bye = code in "HFUZ"
        self.reason_not_rated = _NOT_RATED.get(code)
        self.is_game = code in "1=0WDL"
        self.is_vur = not self.is_game and self.score < 1 and code != "?"

    def mirrored(self) -> ResultCode:
        """The opponent's code for the same game (``1`` <-> ``0``, ``+`` <-> ``-``, ``W`` <-> ``L``)."""
        return _MIRROR.get(self, self)


_MIRROR = {
    ResultCode.WIN: ResultCode.LOSS,
    ResultCode.LOSS: ResultCode.WIN,
    ResultCode.FORFEIT_WIN: ResultCode.FORFEIT_LOSS,
    ResultCode.FORFEIT_LOSS: ResultCode.FORFEIT_WIN,
    ResultCode.WIN_UNPLAYED: ResultCode.LOSS_UNPLAYED,
    ResultCode.LOSS_UNPLAYED: ResultCode.WIN_UNPLAYED,
}
