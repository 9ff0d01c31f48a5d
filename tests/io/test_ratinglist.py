"""FIDE rating lists: reading the downloads (every form), the SQLite store, search, the list in force."""

from __future__ import annotations

import dataclasses
import datetime as dt
import io
import json
import re
import sqlite3
import zipfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from benchmarks.make_fide_list import FIXED_ROWS, generate, write_txt, write_xml
from fidedesk import cli
from fidedesk.core.tournament import BirthDate, EventInfo, Player, PlayerRecord, RatingKind, Tournament
from fidedesk.io.excel.grid import ImportCancelled
from fidedesk.io.folding import search_key
from fidedesk.io.ratinglist.fide_list import FIELDS, ListFormatError, ListKind, Month, inspect, read_rows
from fidedesk.io.ratinglist.store import (
    RatingDatabase,
    apply_updates,
    import_list,
    in_force,
    updates_from_list,
)

COMBINED_HEADER = (
    "ID Number      Name                                                         Fed Sex Tit  WTit OTit"
    "           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag"
)
CARLSEN = (
    "1503014        Carlsen, Magnus                                              NOR M   GM                    "
    "       2823  10  10 2803  8   10 2860  19  10 1990"
)


def _expected(rows: object) -> list[tuple[object, ...]]:
    """The generator's rows as the reader gives them (a K or rating of 0 is no figure; games 0 stay 0)."""
    return [tuple(getattr(row, field) for field in FIELDS) for row in rows]  # type: ignore[attr-defined]


def _zip(path: Path, member: str, data: bytes, when: tuple[int, ...] = (2026, 10, 31, 12, 0, 0)) -> Path:
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr(zipfile.ZipInfo(member, date_time=when), data)
    return path


@pytest.fixture(scope="module")
def combined(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("lists") / "players_list.zip"
    write_txt(path, 3000, seed=7, month="2026-11")
    return path


@pytest.fixture(scope="module")
def database(tmp_path_factory: pytest.TempPathFactory, combined: Path) -> Path:
    path = tmp_path_factory.mktemp("db") / "lists.sqlite"
    import_list(path, inspect(combined), month=Month(2026, 11))
    return path


# ---------------------------------------------------------------------------------------------- reading


def test_the_carlsen_row_of_fide_rules_is_read_field_by_field(tmp_path: Path) -> None:
    data = f"{COMBINED_HEADER}\r\n{CARLSEN}\r\n".encode()
    source = inspect(_zip(tmp_path / "players_list.zip", "players_list_foa.txt", data))
    assert source.kind is ListKind.COMBINED and not source.xml
    assert list(read_rows(source)) == [
        (1503014, "Carlsen, Magnus", "NOR", "M", "GM", "", "", "", 2823, 10, 10, 2803, 8, 10, 2860, 19, 10, 1990, "")
    ]


@pytest.mark.parametrize("encoding", ["latin-1", "utf-8"])
def test_a_combined_list_reads_back_as_generated(tmp_path: Path, encoding: str) -> None:
    path = tmp_path / "players_list.zip"
    write_txt(path, 800, seed=3, encoding=encoding)
    letters = "utf-8" if encoding == "utf-8" else "latin-1"
    assert list(read_rows(inspect(path))) == _expected(generate(800, 3, letters=letters))


@pytest.mark.parametrize("kind", [ListKind.STANDARD, ListKind.RAPID, ListKind.BLITZ])
def test_a_single_list_puts_its_figures_under_its_kind_and_tells_its_month(tmp_path: Path, kind: ListKind) -> None:
    path = tmp_path / f"{kind.value}_rating_list.zip"
    write_txt(path, 600, seed=5, kind=kind.value, month="2026-02")
    source = inspect(path)
    assert (source.kind, source.month, source.month_from) == (kind, Month(2026, 2), "the header")
    slots = {ListKind.STANDARD: (8, 11), ListKind.RAPID: (11, 14), ListKind.BLITZ: (14, 17)}[kind]
    rows = list(read_rows(source))
    expected = [row for row in _expected(generate(600, 5)) if row[slots[0]] is not None]
    assert len(rows) == len(expected) > 50
    for got, full in zip(rows, expected, strict=True):
        assert got[slots[0] : slots[1]] == full[slots[0] : slots[1]]
        assert got[:8] == full[:8] and got[17:] == full[17:]
        others = [value for i, value in enumerate(got[8:17], start=8) if not slots[0] <= i < slots[1]]
        assert others == [None] * 6


def test_the_xml_form_reads_as_the_text_form(tmp_path: Path) -> None:
    path = tmp_path / "players_list_xml.zip"
    write_xml(path, 500, seed=9)
    source = inspect(path)
    assert source.xml and source.kind is ListKind.COMBINED
    assert list(read_rows(source)) == _expected(generate(500, 9))


def test_a_single_xml_list_puts_its_rating_under_its_kind(tmp_path: Path) -> None:
    player = (
        "<player><fideid>1503014</fideid><name>Carlsen, Magnus</name><country>NOR</country><sex>M</sex>"
        "<title>GM</title><w_title></w_title><o_title></o_title><foa_title></foa_title><rating>2803</rating>"
        "<games>8</games><k>20</k><birthday>1990</birthday><flag></flag></player>"
    )
    data = f'<?xml version="1.0" encoding="UTF-8"?>\n<playerslist>{player}</playerslist>'.encode()
    source = inspect(_zip(tmp_path / "rapid_rating_list_xml.zip", "rapid_rating_list.xml", data))
    assert source.xml and source.kind is ListKind.RAPID
    (row,) = read_rows(source)
    assert row[8:17] == (None, None, None, 2803, 8, 20, None, None, None) and row[17] == 1990


def test_older_headers_are_read_from_their_labels(tmp_path: Path) -> None:
    # 2012-14: no FOA column, so every later column starts four characters earlier
    header = COMBINED_HEADER.replace("FOA ", "")
    line = CARLSEN[:109] + CARLSEN[113:]
    source = inspect(_zip(tmp_path / "players_list.zip", "players_list.txt", f"{header}\n{line}\n".encode()))
    row = next(read_rows(source))
    assert row[:5] == (1503014, "Carlsen, Magnus", "NOR", "M", "GM") and row[8:11] == (2823, 10, 10)
    # 2011: one standard rating under the month, labels run together, one-letter titles
    old = "ID number Name                              TitlFed  Mar11 GamesBorn  Flag"
    line = "1503014   Carlsen, Magnus                   g   NOR  2815  12   1990  "
    source = inspect(_zip(tmp_path / "standard_mar11frl.zip", "standard_mar11frl.txt", f"{old}\n{line}\n".encode()))
    assert (source.kind, source.month) == (ListKind.STANDARD, Month(2011, 3))
    row = next(read_rows(source))
    assert (row[0], row[1], row[2], row[4], row[8], row[9], row[17]) == (
        1503014, "Carlsen, Magnus", "NOR", "GM", 2815, 12, 1990,
    )  # fmt: skip


def test_a_byte_order_mark_before_the_header_is_passed_over(tmp_path: Path) -> None:
    data = f"\ufeff{COMBINED_HEADER}\r\n{CARLSEN}\r\n".encode()
    source = inspect(_zip(tmp_path / "players_list.zip", "players_list_foa.txt", data))
    assert source.kind is ListKind.COMBINED
    assert [row[:2] for row in read_rows(source)] == [(1503014, "Carlsen, Magnus")]


def test_a_latin_file_with_windows_letters_is_read_as_windows_1252(tmp_path: Path) -> None:
    line = CARLSEN.replace("Carlsen, Magnus", "Šimek, Žarko   ")
    data = f"{COMBINED_HEADER}\r\n{CARLSEN}\r\n{line}\r\n".encode("cp1252")
    rows = list(read_rows(inspect(_zip(tmp_path / "players_list.zip", "players_list_foa.txt", data))))
    assert rows[1][1] == "Šimek, Žarko"


def test_the_month_comes_from_the_name_or_else_the_date_fide_wrote(tmp_path: Path) -> None:
    data = f"{COMBINED_HEADER}\r\n{CARLSEN}\r\n".encode()
    named = inspect(_zip(tmp_path / "players_list_nov26.zip", "players_list_foa.txt", data))
    assert (named.month, named.month_from) == (Month(2026, 11), "the file name")
    late = inspect(_zip(tmp_path / "a.zip", "players_list_foa.txt", data, (2026, 10, 30, 23, 0, 0)))
    early = inspect(_zip(tmp_path / "b.zip", "players_list_foa.txt", data, (2026, 11, 2, 8, 0, 0)))
    assert (late.month, early.month, late.month_from) == (Month(2026, 11), Month(2026, 11), "the file date")


@pytest.mark.parametrize(
    ("member", "data", "message"),
    [
        ("players_list_foa.txt", "ID Number      Name    Elo\n1 X\n", "unknown column 'Elo' in the header"),
        ("players_list_foa.txt", "Name ID\n", "not a FIDE rating list header"),
        ("players_list_foa.txt", f"{COMBINED_HEADER}\n{CARLSEN}\n{CARLSEN.replace('2823', '28x3')}\n",
         "players_list_foa.txt, line 3: srating '28x3' is not a number"),
        ("players_list_foa.txt", f"{COMBINED_HEADER}\n{CARLSEN.replace('Carlsen, Magnus', '               ')}\n",
         "line 2: the player has no name"),
        ("players_list_xml_foa.xml", "<playerslist><player><name>X</name>", "not well-formed XML"),
        ("players_list_xml_foa.xml", "<playerslist><player><name>X</name></player></playerslist>", "no <fideid>"),
    ],
)  # fmt: skip
def test_a_broken_list_names_the_place_and_the_fault(tmp_path: Path, member: str, data: str, message: str) -> None:
    path = _zip(tmp_path / "players_list.zip", member, data.encode())
    with pytest.raises(ListFormatError, match=message.replace("(", r"\(").replace("'", ".")):
        list(read_rows(inspect(path)))


def test_a_federation_in_lower_case_is_read_in_capitals(tmp_path: Path) -> None:
    data = f"{COMBINED_HEADER}\n{CARLSEN.replace('NOR M', 'nor M')}\n".encode()
    rows = list(read_rows(inspect(_zip(tmp_path / "players_list.zip", "players_list_foa.txt", data))))
    assert rows[0][FIELDS.index("fed")] == "NOR"


@pytest.mark.parametrize(
    ("line", "message"),
    [(CARLSEN.replace("2823", "3823"), "line 2: srating '3823' is not a rating (1000–3000)"),
     (CARLSEN.replace("2860", "0999"), "line 2: brating '0999' is not a rating (1000–3000)"),
     (CARLSEN.replace("NOR M", "N0R M"), "line 2: “N0R” is not a federation (three letters")],
)  # fmt: skip
def test_a_value_no_file_may_hold_is_refused_with_its_line(tmp_path: Path, line: str, message: str) -> None:
    """Ratings (core.values.RATING_IN_FILE) and federations as files hold them; another is a sign of columns read
    wrong."""
    path = _zip(tmp_path / "players_list.zip", "players_list_foa.txt", f"{COMBINED_HEADER}\n{line}\n".encode())
    with pytest.raises(ListFormatError, match=re.escape(f"players_list_foa.txt, {message}")):
        list(read_rows(inspect(path)))


@pytest.mark.parametrize(
    "doctype",
    [
        '<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]>',  # an entity bomb's start
        '<!DOCTYPE playerslist SYSTEM "file:///etc/passwd">',  # an external DTD
    ],
)
def test_an_xml_list_with_a_doctype_is_refused_before_anything_is_expanded(tmp_path: Path, doctype: str) -> None:
    player = "<player><fideid>1</fideid><name>A, B</name></player>"
    text = f'<?xml version="1.0"?>\n{doctype}\n<playerslist>{player}</playerslist>'
    for data in (text.encode(), text.replace('"1.0"', '"1.0" encoding="UTF-16"').encode("utf-16")):
        source = inspect(_zip(tmp_path / "players_list_xml.zip", "players_list_xml_foa.xml", data))
        with pytest.raises(ListFormatError, match="refused, the XML has a DOCTYPE or is not UTF-8"):
            list(read_rows(source))


def test_a_doctype_split_between_two_reads_is_still_seen() -> None:
    from fidedesk.io.ratinglist.fide_list import _DoctypeFound, _NoDoctype

    stream = _NoDoctype(io.BytesIO(b"<a><!DOCTYPE x []><x/>"))
    assert stream.read(8) == b"<a><!DOC"  # half the mark: not yet
    with pytest.raises(_DoctypeFound):
        stream.read(8)  # "TYPE x [": the other half
    assert _NoDoctype(io.BytesIO(b"<x>DOCTYPE</x>")).read() == b"<x>DOCTYPE</x>"


def test_files_that_are_not_one_list_in_a_zip_are_refused(tmp_path: Path) -> None:
    (tmp_path / "plain.txt").write_text(COMBINED_HEADER)
    with pytest.raises(ListFormatError, match="not a zip file"):
        inspect(tmp_path / "plain.txt")
    with pytest.raises(ListFormatError, match="no such file"):
        inspect(tmp_path / "missing.zip")
    with zipfile.ZipFile(tmp_path / "two.zip", "w") as archive:
        archive.writestr("a.txt", "x")
        archive.writestr("b.txt", "y")
    with pytest.raises(ListFormatError, match=r"found a\.txt, b\.txt"):
        inspect(tmp_path / "two.zip")


def test_month_parsing() -> None:
    assert Month.parse("2026-11") == Month.parse("NOV26") == Month.parse("nov26") == Month(2026, 11)
    assert Month(2026, 2).label == "FEB26"
    for bad in ("2026-13", "XYZ26", "11/2026"):
        with pytest.raises(ValueError):
            Month.parse(bad)


# ---------------------------------------------------------------------------------------------- search


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("carlsen m", "Carlsen, Magnus"),
        ("CARLSEN", "Carlsen, Magnus"),
        ("magnus carlsen", "Carlsen, Magnus"),
        ("1503014", "Carlsen, Magnus"),
        ("Sebastien", "Dupré, Sébastien"),
        ("dupre seb", "Dupré, Sébastien"),
        ("jurgen muller", "Müller, Jürgen"),
        ("ostergaard", "Østergaard, Åse"),
        ("ase", "Østergaard, Åse"),
        ("Nakamura", "Nakamura"),
    ],
)
def test_search_ignores_case_accents_and_word_order(database: Path, text: str, name: str) -> None:
    with RatingDatabase(database) as db:
        found = [player.name for player in db.find(db.lists()[0].id, text, limit=500)]
    assert name in found


def test_search_filters_by_federation_and_stops_at_the_limit(database: Path) -> None:
    with RatingDatabase(database) as db:
        list_id = db.lists()[0].id
        everyone = db.find(list_id, "a", limit=10_000)
        french = db.find(list_id, "a", federation="FRA", limit=10_000)
        assert french and {player.federation for player in french} == {"FRA"}
        assert {p.fide_id for p in french} == {p.fide_id for p in everyone if p.federation == "FRA"}
        assert len(db.find(list_id, "a", limit=7)) == 7
        assert db.find(list_id, "1503014", federation="FRA") == []
        assert db.find(list_id, " ,. ") == [] and db.find(list_id, "99") == []


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=0, max_value=2999), st.data())
def test_every_player_is_found_by_the_start_of_any_word_of_the_name(
    database: Path, index: int, data: st.DataObject
) -> None:
    row = _expected(generate(index + 1, 7))[index]
    words = search_key(str(row[1])).split()
    word = data.draw(st.sampled_from(words))
    prefix = word[: data.draw(st.integers(min_value=1, max_value=len(word)))]
    with RatingDatabase(database) as db:
        found = db.find(db.lists()[0].id, prefix.upper(), limit=100_000)
    assert row[0] in {player.fide_id for player in found}


def test_search_results_come_in_name_order_without_repeats(database: Path) -> None:
    with RatingDatabase(database) as db:
        found = db.find(db.lists()[0].id, "m", limit=10_000)
    ids = [player.fide_id for player in found]
    assert len(ids) == len(set(ids)) > 20


# ---------------------------------------------------------------------------------------------- the store


def test_lists_are_kept_by_month_and_the_list_in_force_is_the_newest_begun(tmp_path: Path, combined: Path) -> None:
    path = tmp_path / "lists.sqlite"
    standard = tmp_path / "standard_rating_list.zip"
    write_txt(standard, 300, seed=2, kind="standard", month="2026-12")
    import_list(path, inspect(combined), month=Month(2026, 10))
    import_list(path, inspect(combined), month=Month(2026, 11))
    import_list(path, inspect(standard))
    with RatingDatabase(path) as db:
        kept = [(str(s.month), s.kind.value) for s in db.lists()]
        assert kept == [("2026-12", "standard"), ("2026-11", "combined"), ("2026-10", "combined")]

        def month(kind: RatingKind, day: dt.date | None) -> str | None:
            stored = in_force(db.lists(), kind, day)
            return None if stored is None else str(stored.month)

        assert month(RatingKind.STANDARD, dt.date(2026, 11, 30)) == "2026-11"
        assert month(RatingKind.STANDARD, dt.date(2026, 12, 1)) == "2026-12"
        assert month(RatingKind.RAPID, dt.date(2026, 12, 15)) == "2026-11"  # the standard list has no rapid
        assert month(RatingKind.BLITZ, None) == "2026-11"
        assert month(RatingKind.STANDARD, None) == "2026-12"
        assert month(RatingKind.STANDARD, dt.date(2026, 9, 30)) is None


def test_importing_a_month_again_replaces_it(tmp_path: Path, combined: Path) -> None:
    path = tmp_path / "lists.sqlite"
    smaller = tmp_path / "players_list.zip"
    write_txt(smaller, 100, seed=1)
    import_list(path, inspect(combined), month=Month(2026, 11))
    import_list(path, inspect(smaller), month=Month(2026, 11))
    with RatingDatabase(path) as db:
        assert [stored.players for stored in db.lists()] == [100]
    tables = {row[0] for row in sqlite3.connect(path).execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert len(tables) == 3  # lists, and one list's players and names: the old tables went with it


def _contents(path: Path) -> list[tuple[str, list[tuple[object, ...]]]]:
    with sqlite3.connect(path) as connection:
        tables = sorted(row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type='table'"))
        return [(table, sorted(connection.execute(f"SELECT * FROM {table}"))) for table in tables]


def test_a_cancelled_or_failed_import_leaves_the_lists_there_intact(tmp_path: Path, combined: Path) -> None:
    path = tmp_path / "lists.sqlite"
    import_list(path, inspect(combined), month=Month(2026, 10))
    before = _contents(path)
    calls: list[int] = []

    def cancel_at_second_call(count: int) -> bool:
        calls.append(count)
        return len(calls) < 2

    big = tmp_path / "players_list_big.zip"
    write_txt(big, 50_000, seed=4)
    with pytest.raises(ImportCancelled):
        import_list(path, inspect(big), month=Month(2026, 11), progress=cancel_at_second_call)
    assert calls == [20000, 40000] and _contents(path) == before

    bad = CARLSEN.replace("1503014", "1503016").replace("2803", "28o3")
    lines = f"{COMBINED_HEADER}\n{CARLSEN}\n{CARLSEN.replace('1503014', '1503015')}\n{bad}\n"
    broken = _zip(tmp_path / "broken.zip", "players_list_foa.txt", lines.encode())
    with pytest.raises(ListFormatError, match="line 4: rrating '28o3' is not a number"):
        import_list(path, inspect(broken), month=Month(2026, 10))
    twice = _zip(tmp_path / "twice.zip", "players_list_foa.txt", f"{COMBINED_HEADER}\n{CARLSEN}\n{CARLSEN}\n".encode())
    with pytest.raises(ListFormatError, match=r"FIDE ID 1503014 \(Carlsen, Magnus\) appears twice"):
        import_list(path, inspect(twice), month=Month(2026, 10))
    assert _contents(path) == before


def test_a_file_that_is_no_database_is_refused_and_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "lists.sqlite"
    path.write_bytes(b"not sqlite at all" * 100)
    with pytest.raises(ListFormatError, match="not a rating list database"):
        RatingDatabase(path)
    assert path.read_bytes() == b"not sqlite at all" * 100


# ---------------------------------------------------------------------------------------------- players from the list


def _listed(database: Path, fide_id: int):  # type: ignore[no-untyped-def]
    with RatingDatabase(database) as db:
        return db.by_ids(db.lists()[0].id, [fide_id, 12])[fide_id]


def test_a_player_from_the_list_gets_every_field_and_fides_k(database: Path) -> None:
    carlsen = _listed(database, 1503014).player(RatingKind.STANDARD)
    assert carlsen == Player(
        0, "Carlsen, Magnus", 2823, "m", "GM", "NOR", 1503014, BirthDate(1990),
        record=PlayerRecord(games=None, ever_2400=True, k=10),
    )  # fmt: skip
    ase = _listed(database, 9990003)
    assert ase.player(RatingKind.STANDARD).record == PlayerRecord(ever_2400=False, k=40)
    assert (ase.player(RatingKind.STANDARD).sex, ase.player(RatingKind.STANDARD).title) == ("w", "WFM")
    rapid = ase.player(RatingKind.RAPID)
    assert (rapid.rating, rapid.record) == (1900, PlayerRecord(k=20, standard_rating=1950))
    nakamura = _listed(database, 9990004).player(RatingKind.BLITZ)
    assert (nakamura.rating, nakamura.birth, nakamura.record) == (None, None, PlayerRecord())
    assert _listed(database, 9990002).inactive and not _listed(database, 1503014).inactive


def test_updates_from_the_list_show_each_change_and_apply_in_one_go(database: Path) -> None:
    with RatingDatabase(database) as db:
        entries = db.by_ids(db.lists()[0].id, [1503014, 9990001])
    players = (
        Player(1, "Carlsen, Magnus", 2830, "m", "GM", "NOR", 1503014, record=PlayerRecord(k=10, ever_2400=True)),
        Player(2, "Dupre, S.", 2300, "m", "", "FRA", 9990001, BirthDate(1985, 4, 2)),
        Player(3, "Nobody", 1500, fide_id=None),
    )
    tournament = Tournament(EventInfo(start=dt.date(2026, 11, 20)), players)
    updates = updates_from_list(tournament, entries)
    assert [(u.start_rank, u.field, u.old, u.new) for u in updates] == [
        (1, "rating", 2830, 2823),
        (1, "birth", None, BirthDate(1990)),
        (2, "rating", 2300, 2310),
        (2, "title", "", "FM"),
        (2, "k", None, 20),
        (2, "ever_2400", None, False),
    ]
    after = apply_updates(tournament, updates)
    assert after.player(2).name == "Dupre, S." and after.player(2).rating == 2310
    assert after.player(2).birth == BirthDate(1985, 4, 2)  # the list's year agrees: the full date stays
    assert after.player(2).record == PlayerRecord(k=20, ever_2400=False)
    assert updates_from_list(after, entries) == [] and after.player(3) == players[2]


# ---------------------------------------------------------------------------------------------- command line


def _cli(*args: str) -> tuple[int, str]:
    out = io.StringIO()
    return cli.main(list(args), out), out.getvalue()


def test_cli_imports_finds_and_lists(tmp_path: Path, combined: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "lists.sqlite")
    status, text = _cli("ratinglist", "import", str(combined), "--db", db)
    assert status == 0 and "NOV26 combined list (3,000 players) (month from the file date)" in text
    status, text = _cli("ratinglist", "find", "sebastien", "--db", db)
    line = next(line for line in text.splitlines() if "Dupré" in line)
    assert status == 0 and line.split() == ["9990001", "Dupré,", "Sébastien", "FRA", "FM", "2310", "2250", "1985"]
    status, text = _cli("ratinglist", "find", "carlsen m", "--db", db, "--json")
    data = json.loads(text)
    assert data["list"] == {"month": "2026-11", "kind": "combined"}
    assert data["players"][0]["standard"] == {"rating": 2823, "games": 10, "k": 10}
    status, text = _cli("ratinglist", "lists", "--db", db, "--json")
    assert [(kept["month"], kept["players"]) for kept in json.loads(text)] == [("2026-11", 3000)]
    status, text = _cli("ratinglist", "find", "x", "--db", db, "--list", "2025-01")
    assert status == 2 and "no list of 2025-01" in capsys.readouterr().err
    status, text = _cli("ratinglist", "find", "dupr", "--db", db, "--federation", "fra")
    assert status == 0 and "Dupré" in text
    status, text = _cli("ratinglist", "find", "dupr", "--db", db, "--federation", "France")
    assert status == 2 and "--federation: “France” is not a federation (three letters" in capsys.readouterr().err


def test_cli_says_what_is_wrong_with_a_list(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = f"{COMBINED_HEADER}\n{CARLSEN.replace('NOR M', 'NOR M')}\n".encode()
    dateless = _zip(tmp_path / "players_list.zip", "players_list_foa.txt", data, (1980, 1, 1, 0, 0, 0))
    db = str(tmp_path / "lists.sqlite")
    assert _cli("ratinglist", "import", str(dateless), "--db", db)[0] == 2
    assert "month cannot be told" in capsys.readouterr().err
    assert _cli("ratinglist", "import", str(dateless), "--db", db, "--month", "2026-13")[0] == 2
    assert "is not a month" in capsys.readouterr().err
    assert _cli("ratinglist", "find", "x", "--db", str(tmp_path / "none.sqlite"))[0] == 2
    assert "no rating list imported yet" in capsys.readouterr().err
    assert _cli("ratinglist", "import", str(dateless), "--db", db, "--month", "2026-11")[0] == 0


def test_fixed_rows_are_the_ones_the_tests_name() -> None:
    assert [row.name for row in FIXED_ROWS] == [
        "Carlsen, Magnus", "Dupré, Sébastien", "Müller, Jürgen", "Østergaard, Åse", "Nakamura",
    ]  # fmt: skip
    assert dataclasses.is_dataclass(FIXED_ROWS[0])
