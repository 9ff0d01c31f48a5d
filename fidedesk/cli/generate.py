"""``generate``: a random Swiss paired round by round by fidedesk itself, written to ``-o OUT``.

The tournament is :func:`fidedesk.engine.generate.generate`'s and the file
:func:`~fidedesk.engine.generate.write_generated`'s;
this module only turns the options into :class:`~fidedesk.engine.generate.GenerateOptions` and says what it wrote.
"""

from __future__ import annotations

import argparse
from collections import Counter
from pathlib import Path
from typing import TextIO

from fidedesk.cli.common import InputError
from fidedesk.core.pairing.round import NoLegalPairing
from fidedesk.core.tournament import Tournament
from fidedesk.core.values import counted
from fidedesk.engine.generate import GenerateOptions, GenerateOptionsError, GenerationError, generate, write_generated
from fidedesk.io.formats import output_format

DESCRIPTION = (
    "A random Swiss (FIDE's random tournament generator, C.02.03 7.1): N players (ratings 1400-2700, some "
    "unrated; FIDE IDs, federations), R rounds paired one by one by fidedesk (FIDE TEC's Dutch engine), results "
    "drawn from FIDE's expected score, with forfeits, double forfeits, half-, full- and zero-point byes "
    "requested ahead, withdrawals and late entries at the rates given (each a chance between 0 and 1: per "
    "board for forfeits, per player and round for byes and withdrawals, per player for late entries). The same "
    "options make the same file. OUT: .trf or .txt (TRF-2026), .fidedesk or .xlsx. Bad options: exit status 2 "
    "and one line."
)

#: The rate options: (option, GenerateOptions field, what it is the chance of).
RATES = (
    ("--forfeits", "forfeits", "a board is forfeited one way"),
    ("--double-forfeits", "double_forfeits", "a board is forfeited both ways"),
    ("--half-byes", "half_byes", "a player asks for a half-point bye (per round)"),
    ("--full-byes", "full_byes", "a player asks for a full-point bye (per round)"),
    ("--zero-byes", "zero_byes", "a player asks for a zero-point bye (per round)"),
    ("--withdrawals", "withdrawals", "a player withdraws (per round)"),
    ("--late-entries", "late_entries", "a player enters for round 2 or 3"),
    ("--unrated", "unrated", "a player has no rating"),
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The command's options, with the defaults of :class:`GenerateOptions`."""
    defaults = GenerateOptions(players=2, rounds=1)
    parser.add_argument("--players", type=int, required=True, metavar="N", help="players, 2-9999")
    parser.add_argument("--rounds", type=int, required=True, metavar="R", help="rounds, 1-99 and fewer than N")
    parser.add_argument("--seed", type=int, default=0, metavar="S", help="the seed (default 0)")
    parser.add_argument("-o", "--output", required=True, metavar="OUT", help=".trf/.txt (TRF-2026), .fidedesk, .xlsx")
    for option, field, what in RATES:
        default = getattr(defaults, field)
        parser.add_argument(option, type=float, default=default, metavar="P", help=f"{what} (default {default})")
    parser.add_argument("--baku", action="store_true", help="Baku acceleration (C.04.7)")
    parser.add_argument("--forbidden", type=int, default=0, metavar="K", help="K pairs who must not meet (260)")


def options_from(args: argparse.Namespace) -> GenerateOptions:
    """The options given; InputError naming the first one out of range."""
    rates = {field: getattr(args, field) for _option, field, _what in RATES}
    try:
        return GenerateOptions(args.players, args.rounds, args.seed, baku=args.baku, forbidden=args.forbidden, **rates)
    except GenerateOptionsError as error:
        raise InputError(f"generate: {error}") from None


def tally(tournament: Tournament) -> Counter[str]:
    """What the event holds, for the summary line: forfeits and double forfeits (boards), each kind of bye."""
    found: Counter[str] = Counter()
    players = tournament.by_rank()
    for player in tournament.players:
        for entry in player.rounds:
            if entry.result.is_bye:
                found[entry.result.name.lower().replace("_", "-")] += 1
            elif entry.color == "w" and entry.opponent is not None and entry.result.name.startswith("FORFEIT"):
                back = next(e for e in players[entry.opponent].rounds if e.round == entry.round)
                found["double-forfeit" if back.result is entry.result else "forfeit"] += 1
    return found


def cmd_generate(args: argparse.Namespace, out: TextIO) -> None:
    options = options_from(args)
    target = Path(args.output)
    output_format(target)  # a bad extension fails before the engine runs
    if target.is_dir() or not target.parent.is_dir():
        raise InputError(f"{target}: cannot be written (not a file in an existing folder)")
    try:
        tournament = generate(options)
    except (GenerationError, NoLegalPairing) as error:
        raise InputError(f"generate: {error}") from None
    write_generated(target, tournament)
    found = tally(tournament)
    held = ", ".join(f"{kind} {found[kind]}" for kind in sorted(found)) or "no irregularity"
    players = counted(len(tournament.players), "player")
    out.write(f"{tournament.info.name}: {players}, {counted(options.rounds, 'round')} -> {target} ({held})\n")
