"""Small helpers for GUI tests."""

from __future__ import annotations

from typing import TypeVar

from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

W = TypeVar("W", bound=QWidget)


def shown_at_1280(qtbot: QtBot, widget: W) -> W:
    """``widget`` shown offscreen at the size of the README's screenshots, closed after the test."""
    qtbot.addWidget(widget)
    widget.resize(1280, 800)
    widget.show()
    qtbot.waitExposed(widget)
    return widget
