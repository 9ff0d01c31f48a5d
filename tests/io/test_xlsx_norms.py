"""The Excel export's Norms sheet and the Event rows title norms need (issue 30): the sheet's figures are those of
``fidedesk-cli norms --json``, its text never a formula; the new Event rows read back, and bad ones refused at their
cell."""

from __future__ import annotations

import dataclasses
import datetime as dt
import io
import json
from pathlib import Path
from typing import Any

import pytest
from openpyxl import load_workbook
from openpyxl.worksheet.worksheet import Worksheet

from fidedesk.cli import main
from fidedesk.core.norms.rules import EventType
from fidedesk.core.rating.editions import DEFAULT_EDITION
from fidedesk.core.tournament import ArbiterLicence, Player, Tournament
from fidedesk.io.excel.export import EVENT_FIELDS, NORMS, NORMS_HEADER, POINTS, export_workbook, workbook_bytes
from fidedesk.io.excel.grid import CellValue, SheetGrid
from fidedesk.io.excel.importing import build, propose
from fidedesk.io.excel.importing.event import read_event
from fidedesk.io.excel.read import read_workbook
from fidedesk.io.formats import read_tournament, write_tournament
from fidedesk.io.trf.document import read_trf

RR = Path(__file__).parents[1] / "data" / "norms" / "im_norm_rr.trf"
COLUMN = {name: index for index, name in enumerate(NORMS_HEADER)}
NASTY = ("=1+1", '=HYPERLINK("http://x","y")', "+1", "-2", "@SUM(A1)", "#REF!", " =1+1 ")
ORDER = {"achieved": 0, "possible": 1, "out-of-reach": 2}


def _cli_rows(capsys: pytest.CaptureFixture[str], path: Path, *argv: str) -> list[dict[str, Any]]:
    assert main(["norms", str(path), "--json", *argv]) == 0
    found: list[dict[str, Any]] = json.loads(capsys.readouterr().out)["norms"]
    return found


def _sheet(tournament: Tournament) -> Worksheet:
    data = workbook_bytes(tournament, edition=DEFAULT_EDITION)
    sheet: Worksheet = load_workbook(io.BytesIO(data))[NORMS]
    return sheet


def _blocks(sheet: Worksheet) -> list[tuple[dict[str, Any], list[dict[str, Any]]]]:
    """The sheet's norm lines, each with its condition lines, as the JSON's keys name them."""
    header, *rows = [tuple(row) for row in sheet.iter_rows(values_only=True)]
    assert header == NORMS_HEADER
    blocks: list[tuple[dict[str, Any], list[dict[str, Any]]]] = []
    for row in rows:
        cell = dict(zip(NORMS_HEADER, row, strict=True))
        if cell["Line"] == "norm":
            figures = {"start_rank": cell["No"], "name": cell["Name"], "title": cell["Norm"],
                       "status": cell["Status"], "games": cell["Games"], "score": cell["Pts"],
                       "opponents_average": cell["Ra"], "performance": cell["Rp"], "needed": cell["Needed"],
                       "rounds_left": cell["Rounds left"]}  # fmt: skip
            blocks.append((figures, []))
        else:
            assert cell["Line"] == "condition"
            figures = blocks[-1][0]  # the block's player, title and status repeat on every line, for filters
            assert (cell["No"], cell["Name"], cell["Norm"], cell["Status"]) == (
                figures["start_rank"], figures["name"], figures["title"], figures["status"])  # fmt: skip
            assert {cell[key] for key in ("Games", "Pts", "Ra", "Rp", "Needed", "Rounds left")} == {None}
            holds = {"yes": True, "no": False, "not given": None}[cell["Holds"]]
            blocks[-1][1].append({"article": cell["Article"], "holds": holds,
                                  "text": cell["Condition"]})  # fmt: skip
    return blocks


def _same_as_the_cli(sheet: Worksheet, json_rows: list[dict[str, Any]]) -> None:
    expected = sorted(json_rows, key=lambda row: ORDER[row["status"]])  # candidates first, as the view shows them
    blocks = _blocks(sheet)
    assert [figures for figures, _ in blocks] == [
        {key: row[key] for key in blocks[0][0]} for row in expected]  # fmt: skip
    assert [conditions for _, conditions in blocks] == [row["conditions"] for row in expected]


def test_the_norms_sheet_has_the_figures_of_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    """Kovacs's IM norm (5/9, Ra 2442, Rp 2485) and every other row and condition, as ``norms --json`` gives them."""
    tournament = read_trf(RR).tournament
    sheet = _sheet(tournament)
    json_rows = _cli_rows(capsys, RR)
    _same_as_the_cli(sheet, json_rows)
    first = dict(zip(NORMS_HEADER, next(sheet.iter_rows(min_row=2, max_row=2, values_only=True)), strict=True))
    assert first | {"No": 1, "Name": "Kovacs, Bence", "Norm": "IM", "Status": "achieved", "Games": 9, "Pts": 5,
                    "Ra": 2442, "Rp": 2485} == first  # fmt: skip
    # numbers a spreadsheet sorts and adds; the points in halves as every sheet shows them
    points, average = sheet.cell(2, COLUMN["Pts"] + 1), sheet.cell(2, COLUMN["Ra"] + 1)
    assert (points.data_type, points.number_format, average.data_type) == ("n", POINTS, "n")


def test_a_norm_still_possible_has_the_score_needed_of_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """After round 7 of 9: the possible norms with the score still needed from the two rounds left."""
    full = read_trf(RR).tournament
    players = tuple(dataclasses.replace(p, rounds=tuple(e for e in p.rounds if e.round <= 7), points=None, rank=None)
                    for p in full.players)  # fmt: skip
    cut = tmp_path / "after7.trf"
    write_tournament(cut, Tournament(full.info, players))
    json_rows = _cli_rows(capsys, cut)
    assert any(row["needed"] is not None for row in json_rows)
    _same_as_the_cli(_sheet(read_trf(cut).tournament), json_rows)


def test_the_norms_sheet_follows_the_events_type(capsys: pytest.CaptureFixture[str]) -> None:
    """A zonal (B.01 1.4.3c): no federation conditions; the sheet is the one of ``--event-type zonal``."""
    tournament = read_trf(RR).tournament
    zonal = dataclasses.replace(tournament, info=dataclasses.replace(tournament.info, event_type=EventType.ZONAL))
    json_rows = _cli_rows(capsys, RR, "--event-type", "zonal")
    assert json_rows != _cli_rows(capsys, RR)
    _same_as_the_cli(_sheet(zonal), json_rows)


def test_names_in_the_norms_sheet_stay_text() -> None:
    tournament = read_trf(RR).tournament
    players = tuple(dataclasses.replace(p, name=NASTY[i % len(NASTY)]) for i, p in enumerate(tournament.players))
    sheet = _sheet(dataclasses.replace(tournament, players=players))
    names = [sheet.cell(row, COLUMN["Name"] + 1) for row in range(2, sheet.max_row + 1)]
    assert {cell.value for cell in names} == set(NASTY)
    assert all(cell.data_type == "s" for cell in names)
    assert all(cell.quotePrefix for cell in names if cell.value.startswith(("=", "+", "-", "@")))


def test_the_norms_sheet_says_when_there_is_no_candidate() -> None:
    """Never an empty sheet without a word: an event of grandmasters, an event without players, and one before
    B.01 2024 (no rules for it in fidedesk)."""
    grandmasters = Tournament(dataclasses.replace(read_trf(RR).tournament.info),
                              (Player(1, "A", 2600, title="GM"), Player(2, "B", 2610, title="GM")))  # fmt: skip
    for tournament in (grandmasters, Tournament(grandmasters.info, ())):
        rows = [tuple(row) for row in _sheet(tournament).iter_rows(values_only=True)]
        assert rows[0] == NORMS_HEADER and len(rows) == 2
        assert rows[1][COLUMN["Name"]] == "No player is a candidate for a norm."
    old = dataclasses.replace(grandmasters.info, start=dt.date(2023, 12, 1))
    rows = [tuple(row) for row in _sheet(Tournament(old, read_trf(RR).tournament.players)).iter_rows(values_only=True)]
    assert len(rows) == 2 and "no title-norm rules before 1 January 2024" in rows[1][COLUMN["Name"]]


# --- the Event rows ------------------------------------------------------------------------------------------

NEW_FIELDS = ("Chief arbiter FIDE ID", "Chief arbiter licence", "Organiser", "Event type", "Rounds a day")


def _norm_event() -> Tournament:
    tournament = read_trf(RR).tournament
    info = dataclasses.replace(tournament.info, arbiter_fide_id=12345678, arbiter_licence=ArbiterLicence.IA,
                               organiser="=Chess Club Budapest", event_type=EventType.NATIONAL_CHAMPIONSHIP,
                               rounds_a_day=2)  # fmt: skip
    return dataclasses.replace(tournament, info=info)


def test_the_event_sheet_has_the_rows_title_norms_need() -> None:
    data = workbook_bytes(_norm_event(), edition=DEFAULT_EDITION)
    sheet = load_workbook(io.BytesIO(data))["Event"]
    rows = {row[0].value: row[1] for row in sheet.iter_rows(min_row=2)}
    assert EVENT_FIELDS[-5:] == NEW_FIELDS
    assert [rows[field].value for field in NEW_FIELDS] == [12345678, "IA", "=Chess Club Budapest",
                                                          "national-championship", 2]  # fmt: skip
    assert rows["Organiser"].data_type == "s" and rows["Organiser"].quotePrefix
    plain = workbook_bytes(read_trf(RR).tournament, edition=DEFAULT_EDITION)
    rows = {row[0]: row[1] for row in load_workbook(io.BytesIO(plain))["Event"].iter_rows(min_row=2, values_only=True)}
    assert [rows[field] for field in NEW_FIELDS] == [None, None, None, "normal", None]  # blank when not given


def test_an_exported_workbook_reads_back_the_same_event(tmp_path: Path) -> None:
    """The round trip through the importer, which reads past the Norms sheet."""
    tournament = _norm_event()
    path = tmp_path / "norms.xlsx"
    export_workbook(tournament, path, edition=DEFAULT_EDITION)
    grids = read_workbook(path)
    assert NORMS in [grid.name for grid in grids]
    result = build(grids, propose(grids))
    assert result.problems == ()
    assert result.tournament.info == tournament.info
    assert read_tournament(path).tournament.info == tournament.info
    for licence in ArbiterLicence:
        for kind in EventType:
            info = dataclasses.replace(tournament.info, arbiter_licence=licence, event_type=kind, organiser="")
            export_workbook(dataclasses.replace(tournament, info=info), path, edition=DEFAULT_EDITION)
            grids = read_workbook(path)
            assert build(grids, propose(grids)).tournament.info == info


def test_the_event_rows_are_read_in_other_words() -> None:
    grid = SheetGrid("Turnier", (("Schiedsrichter FIDE-ID", "12345678"), ("Arbiter license", "fa"),
                                 ("Veranstalter", "SK Berlin"), ("Type of event", "Zonal"),
                                 ("Rounds per day", 2.0)))  # fmt: skip
    info, problems = read_event(grid)
    assert problems == ()
    assert (info.arbiter_fide_id, info.arbiter_licence, info.organiser, info.event_type, info.rounds_a_day) == (
        12345678, ArbiterLicence.FA, "SK Berlin", EventType.ZONAL, 2)  # fmt: skip


@pytest.mark.parametrize(
    ("field", "value", "reason"),
    [
        ("Chief arbiter licence", "XA", '"XA" is not an arbiter\'s licence (IA, FA, NA)'),
        (
            "Event type",
            "open",
            '"open" is not an event type (normal, national-championship, '
            "national-team-championship, zonal, world-continental-team, world-cup)",
        ),
        ("Chief arbiter FIDE ID", "12AB", '"12AB" is not a FIDE ID'),
        ("Chief arbiter FIDE ID", 123456789012, "123456789012 is not a FIDE ID (up to 11 digits)"),
        ("Rounds a day", 0, "0 is not a number of rounds a day (1–99)"),
        ("Rounds a day", "two", '"two" is not a number of rounds a day'),
    ],
)
def test_a_bad_event_row_is_refused_naming_its_cell(field: str, value: CellValue, reason: str) -> None:
    grid = SheetGrid("Event", (("Field", "Value"), ("Event", "Open"), (field, value)))
    info, problems = read_event(grid)
    assert info.name == "Open"
    assert len(problems) == 1 and str(problems[0]).startswith(f"Event!B3: {reason}"), problems
    assert (info.arbiter_fide_id, info.arbiter_licence, info.event_type, info.rounds_a_day) == (
        None, None, EventType.NORMAL, None)  # fmt: skip
