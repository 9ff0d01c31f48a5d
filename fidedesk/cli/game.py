"""``game``, ``tables`` and ``editions``: the rating core without a tournament file."""

from __future__ import annotations

import argparse
from fractions import Fraction
from typing import TextIO

from fidedesk.cli.common import edition_named, number, parse_rating, parse_result, print_json
from fidedesk.core.notation import fixed
from fidedesk.core.rating.editions import DEFAULT_EDITION, EDITIONS, Expectancy
from fidedesk.core.rating.kfactor import k_factor
from fidedesk.core.rating.rated import logistic_expected, single_game
from fidedesk.core.rating.tables import dp_rows, pd_row_index, pd_rows
from fidedesk.core.tournament import PlayerRecord, RatingKind


def cmd_game(args: argparse.Namespace, out: TextIO) -> None:
    own = parse_rating(args.rating, "rating")
    opponent = parse_rating(args.opponent, "opponent's rating")
    score = parse_result(args.result)
    edition = edition_named(args.rules)
    kind = RatingKind(args.kind)
    if args.k is not None:
        k, k_reason = args.k, f"K {args.k}: given"
    else:
        factor = k_factor(edition.k_rules(kind is RatingKind.STANDARD, None), rating=own, record=PlayerRecord())
        k, k_reason = factor.value, factor.reason
    game = single_game(edition, own, opponent, score, k, kind=kind)
    calc = game.calc
    if args.json:
        print_json(
            {
                "rules": edition.name, "rating": own, "opponent": opponent, "score": number(score),
                "difference": calc.diff, "difference_used": calc.used_diff, "capped": calc.capped,
                "expected": float(calc.expected), "k": k, "change": float(game.change),
                "new_rating": game.new_rating, "not_rated": game.not_rated,
            },
            out,
        )  # fmt: skip
        return
    lines = [f"Rules:          {edition.name} ({edition.title})"]
    lines.append(f"Game:           {own} vs {opponent}, score {fixed(score, 1)}")
    diff_text = f"{calc.diff:+d}"
    if calc.capped:
        diff_text += f", counts as {calc.used_diff:+d} ({edition.cap}-point rule: opponent as {calc.used_rating})"
    lines.append(f"Difference:     {diff_text}")
    if edition.expectancy is Expectancy.TABLE:
        row = pd_rows()[pd_row_index(calc.used_diff)]
        lines.append(f"Expected (PD):  {fixed(calc.expected)}  (table 8.1.2, row {row.label})")
    else:
        lines.append(f"Expected:       {fixed(calc.expected, 3)}  (logistic formula)")
    lines.append(f"K:              {k_reason}")
    if game.not_rated:
        lines.append(f"Not rated:      {game.not_rated}")
    lines.append(f"Change:         {fixed(game.change, signed=True)}")
    lines.append(f"New rating:     {game.new_rating}")
    out.write("\n".join(lines) + "\n")


def cmd_tables(args: argparse.Namespace, out: TextIO) -> None:
    edition = edition_named(args.rules)
    if edition.expectancy is Expectancy.LOGISTIC:
        out.write(f"{edition.name}: expected score by rating difference (logistic formula)\n")
        for diff in range(0, 801, 25):
            out.write(f"  {diff:>4}  {fixed(logistic_expected(diff), 3)}  {fixed(logistic_expected(-diff), 3)}\n")
        return
    out.write(f"{edition.name}: table 8.1.1, fractional score p -> rating difference dp\n")
    dps = dp_rows()
    for start in range(0, len(dps), 6):
        out.write("  ".join(f"{fixed(Fraction(r.p, 100)):>5} {r.dp:>4}" for r in dps[start : start + 6]) + "\n")
    out.write(f"\n{edition.name}: table 8.1.2, rating difference D -> scoring probability PD (H / L)\n")
    rows = pd_rows()
    for start in range(0, len(rows), 4):
        cells = (
            f"{r.label:>8} {fixed(Fraction(r.higher, 100))} {fixed(Fraction(r.lower, 100))}"
            for r in rows[start : start + 4]
        )
        out.write("   ".join(cells) + "\n")


def cmd_editions(_args: argparse.Namespace, out: TextIO) -> None:
    for edition in EDITIONS.values():
        marker = " (default)" if edition is DEFAULT_EDITION else ""
        period = ""
        if edition.effective_from or edition.effective_to:
            start = edition.effective_from.isoformat() if edition.effective_from else "…"
            end = edition.effective_to.isoformat() if edition.effective_to else "today"
            period = f" [{start} – {end}]"
        out.write(f"{edition.name:<20}{edition.title}{period}{marker}\n")
    out.write(f"{'auto':<20}the FIDE edition in force on the event's start date\n")
