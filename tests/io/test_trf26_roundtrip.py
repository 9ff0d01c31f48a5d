"""TRF-2026 for every export (issue 26, item 3; C.02.03 §7.1: a program exports the latest TRF).

A new event (not read from a TRF) is written as TRF-2026 by every export (io.formats, ``convert``, ``pair -o``),
TRF16 on request; a TRF source keeps its version unless asked. Every file of ``tests/data`` fidedesk reads (the
TRF files io.trf.document reads, the generated tournaments of ``tests/data/pairing`` and ``tests/data/tiebreaks``, the
``.fidedesk`` files) goes through TRF-2026 and reads back as the same tournament, less what TRF has no place
for (board numbers, the players' records, the edition of C.07: ``Content``), and FIDE TEC's own TRF reader
(gacrux's trf2json) reads what fidedesk writes without an error.
"""

from __future__ import annotations

import dataclasses
import io
from pathlib import Path
from typing import Any

import pytest
from gacrux.trf2json import trf2json

from fidedesk.cli import main
from fidedesk.core.editing import without_boards
from fidedesk.core.tiebreaks.standings import with_points_and_ranks
from fidedesk.core.tournament import UNKNOWN_RECORD, EventInfo, Player, System, Tournament
from fidedesk.engine.generate import GenerateOptions, generate
from fidedesk.io.formats import TRF, read_tournament, write_tournament
from fidedesk.io.native import fidedesk_file
from fidedesk.io.trf.document import TrfError, parse_trf, read_trf, tournament_to_trf, write_trf
from fidedesk.io.trf.pairing import TrfVersion

from ..data.tiebreaks.make_generated import read_generated

DATA = Path(__file__).parents[1] / "data"
GENERATED = (DATA / "pairing" / "generated.trf.gz", DATA / "tiebreaks" / "generated.trf.gz")


def _readable_trf_files() -> list[Path]:
    """Every .trf and .txt file of tests/data that io.trf.document reads (the others are hostile or not TRF)."""
    found = []
    for path in sorted(DATA.rglob("*")):
        if path.suffix.lower() not in (".trf", ".txt"):
            continue
        try:
            read_trf(path)
        except (TrfError, UnicodeDecodeError):
            continue
        found.append(path)
    return found


TRF_FILES = _readable_trf_files()
FIDEDESK_FILES = sorted(DATA.rglob("*.fidedesk"))


def _generated() -> list[tuple[str, str]]:
    return [
        (f"{path.parent.name}/{path.name} #{index}", text)
        for path in GENERATED
        for index, text in enumerate(read_generated(path))
    ]


GENERATED_TEXTS = _generated()


def comparable(tournament: Tournament) -> Tournament:
    """The tournament less what TRF has no place for (io.formats.Content): boards, the players' records,
    the edition of C.07."""
    players = tuple(dataclasses.replace(player, record=UNKNOWN_RECORD) for player in tournament.players)
    info = dataclasses.replace(tournament.info, tiebreak_rules=None)
    return without_boards(dataclasses.replace(tournament, info=info, players=players))


def trf26_back(text: str, name: str) -> Tournament:
    """A TRF-2026 text read back, after checking it is TRF-2026."""
    document = parse_trf(text, name)
    assert document.version is TrfVersion.TRF26, name
    return document.tournament


def gacrux_error(text: str) -> str | None:
    """What FIDE TEC's reader says is wrong with ``text``; None when it reads it."""
    try:
        gacrux_reads(text, "")
    except Exception as error:  # whatever the reader raises is its verdict
        return str(error)
    return None


def gacrux_reads(text: str, name: str) -> dict[str, Any]:
    """The tournament as FIDE TEC's reader reads ``text``: any exception raised (verbose), no error status."""
    reader = trf2json()
    reader.parse_file(text, True)
    status = reader.chessjson.get("status", {})
    assert not status.get("error"), f"{name}: {status}"
    event: dict[str, Any] = reader.get_tournament(1)
    return event


def test_the_data_holds_what_the_round_trips_need() -> None:
    """The collections below are not empty by accident (a moved folder would pass every test)."""
    assert len(TRF_FILES) >= 10 and len(FIDEDESK_FILES) >= 3 and len(GENERATED_TEXTS) >= 100


@pytest.mark.parametrize("path", TRF_FILES, ids=lambda path: path.relative_to(DATA).as_posix())
def test_every_trf_file_reads_back_the_same_through_trf26(path: Path) -> None:
    """A TRF file written again as TRF-2026, with its other lines (write_trf) or afresh as the window exports
    an imported TRF (tournament_to_trf), reads back as the same tournament."""
    document = read_trf(path)
    tournament = document.tournament
    kept = write_trf(dataclasses.replace(document, version=TrfVersion.TRF26))
    fresh = tournament_to_trf(tournament, TrfVersion.TRF26)
    assert trf26_back(kept, str(path)) == tournament
    assert trf26_back(fresh, str(path)) == tournament


@pytest.mark.parametrize("path", TRF_FILES, ids=lambda path: path.relative_to(DATA).as_posix())
def test_every_trf_file_converts_to_trf26_on_request_and_keeps_its_version_else(path: Path, tmp_path: Path) -> None:
    """io.formats: a TRF source is written back in its own version; ``trf_version`` asks for TRF-2026. Points
    and ranks the file lacks are filled in by the export (core.tiebreaks.standings.with_points_and_ranks)."""
    read = read_tournament(path)
    assert read.trf is not None
    expected = comparable(with_points_and_ranks(read.tournament))
    again = tmp_path / "again.trf"
    write_tournament(again, read.tournament, trf=read.trf)
    assert read_trf(again).version is read.trf.version
    write_tournament(again, read.tournament, trf=read.trf, trf_version=TrfVersion.TRF26)
    back = read_trf(again)
    assert back.version is TrfVersion.TRF26 and comparable(back.tournament) == expected
    # FIDE TEC's reader reads it whenever it reads the source (it refuses the team file's points as they are)
    if gacrux_error("".join(f"{line}\n" for line in read.trf.lines)) is None:
        gacrux_reads(again.read_text(encoding="utf-8"), str(path))


def test_every_generated_tournament_reads_back_the_same_through_trf26() -> None:
    """The generated tournaments (FIDE TEC's generator's files), as read, written as TRF-2026 both ways."""
    for name, text in GENERATED_TEXTS:
        document = parse_trf(text, name)
        kept = write_trf(dataclasses.replace(document, version=TrfVersion.TRF26))
        assert trf26_back(kept, name) == document.tournament, name
        assert trf26_back(tournament_to_trf(document.tournament, TrfVersion.TRF26), name) == document.tournament, name


def test_fidesk_exports_of_generated_tournaments_are_read_by_fide_tecs_reader() -> None:
    """A sample of them, exported as a new event is (TRF-2026, afresh), read by gacrux's trf2json with the
    players, the rounds and the games fidedesk wrote."""
    for name, text in GENERATED_TEXTS[::15]:
        tournament = with_points_and_ranks(parse_trf(text, name).tournament)
        event = gacrux_reads(tournament_to_trf(tournament, TrfVersion.TRF26), name)
        assert len(event["competitors"]) == len(tournament.players), name
        assert event["numRounds"] >= tournament.last_round, name


@pytest.mark.parametrize("path", FIDEDESK_FILES, ids=lambda path: path.name)
def test_every_fidedesk_file_exports_as_trf26_and_reads_back_the_same(path: Path, tmp_path: Path) -> None:
    """A .fidedesk file is a new event to TRF: its export is TRF-2026 (on old code: TRF16), reads back as the
    tournament with the export's points and ranks, and FIDE TEC's reader reads it; TRF16 on request."""
    tournament = fidedesk_file.load(path)
    out = tmp_path / "out.trf"
    write_tournament(out, tournament)
    back = read_trf(out)
    assert back.version is TrfVersion.TRF26
    assert comparable(back.tournament) == comparable(with_points_and_ranks(tournament))
    event = gacrux_reads(out.read_text(encoding="utf-8"), str(path))
    assert len(event["competitors"]) == len(tournament.players)
    write_tournament(out, tournament, trf_version=TrfVersion.TRF16)
    assert read_trf(out).version is TrfVersion.TRF16
    assert comparable(read_trf(out).tournament) == comparable(with_points_and_ranks(tournament))


@pytest.mark.parametrize(
    ("system", "code", "pairing"),
    [
        (System.SWISS, "FIDE_DUTCH", ["dutch"]),
        (System.ROUND_ROBIN, "BERGER_ROUNDROBIN", ["berger"]),
        (System.DOUBLE_ROUND_ROBIN, "BERGER_DOUBLEROUNDROBIN", ["berger", "double"]),
    ],
)
def test_trf26_writes_the_systems_192_code_as_fide_tecs_reader_knows_it(
    system: System, code: str, pairing: list[str]
) -> None:
    """TRF-2026's 192 (encoded type of tournament) of the system fidedesk pairs: FIDE TEC's reader takes its
    pairing system from it, and fidedesk reads the same system back. TRF16 has no 192 record."""
    path = FIDEDESK_FILES[0]
    tournament = fidedesk_file.load(path)
    tournament = dataclasses.replace(tournament, info=dataclasses.replace(tournament.info, system=system))
    text = tournament_to_trf(tournament, TrfVersion.TRF26)
    assert f"192 {code}" in text.splitlines()
    assert gacrux_reads(text, code)["pairingSystem"] == pairing
    assert parse_trf(text).tournament.info.system is system
    assert not any(line.startswith("192") for line in tournament_to_trf(tournament).splitlines())


def test_a_new_event_converts_to_trf26_and_trf16_on_request(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``convert`` of a .fidedesk file writes TRF-2026; ``--trf-version 16`` TRF16; a TRF16 input stays TRF16
    unless ``--trf-version 2026``."""
    source = FIDEDESK_FILES[0]
    out = tmp_path / "out.trf"
    assert main(["convert", str(source), str(out)], io.StringIO()) == 0
    assert read_trf(out).version is TrfVersion.TRF26 and "192" in {line[:3] for line in out.read_text().splitlines()}
    sixteen = tmp_path / "sixteen.trf"
    assert main(["convert", str(source), str(sixteen), "--trf-version", "16"], io.StringIO()) == 0
    assert read_trf(sixteen).version is TrfVersion.TRF16
    again = tmp_path / "again.trf"
    assert main(["convert", str(sixteen), str(again)], io.StringIO()) == 0
    assert read_trf(again).version is TrfVersion.TRF16
    assert main(["convert", str(sixteen), str(again), "--trf-version", "2026"], io.StringIO()) == 0
    assert read_trf(again).version is TrfVersion.TRF26
    assert comparable(read_trf(again).tournament) == comparable(read_trf(out).tournament)
    capsys.readouterr()


def test_the_trf_format_keeps_its_name_and_filter() -> None:
    """The registry's TRF entry is unchanged by the versions (its filter still lists both extensions)."""
    assert TRF.filter() == "FIDE tournament report (*.trf *.txt)"


def test_pair_writes_trf26_for_a_new_event_and_the_version_asked(tmp_path: Path) -> None:
    """``pair -o`` writes a TRF-2026 file from a .fidedesk event (on old code: TRF16), TRF16 with
    ``--trf-version 16``."""
    players = tuple(Player(rank, f"Player {rank:02d}", 2410 - 10 * rank) for rank in range(1, 7))
    source = tmp_path / "event.fidedesk"
    fidedesk_file.save(Tournament(EventInfo(name="Open", system=System.SWISS, rounds=5), players), source)
    out = tmp_path / "paired.trf"
    assert main(["pair", str(source), "-o", str(out)], io.StringIO()) == 0
    assert read_trf(out).version is TrfVersion.TRF26 and "142 5" in out.read_text(encoding="utf-8").splitlines()
    assert read_trf(out).tournament.paired_rounds == (1,)
    sixteen = tmp_path / "sixteen.trf"
    assert main(["pair", str(source), "-o", str(sixteen), "--trf-version", "16"], io.StringIO()) == 0
    assert read_trf(sixteen).version is TrfVersion.TRF16


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_generated_open_written_as_trf26_reads_back_and_fide_tecs_reader_reads_it(seed: int) -> None:
    """``fidedesk-cli generate``'s events (forfeits, byes asked for, withdrawals, late entries) as TRF-2026: the
    same tournament back (less boards), and FIDE TEC's reader reads every one."""
    tournament = with_points_and_ranks(generate(GenerateOptions(players=15 + 7 * seed, rounds=7, seed=seed)))
    text = tournament_to_trf(tournament, TrfVersion.TRF26)
    assert comparable(trf26_back(text, f"seed {seed}")) == comparable(tournament)
    assert len(gacrux_reads(text, f"seed {seed}")["competitors"]) == len(tournament.players)
