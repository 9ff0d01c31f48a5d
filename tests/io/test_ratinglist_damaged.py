"""Damaged rating-list zips: a clear error naming the file and the reason, never a traceback (issue 25, item 4).

A fuzz campaign found 175 of 2,930 damaged zips ending in a traceback (a CRC error, an unknown compression
method, a name that differs between the zip's directory and its entry, a download cut short...). Each class of
damage is made here from a small valid download, and whatever the damage, the list either reads whole and
right, or is refused with one ListFormatError naming the zip; the command line says it in one line, exit 2.
"""

from __future__ import annotations

import struct
import zipfile
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from benchmarks.make_fide_list import write_txt, write_xml
from fidedesk import cli
from fidedesk.io.plain_words import Plain
from fidedesk.io.ratinglist.fide_list import ListFormatError, inspect, read_rows

Rows = list[tuple[object, ...]]

# Offsets of the fields of a zip's local entry header (at 0: the list is the zip's only member) and of its
# central directory entry (APPNOTE.TXT 4.3.7 and 4.3.12).
LOCAL_FLAGS, LOCAL_METHOD, LOCAL_CRC, LOCAL_NAME = 6, 8, 14, 30
CENTRAL_FLAGS, CENTRAL_METHOD, CENTRAL_CRC, CENTRAL_SIZES, CENTRAL_EXTRA_LENGTH, CENTRAL_NAME = 8, 10, 16, 20, 30, 46


def _stored(path: Path, deflated: Path) -> Path:
    """``deflated``'s member again, stored (no compression): a damaged byte reaches the list's reader."""
    with zipfile.ZipFile(deflated) as source, zipfile.ZipFile(path, "w", zipfile.ZIP_STORED) as target:
        info = source.infolist()[0]
        target.writestr(zipfile.ZipInfo(info.filename, date_time=info.date_time), source.read(info))
    return path


@pytest.fixture(scope="module")
def downloads(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[bytes, Rows]]:
    """Valid downloads by name (text deflated, text stored, XML, a single list), with the rows each reads as."""
    folder = tmp_path_factory.mktemp("valid")
    txt, xml = folder / "players_list.zip", folder / "players_list_xml.zip"
    write_txt(txt, 40, seed=5, month="2026-11")
    write_xml(xml, 15, seed=6, month="2026-11")
    made = {
        "txt": txt,
        "stored": _stored(folder / "standard_nov26frl.zip", _single(folder, "standard")),
        "xml": xml,
        "blitz": _single(folder, "blitz"),
    }
    return {name: (path.read_bytes(), list(read_rows(inspect(path)))) for name, path in made.items()}


def _single(folder: Path, kind: str) -> Path:
    path = folder / f"{kind}_made.zip"
    write_txt(path, 30, seed=8, kind=kind, month="2026-11")
    return path


#: The 25th of a 15th month of 2026, as a zip's directory stores a date (APPNOTE.TXT 4.4.6).
MONTH_15 = struct.pack("<H", (2026 - 1980) << 9 | 15 << 5 | 25)


def _central(data: bytes) -> int:
    return data.rindex(b"PK\x01\x02")


def _put(data: bytes, at: int, value: bytes) -> bytes:
    return data[:at] + value + data[at + len(value) :]


def _flip(data: bytes, at: int, mask: int = 0xFF) -> bytes:
    return _put(data, at, bytes([data[at] ^ mask]))


def _u16(data: bytes, at: int) -> int:
    return int(struct.unpack_from("<H", data, at)[0])


def _both(data: bytes, local: int, central: int, value: bytes) -> bytes:
    """``value`` at a field of both headers: the local entry's and the central directory's."""
    return _put(_put(data, local, value), _central(data) + central, value)


def _bad_utf8_name(data: bytes) -> bytes:
    """The name flagged as UTF-8 (bit 11) in both headers, with a byte that is never UTF-8 in it."""
    for flags, name in ((LOCAL_FLAGS, LOCAL_NAME), (_central(data) + CENTRAL_FLAGS, _central(data) + CENTRAL_NAME)):
        data = _put(data, flags, struct.pack("<H", _u16(data, flags) | 0x800))
        data = _put(data, name + 2, b"\xff")
    return data


def _zip64_extra(data: bytes, field: bytes) -> bytes:
    """The directory's sizes marked as held in a zip64 field (0xFFFFFFFF), and ``field`` as that field's data."""
    central = _central(data)
    name_length = _u16(data, central + CENTRAL_NAME - 18)
    assert _u16(data, central + CENTRAL_EXTRA_LENGTH) == 0, "the directory entry has no extra field yet"
    extra = struct.pack("<HH", 1, len(field)) + field
    entry = _put(data[central:], CENTRAL_SIZES, b"\xff" * 8)
    entry = _put(entry, CENTRAL_EXTRA_LENGTH, struct.pack("<H", len(extra)))
    at = CENTRAL_NAME + name_length
    data = data[:central] + entry[:at] + extra + entry[at:]
    end = data.rindex(b"PK\x05\x06")
    return _put(data, end + 12, struct.pack("<I", struct.unpack_from("<I", data, end + 12)[0] + len(extra)))


def _zip64_end(data: bytes, offset_by: int = 0, disks: int = 1) -> bytes:
    """A zip64 end record and its locator before the end record (APPNOTE.TXT 4.3.14-15), the directory's offset
    moved by ``offset_by``, the archive said to span ``disks``."""
    end = data.rindex(b"PK\x05\x06")
    entries, size, offset = struct.unpack_from("<HII", data, end + 10)
    record = struct.pack("<4sQ2H2L4Q", b"PK\x06\x06", 44, 45, 45, 0, 0, entries, entries, size, offset + offset_by)
    return data[:end] + record + struct.pack("<4sLQL", b"PK\x06\x07", 0, end, disks) + data[end:]


def _cut_out(data: bytes, start: int, length: int) -> bytes:
    return data[:start] + data[start + length :]


#: Each class of damage: which valid download it is done to, and how.
DAMAGES: dict[str, tuple[str, Callable[[bytes], bytes]]] = {
    "crc in the directory": ("txt", lambda d: _flip(d, _central(d) + CENTRAL_CRC)),
    "crc in both headers": ("xml", lambda d: _both(d, LOCAL_CRC, CENTRAL_CRC, b"\0\0\0\0")),
    "crc of a stored list": ("stored", lambda d: _flip(d, _central(d) + CENTRAL_CRC + 3, 0x01)),
    "compression method 99": ("txt", lambda d: _both(d, LOCAL_METHOD, CENTRAL_METHOD, struct.pack("<H", 99))),
    "compression method 99 in XML": ("xml", lambda d: _both(d, LOCAL_METHOD, CENTRAL_METHOD, struct.pack("<H", 99))),
    "bzip2 said, deflate held": ("txt", lambda d: _both(d, LOCAL_METHOD, CENTRAL_METHOD, struct.pack("<H", 12))),
    "lzma said, deflate held": ("txt", lambda d: _both(d, LOCAL_METHOD, CENTRAL_METHOD, struct.pack("<H", 14))),
    "deflate said, stored held": ("stored", lambda d: _both(d, LOCAL_METHOD, CENTRAL_METHOD, struct.pack("<H", 8))),
    "local name differs": ("txt", lambda d: _flip(d, LOCAL_NAME + 3, 0x20)),
    "local name differs in XML": ("xml", lambda d: _flip(d, LOCAL_NAME + 1, 0x01)),
    "local header signature": ("txt", lambda d: _put(d, 0, b"PK\x07\x08")),
    "name not UTF-8": ("txt", _bad_utf8_name),
    "encrypted": ("txt", lambda d: _both(d, LOCAL_FLAGS, CENTRAL_FLAGS, struct.pack("<H", 1))),
    "zip64 field too short": ("txt", lambda d: _zip64_extra(d, b"\0\0\0\0")),
    "zip64 size beyond the bound": ("txt", lambda d: _zip64_extra(d, struct.pack("<QQ", 2**40, 1403))),
    "zip64 sizes wrong": ("txt", lambda d: _zip64_extra(d, struct.pack("<QQ", 10, 5))),
    "zip64 end record pointing wrong": ("txt", lambda d: _zip64_end(d, offset_by=10**6)),
    "zip64 end record on two disks": ("xml", lambda d: _zip64_end(d, disks=2)),
    "zip64 end record": ("txt", _zip64_end),
    "declared size smaller": ("txt", lambda d: _put(d, _central(d) + CENTRAL_SIZES + 4, struct.pack("<I", 100))),
    "declared size larger": ("stored", lambda d: _put(d, _central(d) + CENTRAL_SIZES + 4, struct.pack("<I", 10**6))),
    "compressed size larger": ("txt", lambda d: _put(d, _central(d) + CENTRAL_SIZES, struct.pack("<I", 10**6))),
    "compressed size smaller": ("txt", lambda d: _put(d, _central(d) + CENTRAL_SIZES, struct.pack("<I", 200))),
    "member cut short": ("txt", lambda d: _cut_out(d, 400, 300)),
    "XML member cut short": ("xml", lambda d: _cut_out(d, 400, 300)),
    "stored member cut short": ("stored", lambda d: _cut_out(d, 1000, 17)),
    "member data garbled": ("txt", lambda d: _put(d, 300, b"\xa5" * 40)),
    "stored member data garbled": ("stored", lambda d: _put(d, 700, b"X")),
    "directory cut short": ("txt", lambda d: d[: _central(d) + 20]),
    "end record only": ("txt", lambda d: d[d.rindex(b"PK\x05\x06") :]),
    "file date of month 15": ("txt", lambda d: _put(d, _central(d) + 14, MONTH_15)),
}


#: Damage no reader checks, as the list's bytes are intact (the checksum says so): the list reads, whatever the
#: file date says (its month then comes from elsewhere), or the sizes say beyond the list's end.
HARMLESS = "file date of month 15"
INTACT = frozenset({HARMLESS, "declared size larger", "compressed size larger", "zip64 end record"})


def _damaged(folder: Path, damage: str, downloads: dict[str, tuple[bytes, Rows]]) -> tuple[Path, Rows]:
    """The download damaged so, and the rows it held; named as FIDE names a single list, except when the damage
    is to the file date (a month in the name would be used instead)."""
    valid, how = DAMAGES[damage]
    data, expected = downloads[valid]
    path = folder / ("players_list_nov.zip" if damage == HARMLESS else "standard_feb26frl.zip")
    path.write_bytes(how(data))
    return path, expected


def _outcome(path: Path, expected: Rows) -> str:
    """``"read"`` when the list reads whole and right; the message when refused with a ListFormatError that names
    the zip in one line. Any other exception fails the test, as it reaches the user as a traceback."""
    try:
        rows = list(read_rows(inspect(path)))
    except ListFormatError as error:
        message = str(error)
        assert path.name in message, message
        assert "\n" not in message and "\r" not in message, message
        return message
    assert rows == expected
    return "read"


@pytest.mark.parametrize("damage", DAMAGES)
def test_each_kind_of_damage_is_refused_naming_the_zip_and_the_reason(
    damage: str, downloads: dict[str, tuple[bytes, Rows]], tmp_path: Path
) -> None:
    path, expected = _damaged(tmp_path, damage, downloads)
    assert _outcome(path, expected) != "read" or damage in INTACT


@pytest.mark.parametrize(
    ("damage", "words"),
    [
        ("crc in the directory", "damaged: the list's checksum does not match (CRC error)"),
        ("compression method 99", "compression method 99"),
        ("local name differs", "differs"),
        ("encrypted", "encrypted"),
        ("member cut short", "damaged"),
    ],
)
def test_the_reason_is_in_words_and_says_to_download_again(
    damage: str, words: str, downloads: dict[str, tuple[bytes, Rows]], tmp_path: Path
) -> None:
    message = _outcome(*_damaged(tmp_path, damage, downloads))
    assert message.startswith("standard_feb26frl.zip: ") and words in message, message
    assert message.endswith("download it again"), message


@pytest.mark.parametrize("valid", ["txt", "stored", "xml", "blitz"])
def test_a_download_cut_or_torn_anywhere_is_refused(
    valid: str, downloads: dict[str, tuple[bytes, Rows]], tmp_path: Path
) -> None:
    """Cut at every 7th byte (an incomplete download), and with 13 bytes torn out there (the directory then
    points into the member's data, or beyond it)."""
    data, expected = downloads[valid]
    path = tmp_path / "players_list.zip"
    wrong: list[str] = []
    for at in range(0, len(data), 7):
        for damaged in (data[:at], _cut_out(data, at, 13)):
            path.write_bytes(damaged)
            try:
                _outcome(path, expected)
            except Exception as error:  # counted, so that a failure says how many
                wrong.append(f"{at}: {type(error).__name__}: {error}")
    assert not wrong, f"{len(wrong)} of {2 * len(range(0, len(data), 7))}:\n" + "\n".join(wrong[:20])


@settings(
    max_examples=200,
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    valid=st.sampled_from(["txt", "stored", "xml", "blitz"]),
    flips=st.lists(st.tuples(st.floats(0, 1, exclude_max=True), st.integers(1, 255)), min_size=1, max_size=4),
)
def test_random_bytes_flipped_anywhere_read_right_or_are_refused(
    valid: str, flips: list[tuple[float, int]], downloads: dict[str, tuple[bytes, Rows]], tmp_path: Path
) -> None:
    data, expected = downloads[valid]
    for where, mask in flips:
        data = _flip(data, int(where * len(data)), mask)
    path = tmp_path / "players_list.zip"
    path.write_bytes(data)
    _outcome(path, expected)


@pytest.mark.parametrize("damage", ["crc in the directory", "compression method 99", "local name differs",
                                    "encrypted", "member cut short", "name not UTF-8", "lzma said, deflate held",
                                    HARMLESS])  # fmt: skip
def test_the_command_line_says_it_in_one_line_exit_2_and_keeps_the_lists(
    damage: str, downloads: dict[str, tuple[bytes, Rows]], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    database = tmp_path / "lists.sqlite"
    kept = tmp_path / "players_list.zip"
    kept.write_bytes(downloads["txt"][0])
    assert cli.main(["ratinglist", "import", str(kept), "--month", "2026-10", "--db", str(database)]) == 0
    capsys.readouterr()
    path, _rows = _damaged(tmp_path, damage, downloads)
    arguments = ["ratinglist", "import", str(path), "--db", str(database), "--month", "2026-11"]
    if damage == HARMLESS:  # no damage the list's reader sees: it reads, whatever its date says
        assert cli.main(arguments) == 0
        return
    assert cli.main(arguments) == 2
    err = capsys.readouterr().err
    damaged = f"fidedesk-cli: {Plain.DOWNLOAD_DAMAGED.value} standard_feb26frl.zip: "  # issue 29: plain words first
    assert err.startswith(damaged) and err.count("\n") == 1, err
    assert cli.main(["ratinglist", "lists", "--db", str(database)]) == 0
    [kept_line] = capsys.readouterr().out.splitlines()
    assert kept_line.split() == ["2026-10", "combined", "40", "players", "players_list.zip"]


def test_the_command_line_says_any_cut_or_torn_download_in_one_line(
    downloads: dict[str, tuple[bytes, Rows]], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = downloads["xml"][0]
    path = tmp_path / "players_list_xml.zip"
    arguments = ["ratinglist", "import", str(path), "--db", str(tmp_path / "lists.sqlite"), "--month", "2026-11"]
    for at in range(0, len(data), 31):
        for damaged in (data[:at], _cut_out(data, at, 13)):
            path.write_bytes(damaged)
            code, err = cli.main(arguments), capsys.readouterr().err
            said = any(err.startswith(f"fidedesk-cli: {plain.value} {path.name}: ") for plain in Plain)  # issue 29
            assert (code, said, err.count("\n")) == (2, True, 1), (at, err)


@pytest.mark.parametrize(
    ("member", "text", "refused"),
    [
        ("players_list_xml_foa.xml", '<?xml version="1.0" encoding="foo"?><playerslist/>', "unknown encoding: foo"),
        ("players_list_xml_foa.xml", '<?xml version="1.0" encoding="shift_jis"?><playerslist/>', "multi-byte"),
        ("standard_feb26frl.txt", "ID Number      Name         Fed FEC26 Gms  K B-day Flag\n", "column .FEC26."),
    ],
)
def test_an_intact_zip_whose_list_cannot_be_read_is_refused_with_the_reason(
    member: str, text: str, refused: str, tmp_path: Path
) -> None:
    """Not damage, but found with it: an XML encoding expat cannot read (a LookupError, a ValueError) and a
    rating column that names no month (a ValueError from Month) ended in a traceback too."""
    path = tmp_path / "list.zip"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr(member, text)
    with pytest.raises(ListFormatError, match=refused) as raised:
        list(read_rows(inspect(path)))
    assert str(raised.value).startswith("list.zip")
