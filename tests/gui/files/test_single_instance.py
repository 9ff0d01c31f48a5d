"""A later start hands its file to the running fidedesk instead of opening a second window."""

from __future__ import annotations

import os
import socket
import stat
import tempfile
import threading
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtNetwork import QLocalServer, QLocalSocket
from pytestqt.qtbot import QtBot

from fidedesk.gui.files import single_instance
from fidedesk.gui.files.single_instance import (
    MAX_CONNECTIONS,
    MAX_MESSAGE_BYTES,
    MAX_PATH_CHARS,
    MAX_PATHS,
    TIMEOUT,
    ChannelError,
    InstanceServer,
    forward,
    peer_uid,
    private_folder,
    server_name,
)

posix_only = pytest.mark.skipif(os.name != "posix", reason="a folder of the user's alone is POSIX's")


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


@pytest.fixture
def runtime(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A runtime folder of the user's (XDG_RUNTIME_DIR), as the session manager makes it: 0700."""
    folder = tmp_path / "run"
    folder.mkdir(mode=0o700)
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(folder))
    return folder


@pytest.fixture
def umask_022() -> Iterator[None]:
    previous = os.umask(0o022)
    yield
    os.umask(previous)


def _mode(path: Path) -> int:
    return stat.S_IMODE(os.lstat(path).st_mode)


@posix_only
def test_the_name_is_per_user_and_stable(runtime: Path) -> None:
    assert server_name() == server_name() == str(runtime / "fidedesk" / "instance")


@pytest.mark.skipif(os.name != "nt", reason="a named pipe is Windows'")
def test_on_windows_the_name_is_a_pipe_per_user() -> None:
    assert server_name() == server_name() and server_name().startswith("fidedesk-")


@posix_only
@pytest.mark.usefixtures("umask_022")
def test_the_socket_folder_is_the_users_alone_whatever_the_umask(runtime: Path) -> None:
    folder = private_folder()
    assert folder == runtime / "fidedesk" and _mode(folder) == 0o700 and os.lstat(folder).st_uid == os.getuid()


@posix_only
@pytest.mark.usefixtures("umask_022")
def test_without_a_private_runtime_folder_a_folder_of_the_users_in_the_temp_folder_is_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shared = tmp_path / "run"
    shared.mkdir()
    shared.chmod(0o777)  # a runtime folder others may write into is not used
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(shared))
    monkeypatch.setattr(tempfile, "gettempdir", lambda: str(tmp_path))
    folder = private_folder()
    assert folder == tmp_path / f"fidedesk-{os.getuid()}" and _mode(folder) == 0o700
    monkeypatch.delenv("XDG_RUNTIME_DIR")
    assert private_folder() == folder


@posix_only
def test_a_folder_open_to_others_a_link_or_another_users_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("XDG_RUNTIME_DIR", raising=False)
    monkeypatch.setattr(tempfile, "gettempdir", lambda: str(tmp_path))
    folder = tmp_path / f"fidedesk-{os.getuid()}"
    folder.mkdir()
    folder.chmod(0o777)  # taken first by someone else, open for them to listen in it
    with pytest.raises(ChannelError, match="mode 777, open to other users"):
        server_name()
    folder.rmdir()
    elsewhere = tmp_path / "theirs"
    elsewhere.mkdir(mode=0o700)
    folder.symlink_to(elsewhere)  # a link to a folder of theirs
    with pytest.raises(ChannelError, match="not a folder but a link"):
        server_name()
    folder.unlink()
    folder.mkdir(mode=0o700)
    monkeypatch.setattr(os, "getuid", lambda: os.stat(folder).st_uid + 1)  # as another user sees it
    with pytest.raises(ChannelError, match="belongs to another user"):
        private_folder()


@posix_only
def test_fidedesk_refuses_a_channel_not_its_own_and_runs_alone(
    qapp: object, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from fidedesk.gui import app

    def refused() -> str:
        raise ChannelError(
            "/tmp/fidedesk-1000: belongs to another user (uid 0); refused for the single-instance socket"
        )

    calls: list[str] = []
    monkeypatch.setattr(single_instance, "server_name", refused)
    monkeypatch.setattr(single_instance, "forward", lambda *_args: calls.append("forward") or True)
    monkeypatch.setattr(single_instance, "InstanceServer", _Recorder(calls))
    monkeypatch.setattr(app, "_application", _NoLoop)
    monkeypatch.setattr("fidedesk.gui.mainwindow.MainWindow", _NoWindow)
    assert app.main([]) == 0
    assert calls == ["server"]  # nothing handed to whoever holds that name, nothing listened on
    err = capsys.readouterr().err
    assert "refused for the single-instance socket; files opened meanwhile open in new windows" in err


class _Recorder:
    def __init__(self, calls: list[str]) -> None:
        self.calls = calls

    def __call__(self, *_args: object) -> _Recorder:
        self.calls.append("server")
        return self

    def listen(self) -> bool:
        self.calls.append("listen")
        return True

    @property
    def requested(self) -> _Recorder:
        return self

    def connect(self, _slot: object) -> None:
        pass


class _NoLoop:
    """The application as main() uses it, without an event loop."""

    def exec(self) -> int:
        return 0

    def setWindowIcon(self, _icon: object) -> None:
        pass


class _NoWindow:
    def __init__(self, *_args: object) -> None:
        pass

    def show(self) -> None:
        pass

    def offer_recovery(self) -> bool:  # called once the event loop runs: in a later test's wait
        return True


# ---------------------------------------------------------------------------------------------- messages


@posix_only
def test_a_connection_from_another_user_is_dropped_unread(
    qtbot: QtBot, server: InstanceServer, name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    received: list[str] = []
    server.requested.connect(received.append)
    first, second = socket.socketpair()
    with first, second:
        assert peer_uid(first.fileno()) in (os.getuid(), None)  # None: the platform does not tell
    if not hasattr(socket, "SO_PEERCRED"):
        pytest.skip("the platform does not tell who is at the other end")
    real = os.getuid()
    monkeypatch.setattr(single_instance, "peer_uid", lambda _descriptor: real + 1)
    assert forward(["/home/victim/secret.fidedesk"], name)
    qtbot.waitUntil(lambda: server.dropped == 1)
    assert received == []


@posix_only
def test_a_flood_is_dropped_after_the_limit_without_reading_it_all(qtbot: QtBot, runtime: Path) -> None:
    """A writer that would send 300 MB: the server reads no more than its limit and closes the connection, so
    the writer is stopped after a few megabytes (the test gives up at 16 MB, well before 300)."""
    path = server_name()
    server = InstanceServer(path)
    assert server.listen()
    received: list[str] = []
    server.requested.connect(received.append)
    sent = 0
    stopped: list[BaseException] = []

    def flood() -> None:
        nonlocal sent
        writer = socket.socket(socket.AF_UNIX)
        try:
            writer.connect(path)
            chunk = b"/" * (1024 * 1024)
            while sent < 300 * 1024 * 1024 and sent < 16 * 1024 * 1024:
                writer.sendall(chunk)
                sent += len(chunk)
        except OSError as error:  # the server closed it: EPIPE or ECONNRESET
            stopped.append(error)
        finally:
            writer.close()

    thread = threading.Thread(target=flood)
    thread.start()
    qtbot.waitUntil(lambda: not thread.is_alive(), timeout=60_000)
    thread.join()
    server.close()
    assert stopped, f"the server read all {sent:,} bytes"
    assert sent <= MAX_MESSAGE_BYTES + 8 * 1024 * 1024 and server.dropped == 1 and received == []


@pytest.mark.parametrize(
    "paths",
    [[f"/tmp/{i}.trf" for i in range(MAX_PATHS + 1)], ["/" + "x" * MAX_PATH_CHARS]],
    ids=["too many paths", "a path too long"],
)
def test_a_message_beyond_the_bounds_is_dropped_whole(
    qtbot: QtBot, server: InstanceServer, name: str, paths: list[str]
) -> None:
    received: list[str] = []
    server.requested.connect(received.append)
    assert forward(paths, name)
    qtbot.waitUntil(lambda: server.dropped == 1)
    assert received == []
    assert forward(paths[:MAX_PATHS] if len(paths) > 1 else ["/" + "x" * (MAX_PATH_CHARS - 1)], name)
    qtbot.waitUntil(lambda: len(received) == min(len(paths), MAX_PATHS))


def test_fidedesk_started_with_a_file_while_one_runs_hands_it_over_and_ends(
    qtbot: QtBot, server: InstanceServer, name: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from fidedesk.gui.app import main
    from fidedesk.gui.files import single_instance

    monkeypatch.setattr(single_instance, "server_name", lambda: name)
    received: list[str] = []
    server.requested.connect(received.append)
    monkeypatch.chdir(tmp_path)
    assert main(["event.fidedesk"]) == 0  # no window of its own: the running one opens the file
    qtbot.waitUntil(lambda: received == [str(tmp_path / "event.fidedesk")])


# ------------------------------------------------------------------------------------ idle connections


def _connected(name: str, count: int) -> list[QLocalSocket]:
    """``count`` connections to ``name`` that say nothing and stay."""
    peers = []
    for _ in range(count):
        peer = QLocalSocket()
        peer.connectToServer(name)
        assert peer.waitForConnected(TIMEOUT)
        peers.append(peer)
    return peers


@pytest.fixture
def listening(qapp: object, name: str) -> Iterator[Callable[[int], tuple[InstanceServer, list[str]]]]:
    """Starts a server on ``name`` whose connections have the given milliseconds; it and what it received."""
    servers: list[InstanceServer] = []

    def start(timeout: int) -> tuple[InstanceServer, list[str]]:
        server = InstanceServer(name, timeout=timeout)
        assert server.listen()
        servers.append(server)
        received: list[str] = []
        server.requested.connect(received.append)
        return server, received

    yield start
    for server in servers:
        server.close()


def _closed(peers: list[QLocalSocket]) -> int:
    for peer in peers:
        peer.waitForReadyRead(0)  # lets the socket see the server hang up
    return sum(peer.state() == QLocalSocket.LocalSocketState.UnconnectedState for peer in peers)


Start = Callable[[int], tuple[InstanceServer, list[str]]]


def test_at_most_max_connections_are_held_and_one_more_is_closed_at_once(
    qtbot: QtBot, name: str, listening: Start
) -> None:
    server, _ = listening(600_000)  # idle ones stay, for this test: only the cap closes
    peers = _connected(name, MAX_CONNECTIONS + 8)
    qtbot.waitUntil(lambda: _closed(peers) == 8)
    assert server.connections == MAX_CONNECTIONS and server.dropped == 8
    assert all(peer.state() == QLocalSocket.LocalSocketState.ConnectedState for peer in peers[:MAX_CONNECTIONS])


def test_a_connection_that_says_nothing_is_closed_after_the_timeout(qtbot: QtBot, name: str, listening: Start) -> None:
    server, received = listening(200)
    peers = _connected(name, 5)
    peers[0].write(b"/half/a/path")  # too little: no end of message, no hanging up
    peers[0].flush()
    qtbot.waitUntil(lambda: _closed(peers) == 5)
    assert server.dropped == 5 and server.connections == 0 and received == []


def test_a_file_is_handed_over_once_idle_peers_holding_every_place_are_dropped(
    qtbot: QtBot, name: str, listening: Start
) -> None:
    server, received = listening(300)
    peers = _connected(name, MAX_CONNECTIONS)
    qtbot.waitUntil(lambda: server.connections == MAX_CONNECTIONS)
    assert forward(["/meanwhile.trf"], name)  # no place for it: closed unread
    qtbot.waitUntil(lambda: server.dropped == 1)
    qtbot.waitUntil(lambda: _closed(peers) == MAX_CONNECTIONS)  # their time is up
    assert forward(["/home/arbiter/Open 2026.fidedesk"], name)
    qtbot.waitUntil(lambda: received == ["/home/arbiter/Open 2026.fidedesk"])
    assert server.dropped == MAX_CONNECTIONS + 1 and server.connections == 0


def test_a_finished_connection_is_let_go(qtbot: QtBot, server: InstanceServer, name: str) -> None:
    """A later start's connection is deleted when the next comes: 30 leave one socket, not 30."""
    received: list[str] = []
    server.requested.connect(received.append)
    for number in range(30):
        assert forward([f"/{number}.trf"], name)
        qtbot.waitUntil(lambda count=number + 1: len(received) == count)  # type: ignore[misc]
    assert len(server.findChildren(QLocalSocket)) == 1
