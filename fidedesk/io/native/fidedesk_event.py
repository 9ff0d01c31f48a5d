"""The ``event`` object of a ``.fidedesk`` file: its header, the organiser's tie-breaks and what the pairing
engines need (the number of rounds, the initial colour, forbidden pairs, accelerated rounds), and what title
norms need (``arbiter_fide_id``, ``arbiter_licence`` "IA"/"FA"/"NA", ``organiser``, ``event_type`` as
core.norms.rules.EventType's values, ``rounds_a_day``). Optional keys
are written only when set, so an event without them is written as older versions wrote it, and older files
read as events without them.

``forbidden`` (TRF-2026's 260 records): ``[{"players": [3, 7], "first_round": 1, "last_round": null}]``, two
start ranks or more each once, rounds 1-99, ``last_round`` null: to the end. ``acceleration`` (TRF-2026's 250
records, C.04.7): ``[{"points": "1", "first_round": 1, "last_round": 2, "first_player": 1, "last_player":
10}]``, points as exact decimal text of 0 or more. A bad value is refused at its place
(``tournament.event.forbidden[0].players[1]``); a start rank no player has, by :func:`check_event_players`.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Collection, Sequence

from fidedesk.core.norms.rules import EventType
from fidedesk.core.pairing.setup import AcceleratedRound, ForbiddenPairs, InitialColour
from fidedesk.core.tournament import ArbiterLicence, EventInfo, Player, RatingKind, System
from fidedesk.core.values import FIDE_ID_RANGE, ROUND_RANGE, parse_federation, with_arbiter_read
from fidedesk.io.native.fidedesk_json import POSITIVE, FidedeskFileError, JsonObject, decimal_text
from fidedesk.io.trf.pairing import PAIRING_CODES, read_pairing_records, with_requested_byes
from fidedesk.io.trf.records import TrfError, team_file, verbatim_pairing_record

FEDERATION = 'one of FIDE\'s federations\' three letters such as "ESP", or ""'
_ROUNDS, _INITIAL_COLOUR = "rounds", "initial_colour"  # optional, for the pairing engines (TRF 142, 152)
_FORBIDDEN, _ACCELERATION = "forbidden", "acceleration"  # optional, for the pairing engines (TRF 260, 250)
TIEBREAKS, TIEBREAK_RULES = "tiebreaks", "tiebreak_rules"  # optional: the organiser's choice
# optional, for title norms (B.01 1.1.3, 1.1.5, 1.4.1b, 1.4.3a-c) and the forms IT1 and IT3
_ARBITER_ID, _LICENCE, _ORGANISER = "arbiter_fide_id", "arbiter_licence", "organiser"
_EVENT_TYPE, _ROUNDS_A_DAY = "event_type", "rounds_a_day"


def event_json(info: EventInfo, source: str = "<fidedesk>") -> dict[str, object]:
    """The event object; ``source`` names the file in the error of points with no exact decimal form."""
    return {
        "name": info.name,
        "city": info.city,
        "federation": info.federation,
        "start": date_json(info.start),
        "end": date_json(info.end),
        "chief_arbiter": info.chief_arbiter,
        "time_control": info.time_control,
        "system": info.system.value,
        "kind": info.kind.value,
        # optional: an event on the system's defaults and the edition in force on its start date is written as before
        **({} if info.tiebreaks is None else {TIEBREAKS: [tiebreak.code for tiebreak in info.tiebreaks]}),
        **({} if info.tiebreak_rules is None else {TIEBREAK_RULES: info.tiebreak_rules.code}),
        # optional, for the pairing engines: written only when known
        **({} if info.rounds is None else {_ROUNDS: info.rounds}),
        **({} if info.initial_colour is None else {_INITIAL_COLOUR: info.initial_colour.value}),
        **({_FORBIDDEN: [_forbidden_json(group) for group in info.forbidden]} if info.forbidden else {}),
        **({_ACCELERATION: _acceleration_json(info.acceleration, source)} if info.acceleration else {}),
        # optional, for title norms: written only when given
        **({} if info.arbiter_fide_id is None else {_ARBITER_ID: info.arbiter_fide_id}),
        **({} if info.arbiter_licence is None else {_LICENCE: info.arbiter_licence.value}),
        **({_ORGANISER: info.organiser} if info.organiser else {}),
        **({} if info.event_type is EventType.NORMAL else {_EVENT_TYPE: info.event_type.value}),
        **({} if info.rounds_a_day is None else {_ROUNDS_A_DAY: info.rounds_a_day}),
    }


def _forbidden_json(group: ForbiddenPairs) -> dict[str, object]:
    return {"players": list(group.players), "first_round": group.first_round, "last_round": group.last_round}


def _acceleration_json(records: tuple[AcceleratedRound, ...], source: str) -> list[dict[str, object]]:
    return [
        {
            "points": decimal_text(group.points, f"tournament.event.{_ACCELERATION}[{index}].points", source),
            "first_round": group.first_round,
            "last_round": group.last_round,
            "first_player": group.first_player,
            "last_player": group.last_player,
        }
        for index, group in enumerate(records)
    ]


def date_json(date: dt.date | None) -> str | None:
    return None if date is None else date.isoformat()


def read_event(event: JsonObject) -> EventInfo:
    info = _read_event(event)
    if _ARBITER_ID in event.data or _LICENCE in event.data:
        return info
    return with_arbiter_read(info)  # neither key: the name's text may hold them, as a TRF 102 record does


def _read_event(event: JsonObject) -> EventInfo:
    return EventInfo(
        name=event.text("name"),
        city=event.text("city"),
        federation=event.value("federation", parse_federation, FEDERATION),
        start=event.date("start"),
        end=event.date("end"),
        chief_arbiter=event.text("chief_arbiter"),
        time_control=event.text("time_control"),
        system=event.choice("system", System),
        kind=event.choice("kind", RatingKind),
        tiebreaks=event.optional_tiebreaks(TIEBREAKS),
        tiebreak_rules=event.optional_tiebreak_rules(TIEBREAK_RULES),
        rounds=event.optional_integer(_ROUNDS, ROUND_RANGE) if _ROUNDS in event.data else None,
        initial_colour=event.choice(_INITIAL_COLOUR, InitialColour) if _INITIAL_COLOUR in event.data else None,
        forbidden=tuple(_read_forbidden(group) for group in event.optional_array(_FORBIDDEN, "an object")),
        acceleration=tuple(_read_accelerated(group) for group in event.optional_array(_ACCELERATION, "an object")),
        arbiter_fide_id=event.optional_integer(_ARBITER_ID, FIDE_ID_RANGE) if _ARBITER_ID in event.data else None,
        arbiter_licence=event.choice(_LICENCE, ArbiterLicence) if _LICENCE in event.data else None,
        organiser=event.text(_ORGANISER) if _ORGANISER in event.data else "",
        event_type=event.choice(_EVENT_TYPE, EventType) if _EVENT_TYPE in event.data else EventType.NORMAL,
        rounds_a_day=event.optional_integer(_ROUNDS_A_DAY, ROUND_RANGE) if _ROUNDS_A_DAY in event.data else None,
    )


def _read_forbidden(group: JsonObject) -> ForbiddenPairs:
    players = group.integers("players", POSITIVE)
    first = group.integer("first_round", ROUND_RANGE)
    last = group.optional_integer("last_round", ROUND_RANGE)
    for index, rank in enumerate(players):
        if rank in players[:index]:
            group.fail(f"player {rank} is named twice", key=f"players[{index}]")
    if len(players) < 2:
        group.fail("expected two start ranks or more", key="players")
    if last is not None and last < first:
        group.fail(f"the last round comes before the first ({first})", key="last_round")
    return ForbiddenPairs(tuple(players), first, last)


def _read_accelerated(group: JsonObject) -> AcceleratedRound:
    points = group.points("points")
    if points is None or points < 0:
        group.fail(f'expected points of 0 or more as a string such as "1" or "0.5", found {points}', key="points")
    first, last = group.integer("first_round", ROUND_RANGE), group.integer("last_round", ROUND_RANGE)
    if last < first:
        group.fail(f"the last round comes before the first ({first})", key="last_round")
    low, high = group.integer("first_player", POSITIVE), group.integer("last_player", POSITIVE)
    if high < low:
        group.fail(f"the last start rank comes before the first ({low})", key="last_player")
    return AcceleratedRound(points, first, last, low, high)


def check_event_players(info: EventInfo, ranks: Collection[int], source: str) -> None:
    """Every start rank the forbidden pairs and accelerated rounds name is a player's; FidedeskFileError at
    the first that is not."""
    where = "tournament.event"
    for index, group in enumerate(info.forbidden):
        for slot, rank in enumerate(group.players):
            if rank not in ranks:
                path = f"{where}.{_FORBIDDEN}[{index}].players[{slot}]"
                raise FidedeskFileError(source, f"no player has start rank {rank}", path=path)
    for index, accelerated in enumerate(info.acceleration):
        for key in ("first_player", "last_player"):
            rank = getattr(accelerated, key)
            if rank not in ranks:
                path = f"{where}.{_ACCELERATION}[{index}].{key}"
                raise FidedeskFileError(source, f"no player has start rank {rank}", path=path)


def read_kept_pairing_records(
    info: EventInfo, players: Sequence[Player], lines: Sequence[str], source: str
) -> tuple[EventInfo, tuple[Player, ...], tuple[str, ...]]:
    """Older versions kept TRF's pairing records (``XXR``/``142``, ``XXC``/``152``, ``240``, ``250``, ``260``)
    verbatim in ``trf_records``: they are read as a TRF file's are (:mod:`fidedesk.io.trf.pairing`) into what
    the event does not set itself, the byes into the players' rounds, and leave the kept lines (but an ``XXC``
    with other words than the colour, which stays). A bad one is refused at its place in ``trf_records``."""
    teams = team_file(lines)
    picked = [
        i for i, line in enumerate(lines) if line[:3] in PAIRING_CODES and not verbatim_pairing_record(line, teams)
    ]
    if not picked:
        return info, tuple(players), tuple(lines)
    try:
        records = read_pairing_records([lines[i] for i in picked], source, {p.start_rank for p in players})
        players = with_requested_byes(players, records.byes, source, over_absences=True)
    except TrfError as error:
        path = f"tournament.trf_records[{picked[error.line - 1]}]"
        raise FidedeskFileError(source, f"the TRF record cannot be read: {error.message}", path=path) from None
    info = dataclasses.replace(
        info,
        rounds=info.rounds if info.rounds is not None else records.rounds,
        initial_colour=info.initial_colour or records.initial_colour,
        forbidden=info.forbidden or records.forbidden,
        acceleration=info.acceleration or records.acceleration,
    )
    # an XXC record with words beside the colour (JaVaFo's "rank") stays as it was: .fidedesk has no note to say so
    read = {i for i in picked if not _other_words(lines[i])}
    return info, tuple(players), tuple(line for i, line in enumerate(lines) if i not in read)


def _other_words(line: str) -> bool:
    """Whether an ``XXC`` record holds words other than a colour."""
    if line[:3] != "XXC":
        return False
    for word in line[3:].split():
        try:
            InitialColour.from_text(word)
        except ValueError:
            return True
    return False
