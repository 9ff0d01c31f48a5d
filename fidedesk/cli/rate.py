"""``rate``: every player of a tournament file, as FIDE's individual calculation sums it up."""

from __future__ import annotations

import argparse
import dataclasses
from pathlib import Path
from typing import Any, TextIO

from fidedesk.cli.common import aligned, edition_named, number, print_json
from fidedesk.cli.files import read_tournament
from fidedesk.core.event import EventRating, PlayerRating, rate_tournament
from fidedesk.core.notation import fixed
from fidedesk.core.tournament import RatingKind


def _player_json(rating: PlayerRating) -> dict[str, Any]:
    player, event = rating.player, rating.event
    initial = rating.initial
    return {
        "start_rank": player.start_rank,
        "name": player.name,
        "fide_id": player.fide_id,
        "rating": player.rating,
        "rc": rating.rc,
        "w": number(rating.w),
        "n": rating.n,
        "chg": number(event.chg) if event else None,
        "k": event.k.value if event else None,
        "k_chg": number(event.k_chg) if event else None,
        "new_rating": rating.new_rating,
        "performance": rating.performance,
        "initial_rating": initial.value if initial and initial.published else None,
    }


def _table(result: EventRating, title: str) -> str:
    headers = ("No", "Name", "FIDE ID", "Rtg", "Rc", "W", "n", "chg", "K", "K×chg", "New", "Perf", "Initial")
    rows: list[tuple[str, ...]] = []
    for rating in result.players:
        player, event, initial = rating.player, rating.event, rating.initial
        initial_text = ""
        if initial is not None and initial.value is not None:
            initial_text = str(initial.value) if initial.published else f"({initial.value})"
        rows.append((
            str(player.start_rank), player.name[:30], str(player.fide_id or ""), str(player.rating or "-"),
            str(rating.rc or ""), fixed(rating.w, 1), str(rating.n),
            fixed(event.chg, signed=True) if event else "", str(event.k.value) if event else "",
            fixed(event.k_chg, signed=True) if event else "", str(rating.new_rating or ""),
            str(rating.performance or ""), initial_text,
        ))  # fmt: skip
    text = [title, f"Rules: {result.edition.name} ({result.edition.title})", ""]
    text.extend(aligned(headers, rows, left={1}, rule=True))
    text.append("")
    text.extend(_notes(result))
    return "\n".join(text).rstrip() + "\n"


def _notes(result: EventRating) -> list[str]:
    """How K was found, and what was not rated, grouped so that a long event stays readable."""
    notes: list[str] = []
    reasons: dict[str, list[int]] = {}
    for rating in result.players:
        if rating.event is not None:
            reasons.setdefault(rating.event.k.reason, []).append(rating.player.start_rank)
    if reasons:
        notes.append("K:")
        notes.extend(f"  {reason}: players {_ranks(ranks)}" for reason, ranks in reasons.items())
    unpublished = [r for r in result.players if r.initial is not None and not r.initial.published]
    if unpublished:
        notes.append("Unrated players without a published rating (computed value in brackets):")
        notes.extend(f"  {r.player.start_rank} {r.player.name}: {r.initial.reason}" for r in unpublished if r.initial)
    not_rated: dict[str, int] = {}
    for rating in result.players:
        for item in rating.not_rated:
            not_rated[item.reason] = not_rated.get(item.reason, 0) + 1
    if not_rated:
        notes.append("Results not rated:")
        notes.extend(f"  {count} × {reason}" for reason, count in sorted(not_rated.items(), key=lambda kv: -kv[1]))
    notes.extend(f"Warning: {warning}" for warning in result.warnings)
    return notes


def _ranks(ranks: list[int]) -> str:
    shown = ", ".join(map(str, ranks[:12]))
    return shown + (f" and {len(ranks) - 12} more" if len(ranks) > 12 else "")


def cmd_rate(args: argparse.Namespace, out: TextIO) -> None:
    path = Path(args.file)
    tournament = read_tournament(path).tournament
    if args.kind is not None:
        info = dataclasses.replace(tournament.info, kind=RatingKind(args.kind))
        tournament = dataclasses.replace(tournament, info=info)
    edition = edition_named(args.rules, tournament.info.start, str(path))
    result = rate_tournament(tournament, edition, k=args.k)
    if args.json:
        print_json({"rules": edition.name, "players": [_player_json(p) for p in result.players]}, out)
        return
    info = tournament.info
    dates = f", {info.start.isoformat()}" if info.start else ""
    title = (
        f"{info.name or path.name}{dates} ({info.kind.value}, {info.system.value}, {len(tournament.players)} players)"
    )
    out.write(_table(result, title))
