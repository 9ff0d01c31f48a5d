"""Issue 13 for Excel: nothing a workbook holds is lost or misread without a word.

Details written beside White and Black are kept on the players; a workbook with a sheet per round is read
round by round; a sheet cut at a size limit is refused naming the sheet and the limit; one start number with
two names is refused naming both cells. Each of these imported silently before (all exit 0).
"""

from __future__ import annotations

import dataclasses
import io
import json
from pathlib import Path

import pytest

from fidedesk.cli import main
from fidedesk.core.results import ResultCode as R
from fidedesk.core.tournament import RoundEntry as E
from fidedesk.core.values import ROUND_RANGE
from fidedesk.io.excel.grid import SheetGrid
from fidedesk.io.excel.importing import Field, build, map_columns, propose, sheet_rounds
from fidedesk.io.excel.read import MAX_CELLS, MAX_COLUMNS, MAX_ROWS, read_workbook
from fidedesk.io.plain_words import Plain
from tests.bounds import MB
from tests.io.test_xlsx_hostile import bounded, excel_like
from tests.xlsx_builders import grid, read_grids, workbook

#: What fidedesk-cli says first of a workbook it refuses for its problems (issue 29).
MISTAKES = Plain.SHEET_MISTAKES.value


def problems(grids: list[SheetGrid]) -> list[str]:
    return [str(problem) for problem in build(grids, propose(grids)).problems]


# ------------------------------------------------------------------------------- details beside the sides


def test_a_rtg_column_after_white_and_after_black_rates_both_players() -> None:
    sheet = grid(
        "Round 1",
        [
            ["Bo.", "White", "Rtg", "Result", "Black", "Rtg"],
            [1, "Adler", 2100, "1-0", "Bauer", 1950],
            [2, "Christ", None, "½-½", "Dorn", 1800],
        ],
    )
    result = build([sheet], propose([sheet]))
    assert result.problems == ()
    ratings = {player.name: player.rating for player in result.tournament.players}
    assert ratings == {"Adler": 2100, "Bauer": 1950, "Christ": None, "Dorn": 1800}  # before: all None


def test_titles_federations_and_fide_ids_beside_the_sides_are_kept() -> None:
    header = ["No.", "White", "Tit", "Fed", "FIDE ID", "White Rtg", "Res.", "No.", "Black", "Tit", "Fed", "FIDE ID"]
    rows = [header, [1, "Adler", "gm", "ger", 4600010, 2600, "0-1", 2, "Bauer", "IM", "AUT", 1600020]]
    sheet = grid("Pairings", rows)
    assert [c.field for c in map_columns(sheet, 0)] == [
        Field.WHITE, Field.WHITE_NAME, Field.WHITE_TITLE, Field.WHITE_FEDERATION, Field.WHITE_FIDE_ID,
        Field.WHITE_RATING, Field.RESULT, Field.BLACK, Field.BLACK_NAME, Field.BLACK_TITLE, Field.BLACK_FEDERATION,
        Field.BLACK_FIDE_ID,
    ]  # fmt: skip
    result = build([sheet], propose([sheet]))
    assert result.problems == ()
    adler, bauer = result.tournament.players
    assert (adler.title, adler.federation, adler.fide_id, adler.rating) == ("GM", "GER", 4600010, 2600)
    assert (bauer.title, bauer.federation, bauer.fide_id, bauer.rating) == ("IM", "AUT", 1600020, None)


def test_one_player_with_two_ratings_is_refused_naming_both_cells() -> None:
    sheet = grid(
        "Pairings",
        [
            ["Round", "White", "Rtg", "Black", "Rtg", "Result"],
            [1, "Adler", 2100, "Bauer", 1950, "1-0"],
            [2, "Bauer", 1950, "Adler", 2150, "0-1"],
        ],
    )
    assert problems([sheet]) == ["Pairings!E3: player 1's rating is 2100 in Pairings!C2 and 2150 here: which is it?"]


def test_a_rating_beside_a_board_is_checked_against_the_player_list() -> None:
    players = grid("Players", [["No", "Name", "Rtg"], [1, "Adler", 2100], [2, "Bauer", None]])
    rounds = grid("Round 1", [["White", "Rtg", "Black", "Rtg", "Result"], [1, 2000, 2, 1700, "1-0"]])
    assert problems([players, rounds]) == [
        "'Round 1'!B2: player 1's rating is 2100 in Players!C2 and 2000 here: which is it?"
    ]
    rounds = grid("Round 1", [["White", "Rtg", "Black", "Rtg", "Result"], [1, 2100, 2, 1700, "1-0"]])
    result = build([players, rounds], propose([players, rounds]))
    assert result.problems == ()
    assert [player.rating for player in result.tournament.players] == [2100, 1700]  # the list left it blank


# ------------------------------------------------------------------------------------ a sheet per round


def _round_sheets() -> list[SheetGrid]:
    book = workbook(
        ("Players", [["No", "Name", "Rtg"], [1, "Adler", 2100], [2, "Bauer", 2000], [3, "Christ", 1900],
                     [4, "Dorn", 1800]]),
        ("R1", [["Board", "White", "Black", "Result"], [1, 1, 3, "1-0"], [2, 4, 2, "0-1"]]),
        ("R2", [["Board", "White", "Black", "Result"], [1, 2, 1, "½-½"], [2, 3, 4, "1-0"]]),
        ("Round 3", [["Board", "White", "Black", "Result"], [1, 1, 4, "1-0"], [2, 2, 3, "0-1"]]),
    )  # fmt: skip
    return read_grids(book)


def test_a_workbook_with_a_sheet_per_round_is_read_round_by_round() -> None:
    grids = _round_sheets()
    plan = propose(grids)
    assert plan.results is not None and plan.results.sheet == "R1"
    assert [more.sheet for more in plan.more_rounds] == ["R2", "Round 3"]
    result = build(grids, plan)
    assert result.problems == ()
    t = result.tournament
    assert t.last_round == 3  # before: round 1 only
    # each game on its sheet's Board (issue 13, item 2)
    assert t.player(1).rounds == (E(1, 3, "w", R.WIN, 1), E(2, 2, "b", R.DRAW, 1), E(3, 4, "w", R.WIN, 1))
    assert t.player(3).rounds == (E(1, 1, "b", R.LOSS, 1), E(2, 4, "w", R.WIN, 2), E(3, 2, "b", R.WIN, 2))
    assert (result.rows_imported, result.rows_skipped) == (4 + 6, 0)


def test_the_wizard_names_the_round_a_title_line_gives_a_sheet() -> None:
    """Found in review: a sheet "R3" whose title line says "Round 2" is read as round 2, and the wizard said
    "as round 3"; it now leaves the round to the sheet, as it does for a Round column."""
    book = workbook(
        ("R1", [["Board", "White", "Black", "Result"], [1, 1, 3, "1-0"], [2, 4, 2, "0-1"]]),
        ("R3", [["Board", "White", "Black", "Result"], ["Round 2"], [1, 2, 1, "½-½"], [2, 3, 4, "1-0"]]),
    )
    grids = read_grids(book)
    plan = propose(grids)
    assert sheet_rounds(plan, {grid.name: grid for grid in grids}) == (("R1", 1), ("R3", None))
    assert build(grids, plan).tournament.player(2).rounds[-1].round == 2


def test_a_sheet_named_as_a_round_without_pairings_is_an_error_naming_it() -> None:
    grids = [*_round_sheets(), grid("R4", [["Round 4 is on Sunday"]]), grid("R5", [])]
    assert problems(grids) == ["R4: looks like round 4 but is not read: it has no pairings (White, Black, Result)"]
    plan = propose(grids)
    left_out = dataclasses.replace(plan, more_rounds=plan.more_rounds[1:])
    assert [str(problem) for problem in build(grids, left_out).problems] == [
        "R2: looks like round 2 but is not read: its pairings are left out of the import",
        "R4: looks like round 4 but is not read: it has no pairings (White, Black, Result)",
    ]


def test_the_command_line_rates_every_round_sheet(tmp_path: Path) -> None:
    book = workbook(
        ("Players", [["No", "Name", "Rtg"], [1, "Adler", 2100], [2, "Bauer", 2000]]),
        ("R1", [["White", "Black", "Result"], [1, 2, "1-0"]]),
        ("R2", [["White", "Black", "Result"], [2, 1, "1-0"]]),
    )
    path = tmp_path / "rounds.xlsx"
    book.save(path)
    out = io.StringIO()
    assert main(["rate", str(path), "--json"], out) == 0
    assert [player["n"] for player in json.loads(out.getvalue())["players"]] == [2, 2]  # before: 1 game each


# ------------------------------------------------------------------------------ one number, two names


def test_one_start_number_with_two_names_is_refused_naming_both_cells() -> None:
    sheet = grid(
        "Pairings",
        [
            ["Round", "No.", "White", "Result", "Black", "No."],
            [1, 1, "Adler", "1-0", "Bauer", 2],
            [1, 3, "Christ", "0-1", "Dorn", 5],
            [2, 5, "Ernst", "½-½", "Adler", 1],
        ],
    )
    assert problems([sheet]) == [
        'Pairings!C4: start rank 5 is "Dorn" in Pairings!E3 and "Ernst" here: one number, two names'
    ]  # before: Dorn and Ernst were one player


def test_a_board_left_out_gives_its_player_no_name() -> None:
    """Found in review: a line skipped (its player already paired in the round) still named the player."""
    sheet = grid(
        "Pairings",
        [
            ["Round", "No.", "White", "Result", "Black", "No."],
            [1, 1, "", "1-0", "", 2],
            [1, 1, "Smith", "0-1", "", 3],
        ],
    )
    result = build([sheet], propose([sheet]))
    assert [str(problem) for problem in result.problems] == [
        "Pairings!B3: player 1 already plays in round 1 (Pairings!2)"
    ]
    assert result.tournament.player(1).name == ""


# --------------------------------------------------------------------------------------- size limits


def _players_with_a_note_far_right(count: int) -> bytes:
    """A player list of ``count`` rows and a note in column ALL (the 1,000th): 1,000 cells a row."""
    header = (
        b'<row r="1"><c r="A1" t="inlineStr"><is><t>No</t></is></c><c r="B1" t="inlineStr"><is><t>Name</t></is></c>'
    )
    header += b'<c r="ALL1" t="inlineStr"><is><t>note</t></is></c></row>'
    rows = b"".join(
        b'<row r="%d"><c r="A%d"><v>%d</v></c><c r="B%d" t="inlineStr"><is><t>P%d</t></is></c></row>'
        % (n + 1, n + 1, n, n + 1, n)
        for n in range(1, count + 1)
    )
    return header + rows


def test_a_sheet_cut_at_the_size_limit_is_refused_naming_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = excel_like(tmp_path / "club.xlsx", {"Players": _players_with_a_note_far_right(5_000)})
    with bounded(unpacked=4 * MB, megabytes=200):
        (players,) = read_workbook(path)
    assert MAX_COLUMNS == 1_000 and len(players.rows) == MAX_CELLS // 1_000  # the header and 2,999 players
    assert players.cut == f"more cells than a workbook may hold in all ({MAX_CELLS:,}, the limit)"
    result = build([players], propose([players]))
    assert result.tournament.players == () and result.rows_imported == 0
    message = (
        f"Players: the sheet holds more cells than a workbook may hold in all ({MAX_CELLS:,}, the limit): "
        "nothing is imported"
    )
    assert [str(problem) for problem in result.problems] == [message]
    assert main(["rate", str(path)], io.StringIO()) == 2  # before: 2,999 of 5,000 players rated, exit 0
    assert capsys.readouterr().err == f"fidedesk-cli: {MISTAKES} {path}: 1 problem, nothing read:\n  {message}\n"


@pytest.mark.parametrize(
    ("sheet", "cut"),
    [
        (b'<row r="1"><c r="A1"><v>1</v></c></row><row r="%d"><c r="A%d"><v>2</v></c></row>'
         % (MAX_ROWS + 1, MAX_ROWS + 1), f"more than {MAX_ROWS:,} rows (the limit)"),
        (b'<row r="1"><c r="A1"><v>1</v></c><c r="ALM1"><v>2</v></c></row>',
         f"cells right of column ALL (more than {MAX_COLUMNS:,} columns, the limit)"),
    ],
    ids=["rows", "columns"],
)  # fmt: skip
def test_every_limit_of_a_sheet_ends_the_command_line_with_exit_2_naming_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], sheet: bytes, cut: str
) -> None:
    header = b'<row r="1"><c r="A1" t="inlineStr"><is><t>Name</t></is></c></row>'
    data = sheet.replace(b'<row r="1"><c r="A1"><v>1</v></c>', header[:-6])
    path = excel_like(tmp_path / "big.xlsx", {"Big sheet": data})
    for command in (["rate", str(path)], ["convert", str(path), str(tmp_path / "out.trf")]):
        assert main(command, io.StringIO()) == 2
        err = capsys.readouterr().err
        problem = f"Big sheet: the sheet holds {cut}: nothing is imported"
        assert err == f"fidedesk-cli: {MISTAKES} {path}: 1 problem, nothing read:\n  {problem}\n"
    assert not (tmp_path / "out.trf").exists()


# ------------------------------------------------------------------------------------------- rounds


def test_a_round_beyond_the_limit_is_refused_at_its_cell(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    beyond = f"round 120 is beyond the rounds fidedesk reads ({ROUND_RANGE}, the limit)"
    pairings = grid("Pairings", [["Round", "White", "Black", "Result"], [1, "A", "B", "1-0"], [120, "B", "A", "1-0"]])
    assert problems([pairings]) == [f"Pairings!A3: {beyond}"]
    titled = grid("Pairings", [["White", "Black", "Result"], ["A", "B", "1-0"], ["Round 120"], ["B", "A", "1-0"]])
    assert problems([titled]) == [f"Pairings!4: {beyond}"]
    swiss = grid("Swiss", [["No", "Name", "R1", "R120"], [1, "A", "2w1", "2b0"], [2, "B", "1b0", "1w1"]])
    assert problems([swiss])[:2] == [f"Swiss!D2: {beyond}", f"Swiss!D3: {beyond}"]
    book = workbook(("Pairings", [[cell for cell in row] for row in pairings.rows]))
    path = tmp_path / "rounds.xlsx"
    book.save(path)
    assert main(["rate", str(path)], io.StringIO()) == 2  # before: rated, round 120 and all
    assert (
        capsys.readouterr().err
        == f"fidedesk-cli: {MISTAKES} {path}: 1 problem, nothing read:\n  Pairings!A3: {beyond}\n"
    )


def test_a_round_robin_needing_more_rounds_than_the_limit_is_refused() -> None:
    count = ROUND_RANGE.high + 2  # 101 players: 101 rounds
    header = ["No", "Name", *range(1, count + 1)]
    rows = [
        [n, f"P{n}", *("X" if m == n else ("1" if m > n else "0") for m in range(1, count + 1))]
        for n in range(1, count + 1)
    ]
    sheet = grid("Crosstable", [header, *rows])
    result = build([sheet], propose([sheet]))
    assert [str(problem) for problem in result.problems] == [
        f"Crosstable!1: a round robin of {count} players has {count} rounds, beyond the rounds fidedesk reads "
        f"({ROUND_RANGE}, the limit): its games are not imported"
    ]
    assert len(result.tournament.players) == count and result.tournament.last_round == 0


# ------------------------------------------------------------------------- the hostile files, end to end

HOSTILE = Path(__file__).resolve().parents[1] / "data" / "hostile"


@pytest.mark.parametrize(
    ("name", "ratings"),
    [("xlsx_rtg_beside_sides.xlsx", [2100, 1950, 1900, 1800]), ("xlsx_sheet_per_round.xlsx", [2100, 2000, 1900, 1800])],
)
def test_the_hostile_workbooks_that_hold_a_tournament_are_rated_whole(name: str, ratings: list[int]) -> None:
    out = io.StringIO()
    assert main(["rate", str(HOSTILE / name), "--json"], out) == 0
    players = json.loads(out.getvalue())["players"]
    assert [player["rating"] for player in players] == ratings  # before: all unrated
    games = 2 if "rtg" in name else 3
    assert [player["n"] for player in players] == [games] * 4  # before: round 1 only


@pytest.mark.parametrize(
    ("name", "problem"),
    [
        ("xlsx_5000_players_cut.xlsx",
         f"Players: the sheet holds more cells than a workbook may hold in all ({MAX_CELLS:,}, the limit): "
         "nothing is imported"),
        ("xlsx_one_number_two_names.xlsx",
         'Pairings!C4: start rank 5 is "Dorn, Dieter" in Pairings!F3 and "Ernst, Emil" here: one number, two names'),
        ("xlsx_two_ratings.xlsx", "Pairings!E3: player 1's rating is 2100 in Pairings!C2 and 2150 here: which is it?"),
        ("xlsx_round_120.xlsx",
         f"Pairings!A3: round 120 is beyond the rounds fidedesk reads ({ROUND_RANGE}, the limit)"),
    ],
)  # fmt: skip
def test_the_hostile_workbooks_that_cannot_be_read_whole_end_in_exit_2(
    name: str, problem: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = HOSTILE / name
    assert main(["rate", str(path)], io.StringIO()) == 2  # before: exit 0, misread
    assert capsys.readouterr().err == f"fidedesk-cli: {MISTAKES} {path}: 1 problem, nothing read:\n  {problem}\n"
