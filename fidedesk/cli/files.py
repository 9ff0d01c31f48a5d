"""Reading a tournament file of any format, and ``convert``."""

from __future__ import annotations

import argparse
import dataclasses
import enum
import os
from pathlib import Path
from typing import TextIO

from fidedesk.cli.common import InputError, edition_named
from fidedesk.core.results import ResultCode
from fidedesk.core.tournament import UNKNOWN_RECORD, EventInfo, Player, RoundEntry, Tournament
from fidedesk.io import fidedesk_file
from fidedesk.io.atomic import write_atomic
from fidedesk.io.fidedesk_file import FidedeskFileError
from fidedesk.io.trf import TrfDocument, TrfError, parse_trf, read_trf, tournament_to_trf, write_trf
from fidedesk.io.xlsx_grid import XlsxError

_TRF_SUFFIXES = (".trf", ".txt")
XLSX_SUFFIX = ".xlsx"


def read_tournament(path: Path) -> tuple[Tournament, TrfDocument | None]:
    """The tournament of a .fidedesk, .xlsx (by the extension) or TRF file, and the TRF document."""
    try:
        if path.suffix.lower() == fidedesk_file.SUFFIX:
            return fidedesk_file.load(path), None
        if path.suffix.lower() == XLSX_SUFFIX:
            return _read_workbook(path), None
        document = read_trf(path)
    except (TrfError, FidedeskFileError, XlsxError) as error:
        raise InputError(str(error)) from None
    except OSError as error:
        raise InputError(f"{path}: {error.strerror or error}") from None
    return document.tournament, document


def _read_workbook(path: Path) -> Tournament:
    """A workbook read with the layout and columns the import wizard would propose; every problem refuses it.

    The command line cannot ask which rows to leave out, so a workbook with any problem is not rated:
    each problem is listed with its sheet and cell (exit status 2).
    """
    from fidedesk.io.xlsx_import import build, propose  # openpyxl only when a workbook is read
    from fidedesk.io.xlsx_read import read_workbook

    grids = read_workbook(path)
    plan = propose(grids)
    if plan.results is None and plan.players is None:
        raise InputError(f"{path}: no sheet looks like a player list, a crosstable, a Swiss table or pairings")
    result = build(grids, plan)
    if result.problems:
        count = len(result.problems)
        listed = "\n".join(f"  {problem}" for problem in result.problems)
        raise InputError(f"{path}: {count} problem{'s' if count != 1 else ''}, nothing read:\n{listed}")
    return result.tournament


def _output_format(target: Path) -> str:
    """``fidedesk``, ``trf`` or ``xlsx``, from the output file's extension."""
    suffix = target.suffix.lower()
    if suffix == fidedesk_file.SUFFIX:
        return "fidedesk"
    if suffix in _TRF_SUFFIXES:
        return "trf"
    if suffix == XLSX_SUFFIX:
        return "xlsx"
    raise InputError(f'{target}: unknown output extension "{target.suffix}": use .fidedesk, .trf, .txt or .xlsx')


def _same_file(first: Path, second: Path) -> bool:
    try:
        return os.path.samefile(first, second)
    except OSError:  # one of them does not exist (yet)
        return os.path.normcase(os.path.abspath(first)) == os.path.normcase(os.path.abspath(second))


def _converted(tournament: Tournament, document: TrfDocument | None, kind: str, target: Path) -> str:
    """The text of the output file; a TRF input keeps its other lines (write_trf).

    TRF output is read back before it is written: InputError when a TRF reader would not get the same
    tournament (the players' records and rounds a player was absent from aside).
    """
    try:
        if kind == "fidedesk":
            return fidedesk_file.dumps(tournament, source=str(target))
        text = write_trf(document) if document is not None else tournament_to_trf(tournament)
    except FidedeskFileError as error:
        raise InputError(str(error)) from None
    except ValueError as error:  # a value TRF's columns cannot hold
        raise InputError(f"{target}: {error}") from None
    try:
        difference = _trf_difference(tournament, parse_trf(text, str(target)).tournament)
    except TrfError as error:
        difference = f"it would not read back (line {error.line}: {error.message})"
    if difference is not None:
        raise InputError(f"{target}: TRF cannot hold this tournament exactly: {difference}")
    return text


def _shown(value: object) -> str:
    if isinstance(value, str):
        return repr(value)
    return str(value.value if isinstance(value, enum.Enum) else value)


def _trf_difference(written: Tournament, back: Tournament) -> str | None:
    """The first thing a TRF reader reads differently from what was written; None when nothing does."""
    for field in dataclasses.fields(EventInfo):
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


def _write_workbook(tournament: Tournament, target: Path, rules: str) -> None:
    """The spreadsheet export (every sheet the window's export writes), under ``rules`` for the rating sheet."""
    from fidedesk.core.tiebreaks import DEFAULT_TIEBREAKS
    from fidedesk.io.xlsx_export import export_workbook

    edition = edition_named(rules, tournament.info.start, str(target))
    export_workbook(tournament, target, edition=edition, tiebreaks=DEFAULT_TIEBREAKS)


def _results(player: Player) -> dict[int, RoundEntry]:
    """A player's round entries by round, without absences (a TRF reader adds those for gaps)."""
    absent = (None, None, ResultCode.ZERO_BYE)
    return {e.round: e for e in player.rounds if (e.opponent, e.color, e.result) != absent}


def cmd_convert(args: argparse.Namespace, out: TextIO) -> None:
    source, target = Path(args.input), Path(args.output)
    kind = _output_format(target)
    if _same_file(source, target):
        raise InputError(f"{target}: is the input file; give the output another name")
    tournament, document = read_tournament(source)
    try:
        if kind == "xlsx":
            _write_workbook(tournament, target, args.rules)
        else:
            write_atomic(target, _converted(tournament, document, kind, target))
    except OSError as error:
        raise InputError(f"{target}: {error.strerror or error}") from None
    rounds = max((entry.round for player in tournament.players for entry in player.rounds), default=0)
    out.write(f"{source} -> {target}: {len(tournament.players)} players, {rounds} rounds\n")
    if kind == "trf" and any(player.record != UNKNOWN_RECORD for player in tournament.players):
        out.write("Note: TRF has no place for the players' records (games, 2400 reached, K); they are not written\n")
