"""The event sheet: ``Field | Value`` rows (name, city, federation, dates, chief arbiter, time control,
system, rating kind) in the five languages; fidedesk's own workbook writes one named ``Event``.

A value that cannot be read is reported at its cell and left at its default; ``build(info=...)`` replaces
the sheet altogether.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Final

from fidedesk.core.tournament import EventInfo, RatingKind, System
from fidedesk.core.values import DATE_HINT, DateError, parse_date
from fidedesk.io.xlsx_grid import CellValue, SheetGrid
from fidedesk.io.xlsx_import.cells import CellError, CellFormError, federation, loose, plain_text, show, text
from fidedesk.io.xlsx_import.model import Problem

__all__ = ["read_event"]

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
}  # fmt: skip


def read_event(grid: SheetGrid) -> tuple[EventInfo, tuple[Problem, ...]]:
    """The Field | Value rows of an event sheet; a bad value is reported and left at its default."""
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
            values[key] = _event_value(key, value)
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
    )
    return info, tuple(problems)


def _event_value(key: str, value: CellValue) -> object:
    if key in ("start", "end"):
        return _date(value)
    if key == "system":
        return _system(text(value))
    if key == "kind":
        return _kind(text(value))
    if key == "federation":  # as TRF, .fidedesk and the event form read it: a workbook's event must save
        return federation(value)
    return text(value)


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
