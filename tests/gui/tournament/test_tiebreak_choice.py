"""The event's tie-breaks and their edition of C.07, chosen in the Standings tab: each choice an undo step of
the event (issue 15), the system's defaults until the organiser chooses, typed codes, the edition line."""

from __future__ import annotations

import dataclasses
import datetime as dt
from fractions import Fraction
from pathlib import Path

import openpyxl
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import QListWidget
from pytestqt.qtbot import QtBot

from benchmarks.make_swiss import make_swiss
from fidedesk.core.editing import set_event_info
from fidedesk.core.tiebreaks.codes import (
    KNOWN_TIEBREAKS,
    ROUND_ROBIN_DEFAULTS,
    SWISS_DEFAULTS,
    Kind,
    TieBreak,
    TieBreakRules,
)
from fidedesk.core.tournament import System, Tournament
from fidedesk.gui.common.context import RatingContext
from fidedesk.gui.common.dialogs import UnattendedDialogs
from fidedesk.gui.common.settings import Settings
from fidedesk.gui.files.document import TournamentDocument
from fidedesk.gui.mainwindow import MainWindow
from fidedesk.gui.tournament.standings_view import StandingsWidget
from fidedesk.gui.tournament.views import TournamentViews
from fidedesk.io.trf.document import read_trf
from tests.core.test_tiebreak_editions import CAPPED
from tests.gui.conftest import ModelChecks
from tests.gui.tournament.test_tournament_views_figures import column, two_rounds

BH, C1, SB, WIN = TieBreak.BUCHHOLZ, TieBreak.BUCHHOLZ_CUT1, TieBreak.SONNEBORN_BERGER, TieBreak.WINS
R2024, R2026 = TieBreakRules.C07_2024, TieBreakRules.C07_2026


def open_views(qtbot: QtBot, settings: Settings, tournament: Tournament | None = None) -> TournamentViews:
    document = TournamentDocument(QUndoStack(), tournament or two_rounds())
    views = TournamentViews(document, RatingContext(), settings)
    qtbot.addWidget(views)
    views.tabs.setCurrentWidget(views.standings)  # the choice is made beside the standings, shown
    return views


def item_of(tiebreaks: QListWidget, tiebreak: TieBreak) -> int:
    return next(
        row for row in range(tiebreaks.count()) if tiebreaks.item(row).data(Qt.ItemDataRole.UserRole) == tiebreak
    )


def headers(standings: StandingsWidget) -> list[str]:
    model = standings.model
    return [model.headerData(c, Qt.Orientation.Horizontal) for c in range(5, model.columnCount())]


def dated(tournament: Tournament, start: dt.date | None) -> Tournament:
    return set_event_info(tournament, dataclasses.replace(tournament.info, start=start))


def test_each_choice_is_an_undo_step_of_the_event(qtbot: QtBot, settings: Settings, qtmodeltester: ModelChecks) -> None:
    views = open_views(qtbot, settings)
    standings, document = views.standings, views.document
    qtmodeltester.check(standings.model)
    tiebreaks = standings.tiebreak_list
    assert standings.chosen() == list(SWISS_DEFAULTS) and document.tournament.info.tiebreaks is None
    tiebreaks.item(item_of(tiebreaks, BH)).setCheckState(Qt.CheckState.Unchecked)
    # Space ticks the current one, as the keyboard does
    tiebreaks.setFocus()
    tiebreaks.setCurrentRow(item_of(tiebreaks, WIN))
    qtbot.keyClick(tiebreaks, Qt.Key.Key_Space)
    # the order as a drag in the list leaves it: the model moves the row (and says so with rowsMoved)
    assert tiebreaks.model().moveRow(QModelIndex(), item_of(tiebreaks, WIN), QModelIndex(), 0)
    chosen = (WIN, C1, SB)
    assert document.tournament.info.tiebreaks == chosen  # the event's, not the user's settings
    assert headers(standings) == ["WIN", "BH-C1", "SB"] and standings.model.tiebreaks == chosen
    assert document.is_modified and document.undo_stack.count() == 3  # untick, tick, move
    assert document.undo_stack.text(2) == "Tie-breaks: WIN BH-C1 SB"

    document.undo_stack.undo()  # the move
    assert document.tournament.info.tiebreaks == (C1, SB, WIN) and standings.chosen() == [C1, SB, WIN]
    document.undo_stack.undo()
    document.undo_stack.undo()  # back to the system's defaults, shown ticked first
    assert document.tournament.info.tiebreaks is None and not document.is_modified
    assert standings.chosen() == list(SWISS_DEFAULTS) and headers(standings) == ["BH-C1", "BH", "SB"]
    assert [tiebreaks.item(row).data(Qt.ItemDataRole.UserRole) for row in range(3)] == list(SWISS_DEFAULTS)
    document.undo_stack.redo()
    document.undo_stack.redo()
    document.undo_stack.redo()
    assert document.tournament.info.tiebreaks == chosen and headers(standings) == ["WIN", "BH-C1", "SB"]
    qtmodeltester.check(standings.model)


def test_moving_an_unticked_one_is_no_step(qtbot: QtBot, settings: Settings) -> None:
    views = open_views(qtbot, settings)
    tiebreaks = views.standings.tiebreak_list
    tiebreaks.setCurrentRow(item_of(tiebreaks, WIN))
    views.standings.chooser.move_current(-1)
    assert views.document.undo_stack.count() == 0 and views.document.tournament.info.tiebreaks is None


def test_no_tiebreak_at_all_is_a_choice_the_system_does_not_change(qtbot: QtBot, settings: Settings) -> None:
    views = open_views(qtbot, settings)
    tiebreaks = views.standings.tiebreak_list
    for tiebreak in SWISS_DEFAULTS:
        tiebreaks.item(item_of(tiebreaks, tiebreak)).setCheckState(Qt.CheckState.Unchecked)
    document = views.document
    assert document.tournament.info.tiebreaks == () and headers(views.standings) == []
    assert column(views.standings.model, "Rank") == ["1", "2–3", "2–3", "4", "5–6", "5–6"]  # points only
    info = document.tournament.info
    document.apply(
        "Edit event", set_event_info(document.tournament, dataclasses.replace(info, system=System.ROUND_ROBIN))
    )
    assert views.standings.chosen() == [] and headers(views.standings) == []


def test_an_event_without_a_choice_follows_its_system(qtbot: QtBot, settings: Settings) -> None:
    views = open_views(qtbot, settings)
    standings, document = views.standings, views.document
    assert not standings.chooser.defaults_button.isEnabled()
    info = document.tournament.info
    document.apply(
        "Edit event", set_event_info(document.tournament, dataclasses.replace(info, system=System.ROUND_ROBIN))
    )
    assert standings.chosen() == list(ROUND_ROBIN_DEFAULTS) and headers(standings) == ["DE", "WIN", "SB"]
    document.undo_stack.undo()  # a Swiss again
    assert standings.chosen() == list(SWISS_DEFAULTS) and headers(standings) == ["BH-C1", "BH", "SB"]
    # a choice of its own; Defaults gives the event back to its system, as one step
    tiebreaks = standings.tiebreak_list
    tiebreaks.item(item_of(tiebreaks, WIN)).setCheckState(Qt.CheckState.Checked)
    assert standings.chooser.defaults_button.isEnabled()
    standings.chooser.defaults_button.click()
    assert document.tournament.info.tiebreaks is None and standings.chosen() == list(SWISS_DEFAULTS)
    assert document.undo_stack.text(document.undo_stack.index() - 1) == "Tie-breaks: the system's defaults"


def test_every_known_tiebreak_is_offered_with_its_article(qtbot: QtBot, settings: Settings) -> None:
    tiebreaks = open_views(qtbot, settings).standings.tiebreak_list
    offered = [tiebreaks.item(row).data(Qt.ItemDataRole.UserRole) for row in range(tiebreaks.count())]
    assert sorted(offered, key=str) == sorted(KNOWN_TIEBREAKS, key=str)
    median = tiebreaks.item(item_of(tiebreaks, TieBreak(Kind.BUCHHOLZ, median=1)))
    assert median.text() == "BH-M1: Buchholz Median-1" and median.toolTip() == "Buchholz Median-1 (C.07 8.1, 14)"


def test_a_typed_code_is_added_and_undone(qtbot: QtBot, settings: Settings) -> None:
    views = open_views(qtbot, settings)
    chooser, document = views.standings.chooser, views.document
    qtbot.keyClicks(chooser.code_edit, "bh/c2")
    qtbot.keyClick(chooser.code_edit, Qt.Key.Key_Return)
    cut2 = TieBreak(Kind.BUCHHOLZ, cut=2)
    assert document.tournament.info.tiebreaks == (*SWISS_DEFAULTS, cut2)
    assert headers(views.standings) == ["BH-C1", "BH", "SB", "BH-C2"]
    assert chooser.code_edit.text() == "" and chooser.tiebreak_list.currentItem().text() == "BH-C2: Buchholz Cut-2"
    qtbot.keyClicks(chooser.code_edit, "KS-L60")
    chooser.add_button.click()
    koya = TieBreak(Kind.KOYA, limit=60)
    assert document.tournament.info.tiebreaks == (*SWISS_DEFAULTS, cut2, koya)
    assert chooser.code_message.text() == "KS-L60 added: Koya system (limit 60 %)"
    document.undo_stack.undo()
    document.undo_stack.undo()
    assert document.tournament.info.tiebreaks is None
    # still on offer, unticked, after the undo
    tiebreaks = chooser.tiebreak_list
    assert tiebreaks.item(item_of(tiebreaks, koya)).checkState() == Qt.CheckState.Unchecked
    document.reset(two_rounds(), None)  # another event: what was typed for this one is no longer offered
    offered = [tiebreaks.item(row).data(Qt.ItemDataRole.UserRole) for row in range(tiebreaks.count())]
    assert koya not in offered and len(offered) == len(KNOWN_TIEBREAKS)


def test_a_bad_code_says_why_as_plain_text(qtbot: QtBot, settings: Settings) -> None:
    views = open_views(qtbot, settings)
    chooser = views.standings.chooser
    for typed, says in (
        ("<b>XYZ</b>", "unknown tie-break '<b>XYZ</b>'; known: DE, WIN, WON"),
        ("SB-M1", "SB takes no modifier M1"),
        ("KS-L0", "Koya's limit is a percentage from 1 to 100"),
    ):
        chooser.code_edit.setText(typed)
        qtbot.keyClick(chooser.code_edit, Qt.Key.Key_Return)
        assert says in chooser.code_message.text()
        assert chooser.code_message.textFormat() == Qt.TextFormat.PlainText
        assert chooser.code_edit.text() == typed  # kept, to be mended
    assert views.document.undo_stack.count() == 0 and views.document.tournament.info.tiebreaks is None


#: The line's start: the standings are after the last round played.
FINAL = "After round 3 (final). "


def test_the_edition_is_an_undo_step_and_the_line_follows_the_start_date(qtbot: QtBot, settings: Settings) -> None:
    views = open_views(qtbot, settings, dated(CAPPED, dt.date(2026, 2, 28)))
    standings, document = views.standings, views.document
    document.apply("BH", dataclasses.replace(document.tournament, info=dataclasses.replace(
        document.tournament.info, tiebreaks=(BH,))))  # fmt: skip
    line = standings.rules_line
    assert line.text() == FINAL + "Tie-breaks under C.07 of 1 August 2024 (auto: the event starts 2026-02-28)"
    # 1 and 4 tie on 2½; under 2024 4's Buchholz 5½ beats 1's 4 (tests/core/test_tiebreak_editions.py)
    assert column(standings.model, "No")[:2] == ["4", "1"] and column(standings.model, "BH")[:2] == ["5.5", "4.0"]
    document.apply("Edit event", dated(document.tournament, dt.date(2026, 3, 1)))
    assert line.text() == FINAL + "Tie-breaks under C.07 of 1 March 2026 (auto: the event starts 2026-03-01)"
    assert standings.model.rules is R2026 and column(standings.model, "BH")[:2] == ["3", "3"]
    assert "C.07 of 1 March 2026" in standings.model.headerData(
        5, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole
    )

    box = standings.chooser.rules_box
    box.setFocus()
    qtbot.keyClick(box, Qt.Key.Key_Down)  # Auto → C.07 2024, by the keyboard
    assert document.tournament.info.tiebreak_rules is R2024 and box.currentText() == "C.07 2024"
    assert line.text() == FINAL + "Tie-breaks under C.07 of 1 August 2024 (chosen)"
    assert column(standings.model, "BH")[:2] == ["5.5", "4.0"]
    document.apply("Edit event", dated(document.tournament, None))  # a chosen edition keeps to no date
    assert line.text() == FINAL + "Tie-breaks under C.07 of 1 August 2024 (chosen)"
    document.undo_stack.undo()
    document.undo_stack.undo()  # the edition: auto again
    assert document.tournament.info.tiebreak_rules is None and box.currentIndex() == 0
    assert line.text() == FINAL + "Tie-breaks under C.07 of 1 March 2026 (auto: the event starts 2026-03-01)"
    document.apply("Edit event", dated(document.tournament, None))
    newest = "Tie-breaks under C.07 of 1 March 2026 (auto: the event has no start date, so the newest)"
    assert line.text() == FINAL + newest


def test_the_exports_use_the_event_s_tiebreaks(window: MainWindow, tmp_path: Path) -> None:
    window.document.reset(two_rounds(), None)
    # TRF: the ranks the tournament lacks are the Standings tab's (3 and 4 are split by Buchholz)
    trf = tmp_path / "out.trf"
    assert window.files.export_trf(trf)
    ranks = {player.start_rank: player.rank for player in read_trf(trf).tournament.players}
    assert (ranks[4], ranks[3]) == (5, 6)
    info = window.document.tournament.info
    window.document.apply("Choose", dataclasses.replace(window.document.tournament, info=dataclasses.replace(
        info, tiebreaks=(WIN, SB), tiebreak_rules=R2024)))  # fmt: skip
    book = tmp_path / "out.xlsx"
    assert window.excel.export_excel(book)
    sheet = openpyxl.load_workbook(book, read_only=True)["Standings"]
    assert [cell.value for cell in next(sheet.iter_rows(max_row=1))] == [
        "Rank",
        "No",
        "Name",
        "Rtg",
        "Pts",
        "WIN",
        "SB",
    ]


def test_the_excel_export_follows_the_event_s_edition(window: MainWindow, tmp_path: Path) -> None:
    capped = dated(CAPPED, dt.date(2026, 3, 1))  # auto gives 2026, where 1 and 4 have Buchholz 3 and 3
    window.document.reset(dataclasses.replace(capped, info=dataclasses.replace(
        capped.info, tiebreaks=(BH,), tiebreak_rules=R2024)), None)  # fmt: skip
    book = tmp_path / "capped.xlsx"
    assert window.excel.export_excel(book)
    rows = list(openpyxl.load_workbook(book, read_only=True)["Standings"].iter_rows(min_row=2, values_only=True))
    # under 2024, as chosen: 4's Buchholz 5½ ranks it before 1's 4 (tests/core/test_tiebreak_editions.py); the
    # workbook holds Buchholz as a number, as it holds SB
    assert [(row[1], row[5]) for row in rows[:2]] == [(4, 5.5), (1, 4)]


def test_an_average_of_buchholz_shows_every_decimal_it_was_rounded_to(
    qtbot: QtBot, settings: Settings, qtmodeltester: ModelChecks
) -> None:
    """After 9 rounds AOB is rounded to three decimals (core.tiebreaks.event.aob_decimals): all three show."""
    swiss = make_swiss(24, 9, seed=3)
    aob = TieBreak(Kind.AVERAGE_BUCHHOLZ)
    views = open_views(qtbot, settings, dataclasses.replace(swiss, info=dataclasses.replace(
        swiss.info, tiebreaks=(aob,))))  # fmt: skip
    model = views.standings.model
    qtmodeltester.check(model)
    values = {model.standing(row).player.start_rank: model.standing(row).tiebreaks[0] for row in range(24)}
    shown = dict(zip((int(n) for n in column(model, "No")), column(model, "AOB"), strict=True))
    assert any(isinstance(v, Fraction) and (v * 100).denominator != 1 for v in values.values())  # thousandths
    for number, value in values.items():
        assert value is None or Fraction(shown[number]) == value  # each shown exactly, none rounded again
    assert {len(text.split(".")[1]) for text in shown.values() if text} == {3}


def test_the_saved_file_keeps_the_event_s_choice(
    window: MainWindow, tmp_path: Path, dialogs: UnattendedDialogs
) -> None:
    window.document.reset(two_rounds(), None)
    tab = window.tab_content(0)
    views = getattr(tab, "views", None)
    assert isinstance(views, TournamentViews)
    views.tabs.setCurrentWidget(views.standings)  # the choice is made beside the standings, shown
    chooser = views.standings.chooser
    chooser.code_edit.setText("ARO-M1")
    chooser.add_typed()
    chooser.rules_box.setCurrentIndex(1)
    chooser.rules_box.activated.emit(1)  # as a choice in the box does
    chosen = (*SWISS_DEFAULTS, TieBreak(Kind.ARO, median=1))
    assert window.document.tournament.info.tiebreaks == chosen and window.isWindowModified()
    dialogs.answer("save_file", tmp_path / "club.fidedesk")
    assert window.files.save()
    window.files.new_action.trigger()
    assert views.standings.chosen() == list(SWISS_DEFAULTS) and chooser.rules_box.currentIndex() == 0
    dialogs.answer("open_file", tmp_path / "club.fidedesk")
    window.files.open_action.trigger()
    info = window.document.tournament.info
    assert info.tiebreaks == chosen and info.tiebreak_rules is R2024
    assert views.standings.chosen() == list(chosen) and headers(views.standings)[-1] == "ARO-M1"
    assert chooser.rules_box.currentText() == "C.07 2024"
    assert views.standings.rules_line.text().endswith("(chosen)")
