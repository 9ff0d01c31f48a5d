"""FIDE rating lists that are not what they claim: bounded memory and a message with the place, whatever the
download holds (issue 13, item 7)."""

from __future__ import annotations

import os
import zipfile
from collections.abc import Iterable
from pathlib import Path

import pytest

from fidedesk import cli
from fidedesk.io.plain_words import Plain
from fidedesk.io.ratinglist import fide_list
from fidedesk.io.ratinglist.fide_list import (
    MAX_DOWNLOAD_BYTES,
    MAX_LINE_BYTES,
    MAX_XML_DEPTH,
    ListFormatError,
    inspect,
    read_rows,
)

from ..bounds import MB, measured
from .test_ratinglist import CARLSEN, COMBINED_HEADER

PLAYER = (
    "<player><fideid>1503014</fideid><name>Carlsen, Magnus</name><country>NOR</country><rating>2823</rating></player>"
)


def _zip(path: Path, member: str, parts: Iterable[bytes]) -> Path:
    """A download whose one member is ``parts`` written one after another (deflated: big members stay small)."""
    with (
        zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive,
        archive.open(zipfile.ZipInfo(member, date_time=(2026, 10, 31, 12, 0, 0)), "w", force_zip64=True) as out,
    ):
        for part in parts:
            out.write(part)
    return path


def _xml(path: Path, *parts: bytes, repeat: bytes = b"", times: int = 0, end: bytes = b"") -> Path:
    chunk = repeat * max(1, (1 << 16) // max(1, len(repeat)))
    whole, rest = divmod(times, max(1, (1 << 16) // max(1, len(repeat))))
    body = [chunk] * whole + [repeat * rest] if repeat else []
    return _zip(path, "players_list_xml_foa.xml", [b'<?xml version="1.0"?>\n', *parts, *body, end])


def _read(path: Path) -> list[tuple[object, ...]]:
    return list(read_rows(inspect(path)))


def test_an_xml_list_without_players_is_refused_in_flat_memory(tmp_path: Path) -> None:
    """300,000 elements and no <player>: once all kept (a big one grew to 4 GB), now dropped as they end, and
    refused once there are more than MAX_STRAY of them (an hour's parsing of a 4 GB file otherwise)."""
    path = _xml(tmp_path / "players_list_xml.zip", b"<playerslist>", repeat=b"<x/>", times=300_000,
                end=b"</playerslist>")  # fmt: skip
    with measured(memory=True) as work, pytest.raises(ListFormatError, match="1,000 elements and no <player>"):
        _read(path)
    assert work.peak < 8 * MB


def test_an_xml_list_of_elements_below_the_stray_limit_is_read_in_flat_memory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(fide_list, "MAX_STRAY", 10**9)
    path = _xml(tmp_path / "players_list_xml.zip", b"<playerslist>", repeat=b"<x/>", times=300_000,
                end=b"</playerslist>")  # fmt: skip
    with measured(memory=True) as work:
        assert _read(path) == []
    assert work.peak < 8 * MB


def test_players_among_other_elements_are_read_and_the_rest_dropped(tmp_path: Path) -> None:
    path = _xml(
        tmp_path / "players_list_xml.zip",
        b"<playerslist><info><made>today</made></info>",
        PLAYER.encode(),
        repeat=b"<note>x</note>",
        times=999,
        end=PLAYER.replace("1503014", "1503015").encode() + b"</playerslist>",
    )
    with measured(memory=True) as work:
        assert [row[0] for row in _read(path)] == [1503014, 1503015]
    assert work.peak < 8 * MB


def test_a_huge_text_without_tags_is_refused_in_bounded_memory(tmp_path: Path) -> None:
    path = _xml(tmp_path / "players_list_xml.zip", b"<playerslist>", repeat=b"a" * 1024, times=30_000)
    refused = r"players_list_xml_foa\.xml, after byte 65,536: more than 1 MB of text"
    with measured(memory=True) as work, pytest.raises(ListFormatError, match=refused):
        _read(path)
    assert work.peak < 8 * MB


def test_an_endless_nesting_is_refused_at_its_depth(tmp_path: Path) -> None:
    path = _xml(tmp_path / "players_list_xml.zip", repeat=b"<a>", times=1_000_000)
    with measured(memory=True) as work, pytest.raises(ListFormatError, match=f"nested more than {MAX_XML_DEPTH} deep"):
        _read(path)
    assert work.peak < 8 * MB


def test_a_player_with_endless_fields_is_refused(tmp_path: Path) -> None:
    path = _xml(tmp_path / "players_list_xml.zip", b"<playerslist><player>", repeat=b"<x/>", times=1_000_000)
    with measured(memory=True) as work, pytest.raises(ListFormatError, match="player 1: more than 65,536 bytes"):
        _read(path)
    assert work.peak < 8 * MB


def test_a_text_line_longer_than_the_formats_is_an_error_with_its_line(tmp_path: Path) -> None:
    lines = [f"{COMBINED_HEADER}\r\n{CARLSEN}\r\n".encode(), b"1" * (20 * MB), b"\r\n"]
    path = _zip(tmp_path / "players_list.zip", "players_list_foa.txt", lines)
    with measured(memory=True) as work, pytest.raises(ListFormatError, match=f"line 3: longer than {MAX_LINE_BYTES}"):
        _read(path)
    assert work.peak < 8 * MB


def test_a_text_list_of_blank_lines_is_refused(tmp_path: Path) -> None:
    lines = [f"{COMBINED_HEADER}\r\n{CARLSEN}\r\n".encode(), b"\r\n" * 5000]
    with pytest.raises(ListFormatError, match="line 1003: 1,000 blank lines"):
        _read(_zip(tmp_path / "players_list.zip", "players_list_foa.txt", lines))


def test_a_header_longer_than_a_line_is_refused(tmp_path: Path) -> None:
    path = _zip(tmp_path / "players_list.zip", "players_list_foa.txt", [b"ID Number" + b" " * (20 * MB)])
    with measured(memory=True) as work, pytest.raises(ListFormatError, match="line 1: longer than"):
        inspect(path)
    assert work.peak < 8 * MB


def test_a_list_that_would_unpack_beyond_the_limit_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = _zip(tmp_path / "players_list.zip", "players_list_foa.txt", [f"{COMBINED_HEADER}\r\n{CARLSEN}\r\n".encode()])
    monkeypatch.setattr(fide_list, "MAX_LIST_BYTES", 100)
    with pytest.raises(ListFormatError, match="would unpack to 322 bytes, more than the 100 bytes"):
        inspect(path)


def test_a_download_that_is_no_regular_file_or_too_big_is_refused_unread(tmp_path: Path) -> None:
    big = tmp_path / "players_list.zip"
    with big.open("wb") as sparse:
        sparse.truncate(MAX_DOWNLOAD_BYTES + 1)
    with pytest.raises(ListFormatError, match="more than this format's limit of 512 MB"):
        inspect(big)
    with pytest.raises(ListFormatError, match="is a folder"):
        inspect(tmp_path)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX's")
def test_a_database_that_is_no_regular_file_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fifo = tmp_path / "lists.sqlite"
    os.mkfifo(fifo)
    assert cli.main(["ratinglist", "lists", "--db", str(fifo)]) == 2
    refused = f"{fifo}: not a regular file, so not a rating list database"
    assert capsys.readouterr().err == f"fidedesk-cli: {Plain.LISTS_UNREADABLE.value} {refused}\n"  # issue 29
