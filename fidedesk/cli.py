"""``fidedesk-cli``: the rating core from a terminal.

    fidedesk-cli game RATING OPPONENT RESULT [--k K] [--rules R] [--kind KIND] [--json]
    fidedesk-cli rate FILE [--rules R|auto] [--k K] [--kind KIND] [--json]
    fidedesk-cli convert IN OUT
    fidedesk-cli tables [--rules R]
    fidedesk-cli editions
    fidedesk-cli ratinglist import FILE [--month YYYY-MM] [--kind KIND] [--db PATH]
    fidedesk-cli ratinglist find TEXT [--federation FED] [--list YYYY-MM] [--db PATH] [--json]
    fidedesk-cli ratinglist lists [--db PATH] [--json]

The rating list commands keep FIDE's downloads (read straight from the zip) in the database the window
uses (``--db`` names another); ``find`` searches the newest list, or the one of ``--list``.
FILE and IN are .fidedesk files (by the extension) or TRF files (any other extension); ``convert``
writes OUT as .fidedesk or as TRF (.trf, .txt) by its extension, atomically, and never over IN; TRF
output is read back first and refused when it would not give the same tournament.
Bad input ends with exit status 2 and one line naming the file, the place and what is wrong.
"""

from __future__ import annotations

import argparse
import dataclasses
import enum
import json
import os
import sys
from collections.abc import Collection, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any, NoReturn, TextIO

from fidedesk import __version__
from fidedesk.core.editions import DEFAULT_EDITION, EDITIONS, Edition, Expectancy, UnknownEditionError, get_edition
from fidedesk.core.event import EventRating, PlayerRating, rate_tournament
from fidedesk.core.kfactor import k_factor
from fidedesk.core.notation import fixed
from fidedesk.core.rated import logistic_expected, single_game
from fidedesk.core.results import ResultCode
from fidedesk.core.tables import dp_rows, pd_rows
from fidedesk.core.tournament import UNKNOWN_RECORD, EventInfo, Player, PlayerRecord, RatingKind, RoundEntry, Tournament
from fidedesk.io import fidedesk_file
from fidedesk.io.atomic import write_atomic
from fidedesk.io.fide_list import ListFormatError, ListKind, Month, inspect
from fidedesk.io.fidedesk_file import FidedeskFileError
from fidedesk.io.ratinglist import ListPlayer, RatingDatabase, StoredList, default_database, import_list
from fidedesk.io.trf import TrfDocument, TrfError, parse_trf, read_trf, tournament_to_trf, write_trf
from fidedesk.io.xlsx_grid import XlsxError

EXIT_BAD_INPUT = 2
_TRF_SUFFIXES = (".trf", ".txt")
XLSX_SUFFIX = ".xlsx"

_RESULTS = {
    "1": Fraction(1), "win": Fraction(1), "w": Fraction(1), "1-0": Fraction(1),
    "0.5": Fraction(1, 2), ".5": Fraction(1, 2), "½": Fraction(1, 2), "=": Fraction(1, 2), "1/2": Fraction(1, 2),
    "draw": Fraction(1, 2), "d": Fraction(1, 2), "½-½": Fraction(1, 2),
    "0": Fraction(0), "loss": Fraction(0), "l": Fraction(0), "0-1": Fraction(0),
}  # fmt: skip


class InputError(Exception):
    """Input the command cannot use; the message is the one line the user sees."""


def _number(value: Fraction) -> float | int:
    """A Fraction for JSON: whole numbers as int, the rest as the nearest float."""
    return int(value) if value.denominator == 1 else float(value)


def _parse_result(text: str) -> Fraction:
    try:
        return _RESULTS[text.strip().lower()]
    except KeyError:
        raise InputError(f"result {text!r} is not 1, 0.5 (or ½, =) or 0") from None


def _parse_rating(text: str, what: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise InputError(f"{what} {text!r} is not a whole number") from None
    if not 0 < value < 4000:
        raise InputError(f"{what} {value} is outside 1..3999")
    return value


def _edition(name: str, start: Any = None, source: str = "") -> Edition:
    try:
        return get_edition(name, start)
    except UnknownEditionError as error:
        raise InputError(f"{source}: {error}" if source else str(error)) from None


def _print_json(data: object, out: TextIO) -> None:
    json.dump(data, out, ensure_ascii=False, indent=2)
    out.write("\n")


# --- game --------------------------------------------------------------------------------------


def cmd_game(args: argparse.Namespace, out: TextIO) -> None:
    own = _parse_rating(args.rating, "rating")
    opponent = _parse_rating(args.opponent, "opponent's rating")
    score = _parse_result(args.result)
    edition = _edition(args.rules)
    kind = RatingKind(args.kind)
    if args.k is not None:
        k, k_reason = args.k, f"K {args.k}: given"
    else:
        factor = k_factor(edition.k_rules(kind is RatingKind.STANDARD, None), rating=own, record=PlayerRecord())
        k, k_reason = factor.value, factor.reason
    game = single_game(edition, own, opponent, score, k, kind=kind)
    calc = game.calc
    if args.json:
        _print_json(
            {
                "rules": edition.name, "rating": own, "opponent": opponent, "score": _number(score),
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
        row = next(r for r in pd_rows() if r.low <= abs(calc.used_diff) <= (r.high or 10**6))
        lines.append(f"Expected (PD):  {fixed(calc.expected)}  (table 8.1.2, row {row.label})")
    else:
        lines.append(f"Expected:       {fixed(calc.expected, 3)}  (logistic formula)")
    lines.append(f"K:              {k_reason}")
    if game.not_rated:
        lines.append(f"Not rated:      {game.not_rated}")
    lines.append(f"Change:         {fixed(game.change, signed=True)}")
    lines.append(f"New rating:     {game.new_rating}")
    out.write("\n".join(lines) + "\n")


# --- rate --------------------------------------------------------------------------------------


def _player_json(rating: PlayerRating) -> dict[str, Any]:
    player, event = rating.player, rating.event
    initial = rating.initial
    return {
        "start_rank": player.start_rank,
        "name": player.name,
        "fide_id": player.fide_id,
        "rating": player.rating,
        "rc": rating.rc,
        "w": _number(rating.w),
        "n": rating.n,
        "chg": _number(event.chg) if event else None,
        "k": event.k.value if event else None,
        "k_chg": _number(event.k_chg) if event else None,
        "new_rating": rating.new_rating,
        "performance": rating.performance,
        "initial_rating": initial.value if initial and initial.published else None,
    }


def _aligned(
    headers: Sequence[str], rows: Sequence[Sequence[str]], *, left: Collection[int], rule: bool = False
) -> list[str]:
    """A text table: each column as wide as its widest cell, the ``left`` columns left-aligned and the rest
    right-aligned, two spaces between; a rule of dashes under the header when asked for."""
    widths = [max(len(h), *(len(r[i]) for r in rows)) if rows else len(h) for i, h in enumerate(headers)]

    def line(cells: Sequence[str]) -> str:
        padded = (c.ljust(w) if i in left else c.rjust(w) for i, (c, w) in enumerate(zip(cells, widths, strict=True)))
        return "  ".join(padded).rstrip()

    rules = ["  ".join("-" * w for w in widths)] if rule else []
    return [line(headers), *rules, *(line(row) for row in rows)]


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
    text.extend(_aligned(headers, rows, left={1}, rule=True))
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


def _read_tournament(path: Path) -> tuple[Tournament, TrfDocument | None]:
    """The tournament of a .fidedesk, .xlsx (by the extension) or TRF file, and the TRF document."""
    try:
        if path.suffix.lower() == fidedesk_file.SUFFIX:
            return fidedesk_file.load(path), None
        if path.suffix.lower() == XLSX_SUFFIX:
            return _read_workbook(path), None
        document = read_trf(path)
    except (TrfError, FidedeskFileError, XlsxError) as error:
        raise InputError(str(error)) from None
    except OSError as error:
        raise InputError(f"{path}: {error.strerror or error}") from None
    return document.tournament, document


def _read_workbook(path: Path) -> Tournament:
    """A workbook read with the layout and columns the import wizard would propose; every problem refuses it.

    The command line cannot ask which rows to leave out, so a workbook with any problem is not rated:
    each problem is listed with its sheet and cell (exit status 2).
    """
    from fidedesk.io.xlsx_import import build, propose  # openpyxl only when a workbook is read
    from fidedesk.io.xlsx_read import read_workbook

    grids = read_workbook(path)
    plan = propose(grids)
    if plan.results is None and plan.players is None:
        raise InputError(f"{path}: no sheet looks like a player list, a crosstable, a Swiss table or pairings")
    result = build(grids, plan)
    if result.problems:
        count = len(result.problems)
        listed = "\n".join(f"  {problem}" for problem in result.problems)
        raise InputError(f"{path}: {count} problem{'s' if count != 1 else ''}, nothing read:\n{listed}")
    return result.tournament


def cmd_rate(args: argparse.Namespace, out: TextIO) -> None:
    path = Path(args.file)
    tournament, _document = _read_tournament(path)
    if args.kind is not None:
        info = dataclasses.replace(tournament.info, kind=RatingKind(args.kind))
        tournament = dataclasses.replace(tournament, info=info)
    edition = _edition(args.rules, tournament.info.start, str(path))
    result = rate_tournament(tournament, edition, k=args.k)
    if args.json:
        _print_json({"rules": edition.name, "players": [_player_json(p) for p in result.players]}, out)
        return
    info = tournament.info
    dates = f", {info.start.isoformat()}" if info.start else ""
    title = (
        f"{info.name or path.name}{dates} ({info.kind.value}, {info.system.value}, {len(tournament.players)} players)"
    )
    out.write(_table(result, title))


# --- convert -----------------------------------------------------------------------------------


def _output_format(target: Path) -> str:
    """``fidedesk``, ``trf`` or ``xlsx``, from the output file's extension."""
    suffix = target.suffix.lower()
    if suffix == fidedesk_file.SUFFIX:
        return "fidedesk"
    if suffix in _TRF_SUFFIXES:
        return "trf"
    if suffix == XLSX_SUFFIX:
        return "xlsx"
    raise InputError(f'{target}: unknown output extension "{target.suffix}": use .fidedesk, .trf, .txt or .xlsx')


def _same_file(first: Path, second: Path) -> bool:
    try:
        return os.path.samefile(first, second)
    except OSError:  # one of them does not exist (yet)
        return os.path.normcase(os.path.abspath(first)) == os.path.normcase(os.path.abspath(second))


def _converted(tournament: Tournament, document: TrfDocument | None, kind: str, target: Path) -> str:
    """The text of the output file; a TRF input keeps its other lines (write_trf).

    TRF output is read back before it is written: InputError when a TRF reader would not get the same
    tournament (the players' records and rounds a player was absent from aside).
    """
    try:
        if kind == "fidedesk":
            return fidedesk_file.dumps(tournament, source=str(target))
        text = write_trf(document) if document is not None else tournament_to_trf(tournament)
    except FidedeskFileError as error:
        raise InputError(str(error)) from None
    except ValueError as error:  # a value TRF's columns cannot hold
        raise InputError(f"{target}: {error}") from None
    try:
        difference = _trf_difference(tournament, parse_trf(text, str(target)).tournament)
    except TrfError as error:
        difference = f"it would not read back (line {error.line}: {error.message})"
    if difference is not None:
        raise InputError(f"{target}: TRF cannot hold this tournament exactly: {difference}")
    return text


def _shown(value: object) -> str:
    if isinstance(value, str):
        return repr(value)
    return str(value.value if isinstance(value, enum.Enum) else value)


def _trf_difference(written: Tournament, back: Tournament) -> str | None:
    """The first thing a TRF reader reads differently from what was written; None when nothing does."""
    for field in dataclasses.fields(EventInfo):
        ours, theirs = getattr(written.info, field.name), getattr(back.info, field.name)
        if ours != theirs:
            return f"event {field.name} {_shown(ours)} would be read back as {_shown(theirs)}"
    others = back.by_rank()
    for player in written.players:
        other = others.get(player.start_rank)
        if other is None:
            return f"player {player.start_rank} would be missing"
        for field in dataclasses.fields(Player):
            ours, theirs = getattr(player, field.name), getattr(other, field.name)
            if field.name not in ("record", "rounds") and ours != theirs:
                return f"player {player.start_rank}: {field.name} {_shown(ours)} would be read back as {_shown(theirs)}"
        rounds, read = _results(player), _results(other)
        for number in sorted(rounds.keys() | read.keys()):
            if rounds.get(number) != read.get(number):
                return f"player {player.start_rank}: round {number} would not be read back as written"
    return None


def _write_workbook(tournament: Tournament, target: Path, rules: str) -> None:
    """The spreadsheet export (every sheet the window's export writes), under ``rules`` for the rating sheet."""
    from fidedesk.core.tiebreaks import DEFAULT_TIEBREAKS
    from fidedesk.io.xlsx_export import export_workbook

    edition = _edition(rules, tournament.info.start, str(target))
    export_workbook(tournament, target, edition=edition, tiebreaks=DEFAULT_TIEBREAKS)


def _results(player: Player) -> dict[int, RoundEntry]:
    """A player's round entries by round, without absences (a TRF reader adds those for gaps)."""
    absent = (None, None, ResultCode.ZERO_BYE)
    return {e.round: e for e in player.rounds if (e.opponent, e.color, e.result) != absent}


def cmd_convert(args: argparse.Namespace, out: TextIO) -> None:
    source, target = Path(args.input), Path(args.output)
    kind = _output_format(target)
    if _same_file(source, target):
        raise InputError(f"{target}: is the input file; give the output another name")
    tournament, document = _read_tournament(source)
    try:
        if kind == "xlsx":
            _write_workbook(tournament, target, args.rules)
        else:
            write_atomic(target, _converted(tournament, document, kind, target))
    except OSError as error:
        raise InputError(f"{target}: {error.strerror or error}") from None
    rounds = max((entry.round for player in tournament.players for entry in player.rounds), default=0)
    out.write(f"{source} -> {target}: {len(tournament.players)} players, {rounds} rounds\n")
    if kind == "trf" and any(player.record != UNKNOWN_RECORD for player in tournament.players):
        out.write("Note: TRF has no place for the players' records (games, 2400 reached, K); they are not written\n")


# --- tables ------------------------------------------------------------------------------------


def cmd_tables(args: argparse.Namespace, out: TextIO) -> None:
    edition = _edition(args.rules)
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


# --- rating lists ---------------------------------------------------------------------------------


def _database(args: argparse.Namespace) -> Path:
    return Path(args.db) if args.db else default_database()


def cmd_ratinglist_import(args: argparse.Namespace, out: TextIO) -> None:
    try:
        month = Month.parse(args.month) if args.month else None
        source = inspect(args.file)
        kind = ListKind(args.kind) if args.kind else None
        stored = import_list(_database(args), source, month=month, kind=kind)
    except (ListFormatError, ValueError) as error:
        raise InputError(str(error)) from None
    found = f" (month from {source.month_from})" if month is None and source.month_from else ""
    out.write(f"Imported {stored}{found} into {_database(args)}\n")


def _stored_list(args: argparse.Namespace, db: RatingDatabase) -> StoredList:
    lists = db.lists()
    if not lists:
        raise InputError(f"{db.path}: no rating list imported yet (fidedesk-cli ratinglist import FILE)")
    if not args.list:
        return lists[0]
    try:
        month = Month.parse(args.list)
    except ValueError as error:
        raise InputError(str(error)) from None
    chosen = [stored for stored in lists if stored.month == month]
    if not chosen:
        kept = ", ".join(str(stored.month) for stored in lists)
        raise InputError(f"no list of {month} in {db.path} (kept: {kept})")
    return chosen[0]


def cmd_ratinglist_find(args: argparse.Namespace, out: TextIO) -> None:
    path = _database(args)
    if not path.exists():
        raise InputError(f"{path}: no rating list imported yet (fidedesk-cli ratinglist import FILE)")
    try:
        with RatingDatabase(path) as db:
            stored = _stored_list(args, db)
            found = db.find(stored.id, args.text, federation=(args.federation or "").upper(), limit=args.limit)
    except ListFormatError as error:
        raise InputError(str(error)) from None
    if args.json:
        _print_json(
            {
                "list": {"month": str(stored.month), "kind": stored.kind.value},
                "players": [_list_player_json(p) for p in found],
            },
            out,
        )
        return
    out.write(f"{len(found)} found in the {stored}\n")
    if found:
        header = ("FIDE ID", "Name", "Fed", "Title", "Std", "Rapid", "Blitz", "Born", "Flag")
        rows = [
            (str(p.fide_id), p.name, p.federation, p.title or p.women_title, _blank(p.standard.rating),
             _blank(p.rapid.rating), _blank(p.blitz.rating), _blank(p.birth_year), p.flag)
            for p in found
        ]  # fmt: skip
        out.writelines(f"{line}\n" for line in _aligned(header, rows, left=range(len(header))))


def _blank(value: int | None) -> str:
    return "" if value is None else str(value)


def _list_player_json(player: ListPlayer) -> dict[str, Any]:
    data = dataclasses.asdict(player)
    data["inactive"] = player.inactive
    return data


def cmd_ratinglist_lists(args: argparse.Namespace, out: TextIO) -> None:
    path = _database(args)
    lists: list[StoredList] = []
    if path.exists():
        try:
            with RatingDatabase(path) as db:
                lists = db.lists()
        except ListFormatError as error:
            raise InputError(str(error)) from None
    if args.json:
        _print_json(
            [{"month": str(s.month), "kind": s.kind.value, "players": s.players, "source": s.source,
              "imported": s.imported} for s in lists],
            out,
        )  # fmt: skip
        return
    if not lists:
        out.write(f"No rating list in {path}\n")
    for stored in lists:
        out.write(f"{stored.month}  {stored.kind.value:<8}  {stored.players:>9,} players  {stored.source}\n")


# --- entry point -------------------------------------------------------------------------------


def _k_value(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"K {text!r} is not a whole number") from None
    if not 1 <= value <= 100:
        raise argparse.ArgumentTypeError(f"K {value} is outside 1-100")
    return value


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_BAD_INPUT, f"{self.prog}: {message} (see --help)\n")


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
    rate.set_defaults(handler=cmd_rate)

    convert = commands.add_parser("convert", help="convert a tournament between TRF, .fidedesk and .xlsx")
    convert.add_argument("input", metavar="IN", help="a .fidedesk or .xlsx file, or TRF (any other extension)")
    convert.add_argument("output", metavar="OUT", help="the file to write: .fidedesk, .xlsx, or .trf / .txt for TRF")
    convert.add_argument("--rules", default=DEFAULT_EDITION.name, help="rules for an .xlsx output's rating sheet")
    convert.set_defaults(handler=cmd_convert)

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


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    try:
        args = build_parser().parse_args(argv)
    except SystemExit as done:  # --help, --version, or a usage error already reported on one line
        return int(done.code or 0)
    stream = out or sys.stdout
    try:
        args.handler(args, stream)
    except InputError as error:
        sys.stderr.write(f"fidedesk-cli: {error}\n")
        return EXIT_BAD_INPUT
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
