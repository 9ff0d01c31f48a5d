"""Each export remembers its own folder (issue 29): Export TRF used to open in the last folder any export used, so
a TRF landed in the folder of web pages meant for publishing. Now Export TRF, Export to Excel, Export PDF,
Export Web Pages and Save As each open where they last wrote; the first time, beside the open tournament's
file, else in the folder the file dialogs used before."""

from __future__ import annotations

from pathlib import Path

from fidedesk.core.tournament import EventInfo, Player, Tournament
from fidedesk.gui.common.dialogs import UnattendedDialogs
from fidedesk.gui.common.settings import Settings
from fidedesk.gui.mainwindow import MainWindow
from fidedesk.gui.printing.choice import DocumentChoice
from fidedesk.io.formats import FIDEDESK, write_tournament
from fidedesk.publish.documents.model import DocumentKind


def club_open() -> Tournament:
    return Tournament(EventInfo(name="Club Open"), (Player(1, "Anna", 2100), Player(2, "Boris", 1950)))


def made(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    return folder


class Proposals:
    """The folder each export's dialog proposes, as the window asks it; each writes into ``answer``."""

    def __init__(self, window: MainWindow, dialogs: UnattendedDialogs) -> None:
        self.window = window
        self.dialogs = dialogs
        dialogs.answer("choose_document", DocumentChoice(DocumentKind.PLAYERS, None, "a4"))

    def trf(self, answer: Path) -> Path:
        asked = self.dialogs.answer("save_file_of_kind", lambda _t, _s, _k, chosen: (answer / "event.trf", chosen))
        assert self.window.files.export_trf()
        return Path(str(asked[0][1])).parent

    def excel(self, answer: Path) -> Path:
        asked = self.dialogs.answer("save_file", answer / "event.xlsx")
        assert self.window.excel.export_excel()
        return Path(str(asked[0][1])).parent

    def pdf(self, answer: Path) -> Path:
        asked = self.dialogs.answer("save_file", answer / "players.pdf")
        assert self.window.printing.export_pdf()
        return Path(str(asked[0][1])).parent

    def web(self, answer: Path) -> Path:
        asked = self.dialogs.answer("choose_folder", answer)
        assert self.window.printing.export_web()
        return Path(str(asked[0][1]))

    def save_as(self, answer: Path) -> Path:
        asked = self.dialogs.answer("save_file", answer / "event.fidedesk")
        assert self.window.files.save_as()
        return Path(str(asked[0][1])).parent


def test_a_trf_is_not_proposed_in_the_folder_of_the_web_pages(
    window: MainWindow, dialogs: UnattendedDialogs, tmp_path: Path
) -> None:
    """The issue's own steps: a TRF exported, then the web pages published, then the TRF exported again."""
    window.document.reset(club_open(), None)
    ask = Proposals(window, dialogs)
    trf, web = made(tmp_path / "fide"), made(tmp_path / "publish")
    ask.trf(trf)
    ask.web(web)
    assert ask.trf(trf) == trf
    assert ask.web(web) == web
    assert (web / "index.html").is_file() and not (web / "event.trf").exists()


def test_each_export_opens_where_it_last_wrote(window: MainWindow, dialogs: UnattendedDialogs, tmp_path: Path) -> None:
    window.document.reset(club_open(), None)
    ask = Proposals(window, dialogs)
    kinds = {"trf": ask.trf, "excel": ask.excel, "pdf": ask.pdf, "web": ask.web, "save_as": ask.save_as}
    own = {name: made(tmp_path / name) for name in kinds}
    for name, export in kinds.items():
        export(own[name])
    for name, export in reversed(kinds.items()):  # each after every other one has written elsewhere
        if name == "save_as":
            window.document.reset(club_open(), None)  # untitled again: Save As proposes a folder, not the file
        assert export(own[name]) == own[name], name


def test_the_first_time_each_opens_beside_the_tournament_s_file(
    window: MainWindow, dialogs: UnattendedDialogs, tmp_path: Path
) -> None:
    event = made(tmp_path / "event") / "club.fidedesk"
    write_tournament(event, club_open(), format_=FIDEDESK)
    window.settings.last_folder = str(made(tmp_path / "elsewhere"))
    assert window.files.open(event)
    window.settings.last_folder = str(tmp_path / "elsewhere")  # a folder used since, by another file dialog
    ask = Proposals(window, dialogs)
    for export in (ask.trf, ask.excel, ask.pdf, ask.web):
        assert export(made(tmp_path / export.__name__)) == event.parent


def test_the_first_time_without_a_file_each_opens_in_the_folder_used_before(
    window: MainWindow, dialogs: UnattendedDialogs, tmp_path: Path
) -> None:
    window.document.reset(club_open(), None)
    before = made(tmp_path / "before")
    window.settings.last_folder = str(before)
    ask = Proposals(window, dialogs)
    for export in (ask.trf, ask.excel, ask.pdf, ask.web, ask.save_as):
        assert export(made(tmp_path / export.__name__)) == before


def test_a_remembered_folder_since_removed_is_not_proposed(settings: Settings, tmp_path: Path) -> None:
    from fidedesk.gui.common.settings import Export

    kept, gone = made(tmp_path / "kept"), made(tmp_path / "gone")
    settings.remember_folder(Export.TRF, gone)
    settings.remember_folder(Export.WEB, kept)
    gone.rmdir()
    beside = made(tmp_path / "event") / "club.fidedesk"
    assert settings.export_folder(Export.TRF, beside) == str(beside.parent)
    assert settings.export_folder(Export.WEB, beside) == str(kept)
    assert settings.export_folder(Export.EXCEL, None) == settings.folder
