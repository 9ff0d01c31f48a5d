"""One fidedesk per user: a file double-clicked while fidedesk runs opens in the running window.

The first fidedesk listens on a local socket of the user's own. A later start sends it the absolute
path of the file it was given (or nothing, meaning "come to the front") and exits, so two windows
never write over each other's recovery files, and the second never offers to "restore" the first
one's work as if it had crashed. macOS already sends a running app its open events
(:class:`~fidedesk.gui.app.FidedeskApplication`); this is for Windows' and Linux's file associations.

The channel is private to the user, since whoever listens on it receives every file the user opens:

* On POSIX the socket is a file in a folder of the user's alone (:func:`private_folder`):
  ``$XDG_RUNTIME_DIR/fidedesk`` when the runtime folder is the user's with mode 0700, else
  ``fidedesk-UID`` in the temporary folder. The folder is made 0700 and checked before use (a folder, not
  a symbolic link, owned by the user, no access for group or others); one that fails is refused
  (:class:`ChannelError`) and fidedesk runs on its own. On Linux the server also asks the kernel who is at
  the other end (SO_PEERCRED) and drops a connection from another user; elsewhere the folder's mode is
  the guard.
* On Windows the socket is a named pipe whose access Qt limits to the user (``UserAccessOption``).

A message is the paths, one a line, and an empty line; it is read no further than
:data:`MAX_MESSAGE_BYTES`, and one with more than :data:`MAX_PATHS` paths or a path over
:data:`MAX_PATH_CHARS` characters is dropped whole with its connection.

Whoever may connect could also hold connections open, each with up to a message's bytes, so that they
pile up (400 idle connections held 420 MB before these bounds): at most :data:`MAX_CONNECTIONS` are served
at once, a connection beyond them is closed at once unread, and each connection has
:data:`MESSAGE_TIMEOUT` milliseconds to say all and hang up (a later start takes a few) before it is
dropped. What was received of a dropped connection is let go with it, and a closed connection's socket is
deleted when the next one comes.
"""

from __future__ import annotations

import contextlib
import getpass
import hashlib
import os
import socket as sockets
import stat
import struct
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Final

import shiboken6
from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtNetwork import QLocalServer, QLocalSocket

#: Milliseconds a later start waits for the running one to answer before it starts on its own.
TIMEOUT: Final = 1000
#: Largest message read; a bigger one is dropped and its connection closed.
MAX_MESSAGE_BYTES: Final = 1024 * 1024
#: Most paths in one message (a selection of files opened at once).
MAX_PATHS: Final = 1000
#: Longest path in a message, in characters (Linux's PATH_MAX; Windows' long paths are shorter).
MAX_PATH_CHARS: Final = 4096
#: Most connections served at once; one more is closed at once, unread.
MAX_CONNECTIONS: Final = 16
#: Milliseconds a connection has to send its whole message and hang up before it is dropped.
MESSAGE_TIMEOUT: Final = 3000
_READ_BUFFER: Final = 64 * 1024  # what Qt takes from the system at a time, so a flood waits in the writer
_SOCKET_NAME: Final = "instance"


class ChannelError(OSError):
    """The single-instance channel cannot be made private (a folder of someone else's, or open to others);
    the message says which folder and why."""


def _user_key() -> str:
    try:
        user = getpass.getuser()
    except (KeyError, OSError):  # no user name in the environment or the password database
        user = "user"
    return hashlib.sha256(user.encode()).hexdigest()[:12]


def _check_private(folder: Path) -> None:
    """ChannelError unless ``folder`` is a real folder (not a link) of this user with no access for others."""
    info = os.lstat(folder)
    if stat.S_ISLNK(info.st_mode) or not stat.S_ISDIR(info.st_mode):
        raise ChannelError(f"{folder}: not a folder but a link or a file; refused for the single-instance socket")
    if info.st_uid != os.getuid():
        raise ChannelError(
            f"{folder}: belongs to another user (uid {info.st_uid}); refused for the single-instance socket"
        )
    if stat.S_IMODE(info.st_mode) & 0o077:
        mode = oct(stat.S_IMODE(info.st_mode))[2:]
        raise ChannelError(f"{folder}: mode {mode}, open to other users; refused for the single-instance socket")


def private_folder() -> Path:
    """The user's private folder for the socket (POSIX), made 0700 if missing and checked; ChannelError when
    it is not the user's alone."""
    runtime = os.environ.get("XDG_RUNTIME_DIR", "")
    base: Path | None = None
    if runtime and os.path.isabs(runtime):
        with contextlib.suppress(OSError):  # ChannelError too: a runtime folder not ours is not used
            _check_private(Path(runtime))
            base = Path(runtime)
    folder = base / "fidedesk" if base is not None else Path(tempfile.gettempdir()) / f"fidedesk-{os.getuid()}"
    with contextlib.suppress(FileExistsError):  # made before, by us or by someone else: checked below
        os.mkdir(folder, 0o700)  # the umask can only take bits away
    _check_private(folder)
    return folder


def server_name() -> str:
    """The socket's name: on POSIX a path in the user's private folder, on Windows a pipe named for the user;
    ChannelError when the folder is not the user's alone."""
    if os.name == "nt":
        return f"fidedesk-{_user_key()}"
    return str(private_folder() / _SOCKET_NAME)


def forward(paths: list[str], name: str) -> bool:
    """Hand ``paths`` (absolute; none: just come to the front) to a running fidedesk; False when none runs."""
    socket = QLocalSocket()
    socket.connectToServer(name)
    if not socket.waitForConnected(TIMEOUT):
        return False
    socket.write("".join(f"{path}\n" for path in paths).encode("utf-8") + b"\n")
    sent = socket.waitForBytesWritten(TIMEOUT)
    socket.disconnectFromServer()
    return sent


def peer_uid(descriptor: int) -> int | None:
    """The user id at the other end of a connected Unix socket (Linux: SO_PEERCRED); None where the
    platform does not tell."""
    option = getattr(sockets, "SO_PEERCRED", None)
    if option is None or descriptor < 0:
        return None
    with sockets.socket(fileno=os.dup(descriptor)) as duplicate:  # closes the duplicate, not Qt's descriptor
        credentials = duplicate.getsockopt(sockets.SOL_SOCKET, option, struct.calcsize("3i"))
    return int(struct.unpack("3i", credentials)[1])


def _message_paths(received: bytes) -> list[str] | None:
    """The paths of a whole message; None when it holds more than MAX_PATHS or a path over MAX_PATH_CHARS."""
    paths = [line for line in received.decode("utf-8", "replace").split("\n") if line]
    if len(paths) > MAX_PATHS or any(len(path) > MAX_PATH_CHARS for path in paths):
        return None
    return paths


class InstanceServer(QObject):
    """Listens for later starts; ``requested`` carries each file they were given, or "" for none.

    ``dropped`` counts the connections refused (another user's, one over :data:`MAX_CONNECTIONS`, a message
    over the bounds or not finished within ``timeout`` milliseconds)."""

    requested = Signal(str)

    def __init__(self, name: str, parent: QObject | None = None, *, timeout: int = MESSAGE_TIMEOUT) -> None:
        super().__init__(parent)
        self._name = name
        self._timeout = timeout
        self._server = QLocalServer(self)
        self._server.setSocketOptions(QLocalServer.SocketOption.UserAccessOption)
        self._server.newConnection.connect(self._on_connection)
        self._open: dict[QLocalSocket, Callable[[], None]] = {}  # each served connection and what ends it
        self._done: list[QLocalSocket] = []  # closed, deleted when the next connection comes (see _on_connection)
        self.dropped = 0

    def listen(self) -> bool:
        """Start listening; a socket a crashed fidedesk left behind is removed first. False if it cannot."""
        if self._server.listen(self._name):
            return True
        # nobody answered on it (forward failed before this), so the name is stale, not taken
        QLocalServer.removeServer(self._name)
        return self._server.listen(self._name)

    def close(self) -> None:
        """Stop listening; connections still open are dropped without a word (no signal reaches a
        socket Qt is taking apart)."""
        for socket, finish in list(self._open.items()):
            finish()
            socket.blockSignals(True)
            socket.abort()
        self._open.clear()
        self._server.close()

    def _on_connection(self) -> None:
        # A closed socket is deleted here, outside any signal of its own: deleteLater() crashes PySide 6.11
        # when the server goes first, and kept for good (the server's children) each would hold a few
        # kilobytes for as long as fidedesk runs, per later start or per connection someone opens.
        done, self._done = self._done, []
        for socket in done:
            socket.setParent(None)  # out of the server's children first, for PySide's books too
            shiboken6.delete(socket)
        while (socket := self._server.nextPendingConnection()) is not None:
            if sys.platform.startswith("linux") and peer_uid(int(socket.socketDescriptor())) != os.getuid():
                self._drop(socket)
                continue
            if len(self._open) >= MAX_CONNECTIONS:
                self._drop(socket)
                continue
            self._serve(socket)

    @property
    def connections(self) -> int:
        """The connections being served now (at most :data:`MAX_CONNECTIONS`)."""
        return len(self._open)

    def _drop(self, socket: QLocalSocket) -> None:
        """Close a connection without reading the rest of it; nothing it sent is acted on."""
        self.dropped += 1
        socket.blockSignals(True)
        self._open.pop(socket, None)
        socket.abort()
        self._done.append(socket)

    def _serve(self, socket: QLocalSocket) -> None:
        received = bytearray()
        finished = False
        socket.setReadBufferSize(_READ_BUFFER)
        deadline = QTimer()  # not the socket's child: PySide deletes the socket under it (_on_connection)
        deadline.setSingleShot(True)

        def finish() -> None:
            nonlocal finished
            finished = True
            deadline.stop()
            socket.readyRead.disconnect(read)
            socket.disconnected.disconnect(done)
            deadline.timeout.disconnect(late)

        def drop() -> None:
            finish()
            received.clear()
            self._drop(socket)

        def read() -> None:
            if finished:
                return
            received.extend(socket.read(MAX_MESSAGE_BYTES + 1 - len(received)).data())
            if len(received) > MAX_MESSAGE_BYTES:
                drop()

        def late() -> None:
            if not finished:
                drop()

        def done() -> None:
            if finished:
                return
            read()
            if finished:  # read() found it over the limit
                return
            finish()
            socket.blockSignals(True)  # nothing more from it
            self._open.pop(socket, None)
            paths = _message_paths(bytes(received))
            received.clear()
            if paths is None:
                self.dropped += 1
                self._done.append(socket)
                return
            try:
                for path in paths or [""]:
                    self.requested.emit(path)
            finally:  # not before: a slot may run an event loop, and a connection coming meanwhile ...
                self._done.append(socket)  # ... would delete the socket whose signal is still on the stack

        self._open[socket] = finish
        socket.readyRead.connect(read)
        socket.disconnected.connect(done)
        deadline.timeout.connect(late)
        deadline.start(self._timeout)
        if socket.state() == QLocalSocket.LocalSocketState.UnconnectedState:  # it said all and left already
            done()
