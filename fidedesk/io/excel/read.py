"""Read an ``.xlsx`` workbook into plain :class:`~fidedesk.io.excel.grid.SheetGrid` objects, refusing hostile files.

:func:`read_workbook` is the only function here that touches a spreadsheet file; everything after it works
on the grids. It reads every worksheet in workbook order (chartsheets have no cells and are skipped) with
openpyxl in read-only mode, taking each formula's saved result (``data_only``), and gives:

* text, ``int``, ``float``, ``bool``, ``datetime``/``date``/``time`` as openpyxl reads them; a whole-number
  float stays a float (the importer decides what a number means), a duration longer than a day is its
  number of days; ``None`` for an empty cell or an empty text;
* :attr:`Unreadable.FORMULA_WITHOUT_VALUE` for a formula saved without its result (programs that write
  files without computing them, openpyxl among them; Excel and LibreOffice always save the result). A
  formula whose saved result is the empty text (``=IF(A1="";"";A1)``) is an empty cell, not this;
* :attr:`Unreadable.ERROR_VALUE` for ``#REF!``, ``#DIV/0!``, ``#N/A`` and the like, and for a number
  that is not finite or a date outside Excel's calendar;
* of a merged range only the top-left cell's value (the others are empty, as in the file).

Rows start at row 1 and columns at A; every row is padded to the widest row, and trailing empty rows and
columns are dropped, so an empty sheet gives ``rows=()``.

What is refused, with an :class:`XlsxError` saying why, before (:mod:`fidedesk.io.excel.container`) or while
openpyxl reads:

* anything that is not an ``.xlsx`` zip: an old ``.xls`` or other OLE file, a workbook protected with a
  password (Excel then stores it encrypted in an OLE file), a text/CSV, HTML or PDF file renamed, an
  OpenDocument ``.ods``, an ``.xlsb``, some other zip;
* a damaged or truncated zip, a part that does not unpack, XML that is not well formed;
* a "zip bomb": a file over :data:`MAX_FILE_BYTES`, more than :data:`MAX_MEMBERS` parts, parts that
  would unpack to more than :data:`MAX_UNPACKED_BYTES` in all, or one part over
  :data:`SUSPICIOUS_MEMBER_BYTES` compressed more than :data:`SUSPICIOUS_RATIO` to 1 (spreadsheet XML
  compresses about 10 to 1);
* XML with entity declarations or external references (a "billion laughs" bomb, or an attempt to read
  a local file): openpyxl parses through ``defusedxml``, and reading is refused if it would not;
* a row numbered outside Excel's 1 to 1,048,576.

What is cut rather than refused (the grid's ``cut`` then says which limit, as a sentence such as ``more
than 20,000 rows (the limit)``): rows after the ``max_rows``-th row of the sheet, cells right of column
``max_columns``, a sheet with more than ``max_rows`` row records (a file padded with a million empty rows),
and cells beyond :data:`MAX_CELLS` grid cells in the whole workbook. A sheet so cut is never imported
(:func:`fidedesk.io.excel.importing.build` refuses it, naming the sheet and the limit); other sheets of the
workbook still are. The size a sheet declares (``<dimension ref="A1:XFD1048576"/>``) is never used. So
reading time and memory follow the data actually kept, not what the file claims.

Every other failure, whatever openpyxl, zipfile or the XML parser raise, becomes an :class:`XlsxError`
whose ``where`` is the file name, or the sheet's name when the fault is inside a sheet; the original
exception is its ``__cause__``. Files that cannot be opened at all (missing, no permission) are
XlsxErrors too.

openpyxl has no public way to read a sheet's cells as they come in the file: ``load_workbook(read_only=True)``
parses a whole sheet on opening when it has no ``<dimension>``, ``iter_rows`` pads every row to its
rightmost cell and every gap between rows, and neither tells a formula without a result from an empty
cell. So the workbook is opened with openpyxl's own ``ExcelReader`` (read-only, saved results, no
external links), taking the steps of ``load_workbook`` up to the worksheets, and each sheet is read by
:class:`_CellParser`, an extension of the worksheet parser ``iter_rows`` uses. These are openpyxl
internals (stable from 3.0 to 3.1.5); the tests cover what is used of them.
"""

from __future__ import annotations

import datetime as dt
import math
import re
import warnings
import zipfile
import zlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, BinaryIO, Final
from xml.etree.ElementTree import ParseError

import openpyxl.xml  # type: ignore[import-untyped]
import openpyxl.xml.functions  # type: ignore[import-untyped]
from defusedxml import DefusedXmlException, DTDForbidden, EntitiesForbidden, ExternalReferenceForbidden  # type: ignore[import-untyped]
from openpyxl.reader.excel import ExcelReader  # type: ignore[import-untyped]
from openpyxl.styles.stylesheet import apply_stylesheet  # type: ignore[import-untyped]
from openpyxl.worksheet._reader import FORMULA_TAG, VALUE_TAG, WorkSheetParser  # type: ignore[import-untyped]

from fidedesk.io.bounded import FileLimitError, check_file
from fidedesk.io.excel.container import MAX_FILE_BYTES, check_container
from fidedesk.io.excel.grid import (
    CellValue,
    ImportCancelled,
    SheetGrid,
    Unreadable,
    XlsxError,
    cell_place,
    column_letters,
)
from fidedesk.io.plain_words import Plain

__all__ = [
    "MAX_CELLS",
    "MAX_COLUMNS",
    "MAX_ROWS",
    "PROGRESS_EVERY",
    "read_workbook",
]

#: Rows kept per sheet: ten times the largest FIDE open (some 2,000 players), read, imported and rated by
#: ``fidedesk-cli rate`` in a few seconds.
MAX_ROWS: Final = 20_000
#: Columns kept per sheet.
MAX_COLUMNS: Final = 1_000
#: Grid cells (rows × width, empty ones included) kept in the whole workbook: about 100 MB at most.
MAX_CELLS: Final = 3_000_000
#: ``progress`` is called after every this many row records.
PROGRESS_EVERY: Final = 500

EXCEL_ROWS: Final = 1_048_576

_NO_RESULT: Final = "fidedesk:formula-without-result"  # data type _CellParser gives such a cell
_BAD_CELL_TYPES: Final = (ValueError, TypeError, IndexError, KeyError, OverflowError, AttributeError)


def read_workbook(
    path: Path,
    *,
    progress: Callable[[int], bool] | None = None,
    max_rows: int = MAX_ROWS,
    max_columns: int = MAX_COLUMNS,
) -> list[SheetGrid]:
    """Every worksheet of the ``.xlsx`` file at ``path``, in workbook order, as plain grids.

    ``progress`` is called with the number of row records read so far (all sheets) every
    :data:`PROGRESS_EVERY` rows; when it returns False, :class:`ImportCancelled` is raised (nothing
    else happens: reading changes nothing). Raises :class:`XlsxError` for anything that cannot be read,
    as the module docstring lists.
    """
    path = Path(path)
    name = path.name or str(path)
    _require_defused_xml(name)
    try:
        check_file(path, MAX_FILE_BYTES)  # a FIFO would block the open below, /dev/zero never end
        handle = path.open("rb")
    except FileLimitError as exc:
        raise XlsxError(name, exc.reason, exc.plain) from None
    except OSError as exc:
        raise XlsxError(name, f"cannot be opened ({exc.strerror or exc})", Plain.CANNOT_OPEN) from exc
    with handle:
        check_container(handle, name)
        handle.seek(0)
        return _read_sheets(handle, name, _Counter(progress), max(max_rows, 0), max(max_columns, 0))


# ------------------------------------------------------------------------------------ the file around it


def _require_defused_xml(name: str) -> None:
    """Refuse to read unless openpyxl parses XML through defusedxml (it does when defusedxml is installed)."""
    iterparse = getattr(openpyxl.xml.functions, "iterparse", None)
    module = getattr(iterparse, "__module__", "") or ""
    if not (openpyxl.xml.DEFUSEDXML and module.startswith("defusedxml")):
        raise XlsxError(
            name,
            "cannot be read safely: the defusedxml package is missing or switched off (OPENPYXL_DEFUSEDXML); "
            "reinstall fidedesk",
        )


# ------------------------------------------------------------------------------------------ the sheets


class _Counter:
    """Row records read in the whole workbook, reported to ``progress``; grid cells kept so far."""

    def __init__(self, progress: Callable[[int], bool] | None) -> None:
        self.progress = progress
        self.rows = 0
        self.cells = 0

    def row_read(self) -> None:
        self.rows += 1
        if self.progress is not None and self.rows % PROGRESS_EVERY == 0 and not self.progress(self.rows):
            raise ImportCancelled()


def _read_sheets(handle: BinaryIO, name: str, counter: _Counter, max_rows: int, max_columns: int) -> list[SheetGrid]:
    """The worksheets, through openpyxl's workbook reader; every failure translated to an XlsxError."""
    with _quiet(), _errors_as_xlsx(name):
        reader = ExcelReader(handle, read_only=True, data_only=True, keep_links=False)
    try:
        with _quiet(), _errors_as_xlsx(name):
            parts = _worksheet_parts(reader)
        grids = []
        for title, part in parts:
            with _quiet(), _errors_as_xlsx(title):
                grids.append(_read_sheet(reader, title, part, counter, max_rows, max_columns))
        return grids
    finally:
        reader.archive.close()


def _worksheet_parts(reader: Any) -> list[tuple[str, str]]:
    """Each worksheet's name and part, in workbook order, read as ``load_workbook(read_only=True)`` does.

    The steps of ``ExcelReader.read`` are taken but for the worksheets themselves: openpyxl's read-only
    worksheet parses its whole part on opening when the part lacks a ``<dimension>`` (4 s for a million
    empty rows, before any limit here applies), and it fails on chartsheets without a drawing. Document
    properties, the theme and defined names are not needed for cell values.
    """
    reader.read_manifest()
    reader.read_strings()
    reader.read_workbook()
    apply_stylesheet(reader.archive, reader.wb)  # the date and duration formats
    present = set(reader.valid_files)
    return [
        (str(sheet.name), str(rel.target))
        for sheet, rel in reader.parser.find_sheets()
        if rel.target in present and str(rel.Type).endswith("/worksheet")
    ]


def _read_sheet(reader: Any, title: str, part: str, counter: _Counter, max_rows: int, max_columns: int) -> SheetGrid:
    """One worksheet's cells as they come in its XML, within the limits (see the module docstring)."""
    kept: dict[int, list[CellValue]] = {}
    height = width = records = 0
    cut: str | None = None
    too_many_rows = f"more than {max_rows:,} rows (the limit)"
    with _sheet_records(reader, part) as records_of_sheet:
        for number, cells in records_of_sheet:
            counter.row_read()
            records += 1
            if not 1 <= number <= EXCEL_ROWS:
                raise XlsxError(
                    title, f"row number {number} is outside Excel's rows 1 to {EXCEL_ROWS:,}; the file is damaged"
                )
            if records > max_rows:
                cut = cut or too_many_rows
                break
            values, wide = _row_values(cells, max_columns)
            if wide and cut is None:
                last = column_letters(max_columns - 1)
                cut = f"cells right of column {last} (more than {max_columns:,} columns, the limit)"
            if not values:
                continue
            if number > max_rows:
                cut = cut or too_many_rows
                break
            new_height, new_width = max(height, number), max(width, len(values))
            if counter.cells + new_height * new_width > MAX_CELLS:
                cut = cut or f"more cells than a workbook may hold in all ({MAX_CELLS:,}, the limit)"
                break
            height, width = new_height, new_width
            previous = kept.get(number)
            kept[number] = values if previous is None else _overlay(previous, values)
    counter.cells += height * width
    return SheetGrid(title, _grid(kept, height, width), cut)


def _row_values(cells: list[dict[str, Any]], max_columns: int) -> tuple[list[CellValue], bool]:
    """A row's values from column A to its last non-empty cell, and whether cells right of the limit held data."""
    placed: list[tuple[int, CellValue]] = []
    cut = False
    for cell in cells:
        value = _plain(cell["value"], cell["data_type"])
        if value is None:
            continue
        column = int(cell["column"])
        if column > max_columns:
            cut = True
        elif column >= 1:
            placed.append((column, value))
    if not placed:
        return [], cut
    values: list[CellValue] = [None] * max(column for column, _ in placed)
    for column, value in placed:
        values[column - 1] = value
    return values, cut


def _overlay(previous: list[CellValue], values: list[CellValue]) -> list[CellValue]:
    """A row given twice in the file: the later cells win where they hold something."""
    merged = previous + [None] * (len(values) - len(previous))
    for index, value in enumerate(values):
        if value is not None:
            merged[index] = value
    return merged


def _grid(kept: dict[int, list[CellValue]], height: int, width: int) -> tuple[tuple[CellValue, ...], ...]:
    """Rows 1..height padded to ``width``; the empty rows share one tuple."""
    empty: tuple[CellValue, ...] = (None,) * width
    return tuple(
        empty if (values := kept.get(number)) is None else (*values, *empty[len(values) :])
        for number in range(1, height + 1)
    )


def _plain(value: Any, data_type: str) -> CellValue:
    """A cell value as fidedesk's grid holds it (see the module docstring)."""
    if data_type == _NO_RESULT:
        return Unreadable.FORMULA_WITHOUT_VALUE
    if data_type == "e":
        return Unreadable.ERROR_VALUE
    if value is None or isinstance(value, bool | int | dt.date | dt.time):
        return value  # a datetime is a date
    if isinstance(value, float):
        return value if math.isfinite(value) else Unreadable.ERROR_VALUE
    if isinstance(value, str):
        return value or None
    if isinstance(value, dt.timedelta):
        if dt.timedelta(0) <= value < dt.timedelta(days=1):
            return (dt.datetime.min + value).time()
        return value / dt.timedelta(days=1)
    return str(value)


class _CellParser(WorkSheetParser):  # type: ignore[misc]
    """openpyxl's worksheet parser reading saved results, which also marks formulas saved without one.

    A formula cell whose ``<v>`` is missing, or empty while the result is not text, gets the data type
    ``_NO_RESULT``. An empty ``<v>`` of a text result (``t="str"``) is the empty text Excel saves for
    ``=IF(A1="";"";A1)``.
    """

    def parse_cell(self, element: Any) -> dict[str, Any]:
        try:
            cell: dict[str, Any] = super().parse_cell(element)
        except _BAD_CELL_TYPES as exc:
            raise _BadCell(element.get("r")) from exc
        if cell["value"] is None and element.find(FORMULA_TAG) is not None:
            saved = element.find(VALUE_TAG)
            if saved is None or cell["data_type"] not in ("str", "e"):
                cell["data_type"] = _NO_RESULT
        return cell


class _BadCell(Exception):
    """A cell openpyxl could not read; ``coordinate`` is its ``r`` attribute if it has one."""

    def __init__(self, coordinate: str | None) -> None:
        super().__init__(coordinate)
        self.coordinate = coordinate


@contextmanager
def _sheet_records(reader: Any, part: str) -> Iterator[Iterator[tuple[int, list[dict[str, Any]]]]]:
    """The sheet's ``<row>`` records as ``(row number, cells)``, from openpyxl's parser over its XML part.

    The parser is given what openpyxl's own ``ReadOnlyWorksheet.iter_rows`` gives it: the part, the
    shared strings and the workbook's date formats and epoch.
    """
    workbook = reader.wb
    with reader.archive.open(part) as source:
        parser = _CellParser(
            source,
            reader.shared_strings,
            data_only=True,
            epoch=workbook.epoch,
            date_formats=workbook._date_formats,
            timedelta_formats=workbook._timedelta_formats,
        )

        def records() -> Iterator[tuple[int, list[dict[str, Any]]]]:
            for number, cells in parser.parse():
                parser.row_dimensions.clear()  # heights of rows: not needed, and grows with every row
                yield int(number), cells

        yield records()


@contextmanager
def _quiet() -> Iterator[None]:
    """openpyxl warns about every extension it drops and every date it cannot convert; none of it matters here."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


_DETAIL_LIMIT: Final = 120
_COORDINATE: Final = re.compile(r"([A-Z]{1,3})([0-9]{1,7})")


@contextmanager
def _errors_as_xlsx(where: str) -> Iterator[None]:
    """Turn whatever reading raises into an XlsxError at ``where`` (the file or a sheet), keeping the cause."""
    try:
        yield
    except (XlsxError, ImportCancelled):
        raise
    except _BadCell as exc:
        place = _place(where, exc.coordinate)
        raise XlsxError(
            place, f"a cell cannot be read; the file is damaged ({_detail(exc.__cause__)})"
        ) from exc.__cause__
    except Exception as exc:
        raise XlsxError(where, _explain(exc)) from exc


def _place(sheet: str, coordinate: str | None) -> str:
    """``Sheet!D7`` for a cell's ``r`` attribute when it is a plain coordinate, else the sheet."""
    match = _COORDINATE.fullmatch(coordinate or "")
    if match is None or int(match[2]) == 0:
        return sheet
    column = 0
    for letter in match[1]:
        column = column * 26 + ord(letter) - ord("A") + 1
    return cell_place(sheet, int(match[2]) - 1, column - 1)


def _explain(exc: BaseException) -> str:
    """A failure inside openpyxl, in words for the person importing the file.

    openpyxl wraps some failures in a ValueError of its own ("Unable to read workbook: …"), so the
    chain of causes is searched for the one that says what happened.
    """
    for cause in _chain(exc):
        message = _explain_one(cause)
        if message is not None:
            return message
    return f"the file is damaged or was not written by a spreadsheet program ({_detail(_chain(exc)[-1])})"


def _chain(exc: BaseException) -> list[BaseException]:
    """``exc`` and its causes, innermost last (at most a few; loops cut)."""
    chain = [exc]
    while len(chain) < 10:
        cause = chain[-1].__cause__ or chain[-1].__context__
        if cause is None or cause in chain:
            break
        chain.append(cause)
    return chain


def _explain_one(exc: BaseException) -> str | None:
    if isinstance(exc, EntitiesForbidden | DTDForbidden):
        return (
            "refused: the file's XML declares entities (<!DOCTYPE>/<!ENTITY>), which Excel never writes; they are "
            "used to make a reader exhaust its memory (an 'XML bomb') or read other files on this computer"
        )
    if isinstance(exc, ExternalReferenceForbidden):
        return "refused: the file's XML refers to an outside file or web address, which fidedesk never follows"
    if isinstance(exc, DefusedXmlException):
        return "refused: the file's XML uses features Excel never writes and that are unsafe to read"
    if isinstance(exc, ParseError):
        return f"the file is damaged: part of its XML is not well formed ({_detail(exc)})"
    if isinstance(exc, zipfile.BadZipFile | zlib.error | EOFError):
        return f"the file is damaged: a part of it does not unpack ({_detail(exc)})"
    if isinstance(exc, OSError) and "no valid workbook part" in str(exc):
        return "the file is damaged: its list of parts ([Content_Types].xml) names no workbook"
    if isinstance(exc, KeyError):
        return f"the file is incomplete: a part the workbook refers to is missing ({_detail(exc)})"
    if isinstance(exc, MemoryError):
        return "the workbook is too large to read with the memory available"
    return None


def _detail(exc: BaseException | None) -> str:
    """A short technical detail for a message: the exception's type and the start of its text."""
    if exc is None:
        return "no detail"
    text = " ".join(str(exc).split())
    if len(text) > _DETAIL_LIMIT:
        text = text[: _DETAIL_LIMIT - 1] + "…"
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__
