"""A later start hands its file to the running fidedesk instead of opening a second window."""

from __future__ import annotations

import os
import socket
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtNetwork import QLocalServer
from pytestqt.qtbot import QtBot

from fidedesk.gui.single_instance import InstanceServer, forward, server_name


@pytest.fixture
def name() -> str:
    return f"fidedesk-test-{uuid.uuid4().hex[:12]}"


@pytest.fixture
def server(qapp: object, name: str) -> Iterator[InstanceServer]:
    running = InstanceServer(name)
    assert running.listen()
    yield running
    running.close()


def test_a_later_start_hands_over_its_file(qtbot: QtBot, server: InstanceServer, name: str) -> None:
    received: list[str] = []
    server.requested.connect(received.append)
    assert forward(["/home/arbiter/Open 2026.fidedesk"], name)
    qtbot.waitUntil(lambda: received == ["/home/arbiter/Open 2026.fidedesk"])
    assert forward([], name)  # started from the menu with no file: the running window comes to the front
    qtbot.waitUntil(lambda: received[1:] == [""])
    assert forward(["/a/é ü.trf", "/b/x.xlsx"], name)
    qtbot.waitUntil(lambda: received[2:] == ["/a/é ü.trf", "/b/x.xlsx"])


def test_with_none_running_the_start_goes_on_alone(qapp: object, name: str) -> None:
    assert not forward(["/x.trf"], name)


@pytest.mark.skipif(os.name != "posix", reason="a named pipe on Windows goes with its process")
def test_a_socket_left_by_a_crashed_fidedesk_is_taken_over(qtbot: QtBot, name: str) -> None:
    probe = QLocalServer()
    assert probe.listen(name)
    path = probe.fullServerName()
    probe.close()
    stale = socket.socket(socket.AF_UNIX)  # what a crash leaves: the socket file, nobody listening on it
    stale.bind(path)
    stale.close()
    assert os.path.exists(path)
    second = InstanceServer(name)
    assert not forward(["/x.trf"], name)
    assert second.listen()
    received: list[str] = []
    second.requested.connect(received.append)
    assert forward(["/x.trf"], name)
    qtbot.waitUntil(lambda: received == ["/x.trf"])
    second.close()


def test_the_name_is_per_user_and_stable() -> None:
    assert server_name() == server_name() and server_name().startswith("fidedesk-")


def test_fidedesk_started_with_a_file_while_one_runs_hands_it_over_and_ends(
    qtbot: QtBot, server: InstanceServer, name: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from fidedesk.gui import single_instance
    from fidedesk.gui.app import main

    monkeypatch.setattr(single_instance, "server_name", lambda: name)
    received: list[str] = []
    server.requested.connect(received.append)
    monkeypatch.chdir(tmp_path)
    assert main(["event.fidedesk"]) == 0  # no window of its own: the running one opens the file
    qtbot.waitUntil(lambda: received == [str(tmp_path / "event.fidedesk")])
