"""``rate``: every player of a tournament file, as FIDE's individual calculation sums it up."""

from __future__ import annotations

import argparse
import dataclasses
from fractions import Fraction
from pathlib import Path
from typing import Any, TextIO

from fidedesk.cli.common import aligned, edition_named, number, print_json
from fidedesk.core.notation import fixed
from fidedesk.core.rating.calculation import PlayerLine, player_line
from fidedesk.core.rating.event import EventRating, rate_tournament
from fidedesk.core.tournament import RatingKind
from fidedesk.core.values import counted
from fidedesk.core.warnings import listed, no_rating, not_rated_groups
from fidedesk.io.formats import read_tournament


def _player_json(line: PlayerLine) -> dict[str, Any]:
    return {
        "start_rank": line.start_rank,
        "name": line.name,
        "fide_id": line.fide_id,
        "rating": line.rating,
        "rc": line.rc,
        "w": number(line.w),
        "n": line.n,
        "chg": number(line.chg) if line.chg is not None else None,
        "k": line.k.value if line.k is not None else None,
        "k_chg": number(line.k_chg) if line.k_chg is not None else None,
        "new_rating": line.new_rating,
        "performance": line.performance,
        "initial_rating": line.first_rating if line.published else None,
    }


def _signed(value: Fraction | None) -> str:
    return fixed(value, signed=True) if value is not None else ""


def _table(result: EventRating, title: str) -> str:
    headers = ("No", "Name", "FIDE ID", "Rtg", "Rc", "W", "n", "chg", "K", "K×chg", "New", "Perf", "Initial")
    rows: list[tuple[str, ...]] = []
    lines = [player_line(rating) for rating in result.players]
    for line in lines:
        initial_text = ""
        if line.first_rating is not None:
            initial_text = str(line.first_rating) if line.published else f"({line.first_rating})"
        rows.append((
            str(line.start_rank), line.name[:30], str(line.fide_id or ""), str(line.rating or "-"),
            str(line.rc or ""), fixed(line.w, 1), str(line.n), _signed(line.chg),
            str(line.k.value) if line.k is not None else "", _signed(line.k_chg), str(line.new_rating or ""),
            str(line.performance or ""), initial_text,
        ))  # fmt: skip
    text = [title, f"Rules: {result.edition.name} ({result.edition.title})", ""]
    text.extend(aligned(headers, rows, left={1}, rule=True))
    text.append("")
    text.extend(_notes(lines, result))
    return "\n".join(text).rstrip() + "\n"


def _notes(lines: list[PlayerLine], result: EventRating) -> list[str]:
    """How K was found, and what was not rated, grouped so that a long event stays readable."""
    notes: list[str] = []
    reasons: dict[str, list[str]] = {}
    for line in lines:
        if line.k is not None:
            reasons.setdefault(line.k.reason, []).append(str(line.start_rank))
    if reasons:
        notes.append("K:")
        notes.extend(f"  {reason}: players {listed(ranks)}" for reason, ranks in reasons.items())
    unpublished = no_rating(result)
    if unpublished:
        notes.append("Unrated players without a published rating (computed value in brackets):")
        notes.extend(f"  {player.start_rank} {player.name}: {player.reason}" for player in unpublished)
    # every player's side of a result counts, the results not entered yet included
    groups = sorted(not_rated_groups(result), key=lambda group: -len(group.results))
    if groups:
        notes.append("Results not rated:")
        notes.extend(f"  {len(group.results)} × {group.reason}" for group in groups)
    notes.extend(f"Warning: {warning}" for warning in result.warnings)
    return notes


def cmd_rate(args: argparse.Namespace, out: TextIO) -> None:
    path = Path(args.file)
    tournament = read_tournament(path, encoding=args.encoding).tournament
    if args.kind is not None:
        info = dataclasses.replace(tournament.info, kind=RatingKind(args.kind))
        tournament = dataclasses.replace(tournament, info=info)
    edition = edition_named(args.rules, tournament.info.start, str(path))
    result = rate_tournament(tournament, edition, k=args.k)
    if args.json:
        print_json({"rules": edition.name, "players": [_player_json(player_line(p)) for p in result.players]}, out)
        return
    info = tournament.info
    dates = f", {info.start.isoformat()}" if info.start else ""
    players = counted(len(tournament.players), "player")
    title = f"{info.name or path.name}{dates} ({info.kind.value}, {info.system.value}, {players})"
    out.write(_table(result, title))
