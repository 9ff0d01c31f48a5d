"""The Qt bindings installed keep Python's reference counts right: a broken release aborts the app mid-event.

PySide6 6.12.0 loses a reference to None or True on every signal and every empty value a model gives;
on CPython 3.11 the interpreter aborts after a few thousand edits ("deallocating True or False").
pyproject.toml keeps that release out; this test fails if a release with the same defect comes in.
"""

from __future__ import annotations

import sys
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt, Signal
from PySide6.QtWidgets import QPushButton, QTableView
from pytestqt.qtbot import QtBot


class _Probe(QObject):
    fired = Signal()
    carried = Signal(int)


class _Empty(QAbstractTableModel):
    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 20

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 4

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        return None


def test_signals_flags_and_empty_model_values_keep_reference_counts(qtbot: QtBot) -> None:
    probe = _Probe()
    received: list[int] = []
    probe.fired.connect(lambda: None)
    probe.carried.connect(received.append)
    button = QPushButton()
    model = _Empty()
    view = QTableView()
    qtbot.addWidget(view)
    view.setModel(model)
    view.show()
    counts = [sys.getrefcount(value) for value in (None, True, False)]
    for number in range(500):
        probe.fired.emit()
        probe.carried.emit(number)
        button.setEnabled(number % 2 == 0)
        model.index(number % 20, number % 4).data()
        if number % 100 == 0:
            view.viewport().repaint()
    after = [sys.getrefcount(value) for value in (None, True, False)]
    assert len(received) == 500
    # a few references may be kept (caches); hundreds lost means the bindings drop one per call
    assert all(later > before - 50 for before, later in zip(counts, after, strict=True)), (counts, after)
