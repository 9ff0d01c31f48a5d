"""fidedesk's per-user folders, per system, as Qt's QStandardPaths chooses them (the data folder checked against
Qt itself in tests/gui/ratinglist/test_rating_list_gui.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from fidedesk.io.ratinglist.store import default_database
from fidedesk.io.user_folders import UserFolder, user_folder

VARIABLES = ("APPDATA", "LOCALAPPDATA", "XDG_DATA_HOME", "XDG_CACHE_HOME")


@pytest.fixture
def home(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    monkeypatch.setattr(Path, "home", lambda: tmp_path)
    for variable in VARIABLES:
        monkeypatch.delenv(variable, raising=False)
    return tmp_path


@pytest.mark.parametrize(
    ("platform", "data", "cache"),
    [
        ("linux", (".local", "share"), (".cache",)),
        ("darwin", ("Library", "Application Support"), ("Library", "Caches")),
        ("win32", ("AppData", "Roaming"), ("AppData", "Local")),
    ],
)
def test_each_system_has_its_own_folders(
    monkeypatch: pytest.MonkeyPatch, home: Path, platform: str, data: tuple[str, ...], cache: tuple[str, ...]
) -> None:
    monkeypatch.setattr("sys.platform", platform)
    assert user_folder(UserFolder.DATA) == home.joinpath(*data, "fidedesk")
    assert user_folder(UserFolder.CACHE) == home.joinpath(*cache, "fidedesk")
    # the rating lists are data (tests/engine/test_limbs.py: numba's compiled matching a cache)
    assert default_database() == home.joinpath(*data, "fidedesk", "fidedesk", "ratinglists.sqlite")


@pytest.mark.parametrize(
    ("platform", "variable", "kind"),
    [
        ("linux", "XDG_DATA_HOME", UserFolder.DATA),
        ("linux", "XDG_CACHE_HOME", UserFolder.CACHE),
        ("win32", "APPDATA", UserFolder.DATA),
        ("win32", "LOCALAPPDATA", UserFolder.CACHE),
    ],
)
def test_the_systems_variable_moves_a_folder(
    monkeypatch: pytest.MonkeyPatch, home: Path, platform: str, variable: str, kind: UserFolder
) -> None:
    monkeypatch.setattr("sys.platform", platform)
    monkeypatch.setenv(variable, str(home / "moved"))
    assert user_folder(kind) == home / "moved" / "fidedesk"
    other = UserFolder.CACHE if kind is UserFolder.DATA else UserFolder.DATA
    assert not user_folder(other).is_relative_to(home / "moved")


def test_macos_reads_no_variable(monkeypatch: pytest.MonkeyPatch, home: Path) -> None:
    monkeypatch.setattr("sys.platform", "darwin")
    for variable in VARIABLES:
        monkeypatch.setenv(variable, str(home / "moved"))
    assert user_folder(UserFolder.DATA) == home / "Library" / "Application Support" / "fidedesk"
    assert user_folder(UserFolder.CACHE) == home / "Library" / "Caches" / "fidedesk"
