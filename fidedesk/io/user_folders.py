"""The user's own folders for fidedesk, chosen per system as Qt's ``QStandardPaths`` chooses them, without Qt.

The rating lists are data the user keeps (the data folder); what numba compiled for the frozen app is a cache that
may be thrown away (the cache folder, never the app's own folder: read-only under Program Files, a signed bundle
on macOS). The command line and the engine find them without Qt; ``tests/gui`` checks the data folder against
Qt's AppDataLocation, where the window keeps the lists.
"""

from __future__ import annotations

import enum
import os
import sys
from pathlib import Path


class UserFolder(enum.Enum):
    """A kind of per-user folder: each system's place for it, and the variable that moves it there."""

    DATA = "data"
    CACHE = "cache"


#: For each kind: (Windows' variable and its default under the home folder, macOS' folder under the home
#: folder, the XDG variable and its default under the home folder).
_PLACES: dict[UserFolder, tuple[str, tuple[str, ...], tuple[str, ...], str, tuple[str, ...]]] = {
    UserFolder.DATA: ("APPDATA", ("AppData", "Roaming"), ("Library", "Application Support"), "XDG_DATA_HOME",
                      (".local", "share")),
    UserFolder.CACHE: ("LOCALAPPDATA", ("AppData", "Local"), ("Library", "Caches"), "XDG_CACHE_HOME", (".cache",)),
}  # fmt: skip


def user_folder(kind: UserFolder) -> Path:
    """fidedesk's folder of ``kind`` for this user: ``<the system's folder>/fidedesk`` (Windows: %APPDATA% or
    %LOCALAPPDATA%; macOS: ~/Library/Application Support or ~/Library/Caches; elsewhere $XDG_DATA_HOME or
    $XDG_CACHE_HOME, else ~/.local/share or ~/.cache). Not made: whoever writes there makes it."""
    home = Path.home()
    windows, windows_default, mac, xdg, xdg_default = _PLACES[kind]
    if sys.platform == "win32":
        base = Path(os.environ.get(windows) or home.joinpath(*windows_default))
    elif sys.platform == "darwin":
        base = home.joinpath(*mac)
    else:
        base = Path(os.environ.get(xdg) or home.joinpath(*xdg_default))
    return base / "fidedesk"
