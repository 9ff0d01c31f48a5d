"""FIDE Tournament Report File (TRF16 / TRF26): reader and writer.

Columns are 1-based and inclusive, as in the FIDE annex (C04 Annex 2, TRF26). Decisions on input
the format leaves open:

* Every player gets one RoundEntry per round, from 1 to the last round paired (a game or a
  pairing-allocated bye in any ``001`` record). A blank round block in that range is a zero-point bye
  (``Z``) without opponent or colour: the player took no part. After it, only the byes requested before
  pairing (``0000 - H``, and TRF-2026's ``240`` records) give entries, so the round stays to be paired.
  ``?`` is a result still to come (TRF-2026, as FIDE TEC's reader reads it).
* The records of what the pairing engines need (rounds, initial colour, byes, accelerated rounds,
  forbidden pairs) are read and written by :mod:`fidedesk.io.trf.pairing`.
* Unrated is a blank, ``0`` or ``0000`` rating; a FIDE ID of 0 is none; a birth year 0 is unknown.
* Header dates are year first (``2024/11/23``, also ``.`` and ``-``) or day first (``24/09/2010``,
  ``28. 07. 2005``); two-digit years are refused as ambiguous. One record of each header code
  (:mod:`fidedesk.io.trf.records`, which also keeps the records fidedesk has no place for).
* A name may overflow into column 48; any other non-blank separator column means the line is
  shifted, which is an error rather than a guess.
* A game with an opponent must be mirrored (core.pairing.consistency): the opponent's entry points back with the
  mirrored result (``-`` against ``-`` is a double forfeit), a bye's code (H, F, U, Z) never stands
  beside an opponent, and the two players of a game do not have the same colour.
* The bytes are UTF-8 (with or without a BOM) or the codepage :func:`~fidedesk.io.trf.encoding.detect`
  finds (Windows-1252, 1250, 1251 or 1253), unless the caller chooses the encoding.
* Bounds (refused with a TrfError naming the place, before the work they would cost): a file of at
  most :data:`MAX_FILE_BYTES`, lines of at most :data:`MAX_LINE`, rounds 1-99
  (:data:`~fidedesk.core.values.ROUND_RANGE`, also for ``XXR`` and ``142``); start ranks 1-9999 bound
  the players (TRF's four columns).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import itertools
import os
import re
from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from typing import Final, TypeVar

from fidedesk.core.pairing.consistency import PairingFault, colour_clashes, pairing_problems
from fidedesk.core.results import ResultCode
from fidedesk.core.tournament import TITLES, BirthDate, EventInfo, Player, RoundEntry, Tournament, is_pairing
from fidedesk.core.values import (
    RATING_IN_FILE,
    ROUND_RANGE,
    InvalidValueError,
    parse_birth_date,
    parse_date,
    parse_federation,
    parse_fide_id,
    parse_rating,
    parse_sex,
    parse_title,
)
from fidedesk.io.bounded import FileLimitError, read_bounded
from fidedesk.io.plain_words import Plain
from fidedesk.io.trf.encoding import ENCODINGS, decode_as
from fidedesk.io.trf.pairing import (
    PAIRING_CODES,
    TrfVersion,
    byes_ahead,
    pairing_lines,
    read_pairing_records,
    version_of,
    with_requested_byes,
)
from fidedesk.io.trf.records import (
    DATE_RECORDS,
    SYSTEM_TEXT,
    TEXT_RECORDS,
    TrfError,
    Where,
    event_info,
    extra_records,
    header_records,
    infer_kind_from_time_control,
    record_text,
    rewritten_text,
    team_file,
    tiebreak_choice,
    tiebreak_edits,
    verbatim_pairing_record,
)

__all__ = [
    "ENCODINGS",
    "MAX_FILE_BYTES",
    "MAX_LINE",
    "TrfDocument",
    "TrfError",
    "TrfLayout",
    "TrfVersion",
    "infer_kind_from_time_control",
    "parse_trf",
    "read_trf",
    "tournament_to_trf",
    "write_trf",
]

#: The largest TRF file read: 9,999 players (TRF's four columns of start rank) with 99 rounds are
#: about 11 MB; a larger file is not a tournament report (a 2,000-player, 13-round open is some 500 KB).
MAX_FILE_BYTES: Final = 16 * 1024 * 1024
#: The longest line read: a 001 record of 99 rounds ends in column 1079; other records (132's round
#: dates, team lists) are shorter. Longer lines are refused before they are cut into rounds.
MAX_LINE: Final = 2048

_Fitter = Callable[[object, int, str], str]
_V = TypeVar("_V")

_FIRST_ROUND = 92  # column of round 1's opponent; each round adds 10
_SEPARATORS = (4, 9, 14, 53, 57, 69, 80, 85)  # blank columns before 001 fields (48: see name)
_RESULT_CODES = "1 = 0 + - W D L H F U Z ?"
_DIGITS = re.compile(r"[0-9]+")
_POINTS = re.compile(r"[0-9]{1,3}(?:[.,][0-9]{1,2})?")


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
    ``001`` record with its start rank; ``encoding`` is the one the bytes were read in. ``notes`` say
    what the reader kept or left without reading it into the tournament (the tie-break records it cannot
    read, :func:`~fidedesk.io.trf.records.tiebreak_choice`; JaVaFo's ``XXA``), one sentence each, naming the
    line. ``version``: the TRF its records are in (:func:`~fidedesk.io.trf.pairing.version_of`), which a
    write keeps.
    """

    tournament: Tournament
    rounds: int
    lines: tuple[str, ...]
    player_lines: tuple[tuple[int, int], ...] = ()
    layout: TrfLayout = TrfLayout()
    name: str = "<trf>"
    encoding: str = "utf-8"
    notes: tuple[str, ...] = ()
    version: TrfVersion = TrfVersion.TRF16


# ---------------------------------------------------------------------------------------------- reading


def read_trf(path: str | os.PathLike[str], *, name: str | None = None, encoding: str | None = None) -> TrfDocument:
    """Read a TRF file, in ``encoding`` (one of :data:`ENCODINGS`) or the one detected; OSError when it
    cannot be read, TrfError when its content is bad, it is not a regular file or it is larger than
    :data:`MAX_FILE_BYTES` (io.bounded)."""
    source = os.fspath(path) if name is None else name
    try:
        data = read_bounded(path, MAX_FILE_BYTES)
    except FileLimitError as error:
        raise TrfError(source, 1, None, f"{error.reason}: not a TRF report", error.plain) from None
    return parse_trf(data, source, encoding=encoding)


def parse_trf(data: bytes | str, name: str = "<trf>", *, encoding: str | None = None) -> TrfDocument:
    """Parse TRF content (bytes: ``encoding``, or UTF-8, or the legacy codepage detected; CR, LF or CRLF ends)."""
    text, used = _decode(data, name, encoding)
    lines = _split_lines(text)
    players: list[Player] = []
    player_lines: list[tuple[int, int]] = []
    line_of: dict[int, int] = {}
    for index, line in enumerate(lines):
        where = Where(name, index + 1)
        if len(line) > MAX_LINE:
            raise where.error(MAX_LINE + 1, f"the line has {len(line)} characters; a TRF line has at most {MAX_LINE}")
        if line[:3] == "001":
            player = _parse_player(line, where)
            if player.start_rank in line_of:
                raise where.error(
                    5, f"start rank {player.start_rank} is already used on line {line_of[player.start_rank]}"
                )
            line_of[player.start_rank] = index + 1
            players.append(player)
            player_lines.append((index, player.start_rank))
    header = header_records(lines, name)
    if not players:
        raise TrfError(name, 1, None, "no player records (001)", Plain.NO_PLAYERS if text.strip() else Plain.EMPTY)
    records = read_pairing_records(lines, name, line_of)
    players = with_requested_byes(players, records.byes, name)
    last = max((entry.round for player in players for entry in player.rounds), default=0)
    paired = max((e.round for p in players for e in p.rounds if is_pairing(e)), default=0)
    players = [_complete_rounds(player, paired) for player in players]
    _check_pairings(players, line_of, name)
    choice = tiebreak_choice(header, name)  # read once: the event's tie-breaks, and what is said of them
    info = records.event(dataclasses.replace(event_info(header, name), tiebreaks=choice.tiebreaks))
    tournament = Tournament(info, tuple(players), extra_records(lines))
    layout = _infer_layout(lines[index] for index, _ in player_lines)
    notes = choice.notes + records.notes
    rounds = max(records.rounds or 0, last)
    return TrfDocument(
        tournament, rounds, tuple(lines), tuple(player_lines), layout, name, used, notes, records.version
    )


def _decode(data: bytes | str, source: str, encoding: str | None) -> tuple[str, str]:
    """Text of the file, without a BOM, and its encoding (text_encoding.decode_as)."""
    if isinstance(data, str):
        return data.removeprefix("\ufeff"), "utf-8"
    if encoding is not None and encoding not in ENCODINGS:
        raise TrfError(source, 1, None, f"unknown encoding {encoding!r}: choose one of {', '.join(ENCODINGS)}")
    try:
        text, used = decode_as(data, encoding)
    except UnicodeDecodeError as error:
        line, column = data.count(b"\n", 0, error.start) + 1, error.start - data.rfind(b"\n", 0, error.start)
        byte = f"byte 0x{data[error.start]:02X}"
        raise TrfError(source, line, column, f"{byte} is not {encoding} text", Plain.NOT_TEXT) from None
    return text, used


def _split_lines(text: str) -> list[str]:
    """Lines split at CRLF, LF or a bare CR (and nothing else, unlike str.splitlines)."""
    lines = re.split(r"\r\n|\r|\n", text)
    if lines[-1] == "":
        lines.pop()
    return lines


def _field(text: str, first: int, last: int) -> str:
    return text[first - 1 : last]


def _take(text: str, where: Where, first: int, last: int) -> str:
    """Columns first-last of a 001 record, after checking that the separator before them is blank."""
    if first - 1 in _SEPARATORS and text[first - 2] != " ":
        raise where.error(first - 1, f'expected a blank in column {first - 1}, found "{text[first - 2]}"')
    return _field(text, first, last)


def _optional_int(text: str, where: Where, first: int, last: int, what: str) -> int | None:
    """The digits in columns first-last; None when blank, TrfError when not digits."""
    raw = _take(text, where, first, last)
    value = raw.strip()
    if value == "":
        return None
    if not _DIGITS.fullmatch(value):
        raise where.error(first, f'expected {what} in columns {first}-{last}, found "{raw}"')
    return int(value)


def _parse_player(line: str, where: Where) -> Player:
    """One ``001`` record, read field by field in column order; rounds only from non-blank blocks."""
    text = line.ljust(_FIRST_ROUND)
    start_rank = _optional_int(text, where, 5, 8, "a start rank of 1-9999")
    if not start_rank:
        raise where.error(5, f'expected a start rank of 1-9999 in columns 5-8, found "{_field(text, 5, 8)}"')
    name_end = 47 if text[47] == " " else 48  # a name may overflow into the separator column
    return Player(
        start_rank=start_rank,
        sex=_value(text, where, 10, 10, parse_sex, "a sex m, w or f (u or blank: not known)"),
        title=_value(text, where, 11, 13, parse_title, f"a title ({' '.join(TITLES)}) or blank"),
        name=_take(text, where, 15, name_end).strip(),
        rating=_value(text, where, 49, 52, _rating, f"a rating {RATING_IN_FILE} (blank or 0: unrated)"),
        federation=_value(text, where, 54, 56, parse_federation, "one of FIDE's federations (three letters) or blank"),
        fide_id=_value(text, where, 58, 68, parse_fide_id, "a FIDE ID of up to 11 digits (blank or 0: none)"),
        birth=_value(text, where, 70, 79, parse_birth_date, "a birth date YYYY/MM/DD or YYYY"),
        points=_points(_take(text, where, 81, 84), where),
        rank=_optional_int(text, where, 86, 89, "a rank of up to 4 digits"),
        rounds=_rounds(text, where),
    )


def _value(text: str, where: Where, first: int, last: int, parse: Callable[[str], _V], expected: str) -> _V:
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


def _points(raw: str, where: Where) -> Fraction | None:
    """Points such as ``11.5``; None when blank."""
    value = raw.strip()
    if value == "":
        return None
    if not _POINTS.fullmatch(value):
        raise where.error(81, f'expected points such as "11.5" in columns 81-84, found "{raw}"')
    return Fraction(value.replace(",", "."))


def _rounds(text: str, where: Where) -> tuple[RoundEntry, ...]:
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
            if round_ > ROUND_RANGE.high:
                raise where.error(start - 2, f"round {round_}: a TRF file holds at most {ROUND_RANGE.high} rounds")
            entries.append(entry)
    return tuple(entries)


def _round_entry(text: str, start: int, round_: int, where: Where) -> RoundEntry | None:
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
    try:  # "?": a game paired, its result still to come (TRF-2026, and FIDE TEC's reader)
        result = ResultCode.PENDING if code == ResultCode.PENDING.value else ResultCode.from_code(code)
    except ValueError:
        raise where.error(
            start + 7, f'expected a result code ({_RESULT_CODES}) in column {start + 7}, found "{code}"'
        ) from None
    return RoundEntry(round_, opponent or None, colour.lower() if colour.lower() in ("w", "b") else None, result)


def _complete_rounds(player: Player, last: int) -> Player:
    """One entry for each round 1..last, the last round paired; a missing one is a ``Z`` bye without
    opponent or colour. Entries after it are byes requested before pairing, kept as they are."""
    given = {entry.round: entry for entry in player.rounds}
    later = tuple(entry for entry in player.rounds if entry.round > last)
    rounds = (
        tuple(given.get(round_, RoundEntry(round_, None, None, ResultCode.ZERO_BYE)) for round_ in range(1, last + 1))
        + later
    )
    return dataclasses.replace(player, rounds=rounds)


def _check_pairings(players: list[Player], line_of: Mapping[int, int], source: str) -> None:
    """Every entry with an opponent must be mirrored by the opponent's entry in that round, and the two
    players of a game have different colours (core.pairing.consistency)."""
    problem = next(pairing_problems(players), None)
    if problem is None:
        _check_colours(players, line_of, source)
        return
    player = players[problem.player]
    entry = player.rounds[problem.slot]
    where = Where(source, line_of[player.start_rank])
    column = _FIRST_ROUND + 10 * (entry.round - 1)
    prefix = f"round {entry.round}: "
    if problem.fault is PairingFault.UNKNOWN_OPPONENT:
        raise where.error(column, f"{prefix}opponent {entry.opponent} is not the start rank of any 001 record")
    if problem.fault is PairingFault.SELF:
        raise where.error(column, f"{prefix}player {player.start_rank} is paired with themselves")
    if problem.fault is PairingFault.BYE_WITH_OPPONENT:
        raise where.error(
            column + 7,
            f'{prefix}"{entry.result.value}" is a bye, which has no opponent, but the round names {entry.opponent}',
        )
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


def _check_colours(players: list[Player], line_of: Mapping[int, int], source: str) -> None:
    """The first game whose two players have the same colour (consistency.colour_clashes of core), at its colour."""
    clash = next(iter(colour_clashes(players)), None)
    if clash is None:
        return
    rank, round_ = clash
    entry = next(e for player in players if player.start_rank == rank for e in player.rounds if e.round == round_)
    colour = "White" if entry.color == "w" else "Black"
    there = f"opponent {entry.opponent} (line {line_of[entry.opponent or 0]})"
    raise Where(source, line_of[rank]).error(
        _FIRST_ROUND + 10 * (round_ - 1) + 5, f"round {round_}: player {rank} and {there} both have {colour}"
    )


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
    """The document as TRF text with "\\n" line ends. Lines the reader did not interpret come back as they were,
    in order; the pairing records are written afresh in the document's version where the first of them was; the
    ``001`` records from ``doc.tournament.players`` (a player without one after the last; one no longer in the
    tournament dropped). Records 012-052, 102 and 122 are rewritten only when the tournament's value differs;
    the tie-break records as :func:`~fidedesk.io.trf.records.tiebreak_edits` says (a 212 the file lacks goes
    before the first ``001``); a 192 only when the file is converted to TRF-2026 (one of its own may say more)."""
    ranked, byes = byes_ahead(doc.tournament) if doc.version is TrfVersion.TRF26 else (doc.tournament.players, [])
    players = {player.start_rank: player for player in ranked}
    at = dict(doc.player_lines)
    fresh = [p for p in ranked if p.start_rank not in set(at.values())]
    last = max(at, default=len(doc.lines) - 1)
    edits = tiebreak_edits(doc.lines, doc.tournament.info.tiebreaks)
    added = edits.pop(len(doc.lines), None)
    first = min(at, default=len(doc.lines))
    # the pairing records are written afresh where the first of them was, else with the tie-breaks' 212
    teams = team_file(doc.lines)
    records = [
        i for i, line in enumerate(doc.lines) if line[:3] in PAIRING_CODES and not verbatim_pairing_record(line, teams)
    ]
    # a record the event still says is written as it was (trailing blanks and all)
    was = {doc.lines[index].rstrip(): doc.lines[index] for index in records}
    coded = version_of(doc.lines) is doc.version or any(line[:3] == "192" for line in doc.lines)  # kept as read
    ours = [was.get(line, line) for line in pairing_lines(doc.tournament.info, doc.version, encoded=not coded) + byes]
    edits.update(dict.fromkeys(records))
    place = records[0] if records else first
    out: list[str] = []
    for index, line in enumerate(doc.lines):
        if index == first and added is not None:
            out.append(added)
        if index == place:
            out.extend(ours)
        if index in edits:
            replacement = edits[index]
            if replacement is not None:
                out.append(replacement)
        elif index in at:
            if at[index] in players:
                out.append(_player_line(players[at[index]], doc.layout))
        else:
            out.append(_header_line(line, doc.tournament.info))
        if index == last:
            out.extend(_player_line(player, doc.layout) for player in fresh)
    if place == len(doc.lines):
        out.extend(ours)
    if first == len(doc.lines) and added is not None:
        out.append(added)
    if not doc.lines:
        out.extend(_player_line(player, doc.layout) for player in fresh)
    return "".join(f"{line}\n" for line in out)


def tournament_to_trf(tournament: Tournament, version: TrfVersion = TrfVersion.TRF16) -> str:
    """A fresh TRF16 or TRF-2026 file (``version``): records 012-122, the pairing records (``pairing_lines``,
    ``byes_ahead``), the 212 of the organiser's tie-breaks, the records kept from a TRF source (verbatim, in order;
    the tie-break records fidedesk could not read only while the event has no choice of its own), the ``001``s."""
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
        ("092", f"{SYSTEM_TEXT[info.system]} ({kind})"),
        ("102", record_text(info, "102")),
        ("122", info.time_control),
    ]
    players, byes = byes_ahead(tournament) if version is TrfVersion.TRF26 else (tournament.players, [])
    lines = [_record(code, value) for code, value in header] + pairing_lines(info, version, encoded=True) + byes
    records = tournament.extra_records
    edits = tiebreak_edits(records, info.tiebreaks)
    kept = [edits.pop(len(records), None), *(edits.get(index, line) for index, line in enumerate(records))]
    lines += [_verbatim(line) for line in kept if line is not None]
    lines += [_player_line(player, TrfLayout()) for player in players]
    return "".join(f"{line}\n" for line in lines)


def _record(code: str, value: str) -> str:
    if "\n" in value or "\r" in value:
        raise ValueError(f"record {code}: a line break cannot be written in a TRF line: {value!r}")
    return f"{code} {value}".rstrip()


def _verbatim(line: str) -> str:
    if "\n" in line or "\r" in line:
        raise ValueError(f"a line break cannot be written in a TRF line: {line!r}")
    return line


def _format_date(date: dt.date | None) -> str:
    return "" if date is None else f"{date.year:04d}/{date.month:02d}/{date.day:02d}"


def _header_line(line: str, info: EventInfo) -> str:
    """A header line as it was, or rewritten when the tournament's value differs from it."""
    code, value = line[:3], line[3:]
    if code in TEXT_RECORDS:
        text = rewritten_text(info, code, value)
        return line if text is None else _record(code, text)
    if code in DATE_RECORDS:
        date: dt.date | None = getattr(info, DATE_RECORDS[code])
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
    # a result still to come is "?", as TRF-2026 and FIDE TEC's reader have it (TRF16 has no code for one)
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
