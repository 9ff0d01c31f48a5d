"""``check``: a tournament file's pairings and standings set against FIDE's rules, for the arbiter or as JSON.

Each Swiss round is paired afresh from the rounds before it by FIDE TEC's own checker reading the file's TRF
text (:mod:`fidedesk.engine.tec_checker`, a path that shares nothing with fidedesk's pairing adapter), each
round-robin round is set against FIDE's Berger tables, and the file's points and ranks against the standings
by the event's tie-breaks (:func:`fidedesk.core.tiebreaks.standings.figure_differences`). This module only reads the
file and renders the verdicts.
"""

from __future__ import annotations

import argparse
import itertools
from pathlib import Path
from typing import Any, TextIO

from fidedesk.cli.common import InputError, aligned, number, print_json
from fidedesk.core.notation import score_text
from fidedesk.core.tiebreaks.standings import FigureDifference, figure_differences
from fidedesk.core.tournament import System, Tournament
from fidedesk.core.values import counted
from fidedesk.engine.tec_checker import RoundCheck, check_rounds
from fidedesk.io.formats import read_tournament
from fidedesk.io.trf.document import TrfVersion, tournament_to_trf

DESCRIPTION = (
    "Check a tournament file against FIDE's rules: each Swiss round paired afresh from the rounds before it "
    "by FIDE TEC's own checker (the Dutch system, C.04.3 of 1 February 2026) reading the file's TRF (a "
    ".fidedesk or .xlsx file: the TRF-2026 fidedesk writes of it), each round-robin round against the Berger "
    "tables (C.05 Annex 1), and the file's points and ranks (TRF 001) against the standings by the event's "
    "tie-breaks (TRF-2026 202/212, else the system's defaults). Boards, colours and the pairing-allocated bye "
    "are compared; a round the rules cannot reproduce from the file (results missing before it, a team event) "
    "is said so and not counted. Exit status 0 when everything checked agrees, 1 when anything differs, 2 on "
    'a bad file. JSON: {"rounds": [{"round": 3, "agrees": false, "fide": [[12, 3]], "file": [[12, 5]]}], '
    '"standings": {"agrees": true, "differences": []}}: start ranks [white, black] in board order, [p, 0] '
    'the pairing-allocated bye; "agrees" null with a "reason" where a round or the standings cannot be checked.'
)
ROUND_HELP = "check only round N (default: every paired round)"
EXIT_DIFFERS = 1

_TEAM = "a team event: its published figures follow its team rules, which fidedesk does not model"
_NO_FIGURES = "the file gives no points or ranks"


def _trf_text(path: Path, encoding: str | None) -> tuple[str, Tournament]:
    read = read_tournament(path, encoding=encoding)
    if read.trf is not None:
        return "\n".join(read.trf.lines) + "\n", read.tournament
    return tournament_to_trf(read.tournament, TrfVersion.TRF26), read.tournament


def _rounds(tournament: Tournament, asked: int | None, path: Path) -> tuple[int, ...]:
    paired = tournament.paired_rounds
    if asked is None:
        return paired
    if asked not in paired:
        have = f"rounds {paired[0]}-{paired[-1]}" if paired else "no round"
        raise InputError(f"{path}: round {asked} is not paired (the file has {have} paired)")
    return (asked,)


def _pair_text(pair: tuple[int, int]) -> str:
    return f"{pair[0]} bye" if pair[1] == 0 else f"{pair[0]}-{pair[1]}"


def _difference_json(difference: FigureDifference) -> dict[str, Any]:
    def figure(value: Any) -> Any:
        return number(value) if difference.what == "points" else value

    found = {
        "player": difference.player.start_rank,
        "what": difference.what,
        "file": figure(difference.given),
        "fide": figure(difference.expected),
    }
    if difference.expected_to is not None:
        found["fide_to"] = difference.expected_to
    return found


def round_json(check: RoundCheck) -> dict[str, Any]:
    found: dict[str, Any] = {
        "round": check.round,
        "agrees": check.agrees,
        "fide": [list(pair) for pair in check.fide],
        "file": [list(pair) for pair in check.played],
    }
    if check.reason:
        found["reason"] = check.reason
    return found


def _round_lines(check: RoundCheck) -> list[str]:
    if check.agrees is None:
        return [f"Round {check.round}: not checked: {check.reason}"]
    if check.agrees:
        return [f"Round {check.round}: agrees ({counted(len(check.played), 'board')})"]
    fide, played = check.fide_only, check.played_only
    text = [f"Round {check.round}: differs: FIDE's pairing beside the file's, the boards that differ"]
    rows = [
        [str(f[0]) if f else "", _pair_text(f[1]) if f else "", str(p[0]) if p else "", _pair_text(p[1]) if p else ""]
        for f, p in itertools.zip_longest(fide, played)
    ]
    text.extend("  " + line for line in aligned(["Board", "FIDE", "Board", "File"], rows, left={1, 3}, rule=True))
    return text


def _figure(difference: FigureDifference, value: Any) -> str:
    return score_text(value) if difference.what == "points" else str(value)


def _standings_unchecked(tournament: Tournament) -> str:
    """Why the file's points and ranks cannot be set against the standings, or "" when they can."""
    if tournament.info.system is System.TEAM_SWISS:
        return _TEAM
    if all(player.points is None and player.rank is None for player in tournament.players):
        return _NO_FIGURES
    return ""


def _standings_lines(differences: tuple[FigureDifference, ...]) -> list[str]:
    if not differences:
        return ["Standings: the file's points and ranks agree"]
    players = len({d.player.start_rank for d in differences})
    text = [f"Standings: differ for {counted(players, 'player')}"]
    rows = []
    for d in differences:
        expected = _figure(d, d.expected) + (f"-{d.expected_to}" if d.expected_to is not None else "")
        rows.append([str(d.player.start_rank), d.player.name, d.what, _figure(d, d.given), expected])
    text.extend("  " + line for line in aligned(["No", "Name", "Figure", "File", "FIDE"], rows, left={1, 2}, rule=True))
    return text


def cmd_check(args: argparse.Namespace, out: TextIO) -> int:
    path = Path(args.file)
    text, tournament = _trf_text(path, args.encoding)
    checks = check_rounds(text, tournament, _rounds(tournament, args.round, path))
    unchecked = _standings_unchecked(tournament)
    differences = () if unchecked else figure_differences(tournament)
    differs = any(check.agrees is False for check in checks) or bool(differences)
    if args.json:
        standings: dict[str, Any] = {
            "agrees": None if unchecked else not differences,
            "differences": [_difference_json(d) for d in differences],
        }
        if unchecked:
            standings["reason"] = unchecked
        print_json({"rounds": [round_json(check) for check in checks], "standings": standings}, out)
    else:
        lines = [line for check in checks for line in _round_lines(check)]
        verdict = [f"Standings: not checked: {unchecked}"] if unchecked else _standings_lines(differences)
        out.write("\n".join([*lines, *([""] if lines else []), *verdict]) + "\n")
    return EXIT_DIFFERS if differs else 0
