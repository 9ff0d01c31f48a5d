"""The model tester the GUI tests use fails a broken model (pytest-qt's default, Qt's own tester in its
warning mode, only prints), and follows each of several models on its own."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, QStringListModel, Qt

from tests.gui.conftest import ModelChecks

Index = QModelIndex | QPersistentModelIndex


class TableWithChildren(QAbstractTableModel):
    """A table that says every cell has rows under it: the mistake of forgetting the parent argument."""

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 (Qt override)
        return 3

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 (Qt override)
        return 2

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        return "x" if role == Qt.ItemDataRole.DisplayRole else None


def test_a_broken_model_fails(qtmodeltester: ModelChecks) -> None:
    with pytest.raises(AssertionError):
        qtmodeltester.check(TableWithChildren())


def test_each_model_is_followed_by_a_tester_of_its_own(qtmodeltester: ModelChecks) -> None:
    first, second = QStringListModel(["a", "b"]), QStringListModel(["c"])
    qtmodeltester.check(first)
    qtmodeltester.check(second)
    first.removeRows(0, 1)  # checked against the first (one tester for both checks it against the second)
    second.insertRows(1, 2)
    assert (first.rowCount(), second.rowCount()) == (1, 3)
