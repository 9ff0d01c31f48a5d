"""Issue 29: the folder chooser (Export Web Pages' folder) can make a new folder. Qt's own folder dialog has a
"Create New Folder" tool button, an icon without a key; fidedesk's chooser is a dialog that has it, labelled
New Folder with an Alt key (a platform's own dialog, where Qt uses one, has a New Folder button of its own)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QFileDialog, QLineEdit, QToolButton
from pytestqt.qtbot import QtBot

from fidedesk.gui import qt_dialogs
from fidedesk.gui.common.plain import mnemonic
from fidedesk.gui.mainwindow import MainWindow


def test_the_folder_chooser_makes_a_new_folder_by_its_alt_key(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    (tmp_path / "results").mkdir()
    seen: dict[str, object] = {}

    def in_the_dialog() -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, QFileDialog)
        try:
            walk(dialog)
        finally:
            if dialog.isVisible():  # whatever failed, the test does not wait on the dialog
                dialog.reject()

    def walk(dialog: QFileDialog) -> None:
        seen["dirs only"] = dialog.testOption(QFileDialog.Option.ShowDirsOnly)
        button = dialog.findChild(QToolButton, "newFolderButton")
        assert button is not None
        seen["button"] = (button.isVisible(), button.isEnabled(), mnemonic(button.text()))
        seen["words shown"] = button.width() > button.iconSize().width() + button.fontMetrics().horizontalAdvance(
            "New Folder"
        )
        buttons = dialog.findChild(QDialogButtonBox)
        assert buttons is not None
        seen["keys"] = sorted(mnemonic(b.text()) or "" for b in buttons.buttons())
        dialog.activateWindow()  # as a window manager would (offscreen, Qt activates no window itself)
        qtbot.waitUntil(dialog.isActiveWindow, timeout=5000)
        qtbot.keyClick(dialog, Qt.Key.Key_N, Qt.KeyboardModifier.AltModifier)  # the new folder, its name edited
        qtbot.waitUntil((tmp_path / "New Folder").is_dir, timeout=5000)  # a button's key clicks it after 100 ms
        editor = QApplication.focusWidget()
        assert isinstance(editor, QLineEdit)
        editor.selectAll()
        qtbot.keyClicks(editor, "round 5")
        qtbot.keyClick(editor, Qt.Key.Key_Return)  # the name taken; the new folder stays selected
        qtbot.waitUntil((tmp_path / "round 5").is_dir, timeout=5000)
        qtbot.keyClick(dialog, Qt.Key.Key_C, Qt.KeyboardModifier.AltModifier)  # Choose
        qtbot.waitUntil(lambda: not dialog.isVisible(), timeout=5000)

    QTimer.singleShot(0, in_the_dialog)
    chosen = qt_dialogs.QtDialogs(window).choose_folder("Export Web Pages", str(tmp_path))
    assert seen["dirs only"] and seen["button"] == (True, True, "n") and seen["words shown"]
    assert seen["keys"] == ["a", "c"]  # Choose and Cancel
    assert (tmp_path / "round 5").is_dir() and chosen == tmp_path / "round 5"
