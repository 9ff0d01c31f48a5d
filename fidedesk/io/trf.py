"""FIDE Tournament Report File (TRF16 / TRF26): reader and writer.

Columns are 1-based and inclusive, as in the FIDE annex (C04 Annex 2, TRF26). Decisions on input
the format leaves open:

* Every player gets one RoundEntry per round, from 1 to the last round in which any ``001`` record
  has data. A blank round block in that range is a zero-point bye (``Z``) without opponent or
  colour: the player took no part. Later blocks give no entry; ``XXR`` / ``142`` only raise
  ``TrfDocument.rounds`` (files written before the last rounds are played).
* Unrated is a blank, ``0`` or ``0000`` rating; a FIDE ID of 0 is none; a birth year 0 is unknown.
* Header dates are year first (``2024/11/23``, also ``.`` and ``-``) or day first (``24/09/2010``,
  ``28. 07. 2005``); two-digit years are refused as ambiguous.
* A name may overflow into column 48; any other non-blank separator column means the line is
  shifted, which is an error rather than a guess.
* A game with an opponent must be mirrored: the opponent's entry points back with the mirrored
  result (``-`` against ``-`` is a double forfeit). Colours are not checked.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import itertools
import os
import re
from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from typing import TypeVar

from fidedesk.core.pairings import PairingFault, pairing_problems
from fidedesk.core.results import ResultCode
from fidedesk.core.tournament import (
    TITLES,
    BirthDate,
    EventInfo,
    Player,
    RatingKind,
    RoundEntry,
    System,
    Tournament,
)
from fidedesk.core.values import (
    RATING_IN_FILE,
    InvalidValueError,
    parse_birth_date,
    parse_date,
    parse_federation,
    parse_fide_id,
    parse_rating,
    parse_title,
)
from fidedesk.io.bounded import read_bounded
from fidedesk.io.text_encoding import decode

__all__ = [
    "TrfDocument",
    "TrfError",
    "TrfLayout",
    "infer_kind_from_time_control",
    "parse_trf",
    "read_trf",
    "tournament_to_trf",
    "write_trf",
]

_Fitter = Callable[[object, int, str], str]
_V = TypeVar("_V")

#: Largest TRF file read: a 2,000-player, 13-round open is some 500 KB.
MAX_FILE_BYTES = 16 * 1024 * 1024

_FIRST_ROUND = 92  # column of round 1's opponent; each round adds 10
_SEPARATORS = (4, 9, 14, 53, 57, 69, 80, 85)  # blank columns before 001 fields (48: see name)
_TEXT_RECORDS = {"012": "name", "022": "city", "032": "federation", "102": "chief_arbiter", "122": "time_control"}
_DATE_RECORDS = {"042": "start", "052": "end"}
_INTERPRETED = {*_TEXT_RECORDS, *_DATE_RECORDS, "092", "192", "222"}
_RESULT_CODES = "1 = 0 + - W D L H F U Z"
_DIGITS = re.compile(r"[0-9]+")
_POINTS = re.compile(r"[0-9]{1,3}(?:[.,][0-9]{1,2})?")
_SYSTEM_TEXT = {  # 092 text that _infer_system reads back as the same system
    System.SWISS: "Individual: Swiss-System",
    System.ROUND_ROBIN: "Individual: Round-Robin",
    System.DOUBLE_ROUND_ROBIN: "Individual: Double Round-Robin",
    System.MATCH: "Individual: Match",
    System.TEAM_SWISS: "Team: Swiss-System",
}
_KIND_WORDS = (
    ("blitz", RatingKind.BLITZ),
    ("rapid", RatingKind.RAPID),
    ("standard", RatingKind.STANDARD),
    ("classic", RatingKind.STANDARD),
)


class TrfError(ValueError):
    """Bad content in a TRF file, located by source name, 1-based line and column (None if unknown)."""

    def __init__(self, source: str, line: int, column: int | None, message: str) -> None:
        self.source = source
        self.line = line
        self.column = column
        self.message = message
        where = f"{source}:{line}" if column is None else f"{source}:{line}:{column}"
        super().__init__(f"{where}: {message}")


@dataclasses.dataclass(frozen=True)
class _Where:
    """The line being read, to locate errors."""

    source: str
    line: int

    def error(self, column: int | None, message: str) -> TrfError:
        return TrfError(self.source, self.line, column, message)


@dataclasses.dataclass(frozen=True)
class TrfLayout:
    """How a file spells values the reader normalises, so that the writer spells them alike.

    ``unrated`` is the rating field of unrated players (``"    "``, ``"   0"`` or ``"0000"``);
    ``no_fide_id`` the FIDE ID field of players without one (blank or ``0``); ``birth_separator``
    is ``/`` or ``.``; ``year_only_births`` writes ``1978`` for a birth date without month and
    day instead of ``1978/00/00``.
    """

    unrated: str = "    "
    no_fide_id: str = ""
    birth_separator: str = "/"
    year_only_births: bool = False


@dataclasses.dataclass(frozen=True)
class TrfDocument:
    """A parsed TRF file: the tournament, its number of rounds and what writing it back needs.

    ``rounds`` is the largest of ``XXR``, ``142`` and the last round with data. ``lines`` are the
    decoded lines without terminators; ``player_lines`` pairs the index in ``lines`` of each
    ``001`` record with its start rank.
    """

    tournament: Tournament
    rounds: int
    lines: tuple[str, ...]
    player_lines: tuple[tuple[int, int], ...] = ()
    layout: TrfLayout = TrfLayout()
    name: str = "<trf>"


# ---------------------------------------------------------------------------------------------- reading


def read_trf(path: str | os.PathLike[str], *, name: str | None = None) -> TrfDocument:
    """Read a TRF file; OSError when it cannot be read, FileLimitError when it is not a regular file or is
    over :data:`MAX_FILE_BYTES`, TrfError when its content is bad."""
    data = read_bounded(path, MAX_FILE_BYTES)
    return parse_trf(data, os.fspath(path) if name is None else name)


def parse_trf(data: bytes | str, name: str = "<trf>") -> TrfDocument:
    """Parse TRF content (bytes: UTF-8, else cp1252 / Latin-1; CR, LF or CRLF line ends)."""
    lines = _split_lines(_decode(data))
    players: list[Player] = []
    player_lines: list[tuple[int, int]] = []
    line_of: dict[int, int] = {}
    header: dict[str, tuple[int, str]] = {}
    declared = 0
    for index, line in enumerate(lines):
        where = _Where(name, index + 1)
        code = line[:3]
        if code == "001":
            player = _parse_player(line, where)
            if player.start_rank in line_of:
                raise where.error(
                    5, f"start rank {player.start_rank} is already used on line {line_of[player.start_rank]}"
                )
            line_of[player.start_rank] = index + 1
            players.append(player)
            player_lines.append((index, player.start_rank))
        elif code in ("XXR", "142"):
            declared = max(declared, _parse_count(line, where))
        elif code in _INTERPRETED:
            header[code] = (index + 1, line[3:])
    if not players:
        raise TrfError(name, 1, None, "no player records (001)")
    last = max((entry.round for player in players for entry in player.rounds), default=0)
    players = [_complete_rounds(player, last) for player in players]
    _check_pairings(players, line_of, name)
    tournament = Tournament(_event_info(header, name), tuple(players))
    layout = _infer_layout(lines[index] for index, _ in player_lines)
    return TrfDocument(tournament, max(declared, last), tuple(lines), tuple(player_lines), layout, name)


def _decode(data: bytes | str) -> str:
    """Text of the file: UTF-8 when it decodes, else cp1252, else Latin-1; without a BOM."""
    text = data if isinstance(data, str) else decode(data)[0]
    return text.removeprefix("\ufeff")


def _split_lines(text: str) -> list[str]:
    """Lines split at CRLF, LF or a bare CR (and nothing else, unlike str.splitlines)."""
    lines = re.split(r"\r\n|\r|\n", text)
    if lines[-1] == "":
        lines.pop()
    return lines


def _parse_count(line: str, where: _Where) -> int:
    """The number of rounds in an ``XXR n`` or ``142 n`` record."""
    value = line[3:].strip()
    if not _DIGITS.fullmatch(value):
        raise where.error(5, f'expected a number of rounds after "{line[:3]}", found "{value}"')
    return int(value)


def _field(text: str, first: int, last: int) -> str:
    return text[first - 1 : last]


def _take(text: str, where: _Where, first: int, last: int) -> str:
    """Columns first-last of a 001 record, after checking that the separator before them is blank."""
    if first - 1 in _SEPARATORS and text[first - 2] != " ":
        raise where.error(first - 1, f'expected a blank in column {first - 1}, found "{text[first - 2]}"')
    return _field(text, first, last)


def _optional_int(text: str, where: _Where, first: int, last: int, what: str) -> int | None:
    """The digits in columns first-last; None when blank, TrfError when not digits."""
    raw = _take(text, where, first, last)
    value = raw.strip()
    if value == "":
        return None
    if not _DIGITS.fullmatch(value):
        raise where.error(first, f'expected {what} in columns {first}-{last}, found "{raw}"')
    return int(value)


def _parse_player(line: str, where: _Where) -> Player:
    """One ``001`` record, read field by field in column order; rounds only from non-blank blocks."""
    text = line.ljust(_FIRST_ROUND)
    start_rank = _optional_int(text, where, 5, 8, "a start rank of 1-9999")
    if not start_rank:
        raise where.error(5, f'expected a start rank of 1-9999 in columns 5-8, found "{_field(text, 5, 8)}"')
    name_end = 47 if text[47] == " " else 48  # a name may overflow into the separator column
    return Player(
        start_rank=start_rank,
        sex=_take(text, where, 10, 10).strip(),
        title=_value(text, where, 11, 13, parse_title, f"a title ({' '.join(TITLES)}) or blank"),
        name=_take(text, where, 15, name_end).strip(),
        rating=_value(text, where, 49, 52, _rating, f"a rating {RATING_IN_FILE} (blank or 0: unrated)"),
        federation=_value(text, where, 54, 56, parse_federation, "a federation of three letters or blank"),
        fide_id=_value(text, where, 58, 68, parse_fide_id, "a FIDE ID of up to 11 digits (blank or 0: none)"),
        birth=_value(text, where, 70, 79, parse_birth_date, "a birth date YYYY/MM/DD or YYYY"),
        points=_points(_take(text, where, 81, 84), where),
        rank=_optional_int(text, where, 86, 89, "a rank of up to 4 digits"),
        rounds=_rounds(text, where),
    )


def _value(text: str, where: _Where, first: int, last: int, parse: Callable[[str], _V], expected: str) -> _V:
    """Columns first-last read by the value's one parser (core.values); TrfError naming the columns and
    what they hold when it refuses them."""
    raw = _take(text, where, first, last)
    try:
        return parse(raw)
    except InvalidValueError:
        raise where.error(first, f'expected {expected} in columns {first}-{last}, found "{raw}"') from None


def _rating(raw: str) -> int | None:
    """A rating as TRF writes it: blank, ``0`` or ``0000`` is unrated."""
    return None if raw.strip("0 ") == "" else parse_rating(raw, RATING_IN_FILE)


def _points(raw: str, where: _Where) -> Fraction | None:
    """Points such as ``11.5``; None when blank."""
    value = raw.strip()
    if value == "":
        return None
    if not _POINTS.fullmatch(value):
        raise where.error(81, f'expected points such as "11.5" in columns 81-84, found "{raw}"')
    return Fraction(value.replace(",", "."))


def _rounds(text: str, where: _Where) -> tuple[RoundEntry, ...]:
    """The entries of the non-blank round blocks (columns 90-99, 100-109, ...)."""
    body = text.rstrip()
    padded = body.ljust(len(body) + 10)
    entries = []
    for round_ in itertools.count(1):
        start = _FIRST_ROUND + 10 * (round_ - 1)
        if start - 2 > len(body):
            break
        entry = _round_entry(padded, start, round_, where)
        if entry is not None:
            entries.append(entry)
    return tuple(entries)


def _round_entry(text: str, start: int, round_: int, where: _Where) -> RoundEntry | None:
    """One round block: opponent at start..start+3, colour at start+5, result at start+7."""
    if _field(text, start - 2, start + 7).strip() == "":
        return None
    for column in (start - 2, start - 1, start + 4, start + 6):
        if text[column - 1] != " ":
            raise where.error(column, f'expected a blank in column {column}, found "{text[column - 1]}"')
    opponent = _optional_int(text, where, start, start + 3, "an opponent start rank or 0000")
    colour = text[start + 4]
    if colour.lower() not in ("w", "b", "-", " "):
        raise where.error(start + 5, f'expected a colour w, b or - in column {start + 5}, found "{colour}"')
    code = text[start + 6]
    try:
        result = ResultCode.from_code(code)
    except ValueError:
        raise where.error(
            start + 7, f'expected a result code ({_RESULT_CODES}) in column {start + 7}, found "{code}"'
        ) from None
    return RoundEntry(round_, opponent or None, colour.lower() if colour.lower() in ("w", "b") else None, result)


def _complete_rounds(player: Player, last: int) -> Player:
    """One entry for each round 1..last; a missing one is a ``Z`` bye without opponent or colour."""
    given = {entry.round: entry for entry in player.rounds}
    rounds = tuple(
        given.get(round_, RoundEntry(round_, None, None, ResultCode.ZERO_BYE)) for round_ in range(1, last + 1)
    )
    return dataclasses.replace(player, rounds=rounds)


def _check_pairings(players: list[Player], line_of: Mapping[int, int], source: str) -> None:
    """Every entry with an opponent must be mirrored by the opponent's entry in that round (core.pairings)."""
    problem = next(pairing_problems(players), None)
    if problem is None:
        return
    player = players[problem.player]
    entry = player.rounds[problem.slot]
    where = _Where(source, line_of[player.start_rank])
    column = _FIRST_ROUND + 10 * (entry.round - 1)
    prefix = f"round {entry.round}: "
    if problem.fault is PairingFault.UNKNOWN_OPPONENT:
        raise where.error(column, f"{prefix}opponent {entry.opponent} is not the start rank of any 001 record")
    if problem.fault is PairingFault.SELF:
        raise where.error(column, f"{prefix}player {player.start_rank} is paired with themselves")
    assert problem.opponent is not None
    opponent = players[problem.opponent]
    there = f"opponent {opponent.start_rank} (line {line_of[opponent.start_rank]})"
    if problem.back_slot is None:
        raise where.error(column, f"{prefix}{there} has no entry for that round")
    back = opponent.rounds[problem.back_slot]
    if problem.fault is PairingFault.NOT_BACK:
        raise where.error(
            column,
            f"{prefix}{there} is paired with {back.opponent or 'nobody'} in that round, not with {player.start_rank}",
        )
    raise where.error(
        column + 7, f'{prefix}result "{entry.result.value}" is not mirrored by the "{back.result.value}" of {there}'
    )


def _event_info(header: Mapping[str, tuple[int, str]], source: str) -> EventInfo:
    """EventInfo from the header records (012-122, TRF26 192 and 222)."""

    def text(code: str) -> str:
        return header[code][1].strip() if code in header else ""

    def value(code: str, parse: Callable[[str], _V], expected: str) -> _V | None:
        if code not in header:
            return None
        line, raw = header[code]
        try:
            return parse(raw)
        except ValueError:
            column = 4 + len(raw) - len(raw.lstrip())
            raise TrfError(
                source, line, column, f'expected {expected} in column {column}, found "{raw.strip()}"'
            ) from None

    a_date = "a date YYYY/MM/DD or DD/MM/YYYY"
    kind = _kind_from_words(text("092")) or infer_kind_from_time_control(text("122"))
    kind = kind or infer_kind_from_time_control(text("222"), encoded=True)
    return EventInfo(
        name=text("012"),
        city=text("022"),
        federation=value("032", parse_federation, "a federation of three letters or blank") or "",
        start=value("042", parse_date, a_date),
        end=value("052", parse_date, a_date),
        chief_arbiter=text("102"),
        time_control=text("122"),
        system=_infer_system(f"{text('092')} {text('192')}"),
        kind=kind or RatingKind.STANDARD,
    )


def _infer_system(text: str) -> System:
    """Pairing system from the free text of 092 (and the TRF26 code of 192)."""
    words = re.sub(r"[-_]", " ", text.lower())
    if re.search(r"round ?robin|\brr\b|\bberger\b|scheveningen|all play all", words):
        return System.DOUBLE_ROUND_ROBIN if "double" in words else System.ROUND_ROBIN
    if re.search(r"\bteams?\b", words):
        return System.TEAM_SWISS
    if re.search(r"\bmatch\b", words):
        return System.MATCH
    return System.SWISS


def _kind_from_words(text: str) -> RatingKind | None:
    lower = text.lower()
    return next((kind for word, kind in _KIND_WORDS if word in lower), None)


def infer_kind_from_time_control(text: str, *, encoded: bool = False) -> RatingKind | None:
    """The rating list of a time control: blitz up to 10 minutes, rapid under 60, for 60 moves.

    Free text either names the kind (``Rapid``) or gives base minutes and an increment in seconds
    (``15 minutes plus 10 sec per move``, ``90'+30"``). ``encoded`` reads the TRF26 ``222`` form in
    seconds (``5400+30``, ``40/6000+30:900+30``). None when the text tells neither.
    """
    kind = _kind_from_words(text)
    if kind is not None:
        return kind
    lower = text.lower()
    if encoded:
        period = re.match(r"\s*(?:[0-9]+/)?([0-9]+)(?:\+([0-9]+))?", lower)
        if period is None:
            return None
        minutes = (int(period[1]) + 60 * int(period[2] or 0)) / 60
    else:
        base = re.search(r"([0-9]+)\s*(?:'|min)", lower)
        if base is None:
            return None
        increment = re.search(r"([0-9]+)\s*(?:''|\"|s\b|sec)", lower)
        minutes = int(base[1]) + (int(increment[1]) if increment else 0)
    if minutes <= 10:
        return RatingKind.BLITZ
    return RatingKind.RAPID if minutes < 60 else RatingKind.STANDARD


def _infer_layout(lines: Iterable[str]) -> TrfLayout:
    """The spelling of unrated ratings and birth dates, from the first player that shows it."""
    unrated: str | None = None
    no_id: str | None = None
    separator: str | None = None
    year_only: bool | None = None
    for line in lines:
        text = line.ljust(79)
        rating, fide_id, birth = _field(text, 49, 52), _field(text, 58, 68), _field(text, 70, 79).strip()
        if unrated is None and rating.strip("0 ") == "":
            unrated = rating
        if no_id is None and fide_id.strip("0 ") == "":
            no_id = fide_id.strip()
        if len(birth) == 10 and separator is None:
            separator = birth[4]
        if birth and year_only is None:
            year_only = len(birth) == 4
    return TrfLayout(unrated or "    ", no_id or "", separator or "/", bool(year_only))


# ---------------------------------------------------------------------------------------------- writing


def write_trf(doc: TrfDocument) -> str:
    """The document as TRF text with "\\n" line ends.

    Lines the reader did not interpret come back as they were, in their order; the ``001`` records
    are regenerated from ``doc.tournament.players`` (a player whose start rank had no record is
    written after the last one; one no longer in the tournament is dropped). Header records
    012-052, 102 and 122 are rewritten only when the tournament's value differs from the line's.
    """
    players = doc.tournament.by_rank()
    at = dict(doc.player_lines)
    fresh = [p for p in doc.tournament.players if p.start_rank not in set(at.values())]
    last = max(at, default=len(doc.lines) - 1)
    out: list[str] = []
    for index, line in enumerate(doc.lines):
        if index in at:
            if at[index] in players:
                out.append(_player_line(players[at[index]], doc.layout))
        else:
            out.append(_header_line(line, doc.tournament.info))
        if index == last:
            out.extend(_player_line(player, doc.layout) for player in fresh)
    if not doc.lines:
        out.extend(_player_line(player, doc.layout) for player in fresh)
    return "".join(f"{line}\n" for line in out)


def tournament_to_trf(tournament: Tournament) -> str:
    """A fresh TRF16 file: header records 012-122, then one ``001`` record per player."""
    info = tournament.info
    kind = info.kind.value.capitalize()
    rated = sum(player.is_rated for player in tournament.players)
    header = [
        ("012", info.name),
        ("022", info.city),
        ("032", info.federation),
        ("042", _format_date(info.start)),
        ("052", _format_date(info.end)),
        ("062", str(len(tournament.players))),
        ("072", str(rated)),
        ("092", f"{_SYSTEM_TEXT[info.system]} ({kind})"),
        ("102", info.chief_arbiter),
        ("122", info.time_control),
    ]
    lines = [_record(code, value) for code, value in header]
    lines += [_player_line(player, TrfLayout()) for player in tournament.players]
    return "".join(f"{line}\n" for line in lines)


def _record(code: str, value: str) -> str:
    if "\n" in value or "\r" in value:
        raise ValueError(f"record {code}: a line break cannot be written in a TRF line: {value!r}")
    return f"{code} {value}".rstrip()


def _format_date(date: dt.date | None) -> str:
    return "" if date is None else f"{date.year:04d}/{date.month:02d}/{date.day:02d}"


def _header_line(line: str, info: EventInfo) -> str:
    """A header line as it was, or rewritten when the tournament's value differs from it."""
    code, value = line[:3], line[3:]
    if code in _TEXT_RECORDS:
        text: str = getattr(info, _TEXT_RECORDS[code])
        return line if value.strip() == text else _record(code, text)
    if code in _DATE_RECORDS:
        date: dt.date | None = getattr(info, _DATE_RECORDS[code])
        try:
            same = parse_date(value) == date
        except ValueError:
            same = False
        return line if same else _record(code, _format_date(date))
    return line


def _fit(value: str, width: int, what: str, player: Player) -> str:
    if len(value) > width:
        raise ValueError(f"player {player.start_rank}: {what} {value!r} does not fit in {width} columns")
    return value


def _player_line(player: Player, layout: TrfLayout) -> str:
    """The ``001`` record of a player in the standard column layout (trailing blanks cut)."""
    if not 1 <= player.start_rank <= 9999:
        raise ValueError(f"start rank {player.start_rank} is not in 1-9999")

    def fit(value: object, width: int, what: str) -> str:
        return _fit(str(value), width, what, player)

    birth = _format_birth(player.birth, layout)
    points = "" if player.points is None else _format_points(player.points)
    head = (
        f"001 {player.start_rank:>4} {fit(player.sex, 1, 'sex'):1}{fit(player.title, 3, 'title'):>3} "
        f"{fit(player.name, 34, 'name'):<34}{fit(player.rating or layout.unrated, 4, 'rating'):>4} "
        f"{fit(player.federation, 3, 'federation'):<3} {fit(player.fide_id or layout.no_fide_id, 11, 'FIDE ID'):>11} "
        f"{fit(birth, 10, 'birth date'):<10} {fit(points, 4, 'points'):>4} "
        f"{fit('' if player.rank is None else player.rank, 4, 'rank'):>4}"
    )
    blocks = {entry.round: _round_block(entry, fit) for entry in player.rounds}
    tail = "".join(blocks.get(round_, " " * 10) for round_ in range(1, max(blocks, default=0) + 1))
    return (head + tail).rstrip()


def _round_block(entry: RoundEntry, fit: _Fitter) -> str:
    if entry.result is ResultCode.PENDING:
        raise ValueError(f"round {entry.round}: a result is not entered yet, and TRF has no code for that")
    opponent = fit(entry.opponent or "0000", 4, f"round {entry.round} opponent")
    colour = fit(entry.color or "-", 1, f"round {entry.round} colour")
    return f"  {opponent:>4} {colour} {entry.result.value}"


def _format_birth(birth: BirthDate | None, layout: TrfLayout) -> str:
    if birth is None:
        return ""
    if layout.year_only_births and birth.month is None and birth.day is None:
        return f"{birth.year:04d}"
    sep = layout.birth_separator
    return f"{birth.year:04d}{sep}{birth.month or 0:02d}{sep}{birth.day or 0:02d}"


def _format_points(points: Fraction) -> str:
    """``11.5`` style; two decimals when one is not exact; a whole 100 or more without decimals
    (the column has four characters); ValueError for finer fractions."""
    if points.denominator == 1 and points >= 100:
        return str(points.numerator)
    for decimals in (1, 2):
        if (points * 10**decimals).denominator == 1:
            return f"{float(points):.{decimals}f}"
    raise ValueError(f"points {points} cannot be written with two decimals")
