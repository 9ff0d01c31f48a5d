"""Window sizes that fit the screen: a 1024 x 640 laptop must still reach every dialog's buttons."""

from __future__ import annotations

from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QWidget

from fidedesk.gui.common.layouts import WIDE_FROM

#: Room kept for the frame the system draws around a window (title bar, borders), which ``resize`` does not
#: count: a window exactly as tall as the free area put its status bar under the task bar.
FRAME = QSize(16, 40)

#: The first window's share of a screen larger than it needs, and the size it needs (or the whole free area).
FIRST_SHARE = 0.85
FIRST_SIZE = QSize(1280, 800)


def available(widget: QWidget) -> QRect | None:
    """The free area (without the task bar or dock) of the screen ``widget`` is on; None without a screen."""
    screen = widget.screen() or QGuiApplication.primaryScreen()
    return None if screen is None else screen.availableGeometry()


def fit(widget: QWidget, width: int, height: int) -> None:
    """Resize ``widget`` to ``width`` x ``height``, or less where the screen's free area (without the
    task bar or dock) is smaller: a window larger than the screen hides its own buttons."""
    room = available(widget)
    if room is not None:
        width, height = min(width, room.width()), min(height, room.height())
    widget.resize(width, height)


def first_size(room: QRect) -> QSize:
    """The size of the first window on a screen whose free area is ``room``: the whole of it, less the frame,
    up to 1280 x 800; on a larger screen 85 % of it."""
    inside = room.size() - FRAME
    wanted = QSize(round(inside.width() * FIRST_SHARE), round(inside.height() * FIRST_SHARE))
    return wanted.expandedTo(FIRST_SIZE).boundedTo(inside)


def place_first(widget: QWidget) -> None:
    """Size ``widget`` by :func:`first_size` and centre it in the free area (the first start); on a screen as
    wide as the wide layouts want (``WIDE_FROM``), maximised: at 85 % of a 1920-wide screen the first window was
    too narrow for them, and the calculation stayed under the views until the arbiter maximised it."""
    room = available(widget)
    if room is None:
        widget.resize(FIRST_SIZE)
        return
    widget.resize(first_size(room))  # what it returns to when the arbiter restores it down
    _centre(widget, room)
    if room.width() >= WIDE_FROM:
        widget.setWindowState(widget.windowState() | Qt.WindowState.WindowMaximized)


def bring_inside(widget: QWidget) -> None:
    """Bring a restored window back into the free area of its screen: a window left on a 2560 monitor and
    opened on a 1024-wide projector is made smaller and moved, so its edges and status bar are on screen."""
    room = available(widget)
    if room is None or widget.isMaximized() or widget.isFullScreen():  # the system fits those itself
        return
    inside = room.size() - FRAME
    if widget.width() > inside.width() or widget.height() > inside.height():
        widget.resize(widget.size().boundedTo(inside))
    frame = QRect(widget.pos(), widget.size() + FRAME)
    if not room.contains(frame):
        _centre(widget, room)


def _centre(widget: QWidget, room: QRect) -> None:
    outer = widget.size() + FRAME
    widget.move(room.x() + (room.width() - outer.width()) // 2, room.y() + (room.height() - outer.height()) // 2)
