"""FIDE's individual calculation as rows: a line per round and a summary per player, as FIDE prints them.

:func:`fidedesk.core.rating.event.rate_tournament` works the figures out; this module lays one player's figures
out the way the individual calculation reads (FIDE 8.3.2: each game with the opponent's rating as used, PD,
score − PD and K × (score − PD); then Rc, W, n, Σ(score − PD), K, K × Σ and the new rating; for an unrated
player the games that count towards Ra and the first rating of 8.2). The rating panel, the command line's
``rate``, the Excel export's "Rating changes" sheet and the print layouts render these rows and nothing
else: a figure, a note or a reason is decided here once, and only turned into text (or cells) there.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Mapping
from fractions import Fraction
from typing import Final

from fidedesk.core.rating.event import PlayerRating
from fidedesk.core.rating.initial import InitialRating
from fidedesk.core.rating.kfactor import KFactor
from fidedesk.core.rating.rated import GameCalc
from fidedesk.core.results import ResultCode
from fidedesk.core.tournament import Player, RoundEntry

#: The note of an unrated player's game against a rated opponent: it counts towards Ra (8.2).
TOWARDS_RA: Final = "counts towards Ra"


class LineKind(enum.Enum):
    """What a game line is: rated (with PD), counted towards an unrated player's Ra, or not rated."""

    GAME = "game"
    TOWARDS_RA = "towards Ra"
    NOT_RATED = "not rated"


@dataclasses.dataclass(frozen=True, slots=True)
class GameLine:
    """One round of a player's individual calculation.

    ``opponent`` is the opponent's start rank (None for a bye, also a bye counted as a game under
    ``elo-byes``) and ``opponent_name`` their name (None when they are not in the event). ``rating`` is
    the opponent's rating as used (FIDE prints it with ``*`` when ``capped``: the point cap of 8.3.1,
    400 points, 350 under the 1994 rules and the 2008 practice, none for a player of 2650 or more since
    October 2025: ``Edition.cap`` and ``cap_exempt_from``), or on a line that is not rated the opponent's
    published rating. ``score`` is None for a result not entered yet. ``pd``, ``chg`` (score − PD) and
    ``k_chg`` are there on rated lines only. ``note`` says why the line does not count, or where the cap
    applied, with the article.
    """

    round: int
    kind: LineKind
    opponent: int | None
    opponent_name: str | None
    rating: int | None
    score: Fraction | None
    capped: bool = False
    real_rating: int | None = None
    pd: Fraction | None = None
    chg: Fraction | None = None
    k_chg: Fraction | None = None
    note: str | None = None

    @property
    def counted(self) -> bool:
        return self.kind is not LineKind.NOT_RATED


@dataclasses.dataclass(frozen=True, slots=True)
class PlayerLine:
    """A player's summary: Rc, W, n, Σ(score − PD), K and why, K × Σ, the new rating, the performance.

    For a rated player ``k``, ``expected`` (ΣPD), ``chg`` (Σ(score − PD)), ``k_chg`` and ``new_rating``
    are set (the change rounded once, 8.3.4). For an unrated player ``initial`` holds the first rating of
    8.2 (``first_rating``, computed even where FIDE would not publish it, ``published`` and the reason),
    and Rc, W and n are those of the games against rated opponents. ``performance`` is against rated
    opponents.
    """

    start_rank: int
    name: str
    fide_id: int | None
    rating: int | None
    rc: int | None
    w: Fraction
    n: int
    performance: int | None
    k: KFactor | None = None
    expected: Fraction | None = None
    chg: Fraction | None = None
    k_chg: Fraction | None = None
    new_rating: int | None = None
    initial: InitialRating | None = None

    @property
    def change(self) -> int | None:
        """New rating − rating: K × Σ rounded once (8.3.4)."""
        return None if self.new_rating is None or self.rating is None else self.new_rating - self.rating

    @property
    def first_rating(self) -> int | None:
        return self.initial.value if self.initial is not None else None

    @property
    def published(self) -> bool | None:
        return self.initial.published if self.initial is not None else None


@dataclasses.dataclass(frozen=True, slots=True)
class Calculation:
    """One player's individual calculation: the summary, then a line per round in round order."""

    player: PlayerLine
    games: tuple[GameLine, ...]

    @property
    def not_rated(self) -> tuple[GameLine, ...]:
        return tuple(line for line in self.games if line.kind is LineKind.NOT_RATED)


def player_line(rating: PlayerRating) -> PlayerLine:
    """The player's summary figures (the games are left to :func:`game_lines`)."""
    player, event = rating.player, rating.event
    common = PlayerLine(player.start_rank, player.name, player.fide_id, player.rating, rating.rc, rating.w, rating.n,
                        rating.performance, initial=rating.initial)  # fmt: skip
    if event is None:
        return common
    return dataclasses.replace(common, k=event.k, expected=event.expected_total, chg=event.chg, k_chg=event.k_chg,
                               new_rating=rating.new_rating)  # fmt: skip


def game_lines(rating: PlayerRating, players: Mapping[int, Player]) -> tuple[GameLine, ...]:
    """The player's rounds as the individual calculation lists them, results not rated included, by round.

    ``players`` are the event's players by start rank (for the opponents' names and published ratings).
    """
    player = rating.player
    by_round: dict[int, RoundEntry] = {}
    for entry in player.rounds:
        by_round.setdefault(entry.round, entry)  # the first entry of a round, as the record reads it

    def opponent(round_: int | None) -> tuple[int | None, str | None]:
        entry = by_round.get(round_) if round_ is not None else None
        if entry is None or entry.opponent is None:
            return None, None
        other = players.get(entry.opponent)
        return entry.opponent, other.name if other is not None else None

    lines: list[GameLine] = []
    event = rating.event
    if event is not None:
        k = event.k.value
        for calc in event.games:
            lines.append(rated_line(calc, k, *opponent(calc.round)))
    else:
        for game in rating.against_rated:
            number, name = opponent(game.round)
            lines.append(GameLine(game.round or 0, LineKind.TOWARDS_RA, number, name, game.opponent_rating,
                                  game.score, real_rating=game.opponent_rating, note=TOWARDS_RA))  # fmt: skip
    for skipped in rating.not_rated:
        number, name = opponent(skipped.round)
        found = by_round.get(skipped.round)
        other = players.get(number) if number is not None else None
        published = other.rating if other is not None else None
        score = None if found is None or found.result is ResultCode.PENDING else found.result.score
        lines.append(GameLine(skipped.round, LineKind.NOT_RATED, number, name, published, score,
                              real_rating=published, note=skipped.reason))  # fmt: skip
    lines.sort(key=lambda line: line.round)  # stable: a round's lines stay in the order above
    return tuple(lines)


def rated_line(calc: GameCalc, k: int, opponent: int | None = None, opponent_name: str | None = None) -> GameLine:
    """A rated game's line: the opponent's rating as used (the point cap of 8.3.1 noted where it applied), PD,
    score − PD and K × (score − PD). The rating period calculator lays its games out with it too."""
    used = calc.used_rating
    note = f"{calc.opponent_rating} counts as {used} (8.3.1)" if calc.capped else None
    chg = calc.chg  # a property building a Fraction: once, not once per use (every game of an export)
    return GameLine(calc.round or 0, LineKind.GAME, opponent, opponent_name, used, calc.score, calc.capped,
                    calc.opponent_rating, calc.expected, chg, k * chg, note)  # fmt: skip


def calculation(rating: PlayerRating, players: Mapping[int, Player]) -> Calculation:
    """The player's whole individual calculation (:func:`player_line` and :func:`game_lines`)."""
    return Calculation(player_line(rating), game_lines(rating, players))
