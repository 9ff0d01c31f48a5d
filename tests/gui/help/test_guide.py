"""Help › User Guide (issue 14, item 6): docs/guide.md shown in the window, offline, found in a clone and in
a frozen app, searchable, naming the keys the window really has."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QUrl
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from fidedesk.gui.common import resources
from fidedesk.gui.help import guide
from fidedesk.gui.help.guide import GUIDE_HEADING, GuideMissingError, GuideWindow, guide_text
from fidedesk.gui.mainwindow import MainWindow

ROOT = Path(__file__).resolve().parents[3]


def test_f1_opens_the_guide_beside_the_window(window: MainWindow, qtbot: QtBot) -> None:
    assert QKeySequence("F1") in window.guide_action.shortcuts()
    help_menu = window.menuBar().actions()[-1].menu()
    assert help_menu is not None and window.guide_action in help_menu.actions()
    window.guide_action.trigger()
    shown = window.guide_window
    assert isinstance(shown, GuideWindow) and shown.isVisible() and not shown.isModal()
    assert shown.browser.toPlainText().startswith("fidedesk user guide")
    assert "Pairing" in shown.browser.toPlainText() and "#" not in shown.browser.toPlainText()[:30]  # rendered
    window.guide_action.trigger()  # a second F1 brings the same window back, not a second one
    assert window.guide_window is shown and len(window.findChildren(GuideWindow)) == 1


def test_find_selects_each_match_and_says_when_there_is_none(qtbot: QtBot) -> None:
    shown = GuideWindow()
    qtbot.addWidget(shown)
    shown.show()
    qtbot.waitExposed(shown)
    shown.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is shown)
    qtbot.keyClick(shown, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(shown.find_edit.hasFocus)
    qtbot.keyClicks(shown.find_edit, "Alt+W")
    qtbot.keyClick(shown.find_edit, Qt.Key.Key_Return)
    first = shown.browser.textCursor().position()
    assert shown.browser.textCursor().selectedText() == "Alt+W" and shown.message.text() == ""
    assert shown.find_next() and shown.browser.textCursor().position() != first  # the next one
    shown.find_edit.setText("no such words in the guide")
    assert not shown.find_next() and shown.message.text() == "Not found"


def test_links_never_load_anything_into_the_guide(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[str] = []
    monkeypatch.setattr(guide.QDesktopServices, "openUrl", lambda url: opened.append(url.toString()) or True)
    shown = GuideWindow()
    qtbot.addWidget(shown)
    before = shown.browser.toPlainText()
    for link in ("https://ratings.fide.com/download.phtml", "file:///etc/passwd", "other.md"):
        shown.browser.anchorClicked.emit(QUrl(link))
    assert opened == ["https://ratings.fide.com/download.phtml"]  # to the system's browser
    assert shown.browser.toPlainText() == before and shown.browser.source().isEmpty()


def test_the_guide_is_found_in_a_clone_and_in_a_frozen_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert resources.guide_file() == ROOT / "docs" / "guide.md"  # the one copy, in a clone
    assert guide_text().startswith(GUIDE_HEADING + "\n")
    frozen = tmp_path / "resources" / "docs"
    frozen.mkdir(parents=True)
    (frozen / "guide.md").write_text(f"{GUIDE_HEADING}\n\nBundled.\n", encoding="utf-8")
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert resources.guide_file() == frozen / "guide.md"
    assert guide_text().endswith("Bundled.\n")
    (frozen / "guide.md").write_text("# Something else\n", encoding="utf-8")
    with pytest.raises(GuideMissingError, match="does not start with"):
        guide_text()


def test_a_missing_guide_is_said_in_the_window(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(guide, "guide_file", lambda: None)
    with pytest.raises(GuideMissingError, match=r"docs/guide\.md"):
        guide_text()
    shown = GuideWindow()
    qtbot.addWidget(shown)
    assert shown.browser.toPlainText().startswith("The user guide cannot be shown: the user guide (docs/guide.md)")


def test_the_bundle_and_an_install_carry_the_guide() -> None:
    spec = (ROOT / "packaging" / "fidedesk.spec").read_text(encoding="utf-8")
    assert 'datas += [(str(ROOT / "docs" / "guide.md"), "resources/docs")]' in spec
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert '"share/fidedesk/resources/docs" = ["docs/guide.md"]' in pyproject
    assert not (ROOT / "resources" / "docs").exists()  # one copy only: docs/guide.md


#: How the guide writes a key the shortcuts list writes shorter.
_SPELLED = {"Ins": "Insert", "Del": "Delete"}


def test_the_guide_names_a_key_of_every_command_that_has_one(window: MainWindow) -> None:
    """The keys the guide teaches are the window's: each command of Help › Keyboard Shortcuts is named in
    the guide by one of its keys, and every Ctrl+ key the guide names belongs to a command."""
    text = guide_text()
    rows = window.shortcut_rows()
    missing = [row for row in rows if not any(_SPELLED.get(key, key) in text for key in row.keys.split(", "))]
    assert not missing
    known = {key for row in rows for key in row.keys.split(", ")} | {"Ctrl+F", "Ctrl+V", "Ctrl+C"}
    named_in_guide = set(re.findall(r"Ctrl\+(?:Shift\+)?[A-Z0-9]\b", text))
    assert named_in_guide <= known, named_in_guide - known
