"""Issue 29: every button of fidedesk's dialogs has an Alt key (Qt's own texts give one to Yes and No only on
Linux: the unsaved-changes question's Discard had none)."""

from __future__ import annotations

import re
from pathlib import Path

from PySide6.QtWidgets import QDialogButtonBox, QMessageBox, QPushButton
from pytestqt.qtbot import QtBot

from fidedesk.gui.common.plain import give_keys, message_box, mnemonic

GUI = Path(__file__).resolve().parents[2] / "fidedesk" / "gui"


def keys(box: QMessageBox | QDialogButtonBox) -> list[str | None]:
    return sorted((mnemonic(button.text()) or "") for button in box.buttons())


def test_the_unsaved_changes_question_has_a_key_on_every_button(qtbot: QtBot) -> None:
    buttons = QMessageBox.StandardButton
    box = message_box(
        None, QMessageBox.Icon.Question, "Unsaved changes", "Save?", buttons.Save | buttons.Discard | buttons.Cancel
    )
    assert keys(box) == ["c", "d", "s"]
    assert mnemonic(box.button(buttons.Discard).text()) == "d"


def test_a_button_with_a_key_keeps_it_and_the_others_take_free_letters(qtbot: QtBot) -> None:
    row = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
    row.addButton("&Copy all", QDialogButtonBox.ButtonRole.AcceptRole)
    give_keys(row)
    texts = sorted(button.text() for button in row.buttons())
    assert texts == ["&Copy all", "C&ancel"]
    plain = [QPushButton("OK"), QPushButton("&Yes")]
    give_keys(plain)
    assert [button.text() for button in plain] == ["&OK", "&Yes"]


def test_every_button_row_of_the_window_is_given_keys() -> None:
    """Each module that makes a QDialogButtonBox gives its buttons keys (message boxes get them in message_box)."""
    missing = [
        path.relative_to(GUI).as_posix()
        for path in sorted(GUI.rglob("*.py"))
        if re.search(r"QDialogButtonBox\(", text := path.read_text(encoding="utf-8")) and "give_keys(" not in text
    ]
    assert not missing
