"""``pair``: the next round of a tournament file paired, by FIDE TEC's Dutch engine (a Swiss) or FIDE's
Berger tables (a round robin), printed for the arbiter or as JSON, and written to ``-o OUT`` when asked.

Which round, who is paired and the pairing itself are :func:`fidedesk.engine.pairing.pair_round`'s; this
module only reads the file, renders the :class:`~fidedesk.core.pairing.round.Pairing` and writes the
tournament with it applied (:func:`~fidedesk.core.pairing.round.apply_pairing`).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any, TextIO

from fidedesk.cli.common import InputError, aligned, edition_named, print_json
from fidedesk.cli.files import read_noting, trf_version_asked
from fidedesk.core.notation import score_text
from fidedesk.core.pairing.round import (
    ByeKind,
    Pairing,
    PairingError,
    PairingSystem,
    apply_pairing,
    initial_colour_in_use,
    planned_rounds,
)
from fidedesk.core.pairing.setup import InitialColour
from fidedesk.core.tournament import Player, System, Tournament
from fidedesk.core.values import counted
from fidedesk.engine.pairing import pair_round
from fidedesk.io.formats import XLSX, output_format, write_tournament

DESCRIPTION = (
    "Pair round N (default: the first round without pairings) from the results of the rounds before it: a "
    "Swiss by FIDE's Dutch system (C.04.3 of 1 February 2026, FIDE TEC's own engine), a round robin by the "
    "Berger tables (C.05 Annex 1). Byes and absences entered for the round before pairing are kept and not "
    "paired; forbidden pairs (TRF-2026 260) and accelerated rounds (250) are followed. The number of rounds "
    "is the file's (TRF XXR or 142). JSON, with start ranks as in the file: "
    '{"round": 4, "system": "dutch", "boards": [{"board": 1, "white": 12, "black": 3}], "byes": '
    '[{"player": 7, "kind": "pairing-allocated"}]}; a bye\'s kind is pairing-allocated, half-point, '
    "zero-point, full-point, or free (a round robin's odd player out); system is dutch or berger. No legal "
    "pairing, a round that cannot be paired now, or a bad file: exit status 2 and one line saying why."
)
ROUND_HELP = "the round to pair (default: the first round without pairings)"
COLOUR_HELP = (
    "the colour of the top-ranked player in round 1 of a Swiss (default: the file's own, TRF 152 or "
    "XXC white1/black1, else white)"
)
OUTPUT_HELP = (
    "write the tournament with the round paired (results to come) to OUT, in the format of its extension "
    "(.fidedesk, .xlsx, or .trf / .txt for TRF); OUT may be FILE itself, replaced atomically"
)

#: A bye's kind in the text output, as the arbiter says it.
_BYE_WORDS = {
    ByeKind.PAIRING_ALLOCATED: "pairing-allocated bye",
    ByeKind.FULL_POINT: "full-point bye (requested)",
    ByeKind.HALF_POINT: "half-point bye (requested)",
    ByeKind.ZERO_POINT: "zero-point bye (requested, or absent)",
    ByeKind.FREE: "free (odd number of players)",
}


def _initial_colour(text: str | None) -> InitialColour | None:
    if text is None:
        return None
    try:
        return InitialColour.from_text(text)
    except ValueError as error:
        raise InputError(f"--initial-colour: {error}") from None


def pairing_json(pairing: Pairing) -> dict[str, Any]:
    """The documented JSON of a pairing: start ranks, boards in order, byes (pairing-allocated first)."""
    return {
        "round": pairing.round,
        "system": pairing.system.value,
        "boards": [{"board": b.board, "white": b.white, "black": b.black} for b in pairing.boards],
        "byes": [{"player": bye.player, "kind": bye.kind.value} for bye in pairing.byes],
    }


def _who(player: Player, round_: int) -> list[str]:
    return [str(player.start_rank), player.name, str(player.rating or ""), score_text(player.score_before(round_))]


def pairing_text(tournament: Tournament, pairing: Pairing, colour: str) -> list[str]:
    """The round for the arbiter: a heading, the boards with names, ratings and points, then the byes."""
    planned = planned_rounds(tournament)
    of = f" of {planned}" if planned is not None else ""
    if pairing.system is PairingSystem.BERGER:
        double = tournament.info.system is System.DOUBLE_ROUND_ROBIN
        system = f"{'double ' if double else ''}round robin, Berger tables (C.05 Annex 1)"
    else:
        system = f"Swiss, Dutch system (C.04.3, FIDE TEC's engine); initial colour {colour}"
    boards = counted(len(pairing.boards), "board")
    text = [f"Round {pairing.round}{of}: {system}", f"{boards}, {counted(len(pairing.byes), 'bye')}", ""]
    players = tournament.by_rank()
    headers = ["Board", "No", "White", "Rtg", "Pts", "", "No", "Black", "Rtg", "Pts"]
    rows = [
        [str(b.board), *_who(players[b.white], pairing.round), "-", *_who(players[b.black], pairing.round)]
        for b in pairing.boards
    ]
    text.extend(aligned(headers, rows, left={2, 5, 7}, rule=True))
    if pairing.byes:
        byes = [[*_who(players[bye.player], pairing.round), _BYE_WORDS[bye.kind]] for bye in pairing.byes]
        text.extend(["", *aligned(["No", "Name", "Rtg", "Pts", "Bye"], byes, left={1, 4}, rule=True)])
    return text


def _colour_used(tournament: Tournament, given: InitialColour | None, asked: str | None) -> str:
    """The initial colour in the heading, and whose it is (the one :func:`pair_round` gives the engine)."""
    colour, source = initial_colour_in_use(tournament, given)
    whose = {"chosen": f"--initial-colour {asked}", "recorded": "the file's", "round 1": "as round 1 was paired"}
    return f"{colour.value} ({whose.get(source, 'by default')})"


def cmd_pair(args: argparse.Namespace, out: TextIO) -> None:
    path = Path(args.file)
    target = Path(args.output) if args.output else None
    kind = output_format(target) if target is not None else None  # a bad extension fails before the engine runs
    colour = _initial_colour(args.initial_colour)
    read = read_noting(path, args.encoding)
    tournament = read.tournament
    try:
        pairing = pair_round(tournament, args.round, initial_colour=colour)
        paired = apply_pairing(tournament, pairing) if target is not None else tournament
    except PairingError as error:  # NoLegalPairing among them: the arbiter's to decide (C.04.3 1.9.3)
        raise InputError(f"{path}: {error}") from None
    if target is not None and kind is not None:
        # a workbook's Rating changes sheet needs an edition: the one in force on the event's start date
        edition = edition_named("auto", paired.info.start, str(target)) if kind is XLSX else None
        version = trf_version_asked(args)
        write_tournament(target, paired, format_=kind, trf=read.trf, edition=edition, trf_version=version)
    if args.json:
        print_json(pairing_json(pairing), out)
    else:
        text = pairing_text(tournament, pairing, _colour_used(tournament, colour, args.initial_colour))
        if target is not None:
            text.extend(["", f"Written to {target}, results to come"])
        out.write("\n".join(text) + "\n")
    if kind is not None:
        for loss in kind.losses(paired):
            sys.stderr.write(f"fidedesk-cli: note: {target}: {loss}\n")
