"""The README's screenshots, shot by shot: the window filled as ``python -m tests.gui.screenshots`` fills it
(that command writes docs/screenshots/), the figures on screen checked, and the pictures drawn at their
size; nothing is written into the repository."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from fidedesk.gui.mainwindow import MainWindow
from tests.gui import screenshots
from tests.gui.screenshots import SHOTS, Camera, Shot

#: Every picture the README shows, by the shot that takes it, and its size.
PICTURES = {
    "calculator": {"calculator": (1280, 800)},
    "reference": {"reference": (1280, 800)},
    "tournament_swiss": {"tournament-swiss": (1280, 800)},
    "tournament_round_robin": {"tournament-round-robin": (1280, 800)},
    "excel_import": {"excel-import": (1100, 680)},
    "rating_list": {"rating-list-search": (1100, 600), "rating-list-updates": (760, 420)},
}


def test_every_picture_in_the_readme_is_shot() -> None:
    readme = (screenshots.REPO / "README.md").read_text(encoding="utf-8")
    shown = {line.split("(docs/screenshots/")[1].split(".png)")[0] for line in readme.splitlines() if
             "](docs/screenshots/" in line}  # fmt: skip
    assert shown == {name for pictures in PICTURES.values() for name in pictures}
    assert [shot.__name__ for shot in SHOTS] == list(PICTURES)


@pytest.mark.parametrize("shot", SHOTS, ids=[shot.__name__ for shot in SHOTS])
def test_shot(qtbot: QtBot, window: MainWindow, tmp_path: Path, shot: Shot) -> None:
    """The shot's figures are checked inside it (an assertion fails there); here, what the pictures hold."""
    camera = Camera()
    shot(window, tmp_path, camera)
    for widget in camera.widgets.values():
        if widget is not window:
            qtbot.addWidget(widget)
    sizes = {name: (image.width(), image.height()) for name, image in camera.pictures.items()}
    assert sizes == PICTURES[shot.__name__]
    for name, image in camera.pictures.items():
        colours = {image.pixel(x, y) for y in range(0, image.height(), 7) for x in range(0, image.width(), 7)}
        assert len(colours) > 20, f"{name}: {len(colours)} colours, hardly a window"  # text and tables drawn
    # the shot made no edit: an imported file is unsaved work (issue 14) but no step, and closing discards it
    assert window.undo_stack.count() == 0


def test_the_command_writes_the_pictures_where_it_is_told(qapp: QApplication, tmp_path: Path) -> None:
    assert screenshots.main([str(tmp_path / "shots"), "--shot", "reference"]) == 0
    written = sorted(path.name for path in (tmp_path / "shots").iterdir())
    assert written == ["reference.png"] and (tmp_path / "shots" / "reference.png").stat().st_size > 10_000
    assert screenshots.FOLDER == screenshots.REPO / "docs" / "screenshots"  # by default, the README's own


def test_every_tab_at_every_screen_size(window: MainWindow, tmp_path: Path) -> None:
    """``--sizes``: the Tournament, Calculator and Reference tables tabs at each of the four screens (issue 14)."""
    camera = Camera()
    screenshots.every_size(window, tmp_path, camera)
    expected = {
        f"{tab}-{width}x{height}": (width, height)
        for width, height in screenshots.SCREEN_SIZES
        for tab in ("tournament", "calculator", "reference")
    }
    assert {name: (image.width(), image.height()) for name, image in camera.pictures.items()} == expected
    assert window.undo_stack.count() == 0
