"""Title norms are the same figures in every front end (issue 30): ``fidedesk-cli norms --json``, the Excel
workbook's Norms sheet, the IT1 certificates and the IT3 report, on generated irregular Swiss events (forfeits,
byes asked for, withdrawals, late entries) whose top half hold titles from twelve federations, as a norm open's
do; and the same norms again after the event goes through a TRF file and back.

The norms themselves are checked against B.01's text in tests/core; here, only that no front end shows another.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from fidedesk.cli import main
from fidedesk.core.notation import score_text
from fidedesk.core.tournament import ArbiterLicence, Tournament
from fidedesk.engine.generate import GenerateOptions, generate
from fidedesk.io.formats import read_tournament, write_tournament
from fidedesk.publish.documents import DocumentKind, TableBlock
from tests.io.test_xlsx_norms import _blocks, _sheet
from tests.publish.test_documents import build, column, tables

FEDERATIONS = ("GER", "FRA", "ESP", "NED", "POL", "HUN", "CZE", "AUT", "ITA", "SUI", "ENG", "NOR")
SEEDS = (7, 11, 23)


def norm_open(seed: int) -> Tournament:
    """A generated 60-player, 9-round Swiss made a norm open: ratings 2650 down by 8, the first 12 GMs, the next
    12 IMs, 8 FMs, federations in turn, and the event's fields for norms filled in (B.01 1.1)."""
    made = generate(GenerateOptions(players=60, rounds=9, seed=seed, forfeits=0.04, half_byes=0.04,
                                    withdrawals=0.01, late_entries=0.03))  # fmt: skip
    ranked = sorted(made.players, key=lambda p: (-(p.rating or 0), p.start_rank))
    place = {player.start_rank: index for index, player in enumerate(ranked)}
    players = []
    for player in made.players:
        index = place[player.start_rank]
        title = "GM" if index < 12 else "IM" if index < 24 else "FM" if index < 32 else ""
        rating = 2650 - 8 * index if player.rating else None
        players.append(dataclasses.replace(player, title=title, federation=FEDERATIONS[index % 12], rating=rating))
    info = dataclasses.replace(
        made.info, name=f"Norm Open {seed}", federation="CZE", start=dt.date(2025, 7, 1), end=dt.date(2025, 7, 9),
        chief_arbiter="Novakova, Jana", arbiter_licence=ArbiterLicence.IA, arbiter_fide_id=301000,
        time_control="90 min + 30 s/move", rounds_a_day=1,
    )  # fmt: skip
    return dataclasses.replace(made, info=info, players=tuple(players))


@pytest.fixture(scope="module", params=SEEDS)
def event(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    path = tmp_path_factory.mktemp("norms") / f"open-{request.param}.fidedesk"
    write_tournament(path, norm_open(request.param))
    yield path


def cli(capsys: pytest.CaptureFixture[str], path: Path) -> list[dict[str, Any]]:
    assert main(["norms", str(path), "--json"]) == 0
    rows: list[dict[str, Any]] = json.loads(capsys.readouterr().out)["norms"]
    return rows


FIGURES = ("start_rank", "name", "title", "status", "games", "score", "opponents_average", "performance", "needed")


def test_the_excel_sheet_is_the_clis(event: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rows = cli(capsys, event)
    assert rows, "the generated open has candidates"
    order = {"achieved": 0, "possible": 1, "out-of-reach": 2}
    expected = sorted(rows, key=lambda row: order[row["status"]])
    sheet = _blocks(_sheet(read_tournament(event).tournament))
    assert [{key: figures[key] for key in FIGURES} for figures, _ in sheet] == [
        {key: row[key] for key in FIGURES} for row in expected
    ]
    assert [conditions for _, conditions in sheet] == [row["conditions"] for row in expected]


def _certificates(path: Path) -> list[tuple[str, ...]]:
    """(name, title, games, score, Ra, Rp) of each IT1 certificate, in the order printed."""
    document = build(read_tournament(path).tournament, DocumentKind.IT1)
    found = []
    heads = [table.heading for table in tables(document) if " norm: " in table.heading]
    totals = [table for table in tables(document) if "Ra (1.4.7)" in [c.title for c in table.columns]]
    for heading, table in zip(heads, totals, strict=True):
        title, name = heading.split(" norm: ")
        found.append((name, title, *table.rows[0][:4]))
    return found


def test_the_it1_and_it3_are_the_clis_achieved_norms(event: Path, capsys: pytest.CaptureFixture[str]) -> None:
    achieved = [row for row in cli(capsys, event) if row["status"] == "achieved"]
    if not achieved:
        pytest.skip("no norm achieved in this draw")  # the three seeds are chosen so that two have some
    # the JSON's score is a number, exact in halves (5.5): its text is core's, as the form's
    shown = [(r["name"], r["title"], str(r["games"]), score_text(Fraction(r["score"])), str(r["opponents_average"]),
              str(r["performance"])) for r in achieved]  # fmt: skip
    assert _certificates(event) == shown
    report = build(read_tournament(event).tournament, DocumentKind.IT3)
    norms_table: TableBlock = next(t for t in tables(report) if "Norm" in [c.title for c in t.columns])
    assert list(zip(column(norms_table, "Player"), column(norms_table, "Norm"), strict=True)) == [
        (r["name"], r["title"]) for r in achieved
    ]
    assert column(norms_table, "Ra") == [str(r["opponents_average"]) for r in achieved]


def test_a_trf_written_and_read_back_gives_the_same_norms(
    event: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """TRF keeps the arbiter's title and FIDE ID (102) but has no place for the rounds a day: from the TRF that
    condition reads "not given" (holds null) and 1.1.2 (hours a day) cannot be worked out; no status or figure
    changes."""
    trf = tmp_path / "open.trf"
    write_tournament(trf, read_tournament(event).tournament)
    native, back = cli(capsys, event), cli(capsys, trf)
    assert [{key: row[key] for key in FIGURES} for row in back] == [
        {key: row[key] for key in FIGURES} for row in native
    ]
    for mine, theirs in zip(native, back, strict=True):
        # the norm's own conditions (1.4) are the same; of the event's (1.1), 1.1.2 needs the rounds a day too
        assert [c for c in theirs["conditions"] if c["article"].startswith("1.4")] == [
            c for c in mine["conditions"] if c["article"].startswith("1.4")
        ]
        event_own = [(c["article"], c["holds"]) for c in theirs["conditions"] if c["article"].startswith("1.1")]
        assert event_own == [("1.1.3", True), ("1.1.3", None), ("1.1.5", True)]
        assert [c["article"] for c in mine["conditions"] if c["article"].startswith("1.1")] == [
            "1.1.2", "1.1.3", "1.1.3", "1.1.5"]  # fmt: skip


def test_some_norms_are_achieved_in_the_seeds() -> None:
    """The seeds above give achieved norms, so the comparisons are not empty."""
    from fidedesk.core.norms.forecast import Status, norms

    assert sum(1 for seed in SEEDS for row in norms(norm_open(seed)) if row.status is Status.ACHIEVED) >= 3
