"""Reading a tournament file of any format for the command line, and ``convert``.

The formats themselves, and which one a file is, are :mod:`fidedesk.io.formats`'s.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TextIO

from fidedesk.cli.common import InputError, edition_named
from fidedesk.core.tiebreaks import DEFAULT_TIEBREAKS
from fidedesk.core.values import counted
from fidedesk.io.formats import XLSX, FileFormatError, TournamentFile, output_format, same_file, write_tournament
from fidedesk.io.formats import read_tournament as read_file


def read_tournament(path: Path, encoding: str | None = None) -> TournamentFile:
    """The tournament of a .fidedesk, .xlsx or TRF file (by the extension); InputError naming the file.

    The command line cannot ask which rows of a workbook to leave out, so a workbook with any problem
    is not read: each problem is listed with its sheet and cell (exit status 2). ``encoding``: a TRF
    file's, when the user chose it (``--encoding``).
    """
    try:
        return read_file(path, encoding=encoding)
    except FileFormatError as error:
        raise InputError(str(error)) from None


def cmd_convert(args: argparse.Namespace, out: TextIO) -> None:
    source, target = Path(args.input), Path(args.output)
    try:
        kind = output_format(target)
    except FileFormatError as error:
        raise InputError(str(error)) from None
    if same_file(source, target):
        raise InputError(f"{target}: is the input file; give the output another name")
    read = read_tournament(source, args.encoding)
    tournament = read.tournament
    edition = edition_named(args.rules, tournament.info.start, str(target)) if kind is XLSX else None
    try:
        write_tournament(target, tournament, format_=kind, trf=read.trf, edition=edition, tiebreaks=DEFAULT_TIEBREAKS)
    except FileFormatError as error:
        raise InputError(str(error)) from None
    rounds = max((entry.round for player in tournament.players for entry in player.rounds), default=0)
    out.write(f"{source} -> {target}: {counted(len(tournament.players), 'player')}, {counted(rounds, 'round')}\n")
    for loss in kind.losses(tournament):
        out.write(f"Note: {loss}\n")
