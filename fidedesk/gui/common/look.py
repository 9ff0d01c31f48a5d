"""How the window marks and colours things (first the calculator's, now every tab's and dialog's): one style sheet and
the helpers that use it."""

from __future__ import annotations

from typing import Any, Final, TypeVar

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import QLabel, QWidget

W = TypeVar("W", bound=QObject)

#: Marks a field whose text is not usable, and colours the message beside it.
STYLE: Final[str] = """
QLineEdit[invalid="true"] { border: 1px solid #c62828; background: #fff4f4; }
QLabel[tone="error"] { color: #c62828; }
QLabel[tone="muted"] { color: #666666; }
QLabel[tone="figure"] { font-size: 17pt; font-weight: 600; }
QTableView#summary_table::item { padding: 3px 6px; }
QPushButton[result="true"] { padding: 4px 14px; border: 1px solid #a0a0a0; background: #fbfbfb; }
QPushButton[result="true"]:hover { background: #eef3fc; }
QPushButton[result="true"]:checked { background: #2f6fd6; color: white; border-color: #1f4f9e; }
"""


def _repolish(widget: QWidget, name: str, value: object) -> None:
    if widget.property(name) != value:
        widget.setProperty(name, value)
        widget.style().unpolish(widget)
        widget.style().polish(widget)


def mark(field: QWidget, invalid: bool) -> None:
    """Mark ``field`` as holding text that cannot be used (see :data:`STYLE`)."""
    _repolish(field, "invalid", invalid)


def say(label: QLabel, text: str, tone: str = "muted") -> None:
    """Show ``text`` in ``label`` in a tone of :data:`STYLE` ("error", "muted", "figure")."""
    label.setText(text)
    _repolish(label, "tone", tone)


def show_problem(field: QWidget, message: QLabel, problem: str | None, hint: str = "") -> None:
    """Mark ``field`` and say why beside it when ``problem``; otherwise show the quiet ``hint``."""
    mark(field, problem is not None)
    say(message, problem or hint, "error" if problem else "muted")


def named(widget: W, name: str) -> W:
    """``widget`` with its object name set (for style sheets and tests)."""
    widget.setObjectName(name)
    return widget


#: The grey of a game that does not count (not rated, not in the period).
UNCOUNTED_GREY: Final = QColor("#8a8a8a")


def uncounted_look(role: int) -> Any:
    """How a game that does not count looks, for ``role``: grey and italic; None for other roles."""
    if role == Qt.ItemDataRole.ForegroundRole:
        return QBrush(UNCOUNTED_GREY)
    if role == Qt.ItemDataRole.FontRole:
        font = QFont()
        font.setItalic(True)
        return font
    return None
