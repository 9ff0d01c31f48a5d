"""The games of one rating period as an editable table, and the undo commands that change it.

The model keeps what the user typed (opponent's rating, result) and shows beside it the figures
the period calculator hands it. Every edit goes through a QUndoCommand whose redo/undo call
the model's row methods, so Edit > Undo works for typing, adding, removing and pasting alike.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from fractions import Fraction
from typing import Any, NamedTuple

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QUndoCommand, QUndoStack

from fidedesk.core.values import counted, parse_rating, parse_result, rating_text, result_text
from fidedesk.gui.common.look import uncounted_look
from fidedesk.gui.common.row_models import Index


class GameEntry(NamedTuple):
    """One row as typed: the opponent's rating (None: unrated) and the result (None: not yet entered)."""

    opponent: int | None = None
    score: Fraction | None = None


@dataclasses.dataclass(frozen=True)
class RowFigures:
    """The computed columns of one row, as text, and why a row does not count (``note``)."""

    used: str = ""
    pd: str = ""
    chg: str = ""
    k_chg: str = ""
    note: str = ""
    counted: bool = True


class GamesModel(QAbstractTableModel):
    """Opponent rating and result (editable) and the computed Rating used, PD, score − PD, K × (score − PD).

    ``undo_stack`` receives a command for each edit made through :meth:`setData`; ``games_changed``
    is emitted after the entries change (not after the computed columns do); ``problem`` carries a
    message when a typed value is refused, and an empty one once that cell takes a good value.
    """

    OPPONENT, RESULT, USED, PD, CHG, K_CHG = range(6)
    HEADERS = ("Opponent rating", "Result", "Rating used", "PD", "Score − PD", "K × (score − PD)")
    TIPS = (
        "The opponent's rating; blank: an unrated opponent (the game is not rated)",
        "1, ½ (or 0.5, =) or 0",
        "The rating as it counts; * where the 400-point rule applied (8.3.1)",
        "Expected score from table 8.1.2 (or the logistic formula)",
        "Result minus expected score",
        "The game's share of the change, before the period's one rounding",
    )

    games_changed = Signal()
    problem = Signal(str)

    def __init__(self, undo_stack: QUndoStack | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._stack = undo_stack
        self._entries: list[GameEntry] = []
        self._figures: list[RowFigures] = []
        self._refused: tuple[int, int] | None = None

    # --- row interface (what the undo commands call) -------------------------------------------

    def entries(self) -> tuple[GameEntry, ...]:
        """The rows as typed."""
        return tuple(self._entries)

    def insert_entries(self, row: int, entries: Sequence[GameEntry]) -> None:
        """Insert ``entries`` before ``row``."""
        if not entries:
            return
        self.beginInsertRows(QModelIndex(), row, row + len(entries) - 1)
        self._entries[row:row] = entries
        self._figures[row:row] = [RowFigures()] * len(entries)
        self.endInsertRows()
        self.games_changed.emit()

    def remove_entries(self, row: int, count: int) -> list[GameEntry]:
        """Remove ``count`` rows from ``row``; returns them."""
        removed = self._entries[row : row + count]
        if removed:
            self.beginRemoveRows(QModelIndex(), row, row + len(removed) - 1)
            del self._entries[row : row + count]
            del self._figures[row : row + count]
            self.endRemoveRows()
            self.games_changed.emit()
        return removed

    def set_entry(self, row: int, entry: GameEntry) -> None:
        """Replace row ``row``."""
        self._entries[row] = entry
        self.dataChanged.emit(self.index(row, self.OPPONENT), self.index(row, self.RESULT))
        self.games_changed.emit()

    def set_figures(self, figures: Sequence[RowFigures]) -> None:
        """Show the computed columns (one :class:`RowFigures` per row)."""
        if len(figures) != len(self._entries) or list(figures) == self._figures:
            return
        self._figures = list(figures)
        if self._entries:
            self.dataChanged.emit(self.index(0, 0), self.index(len(self._entries) - 1, self.K_CHG))

    def figures(self, row: int) -> RowFigures:
        """The computed columns of ``row``."""
        return self._figures[row]

    # --- model interface -----------------------------------------------------------------------

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 (Qt override)
        return 0 if parent.isValid() else len(self._entries)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 (Qt override)
        return 0 if parent.isValid() else len(self.HEADERS)

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemNeverHasChildren
        return flags | Qt.ItemFlag.ItemIsEditable if index.column() <= self.RESULT else flags

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._entries):
            return None
        entry, figures, column = self._entries[index.row()], self._figures[index.row()], index.column()
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            if column == self.OPPONENT:
                return rating_text(entry.opponent)
            if column == self.RESULT:
                return "" if entry.score is None else result_text(entry.score)
            return (figures.used, figures.pd, figures.chg, figures.k_chg)[column - self.USED]
        if role == Qt.ItemDataRole.ToolTipRole:
            return figures.note or None
        if not figures.counted and (look := uncounted_look(role)) is not None:
            return look
        if role == Qt.ItemDataRole.BackgroundRole and column > self.RESULT:
            return QBrush(QColor("#f6f6f6"))
        if role == Qt.ItemDataRole.TextAlignmentRole:
            horizontal = Qt.AlignmentFlag.AlignHCenter if column == self.RESULT else Qt.AlignmentFlag.AlignRight
            return int(horizontal | Qt.AlignmentFlag.AlignVCenter)
        return None

    def setData(self, index: Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:  # Qt override
        if role != Qt.ItemDataRole.EditRole or not index.isValid() or index.column() > self.RESULT:
            return False
        row = index.row()
        old = self._entries[row]
        try:
            if index.column() == self.OPPONENT:
                new = old._replace(opponent=parse_rating(str(value)))
            else:
                new = old._replace(score=parse_result(str(value)))
        except ValueError as error:
            self._refused = (row, index.column())
            self.problem.emit(f"Row {row + 1}: {error}")
            return False
        if self._refused == (row, index.column()):
            self._refused = None
            self.problem.emit("")
        if new != old:
            if self._stack is None:
                self.set_entry(row, new)
            else:
                self._stack.push(EditGameCommand(self, row, old, new))
        return True

    def headerData(  # Qt override
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation == Qt.Orientation.Horizontal and 0 <= section < len(self.HEADERS):
            if role == Qt.ItemDataRole.DisplayRole:
                return self.HEADERS[section]
            if role == Qt.ItemDataRole.ToolTipRole:
                return self.TIPS[section]
        if orientation == Qt.Orientation.Vertical and role == Qt.ItemDataRole.DisplayRole:
            return str(section + 1) if 0 <= section < len(self._entries) else None
        return None


class InsertGamesCommand(QUndoCommand):
    """Add games (one new row, or pasted rows) at ``row``."""

    def __init__(self, model: GamesModel, row: int, entries: Sequence[GameEntry], text: str) -> None:
        super().__init__(text)
        self.model, self.row, self.entries = model, row, list(entries)

    def redo(self) -> None:
        self.model.insert_entries(self.row, self.entries)

    def undo(self) -> None:
        self.model.remove_entries(self.row, len(self.entries))


class RemoveGamesCommand(QUndoCommand):
    """Remove the rows ``rows`` (any order); undo puts them back where they were."""

    def __init__(self, model: GamesModel, rows: Sequence[int]) -> None:
        self.rows = sorted(set(rows))
        super().__init__("Remove game" if len(self.rows) == 1 else f"Remove {len(self.rows)} games")
        self.model = model
        self.entries = [model.entries()[row] for row in self.rows]

    def redo(self) -> None:
        for row in reversed(self.rows):
            self.model.remove_entries(row, 1)

    def undo(self) -> None:
        for row, entry in zip(self.rows, self.entries, strict=True):
            self.model.insert_entries(row, [entry])


class EditGameCommand(QUndoCommand):
    """Change one row's opponent rating or result."""

    def __init__(self, model: GamesModel, row: int, old: GameEntry, new: GameEntry) -> None:
        what = "opponent rating" if old.opponent != new.opponent else "result"
        super().__init__(f"Edit {what} in row {row + 1}")
        self.model, self.row, self.old, self.new = model, row, old, new

    def redo(self) -> None:
        self.model.set_entry(self.row, self.new)

    def undo(self) -> None:
        self.model.set_entry(self.row, self.old)


def parse_pasted(text: str) -> tuple[list[GameEntry], list[str]]:
    """Rows copied from a spreadsheet: "rating<TAB>result" (or comma/semicolon separated) per line.

    Returns the good rows and, for each bad line, a message naming its line number. Blank lines
    are skipped; a blank rating is an unrated opponent.
    """
    entries: list[GameEntry] = []
    errors: list[str] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        separator = "\t" if "\t" in line else ";" if ";" in line else ","
        fields = [field.strip() for field in line.split(separator)]
        while len(fields) > 2 and not fields[-1]:
            fields.pop()
        if len(fields) != 2:
            errors.append(f"line {number}: expected a rating and a result, got “{line.strip()}”")
            continue
        try:
            score = parse_result(fields[1])
            if score is None:
                raise ValueError("no result")
            entries.append(GameEntry(parse_rating(fields[0]), score))
        except ValueError as error:
            errors.append(f"line {number}: {error}")
    return entries, errors


def paste_command(model: GamesModel, text: str) -> tuple[QUndoCommand | None, str]:
    """The command adding the good rows of ``text`` at the end (None if there are none) and a report."""
    entries, errors = parse_pasted(text)
    command = None
    report = []
    if entries:
        games = counted(len(entries), "game")
        command = InsertGamesCommand(model, model.rowCount(), entries, f"Paste {games}")
        report.append(f"Pasted {games}.")
    elif not errors:
        report.append("Nothing to paste: copy rows of “rating, result” from a spreadsheet.")
    if errors:
        report.append(f"Not added: {'; '.join(errors)}.")
    return command, " ".join(report)
