"""FIDE's rating list downloads (ratings.fide.com/download_lists.phtml), read straight from the zip.

The combined list (``players_list_foa.txt``), the single standard, rapid and blitz lists and their XML
forms (``fide-rules.md`` §6). Decisions the downloads leave open:

* Columns are found from the header labels, not from fixed offsets: a field runs from its label's
  first character to the next label's. The headers of 2011 (``TitlFed  Mar11 GamesBorn``), of 2012-14
  (no FOA) and of today are all recognised; a header with a label we do not know is refused.
* The encoding is not documented: a line is read as UTF-8, and once a line is not valid UTF-8 the file
  is taken as Windows-1252 (Latin-1 with the letters Š Ž Œ ...) from that line on.
* Titles come as ``GM``/``WGM``... or as the legend's letters ``g``/``wg``...: both give ``GM``/``WGM``.
  Flags are lower case (``i``, ``wi``, ``w``). A rating or K of 0 or blank is no figure; games 0 are 0.
  Any other rating must be one a file may hold (core.values.RATING_IN_FILE, 1000-3000), and a
  federation three letters or blank (core.values.federation_letters: FIDE's own list says which codes
  exist): anything else is refused with its line, as a sign of columns read wrong.
* The list's month is the single lists' rating label (``FEB26``), or else a month in the file's name
  (``standard_feb26frl.zip``), or else the date FIDE wrote into the zip (from the 20th: the next month's
  list). Callers show it for the user to confirm.
* XML is read by Python's C parser after refusing any ``<!DOCTYPE`` (no DTD, so no entity bombs and no
  external entities): twice as fast as defusedxml's pure-Python parser (a 200,000-player XML list
  imports in 5.9 s instead of 8.0 s; the text form takes 2.6 s).
* Bounds: a download over :data:`MAX_DOWNLOAD_BYTES`, or not a regular file, is refused before it is
  opened, and a list that would unpack to more than :data:`MAX_LIST_BYTES`; a text line over
  :data:`MAX_LINE_BYTES` is an error with its line. XML keeps only the player being read: what lies outside
  a ``<player>`` is dropped as soon as it ends, and nesting deeper than :data:`MAX_XML_DEPTH`, a player over
  :data:`MAX_PLAYER_BYTES` or text (or a tag) over :data:`MAX_XML_TEXT_BYTES` between two tags is refused
  with its byte offset, so memory stays flat whatever the file holds; more than :data:`MAX_STRAY` elements
  outside a player, or blank lines, are no FIDE list either, so such a file is refused in seconds.
* A damaged download (a bad checksum, an unknown compression method, names that differ, an encrypted list,
  broken zip64 fields, a download cut short) is a ListFormatError naming the zip and the damage, whatever
  zipfile raises, when or wherever (:func:`fidedesk.io.ratinglist.zip_damage.zip_damage`). A list refused for its
  content
  is read on up to :data:`MAX_CHECK_BYTES`, so that garbage from a damaged download is called damage.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import enum
import functools
import io
import operator
import re
import zipfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, Any, Final, cast
from xml.etree import ElementTree

from fidedesk.core.tournament import title_code
from fidedesk.core.values import RATING_IN_FILE, FederationError, federation_letters
from fidedesk.io.bounded import FileLimitError, check_file, size_text
from fidedesk.io.excel.grid import ImportCancelled  # one cancellation for every long read
from fidedesk.io.plain_words import Plain
from fidedesk.io.ratinglist.list_error import ListFormatError
from fidedesk.io.ratinglist.zip_damage import zip_damage
from fidedesk.io.trf.encoding import decode

__all__ = [
    "FIELDS",
    "ListFormatError",
    "ListKind",
    "ListSource",
    "Month",
    "inspect",
    "read_rows",
]


class ListKind(enum.Enum):
    """Which ratings a list file holds."""

    COMBINED = "combined"
    STANDARD = "standard"
    RAPID = "rapid"
    BLITZ = "blitz"


@dataclasses.dataclass(frozen=True, order=True)
class Month:
    """A list's month: FIDE publishes a list on the first day of each month, in force until the next."""

    year: int
    month: int

    def __post_init__(self) -> None:
        if not 1 <= self.month <= 12 or not 1900 <= self.year <= 2999:
            raise ValueError(f"{self.year}-{self.month:02d} is not a month")

    def __str__(self) -> str:
        return f"{self.year:04d}-{self.month:02d}"

    @property
    def label(self) -> str:
        """As FIDE writes it in the list: ``NOV26``."""
        return f"{_MONTHS[self.month - 1].upper()}{self.year % 100:02d}"

    @property
    def first_day(self) -> dt.date:
        return dt.date(self.year, self.month, 1)

    @classmethod
    def parse(cls, text: str) -> Month:
        """``2026-11`` or ``NOV26``/``nov26``; ValueError otherwise."""
        text = text.strip()
        if match := re.fullmatch(r"([0-9]{4})-([0-9]{1,2})", text):
            return cls(int(match[1]), int(match[2]))
        if match := re.fullmatch(r"([A-Za-z]{3})([0-9]{2})", text):
            name = match[1].lower()
            if name in _MONTHS:
                return cls(2000 + int(match[2]), _MONTHS.index(name) + 1)
        raise ValueError(f"{text!r} is not a month (write 2026-11 or NOV26)")


#: Largest download read (the zip): FIDE's combined XML list is some 50 MB.
MAX_DOWNLOAD_BYTES: Final = 512 * 1024 * 1024
#: Largest list unpacked from it: FIDE's combined XML list is some 1 GB (1.8 million players).
MAX_LIST_BYTES: Final = 4 * 1024 * 1024 * 1024
#: Longest line of a text list, its line end included: FIDE's lines are 162 characters.
MAX_LINE_BYTES: Final = 512
#: Deepest nesting of XML elements: FIDE's lists have three levels (playerslist, player, field).
MAX_XML_DEPTH: Final = 16
#: Largest ``<player>`` element: FIDE's are some 520 bytes.
MAX_PLAYER_BYTES: Final = 64 * 1024
#: Most elements ended outside a player, and most blank lines, before a text or XML list is taken for
#: something else: FIDE's have none but the list's own element and a last line end.
MAX_STRAY: Final = 1000
#: Most bytes of XML between two tags (text, or one tag with its attributes): FIDE's names are short.
MAX_XML_TEXT_BYTES: Final = 1024 * 1024
#: Most bytes read on past an error in a list, to meet its checksum or its broken compressed data if the
#: download is damaged: half a second (reading on to the end of a 4 GB list took 21 s).
MAX_CHECK_BYTES: Final = 64 * 1024 * 1024
_XML_CHUNK: Final = 64 * 1024

_MONTHS: Final = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")

#: The fields of a list row, in the order :func:`read_rows` gives them.
FIELDS: Final = (
    "fide_id", "name", "fed", "sex", "title", "wtitle", "otitle", "foa",
    "srating", "sgames", "sk", "rrating", "rgames", "rk", "brating", "bgames", "bk",
    "birth_year", "flag",
)  # fmt: skip

Row = tuple[object, ...]

#: Header labels (as regular expressions, longest first where one starts another) and their fields.
#: ``rating``/``games``/``k`` are the single lists' columns, given the list's kind when read.
_LABELS: Final = (
    (r"ID [Nn]umber", "fide_id"), (r"Name", "name"), (r"Fed", "fed"), (r"Sex", "sex"),
    (r"WTit", "wtitle"), (r"OTit", "otitle"), (r"Titl?", "title"), (r"FOA", "foa"),
    (r"SRtng", "srating"), (r"SGm", "sgames"), (r"SK", "sk"),
    (r"RRtng", "rrating"), (r"RGm", "rgames"), (r"R[Kk]", "rk"),
    (r"BRtng", "brating"), (r"BGm", "bgames"), (r"BK", "bk"),
    (r"B-day", "birth_year"), (r"Born", "birth_year"), (r"Flag", "flag"),
    (r"Games", "games"), (r"Gms", "games"), (r"K", "k"),
    (r"(?i:" + "|".join(_MONTHS) + r")[0-9]{2}", "rating"),  # a month (FEB26): anything else is an unknown column
)  # fmt: skip
_LABEL = re.compile("|".join(f"(?P<f{i}>{pattern})" for i, (pattern, _) in enumerate(_LABELS)))
_NUMBERS: Final = frozenset(
    {"fide_id", "srating", "sgames", "sk", "rrating", "rgames", "rk", "brating", "bgames", "bk", "birth_year"}
)
_COUNTS: Final = frozenset({"fide_id", "sgames", "rgames", "bgames"})  # where 0 is a value, not a blank
_RATINGS: Final = frozenset({"srating", "rrating", "brating"})
_SINGLE: Final = {
    ListKind.STANDARD: ("srating", "sgames", "sk"),
    ListKind.RAPID: ("rrating", "rgames", "rk"),
    ListKind.BLITZ: ("brating", "bgames", "bk"),
}
_XML_FIELDS: Final = {
    "fideid": "fide_id", "name": "name", "country": "fed", "sex": "sex", "title": "title", "w_title": "wtitle",
    "o_title": "otitle", "foa_title": "foa", "rating": "srating", "games": "sgames", "k": "sk",
    "rapid_rating": "rrating", "rapid_games": "rgames", "rapid_k": "rk",
    "blitz_rating": "brating", "blitz_games": "bgames", "blitz_k": "bk", "birthday": "birth_year", "flag": "flag",
}  # fmt: skip
_MEMBER_MONTH = re.compile(r"(?<![a-z])(" + "|".join(_MONTHS) + r")([0-9]{2})(?![0-9])")


@dataclasses.dataclass(frozen=True)
class ListSource:
    """What :func:`inspect` found in a download: the member to read, its form, kind and month."""

    path: Path
    member: str
    xml: bool
    kind: ListKind | None  # None: a single list whose kind neither its name nor its header tells
    month: Month | None
    month_from: str  # "the header", "the file name", "the file date" or ""
    size: int  # uncompressed bytes of the member

    @property
    def estimated_players(self) -> int:
        """About how many players the file holds (lines are some 164 bytes, XML players some 520)."""
        return max(1, self.size // (520 if self.xml else 164))


def _kind_from_name(name: str) -> ListKind | None:
    lowered = name.lower()
    for kind in (ListKind.STANDARD, ListKind.RAPID, ListKind.BLITZ):
        if kind.value in lowered:
            return kind
    if "players_list" in lowered:
        return ListKind.COMBINED
    return None


def _month_from_name(name: str) -> Month | None:
    match = _MEMBER_MONTH.search(name.lower())
    return Month(2000 + int(match[2]), _MONTHS.index(match[1]) + 1) if match else None


def _month_from_date(info: zipfile.ZipInfo) -> Month | None:
    year, month, day = info.date_time[:3]
    if year < 2000 or not 1 <= month <= 12:  # a damaged date is no date (the zip stores months 0 to 15)
        return None
    if day >= 20:  # lists are made in the last days of the month before they take force
        year, month = (year + 1, 1) if month == 12 else (year, month + 1)
    return Month(year, month)


def _shown(name: str) -> str:
    """A name read from the zip, on one line: quoted with escapes when it holds a control character."""
    return name if name.isprintable() else repr(name)


def _open_zip(path: Path) -> zipfile.ZipFile:
    try:
        check_file(path, MAX_DOWNLOAD_BYTES)
    except FileLimitError as error:
        raise ListFormatError(str(error), error.plain) from None
    except FileNotFoundError:
        raise ListFormatError(f"{path}: no such file", Plain.CANNOT_OPEN) from None
    except OSError as error:
        raise ListFormatError(f"{path.name}: cannot be read ({error.strerror or error})", Plain.CANNOT_OPEN) from None
    with zip_damage(path, ListFormatError):
        try:
            return zipfile.ZipFile(path)
        except zipfile.BadZipFile as error:
            if str(error) != "File is not a zip file":
                raise
            # no directory at its end: another kind of file, or a download cut short
            raise ListFormatError(
                f"{path.name}: not a zip file as FIDE's downloads are, or one cut short (no zip directory at its "
                "end) — download it again",
                Plain.NOT_RATING_LIST,
            ) from None


def _open_list(archive: zipfile.ZipFile, path: Path, member: str) -> tuple[zipfile.ZipInfo, IO[bytes]]:
    """The list's entry and its bytes; damage, and a list beyond the bound, as ListFormatError."""
    with zip_damage(path, ListFormatError):
        info = archive.getinfo(member)
    if info.file_size > MAX_LIST_BYTES:
        raise ListFormatError(
            f"{path.name}: {_shown(info.filename)} would unpack to {size_text(info.file_size)}, more than the "
            f"{size_text(MAX_LIST_BYTES)} a rating list is read to"
        )
    with zip_damage(path, ListFormatError, info.compress_type):
        return info, archive.open(info)


def inspect(path: str | Path) -> ListSource:
    """Look into a downloaded zip: which list it holds, in which form, for which month (as far as it tells)."""
    path = Path(path)
    with _open_zip(path) as archive:
        members = [info for info in archive.infolist() if not info.is_dir()]
        lists = [info for info in members if info.filename.lower().endswith((".txt", ".xml"))]
        if len(lists) != 1:
            found = ", ".join(_shown(info.filename) for info in members) or "nothing"
            expected = f"{path.name}: expected one .txt or .xml rating list in the zip, found {found}"
            raise ListFormatError(expected, Plain.NOT_RATING_LIST)
        info, member = _open_list(archive, path, lists[0].filename)
        xml = info.filename.lower().endswith(".xml")
        kind = _kind_from_name(info.filename) or _kind_from_name(path.name)
        month, month_from = _month_from_name(info.filename) or _month_from_name(path.name), "the file name"
        with member, zip_damage(path, ListFormatError, info.compress_type):
            first = b"" if xml else _first_line(member, path.name)
        if not xml:
            columns, label = _columns(_header(first)[0], path.name)
            if "srating" in columns:
                kind = ListKind.COMBINED
            elif kind is ListKind.COMBINED:
                kind = None
            if label is not None:
                month, month_from = Month.parse(label), "the header"
        if month is None:
            month, month_from = _month_from_date(info), "the file date"
        return ListSource(path, info.filename, xml, kind, month, month_from if month else "", info.file_size)


def _first_line(member: IO[bytes], where: str) -> bytes:
    """The header line, read no further than :data:`MAX_LINE_BYTES`."""
    line = member.readline(MAX_LINE_BYTES + 1)
    if len(line) > MAX_LINE_BYTES:
        too_long = f"{where}, line 1: longer than {MAX_LINE_BYTES} bytes; not a FIDE rating list header"
        raise ListFormatError(too_long, Plain.NOT_RATING_LIST)
    return line


def _header(line: bytes) -> tuple[str, str]:
    """The header line as text (without a byte-order mark an editor may have added, nor its line end)
    and the encoding it was read in."""
    text, encoding = decode(line)
    return text.removeprefix("\ufeff").rstrip("\r\n"), encoding


def _columns(header: str, where: str) -> tuple[dict[str, tuple[int, int | None]], str | None]:
    """Field name -> (start, end) from the header labels, and a single list's rating label (``FEB26``)."""
    not_header = ListFormatError(
        f"{where}, line 1: not a FIDE rating list header (it starts {header[:30]!r})", Plain.NOT_RATING_LIST
    )
    if not header.startswith(("ID Number", "ID number")):
        raise not_header
    starts: list[tuple[int, str]] = []
    label = None
    position = 0
    for match in _LABEL.finditer(header):
        gap = header[position : match.start()]
        if gap.strip():
            raise ListFormatError(f"{where}, line 1: unknown column {gap.strip()!r} in the header")
        field = _LABELS[int(str(match.lastgroup)[1:])][1]
        if field == "rating":
            label = match[0]
        starts.append((match.start(), field))
        position = match.end()
    if header[position:].strip():
        raise ListFormatError(f"{where}, line 1: unknown column {header[position:].strip()!r} in the header")
    fields = [field for _, field in starts]
    if "name" not in fields:
        raise not_header
    if len(set(fields)) != len(fields):
        raise ListFormatError(f"{where}, line 1: a column appears twice in the header")
    ends: list[int | None] = [start for start, _ in starts[1:]]
    return {field: (start, end) for (start, field), end in zip(starts, [*ends, None], strict=True)}, label


def _number(text: str, field: str, where: str) -> int | None:
    text = text.strip()
    if not text:
        return None
    if not text.isdigit():
        raise ListFormatError(f"{where}: {field} {text!r} is not a number")
    value = int(text)
    if value and field in _RATINGS and value not in RATING_IN_FILE:
        raise ListFormatError(f"{where}: {field} {text!r} is not a rating ({RATING_IN_FILE})")
    return value if value or field in _COUNTS else None


def _row(values: dict[str, str], where: str) -> Row:
    """One row in FIELDS order from the field texts of one player."""
    out: list[object] = []
    for field in FIELDS:
        text = values.get(field, "")
        if field in _NUMBERS:
            out.append(_number(text, field, where))
        elif field in ("title", "wtitle"):
            out.append(title_code(text))
        elif field == "fed":
            try:
                out.append(federation_letters(text))
            except FederationError as error:
                raise ListFormatError(f"{where}: {error}") from None
        elif field == "flag":
            out.append(text.strip().lower())
        elif field == "sex":
            out.append(text.strip().upper())
        else:
            out.append(text.strip())
    if out[0] is None:
        raise ListFormatError(f"{where}: the player has no FIDE ID")
    if not out[1]:
        raise ListFormatError(f"{where}: the player has no name")
    return tuple(out)


def read_rows(source: ListSource, progress: Callable[[int], bool] | None = None) -> Iterator[Row]:
    """The players of the list, each a tuple in :data:`FIELDS` order.

    ``progress(players_read)`` is called every few thousand players; when it returns False the
    reading stops with :class:`~fidedesk.io.excel.grid.ImportCancelled` (the caller undoes what it wrote).
    """
    kind = source.kind
    if kind is None:
        raise ListFormatError(
            f"{source.path.name}: a single rating list whose name does not say standard, rapid or blitz; say which"
        )
    name = f"{source.path.name}: {_shown(source.member)}"  # the file chosen, and the list in it
    with _open_zip(source.path) as archive:
        info, member = _open_list(archive, source.path, source.member)
        with member, zip_damage(source.path, ListFormatError, info.compress_type):
            try:
                if source.xml:
                    yield from _xml_rows(member, kind, name, progress)
                else:
                    lines = io.BufferedReader(member, 1 << 20)  # type: ignore[type-var]  # lines at C speed
                    yield from _txt_rows(lines, kind, name, progress)
            except ListFormatError:
                # a damaged download reads as garbage before its checksum is met: damage is then the reason
                left = MAX_CHECK_BYTES
                while left > 0 and (data := member.read(min(left, _XML_CHUNK))):  # small pieces: memory stays flat
                    left -= len(data)
                raise


def _txt_rows(member: IO[bytes], kind: ListKind, name: str, progress: Callable[[int], bool] | None) -> Iterator[Row]:
    header, encoding = _header(_first_line(member, name))
    columns, _label = _columns(header, name)
    single = "rating" in columns
    if single == (kind is ListKind.COMBINED):
        raise ListFormatError(f"{name}, line 1: the header is not that of a {kind.value} list")
    renames = dict(zip(("rating", "games", "k"), _SINGLE[kind], strict=True)) if single else {}
    spans = {renames.get(field, field): span for field, span in columns.items()}
    # the fast path: a tuple per line from precomputed slices; the careful _row only for lines it refuses
    fast = _fast_reader([spans.get(field) for field in FIELDS])
    count = 0
    lines = iter(functools.partial(member.readline, MAX_LINE_BYTES + 1), b"")  # never a line longer than that
    blank = 0
    for number, raw in enumerate(lines, start=2):
        if len(raw) > MAX_LINE_BYTES:
            raise ListFormatError(f"{name}, line {number}: longer than {MAX_LINE_BYTES} bytes (FIDE's are 162)")
        try:
            line = raw.decode(encoding)
        except UnicodeDecodeError:
            line, encoding = decode(raw, encoding)
        try:
            row = fast(line)  # the line end is cut off with the last column's blanks
        except ValueError:
            line = line.rstrip("\r\n")
            if not line.strip():
                blank += 1
                if blank > MAX_STRAY:
                    many = f"{MAX_STRAY:,} blank lines (not a FIDE rating list)"
                    raise ListFormatError(f"{name}, line {number}: {many}") from None
                continue
            where = f"{name}, line {number}"
            row = _row({field: line[start:end] for field, (start, end) in spans.items()}, where)
        count += 1
        if progress is not None and count % 20000 == 0 and not progress(count):
            raise ImportCancelled()
        yield row
    if progress is not None:
        progress(count)


def _fast_reader(plan: list[tuple[int, int | None] | None]) -> Callable[[str], Row]:
    """A row from a line by plain slicing; ValueError for anything the careful reader must look at.

    This runs 1.7 million times per import, hence one C-level cut of every column and no call per field.
    """
    cut = operator.itemgetter(*(slice(*span) if span else slice(0, 0) for span in plan))
    strip = str.strip
    figures = [i for i, field in enumerate(FIELDS) if field in _NUMBERS and field not in _COUNTS]
    counts = [i for i, field in enumerate(FIELDS) if field in _COUNTS and field != "fide_id"]
    ratings = [i for i, field in enumerate(FIELDS) if field in _RATINGS]
    low, high = RATING_IN_FILE.low, RATING_IN_FILE.high
    title, wtitle, sex, flag, fed = (FIELDS.index(field) for field in ("title", "wtitle", "sex", "flag", "fed"))

    def read(line: str) -> Row:
        row: list[Any] = list(map(strip, cut(line)))
        if not row[1] or not row[0].isdigit():
            raise ValueError("no name or no FIDE ID")
        row[0] = int(row[0])
        for i in figures:
            text = row[i]
            if text:
                if not text.isdigit():
                    raise ValueError(text)
                row[i] = int(text) or None
            else:
                row[i] = None
        for i in ratings:  # outside RATING_IN_FILE: the careful reader says where
            if row[i] is not None and not low <= row[i] <= high:
                raise ValueError(row[i])
        for i in counts:
            text = row[i]
            if text:
                if not text.isdigit():
                    raise ValueError(text)
                row[i] = int(text)
            else:
                row[i] = None
        code = row[fed]  # FIDE's codes are three capitals; anything else goes to the careful reader
        if code and not (len(code) == 3 and code.isascii() and code.isalpha() and code.isupper()):
            raise ValueError(code)
        if row[title]:
            row[title] = title_code(row[title])
        if row[wtitle]:
            row[wtitle] = title_code(row[wtitle])
        row[sex] = row[sex].upper()
        row[flag] = row[flag].lower()
        return tuple(row)

    return read


def _xml_rows(member: IO[bytes], kind: ListKind, name: str, progress: Callable[[int], bool] | None) -> Iterator[Row]:
    """The players of an XML list, in bounded memory (the module's docstring); ListFormatError with the place.

    This runs some 70 million events per import of FIDE's combined list, hence one loop with no call per event.
    """
    renames = {} if kind is ListKind.COMBINED else dict(zip(("srating", "sgames", "sk"), _SINGLE[kind], strict=True))
    parser: ElementTree.XMLPullParser[ElementTree.Element] = ElementTree.XMLPullParser(events=("start", "end"))
    pending = cast(Callable[[], Iterator[tuple[str, ElementTree.Element]]], parser.read_events)
    source = _NoDoctype(member)
    open_elements: list[ElementTree.Element] = []
    player_from: int | None = None  # bytes read when the <player> being read began
    count = offset = quiet_from = stray = 0  # stray: elements ended outside a player since the last one
    chunk = b"-"
    try:
        while chunk:
            chunk = source.read(_XML_CHUNK)
            offset += len(chunk)
            try:
                if chunk:
                    parser.feed(chunk)
                else:
                    parser.close()
            except (LookupError, ValueError) as error:  # expat: an encoding it cannot read (unknown, multi-byte)
                raise ListFormatError(f"{name}: refused, the XML's encoding cannot be read ({error})") from None
            for event, element in pending():
                quiet_from = offset
                if event == "start":
                    open_elements.append(element)
                    if len(open_elements) > MAX_XML_DEPTH:
                        raise ListFormatError(
                            f"{name}, by byte {offset:,}: elements nested more than {MAX_XML_DEPTH} deep"
                        )
                    if player_from is None and element.tag == "player":
                        player_from = offset
                    continue
                open_elements.pop()
                if player_from is not None:
                    if element.tag != "player":
                        continue  # a field of the player: kept until the player ends
                    values: dict[str, str] = {}
                    for child in element:
                        field = _XML_FIELDS.get(child.tag)
                        if field is not None:
                            values[renames.get(field, field)] = child.text or ""
                    count += 1
                    where = f"{name}, player {count}"
                    if "fide_id" not in values or not values["fide_id"].strip():
                        raise ListFormatError(f"{where}: no <fideid>")
                    player_from, stray = None, 0
                    if progress is not None and count % 20000 == 0 and not progress(count):
                        raise ImportCancelled()
                    yield _row(values, where)
                else:
                    stray += 1
                    if stray > MAX_STRAY:
                        raise ListFormatError(f"{name}, by byte {offset:,}: {MAX_STRAY:,} elements and no <player>")
                if open_elements:
                    del open_elements[-1][:]  # keeps memory flat: nothing read outside a player is kept
            if offset - quiet_from > MAX_XML_TEXT_BYTES:
                raise ListFormatError(
                    f"{name}, after byte {quiet_from:,}: more than {size_text(MAX_XML_TEXT_BYTES)} of text or one tag "
                    "without an element ending (not a FIDE rating list)"
                )
            if player_from is not None and offset - player_from > MAX_PLAYER_BYTES:
                raise ListFormatError(f"{name}, player {count + 1}: more than {size_text(MAX_PLAYER_BYTES)}")
    except SyntaxError as error:  # ElementTree's ParseError, with line and column
        raise ListFormatError(f"{name}: not well-formed XML ({error})") from None
    except _DoctypeFound:
        raise ListFormatError(
            f"{name}: refused, the XML has a DOCTYPE or is not UTF-8 (FIDE's lists are neither)"
        ) from None
    if progress is not None:
        progress(count)


class _DoctypeFound(Exception):
    pass


class _NoDoctype(io.RawIOBase):
    """The member's bytes, refusing a ``<!DOCTYPE``: with no DTD there are no entities to expand nor
    external ones to fetch, so Python's C parser is safe on it (defusedxml checks the same with a
    pure-Python parser, twice as slow)."""

    _MARK = b"<!DOCTYPE"

    def __init__(self, member: IO[bytes]) -> None:
        super().__init__()
        self._member = member
        self._tail = b""

    def readable(self) -> bool:
        return True

    def read(self, size: int = -1) -> bytes:
        data = self._member.read(size)
        # the tail: a mark split between two reads; a NUL byte: UTF-16, where the mark would hide (and
        # which FIDE's UTF-8 lists never are: XML forbids the NUL character)
        if self._MARK in self._tail + data or b"\x00" in data:
            raise _DoctypeFound
        self._tail = data[-len(self._MARK) :]
        return data
