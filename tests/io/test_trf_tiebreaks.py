"""TRF26's tie-break records: 202 and 212 read into the event's tie-breaks, written back as one 212, and
the records fidedesk cannot read kept verbatim and named in the reader's notes."""

from __future__ import annotations

import dataclasses
import json
from fractions import Fraction
from pathlib import Path

import pytest

from fidedesk.core.results import ResultCode
from fidedesk.core.tiebreaks.codes import TieBreakRules, parse_tiebreaks
from fidedesk.core.tournament import EventInfo, Player, RoundEntry, Tournament
from fidedesk.io.formats import TRF, read_tournament, write_tournament
from fidedesk.io.native import fidedesk_file
from fidedesk.io.trf.document import TrfError, parse_trf, tournament_to_trf, write_trf

from ..conftest import TRF_DIR

HEADER = "012 Tie-break test\n042 2026/04/02\n"
_TWO = Tournament(
    EventInfo(),
    (
        Player(1, "Alpha, Anna", 2100, points=Fraction(1), rank=1, rounds=(RoundEntry(1, 2, "w", ResultCode.WIN),)),
        Player(2, "Beta, Berta", 2000, points=Fraction(0), rank=2, rounds=(RoundEntry(1, 1, "b", ResultCode.LOSS),)),
    ),
)
PLAYERS = "".join(f"{line}\n" for line in tournament_to_trf(_TWO).splitlines() if line.startswith("001"))
BH_C1_BH_SB = parse_tiebreaks("BH-C1 BH SB")


def _read(*records: str) -> tuple[Tournament, tuple[str, ...]]:
    doc = parse_trf(HEADER + "".join(f"{record}\n" for record in records) + PLAYERS, "t.trf")
    return doc.tournament, doc.notes


@pytest.mark.parametrize(
    "record",
    ["202 BH/C1 BH SB", "202 bh/c1,bh,sb", "202 BH-C1, BH, SB", "212 PTS BH/C1 BH SB", "212 pts,BH/C1,BH,SB"],
)
def test_a_tiebreak_record_gives_the_events_tiebreaks(record: str) -> None:
    tournament, notes = _read(record)
    assert tournament.info.tiebreaks == BH_C1_BH_SB
    assert tournament.extra_records == () and notes == ()


def test_a_212_of_points_alone_is_points_and_no_tiebreak() -> None:
    tournament, _notes = _read("212 PTS")
    assert tournament.info.tiebreaks == ()


def test_without_a_record_the_event_has_its_systems_defaults() -> None:
    tournament, notes = _read()
    assert tournament.info.tiebreaks is None and notes == ()
    assert tournament.info.tiebreak_rules is None  # no record gives the edition: the start date does


def test_212_wins_over_202_and_the_202_left_out_is_said() -> None:
    tournament, notes = _read("202 SB DE", "212 PTS BH/C1 BH SB")
    assert tournament.info.tiebreaks == BH_C1_BH_SB
    assert tournament.extra_records == ()
    assert notes == ("t.trf:3: the 202 record is left out: the 212 record gives the whole order",)


@pytest.mark.parametrize(
    ("record", "why"),
    [
        ("202 BH SNO", "unknown tie-break 'SNO'"),
        ("202 EDET/P,EMGSB/C1/P,BH:MP/C1/P,MPvGP", "unknown tie-break 'EDET/P'"),
        ("202 DE/C1", "unknown tie-break 'DE/C1' (DE takes no modifier C1)"),
        ("202 BH BH/C1 BH", "it names BH twice"),
        ("202", "it names no tie-break"),
        ("212 BH SB", "its order does not start with PTS, and fidedesk ranks by points first"),
        ("212 MPTS GPTS", "its order does not start with PTS, and fidedesk ranks by points first"),
        ("212 PTS RND", "unknown tie-break 'RND'"),
    ],
)
def test_a_record_fidedesk_cannot_read_is_kept_and_said(record: str, why: str) -> None:
    tournament, notes = _read(record)
    assert tournament.info.tiebreaks is None
    assert tournament.extra_records == (record,)
    defaults = "and the event has its system's default tie-breaks"
    assert notes == (f"t.trf:3: the {record[:3]} record is kept as it is, {defaults}: {why}",)


def test_a_202_beside_a_212_fidedesk_cannot_read_is_kept_too() -> None:
    tournament, notes = _read("202 BH SB", "212 MPTS BH")
    assert tournament.info.tiebreaks is None
    assert tournament.extra_records == ("202 BH SB", "212 MPTS BH")
    assert notes[1] == "t.trf:3: the 202 record is kept as it is: the 212 record overrides it"


def test_the_team_sample_keeps_its_team_tiebreaks_and_says_so() -> None:
    doc = parse_trf((TRF_DIR / "edge_cases" / "fide_tec_trf26_sample_team_swiss_synthetic.trf").read_bytes(), "s.trf")
    assert "202 EDET/P,EMGSB/C1/P,BH:MP/C1/P,MPvGP" in doc.tournament.extra_records
    assert doc.tournament.info.tiebreaks is None
    assert len(doc.notes) == 2 and "unknown tie-break 'EDET/P'" in doc.notes[0]
    assert doc.notes[1].startswith("s.trf:340: the 23 byes, accelerated rounds and forbidden pairs records")


def test_a_second_212_is_refused_naming_both_lines() -> None:
    with pytest.raises(TrfError, match=r"t.trf:4:1: a second 212 record: a file has one \(the first is on line 3\)"):
        _read("212 PTS BH", "212 PTS SB")


# --------------------------------------------------------------------------------------------- writing


def _with(tournament: Tournament, tiebreaks: str | None) -> Tournament:
    chosen = None if tiebreaks is None else parse_tiebreaks(tiebreaks)
    return dataclasses.replace(tournament, info=dataclasses.replace(tournament.info, tiebreaks=chosen))


def test_a_fresh_trf_writes_one_212_with_slashes_and_reads_back() -> None:
    tournament = _with(_read()[0], "BH-C1 SB-C1 BH-M1 KS-L60 DE")
    text = tournament_to_trf(tournament)
    assert "212 PTS BH/C1 SB/C1 BH/M1 KS/L60 DE\n" in text
    assert parse_trf(text).tournament.info.tiebreaks == tournament.info.tiebreaks
    assert "212" not in {line[:3] for line in tournament_to_trf(_with(tournament, None)).splitlines()}
    assert parse_trf(tournament_to_trf(_with(tournament, ""))).tournament.info.tiebreaks == ()


def test_the_events_choice_replaces_a_kept_record_it_could_not_read() -> None:
    tournament, _notes = _read("202 SNO", "132 26/04/02")
    assert tournament_to_trf(tournament).count("202 SNO") == 1  # no choice of its own: kept
    chosen = _with(tournament, "SB")
    text = tournament_to_trf(chosen)
    assert "202 SNO" not in text and "212 PTS SB\n" in text and "132 26/04/02\n" in text
    assert parse_trf(text).tournament.info.tiebreaks == parse_tiebreaks("SB")


def _lines(text: str) -> list[str]:
    return text.splitlines()


def test_writing_back_a_file_keeps_its_record_while_the_choice_is_the_same() -> None:
    doc = parse_trf(HEADER + "202 bh/c1,bh,sb\n" + PLAYERS)
    assert write_trf(doc) == HEADER + "202 bh/c1,bh,sb\n" + PLAYERS


def test_writing_back_a_changed_choice_replaces_the_record_in_its_place() -> None:
    doc = parse_trf(HEADER + "202 BH SB\n132 x\n" + PLAYERS)
    changed = dataclasses.replace(doc, tournament=_with(doc.tournament, "SB BH-C1"))
    assert _lines(write_trf(changed))[2:4] == ["212 PTS SB BH/C1", "132 x"]
    defaults = dataclasses.replace(doc, tournament=_with(doc.tournament, None))
    assert _lines(write_trf(defaults))[2] == "132 x"  # back to the defaults: no record


def test_writing_back_a_choice_the_file_lacked_adds_a_212_before_the_players() -> None:
    doc = parse_trf(HEADER + PLAYERS)
    text = write_trf(dataclasses.replace(doc, tournament=_with(doc.tournament, "DE WIN")))
    assert _lines(text)[2] == "212 PTS DE WIN"
    assert parse_trf(text).tournament.info.tiebreaks == parse_tiebreaks("DE WIN")


def test_writing_back_both_records_leaves_one_212() -> None:
    doc = parse_trf(HEADER + "202 SB\n212 PTS BH SB\n" + PLAYERS)
    text = write_trf(dataclasses.replace(doc, tournament=_with(doc.tournament, "WIN")))
    assert [line for line in _lines(text) if line[:3] in ("202", "212")] == ["212 PTS WIN"]


def test_a_record_fidedesk_cannot_read_is_written_back_as_it_was() -> None:
    text = HEADER + "202 EDET/P SNO\n" + PLAYERS
    assert write_trf(parse_trf(text)) == text


# ------------------------------------------------------------------------------------ through the formats


def test_a_fidedesk_files_tiebreaks_go_through_trf_and_the_edition_is_said_lost(tmp_path: Path) -> None:
    tournament = _with(_read()[0], "BH-C1 BH SB")
    info = dataclasses.replace(tournament.info, tiebreak_rules=TieBreakRules.C07_2024)
    tournament = dataclasses.replace(tournament, info=info)
    target = tmp_path / "out.trf"
    write_tournament(target, tournament)  # not refused: the edition is a loss TRF says, not a difference
    back = read_tournament(target).tournament
    assert back.info.tiebreaks == BH_C1_BH_SB and back.info.tiebreak_rules is None
    (loss,) = [loss for loss in TRF.losses(tournament) if "tie-break rules" in loss]
    assert loss.startswith("TRF has no place for the tie-break rules chosen (an edition of C.07")
    assert not [loss for loss in TRF.losses(_with(tournament, None)) if "tie-break" in loss and "edition" not in loss]


def test_a_fidedesk_file_keeps_the_records_trf_reading_keeps() -> None:
    tournament, _notes = _read("202 BH SB", "212 MPTS BH")
    assert fidedesk_file.loads(fidedesk_file.dumps(tournament)) == tournament
    data = json.loads(fidedesk_file.dumps(tournament))
    data["tournament"]["trf_records"] = ["202 BH SB"]  # readable, and no 212 overrides it: not a kept record
    with pytest.raises(fidedesk_file.FidedeskFileError, match=r"trf_records\[0\]: a TRF record fidedesk reads"):
        fidedesk_file.loads(json.dumps(data))


def test_a_trf_converted_to_trf_keeps_its_212_as_it_was(tmp_path: Path) -> None:
    source = tmp_path / "in.trf"
    source.write_text(HEADER + "212 PTS BH SB\n" + PLAYERS, encoding="utf-8")
    read = read_tournament(source)
    assert read.tournament.info.tiebreaks == parse_tiebreaks("BH SB")
    target = tmp_path / "out.trf"
    write_tournament(target, read.tournament, trf=read.trf)
    assert target.read_text(encoding="utf-8") == source.read_text(encoding="utf-8")


def test_a_202_before_the_212_it_yields_to_is_written_back_as_one_212() -> None:
    """Found in review: the 202 took the event's new 212 and the file's own 212 stayed, two 212s."""
    text = HEADER + "202 BH SB\n212 PTS SB BH\n" + PLAYERS
    written = write_trf(parse_trf(text))
    assert [line for line in _lines(written) if line[:3] in ("202", "212")] == ["212 PTS SB BH"]
    assert parse_trf(written).tournament.info.tiebreaks == parse_tiebreaks("SB BH")
