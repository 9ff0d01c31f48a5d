"""Window sizes that fit the screen: a 1024 x 640 laptop must still reach every dialog's buttons."""

from __future__ import annotations

from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QWidget


def fit(widget: QWidget, width: int, height: int) -> None:
    """Resize ``widget`` to ``width`` x ``height``, or less where the screen's free area (without the
    task bar or dock) is smaller: a window larger than the screen hides its own buttons."""
    screen = widget.screen() or QGuiApplication.primaryScreen()
    if screen is not None:
        room = screen.availableGeometry()
        width, height = min(width, room.width()), min(height, room.height())
    widget.resize(width, height)
