"""Issue 25, "Done when" (a) and (b): over generated irregular Swiss events (forfeits, double forfeits, byes of
every kind, some requested ahead, withdrawals, late entries, a round in progress), the standings after the rounds
played are the same from core, the command line (.fidedesk and TRF), the Excel export (Standings and Crosstable
sheets), the TRF export's points and ranks, the printed documents and the web pages; and entries for rounds after
``k`` change nothing about the standings after ``k``. The window's models:
tests/gui/tournament/test_standings_everywhere_gui.py.
"""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from hypothesis import HealthCheck, given, settings

from fidedesk.core.editing import give_bye
from fidedesk.core.pairing.setup_edits import withdraw
from fidedesk.core.results import ResultCode
from fidedesk.core.tiebreaks.standings import standings
from fidedesk.core.tournament import Tournament
from tests.irregular_events import IrregularEvent, check_consistent, irregular_events, without_entries_after
from tests.standings_everywhere import (
    Ends,
    Line,
    cli_on_files,
    core,
    core_ends,
    excel,
    printed,
    trf_ends,
    web,
)

#: Modest and reproducible: each example writes a workbook, two files for the command line, a TRF and two pages.
EXAMPLES = settings(max_examples=25, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
#: The property (b) looks at three events per example: fewer of them.
FEWER = settings(EXAMPLES, max_examples=15)


@contextmanager
def folder() -> Iterator[Path]:
    # a fresh folder per example (hypothesis runs many examples in one test: no function-scoped tmp_path)
    with tempfile.TemporaryDirectory() as name:
        yield Path(name)


def everywhere(tournament: Tournament, where: Path) -> dict[str, list[Line] | Ends]:
    """The standings (and crosstable ends) of the event after the rounds played, from every front end but the
    window."""
    views: dict[str, list[Line] | Ends] = {"core": core(tournament)}
    views |= cli_on_files(tournament, where)
    views["Excel Standings"], views["Excel Crosstable"], views["Excel Players"] = excel(tournament)
    views["TRF 001 points and rank"] = trf_ends(tournament, where)
    views["printed standings"], views["printed crosstable"] = printed(tournament)
    views["web standings"], views["web crosstable"] = web(tournament, where)
    return views


def expected(tournament: Tournament) -> dict[str, list[Line] | Ends]:
    """What every front end must show: core's standings, and its points and places per player."""
    rows = standings(tournament)
    lines = core(tournament)
    ends, first_place = core_ends(rows), core_ends(rows, rank_to=False)
    return {
        "core": lines, "cli .fidedesk": lines, "cli TRF": lines, "Excel Standings": lines, "Excel Crosstable": ends,
        "Excel Players": first_place, "TRF 001 points and rank": first_place, "printed standings": lines,
        "printed crosstable": ends, "web standings": lines, "web crosstable": ends,
    }  # fmt: skip


@EXAMPLES
@given(irregular_events())
def test_the_standings_after_the_rounds_played_are_the_same_everywhere(event: IrregularEvent) -> None:
    tournament = event.event
    assert tournament.rounds_played == event.played
    with folder() as where:
        assert everywhere(tournament, where) == expected(tournament)


def with_entries_ahead(tournament: Tournament, k: int) -> Tournament:
    """The event with more entries for rounds after ``k``: a withdrawal from round ``k + 2`` (of the first player
    free from there on) and a half-point bye requested for the last round (of the first player free then)."""
    last = tournament.info.rounds or k
    for player in tournament.players:
        if k + 2 <= last and not any(entry.round >= k + 2 for entry in player.rounds):
            tournament = withdraw(tournament, player.start_rank, k + 2)
            break
    for player in tournament.players:
        if last > k + 1 and not any(entry.round == last for entry in player.rounds):
            tournament = give_bye(tournament, last, player.start_rank, ResultCode.HALF_BYE)
            break
    check_consistent(tournament)
    return tournament


@FEWER
@given(irregular_events())
def test_entries_for_rounds_after_k_change_nothing(event: IrregularEvent) -> None:
    tournament, k = event.event, event.played
    bare = without_entries_after(tournament, k)
    more = with_entries_ahead(tournament, k)
    with folder() as where:
        seen = everywhere(bare, where)
        assert seen == expected(bare)
        assert everywhere(tournament, where) == seen
        assert everywhere(more, where) == seen


@EXAMPLES
@given(irregular_events(max_rounds=7))
def test_the_standings_after_k_of_a_later_event_are_those_of_the_event_as_of_k(event: IrregularEvent) -> None:
    then, k = event.as_of(event.k, event.next_paired), event.k  # no result of round k + 1 in yet
    later = event.finished
    lines = core(then)
    ends = core_ends(standings(then))
    assert core(later, after_round=k) == lines
    with folder() as where:
        assert cli_on_files(later, where, after_round=k) == {"cli .fidedesk": lines, "cli TRF": lines}
        assert printed(later, k) == (lines, ends)
        assert web(later, where, k) == (lines, ends)
