"""Dividers remembered per size class of the window: a divider dragged on the venue's 1024-wide projector
does not spoil the layout of the arbiter's laptop or of the 2560 monitor at home.

Each splitter's ``saveState()`` is kept in the settings under its name, the window's size class and its
orientation (the views stack their panes when narrow: a state saved side by side is no state for them
stacked), restored when the window enters that class, and saved whenever the arbiter drags a divider.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence

from PySide6.QtCore import QByteArray, QDataStream, QIODevice, Qt
from PySide6.QtWidgets import QSplitter, QToolButton, QWidget

from fidedesk.gui.common.settings import Settings

#: Window widths from which the medium and the wide layouts apply, in (logical) pixels.
MEDIUM_FROM, WIDE_FROM = 1280, 1920

#: The first word of a state saved by ``QSplitter.saveState`` (Qt's ``SplitterMagic``).
_SPLITTER_MAGIC = 0xFF


class SizeClass(enum.Enum):
    """The window's width class: narrow < 1280 (a projector, a small laptop), medium < 1920, wide from 1920."""

    NARROW = "narrow"
    MEDIUM = "medium"
    WIDE = "wide"


def size_class(width: int) -> SizeClass:
    """The size class of a window ``width`` pixels wide."""
    if width >= WIDE_FROM:
        return SizeClass.WIDE
    return SizeClass.MEDIUM if width >= MEDIUM_FROM else SizeClass.NARROW


def splitter_sizes(state: QByteArray) -> tuple[int, ...] | None:
    """The pane sizes a ``QSplitter.saveState()`` holds, in order; None when it is no splitter state."""
    stream = QDataStream(state, QIODevice.OpenModeFlag.ReadOnly)
    if stream.readInt32() != _SPLITTER_MAGIC:
        return None
    stream.readInt32()  # the version
    count = stream.readInt32()
    if not 0 <= count <= 64:
        return None
    sizes = tuple(stream.readInt32() for _ in range(count))
    return sizes if stream.status() == QDataStream.Status.Ok else None


#: A splitter's pane shares (in proportion) when nothing was saved for the size class.
Defaults = Callable[[SizeClass], Sequence[int]]


def shared(splitter: QSplitter, shares: Sequence[int]) -> list[int]:
    """Pane sizes in pixels that divide ``splitter``'s length by ``shares``: ``setSizes`` takes pixels, and
    shares as small as (55, 45) would each be raised to the pane's least size, which is not the share."""
    horizontal = splitter.orientation() == Qt.Orientation.Horizontal
    length = max(splitter.width() if horizontal else splitter.height(), sum(shares))
    return [length * share // sum(shares) for share in shares]


class SplitterMemory:
    """The dividers of some splitters, saved and restored per window size class through ``settings``.

    Nothing is restored before :meth:`enter` names the first class (the window's first resize).
    """

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.size_class: SizeClass | None = None
        self._splitters: dict[str, tuple[QSplitter, Defaults]] = {}

    def add(self, name: str, splitter: QSplitter, defaults: Defaults) -> None:
        """Remember ``splitter``'s divider under ``name``; ``defaults`` sizes it where nothing was saved."""
        self._splitters[name] = (splitter, defaults)
        # splitterMoved comes from a drag only: setSizes and restoreState do not send it
        splitter.splitterMoved.connect(lambda _position, _index, name=name: self.save(name))
        if self.size_class is not None:
            self.restore(name)

    def enter(self, width: int) -> None:
        """The window is ``width`` wide: when that is a new size class, every divider takes that class's place."""
        entered = size_class(width)
        if entered == self.size_class:
            return
        self.size_class = entered  # first: the restores below resize the views, which call here again
        for name in self._splitters:
            self.restore(name)

    def key(self, name: str) -> str:
        splitter = self._splitters[name][0]
        assert self.size_class is not None
        horizontal = splitter.orientation() == Qt.Orientation.Horizontal
        return f"{self.size_class.value}/{name}-{'across' if horizontal else 'down'}"

    def restore(self, name: str) -> None:
        """Put ``name``'s divider where it was left in this size class, or at its defaults: a state that
        would leave a pane at zero size (or names another number of panes) is not restored."""
        if self.size_class is None:
            return
        splitter, defaults = self._splitters[name]
        state = self.settings.splitter_state(self.key(name))
        sizes = splitter_sizes(state)
        if sizes is not None and len(sizes) == splitter.count() and min(sizes, default=0) > 0:
            splitter.restoreState(state)
        else:
            splitter.setSizes(shared(splitter, defaults(self.size_class)))

    def save(self, name: str) -> None:
        """Keep ``name``'s divider as it is now, for the current size class."""
        if self.size_class is not None:
            self.settings.set_splitter_state(self.key(name), self._splitters[name][0].saveState())


class FoldButton(QToolButton):
    """A button that shows ``part`` of a view or folds it away: the view's size decides (:meth:`follow`) until the
    arbiter opens or folds it by hand, which then holds. Opened by hand, the keyboard goes to ``opened_focus``;
    folded, back to ``folded_focus``. The arrow points to the part when open (``open_arrow``), right when folded.
    Used for the tie-break choice beside the standings and the event's fields above the norms."""

    def __init__(
        self,
        text: str,
        tip: str,
        part: QWidget,
        *,
        open_arrow: Qt.ArrowType,
        opened_focus: QWidget,
        folded_focus: QWidget,
    ) -> None:
        super().__init__()
        self.setText(text)
        self.setToolTip(tip)
        self.setCheckable(True)
        self.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self._part, self._open_arrow = part, open_arrow
        self._focus = (folded_focus, opened_focus)
        self.by_hand = False  # once the arbiter opens or folds the part, the view's size no longer does
        self.clicked.connect(self._on_clicked)
        self.toggled.connect(self._show)
        self.setChecked(True)  # until the view's size is known

    def follow(self, roomy: bool) -> None:
        """The view resized: the part shows where there is room for it, unless the arbiter chose by hand."""
        if not self.by_hand:
            self.setChecked(roomy)

    def _on_clicked(self, checked: bool) -> None:
        self.by_hand = True
        self._focus[checked].setFocus(Qt.FocusReason.ShortcutFocusReason)

    def _show(self, shown: bool) -> None:
        self._part.setVisible(shown)
        self.setArrowType(self._open_arrow if shown else Qt.ArrowType.RightArrow)
