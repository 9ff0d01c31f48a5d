"""TRF's records of what the pairing engines need: the number of rounds, the colour of the top player in
round 1, byes requested before pairing, accelerated rounds and forbidden pairs.

Each record as FIDE TEC's reader (gacrux's ``trf2json``) reads it; columns 1-based and inclusive:

* ``142 n`` (TRF-2026) / ``XXR n`` (JaVaFo's TRF16 extension): the number of rounds, 0-99; the largest
  of them. ``EventInfo.rounds``.
* ``152 W`` / ``152 B`` (TRF-2026) / ``XXC white1`` / ``XXC black1``: the colour of the top-ranked player
  in round 1 (C.04.3: drawn by lot before round 1). ``EventInfo.initial_colour``. Other words of an ``XXC`` record
  (JaVaFo's ``rank``) are left out with a note: fidedesk's pairing numbers are the start ranks.
* ``240 T RRR PPPP PPPP ...``: byes of type ``T`` (``H`` half-point, ``F`` full-point, ``Z`` or blank
  zero-point) in round ``RRR`` (columns 7-9) for the players in columns 11-14, 16-19, ... They become
  the players' round entries, as a ``001`` record writes them (``0000 - H``); a ``001`` record giving
  that round something else is an error. A TRF16 output writes them in the ``001`` records; a TRF-2026 one
  those of the rounds after the last paired as ``240`` records (:func:`byes_ahead`).
* ``250 MMMM GGGG RRR RRR PPPP PPPP``: accelerated rounds (C.04.7): match points (5-8: blank, or twice
  the game points, an individual event's scale; another record is kept verbatim with a note), game points
  (10-13), rounds (15-17 to 19-21; blank or 0: the first alone), start ranks (23-26 to 28-31; blank or 0:
  the first alone). ``EventInfo.acceleration``.
* ``260 RRR RRR PPPP PPPP ...``: forbidden pairs in rounds 5-7 to 9-11 (blank or 0: the first alone;
  99, the last round a TRF holds: to the end), the players in columns 13-16, 18-21, ...
  ``EventInfo.forbidden``.

A record is read by its columns, and a damaged one is refused naming the column, never read one column off:
the columns it leaves blank between its fields (and after a ``250``'s column 31, and column 4 after every
code) must be blank, and a figure must end in its field's last column, as TRF writes it right-aligned;
points have no sign, at most two digits before and after the decimal point.

In a team event's file (with ``013`` or ``310`` records) the ``240``, ``250`` and ``260`` records name
teams, which fidedesk does not pair: they are kept verbatim, with one note for them all. JaVaFo's ``XXA``
(each player's acceleration round by round) is not read either: it stays verbatim with the records
fidedesk keeps, and the reader says so in a note. A TRF16 output writes ``XXR`` and ``XXC``, a TRF-2026
one ``142`` and ``152``; both write ``250`` and ``260`` (a TRF16 reader passes over a record it does not
know, as with the ``212`` of the tie-breaks). Which one a file is: :func:`version_of`.
"""

from __future__ import annotations

import dataclasses
import enum
import re
from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Final

from fidedesk.core.pairing.setup import AcceleratedRound, ForbiddenPairs, InitialColour
from fidedesk.core.results import ResultCode
from fidedesk.core.tournament import EventInfo, Player, RoundEntry, Tournament
from fidedesk.core.values import ROUND_RANGE
from fidedesk.io.trf.records import PAIRING_RECORDS, POINTS_FIELD, SYSTEM_CODE, Where, team_file, unread_acceleration

__all__ = [
    "PAIRING_CODES",
    "PairingRecords",
    "RequestedBye",
    "TrfVersion",
    "byes_ahead",
    "pairing_lines",
    "read_pairing_records",
    "version_of",
    "with_requested_byes",
]


class TrfVersion(enum.Enum):
    """Which TRF a file is written in, for the records that differ: TRF16 with JaVaFo's ``XXR``/``XXC``,
    TRF-2026 with its ``142``/``152``."""

    TRF16 = "TRF16"
    TRF26 = "TRF-2026"


ROUNDS_CODES: Final = {"XXR": TrfVersion.TRF16, "142": TrfVersion.TRF26}
COLOUR_CODES: Final = {"XXC": TrfVersion.TRF16, "152": TrfVersion.TRF26}
BYES, ACCELERATED, FORBIDDEN = "240", "250", "260"
#: The records this module reads into the tournament: never kept verbatim, written afresh.
PAIRING_CODES: Final = PAIRING_RECORDS  # trf_records' list, which keeps none of them: the codes above
#: Records only TRF-2026 has (:func:`version_of`).
_TRF26_CODES: Final = frozenset({"142", "152", "192", "202", "212", "222", BYES, ACCELERATED, FORBIDDEN})
#: A 260 record's last round that means "to the end": the last round a TRF file holds.
TO_THE_END: Final = ROUND_RANGE.high
_BYE_TYPES: Final = {
    "H": ResultCode.HALF_BYE,
    "F": ResultCode.FULL_BYE,
    "Z": ResultCode.ZERO_BYE,
    " ": ResultCode.ZERO_BYE,
}
_NUMBER = re.compile(r"[0-9]+")
#: The columns each record leaves blank between its fields (TRF-2026; the 240 and 260 lists of start ranks
#: go on with one blank before each, checked as they are read). A shifted record puts a figure in one of
#: them: refused, rather than read one column off (``10.0`` as ``0.0``).
_SEPARATORS: Final = {BYES: (4, 6, 10), ACCELERATED: (4, 9, 14, 18, 22, 27), FORBIDDEN: (4, 8, 12)}
#: The last column of a 250 record: anything written after it is a record read wrong.
_ACCELERATED_END: Final = 31


@dataclasses.dataclass(frozen=True)
class RequestedBye:
    """A bye of a ``240`` record: the player's entry for the round, and where the record names the player."""

    entry: RoundEntry
    player: int
    line: int
    column: int


@dataclasses.dataclass(frozen=True)
class PairingRecords:
    """What a file's pairing records say, the version they tell, and notes on what was left out."""

    rounds: int | None = None
    initial_colour: InitialColour | None = None
    forbidden: tuple[ForbiddenPairs, ...] = ()
    acceleration: tuple[AcceleratedRound, ...] = ()
    byes: tuple[RequestedBye, ...] = ()
    version: TrfVersion = TrfVersion.TRF16
    notes: tuple[str, ...] = ()

    def event(self, info: EventInfo) -> EventInfo:
        """``info`` with the rounds, initial colour, forbidden pairs and accelerated rounds of the records."""
        return dataclasses.replace(
            info,
            rounds=self.rounds,
            initial_colour=self.initial_colour,
            forbidden=self.forbidden,
            acceleration=self.acceleration,
        )


def read_pairing_records(lines: Sequence[str], source: str, ranks: Iterable[int]) -> PairingRecords:
    """The pairing records of ``lines``; ``ranks`` are the start ranks of the ``001`` records, which the
    records must name. TrfError naming the line and column of a bad value."""
    known = frozenset(ranks)
    declared = 0
    colour: InitialColour | None = None
    forbidden: list[ForbiddenPairs] = []
    acceleration: list[AcceleratedRound] = []
    byes: list[RequestedBye] = []
    notes: list[str] = []
    version = version_of(lines)
    teams = team_file(lines)
    team_lines: list[int] = []
    for index, line in enumerate(lines):
        code, where = line[:3], Where(source, index + 1)
        if teams and code in (BYES, ACCELERATED, FORBIDDEN):
            team_lines.append(index + 1)
        elif code in ROUNDS_CODES:
            declared = max(declared, _count(line, where))
        elif code in COLOUR_CODES:
            colour = _colour(line, where, notes) or colour
        elif code == BYES:
            byes.extend(_byes(_blank_separators(line, where), where, known))
        elif unread_acceleration(line):
            notes.append(
                f"{source}:{index + 1}: the 250 record is kept as it is: its match points are not twice its game "
                "points, and fidedesk's accelerated rounds are game points"
            )
        elif code == ACCELERATED:
            acceleration.append(_accelerated(_blank_separators(line, where), where, known))
        elif code == FORBIDDEN:
            forbidden.append(_forbidden(_blank_separators(line, where), where, known))
        elif code == "XXA":
            notes.append(
                f"{source}:{index + 1}: the XXA record is kept as it is: fidedesk reads accelerated rounds from "
                "TRF-2026's 250 records, and pairs without this one"
            )
    if team_lines:  # one note for them all: a team event has dozens
        notes.append(
            f"{source}:{team_lines[0]}: the {len(team_lines)} byes, accelerated rounds and forbidden pairs records "
            "(240, 250, 260) are kept as they are: they name teams, which fidedesk does not pair"
        )
    return PairingRecords(
        declared or None, colour, tuple(forbidden), tuple(acceleration), tuple(byes), version, tuple(notes)
    )


def _after_code(line: str, where: Where) -> str:
    """What follows a record's code, which a blank separates from it (column 4)."""
    if line[3:4].strip():
        raise where.error(4, f'expected a blank in column 4, after "{line[:3]}", found "{line[3]}"')
    return line[3:]


def _blank_separators(line: str, where: Where) -> str:
    """``line`` once the columns its record leaves blank between fields are found blank (TrfError naming
    the first that is not); a 250 record also ends at column 31."""
    code = line[:3]
    for column in _SEPARATORS[code]:
        if _field(line, column, column).strip():
            raise where.error(column, f'expected a blank in column {column}, found "{line[column - 1]}"')
    if code == ACCELERATED and _field(line, _ACCELERATED_END + 1, len(line)).strip():
        raise where.error(
            _ACCELERATED_END + 1,
            f"expected nothing after column {_ACCELERATED_END}, the last start rank, found "
            f'"{_field(line, _ACCELERATED_END + 1, len(line)).strip()}"',
        )
    return line


def _count(line: str, where: Where) -> int:
    """The number of rounds in an ``XXR n`` or ``142 n`` record."""
    value = _after_code(line, where).strip()
    if not _NUMBER.fullmatch(value):
        raise where.error(5, f'expected a number of rounds after "{line[:3]}", found "{value}"')
    if int(value) > ROUND_RANGE.high:
        raise where.error(5, f"{int(value)} rounds: a TRF file holds at most {ROUND_RANGE.high}")
    return int(value)


def _colour(line: str, where: Where, notes: list[str]) -> InitialColour | None:
    """TRF-2026's ``152 W``/``152 B``, JaVaFo's ``XXC white1`` / ``XXC black1``; None for an ``XXC`` that
    names no colour (``XXC rank``), whose other words are left out with a note."""
    found, others = None, []
    for word in _after_code(line, where).split():
        try:
            found = InitialColour.from_text(word)
        except ValueError:
            others.append(word)
    if line.startswith("152") and (found is None or others):
        raise where.error(5, f'expected the initial colour (W or B) after "152", found "{line[3:].strip()}"')
    if others:
        notes.append(
            f"{where.source}:{where.line}: the XXC record's {' '.join(others)} is left out: fidedesk pairs by "
            "start rank, with the initial colour alone"
        )
    return found


def _field(line: str, first: int, last: int) -> str:
    return line[first - 1 : last]


def _aligned(raw: str, where: Where, first: int, last: int, what: str) -> str:
    """A field's text, which ends in the field's last column as TRF writes figures (a blank after it is a
    record read one column off); TrfError naming the columns otherwise."""
    if raw.strip() and raw[-1:] == " ":
        raise where.error(first, f'expected {what} ending in column {last} (columns {first}-{last}), found "{raw}"')
    return raw.strip()


def _number(line: str, where: Where, first: int, last: int, what: str) -> int:
    """The digits in columns first-last, ending in the last (0 when blank); TrfError naming them otherwise."""
    raw = _field(line, first, last)
    if raw.strip() and not _NUMBER.fullmatch(raw.strip()):
        raise where.error(first, f'expected {what} in columns {first}-{last}, found "{raw}"')
    return int(_aligned(raw.ljust(last - first + 1), where, first, last, what) or 0)


def _round(line: str, where: Where, first: int, last: int, *, high: int = ROUND_RANGE.high) -> int:
    number = _number(line, where, first, last, "a round")
    if number > high:
        raise where.error(first, f"round {number} in columns {first}-{last}: a TRF file holds at most {high} rounds")
    return number


def _player(line: str, where: Where, first: int, known: frozenset[int]) -> int:
    number = _number(line, where, first, first + 3, "a start rank")
    if number not in known:
        raise where.error(first, f"{number} in columns {first}-{first + 3} is not the start rank of any 001 record")
    return number


def _players(line: str, where: Where, first: int, known: frozenset[int]) -> list[tuple[int, int]]:
    """The start ranks from column ``first`` on, one every 5 columns (blank columns between): (column, rank)."""
    found = []
    for column in range(first, len(line.rstrip()) + 2, 5):  # + 2: a figure in the blank after the last one
        if _field(line, column - 1, column - 1).strip():
            raise where.error(column - 1, f'expected a blank in column {column - 1}, found "{line[column - 2]}"')
        if _field(line, column, column + 3).strip():
            found.append((column, _player(line, where, column, known)))
    return found


def _byes(line: str, where: Where, known: frozenset[int]) -> list[RequestedBye]:
    kind = _field(line.ljust(5), 5, 5).upper()
    if kind not in _BYE_TYPES:
        raise where.error(5, f'expected a bye type H, F or Z in column 5, found "{kind}"')
    round_ = _round(line, where, 7, 9)
    if round_ < 1:
        raise where.error(7, "expected the round of the byes in columns 7-9")
    entry = RoundEntry(round_, None, None, _BYE_TYPES[kind])
    return [RequestedBye(entry, rank, where.line, column) for column, rank in _players(line, where, 11, known)]


def _accelerated(line: str, where: Where, known: frozenset[int]) -> AcceleratedRound:
    scale = _field(line, 5, 8)
    if scale.strip() and not POINTS_FIELD.fullmatch(scale.strip()):
        raise where.error(5, f'expected match points such as "2.0" (or blank) in columns 5-8, found "{scale}"')
    _aligned(scale, where, 5, 8, "match points")
    raw = _field(line, 10, 13)
    if not POINTS_FIELD.fullmatch(raw.strip()):
        raise where.error(10, f'expected game points such as "1.0" in columns 10-13, found "{raw}"')
    _aligned(raw.ljust(4), where, 10, 13, "game points")
    first = _round(line, where, 15, 17)
    if first < 1:
        raise where.error(15, "expected the first accelerated round in columns 15-17")
    last = _round(line, where, 19, 21) or first
    if last < first:
        raise where.error(19, f"rounds {first} to {last} are not a range of rounds")
    low = _player(line, where, 23, known)
    high = low  # blank or 0: the first alone; read as a figure all the same, so that a shifted one is refused
    if _number(line, where, 28, 31, "a start rank"):
        high = _player(line, where, 28, known)
    if high < low:
        raise where.error(28, f"start ranks {low} to {high} are not a range of players")
    return AcceleratedRound(Fraction(raw.strip().replace(",", ".")), first, last, low, high)


def _forbidden(line: str, where: Where, known: frozenset[int]) -> ForbiddenPairs:
    first = _round(line, where, 5, 7)
    if first < 1:
        raise where.error(5, "expected the first round of the forbidden pairs in columns 5-7")
    last = _round(line, where, 9, 11, high=TO_THE_END) or first
    players = _players(line, where, 13, known)
    ranks = [rank for _, rank in players]
    for index, (column, rank) in enumerate(players):
        if rank in ranks[:index]:
            raise where.error(column, f"player {rank} is named twice")
    if len(ranks) < 2:
        raise where.error(13, "expected two start ranks or more from column 13")
    try:
        return ForbiddenPairs(tuple(ranks), first, None if last == TO_THE_END else last)
    except ValueError as error:
        raise where.error(9, str(error)) from None


def with_requested_byes(
    players: Sequence[Player], byes: Iterable[RequestedBye], source: str, *, over_absences: bool = False
) -> list[Player]:
    """The players with the byes of the ``240`` records as their round entries; a ``001`` record that gives
    the round something else is refused at the ``240`` record's column. ``over_absences``: a bye replaces
    an absence (``Z`` without opponent), as older versions filled the rounds of a TRF whose byes they kept."""
    absent = RoundEntry(0, None, None, ResultCode.ZERO_BYE)
    entries: dict[int, dict[int, RoundEntry]] = {p.start_rank: {e.round: e for e in p.rounds} for p in players}
    for bye in byes:
        given = entries[bye.player].setdefault(bye.entry.round, bye.entry)
        if over_absences and dataclasses.replace(given, round=0, board=None) == absent:
            given = entries[bye.player][bye.entry.round] = bye.entry
        if given != bye.entry:
            raise Where(source, bye.line).error(
                bye.column,
                f"player {bye.player} has a {bye.entry.result.value} bye in round {bye.entry.round} here, "
                f'but "{given.result.value}" against {given.opponent or "nobody"} in their 001 record',
            )
    return [
        dataclasses.replace(p, rounds=tuple(sorted(entries[p.start_rank].values(), key=lambda e: e.round)))
        for p in players
    ]


def pairing_lines(info: EventInfo, version: TrfVersion, *, encoded: bool = False) -> list[str]:
    """The event's pairing records as ``version`` writes them (byes go in the ``001`` records); in TRF-2026,
    and when ``encoded``, the 192 record of the system's code (:data:`~fidedesk.io.trf.records.SYSTEM_CODE`:
    the pairing system FIDE TEC's reader takes)."""
    lines = []
    if version is TrfVersion.TRF26 and encoded and info.system in SYSTEM_CODE:
        lines.append(f"192 {SYSTEM_CODE[info.system]}")  # first: a file read keeps it where it was, before these
    if info.rounds is not None:
        lines.append(f"{'XXR' if version is TrfVersion.TRF16 else '142'} {info.rounds}")
    if info.initial_colour is not None:
        colour = info.initial_colour
        lines.append(f"XXC {colour.value}1" if version is TrfVersion.TRF16 else f"152 {colour.letter.upper()}")
    for group in info.acceleration:
        points = _points(group.points)
        lines.append(
            f"250 {_points(group.points * 2):>4} {points:>4} {group.first_round:>3} {group.last_round:>3} "
            f"{group.first_player:>4} {group.last_player:>4}"
        )
    for pairs in info.forbidden:
        last = TO_THE_END if pairs.last_round is None else pairs.last_round
        lines.append(f"260 {pairs.first_round:>3} {last:>3} " + " ".join(f"{rank:>4}" for rank in pairs.players))
    return lines


_BYE_LETTERS: Final = {ResultCode.HALF_BYE: "H", ResultCode.FULL_BYE: "F", ResultCode.ZERO_BYE: "Z"}


def byes_ahead(tournament: Tournament) -> tuple[tuple[Player, ...], list[str]]:
    """TRF-2026's form of the byes entered ahead of the pairing: the players without their byes of the rounds
    after the last one paired, and those byes as ``240`` records, one per type and round (FIDE TEC's reader takes
    at most one). A ``001`` record then holds the rounds paired alone, and its points are theirs, as a TRF reader
    adds them up (a half-point bye of round 5 in the ``001`` record of a file after round 4 would count)."""
    paired = max(tournament.paired_rounds, default=0)
    ahead: dict[tuple[int, str], list[int]] = {}
    players = []
    for player in tournament.players:
        kept = []
        for entry in player.rounds:
            if entry.round > paired and entry.opponent is None and entry.result in _BYE_LETTERS:
                ahead.setdefault((entry.round, _BYE_LETTERS[entry.result]), []).append(player.start_rank)
            else:
                kept.append(entry)
        players.append(dataclasses.replace(player, rounds=tuple(kept)))
    lines = [
        f"{BYES} {kind} {round_:>3} " + " ".join(f"{rank:>4}" for rank in ranks)
        for (round_, kind), ranks in sorted(ahead.items())
    ]
    return tuple(players), lines


def _points(points: Fraction) -> str:
    """``1.0``, ``0.5``, ``0.25``: one decimal, two where one is not exact; ValueError past two or 4 columns."""
    for decimals in (1, 2):
        if (points * 10**decimals).denominator == 1 and points < 100:
            text = f"{float(points):.{decimals}f}"
            if len(text) <= 4:
                return text
    raise ValueError(f"accelerated points {points} cannot be written in TRF's four columns")


def version_of(lines: Iterable[str]) -> TrfVersion:
    """The version a file's records tell: the one of its rounds or colour record (``XXR``/``XXC`` or
    ``142``/``152``), else TRF-2026 when it has a record only TRF-2026 has (a TRF16 output carries 212, 250
    and 260 beside its XXR, as readers pass over what they do not know)."""
    codes = {line[:3] for line in lines}
    for code, version in (*ROUNDS_CODES.items(), *COLOUR_CODES.items()):
        if code in codes:
            return version
    return TrfVersion.TRF26 if codes & _TRF26_CODES else TrfVersion.TRF16
