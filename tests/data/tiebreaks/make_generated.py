"""Generate the tournaments of ``generated.trf.gz`` with FIDE TEC's tournament generator (gacrux 1.11.65).

Run once, from the repository's root: ``python -m tests.data.tiebreaks.make_generated``. The tests
read the file it writes and never run this. Every tournament is drawn from seed ``SEED + index`` (or,
when gacrux's Dutch engine finds no legal pairing for a round, the next of ``SEED + index + 1,000,000
× attempt``; the 012 line says which):

- 85 % Swiss (gacrux's Dutch engine), 6-60 players, 3-11 rounds (at most half the players plus
  one); 15 % single round robins (gacrux's Berger tables), 6-12 players.
- Results by gacrux's rating model; ratings all given (C.07 10 drops the rating tie-breaks when any
  player is unrated, so the generated events have none).
- Swiss: zero-point byes (0-4 % a player a round), half-point byes (0-12 %, in rounds 1-3 as gacrux
  allows them), pairing-allocated byes whenever the number present is odd, forfeits (0-8 % of the
  pairings), and in half of them 1-6 players who leave: absent (a zero-point bye, ``Z``) from a round
  on to the end. Round robins: forfeits, and with an odd number of players the round each player
  meets gacrux's Berger dummy, which gacrux writes as a pairing-allocated bye (``U``, one point).
- Start dates: even indexes from 2024-08-01 to 2026-02-28 (C.07 2024), odd ones from 2026-03-01 to
  2026-12-31 (C.07 2026), with the days either side of 1 March 2026 among them.

The file holds the TRF texts one after the other, each after a line ``=== <index>``.

``python -m tests.data.tiebreaks.make_generated expected`` then writes ``generated_expected.json.gz``:
gacrux's figures for every tournament, read by gacrux's own TRF reader (not fidedesk's), in both
editions: every code of :data:`CODES` but DE (``values``, by start rank, ``-`` for none; a 2026 line
equal to the 2024 one is ``=``) and the ranks of each order of :data:`ORDERS` (``ranks``). The
test compares fidedesk with that file, so that it runs in seconds instead of the minutes gacrux takes.
"""

from __future__ import annotations

import datetime as dt
import gzip
import json
import random
import sys
from pathlib import Path
from typing import Any

from gacrux.drawresult import drawresult  # type: ignore[import-untyped]
from gacrux.gacruxexeptions import GacruxNoLegalPairing  # type: ignore[import-untyped]
from gacrux.tournamentgenerator import tournamentgenerator  # type: ignore[import-untyped]
from gacrux.trf2json import trf2json  # type: ignore[import-untyped]

#: Every individual tie-break both fidedesk and gacrux know, in fidedesk's spelling.
CODES = [
    "BH", "BH-C1", "BH-C2", "BH-M1", "FB", "AOB", "SB", "SB-C1", "KS", "PS", "PS-C1",
    "WIN", "WON", "BPG", "BWG", "GE", "ARO", "ARO-C1", "ARO-M1", "TPR", "PTP", "APRO", "APPO", "DE",
]  # fmt: skip
SEED = 20260301
COUNT = 1000
#: The orders of tie-breaks after the points whose ranks the test compares.
ORDERS = [["BH-C1", "BH", "SB"], ["DE", "WIN", "SB"], ["SB", "KS", "ARO"]]
OUTPUT = Path(__file__).with_name("generated.trf.gz")
EXPECTED = Path(__file__).with_name("generated_expected.json.gz")
_FIRST_2024, _LAST_2024 = dt.date(2024, 8, 1), dt.date(2026, 2, 28)
_FIRST_2026, _LAST_2026 = dt.date(2026, 3, 1), dt.date(2026, 12, 31)


class _Results(drawresult):  # type: ignore[misc]
    """gacrux's draws, with the absences of the players who left forced in."""

    def __init__(self) -> None:
        super().__init__(None)
        self.forced: list[str] = []

    def has_bye(self) -> str:
        drawn: str = super().has_bye()
        forced = self.forced.pop(0) if self.forced else ""
        return forced or drawn


class _Generator(tournamentgenerator):  # type: ignore[misc]
    """gacrux's generator with players who leave: ``leave`` maps a start rank to the first round missed."""

    def __init__(self, leave: dict[int, int]) -> None:
        super().__init__()
        self.statistics = _Results()
        self.leave = leave

    def do_pairing(self, ch: object, tournament: dict[str, object], rnd: int) -> None:
        competitors = tournament["competitors"]
        assert isinstance(competitors, list)
        self.statistics.forced = [
            "Z" if self.leave.get(competitor["cid"], 10**6) <= rnd else "" for competitor in competitors
        ]
        super().do_pairing(ch, tournament, rnd)


def _date(draw: random.Random, first: dt.date, last: dt.date) -> dt.date:
    return first + dt.timedelta(days=draw.randint(0, (last - first).days))


def tournament(index: int) -> str:
    """The TRF text of tournament ``index``: the first draw, from seed ``SEED + index + 1,000,000 × attempt``,
    that gacrux's engine can pair to the end (a Swiss with few players left may have no legal pairing)."""
    for attempt in range(100):
        try:
            return _tournament(index, SEED + index + 1_000_000 * attempt)
        except GacruxNoLegalPairing:
            continue
    raise RuntimeError(f"tournament {index}: no draw could be paired")


def _tournament(index: int, seed: int) -> str:
    draw = random.Random(seed)
    round_robin = draw.random() < 0.15
    if round_robin:
        players = draw.randint(6, 12)
        rounds = players - 1 if players % 2 == 0 else players
        zpb, hpb, forfeited = 0.0, 0.0, draw.uniform(0.0, 0.08)
        leave: dict[int, int] = {}
    else:
        players = draw.randint(6, 60)
        rounds = draw.randint(3, min(11, players // 2 + 1))
        zpb, hpb, forfeited = draw.uniform(0.0, 0.04), draw.uniform(0.0, 0.12), draw.uniform(0.0, 0.08)
        leaving = draw.randint(1, min(6, players // 5)) if draw.random() < 0.5 else 0
        leave = {rank: draw.randint(2, rounds) for rank in draw.sample(range(1, players + 1), leaving)}
    if index % 2 == 0:
        start = _LAST_2024 if index % 50 == 0 else _date(draw, _FIRST_2024, _LAST_2024)
    else:
        start = _FIRST_2026 if index % 50 == 1 else _date(draw, _FIRST_2026, _LAST_2026)
    method = "berger" if round_robin else "dutch"
    saved = sys.argv
    sys.argv = [
        "generator",
        "-p",
        str(players),
        "-N",
        str(rounds),
        "-m",
        method,
        "-S",
        str(zpb),
        str(hpb),
        str(forfeited),
    ]
    try:
        generator = _Generator(leave)
        generator.read_command_line()
    finally:
        sys.argv = saved
    generator.statistics.set_seed(seed * 7)
    event = generator.gen_tournament(index)
    text: str = trf2json().output_file(event, 1, 0)
    system = "Individual: Round-Robin" if round_robin else "Individual: Swiss-System"
    lines = []
    for line in text.splitlines():
        if line.startswith(("022", "052", "122")):
            continue  # gacrux's parameters and blank fields: nothing a tie-break reads
        if line.startswith("012"):
            line = f"012 Generated {index} ({method}, {players} players, {rounds} rounds, seed {seed})"
        elif line.startswith("042"):
            line = f"042 {start:%Y/%m/%d}"
        elif line.startswith("092"):
            line = f"092 {system}"
        lines.append(line.rstrip())
    return "\n".join(lines) + "\n"


def read_generated(path: Path = OUTPUT) -> list[str]:
    """The TRF texts of the generated tournaments, by index."""
    with gzip.open(path, "rt", encoding="utf-8") as source:
        text = source.read()
    chunks = text.split("=== ")[1:]
    texts = []
    for index, chunk in enumerate(chunks):
        number, _, body = chunk.partition("\n")
        assert int(number) == index, f"tournament {number} where {index} was expected"
        texts.append(body)
    return texts


def gacrux_reading(text: str) -> dict[str, Any]:
    """The tournament of a TRF text as gacrux's own TRF reader reads it."""
    reader = trf2json()
    reader.parse_file(text, False)
    event: dict[str, Any] = reader.get_tournament(1)
    return event


def gacrux_figures(text: str) -> dict[str, dict[str, dict[str, str]]]:
    """gacrux's values and ranks for one tournament, in each edition, as the expected file holds them."""
    from fidedesk.core.tiebreaks.calculate import TieBreakRules
    from fidedesk.engine.gacrux_json import run_gacrux

    round_robin = "092 Individual: Round-Robin" in text
    figures = {}
    for rules in TieBreakRules:
        result = run_gacrux(lambda: gacrux_reading(text), CODES, rules, round_robin=round_robin)
        ranks = sorted(result.values)
        assert ranks == list(range(1, len(ranks) + 1)), "start ranks 1 to n"
        values = {
            code: " ".join(
                "-" if result.values[rank][index] is None else str(result.values[rank][index]) for rank in ranks
            )
            for index, code in enumerate(CODES)
        }
        orders = {}
        for order in ORDERS:
            placed = run_gacrux(
                lambda: gacrux_reading(text), order, rules, round_robin=round_robin, ranks_only=True
            ).ranks
            orders[" ".join(order)] = " ".join(str(placed[rank]) for rank in ranks)
        figures[rules.code] = {"values": values, "ranks": orders}
    return figures


def write_expected() -> None:
    texts = read_generated()
    tournaments = []
    for index, text in enumerate(texts):
        tournaments.append(gacrux_figures(text))
        if index % 50 == 0:
            print(index, file=sys.stderr, flush=True)
    document = {"codes": CODES, "orders": [" ".join(order) for order in ORDERS], "tournaments": tournaments}
    write_document(shrunk(document))


def shrunk(document: dict[str, Any]) -> dict[str, Any]:
    """The figures without what the test does not read or can tell: DE's values (DE is compared by the
    ranks) and a 2026 value line equal to the 2024 one (written ``=``)."""
    for figures in document["tournaments"]:
        for edition in figures.values():
            edition["values"].pop("DE", None)
        first, second = figures["2024"]["values"], figures["2026"]["values"]
        for code, line in second.items():
            if line == first[code]:
                second[code] = "="
    return document


def write_document(document: dict[str, Any]) -> None:
    with gzip.GzipFile(EXPECTED, "wb", compresslevel=9, mtime=0) as out:
        out.write(json.dumps(document, separators=(",", ":")).encode("utf-8"))


def main() -> None:
    if sys.argv[1:] == ["expected"]:
        write_expected()
        return
    count = int(sys.argv[1]) if len(sys.argv) > 1 else COUNT
    parts = []
    for index in range(count):
        parts.append(f"=== {index}\n{tournament(index)}")
        if index % 50 == 0:
            print(index, file=sys.stderr, flush=True)
    with gzip.GzipFile(OUTPUT, "wb", compresslevel=9, mtime=0) as out:
        out.write("".join(parts).encode("utf-8"))


if __name__ == "__main__":
    main()
