"""A read-only table model over a list of row objects: the part every such model of fidedesk shares.

A subclass names its columns (``HEADERS``) and says what each cell shows (:meth:`RowTableModel.cell`);
it hands new rows to :meth:`RowTableModel.set_rows`, which tells the views the least that changed.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Hashable, Sequence
from typing import Any, ClassVar, Generic, TypeVar

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt

Index = QModelIndex | QPersistentModelIndex
RowT = TypeVar("RowT")


class RowTableModel(QAbstractTableModel, Generic[RowT]):
    """Rows of ``RowT``, one per line; columns named by ``HEADERS``."""

    HEADERS: ClassVar[tuple[str, ...]] = ()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: list[RowT] = []

    # --- rows interface ----------------------------------------------------------------------------

    def rows(self) -> tuple[RowT, ...]:
        return tuple(self._rows)

    def row(self, number: int) -> RowT:
        return self._rows[number]

    def set_rows(
        self,
        rows: Sequence[RowT],
        *,
        key: Callable[[RowT], Hashable] | None = None,
        same: Callable[[RowT, RowT], bool] = operator.eq,
    ) -> None:
        """Show ``rows``.

        When every row has the same ``key`` as the row it replaces (the same boards of a round, say), the
        rows change in place and only those that are not ``same`` as before are announced, so selections
        stay and a view repaints only them. Without ``key``, rows all ``same`` as before change nothing.
        Anything else resets the model.
        """
        new = list(rows)
        old = self._rows
        in_place = len(new) == len(old) and (
            all(key(a) == key(b) for a, b in zip(old, new, strict=True)) if key is not None else True
        )
        if not in_place:
            self.beginResetModel()
            self._rows = new
            self.endResetModel()
            return
        changed = [number for number, (a, b) in enumerate(zip(old, new, strict=True)) if not same(a, b)]
        if key is None and changed:
            self.beginResetModel()
            self._rows = new
            self.endResetModel()
            return
        self._rows = new
        last_column = self.columnCount() - 1
        for first, last in row_runs(changed):
            self.dataChanged.emit(self.index(first, 0), self.index(last, last_column))

    def cell(self, row: RowT, index: Index, role: int) -> Any:
        """What the cell at ``index`` (in ``row``) gives for ``role``; None for nothing."""
        raise NotImplementedError

    # --- model interface ---------------------------------------------------------------------------

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 (Qt override)
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 (Qt override)
        return 0 if parent.isValid() else len(self.HEADERS)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        return self.cell(self._rows[index.row()], index, role)

    def headerData(  # Qt override
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        return header(self.HEADERS, section, orientation, role)


def header(headers: Sequence[str], section: int, orientation: Qt.Orientation, role: int) -> str | None:
    """The horizontal header of a model whose columns are named ``headers`` (its ``headerData``)."""
    if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
        return headers[section] if 0 <= section < len(headers) else None
    return None


def row_runs(rows: Sequence[int]) -> list[tuple[int, int]]:
    """Sorted row numbers as (first, last) runs of consecutive rows: [2, 3, 7] -> [(2, 3), (7, 7)]."""
    runs: list[tuple[int, int]] = []
    for row in rows:
        if runs and runs[-1][1] == row - 1:
            runs[-1] = (runs[-1][0], row)
        else:
            runs.append((row, row))
    return runs
