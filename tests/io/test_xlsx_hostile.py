"""fidedesk.io.excel.read against files that are not what they claim, damaged, or built to do harm.

Every case ends in a correct read or an XlsxError whose words say what is wrong, having unpacked at most
a bounded number of bytes (a refused file no more than its small parts, never the part that is wrong); the
bombs also within bounded memory. The fuzz test at the end mutates valid workbooks.
"""

from __future__ import annotations

import datetime as dt
import io
import random
import re
import struct
import warnings
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import openpyxl
import pytest

from fidedesk.io.excel.grid import CellValue, SheetGrid, Unreadable, XlsxError
from fidedesk.io.excel.importing import ImportResult, Problem, build, preview_rows, propose
from fidedesk.io.excel.read import EXCEL_ROWS, MAX_ROWS, read_workbook
from tests.bounds import MB, Work, measured

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PKG = "http://schemas.openxmlformats.org/package/2006"
SHEET_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"
STRINGS_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"
BOOK_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"
#: What reading a refused or small file may unpack: its small parts, never the part that is wrong (or a bomb).
UNPACKED = 256 * 1024


# ------------------------------------------------------------------------------------------ file makers


def excel_like_parts(sheets: dict[str, bytes], strings: list[str] | None = None) -> dict[str, bytes]:
    """The parts of a minimal workbook as Excel lays it out: ``sheets`` maps names to <sheetData> content."""
    overrides = [f'<Override PartName="/xl/workbook.xml" ContentType="{BOOK_TYPE}"/>']
    book_sheets, book_rels, parts = [], [], {}
    for number, (title, data) in enumerate(sheets.items(), start=1):
        overrides.append(f'<Override PartName="/xl/worksheets/sheet{number}.xml" ContentType="{SHEET_TYPE}"/>')
        book_sheets.append(f'<sheet name="{title}" sheetId="{number}" r:id="rId{number}"/>')
        book_rels.append(
            f'<Relationship Id="rId{number}" Type="{REL}/worksheet" Target="worksheets/sheet{number}.xml"/>'
        )
        parts[f"xl/worksheets/sheet{number}.xml"] = data if data.startswith(b"<?xml") else sheet_xml(data)
    if strings is not None:
        overrides.append(f'<Override PartName="/xl/sharedStrings.xml" ContentType="{STRINGS_TYPE}"/>')
        items = "".join(f"<si><t>{text}</t></si>" for text in strings)
        parts["xl/sharedStrings.xml"] = f'<sst xmlns="{MAIN}" count="{len(strings)}">{items}</sst>'.encode()
    parts["[Content_Types].xml"] = (
        f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="{PKG}/content-types">'
        f'<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
        f'<Default Extension="xml" ContentType="application/xml"/>{"".join(overrides)}</Types>'
    ).encode()
    parts["_rels/.rels"] = (
        f'<Relationships xmlns="{PKG}/relationships"><Relationship Id="rId1" '
        f'Type="{REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>'
    ).encode()
    parts["xl/workbook.xml"] = (
        f'<workbook xmlns="{MAIN}" xmlns:r="{REL}"><sheets>{"".join(book_sheets)}</sheets></workbook>'
    ).encode()
    parts["xl/_rels/workbook.xml.rels"] = (
        f'<Relationships xmlns="{PKG}/relationships">{"".join(book_rels)}</Relationships>'
    ).encode()
    return parts


def sheet_xml(data: bytes, before: bytes = b"") -> bytes:
    return b'<?xml version="1.0"?><worksheet xmlns="%s">%s<sheetData>%s</sheetData></worksheet>' % (
        MAIN.encode(),
        before,
        data,
    )


def zip_bytes(parts: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # duplicate names, in the fuzz test
        with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as archive:
            for name, data in parts.items():
                archive.writestr(name.split("\0")[0], data)
    return buffer.getvalue()


def write(path: Path, data: bytes) -> Path:
    path.write_bytes(data)
    return path


def excel_like(path: Path, sheets: dict[str, bytes], strings: list[str] | None = None) -> Path:
    return write(path, zip_bytes(excel_like_parts(sheets, strings)))


def openpyxl_book(path: Path, rows: list[list[object]], title: str = "Players") -> Path:
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = title
    for row in rows:
        sheet.append(row)
    book.save(path)
    return path


PLAYERS: list[list[object]] = [
    ["No", "Name", "FIDE ID", "Fed", "Rating", "Born"],
    [1, "Piskunov, Alexandr", 4115490, "RUS", 2409, 1986],
    [2, "Zakharova, Viktoriya", 34178772, "RUS", None, 2002],
    [3, "Boiarintsev, Vitaly", 34128384, "RUS", 2427, "=E2+1"],
]


@contextmanager
def bounded(unpacked: int = UNPACKED, megabytes: float | None = None) -> Iterator[Work]:
    """Assert the block unpacks at most ``unpacked`` bytes and, if given, allocates at most ``megabytes`` at
    its peak: the work a reader does, the same on any machine however busy (a clock is not)."""
    with measured(memory=megabytes is not None) as work:
        yield work
    assert work.unpacked <= unpacked, f"unpacked {work.unpacked:,} bytes, more than {unpacked:,}"
    if megabytes is not None:
        assert work.peak < megabytes * MB, f"peak {work.peak / MB:.1f} MB"


def refused(path: Path, unpacked: int = UNPACKED, megabytes: float | None = None) -> XlsxError:
    with bounded(unpacked, megabytes), pytest.raises(XlsxError) as caught:
        read_workbook(path)
    return caught.value


def test_the_bound_counts_what_the_reader_unpacks(tmp_path: Path) -> None:
    """The bound is not vacuous: an ordinary sheet of 20,000 rows (about 700 KB) is more than a refusal may read."""
    rows = b"".join(b'<row r="%d"><c r="A%d"><v>%d</v></c></row>' % (n, n, n) for n in range(1, 20_001))
    with pytest.raises(AssertionError, match="unpacked"), bounded():
        read_workbook(excel_like(tmp_path / "ordinary.xlsx", {"S": rows}))


# ------------------------------------------------------------------------------------- not an .xlsx at all


def test_not_a_zip(tmp_path: Path) -> None:
    error = refused(write(tmp_path / "noise.xlsx", bytes(random.Random(1).randrange(256) for _ in range(3000))))
    assert error.where == "noise.xlsx"
    assert error.message.startswith("not an Excel .xlsx workbook (")


def test_empty_file(tmp_path: Path) -> None:
    assert refused(write(tmp_path / "empty.xlsx", b"")).message == "the file is empty (0 bytes)"


def test_csv_renamed_xlsx(tmp_path: Path) -> None:
    csv = "No;Name;Rating\r\n1;Müller, Jörg;2350\r\n".encode("cp1252")
    error = refused(write(tmp_path / "players.xlsx", csv))
    assert "not an Excel .xlsx workbook" in error.message and "CSV" in error.message


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (b"<html><body><table><tr><td>1</td></tr></table></body></html>", "web page (HTML)"),
        (b'<?xml version="1.0"?><Workbook xmlns="urn:schemas-microsoft-com:office:spreadsheet">', "Excel 2003 XML"),
        (b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n", "PDF"),
        (b"just some words\nand more\n", "plain text"),
    ],
)
def test_other_files_renamed_xlsx(tmp_path: Path, content: bytes, words: str) -> None:
    error = refused(write(tmp_path / "list.xlsx", content))
    assert error.message.startswith("not an Excel .xlsx workbook") and words in error.message


def ole_file(streams: list[str]) -> bytes:
    """The start of an OLE compound file with directory entries naming ``streams`` (enough for sniffing)."""
    header = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(16) + b"\x3e\x00\x03\x00\xfe\xff\x09\x00"
    header += bytes(512 - len(header))
    entries = b"".join((name.encode("utf-16-le") + bytes(128)).ljust(128, b"\0")[:128] for name in streams)
    return header + bytes(512 * 3) + entries + bytes(4096)


def test_xls_file(tmp_path: Path) -> None:
    error = refused(write(tmp_path / "old.xlsx", ole_file(["Root Entry", "Workbook", "\x05SummaryInformation"])))
    assert "old Excel 97-2003 .xls" in error.message and "save it as Excel Workbook (.xlsx)" in error.message


def test_password_protected_workbook(tmp_path: Path) -> None:
    streams = ["Root Entry", "EncryptionInfo", "EncryptedPackage", "\x06DataSpaces"]
    error = refused(write(tmp_path / "secret.xlsx", ole_file(streams)))
    assert "protected with a password" in error.message and "remove the password" in error.message


def test_other_ole_file(tmp_path: Path) -> None:
    assert "old Word .doc" in refused(write(tmp_path / "letter.xlsx", ole_file(["Root Entry", "WordDocument"]))).message


def test_opendocument_spreadsheet(tmp_path: Path) -> None:
    parts = {"mimetype": b"application/vnd.oasis.opendocument.spreadsheet", "content.xml": b"<x/>"}
    error = refused(write(tmp_path / "list.xlsx", zip_bytes(parts)))
    assert "OpenDocument" in error.message and ".ods" in error.message


def test_zip_of_other_files(tmp_path: Path) -> None:
    error = refused(write(tmp_path / "photos.xlsx", zip_bytes({"a.jpg": b"1", "b.jpg": b"2"})))
    assert error.message == "not an Excel .xlsx workbook (a zip archive of other files: 'a.jpg', 'b.jpg')"


def test_workbook_parts_without_their_list(tmp_path: Path) -> None:
    parts = excel_like_parts({"S": b""})
    del parts["[Content_Types].xml"]
    error = refused(write(tmp_path / "w.xlsx", zip_bytes(parts)))
    assert error.message == "the file is damaged: it holds workbook parts but not their list ([Content_Types].xml)"


def test_list_of_parts_without_a_workbook(tmp_path: Path) -> None:
    parts = excel_like_parts({"S": b""})
    parts["[Content_Types].xml"] = parts["[Content_Types].xml"].replace(b"sheet.main+xml", b"other+xml")
    error = refused(write(tmp_path / "w.xlsx", zip_bytes(parts)))
    assert error.message == "the file is damaged: its list of parts ([Content_Types].xml) names no workbook"


def test_xlsb(tmp_path: Path) -> None:
    parts = {"[Content_Types].xml": b"<Types/>", "xl/workbook.bin": b"\0"}
    assert "binary workbook (.xlsb)" in refused(write(tmp_path / "b.xlsx", zip_bytes(parts))).message


# ------------------------------------------------------------------------------------------- damaged zips


def test_truncated_zip(tmp_path: Path) -> None:
    whole = openpyxl_book(tmp_path / "whole.xlsx", PLAYERS).read_bytes()
    error = refused(write(tmp_path / "half.xlsx", whole[: len(whole) // 2]))
    assert error.where == "half.xlsx"
    assert "incomplete or damaged" in error.message and "cut off" in error.message


def test_part_that_does_not_unpack(tmp_path: Path) -> None:
    parts = excel_like_parts({"S": b'<row r="1"><c r="A1"><v>1</v></c></row>' * 50})
    data = bytearray(zip_bytes(parts))
    offset = data.index(b"xl/worksheets/sheet1.xml") + len("xl/worksheets/sheet1.xml") + 5
    data[offset : offset + 20] = bytes(20)  # inside the compressed sheet
    error = refused(write(tmp_path / "bad.xlsx", bytes(data)))
    assert "damaged" in error.message


def patch_sizes(data: bytes, member: str, size: int) -> bytes:
    """Make the zip declare ``size`` as the unpacked size of ``member`` (local header and directory)."""
    patched = bytearray(data)
    name = member.encode()
    for signature, offset in ((b"PK\x03\x04", 22), (b"PK\x01\x02", 24)):
        for match in re.finditer(re.escape(signature), data):
            start = match.start()
            name_at = start + (30 if signature == b"PK\x03\x04" else 46)
            if data[name_at : name_at + len(name)] == name:
                patched[start + offset : start + offset + 4] = struct.pack("<I", size)
    return bytes(patched)


def test_zip_bomb_one_gigabyte_of_zeros(tmp_path: Path) -> None:
    """A real bomb: sheet1.xml unpacks to 1 GiB (about 4.5 MB on disk), written in 16 MiB pieces."""
    path = tmp_path / "bomb.xlsx"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as archive:
        for name, data in excel_like_parts({"S": b""}).items():
            if name != "xl/worksheets/sheet1.xml":
                archive.writestr(name, data)
        piece = bytes(16 * 1024 * 1024)
        with archive.open("xl/worksheets/sheet1.xml", "w", force_zip64=True) as member:
            for _ in range(64):
                member.write(piece)

    error = refused(path, megabytes=10)

    assert "possible zip bomb: the part 'xl/worksheets/sheet1.xml' would unpack to 1,024 MB" in error.message
    assert re.search(r"\(\d{3,} to 1\)$", error.message), error.message


def test_zip_bomb_part_compressed_too_well(tmp_path: Path) -> None:
    """20 MiB of zeros: well under the total limit, but no spreadsheet part compresses 200 to 1."""
    parts = excel_like_parts({"S": b""})
    parts["xl/worksheets/sheet1.xml"] = sheet_xml(b"") + bytes(20 * 1024 * 1024)
    path = write(tmp_path / "dense.xlsx", zip_bytes(parts))
    parts.clear()

    error = refused(path, megabytes=10)

    assert "possible zip bomb" in error.message and "would unpack to 20 MB from" in error.message


def test_zip_bomb_of_many_parts(tmp_path: Path) -> None:
    parts = excel_like_parts({"S": b""})
    for number in range(25):  # 9 MiB each: under the size where the ratio is checked, 225 MiB in all
        parts[f"xl/media/image{number}.png"] = bytes(9 * 1024 * 1024)
    path = write(tmp_path / "many.xlsx", zip_bytes(parts))
    parts.clear()

    error = refused(path, megabytes=10)

    assert "zip bomb" in error.message and "225 MB" in error.message


def test_zip_whose_sizes_lie(tmp_path: Path) -> None:
    """Declared 2,000 bytes, holding 50 MiB: zipfile stops at the declared size and the CRC fails."""
    rows = b'<row r="1"><c r="A1"><v>1</v></c></row>' + b" " * (50 * 1024 * 1024)
    data = zip_bytes(excel_like_parts({"S": rows}))
    path = write(tmp_path / "liar.xlsx", patch_sizes(data, "xl/worksheets/sheet1.xml", 2000))
    del rows, data

    error = refused(path, megabytes=10)

    assert error.where == "S" and "damaged: a part of it does not unpack (BadZipFile: Bad CRC-32" in error.message


# -------------------------------------------------------------------------------------------- hostile XML


def billion_laughs(root: bytes) -> bytes:
    entities = b'<!ENTITY lol0 "lol">' + b"".join(
        b'<!ENTITY lol%d "%s">' % (n, b"&lol%d;" % (n - 1) * 10) for n in range(1, 10)
    )
    return b'<?xml version="1.0"?><!DOCTYPE %s [%s]>' % (root, entities)


def test_entity_bomb_in_shared_strings(tmp_path: Path) -> None:
    parts = excel_like_parts({"S": b'<row r="1"><c r="A1" t="s"><v>0</v></c></row>'}, ["x"])
    parts["xl/sharedStrings.xml"] = (
        billion_laughs(b"sst") + f'<sst xmlns="{MAIN}"><si><t>&lol9;</t></si></sst>'.encode()
    )

    error = refused(write(tmp_path / "laughs.xlsx", zip_bytes(parts)), megabytes=10)

    assert error.where == "laughs.xlsx"
    assert "declares entities" in error.message and "XML bomb" in error.message


def test_entity_bomb_in_sheet(tmp_path: Path) -> None:
    sheet = billion_laughs(b"worksheet") + sheet_xml(
        b'<row r="1"><c r="A1" t="inlineStr"><is><t>&lol9;</t></is></c></row>'
    )
    error = refused(excel_like(tmp_path / "laughs.xlsx", {"Players": sheet}), megabytes=10)
    assert error.where == "Players" and "declares entities" in error.message


def test_external_entity_is_not_read(tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("TOP-SECRET-PASSWORD")
    doctype = f'<?xml version="1.0"?><!DOCTYPE sst [<!ENTITY xxe SYSTEM "{secret.as_uri()}">]>'.encode()
    parts = excel_like_parts({"S": b'<row r="1"><c r="A1" t="s"><v>0</v></c></row>'}, ["x"])
    parts["xl/sharedStrings.xml"] = doctype + f'<sst xmlns="{MAIN}"><si><t>&xxe;</t></si></sst>'.encode()

    error = refused(write(tmp_path / "xxe.xlsx", zip_bytes(parts)))

    assert "refused" in error.message and "TOP-SECRET" not in str(error)


def test_external_dtd_is_not_fetched(tmp_path: Path) -> None:
    """A DOCTYPE naming an outside DTD without entities: the parser never loads it; the cells read normally."""
    secret = tmp_path / "secret.dtd"
    secret.write_text('<!ENTITY leak "TOP-SECRET">')
    sheet = f'<?xml version="1.0"?><!DOCTYPE worksheet SYSTEM "{secret.as_uri()}">'.encode() + sheet_xml(
        b'<row r="1"><c r="A1"><v>7</v></c></row>'
    ).removeprefix(b'<?xml version="1.0"?>')
    with bounded():
        (grid,) = read_workbook(excel_like(tmp_path / "dtd.xlsx", {"S": sheet}))
    assert grid.rows == ((7,),)


def test_xml_that_is_not_well_formed(tmp_path: Path) -> None:
    error = refused(excel_like(tmp_path / "bad.xlsx", {"Results": b'<row r="1"><c r="A1"><v>1</v></row>'}))
    assert error.where == "Results" and "not well formed" in error.message


def test_shared_string_that_does_not_exist(tmp_path: Path) -> None:
    sheet = b'<row r="7"><c r="D7" t="s"><v>12</v></c></row>'
    error = refused(excel_like(tmp_path / "bad.xlsx", {"Round 1": sheet}, ["only one"]))
    assert error.where == "'Round 1'!D7" and "cannot be read" in error.message


# ------------------------------------------------------------------------------------- huge, or claims to be


def test_sheet_declaring_a_million_rows_with_three(tmp_path: Path) -> None:
    rows = b"".join(b'<row r="%d"><c r="A%d"><v>%d</v></c></row>' % (n, n, n) for n in (1, 2, 3))
    sheet = sheet_xml(rows, before=b'<dimension ref="A1:XFD1048576"/>')
    with bounded(megabytes=10):
        (grid,) = read_workbook(excel_like(tmp_path / "claims.xlsx", {"S": sheet}))
    assert grid == SheetGrid("S", ((1,), (2,), (3,)))


def test_data_only_in_the_last_row_of_excel(tmp_path: Path) -> None:
    path = excel_like(tmp_path / "far.xlsx", {"S": b'<row r="1048576"><c r="B1048576"><v>5</v></c></row>'})
    with bounded(megabytes=10):
        (grid,) = read_workbook(path)
    assert MAX_ROWS < EXCEL_ROWS
    assert grid == SheetGrid("S", (), f"more than {MAX_ROWS:,} rows (the limit)")  # beyond MAX_ROWS: said, not read

    with bounded(megabytes=16):  # a million rows sharing one empty tuple: 8 bytes a row
        (grid,) = read_workbook(path, max_rows=EXCEL_ROWS)
    assert len(grid.rows) == EXCEL_ROWS and grid.rows[-1] == (None, 5) and grid.rows[0] == (None, None)
    assert not grid.truncated


def test_a_million_empty_row_records(tmp_path: Path) -> None:
    data = b'<row r="1"><c r="A1"><v>1</v></c></row>' + b"".join(
        b'<row r="%d" ht="20" customHeight="1"/>' % n for n in range(2, EXCEL_ROWS + 1)
    )
    path = excel_like(tmp_path / "padded.xlsx", {"S": data})
    del data
    with bounded(unpacked=8 * MB):  # the first MAX_ROWS records: a tenth of the 40 MB part
        (grid,) = read_workbook(path)
    assert grid == SheetGrid("S", ((1,),), f"more than {MAX_ROWS:,} rows (the limit)")  # stopped after MAX_ROWS records


def test_a_cell_at_column_xfd_in_every_row(tmp_path: Path) -> None:
    data = b"".join(
        b'<row r="%d"><c r="A%d"><v>%d</v></c><c r="XFD%d"><v>9</v></c></row>' % (n, n, n, n) for n in range(1, 20_001)
    )
    with bounded(unpacked=2 * MB):  # the 1.5 MB part, read once
        (grid,) = read_workbook(excel_like(tmp_path / "wide.xlsx", {"S": data}))
    assert grid.truncated and grid.width == 1 and len(grid.rows) == 20_000 and grid.rows[-1] == (20_000,)


def test_row_number_beyond_excel(tmp_path: Path) -> None:
    error = refused(excel_like(tmp_path / "far.xlsx", {"Results": b'<row r="1048577"><c r="A1"><v>1</v></c></row>'}))
    assert error.where == "Results" and "row number 1048577 is outside Excel's rows 1 to 1,048,576" in error.message


# --------------------------------------------------------------------------------- odd but ordinary content


def test_merged_cells_give_the_top_left_value(tmp_path: Path) -> None:
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Crosstable"
    sheet.append(["Event", None, None, "x"])
    sheet.append([1, 2, 3])
    sheet.merge_cells("A1:C1")
    sheet.merge_cells("B2:C2")
    book.save(tmp_path / "merged.xlsx")

    (grid,) = read_workbook(tmp_path / "merged.xlsx")

    assert grid.rows == (("Event", None, None, "x"), (1, 2, None, None))


def test_formulas_without_cached_values(tmp_path: Path) -> None:
    (grid,) = read_workbook(openpyxl_book(tmp_path / "f.xlsx", PLAYERS))
    assert grid.rows[3] == (3, "Boiarintsev, Vitaly", 34128384, "RUS", 2427, Unreadable.FORMULA_WITHOUT_VALUE)


def test_numbers_written_as_text_stay_text(tmp_path: Path) -> None:
    sheet = b'<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="inlineStr"><is><t>2350</t></is></c></row>'
    (grid,) = read_workbook(excel_like(tmp_path / "text.xlsx", {"S": sheet}, ["2,350"]))
    assert grid.rows == (("2,350", "2350"),)


def test_workbook_of_empty_sheets(tmp_path: Path) -> None:
    book = openpyxl.Workbook()
    book.create_sheet("Second")
    book.save(tmp_path / "empty.xlsx")
    assert read_workbook(tmp_path / "empty.xlsx") == [SheetGrid("Sheet", ()), SheetGrid("Second", ())]
    assert read_workbook(excel_like(tmp_path / "bare.xlsx", {"A": b"", "B": b'<row r="3"/>'})) == [
        SheetGrid("A", ()),
        SheetGrid("B", ()),
    ]


# ------------------------------------------------------------------------------------------------- fuzzing


def _read_or_error(path: Path) -> tuple[list[SheetGrid], ImportResult | None] | XlsxError:
    """The fuzz target: the whole import as the wizard and the command line run it — read the file, propose
    a plan, preview the main sheet and build the tournament — or the refusal; anything else escapes."""
    try:
        grids = read_workbook(path)
    except XlsxError as error:
        return error
    plan = propose(grids)
    main = plan.results or plan.players
    if main is None:
        return grids, None
    preview_rows(next(grid for grid in grids if grid.name == main.sheet), main)
    return grids, build(grids, plan)


NUMBERS = re.compile(rb"[0-9]+")
HUGE = [b"0", b"-1", b"1048577", b"99999999999999999999", b"1e400", b"4294967296", b"16385", b"9" * 5000, b"NaN"]
TAGS = [
    b'<row r="2">',
    b"</row>",
    b"<c>",
    b'<c r="ZZZ1" t="s"><v>99</v></c>',
    b'<c r="A1" t="e"><v>#N/A</v></c>',
    b'<c t="d"><v>not a date</v></c>',
    b'<c s="999"><v>1</v></c>',
    b"<f>1+1</f>",
    b"<v>",
    b"</sheetData>",
    b'<!DOCTYPE x [<!ENTITY a "b">]>',
    b"&a;",
    b'<mergeCells count="1"><mergeCell ref="A1:XFD1048576"/></mergeCells>',
    b'<dimension ref="A1:XFD1048576"/>',
    b'<sheet name="X" sheetId="9" r:id="rId99"/>',
    b'<Override PartName="/xl/nowhere.xml" ContentType="application/xml"/>',
    b"\xff\xfe",
    b"<![CDATA[",
]


def _mutate_xml(data: bytes, rng: random.Random) -> bytes:
    kind = rng.randrange(5)
    if kind == 0 and data:  # flip bytes
        mutable = bytearray(data)
        for _ in range(rng.randint(1, 8)):
            mutable[rng.randrange(len(mutable))] = rng.randrange(256)
        return bytes(mutable)
    if kind == 1:  # truncate
        return data[: rng.randrange(len(data) + 1)]
    if kind == 2:  # numbers become huge, negative, not numbers
        numbers = list(NUMBERS.finditer(data))
        for match in rng.sample(numbers, min(len(numbers), rng.randint(1, 4))):
            data = data[: match.start()] + rng.choice(HUGE) + data[match.end() :]
            break  # offsets move after a replacement; one per round
        return data
    if kind == 3:  # insert a tag where a tag starts
        starts = [m.start() for m in re.finditer(rb"<", data)] or [0]
        at = rng.choice(starts)
        return data[:at] + rng.choice(TAGS) + data[at:]
    chunk_at = rng.randrange(len(data) + 1)  # duplicate a slice
    return data[:chunk_at] + data[chunk_at : chunk_at + rng.randint(1, 200)] * rng.randint(2, 4) + data[chunk_at:]


def _mutated(parts: dict[str, bytes], rng: random.Random) -> bytes:
    """One hostile variant of a workbook: its zip bytes or its parts changed, by ``rng``."""
    parts = dict(parts)
    names = sorted(parts)
    kind = rng.randrange(10)
    if kind == 0:  # delete a part
        del parts[rng.choice(names)]
    elif kind == 1:  # duplicate a part under its name, with other content
        parts[rng.choice(names) + "\0dup"] = _mutate_xml(parts[rng.choice(names)], rng)
    elif kind == 2:  # swap two parts' contents
        first, second = rng.sample(names, 2)
        parts[first], parts[second] = parts[second], parts[first]
    elif kind <= 7:  # change one or two XML parts
        for name in rng.sample(names, rng.randint(1, 2)):
            parts[name] = _mutate_xml(parts[name], rng)
            if rng.random() < 0.3:
                parts[name] = _mutate_xml(parts[name], rng)
    data = zip_bytes(parts)
    if kind >= 8:  # change the zip's own bytes
        mutable = bytearray(data)
        if kind == 8:
            for _ in range(rng.randint(1, 12)):
                mutable[rng.randrange(len(mutable))] = rng.randrange(256)
        else:
            del mutable[rng.randrange(len(mutable)) :]
        data = bytes(mutable)
    return data


def _fuzz_seeds(tmp_path: Path) -> list[dict[str, bytes]]:
    """Small valid workbooks: openpyxl's player list, a grid with a date and a bool, Excel's layout."""
    players = openpyxl_book(tmp_path / "players.xlsx", PLAYERS)
    book = openpyxl.Workbook()
    book.active.title = "Round 1"
    for row in range(1, 6):
        book.active.append([row, f"{row}-{row + 1}", 1.5 * row, row % 2 == 0, "2026"])
    book.active["F2"] = dt.datetime(2024, 3, 1)
    book.create_sheet("Notes")["A1"] = "notes"
    book.save(tmp_path / "grid.xlsx")
    excel = excel_like_parts(
        {
            "Players": b'<row r="1" spans="1:3"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row>'
            b'<row r="2"><c r="A2" t="s"><v>2</v></c><c r="B2"><v>2350</v></c><c r="C2" t="e"><v>#REF!</v></c></row>'
            b'<row r="4"><c r="B4" t="str"><f>B2&amp;""</f><v>2350</v></c></row>',
        },
        ["Name", "Rating", "Piskunov, Alexandr"],
    )
    seeds = [excel]
    for path in (players, tmp_path / "grid.xlsx"):
        with zipfile.ZipFile(path) as archive:
            seeds.append({info.filename: archive.read(info) for info in archive.infolist()})
    return seeds


def _well_formed(grid: SheetGrid) -> bool:
    widths = {len(row) for row in grid.rows}
    plain = all(isinstance(value, CellValue.__args__) for row in grid.rows for value in row)  # type: ignore[attr-defined]
    return len(widths) <= 1 and plain and (not grid.rows or any(v is not None for v in grid.rows[-1]))


def test_fuzz_mutated_workbooks_end_in_grids_or_an_xlsx_error(tmp_path: Path) -> None:
    rng = random.Random(20240505)
    seeds = _fuzz_seeds(tmp_path)
    path = tmp_path / "fuzz.xlsx"
    outcomes = {"grids": 0, "refused": 0}
    most = 0  # bytes unpacked by the hungriest case
    cases = 2400
    for case in range(cases):
        seed = seeds[case % len(seeds)]
        path.write_bytes(_mutated(seed, rng))
        try:
            with measured() as work:
                result = _read_or_error(path)
        except Exception as exc:  # the failure this test exists to find
            raise AssertionError(f"case {case}: {type(exc).__name__}: {exc}") from exc
        most = max(most, work.unpacked)
        if isinstance(result, XlsxError):
            assert result.where and result.message, case
            outcomes["refused"] += 1
        else:
            grids, imported = result
            assert all(isinstance(grid, SheetGrid) and _well_formed(grid) for grid in grids), case
            assert imported is None or all(isinstance(problem, Problem) for problem in imported.problems), case
            outcomes["grids"] += 1
    assert sum(outcomes.values()) == cases
    assert min(outcomes.values()) > cases // 10, outcomes  # both kinds of ending are exercised
    assert most <= UNPACKED, most
    print(f"fuzz: {cases} cases, {outcomes}, at most {most:,} bytes unpacked")


def test_fuzz_target_catches_only_xlsx_errors(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The target lets anything but an XlsxError through, so the fuzz test can fail."""

    def broken(path: Path) -> list[SheetGrid]:
        raise KeyError("xl/workbook.xml")

    monkeypatch.setattr(f"{__name__}.read_workbook", broken)
    with pytest.raises(KeyError):
        _read_or_error(tmp_path / "x.xlsx")
