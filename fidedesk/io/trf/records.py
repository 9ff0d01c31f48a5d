"""TRF's records other than the players' ``001``: the header the event is read from, the records kept
verbatim, and the error every TRF reader raises.

A file has one record of each header code fidedesk reads (012-052, 092, 102, 122 and TRF26's 192, 202,
212 and 222): a second one, such as two ``042`` start dates, is refused naming both lines, as the Excel event
sheet refuses a field given twice. The records of what the pairing engines need (``XXR``/``142``,
``XXC``/``152``, ``240``, ``250``, ``260``) are read by :mod:`fidedesk.io.trf.pairing`. Records fidedesk
has no place for (team lists ``013``, ``132`` round dates, JaVaFo's ``XXA``, ``3xx``/``8xx``, comments) are
kept, in their order, in ``Tournament.extra_records``, for the TRF export to write back; ``062`` and
``072`` (the counts of players) are not kept, as the export writes them afresh.

TRF26's tie-break records give the event's tie-breaks (``EventInfo.tiebreaks``): ``202`` the tie-breaks
that break ties on points (``202 BH/C1 BH SB``), ``212`` the whole order of the standings, points first
(``212 PTS BH/C1 BH SB``); codes separated by spaces or commas, modifiers after ``/`` or ``-``, as FIDE
TEC's reader (gacrux's trf2json) writes them. A 212 wins over a 202 (gacrux takes the last of them, in
the usual order the 212). A record fidedesk cannot
read (a team tie-break, ``SNO``, a 212 whose order does not start with ``PTS``: fidedesk ranks by points
first) is kept verbatim with the records above, and the event stays on its system's defaults;
:func:`tiebreak_choice` says so in its notes. The edition of C.07 has no record: a TRF reader picks it
by the 042 start date, as fidedesk's ``auto`` does.
"""

from __future__ import annotations

import dataclasses
import itertools
import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from typing import TypeVar

from fidedesk.core.tiebreaks.codes import RepeatedTieBreak, TieBreak, UnknownTieBreak, parse_tiebreaks
from fidedesk.core.tournament import EventInfo, RatingKind, System
from fidedesk.core.values import Arbiter, arbiter_text, parse_arbiter, parse_date, parse_federation
from fidedesk.io.plain_words import Plain

__all__ = [
    "TrfError",
    "Where",
    "event_info",
    "extra_records",
    "header_records",
    "infer_kind_from_time_control",
    "record_text",
    "records_summary",
    "rewritten_text",
    "tiebreak_choice",
    "tiebreak_edits",
    "tiebreak_line",
    "tiebreak_record",
]

_V = TypeVar("_V")

TEXT_RECORDS = {"012": "name", "022": "city", "032": "federation", "102": "chief_arbiter", "122": "time_control"}
DATE_RECORDS = {"042": "start", "052": "end"}
#: TRF26's tie-break records: the tie-breaks after the points, and the whole order with the points first.
AFTER_POINTS, WHOLE_ORDER = "202", "212"
#: The first code of a 212 record: the points (fidedesk always ranks by points first).
POINTS_CODE = "PTS"
#: The header records the event is read from: one of each per file.
INTERPRETED = frozenset({*TEXT_RECORDS, *DATE_RECORDS, "092", "192", "222", AFTER_POINTS, WHOLE_ORDER})
#: Records the export writes afresh from the tournament (the number of players, and of rated players).
_REGENERATED = frozenset({"062", "072"})
#: The records of what the pairing engines need, read into the tournament (:mod:`fidedesk.io.trf.pairing`):
#: rounds, initial colour (TRF16 and TRF-2026 forms), requested byes, accelerated rounds, forbidden pairs.
PAIRING_RECORDS = frozenset({"XXR", "142", "XXC", "152", "240", "250", "260"})
SYSTEM_TEXT = {  # 092 text that _infer_system reads back as the same system
    System.SWISS: "Individual: Swiss-System",
    System.ROUND_ROBIN: "Individual: Round-Robin",
    System.DOUBLE_ROUND_ROBIN: "Individual: Double Round-Robin",
    System.MATCH: "Individual: Match",
    System.TEAM_SWISS: "Team: Swiss-System",
}
#: TRF-2026's 192 code of each system fidedesk pairs, as FIDE TEC's reader knows them: the Dutch system, and the
#: Berger tables without FIDE's swap of a double round robin's last rounds (core.pairing.round.berger_pairing).
#: Baku acceleration is the 250 records, not a ``_BAKU`` code, which would accelerate a second time.
SYSTEM_CODE = {
    System.SWISS: "FIDE_DUTCH",
    System.ROUND_ROBIN: "BERGER_ROUNDROBIN",
    System.DOUBLE_ROUND_ROBIN: "BERGER_DOUBLEROUNDROBIN",
}
_KIND_WORDS = (
    ("blitz", RatingKind.BLITZ),
    ("rapid", RatingKind.RAPID),
    ("standard", RatingKind.STANDARD),
    ("classic", RatingKind.STANDARD),
)


#: Points as a 250 record writes them in its four columns: ``1.0``, ``0.5``, ``10``, ``0,5`` (no sign).
POINTS_FIELD = re.compile(r"[0-9]{1,2}(?:[.,][0-9]{1,2})?")


class TrfError(ValueError):
    """Bad content in a TRF file, located by source name, 1-based line and column (None if unknown); ``plain``
    says it first in plain words (plain_words: a mistake in the file, unless the place raising it knows more)."""

    def __init__(
        self, source: str, line: int, column: int | None, message: str, plain: Plain = Plain.TRF_MISTAKE
    ) -> None:
        self.source = source
        self.line = line
        self.column = column
        self.message = message
        self.plain = plain
        where = f"{source}:{line}" if column is None else f"{source}:{line}:{column}"
        super().__init__(f"{where}: {message}")


@dataclasses.dataclass(frozen=True)
class Where:
    """The line being read, to locate errors."""

    source: str
    line: int

    def error(self, column: int | None, message: str) -> TrfError:
        return TrfError(self.source, self.line, column, message)


def header_records(lines: Iterable[str], source: str) -> dict[str, tuple[int, str]]:
    """The header records the event is read from, by code: (1-based line, the text after the code).
    TrfError on a second record of a code, naming both lines."""
    header: dict[str, tuple[int, str]] = {}
    for index, line in enumerate(lines):
        code = line[:3]
        if code not in INTERPRETED:
            continue
        if code in header:
            first = header[code][0]
            raise TrfError(
                source, index + 1, 1, f"a second {code} record: a file has one (the first is on line {first})"
            )
        if line[3:4].strip():  # the value starts in column 5: "012X" is a record read one column off
            raise TrfError(source, index + 1, 4, f'expected a blank in column 4, after "{code}", found "{line[3]}"')
        header[code] = (index + 1, line[3:])
    return header


#: What the records fidedesk does not read hold, for a message that names what a format leaves out.
_RECORD_NAMES = {
    "013": "team",
    "082": "number of teams",
    "112": "deputy arbiter",
    "132": "round dates",
    "142": "number of rounds",
    "152": "colour of the first board",
    "202": "tie-breaks",
    "212": "tie-break order",
    "XXR": "number of rounds",
    "XXA": "accelerated rounds (JaVaFo)",
}


_LISTED = 6


def records_summary(lines: Iterable[str]) -> str:
    """How many records of each code, in the order first met: ``3 × 013 (team), XXR (number of rounds)``;
    past :data:`_LISTED` codes, how many more."""
    counts = Counter(line[:3].strip() or repr(line[:3]) for line in lines)
    parts = []
    for code, count in itertools.islice(counts.items(), _LISTED):
        name = f" ({_RECORD_NAMES[code]})" if code in _RECORD_NAMES else ""
        parts.append(f"{count} × {code}{name}" if count > 1 else f"{code}{name}")
    more = sum(counts.values()) - sum(count for _, count in itertools.islice(counts.items(), _LISTED))
    return ", ".join(parts) + (f" and {more} more" if more else "")


def extra_records(lines: Iterable[str]) -> tuple[str, ...]:
    """The lines fidedesk has no place for, verbatim and in order: not ``001``, not a header record the
    event is read from, not a pairing record (:data:`PAIRING_RECORDS`), not one the export writes afresh,
    not blank. A tie-break record is kept when
    fidedesk cannot read its tie-breaks, and a 202 too when the 212 that overrides it is such a record."""
    lines = list(lines)
    skipped = INTERPRETED | _REGENERATED | PAIRING_RECORDS | {"001"}
    teams = team_file(lines)
    unread_order = any(line[:3] == WHOLE_ORDER and _unread(line) for line in lines)

    def kept(line: str) -> bool:
        code = line[:3]
        if code == WHOLE_ORDER:
            return _unread(line)
        if code == AFTER_POINTS:
            return unread_order or _unread(line)
        return code not in skipped or verbatim_pairing_record(line, teams)

    return tuple(line for line in lines if line.strip() and kept(line))


#: The records of a team event's teams (TRF16's 013, TRF-2026's 310).
_TEAM_RECORDS = frozenset({"013", "310"})
#: The pairing records whose numbers are a team event's team numbers (TRF-2026: byes, acceleration, forbidden).
_TEAM_NUMBERED = frozenset({"240", "250", "260"})


def team_file(lines: Iterable[str]) -> bool:
    """Whether a file lists teams (013 or 310 records): its byes, accelerated rounds and forbidden pairs
    then name teams, which fidedesk does not pair, and are kept verbatim."""
    return any(line[:3] in _TEAM_RECORDS for line in lines)


def verbatim_pairing_record(line: str, teams: bool) -> bool:
    """A pairing record kept as it is rather than read: one naming teams (``teams``: :func:`team_file`),
    or a 250 record whose points fidedesk cannot hold (:func:`unread_acceleration`)."""
    return (teams and line[:3] in _TEAM_NUMBERED) or unread_acceleration(line)


def unread_acceleration(line: str) -> bool:
    """A 250 record whose points fidedesk's accelerated rounds (game points) cannot hold, kept verbatim:
    no game points, or match points other than twice them (a team event's scale; FIDE TEC's generator
    writes an individual event's ``250  2.0  1.0``). A record whose points are not numbers ending in their
    columns, or with a figure in a blank column beside them, is read, and refused there."""
    if line[:3] != "250":
        return False
    padded = line.ljust(14)
    fields = padded[4:8], padded[9:13]
    match, game = (field.strip() for field in fields)
    sound = all(
        not text or (POINTS_FIELD.fullmatch(text) and field.endswith(text))
        for field, text in zip(fields, (match, game), strict=True)
    )
    if not sound or (padded[3] + padded[8] + padded[13]).strip():
        return False  # not points ending in their columns: read, and refused with the column
    points = Fraction(game.replace(",", ".")) if game else None
    scale = Fraction(match.replace(",", ".")) if match else None
    return scale is not None and (points is None or scale != 2 * points)


def _unread(line: str) -> bool:
    return isinstance(tiebreak_record(line[:3], line[3:]), str)


def tiebreak_record(code: str, text: str) -> tuple[TieBreak, ...] | str:
    """The tie-breaks after the points that a 202 or 212 record (``code``) names in ``text``, or why
    fidedesk cannot read them: a code it does not know, one given twice, a 212 not led by ``PTS``."""
    codes = [part for part in re.split(r"[\s,;]+", text) if part]
    if code == WHOLE_ORDER:
        if not codes or codes[0].upper() != POINTS_CODE:
            return f"its order does not start with {POINTS_CODE}, and fidedesk ranks by points first"
        codes = codes[1:]
    elif not codes:
        return "it names no tie-break"
    try:
        return parse_tiebreaks(codes)
    except RepeatedTieBreak as error:
        return f"it names {error.tiebreak.code} twice"
    except UnknownTieBreak as error:
        return str(error).split(";")[0]  # the known codes are the user's to look up, not every note's


@dataclasses.dataclass(frozen=True)
class TieBreakChoice:
    """The event's tie-breaks as the tie-break records give them (None: the system's defaults), and what
    the reader says of those records: one sentence each, naming the line."""

    tiebreaks: tuple[TieBreak, ...] | None
    notes: tuple[str, ...]


def tiebreak_choice(header: Mapping[str, tuple[int, str]], source: str) -> TieBreakChoice:
    """The tie-breaks of the 212 record, else of the 202 (FIDE TEC's reader's order). A record fidedesk
    cannot read leaves the event on its defaults and is kept verbatim (:func:`extra_records`)."""
    notes: list[str] = []
    order = tiebreak_record(WHOLE_ORDER, header[WHOLE_ORDER][1]) if WHOLE_ORDER in header else None
    after = tiebreak_record(AFTER_POINTS, header[AFTER_POINTS][1]) if AFTER_POINTS in header else None
    defaults = "and the event has its system's default tie-breaks"
    if isinstance(order, str):
        notes.append(f"{source}:{header[WHOLE_ORDER][0]}: the 212 record is kept as it is, {defaults}: {order}")
    if after is not None and order is not None:
        line = header[AFTER_POINTS][0]
        if isinstance(order, str) or isinstance(after, str):
            notes.append(f"{source}:{line}: the 202 record is kept as it is: the 212 record overrides it")
        else:
            notes.append(f"{source}:{line}: the 202 record is left out: the 212 record gives the whole order")
    elif isinstance(after, str):
        notes.append(f"{source}:{header[AFTER_POINTS][0]}: the 202 record is kept as it is, {defaults}: {after}")
    chosen = order if order is not None else after
    return TieBreakChoice(None if isinstance(chosen, str) else chosen, tuple(notes))


def tiebreak_line(tiebreaks: Iterable[TieBreak]) -> str:
    """The 212 record of an event's tie-breaks, points first, modifiers after ``/`` as FIDE TEC's reader
    writes them: ``212 PTS BH/C1 BH SB``."""
    return " ".join([WHOLE_ORDER, POINTS_CODE, *(tiebreak.code.replace("-", "/") for tiebreak in tiebreaks)])


def tiebreak_edits(lines: Sequence[str], tiebreaks: tuple[TieBreak, ...] | None) -> dict[int, str | None]:
    """How a TRF file's lines change to carry the event's tie-breaks: by line index, the line to write
    instead (None: none), and at index ``len(lines)`` a 212 record the file lacks.

    Records fidedesk read its tie-breaks from are the event's: kept when they read as the event's
    tie-breaks, else replaced by one 212 record (none for the system's defaults). The event's own choice
    replaces the records it could not read too: a file has one order of the standings.
    """
    kept = set(extra_records(lines)) if tiebreaks is None else set()
    ours = None if tiebreaks is None else tiebreak_line(tiebreaks)
    # the record the event's tie-breaks were read from (a 212 over a 202) is the one kept or replaced
    target = WHOLE_ORDER if any(line[:3] == WHOLE_ORDER for line in lines) else AFTER_POINTS
    edits: dict[int, str | None] = {}
    for index, line in enumerate(lines):
        code = line[:3]
        if code not in (WHOLE_ORDER, AFTER_POINTS) or line in kept:
            continue
        if code != target:
            edits[index] = None  # a 202 beside the 212 that gives the order
            continue
        edits[index] = line if tiebreak_record(code, line[3:]) == tiebreaks else ours
        ours = None  # written once: later records go
    if ours is not None:
        edits[len(lines)] = ours
    return edits


def event_info(header: Mapping[str, tuple[int, str]], source: str) -> EventInfo:
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
    arbiter = parse_arbiter(text("102"))
    kind = _kind_from_words(text("092")) or infer_kind_from_time_control(text("122"))
    kind = kind or infer_kind_from_time_control(text("222"), encoded=True)
    return EventInfo(
        name=text("012"),
        city=text("022"),
        federation=value("032", parse_federation, "one of FIDE's federations (three letters) or blank") or "",
        start=value("042", parse_date, a_date),
        end=value("052", parse_date, a_date),
        chief_arbiter=arbiter.name,
        time_control=text("122"),
        system=_infer_system(f"{text('092')} {text('192')}"),
        kind=kind or RatingKind.STANDARD,
        arbiter_fide_id=arbiter.fide_id,
        arbiter_licence=arbiter.licence,
    )


def _arbiter_of(info: EventInfo) -> Arbiter:
    return Arbiter(info.chief_arbiter, info.arbiter_licence, info.arbiter_fide_id)


def record_text(info: EventInfo, code: str) -> str:
    """The text of a header text record (:data:`TEXT_RECORDS`) for this event; the 102 record as FIDE TEC writes
    it, title and FIDE ID beside the name (``IA Mikel Larreategi Arana 22232540``)."""
    if code != "102":
        text: str = getattr(info, TEXT_RECORDS[code])
        return text
    return arbiter_text(_arbiter_of(info))


def rewritten_text(info: EventInfo, code: str, value: str) -> str | None:
    """None when a file's text record already says what the event holds (kept as written), else the text to
    write (:func:`record_text`)."""
    same = parse_arbiter(value) == _arbiter_of(info) if code == "102" else value.strip() == record_text(info, code)
    return None if same else record_text(info, code)


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
