"""Every setting fidedesk keeps, declared once with its type and default, over QSettings.

Code reads ``settings.rules`` rather than ``QSettings().value("rules")``: one place knows the
keys, their types and their defaults. Tests pass a QSettings on a temporary file.
"""

from __future__ import annotations

import enum
import os
from pathlib import Path
from typing import Any, Generic, TypeVar, cast, overload

from PySide6.QtCore import QByteArray, QSettings, QStandardPaths

T = TypeVar("T", str, int, bool, QByteArray)


class Setting(Generic[T]):
    """One typed setting: ``key`` in the settings file, its Python type and default."""

    def __init__(self, key: str, default: T) -> None:
        self.key = key
        self.default: T = default
        self.kind: type[T] = type(default)

    @overload
    def __get__(self, owner: None, owner_type: type[Settings]) -> Setting[T]: ...
    @overload
    def __get__(self, owner: Settings, owner_type: type[Settings]) -> T: ...

    def __get__(self, owner: Settings | None, owner_type: type[Settings]) -> Setting[T] | T:
        if owner is None:
            return self
        return cast(T, owner.read(self))

    def __set__(self, owner: Settings, value: T) -> None:
        owner.write(self, value)


class Export(enum.Enum):
    """The kinds of file the window writes, each remembering the folder it last wrote into (issue 29: with
    one folder for all, a TRF for FIDE landed in the folder of web pages meant for publishing)."""

    SAVE = "save"  # Save As of a .fidedesk file
    TRF = "trf"  # Export TRF
    EXCEL = "excel"  # Export to Excel, and Save Blank Player List
    PDF = "pdf"  # Export PDF
    WEB = "web"  # Export Web Pages (a folder)


#: Where each kind of export last wrote: a folder, empty while it never wrote.
_EXPORT_FOLDERS = {kind: Setting(f"folders/{kind.value}", "") for kind in Export}


class Settings:
    """The application's settings; a QSettings object is given in tests, the user's file otherwise."""

    # the rules, chosen in the toolbar
    edition = Setting("rules/edition", "fide-2025")
    kind = Setting("rules/kind", "standard")
    # the window
    geometry = Setting("window/geometry", QByteArray())
    state = Setting("window/state", QByteArray())
    tab = Setting("window/tab", 0)
    # files: the recent ones (newest first, one path a line) and the folder dialogs open in (the last one a
    # tournament file was opened from or saved to; each export has its own, _EXPORT_FOLDERS)
    recent_files = Setting("files/recent", "")
    last_folder = Setting("files/last_folder", "")
    # printing: the paper (a4, letter) and the document (a DocumentKind's value) chosen last
    paper = Setting("printing/paper", "a4")
    print_document = Setting("printing/document", "standings")
    # no tie-breaks here: they are the event's, saved with it (EventInfo.tiebreaks); a "tournament/tiebreaks"
    # key an older fidedesk wrote is left unread
    # the calculator's last inputs
    own_rating = Setting("calculator/own_rating", "")
    opponent_rating = Setting("calculator/opponent_rating", "")
    k_choice = Setting("calculator/k", "record")
    games_played = Setting("calculator/games_played", "")
    birth_year = Setting("calculator/birth_year", "")
    ever_2400 = Setting("calculator/ever_2400", False)

    def __init__(self, store: QSettings | None = None) -> None:
        self._store = (
            store
            if store is not None
            else QSettings(QSettings.Format.IniFormat, QSettings.Scope.UserScope, "fidedesk", "fidedesk")
        )

    @property
    def file_name(self) -> str:
        return self._store.fileName()

    def read(self, setting: Setting[T]) -> object:
        """The stored value in the setting's type; the default when missing or not convertible."""
        raw: Any = self._store.value(setting.key, setting.default)  # QSettings returns whatever the file holds
        value: object
        if setting.kind is bool:
            value = raw if isinstance(raw, bool) else str(raw).lower() in ("true", "1")
        elif setting.kind is QByteArray:
            value = raw if isinstance(raw, QByteArray) else setting.default
        else:
            try:
                value = setting.kind(raw)
            except (TypeError, ValueError):
                value = setting.default
        return value

    @property
    def folder(self) -> str:
        """The folder file dialogs open in: the last one used, while it exists; else the user's documents
        folder (a first Save once proposed a bare name, which the dialog put in whatever folder fidedesk was
        started from)."""
        last = self.last_folder
        if last and os.path.isdir(last):
            return last
        documents = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
        return documents if documents and os.path.isdir(documents) else os.path.expanduser("~")

    def export_folder(self, kind: Export, beside: Path | None) -> str:
        """The folder ``kind``'s dialog opens in: the one it last wrote into, while it exists; the first time
        (or once it is gone) the folder of ``beside`` (the open tournament's file) when there is one, else
        :attr:`folder`."""
        last = str(self.read(_EXPORT_FOLDERS[kind]))
        if last and os.path.isdir(last):
            return last
        if beside is not None and beside.parent.is_dir():
            return str(beside.parent)
        return self.folder

    def remember_folder(self, kind: Export, folder: Path) -> None:
        """``kind`` wrote into ``folder``: its dialog opens there next time (and no other's does)."""
        self.write(_EXPORT_FOLDERS[kind], os.path.abspath(folder))

    def splitter_state(self, key: str) -> QByteArray:
        """A splitter's divider as saved under ``key`` (its size class and name, :mod:`fidedesk.gui.common.layouts`);
        empty when none was."""
        return cast(QByteArray, self.read(_splitter_setting(key)))

    def set_splitter_state(self, key: str, state: QByteArray) -> None:
        self.write(_splitter_setting(key), state)

    def write(self, setting: Setting[T], value: T) -> None:
        self._store.setValue(setting.key, value)

    def sync(self) -> None:
        self._store.sync()


def _splitter_setting(key: str) -> Setting[QByteArray]:
    """The setting of one splitter's divider in one size class: one per key, so declared when asked for."""
    return Setting(f"layout/{key}", QByteArray())
