"""Issue 29: a file Rating List › Import cannot read says why in plain words first, then as before."""

from __future__ import annotations

from pathlib import Path

from fidedesk.gui.common.dialogs import UnattendedDialogs
from fidedesk.gui.mainwindow import MainWindow
from fidedesk.io.plain_words import Plain


def test_a_file_that_is_not_a_rating_list_says_so_first(
    window: MainWindow, tmp_path: Path, dialogs: UnattendedDialogs
) -> None:
    path = tmp_path / "players_list.zip"
    path.write_bytes(b"%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n")
    assert window.rating_list.import_list(path) is None
    ((title, text),) = dialogs.shown
    assert title == "Cannot import the rating list"
    assert text.startswith(f"{Plain.NOT_RATING_LIST.value}\n\nplayers_list.zip: not a zip file as FIDE's downloads are")
