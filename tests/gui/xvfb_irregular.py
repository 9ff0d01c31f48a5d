"""Issue 25's irregular event by keyboard alone in the real window on Xvfb: every figure and default checked.

    python -m tests.gui.xvfb_irregular [--size 1366x768] [--shots FOLDER]

run from the repository on Linux with Debian's ``xvfb``, ``xdotool``, ``imagemagick`` and ``xclip``. The event
of :mod:`tests.gui.irregular` is typed: a 5-round Swiss of eight players typed by hand, rounds 1 and 2 paired
by hand and their results typed, player 8 withdrawn before round 3, round 3 paired with player 7 on the
pairing-allocated bye, and a half-point bye for player 3 entered ahead for round 5. Then, as an arbiter
looks: the Standings, the Crosstable and the players table (each copied with Ctrl+C and read back from the
clipboard), the file saved, closed and opened again (File › Open Recent), Export Web Pages with the round it
proposes, a board typed where the Rounds view opened, a second one taken back by Ctrl+Z in the empty White
field (and then the first), and a board typed in round 5 while round 4 is not paired (the question answered
No with Enter, its default).

Checked against ``fidedesk.core`` on the saved file: the standings' places, points and tie-breaks, the
crosstable's points and ranks, the players' points (all after round 3: the round-5 bye and the withdrawal's
later rounds uncounted), the web pages written (round 3's, none of round 5), the board typed after reopening
in round 4, the boards undone gone, and nothing paired in round 5. Only ``xdotool key`` and ``xdotool type``
reach the window (as in :mod:`tests.gui.xvfb_walkthrough`, whose steps it shares).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

from tests.gui.irregular import AHEAD, AHEAD_ROUND, GAMES, PAIRING_BYE_ROUND_3, WITHDRAWN, WITHDRAWN_FROM, D, L, W
from tests.gui.xvfb import Screen, screen_options
from tests.gui.xvfb_walkthrough import RESULT_KEY, Walk

#: The places in the Rounds view's list of byes.
BYE_PLACE = {"U": 0, "H": 1, "withdraw": 4}
#: A result of :data:`tests.gui.irregular.GAMES` as the Rounds view's key.
KEY_OF = {W: RESULT_KEY["1"], D: RESULT_KEY["="], L: RESULT_KEY["0"]}
#: The boards typed after the file is opened again: the first stays, the second is undone by Ctrl+Z.
KEPT, UNDONE = (1, 6), (2, 7)  # no rematch: 1 met 5, 4 and 2; 2 met 6, 3 and 1
#: The board typed in round 5 while round 4 is not paired: asked about, and refused.
REFUSED = (5, 7)


def clipboard(screen: Screen) -> list[list[str]]:
    """The table last copied (Ctrl+C): its rows of cells, headers first."""
    text = subprocess.run(
        ["xclip", "-o", "-selection", "clipboard"], env=screen.env(), capture_output=True, text=True, check=False
    ).stdout
    return [line.split("\t") for line in text.splitlines() if line]


def bye(walk: Walk, player: int, code: str) -> None:
    """In the round shown: the player in White (where the keyboard is), the bye from the list, Bye."""
    walk.screen.type(str(player))
    walk.screen.key("Tab", "Tab", "Tab", "Home", *["Down"] * BYE_PLACE[code], "Tab", "space", pause=0.8)


def boards(walk: Walk, pairs: Sequence[tuple[int, int]]) -> None:
    """Pair boards in the round shown, the keyboard in White."""
    for white, black in pairs:
        walk.screen.type(str(white))
        walk.screen.key("Return")
        walk.screen.type(str(black))
        walk.screen.key("Return", pause=0.6)


def type_event(walk: Walk) -> None:
    key, type_ = walk.screen.key, walk.screen.type
    walk.event_form("Irregular Open", "Kassel", 0, "2026-12-05", "2026-12-07")
    key("alt+d", "Tab")  # End, then Rounds
    type_("5")
    key("Return", pause=0.8)
    for number, rating in enumerate((2400, 2300, 2200, 2100, 2000, 1900, 1800, 1700), start=1):
        key("alt+a")
        type_(f"Player {number}\t\t\tGER\t\t{rating}")
        key("Return")
    walk.step("eight-players-five-rounds")
    for number, games in enumerate(GAMES, start=1):
        if number > 1:
            key("alt+u", "Up")  # the next round
        key("alt+w")
        if number == WITHDRAWN_FROM:
            bye(walk, WITHDRAWN, "withdraw")
            walk.step(f"withdrawal-before-round-{number}")
        boards(walk, [(white, black) for white, black, _result in games])
        if number == WITHDRAWN_FROM:
            bye(walk, PAIRING_BYE_ROUND_3, "U")
        key("Return")  # Enter on an empty White: to the boards, on the first without a result
        key(*(KEY_OF[result] for _w, _b, result in games), pause=0.8)
        walk.step(f"round-{number}")
    key("alt+u", *["Up"] * (AHEAD_ROUND - len(GAMES)), "alt+w")
    bye(walk, AHEAD, "H")
    walk.step(f"bye-ahead-for-round-{AHEAD_ROUND}")
    walk.file_dialog(walk.scratch / f"{walk.event}.fidedesk", "ctrl+s")  # Save As: no folder used yet
    walk.screen.focus()
    walk.step("saved")


def look(walk: Walk, copied: dict[str, list[list[str]]]) -> None:
    """Standings and Crosstable, each shown and copied."""
    key = walk.screen.key
    for name, keys in (("standings", ("alt+3",)), ("crosstable", ("alt+2",))):
        key(*keys, pause=1.2)
        walk.step(name)
        key("ctrl+c", pause=0.8)
        copied[name] = clipboard(walk.screen)


def reopen_and_go_on(walk: Walk, web: Path, copied: dict[str, list[list[str]]]) -> None:
    key, screen = walk.screen.key, walk.screen
    key("ctrl+n", pause=1.0)  # saved: New asks nothing
    key("alt+f", "r", "1", pause=3.0)  # File › Open Recent, the first: the event again
    walk.step("reopened")
    key("ctrl+c", pause=0.8)  # the keyboard is in the players table, as after every open
    copied["players"] = clipboard(screen)
    key("alt+1", pause=1.0)
    walk.step("reopened-rounds-view")
    key("alt+f", "w", pause=2.0)  # Export Web Pages: the round proposed
    walk.step("web-pages-proposal")
    key("Return", pause=2.0)  # Continue, with the round proposed
    screen.type(str(web))
    key("Return", pause=4.0)
    screen.focus()
    walk.step("web-pages-written")
    key("alt+w")
    boards(walk, [KEPT, UNDONE])
    key("ctrl+z", pause=0.8)  # in the empty White field: the last board taken back
    walk.step("board-typed-and-one-undone")
    key("ctrl+s", pause=2.0)
    (walk.scratch / "after-reopening.fidedesk").write_bytes((walk.scratch / f"{walk.event}.fidedesk").read_bytes())
    key("ctrl+z", pause=0.8)  # the first board too: round 4 is not paired
    key("alt+u", "Up", "alt+w")
    boards(walk, [REFUSED])
    walk.step("asked-before-pairing-round-5")
    key("Return", pause=1.0)  # Enter answers No: nothing paired
    screen.focus()
    walk.step("refused")
    key("ctrl+s", pause=2.0)


def check(walk: Walk, copied: dict[str, list[list[str]]], web: Path) -> list[str]:
    """Every figure copied from the window against fidedesk.core on the file saved after round 3, and the
    defaults by what they did."""
    from fidedesk.core.editing import boards as boards_of
    from fidedesk.core.notation import score_text, tiebreak_places, tiebreak_text
    from fidedesk.core.tiebreaks.standings import standings
    from fidedesk.io.native.fidedesk_file import load

    problems: list[str] = []
    saved = walk.scratch / f"{walk.event}.fidedesk"
    if not saved.is_file():
        return [f"{saved.name} was not saved"]
    after_3 = load(walk.scratch / "after-round-3.fidedesk")
    if after_3.rounds_played != 3:
        problems.append(f"the file after round 3 has {after_3.rounds_played} rounds played")
    info = after_3.info
    rows = standings(after_3, info.tiebreaks_in_use, info.rules_in_use)
    values = [[row.tiebreaks[i] for row in rows] for i in range(len(info.tiebreaks_in_use))]
    expected = [
        [row.place, str(row.player.start_rank), row.player.name, str(row.player.rating), score_text(row.points)]
        + [tiebreak_text(v[index], tiebreak_places(v)) for v in values]
        for index, row in enumerate(rows)
    ]
    shown = copied["standings"][1:]
    if shown != expected:
        problems.append(f"the Standings view shows {shown}, core has {expected}")
    players = sorted(after_3.players, key=lambda p: p.start_rank)
    places = {row.player.start_rank: row.place for row in rows}
    crosstable = copied["crosstable"]
    header = crosstable[0]
    cells = {int(row[0]): dict(zip(header, row, strict=False)) for row in crosstable[1:]}
    for player in players:
        row = cells.get(player.start_rank, {})
        if (row.get("Pts"), row.get("Rank")) != (score_text(after_3.points(player)), places[player.start_rank]):
            problems.append(f"crosstable row {player.start_rank}: {row.get('Pts')} {row.get('Rank')}")
    if not cells.get(AHEAD, {}).get(f"R{AHEAD_ROUND}"):
        problems.append(f"the crosstable does not show {AHEAD}'s bye for round {AHEAD_ROUND}")
    if cells.get(AHEAD, {}).get("Pts") != "1½":
        problems.append(f"{AHEAD}'s points after round 3 are not 1½ (2 counts the round-5 bye)")
    listed = copied["players"]
    points = {int(row[0]): dict(zip(listed[0], row, strict=False)).get("Points") for row in listed[1:]}
    for player in players:
        if points.get(player.start_rank) != f"{float(after_3.points(player)):g}":
            problems.append(f"the players table gives {player.start_rank} {points.get(player.start_rank)} points")
    written = {path.name for path in web.glob("*.html")}
    for page in ("pairings-round-3.html", "standings-round-3.html", "crosstable-round-3.html"):
        if page not in written:
            problems.append(f"Export Web Pages did not write {page} (it wrote {sorted(written)})")
    if any("round-5" in name or "round-4" in name for name in written):
        problems.append(f"Export Web Pages proposed a round after round 3: {sorted(written)}")

    def games(path: Path, round_: int) -> list[tuple[int, int | None]]:
        return [(b.white, b.black) for b in boards_of(load(path), round_) if b.black is not None]

    fourth = games(walk.scratch / "after-reopening.fidedesk", 4)
    if fourth != [KEPT]:
        problems.append(f"round 4 after reopening holds {fourth}, not the board typed ({KEPT}) alone")
    if games(saved, 4):
        problems.append(f"Ctrl+Z in the empty White field did not take round 4's board back: {games(saved, 4)}")
    if games(saved, 5):
        problems.append(f"round 5 was paired by hand although the question was answered No: {games(saved, 5)}")
    return problems


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.gui.xvfb_irregular", description=__doc__.splitlines()[0])
    args, width, height = screen_options(parser, argv)
    with tempfile.TemporaryDirectory(prefix="fidedesk-irregular-") as folder:
        scratch = Path(folder)
        web = scratch / "web"
        web.mkdir()
        with Screen(width, height, scratch=scratch) as screen:
            screen.start()
            walk = Walk(screen, scratch, args.shots)
            walk.step("start")
            type_event(walk)
            (scratch / "after-round-3.fidedesk").write_bytes((scratch / f"{walk.event}.fidedesk").read_bytes())
            copied: dict[str, list[list[str]]] = {}
            look(walk, copied)
            reopen_and_go_on(walk, web, copied)
            screen.key("ctrl+q", pause=2.0)
        for name, keys in walk.steps:
            print(f"{name:36} {keys:5}")
        print(f"{'keys in all':36} {screen.keys:5}")
        problems = check(walk, copied, web)
        print(f"every figure and default against fidedesk.core: {len(problems)} problems")
        for problem in problems:
            print(f"  {problem}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
