"""Game results as the TRF records them, and which of them FIDE rates.

FIDE Rating Regulations 5.1 (2024; 5.1 in every edition since 2008): unplayed games,
"whether these occur because of forfeiture or any other reason, are not counted"; a game
counts only when both players have made at least one move. Byes are not games at all.
"""

from __future__ import annotations

import enum
from fractions import Fraction


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

    @classmethod
    def from_code(cls, code: str) -> ResultCode:
        """Parse a TRF result character; blank means a zero-point bye or absence (``Z``)."""
        code = code.strip().upper()
        if code == "":
            return cls.ZERO_BYE
        if code == "½":
            return cls.DRAW
        return cls(code)

    @property
    def score(self) -> Fraction:
        """Points in the tournament's standard scoring (1, ½, 0)."""
        return _SCORES[self]

    @property
    def is_played(self) -> bool:
        """True only for a game both players started: ``1``, ``=``, ``0`` (FIDE 5.1)."""
        return self in (ResultCode.WIN, ResultCode.DRAW, ResultCode.LOSS)

    @property
    def is_bye(self) -> bool:
        """A round without an opponent: ``H``, ``F``, ``U``, ``Z``."""
        return self in (ResultCode.HALF_BYE, ResultCode.FULL_BYE, ResultCode.PAIRING_BYE, ResultCode.ZERO_BYE)

    @property
    def reason_not_rated(self) -> str | None:
        """Why FIDE does not rate this result, or None when it is a played game."""
        return _NOT_RATED.get(self)

    def mirrored(self) -> ResultCode:
        """The opponent's code for the same game (``1`` <-> ``0``, ``+`` <-> ``-``, ``W`` <-> ``L``)."""
        return _MIRROR.get(self, self)


_SCORES = {
    ResultCode.WIN: Fraction(1),
    ResultCode.DRAW: Fraction(1, 2),
    ResultCode.LOSS: Fraction(0),
    ResultCode.FORFEIT_WIN: Fraction(1),
    ResultCode.FORFEIT_LOSS: Fraction(0),
    ResultCode.WIN_UNPLAYED: Fraction(1),
    ResultCode.DRAW_UNPLAYED: Fraction(1, 2),
    ResultCode.LOSS_UNPLAYED: Fraction(0),
    ResultCode.HALF_BYE: Fraction(1, 2),
    ResultCode.FULL_BYE: Fraction(1),
    ResultCode.PAIRING_BYE: Fraction(1),
    ResultCode.ZERO_BYE: Fraction(0),
}

_NOT_RATED = {
    ResultCode.FORFEIT_WIN: "forfeit win: unplayed games are not rated (FIDE 5.1)",
    ResultCode.FORFEIT_LOSS: "forfeit loss: unplayed games are not rated (FIDE 5.1)",
    ResultCode.WIN_UNPLAYED: "win in a game of less than one move: not rated (FIDE 5.1)",
    ResultCode.DRAW_UNPLAYED: "draw in a game of less than one move: not rated (FIDE 5.1)",
    ResultCode.LOSS_UNPLAYED: "loss in a game of less than one move: not rated (FIDE 5.1)",
    ResultCode.HALF_BYE: "half-point bye: no game",
    ResultCode.FULL_BYE: "full-point bye: no game",
    ResultCode.PAIRING_BYE: "pairing-allocated bye: no game",
    ResultCode.ZERO_BYE: "zero-point bye or absence: no game",
}

_MIRROR = {
    ResultCode.WIN: ResultCode.LOSS,
    ResultCode.LOSS: ResultCode.WIN,
    ResultCode.FORFEIT_WIN: ResultCode.FORFEIT_LOSS,
    ResultCode.FORFEIT_LOSS: ResultCode.FORFEIT_WIN,
    ResultCode.WIN_UNPLAYED: ResultCode.LOSS_UNPLAYED,
    ResultCode.LOSS_UNPLAYED: ResultCode.WIN_UNPLAYED,
}
