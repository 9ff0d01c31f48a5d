"""Generate the Swiss tournaments of ``generated.trf.gz`` with FIDE TEC's tournament generator (gacrux 1.11.65),
and the pairing of each of their rounds by FIDE TEC's Dutch engine called bare (``generated_expected.json.gz``).

Run once, from the repository's root: ``python -m tests.data.pairing.make_generated`` (the tournaments), then
``python -m tests.data.pairing.make_generated expected`` (the pairings). The tests read the files and never
run this, except :func:`bare_pairing` and :func:`checker_agrees` on a few rounds, live. Those, and the
cutting of a TRF text by column (:func:`before_round`, :func:`with_round`), are
:mod:`fidedesk.engine.tec_checker`'s, which ``fidedesk-cli check`` runs too.

Tournament ``index`` is drawn from seed ``SEED + index`` (or, when gacrux's engine finds no legal pairing
for a round, ``SEED + index + 1,000,000 × attempt``; the 012 line says which): a Swiss of ``SIZES[index]``
players (7-80) and 5-11 rounds (at most the players less two; 11 for index ``LONGEST``), paired round by
round by gacrux's Dutch engine inside its generator, with results by gacrux's rating model, and drawn at
random:

- zero-point byes (0-4 % a player a round), half-point byes (0-12 %, rounds 1-3 as gacrux allows them),
  forfeits (0-8 % of the games), a pairing-allocated bye whenever the number present is odd;
- in about half, 1-4 players who leave (absent, ``Z``, from a round on to the end);
- in about a third, 1-2 late entries (absent, ``Z``, in rounds 1 to 1-2, then playing);
- in about a third, the Baku acceleration as gacrux's generator computes it (its ``-a``; TRF 250 records);
- in about a third, forbidden pairs: 1-2 groups of 2-3 players who must not meet in rounds 1 to k or in all
  (TRF-2026 260 records), which gacrux's engine respected when it paired them;
- the colour of the top player in round 1: White for even indexes, Black for odd ones (TRF-2026 152).

The file holds the TRF texts one after the other, each after a line ``=== <index>``.

The expected pairings: for each tournament and round r, :func:`before_round` cuts the TRF text to what it
was before round r was paired (the rounds before it, and round r's half-, full- and zero-point byes:
the byes requested before pairing), and gacrux's pairing checker pairs round r from that text through
gacrux's own TRF reader, as its command line ``pairingchecker -p -n r`` does (:func:`bare_pairing`); then
the checker in check mode (``pairingchecker -c -n r``) reads the text with that pairing written in as
round r and must call it right (:func:`checker_agrees`). For each round the file holds the boards
``white-black`` in board order (``player-0`` the pairing-allocated bye), whether the checker agreed, and
whether the round is the one played in the generated tournament.
"""

from __future__ import annotations

import gzip
import json
import random
import re
import sys
from decimal import Decimal
from pathlib import Path
from typing import Any

from fidedesk.engine.tec_checker import bare_pairing, before_round, checker_agrees, played_pairs, with_round

SEED = 20261127
#: The number of players of each tournament, by index.
SIZES = [7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 19, 20, 22, 24, 26, 29, 31, 35, 40, 44, 50, 57, 64, 71, 80]
#: The tournament of 11 rounds (the others draw 5-11, fewer than the players less one).
LONGEST = 24
OUTPUT = Path(__file__).with_name("generated.trf.gz")
EXPECTED = Path(__file__).with_name("generated_expected.json.gz")


def _generator_classes() -> tuple[type, type]:
    from gacrux.drawresult import drawresult  # type: ignore[import-untyped]
    from gacrux.tournamentgenerator import tournamentgenerator  # type: ignore[import-untyped]

    class Results(drawresult):  # type: ignore[misc]
        """gacrux's draws, with the absences of the players who left or come late forced in."""

        def __init__(self) -> None:
            super().__init__(None)
            self.forced: list[str] = []

        def has_bye(self) -> str:
            drawn: str = super().has_bye()
            forced = self.forced.pop(0) if self.forced else ""
            return forced or drawn

    class Generator(tournamentgenerator):  # type: ignore[misc]
        """gacrux's generator with absences (start rank -> rounds absent) and forbidden pairs."""

        def __init__(self, absent: dict[int, set[int]], prohibited: list[dict[str, Any]]) -> None:
            super().__init__()
            self.statistics = Results()
            self.absent = absent
            self.prohibited = prohibited

        def run_tournament(self, ch: object, tournament: dict[str, Any], rounds: int, is_rr: bool) -> None:
            if self.prohibited:
                tournament["prohibited"] = self.prohibited
            super().run_tournament(ch, tournament, rounds, is_rr)

        def do_pairing(self, ch: object, tournament: dict[str, Any], rnd: int) -> None:
            self.statistics.forced = [
                "Z" if rnd in self.absent.get(competitor["cid"], ()) else "" for competitor in tournament["competitors"]
            ]
            super().do_pairing(ch, tournament, rnd)

    return Results, Generator


def tournament(index: int) -> str:
    """The TRF text of tournament ``index``: the first draw that gacrux's engine can pair to the end."""
    from gacrux.gacruxexeptions import GacruxNoLegalPairing  # type: ignore[import-untyped]

    for attempt in range(100):
        try:
            return _tournament(index, SEED + index + 1_000_000 * attempt)
        except GacruxNoLegalPairing:
            continue
    raise RuntimeError(f"tournament {index}: no draw could be paired")


def _tournament(index: int, seed: int) -> str:
    from gacrux.trf2json import trf2json  # type: ignore[import-untyped]

    draw = random.Random(seed)
    players = SIZES[index]
    rounds = 11 if index == LONGEST else draw.randint(5, min(11, players - 2))
    zpb, hpb, forfeited = draw.uniform(0.0, 0.04), draw.uniform(0.0, 0.12), draw.uniform(0.0, 0.08)
    absent: dict[int, set[int]] = {}
    if draw.random() < 0.5:
        for rank in draw.sample(range(1, players + 1), draw.randint(1, max(1, min(4, players // 8)))):
            absent[rank] = set(range(draw.randint(2, rounds), rounds + 1))
    if draw.random() < 0.35:
        for rank in draw.sample([r for r in range(1, players + 1) if r not in absent], draw.randint(1, 2)):
            absent[rank] = set(range(1, draw.randint(2, 3)))
    accelerated = draw.random() < 0.35
    prohibited = []
    if draw.random() < 0.35:
        for _ in range(draw.randint(1, 2)):
            group = sorted(draw.sample(range(1, players + 1), draw.randint(2, 3)))
            last = rounds if draw.random() < 0.5 else draw.randint(1, rounds)
            prohibited.append({"firstRound": 1, "lastRound": last, "competitors": group})
    _, generator_class = _generator_classes()
    saved = sys.argv
    sys.argv = ["generator", "-p", str(players), "-N", str(rounds), "-m", "dutch", "-S", str(zpb), str(hpb)]
    sys.argv += [str(forfeited), *(["-a"] if accelerated else [])]
    try:
        generator = generator_class(absent, prohibited)
        generator.read_command_line()
    finally:
        sys.argv = saved
    generator.statistics.set_seed(seed * 7)
    event = generator.gen_tournament(index)
    text: str = trf2json().output_file(event, 1, 0)
    lines = []
    for line in text.splitlines():
        if line.startswith(("022", "122")):
            continue  # gacrux's parameters and a blank field
        if line.startswith("012"):
            extra = ", accelerated" if accelerated else ""
            line = f"012 Generated {index} (dutch, {players} players, {rounds} rounds{extra}, seed {seed})"
        elif line.startswith(("042", "052")):
            line = line[:4] + "2026/03/01"
        elif line.startswith("092"):
            line = "092 Individual: Swiss-System"
        lines.append(line.rstrip())
    return "\n".join(lines) + "\n"


def read_generated(path: Path = OUTPUT) -> list[str]:
    """The TRF texts of the generated tournaments, by index."""
    with gzip.open(path, "rt", encoding="utf-8") as source:
        text = source.read()
    texts = []
    for index, chunk in enumerate(text.split("=== ")[1:]):
        number, _, body = chunk.partition("\n")
        assert int(number) == index, f"tournament {number} where {index} was expected"
        texts.append(body)
    return texts


def rounds_of(text: str) -> int:
    """The number of rounds the TRF text announces (142)."""
    found = re.search(r"^142 +(\d+)", text, re.MULTILINE)
    assert found is not None, "a generated tournament announces its rounds"
    return int(found.group(1))


def pairs_text(pairs: list[tuple[int, int]]) -> str:
    """Pairs as the expected file writes them: ``white-black`` in board order, ``player-0`` the PAB."""
    return " ".join(f"{white}-{black}" for white, black in pairs)


def read_pairs(text: str) -> list[tuple[int, int]]:
    return [(int(white), int(black)) for white, black in (pair.split("-") for pair in text.split())]


def expected_rounds(text: str) -> list[dict[str, Any]]:
    """The bare engine's pairing of each round of one tournament, the checker's verdict and whether it was played."""
    found = []
    for round_ in range(1, rounds_of(text) + 1):
        before = before_round(text, round_)
        pairs = bare_pairing(before, round_)
        found.append(
            {
                "pairs": pairs_text(pairs),
                "checker": checker_agrees(with_round(before, round_, pairs), round_),
                "played": set(pairs) == played_pairs(text, round_),
            }
        )
    return found


def write_expected() -> None:
    tournaments = []
    for index, text in enumerate(read_generated()):
        tournaments.append(expected_rounds(text))
        print(index, file=sys.stderr, flush=True)
    with gzip.GzipFile(EXPECTED, "wb", compresslevel=9, mtime=0) as out:
        out.write(json.dumps({"tournaments": tournaments}, separators=(",", ":")).encode("utf-8"))


def acceleration_records(text: str) -> list[tuple[Decimal, int, int, int, int]]:
    """The TRF 250 records of a text: (points, first round, last round, first and last start rank)."""
    records = []
    for line in text.splitlines():
        if line.startswith("250"):
            records.append(
                (Decimal(line[9:13]), int(line[14:17]), int(line[18:21]), int(line[22:26]), int(line[27:31]))
            )
    return records


def forbidden_records(text: str) -> list[tuple[int, int, tuple[int, ...]]]:
    """The TRF-2026 260 records of a text: (first round, last round, start ranks)."""
    records = []
    for line in text.splitlines():
        if line.startswith("260"):
            ranks = tuple(int(line[start - 4 : start]) for start in range(16, len(line) + 1, 5))
            records.append((int(line[4:7]), int(line[8:11]), ranks))
    return records


def main() -> None:
    if sys.argv[1:] == ["expected"]:
        write_expected()
        return
    parts = []
    for index in range(len(SIZES)):
        parts.append(f"=== {index}\n{tournament(index)}")
        print(index, file=sys.stderr, flush=True)
    with gzip.GzipFile(OUTPUT, "wb", compresslevel=9, mtime=0) as out:
        out.write("".join(parts).encode("utf-8"))


if __name__ == "__main__":
    main()
