"""``fidedesk-cli``: the rating core from a terminal.

    fidedesk-cli game RATING OPPONENT RESULT [--k K] [--rules R] [--kind KIND] [--json]
    fidedesk-cli rate FILE [--rules R|auto] [--k K] [--kind KIND] [--json] [--encoding E]
    fidedesk-cli convert IN OUT [--rules R] [--encoding E]
    fidedesk-cli standings FILE [--tiebreaks CODES] [--tiebreak-rules 2024|2026|auto] [--after-round N] [--json]
    fidedesk-cli norms FILE [--after-round N] [--event-type TYPE] [--rules 2024|auto] [--json]
    fidedesk-cli pair FILE [--round N] [--initial-colour white|black] [--json] [-o OUT] [--encoding E]
    fidedesk-cli check FILE [--round N] [--json] [--encoding E]
    fidedesk-cli print FILE --document NAME [--round N] [--paper a4|letter] [--tiebreaks CODES] [--rules R]
                       -o OUT.pdf|OUT.html|FOLDER [--encoding E]
    fidedesk-cli generate --players N --rounds R [--seed S] [--forfeits P ...] [--baku] [--forbidden K] -o OUT
    fidedesk-cli tables [--rules R]
    fidedesk-cli editions
    fidedesk-cli ratinglist import FILE [--month YYYY-MM] [--kind KIND] [--db PATH]
    fidedesk-cli ratinglist find TEXT [--federation FED] [--list YYYY-MM] [--db PATH] [--json]
    fidedesk-cli ratinglist lists [--db PATH] [--json]

The rating list commands keep FIDE's downloads (read straight from the zip) in the database the window
uses (``--db`` names another); ``find`` searches the newest list, or the one of ``--list``.
FILE, IN and OUT are in any format of :mod:`fidedesk.io.formats` (.fidedesk, .xlsx, and TRF for any other
extension), read and written through it; ``convert`` writes OUT atomically and never over IN, and TRF output
is read back first and refused when it would not give the same tournament. ``--encoding`` reads a TRF
input in the encoding chosen (utf-8, cp1252, cp1250, cp1251, cp1253) instead of the one detected.
``check`` ends with exit status 1 when anything it checks differs from FIDE's rules.
Bad input ends with exit status 2 and one line naming the file, the place and what is wrong; a workbook
with problems is refused with every problem's sheet and cell, one to a line. A file that is not a regular
file (``/dev/zero``, a pipe, a folder) or is over its format's limit is refused before it is read. Running
out of memory or of stack (MemoryError, RecursionError) is said in one line with exit status 2 too: those
are resources, not mistakes; any other exception is a programming error and keeps its traceback. Output
cut short by its reader (``fidedesk-cli rate big.trf | head -1``) ends quietly with exit status 1, as
Python's documentation of SIGPIPE does it.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import NoReturn, TextIO

from fidedesk import __version__
from fidedesk.cli.check import DESCRIPTION as CHECK_DESCRIPTION
from fidedesk.cli.check import ROUND_HELP as CHECK_ROUND_HELP
from fidedesk.cli.check import cmd_check
from fidedesk.cli.common import EXIT_BAD_INPUT, InputError
from fidedesk.cli.files import TRF_VERSION_HELP, TRF_VERSIONS, cmd_convert
from fidedesk.cli.game import cmd_editions, cmd_game, cmd_tables
from fidedesk.cli.generate import DESCRIPTION as GENERATE_DESCRIPTION
from fidedesk.cli.generate import add_arguments as add_generate_arguments
from fidedesk.cli.generate import cmd_generate
from fidedesk.cli.norms import DESCRIPTION as NORMS_DESCRIPTION
from fidedesk.cli.norms import EVENT_TYPE_HELP, cmd_norms
from fidedesk.cli.norms import RULES_HELP as NORMS_RULES_HELP
from fidedesk.cli.pair import COLOUR_HELP, OUTPUT_HELP, ROUND_HELP, cmd_pair
from fidedesk.cli.pair import DESCRIPTION as PAIR_DESCRIPTION
from fidedesk.cli.printing import DESCRIPTION as PRINT_DESCRIPTION
from fidedesk.cli.printing import DOCUMENT_HELP, cmd_print
from fidedesk.cli.printing import OUTPUT_HELP as PRINT_OUTPUT_HELP
from fidedesk.cli.printing import ROUND_HELP as PRINT_ROUND_HELP
from fidedesk.cli.rate import cmd_rate
from fidedesk.cli.ratinglist import cmd_ratinglist_find, cmd_ratinglist_import, cmd_ratinglist_lists
from fidedesk.cli.standings import DESCRIPTION, RULES_HELP, TIEBREAKS_HELP, cmd_standings
from fidedesk.core.norms.rules import EventType
from fidedesk.core.rating.editions import DEFAULT_EDITION, UnknownEditionError
from fidedesk.core.tournament import RatingKind
from fidedesk.core.values import K_RANGE, InvalidValueError, KError, parse_k
from fidedesk.io.bounded import FileLimitError
from fidedesk.io.formats import FileFormatError
from fidedesk.io.plain_words import explained
from fidedesk.io.ratinglist.fide_list import ListFormatError, ListKind
from fidedesk.io.trf.encoding import ENCODINGS
from fidedesk.publish.documents import ALL
from fidedesk.publish.documents.model import DocumentKind


def _k_value(text: str) -> int:
    """A K given with --k (core.values): 1-100."""
    try:
        value = parse_k(text)
    except KError as error:
        raise argparse.ArgumentTypeError(f"K: {error}") from None
    if value is None:
        raise argparse.ArgumentTypeError(f"K: blank is not a K factor ({K_RANGE})")
    return value


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_BAD_INPUT, f"{self.prog}: {message} (see --help)\n")


_ENCODING_HELP = "a TRF input's encoding (default: UTF-8, else the Windows codepage its names read best in)"


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="fidedesk-cli", description="FIDE rating calculations, offline.")
    parser.add_argument("--version", action="version", version=f"fidedesk {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    kinds = [kind.value for kind in RatingKind]

    game = commands.add_parser("game", help="one game: expected score, change, new rating")
    game.add_argument("rating", help="your rating")
    game.add_argument("opponent", help="the opponent's rating")
    game.add_argument("result", help="1, 0.5 (½, =) or 0")
    game.add_argument("--k", type=_k_value, metavar="K", help="K factor, 1-100 (default: from the rating)")
    game.add_argument("--rules", default=DEFAULT_EDITION.name, help="rule edition (see 'editions')")
    game.add_argument("--kind", choices=kinds, default="standard")
    game.add_argument("--json", action="store_true")
    game.set_defaults(handler=cmd_game)

    rate = commands.add_parser("rate", help="rate every player of a tournament file (TRF, .fidedesk or .xlsx)")
    rate.add_argument("file")
    rate.add_argument("--rules", default=DEFAULT_EDITION.name, help="rule edition, or 'auto' by start date")
    rate.add_argument("--k", type=_k_value, metavar="K", help="K for every rated player, 1-100")
    rate.add_argument("--kind", choices=kinds, help="rating kind (default: from the file)")
    rate.add_argument("--json", action="store_true")
    rate.add_argument("--encoding", choices=ENCODINGS, help=_ENCODING_HELP)
    rate.set_defaults(handler=cmd_rate)

    convert = commands.add_parser("convert", help="convert a tournament between TRF, .fidedesk and .xlsx")
    convert.add_argument("input", metavar="IN", help="a .fidedesk or .xlsx file, or TRF (any other extension)")
    convert.add_argument("output", metavar="OUT", help="the file to write: .fidedesk, .xlsx, or .trf / .txt for TRF")
    convert.add_argument("--rules", default=DEFAULT_EDITION.name, help="rules for an .xlsx output's rating sheet")
    convert.add_argument("--encoding", choices=ENCODINGS, help=_ENCODING_HELP)
    convert.add_argument("--trf-version", choices=list(TRF_VERSIONS), help=TRF_VERSION_HELP)
    convert.set_defaults(handler=cmd_convert)

    ranked = commands.add_parser(
        "standings", help="the standings of a tournament file by C.07's tie-breaks", description=DESCRIPTION
    )
    ranked.add_argument("file", metavar="FILE", help="a .fidedesk or .xlsx file, or TRF (any other extension)")
    ranked.add_argument("--tiebreaks", metavar="CODES", help=TIEBREAKS_HELP)
    ranked.add_argument("--tiebreak-rules", metavar="RULES", help=RULES_HELP)
    ranked.add_argument("--after-round", type=int, metavar="N", help="the standings after round N")
    ranked.add_argument("--json", action="store_true")
    ranked.add_argument("--encoding", choices=ENCODINGS, help=_ENCODING_HELP)
    ranked.set_defaults(handler=cmd_standings)

    normed = commands.add_parser(
        "norms", help="title norms (FIDE B.01, 2024): achieved, possible, out of reach", description=NORMS_DESCRIPTION
    )
    normed.add_argument("file", metavar="FILE", help="a .fidedesk or .xlsx file, or TRF (any other extension)")
    normed.add_argument("--after-round", type=int, metavar="N", help="after round N (default: the last one played)")
    normed.add_argument(
        "--event-type", choices=[kind.value for kind in EventType], default=None,
        metavar="TYPE", help=EVENT_TYPE_HELP,
    )  # fmt: skip
    normed.add_argument("--rules", metavar="RULES", help=NORMS_RULES_HELP)
    normed.add_argument("--json", action="store_true")
    normed.add_argument("--encoding", choices=ENCODINGS, help=_ENCODING_HELP)
    normed.set_defaults(handler=cmd_norms)

    pair = commands.add_parser(
        "pair", help="pair the next round: Dutch system (a Swiss) or Berger tables", description=PAIR_DESCRIPTION
    )
    pair.add_argument("file", metavar="FILE", help="a .fidedesk or .xlsx file, or TRF (any other extension)")
    pair.add_argument("--round", type=int, metavar="N", help=ROUND_HELP)
    pair.add_argument("--initial-colour", metavar="white|black", help=COLOUR_HELP)
    pair.add_argument("--json", action="store_true")
    pair.add_argument("-o", "--output", metavar="OUT", help=OUTPUT_HELP)
    pair.add_argument("--encoding", choices=ENCODINGS, help=_ENCODING_HELP)
    pair.add_argument("--trf-version", choices=list(TRF_VERSIONS), help=TRF_VERSION_HELP)
    pair.set_defaults(handler=cmd_pair)

    check = commands.add_parser(
        "check", help="check a file's pairings and standings against FIDE's rules", description=CHECK_DESCRIPTION
    )
    check.add_argument("file", metavar="FILE", help="a .fidedesk or .xlsx file, or TRF (any other extension)")
    check.add_argument("--round", type=int, metavar="N", help=CHECK_ROUND_HELP)
    check.add_argument("--json", action="store_true")
    check.add_argument("--encoding", choices=ENCODINGS, help=_ENCODING_HELP)
    check.set_defaults(handler=cmd_check)

    printed = commands.add_parser(
        "print", help="pairings, standings, crosstable… as PDF or web pages", description=PRINT_DESCRIPTION
    )
    printed.add_argument("file", metavar="FILE", help="a .fidedesk or .xlsx file, or TRF (any other extension)")
    printed.add_argument(
        "--document", action="append", required=True, choices=[*(kind.value for kind in DocumentKind), ALL],
        metavar="NAME", help=DOCUMENT_HELP,
    )  # fmt: skip
    printed.add_argument("--round", type=int, metavar="N", help=PRINT_ROUND_HELP)
    printed.add_argument("--paper", choices=["a4", "letter"], default="a4", help="the paper size (default a4)")
    printed.add_argument("--tiebreaks", metavar="CODES", help=TIEBREAKS_HELP)
    printed.add_argument("--rules", default=DEFAULT_EDITION.name, help="rating rule edition, or 'auto' by start date")
    printed.add_argument("-o", "--output", metavar="OUT", required=True, help=PRINT_OUTPUT_HELP)
    printed.add_argument("--encoding", choices=ENCODINGS, help=_ENCODING_HELP)
    printed.set_defaults(handler=cmd_print)

    generated = commands.add_parser("generate", help="a random Swiss for testing", description=GENERATE_DESCRIPTION)
    add_generate_arguments(generated)
    generated.set_defaults(handler=cmd_generate)

    tables = commands.add_parser("tables", help="print tables 8.1.1 and 8.1.2")
    tables.add_argument("--rules", default=DEFAULT_EDITION.name)
    tables.set_defaults(handler=cmd_tables)

    editions = commands.add_parser("editions", help="list the rule editions")
    editions.set_defaults(handler=cmd_editions)

    ratinglist = commands.add_parser("ratinglist", help="FIDE rating lists kept offline: import, find, lists")
    lists = ratinglist.add_subparsers(dest="list_command", required=True, parser_class=_Parser)
    db_help = "the database file (default: the one the window uses)"
    imports = lists.add_parser("import", help="import a list downloaded from ratings.fide.com (the .zip)")
    imports.add_argument("file", metavar="FILE")
    imports.add_argument("--month", help="the list's month, 2026-11 (default: found in the file)")
    imports.add_argument("--kind", choices=[kind.value for kind in ListKind], help="default: found in the file")
    imports.add_argument("--db", metavar="PATH", help=db_help)
    imports.set_defaults(handler=cmd_ratinglist_import)
    find = lists.add_parser("find", help="players by FIDE ID or name (case and accents ignored)")
    find.add_argument("text", metavar="TEXT", help="a FIDE ID, or the start of a name: 'carlsen m', 'sebastien'")
    find.add_argument("--federation", metavar="FED", help="only players of this federation (three letters)")
    find.add_argument("--list", metavar="YYYY-MM", help="the list of this month (default: the newest)")
    find.add_argument("--limit", type=int, default=50, help="at most this many players (default 50)")
    find.add_argument("--db", metavar="PATH", help=db_help)
    find.add_argument("--json", action="store_true")
    find.set_defaults(handler=cmd_ratinglist_find)
    kept = lists.add_parser("lists", help="the lists kept in the database")
    kept.add_argument("--db", metavar="PATH", help=db_help)
    kept.add_argument("--json", action="store_true")
    kept.set_defaults(handler=cmd_ratinglist_lists)
    return parser


#: Errors of ours that a handler did not turn into an InputError: their message is the one line to show.
_OURS = (InputError, FileFormatError, FileLimitError, ListFormatError, InvalidValueError, UnknownEditionError)


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    try:
        args = build_parser().parse_args(argv)
    except SystemExit as done:  # --help, --version, or a usage error already reported on one line
        return int(done.code or 0)
    stream = out or sys.stdout
    try:
        status = args.handler(args, stream)  # None, or the status of a command that can say "differs" (check)
        stream.flush()  # a reader gone is found here, not by the interpreter's last flush
    except _OURS as error:
        sys.stderr.write(f"fidedesk-cli: {explained(error, ' ')}\n")  # a file's plain sentence first, as the window
        return EXIT_BAD_INPUT
    except (MemoryError, RecursionError) as error:
        what = "memory" if isinstance(error, MemoryError) else "stack (nesting too deep)"
        sys.stderr.write(f"fidedesk-cli: {args.command}: out of {what}; the input is beyond what fidedesk reads\n")
        return EXIT_BAD_INPUT
    except BrokenPipeError:
        _quiet_stdout()
        return 1
    return int(status or 0)


def _quiet_stdout() -> None:
    """Python's recipe for a closed pipe: whatever is still buffered goes nowhere, without a complaint."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # no real stdout (captured in a test): nothing to quiet
        pass


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
