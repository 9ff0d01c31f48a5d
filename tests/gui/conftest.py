"""GUI test fixtures: offscreen Qt, settings on a temporary file, never the user's."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from PySide6.QtCore import QAbstractItemModel, QCoreApplication, QEvent, QSettings, QStandardPaths
from PySide6.QtGui import QUndoStack
from pytestqt.qtbot import QtBot

from fidedesk.gui import mainwindow
from fidedesk.gui.common.context import RatingContext
from fidedesk.gui.common.dialogs import UnattendedDialogs
from fidedesk.gui.common.settings import Settings
from fidedesk.gui.files import actions as files
from fidedesk.gui.mainwindow import MainWindow
from fidedesk.gui.ratinglist import actions as rating_list
from tests.gui.helpers import shown_at_1280

if TYPE_CHECKING:  # pytestqt.modeltest needs the Qt binding chosen first: imported by pytest-qt, later
    from pytestqt.modeltest import ModelTester

QStandardPaths.setTestModeEnabled(True)
pytest.register_assert_rewrite("tests.gui.screenshots")  # its checks of the figures on screen say what failed


class ModelChecks:
    """What ``qtmodeltester`` gives the GUI tests: pytest-qt's model tester with its own checks, which raise,
    one tester for each model checked, all disconnected after the test.

    With a PySide6 that has Qt's QAbstractItemModelTester, pytest-qt's ``check`` uses that one in its warning
    mode, in which a broken model only prints "FAIL!" and fails no test; and one pytest-qt tester follows one
    model (a second ``check`` would leave the first model's signals checking the second one's state). The
    checks run on ``check`` and again on every change the model announces.
    """

    def __init__(self, config: pytest.Config) -> None:
        self._config = config
        self._testers: list[ModelTester] = []

    def check(self, model: QAbstractItemModel) -> None:
        from pytestqt.modeltest import ModelTester

        tester = ModelTester(self._config)
        self._testers.append(tester)
        tester.check(model, force_py=True)

    def disconnect(self) -> None:
        for tester in self._testers:
            tester._cleanup()


@pytest.fixture
def qtmodeltester(request: pytest.FixtureRequest) -> Iterator[ModelChecks]:
    checks = ModelChecks(request.config)
    yield checks
    checks.disconnect()


@pytest.fixture(autouse=True)
def collected_before_the_test(qapp: object) -> None:
    """The windows an earlier test left (closed, their deletion posted) are deleted, and Python's garbage
    collected, before this test builds its own. CI crashed once in a ``QTableView``'s constructor: a
    collection that fell there freed garbage an earlier test had left (the ``undo_stack`` fixture's stack,
    its commands and the model they edit, which the collector and the stack both deleted). Collected here,
    such garbage fails at the start of the test after the one that left it, every time, not at random later."""
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    QCoreApplication.processEvents()
    gc.collect()


@pytest.fixture
def settings(tmp_path: Path) -> Iterator[Settings]:
    """Settings on a file in the test's temporary folder."""
    yield Settings(QSettings(str(tmp_path / "fidedesk-test.ini"), QSettings.Format.IniFormat))


@pytest.fixture
def dialogs() -> UnattendedDialogs:
    """The questions of the test's windows: never modal, answered "cancel" ("discard" for unsaved changes,
    so a window closed at teardown closes) unless the test gives its own answer (``dialogs.answer``)."""
    return UnattendedDialogs()


@pytest.fixture
def window(qtbot: QtBot, settings: Settings, tmp_path: Path, dialogs: UnattendedDialogs) -> MainWindow:
    """The main window, shown offscreen at 1280 x 800, its recovery files in the test's folder."""
    return shown_at_1280(qtbot, MainWindow(settings, recovery_folder=tmp_path / "recovery", dialogs=dialogs))


@pytest.fixture
def context(qapp: object) -> RatingContext:
    return RatingContext()


@pytest.fixture
def undo_stack(qapp: object) -> Iterator[QUndoStack]:
    stack = QUndoStack()
    yield stack
    # its commands deleted now, by the stack: left to the garbage collector together with the stack (a cycle
    # through the model they edit), the stack and the collector each deleted them, and the process crashed
    stack.clear()


@pytest.fixture(autouse=True)
def no_modal_dialogs(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, dialogs: UnattendedDialogs
) -> list[tuple[str, str]]:
    """The errors and messages the test's windows showed (title, text), in order; recovery files go to a
    temporary folder, and so does the rating list database. A window a test builds without ``dialogs=``
    asks through the test's unattended dialogs too, so no test can wait on a modal dialog.
    """
    monkeypatch.setattr(mainwindow, "QtDialogs", lambda _parent: dialogs)
    monkeypatch.setattr(files, "default_recovery_folder", lambda: tmp_path / "recovery")
    monkeypatch.setattr(rating_list, "default_database", lambda: tmp_path / "data" / "ratinglists.sqlite")
    return dialogs.shown
