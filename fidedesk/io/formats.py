"""The tournament file formats fidedesk reads and writes, chosen by the file's extension, in one registry.

Each format is a :class:`FileFormat` record: its name, the extensions it is known by, whether the system
is told that fidedesk owns such files or is only an alternative handler, what of a tournament it has a
place for, and how it is read and written. :func:`read_tournament` and :func:`write_tournament` are the
one way in and out for the command line and the window (File › Open, Import, Export, a file given on
the command line or by the system); the dialogs' filters and the platforms' file associations
(``packaging/``, held to this registry by ``tests/test_packaging.py``) are made from it too.

A file whose extension no format claims is read as TRF: FIDE's reports come as ``.trf``, ``.txt`` and
whatever a pairing program chose. Every error is one :class:`FileFormatError` naming the file and the
place in it; one that reads a file says first, in plain words, why it could not (``plain``, plain_words).
"""

from __future__ import annotations

import dataclasses
import enum
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from fidedesk.core.editing import number_boards, without_boards
from fidedesk.core.results import ResultCode
from fidedesk.core.tournament import UNKNOWN_RECORD, EventInfo, Player, RoundEntry, Tournament
from fidedesk.core.values import counted
from fidedesk.io.bounded import FileLimitError, check_file
from fidedesk.io.excel.container import MAX_FILE_BYTES as XLSX_MAX_BYTES
from fidedesk.io.excel.grid import XlsxError
from fidedesk.io.native import fidedesk_file
from fidedesk.io.native.atomic import write_atomic
from fidedesk.io.plain_words import Plain
from fidedesk.io.trf.document import MAX_FILE_BYTES as TRF_MAX_BYTES
from fidedesk.io.trf.document import TrfDocument, TrfError, parse_trf, read_trf, tournament_to_trf, write_trf
from fidedesk.io.trf.pairing import TrfVersion
from fidedesk.io.trf.records import records_summary

if TYPE_CHECKING:
    from fidedesk.core.rating.editions import Edition
    from fidedesk.core.tiebreaks.calculate import TieBreak
    from fidedesk.io.excel.grid import SheetGrid
    from fidedesk.io.excel.importing import ImportResult

__all__ = [
    "FIDEDESK",
    "FORMATS",
    "TRF",
    "TRF_VERSIONS",
    "XLSX",
    "Content",
    "FileFormat",
    "FileFormatError",
    "Role",
    "TournamentFile",
    "format_for",
    "output_format",
    "proposed_import",
    "read_tournament",
    "trf_version",
    "trf_version_filter",
    "write_tournament",
]


class FileFormatError(ValueError):
    """A tournament file that cannot be read or written; the message names the file and the place, ``plain``
    (a file that cannot be read) says why first in plain words: the reader's, carried over."""

    def __init__(self, message: str, plain: Plain | None = None) -> None:
        super().__init__(message)
        self.plain = plain


class Role(enum.Enum):
    """What the system is told about fidedesk and a format's files."""

    OWNER = "owner"  # double-clicking one opens fidedesk
    ALTERNATE = "alternate"  # fidedesk is offered under "Open with", never taking the files over


#: The event's fields for title norms that TRF has no record for (the arbiter's FIDE ID and licence go in 102).
NORM_FIELDS = ("organiser", "event_type", "rounds_a_day")
_NO_EVENT = EventInfo()


class Content(enum.Enum):
    """A part of a tournament a file format may or may not have a place for; the value says it in words."""

    EVENT = "the event"
    PLAYERS = "the players"
    RESULTS = "the pairings and results"
    RECORDS = "the players' records (games, 2400 reached, K)"
    BOARDS = "the board numbers of games paired out of start-rank order"
    TRF_RECORDS = "the TRF records fidedesk does not read"
    TIEBREAK_RULES = "the tie-break rules chosen (an edition of C.07: TRF's readers take the one of the start date)"
    NORM_FIELDS = "the organiser, the event type of the title norms and the most rounds a day"

    def present(self, tournament: Tournament) -> bool:
        """Whether ``tournament`` has anything of this part that would be lost."""
        if self is Content.TRF_RECORDS:
            return bool(tournament.extra_records)
        if self is Content.TIEBREAK_RULES:
            return tournament.info.tiebreak_rules is not None
        if self is Content.NORM_FIELDS:
            return any(getattr(tournament.info, name) != getattr(_NO_EVENT, name) for name in NORM_FIELDS)
        if self is Content.RECORDS:
            return any(player.record != UNKNOWN_RECORD for player in tournament.players)
        if self is Content.PLAYERS:
            return bool(tournament.players)
        if self is Content.RESULTS:
            return any(player.rounds for player in tournament.players)
        if self is Content.BOARDS:  # read back without boards, a round's games follow its players' order
            return number_boards(without_boards(tournament)) != number_boards(tournament)
        return tournament.info != EventInfo()


@dataclasses.dataclass(frozen=True)
class TournamentFile:
    """A tournament as read from ``path``; ``trf`` is a TRF file's document, whose lines fidedesk does
    not interpret are written back when the tournament is written as TRF again."""

    path: Path
    format: FileFormat
    tournament: Tournament
    trf: TrfDocument | None = None


#: Writes a tournament: (path, tournament, the TRF document it came from, edition, tie-breaks, progress, the TRF
#: version asked for).
Writer = Callable[
    [
        Path,
        Tournament,
        "TrfDocument | None",
        "Edition | None",
        "Sequence[TieBreak] | None",
        "Callable[[int], bool] | None",
        "TrfVersion | None",
    ],
    None,
]


@dataclasses.dataclass(frozen=True)
class FileFormat:
    """One tournament file format.

    ``extensions`` are lower case with their dot, the first being the one written by default;
    ``associated`` are those the system is told about (``.txt`` is every text file, so TRF claims only
    ``.trf``); ``refusal`` says why the format cannot hold a tournament (None when it can), asked before
    the user chooses where to write it. ``reviewed``: the window shows what was read for the user to
    check before taking it (a workbook's layout is a guess); the command line takes it only when
    nothing is in doubt.
    """

    name: str
    label: str
    short: str
    extensions: tuple[str, ...]
    associated: tuple[str, ...]
    role: Role
    keeps: frozenset[Content]
    reviewed: bool
    read: Callable[[Path], TournamentFile]
    write: Writer
    max_bytes: int
    refusal: Callable[[Tournament], str | None] = lambda _tournament: None

    def losses(self, tournament: Tournament) -> tuple[str, ...]:
        """What of ``tournament`` this format has no place for, one sentence each (nothing is refused); the
        TRF records with how many of each code (``3 × 013 (team)``)."""
        return tuple(
            f"{self.short} has no place for {content.value}{_counted(content, tournament)}; they are not written"
            for content in Content
            if content not in self.keeps and content.present(tournament)
        )

    def filter(self) -> str:
        """The format as a file dialog's filter: ``FIDE tournament report (*.trf *.txt)``."""
        return f"{self.label} ({' '.join('*' + extension for extension in self.extensions)})"


def _counted(content: Content, tournament: Tournament) -> str:
    return f" ({records_summary(tournament.extra_records)})" if content is Content.TRF_RECORDS else ""


# --- reading --------------------------------------------------------------------------------------------


def _read_fidedesk(path: Path) -> TournamentFile:
    try:
        return TournamentFile(path, FIDEDESK, fidedesk_file.load(path))
    except fidedesk_file.FidedeskFileError as error:
        raise FileFormatError(str(error), error.plain) from None


def _read_trf(path: Path, encoding: str | None = None) -> TournamentFile:
    try:
        document = read_trf(path, encoding=encoding)
    except TrfError as error:
        raise FileFormatError(str(error), error.plain) from None
    return TournamentFile(path, TRF, document.tournament, document)


def proposed_import(grids: Sequence[SheetGrid], source: str) -> ImportResult:
    """The import the wizard proposes for a workbook already read (layout, header, columns), taken as it
    is. Without a person to ask which rows to leave out, a workbook with any problem is refused:
    FileFormatError naming ``source`` and listing each problem with its sheet and cell."""
    from fidedesk.io.excel.importing import build, propose  # openpyxl only when a workbook is read

    plan = propose(grids)
    if plan.results is None and plan.players is None:
        raise FileFormatError(
            f"{source}: no sheet looks like a player list, a crosstable, a Swiss table or pairings",
            Plain.NO_PLAYER_SHEET,
        )
    result = build(grids, plan)
    if result.problems:
        count = len(result.problems)
        listed = "\n".join(f"  {problem}" for problem in result.problems)
        raise FileFormatError(f"{source}: {counted(count, 'problem')}, nothing read:\n{listed}", Plain.SHEET_MISTAKES)
    return result


def _read_workbook(path: Path) -> TournamentFile:
    """A workbook read as the import wizard proposes it (:func:`proposed_import`)."""
    from fidedesk.io.excel.read import read_workbook

    try:
        grids = read_workbook(path)
    except XlsxError as error:
        raise FileFormatError(str(error), error.plain) from None
    return TournamentFile(path, XLSX, proposed_import(grids, str(path)).tournament)


# --- writing --------------------------------------------------------------------------------------------


def _write_fidedesk(
    path: Path,
    tournament: Tournament,
    _trf: TrfDocument | None,
    _edition: Edition | None,
    _tiebreaks: Sequence[TieBreak] | None,
    _progress: Callable[[int], bool] | None,
    _version: TrfVersion | None = None,
) -> None:
    try:
        fidedesk_file.save(tournament, path)
    except fidedesk_file.FidedeskFileError as error:
        raise FileFormatError(str(error)) from None


#: The versions of TRF an export offers, the default for a new event first.
TRF_VERSIONS: tuple[TrfVersion, ...] = (TrfVersion.TRF26, TrfVersion.TRF16)


def trf_version(source: TrfVersion | None, asked: TrfVersion | None = None) -> TrfVersion:
    """The TRF version a file is written in: the one ``asked`` for, else ``source``, the version of the TRF
    the tournament was read from (written back as read), else TRF-2026, FIDE's TRF since 1 September 2025
    (C.02.03 §7.1: a program exports the latest TRF)."""
    return asked or source or TRF_VERSIONS[0]


def trf_version_filter(version: TrfVersion) -> str:
    """A file dialog's filter naming a TRF version: ``FIDE tournament report, TRF-2026 (*.trf *.txt)``."""
    patterns = " ".join(f"*{extension}" for extension in TRF.extensions)
    return f"{TRF.label}, {version.value} ({patterns})"


def _trf_text(
    tournament: Tournament,
    trf: TrfDocument | None,
    name: str,
    tiebreaks: Sequence[TieBreak] | None = None,
    version: TrfVersion | None = None,
) -> tuple[str, str | None]:
    """The TRF text in ``version`` (:func:`trf_version`: a TRF source's own, else TRF-2026; a TRF source keeps
    its other lines), and the first thing a TRF reader would read differently (the players' records and rounds
    a player missed aside); None when nothing.
    Points and ranks the tournament lacks are those of its results and standings under ``tiebreaks`` (None:
    the event's own; core.tiebreaks.standings.with_points_and_ranks). ValueError when a value does not fit TRF's
    columns."""
    from fidedesk.core.tiebreaks.standings import with_points_and_ranks  # the tie-breaks only when a TRF is written

    tournament = with_points_and_ranks(tournament, tiebreaks)
    written = trf_version(None if trf is None else trf.version, version)
    text = (
        write_trf(dataclasses.replace(trf, tournament=tournament, version=written))
        if trf is not None
        else tournament_to_trf(tournament, written)
    )
    try:
        difference = trf_difference(tournament, parse_trf(text, name).tournament)
    except TrfError as error:
        difference = f"it would not read back (line {error.line}: {error.message})"
    return text, difference


def _trf_refusal(tournament: Tournament) -> str | None:
    try:
        return _trf_text(tournament, None, "<export>")[1]
    except ValueError as error:
        return str(error)


def _write_trf(
    path: Path,
    tournament: Tournament,
    trf: TrfDocument | None,
    _edition: Edition | None,
    tiebreaks: Sequence[TieBreak] | None,
    _progress: Callable[[int], bool] | None,
    version: TrfVersion | None = None,
) -> None:
    """TRF in ``version`` (:func:`trf_version`), read back before it is written: refused when a TRF reader
    would not get the same tournament. Ranks the tournament lacks follow ``tiebreaks``."""
    try:
        text, difference = _trf_text(tournament, trf, str(path), tiebreaks, version)
    except ValueError as error:  # a value TRF's columns cannot hold
        raise FileFormatError(f"{path}: {error}") from None
    if difference is not None:
        raise FileFormatError(f"{path}: TRF cannot hold this tournament exactly: {difference}")
    write_atomic(path, text)


def _write_workbook(
    path: Path,
    tournament: Tournament,
    _trf: TrfDocument | None,
    edition: Edition | None,
    tiebreaks: Sequence[TieBreak] | None,
    progress: Callable[[int], bool] | None,
    _version: TrfVersion | None = None,
) -> None:
    """The spreadsheet export, its Rating changes sheet under ``edition`` (which it needs)."""
    from fidedesk.io.excel.export import export_workbook  # openpyxl only when a workbook is written

    if edition is None:
        raise ValueError("an Excel export needs the rules' edition")
    export_workbook(tournament, path, edition=edition, tiebreaks=tiebreaks, progress=progress)


def _shown(value: object) -> str:
    if isinstance(value, str):
        return repr(value)
    return str(value.value if isinstance(value, enum.Enum) else value)


def _results(player: Player) -> dict[int, RoundEntry]:
    """A player's round entries by round, without absences (a TRF reader adds those for gaps) and without
    boards (TRF has no place for them: Content.BOARDS says so)."""
    absent = (None, None, ResultCode.ZERO_BYE)
    return {
        e.round: dataclasses.replace(e, board=None) for e in player.rounds if (e.opponent, e.color, e.result) != absent
    }


def trf_difference(written: Tournament, back: Tournament) -> str | None:
    """The first thing a TRF reader reads differently from what was written; None when nothing does."""
    for field in dataclasses.fields(EventInfo):
        # TRF has no place for these: Content.TIEBREAK_RULES and Content.NORM_FIELDS say so
        if field.name == "tiebreak_rules" or field.name in NORM_FIELDS:
            continue
        ours, theirs = getattr(written.info, field.name), getattr(back.info, field.name)
        if ours != theirs:
            return f"event {field.name} {_shown(ours)} would be read back as {_shown(theirs)}"
    others = back.by_rank()
    for player in written.players:
        other = others.get(player.start_rank)
        if other is None:
            return f"player {player.start_rank} would be missing"
        for field in dataclasses.fields(Player):
            ours, theirs = getattr(player, field.name), getattr(other, field.name)
            if field.name not in ("record", "rounds") and ours != theirs:
                return f"player {player.start_rank}: {field.name} {_shown(ours)} would be read back as {_shown(theirs)}"
        rounds, read = _results(player), _results(other)
        for number in sorted(rounds.keys() | read.keys()):
            if rounds.get(number) != read.get(number):
                return f"player {player.start_rank}: round {number} would not be read back as written"
    return None


# --- the registry ---------------------------------------------------------------------------------------

_ALL = frozenset(Content)

FIDEDESK = FileFormat(
    name="fidedesk",
    label="fidedesk tournaments",
    short="A .fidedesk file",
    extensions=(fidedesk_file.SUFFIX,),
    associated=(fidedesk_file.SUFFIX,),
    role=Role.OWNER,
    keeps=_ALL,
    reviewed=False,
    read=_read_fidedesk,
    write=_write_fidedesk,
    max_bytes=fidedesk_file.MAX_FILE_BYTES,
)
TRF = FileFormat(
    name="trf",
    label="FIDE tournament report",
    short="TRF",
    extensions=(".trf", ".txt"),
    associated=(".trf",),
    role=Role.ALTERNATE,
    # the TRF records: the export writes them back; the tie-breaks: TRF26's 212 record (not the edition)
    keeps=_ALL - {Content.RECORDS, Content.BOARDS, Content.TIEBREAK_RULES, Content.NORM_FIELDS},
    reviewed=False,
    read=_read_trf,
    write=_write_trf,
    max_bytes=TRF_MAX_BYTES,
    refusal=_trf_refusal,
)
XLSX = FileFormat(
    name="xlsx",
    label="Excel workbooks",
    short="An Excel workbook",
    extensions=(".xlsx",),
    associated=(".xlsx",),
    role=Role.ALTERNATE,
    keeps=_ALL - {Content.TRF_RECORDS},
    reviewed=True,
    read=_read_workbook,
    write=_write_workbook,
    max_bytes=XLSX_MAX_BYTES,
)
#: Every format, in the order the dialogs and messages list them.
FORMATS: tuple[FileFormat, ...] = (FIDEDESK, TRF, XLSX)


def format_for(path: Path) -> FileFormat:
    """The format of ``path`` by its extension (any case); TRF for an extension no format claims."""
    suffix = path.suffix.lower()
    return next((format_ for format_ in FORMATS if suffix in format_.extensions), TRF)


def output_format(path: Path) -> FileFormat:
    """The format to write ``path`` in; FileFormatError when its extension is none of the formats'."""
    suffix = path.suffix.lower()
    for format_ in FORMATS:
        if suffix in format_.extensions:
            return format_
    extensions = [extension for format_ in FORMATS for extension in format_.extensions]
    listed = f"{', '.join(extensions[:-1])} or {extensions[-1]}"
    raise FileFormatError(f'{path}: unknown output extension "{path.suffix}": use {listed}')


def read_tournament(path: Path, format_: FileFormat | None = None, *, encoding: str | None = None) -> TournamentFile:
    """The tournament in ``path``, read as ``format_`` or else the format its extension names (TRF for
    any other extension). ``encoding`` is a TRF file's (one of ``text_encoding.ENCODINGS``; None: detected);
    the other formats have theirs. What is not a regular file, or is over the format's
    :attr:`~FileFormat.max_bytes`, is refused before it is read."""
    format_ = format_ or format_for(path)
    try:
        check_file(path, format_.max_bytes)
        if format_ is TRF and encoding is not None:
            return _read_trf(path, encoding)
        return format_.read(path)
    except FileLimitError as error:
        raise FileFormatError(str(error), error.plain) from None
    except OSError as error:
        raise FileFormatError(f"{path}: {error.strerror or error}", Plain.CANNOT_OPEN) from None


def write_tournament(
    path: Path,
    tournament: Tournament,
    *,
    format_: FileFormat | None = None,
    trf: TrfDocument | None = None,
    edition: Edition | None = None,
    tiebreaks: Sequence[TieBreak] | None = None,
    progress: Callable[[int], bool] | None = None,
    trf_version: TrfVersion | None = None,
) -> FileFormat:
    """Write ``tournament`` to ``path`` as ``format_`` or else the format its extension names, atomically
    (the old file or the new one, never a broken one); the format written. ``trf``: the TRF document it
    was read from, whose other lines a TRF output keeps; ``edition`` and ``tiebreaks``: the rules of an
    Excel export's sheets (``tiebreaks`` None: the event's own, which also rank a TRF output lacking ranks);
    ``trf_version``: a TRF output's version (None: ``trf``'s own, else TRF-2026).
    FileFormatError when the format cannot hold the tournament or the disk refuses; a cancelled
    ``progress`` raises what the writer raises (``ExportCancelled``)."""
    format_ = format_ or output_format(path)
    try:
        format_.write(path, tournament, trf, edition, tiebreaks, progress, trf_version)
    except OSError as error:
        raise FileFormatError(f"{path}: {error.strerror or error}") from None
    return format_


def same_file(first: Path, second: Path) -> bool:
    """Whether two paths name one file (the second may not exist yet)."""
    try:
        return os.path.samefile(first, second)
    except OSError:  # one of them does not exist (yet)
        return os.path.normcase(os.path.abspath(first)) == os.path.normcase(os.path.abspath(second))
