"""The spreadsheet import: headers found under notes, columns mapped in five languages, the four layouts
from workbooks made the way people make them, every problem at its cell, and fidedesk's own workbook
read back losslessly."""

from __future__ import annotations

import dataclasses
import datetime as dt
import os
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fidedesk.core.editing import number_boards
from fidedesk.core.norms.rules import EventType
from fidedesk.core.pairing.consistency import pairing_problems
from fidedesk.core.results import ResultCode as R
from fidedesk.core.tournament import (
    ArbiterLicence,
    BirthDate,
    EventInfo,
    Player,
    PlayerRecord,
    RatingKind,
    RoundEntry,
    System,
    Tournament,
)
from fidedesk.core.values import BOARD_TEXT, RATING_IN_FILE, parse_board_result, parse_bye_result
from fidedesk.io.excel.grid import CellValue, SheetGrid, Unreadable
from fidedesk.io.excel.importing import (
    Column,
    Field,
    ImportPlan,
    Layout,
    SheetPlan,
    build,
    cells,
    detect_layout,
    find_header_row,
    map_columns,
    preview_rows,
    propose,
    propose_sheet,
)
from fidedesk.io.excel.importing.cells import (
    CellError,
    CellFormError,
    CellKindError,
    CellRangeError,
    UnreadableCellError,
)
from fidedesk.io.excel.importing.result_cells import grid_cell, swiss_cell
from tests.xlsx_builders import contract_workbook, grid, read_grids, workbook

E = RoundEntry


def fields(columns: tuple[Column, ...]) -> list[Field]:
    return [column.field for column in columns]


def problems(result: object) -> list[str]:
    return [str(problem) for problem in result.problems]  # type: ignore[attr-defined]


# ---------------------------------------------------------------------------------------------- header names


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        (["No", "Name", "Title", "Fed", "FIDE ID", "Rating", "Born", "Sex"],
         [Field.START_RANK, Field.NAME, Field.TITLE, Field.FEDERATION, Field.FIDE_ID, Field.RATING, Field.BIRTH,
          Field.SEX]),
        (["Nr.", "Name", "Titel", "Land", "FIDE-ID", "Elo", "Geb.", "Geschlecht"],
         [Field.START_RANK, Field.NAME, Field.TITLE, Field.FEDERATION, Field.FIDE_ID, Field.RATING, Field.BIRTH,
          Field.SEX]),
        (["Nr", "Name", "Vorname", "Föd.", "Elo", "Jahrgang", "ID"],
         [Field.START_RANK, Field.LAST_NAME, Field.FIRST_NAME, Field.FEDERATION, Field.RATING, Field.BIRTH,
          Field.FIDE_ID]),
        (["N°", "Nom", "Prénom", "Titre", "Féd.", "Elo", "Né", "Sexe"],
         [Field.START_RANK, Field.LAST_NAME, Field.FIRST_NAME, Field.TITLE, Field.FEDERATION, Field.RATING,
          Field.BIRTH, Field.SEX]),
        (["Nº", "Nombre", "Título", "Fed.", "Elo", "Nacimiento", "Sexo", "Puntos"],
         [Field.START_RANK, Field.NAME, Field.TITLE, Field.FEDERATION, Field.RATING, Field.BIRTH, Field.SEX,
          Field.POINTS]),
        (["Apellidos", "Nombre", "FIDE ID", "ID"],
         [Field.LAST_NAME, Field.FIRST_NAME, Field.FIDE_ID, Field.IGNORE]),
        (["№", "Фамилия", "Имя", "Звание", "Федерация", "Рейтинг", "Год рождения", "Пол", "ФИДЕ ID"],
         [Field.START_RANK, Field.LAST_NAME, Field.FIRST_NAME, Field.TITLE, Field.FEDERATION, Field.RATING,
          Field.BIRTH, Field.SEX, Field.FIDE_ID]),
        (["Игрок", "Страна", "Эло", "Очки", "Место"],
         [Field.NAME, Field.FEDERATION, Field.RATING, Field.POINTS, Field.RANK]),
        (["Rk.", "SNo", "Name", "FED", "Rtg", "Club", "Pts.", "TB1"],
         [Field.RANK, Field.START_RANK, Field.NAME, Field.FEDERATION, Field.RATING, Field.IGNORE, Field.POINTS,
          Field.IGNORE]),
    ],
)  # fmt: skip
def test_columns_are_mapped_from_header_names(header: list[str], expected: list[Field]) -> None:
    sheet = grid("S", [["Club list: notes"], header, ["x"] * len(header)])
    assert find_header_row(sheet) == 1
    assert fields(map_columns(sheet, 1)) == expected


def test_round_headers_and_bare_numbers() -> None:
    swiss = grid("S", [["Name", "1.Rd", "Rd 2", "R3", "Runde 4", "5", "6. Runde", "Тур 7"], ["A", "2w1"] * 4])
    assert map_columns(swiss, 0)[1:] == tuple(Column(Field.ROUND, n) for n in range(1, 8))
    rr = grid("S", [["No", "Name", 1, 2, 3], [1, "A", "X", 1, 0], [2, "B", 0, None, "½"], [3, "C", 1, "½", "x"]])
    assert map_columns(rr, 0)[2:] == tuple(Column(Field.OPPONENT, n) for n in range(1, 4))


def test_a_grid_without_numbered_columns_is_found_by_its_diagonal() -> None:
    rr = grid("S", [["Name", "Elo", "A", "B", "C", "Pts"], ["A", 2000, "X", 1, 0, 1], ["B", 1900, 0, "X", 1, 1],
                    ["C", 1800, 1, 0, "X", 1]])  # fmt: skip
    plan = propose_sheet(rr)
    assert plan.layout is Layout.ROUND_ROBIN
    assert plan.columns[2:5] == (Column(Field.OPPONENT, 1), Column(Field.OPPONENT, 2), Column(Field.OPPONENT, 3))


def test_no_header_anywhere() -> None:
    assert find_header_row(grid("S", [["just some notes"], [1, 2, 3]])) is None
    assert propose([grid("Notes", [["nothing here"]])]) == ImportPlan(None, None, None)


# ---------------------------------------------------------------------------------------------- a) player list


def _club_template() -> list[object]:
    """The club secretary's template: notes above, a merged title, numbers prefilled, a totals row."""
    book = workbook(("Anmeldung", [
        ["Vereinsmeisterschaft 2024"],
        ["Bitte ausfüllen: eine Zeile je Spieler, Elo ohne Punkt"],
        [],
        ["No", "Name", "Title", "Fed", "FIDE ID", "Rating", "Born", "Sex"],
        [1, "Huber, Anna", "wfm", "ger", "4611234", "2,150", "12.05.1990", "female"],
        [2, "Maier, Karl", None, "GER", 4612345, "2 050", 1985, "m"],
        [],
        [3, "Schmidt, Olaf", "", "AUT", None, dt.datetime(2024, 3, 1), "1977", "m"],
        [4, "Wolf, Eva", None, "GER", None, None, "31.02.1990", "w"],
        [5, None, "GM", None, None, 2500, None, None],
        [6, "Kurz, Udo", None, None, "abc", "NC", "1999-07", None],
        [7],
        [8],
        [None, "Summe", None, None, None, 8350],
    ]))  # fmt: skip
    sheet = book["Anmeldung"]
    sheet.merge_cells("A1:H1")
    sheet["F9"] = "=F5+1"
    return read_grids(book)  # type: ignore[return-value]


def test_a_filled_template_imports_with_every_problem_at_its_cell() -> None:
    grids = _club_template()
    plan = propose(grids)  # type: ignore[arg-type]
    assert plan.results is None and plan.players is not None and plan.players.header_row == 3
    result = build(grids, plan)  # type: ignore[arg-type]
    assert problems(result) == [
        "Anmeldung!F8: the date 2024-03-01, not a rating",
        "Anmeldung!F9: a formula without a saved result: open the file in Excel or LibreOffice and save it",
        "Anmeldung!G9: “31.02.1990” is not a date in the calendar",
        "Anmeldung!B10: no name: the row is not imported",
        'Anmeldung!E11: "abc" is not a FIDE ID',
        'Anmeldung!14: a totals row ("Summe"), not a player: not imported',
    ]
    assert (result.rows_imported, result.rows_skipped) == (2, 5)
    anna, karl = result.tournament.players
    assert anna == Player(1, "Huber, Anna", 2150, "w", "WFM", "GER", 4611234, BirthDate(1990, 5, 12))
    assert karl == Player(2, "Maier, Karl", 2050, "m", "", "GER", 4612345, BirthDate(1985))
    assert result.tournament.last_round == 0


def test_players_are_numbered_in_row_order_without_a_number_column() -> None:
    sheet = grid("Liste", [["Spieler", "Elo"], ["A", "2.350"], [None, None], ["B", "1850.0"], ["C", "-"]])
    result = build([sheet], propose([sheet]))
    assert [(p.start_rank, p.name, p.rating) for p in result.tournament.players] == [
        (1, "A", 2350), (2, "B", 1850), (3, "C", None)
    ]  # fmt: skip


def test_cells_are_read_as_every_front_end_reads_the_value() -> None:
    """Ratings, titles, federations, FIDE IDs, K, games and birth dates follow core.values (as TRF, .fidedesk
    and the players table): a rating as a file holds it is 1000-3000, a title is FIDE's, a federation three
    letters; a year 0000 is unknown, as in TRF."""
    sheet = grid("P", [
        ["No", "Name", "Rating", "Title", "Fed", "FIDE ID", "K", "Games", "Born"],
        [1, "A", 999, "HGM", "GER", 1, 20, 0, "0000"],
        [2, "B", "3001", "gm", "Germany", 123456789012, 0, 100000, "1990-02-30"],
        [3, "C", 1000, "Dr", "ger", "0", 100, 99999, "31.04.1990"],
        [4, "D", "3,000", "wf", "", None, None, None, 1985],
        [5, "E", None, "", "esp", 99999999999, 1, 99999, "0000-05-00"],
    ])  # fmt: skip
    result = build([sheet], propose([sheet]))
    assert problems(result) == [
        "P!D2: “HGM” is not a title (GM IM FM CM WGM WIM WFM WCM, or blank)",
        "P!C2: 999 is outside 1000–3000",
        "P!E3: “Germany” is not a federation (three letters: GER, ESP, ENG)",
        "P!F3: 123456789012 is not a FIDE ID (up to 11 digits)",
        "P!C3: 3001 is outside 1000–3000",
        "P!I3: “1990-02-30” is not a date in the calendar",
        "P!H3: “100000” is not a number of games (0–99999)",
        "P!G3: “0” is not a K factor (1–100)",
        "P!D4: “Dr” is not a title (GM IM FM CM WGM WIM WFM WCM, or blank)",
        "P!I4: “31.04.1990” is not a date in the calendar",
    ]
    d, e = result.tournament.players
    assert (d.rating, d.title, d.birth) == (3000, "WFM", BirthDate(1985))
    assert (e.federation, e.fide_id, e.record.k, e.record.games, e.birth) == ("ESP", 99999999999, 1, 99999, None)


@pytest.mark.parametrize(
    ("value", "error"),
    [
        (Unreadable.ERROR_VALUE, UnreadableCellError), (dt.date(2024, 1, 2), CellKindError), (True, CellKindError),
        ("abc", CellFormError), (2350.5, CellFormError), (5000, CellRangeError), ("3 100", CellRangeError),
    ],
)  # fmt: skip
def test_a_cell_that_cannot_be_read_raises_its_own_error(value: CellValue, error: type[CellError]) -> None:
    with pytest.raises(error):
        cells.rating(value)
    assert issubclass(error, CellError) and issubclass(CellError, ValueError)


def test_a_start_rank_used_twice() -> None:
    sheet = grid("P", [["No", "Name"], [1, "A"], [1, "B"], ["x", "C"]])
    result = build([sheet], propose([sheet]))
    assert problems(result) == ["P!A3: start rank 1 is already used in P!A2", 'P!A4: "x" is not a start rank']
    assert (result.rows_imported, result.rows_skipped) == (1, 2)


def test_the_preview_follows_the_mapping() -> None:
    grids = _club_template()
    plan = propose(grids).players  # type: ignore[arg-type]
    assert plan is not None
    rows = preview_rows(grids[0], plan, limit=4)  # type: ignore[arg-type]
    assert [(row.row, row.status) for row in rows] == [(4, "import"), (5, "import"), (7, "skip"), (8, "skip")]
    assert [cell.shown for cell in rows[0].cells] == [
        "1", "Huber, Anna", "WFM", "GER", "4611234", "2150", "1990-05-12", "w"
    ]  # fmt: skip
    assert rows[2].cells[5].problem == "the date 2024-03-01, not a rating"
    # the user maps the rating column to "ignore": the row is fine now
    columns = list(plan.columns)
    columns[5] = Column(Field.IGNORE)
    changed = SheetPlan(plan.sheet, plan.layout, plan.header_row, tuple(columns))
    assert preview_rows(grids[0], changed, limit=4)[2].status == "import"  # type: ignore[arg-type]


# ---------------------------------------------------------------------------------------------- b) round robin


def _grid_book() -> list[object]:
    book = workbook(("Kreuztabelle", [
        ["Stadtmeisterschaft 2024 – Gruppe A"],
        [None],
        ["Nr.", "Name", "Elo", 1, 2, 3, 4, 5, "Punkte", "Platz"],
        [1, "Adler", 2100, "X", "1", "½", 1, "0", 2.5, 1],
        [2, "Bauer", "1 980", 0, "x", "=", "1", "½", 2, 2],
        [3, "Christ", None, "½", "½", None, "0,5", "+", 2.5, 1],
        [4, "Dorn", 1750, 0, 0, "1/2-", "X", 1, 1, 4],
        [5, "Ernst", 1800, "1", "½", "-", 0, "*", 1.5, 3],
        [None, "Summe", None, None, None, None, None, None, 10],
    ]))  # fmt: skip
    book["Kreuztabelle"].merge_cells("A1:J1")
    return read_grids(book)  # type: ignore[return-value]


def test_a_round_robin_grid() -> None:
    grids = _grid_book()
    plan = propose(grids)  # type: ignore[arg-type]
    assert plan.results is not None and plan.results.layout is Layout.ROUND_ROBIN and plan.players is None
    result = build(grids, plan)  # type: ignore[arg-type]
    assert problems(result) == [
        'Kreuztabelle!9: a totals row ("Summe"), not a player: not imported',
        'Kreuztabelle!F7: "1/2-" is not a result (1, ½, 0, =, +, -): the game is not imported',
    ]
    assert (result.rows_imported, result.rows_skipped) == (5, 1)
    tournament = result.tournament
    assert tournament.info.system is System.ROUND_ROBIN
    assert list(pairing_problems(tournament.players)) == []
    adler = tournament.player(1)
    assert (adler.rating, adler.points, adler.rank) == (2100, Fraction(5, 2), 1)
    # Berger rounds for 5 players (6 with the dummy): 1-2 in round 2, 1-5 in round 5; colours unknown
    assert adler.rounds == (E(2, 2, None, R.WIN), E(3, 3, None, R.DRAW), E(4, 4, None, R.WIN), E(5, 5, None, R.LOSS))
    # Christ's "+" against Ernst is mirrored by Ernst's "-"; the bad cell drops Christ - Dorn at both ends
    assert tournament.player(3).rounds == (E(2, 5, None, R.FORFEIT_WIN), E(3, 1, None, R.DRAW), E(4, 2, None, R.DRAW))
    assert tournament.player(2).rating == 1980 and tournament.player(3).rating is None


def test_grid_cells_that_do_not_mirror_and_a_double_round_robin() -> None:
    sheet = grid("RR", [["No", "Name", 1, 2, 3], [1, "A", "x", "1 ½", "10"], [2, "B", "0 ½", "x", "½½"],
                        [3, "C", "1", "½ ½", "x"]])  # fmt: skip
    result = build([sheet], propose([sheet]))
    assert problems(result) == [
        'RR!E2: "10" is not mirrored by "1" (RR!C4): the game is not imported',
        'RR!C4: "1" is not mirrored by "10" (RR!E2): the game is not imported',
    ]
    tournament = result.tournament
    assert tournament.info.system is System.DOUBLE_ROUND_ROBIN
    # 3 players (4 with the dummy): 1-2 in round 2 and 5, 2-3 in round 1 and 4
    assert tournament.player(2).rounds == (
        E(1, 3, None, R.DRAW), E(2, 1, None, R.LOSS), E(4, 3, None, R.DRAW), E(5, 1, None, R.DRAW),
    )  # fmt: skip


def test_a_grid_filled_above_the_diagonal_only() -> None:
    sheet = grid("RR", [["No", "Name", 1, 2, 3], [1, "A", None, "1", "0"], [2, "B", None, None, "="], [3, "C"]])
    result = build([sheet], propose([sheet]))
    assert result.problems == ()
    assert result.tournament.player(3).rounds == (E(1, 2, None, R.DRAW), E(3, 1, None, R.WIN))


# ---------------------------------------------------------------------------------------------- c) Swiss table


@pytest.mark.parametrize(
    ("text", "entry"),
    [
        ("12w1", E(3, 12, "w", R.WIN)), ("5b½", E(3, 5, "b", R.DRAW)), ("7b0", E(3, 7, "b", R.LOSS)),
        ("12w+", E(3, 12, "w", R.FORFEIT_WIN)), ("12b-", E(3, 12, "b", R.FORFEIT_LOSS)),
        ("12w=", E(3, 12, "w", R.DRAW)), ("12b0.5", E(3, 12, "b", R.DRAW)), ("12 B 0,5", E(3, 12, "b", R.DRAW)),
        ("12W1/2", E(3, 12, "w", R.DRAW)), ("12s1", E(3, 12, "b", R.WIN)), ("12n0", E(3, 12, "b", R.LOSS)),
        ("12б1", E(3, 12, "w", R.WIN)), ("12ч0", E(3, 12, "b", R.LOSS)), ("12½", E(3, 12, None, R.DRAW)),
        ("12w(1)", E(3, 12, "w", R.WIN_UNPLAYED)), ("12b(½)", E(3, 12, "b", R.DRAW_UNPLAYED)),
        ("12w", E(3, 12, "w", R.PENDING)), ("12w?", E(3, 12, "w", R.PENDING)), ("12b−", E(3, 12, "b", R.FORFEIT_LOSS)),
        ("+12W", E(3, 12, "w", R.WIN)), ("-12B", E(3, 12, "b", R.LOSS)), ("=7w", E(3, 7, "w", R.DRAW)),
        ("-1", E(3, None, None, R.PAIRING_BYE)), ("bye", E(3, None, None, R.PAIRING_BYE)),
        ("+", E(3, None, None, R.PAIRING_BYE)), ("bye 1", E(3, None, None, R.FULL_BYE)),
        ("-½", E(3, None, None, R.HALF_BYE)), ("-0.5", E(3, None, None, R.HALF_BYE)),
        ("-0", E(3, None, None, R.ZERO_BYE)), ("-", E(3, None, None, R.ZERO_BYE)), ("0F", E(3, None, None, R.ZERO_BYE)),
        ("1F", E(3, None, None, R.FULL_BYE)), ("H", E(3, None, None, R.HALF_BYE)),
        ("-+", E(3, None, None, R.FORFEIT_WIN)),
        (-1, E(3, None, None, R.PAIRING_BYE)), (-0.5, E(3, None, None, R.HALF_BYE)), (None, None), ("  ", None),
    ],
)  # fmt: skip
def test_swiss_cells(text: object, entry: RoundEntry | None) -> None:
    assert swiss_cell(text, 3) == entry  # type: ignore[arg-type]


def test_a_games_score_in_a_cell_is_read_by_core_values() -> None:
    """The score part of a grid or Swiss cell is a game's result as core.values reads it everywhere; the
    crosstable's own marks (+, -, (1), ?) are read beside it."""
    assert grid_cell("w ½") == grid_cell("1 0.5") == (R.WIN, R.DRAW)
    assert grid_cell("0-1") == (R.LOSS,) and grid_cell("(½) -") == (R.DRAW_UNPLAYED, R.FORFEIT_LOSS)
    assert grid_cell("1½") == (R.WIN, R.DRAW) and grid_cell("?+") == (R.PENDING, R.FORFEIT_WIN)
    assert swiss_cell("12w.5", 1) == E(1, 12, "w", R.DRAW)
    with pytest.raises(CellFormError, match="has no opponent"):
        swiss_cell("win", 1)


def _swiss_book() -> list[object]:
    book = workbook(("Endstand", [
        ["Open 2024", None, None, None, "Final crosstable"],
        ["Rk.", "SNo", "Name", "FED", "Rtg", "1.Rd", "2.Rd", "3.Rd", "Pts."],
        [1, 1, "A", "GER", 2200, "3w1", "2b½", "4w+", 2.5],
        [2, 2, "B", "FRA", "2,100", "4b1", "1w½", "-1", 2.5],
        [],
        [3, 3, "C", "ESP", 2000, "1b0", "4w1", "bye", 2],
        [4, 4, "D", "RUS", 1900, "2w0", "3b1", "1b-", 1],
        [5, 5, "E", "ITA", "", "-½", "6w1", "7b1", 0],
        [6, 6, "F", None, "abc", "-0", "5b0", "12x1", 0],
        [7, 7, "G", None, None, None, "1", "5w0", 0],
        [None, None, "Total", None, None, None, None, None, 9],
    ]))  # fmt: skip
    return read_grids(book)  # type: ignore[return-value]


def test_a_swiss_table() -> None:
    grids = _swiss_book()
    plan = propose(grids)  # type: ignore[arg-type]
    assert plan.results is not None and plan.results.layout is Layout.SWISS_TABLE
    assert plan.results.header_row == 1
    result = build(grids, plan)  # type: ignore[arg-type]
    assert problems(result) == [
        'Endstand!E9: "abc" is not a rating',
        'Endstand!H9: "12x1" is not a round (12w1, 5b½, 7b0, 12w+, 12b-, -1 or bye, -½, -0)',
        'Endstand!G10: "1" has no opponent: write the game as 12w1, a bye as -1, -½ or -0',
        'Endstand!11: a totals row ("Total"), not a player: not imported',
        'Endstand!G6: "4w1" is not mirrored by player 4\'s "3b1" (Endstand!G7)',
        'Endstand!G7: "3b1" is not mirrored by player 3\'s "4w1" (Endstand!G6)',
        'Endstand!G8: "6w1": player 6 is not imported (Endstand!9), nor is this game',
    ]
    assert (result.rows_imported, result.rows_skipped) == (6, 2)
    tournament = result.tournament
    assert list(pairing_problems(tournament.players)) == []
    assert tournament.player(1).rounds == (E(1, 3, "w", R.WIN), E(2, 2, "b", R.DRAW), E(3, 4, "w", R.FORFEIT_WIN))
    assert tournament.player(2).rating == 2100
    assert tournament.player(2).rounds[2] == E(3, None, None, R.PAIRING_BYE)
    assert tournament.player(3).rounds == (E(1, 1, "b", R.LOSS), E(3, None, None, R.PAIRING_BYE))
    assert tournament.player(7).rounds == (E(3, 5, "w", R.LOSS),)
    assert tournament.player(5).rounds == (E(1, None, None, R.HALF_BYE), E(3, 7, "b", R.WIN))
    assert [p.start_rank for p in tournament.players] == [1, 2, 3, 4, 5, 7]


def test_both_players_with_white() -> None:
    sheet = grid("S", [["No", "Name", "R1"], [1, "A", "2w1"], [2, "B", "1w0"]])
    result = build([sheet], propose([sheet]))
    assert problems(result) == [
        'S!C2: "2w1": player 2 also has white in round 1 (S!C3)',
        'S!C3: "1w0": player 1 also has white in round 1 (S!C2)',
    ]
    assert all(p.rounds == () for p in result.tournament.players)


# ---------------------------------------------------------------------------------------------- d) pairings


def _pairings_book() -> list[object]:
    book = workbook(
        ("Spieler", [["Teilnehmerliste"], ["Nr.", "Name", "Elo"], [1, "Adler", 2100], [2, "Bauer", 2000],
                     [3, "Christ", 1900], [4, "Dorn", None], [5, "Ernst", 1800]]),
        ("Paarungen", [
            ["Runde 1"],
            ["Brett", "Weiß", "Schwarz", "Ergebnis"],
            [1, "Adler", "Bauer", "1-0"],
            [2, "Christ", "Dorn", "1/2-1/2"],
            [3, "Ernst", "spielfrei", "1"],
            [],
            ["Runde 2"],
            ["Brett", "Weiß", "Schwarz", "Ergebnis"],
            [1, "Bauer", "Christ", "0-1"],
            [2, "Dorn", "Ernst", "+--"],
            [3, "Adler", None, "bye ½"],
            [],
            ["3. Runde"],
            [1, 3, 1, "½-½"],
            [2, "Ernst", "Bauer", "1/2-"],
            [3, "Dorn", "Müller", "0-1"],
            [4, "Ernst", "Dorn", "--+"],
            [5, 2, 5, "0-0"],
        ]),
    )  # fmt: skip
    return read_grids(book)  # type: ignore[return-value]


def test_pairings_with_a_player_list_and_round_titles() -> None:
    grids = _pairings_book()
    plan = propose(grids)  # type: ignore[arg-type]
    assert plan.results is not None and plan.results.layout is Layout.PAIRINGS and plan.results.sheet == "Paarungen"
    assert plan.players is not None and plan.players.sheet == "Spieler"
    result = build(grids, plan)  # type: ignore[arg-type]
    assert problems(result) == [
        'Paarungen!D15: "1/2-" is not a result (1-0, ½-½, 0-1, +--, --+, 0-0, blank)',
        'Paarungen!C16: "Müller" is not in the player list',
        "Paarungen!C18: player 5 already plays in round 3 (Paarungen!17)",
    ]
    assert (result.rows_imported, result.rows_skipped) == (5 + 8, 3)
    t = result.tournament
    assert list(pairing_problems(t.players)) == []
    # each game on its Brett (a bye on none, whatever the column says)
    assert t.player(1).rounds == (E(1, 2, "w", R.WIN, 1), E(2, None, None, R.HALF_BYE), E(3, 3, "b", R.DRAW, 1))
    assert t.player(5).rounds == (E(1, None, None, R.PAIRING_BYE), E(2, 4, "b", R.FORFEIT_LOSS, 2),
                                  E(3, 4, "w", R.FORFEIT_LOSS, 4))  # fmt: skip
    assert t.player(2).rounds == (E(1, 1, "b", R.LOSS, 1), E(2, 3, "w", R.LOSS, 1))
    assert t.info.system is System.SWISS


def test_pairings_alone_make_their_players() -> None:
    sheet = grid("Round 4", [["White", "Black", "Result"], ["Kim", "Lee", "0-1"], ["Lee", "Kim", "1-0 u"]])
    result = build([sheet], propose([sheet]))
    assert problems(result) == ["'Round 4'!A3: player 2 already plays in round 4 ('Round 4'!2)"]
    assert [(p.start_rank, p.name, p.rounds) for p in result.tournament.players] == [
        (1, "Kim", (E(4, 2, "w", R.LOSS, 1),)), (2, "Lee", (E(4, 1, "b", R.WIN, 1),))
    ]  # fmt: skip


def test_pairings_with_chess_results_numbers_beside_the_names() -> None:
    header = ["Bo.", "No.", "White", "Rtg", "Result", "Black", "Rtg", "No."]
    sheet = grid("P", [header, [1, 3, "C", 1900, "1 - 0", "A", 2100, 1], [2, 2, "B", 2000, "½ - ½", "D", 1800, 4]])
    assert fields(map_columns(sheet, 0)) == [
        Field.BOARD, Field.WHITE, Field.WHITE_NAME, Field.WHITE_RATING, Field.RESULT, Field.BLACK_NAME,
        Field.BLACK_RATING, Field.BLACK,
    ]  # fmt: skip
    result = build([sheet], propose([sheet]))
    assert result.problems == ()
    assert result.tournament.player(3).rounds == (E(1, 1, "w", R.WIN, 1),)
    assert {p.start_rank: p.rating for p in result.tournament.players} == {3: 1900, 1: 2100, 2: 2000, 4: 1800}


def test_parse_board_and_bye_results() -> None:
    assert parse_board_result("1/2-1/2") == (R.DRAW, R.DRAW)
    assert parse_board_result(" 0 – 1 ") == (R.LOSS, R.WIN)
    assert parse_board_result("0-0") == parse_board_result("-/-") == (R.FORFEIT_LOSS, R.FORFEIT_LOSS)
    assert parse_board_result("") == (R.PENDING, R.PENDING)
    for code, text in BOARD_TEXT.items():
        if code.is_bye:
            assert parse_bye_result(text) is code
        else:
            assert parse_board_result(text)[0] is code
    with pytest.raises(ValueError, match="is not a result"):
        parse_board_result("1/2-")
    assert parse_bye_result("1") is R.PAIRING_BYE and parse_bye_result("bye 1") is R.FULL_BYE


# ---------------------------------------------------------------------------------------------- the contract


def _example() -> Tournament:
    info = EventInfo("Open", "Bern", "SUI", dt.date(2024, 1, 2), dt.date(2024, 1, 5), "A. Arbiter", "90+30",
                     System.SWISS, RatingKind.RAPID)  # fmt: skip
    return Tournament(info, (
        Player(1, "Smith, John", 2350, "m", "GM", "ENG", 123, BirthDate(1985, 3), Fraction(3, 2), 1,
               (E(1, 2, "w", R.WIN), E(2, None, None, R.HALF_BYE), E(3, 3, None, R.DRAW)),
               PlayerRecord(30, True, 20, 2300)),
        Player(2, "Müller, Jörg", None, "", "", "", None, BirthDate(1990), None, None,
               (E(1, 1, "b", R.LOSS), E(3, 4, "b", R.FORFEIT_LOSS))),
        Player(3, "Иванов", 1500, "w", rounds=(E(3, 1, None, R.DRAW),), record=PlayerRecord(ever_2400=False)),
        Player(4, "D", birth=BirthDate(2001, 2, 3),
               rounds=(E(3, 2, "w", R.FORFEIT_LOSS), E(4, None, None, R.ZERO_BYE))),
    ))  # fmt: skip


def test_fidedesk_workbook_round_trip() -> None:
    tournament = _example()
    grids = read_grids(contract_workbook(tournament))
    plan = propose(grids)
    assert plan.event_sheet == "Event"
    assert plan.players is not None and plan.players.sheet == "Players"
    assert plan.results is not None and plan.results.sheet == "Rounds" and plan.results.layout is Layout.PAIRINGS
    result = build(grids, plan)
    assert result.problems == ()
    assert result.tournament == number_boards(tournament)  # each game on the board the Rounds sheet gives
    assert (result.rows_imported, result.rows_skipped) == (4 + 5, 0)


def test_info_given_replaces_the_event_sheet() -> None:
    grids = read_grids(contract_workbook(_example()))
    info = EventInfo("Other")
    assert build(grids, propose(grids), info=info).tournament.info == info


def test_a_crosstable_sheet_alone_still_imports() -> None:
    grids = [g for g in read_grids(contract_workbook(_example())) if g.name == "Crosstable"]
    sheet = grid("Crosstable", [["No", "Name", "1.Rd", "2.Rd"], [1, "A", "2w1", "-½"], [2, "B", "1b0", "-1"]])
    plan = propose([sheet])
    assert plan.results is not None and plan.results.layout is Layout.SWISS_TABLE
    assert build([sheet], plan).tournament.player(2).rounds == (E(1, 1, "b", R.LOSS), E(2, None, None, R.PAIRING_BYE))
    assert propose(grids).players is not None  # a plain list of names and points


def test_unreadable_cells_in_results() -> None:
    sheet = grid("R", [["White", "Black", "Result"], ["A", "B", Unreadable.FORMULA_WITHOUT_VALUE],
                       ["A", "B", dt.datetime(2024, 1, 2)]])  # fmt: skip
    result = build([sheet], propose([sheet]))
    assert problems(result) == [
        "R!C2: a formula without a saved result: open the file in Excel or LibreOffice and save it",
        "R!C3: the date 2024-01-02, not a result: format the column as text",
    ]
    assert (result.rows_imported, result.rows_skipped) == (0, 2)


def test_a_plan_naming_a_missing_sheet_is_a_programming_error() -> None:
    with pytest.raises(ValueError, match="not in the workbook"):
        build([], ImportPlan(SheetPlan("Nope", Layout.PAIRINGS, 0, ()), None, None))


_NAMES = (
    st.text(st.characters(codec="utf-8", categories=("L", "N", "Zs", "P")), min_size=1, max_size=20)
    .map(lambda s: " ".join(s.split()))
    .filter(bool)
)
_PAIRED = [("1", "0"), ("0", "1"), ("=", "="), ("+", "-"), ("-", "+"), ("-", "-"), ("W", "L"), ("L", "W"), ("D", "D"),
           ("?", "?")]  # fmt: skip


@st.composite
def _tournaments(draw: st.DrawFn) -> Tournament:
    ranks = draw(st.lists(st.integers(1, 500), unique=True, min_size=1, max_size=7))
    entries: dict[int, list[RoundEntry]] = {rank: [] for rank in ranks}
    for round_ in sorted(draw(st.lists(st.integers(1, 12), unique=True, max_size=4))):
        order = draw(st.permutations(ranks))
        pairs = draw(st.integers(0, len(order) // 2))
        for a, b in zip(order[: 2 * pairs : 2], order[1 : 2 * pairs : 2], strict=True):
            first, second = draw(st.sampled_from(_PAIRED))
            colours = draw(st.sampled_from([("w", "b"), ("b", "w"), (None, None)]))
            entries[a].append(E(round_, b, colours[0], R(first)))
            entries[b].append(E(round_, a, colours[1], R(second)))
        for single in order[2 * pairs :]:
            if draw(st.booleans()):
                entries[single].append(E(round_, None, None, R(draw(st.sampled_from("HFUZ+-")))))
    births = (
        st.none()
        | st.builds(BirthDate, st.integers(1900, 2020))
        | st.dates(dt.date(1900, 1, 1), dt.date(2020, 12, 31)).map(lambda d: BirthDate(d.year, d.month, d.day))
    )
    players = tuple(
        Player(
            start_rank=rank,
            name=draw(_NAMES),
            rating=draw(st.none() | st.integers(RATING_IN_FILE.low, RATING_IN_FILE.high)),
            sex=draw(st.sampled_from(["", "m", "w"])),
            title=draw(st.sampled_from(["", "GM", "IM", "WFM", "CM"])),
            federation=draw(st.sampled_from(["", "GER", "FRA", "RUS"])),
            fide_id=draw(st.none() | st.integers(1, 10**10)),
            birth=draw(births),
            points=draw(st.none() | st.integers(0, 40).map(lambda n: Fraction(n, 2))),
            rank=draw(st.none() | st.integers(0, 1000)),
            rounds=tuple(entries[rank]),
            record=PlayerRecord(
                games=draw(st.none() | st.integers(0, 5000)),
                ever_2400=draw(st.none() | st.booleans()),
                k=draw(st.none() | st.integers(1, 100)),
                standard_rating=draw(st.none() | st.integers(RATING_IN_FILE.low, RATING_IN_FILE.high)),
            ),
        )
        for rank in ranks
    )
    info = EventInfo(
        name=draw(_NAMES | st.just("")),
        city=draw(_NAMES | st.just("")),
        start=draw(st.none() | st.dates(dt.date(1950, 1, 1), dt.date(2100, 1, 1))),
        time_control=draw(st.sampled_from(["", "90+30", "G/60"])),
        system=draw(st.sampled_from(System)),
        kind=draw(st.sampled_from(RatingKind)),
        arbiter_fide_id=draw(st.none() | st.integers(1, 10**10)),
        arbiter_licence=draw(st.none() | st.sampled_from(ArbiterLicence)),
        organiser=draw(_NAMES | st.just("")),
        event_type=draw(st.sampled_from(EventType)),
        rounds_a_day=draw(st.none() | st.integers(1, 99)),
    )
    return Tournament(info, players)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_tournaments())
def test_any_tournament_survives_the_fidedesk_workbook(tournament: Tournament) -> None:
    grids = read_grids(contract_workbook(tournament))
    result = build(grids, propose(grids))
    assert result.problems == ()
    assert result.tournament == number_boards(tournament)  # each game on the board the Rounds sheet gives


# --- any grid at all ---------------------------------------------------------------------------------------

_HEADER_WORDS = ["No", "Name", "Rtg", "Elo", "FIDE ID", "Fed", "Born", "Sex", "Title", "R1", "2.Rd", "1", "2",
                 "White", "Black", "Result", "Round", "Pts", "Rank", "Total", "Vorname", "Игрок", ""]  # fmt: skip
_CELL_TEXTS = ["12w1", "5b½", "-", "-1", "+", "bye", "1-0", "½-½", "0-0", "X", "1", "0", "½", "2,350", "abc",
               "=1+1", "1990-05-17", "32.13.1990", "GM", "  ", "?", "1 ½", "--+", "3w", "w1",
               "99999999999"]  # fmt: skip
_values = st.one_of(
    st.none(),
    st.sampled_from(_HEADER_WORDS + _CELL_TEXTS),
    st.text(max_size=12),
    st.integers(min_value=-(10**12), max_value=10**12),
    st.floats(allow_nan=False, allow_infinity=False),
    st.booleans(),
    st.dates(),
    st.sampled_from(list(Unreadable)),
)


@settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", "300")), deadline=None)
@given(st.lists(st.lists(_values, min_size=0, max_size=9), min_size=0, max_size=14), st.integers(0, 3))
def test_any_grid_ends_in_a_tournament_and_problems_never_an_exception(rows: list[list[CellValue]], pick: int) -> None:
    """The importer's fuzz: whatever a sheet holds, proposing, previewing and building never raise."""
    sheet = grid("Fuzz", rows)
    plan = propose([sheet])
    main = plan.results or plan.players
    if main is not None:
        preview_rows(sheet, main)
        result = build([sheet], plan)
        assert result.rows_imported >= len(result.tournament.players) or plan.results is not None
        for layout in Layout:  # the wizard lets the user force any layout on the sheet
            forced = ImportPlan(dataclasses.replace(main, layout=layout), None, None)
            if layout is Layout.PLAYER_LIST:
                forced = ImportPlan(None, dataclasses.replace(main, layout=layout), None)
            build([sheet], forced)
    if rows:
        header = pick % len(rows)
        columns = map_columns(sheet, header)
        detect_layout(sheet, header, columns)


def test_the_event_sheets_federation_is_read_as_every_other_front_end_reads_it() -> None:
    """A workbook's event said "Germany": imported, the tournament then could not be saved (.fidedesk checks it)."""
    from fidedesk.io.excel.importing.event import read_event  # the event sheet alone

    good, problems = read_event(SheetGrid("Event", (("Federation", "ger"),)))
    assert good.federation == "GER" and problems == ()
    bad, problems = read_event(SheetGrid("Event", (("Name", "Open"), ("Federation", "Germany"))))
    assert bad.federation == "" and bad.name == "Open"
    assert [str(problem) for problem in problems] == [
        "Event!B2: “Germany” is not a federation (three letters: GER, ESP, ENG)"
    ]
