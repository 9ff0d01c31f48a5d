"""``standings``: a tournament file ranked by points, then by the tie-breaks of C.07 in the edition chosen.

The tie-breaks are ``--tiebreaks``, else the file's own (TRF26's 212 or 202 record, a .fidedesk file's
event), else the system's defaults; the edition is ``--tiebreak-rules``, else the file's, else the one in
force on the start date (``auto``). Players equal on points and every tie-break share their places
(core.tiebreaks.standings): ``rank`` is the first of them, and the JSON adds ``rank_to`` only to a shared place.
"""

from __future__ import annotations

import argparse
from fractions import Fraction
from pathlib import Path
from typing import Any, TextIO

from fidedesk.cli.common import InputError, aligned, number, print_json
from fidedesk.cli.files import read_noting
from fidedesk.core.notation import score_text, tiebreak_places, tiebreak_text
from fidedesk.core.tiebreaks.codes import (
    AUTO_RULES,
    TieBreak,
    TieBreakRules,
    UnknownTieBreak,
    UnknownTieBreakRules,
    auto_reason,
    parse_tiebreaks,
    tiebreak_rules,
)
from fidedesk.core.tiebreaks.standings import Standing, standings
from fidedesk.core.tournament import EventInfo, Tournament
from fidedesk.core.values import counted
from fidedesk.publish.documents.common import event_rounds

RULES_HELP = (
    f"the edition of C.07 the tie-breaks follow: {', '.join(f'{r.code} ({r.title})' for r in TieBreakRules)}, "
    f"or {AUTO_RULES}: the one in force on the event's start date (the newest when it has none); "
    "default: the file's choice, else auto"
)
TIEBREAKS_HELP = (
    "the tie-breaks after the points, in order, as C.07 names them: 'BH-C1,SB' or 'BH/C1 SB', any case "
    "('' for points alone); default: the file's choice (TRF 212/202, .fidedesk), else the system's defaults"
)
DESCRIPTION = (
    "The players ranked by points, then by each tie-break among those still tied (C.07 4.2). Players equal "
    "on everything share their places: the text shows 3–4, the JSON gives rank 3 and rank_to 4 (rank_to "
    'only for a shared place). JSON: {"tiebreak_rules": "2026", "tiebreaks": ["BH-C1", "SB"], "standings": '
    '[{"rank": 1, "start_rank": 5, "name": "...", "points": 6.5, "tiebreaks": {"BH-C1": 38.5, "SB": 30.25}}]}; '
    "a tie-break with no value (DE where no tie needed it, a rating average without rated games) is null."
)


def chosen_tiebreaks(text: str | None, info: EventInfo) -> tuple[tuple[TieBreak, ...], str]:
    """The tie-breaks asked for, and whose choice they are, for the heading."""
    if text is None:
        system = "a round robin" if info.system.is_round_robin else "a Swiss"
        whose = "the file's choice" if info.tiebreaks is not None else f"the defaults for {system}"
        return info.tiebreaks_in_use, whose
    try:
        tiebreaks = parse_tiebreaks(text)
    except UnknownTieBreak as error:
        raise InputError(f"--tiebreaks: {error}") from None
    return tiebreaks, "--tiebreaks"


def _rules(choice: str | None, info: EventInfo) -> tuple[TieBreakRules, str]:
    """The edition asked for, and why it is that one, for the heading."""
    if choice is None and info.tiebreak_rules is not None:
        return info.tiebreak_rules, "the file's choice"
    try:
        rules = tiebreak_rules(choice, info.start)
    except UnknownTieBreakRules as error:
        raise InputError(f"--tiebreak-rules: {error}") from None
    if choice is not None and choice.strip().lower() != AUTO_RULES:
        return rules, "--tiebreak-rules"
    return rules, auto_reason(info.start)


def after_round_checked(after: int | None, tournament: Tournament, path: Path) -> int | None:
    """``--after-round``: a round from 1 to the last one played (:attr:`Tournament.rounds_played`)."""
    if after is None:
        return None
    played = tournament.rounds_played
    if not 1 <= after <= played:
        rounds = counted(played, "round")
        raise InputError(f"{path}: --after-round {after}: the file has {rounds} played (choose 1-{played})")
    return after


def _value_json(value: Fraction | int | None) -> float | int | None:
    """A tie-break as a JSON number: half and quarter points and rounded averages are exact in a float."""
    return number(value) if isinstance(value, Fraction) else value


def _standing_json(row: Standing, tiebreaks: tuple[TieBreak, ...]) -> dict[str, Any]:
    player = row.player
    data: dict[str, Any] = {"rank": row.rank}
    if row.shared:
        data["rank_to"] = row.rank_to
    data |= {"start_rank": player.start_rank, "name": player.name, "points": number(row.points)}
    data["tiebreaks"] = {t.code: _value_json(v) for t, v in zip(tiebreaks, row.tiebreaks, strict=True)}
    return data


def _table(rows: tuple[Standing, ...], tiebreaks: tuple[TieBreak, ...]) -> list[str]:
    headers = ["Rank", "No", "Name", "Rtg", "Pts", *(tiebreak.code for tiebreak in tiebreaks)]
    places = [tiebreak_places(row.tiebreaks[column] for row in rows) for column in range(len(tiebreaks))]
    cells = [
        [row.place, str(row.player.start_rank), row.player.name, str(row.player.rating or ""), score_text(row.points),
         *(tiebreak_text(value, digits) for value, digits in zip(row.tiebreaks, places, strict=True))]
        for row in rows
    ]  # fmt: skip
    return aligned(headers, cells, left={2}, rule=True)


def cmd_standings(args: argparse.Namespace, out: TextIO) -> None:
    path = Path(args.file)
    read = read_noting(path, args.encoding)
    tournament = read.tournament
    tiebreaks, whose = chosen_tiebreaks(args.tiebreaks, tournament.info)
    rules, why = _rules(args.tiebreak_rules, tournament.info)
    after = after_round_checked(args.after_round, tournament, path)
    rows = standings(tournament, tiebreaks, rules, after)
    if args.json:
        listed = [_standing_json(row, tiebreaks) for row in rows]
        print_json({"tiebreak_rules": rules.code, "tiebreaks": [t.code for t in tiebreaks], "standings": listed}, out)
        return
    order = f"points, then {', '.join(t.code for t in tiebreaks)}" if tiebreaks else "points alone"
    text = [f"Tie-breaks: {rules.title} ({why})", f"Order: {order} ({whose})"]
    # the round the standings are after, said also when it is the default (the last round played), so that a
    # bye entered ahead for a later round cannot leave the reader guessing which rounds were counted
    shown = after if after is not None else tournament.rounds_played
    if shown:
        text.append(f"After round {shown} of {event_rounds(tournament)}")
    text.append("")
    text.extend(_table(rows, tiebreaks))
    out.write("\n".join(text) + "\n")
