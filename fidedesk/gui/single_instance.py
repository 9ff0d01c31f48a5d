"""One fidedesk per user: a file double-clicked while fidedesk runs opens in the running window.

The first fidedesk listens on a local socket named for the user. A later start sends it the absolute
path of the file it was given (or nothing, meaning "come to the front") and exits, so two windows
never write over each other's recovery files, and the second never offers to "restore" the first
one's work as if it had crashed. macOS already sends a running app its open events
(:class:`~fidedesk.gui.app.FidedeskApplication`); this is for Windows' and Linux's file associations.
"""

from __future__ import annotations

import getpass
import hashlib

from PySide6.QtCore import QObject, Signal
from PySide6.QtNetwork import QLocalServer, QLocalSocket

#: Milliseconds a later start waits for the running one to answer before it starts on its own.
TIMEOUT = 1000


def server_name() -> str:
    """The socket's name: one per user, so that users of one computer keep their own fidedesk."""
    try:
        user = getpass.getuser()
    except (KeyError, OSError):  # no user name in the environment or the password database
        user = "user"
    return f"fidedesk-{hashlib.sha256(user.encode()).hexdigest()[:12]}"


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


class InstanceServer(QObject):
    """Listens for later starts; ``requested`` carries each file they were given, or "" for none."""

    requested = Signal(str)

    def __init__(self, name: str, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._name = name
        self._server = QLocalServer(self)
        self._server.newConnection.connect(self._on_connection)
        self._open: set[QLocalSocket] = set()

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
        for socket in self._open:
            socket.blockSignals(True)
            socket.abort()
        self._open.clear()
        self._server.close()

    def _on_connection(self) -> None:
        while (socket := self._server.nextPendingConnection()) is not None:
            self._serve(socket)

    def _serve(self, socket: QLocalSocket) -> None:
        received = bytearray()
        finished = False
        self._open.add(socket)

        def read() -> None:
            received.extend(socket.readAll().data())

        def done() -> None:
            nonlocal finished
            if finished:
                return
            finished = True
            read()
            socket.blockSignals(True)  # nothing more from it
            self._open.discard(socket)
            # not deleteLater(): a socket so marked crashes PySide 6.11 when the server goes first; it is
            # the server's child and goes with it (one small object per later start)
            paths = [line for line in received.decode("utf-8", "replace").split("\n") if line]
            for path in paths or [""]:
                self.requested.emit(path)

        socket.readyRead.connect(read)
        socket.disconnected.connect(done)
        if socket.state() == QLocalSocket.LocalSocketState.UnconnectedState:  # it said all and left already
            done()
