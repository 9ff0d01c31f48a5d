"""GUI test fixtures: offscreen Qt, settings on a temporary file, never the user's."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, QStandardPaths
from PySide6.QtGui import QUndoStack

from fidedesk.gui.context import RatingContext
from fidedesk.gui.settings import Settings

QStandardPaths.setTestModeEnabled(True)


@pytest.fixture
def settings(tmp_path: Path) -> Iterator[Settings]:
    """Settings on a file in the test's temporary folder."""
    yield Settings(QSettings(str(tmp_path / "fidedesk-test.ini"), QSettings.Format.IniFormat))


@pytest.fixture
def context(qapp: object) -> RatingContext:
    return RatingContext()


@pytest.fixture
def undo_stack(qapp: object) -> QUndoStack:
    return QUndoStack()
