"""Reading a tournament file of any format for the command line, and ``convert``.

The formats themselves, and which one a file is, are :mod:`fidedesk.io.formats`'s.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TextIO

from fidedesk.cli.common import InputError, edition_named
from fidedesk.core.values import counted
from fidedesk.io.formats import XLSX, TournamentFile, output_format, read_tournament, same_file, write_tournament
from fidedesk.io.trf.pairing import TrfVersion

#: ``--trf-version``'s words: the version of a TRF output.
TRF_VERSIONS = {"2026": TrfVersion.TRF26, "16": TrfVersion.TRF16}
TRF_VERSION_HELP = "a TRF output's version (default: a TRF input's own, else 2026)"


def trf_version_asked(args: argparse.Namespace) -> TrfVersion | None:
    """The TRF version ``--trf-version`` asks for; None: the input's own, else TRF-2026 (io.formats)."""
    return None if args.trf_version is None else TRF_VERSIONS[args.trf_version]


def reading_notes(read: TournamentFile) -> tuple[str, ...]:
    """What the reader kept or left without reading it into the tournament (a TRF's tie-break records it
    cannot read), one sentence each, naming the line."""
    return read.trf.notes if read.trf is not None else ()


def read_noting(path: Path, encoding: str | None) -> TournamentFile:
    """The tournament file at ``path``, each of its :func:`reading_notes` said on stderr as a note."""
    read = read_tournament(path, encoding=encoding)
    for note in reading_notes(read):
        sys.stderr.write(f"fidedesk-cli: note: {note}\n")
    return read


def cmd_convert(args: argparse.Namespace, out: TextIO) -> None:
    source, target = Path(args.input), Path(args.output)
    kind = output_format(target)  # a FileFormatError is main's to report, as every one of ours
    if same_file(source, target):
        raise InputError(f"{target}: is the input file; give the output another name")
    # a .fidedesk, .xlsx or TRF file by its extension; a workbook with any problem is not read (the command
    # line cannot ask which rows to leave out): each problem is listed with its sheet and cell
    read = read_tournament(source, encoding=args.encoding)
    tournament = read.tournament
    edition = edition_named(args.rules, tournament.info.start, str(target)) if kind is XLSX else None
    # ranks a TRF output lacks, and an .xlsx output's Standings sheet, follow the event's own tie-breaks
    write_tournament(
        target, tournament, format_=kind, trf=read.trf, edition=edition, trf_version=trf_version_asked(args)
    )
    players, rounds = counted(len(tournament.players), "player"), counted(tournament.rounds_played, "round")
    out.write(f"{source} -> {target}: {players}, {rounds} played\n")
    for note in reading_notes(read):
        out.write(f"Note: {note}\n")
    for loss in kind.losses(tournament):
        out.write(f"Note: {loss}\n")
