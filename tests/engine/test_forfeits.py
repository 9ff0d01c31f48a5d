"""Forfeits in every file format and on every board: ``+``/``-``, ``-``/``+`` and the double forfeit ``-``/``-``
(C.04 Annex 2, the one result not mirrored), written and read back by TRF, ``.fidedesk`` and the Excel workbook,
and printed on a board's line, each side keeping its own result (a mirror of White's would make the double
forfeit a win for Black, as FIDE TEC's engine was given it: tests/engine/test_gacrux_json.py)."""

from __future__ import annotations

import dataclasses
import tempfile
from pathlib import Path

import pytest
from hypothesis import Phase, given, settings
from hypothesis import strategies as st

from fidedesk.core.editing import double_forfeit, entry_for, give_bye, pair, without_boards
from fidedesk.core.pairing.round_sheet import board_lines
from fidedesk.core.pairing.setup import InitialColour
from fidedesk.core.rating.editions import DEFAULT_EDITION
from fidedesk.core.results import ResultCode as R
from fidedesk.core.tournament import EventInfo, Player, RoundEntry, Tournament
from fidedesk.engine.pairing import pair_round
from fidedesk.engine.tec_checker import bare_pairing
from fidedesk.io.formats import FIDEDESK, TRF, XLSX, FileFormat, read_tournament, write_tournament
from fidedesk.io.trf.document import tournament_to_trf
from fidedesk.io.trf.pairing import TrfVersion

from ..irregular import make_event


def forfeits() -> Tournament:
    """Five players, two rounds: in each a double forfeit, a forfeit won by White and one won by Black."""
    event = Tournament(EventInfo(name="Forfeits", rounds=2), tuple(Player(rank, f"Player {rank}", 2000 - rank)
                                                                   for rank in range(1, 6)))  # fmt: skip
    event = double_forfeit(event, 1, 1, 2)
    event = pair(event, 1, 3, 4, R.FORFEIT_WIN)
    event = give_bye(event, 1, 5, R.PAIRING_BYE)
    event = pair(event, 2, 2, 5, R.FORFEIT_LOSS)
    event = double_forfeit(event, 2, 4, 1)
    return give_bye(event, 2, 3, R.HALF_BYE)


def results(tournament: Tournament) -> dict[tuple[int, int], tuple[int | None, str | None, R]]:
    """Each player's own entry by (start rank, round): opponent, colour, result."""
    return {
        (player.start_rank, number): (entry.opponent, entry.color, entry.result)
        for player in tournament.players
        for number in (1, 2)
        if (entry := entry_for(player, number)) is not None
    }


def test_the_event_holds_each_kind_of_forfeit() -> None:
    found = results(forfeits())
    assert found[1, 1] == (2, "w", R.FORFEIT_LOSS) and found[2, 1] == (1, "b", R.FORFEIT_LOSS)
    assert found[3, 1] == (4, "w", R.FORFEIT_WIN) and found[4, 1] == (3, "b", R.FORFEIT_LOSS)
    assert found[2, 2] == (5, "w", R.FORFEIT_LOSS) and found[5, 2] == (2, "b", R.FORFEIT_WIN)
    assert found[4, 2] == (1, "w", R.FORFEIT_LOSS) and found[1, 2] == (4, "b", R.FORFEIT_LOSS)


@pytest.mark.parametrize(("format_", "name"), [(TRF, "event.trf"), (FIDEDESK, "event.fidedesk"), (XLSX, "event.xlsx")],
                         ids=["trf", "fidedesk", "xlsx"])  # fmt: skip
def test_forfeits_survive_a_round_trip(tmp_path: Path, format_: FileFormat, name: str) -> None:
    event = forfeits()
    path = tmp_path / name
    write_tournament(path, event, format_=format_, edition=DEFAULT_EDITION)
    back = read_tournament(path, format_).tournament
    assert results(back) == results(event)
    assert {p.start_rank: p.score for p in back.players} == {1: 0, 2: 0, 3: 1.5, 4: 0, 5: 2}


def test_the_double_forfeit_scores_nothing_for_either_player() -> None:
    event = forfeits()
    assert [player.score for player in event.players] == [0, 0, 1.5, 0, 2]


def test_each_board_reads_its_forfeit_from_both_players_entries() -> None:
    """The printed pairings, the Excel Rounds sheet and the web pages read a board's line from
    :func:`board_lines`: the double forfeit is ``-/-`` whichever colour each side had."""
    event = forfeits()
    lines = {number: [(line.white.start_rank, line.result) for line in board_lines(event, number)] for number in (1, 2)}
    assert lines[1] == [(1, "-/-"), (3, "+--"), (5, "bye 1 (pairing)")]
    assert lines[2] == [(2, "--+"), (4, "-/-"), (3, "bye ½")]


#: Generated irregular events whose every stage goes through each file format.
FILE_EVENTS = 3


def missed_rounds_as_absences(tournament: Tournament) -> Tournament:
    """The tournament as fidedesk's TRF reader gives it back: no boards (TRF has no place for them), and a
    late entry's rounds before he came (no entry) as zero-point byes, as a blank round block before the last
    round paired is read (:func:`fidedesk.io.trf.document._complete_rounds`)."""
    last = max(tournament.paired_rounds, default=0)
    players = []
    for player in without_boards(tournament).players:
        given = {entry.round for entry in player.rounds}
        missed = [RoundEntry(number, None, None, R.ZERO_BYE) for number in range(1, last + 1) if number not in given]
        players.append(dataclasses.replace(player, rounds=tuple(sorted((*player.rounds, *missed), key=by_round))))
    return dataclasses.replace(tournament, players=tuple(players))


def by_round(entry: RoundEntry) -> int:
    return entry.round


@settings(max_examples=FILE_EVENTS, deadline=None, derandomize=True, phases=[Phase.explicit, Phase.generate])
@given(st.integers(0, 10**6))
def test_every_stage_of_an_irregular_event_survives_each_format(seed: int) -> None:
    """Double forfeits, forfeits, byes requested ahead, withdrawals and late entries, after every round and
    with the next round paired: ``.fidedesk`` and the workbook give the event back as it was, TRF without
    boards and with a late entry's missed rounds as absences."""
    event = make_event(seed, players=10, rounds=5)
    with tempfile.TemporaryDirectory() as folder:
        for k in range(event.rounds + 1):
            for stage in {event.as_of(k), event.as_of(k, next_paired=True)}:
                for format_, name in [(FIDEDESK, "event.fidedesk"), (XLSX, "event.xlsx"), (TRF, "event.trf")]:
                    path = Path(folder) / name
                    write_tournament(path, stage, format_=format_, edition=DEFAULT_EDITION)
                    back = read_tournament(path, format_).tournament
                    expected = missed_rounds_as_absences(stage) if format_ is TRF else stage
                    assert [p.rounds for p in back.players] == [p.rounds for p in expected.players], (k, name)


def test_after_a_double_forfeit_both_lost_and_may_meet_again() -> None:
    """Round 1: 1-3 and 4-2 double forfeits. Everyone has 0 points (not 1 for Black) and no one has played
    (C.04.1: the players of a forfeited game are not considered to have played each other), so round 2 pairs
    the same players again, with the colours of round 1 (an unplayed game gives no colour), as FIDE TEC's
    engine pairs it from the TRF fidedesk writes."""
    event = Tournament(EventInfo(rounds=5, initial_colour=InitialColour.WHITE),
                       tuple(Player(rank, f"Player {rank}", 2400 - 10 * rank) for rank in range(1, 5)))  # fmt: skip
    event = double_forfeit(double_forfeit(event, 1, 1, 3), 1, 4, 2)
    pairing = pair_round(event, 2)
    assert [(board.white, board.black) for board in pairing.boards] == [(1, 3), (4, 2)]
    assert bare_pairing(tournament_to_trf(event, TrfVersion.TRF26), 2) == [(1, 3), (4, 2)]
