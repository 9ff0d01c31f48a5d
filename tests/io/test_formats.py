"""The registry of tournament file formats: which format a file is, reading and writing each, what each keeps."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from fidedesk.core.editing import number_boards, pair
from fidedesk.core.rating.editions import EDITIONS
from fidedesk.core.tiebreaks.calculate import DEFAULT_TIEBREAKS
from fidedesk.core.tiebreaks.standings import with_points_and_ranks
from fidedesk.core.tournament import PlayerRecord
from fidedesk.io.formats import (
    FIDEDESK,
    FORMATS,
    TRF,
    XLSX,
    FileFormatError,
    Role,
    format_for,
    output_format,
    read_tournament,
    write_tournament,
)
from tests.conftest import DATA, GELENDZHIK

MADE = DATA / "made"


def test_every_extension_belongs_to_one_format_and_others_are_read_as_trf() -> None:
    extensions = [extension for format_ in FORMATS for extension in format_.extensions]
    assert len(extensions) == len(set(extensions)) and all(e == e.lower() and e[0] == "." for e in extensions)
    assert [format_.name for format_ in FORMATS] == ["fidedesk", "trf", "xlsx"]
    assert format_for(Path("a.FIDEDESK")) is FIDEDESK and format_for(Path("b.Xlsx")) is XLSX
    assert format_for(Path("c.txt")) is TRF and format_for(Path("d.dat")) is TRF and format_for(Path("e")) is TRF
    assert [f.role for f in FORMATS] == [Role.OWNER, Role.ALTERNATE, Role.ALTERNATE]
    assert all(set(f.associated) <= set(f.extensions) for f in FORMATS) and ".txt" not in TRF.associated
    with pytest.raises(FileFormatError, match=r'out\.csv: unknown output extension "\.csv": use \.fidedesk, \.trf'):
        output_format(Path("out.csv"))


@pytest.mark.parametrize(
    ("path", "format_", "players"),
    [(GELENDZHIK, TRF, 14), (MADE / "gelendzhik.fidedesk", FIDEDESK, 14), (MADE / "gelendzhik.xlsx", XLSX, 14)],
)
def test_each_format_reads_the_same_event(path: Path, format_: object, players: int) -> None:
    read = read_tournament(path)
    assert read.format is format_ and read.path == path and len(read.tournament.players) == players
    assert (read.trf is not None) == (format_ is TRF)


def test_errors_name_the_file_and_the_place(tmp_path: Path) -> None:
    bad = tmp_path / "bad.fidedesk"
    bad.write_text("not json", encoding="utf-8")
    with pytest.raises(FileFormatError, match=r"bad\.fidedesk.*not valid JSON"):
        read_tournament(bad)
    with pytest.raises(FileFormatError, match=r"missing\.trf: No such file"):
        read_tournament(tmp_path / "missing.trf")
    renamed = tmp_path / "list.xlsx"
    renamed.write_text("a,b\n", encoding="utf-8")
    with pytest.raises(FileFormatError, match=r"list\.xlsx.*not an Excel"):
        read_tournament(renamed)
    with pytest.raises(FileFormatError) as raised:
        read_tournament(bad)
    assert "\n" not in str(raised.value)


def test_written_files_read_back_and_trf_says_what_it_drops(tmp_path: Path) -> None:
    tournament = read_tournament(MADE / "gelendzhik.fidedesk").tournament
    edition = EDITIONS["fide-2014"]
    for name in ("out.fidedesk", "out.trf", "out.txt", "out.xlsx"):
        written = write_tournament(tmp_path / name, tournament, edition=edition, tiebreaks=DEFAULT_TIEBREAKS)
        assert written is format_for(tmp_path / name)
        # TRF has no boards: read back, its games are numbered in the order schema 1's were (number_boards);
        # TRF and the Excel Players sheet carry the points and ranks of the results (Gelendzhik's file said 0)
        expected = tournament if name == "out.fidedesk" else with_points_and_ranks(tournament, DEFAULT_TIEBREAKS)
        assert number_boards(read_tournament(tmp_path / name).tournament).players == expected.players
    first = dataclasses.replace(tournament.players[0], record=PlayerRecord(k=20))
    kept = dataclasses.replace(tournament, players=(first, *tournament.players[1:]))
    assert TRF.losses(tournament) == () and FIDEDESK.losses(kept) == XLSX.losses(kept) == ()
    assert TRF.losses(kept) == (
        "TRF has no place for the players' records (games, 2400 reached, K); they are not written",
    )
    assert TRF.refusal(tournament) is None and FIDEDESK.refusal(kept) is None


def test_a_format_that_cannot_hold_the_tournament_writes_nothing(tmp_path: Path) -> None:
    made = read_tournament(MADE / "gelendzhik.fidedesk").tournament
    long = dataclasses.replace(made.players[0], name="Somebody With A Name Longer Than Thirty-Four")
    tournament = dataclasses.replace(made, players=(long, *made.players[1:]))
    reason = TRF.refusal(tournament)
    assert reason is not None and "does not fit in 34 columns" in reason
    with pytest.raises(FileFormatError, match=r"out\.trf: .*does not fit in 34 columns"):
        write_tournament(tmp_path / "out.trf", tournament)
    assert not (tmp_path / "out.trf").exists()
    # a game without a result yet is TRF-2026's "?" (it was refused before pairings came)
    assert TRF.refusal(pair(made, 8, 1, 2)) is None


def test_a_trf_written_after_results_are_typed_carries_their_points(tmp_path: Path) -> None:
    """Issue 25: a TRF read with its points and ranks, then a result changed in fidedesk, is written with the
    points of the results and the ranks of the standings, not the file's figures gone stale; a bye requested
    for a round not played yet (Gros 2010's round 5) counts nothing in the points written."""
    from fractions import Fraction

    from fidedesk.core.editing import set_result
    from fidedesk.core.results import ResultCode
    from fidedesk.core.tiebreaks.standings import standings

    karl = read_tournament(DATA / "trf" / "karl_mala_gedenkturnier_2005_frankfurt.trf").tournament
    assert all(player.points == karl.points(player) for player in karl.players)  # the file's figures stand
    first = karl.player(1).rounds[0]
    assert first.result is ResultCode.WIN and first.opponent is not None
    changed = set_result(karl, 1, 1, ResultCode.LOSS)
    write_tournament(tmp_path / "changed.trf", changed)
    back = read_tournament(tmp_path / "changed.trf").tournament
    ranks = {row.player.start_rank: row.rank for row in standings(changed)}
    assert back.player(1).points == karl.player(1).points - 1
    assert back.player(first.opponent).points == karl.player(first.opponent).points + 1
    assert {player.start_rank: player.rank for player in back.players} == ranks
    gros = read_tournament(DATA / "trf" / "gros_open_2010_donostia.trf").tournament
    assert gros.player(43).points == 1 and gros.rounds_played == 4  # the file counts the round-5 bye
    write_tournament(tmp_path / "gros.trf", gros)
    assert read_tournament(tmp_path / "gros.trf").tournament.player(43).points == Fraction(1, 2)


def test_trf_says_it_leaves_out_the_norm_fields_it_has_no_record_for(tmp_path: Path) -> None:
    """Issue 30: the organiser, the event type and the most rounds a day have no TRF record: a TRF export says so
    (the arbiter's FIDE ID and licence go into the 102 record and are kept); .fidedesk keeps them all."""
    from fidedesk.core.norms.rules import EventType
    from fidedesk.core.tournament import ArbiterLicence

    made = read_tournament(MADE / "gelendzhik.fidedesk").tournament
    arbiter = dataclasses.replace(made.info, arbiter_licence=ArbiterLicence.IA, arbiter_fide_id=24148296)
    assert TRF.losses(dataclasses.replace(made, info=arbiter)) == ()
    norm = dataclasses.replace(arbiter, organiser="Gelendzhik club", event_type=EventType.ZONAL, rounds_a_day=2)
    tournament = dataclasses.replace(made, info=norm)
    assert TRF.losses(tournament) == (
        "TRF has no place for the organiser, the event type of the title norms and the most rounds a day; "
        "they are not written",
    )
    assert FIDEDESK.losses(tournament) == ()
    write_tournament(tmp_path / "out.trf", tournament)
    back = read_tournament(tmp_path / "out.trf").tournament.info
    assert (back.chief_arbiter, back.arbiter_licence, back.arbiter_fide_id) == (
        norm.chief_arbiter,
        ArbiterLicence.IA,
        24148296,
    )
