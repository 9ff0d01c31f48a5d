"""fidedesk's one adapter to FIDE TEC's pairing engine and checker (``gacrux``, MIT, on PyPI).

FIDE's Technical Commission publishes its own implementation of the Dutch system (C.04.3 as in force
from 1 February 2026) in ``gacrux.pairingdutch``, and a checker that pairs a round afresh and compares it
with the round as played (``gacrux.pairingchecker``). Its API is shaped for its command lines: chess-JSON
dicts in, brackets of dicts out. This module is the one place that speaks it: a
:class:`~fidedesk.core.tournament.Tournament` in (through :func:`fidedesk.engine.gacrux_json.chess_json`,
linear in the games), a typed :class:`~fidedesk.core.pairing.round.Pairing` out.

What the engine does not do stays fidedesk's: which round is next and whether it can be paired, byes
requested before pairing, a round robin's Berger tables (:func:`fidedesk.core.pairing.round.berger_pairing`).
"""

from __future__ import annotations

import contextlib
import dataclasses
import gc
import multiprocessing
import os
import sys
from collections.abc import Iterator
from decimal import Decimal
from typing import Any

from fidedesk.core.pairing.round import (
    ByeKind,
    NoLegalPairing,
    PairedBoard,
    PairedBye,
    Pairing,
    PairingError,
    PairingSystem,
    berger_pairing,
    check_round_can_be_paired,
    initial_colour_in_use,
    planned_rounds,
    requested_byes,
    round_to_pair,
    with_numbers,
    without_pairing,
)
from fidedesk.core.pairing.setup import InitialColour
from fidedesk.core.tournament import Tournament
from fidedesk.engine.dutch import STEPS, PairingCancelled, Progress, dutch_engine, progress_text
from fidedesk.engine.gacrux_json import chess_json
from fidedesk.engine.progress import let_go_rows

__all__ = [
    "BoardCheck",
    "PairingCancelled",
    "Progress",
    "check_round",
    "dutch_pairing",
    "engine_event",
    "pair_round",
    "progress_text",
]


def pair_round(
    tournament: Tournament,
    round_: int | None = None,
    *,
    initial_colour: InitialColour | None = None,
    progress: Progress | None = None,
) -> Pairing:
    """Round ``round_`` (by default the first without pairings) paired by the event's system: a round robin
    from the Berger tables, a Swiss by FIDE TEC's Dutch engine.

    ``initial_colour`` is the colour of the top-ranked player in round 1: by default the event's own
    (TRF ``152`` / ``XXC``), else the one round 1 was paired with (as FIDE TEC's reader takes it from a
    file without the record), else White. Raises :class:`PairingError` when the round cannot be paired now,
    :class:`NoLegalPairing` when the rules leave no pairing, :class:`PairingCancelled` when ``progress``
    asked to stop.
    """
    number = round_to_pair(tournament) if round_ is None else round_
    if tournament.info.system.is_round_robin:
        return berger_pairing(tournament, number)
    colour, _source = initial_colour_in_use(tournament, initial_colour)
    return dutch_pairing(tournament, number, colour, progress)


def dutch_pairing(
    tournament: Tournament, round_: int, initial_colour: InitialColour, progress: Progress | None = None
) -> Pairing:
    """Round ``round_`` of a Swiss paired by FIDE TEC's Dutch engine from the rounds before it.

    Players with an entry for the round (a requested bye, an absence, a withdrawal) are not paired; a
    player with no entry for an earlier round (a late entry) has no game there. The event's forbidden
    pairs and accelerated rounds go to the engine as TRF-2026's 260 and 250 records would.
    """
    check_round_can_be_paired(tournament, round_)
    planned = planned_rounds(tournament)
    if planned is None:
        raise PairingError("the number of rounds is not set (TRF XXR or 142; the event's Rounds)")
    numbered, rank_of = _numbered(tournament)
    check_engine_memory(len(tournament.players), round_)
    event = engine_event(numbered, round_, planned, initial_colour)
    pairs = _run(event, round_, progress)
    boards: list[PairedBoard] = []
    byes = [bye for bye in requested_byes(tournament, round_)]
    for white, black in pairs:
        if black == 0:
            byes.insert(0, PairedBye(rank_of[white], ByeKind.PAIRING_ALLOCATED))
        else:
            boards.append(PairedBoard(len(boards) + 1, rank_of[white], rank_of[black]))
    return Pairing(round_, PairingSystem.DUTCH, tuple(boards), tuple(byes))


def _numbered(tournament: Tournament) -> tuple[Tournament, dict[int, int]]:
    """The tournament with its players numbered 1 to n in the order of their start ranks, and each new number's
    start rank. Pairing numbers are an order (C.04.2); gacrux takes its competitor ids for the numbers 1 to n,
    and breaks on gaps, which an event has once a player is removed before round 1."""
    ranks = sorted(player.start_rank for player in tournament.players)
    if ranks == list(range(1, len(ranks) + 1)):
        return tournament, {rank: rank for rank in ranks}
    number = {rank: index for index, rank in enumerate(ranks, start=1)}
    numbered = with_numbers(tournament, number)
    acceleration = []
    for record in tournament.info.acceleration:  # the order is kept, so a range of ranks stays a range
        inside = [number[rank] for rank in ranks if record.first_player <= rank <= record.last_player]
        if inside:
            acceleration.append(dataclasses.replace(record, first_player=inside[0], last_player=inside[-1]))
    info = dataclasses.replace(numbered.info, acceleration=tuple(acceleration))
    return dataclasses.replace(numbered, info=info), {index: rank for rank, index in number.items()}


def engine_event(tournament: Tournament, round_: int, rounds: int, initial_colour: InitialColour) -> dict[str, Any]:
    """The chess-JSON tournament gacrux pairs ``round_`` from: the games of the rounds before it, who is
    present, the number of rounds, the initial colour, forbidden pairs and accelerated rounds. The start
    ranks must be 1 to n, gacrux's competitor ids (:func:`dutch_pairing` numbers an event with gaps so)."""
    before = _rounds_before(tournament, round_)
    event = chess_json(before, round_ - 1)
    absent = {bye.player for bye in requested_byes(tournament, round_)}
    for competitor in event["competitors"]:
        competitor["present"] = competitor["cid"] not in absent
    event["numRounds"] = max(rounds, round_)
    event["currentRound"] = round_ - 1
    event["topColor"] = initial_colour.letter
    event["pairingSystem"] = ["dutch"]
    event["maxMeets"] = 1
    event["prohibited"] = [
        {
            "firstRound": group.first_round,
            "lastRound": group.last_round if group.last_round is not None else event["numRounds"],
            "competitors": list(group.players),
        }
        for group in tournament.info.forbidden
    ]
    if tournament.info.acceleration:
        event["accelerated"] = {"name": "Acc", "values": [_accelerated(a) for a in tournament.info.acceleration]}
    return event


def _accelerated(record: Any) -> dict[str, Any]:
    points = Decimal(record.points.numerator) / Decimal(record.points.denominator)
    return {
        "matchPoints": points * 2,
        "gamePoints": points,
        "firstRound": record.first_round,
        "lastRound": record.last_round,
        "firstCompetitor": record.first_player,
        "lastCompetitor": record.last_player,
    }


def _rounds_before(tournament: Tournament, round_: int) -> Tournament:
    """The tournament as it stood before ``round_`` was played: entries of the earlier rounds only."""
    players = tuple(dataclasses.replace(player, rounds=player.entries_before(round_)) for player in tournament.players)
    return dataclasses.replace(tournament, players=players)


#: What FIDE TEC's engine holds for each pair of players in the file, present or not (it builds a record for
#: every pair, and in a big score bracket its criteria and weight for each), at most: this much, and
#: :data:`ENGINE_BYTES_PER_PAIR_AND_PLAYER` more for each player of the event (a pair's weight has a few bits for
#: each), beside :data:`ENGINE_BASE_BYTES` however few the players. Measured on round 2 of generated opens
#: (issue 28, docs/performance.md, 1 December, third session: each pair's record an object of slots, its weights
#: kept as the compiled matching's rows): 440 MiB at 1,000 players, 1,183 MiB at 2,000, the process's whole
#: peak; this gives 458 and 1,252 MiB.
ENGINE_BYTES_PER_PAIR = 380
ENGINE_BYTES_PER_PAIR_AND_PLAYER = 0.075
#: What a pairing process holds however few the players: Python, the engine, numba's compiled matching.
ENGINE_BASE_BYTES = 240 * 1024**2
#: The share of the computer's memory a pairing may be expected to take before it is refused at once.
MEMORY_SHARE = 0.75


class EngineOutOfMemory(PairingError):
    """FIDE TEC's engine would need (or took) more memory than the computer has for the round."""


def engine_bytes_per_pair(players: int) -> int:
    """Bytes FIDE TEC's engine may take for each pair of players of an event of ``players`` players, at most."""
    return ENGINE_BYTES_PER_PAIR + int(ENGINE_BYTES_PER_PAIR_AND_PLAYER * players)


def engine_memory(players: int) -> int:
    """Bytes FIDE TEC's engine may take to pair a round of an event of ``players`` players, at most: a record
    for every pair of them, the two dummies (the bye and the engine's blob) included, and the process itself."""
    return ENGINE_BASE_BYTES + engine_bytes_per_pair(players) * (players + 2) * (players + 1) // 2


def physical_memory() -> int | None:
    """The computer's memory in bytes, where the system says it (None where it does not)."""
    try:
        if sys.platform == "win32":
            import ctypes

            class _Status(ctypes.Structure):
                _fields_ = [("length", ctypes.c_ulong), ("load", ctypes.c_ulong)] + [
                    (name, ctypes.c_ulonglong)
                    for name in ("total", "free", "page", "page_free", "virtual", "virtual_free", "extended")
                ]

            status = _Status()
            status.length = ctypes.sizeof(_Status)
            if not ctypes.windll.kernel32.GlobalMemoryStatusEx(ctypes.byref(status)):
                return None
            return int(status.total)
        return os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, AttributeError):
        return None


def _size(count: int) -> str:
    if count >= 1024**3:
        return f"{count / 1024**3:,.1f} GB"
    return f"{count / 1024**2:,.0f} MB" if count >= 1024**2 else f"{count / 1024:,.0f} KB"


def check_engine_memory(players: int, round_: int) -> None:
    """:class:`EngineOutOfMemory` at once, naming the limit, where pairing a round of ``players`` players could
    take more than :data:`MEMORY_SHARE` of this computer's memory (:func:`engine_memory`): a 9,998-player
    TRF16 file would need about 72 GB, and the computer would swap for hours before running out."""
    have = physical_memory()
    if have is None or engine_memory(players) <= MEMORY_SHARE * have:
        return
    # the most players n with engine_memory(n) within the share (it grows with n): the last of a binary search
    most, above = 0, players
    while above - most > 1:
        middle = (most + above) // 2
        most, above = (middle, above) if engine_memory(middle) <= MEMORY_SHARE * have else (most, middle)
    need = _size(engine_memory(players))
    raise EngineOutOfMemory(
        f"round {round_} is not paired: for {players:,} players FIDE TEC's engine may need {need} of memory "
        f"(about {engine_bytes_per_pair(players) / 1024:,.1f} KB for every pair of players) and this computer has "
        f"{_size(have)}; it pairs events of up to {most:,} players"
    )


#: The last pairing's engine, in a child process (the window's pairing and FIDE check): its records, one for
#: every pair of players, take 0.8 s to free at 1,000 players and 4 s at 2,000, and the child sends its answer and
#: ends without freeing anything; so they are kept until the next pairing there rather than freed before the
#: answer is sent. Elsewhere they are freed as the pairing returns.
_KEPT: list[Any] = []


@contextlib.contextmanager
def _collector_off() -> Iterator[None]:
    """Python's cyclic garbage collector off while FIDE TEC's engine runs, as it was after.

    The engine makes a record for every pair of players and keeps them all to the end of the round, so the
    collector walks millions of live objects again and again and finds nothing: 11 % of a 600-player round 2
    (1.2 s of 10.7 s), pauses of up to 0.45 s at 1,000 players. Its records hold no cycles, so what it drops is
    freed as ever (the peak memory of a 600-player round 2 was the same, 313 MB, with the collector and
    without). Where the collector is off already (the window runs jobs with it off and collects on its own
    thread), it stays off."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


def _run(event: dict[str, Any], round_: int, progress: Progress | None) -> list[tuple[int, int]]:
    """gacrux's Dutch engine on ``event``: the (White, Black) start ranks of each pair in board order,
    Black 0 for the pairing-allocated bye.

    The collector stays off until the engine is let go: turned on with the engine's records alive, its next
    pass walked them all (0.4 s at 1,000 players, 3 s at 2,000) before the answer was made. A child process
    keeps them (:data:`_KEPT`) out of the collector's sight (``gc.freeze``)."""
    from gacrux.gacruxexeptions import GacruxNoLegalPairing  # type: ignore[import-untyped]

    _KEPT.clear()
    engine = dutch_engine()(event, round_, {"experimental": [], "verbose": 0, "top_color": "", "rank": False})
    engine.fidedesk_progress = progress
    try:
        with _collector_off():
            brackets = engine.compute_pairing(False, 0)
            if multiprocessing.parent_process() is not None:
                _KEPT.append(engine)
                gc.freeze()
            else:
                _let_go(engine, progress)
            del engine  # freed here (unless kept), the collector still off
    except GacruxNoLegalPairing as fault:
        raise NoLegalPairing(f"round {round_} cannot be paired by the Dutch rules: {fault}") from None
    except MemoryError:
        pass  # answered below: here the exception's traceback still holds the engine's frames, and so its records
    else:
        pairs = [pair for bracket in brackets if bracket is not None for pair in bracket.get("pairs", ())]
        return [(int(pair["w"]), int(pair["b"])) for pair in sorted(pairs, key=lambda pair: pair["board"])]
    engine = None  # noqa: F841  # the exception gone, the engine's records go with this last reference
    raise EngineOutOfMemory(
        f"round {round_} is not paired: FIDE TEC's engine ran out of memory pairing "
        f"{len(event['competitors']):,} players (it keeps a record for every pair of players)"
    )


def _let_go(engine: Any, progress: Progress | None) -> None:
    """The engine's records freed a player's row of its table of pairs at a time (each record is freed with the
    second row that holds it: 1.5 to 4 s at 2,000 players), told to ``progress`` as it goes
    (:func:`progress.let_go_rows`)."""
    rows = getattr(engine, "opponents", None)
    levels = getattr(engine, "levels", None)
    if progress is None or not isinstance(rows, list) or type(levels) is not int:
        return
    let_go_rows(rows, progress, max(1, levels) * STEPS)


@dataclasses.dataclass(frozen=True)
class BoardCheck:
    """One board of a round paired by hand, set against FIDE's pairing of the same round.

    ``fide`` is the engine's board with the same White (or Black) where the board differs; None where
    the board is the engine's own (same players, same colours)."""

    board: PairedBoard
    same_players: bool
    same_colours: bool
    fide_opponent: int | None

    @property
    def agrees(self) -> bool:
        return self.same_players and self.same_colours


def check_round(
    tournament: Tournament, round_: int, progress: Progress | None = None
) -> tuple[Pairing, list[BoardCheck]]:
    """FIDE's pairing of ``round_`` as the round stood before its games were entered, and each board of
    the round as entered set against it: the checker's view of a hand-made (or hand-changed) round."""
    from fidedesk.core.editing.rounds import boards

    hand = [PairedBoard(b.number, b.white, b.black) for b in boards(tournament, round_) if b.black is not None]
    before = without_pairing(tournament, round_)
    fide = pair_round(before, round_, progress=progress)
    fide_pairs = {(b.white, b.black) for b in fide.boards}
    opponent = {}
    for b in fide.boards:
        opponent[b.white], opponent[b.black] = b.black, b.white
    checks = []
    for board in hand:
        same_colours = (board.white, board.black) in fide_pairs
        same_players = same_colours or (board.black, board.white) in fide_pairs
        fide_opponent = None if same_players else opponent.get(board.white)
        checks.append(BoardCheck(board, same_players, same_colours, fide_opponent))
    return fide, checks
