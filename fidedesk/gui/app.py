"""``fidedesk [FILE]``: start the window (opening FILE), or ``fidedesk --smoke-test [FILE]`` to check a build.

A file comes from the command line (a double-clicked ``.fidedesk`` file on Windows and Linux, through the
file association) or, on macOS, from the system's open event, which may arrive before or after the
window is up.
"""

from __future__ import annotations

import argparse
import contextlib
import multiprocessing
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from PySide6.QtCore import QEvent, Signal
from PySide6.QtGui import QFileOpenEvent
from PySide6.QtWidgets import QApplication

if TYPE_CHECKING:
    from fidedesk.gui.mainwindow import MainWindow
    from fidedesk.io.excel.grid import SheetGrid
    from fidedesk.io.excel.importing import ImportResult


class FidedeskApplication(QApplication):
    """The application: names it for settings and data folders, and passes macOS's open events on."""

    file_opened = Signal(str)

    def __init__(self, argv: Sequence[str]) -> None:
        super().__init__(list(argv))
        self.setOrganizationName("fidedesk")
        self.setApplicationName("fidedesk")
        from fidedesk import __version__

        self.setApplicationVersion(__version__)
        self.pending: list[str] = []  # files the system asked to open before anyone listened
        self._listening = False

    def event(self, event: QEvent) -> bool:  # Qt override
        if event.type() == QEvent.Type.FileOpen and isinstance(event, QFileOpenEvent):
            path = event.file()
            if self._listening:
                self.file_opened.emit(path)
            else:
                self.pending.append(path)
            return True
        return super().event(event)

    def listen(self, slot: Callable[[str], object]) -> None:
        """Connect ``file_opened`` and hand over what arrived before."""
        self.file_opened.connect(slot)
        self._listening = True
        for path in self.pending:
            self.file_opened.emit(path)
        self.pending.clear()


def _arguments(argv: Sequence[str]) -> argparse.Namespace:
    from fidedesk import __version__

    parser = argparse.ArgumentParser(prog="fidedesk", description="Offline FIDE rating calculations.")
    kinds = "a tournament file"
    if {"-h", "--help"} & set(argv):
        # the registry (and the readers it imports) only for --help: a later start that hands its file to the
        # running window and ends would otherwise import every reader for nothing
        from fidedesk.io.formats import FORMATS

        kinds = "; ".join(f"{format_.label} ({', '.join(format_.extensions)})" for format_ in FORMATS)
    parser.add_argument("file", nargs="?", help=f"a tournament to open: {kinds}; any other name is read as TRF")
    parser.add_argument(
        "--smoke-test", action="store_true", help="build and render every tab offscreen (and open FILE), then exit"
    )
    parser.add_argument("--version", action="version", version=f"fidedesk {__version__}")
    # macOS passes -psn_... to apps started from the Finder on old systems; it is not ours to refuse
    known, _unknown = parser.parse_known_args(list(argv))
    return known


def _application() -> FidedeskApplication:
    existing = QApplication.instance()
    if isinstance(existing, FidedeskApplication):
        return existing
    if existing is not None:  # a test's QApplication: name it as ours would be
        existing.setOrganizationName("fidedesk")
        existing.setApplicationName("fidedesk")
        return existing  # type: ignore[return-value]
    return FidedeskApplication(sys.argv[:1])


def smoke_test(file: str | None = None) -> int:
    """Build the window with throw-away settings and data, show and render every tab, open ``file``;
    0 when all rendered, the icon was found and the file (if any) was opened with its players."""
    from PySide6.QtCore import QStandardPaths

    from fidedesk import __version__

    QStandardPaths.setTestModeEnabled(True)  # never the user's data folder
    app = _application()
    problems: list[str] = []
    with _without_offscreen_noise():
        summary = _render_everything(app, file, problems)
    if problems:
        _say(sys.stderr, "".join(f"fidedesk: {problem}\n" for problem in problems))
        return 1
    _say(sys.stdout, f"fidedesk {__version__}: {summary}\n")
    return 0


#: What Qt's offscreen platform says of every window shown (its windows have no frame to take size hints):
#: no problem, and a smoke test's stderr is for problems only.
_OFFSCREEN_NOISE = "propagateSizeHints"


@contextlib.contextmanager
def _without_offscreen_noise() -> Iterator[None]:
    """While inside: Qt's messages go where they went, but for the offscreen platform's
    :data:`_OFFSCREEN_NOISE` (dropped)."""
    from PySide6.QtCore import QMessageLogContext, QtMsgType, qFormatLogMessage, qInstallMessageHandler

    def handler(kind: QtMsgType, context: QMessageLogContext, message: str) -> None:
        if _OFFSCREEN_NOISE in message:
            return
        if previous is not None:
            previous(kind, context, message)
        else:
            _say(sys.stderr, qFormatLogMessage(kind, context, message) + "\n")

    previous = qInstallMessageHandler(handler)
    try:
        yield
    finally:
        qInstallMessageHandler(previous)


def _say(stream: TextIO | None, text: str) -> None:
    """Write to ``stream``: a windowed app on Windows has none, and then its exit status is the answer."""
    if stream is not None:
        stream.write(text)


def _render_everything(app: QApplication, file: str | None, problems: list[str]) -> str:
    """The smoke test's work: what it did, in words; what went wrong goes to ``problems``."""
    from PySide6.QtCore import QSettings, QTemporaryDir

    from fidedesk import __version__
    from fidedesk.gui.common.dialogs import UnattendedDialogs
    from fidedesk.gui.common.resources import app_icon
    from fidedesk.gui.common.settings import Settings
    from fidedesk.gui.help.about import AboutDialog
    from fidedesk.gui.mainwindow import MainWindow

    icon = app_icon()
    if icon.isNull():
        problems.append("the icons in resources/ were not found")
    app.setWindowIcon(icon)
    scratch = QTemporaryDir()
    settings = Settings(QSettings(scratch.filePath("smoke.ini"), QSettings.Format.IniFormat))
    # no dialog waits for a user: messages are reported as problems, questions get the answer that changes
    # nothing, and a workbook is taken as the import wizard proposes it (the bundle's openpyxl is tried too)
    dialogs = UnattendedDialogs(report=problems.append)
    dialogs.answer("excel_import", lambda grids, source: _proposed_import(grids, source, problems))
    window = MainWindow(settings, recovery_folder=Path(scratch.filePath("recovery")), dialogs=dialogs)
    window.show()
    for index in range(window.tabs.count()):
        window.tabs.setCurrentIndex(index)
        app.processEvents()
        if window.grab().isNull():
            problems.append(f"could not render {window.tabs.tabText(index)}")
    about = AboutDialog(window.context, window)
    if f"fidedesk {__version__}" not in about.text.text() or about.grab().isNull() or about.icon.pixmap().isNull():
        problems.append("Help › About does not show the version and the icon")
    summary = f"{window.tabs.count()} tabs, About and the user guide rendered"
    if not _guide_works(window):
        problems.append("Help › User Guide does not show the guide (resources/docs/guide.md)")
    if not _hand_over_works():
        problems.append("a later start could not hand its file to this one (QtNetwork's local socket)")
    # each a part of the bundle fidedesk imports only when it is used: a module it lacks is reported, not a traceback
    summary += _part_works(
        problems, lambda: _rating_list_works(Path(scratch.path())), "a rating list imported and searched",
        "a rating list could not be imported", "a rating list was imported but the player was not found in it",
    )  # fmt: skip
    summary += _part_works(
        problems, _pairing_works, "a Swiss round paired", "a round could not be paired",
        "FIDE's Dutch engine paired round 1 of seven players other than C.04.3 says",
    )  # fmt: skip
    summary += _part_works(
        problems, _compiled_matching_works, "a big bracket's matching compiled",
        "the compiled matching could not be made ready",
        "the compiled matching was not made ready, or matched otherwise than the Python one",
    )  # fmt: skip
    summary += _part_works(
        problems, _check_in_child_works, "a round checked in a child process",
        "a round could not be checked in a child process",
        "the child process's check of a round FIDE's engine paired found boards other than FIDE's",
    )  # fmt: skip
    summary += _part_works(
        problems, _export_works, "a workbook exported", "a workbook could not be exported",
        "the Excel export did not write its six sheets",
    )  # fmt: skip
    summary += _part_works(
        problems, lambda: _printing_works(Path(scratch.path())), "a PDF written and a page painted",
        "the standings could not be made into a PDF or painted", "the standings' PDF or painted page was empty",
    )  # fmt: skip
    summary += _part_works(
        problems, lambda: _norm_certificate_works(Path(scratch.path())), "a norm certificate (IT1) written",
        "the norm certificate could not be made into a PDF", "the IT1 of the norm sample was not one page",
    )  # fmt: skip
    if file is not None:
        if window.open_path(Path(file)) and window.document.tournament.players:
            app.processEvents()
            summary += f", opened {Path(file).name} ({len(window.document.tournament.players)} players)"
            if window.grab().isNull():
                problems.append(f"could not render {file}")
        else:
            problems.append(f"could not open {file}")
    window.close()
    return summary


def _guide_works(window: MainWindow) -> bool:
    """Help › User Guide can show the guide the bundle carries: found, read, its first heading rendered."""
    from fidedesk.gui.help.guide import GUIDE_HEADING, GuideWindow

    # Help › User Guide's window (not raised: the offscreen platform cannot); a guide it cannot find or read
    # it shows as a sentence, not the heading
    shown = GuideWindow(window)
    shown.show()
    rendered = shown.browser.toPlainText().startswith(GUIDE_HEADING.lstrip("# ")) and not shown.grab().isNull()
    shown.close()
    return rendered


def _proposed_import(grids: Sequence[SheetGrid], source: str, problems: list[str]) -> ImportResult | None:
    """The smoke test's Import in the Excel wizard: what it proposes, when nothing is in doubt."""
    from fidedesk.io.formats import FileFormatError, proposed_import

    try:
        return proposed_import(grids, source)
    except FileFormatError as error:
        problems.append(str(error))
        return None


def _hand_over_works() -> bool:
    """What a later start does, done to ourselves on a name of our own: the bundle has QtNetwork."""
    import uuid

    from PySide6.QtCore import QEventLoop, QTimer

    from fidedesk.gui.files.single_instance import InstanceServer, forward

    name = f"fidedesk-smoke-{uuid.uuid4().hex[:12]}"
    server = InstanceServer(name)
    received: list[str] = []
    server.requested.connect(received.append)
    try:
        if not server.listen() or not forward(["/smoke.fidedesk"], name):
            return False
        waiting = QEventLoop()  # the server's side runs on this thread's events
        server.requested.connect(waiting.quit)
        limit = QTimer(waiting)  # goes with the loop: no call reaches it once it is gone
        limit.setSingleShot(True)
        limit.timeout.connect(waiting.quit)
        limit.start(2000)
        waiting.exec()
        return received == ["/smoke.fidedesk"]
    finally:
        server.close()


#: One player of FIDE's combined list, as the download has him (fide-rules.md §6.1).
_LIST_HEADER = (
    "ID Number      Name                                                         Fed Sex Tit  WTit OTit"
    "           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag"
)
_LIST_LINE = (
    "1503014        Carlsen, Magnus                                              NOR M   GM                    "
    "       2823  10  10 2803  8   10 2860  19  10 1990"
)


def _rating_list_works(folder: Path) -> bool:
    """Import a one-player list from a zip into a new database and find him: the frozen app has what the
    Rating List menu needs (zipfile, sqlite3, the readers)."""
    import zipfile

    from fidedesk.io.ratinglist.fide_list import Month, inspect
    from fidedesk.io.ratinglist.store import RatingDatabase, import_list

    download = folder / "players_list.zip"
    with zipfile.ZipFile(download, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("players_list_foa.txt", f"{_LIST_HEADER}\r\n{_LIST_LINE}\r\n")
    stored = import_list(folder / "lists.sqlite", inspect(download), month=Month(2026, 11))
    with RatingDatabase(folder / "lists.sqlite") as database:
        found = database.find(stored.id, "carlsen m")
    return [player.standard.rating for player in found] == [2823]


def _part_works(problems: list[str], works: Callable[[], bool], done: str, broken: str, wrong: str) -> str:
    """Run one smoke check of a part of the bundle: ``", done"`` for the summary when it works; else the
    problem (``broken`` with the error when it raised, as a module missing from the bundle does, or ``wrong``)."""
    try:
        worked = works()
    except Exception as error:  # reported, not a traceback
        problems.append(f"{broken}: {error!r}")
        return ""
    if not worked:
        problems.append(wrong)
        return ""
    return f", {done}"


def _pairing_works() -> bool:
    """Round 1 of a seven-player Swiss paired by FIDE TEC's Dutch engine (gacrux, on networkx): the bundle
    carries the engine, which fidedesk imports only when a round is paired."""
    from fidedesk.core.pairing.round import ByeKind, PairedBoard, PairedBye
    from fidedesk.core.tournament import EventInfo, Player, System, Tournament
    from fidedesk.engine.pairing import pair_round

    players = tuple(Player(rank, f"Player {rank}", 2000 - 10 * rank) for rank in range(1, 8))
    pairing = pair_round(Tournament(EventInfo(system=System.SWISS, rounds=3), players))
    # C.04.3: the top half meets the bottom half, colours alternating from White on board 1; the lowest
    # gets the pairing-allocated bye
    expected = (PairedBoard(1, 1, 4), PairedBoard(2, 5, 2), PairedBoard(3, 3, 6))
    return pairing.boards == expected and pairing.byes == (PairedBye(7, ByeKind.PAIRING_ALLOCATED),)


def _compiled_matching_works() -> bool:
    """The compiled matching a big bracket is paired with (numba and LLVM, engine/matching/blossom_jit.py): made
    ready in the bundle (compiled the first time, half a minute; loaded from numba's cache after) and matching a graph
    of weights of hundreds of digits as the Python algorithm does, the same set in the same order."""
    import random

    from fidedesk.engine import matching

    if not matching.COMPILED.ready():
        return False
    rng = random.Random(28)
    edges = [(u, v, rng.randint(0, 10**300)) for u in range(24) for v in range(u + 1, 24)]
    found = []
    kept = matching.COMPILED_FROM
    try:
        for compiled_from in (10**12, 0):  # the Python algorithm, then the compiled one
            matching.COMPILED_FROM = compiled_from
            graph = matching.Graph()
            graph.add_weighted_edges_from(edges)
            found.append(list(matching.min_weight_matching(graph) or ()))
    finally:
        matching.COMPILED_FROM = kept
    return len(found[0]) == 12 and found[0] == found[1]


#: Milliseconds the smoke test waits for the check's child process: spawned, it imports fidedesk afresh.
_CHILD_LIMIT = 120_000


def _check_in_child_works() -> bool:
    """Round 1 of a seven-player Swiss, paired by FIDE's engine, checked in a child process as the Rounds
    view's FIDE column checks a round: the executable, started again as multiprocessing's child, runs the job
    (``freeze_support``) and sends its answer back; a child that opens a window or never answers fails."""
    from PySide6.QtCore import QEventLoop, QTimer

    from fidedesk.core.pairing.round import Pairing, apply_pairing
    from fidedesk.core.tournament import EventInfo, Player, System, Tournament
    from fidedesk.engine.pairing import BoardCheck, check_round, pair_round
    from fidedesk.gui.common.background import Outcome, ProcessJob

    players = tuple(Player(rank, f"Player {rank}", 2000 - 10 * rank) for rank in range(1, 8))
    event = Tournament(EventInfo(system=System.SWISS, rounds=3), players)
    paired = apply_pairing(event, pair_round(event))
    outcomes: list[Outcome[tuple[Pairing, list[BoardCheck]]]] = []
    waiting = QEventLoop()

    def answered(outcome: Outcome[tuple[Pairing, list[BoardCheck]]]) -> None:
        outcomes.append(outcome)
        waiting.quit()

    job = ProcessJob(check_round, (paired, 1), answered)
    limit = QTimer(waiting)
    limit.setSingleShot(True)
    limit.timeout.connect(waiting.quit)
    limit.start(_CHILD_LIMIT)
    waiting.exec()
    if not outcomes:
        job.cancel()
        raise TimeoutError(f"no answer from the child process in {_CHILD_LIMIT // 1000} s")
    if outcomes[0].value is None:
        raise outcomes[0].error or RuntimeError("the child process gave no value")
    _fide, checks = outcomes[0].value
    return len(checks) == 3 and all(check.agrees for check in checks)


def _export_works() -> bool:
    """A seven-player event exported to Excel in memory: the bundle carries XlsxWriter, which fidedesk
    imports only when a workbook is exported."""
    import io
    import zipfile

    from fidedesk.core.rating.editions import DEFAULT_EDITION
    from fidedesk.core.tournament import EventInfo, Player, Tournament
    from fidedesk.io.excel.export import SHEETS, workbook_bytes

    players = tuple(Player(rank, f"Player {rank}", 2000 - 10 * rank) for rank in range(1, 8))
    data = workbook_bytes(Tournament(EventInfo(name="Smoke & test"), players), edition=DEFAULT_EDITION)
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        return sum(name.startswith("xl/worksheets/sheet") for name in archive.namelist()) == len(SHEETS)


def _printing_works(folder: Path) -> bool:
    """The sample tournament's standings made, laid out, written as a PDF and one page painted with QPainter:
    the bundle carries reportlab, the shipped font and Qt's printing, which fidedesk loads only when used."""
    from PySide6.QtGui import QColor, QFontDatabase, QImage, QPainter

    from fidedesk.core.rating.editions import DEFAULT_EDITION
    from fidedesk.gui.common.resources import resource
    from fidedesk.gui.printing.painter import paint_page, shipped_family
    from fidedesk.io.trf.document import read_trf
    from fidedesk.publish.documents import build_document, default_round
    from fidedesk.publish.documents.model import DocumentKind
    from fidedesk.publish.paper.layout import lay_out
    from fidedesk.publish.paper.pdf import write_pdf

    sample = resource("samples/round_robin_8_58.trf")
    if sample is None:
        return False
    tournament = read_trf(sample).tournament
    kind = DocumentKind.STANDINGS
    document = build_document(tournament, kind, edition=DEFAULT_EDITION, round=default_round(tournament, kind))
    path = folder / "standings.pdf"
    written = write_pdf(document, path, "a4")
    pages = lay_out(document, "a4")
    if written < 1 or not path.read_bytes().startswith(b"%PDF-") or not pages:
        return False
    if shipped_family() not in QFontDatabase.families():  # the font the layout measured with, from the bundle
        return False
    image = QImage(595, 842, QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    try:
        paint_page(painter, pages[0], image)
    finally:
        painter.end()
    # some of the page is ink: text in the shipped font (a font Qt could not load would draw nothing at all)
    return any(QColor(image.pixel(x, y)).lightness() < 100 for x in range(0, 595, 2) for y in range(0, 300, 2))


def _norm_certificate_works(folder: Path) -> bool:
    """The norm sample's IT1 (an IM norm of B.01 2024, issue 30) written as a PDF of one page: the bundle carries
    the norm rules and reportlab together."""
    from fidedesk.core.rating.editions import DEFAULT_EDITION
    from fidedesk.gui.common.resources import resource
    from fidedesk.io.trf.document import read_trf
    from fidedesk.publish.documents import build_document
    from fidedesk.publish.documents.model import DocumentKind
    from fidedesk.publish.paper.pdf import write_pdf

    sample = resource("samples/im_norm_round_robin.trf")
    if sample is None:
        return False
    document = build_document(read_trf(sample).tournament, DocumentKind.IT1, edition=DEFAULT_EDITION)
    path = folder / "it1.pdf"
    return write_pdf(document, path, "a4") == 1 and path.read_bytes().startswith(b"%PDF-")


def main(argv: Sequence[str] | None = None) -> int:
    # a child spawned by the frozen app (the FIDE check's process) runs its job and exits here, not a second
    # window; packaging/launcher.py calls it before any import too, and elsewhere it does nothing
    multiprocessing.freeze_support()
    args = _arguments(sys.argv[1:] if argv is None else argv)
    if args.smoke_test:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        return smoke_test(args.file)
    from PySide6.QtCore import QTimer

    from fidedesk.gui.common.resources import app_icon
    from fidedesk.gui.common.settings import Settings
    from fidedesk.gui.files.single_instance import InstanceServer, forward, server_name
    from fidedesk.gui.mainwindow import MainWindow

    app = _application()
    try:
        name: str | None = server_name()
    except OSError as error:  # never a channel another user could listen on (ChannelError), nor a folder for one
        # that cannot be made (a runtime folder without write permission): this one runs on its own
        _say(sys.stderr, f"fidedesk: {error}; files opened meanwhile open in new windows\n")
        name = None
    if name is not None and forward([str(Path(args.file).resolve())] if args.file else [], name):
        return 0  # the running fidedesk opens it (and comes to the front)
    server = InstanceServer(name or "", app)
    if name is not None:
        server.listen()  # if it cannot, this one runs on its own, as before there was a server
    app.setWindowIcon(app_icon())
    window = MainWindow(Settings())
    window.show()

    def requested(path: str) -> None:
        window.raise_()
        window.activateWindow()
        if path:
            window.open_requested(Path(path))  # waits while a dialog (the Excel wizard, a question) is open

    server.requested.connect(requested)

    def started() -> None:
        if not window.offer_recovery() and args.file:  # work a crash left behind comes first
            window.open_path(Path(args.file))
        if isinstance(app, FidedeskApplication):
            app.listen(requested)  # macOS's open events, handled as a later start's file

    QTimer.singleShot(0, started)  # once the window is up
    return app.exec()


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
