"""A damaged rating-list download in the window: a message naming the file and the damage, and the lists kept
unchanged, whether the damage shows when the zip is inspected or only as the import streams off the GUI thread
(issue 25, item 4)."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from benchmarks.make_fide_list import write_txt
from fidedesk.gui.common.dialogs import UnattendedDialogs
from fidedesk.gui.mainwindow import MainWindow
from fidedesk.gui.ratinglist import actions as rating_list
from fidedesk.io.plain_words import Plain
from fidedesk.io.ratinglist.fide_list import Month
from tests.gui.ratinglist.test_rating_list_gui import answer_import
from tests.io.test_ratinglist_damaged import DAMAGES, HARMLESS

TITLE = "Cannot import the rating list"


@pytest.fixture(scope="module")
def download(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("download") / "players_list.zip"
    write_txt(path, 40, seed=5, month="2026-11")
    return path


def _kept_then_damaged(window: MainWindow, dialogs: UnattendedDialogs, download: Path, damage: str) -> Path:
    """The October list imported; the November download, damaged so (or not: ``HARMLESS``), chosen next."""
    answer_import(dialogs, download, Month(2026, 10))
    assert window.rating_list.import_list() is not None
    damaged = download.parent.parent / f"damaged-{damage.replace(' ', '-')}" / "standard_feb26frl.zip"
    damaged.parent.mkdir(exist_ok=True)
    damaged.write_bytes(DAMAGES[damage][1](download.read_bytes()))
    answer_import(dialogs, damaged, Month(2026, 11))
    return damaged


@pytest.mark.parametrize(
    ("damage", "words"),
    [
        ("crc in the directory", "the list's checksum does not match (CRC error)"),  # met off the GUI thread
        ("member data garbled", "the list's compressed data is corrupt"),  # met off the GUI thread
        ("compression method 99", "compression method 99"),  # met when the zip is inspected
        ("local name differs", "differs from the one in its entry"),
        ("encrypted", "encrypted"),
    ],
)
def test_a_damaged_download_is_a_message_and_the_kept_lists_stay(
    qtbot: QtBot, window: MainWindow, dialogs: UnattendedDialogs, download: Path, damage: str, words: str
) -> None:
    _kept_then_damaged(window, dialogs, download, damage)
    before = len(dialogs.shown)
    window.rating_list.import_action.trigger()  # the menu's way: an error escaping the slot would fail the test
    title, text = dialogs.shown[before]
    assert (title, len(dialogs.shown)) == (TITLE, before + 1)
    # issue 29: plain words first, then the technical detail as before
    damaged = f"{Plain.DOWNLOAD_DAMAGED.value}\n\nstandard_feb26frl.zip: damaged: "
    assert text.startswith(damaged) and words in text, text
    assert "download it again" in text and text.endswith("The lists already kept are unchanged.")
    assert [(str(s.month), s.players) for s in window.rating_list.lists()] == [("2026-10", 40)]
    assert window.statusBar().currentMessage() != "Imported the FIDE NOV26 combined list (40 players)."


def test_an_unexpected_error_in_the_import_is_shown_and_kept_for_the_report(
    window: MainWindow, dialogs: UnattendedDialogs, download: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An error no reader foresaw (a bug) reaches the GUI thread from the worker, is said in a message naming the
    file, and is raised on for its traceback: never lost in the worker thread."""
    _kept_then_damaged(window, dialogs, download, HARMLESS)

    def failing(*_args: object, **_kwargs: object) -> object:
        raise TypeError("a bug in the import")

    monkeypatch.setattr(rating_list, "import_list", failing)
    with pytest.raises(TypeError, match="a bug in the import"):
        window.rating_list.import_list()
    title, text = dialogs.shown[-1]
    assert title == TITLE
    assert text.startswith("standard_feb26frl.zip: the import failed"), text
    assert "TypeError: a bug in the import" in text and text.endswith("The lists already kept are unchanged.")
    assert [str(s.month) for s in window.rating_list.lists()] == ["2026-10"]
