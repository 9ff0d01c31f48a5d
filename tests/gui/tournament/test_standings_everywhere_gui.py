"""Issue 25, "Done when" (a) and (b) for the window: over generated irregular Swiss events, the Standings model's
rows and the Crosstable model's Pts and Rank columns show core's standings after the rounds played, and entries for
rounds after ``k`` change neither (the other front ends: tests/test_standings_everywhere.py)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from PySide6.QtCore import Qt
from PySide6.QtGui import QUndoStack
from pytestqt.qtbot import QtBot

from fidedesk.core.tiebreaks.standings import standings
from fidedesk.core.tournament import Tournament
from fidedesk.gui.files.document import TournamentDocument
from fidedesk.gui.tournament.crosstable import CrosstableModel
from fidedesk.gui.tournament.standings_view import StandingsModel
from tests.gui.conftest import ModelChecks
from tests.irregular_events import IrregularEvent, irregular_events, without_entries_after
from tests.standings_everywhere import Ends, Line, core, core_ends, figure, place

#: Modest and reproducible; the fixtures (the Qt application, the model checks) serve every example.
EXAMPLES = settings(
    max_examples=25,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)


def texts(model: StandingsModel | CrosstableModel) -> tuple[list[str], list[list[str]]]:
    """The model's header and its cells' display texts."""
    columns = range(model.columnCount())
    header = [model.headerData(column, Qt.Orientation.Horizontal) for column in columns]
    rows = [[model.index(row, column).data() for column in columns] for row in range(model.rowCount())]
    return header, rows


def window(tournament: Tournament, checks: ModelChecks | None = None) -> tuple[list[Line], Ends]:
    """The Standings model's lines, and the Crosstable model's Pts and Rank of each player."""
    document = TournamentDocument(QUndoStack(), tournament)
    standings_model = StandingsModel(document)
    crosstable = CrosstableModel(document, standings_model)
    if checks is not None:
        checks.check(standings_model)
        checks.check(crosstable)
    header, rows = texts(standings_model)
    first = header.index("Pts") + 1
    lines: list[Line] = [
        (*place(row[0]), int(row[1]), Fraction(figure(row[header.index("Pts")]) or 0), tuple(map(figure, row[first:])))
        for row in rows
    ]
    header, rows = texts(crosstable)
    pts, rank = header.index("Pts"), header.index("Rank")
    ends: Ends = {int(row[0]): (Fraction(figure(row[pts]) or 0), *place(row[rank])) for row in rows}
    return lines, ends


@EXAMPLES
@given(irregular_events())
def test_the_standings_model_shows_the_standings_after_the_rounds_played(
    qtbot: QtBot, request: pytest.FixtureRequest, event: IrregularEvent
) -> None:
    tournament = event.event
    bare = without_entries_after(tournament, event.played)
    checks = ModelChecks(request.config)
    try:
        lines = window(tournament, checks)[0]
    finally:
        checks.disconnect()
    assert lines == core(tournament)
    assert window(bare)[0] == lines == core(bare)  # (b): entries for rounds after k change nothing


@EXAMPLES
@given(irregular_events())
def test_the_crosstable_model_shows_the_points_and_places_after_the_rounds_played(
    qtbot: QtBot, event: IrregularEvent
) -> None:
    tournament = event.event
    bare = without_entries_after(tournament, event.played)
    ends = window(tournament)[1]
    assert ends == core_ends(standings(tournament))
    assert window(bare)[1] == ends  # (b)
