"""The event sheet: ``Field | Value`` rows (name, city, federation, dates, chief arbiter, time control,
system, rating kind) in the five languages; fidedesk's own workbook writes one named ``Event``, with the
rows Tie-breaks and Tie-break rules, whose text :func:`tiebreaks_cell` and :func:`rules_cell` make, and the
rows the pairing engines need: Rounds (a number), Initial colour (``white``, ``black``), Forbidden pairs
(TRF-2026's 260 records) and Acceleration (its 250 records, C.04.7's virtual points), in the text forms of
:mod:`fidedesk.core.pairing.text` (``1 2; 5 7 9 rounds 1-3``), empty when not set; and the rows title norms
need (B.01 1.1.3, 1.1.5, 1.4.1b, 1.4.3a-c): Chief arbiter FIDE ID, Chief arbiter licence (``IA``, ``FA``, ``NA``),
Organiser, Event type (:class:`fidedesk.core.norms.rules.EventType`'s values, ``normal`` or empty for none of
B.01's events) and Rounds a day (1-99), empty when not given.
A start rank no player has is a problem at the cell.

A value that cannot be read is reported at its cell and left at its default; ``build(info=...)`` replaces
the sheet altogether.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Collection
from typing import Final, TypeVar

from fidedesk.core.norms.rules import EventType
from fidedesk.core.pairing.setup import AcceleratedRound, ForbiddenPairs, InitialColour
from fidedesk.core.pairing.text import (
    AccelerationError,
    ForbiddenPairsError,
    acceleration_text,
    forbidden_text,
    parse_acceleration,
    parse_forbidden,
)
from fidedesk.core.tiebreaks.codes import (
    AUTO_RULES,
    TieBreak,
    TieBreakRules,
    UnknownTieBreak,
    UnknownTieBreakRules,
    parse_tiebreaks,
    tiebreak_codes,
    tiebreak_rules,
)
from fidedesk.core.tournament import ArbiterLicence, EventInfo, RatingKind, System
from fidedesk.core.values import DATE_HINT, ROUND_RANGE, DateError, parse_date, with_arbiter_read
from fidedesk.io.excel.grid import CellValue, SheetGrid
from fidedesk.io.excel.importing.cells import (
    CellError,
    CellFormError,
    bounded,
    federation,
    fide_id,
    loose,
    plain_text,
    show,
    text,
)
from fidedesk.io.excel.importing.model import Problem

__all__ = ["acceleration_cell", "forbidden_cell", "read_event", "rules_cell", "tiebreaks_cell"]

_EVENT_KEYS: Final[dict[str, str]] = {
    **dict.fromkeys(["event", "name", "tournament", "turnier", "tournoi", "torneo", "турнир"], "name"),
    **dict.fromkeys(["city", "place", "ort", "ville", "ciudad", "город"], "city"),
    **dict.fromkeys(["federation", "fed", "foderation", "federacion", "федерация"], "federation"),
    **dict.fromkeys(["start", "start date", "from", "beginn", "debut", "inicio", "начало"], "start"),
    **dict.fromkeys(["end", "end date", "to", "ende", "fin", "конец"], "end"),
    **dict.fromkeys(["chief arbiter", "arbiter", "schiedsrichter", "arbitre", "arbitro", "главный судья"],
                    "chief_arbiter"),
    **dict.fromkeys(["time control", "bedenkzeit", "cadence", "ritmo", "контроль времени"], "time_control"),
    **dict.fromkeys(["system", "system of play", "modus", "systeme", "sistema", "система"], "system"),
    **dict.fromkeys(["rating", "rating kind", "kind", "wertung", "classement", "тип рейтинга"], "kind"),
    **dict.fromkeys(["tie breaks", "tiebreaks"], "tiebreaks"),
    **dict.fromkeys(["tie break rules", "tiebreak rules"], "tiebreak_rules"),
    **dict.fromkeys(["rounds", "number of rounds"], "rounds"),
    **dict.fromkeys(["initial colour", "initial color"], "initial_colour"),
    **dict.fromkeys(["forbidden pairs"], "forbidden"),
    **dict.fromkeys(["acceleration", "accelerated rounds"], "acceleration"),
    **dict.fromkeys(["chief arbiter fide id", "arbiter fide id", "chief arbiter id", "arbiter id",
                     "schiedsrichter fide id", "fide id arbitre", "fide id arbitro", "id fide arbitro",
                     "fide id главного судьи", "fide id судьи"], "arbiter_fide_id"),
    **dict.fromkeys(["chief arbiter licence", "chief arbiter license", "arbiter licence", "arbiter license",
                     "arbiter title", "schiedsrichterlizenz", "schiedsrichter lizenz", "licence arbitre",
                     "titre arbitre", "licencia arbitro", "titulo arbitro", "категория судьи"], "arbiter_licence"),
    **dict.fromkeys(["organiser", "organizer", "veranstalter", "ausrichter", "organisateur", "organizador",
                     "организатор"], "organiser"),
    **dict.fromkeys(["event type", "type of event", "turnierart", "turniertyp", "type de tournoi", "tipo de torneo",
                     "тип турнира"], "event_type"),
    **dict.fromkeys(["rounds a day", "rounds per day", "most rounds a day", "runden pro tag", "runden am tag",
                     "rondes par jour", "rondas por dia", "туров в день"], "rounds_a_day"),
}  # fmt: skip

_T = TypeVar("_T")

#: What the Tie-breaks row says of no tie-break, and of the system's defaults the organiser did not choose.
_POINTS_ALONE, _DEFAULTS = "points alone", "(the system's defaults)"
#: What the Tie-break rules row adds to an edition that the start date chose.
_AUTO = f"({AUTO_RULES}: the edition in force on the start date)"


def tiebreaks_cell(info: EventInfo, tiebreaks: tuple[TieBreak, ...]) -> str:
    """The Tie-breaks row: the codes in order (``BH-C1 BH SB``), ``points alone``, and ``(the system's
    defaults)`` after the defaults the event is on without a choice, so that they are read back as none."""
    text = tiebreak_codes(tiebreaks) or _POINTS_ALONE
    return f"{text} {_DEFAULTS}" if info.tiebreaks is None and tiebreaks == info.tiebreaks_in_use else text


def rules_cell(info: EventInfo) -> str:
    """The Tie-break rules row: the edition's title, and ``(auto: ...)`` when the start date chose it."""
    return info.rules_in_use.title + (f" {_AUTO}" if info.tiebreak_rules is None else "")


def forbidden_cell(groups: tuple[ForbiddenPairs, ...]) -> str | None:
    """The Forbidden pairs row (:func:`fidedesk.core.pairing.text.forbidden_text`); None for none."""
    return forbidden_text(groups) or None


def acceleration_cell(records: tuple[AcceleratedRound, ...]) -> str | None:
    """The Acceleration row (:func:`fidedesk.core.pairing.text.acceleration_text`); None for none."""
    return acceleration_text(records) or None


def read_event(grid: SheetGrid, ranks: Collection[int] | None = None) -> tuple[EventInfo, tuple[Problem, ...]]:
    """The Field | Value rows of an event sheet; a bad value is reported and left at its default. ``ranks``:
    the players' start ranks, which the forbidden pairs and accelerated rounds must name (None: not checked)."""
    values: dict[str, object] = {}
    problems: list[Problem] = []
    for index, row in enumerate(grid.rows):
        cells = [(c, v) for c, v in enumerate(row) if v is not None and not (isinstance(v, str) and not v.strip())]
        if not cells or not isinstance(cells[0][1], str):
            continue
        key = _EVENT_KEYS.get(loose(cells[0][1]))
        if key is None:
            continue
        column = cells[0][0] + 1
        value = grid.value(index, column)
        try:
            read = _event_value(key, value)
            _check_ranks(read, ranks)
            values[key] = read
        except CellError as bad:
            problems.append(Problem(grid.name, index, column, plain_text(value), str(bad)))

    def words(key: str) -> str:
        value = values.get(key)
        return value if isinstance(value, str) else ""

    def date(key: str) -> dt.date | None:
        value = values.get(key)
        return value if isinstance(value, dt.date) else None

    system, kind = values.get("system"), values.get("kind")
    info = EventInfo(
        name=words("name"),
        city=words("city"),
        federation=words("federation"),
        start=date("start"),
        end=date("end"),
        chief_arbiter=words("chief_arbiter"),
        time_control=words("time_control"),
        system=system if isinstance(system, System) else System.SWISS,
        kind=kind if isinstance(kind, RatingKind) else RatingKind.STANDARD,
        tiebreaks=_chosen(values.get("tiebreaks")),
        tiebreak_rules=rules if isinstance(rules := values.get("tiebreak_rules"), TieBreakRules) else None,
        rounds=rounds if isinstance(rounds := values.get("rounds"), int) else None,
        initial_colour=colour if isinstance(colour := values.get("initial_colour"), InitialColour) else None,
        forbidden=_of(values.get("forbidden"), ForbiddenPairs),
        acceleration=_of(values.get("acceleration"), AcceleratedRound),
        arbiter_fide_id=number if isinstance(number := values.get("arbiter_fide_id"), int) else None,
        arbiter_licence=licence if isinstance(licence := values.get("arbiter_licence"), ArbiterLicence) else None,
        organiser=words("organiser"),
        event_type=typed if isinstance(typed := values.get("event_type"), EventType) else EventType.NORMAL,
        rounds_a_day=most if isinstance(most := values.get("rounds_a_day"), int) else None,
    )
    if info.arbiter_fide_id is None and info.arbiter_licence is None:
        info = with_arbiter_read(info)  # neither row: the name's text may hold them, as a TRF 102 record does
    return info, tuple(problems)


def _check_ranks(value: object, ranks: Collection[int] | None) -> None:
    """A group naming a start rank no player has: CellFormError."""
    if ranks is None or not isinstance(value, tuple):
        return
    for item in value:
        named = item.players if isinstance(item, ForbiddenPairs) else ()
        if isinstance(item, AcceleratedRound):
            named = (item.first_player, item.last_player)
        missing = [rank for rank in named if rank not in ranks]
        if missing:
            raise CellFormError(f"no player has start rank {missing[0]}")


def _of(value: object, kind: type[_T]) -> tuple[_T, ...]:
    return tuple(item for item in value if isinstance(item, kind)) if isinstance(value, tuple) else ()


def _chosen(value: object) -> tuple[TieBreak, ...] | None:
    return tuple(item for item in value if isinstance(item, TieBreak)) if isinstance(value, tuple) else None


def _event_value(key: str, value: CellValue) -> object:
    if key in ("start", "end"):
        return _date(value)
    if key == "system":
        return _system(text(value))
    if key == "kind":
        return _kind(text(value))
    if key == "federation":  # as TRF, .fidedesk and the event form read it: a workbook's event must save
        return federation(value)
    if key == "tiebreaks":
        return _tiebreaks(text(value))
    if key == "tiebreak_rules":
        return _rules(text(value))
    if key == "rounds":
        return bounded(value, "a number of rounds", ROUND_RANGE.low, ROUND_RANGE.high)
    if key == "initial_colour":
        return _colour(text(value))
    if key == "forbidden":
        return _forbidden(text(value))
    if key == "acceleration":
        return _acceleration(text(value))
    if key == "arbiter_fide_id":
        return fide_id(value)
    if key == "arbiter_licence":
        return _licence(text(value))
    if key == "event_type":
        return _event_type(text(value))
    if key == "rounds_a_day":
        return bounded(value, "a number of rounds a day", ROUND_RANGE.low, ROUND_RANGE.high)
    return text(value)


def _licence(written: str) -> ArbiterLicence | None:
    """The Chief arbiter licence row: ``IA``, ``FA`` or ``NA`` in any case; None when empty."""
    words = written.strip()
    if not words:
        return None
    found = next((licence for licence in ArbiterLicence if words.upper() == licence.value), None)
    if found is None:
        names = ", ".join(licence.value for licence in ArbiterLicence)
        raise CellFormError(f'"{words}" is not an arbiter\'s licence ({names})')
    return found


def _event_type(written: str) -> EventType:
    """The Event type row: one of EventType's values (``national-championship``; case, spaces and hyphens
    loosely); ``normal`` when empty."""
    words = loose(written)
    if not words:
        return EventType.NORMAL
    found = next((kind for kind in EventType if words == loose(kind.value)), None)
    if found is None:
        names = ", ".join(kind.value for kind in EventType)
        raise CellFormError(f'"{written.strip()}" is not an event type ({names})')
    return found


def _colour(written: str) -> InitialColour | None:
    if not written.strip():
        return None
    try:
        return InitialColour.from_text(written)
    except ValueError as error:
        raise CellFormError(str(error)) from None


def _forbidden(written: str) -> tuple[ForbiddenPairs, ...]:
    """The Forbidden pairs row (:func:`forbidden_cell`)."""
    try:
        return parse_forbidden(written)
    except ForbiddenPairsError as error:
        raise CellFormError(str(error)) from None


def _acceleration(written: str) -> tuple[AcceleratedRound, ...]:
    """The Acceleration row (:func:`acceleration_cell`)."""
    try:
        return parse_acceleration(written)
    except AccelerationError as error:
        raise CellFormError(str(error)) from None


def _tiebreaks(written: str) -> tuple[TieBreak, ...] | None:
    """The Tie-breaks row (:func:`tiebreaks_cell`): None for the defaults or an empty cell."""
    codes = written.strip()
    if not codes or codes.endswith(_DEFAULTS):
        return None
    if codes.lower() == _POINTS_ALONE:
        return ()
    try:
        return parse_tiebreaks(codes)
    except UnknownTieBreak as error:
        raise CellFormError(f'"{written}": {error}') from None


def _rules(written: str) -> TieBreakRules | None:
    """The Tie-break rules row (:func:`rules_cell`, or an edition's name): None for auto or an empty cell."""
    words = written.strip()
    if not words or words.endswith(_AUTO) or words.lower() == AUTO_RULES:
        return None
    found = next((rules for rules in TieBreakRules if words == rules.title), None)
    if found is not None:
        return found
    try:  # an edition's name, "2024", as the command line and .fidedesk files write it
        return tiebreak_rules(words, None)
    except UnknownTieBreakRules as error:
        raise CellFormError(f'"{written}" is not an edition of C.07 ({error})') from None


def _date(value: CellValue) -> dt.date | None:
    if value is None:
        return None
    if isinstance(value, dt.datetime):
        return value.date()
    if isinstance(value, dt.date):
        return value
    try:
        return parse_date(text(value))
    except DateError:
        raise CellFormError(f"{show(value)} is not a date ({DATE_HINT})") from None


def _system(written: str) -> System:
    for system in System:
        if written.strip().lower() == system.value:
            return system
    words = loose(written).replace("-", " ")
    if not words:
        return System.SWISS
    if re.search(r"round ?robin|rundenturnier|berger|toutes rondes|todos contra todos|круговая|all play all", words):
        return System.DOUBLE_ROUND_ROBIN if re.search(r"double|doppel|doble|двух", words) else System.ROUND_ROBIN
    if re.search(r"team|mannschaft|equipe|equipos|команд", words):
        return System.TEAM_SWISS
    if re.search(r"match|wettkampf|матч", words):
        return System.MATCH
    if re.search(r"swiss|schweizer|suisse|suizo|швейцар", words):
        return System.SWISS
    raise CellFormError(f'"{written}" is not a system (swiss, round-robin, double-round-robin, match, team-swiss)')


def _kind(written: str) -> RatingKind:
    words = loose(written)
    if not words:
        return RatingKind.STANDARD
    for word, kind in (("blitz", RatingKind.BLITZ), ("rapid", RatingKind.RAPID), ("schnell", RatingKind.RAPID),
                       ("rapide", RatingKind.RAPID), ("rapido", RatingKind.RAPID), ("standard", RatingKind.STANDARD),
                       ("classic", RatingKind.STANDARD), ("klassisch", RatingKind.STANDARD)):  # fmt: skip
        if word in words:
            return kind
    raise CellFormError(f'"{written}" is not a rating kind (standard, rapid, blitz)')
