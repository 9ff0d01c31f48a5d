"""The .fidedesk file: exact round trips, the documented layout, and one-line errors for bad content."""

from __future__ import annotations

import copy
import dataclasses
import datetime as dt
import json
import re
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from benchmarks.make_swiss import make_swiss
from fidedesk import __version__
from fidedesk.core.editing import boards, entry_for, pair
from fidedesk.core.norms.rules import EventType
from fidedesk.core.results import ResultCode
from fidedesk.core.tiebreaks.codes import KNOWN_TIEBREAKS, TieBreakRules, parse_tiebreaks
from fidedesk.core.tournament import (
    TITLES,
    ArbiterLicence,
    BirthDate,
    EventInfo,
    Player,
    PlayerRecord,
    RatingKind,
    RoundEntry,
    System,
    Tournament,
)
from fidedesk.core.values import FEDERATIONS, FIDE_ID_RANGE, GAMES_RANGE, RATING_IN_FILE, SEXES
from fidedesk.io.native.fidedesk_file import FidedeskFileError, dumps, load, load_document, loads, parse_document, save
from fidedesk.io.trf.document import read_trf

from ..conftest import DATA, REPO, TRF_DIR

REAL_FILES = sorted(TRF_DIR.glob("*.trf"))
MADE = DATA / "made"
TRF26_SAMPLE = TRF_DIR / "edge_cases" / "fide_tec_trf26_sample_team_swiss_synthetic.trf"
SAVED = dt.datetime(2026, 3, 8, 19, 42, 5, tzinfo=dt.UTC)


def _doc_example() -> str:
    """The example file printed in docs/file-format.md."""
    text = (REPO / "docs" / "file-format.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```json\n(.*?)```", text, flags=re.DOTALL)
    return next(block for block in blocks if block.lstrip().startswith('{\n  "format"'))


#: The tournament of the documented example.
EXAMPLE = Tournament(
    EventInfo(
        name="Club Championship 2026",
        city="Leeds",
        federation="ENG",
        start=dt.date(2026, 3, 7),
        end=dt.date(2026, 3, 8),
        chief_arbiter="A. Arbiter",
        time_control="90'+30\"",
        system=System.ROUND_ROBIN,
        kind=RatingKind.STANDARD,
    ),
    (
        Player(1, "Smith, Anna", 2104, "w", "WFM", "ENG", 400123, BirthDate(1990, 5, 17), Fraction(3, 2), 1,
               (RoundEntry(1, 2, "w", ResultCode.WIN, 1), RoundEntry(2, 3, "b", ResultCode.DRAW, 1)),
               PlayerRecord(games=212, ever_2400=False, k=20)),
        Player(2, "Jones, Tom", None, "m", "", "ENG", None, BirthDate(2011), Fraction(1), 3,
               (RoundEntry(1, 1, "b", ResultCode.LOSS, 1), RoundEntry(2, None, None, ResultCode.PAIRING_BYE))),
        Player(3, "Brown, Lee", 1850, "m", "", "SCO", 400456, None, Fraction(3, 2), 2,
               (RoundEntry(1, None, None, ResultCode.PAIRING_BYE), RoundEntry(2, 1, "w", ResultCode.DRAW, 1))),
    ),
)  # fmt: skip


def _example_json() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(dumps(EXAMPLE, saved=SAVED))
    return data


# --------------------------------------------------------------------------------------------- layout


def test_documented_example_loads_as_the_example_tournament() -> None:
    """docs/file-format.md's example is a valid file, and it holds exactly EXAMPLE."""
    assert loads(_doc_example()) == EXAMPLE


def test_dumps_writes_the_documented_example_byte_for_byte() -> None:
    """The writer's layout is the one the documentation shows (only app_version may differ)."""
    expected = _doc_example().replace('"app_version": "0.1.0"', f'"app_version": "{__version__}"')
    assert dumps(EXAMPLE, saved=SAVED) == expected


def test_top_level_keys_and_field_spellings() -> None:
    data = _example_json()
    assert list(data) == ["format", "schema", "app_version", "saved", "tournament"]
    assert (data["format"], data["schema"], data["app_version"]) == ("fidedesk", 2, __version__)
    assert data["saved"] == "2026-03-08T19:42:05+00:00"
    event = data["tournament"]["event"]
    assert (event["start"], event["system"], event["kind"]) == ("2026-03-07", "round-robin", "standard")
    anna = data["tournament"]["players"][0]
    assert anna["points"] == "1.5" and anna["birth"] == {"year": 1990, "month": 5, "day": 17}
    assert anna["record"] == {"games": 212, "ever_2400": False, "k": 20, "standard_rating": None}
    assert anna["rounds"][1] == {"round": 2, "board": 1, "opponent": 3, "color": "b", "result": "="}


def test_saved_defaults_to_now_with_an_offset_and_is_read_back() -> None:
    before = dt.datetime.now(dt.UTC).replace(microsecond=0)
    document = parse_document(dumps(EXAMPLE))
    assert document.saved is not None and document.saved.tzinfo is not None
    assert before <= document.saved <= dt.datetime.now(dt.UTC)
    assert (document.schema, document.app_version) == (2, __version__)


def test_extra_top_level_keys_are_written_before_the_tournament_and_reserved_ones_refused() -> None:
    text = dumps(EXAMPLE, extra={"recovery_for": "/x/event.fidedesk"})
    assert list(json.loads(text)) == ["format", "schema", "app_version", "saved", "recovery_for", "tournament"]
    assert parse_document(text).fields["recovery_for"] == "/x/event.fidedesk"
    with pytest.raises(ValueError, match="reserved"):
        dumps(EXAMPLE, extra={"schema": 2})


@pytest.mark.parametrize(
    ("points", "text"),
    [(Fraction(11, 2), "5.5"), (Fraction(3), "3"), (Fraction(0), "0"), (Fraction(1, 4), "0.25"),
     (Fraction(-1, 2), "-0.5"), (Fraction(201, 2), "100.5"), (Fraction(1, 1024), "0.0009765625")],
)  # fmt: skip
def test_points_are_exact_decimal_text(points: Fraction, text: str) -> None:
    tournament = _with_player(EXAMPLE, 0, points=points)
    data = json.loads(dumps(tournament))
    assert data["tournament"]["players"][0]["points"] == text
    assert loads(dumps(tournament)).players[0].points == points


def test_points_without_a_decimal_form_cannot_be_saved(tmp_path: Path) -> None:
    target = tmp_path / "event.fidedesk"
    with pytest.raises(FidedeskFileError) as caught:
        save(_with_player(EXAMPLE, 1, points=Fraction(1, 3)), target)
    assert str(caught.value) == f"{target}: tournament.players[1].points: 1/3 has no exact decimal form"
    assert not target.exists()


def test_unknown_keys_are_ignored_at_every_level() -> None:
    data = _example_json()
    data["comment"] = "from another program"
    data["tournament"]["tiebreaks"] = ["Buchholz"]
    data["tournament"]["event"]["round_dates"] = []
    data["tournament"]["players"][0]["email"] = "anna@example.org"
    data["tournament"]["players"][0]["birth"]["place"] = "York"
    data["tournament"]["players"][0]["rounds"][0]["clock"] = "1:42"
    assert loads(json.dumps(data)) == EXAMPLE


def test_byte_order_mark_and_key_order_do_not_matter(tmp_path: Path) -> None:
    data = _example_json()
    shuffled = {key: data[key] for key in reversed(list(data))}
    path = tmp_path / "bom.fidedesk"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(shuffled, indent=None).encode("utf-8"))
    assert load(path) == EXAMPLE


# ----------------------------------------------------------------------------------------- round trips


@pytest.mark.parametrize("path", [*REAL_FILES, TRF26_SAMPLE], ids=lambda p: p.name)
def test_every_real_trf_round_trips_exactly(path: Path, tmp_path: Path) -> None:
    tournament = read_trf(path).tournament
    assert loads(dumps(tournament)) == tournament
    target = tmp_path / "event.fidedesk"
    save(tournament, target)
    assert load(target) == tournament


def test_large_generated_swiss_round_trips_through_a_file(tmp_path: Path) -> None:
    tournament = make_swiss(400, 9, seed=3)
    target = tmp_path / "swiss.fidedesk"
    save(tournament, target)
    assert load(target) == tournament
    assert load_document(target).schema == 2


_ANY_TEXT = st.text(st.characters(exclude_categories=("Cs",)), max_size=25)  # line breaks, controls, emoji
_FEDERATIONS = st.just("") | st.sampled_from(sorted(FEDERATIONS))
_PAIRED = [("1", "0"), ("0", "1"), ("=", "="), ("+", "-"), ("-", "+"), ("-", "-"), ("W", "L"), ("L", "W"), ("D", "D")]
_ALONE = "HFUZ+-=10WDL"  # an entry without opponent may carry any code (TRF allows it)


@st.composite
def _births(draw: st.DrawFn) -> BirthDate | None:
    shape = draw(st.sampled_from(["none", "year", "month", "day"]))
    if shape == "none":
        return None
    day = draw(st.dates(dt.date(1, 1, 1), dt.date(9999, 12, 31)))
    month = day.month if shape in ("month", "day") else None
    return BirthDate(day.year, month, day.day if shape == "day" else None)


_POINTS = st.builds(
    lambda n, twos, fives: Fraction(n, 2**twos * 5**fives),
    st.integers(-(10**6), 10**7),
    st.integers(0, 12),
    st.integers(0, 4),
)
_RECORDS = st.builds(
    PlayerRecord,
    games=st.none() | st.integers(GAMES_RANGE.low, GAMES_RANGE.high),
    ever_2400=st.none() | st.booleans(),
    k=st.none() | st.integers(1, 100),
    standard_rating=st.none() | st.integers(RATING_IN_FILE.low, RATING_IN_FILE.high),
)


@st.composite
def _rounds(draw: st.DrawFn, ranks: list[int]) -> dict[int, list[RoundEntry]]:
    """Consistent pairings over any round numbers (gaps, any order); players may miss rounds."""
    entries: dict[int, list[RoundEntry]] = {rank: [] for rank in ranks}
    for round_ in draw(st.lists(st.integers(1, 60), unique=True, max_size=6)):
        order = draw(st.permutations(ranks))
        pairs = draw(st.integers(0, len(order) // 2))
        for a, b in zip(order[: 2 * pairs : 2], order[1 : 2 * pairs : 2], strict=True):
            first, second = draw(st.sampled_from(_PAIRED))
            colours = draw(st.sampled_from([("w", "b"), ("b", "w"), (None, None), ("w", None)]))
            entries[a].append(RoundEntry(round_, b, colours[0], ResultCode(first)))
            entries[b].append(RoundEntry(round_, a, colours[1], ResultCode(second)))
        for single in order[2 * pairs :]:
            if draw(st.booleans()):
                colour = draw(st.sampled_from(["w", "b", None]))
                entries[single].append(RoundEntry(round_, None, colour, ResultCode(draw(st.sampled_from(_ALONE)))))
    return {rank: draw(st.permutations(items)) for rank, items in entries.items()}


@st.composite
def _tournaments(draw: st.DrawFn) -> Tournament:
    ranks = draw(st.lists(st.integers(1, 10**6), unique=True, max_size=8))
    rounds = draw(_rounds(ranks))
    players = tuple(
        Player(
            start_rank=rank,
            name=draw(_ANY_TEXT),
            rating=draw(st.none() | st.integers(RATING_IN_FILE.low, RATING_IN_FILE.high)),
            sex=draw(st.sampled_from(["", *SEXES])),
            title=draw(st.sampled_from(("", *TITLES))),
            federation=draw(_FEDERATIONS),
            fide_id=draw(st.none() | st.integers(FIDE_ID_RANGE.low, FIDE_ID_RANGE.high)),
            birth=draw(_births()),
            points=draw(st.none() | _POINTS),
            rank=draw(st.none() | st.integers(0, 10**4)),
            rounds=tuple(rounds[rank]),
            record=draw(_RECORDS),
        )
        for rank in ranks
    )
    dates = st.none() | st.dates(dt.date(1, 1, 1), dt.date(9999, 12, 31))
    info = EventInfo(
        name=draw(_ANY_TEXT),
        city=draw(_ANY_TEXT),
        federation=draw(_FEDERATIONS),
        start=draw(dates),
        end=draw(dates),
        chief_arbiter=draw(_ANY_TEXT),
        time_control=draw(_ANY_TEXT),
        system=draw(st.sampled_from(System)),
        kind=draw(st.sampled_from(RatingKind)),
        tiebreaks=draw(st.none() | st.lists(st.sampled_from(KNOWN_TIEBREAKS), max_size=5, unique=True).map(tuple)),
        tiebreak_rules=draw(st.none() | st.sampled_from(TieBreakRules)),
        # with a licence or FIDE ID of its own, the name is kept as written, whatever its text
        arbiter_licence=draw(st.sampled_from(ArbiterLicence)),
        arbiter_fide_id=draw(st.none() | st.integers(1, 99_999_999_999)),
        organiser=draw(_ANY_TEXT),
        event_type=draw(st.sampled_from(EventType)),
        rounds_a_day=draw(st.none() | st.integers(1, 99)),
    )
    return Tournament(info, players)


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(_tournaments())
def test_generated_tournaments_round_trip_exactly(tournament: Tournament) -> None:
    """loads(dumps(t)) == t for any text, any start ranks and round numbers, every field."""
    text = dumps(tournament)
    assert loads(text) == tournament
    assert text.endswith("\n") and text.encode("utf-8").decode("utf-8") == text


# ---------------------------------------------------------------------------------------------- errors

_Edit = Callable[[dict[str, Any]], None]


def _set(path: str, value: Any) -> _Edit:
    """An edit of the example's JSON: set the value at a dotted path (``players.0.rating``)."""

    def edit(data: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        node: Any = data
        for key in parents:
            node = node[int(key)] if isinstance(node, list) else node[key]
        node[int(last) if isinstance(node, list) else last] = value

    return edit


def _delete(path: str) -> _Edit:
    def edit(data: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        node: Any = data
        for key in parents:
            node = node[int(key)] if isinstance(node, list) else node[key]
        del node[last]

    return edit


P0 = "tournament.players.0"  # a path for _set, and the same place as the messages write it
AT0 = "tournament.players[0]"
R = "tournament.players.{}.rounds.{}"
RATING = "expected a whole number 1000-3000 or null, found"
POINTS = 'expected points as a string such as "5.5", or null, found'
DATE = 'expected a date "YYYY-MM-DD" or null, found'
CODES = '"1", "=", "0", "+", "-", "W", "D", "L", "H", "F", "U", "Z", "?"'
SYSTEMS = '"swiss", "round-robin", "double-round-robin", "match", "team-swiss"'

BAD_CONTENT: list[tuple[str, _Edit, str]] = [
    ("format wrong", _set("format", "trf"),
     'not a fidedesk file: "format" is "trf", expected "format": "fidedesk"'),
    ("format missing", _delete("format"),
     'not a fidedesk file: no format key, expected "format": "fidedesk"'),
    ("schema newer", _set("schema", 3),
     "this file was saved by a newer fidedesk (schema 3); this version reads schema 2 — update fidedesk"),
    ("schema text", _set("schema", "1"), 'schema: expected a whole number of at least 1, found "1"'),
    ("schema zero", _set("schema", 0), "schema: expected a whole number of at least 1, found 0"),
    ("no tournament", _delete("tournament"), "tournament: missing (expected an object)"),
    ("tournament array", _set("tournament", []), "tournament: expected an object {...}, found an array"),
    ("players object", _set("tournament.players", {}), "tournament.players: expected an array, found an object"),
    ("player text", _set("tournament.players.1", "Jones"),
     'tournament.players[1]: expected an object {...}, found "Jones"'),
    ("name missing", _delete(f"{P0}.name"), f"{AT0}.name: missing (expected a string)"),
    ("name number", _set(f"{P0}.name", 7), f"{AT0}.name: expected a string, found 7"),
    ("rating high", _set(f"{P0}.rating", 5000), f"{AT0}.rating: {RATING} 5000"),
    ("rating negative", _set(f"{P0}.rating", -1), f"{AT0}.rating: {RATING} -1"),
    ("rating float", _set(f"{P0}.rating", 2104.0), f"{AT0}.rating: {RATING} 2104.0"),
    ("rating text", _set(f"{P0}.rating", "2104"), f'{AT0}.rating: {RATING} "2104"'),
    ("rating bool", _set(f"{P0}.rating", True), f"{AT0}.rating: {RATING} true"),
    ("rating low", _set(f"{P0}.rating", 999), f"{AT0}.rating: {RATING} 999"),
    ("standard rating", _set(f"{P0}.record.standard_rating", 3001), f"{AT0}.record.standard_rating: {RATING} 3001"),
    ("games", _set(f"{P0}.record.games", 100_000),
     f"{AT0}.record.games: expected a whole number 0-99999 or null, found 100000"),
    ("fide id", _set(f"{P0}.fide_id", 10**11),
     f"{AT0}.fide_id: expected a whole number 1-99999999999 or null, found 100000000000"),
    ("title", _set(f"{P0}.title", "AGM"), f'{AT0}.title: expected one of "GM", "IM", "FM", "CM", "WGM", "WIM", "WFM", '
     '"WCM" or "", found "AGM"'),
    ("federation", _set(f"{P0}.federation", "EN"),
     f'{AT0}.federation: expected one of FIDE\'s federations\' three letters such as "ESP", or "", found "EN"'),
    ("k zero", _set(f"{P0}.record.k", 0), f"{AT0}.record.k: expected a whole number 1-100 or null, found 0"),
    ("ever 2400", _set(f"{P0}.record.ever_2400", "yes"),
     f'{AT0}.record.ever_2400: expected true, false or null, found "yes"'),
    ("record missing", _delete(f"{P0}.record"), f"{AT0}.record: missing (expected an object)"),
    ("start rank dup", _set("tournament.players.2.start_rank", 1),
     "tournament.players[2].start_rank: 1 is already the start_rank of tournament.players[0]"),
    ("start rank zero", _set(f"{P0}.start_rank", 0), f"{AT0}.start_rank: expected a whole number of at least 1"),
    ("points number", _set(f"{P0}.points", 1.5), f"{AT0}.points: {POINTS} 1.5"),
    ("points comma", _set(f"{P0}.points", "1,5"), f'{AT0}.points: {POINTS} "1,5"'),
    ("points fraction", _set(f"{P0}.points", "3/2"), f'{AT0}.points: {POINTS} "3/2"'),
    ("birth day alone", _set(f"{P0}.birth.month", None), f"{AT0}.birth.day: a day without a month"),
    ("birth february", _set(f"{P0}.birth", {"year": 1990, "month": 2, "day": 30}),
     f"{AT0}.birth.day: 1990-02-30 is not a date in the calendar"),
    ("birth year", _set(f"{P0}.birth.year", 0), f"{AT0}.birth.year: expected a whole number 1-9999"),
    ("start date", _set("tournament.event.start", "07/03/2026"), f'tournament.event.start: {DATE} "07/03/2026"'),
    ("start day", _set("tournament.event.start", "2026-02-30"), f'tournament.event.start: {DATE} "2026-02-30"'),
    ("system", _set("tournament.event.system", "swiss-system"),
     f'tournament.event.system: expected one of {SYSTEMS}, found "swiss-system"'),
    ("kind", _set("tournament.event.kind", "Rapid"),
     'tournament.event.kind: expected one of "standard", "rapid", "blitz", found "Rapid"'),
    ("result", _set(R.format(0, 0) + ".result", "X"), f'{AT0}.rounds[0].result: expected one of {CODES}, found "X"'),
    ("result half", _set(R.format(0, 1) + ".result", "½"),
     f'{AT0}.rounds[1].result: expected one of {CODES}, found "½"'),
    ("result number", _set(R.format(0, 0) + ".result", 1), f"{AT0}.rounds[0].result: expected one of {CODES}, found 1"),
    ("colour", _set(R.format(0, 0) + ".color", "white"),
     f'{AT0}.rounds[0].color: expected "w", "b" or null, found "white"'),
    ("round zero", _set(R.format(1, 1) + ".round", 0),
     "tournament.players[1].rounds[1].round: expected a whole number 1-99, found 0"),
    ("round twice", _set(R.format(1, 1) + ".round", 1),
     "tournament.players[1].rounds[1].round: round 1 appears twice for this player (also rounds[0])"),
    ("opponent unknown", _set(R.format(1, 1) + ".opponent", 57),
     "tournament.players[1].rounds[1].opponent: 57 is not the start_rank of any player"),
    ("opponent self", _set(R.format(1, 1) + ".opponent", 2),
     "tournament.players[1].rounds[1].opponent: player 2 is paired with themselves"),
    ("opponent elsewhere", _set(R.format(1, 1) + ".opponent", 3),
     "tournament.players[1].rounds[1].opponent: player 3 (tournament.players[2]) is paired with 1 in round 2,"
     " not with 2"),
    ("rounds missing", _delete("tournament.players.2.rounds"), "tournament.players[2].rounds: missing"),
    ("board missing", _delete(R.format(0, 0) + ".board"),
     f"{AT0}.rounds[0].board: missing (expected a whole number 1-99999 or null)"),
    ("board zero", _set(R.format(0, 0) + ".board", 0),
     f"{AT0}.rounds[0].board: expected a whole number 1-99999 or null, found 0"),
    ("board text", _set(R.format(0, 0) + ".board", "1"),
     f'{AT0}.rounds[0].board: expected a whole number 1-99999 or null, found "1"'),
    ("board on a bye", _set(R.format(1, 1) + ".board", 2),
     "tournament.players[1].rounds[1].board: a bye is played on no board: expected null, found 2"),
    ("boards differ", _set(R.format(1, 0) + ".board", 2),
     f"{AT0}.rounds[0].board: board 1, but player 2's entry for the same game (tournament.players[1].rounds[0])"
     " gives board 2"),
    ("not mirrored", _set(R.format(0, 0) + ".result", "="),
     f'{AT0}.rounds[0].result: "=" is not mirrored by the "0" of player 2 (tournament.players[1]) in round 1'),
    ("surrogate", _set(f"{P0}.name", "\ud800"), f"{AT0}.name: the string is not valid Unicode text"),
]  # fmt: skip


@pytest.mark.parametrize(("edit", "message"), [c[1:] for c in BAD_CONTENT], ids=[c[0] for c in BAD_CONTENT])
def test_bad_content_is_one_line_naming_the_file_and_the_place(edit: _Edit, message: str) -> None:
    data = copy.deepcopy(_example_json())
    edit(data)
    with pytest.raises(FidedeskFileError) as caught:
        loads(json.dumps(data), source="event.fidedesk")
    assert str(caught.value).startswith(f"event.fidedesk: {message}")
    assert "\n" not in str(caught.value)


def test_the_organisers_tiebreaks_and_edition_round_trip_in_their_order() -> None:
    """The event's tie-breaks are written as C.07 codes in order, the edition by its name, and read back."""
    example = loads(_doc_example())
    chosen = parse_tiebreaks("SB-C1 BH-M1 KS-L60 ARO-C1 DE")
    info = dataclasses.replace(example.info, tiebreaks=chosen, tiebreak_rules=TieBreakRules.C07_2024)
    tournament = dataclasses.replace(example, info=info)
    text = dumps(tournament)
    event = json.loads(text)["tournament"]["event"]
    assert event["tiebreaks"] == ["SB-C1", "BH-M1", "KS-L60", "ARO-C1", "DE"]
    assert event["tiebreak_rules"] == "2024"
    assert loads(text) == tournament
    no_tiebreaks = dataclasses.replace(tournament, info=dataclasses.replace(info, tiebreaks=()))
    assert json.loads(dumps(no_tiebreaks))["tournament"]["event"]["tiebreaks"] == []
    assert loads(dumps(no_tiebreaks)).info.tiebreaks == ()


def test_a_file_without_tiebreaks_reads_as_the_defaults_and_is_written_as_before() -> None:
    """Files written before issue 15 have neither key: the system's defaults, the edition by the start date."""
    example = loads(_doc_example())
    assert (example.info.tiebreaks, example.info.tiebreak_rules) == (None, None)
    event = json.loads(dumps(example))["tournament"]["event"]
    assert "tiebreaks" not in event and "tiebreak_rules" not in event
    data = _example_json()
    data["tournament"]["event"]["tiebreak_rules"] = "auto"
    assert loads(json.dumps(data)).info.tiebreak_rules is None


EV = "tournament.event"
RULES = 'expected one of "auto", "2024", "2026" (auto or absent: by the start date)'
BAD_TIEBREAKS = [
    ("unknown code", {"tiebreaks": ["BH-C1", "SNO"]}, f"{EV}.tiebreaks[1]: unknown tie-break 'SNO'; known: DE, WIN"),
    ("bad modifier", {"tiebreaks": ["DE-C1"]},
     f"{EV}.tiebreaks[0]: unknown tie-break 'DE-C1' (DE takes no modifier C1)"),
    ("twice", {"tiebreaks": ["BH", "SB", "bh"]}, f"{EV}.tiebreaks[2]: BH is given twice (also tiebreaks[0])"),
    ("not a code", {"tiebreaks": [1]}, f'{EV}.tiebreaks[0]: expected a tie-break code such as "BH-C1", found 1'),
    ("not a list", {"tiebreaks": "BH SB"},
     f'{EV}.tiebreaks: expected an array of tie-break codes such as ["BH-C1", "SB"], found "BH SB"'),
    ("unknown edition", {"tiebreak_rules": "2022"}, f'{EV}.tiebreak_rules: {RULES}, found "2022"'),
    ("number", {"tiebreak_rules": 2026}, f"{EV}.tiebreak_rules: {RULES}, found 2026"),
]  # fmt: skip


@pytest.mark.parametrize(("keys", "message"), [c[1:] for c in BAD_TIEBREAKS], ids=[c[0] for c in BAD_TIEBREAKS])
def test_a_tiebreak_or_edition_fidedesk_does_not_know_is_refused_naming_it(keys: dict[str, Any], message: str) -> None:
    assert _event_refusal(keys).startswith(f"event.fidedesk: {message}")


def _event_refusal(keys: dict[str, Any]) -> str:
    """The error of the documented example with ``keys`` set in its event."""
    data = copy.deepcopy(_example_json())
    data["tournament"]["event"].update(keys)
    with pytest.raises(FidedeskFileError) as caught:
        loads(json.dumps(data), source="event.fidedesk")
    return str(caught.value)


def test_two_games_on_one_board_of_a_round_are_refused() -> None:
    """Boards keep their numbers (schema 2): two games of a round cannot share one."""
    four = Tournament(EventInfo(), tuple(Player(rank, f"P{rank}") for rank in range(1, 5)))
    four = pair(pair(four, 1, 4, 1), 1, 2, 3)
    data = json.loads(dumps(four))
    for index in (1, 2):  # players 2 and 3 moved to board 1, which 4-1 has
        data["tournament"]["players"][index]["rounds"][0]["board"] = 1
    with pytest.raises(FidedeskFileError) as caught:
        loads(json.dumps(data), source="x.fidedesk")
    assert str(caught.value) == (
        "x.fidedesk: tournament.players[1].rounds[0].board: board 1 of round 1 is already the board of player 1's"
        " game (tournament.players[0].rounds[0])"
    )


def _first_seen_order(tournament: Tournament, round_: int) -> list[tuple[int, int]]:
    """The games of a round as schema 1's window showed them: by the first of their players in the list."""
    games: list[tuple[int, int]] = []
    for player in tournament.players:
        entry = next((e for e in player.rounds if e.round == round_), None)
        if entry is None or entry.opponent is None or any(player.start_rank in game for game in games):
            continue
        games.append((player.start_rank, entry.opponent) if entry.color != "b" else (entry.opponent, player.start_rank))
    return games


def test_a_schema_1_file_is_migrated_to_boards_in_the_order_it_showed(tmp_path: Path) -> None:
    """Schema 1 kept no boards: each round's games are numbered in the order its window showed them, and
    the file is saved as schema 2 with those numbers."""
    path = MADE / "round_robin_8_58.fidedesk"
    assert json.loads(path.read_text(encoding="utf-8"))["schema"] == 1
    document = load_document(path)
    tournament = document.tournament
    assert document.schema == 1 and tournament.last_round == 9
    for round_ in range(1, tournament.last_round + 1):
        shown = _first_seen_order(tournament, round_)
        assert [(b.white, b.black) for b in boards(tournament, round_)] == shown
        for number, (white, black) in enumerate(shown, start=1):
            for rank in (white, black):
                assert entry_for(tournament.player(rank), round_).board == number  # type: ignore[union-attr]
    target = tmp_path / "migrated.fidedesk"
    save(tournament, target)
    assert load_document(target).schema == 2 and load(target) == tournament
    rounds = json.loads(target.read_text(encoding="utf-8"))["tournament"]["players"][0]["rounds"]
    assert all(isinstance(entry["board"], int) for entry in rounds if entry["opponent"] is not None)


def test_boards_paired_out_of_start_rank_order_keep_their_numbers_through_a_file() -> None:
    """8–5, 6–4, 7–3, 1–2, as a Berger sheet gives round 1 of eight players (C.05 Annex 1)."""
    eight = Tournament(EventInfo(), tuple(Player(rank, f"P{rank}") for rank in range(1, 9)))
    for white, black in ((8, 5), (6, 4), (7, 3), (1, 2)):
        eight = pair(eight, 1, white, black)
    again = loads(dumps(eight))
    assert again == eight
    assert [(b.number, b.white, b.black) for b in boards(again, 1)] == [(1, 8, 5), (2, 6, 4), (3, 7, 3), (4, 1, 2)]


def test_missing_opponent_entry_names_the_round() -> None:
    """Player 3 leaves round 2 out: player 1's game against 3 in round 2 has no other side."""
    data = _example_json()
    del data["tournament"]["players"][2]["rounds"][1]
    with pytest.raises(FidedeskFileError) as caught:
        loads(json.dumps(data), source="x.fidedesk")
    assert str(caught.value) == (
        f"x.fidedesk: {AT0}.rounds[1].opponent: player 3 (tournament.players[2]) has no entry for round 2"
    )
    assert caught.value.path == "tournament.players[0].rounds[1].opponent"


def test_double_forfeit_is_allowed() -> None:
    data = _example_json()
    data["tournament"]["players"][0]["rounds"][0]["result"] = "-"
    data["tournament"]["players"][1]["rounds"][0]["result"] = "-"
    assert loads(json.dumps(data)).players[0].rounds[0].result is ResultCode.FORFEIT_LOSS


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", ": the file is empty"),
        ("  \n", ": the file is empty"),
        (
            '{"format": "fidedesk",, "schema": 1}',
            ":1:23: not valid JSON: Expecting property name enclosed in double quotes",
        ),
        ('{"format": "fidedesk"\n "schema": 1}', ":2:2: not valid JSON: Expecting ',' delimiter"),
        ('{"format": "fidedesk", "schema": NaN}', ": not valid JSON: NaN is not a JSON number"),
        ('{"format": "fidedesk", "schema": 1e400}', ": not valid JSON: the number 1e400 is too large"),
        ("[1, 2]", ": not a fidedesk file: expected a JSON object, found an array"),
        ('"fidedesk"', ': not a fidedesk file: expected a JSON object, found "fidedesk"'),
        ("[" * 100_000 + "]" * 100_000, ": not valid JSON: nested too deeply"),
        ('{"schema": ' + "9" * 5000 + "}", ": not valid JSON: Exceeds the limit"),
    ],
    ids=["empty", "blank", "syntax", "newline", "nan", "infinity", "array", "string", "deep", "long-number"],
)
def test_text_that_is_not_a_fidedesk_object(text: str, message: str) -> None:
    with pytest.raises(FidedeskFileError) as caught:
        loads(text, source="f.fidedesk")
    assert str(caught.value).startswith(f"f.fidedesk{message}")
    assert "\n" not in str(caught.value)


def test_json_errors_carry_line_and_column() -> None:
    with pytest.raises(FidedeskFileError) as caught:
        loads('{\n  "format": "fidedesk",\n  "schema": 1,,\n}', source="f.fidedesk")
    assert (caught.value.line, caught.value.column) == (3, 15)


@pytest.mark.parametrize("cut", [1, 2, 100, 1000, -300, -2])
def test_truncated_file_says_so(cut: int) -> None:
    text = dumps(EXAMPLE)
    with pytest.raises(FidedeskFileError) as caught:
        loads(text[:cut], source="cut.fidedesk")
    assert "the file is truncated: its JSON ends before it is complete" in str(caught.value)
    assert str(caught.value).startswith("cut.fidedesk:")


def test_invalid_utf8_is_refused_with_the_byte(tmp_path: Path) -> None:
    path = tmp_path / "latin1.fidedesk"
    path.write_bytes(dumps(EXAMPLE).replace("Smith", "Sm\u00efth").encode("latin-1"))
    with pytest.raises(FidedeskFileError) as caught:
        load(path)
    assert str(caught.value).startswith(f"{path}: not UTF-8 text (byte ")


def test_a_missing_file_is_an_os_error_not_a_content_error(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        load(tmp_path / "none.fidedesk")


def _with_player(tournament: Tournament, index: int, **changes: Any) -> Tournament:
    players = list(tournament.players)
    players[index] = dataclasses.replace(players[index], **changes)
    return dataclasses.replace(tournament, players=tuple(players))


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"rating": 3001}, "tournament.players[0].rating: expected a whole number 1000-3000 or null, found 3001"),
        ({"birth": BirthDate(2001, 2, 29)}, "tournament.players[0].birth.day: 2001-02-29 is not a date"),
        ({"rounds": (RoundEntry(1, 2, "w", ResultCode.DRAW),)}, 'rounds[0].result: "=" is not mirrored by the "0"'),
        ({"name": "bad \udc80 name"}, "tournament.players[0].name: the string is not valid Unicode text"),
    ],
    ids=["rating", "birth", "pairing", "surrogate"],
)
def test_what_load_refuses_save_refuses_and_writes_nothing(
    tmp_path: Path, changes: dict[str, Any], message: str
) -> None:
    target = tmp_path / "event.fidedesk"
    save(EXAMPLE, target)
    before = target.read_bytes()
    with pytest.raises(FidedeskFileError) as caught:
        save(_with_player(EXAMPLE, 0, **changes), target)
    assert str(caught.value).startswith(f"{target}: ") and message in str(caught.value)
    assert target.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["event.fidedesk"]


# ------------------------------------------------------------------------------------------------ fuzz

_JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**20), 10**20) | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=6,
)


def _paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON value, as a key path."""
    found = [prefix]
    if isinstance(node, dict):
        for key, value in node.items():
            found += _paths(value, (*prefix, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found += _paths(value, (*prefix, index))
    return found


_EXAMPLE_PATHS = _paths(_example_json())[1:]


@settings(max_examples=400)
@given(st.sampled_from(_EXAMPLE_PATHS), _JSON_VALUES, st.booleans())
def test_any_value_anywhere_loads_or_fails_with_a_file_error(path: tuple[Any, ...], value: Any, drop: bool) -> None:
    """Replace (or delete) any value of a valid file: either it still loads, or FidedeskFileError."""
    data = _example_json()
    node: Any = data
    for key in path[:-1]:
        node = node[key]
    if drop:
        del node[path[-1]]
    else:
        node[path[-1]] = value
    try:
        loads(json.dumps(data))
    except FidedeskFileError as error:
        assert "\n" not in str(error)


@settings(max_examples=400)
@given(st.integers(0, 10**6), st.integers(0, 3), st.text(max_size=3))
def test_any_text_damage_loads_or_fails_with_a_file_error(position: int, removed: int, inserted: str) -> None:
    """Cut, overwrite or insert characters anywhere in a valid file: loads, or FidedeskFileError."""
    text = dumps(EXAMPLE)
    at = position % (len(text) + 1)
    damaged = text[:at] + inserted + text[at + removed :]
    try:
        loads(damaged)
    except FidedeskFileError as error:
        assert "\n" not in str(error)


def test_the_norm_fields_of_the_event_round_trip_and_are_absent_when_not_given() -> None:
    """Issue 30: the chief arbiter's FIDE ID and licence, the organiser, the event type (B.01 1.4.1b, 1.4.3a-c) and
    the most rounds a day (1.1.3) are kept by a .fidedesk file; a file without them reads as not given."""
    example = loads(_doc_example())
    assert (example.info.arbiter_fide_id, example.info.arbiter_licence, example.info.organiser) == (None, None, "")
    assert (example.info.event_type, example.info.rounds_a_day) == (EventType.NORMAL, None)
    info = dataclasses.replace(
        example.info, arbiter_fide_id=22232540, arbiter_licence=ArbiterLicence.IA, organiser="Leeds Chess Club",
        event_type=EventType.NATIONAL_CHAMPIONSHIP, rounds_a_day=2,
    )  # fmt: skip
    tournament = dataclasses.replace(example, info=info)
    event = json.loads(dumps(tournament))["tournament"]["event"]
    keys = ("arbiter_fide_id", "arbiter_licence", "organiser", "event_type", "rounds_a_day")
    assert [event[key] for key in keys] == [22232540, "IA", "Leeds Chess Club", "national-championship", 2]
    assert loads(dumps(tournament)) == tournament
    assert "organiser" not in json.loads(dumps(example))["tournament"]["event"]


BAD_NORM_FIELDS = [
    ("licence", {"arbiter_licence": "XA"}, f'{EV}.arbiter_licence: expected one of "IA", "FA", "NA", found "XA"'),
    ("event type", {"event_type": "olympiad"}, f"{EV}.event_type: expected one of"),
    ("rounds a day", {"rounds_a_day": 0}, f"{EV}.rounds_a_day: expected"),
    ("fide id", {"arbiter_fide_id": "22232540"}, f"{EV}.arbiter_fide_id: expected"),
]  # fmt: skip


@pytest.mark.parametrize(("keys", "message"), [c[1:] for c in BAD_NORM_FIELDS], ids=[c[0] for c in BAD_NORM_FIELDS])
def test_a_bad_norm_field_is_refused_naming_its_place(keys: dict[str, Any], message: str) -> None:
    assert _event_refusal(keys).startswith(f"event.fidedesk: {message}")


def test_an_arbiters_title_and_fide_id_written_with_the_name_are_read_as_a_trf_102_record_is() -> None:
    """A file written before the arbiter's title and FIDE ID had keys (Gelendzhik's "24148296 Sakhvadze Georgy",
    read from its TRF then) holds them in the name: read as TRF reads them, so a TRF written from it reads back
    the same; with either key given, the name is kept as written."""
    data = copy.deepcopy(_example_json())
    data["tournament"]["event"]["chief_arbiter"] = "IA Mikel Larreategi Arana (22232540)"
    info = loads(json.dumps(data)).info
    assert (info.chief_arbiter, info.arbiter_licence, info.arbiter_fide_id) == (
        "Mikel Larreategi Arana", ArbiterLicence.IA, 22232540)  # fmt: skip
    data["tournament"]["event"]["arbiter_licence"] = "FA"
    info = loads(json.dumps(data)).info
    assert (info.chief_arbiter, info.arbiter_licence, info.arbiter_fide_id) == (
        "IA Mikel Larreategi Arana (22232540)", ArbiterLicence.FA, None)  # fmt: skip
