"""``ratinglist import|find|lists``: FIDE's rating lists kept offline."""

from __future__ import annotations

import argparse
import dataclasses
from pathlib import Path
from typing import Any, TextIO

from fidedesk.cli.common import InputError, aligned, print_json
from fidedesk.core.values import FederationError, count_text, federation_letters, plural
from fidedesk.io.ratinglist.fide_list import ListFormatError, ListKind, Month, inspect
from fidedesk.io.ratinglist.store import ListPlayer, RatingDatabase, StoredList, default_database, import_list


def _database(args: argparse.Namespace) -> Path:
    return Path(args.db) if args.db else default_database()


def cmd_ratinglist_import(args: argparse.Namespace, out: TextIO) -> None:
    try:
        month = Month.parse(args.month) if args.month else None
        source = inspect(args.file)
        kind = ListKind(args.kind) if args.kind else None
        stored = import_list(_database(args), source, month=month, kind=kind)
    except ListFormatError:  # main's to report, its plain sentence first
        raise
    except ValueError as error:
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
    try:
        federation = federation_letters(args.federation or "")  # the list searched says which codes exist
    except FederationError as error:
        raise InputError(f"--federation: {error}") from None
    path = _database(args)
    if not path.exists():
        raise InputError(f"{path}: no rating list imported yet (fidedesk-cli ratinglist import FILE)")
    with RatingDatabase(path) as db:  # a ListFormatError is main's to report, as every one of ours
        stored = _stored_list(args, db)
        found = db.find(stored.id, args.text, federation=federation, limit=args.limit)
    if args.json:
        print_json(
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
            (str(p.fide_id), p.name, p.federation, p.title or p.women_title, count_text(p.standard.rating),
             count_text(p.rapid.rating), count_text(p.blitz.rating), count_text(p.birth_year), p.flag)
            for p in found
        ]  # fmt: skip
        out.writelines(f"{line}\n" for line in aligned(header, rows, left=range(len(header))))


def _list_player_json(player: ListPlayer) -> dict[str, Any]:
    data = dataclasses.asdict(player)
    data["inactive"] = player.inactive
    return data


def cmd_ratinglist_lists(args: argparse.Namespace, out: TextIO) -> None:
    path = _database(args)
    lists: list[StoredList] = []
    if path.exists():
        with RatingDatabase(path) as db:
            lists = db.lists()
    if args.json:
        print_json(
            [{"month": str(s.month), "kind": s.kind.value, "players": s.players, "source": s.source,
              "imported": s.imported} for s in lists],
            out,
        )  # fmt: skip
        return
    if not lists:
        out.write(f"No rating list in {path}\n")
    for stored in lists:
        players = f"{stored.players:>9,} {plural(stored.players, 'player'):<7}"
        out.write(f"{stored.month}  {stored.kind.value:<8}  {players}  {stored.source}\n")
