"""Round robins of 3-16 players paired round by round by FIDE TEC's Berger engine (gacrux 1.11.65,
``gacrux.pairingberger``), single and double (``berger_expected.json``).

Run once, from the repository's root: ``python -m tests.data.pairing.make_berger``. The tests read the file
and never run this (a test runs :func:`berger_rounds` on one size, live).

For each number of players n, a TRF text of n players and no games (:func:`round_robin_trf`) goes to gacrux's
pairing checker, which pairs each round r as its command line ``pairingchecker -p -n r -m METHOD`` does, for
the methods ``berger`` (a single round robin), ``berger-double`` (double: the second cycle repeats the first
with colours reversed) and ``berger-double-fide`` (double, with the first cycle's last two rounds in reverse
order, as C.05 Annex 1 recommends for a double round robin). Each round is written ``white-black`` in board
order; with an odd n, ``player-0`` is the player without an opponent (gacrux's Berger dummy).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from fidedesk.engine.tec_checker import bare_pairing_with

from .make_generated import pairs_text

EXPECTED = Path(__file__).with_name("berger_expected.json")
SIZES = range(3, 17)
METHODS = ["berger", "berger-double", "berger-double-fide"]


def round_robin_trf(players: int) -> str:
    """A round robin of ``players`` rated players, start ranks by rating, and no games yet."""
    lines = [f"012 Round robin of {players}", "092 Individual: Round-Robin"]
    for rank in range(1, players + 1):
        name = f"Player {rank}"
        lines.append(f"001 {rank:4d}      {name:<33} {2400 - 10 * rank:4d}                             0.0 {rank:4d}")
    return "\n".join(lines) + "\n"


def rounds_of(players: int, method: str) -> int:
    cycle = players + players % 2 - 1
    return cycle * (2 if "double" in method else 1)


def berger_rounds(players: int, method: str) -> list[str]:
    """Every round of the round robin as gacrux's Berger engine pairs it with ``method``."""
    text = round_robin_trf(players)
    rounds = range(1, rounds_of(players, method) + 1)
    return [pairs_text(bare_pairing_with(text, round_, ["-m", method])) for round_ in rounds]


def main() -> None:
    document = {method: {str(n): berger_rounds(n, method) for n in SIZES} for method in METHODS}
    EXPECTED.write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")
    print("written", EXPECTED, file=sys.stderr)


if __name__ == "__main__":
    main()
