"""A random Swiss, paired round by round by fidedesk itself: FIDE's random tournament generator (C.02.03 §7.1).

:func:`generate` builds an open as an arbiter runs one at the desk, through fidedesk's own edits
(:mod:`fidedesk.core.editing`) and its own pairing (:func:`fidedesk.engine.pairing.pair_round`, FIDE TEC's Dutch
engine behind fidedesk's adapter), round by round:

- the field: names, sexes, ratings spread as an open's (most between 1600 and 2200, from 1400 to 2700; some
  unrated), titles by rating, FIDE IDs and federations (:data:`fidedesk.core.values.FEDERATIONS`), numbered in
  C.04.2's initial order; Baku acceleration (C.04.7) and forbidden pairs (TRF-2026 ``260``) when asked;
- before each round is paired: half-, full- and zero-point byes requested *ahead* (for this round or one of the
  next two, :func:`give_bye`), withdrawals (:func:`withdraw`) and from round 2 on late entries
  (:func:`add_player`, no entry for the rounds missed);
- the round paired, then its results: a double forfeit, a forfeit either way, or a game drawn from FIDE's
  expected score (table 8.1.2, :func:`fidedesk.core.rating.tables.pd_hundredths`) with a draw rate that grows with the
  players' strength.

Every rate is per player and round (byes, withdrawals), per board (forfeits) or per player of the field (late
entries). The same options make the same tournament: every draw comes from ``random.Random`` seeded by the
options, and the engine is deterministic. A draw the Dutch rules cannot pair to the end (few players, many byes)
is drawn again from a derived seed, and the event's name (TRF ``012``) says which draw it is.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import random
from collections.abc import Callable
from pathlib import Path
from typing import Final

from fidedesk.core.editing import add_player, double_forfeit, entry_for, give_bye, set_result
from fidedesk.core.pairing.round import NoLegalPairing, apply_pairing
from fidedesk.core.pairing.setup import ForbiddenPairs
from fidedesk.core.pairing.setup_edits import numbered_by_rating, ready_for_round, set_baku, set_forbidden, withdraw
from fidedesk.core.rating.editions import resolve_edition
from fidedesk.core.rating.tables import pd_hundredths
from fidedesk.core.results import ResultCode as R
from fidedesk.core.tournament import EventInfo, Player, System, Tournament
from fidedesk.core.values import FEDERATIONS, ROUND_RANGE, Range
from fidedesk.engine.pairing import PairingCancelled, pair_round
from fidedesk.engine.pairing import Progress as EngineProgress
from fidedesk.io.formats import FIDEDESK, XLSX, FileFormat, FileFormatError, output_format, write_tournament
from fidedesk.io.native import fidedesk_file
from fidedesk.io.native.atomic import write_atomic
from fidedesk.io.trf.pairing import TrfVersion

#: Players of a generated event: two at least, and no more than TRF's four-digit start ranks hold.
PLAYERS: Final = Range(2, 9999)
#: Rounds of a generated event: as many as a tournament has (:data:`ROUND_RANGE`), fewer than the players.
ROUNDS: Final = ROUND_RANGE
#: Seeds of the draws after the first: ``seed + ATTEMPT_STRIDE × attempt``.
ATTEMPT_STRIDE: Final = 1_000_003
ATTEMPTS: Final = 20
#: Players left to pair in a round, at least, when byes and withdrawals are drawn for it.
_PAIRED_AT_LEAST: Final = 4

#: Called with (rounds generated, rounds in all) as the event is made, and more often within a round while the
#: engine pairs it; returns True to stop (:class:`~fidedesk.engine.pairing.PairingCancelled` is raised).
Progress = Callable[[int, int], bool]


class GenerateOptionsError(ValueError):
    """Options a tournament cannot be generated from; the message names the option."""


class GenerationError(ValueError):
    """No draw of the options could be paired to the end."""


@dataclasses.dataclass(frozen=True)
class GenerateOptions:
    """What to generate, and how irregular: each rate a chance between 0 and 1. The defaults are an open's."""

    players: int
    rounds: int
    seed: int = 0
    #: a board ends in a forfeit, one way or the other
    forfeits: float = 0.02
    #: a board ends in a double forfeit (neither player came)
    double_forfeits: float = 0.005
    #: a player asks for a half-point, full-point or zero-point bye, each time a round is prepared
    half_byes: float = 0.02
    full_byes: float = 0.002
    zero_byes: float = 0.005
    #: a player withdraws, each time a round is prepared
    withdrawals: float = 0.004
    #: a player of the field enters late, for round 2 or 3
    late_entries: float = 0.02
    #: a player of the field has no rating
    unrated: float = 0.08
    #: Baku acceleration (C.04.7)
    baku: bool = False
    #: pairs of players who must not meet (TRF-2026 260)
    forbidden: int = 0

    def __post_init__(self) -> None:
        if self.players not in PLAYERS:
            raise GenerateOptionsError(f"--players {self.players}: a generated event has {PLAYERS} players")
        if self.rounds not in ROUNDS:
            raise GenerateOptionsError(f"--rounds {self.rounds}: a tournament has rounds {ROUNDS}")
        if self.rounds >= self.players:
            raise GenerateOptionsError(
                f"--rounds {self.rounds}: a Swiss of {self.players} players has fewer rounds than players"
            )
        for field in ("forfeits", "double_forfeits", "half_byes", "full_byes", "zero_byes", "withdrawals",
                      "late_entries", "unrated"):  # fmt: skip
            rate = getattr(self, field)
            if not 0 <= rate <= 1:
                raise GenerateOptionsError(f"--{field.replace('_', '-')} {rate}: a rate is between 0 and 1")
        if self.forfeits + self.double_forfeits > 1:
            raise GenerateOptionsError("--forfeits and --double-forfeits: together at most 1")
        if self.half_byes + self.full_byes + self.zero_byes + self.withdrawals > 1:
            raise GenerateOptionsError("--half-byes, --full-byes, --zero-byes and --withdrawals: together at most 1")
        if not 0 <= self.forbidden <= self.players // 2:
            raise GenerateOptionsError(
                f"--forbidden {self.forbidden}: {self.players} players make 0-{self.players // 2} pairs"
            )


def generate(options: GenerateOptions, progress: Progress | None = None) -> Tournament:
    """The tournament ``options`` describe: the first draw from ``options.seed`` the Dutch rules pair to the end.
    GenerationError when none of :data:`ATTEMPTS` can be; PairingCancelled when ``progress`` asked to stop."""
    for attempt in range(ATTEMPTS):
        try:
            return _event(options, attempt, progress)
        except NoLegalPairing:
            continue
    raise GenerationError(f"seed {options.seed}: no draw of {ATTEMPTS} could be paired to the end")


def _event(options: GenerateOptions, attempt: int, progress: Progress | None) -> Tournament:
    """Draw ``attempt`` of the event, round by round as the arbiter runs it: late entries in, byes and withdrawals
    entered, the round paired (round 1 after the Baku records are renewed and the colour drawn), its results."""
    draw = random.Random(options.seed + ATTEMPT_STRIDE * attempt)
    event, late = _field(options, attempt, draw)
    total = options.rounds
    for number in range(1, total + 1):
        for player in late.get(number, ()):
            event = add_player(event, player)
        event = _requests(event, number, draw, options)
        event, _colour = ready_for_round(event, number, draw)
        if progress is not None and progress(number - 1, total):
            raise PairingCancelled
        event = apply_pairing(event, pair_round(event, number, progress=_within(progress, number - 1, total)))
        event = _results(event, number, draw, options)
    if progress is not None and progress(total, total):
        raise PairingCancelled
    return event


def _within(progress: Progress | None, done: int, total: int) -> EngineProgress | None:
    """The engine's progress within a round, reported as the rounds done so far (for Cancel while it pairs)."""
    if progress is None:
        return None
    report = progress
    return lambda _brackets, _all, _note="": report(done, total)


def _field(options: GenerateOptions, attempt: int, draw: random.Random) -> tuple[Tournament, dict[int, list[Player]]]:
    """The event before round 1 and the late entries by the round they come for."""
    home = draw.choice(sorted(FEDERATIONS))
    federations = sorted(FEDERATIONS)
    ids = draw.sample(range(100_000, 100_000_000), options.players)
    people = [_person(draw, options, home, federations, fide_id) for fide_id in ids]
    late: dict[int, list[Player]] = {}
    if options.rounds >= 2:
        for index in range(len(people) - 1, 1, -1):  # two players at least are there from round 1
            if draw.random() < options.late_entries:
                late.setdefault(draw.randint(2, min(3, options.rounds)), []).append(people.pop(index))
    start = dt.date(2026, 3, 2) + dt.timedelta(days=options.seed % 600)
    name = f"Generated Swiss {options.seed}" + (f", draw {attempt + 1}" if attempt else "")
    info = EventInfo(
        name=name, city="Generated", federation=home, start=start, end=start + dt.timedelta(days=options.rounds - 1),
        chief_arbiter="fidedesk generate", time_control="90'/40+30'+30\"", system=System.SWISS, rounds=options.rounds,
    )  # fmt: skip
    event = numbered_by_rating(
        Tournament(info, tuple(dataclasses.replace(p, start_rank=i) for i, p in enumerate(people, 1)))
    )
    if options.forbidden:
        ranks = draw.sample([p.start_rank for p in event.players], 2 * options.forbidden)
        event = set_forbidden(
            event, tuple(ForbiddenPairs((a, b)) for a, b in zip(ranks[::2], ranks[1::2], strict=True))
        )
    if options.baku:
        event = set_baku(event, True)
    return event, late


_MEN: Final = ("Aleksandar", "Anand", "Boris", "Carlos", "Daniel", "David", "Emil", "Fabiano", "Georg", "Hikaru",
               "Ivan", "Jan", "Jorge", "Kiril", "Levon", "Lukas", "Magnus", "Mateusz", "Nikita", "Oleg", "Pavel",
               "Rauf", "Santiago", "Tomas", "Vladimir", "Wei", "Yusuf")  # fmt: skip
_WOMEN: Final = ("Alexandra", "Ana", "Bibisara", "Carmen", "Elena", "Harika", "Irina", "Judit", "Kateryna", "Lei",
                 "Maia", "Mariya", "Nana", "Olga", "Pia", "Sofia", "Tan", "Valentina", "Zhansaya")  # fmt: skip
_SURNAMES: Final = ("Abdullayev", "Berg", "Costa", "Dubois", "Eriksson", "Fischer", "Garcia", "Horvat", "Ivanov",
                    "Jensen", "Kowalski", "Larsen", "Meier", "Nakamura", "Novak", "Okafor", "Petrov", "Quinteros",
                    "Rossi", "Schmidt", "Silva", "Tanaka", "Urban", "Varga", "Wagner", "Xu", "Yilmaz", "Zhang",
                    "Andersen", "Bianchi", "Kovacs", "Moreau", "Nielsen", "Popescu", "Santos", "Weber")  # fmt: skip


def _person(draw: random.Random, options: GenerateOptions, home: str, federations: list[str], fide_id: int) -> Player:
    """One player of an open: rating by a bell round 1850 within 1400-2700 (or none), a title by the rating."""
    woman = draw.random() < 0.15
    first = draw.choice(_WOMEN if woman else _MEN)
    rating = None if draw.random() < options.unrated else max(1400, min(2700, round(draw.gauss(1850, 280))))
    return Player(
        0, f"{draw.choice(_SURNAMES)}, {first}", rating, sex="w" if woman else "m", title=_title(draw, rating, woman),
        federation=home if draw.random() < 0.5 else draw.choice(federations),
        fide_id=fide_id if rating is not None or draw.random() < 0.5 else None,
    )  # fmt: skip


def _title(draw: random.Random, rating: int | None, woman: bool) -> str:
    chance = draw.random()
    for floor, title, share in ((2500, "GM", 0.8), (2400, "IM", 0.6), (2300, "FM", 0.5), (2200, "CM", 0.3)):
        if rating is not None and rating >= floor:
            if chance >= share:
                return ""
            return f"W{title}" if woman and title != "GM" and draw.random() < 0.5 else title
    return ""


def _requests(event: Tournament, number: int, draw: random.Random, options: GenerateOptions) -> Tournament:
    """Before round ``number`` is paired: byes asked for this round or one of the next two, and withdrawals from
    this round on; at least :data:`_PAIRED_AT_LEAST` players are left to pair in the round."""
    last = options.rounds
    free = sum(entry_for(p, number) is None for p in event.players)
    kinds = ((options.withdrawals, None), (options.half_byes, R.HALF_BYE), (options.full_byes, R.FULL_BYE),
             (options.zero_byes, R.ZERO_BYE))  # fmt: skip
    for rank in [player.start_rank for player in event.players]:
        if free <= _PAIRED_AT_LEAST:
            break
        chance = draw.random()
        for rate, bye in kinds:
            if chance >= rate:
                chance -= rate
                continue
            player = event.player(rank)
            ahead = number if bye is None else draw.randint(number, min(last, number + 2))
            if entry_for(player, ahead) is None and (bye is not None or entry_for(player, number) is None):
                event = withdraw(event, rank, number) if bye is None else give_bye(event, ahead, rank, bye)
                free -= ahead == number
            break
    return event


def _results(event: Tournament, number: int, draw: random.Random, options: GenerateOptions) -> Tournament:
    """Round ``number``'s results: a double forfeit, a forfeit either way, or a game by the ratings."""
    for player in event.players:
        entry = entry_for(player, number)
        if entry is None or entry.opponent is None or entry.color != "w":
            continue
        white, black = player.start_rank, entry.opponent
        chance = draw.random()
        if chance < options.double_forfeits:
            event = double_forfeit(event, number, white, black)
        elif chance < options.double_forfeits + options.forfeits:
            event = set_result(event, number, white, draw.choice([R.FORFEIT_WIN, R.FORFEIT_LOSS]))
        else:
            event = set_result(event, number, white, game_result(player.rating, event.player(black).rating, draw))
    return event


#: The strength the result of an unrated player's game is drawn from (his true strength is not known).
_UNRATED_STRENGTH: Final = 1500


def game_result(white: int | None, black: int | None, draw: random.Random) -> R:
    """White's result of a game: White's expected score is FIDE's (table 8.1.2 by the rating difference), the
    draw rate grows with the players' mean rating (a fifth of even games at 1400, half at 2700) and shrinks
    as the difference grows; the rest are wins and losses in the proportion that keeps the expected score."""
    w, b = white or _UNRATED_STRENGTH, black or _UNRATED_STRENGTH
    expected = pd_hundredths(w - b) / 100
    even_draws = 0.2 + 0.3 * min(1.0, max(0.0, ((w + b) / 2 - 1400) / 1300))
    drawn = even_draws * 2 * min(expected, 1 - expected)
    chance = draw.random()
    if chance < drawn:
        return R.DRAW
    return R.WIN if chance < drawn + (expected - drawn / 2) else R.LOSS


def write_generated(path: Path, tournament: Tournament) -> FileFormat:
    """Write a generated event to ``path`` by its extension, atomically: TRF-2026 for ``.trf`` / ``.txt`` (points
    and ranks by the event's tie-breaks in the 001 columns), ``.fidedesk`` stamped as saved on the event's last
    day (not now: the same options make the same bytes), or ``.xlsx`` (its rating sheet under the edition in force
    on the start date; a workbook carries the time it was made). FileFormatError for another extension, a
    tournament the format cannot hold or a refusing disk."""
    format_ = output_format(path)
    try:
        if format_ is FIDEDESK:
            last = tournament.info.end or tournament.info.start or dt.date(2026, 3, 1)
            saved = dt.datetime.combine(last, dt.time(20), dt.UTC)
            write_atomic(path, fidedesk_file.dumps(tournament, saved=saved, source=str(path)))
        else:
            # the registry's writers: TRF-2026 with the standings' points and ranks, read back before it is
            # written; the workbook's rating sheet under the edition in force on the start date
            edition = resolve_edition("auto", tournament.info.start).edition if format_ is XLSX else None
            write_tournament(path, tournament, format_=format_, edition=edition, trf_version=TrfVersion.TRF26)
    except fidedesk_file.FidedeskFileError as error:
        raise FileFormatError(str(error)) from None
    except OSError as error:
        raise FileFormatError(f"{path}: {error.strerror or error}") from None
    return format_
