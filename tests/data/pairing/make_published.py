"""The rounds of published and real tournaments that the pairing tests pair, and FIDE TEC's Dutch engine's
pairing of each (``published_expected.json``).

Run once, from the repository's root: ``python -m tests.data.pairing.make_published``. The tests read the
file it writes and never run this (a test runs :func:`bare_pairing` on one small round, live).

For each file and each round r that it names, the engine paired round r from the file's TRF text cut to what
it was before round r (:func:`~fidedesk.engine.tec_checker.before_round`: the rounds before r and round
r's byes entered before pairing), through gacrux's own TRF reader (``pairingchecker -p -n r``). A file without
the number of rounds gets an ``XXR`` record (its last round); one without the colour of the top player in
round 1 gets a ``152`` record with the colour that reproduces more of round 1 as played, which the expected
file also records (``initial_colour``) so that fidedesk is given the same. For each round the file holds
the engine's boards (``white-black`` in board order, ``player-0`` the pairing-allocated bye), whether the
checker in check mode (``pairingchecker -c -n r``) agrees with that round written into the cut text, and how
many of the boards are the games played (same players, same colours), with the number of games played.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

from fidedesk.engine.tec_checker import (
    bare_pairing,
    before_round,
    checker_agrees,
    no_opponent,
    played_pairs,
    rounds_of_played,
    with_round,
)

HERE = Path(__file__).parent
TRF = HERE.parent / "trf"
EXPECTED = HERE / "published_expected.json"

#: (file, the rounds to pair; None: every round from 1 to the last with a game, and the next one when the
#: file has byes entered for it).
FILES: list[tuple[Path, list[int] | None]] = [
    (HERE / "published" / "bbp_issue_7.trf", [15]),
    (HERE / "published" / "bbp_dutch_2025_C5.trf", [3]),
    (HERE / "published" / "bbp_dutch_2025_C9.trf", [2]),
    (HERE / "published" / "tbs_absolute_vs_strong_colour_preference.trf", [11]),
    (TRF / "karl_mala_gedenkturnier_2005_frankfurt.trf", None),
    (TRF / "gros_open_2010_donostia.trf", None),
    (TRF / "torneo_san_viator_2018_madrid_B.trf", None),
    (TRF / "xii_sds_classic_2016_gelendzhik.trf", None),
    (HERE.parent / "tiebreaks" / "held_swiss_5.trf", None),
    (HERE.parent / "tiebreaks" / "held_swiss_9.trf", None),
]


def read_text(path: Path) -> str:
    """A TRF file's text as gacrux's checker reads one (Latin-1), with its line ends made ``\\n`` and each
    game without colours (older files' forfeits, ``- +``) given White for the lower start rank, as fidedesk's
    adapter does (gacrux's reader takes each side of such a game for White, and then finds no result for Black)."""
    text = path.read_bytes().decode("latin-1").replace("\r\n", "\n").replace("\r", "\n")
    lines = []
    for line in text.splitlines():
        if line.startswith("001"):
            rank = int(line[4:8])
            blocks = [line[start : start + 10] for start in range(89, len(line), 10)]
            for index, block in enumerate(blocks):
                if block[7:8] == "-" and not no_opponent(block):
                    colour = "w" if rank < int(block[2:6]) else "b"
                    blocks[index] = block[:7] + colour + block[8:]
            line = line[:89] + "".join(blocks)
        lines.append(line)
    return "\n".join(lines) + "\n"


def with_records(text: str, rounds: int, colour: str | None) -> str:
    """``text`` with an ``XXR`` record when it has neither ``XXR`` nor ``142``, and a ``152`` record of
    ``colour`` when it has neither ``152`` nor ``XXC`` and ``colour`` is given."""
    extra = []
    if not re.search(r"^(XXR|142) ", text, re.MULTILINE):
        extra.append(f"XXR {rounds}")
    if colour is not None and not re.search(r"^(152|XXC) ", text, re.MULTILINE):
        extra.append(f"152 {colour}")
    return text.rstrip("\n") + "\n" + "".join(line + "\n" for line in extra)


def has_colour(text: str) -> bool:
    return re.search(r"^(152|XXC) ", text, re.MULTILINE) is not None


def rounds_to_pair(text: str, named: list[int] | None) -> list[int]:
    if named is not None:
        return named
    played = rounds_of_played(text)
    return list(range(1, played + 1)) + ([played + 1] if _has_byes_after(text, played) else [])


def _has_byes_after(text: str, played: int) -> bool:
    for line in text.splitlines():
        if line.startswith("001") and len(line) > 89 + 10 * played and line[89 + 10 * played :].strip():
            return True
    return False


def pairs_text(pairs: list[tuple[int, int]]) -> str:
    return " ".join(f"{white}-{black}" for white, black in pairs)


def expected_file(path: Path, named: list[int] | None) -> dict[str, Any]:
    text = read_text(path)
    played = rounds_of_played(text)
    rounds = rounds_to_pair(text, named)
    total = max(rounds)
    colour = None
    if not has_colour(text):
        first = before_round(text, 1)
        scores = {}
        for letter in "WB":
            pairs = bare_pairing(with_records(first, max(total, played), letter), 1)
            scores[letter] = len(set(pairs) & played_pairs(text, 1))
        colour = max("WB", key=lambda letter: scores[letter])
    found = {}
    for round_ in rounds:
        cut = with_records(before_round(text, round_), max(total, played), colour)
        pairs = bare_pairing(cut, round_)
        games = played_pairs(text, round_)
        found[str(round_)] = {
            "pairs": pairs_text(pairs),
            "checker": checker_agrees(with_round(cut, round_, pairs), round_),
            "played": len(games),
            "same": len(set(pairs) & games),
        }
        print(path.name, round_, found[str(round_)]["same"], "of", len(games), file=sys.stderr, flush=True)
    return {"initial_colour": colour, "rounds": found}


def main() -> None:
    document = {path.name: expected_file(path, named) for path, named in FILES}
    EXPECTED.write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
