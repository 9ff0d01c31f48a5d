"""The app's own tournament file, ``.fidedesk``: UTF-8 JSON, lossless and versioned.

    {"format": "fidedesk", "schema": 2, "app_version": "0.1.0", "saved": "2026-01-10T18:04:12+01:00",
     "tournament": {"event": {...}, "players": [{..., "rounds": [...]}, ...]}}

docs/file-format.md describes every field. ``loads(dumps(t)) == t`` for every tournament this module
accepts. Decisions:

* Every key of the schema is required (null where a value may be unknown); keys this version does not
  know are ignored, at every level. ``app_version`` and ``saved`` are informative and may be absent.
* Points are exact decimal text (``"5.5"``, ``"0.25"``, ``"3"``); a fraction with no finite decimal
  form (1/3) cannot be saved.
* Every value is checked as everywhere else (core.values): ratings 1000-3000 (``RATING_IN_FILE``), K
  1-100, games 0-99999, a FIDE ID of up to 11 digits, one of FIDE's titles or ``""``, a federation of
  three letters (kept in capitals) or ``""``; a birth date has a year, a month only with the year and a day
  only with the month, and must exist in the calendar.
* Pairings must be consistent, as in a TRF file (core.pairing.consistency): a round with an opponent names an
  existing start rank other than the player's own, and that player's entry for the same round names the
  player back with the mirrored result (``-`` against ``-`` is a double forfeit) and the other colour; a
  bye's code (H, F, U, Z) never has an opponent. Rounds are numbered 1-99 (``ROUND_RANGE``), and a file
  is at most ``MAX_FILE_BYTES``.
* ``trf_records`` (optional in every schema, written only when there are any): the lines of a TRF source
  fidedesk has no place for (``Tournament.extra_records``), for a TRF export to write back. The pairing
  records older versions kept there (``XXR``, ``142``, ``XXC``, ``152``, ``240``, ``250``, ``260``) are read
  into the event (what it does not set itself) and the rounds (fidedesk_event.read_kept_pairing_records).
* ``forbidden``, ``acceleration`` (optional event keys, written only when set): TRF-2026's 260 and 250
  records (fidedesk_event).
* ``tiebreaks``, ``tiebreak_rules`` (optional event keys, written only when the organiser chose): C.07 codes
  in order, and ``"2024"`` or ``"2026"``; absent (or ``"auto"``): the system's defaults, the start date's edition.
* Boards (schema 2): a game's ``board`` is the same in both players' entries and no other game of the
  round has it; a bye has none (core.pairing.consistency.board_problems); null where the file it came from gave
  none (TRF).
* ``dumps`` runs the same checks as ``loads`` before it returns, so a file that ``save`` wrote always
  loads: a tournament that breaks a rule cannot be saved (FidedeskFileError naming the field).
* A schema newer than ``SCHEMA`` is refused with a message asking to update fidedesk; older schemas
  are read and migrated: schema 1 kept no board numbers, so its games get the numbers the window
  showed them on (core.editing.number_boards), and the file is saved as schema 2.

Bad content raises FidedeskFileError (a ValueError) and nothing else; its one-line message names the
file and the place: ``event.fidedesk: tournament.players[3].rating: expected a whole number 1000-3000 or
null, found 5000``, or line and column for broken JSON.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
import os
from collections.abc import Mapping, Sequence
from typing import NoReturn

from fidedesk import __version__
from fidedesk.core.editing import number_boards
from fidedesk.core.pairing.consistency import (
    BoardFault,
    BoardProblem,
    PairingFault,
    PairingProblem,
    board_problems,
    colour_clashes,
    pairing_problems,
)
from fidedesk.core.results import ResultCode
from fidedesk.core.tournament import (
    TITLES,
    BirthDate,
    Player,
    PlayerRecord,
    RoundEntry,
    Tournament,
)
from fidedesk.core.values import (
    BOARD_RANGE,
    FIDE_ID_RANGE,
    GAMES_RANGE,
    K_RANGE,
    RATING_IN_FILE,
    ROUND_RANGE,
    BirthDateError,
    Range,
    birth_date,
    parse_federation,
    parse_sex,
    parse_title,
)
from fidedesk.io.bounded import FileLimitError, read_bounded
from fidedesk.io.native.atomic import write_atomic
from fidedesk.io.native.fidedesk_event import FEDERATION as _FEDERATION
from fidedesk.io.native.fidedesk_event import check_event_players, event_json, read_event, read_kept_pairing_records
from fidedesk.io.native.fidedesk_json import (
    NO_LIMIT,
    POSITIVE,
    FidedeskFileError,
    JsonObject,
    decimal_text,
    has_surrogate,
    shown,
)
from fidedesk.io.plain_words import Plain
from fidedesk.io.trf.records import PAIRING_RECORDS, extra_records

__all__ = [
    "FORMAT",
    "SCHEMA",
    "SUFFIX",
    "FidedeskDocument",
    "FidedeskFileError",
    "dumps",
    "load",
    "load_document",
    "loads",
    "parse_document",
    "save",
]

#: The value of the top-level ``"format"`` key.
FORMAT = "fidedesk"
#: The newest schema this version reads and the one it writes: 2 added the rounds' ``board``.
SCHEMA = 2
#: The first schema whose rounds have a ``board``.
_BOARDS_FROM = 2
#: The file name extension.
SUFFIX = ".fidedesk"
#: The largest file read: 9,999 players with 99 rounds (the limits of TRF, which a tournament must fit
#: to be exported) take about 40 MB (a 2,000-player, 13-round open is some 3 MB); a larger file is
#: refused before it is parsed.
MAX_FILE_BYTES = 64 * 1024 * 1024

#: The optional key of the TRF records fidedesk has no place for (``Tournament.extra_records``), read by
#: every schema.
_TRF_RECORDS = "trf_records"
_RESERVED = frozenset({"format", "schema", "app_version", "saved", "tournament"})
_RESULT_CODES = " ".join(code.value for code in ResultCode)
_WIDTH = 120  # columns of a one-line object in the written file

_SEX = '"m", "w", "f" or ""'
_TITLES = "one of " + ", ".join(f'"{title}"' for title in TITLES) + ' or ""'


@dataclasses.dataclass(frozen=True)
class FidedeskDocument:
    """A whole .fidedesk file: the tournament and the top-level data around it.

    ``fields`` is the top-level JSON object as read, for keys this module does not interpret (such as
    a recovery file's ``recovery_for``); ``saved`` is None when absent or not an ISO timestamp.
    """

    tournament: Tournament
    schema: int
    app_version: str | None
    saved: dt.datetime | None
    fields: Mapping[str, object]


# ---------------------------------------------------------------------------------------------- writing


def dumps(
    tournament: Tournament,
    *,
    saved: dt.datetime | None = None,
    extra: Mapping[str, object] | None = None,
    source: str = "<fidedesk>",
) -> str:
    """The tournament as .fidedesk text (UTF-8 when encoded, ends with a newline).

    ``saved`` is the timestamp written (default: now, local time with its offset); ``extra`` adds
    top-level keys (not the reserved ones) before ``tournament``; ``source`` names the file in error
    messages. FidedeskFileError when the tournament breaks a rule of the format (module docstring).
    """
    clash = _RESERVED.intersection(extra or {})
    if clash:
        raise ValueError(f"extra keys {sorted(clash)} are reserved")
    body = _tournament_json(tournament, source)
    _read_tournament(body, source, SCHEMA)  # what save writes, load reads
    stamp = saved or dt.datetime.now().astimezone()
    document: dict[str, object] = {
        "format": FORMAT,
        "schema": SCHEMA,
        "app_version": __version__,
        "saved": stamp.isoformat(timespec="seconds"),
        **(extra or {}),
        "tournament": body,
    }
    return _layout(document, "") + "\n"


def save(tournament: Tournament, path: str | os.PathLike[str]) -> None:
    """Write the tournament to ``path`` atomically (fidedesk.io.native.atomic): the old file or the new one.

    FidedeskFileError when the tournament cannot be saved (nothing is written), OSError when the disk
    refuses.
    """
    write_atomic(path, dumps(tournament, source=os.fspath(path)))


def _layout(value: object, indent: str) -> str:
    """JSON text indented by two spaces; an object or array of plain values (a round, a birth date, a
    record) stays on one line when it fits in 120 columns: readable, and small."""
    nested = isinstance(value, dict | list) and any(isinstance(item, dict | list) for item in _items(value))
    if not nested:
        text = _scalar(value)
        if len(indent) + len(text) <= _WIDTH or not value or not isinstance(value, dict | list):
            return text
    inner = indent + "  "
    if isinstance(value, dict):
        members = (f"{inner}{_scalar(key)}: {_layout(item, inner)}" for key, item in value.items())
        return "{\n" + ",\n".join(members) + f"\n{indent}}}"
    assert isinstance(value, list)
    items = (f"{inner}{_layout(item, inner)}" for item in value)
    return "[\n" + ",\n".join(items) + f"\n{indent}]"


def _items(container: dict[str, object] | list[object]) -> list[object]:
    return list(container.values()) if isinstance(container, dict) else container


_scalar = json.JSONEncoder(ensure_ascii=False, allow_nan=False).encode


def _tournament_json(tournament: Tournament, source: str) -> dict[str, object]:
    players = [_player_json(player, f"tournament.players[{i}]", source) for i, player in enumerate(tournament.players)]
    body: dict[str, object] = {"event": event_json(tournament.info, source), "players": players}
    if tournament.extra_records:  # optional: a tournament without them is written as before
        body[_TRF_RECORDS] = list(tournament.extra_records)
    return body


def _player_json(player: Player, path: str, source: str) -> dict[str, object]:
    record = player.record
    birth = player.birth
    return {
        "start_rank": player.start_rank,
        "name": player.name,
        "rating": player.rating,
        "sex": player.sex,
        "title": player.title,
        "federation": player.federation,
        "fide_id": player.fide_id,
        "birth": None if birth is None else {"year": birth.year, "month": birth.month, "day": birth.day},
        "points": None if player.points is None else decimal_text(player.points, f"{path}.points", source),
        "rank": player.rank,
        "record": {
            "games": record.games,
            "ever_2400": record.ever_2400,
            "k": record.k,
            "standard_rating": record.standard_rating,
        },
        "rounds": [
            {"round": e.round, "board": e.board, "opponent": e.opponent, "color": e.color, "result": e.result.value}
            for e in player.rounds
        ],
    }


# ---------------------------------------------------------------------------------------------- reading


def load(path: str | os.PathLike[str]) -> Tournament:
    """The tournament in a .fidedesk file; OSError when it cannot be read, FidedeskFileError when bad."""
    return load_document(path).tournament


def load_document(path: str | os.PathLike[str]) -> FidedeskDocument:
    """The whole .fidedesk file at ``path`` (see ``parse_document``); FidedeskFileError too when it is not a
    regular file or is over :data:`MAX_FILE_BYTES`."""
    source = os.fspath(path)
    try:
        data = read_bounded(path, MAX_FILE_BYTES)
    except FileLimitError as error:
        raise FidedeskFileError(source, error.reason, plain=error.plain) from None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise FidedeskFileError(source, f"not UTF-8 text (byte {error.start})", plain=Plain.NOT_FIDEDESK) from None
    return parse_document(text, source=source)


def loads(text: str, *, source: str = "<fidedesk>") -> Tournament:
    """The tournament in .fidedesk text; FidedeskFileError (naming ``source``) when the text is bad."""
    return parse_document(text, source=source).tournament


def parse_document(text: str, *, source: str = "<fidedesk>") -> FidedeskDocument:
    """The tournament and the top-level data of .fidedesk text; FidedeskFileError when bad."""
    value = _parse_json(text.removeprefix("\ufeff"), source)
    if not isinstance(value, dict):
        found = f"not a fidedesk file: expected a JSON object, found {shown(value)}"
        raise FidedeskFileError(source, found, plain=Plain.NOT_FIDEDESK)
    top = JsonObject(value, "", source)
    _check_format(top)
    schema = _check_schema(top)
    tournament = _read_tournament(top.get("tournament", "an object"), source, schema)
    version = top.data.get("app_version")
    return FidedeskDocument(
        tournament=tournament,
        schema=schema,
        app_version=version if isinstance(version, str) else None,
        saved=_timestamp(top.data.get("saved")),
        fields=top.data,
    )


def _parse_json(text: str, source: str) -> object:
    """The JSON value of the text: FidedeskFileError for broken, truncated or empty text."""
    if text.strip() == "":
        raise FidedeskFileError(source, "the file is empty", plain=Plain.EMPTY)
    try:
        return json.loads(text, parse_constant=_refuse_constant, parse_float=_finite)
    except json.JSONDecodeError as error:
        raise _json_error(error, text, source) from None
    except RecursionError:
        raise FidedeskFileError(source, "not valid JSON: nested too deeply", plain=Plain.NOT_FIDEDESK) from None
    except ValueError as error:  # a number too long to convert, NaN or Infinity
        raise FidedeskFileError(source, f"not valid JSON: {error}", plain=Plain.NOT_FIDEDESK) from None


def _refuse_constant(name: str) -> NoReturn:
    raise ValueError(f"{name} is not a JSON number")


def _finite(text: str) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise ValueError(f"the number {text[:20]} is too large")
    return value


def _json_error(error: json.JSONDecodeError, text: str, source: str) -> FidedeskFileError:
    """Broken JSON, located; "truncated" when the text ends before the JSON does."""
    truncated = error.pos >= len(text.rstrip()) or error.msg.startswith("Unterminated string")
    if truncated:
        message, plain = "the file is truncated: its JSON ends before it is complete", Plain.TRUNCATED
    else:
        message, plain = f"not valid JSON: {error.msg}", Plain.NOT_FIDEDESK
    return FidedeskFileError(source, message, line=error.lineno, column=error.colno, plain=plain)


def _check_format(top: JsonObject) -> None:
    value = top.data.get("format")
    if value != FORMAT:
        found = "no format key" if "format" not in top.data else f'"format" is {shown(value)}'
        top.fail(f'not a fidedesk file: {found}, expected "format": "{FORMAT}"', plain=Plain.NOT_FIDEDESK)


def _check_schema(top: JsonObject) -> int:
    schema = top.integer("schema", POSITIVE)
    if schema > SCHEMA:
        top.fail(
            f"this file was saved by a newer fidedesk (schema {schema}); this version reads schema {SCHEMA}"
            " — update fidedesk",
            plain=Plain.NEWER,
        )
    return schema


def _timestamp(value: object) -> dt.datetime | None:
    if not isinstance(value, str):
        return None
    try:
        return dt.datetime.fromisoformat(value)
    except ValueError:
        return None


def _read_tournament(value: object, source: str, schema: int) -> Tournament:
    body = JsonObject(value, "tournament", source)
    info = read_event(body.member("event"))
    boards = schema >= _BOARDS_FROM
    players = tuple(_read_player(item, boards) for item in body.array("players", "an object"))
    # older versions kept the pairing records verbatim: read now into the event and the rounds
    info, players, records = read_kept_pairing_records(info, players, _read_trf_records(body), source)
    _check_pairings(players, source)
    check_event_players(info, {player.start_rank for player in players}, source)
    tournament = Tournament(info, players, records)
    # schema 1 kept no boards: its games are numbered as its window showed them (the order they keep)
    return tournament if boards else number_boards(tournament)


def _read_trf_records(body: JsonObject) -> tuple[str, ...]:
    """The optional ``trf_records``: lines of text, each without a line break."""
    if _TRF_RECORDS not in body.data:
        return ()
    value = body.get(_TRF_RECORDS, "an array of strings")
    if not isinstance(value, list):
        body.fail(f"expected an array of strings, found {shown(value)}", key=_TRF_RECORDS)
    for index, line in enumerate(value):
        if not isinstance(line, str) or "\n" in line or "\r" in line or has_surrogate(line):
            body.fail(f"expected one line of text, found {shown(line)}", key=f"{_TRF_RECORDS}[{index}]")
    # the one rule of what a kept record is (what TRF reading keeps), on the whole list: a 202 is kept
    # beside a 212 record whose tie-breaks fidedesk cannot read
    kept = set(extra_records(value))
    for index, line in enumerate(value):
        if line not in kept and line[:3] not in PAIRING_RECORDS:  # those older versions kept: read by the caller
            body.fail(
                f"a TRF record fidedesk reads or writes itself, not one to keep: {shown(line)}",
                key=f"{_TRF_RECORDS}[{index}]",
            )
    return tuple(value)


def _read_player(player: JsonObject, boards: bool) -> Player:
    return Player(
        start_rank=player.integer("start_rank", POSITIVE),
        name=player.text("name"),
        rating=player.optional_integer("rating", RATING_IN_FILE),
        sex=player.value("sex", parse_sex, _SEX),
        title=player.value("title", parse_title, _TITLES),
        federation=player.value("federation", parse_federation, _FEDERATION),
        fide_id=player.optional_integer("fide_id", FIDE_ID_RANGE),
        birth=_read_birth(player.optional_member("birth")),
        points=player.points("points"),
        rank=player.optional_integer("rank", Range(0, NO_LIMIT)),
        record=_read_record(player.member("record")),
        rounds=_read_rounds(player, boards),
    )


def _read_birth(birth: JsonObject | None) -> BirthDate | None:
    if birth is None:
        return None
    year = birth.integer("year", Range(1, 9999))
    month = birth.optional_integer("month", Range(1, 12))
    day = birth.optional_integer("day", Range(1, 31))
    try:
        return birth_date(year, month, day)
    except BirthDateError as error:
        birth.fail(str(error), key="day")


def _read_record(record: JsonObject) -> PlayerRecord:
    ever = record.get("ever_2400", "true, false or null")
    if ever is not None and not isinstance(ever, bool):
        record.fail(f"expected true, false or null, found {shown(ever)}", key="ever_2400")
    return PlayerRecord(
        games=record.optional_integer("games", GAMES_RANGE),
        ever_2400=ever,
        k=record.optional_integer("k", K_RANGE),
        standard_rating=record.optional_integer("standard_rating", RATING_IN_FILE),
    )


def _read_round(entry: JsonObject, boards: bool) -> RoundEntry:
    color = entry.get("color", '"w", "b" or null')
    if color not in ("w", "b", None):
        entry.fail(f'expected "w", "b" or null, found {shown(color)}', key="color")
    return RoundEntry(
        round=entry.integer("round", ROUND_RANGE),
        opponent=entry.optional_integer("opponent", POSITIVE),
        color=color if isinstance(color, str) else None,
        result=entry.choice("result", ResultCode),
        board=entry.optional_integer("board", BOARD_RANGE) if boards else None,
    )


def _read_rounds(player: JsonObject, boards: bool) -> tuple[RoundEntry, ...]:
    """The player's rounds, in the file's order; a round number may appear once; ``boards``: each has a board."""
    rounds = tuple(_read_round(item, boards) for item in player.array("rounds", "an object"))
    seen: dict[int, int] = {}
    for index, entry in enumerate(rounds):
        if entry.round in seen:
            player.fail(
                f"round {entry.round} appears twice for this player (also rounds[{seen[entry.round]}])",
                key=f"rounds[{index}].round",
            )
        seen[entry.round] = index
    return rounds


# ---------------------------------------------------------------------------------------------- pairings


def _check_pairings(players: Sequence[Player], source: str) -> None:
    """Start ranks are unique; every entry with an opponent is mirrored by that opponent's entry
    (core.pairing.consistency)."""
    index_of: dict[int, int] = {}
    for index, player in enumerate(players):
        if player.start_rank in index_of:
            raise FidedeskFileError(
                source,
                f"{player.start_rank} is already the start_rank of tournament.players[{index_of[player.start_rank]}]",
                path=f"tournament.players[{index}].start_rank",
            )
        index_of[player.start_rank] = index
    problem = next(pairing_problems(players), None)
    if problem is not None:
        path, message = _pairing_message(players, problem)
        raise FidedeskFileError(source, message, path=path)
    clash = next(iter(colour_clashes(players)), None)
    if clash is not None:
        rank, round_ = clash
        index = index_of[rank]
        slot, entry = next((s, e) for s, e in enumerate(players[index].rounds) if e.round == round_)
        colour = "white" if entry.color == "w" else "black"
        there = f"player {entry.opponent} (tournament.players[{index_of[entry.opponent or 0]}])"
        raise FidedeskFileError(
            source,
            f"{there} also has {colour} in round {round_}",
            path=_round_path(index, slot) + ".color",
        )
    board = next(board_problems(players), None)
    if board is not None:
        raise FidedeskFileError(
            source, _board_message(players, board), path=_round_path(board.player, board.slot) + ".board"
        )


def _round_path(player: int, slot: int) -> str:
    return f"tournament.players[{player}].rounds[{slot}]"


def _board_message(players: Sequence[Player], problem: BoardProblem) -> str:
    """The wording of a board fault (core.pairing.consistency.board_problems)."""
    entry = players[problem.player].rounds[problem.slot]
    if problem.fault is BoardFault.BYE:
        return f"a bye is played on no board: expected null, found {entry.board}"
    assert problem.other is not None and problem.other_slot is not None
    other = players[problem.other]
    there = _round_path(problem.other, problem.other_slot)
    if problem.fault is BoardFault.NOT_SAME:
        return (
            f"board {entry.board}, but player {other.start_rank}'s entry for the same game ({there}) gives board "
            f"{other.rounds[problem.other_slot].board}"
        )
    return (
        f"board {entry.board} of round {entry.round} is already the board of player {other.start_rank}'s game ({there})"
    )


def _pairing_message(players: Sequence[Player], problem: PairingProblem) -> tuple[str, str]:
    """The JSON path and the wording of a pairing fault."""
    player = players[problem.player]
    entry = player.rounds[problem.slot]
    here = _round_path(problem.player, problem.slot)
    if problem.fault is PairingFault.UNKNOWN_OPPONENT:
        return f"{here}.opponent", f"{entry.opponent} is not the start_rank of any player"
    if problem.fault is PairingFault.SELF:
        return f"{here}.opponent", f"player {player.start_rank} is paired with themselves"
    if problem.fault is PairingFault.BYE_WITH_OPPONENT:
        return (
            f"{here}.result",
            f'"{entry.result.value}" is a bye, which has no opponent, but the round names {entry.opponent}',
        )
    assert problem.opponent is not None
    opponent = players[problem.opponent]
    there = f"player {opponent.start_rank} (tournament.players[{problem.opponent}])"
    if problem.back_slot is None:
        return f"{here}.opponent", f"{there} has no entry for round {entry.round}"
    back = opponent.rounds[problem.back_slot]
    if problem.fault is PairingFault.NOT_BACK:
        paired = back.opponent or "nobody"
        return (
            f"{here}.opponent",
            f"{there} is paired with {paired} in round {entry.round}, not with {player.start_rank}",
        )
    message = f'"{entry.result.value}" is not mirrored by the "{back.result.value}" of {there} in round {entry.round}'
    return f"{here}.result", message
