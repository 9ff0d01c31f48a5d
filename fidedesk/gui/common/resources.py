"""The app's own files in ``resources/`` (icons, samples, templates), wherever fidedesk runs from.

Three places, in this order: the folder PyInstaller unpacks a frozen app into (``sys._MEIPASS``), the
source tree (a clone, or ``pip install -e``), and ``<prefix>/share/fidedesk`` (``pip install .``, where
pyproject's data files put them). The first that holds the file wins; none is looked up by the
current directory. The user guide is the one file kept elsewhere: ``docs/guide.md`` in a clone, which the
PyInstaller spec and pyproject's data files copy to ``resources/docs/`` (:func:`guide_file`).
"""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtGui import QIcon

#: The user guide (Help › User Guide): ``docs/guide.md`` of the clone, ``resources/docs/guide.md`` elsewhere.
GUIDE = "docs/guide.md"
#: Icon sizes drawn for the window and the task bar (resources/icons/fidedesk-<size>.png).
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)


def resource_folders() -> list[Path]:
    """Where resources may be, most specific first."""
    folders = []
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        folders.append(Path(frozen) / "resources")
    source = Path(__file__).resolve().parents[3]  # fidedesk/gui/common/resources.py -> the clone
    if (source / "pyproject.toml").is_file():  # a clone, not site-packages
        folders.append(source / "resources")
    folders.append(Path(sys.prefix) / "share" / "fidedesk" / "resources")
    return folders


def resource(relative: str) -> Path | None:
    """The file ``relative`` (``"icons/fidedesk-256.png"``) from the first folder holding it; None if none does."""
    for folder in resource_folders():
        candidate = folder / relative
        if candidate.is_file():
            return candidate
    return None


def guide_file() -> Path | None:
    """The user guide: in a clone ``docs/guide.md`` itself (one copy, no duplicate under resources/), in a
    frozen app or an installed prefix ``resources/docs/guide.md``; None when none holds it."""
    for folder in resource_folders():
        in_clone = (folder.parent / "pyproject.toml").is_file()
        candidate = (folder.parent if in_clone else folder) / GUIDE
        if candidate.is_file():
            return candidate
    return None


def app_icon() -> QIcon:
    """The fidedesk icon in every size found; a null icon when the resources are missing."""
    icon = QIcon()
    for size in ICON_SIZES:
        path = resource(f"icons/fidedesk-{size}.png")
        if path is not None:
            icon.addFile(str(path))
    return icon
