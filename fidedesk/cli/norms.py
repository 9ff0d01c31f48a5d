"""``norms``: who made a title norm, who still can and who cannot, after a round (FIDE B.01, 2024).

One row per player and title they do not hold (GM, IM; WGM, WIM for women): ``achieved`` with the figures,
``possible`` with the score still needed from the rounds left, ``out-of-reach`` with the condition that fails.
The rules are those in force on the event's start date (only B.01 of 1 January 2024 is known: an older event
is refused, not judged by the 2024 text). The exemptions 1.4.3a-c and 1.4.1b's events are ``--event-type``;
1.4.3d's Swiss exemption is worked out from the event.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any, TextIO

from fidedesk.cli.common import InputError, aligned, number, print_json
from fidedesk.cli.files import read_noting
from fidedesk.cli.standings import after_round_checked
from fidedesk.core.norms.forecast import NormRow, Status, norms, planned_rounds
from fidedesk.core.norms.rules import AUTO, NORM_RULES, EventType, NoNormRulesError, UnknownNormRulesError, norm_rules
from fidedesk.core.notation import score_text

EVENT_TYPE_HELP = (
    "the kind of event, for B.01's exemptions (default: the file's own event type, normal when it gives none): "
    "normal; national-championship (1.4.3a), "
    "national-team-championship (1.4.3b, the host federation's players only), zonal (1.4.3c): no federation "
    "conditions (1.4.3, 1.4.4); world-continental-team (1.4.1b: 7 games), world-cup (1.4.1b: 8 games). "
    "A Swiss's 1.4.3d exemption is worked out from the file"
)
RULES_HELP = (
    f"the edition of B.01: {', '.join(f'{rules.name} ({rules.text})' for rules in NORM_RULES)}, or {AUTO}: "
    "the one in force on the event's start date (default)"
)
DESCRIPTION = (
    "Title norms under FIDE's Title Regulations B.01 (1 January 2024) after a round (default: the last round "
    "played), for every player and every title they do not hold: achieved (with the figures), possible (the "
    "score still needed from the rounds left, the conditions still to be met) or out-of-reach (the condition "
    'that fails, with its numbers). JSON: {"norms": [{"start_rank": 1, "name": "...", "title": "IM", '
    '"status": "achieved", "games": 9, "score": 5, "opponents_average": 2442, "performance": 2485, '
    '"needed": null, "rounds_left": 0, "conditions": [{"article": "1.4.5", "holds": true, "text": "..."}]}]}; '
    "holds is null for a condition of the event the file does not tell (the rate of play, the rounds on one day, "
    "the chief arbiter's title: B.01 1.1.2, 1.1.3, 1.1.5), which changes no status; one the file breaks puts "
    "every norm out of reach. "
    "needed is the score still needed from the rounds left (possible only), opponents_average and performance "
    "are over the games the row rests on (null before any game). Not a verdict of FIDE's Qualification "
    "Commission, which checks every norm when a title is applied for."
)


def _row_json(row: NormRow) -> dict[str, Any]:
    return {
        "start_rank": row.player.start_rank,
        "name": row.player.name,
        "title": row.title.value,
        "status": row.status.value,
        "games": row.games,
        "score": number(row.score),
        "opponents_average": row.opponents_average,
        "performance": row.performance,
        "needed": None if row.needed is None else number(row.needed),
        "rounds_left": row.rounds_left,
        "conditions": [
            {"article": c.article, "holds": c.holds if c.known else None, "text": c.text} for c in row.conditions
        ],
    }


def _why(row: NormRow) -> str:
    """What the table says of a row: every condition holds, or the ones that do not (with their articles)."""
    failing = [c for c in row.conditions if c.known and not c.holds]
    if row.status is Status.ACHIEVED or not failing:
        return "every condition holds"
    return "; ".join(f"{c.article} {c.text}" for c in failing)


def _table(rows: tuple[NormRow, ...]) -> list[str]:
    headers = ["No", "Name", "Norm", "Status", "Games", "Pts", "Ra", "Rp", "Needed", "Why"]
    cells = [
        [str(row.player.start_rank), row.player.name, row.title.value, row.status.value, str(row.games),
         score_text(row.score), str(row.opponents_average or ""), str(row.performance or ""),
         "" if row.needed is None else score_text(row.needed), _why(row)]
        for row in rows
    ]  # fmt: skip
    return aligned(headers, cells, left={1, 2, 3, 9}, rule=True)


def cmd_norms(args: argparse.Namespace, out: TextIO) -> None:
    path = Path(args.file)
    read = read_noting(path, args.encoding)
    tournament = read.tournament
    try:
        rules = norm_rules(args.rules, tournament.info.start)
    except (NoNormRulesError, UnknownNormRulesError) as error:
        raise InputError(f"{path}: {error}") from None
    after = after_round_checked(args.after_round, tournament, path)
    shown = tournament.rounds_played if after is None else after
    event_type = tournament.info.event_type if args.event_type is None else EventType(args.event_type)
    rows = norms(tournament, shown, event_type, rules)
    if args.json:
        print_json({"norms": [_row_json(row) for row in rows]}, out)
        return
    start = tournament.info.start
    why = (
        "chosen"
        if (args.rules or AUTO) != AUTO
        else (f"{AUTO}: the event starts {start.isoformat()}" if start else f"{AUTO}: the event has no start date")
    )
    text = [f"Norms: {rules.text} ({why})", f"Event type: {event_type.value}",
            f"After round {shown} of {planned_rounds(tournament, shown)}", ""]  # fmt: skip
    text.extend(_table(rows) if rows else ["No player is a candidate for a norm."])
    unknown = {c.text: c.article for row in rows for c in row.conditions if not c.known}
    text.extend(["", *(f"Not checked ({article}): {words}" for words, article in unknown.items())] if unknown else [])
    out.write("\n".join(text) + "\n")
