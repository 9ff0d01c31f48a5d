"""What pairing needs, through every file form (issue 16, item 4): the number of rounds, the initial colour,
forbidden pairs (TRF-2026 260), accelerated rounds (250), and a round paired with its results still to come,
its board numbers, a pairing-allocated bye, byes requested before pairing and a late entry.

Each format is read back through the one registry (io.formats); TRF16 and TRF-2026 write the rounds and the
colour in their own records (``XXR``/``XXC``, ``142``/``152``).
"""

from __future__ import annotations

import dataclasses
import json
from fractions import Fraction
from pathlib import Path

import pytest

from fidedesk.core.pairing.round import requested_byes, round_to_pair
from fidedesk.core.pairing.setup import AcceleratedRound, ForbiddenPairs, InitialColour, baku_acceleration
from fidedesk.core.rating.editions import EDITIONS
from fidedesk.core.results import ResultCode
from fidedesk.core.tournament import EventInfo, Player, RoundEntry, System, Tournament
from fidedesk.io.excel.grid import SheetGrid
from fidedesk.io.excel.importing.event import read_event
from fidedesk.io.formats import FIDEDESK, TRF, XLSX, read_tournament, trf_difference, write_tournament
from fidedesk.io.native import fidedesk_file
from fidedesk.io.native.fidedesk_json import FidedeskFileError
from fidedesk.io.trf.document import TrfError, TrfVersion, parse_trf, tournament_to_trf, write_trf
from fidedesk.io.trf.pairing import COLOUR_CODES, PAIRING_CODES, ROUNDS_CODES

R = ResultCode
EDITION = EDITIONS["fide-2014"]


def _entry(
    round_: int, opponent: int | None, colour: str | None, result: ResultCode, board: int | None = None
) -> RoundEntry:
    return RoundEntry(round_, opponent, colour, result, board)


def paired_event() -> Tournament:
    """Nine players, five rounds planned. Round 1 played (players 1-8; 9 entered late and has no entry);
    round 2 paired, its three games without a result on boards 1-3 (not in start-rank order), player 9 with
    the pairing-allocated bye, 3 and 6 with the half- and zero-point byes they asked for before pairing; for
    round 3, not paired yet, player 2 asked for a half-point bye and player 7 will be absent."""
    games = {
        1: [(1, 5, R.WIN), (6, 2, R.DRAW), (3, 7, R.LOSS), (8, 4, R.FORFEIT_WIN)],
        2: [(7, 1, R.PENDING), (2, 8, R.PENDING), (5, 4, R.PENDING)],
    }
    rounds: dict[int, list[RoundEntry]] = {rank: [] for rank in range(1, 10)}
    for number, boards in games.items():
        for board, (white, black, result) in enumerate(boards, start=1):
            rounds[white].append(_entry(number, black, "w", result, board))
            rounds[black].append(_entry(number, white, "b", result.mirrored(), board))
    rounds[9].append(_entry(2, None, None, R.PAIRING_BYE))
    rounds[3].append(_entry(2, None, None, R.HALF_BYE))
    rounds[6].append(_entry(2, None, None, R.ZERO_BYE))
    rounds[2].append(_entry(3, None, None, R.HALF_BYE))
    rounds[7].append(_entry(3, None, None, R.ZERO_BYE))
    players = tuple(
        Player(rank, f"Player {rank:02d}", 2400 - 25 * rank, federation="ESP", rounds=tuple(rounds[rank]))
        for rank in range(1, 10)
    )
    info = EventInfo(
        name="Pairing Open",
        system=System.SWISS,
        rounds=5,
        initial_colour=InitialColour.BLACK,
        forbidden=(ForbiddenPairs((1, 2), 1, 3), ForbiddenPairs((4, 5, 6), 2, None)),
        acceleration=baku_acceleration(list(range(1, 9)), 5),
    )
    return Tournament(info, players)


def _absences_filled(tournament: Tournament) -> Tournament:
    """As a TRF reader has it: a round up to the last paired one with no entry is an absence (``Z``)."""
    players = []
    for player in tournament.players:
        given = {entry.round: entry for entry in player.rounds}
        filled = [given.get(n, RoundEntry(n, None, None, R.ZERO_BYE)) for n in (1, 2)]
        players.append(dataclasses.replace(player, rounds=(*filled, *(e for e in player.rounds if e.round > 2))))
    return dataclasses.replace(tournament, players=tuple(players))


def _without_boards(tournament: Tournament) -> Tournament:
    players = tuple(
        dataclasses.replace(p, rounds=tuple(dataclasses.replace(e, board=None) for e in p.rounds))
        for p in tournament.players
    )
    return dataclasses.replace(tournament, players=players)


def _rounds(tournament: Tournament) -> dict[int, tuple[RoundEntry, ...]]:
    return {player.start_rank: player.rounds for player in tournament.players}


# --- the round trips ---------------------------------------------------------------------------------------


def test_the_event_is_what_the_round_trips_start_from() -> None:
    event = paired_event()
    assert round_to_pair(event) == 3
    assert [bye.player for bye in requested_byes(event, 3)] == [2, 7]
    assert event.player(9).rounds[0].round == 2  # the late entry has no entry for round 1
    assert event.info.acceleration == (
        AcceleratedRound(Fraction(1), 1, 2, 1, 4),
        AcceleratedRound(Fraction(1, 2), 3, 3, 1, 4),
    )


def test_fidedesk_keeps_everything(tmp_path: Path) -> None:
    event = paired_event()
    path = tmp_path / "open.fidedesk"
    write_tournament(path, event)
    assert read_tournament(path).tournament == event
    saved = json.loads(path.read_text(encoding="utf-8"))["tournament"]["event"]
    assert saved["forbidden"] == [
        {"players": [1, 2], "first_round": 1, "last_round": 3},
        {"players": [4, 5, 6], "first_round": 2, "last_round": None},
    ]
    assert saved["acceleration"][1] == {
        "points": "0.5", "first_round": 3, "last_round": 3, "first_player": 1, "last_player": 4
    }  # fmt: skip
    assert (saved["rounds"], saved["initial_colour"]) == (5, "black")
    assert FIDEDESK.losses(event) == ()


@pytest.mark.parametrize("version", list(TrfVersion))
def test_trf_keeps_the_round_and_the_pairing_records(tmp_path: Path, version: TrfVersion) -> None:
    event = paired_event()
    text = tournament_to_trf(event, version)
    lines = text.splitlines()
    rounds, colour = ("XXR 5", "XXC black1") if version is TrfVersion.TRF16 else ("142 5", "152 B")
    assert [rounds, colour] == [line for line in lines if line[:3] in {*ROUNDS_CODES, *COLOUR_CODES}]
    assert [line for line in lines if line[:3] in ("250", "260")] == [
        "250  2.0  1.0   1   2    1    4",
        "250  1.0  0.5   3   3    1    4",
        "260   1   3    1    2",
        "260   2  99    4    5    6",  # 99, the last round a TRF holds: to the end
    ]
    player7 = next(line for line in lines if line.startswith("001    7"))
    # round 3, not paired yet: its byes and absences in the 001 records (TRF16), or 240 records (TRF-2026)
    third = "0000 - Z" if version is TrfVersion.TRF16 else ""
    assert [player7[89 + 10 * n : 99 + 10 * n].strip() for n in range(3)] == ["3 b 1", "1 w ?", third]
    if version is TrfVersion.TRF26:
        assert "240 Z   3    7" in lines
    path = tmp_path / "open.trf"
    path.write_text(text, encoding="utf-8")
    back = read_tournament(path)
    assert back.trf is not None and back.trf.version is version and back.trf.notes == ()
    assert back.tournament.info == event.info and back.tournament.extra_records == ()
    assert _rounds(back.tournament) == _rounds(_without_boards(_absences_filled(event)))
    assert trf_difference(event, back.tournament) is None
    assert round_to_pair(back.tournament) == 3 and requested_byes(back.tournament, 3) == requested_byes(event, 3)
    # written again from the document read, in the version it was read in (the late entry's round 1 now an
    # absence, "0000 - Z", as the reader took the blank)
    again = write_trf(back.trf)
    assert [line for line in again.splitlines() if line[:3] != "001"] == [x for x in lines if x[:3] != "001"]
    assert parse_trf(again).tournament == back.tournament


def test_the_trf_export_writes_trf26_trf16_on_request_and_a_source_stays_in_its_version(tmp_path: Path) -> None:
    event = paired_event()
    written = tmp_path / "open.trf"
    write_tournament(written, event, tiebreaks=())
    assert "142 5" in written.read_text(encoding="utf-8").splitlines()  # a new event: TRF-2026 (issue 26)
    write_tournament(written, event, tiebreaks=(), trf_version=TrfVersion.TRF16)
    assert "XXR 5" in written.read_text(encoding="utf-8").splitlines()
    sixteen = read_tournament(written)  # a TRF16 source is written back in TRF16, unless asked otherwise
    write_tournament(written, event, trf=sixteen.trf)
    assert "XXR 5" in written.read_text(encoding="utf-8").splitlines()
    write_tournament(written, event, trf=sixteen.trf, trf_version=TrfVersion.TRF26)
    assert "142 5" in written.read_text(encoding="utf-8").splitlines()
    assert read_tournament(written).tournament.info == sixteen.tournament.info
    source = tmp_path / "source.trf"
    source.write_text(tournament_to_trf(event, TrfVersion.TRF26), encoding="utf-8")
    read = read_tournament(source)
    changed = dataclasses.replace(
        read.tournament,
        info=dataclasses.replace(read.tournament.info, rounds=7, forbidden=(), initial_colour=InitialColour.WHITE),
    )
    again = tmp_path / "again.trf"
    write_tournament(again, changed, trf=read.trf)
    lines = again.read_text(encoding="utf-8").splitlines()
    assert "142 7" in lines and "152 W" in lines and not any(line.startswith(("260", "XXR", "142 5")) for line in lines)
    assert read_tournament(again).tournament.info == changed.info
    assert TRF.losses(event) == ()  # the boards are in the order TRF's reader numbers them


def test_excel_keeps_the_round_and_the_pairing_rows(tmp_path: Path) -> None:
    event = paired_event()
    path = tmp_path / "open.xlsx"
    write_tournament(path, event, edition=EDITION)
    back = read_tournament(path).tournament
    assert back.info == event.info
    assert _rounds(back) == _rounds(event)
    assert XLSX.losses(event) == ()


def test_the_three_formats_one_after_another(tmp_path: Path) -> None:
    """.fidedesk -> TRF-2026 -> Excel -> .fidedesk: what TRF has no place for (boards, the late entry's missing
    round) aside, the same event."""
    event = paired_event()
    trf = tmp_path / "a.trf"
    trf.write_text(tournament_to_trf(event, TrfVersion.TRF26), encoding="utf-8")
    from_trf = read_tournament(trf).tournament
    write_tournament(tmp_path / "b.xlsx", from_trf, edition=EDITION)
    from_excel = read_tournament(tmp_path / "b.xlsx").tournament
    write_tournament(tmp_path / "c.fidedesk", from_excel)
    last = read_tournament(tmp_path / "c.fidedesk").tournament
    assert last.info == event.info
    assert _rounds(_without_boards(last)) == _rounds(_without_boards(_absences_filled(event)))


# --- TRF records read ----------------------------------------------------------------------------------------


def _player(rank: int, rounds: str = "") -> str:
    return f"001 {rank:>4}      Player {rank:<27}2000 ESP {'':>11} {'':<10} {'':>4} {'':>4}{rounds}".rstrip()


def _trf(*records: str, players: int = 4, rounds: dict[int, str] | None = None) -> str:
    lines = ["012 Records", *records]
    lines += [_player(rank, (rounds or {}).get(rank, "")) for rank in range(1, players + 1)]
    return "\n".join(lines) + "\n"


def test_240_byes_reach_the_players_round_entries() -> None:
    doc = parse_trf(_trf("240 H   2    1    3", "240 F   2    4", "240     2    2", rounds={
        1: "     2 w 1", 2: "     1 b 0", 3: "     4 w =", 4: "     3 b ="}))  # fmt: skip
    assert [doc.tournament.player(rank).rounds[1:] for rank in (1, 2, 3, 4)] == [
        (RoundEntry(2, None, None, R.HALF_BYE),),
        (RoundEntry(2, None, None, R.ZERO_BYE),),
        (RoundEntry(2, None, None, R.HALF_BYE),),
        (RoundEntry(2, None, None, R.FULL_BYE),),
    ]
    assert doc.tournament.extra_records == () and doc.version is TrfVersion.TRF26
    assert round_to_pair(doc.tournament) == 2  # byes asked for: the round is still to be paired
    # written back as 240 records, one per type and round (FIDE TEC's reader takes one): a 001 record holds the
    # rounds paired, whose points FIDE TEC's reader adds up (issue 26)
    assert [line for line in write_trf(doc).splitlines() if line[:3] == "240"] == [
        "240 F   2    4",
        "240 H   2    1    3",
        "240 Z   2    2",
    ]
    assert parse_trf(write_trf(doc)).tournament == doc.tournament


@pytest.mark.parametrize(
    ("record", "column", "message"),
    [
        ("240 X   2    1", 5, "expected a bye type H, F or Z in column 5"),
        ("240 H   a    1", 7, "expected a round in columns 7-9"),
        ("240 H   2    9", 11, "9 in columns 11-14 is not the start rank of any 001 record"),
        ("240 H   1    1", 11, 'player 1 has a H bye in round 1 here, but "1" against 2 in their 001 record'),
        ("250  2.0  x.0   1   2    1    4", 10, 'expected game points such as "1.0" in columns 10-13'),
        ("250  2.0  1.0   0   2    1    4", 15, "expected the first accelerated round in columns 15-17"),
        ("250  2.0  1.0   3   2    1    4", 19, "rounds 3 to 2 are not a range of rounds"),
        ("250  2.0  1.0   1   2    4    1", 28, "start ranks 4 to 1 are not a range of players"),
        ("250  2.0  1.0   1 100    1    4", 19, "round 100 in columns 19-21: a TRF file holds at most 99 rounds"),
        ("250  2.0  1.0   1   2    1    7", 28, "7 in columns 28-31 is not the start rank of any 001 record"),
        ("260   1   3    1", 13, "expected two start ranks or more from column 13"),
        ("260   1   3    1    1", 18, "player 1 is named twice"),
        ("260   1   3    1x   2", 17, 'expected a blank in column 17, found "x"'),
        ("260   1   3    1 x  2", 18, 'expected a start rank in columns 18-21, found "x  2"'),
        ("260   4   3    1    2", 9, "rounds 4 to 3 are not a range of rounds"),
        ("260   x   3    1    2", 5, "expected a round in columns 5-7"),
        ("152 green", 5, 'expected the initial colour (W or B) after "152", found "green"'),
        ("142 x", 5, 'expected a number of rounds after "142", found "x"'),
        ("XXR 100", 5, "100 rounds: a TRF file holds at most 99"),
    ],
)
def test_a_bad_pairing_record_is_an_error_naming_line_and_column(record: str, column: int, message: str) -> None:
    with pytest.raises(TrfError) as caught:
        parse_trf(_trf(record, rounds={1: "     2 w 1", 2: "     1 b 0"}), "t.trf")
    assert (caught.value.line, caught.value.column) == (2, column)
    assert message in caught.value.message


def test_records_read_in_both_spellings() -> None:
    """Blank or 0 last rounds are the first alone (gacrux's reading); XXC's other words are left out, noted."""
    doc = parse_trf(_trf("XXR 7", "XXC rank white1", "250  2.0  1.0   2   0    3", "260   2   0    1    4"), "t.trf")
    info = doc.tournament.info
    assert (info.rounds, info.initial_colour, doc.version) == (7, InitialColour.WHITE, TrfVersion.TRF16)  # XXR
    assert info.acceleration == (AcceleratedRound(Fraction(1), 2, 2, 3, 3),)
    assert info.forbidden == (ForbiddenPairs((1, 4), 2, 2),)
    assert doc.notes == ("t.trf:3: the XXC record's rank is left out: fidedesk pairs by start rank, with the "
                         "initial colour alone",)  # fmt: skip
    assert parse_trf(_trf("142 7", "XXC white1")).version is TrfVersion.TRF26  # the rounds' record tells first
    assert parse_trf(_trf("260   2   0    1    4")).version is TrfVersion.TRF26  # a record only TRF-2026 has
    assert parse_trf(_trf("XXR 7")).version is parse_trf(_trf()).version is TrfVersion.TRF16
    assert not any(line[:3] in PAIRING_CODES for line in doc.tournament.extra_records)


def test_records_fidedesk_cannot_pair_by_are_kept_verbatim_with_a_note() -> None:
    """JaVaFo's XXA, a 250 on a team event's scale, and a team event's 240/250/260 (they name teams)."""
    doc = parse_trf(_trf("XXA    1  1.0  1.0", "250  1.0  1.0   1   2    1    4"), "t.trf")
    assert doc.tournament.extra_records == ("XXA    1  1.0  1.0", "250  1.0  1.0   1   2    1    4")
    assert doc.tournament.info.acceleration == ()
    assert [note.split(":")[1] for note in doc.notes] == ["2", "3"]
    assert "kept as it is" in doc.notes[0] and "not twice its game points" in doc.notes[1]
    text = tournament_to_trf(doc.tournament)
    assert [line for line in text.splitlines() if line[:3] in ("XXA", "250")] == list(doc.tournament.extra_records)
    teams = parse_trf(_trf("013 Team A    1    2", "240 F   1    1", "260   1   3    1    2"), "t.trf")
    assert teams.tournament.extra_records == ("013 Team A    1    2", "240 F   1    1", "260   1   3    1    2")
    assert teams.tournament.info.forbidden == () and "they name teams" in teams.notes[0]
    assert write_trf(teams).splitlines()[1:4] == ["013 Team A    1    2", "240 F   1    1", "260   1   3    1    2"]


# --- .fidedesk ---------------------------------------------------------------------------------------------


def _fidedesk(**event: object) -> str:
    data = json.loads(fidedesk_file.dumps(paired_event()))
    data["tournament"]["event"].update(event)
    return json.dumps(data)


@pytest.mark.parametrize(
    ("event", "place", "message"),
    [
        ({"forbidden": {}}, "event.forbidden", "expected an array"),
        ({"forbidden": [{"players": [1], "first_round": 1, "last_round": None}]}, "forbidden[0].players",
         "two start ranks or more"),
        ({"forbidden": [{"players": [1, 1], "first_round": 1, "last_round": None}]}, "forbidden[0].players[1]",
         "named twice"),
        ({"forbidden": [{"players": [1, "2"], "first_round": 1, "last_round": None}]}, "forbidden[0].players[1]",
         'found "2"'),
        ({"forbidden": [{"players": [1, 2], "first_round": 0, "last_round": None}]}, "forbidden[0].first_round",
         "1-99"),
        ({"forbidden": [{"players": [1, 2], "first_round": 3, "last_round": 2}]}, "forbidden[0].last_round",
         "before the first"),
        ({"forbidden": [{"players": [1, 12], "first_round": 1, "last_round": None}]}, "forbidden[0].players[1]",
         "no player has start rank 12"),
        ({"acceleration": [{"points": 1, "first_round": 1, "last_round": 2, "first_player": 1, "last_player": 4}]},
         "acceleration[0].points", "points as a string"),
        ({"acceleration": [{"points": "-1", "first_round": 1, "last_round": 2, "first_player": 1,
                            "last_player": 4}]}, "acceleration[0].points", "0 or more"),
        ({"acceleration": [{"points": "1", "first_round": 1, "last_round": 2, "first_player": 4,
                            "last_player": 1}]}, "acceleration[0].last_player", "before the first"),
        ({"acceleration": [{"points": "1", "first_round": 1, "last_round": 2, "first_player": 1}]},
         "acceleration[0].last_player", "missing"),
        ({"acceleration": [{"points": "1", "first_round": 1, "last_round": 2, "first_player": 1,
                            "last_player": 10}]}, "acceleration[0].last_player", "no player has start rank 10"),
    ],
)  # fmt: skip
def test_fidedesk_pairing_keys_are_refused_at_their_place(event: dict[str, object], place: str, message: str) -> None:
    with pytest.raises(FidedeskFileError) as caught:
        fidedesk_file.loads(_fidedesk(**event))
    assert caught.value.path is not None and caught.value.path.endswith(place) and message in caught.value.message


def test_fidedesk_without_the_keys_reads_as_before() -> None:
    plain = dataclasses.replace(paired_event(), info=EventInfo(name="Pairing Open"))
    text = fidedesk_file.dumps(plain)
    assert (
        not {"forbidden", "acceleration", "rounds", "initial_colour"} & json.loads(text)["tournament"]["event"].keys()
    )
    assert fidedesk_file.loads(text) == plain


def test_pairing_records_older_versions_kept_are_read_into_the_event() -> None:
    """Before issue 16 a TRF's XXR, 152, 240, 250 and 260 went into trf_records verbatim: read now, not refused."""
    plain = dataclasses.replace(paired_event(), info=EventInfo(name="Pairing Open"))
    data = json.loads(fidedesk_file.dumps(plain))
    data["tournament"]["trf_records"] = ["112 Deputy", "XXR 5", "152 B", "260   2  99    4    5    6", "240 H   4    8"]
    loaded = fidedesk_file.loads(json.dumps(data))
    assert loaded.extra_records == ("112 Deputy",)
    assert (loaded.info.rounds, loaded.info.initial_colour) == (5, InitialColour.BLACK)
    assert loaded.info.forbidden == (ForbiddenPairs((4, 5, 6), 2, None),)
    assert loaded.player(8).rounds[-1] == RoundEntry(4, None, None, R.HALF_BYE)
    data["tournament"]["trf_records"] = ["XXC rank black1"]  # its colour read, the record kept: rank is not said
    assert fidedesk_file.loads(json.dumps(data)).extra_records == ("XXC rank black1",)
    assert fidedesk_file.loads(json.dumps(data)).info.initial_colour is InitialColour.BLACK
    data["tournament"]["trf_records"] = ["260   2  99    4    5   66"]
    with pytest.raises(FidedeskFileError, match=r"tournament\.trf_records\[0\]: the TRF record cannot be read: 66"):
        fidedesk_file.loads(json.dumps(data))


# --- Excel -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("field", "value", "reason"),
    [
        ("Rounds", 100, "100 is not a number of rounds (1–99)"),
        ("Initial colour", "green", "'green' is not a colour"),
        ("Forbidden pairs", "1 2 rounds x", "is not a group of forbidden pairs"),
        ("Forbidden pairs", "1 rounds 1-2", "two players or more"),
        ("Forbidden pairs", "1 12", "no player has start rank 12"),
        ("Acceleration", "1 rounds 1-2", "is not an accelerated round"),
        ("Acceleration", "1 rounds 1-2 players 1-12", "no player has start rank 12"),
        ("Acceleration", "1 rounds 3-2 players 1-4", "a range of rounds"),
    ],
)
def test_a_bad_excel_pairing_row_is_a_problem_at_its_cell(field: str, value: object, reason: str) -> None:
    info, problems = read_event(SheetGrid("Event", (("Field", "Value"), ("Name", "Open"), (field, value))), range(1, 9))
    (problem,) = problems
    assert (problem.where, info.name) == ("Event!B3", "Open") and reason in problem.reason
    assert (info.rounds, info.initial_colour, info.forbidden, info.acceleration) == (None, None, (), ())


def test_excel_pairing_rows_are_read_as_people_write_them() -> None:
    rows = (("Rounds", 9.0), ("Initial color", "W"), ("Forbidden pairs", "1, 2 ;3 4 5 rounds 2-"),
            ("Accelerated rounds", "1½ rounds 1-2 players 1-4"))  # fmt: skip
    info, problems = read_event(SheetGrid("Event", rows))
    assert problems == ()
    assert (info.rounds, info.initial_colour) == (9, InitialColour.WHITE)
    assert info.forbidden == (ForbiddenPairs((1, 2)), ForbiddenPairs((3, 4, 5), 2))
    assert info.acceleration == (AcceleratedRound(Fraction(3, 2), 1, 2, 1, 4),)


def test_fide_tecs_reader_reads_our_trf26_as_meant() -> None:
    """gacrux's trf2json (FIDE TEC's TRF reader) on the TRF-2026 written: the rounds, the initial colour, the
    forbidden pairs (99: every round it pairs), the accelerated rounds, the games to come (its ``A``), the byes."""
    from gacrux.trf2json import trf2json  # type: ignore[import-untyped]

    reader = trf2json()
    reader.parse_file(tournament_to_trf(paired_event(), TrfVersion.TRF26), 0)
    assert reader.get_status() == 0
    read = reader.get_tournament(1)
    assert (read["numRounds"], read["topColor"]) == (5, "b")
    assert [(p["firstRound"], p["lastRound"], p["competitors"]) for p in read["prohibited"]] == [
        (1, 3, [1, 2]), (2, 99, [4, 5, 6])]  # fmt: skip
    assert [(a["gamePoints"], a["firstRound"], a["lastRound"], a["firstCompetitor"], a["lastCompetitor"])
            for a in read["accelerated"]["values"]] == [(1, 1, 2, 1, 4), (Fraction(1, 2), 3, 3, 1, 4)]  # fmt: skip
    later = {
        (game["round"], game["white"]["cid"], game["black"]["cid"] if game["black"] else None, game["white"]["result"])
        for game in read["gameList"]
        if game["round"] >= 2
    }
    assert later == {(2, 7, 1, "A"), (2, 2, 8, "A"), (2, 5, 4, "A"), (2, 9, None, "P"), (2, 3, None, "D"),
                     (2, 6, None, "Z"), (3, 2, None, "D"), (3, 7, None, "Z")}  # fmt: skip
