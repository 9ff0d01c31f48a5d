"""Pairing by keyboard alone in the real window on Xvfb (issue 16): a Swiss and a round robin paired by fidedesk.

    python -m tests.gui.xvfb_pairing swiss|rr [--size 1366x768] [--shots FOLDER]

run from the repository on Linux with Debian's ``xvfb``, ``xdotool`` and ``imagemagick``. ``swiss``: a
30-player, 5-round Swiss with Baku acceleration, 1 and 2 forbidden to meet (typed in the event form) and the
round-1 colour drawn by lot, the club's list from Excel, each round paired by Edit › Pair Next Round (Ctrl+R)
and its results typed by keys; a half-point bye asked for before round 3, a player withdrawn before round 4,
and in round 5 two boards swapped by hand (the FIDE column marks them). ``rr``: an 8-player round robin typed
by hand, numbered by lot (Edit › Number Players by Lot) and paired all at once (Ctrl+Shift+R), then its 28
results. Only ``xdotool key`` and ``xdotool type`` reach the window (as in :mod:`tests.gui.xvfb_walkthrough`,
whose steps it shares).

At the end the saved file is read back: every round paired, every result typed in it, the byes asked for,
and FIDE's checker agreeing with every round fidedesk paired (the round changed by hand disagreeing on
exactly the two boards swapped).
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from tests.gui.xvfb import Screen, screen_options
from tests.gui.xvfb_walkthrough import RESULT_KEY, Walk, club_list

#: The places in the Rounds view's list of byes.
BYE_PLACE = {"H": 1, "withdraw": 4}


def swap_without_rematch(walk: Walk, round_: int) -> tuple[int, int, tuple[int, int], tuple[int, int]]:
    """Two boards of ``round_`` (in the file last saved: what the engine paired) whose Blacks can be swapped
    without a rematch: their rows, and the two boards as the arbiter makes them."""
    from fidedesk.core.editing import boards
    from fidedesk.io.native.fidedesk_file import load

    tournament = load(walk.scratch / f"{walk.event}.fidedesk")
    met = {frozenset((p.start_rank, e.opponent)) for p in tournament.players for e in p.rounds if e.opponent}
    games = [(b.white, b.black) for b in boards(tournament, round_) if b.black is not None]
    for first, (w1, b1) in enumerate(games):
        for second, (w2, b2) in enumerate(games[first + 1 :], start=first + 1):
            if frozenset((w1, b2)) not in met and frozenset((w2, b1)) not in met:
                return first, second, (w1, b2), (w2, b1)
    raise RuntimeError(f"no two boards of round {round_} can be swapped without a rematch")


def save(walk: Walk, first: bool = False) -> None:
    walk.screen.key("ctrl+s", pause=3.0 if first else 1.5)  # a busy machine takes its time to show a dialog
    if first:  # Save As: the name proposed, in the folder used last
        walk.screen.key("Return", pause=3.0)
        walk.screen.focus()


def results(walk: Walk, count: int, rng: random.Random) -> None:
    walk.screen.key(*(RESULT_KEY[rng.choice("110==0")] for _ in range(count)), pause=0.8)


def bye(walk: Walk, player: int, code: str) -> None:
    """Before pairing: the round after the last paired, the player in White, the bye from the list."""
    key = walk.screen.key
    key("alt+u", "Up", "alt+w")
    walk.screen.type(str(player))
    key("Tab", "Tab", "Tab", "Home", *["Down"] * BYE_PLACE[code], "Tab", "space", pause=0.8)


def swiss(walk: Walk) -> None:
    key, type_ = walk.screen.key, walk.screen.type
    rng = random.Random(16)
    club_list(walk.scratch / "club-list.xlsx")
    walk.event_form("Winter Open", "Kassel", 0, "2026-12-05", "2026-12-07")
    walk.file_dialog(walk.scratch / "club-list.xlsx", "alt+f", "x")
    time.sleep(2.0)
    key("alt+i", pause=3.0)  # the wizard read the list as it is: Import
    walk.screen.focus()
    walk.step("thirty-players-from-excel")
    key("alt+d", "Tab")  # End, then Rounds
    type_("5")
    key("Tab", "Tab", "space", pause=0.8)  # Colour stays By lot; Baku acceleration ticked
    key("Tab")  # Forbidden pairs: 1 and 2 never meet
    type_("1 2")
    key("Return", pause=0.8)
    walk.step("rounds-colour-baku")
    present = 30
    for number in range(1, 6):
        if number == 3:
            bye(walk, 30, "H")
            walk.step("half-point-bye-before-round-3")
        if number == 4:
            bye(walk, 28, "withdraw")
            present -= 1
            walk.step("withdrawal-before-round-4")
        key("ctrl+r", pause=4.0)
        walk.step(f"round-{number}-paired")
        if number == 5:
            save(walk)
            first, second, *swapped = swap_without_rematch(walk, 5)
            key(*["Down"] * first, "Delete", *["Down"] * (second - first - 1), "Delete", pause=0.6)
            key("alt+w")
            for white, black in swapped:
                type_(str(white))
                key("Return")
                type_(str(black))
                key("Return", pause=0.5)
            key("Return", pause=3.0)  # to the boards; meanwhile FIDE's pairing is worked out again
            walk.step("round-5-two-boards-swapped")
            walk.swapped = set(swapped)  # type: ignore[attr-defined]
        playing = present - (1 if number == 3 else 0)
        results(walk, playing // 2, rng)
        walk.step(f"round-{number}-results")
        if number == 1:
            save(walk, first=True)
    key("alt+2", pause=1.0)
    walk.step("crosstable")
    key("alt+3", "Down", pause=1.0)
    walk.step("standings")
    save(walk)


def round_robin(walk: Walk) -> None:
    key, type_ = walk.screen.key, walk.screen.type
    rng = random.Random(8)
    walk.event_form("Autumn Round Robin", "Bad Homburg", 1, "2026-11-28", "2026-11-30")
    for number, rating in enumerate((2310, 2250, 2205, 2190, 2120, 2080, 1990, 1950), start=1):
        key("alt+a")
        type_(f"Player{number}, Test\t\t\tGER\t\t{rating}")
        key("Return")
    walk.step("eight-players")
    key("alt+e", "l", pause=1.0)  # Edit › Number Players by Lot
    walk.step("numbered-by-lot")
    key("ctrl+shift+r", pause=2.0)  # Edit › Pair All Rounds
    walk.step("all-rounds-paired")
    for number in range(1, 8):
        if number > 1:
            key("alt+u", "Up", "alt+w", "Return")  # the next round, its first board
        results(walk, 4, rng)
        walk.step(f"round-{number}-results")
    key("alt+2", pause=1.0)
    walk.step("crosstable")
    walk.file_dialog(walk.scratch / f"{walk.event}.fidedesk", "ctrl+s")  # Save As: no folder used yet
    walk.screen.focus()


def check(walk: Walk, rounds: int) -> list[str]:
    """The saved file: every round paired and its results in, the byes, FIDE's checker on each round."""
    from fidedesk.core.pairing.setup import ForbiddenPairs
    from fidedesk.core.pairing.setup_edits import set_baku
    from fidedesk.core.results import ResultCode
    from fidedesk.engine.pairing import check_round
    from fidedesk.io.native.fidedesk_file import load

    saved = walk.scratch / f"{walk.event}.fidedesk"
    if not saved.is_file():
        return [f"{saved.name} was not saved"]
    tournament = load(saved)
    problems = []
    if walk.event.startswith("Winter") and not tournament.info.acceleration:
        # .fidedesk does not keep the Baku records yet (the file formats' part of issue 16): set against
        # FIDE's pairing, the rounds need them as the window had them, worked out for who was present
        print("note: the Baku records are not in the .fidedesk file; checked with them worked out again")
        tournament = set_baku(tournament, True)
    for number in range(1, rounds + 1):
        entries = [e for p in tournament.players for e in p.rounds if e.round == number]
        if not any(e.opponent is not None for e in entries):
            problems.append(f"round {number} is not paired")
        if any(e.result is ResultCode.PENDING for e in entries):
            problems.append(f"round {number} has games without a result")
        _fide, checks = check_round(tournament, number)
        differ = {(c.board.white, c.board.black) for c in checks if not c.agrees}
        expected = getattr(walk, "swapped", set()) if number == 5 else set()
        if differ != expected:
            problems.append(f"round {number}: FIDE's checker differs on {sorted(differ)}, expected {sorted(expected)}")
    if rounds == 5:
        by_rank = tournament.by_rank()
        if next(e for e in by_rank[30].rounds if e.round == 3).result is not ResultCode.HALF_BYE:
            problems.append("30's half-point bye in round 3 is not in the file")
        if [e.result for e in by_rank[28].rounds if e.round >= 4] != [ResultCode.ZERO_BYE] * 2:
            problems.append("28's withdrawal from round 4 is not in the file")
        if tournament.info.initial_colour is None:
            problems.append("the colour drawn is not in the file")
        if tournament.info.forbidden != (ForbiddenPairs((1, 2)),):
            problems.append(f"the forbidden pairs typed are not in the file: {tournament.info.forbidden}")
        if any(e.opponent == 2 for e in by_rank[1].rounds):
            problems.append("1 and 2 met, forbidden to")
    return problems


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.gui.xvfb_pairing", description=__doc__.splitlines()[0])
    parser.add_argument("event", choices=("rr", "swiss"))
    args, width, height = screen_options(parser, argv)
    with tempfile.TemporaryDirectory(prefix="fidedesk-pairing-") as folder:
        scratch = Path(folder)
        with Screen(width, height, scratch=scratch) as screen:
            screen.start()
            walk = Walk(screen, scratch, args.shots)
            walk.step("start")
            (round_robin if args.event == "rr" else swiss)(walk)
            screen.key("ctrl+q", pause=2.0)
        for name, keys in walk.steps:
            print(f"{name:36} {keys:5}")
        print(f"{'keys in all':36} {screen.keys:5}")
        problems = check(walk, 7 if args.event == "rr" else 5)
        print(f"the saved file and FIDE's checker: {len(problems)} problems")
        for problem in problems:
            print(f"  {problem}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
