"""Damaged TRF records are a clear error, never a silent misread (issue 25).

Every record read by column (TRF-2026's 240, 250 and 260; the 142/XXR and 152/XXC after their code; the
header records) checks the columns it leaves blank, and each field holds exactly what it must. A record
written one column off, or with a stray character where a blank belongs, is refused naming the file, the
line and the column; it is never read as other numbers than were written (``10.0`` as ``0.0``).
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fidedesk.core.pairing.setup import AcceleratedRound
from fidedesk.core.tournament import EventInfo
from fidedesk.io.trf.document import parse_trf
from fidedesk.io.trf.pairing import PairingRecords, TrfVersion, pairing_lines, read_pairing_records
from fidedesk.io.trf.records import TrfError

SOURCE = "shifted.trf"
#: Every start rank TRF's four columns hold: the records here may name any of them.
KNOWN = range(1, 10_000)
#: Characters a damaged record may carry where a blank belongs.
STRAY = st.sampled_from("0123456789.,-+xH")


def _read(line: str) -> PairingRecords:
    return read_pairing_records([line], SOURCE, KNOWN)


def _values(records: PairingRecords) -> tuple[object, ...]:
    """What a record stores: the byes (entry and player, not the column), accelerated rounds, forbidden pairs."""
    byes = tuple((bye.entry, bye.player) for bye in records.byes)
    return byes, records.acceleration, records.forbidden, records.notes


_RANKS = st.lists(st.integers(1, 9999), min_size=2, max_size=5, unique=True)


@st.composite
def accelerated(draw: st.DrawFn) -> str:
    """A 250 record as fidedesk writes it (match points twice the game points, an individual event's)."""
    first = draw(st.integers(1, 99))
    low = draw(st.integers(1, 9999))
    group = AcceleratedRound(
        Fraction(draw(st.integers(0, 40)), 2),
        first,
        draw(st.integers(first, 99)),
        low,
        draw(st.integers(low, 9999)),
    )
    (line,) = pairing_lines(EventInfo(acceleration=(group,)), TrfVersion.TRF26)
    return line


@st.composite
def byes(draw: st.DrawFn) -> str:
    kind = draw(st.sampled_from("HFZ "))
    ranks = draw(_RANKS)
    return f"240 {kind} {draw(st.integers(1, 99)):>3} " + " ".join(f"{rank:>4}" for rank in ranks)


@st.composite
def forbidden(draw: st.DrawFn) -> str:
    first = draw(st.integers(1, 98))
    last = draw(st.integers(first, 99))
    return f"260 {first:>3} {last:>3} " + " ".join(f"{rank:>4}" for rank in draw(_RANKS))


RECORDS = accelerated() | byes() | forbidden()


def _refused_at_its_place(line: str) -> TrfError:
    with pytest.raises(TrfError) as caught:
        _read(line)
    error = caught.value
    assert (error.source, error.line) == (SOURCE, 1) and error.column is not None
    assert str(error).startswith(f"{SOURCE}:1:{error.column}: ")
    return error


@settings(max_examples=150)
@given(RECORDS, st.data())
def test_a_record_shifted_by_a_column_is_refused_or_reads_the_same(line: str, data: st.DataObject) -> None:
    """A character put in or taken out from some column on (the rest one column off): refused at a column,
    or read as the same values; never as others (the bug: ``10.0`` read as ``0.0``, ``150`` as ``50``)."""
    written = _values(_read(line))
    at = data.draw(st.integers(4, len(line)), label="column")  # 0-based: from column 5 on, after the code
    if data.draw(st.booleans(), label="insert"):
        shifted = line[:at] + data.draw(st.sampled_from(" 0123456789.-"), label="char") + line[at:]
    else:
        shifted = line[:at] + line[at + 1 :]
        if at == len(line) - 1 and shifted.endswith(" "):
            # the last character taken out and its field left blank: no column is off, and the line is the record
            # without its last entry (trailing blanks, which files often carry, are no entry): read as that, or
            # refused as that is
            try:
                written = _values(_read(line[:at].rstrip()))
            except TrfError:
                _refused_at_its_place(shifted)
                return
    try:
        read = _read(shifted)
    except TrfError as error:
        assert (error.source, error.line) == (SOURCE, 1) and error.column is not None
        return
    assert _values(read) == written, f"{shifted!r} read as other values than {line!r}"


def _separators(line: str) -> list[int]:
    """The 1-based columns a record leaves blank between its fields, within the record as written."""
    fixed = {"240": [4, 6, 10], "250": [4, 9, 14, 18, 22, 27], "260": [4, 8, 12]}[line[:3]]
    listed = {"240": 15, "260": 17}.get(line[:3])  # the blanks between the start ranks of a list
    between = list(range(listed, len(line) + 2, 5)) if listed else [32]  # and what follows a 250 record
    return fixed + between


@settings(max_examples=150)
@given(RECORDS, st.data())
def test_a_stray_character_where_a_blank_belongs_is_refused(line: str, data: st.DataObject) -> None:
    column = data.draw(st.sampled_from(_separators(line)), label="column")
    stray = data.draw(STRAY, label="stray")
    damaged = line.ljust(column)[: column - 1] + stray + line.ljust(column)[column:]
    error = _refused_at_its_place(damaged)
    assert error.column == column and f'found "{stray}"' in error.message


@pytest.mark.parametrize(
    ("line", "column", "message"),
    [
        ("250 20.010.0   1   2    1    4", 9, 'expected a blank in column 9, found "1"'),  # read as 0.0 before
        ("250 -2.0 -1.0   1   2    1    4", 5, 'expected match points such as "2.0" (or blank) in columns 5-8'),
        ("250  2.0  1.0   1   2    1    4    5", 32, "expected nothing after column 31"),
        ("250  2.0  1.0   1  150   1    4", 22, 'expected a blank in column 22, found "0"'),  # read as 15 before
        # the last start rank "100" a column short: read as "00", so as the first alone, before
        ("250  0.0  0.0   1   1    1  00", 28, "expected a start rank ending in column 31"),
        ("240 H   2    1    3x", 20, 'expected a blank in column 20, found "x"'),
        ("240 H1  2    1", 6, 'expected a blank in column 6, found "1"'),
        ("260   1   10   1    2", 12, 'expected a blank in column 12, found "0"'),
        ("1427", 4, 'expected a blank in column 4, after "142", found "7"'),
        ("152W", 4, 'expected a blank in column 4, after "152", found "W"'),
    ],
)
def test_damaged_records_name_their_column(line: str, column: int, message: str) -> None:
    error = _refused_at_its_place(line)
    assert error.column == column and message in error.message


def test_a_header_record_one_column_off_is_refused() -> None:
    with pytest.raises(TrfError, match=r"^h\.trf:1:4: expected a blank in column 4, after \"042\", found \"2\""):
        parse_trf("0422024/11/23\n", "h.trf")


@pytest.mark.parametrize(
    "line",
    [
        "250  2.0  1.0   1   2    1    4",
        "250 20.0 10.0   1   2    1    4",
        "240 H   2    1    3",
        "260   1  99    1    2",
    ],
)
def test_records_as_written_read_as_before(line: str) -> None:
    assert _read(line).notes == () and _values(_read(line)) != ((), (), (), ())
