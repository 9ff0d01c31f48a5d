"""A round's pairing as the engines give it, which round is next, who is to be paired, and the pairing put
into the tournament.

A :class:`Pairing` is the round's boards (White, Black, board number) and byes. Requested byes
(half-point ``H``, full-point ``F``, zero-point ``Z``, an absence) are entered before pairing as the
player's entry for the round, as TRF records them; a withdrawn player has a zero-point bye in each round
left. Whoever has an entry for the round is not paired; everyone else is. The Swiss engine is FIDE TEC's
(:mod:`fidedesk.engine.pairing`); a round robin follows the Berger tables (C.05 Annex 1,
:func:`fidedesk.core.pairing.consistency.berger_table`).
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Iterable

from fidedesk.core.editing.base import EditError, replace_players
from fidedesk.core.editing.rounds import entry_for
from fidedesk.core.pairing.consistency import berger_table
from fidedesk.core.pairing.setup import InitialColour, title_strength
from fidedesk.core.results import ResultCode
from fidedesk.core.tournament import Player, RoundEntry, System, Tournament, is_pairing
from fidedesk.core.values import ROUND_RANGE


class PairingError(EditError):
    """A round that cannot be paired now; the message says why (for the arbiter, and the command line's exit 2)."""


class NoLegalPairing(PairingError):
    """The rules leave no pairing for the round (C.04.3 2026, Article 1.9.3: the arbiter decides)."""


class PairingSystem(enum.Enum):
    """The engine that paired a round, by the name fidedesk-cli's JSON gives it."""

    DUTCH = "dutch"
    BERGER = "berger"


class ByeKind(enum.Enum):
    """A round without an opponent, by the name fidedesk-cli's JSON gives it, and its TRF code."""

    PAIRING_ALLOCATED = "pairing-allocated"
    FULL_POINT = "full-point"
    HALF_POINT = "half-point"
    ZERO_POINT = "zero-point"
    #: A round robin's free round with an odd number of players (C.05 Annex 1): no game, no point, no entry.
    FREE = "free"

    @property
    def result(self) -> ResultCode | None:
        """The TRF code the bye is entered with; None for a round robin's free round, which has no entry."""
        return _BYE_RESULTS.get(self)

    @classmethod
    def of(cls, result: ResultCode) -> ByeKind:
        """The kind of a round without opponent by its code: ``U``, ``F``, ``H``, ``Z``, and by its score the
        codes older files write there (``+``/``W`` a full point, ``=``/``D`` a half, ``-``/``0``/``L`` none)."""
        if result is ResultCode.PENDING:
            raise ValueError("a round without opponent has no result to come")
        for kind, code in _BYE_RESULTS.items():
            if code is result:
                return kind
        return {2: cls.FULL_POINT, 1: cls.HALF_POINT}.get(result.halves, cls.ZERO_POINT)


_BYE_RESULTS = {
    ByeKind.PAIRING_ALLOCATED: ResultCode.PAIRING_BYE,
    ByeKind.FULL_POINT: ResultCode.FULL_BYE,
    ByeKind.HALF_POINT: ResultCode.HALF_BYE,
    ByeKind.ZERO_POINT: ResultCode.ZERO_BYE,
}


@dataclasses.dataclass(frozen=True)
class PairedBoard:
    """One game of a paired round: its board number and the start ranks of White and Black."""

    board: int
    white: int
    black: int


@dataclasses.dataclass(frozen=True)
class PairedBye:
    """A player of the round without an opponent, and the kind of bye."""

    player: int
    kind: ByeKind


@dataclasses.dataclass(frozen=True)
class Pairing:
    """A round's pairing: the boards in board order, then the byes (pairing-allocated first)."""

    round: int
    system: PairingSystem
    boards: tuple[PairedBoard, ...]
    byes: tuple[PairedBye, ...] = ()


def is_paired(tournament: Tournament, round_: int) -> bool:
    """Whether ``round_`` has a game or a pairing-allocated bye: requested byes alone are not a pairing."""
    return round_ in tournament.paired_rounds


def rounds_skipped(tournament: Tournament, round_: int) -> tuple[int, ...]:
    """The rounds before ``round_`` still unpaired, when ``round_`` itself is not paired yet: what a first board
    paired by hand in ``round_`` would skip (a Swiss pairs each round on the scores of every round before,
    C.04.1; a bye requested ahead pairs no round). Empty once ``round_`` has a board: it was asked about then."""
    if is_paired(tournament, round_):
        return ()
    return tuple(number for number in range(1, round_) if not is_paired(tournament, number))


def played_initial_colour(tournament: Tournament) -> InitialColour | None:
    """The colour drawn for the top player in round 1 as the round shows it, for an event that does not record
    it (no TRF 152 / XXC): the colour of the lower start rank in round 1's first game (the game of the lowest
    start rank), as FIDE TEC's TRF reader derives it; None before round 1 is paired or without its colours."""
    games = [
        (min(player.start_rank, entry.opponent), player.start_rank, entry.color)
        for player in tournament.players
        for entry in player.rounds
        if entry.round == 1 and entry.opponent is not None and player.start_rank < entry.opponent
    ]
    if not games:
        return None
    _, _, colour = min(games)
    return None if colour is None else InitialColour.from_text(colour)


def initial_colour_in_use(tournament: Tournament, chosen: InitialColour | None = None) -> tuple[InitialColour, str]:
    """The colour of the top player in round 1 the engine is given, and where it comes from: ``"chosen"`` (the
    caller's), else ``"recorded"`` (the event's, TRF ``152`` / ``XXC``), else ``"round 1"`` (the one round 1
    was paired with, as FIDE TEC's reader takes it from a file without the record), else ``"default"``, White."""
    if chosen is not None:
        return chosen, "chosen"
    if tournament.info.initial_colour is not None:
        return tournament.info.initial_colour, "recorded"
    played = played_initial_colour(tournament)
    if played is not None:
        return played, "round 1"
    return InitialColour.WHITE, "default"


def round_to_pair(tournament: Tournament) -> int:
    """The first round without pairings (fidedesk-cli pair's default, the window's Pair round)."""
    return next(number for number in range(1, tournament.last_round + 2) if not is_paired(tournament, number))


def planned_rounds(tournament: Tournament) -> int | None:
    """The number of rounds of the event: announced (TRF ``XXR``/``142``), or a round robin's by its size
    (C.05 Annex 1: N - 1 rounds per cycle for N players, N + 1 for odd N); None when neither tells."""
    info = tournament.info
    if info.rounds is not None:
        return info.rounds
    if info.system.is_round_robin and tournament.players:
        size = len(tournament.players) + len(tournament.players) % 2
        return (size - 1) * (2 if info.system is System.DOUBLE_ROUND_ROBIN else 1)
    return None


def check_round_can_be_paired(tournament: Tournament, round_: int) -> None:
    """Refuse a round that cannot be paired from the tournament as it stands, saying why: beyond the
    event's rounds, paired already, or after a round with a game still without a result (the Dutch
    rules pair from the scores of every round before, C.04.3)."""
    if round_ not in ROUND_RANGE:
        raise PairingError(f"round {round_}: a tournament has rounds {ROUND_RANGE}")
    planned = planned_rounds(tournament)
    if planned is not None and round_ > planned:
        raise PairingError(f"the event has {planned} rounds: round {round_} cannot be paired")
    if is_paired(tournament, round_):
        raise PairingError(f"round {round_} is paired already: unpair it first")
    for before in range(1, round_):
        if not tournament.info.system.is_round_robin and not is_paired(tournament, before):
            raise PairingError(f"round {before} is not paired: pair the rounds in order")
        pending = [p.start_rank for p in tournament.players if _pending(p, before)]
        if pending and not tournament.info.system.is_round_robin:
            raise PairingError(
                f"round {before} has games without a result (player {pending[0]}): enter them before pairing"
            )


def _pending(player: Player, round_: int) -> bool:
    entry = entry_for(player, round_)
    return entry is not None and entry.result is ResultCode.PENDING


def requested_byes(tournament: Tournament, round_: int) -> tuple[PairedBye, ...]:
    """The byes entered for ``round_`` before pairing (half-, full- and zero-point, absences), by start rank."""
    byes = []
    for player in tournament.players:
        entry = entry_for(player, round_)
        if entry is not None and not is_pairing(entry):
            byes.append(PairedBye(player.start_rank, ByeKind.of(entry.result)))
    return tuple(byes)


def to_be_paired(tournament: Tournament, round_: int) -> list[Player]:
    """The players to pair in ``round_``, by start rank: everyone without an entry for the round."""
    return sorted((p for p in tournament.players if entry_for(p, round_) is None), key=lambda p: p.start_rank)


def apply_pairing(tournament: Tournament, pairing: Pairing) -> Tournament:
    """The tournament with ``pairing``'s games (results pending) and pairing-allocated bye entered; requested
    byes are there already. Every player paired must be without an entry for the round."""
    entries: dict[int, RoundEntry] = {}
    round_ = pairing.round
    for board in pairing.boards:
        entries[board.white] = RoundEntry(round_, board.black, "w", ResultCode.PENDING, board.board)
        entries[board.black] = RoundEntry(round_, board.white, "b", ResultCode.PENDING, board.board)
    for bye in pairing.byes:
        if bye.kind is ByeKind.PAIRING_ALLOCATED:
            entries[bye.player] = RoundEntry(round_, None, None, ResultCode.PAIRING_BYE)
    players = tournament.by_rank()
    changed = {}
    for rank, entry in entries.items():
        if rank not in players:
            raise PairingError(f"the pairing names player {rank}, who is not in the event")
        player = players[rank]
        if entry_for(player, round_) is not None:
            raise PairingError(f"player {rank} has an entry for round {round_} already")
        rounds = sorted((*player.rounds, entry), key=lambda e: e.round)
        changed[rank] = dataclasses.replace(player, rounds=tuple(rounds))
    return replace_players(tournament, changed)


def without_pairing(tournament: Tournament, round_: int) -> Tournament:
    """The tournament with ``round_``'s games and pairing-allocated bye taken out; requested byes stay.
    One pass: every game of the round goes, so no other board needs its number kept (as :func:`unpair` does)."""
    players = tuple(
        dataclasses.replace(player, rounds=kept)
        if len(kept := tuple(e for e in player.rounds if e.round != round_ or not is_pairing(e))) != len(player.rounds)
        else player
        for player in tournament.players
    )
    return dataclasses.replace(tournament, players=players)


def berger_pairing(tournament: Tournament, round_: int) -> Pairing:
    """Round ``round_`` of a round robin from FIDE's Berger tables (C.05 Annex 1), pairing numbers being
    the start ranks in order; with an odd number of players the highest number is the bye. In a double
    round robin the second cycle repeats the first with colours reversed (C.05 Annex 1). Boards in the table's order;
    the byes: the free round, then those requested for the round (as a Swiss round's).

    A player with a requested bye or an absence for the round is not paired: the table's opponent has
    no game that round (the entry is left for the arbiter), as a round robin's games are fixed."""
    check_round_can_be_paired(tournament, round_)
    ranks = sorted(player.start_rank for player in tournament.players)
    if len(ranks) < 2:
        raise NoLegalPairing("a round robin needs two players or more")
    table = berger_table(len(ranks))
    cycle = len(table)
    second = (round_ - 1) // cycle % 2 == 1
    games = table[(round_ - 1) % cycle]
    requested = requested_byes(tournament, round_)
    absent = {bye.player for bye in requested}
    boards: list[PairedBoard] = []
    byes: list[PairedBye] = []
    for white_number, black_number in games:
        white = ranks[white_number - 1] if white_number <= len(ranks) else None
        black = ranks[black_number - 1] if black_number <= len(ranks) else None
        if second:
            white, black = black, white
        present = [rank for rank in (white, black) if rank is not None and rank not in absent]
        if white is not None and black is not None and len(present) == 2:
            boards.append(PairedBoard(len(boards) + 1, white, black))
        elif white is None or black is None:
            byes.extend(PairedBye(rank, ByeKind.FREE) for rank in present)
    return Pairing(round_, PairingSystem.BERGER, tuple(boards), (*byes, *requested))


def initial_order(players: Iterable[Player]) -> list[Player]:
    """The players in the initial order of a Swiss (C.04.2, General Handling Rules: initial order): by
    rating, highest first (an unrated player, whose strength no list gives, after every rated one), then by
    FIDE title (GM, IM, WGM, FM, WIM, CM, WFM, WCM, none), then alphabetically by name.
    Pairing numbers follow this order."""
    return sorted(
        players,
        key=lambda p: (p.rating is None, -(p.rating or 0), title_strength(p.title), p.name.casefold(), p.start_rank),
    )


def renumbered(tournament: Tournament, order: list[int]) -> Tournament:
    """The players given start ranks 1, 2, ... in ``order`` (a list of today's start ranks, each once):
    pairing numbers by rating (:func:`initial_order`) or by lot (C.05 Annex 1, a round robin's numbers
    drawn). Refused once a round is paired, as games name their opponents by these numbers."""
    if sorted(order) != sorted(p.start_rank for p in tournament.players):
        raise EditError("the new order must name every player once")
    if any(is_paired(tournament, number) for number in range(1, tournament.last_round + 1)):
        raise EditError("players keep their numbers once a round is paired")
    return with_numbers(tournament, {old: index for index, old in enumerate(order, start=1)})


def with_numbers(tournament: Tournament, new: dict[int, int]) -> Tournament:
    """The players with start rank ``new[old]`` in place of ``old``, listed in their new order, the opponents
    of their games and the forbidden pairs following (a group left with fewer than two known players goes).
    Accelerated rounds name ranges of start ranks and are the caller's: a range follows only an order kept.
    A game against a start rank not in ``new`` is refused."""

    def entry_with_numbers(entry: RoundEntry) -> RoundEntry:
        if entry.opponent is None:
            return entry
        if entry.opponent not in new:
            raise PairingError(f"round {entry.round} names player {entry.opponent}, who is not in the event")
        return dataclasses.replace(entry, opponent=new[entry.opponent])

    players = sorted(
        (
            dataclasses.replace(p, start_rank=new[p.start_rank], rounds=tuple(map(entry_with_numbers, p.rounds)))
            for p in tournament.players
        ),
        key=lambda p: p.start_rank,
    )
    forbidden = []
    for group in tournament.info.forbidden:
        members = tuple(new[rank] for rank in group.players if rank in new)
        if len(members) >= 2:
            forbidden.append(dataclasses.replace(group, players=members))
    info = dataclasses.replace(tournament.info, forbidden=tuple(forbidden))
    return dataclasses.replace(tournament, players=tuple(players), info=info)
