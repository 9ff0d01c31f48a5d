"""The ``event`` object of a ``.fidedesk`` file: its header, the organiser's tie-breaks and what the pairing
engines need (the number of rounds, the initial colour). Optional keys are written only when set, so an
event without them is written as older versions wrote it, and older files read as events without them.
"""

from __future__ import annotations

import datetime as dt

from fidedesk.core.pairing_setup import InitialColour
from fidedesk.core.tournament import EventInfo, RatingKind, System
from fidedesk.core.values import ROUND_RANGE, parse_federation
from fidedesk.io.fidedesk_json import JsonObject

FEDERATION = 'a federation of three letters such as "ESP", or ""'
_ROUNDS, _INITIAL_COLOUR = "rounds", "initial_colour"  # optional, for the pairing engines (TRF 142, 152)
TIEBREAKS, TIEBREAK_RULES = "tiebreaks", "tiebreak_rules"  # optional: the organiser's choice


def event_json(info: EventInfo) -> dict[str, object]:
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
    }


def date_json(date: dt.date | None) -> str | None:
    return None if date is None else date.isoformat()


def read_event(event: JsonObject) -> EventInfo:
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
    )
