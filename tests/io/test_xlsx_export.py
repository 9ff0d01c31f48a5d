"""The Excel export: every sheet's content, text never a formula, atomic saves, the look, the template."""

from __future__ import annotations

import dataclasses
import datetime as dt
import io
import os
import re
import tempfile
import time
import zipfile
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import pytest
from openpyxl import Workbook, load_workbook

from benchmarks.make_swiss import make_swiss
from fidedesk.core.editing import boards
from fidedesk.core.rating.editions import DEFAULT_EDITION, get_edition
from fidedesk.core.rating.event import rate_tournament
from fidedesk.core.results import ResultCode as R
from fidedesk.core.tiebreaks.calculate import DEFAULT_TIEBREAKS, Kind, TieBreak, TieBreakRules
from fidedesk.core.tiebreaks.standings import standings, with_points_and_ranks
from fidedesk.core.tournament import (
    BirthDate,
    EventInfo,
    Player,
    PlayerRecord,
    RatingKind,
    RoundEntry,
    System,
    Tournament,
)
from fidedesk.core.values import BOARD_TEXT, DOUBLE_FORFEIT
from fidedesk.io.excel.export import (
    CAPPED,
    DATE,
    EVENT_FIELDS,
    PLAYERS_HEADER,
    POINTS,
    RATING_CHANGES_HEADER,
    ROUNDS_HEADER,
    SHEETS,
    SIGNED,
    ExportCancelled,
    clean_text,
    export_workbook,
    workbook_bytes,
)
from fidedesk.io.excel.template import template_bytes
from fidedesk.io.formats import FileFormatError, read_tournament, write_tournament
from fidedesk.io.native import atomic
from tests.builders import round_robin

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = ROOT / "resources" / "templates"
TIEBREAKS = (TieBreak.BUCHHOLZ_CUT1, TieBreak.SONNEBORN_BERGER, TieBreak.WINS)
NS = {"m": "http://schemas.openxmlformats.org/spreadsheetml/2006/main"}
NASTY = ('=HYPERLINK("http://x","y")', "+1", "-2", "@SUM(A1)", "=1+1", "#REF!", "#N/A", "=", " =1+1 ", "-1-2")


# --- tournaments ----------------------------------------------------------------------------------------


def _game(rounds: dict[int, list[RoundEntry]], number: int, white: int, black: int, code: R,
          black_code: R | None = None) -> None:  # fmt: skip
    rounds[white].append(RoundEntry(number, black, "w", code))
    rounds[black].append(RoundEntry(number, white, "b", black_code or code.mirrored()))


def _bye(rounds: dict[int, list[RoundEntry]], number: int, player: int, code: R) -> None:
    rounds[player].append(RoundEntry(number, None, None, code))


def small_swiss() -> Tournament:
    """Six players, three rounds: byes of every kind, forfeits, a double forfeit, an unplayed game, an
    unrated player, a 400-point game and a result not entered yet."""
    rounds: dict[int, list[RoundEntry]] = {rank: [] for rank in range(1, 7)}
    _game(rounds, 1, 1, 3, R.WIN)
    _game(rounds, 1, 2, 4, R.DRAW)
    _bye(rounds, 1, 5, R.PAIRING_BYE)
    _bye(rounds, 1, 6, R.ZERO_BYE)
    _game(rounds, 2, 4, 1, R.FORFEIT_LOSS)
    _game(rounds, 2, 2, 5, R.WIN)
    _bye(rounds, 2, 3, R.HALF_BYE)
    _bye(rounds, 2, 6, R.FULL_BYE)
    _game(rounds, 3, 1, 2, R.PENDING)
    _game(rounds, 3, 5, 4, R.FORFEIT_LOSS, R.FORFEIT_LOSS)
    _game(rounds, 3, 6, 3, R.WIN_UNPLAYED)
    people = [
        Player(1, "Alpha, Anna", 2200, sex="f", title="WGM", federation="GER", fide_id=1503014,
               birth=BirthDate(1990, 5, 17), points=Fraction(5, 2), rank=1,
               record=PlayerRecord(games=120, ever_2400=False)),
        Player(2, "Bravo, Björn", 2100, sex="m", title="FM", federation="SWE", fide_id=1700001,
               birth=BirthDate(1995, 3), record=PlayerRecord(games=40, ever_2400=True, k=20)),
        Player(3, "Charlie, Carl", 1750, sex="m", federation="ENG", fide_id=400001, birth=BirthDate(2009),
               record=PlayerRecord(games=12)),
        Player(4, "Delta, Dora", None, sex="f", federation="FRA"),
        Player(5, "Echo, Emil", 1600, federation="ESP", record=PlayerRecord(standard_rating=1650)),
        Player(6, "Foxtrot, Fay", 1500, points=Fraction(3, 2)),
    ]  # fmt: skip
    players = tuple(dataclasses.replace(player, rounds=tuple(rounds[player.start_rank])) for player in people)
    info = EventInfo(name="Club Open 2026", city="Kassel", federation="GER", start=dt.date(2026, 3, 6),
                     end=dt.date(2026, 3, 8), chief_arbiter="IA Ruth Schmidt", time_control="90'/40 + 30' + 30\"",
                     system=System.SWISS, kind=RatingKind.STANDARD)  # fmt: skip
    return Tournament(info, players)


def small_round_robin() -> Tournament:
    """Four players, one unrated, every game played."""
    d = Fraction(1, 2)
    scores = [[None, 1, d, 1], [0, None, 1, d], [d, 0, None, 0], [0, d, 1, None]]
    tournament = round_robin([2000, 1900, None, 1800], scores)
    info = dataclasses.replace(tournament.info, name="Club Championship", start=dt.date(2026, 1, 5))
    return dataclasses.replace(tournament, info=info)


def double_round_robin() -> Tournament:
    """Three players meeting twice, the colours unknown (as from a grid): both results in each cell."""
    rounds: dict[int, list[RoundEntry]] = {rank: [] for rank in range(1, 4)}
    schedule = [
        (1, 1, 2, R.WIN), (1, 3, None, R.ZERO_BYE), (2, 1, 3, R.DRAW), (2, 2, None, R.ZERO_BYE),
        (3, 2, 3, R.LOSS), (3, 1, None, R.ZERO_BYE), (4, 2, 1, R.DRAW), (4, 3, None, R.ZERO_BYE),
        (5, 3, 1, R.LOSS), (5, 2, None, R.ZERO_BYE), (6, 3, 2, R.FORFEIT_WIN), (6, 1, None, R.ZERO_BYE),
    ]  # fmt: skip
    for number, white, black, code in schedule:
        if black is None:
            _bye(rounds, number, white, code)
        else:
            rounds[white].append(RoundEntry(number, black, None, code))
            rounds[black].append(RoundEntry(number, white, None, code.mirrored()))
    players = tuple(Player(rank, f"Player {rank}", 1800 + 100 * rank, rounds=tuple(rounds[rank])) for rank in (1, 2, 3))
    return Tournament(EventInfo(name="Match-tournament", system=System.DOUBLE_ROUND_ROBIN), players)


# --- reading back ---------------------------------------------------------------------------------------


def _export(tournament: Tournament, tiebreaks: tuple[TieBreak, ...] = TIEBREAKS) -> bytes:
    return workbook_bytes(tournament, edition=DEFAULT_EDITION, tiebreaks=tiebreaks)


def _book(data: bytes) -> Workbook:
    return load_workbook(io.BytesIO(data))


def _rows(data: bytes, sheet: str) -> list[tuple[Any, ...]]:
    return [tuple(row) for row in _book(data)[sheet].iter_rows(values_only=True)]


@pytest.fixture(scope="module")
def swiss() -> Tournament:
    return small_swiss()


@pytest.fixture(scope="module")
def swiss_data(swiss: Tournament) -> bytes:
    return _export(swiss)


# --- the sheets -----------------------------------------------------------------------------------------


def test_sheets_in_order(swiss_data: bytes) -> None:
    assert _book(swiss_data).sheetnames == list(SHEETS)
    assert list(SHEETS) == ["Crosstable", "Standings", "Rating changes", "Norms", "Players", "Rounds", "Event"]


def test_swiss_crosstable(swiss: Tournament, swiss_data: bytes) -> None:
    rows = _rows(swiss_data, "Crosstable")
    assert rows[0] == ("No", "Name", "Rtg", "R1", "R2", "R3", "Pts", "Rank")
    ranked = {row.player.start_rank: row for row in standings(swiss, TIEBREAKS)}
    cells = {row[0]: row[3:6] for row in rows[1:]}
    assert cells == {
        1: ("3w1", "4b+", "2w?"),
        2: ("4w½", "5w1", "1b?"),
        3: ("1b0", "-½", "6b(0)"),
        4: ("2b½", "1w−", "5b−"),
        5: ("-1", "2b0", "4w−"),
        6: ("-0", "-1", "3w(1)"),
    }
    for row in rows[1:]:
        assert row[6] == ranked[row[0]].points  # from the results: a number (halves are exact floats)
        assert row[7] == ranked[row[0]].rank
    assert [row[2] for row in rows[1:]] == [2200, 2100, 1750, None, 1600, 1500]


def test_round_robin_crosstable() -> None:
    tournament = small_round_robin()
    rows = _rows(_export(tournament), "Crosstable")
    assert rows[0] == ("No", "Name", "Rtg", "1", "2", "3", "4", "Pts", "Rank")
    assert [row[3:7] for row in rows[1:]] == [
        ("X", "1", "½", "1"),
        ("0", "X", "1", "½"),
        ("½", "0", "X", "0"),
        ("0", "½", "1", "X"),
    ]
    assert [row[7] for row in rows[1:]] == [2.5, 1.5, 0.5, 1.5]
    places = [row[8] for row in rows[1:]]
    assert places == [1, 2, 4, 2]  # 2 and 4 share second place: the number 2, shown 2–3


def test_double_round_robin_crosstable_and_unknown_colours() -> None:
    data = _export(double_round_robin())
    rows = _rows(data, "Crosstable")
    assert [row[3:6] for row in rows[1:]] == [("X", "1 ½", "½ 1"), ("0 ½", "X", "0 −"), ("½ 0", "1 +", "X")]
    rounds = _rows(data, "Rounds")
    games = [row for row in rounds[1:] if row[4] is not None]
    assert {row[7] for row in games} == {"unknown"}
    assert all(row[7] is None for row in rounds[1:] if row[4] is None)  # byes: no colours to know


def test_standings(swiss: Tournament, swiss_data: bytes) -> None:
    rows = _rows(swiss_data, "Standings")
    assert rows[0] == ("Rank", "No", "Name", "Rtg", "Pts", "BH-C1", "SB", "WIN")
    expected = standings(swiss, TIEBREAKS)
    assert len(rows) == len(expected) + 1
    for row, standing in zip(rows[1:], expected, strict=True):
        values = tuple(
            None if v is None else float(v) if isinstance(v, Fraction) else v
            for t, v in zip(TIEBREAKS, standing.tiebreaks, strict=True)
        )  # fmt: skip
        assert row == (standing.rank, standing.player.start_rank, standing.player.name, standing.player.rating,
                       standing.points, *values)  # fmt: skip


def test_shared_places_are_numbers_shown_as_a_range() -> None:
    book = _book(_export(small_round_robin()))
    sheet = book["Standings"]
    shared = [row for row in sheet.iter_rows(min_row=2) if row[1].value in (2, 4)]
    assert [(row[0].value, row[0].number_format) for row in shared] == [(2, '0"–3"'), (2, '0"–3"')]
    assert sheet.cell(2, 1).number_format == "0"


def test_rating_changes(swiss: Tournament, swiss_data: bytes) -> None:
    rows = _rows(swiss_data, "Rating changes")
    header = rows[0]
    assert header == RATING_CHANGES_HEADER
    assert header == ("No", "Name", "Line", "Rtg", "K", "Rc", "W", "n", "Σ(score − PD)", "K × Σ", "New rating",
                      "Performance", "First rating", "Published", "Rd", "Opp. No", "Opponent", "Opp. rating",
                      "Score", "PD", "Score − PD", "K × (score − PD)", "Note")  # fmt: skip
    lines = [dict(zip(header, row, strict=True)) for row in rows[1:]]
    rating = {found.player.start_rank: found for found in rate_tournament(swiss, DEFAULT_EDITION).players}

    # every player has a block: the player line, then one line per round they have
    blocks: dict[int, list[dict[str, Any]]] = {}
    for line in lines:
        blocks.setdefault(line["No"], []).append(line)
    assert list(blocks) == [1, 2, 3, 4, 5, 6]
    for rank, block in blocks.items():
        assert block[0]["Line"] == "player"
        assert all(line["Name"] == swiss.player(rank).name for line in block)
        assert [line["Rd"] for line in block[1:]] == [entry.round for entry in swiss.player(rank).rounds]

    alpha = blocks[1]
    figures = rating[1]
    assert figures.event is not None
    summary = alpha[0]
    assert (summary["Rtg"], summary["K"], summary["Rc"], summary["W"], summary["n"]) == (2200, 20, 1800, 1, 1)
    assert (figures.event.k.value, figures.event.rc) == (20, 1800)
    assert summary["New rating"] == figures.new_rating
    assert summary["Σ(score − PD)"] == pytest.approx(float(figures.event.chg))
    assert summary["K × Σ"] == pytest.approx(float(figures.event.k_chg))
    assert summary["Note"] == figures.event.k.reason
    game = alpha[1]  # 1 - 3: 2200 against 1750, counted as 1800 (the 400-point rule)
    shown = (game["Line"], game["Rd"], game["Opp. No"], game["Opponent"], game["Opp. rating"], game["Score"])
    assert shown == ("game", 1, 3, "Charlie, Carl", 1800, 1)
    assert game["PD"] == pytest.approx(0.92)
    assert game["Score − PD"] == pytest.approx(0.08)
    assert game["K × (score − PD)"] == pytest.approx(0.08 * figures.event.k.value)
    assert game["Note"] == "1750 counts as 1800 (8.3.1)"
    forfeit, pending = alpha[2], alpha[3]
    assert (forfeit["Line"], forfeit["Opp. No"], forfeit["Score"], forfeit["Score − PD"]) == ("not rated", 4, 1, None)
    assert forfeit["Note"] == R.FORFEIT_WIN.reason_not_rated
    assert (pending["Line"], pending["Score"], pending["Note"]) == ("not rated", None, "result not entered yet")

    charlie = blocks[3]
    assert charlie[1]["Opp. rating"] == 2150  # 1750 against 2200: counted as 2150
    assert (charlie[2]["Line"], charlie[2]["Opponent"], charlie[2]["Score"]) == ("not rated", "bye", 0.5)

    delta = blocks[4][0]  # unrated: a first rating that FIDE would not publish
    initial = rating[4].initial
    assert initial is not None
    assert (delta["Rtg"], delta["K"], delta["First rating"], delta["Published"]) == (None, None, initial.value, "no")
    assert delta["Note"].startswith(initial.reason)
    assert blocks[4][1]["Note"] == "counts towards Ra"
    assert [line["Line"] for line in blocks[4]] == ["player", "game", "not rated", "not rated"]


def test_rating_changes_formats(swiss_data: bytes) -> None:
    sheet = _book(swiss_data)["Rating changes"]
    header = [cell.value for cell in sheet[1]]
    capped = sheet.cell(3, header.index("Opp. rating") + 1)
    assert (capped.value, capped.number_format) == (1800, CAPPED)
    assert sheet.cell(3, header.index("Score − PD") + 1).number_format == SIGNED
    assert sheet.cell(3, header.index("PD") + 1).number_format == "0.00"
    assert sheet.cell(2, header.index("W") + 1).number_format == POINTS
    assert sheet.auto_filter.ref == f"A1:W{sheet.max_row}"


def test_logistic_edition_has_four_places(swiss: Tournament) -> None:
    sheet = _book(workbook_bytes(swiss, edition=get_edition("elo"), tiebreaks=()))["Rating changes"]
    header = [cell.value for cell in sheet[1]]
    assert sheet.cell(3, header.index("PD") + 1).number_format == "0.0000"


def test_players(swiss_data: bytes) -> None:
    rows = _rows(swiss_data, "Players")
    assert rows[0] == PLAYERS_HEADER
    assert rows[0] == ("No", "Name", "Sex", "Title", "Fed", "FIDE ID", "Rating", "Born", "Games", "2400+", "K",
                       "Std rating", "Points", "Rank")  # fmt: skip
    assert [row[:-2] for row in rows[1:]] == [
        (1, "Alpha, Anna", "f", "WGM", "GER", 1503014, 2200, "1990-05-17", 120, "no", None, None),
        (2, "Bravo, Björn", "m", "FM", "SWE", 1700001, 2100, "1995-03", 40, "yes", 20, None),
        (3, "Charlie, Carl", "m", None, "ENG", 400001, 1750, "2009", 12, None, None, None),
        (4, "Delta, Dora", "f", None, "FRA", None, None, None, None, None, None, None),
        (5, "Echo, Emil", None, None, "ESP", None, 1600, None, None, None, None, 1650),
        (6, "Foxtrot, Fay", None, None, None, None, 1500, None, None, None, None, None),
    ]
    # the points and ranks of the standings (the event's own figures, 2.5 and 1.5 for two players, are not
    # the whole table: every player gets those of the results, as the Standings sheet shows them)
    ranked = {row.player.start_rank: row for row in standings(small_swiss())}
    assert [row[-2:] for row in rows[1:]] == [(float(ranked[rank].points), ranked[rank].rank) for rank in range(1, 7)]
    assert [row[-2:] for row in rows[1:]] == [
        (float(row[4]), row[0]) for row in sorted(_rows(swiss_data, "Standings")[1:], key=lambda row: row[1])
    ]


def test_players_formats(swiss_data: bytes) -> None:
    sheet = _book(swiss_data)["Players"]
    assert sheet.cell(2, 6).number_format == "0"  # FIDE ID: no thousands separator
    assert sheet.cell(2, 7).number_format == "0"
    assert sheet.cell(2, 8).data_type == "s"  # Born is text
    assert sheet.cell(2, 13).number_format == POINTS
    assert sheet.auto_filter.ref == "A1:N7"


def test_rounds(swiss_data: bytes) -> None:
    rows = _rows(swiss_data, "Rounds")
    assert rows[0] == ROUNDS_HEADER
    assert rows[0] == ("Round", "Board", "White No", "White", "Black No", "Black", "Result", "Colours")
    assert rows[1:] == [
        (1, 1, 1, "Alpha, Anna", 3, "Charlie, Carl", "1-0", None),
        (1, 2, 2, "Bravo, Björn", 4, "Delta, Dora", "½-½", None),
        (1, 3, 5, "Echo, Emil", None, None, "bye 1 (pairing)", None),
        (1, 4, 6, "Foxtrot, Fay", None, None, "bye 0", None),
        (2, 1, 4, "Delta, Dora", 1, "Alpha, Anna", "--+", None),
        (2, 2, 2, "Bravo, Björn", 5, "Echo, Emil", "1-0", None),
        (2, 3, 3, "Charlie, Carl", None, None, "bye ½", None),
        (2, 4, 6, "Foxtrot, Fay", None, None, "bye 1", None),
        (3, 1, 1, "Alpha, Anna", 2, "Bravo, Björn", None, None),  # not entered yet: empty
        (3, 2, 6, "Foxtrot, Fay", 3, "Charlie, Carl", "1-0 u", None),
        (3, 3, 5, "Echo, Emil", 4, "Delta, Dora", "-/-", None),
    ]


def test_event(swiss_data: bytes) -> None:
    sheet = _book(swiss_data)["Event"]
    rows = [tuple(row) for row in sheet.iter_rows(values_only=True)]
    assert rows == [
        ("Field", "Value"),
        ("Event", "Club Open 2026"),
        ("City", "Kassel"),
        ("Federation", "GER"),
        ("Start", dt.datetime(2026, 3, 6)),
        ("End", dt.datetime(2026, 3, 8)),
        ("Chief arbiter", "IA Ruth Schmidt"),
        ("Time control", "90'/40 + 30' + 30\""),
        ("System", "swiss"),
        ("Rating", "standard"),
        ("Tie-breaks", "BH-C1 SB WIN"),  # the Standings sheet's, as the caller chose them
        ("Tie-break rules", "C.07 of 1 March 2026 (auto: the edition in force on the start date)"),
        ("Rounds", None),  # the pairing engines' rows, empty when the event does not set them
        ("Initial colour", None),
        ("Forbidden pairs", None),
        ("Acceleration", None),
        ("Chief arbiter FIDE ID", None),  # title norms' rows, empty when not given
        ("Chief arbiter licence", None),
        ("Organiser", None),
        ("Event type", "normal"),
        ("Rounds a day", None),
    ]
    assert tuple(row[0] for row in rows[1:]) == EVENT_FIELDS
    assert sheet["B5"].is_date and sheet["B5"].number_format == DATE


def test_the_standings_sheet_and_the_event_sheet_follow_the_events_choice(swiss: Tournament) -> None:
    """Without tie-breaks from the caller, the event's own and its edition of C.07 (issue 15)."""
    chosen = (TieBreak.WINS, TieBreak(Kind.SONNEBORN_BERGER, cut=1))
    info = dataclasses.replace(swiss.info, tiebreaks=chosen, tiebreak_rules=TieBreakRules.C07_2024)
    event = dataclasses.replace(swiss, info=info)
    data = workbook_bytes(event, edition=DEFAULT_EDITION)
    header, *rows = _rows(data, "Standings")
    assert header[5:] == ("WIN", "SB-C1")
    ranked = standings(event, chosen, TieBreakRules.C07_2024)
    assert [row[1] for row in rows] == [standing.player.start_rank for standing in ranked]
    fields = dict(_rows(data, "Event")[1:])
    assert fields["Tie-breaks"] == "WIN SB-C1" and fields["Tie-break rules"] == "C.07 of 1 August 2024"
    points_alone = dataclasses.replace(event, info=dataclasses.replace(info, tiebreaks=()))
    assert dict(_rows(workbook_bytes(points_alone, edition=DEFAULT_EDITION), "Event")[1:])["Tie-breaks"] == (
        "points alone"
    )


def test_empty_event_fields_and_tournament() -> None:
    data = _export(Tournament(EventInfo(system=System.ROUND_ROBIN, kind=RatingKind.BLITZ), ()))
    assert _rows(data, "Event")[1:] == [(field, None) for field in EVENT_FIELDS[:7]] + [
        ("System", "round-robin"), ("Rating", "blitz"), ("Tie-breaks", "BH-C1 SB WIN"),
        ("Tie-break rules", "C.07 of 1 March 2026 (auto: the edition in force on the start date)")] + [
        (field, None) for field in EVENT_FIELDS[11:18]] + [
        ("Event type", "normal"), ("Rounds a day", None)]  # fmt: skip
    for sheet in SHEETS[:-1]:
        rows = _rows(data, sheet)
        if sheet == "Norms":  # never an empty sheet without a word
            assert rows[1:] == [(None, "No player is a candidate for a norm.", *[None] * 12)]
        else:
            assert len(rows) == 1  # the header alone


# --- the contract with the importer: the three sheets hold the whole tournament ---------------------------

_CODES = {text: code for code, text in BOARD_TEXT.items() if code is not R.PENDING}


def _read_back(data: bytes) -> Tournament:
    """The tournament from Players, Rounds and Event, as the importer must read it (a minimal reader)."""
    book = load_workbook(io.BytesIO(data), read_only=True)
    event = dict(book["Event"].iter_rows(min_row=2, values_only=True))

    def date(value: Any) -> dt.date | None:
        return value.date() if isinstance(value, dt.datetime) else None

    info = EventInfo(event["Event"] or "", event["City"] or "", event["Federation"] or "", date(event["Start"]),
                     date(event["End"]), event["Chief arbiter"] or "", event["Time control"] or "",
                     System(event["System"]), RatingKind(event["Rating"]))  # fmt: skip
    rounds: dict[int, list[RoundEntry]] = {}
    for number, _, white, _, black, _, result, colours in book["Rounds"].iter_rows(min_row=2, values_only=True):
        if black is None:
            rounds.setdefault(white, []).append(RoundEntry(number, None, None, _CODES[result]))
            continue
        code, back = (R.FORFEIT_LOSS, R.FORFEIT_LOSS) if result == DOUBLE_FORFEIT else (None, None)
        if code is None:
            code = _CODES[result] if result else R.PENDING
            back = code.mirrored()
        assert back is not None
        known = colours != "unknown"
        rounds.setdefault(white, []).append(RoundEntry(number, black, "w" if known else None, code))
        rounds.setdefault(black, []).append(RoundEntry(number, white, "b" if known else None, back))
    players = []
    for row in book["Players"].iter_rows(min_row=2, values_only=True):
        no, name, sex, title, fed, fide_id, rating, born, games, ever, k, standard, points, rank = row
        parts = [int(part) for part in born.split("-")] if born else []
        birth = BirthDate(*parts) if parts else None
        record = PlayerRecord(games, None if ever is None else ever == "yes", k, standard)
        players.append(Player(no, name, rating, sex or "", title or "", fed or "", fide_id, birth,
                              None if points is None else Fraction(repr(points)), rank,
                              tuple(sorted(rounds.get(no, []), key=lambda entry: entry.round)), record))  # fmt: skip
    book.close()
    return Tournament(info, tuple(players))


@pytest.mark.parametrize("make", [small_swiss, small_round_robin, double_round_robin, lambda: make_swiss(200, 9)])
def test_players_rounds_and_event_hold_the_whole_tournament(make: Callable[[], Tournament]) -> None:
    tournament = make()
    # every player's points and rank are the standings' (with_points_and_ranks), as the Standings sheet's
    assert _read_back(_export(tournament)) == with_points_and_ranks(tournament, TIEBREAKS)


# --- security: text is text -------------------------------------------------------------------------------


def _sheet_xml(data: bytes, sheet: str) -> ElementTree.Element:
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        workbook = ElementTree.fromstring(archive.read("xl/workbook.xml"))
        names = [node.get("name") for node in workbook.iterfind("m:sheets/m:sheet", NS)]
        return ElementTree.fromstring(archive.read(f"xl/worksheets/sheet{names.index(sheet) + 1}.xml"))


def _cell_text(cell: ElementTree.Element) -> str | None:
    if cell.get("t") == "inlineStr":
        return "".join(node.text or "" for node in cell.iterfind(".//m:t", NS))
    return None


def test_names_that_look_like_formulas_stay_text() -> None:
    base = small_swiss()
    players = tuple(
        dataclasses.replace(player, name=NASTY[index], federation=NASTY[-1 - index])
        for index, player in enumerate(base.players)
    )
    info = dataclasses.replace(base.info, name="=1+1", city="@SUM(A1)", chief_arbiter="+1", time_control="-2")
    tournament = Tournament(info, players)
    data = _export(tournament)
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        for name in archive.namelist():
            if name.startswith("xl/worksheets/"):
                assert re.search(rb"<f[ >]", archive.read(name)) is None, name
    names = {player.name for player in players}
    for sheet in ("Crosstable", "Standings", "Rating changes", "Norms", "Players", "Rounds"):
        found = [cell for cell in _sheet_xml(data, sheet).iter(f"{{{NS['m']}}}c") if _cell_text(cell) in names]
        assert {_cell_text(cell) for cell in found} == names, sheet
        assert all(cell.get("t") == "inlineStr" and cell.find("m:f", NS) is None for cell in found)
    book = _book(data)
    for row, player in enumerate(players, start=2):
        cell = book["Players"].cell(row, 2)
        assert (cell.value, cell.data_type) == (player.name, "s")
        assert book["Players"].cell(row, 5).value == player.federation
    event = {row[0].value: row[1] for row in book["Event"].iter_rows(min_row=2)}
    assert [(event[field].value, event[field].data_type) for field in ("Event", "City", "Chief arbiter")] == [
        ("=1+1", "s"), ("@SUM(A1)", "s"), ("+1", "s")]  # fmt: skip
    assert _read_back(data) == with_points_and_ranks(tournament, TIEBREAKS)


def test_characters_xml_cannot_hold_are_replaced_visibly() -> None:
    base = small_swiss()
    bad = "Nul\x00l, Bell\x07 \x1b[31m\ud800"
    players = (dataclasses.replace(base.players[0], name=bad), *base.players[1:])
    tournament = Tournament(dataclasses.replace(base.info, name="Open\x0c2026", city="Tab\tand\nline"), players)
    book = _book(_export(tournament))
    assert book["Players"]["B2"].value == "Nul\ufffdl, Bell\ufffd \ufffd[31m\ufffd"
    assert book["Crosstable"]["B2"].value == "Nul\ufffdl, Bell\ufffd \ufffd[31m\ufffd"
    assert book["Event"]["B2"].value == "Open\ufffd2026"
    assert book["Event"]["B3"].value == "Tab\tand\nline"  # legal in XML: kept
    assert clean_text("plain ½ — ü") == "plain ½ — ü"


# --- saving ----------------------------------------------------------------------------------------------


def test_export_writes_the_file(tmp_path: Path, swiss: Tournament, swiss_data: bytes) -> None:
    target = tmp_path / "club.xlsx"
    export_workbook(swiss, target, edition=DEFAULT_EDITION, tiebreaks=TIEBREAKS)
    assert _rows(target.read_bytes(), "Rounds") == _rows(swiss_data, "Rounds")
    assert atomic.temp_files(target) == []


def test_a_failing_write_leaves_the_previous_file(tmp_path: Path, swiss: Tournament,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    target = tmp_path / "club.xlsx"
    target.write_bytes(b"the previous export")

    def fail(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", fail)
    with pytest.raises(OSError, match="No space left"):
        export_workbook(swiss, target, edition=DEFAULT_EDITION, tiebreaks=TIEBREAKS)
    assert target.read_bytes() == b"the previous export"
    assert atomic.temp_files(target) == []


def test_a_cancelled_export_writes_nothing(tmp_path: Path) -> None:
    target = tmp_path / "big.xlsx"
    target.write_bytes(b"the previous export")
    seen: list[int] = []

    def progress(count: int) -> bool:
        seen.append(count)
        return count < 1000

    with pytest.raises(ExportCancelled):
        export_workbook(make_swiss(300, 5), target, edition=DEFAULT_EDITION, tiebreaks=(), progress=progress)
    assert target.read_bytes() == b"the previous export"
    assert seen[-1] == 1000 and seen == sorted(seen)
    assert atomic.temp_files(target) == []


@pytest.mark.parametrize("stop_at", [0, 1000, None])
def test_the_writers_temporary_files_are_removed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                 stop_at: int | None) -> None:  # fmt: skip
    # XlsxWriter's constant-memory mode streams rows into temporary files, removed only when the workbook
    # is closed: a cancel must remove them too
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    progress = None if stop_at is None else (lambda count: count < stop_at)
    try:
        workbook_bytes(make_swiss(300, 5), edition=DEFAULT_EDITION, tiebreaks=(), progress=progress)
    except ExportCancelled:
        assert stop_at is not None
    assert list(tmp_path.iterdir()) == []


def test_progress_counts_rows_to_the_end(swiss: Tournament) -> None:
    seen: list[int] = []
    workbook_bytes(swiss, edition=DEFAULT_EDITION, tiebreaks=(), progress=lambda count: seen.append(count) or True)
    # Crosstable 6, Standings 6, Rating changes 6 + 18 rounds, Norms 14 norms + 14 x 4 conditions (GM and IM each
    # for the six players, WGM and WIM for Delta: all out of reach after 3 rounds, each on one condition, then the
    # event's three of B.01 1.1 the file does not tell), Players 6, Rounds 11, Event 20
    assert seen[0] == 0 and seen[-1] == 6 + 6 + 24 + 14 * 5 + 6 + 11 + 20


# --- the look ------------------------------------------------------------------------------------------


def test_headers_bold_frozen_and_widths(swiss_data: bytes) -> None:
    book = _book(swiss_data)
    panes = {sheet.title: sheet.freeze_panes for sheet in book.worksheets}
    assert panes == {"Crosstable": "C2", "Standings": "A2", "Rating changes": "D2", "Norms": "E2", "Players": "A2",
                     "Rounds": "A2", "Event": "A2"}  # fmt: skip
    for sheet in book.worksheets:
        assert all(cell.font.bold for cell in sheet[1]), sheet.title
        assert not any(cell.font.bold for cell in sheet[2] if cell.value is not None), sheet.title
        widths = column_widths(sheet)
        assert len(widths) == sheet.max_column, sheet.title
        for column, width in enumerate(widths, start=1):
            letter = sheet.cell(1, column).column_letter
            longest = max(len(str(cell.value)) for cell in sheet[letter] if isinstance(cell.value, str))
            assert min(longest, 48) <= width <= 50, (sheet.title, letter)
    assert column_widths(book["Players"])[1] == len("Charlie, Carl") + 2
    assert column_widths(book["Rating changes"])[22] == 50  # the long reasons: capped


def column_widths(sheet: Any) -> list[int]:
    """Each column's width in characters, as Excel shows it: the file's width holds 5 pixels of padding at
    the default font's 7-pixel digits; one ``<col>`` may cover neighbours of the same width."""
    widths: dict[int, int] = {}
    for dimension in sheet.column_dimensions.values():
        for column in range(dimension.min, dimension.max + 1):
            widths[column] = round((dimension.width * 7 - 5) / 7)
    return [widths[column] for column in range(1, max(widths) + 1)]


def test_number_formats(swiss_data: bytes) -> None:
    book = _book(swiss_data)
    crosstable, standing = book["Crosstable"], book["Standings"]
    assert crosstable["C2"].number_format == "0"
    # points and tie-breaks are numbers on every sheet, halves shown as halves (# ?/2: 3 1/2)
    assert crosstable["G2"].data_type == "n" and crosstable["G2"].number_format == POINTS
    assert standing["E2"].data_type == "n" and standing["E2"].number_format == POINTS  # Pts
    assert standing["F2"].data_type == "n" and standing["F2"].number_format == POINTS  # BH-C1: halves, like SB
    assert standing["G2"].number_format == "0.00"  # SB: quarters
    assert standing["H2"].number_format == "0"  # WIN: a count
    assert book["Event"]["B5"].number_format == DATE


# --- a large Swiss -------------------------------------------------------------------------------------


def test_export_of_2000_players_and_11_rounds(tmp_path: Path) -> None:
    tournament = make_swiss(2000, 11)
    target = tmp_path / "swiss.xlsx"
    started = time.perf_counter()
    export_workbook(tournament, target, edition=DEFAULT_EDITION,
                    tiebreaks=DEFAULT_TIEBREAKS)  # fmt: skip
    print(f"\nexport of 2,000 players x 11 rounds: {time.perf_counter() - started:.1f} s, "
          f"{target.stat().st_size / 1e6:.1f} MB")  # fmt: skip
    book = load_workbook(target, read_only=True)
    assert book.sheetnames == list(SHEETS)
    expected_boards = sum(len(boards(tournament, number)) for number in range(1, 12))
    assert book["Rounds"].max_row == expected_boards + 1
    assert book["Players"].max_row == 2001
    book.close()


# --- the template ----------------------------------------------------------------------------------------


def _describe(book: Workbook) -> dict[str, Any]:
    """What the template is, cell by cell: values, types, formats, fonts; widths, panes and checks."""
    found: dict[str, Any] = {"sheets": book.sheetnames}
    for sheet in book.worksheets:
        found[sheet.title] = {
            "cells": [
                (cell.coordinate, cell.value, cell.data_type, cell.number_format, cell.font.bold, cell.font.italic)
                for row in sheet.iter_rows()
                for cell in row
            ],
            "columns": {key: (dim.width, dim.number_format) for key, dim in sorted(sheet.column_dimensions.items())},
            "freeze": sheet.freeze_panes,
            "checks": sorted(
                (str(check.sqref), check.type, check.operator, check.formula1, check.formula2, check.allow_blank)
                for check in sheet.data_validations.dataValidation
            ),
        }
    return found


def test_template_is_what_the_script_makes() -> None:
    made = load_workbook(io.BytesIO(template_bytes()))
    committed = load_workbook(TEMPLATES / "player-list.xlsx")
    assert _describe(committed) == _describe(made)


def test_template_layout() -> None:
    book = load_workbook(TEMPLATES / "player-list.xlsx")
    assert book.sheetnames == ["Players"]
    sheet = book["Players"]
    assert sheet["A1"].value.startswith("fidedesk player list — fill one player per row; No is the start rank")
    assert [cell.value for cell in sheet[3]] == ["No", "Name", "Title", "Fed", "FIDE ID", "Rating", "Born", "Sex"]
    assert all(cell.font.bold for cell in sheet[3])
    assert sheet.freeze_panes == "A4"
    checks = {str(check.sqref).split(":")[0]: check for check in sheet.data_validations.dataValidation}
    assert checks["C4"].formula1 == '"GM,IM,FM,CM,WGM,WIM,WFM,WCM"'
    assert checks["H4"].formula1 == '"m,f"'
    assert (checks["F4"].type, checks["F4"].formula1, checks["F4"].formula2) == ("whole", "1000", "3000")
    assert checks["E4"].type == "whole"
    assert sheet["E4"].number_format == "0" and sheet["G4"].number_format == "@"
    assert sheet.column_dimensions["B"].width >= 30


@pytest.mark.parametrize(
    ("tiebreaks", "rules"),
    [(None, None), ((), TieBreakRules.C07_2026), ((TieBreak(Kind.KOYA, limit=60), TieBreak.ARO), None),
     (DEFAULT_TIEBREAKS, TieBreakRules.C07_2024)],
)  # fmt: skip
def test_the_events_choice_comes_back_from_its_workbook(
    swiss: Tournament, tmp_path: Path, tiebreaks: tuple[TieBreak, ...] | None, rules: TieBreakRules | None
) -> None:
    """The importer reads the Event sheet's Tie-breaks and Tie-break rules rows back: the defaults an event
    is on without a choice stay no choice, an explicit choice of the defaults stays a choice."""
    event = dataclasses.replace(swiss, info=dataclasses.replace(swiss.info, tiebreaks=tiebreaks, tiebreak_rules=rules))
    target = tmp_path / "event.xlsx"
    write_tournament(target, event, edition=DEFAULT_EDITION)
    back = read_tournament(target).tournament.info
    assert (back.tiebreaks, back.tiebreak_rules) == (tiebreaks, rules)


@pytest.mark.parametrize(
    ("field", "value", "reason"),
    [("Tie-breaks", "BH XYZ", "\"BH XYZ\": unknown tie-break 'XYZ'; known: DE, WIN"),
     ("Tie-breaks", "BH BH-C1 BH", '"BH BH-C1 BH": BH is given twice'),  # found in review: saved, then refused
     ("Tie-break rules", "C.07 of 2019", '"C.07 of 2019" is not an edition of C.07 (unknown tie-break rules')],
)  # fmt: skip
def test_a_tiebreak_row_the_importer_cannot_read_is_a_problem_at_its_cell(
    swiss_data: bytes, tmp_path: Path, field: str, value: str, reason: str
) -> None:
    book = _book(swiss_data)
    sheet = book["Event"]
    row = next(cells for cells in sheet.iter_rows(min_row=2) if cells[0].value == field)
    row[1].value = value
    target = tmp_path / "edited.xlsx"
    book.save(target)
    with pytest.raises(FileFormatError) as caught:
        read_tournament(target)
    assert f"Event!B{row[1].row}" in str(caught.value) and reason in str(caught.value)


def test_an_average_of_buchholz_keeps_its_decimals_in_the_workbook(tmp_path: Path) -> None:
    """Found in review: AOB after 9 rounds (3 decimals) had the format 0.0000, Excel showed 42.9440."""
    nine = read_tournament(Path(__file__).parents[1] / "data" / "tiebreaks" / "held_swiss_9.trf").tournament
    target = tmp_path / "aob.xlsx"
    write_tournament(target, nine, edition=DEFAULT_EDITION, tiebreaks=(TieBreak(Kind.AVERAGE_BUCHHOLZ),))
    sheet = load_workbook(target)["Standings"]
    assert {row[5].number_format for row in sheet.iter_rows(min_row=2)} == {"0.000"}
