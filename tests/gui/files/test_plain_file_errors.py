"""Issue 29: a file the window cannot open says why in plain words first, then the technical detail as before."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from fidedesk.core.editing import add_player
from fidedesk.core.tournament import EventInfo, Player, Tournament
from fidedesk.gui.common.dialogs import UnattendedDialogs
from fidedesk.gui.common.settings import Settings
from fidedesk.gui.mainwindow import MainWindow
from fidedesk.io.plain_words import Plain

PDF = b"%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n"


@pytest.mark.parametrize(
    ("name", "content", "plain", "detail"),
    [
        ("event.trf", b"", Plain.EMPTY, ":1: no player records (001)"),
        ("report.trf", PDF, Plain.NO_PLAYERS, ":1: no player records (001)"),
        ("notes.txt", b"Dear members,\nwe meet on Friday.\n", Plain.NO_PLAYERS, ":1: no player records (001)"),
        ("event.fidedesk", b"hello\n", Plain.NOT_FIDEDESK, ":1:1: not valid JSON: Expecting value"),
        ("event.fidedesk", b"", Plain.EMPTY, ": the file is empty"),
    ],
    ids=["empty TRF", "PDF as TRF", "a letter as TRF", "text as .fidedesk", "empty .fidedesk"],
)
def test_file_open_and_the_command_line_say_why_plainly_first(
    window: MainWindow, tmp_path: Path, dialogs: UnattendedDialogs, name: str, content: bytes, plain: Plain, detail: str
) -> None:
    path = tmp_path / name
    path.write_bytes(content)
    dialogs.answer("open_file", path)
    assert not window.files.open()  # File › Open
    assert not window.open_path(path)  # a file given on the command line, dropped, or double-clicked
    (_, chosen), (_, given) = dialogs.shown
    assert chosen == given == f"{plain.value}\n\n{path}{detail}"


def test_import_trf_says_why_plainly_first(window: MainWindow, tmp_path: Path, dialogs: UnattendedDialogs) -> None:
    path = tmp_path / "empty.trf"
    path.write_bytes(b"")
    assert not window.files.import_trf(path)
    assert dialogs.shown == [("Cannot import the file", f"This file is empty.\n\n{path}:1: no player records (001)")]


def test_a_folder_or_a_missing_file_says_so(window: MainWindow, tmp_path: Path, dialogs: UnattendedDialogs) -> None:
    folder = tmp_path / "event.fidedesk"
    folder.mkdir()
    assert not window.open_path(folder)
    assert not window.open_path(tmp_path / "gone.trf")
    (_, first), (_, second) = dialogs.shown
    assert first == f"{Plain.NOT_A_FILE.value}\n\n{folder}: is a folder, not a file"
    assert second.startswith(f"{Plain.CANNOT_OPEN.value}\n\n{tmp_path / 'gone.trf'}: ")


def test_a_damaged_recovery_file_says_why_plainly_first(
    qtbot: QtBot, settings: Settings, window: MainWindow, tmp_path: Path, dialogs: UnattendedDialogs
) -> None:
    club = add_player(Tournament(EventInfo(name="Club"), ()), Player(0, "Anna", 2100))
    window.document.apply("Add Anna", club)
    saved = window.files.autosave()
    assert saved is not None
    saved.write_bytes(saved.read_bytes()[:40])  # cut short, as by a full disk
    dialogs.answer("choose_recovery", lambda found: found[0])
    after_crash = MainWindow(settings, recovery_folder=tmp_path / "recovery", dialogs=dialogs)
    qtbot.addWidget(after_crash)
    assert not after_crash.offer_recovery()
    ((_, text),) = [shown for shown in dialogs.shown if shown[0] == "Cannot restore"]
    assert text.startswith(f"{Plain.TRUNCATED.value}\n\n{saved}:")
    assert text.endswith(": the file is truncated: its JSON ends before it is complete")
