"""The user guide (docs/guide.md) walked through by keyboard alone, in the real window on Xvfb, keys counted.

    python -m tests.gui.xvfb_walkthrough rr|swiss [--shots FOLDER]

run from the repository on Linux with Debian's ``xvfb``, ``xdotool`` and ``imagemagick``. ``rr`` runs an
8-player round robin: the event form, the user guide (F1), FIDE's rating list imported and six players
found in it by FIDE ID, two players typed by hand, their ratings checked against the list, the seven rounds
of the Berger tables paired and their results typed, Undo and Redo, Help › Keyboard Shortcuts, the
crosstable, the standings, the rating calculation (Alt+4) and the warnings (Alt+5), a save, the TRF and Excel
exports, the calculator (your rating), the reference tables (a difference looked up), File › New and the
event opened again from File › Open Recent. ``swiss`` runs a 30-player, 5-round Swiss: the event form, the
club's player list from Excel, five rounds paired as a pairing program would give them (one half-point bye
asked for and one pairing-allocated bye in round 3) and their results, and the same end. Only
``xdotool key`` and ``xdotool type`` reach the window: every key press and every character typed is
counted, and the mouse is never used (with no window manager, the window is given the keyboard back after a
dialog closes, which a desktop does by itself; that is not counted).

At the end the saved ``.fidedesk`` file is read back and every board, result and bye typed is compared with
it, so a key lost on the way fails the run. It prints the keys per step and in all; ``--shots`` keeps a
screenshot after each step.
"""

from __future__ import annotations

import argparse
import io
import random
import sys
import tempfile
import time
import zipfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from tests.gui.xvfb import Screen

#: The result keys of the Rounds view, by the result typed.
RESULT_KEY = {"1": "1", "0": "0", "=": "equal"}
SCORE = {"1": (1.0, 0.0), "0": (0.0, 1.0), "=": (0.5, 0.5)}
#: The byes' places in the Rounds view's list (pairing bye first).
BYE_PLACE = {"U": 0, "H": 1}


@dataclass
class Walk:
    """The keyboard on a screen, the steps with the keys each took, and what was typed, to check."""

    screen: Screen
    scratch: Path
    shots: Path | None
    steps: list[tuple[str, int]] = field(default_factory=list)
    event: str = ""
    reopened_title: str = ""
    games: list[tuple[int, int, int, str]] = field(default_factory=list)
    byes: list[tuple[int, int, str]] = field(default_factory=list)
    _mark: int = 0

    def step(self, name: str) -> None:
        self.steps.append((name, self.screen.keys - self._mark))
        self._mark = self.screen.keys
        if self.shots is not None:
            self.screen.shot(self.shots / f"{len(self.steps):02d}-{name}.png")

    def file_dialog(self, path: Path, *keys: str) -> None:
        """An action that asks for a file: its keys, the path typed, Enter."""
        self.screen.key(*keys, pause=1.5)
        self.screen.type(str(path))
        self.screen.key("Return", pause=3.0)

    def event_form(self, name: str, city: str, system_downs: int, start: str, end: str) -> None:
        key, type_ = self.screen.key, self.screen.type
        key("ctrl+n")
        self.event = name
        fields = {"alt+n": name, "alt+i": city, "alt+o": "GER", "alt+s": start, "alt+d": end,
                  "alt+b": "Schmidt, Anna", "alt+m": "90 min + 30 s/move"}  # fmt: skip
        for field_key, text in fields.items():
            key(field_key)
            type_(text)
        if system_downs:
            key("alt+y", *["Down"] * system_downs)
        self.step("event-form")

    def pair_round(self, round_: int, boards: Sequence[tuple[int, int]], results: Sequence[str],
                   byes: Sequence[tuple[int, str]] = ()) -> None:  # fmt: skip
        """Pair a round (White's rank, Enter, Black's, Enter), give its byes, then type the results."""
        key, type_ = self.screen.key, self.screen.type
        if round_ > 1:
            key("alt+u", "Up")  # the next round
        key("alt+w")
        for white, black in boards:
            type_(str(white))
            key("Return")
            type_(str(black))
            key("Return")
        for player, code in byes:
            type_(str(player))
            key("Tab", "Tab", "Tab", "Home", *["Down"] * BYE_PLACE[code], "Tab", "space")
            self.byes.append((round_, player, code))
        key("Return")  # Enter on an empty White: to the boards, on the first without a result
        key(*(RESULT_KEY[result] for result in results))
        self.games += [(round_, w, b, r) for (w, b), r in zip(boards, results, strict=True)]
        self.step(f"round-{round_}")

    def finish(self) -> None:
        """Crosstable, standings, calculation, warnings; save and export under the names proposed (the event's,
        in the folder used last); the calculator and the reference tables; quit."""
        key, type_, screen = self.screen.key, self.screen.type, self.screen
        key("alt+2", pause=1.0)
        self.step("crosstable")
        key("alt+3", "Down", pause=1.0)
        self.step("standings-and-a-calculation")
        key("alt+4", "Down", "alt+5", "Right")
        self.step("calculation-and-warnings")
        for name, keys in (
            ("saved", ("ctrl+s",)),
            ("trf-exported", ("alt+f", "e")),
            ("excel-exported", ("alt+f", "l")),
        ):
            key(*keys, pause=1.5)
            key("Return", pause=3.0)  # the name proposed
            screen.focus()
            self.step(name)
        key("ctrl+2")
        type_("2000")  # your rating
        self.step("calculator")
        key("ctrl+3")
        type_("237")
        self.step("reference-tables")
        key("ctrl+n", pause=1.0)  # saved: New asks nothing
        key("alt+f", "r", "1", pause=3.0)  # File › Open Recent, the first: the event again
        self.step("reopened")
        window = screen.window()
        self.reopened_title = screen.xdotool("getwindowname", window).strip() if window else ""
        key("ctrl+q", pause=2.0)  # saved: Quit asks nothing


def prepare_rating_list(scratch: Path) -> list[str]:
    """A FIDE download of 20,000 players; the FIDE IDs of six active players rated 1600-2400 in it."""
    from benchmarks.make_fide_list import write_txt

    download = scratch / "players_list.zip"
    write_txt(download, 20_000, seed=5)
    with zipfile.ZipFile(download) as archive:
        lines = archive.read(archive.namelist()[0]).decode("latin-1").splitlines()[1:]
    ids = []
    for line in lines[5:]:
        fide_id, rating, flag = line[:15].strip(), line[113:118].strip(), line[-4:]
        if rating.isdigit() and 1600 <= int(rating) <= 2400 and "i" not in flag.lower():
            ids.append(fide_id)
    return ids[:6]


def round_robin(walk: Walk) -> None:
    from fidedesk.core.pairing.consistency import berger_table

    key, type_, screen = walk.screen.key, walk.screen.type, walk.screen
    ids = prepare_rating_list(walk.scratch)
    walk.event_form("Autumn Round Robin", "Bad Homburg", 1, "2026-11-28", "2026-11-30")
    key("F1", pause=2.0)
    key("Escape")
    screen.focus()
    walk.step("user-guide")
    walk.file_dialog(walk.scratch / "players_list.zip", "alt+l", "i")
    key("Return", pause=6.0)  # the month proposed is right: Import
    screen.focus()
    walk.step("rating-list-imported")
    key("ctrl+l", pause=1.5)
    for fide_id in ids:
        type_(fide_id, pause=1.0)  # replaces the last one, which Enter left selected
        key("Return", pause=0.6)
    key("Escape")
    walk.step("six-players-from-the-list")
    key("alt+a")
    type_("Guest, Anna\tw\t\tGER\t\t1720")  # name, sex, title, federation, FIDE ID, rating
    key("Return")
    key("alt+a")
    type_("Keller, Jonas\t\t\tGER")
    key("Return")
    walk.step("two-players-by-hand")
    key("alt+l", "u", pause=2.0)  # Update Ratings from List: nothing to change, and it says so
    key("Return")
    screen.focus()
    walk.step("ratings-checked-against-the-list")
    rng = random.Random(8)
    for number, boards in enumerate(berger_table(8), start=1):
        walk.pair_round(number, boards, [rng.choice("10=") for _ in boards])
    key("ctrl+z", "ctrl+y")  # the last result taken back and given again
    key("alt+h", "k", pause=1.5)  # Help › Keyboard Shortcuts
    key("Escape")
    screen.focus()
    walk.step("undo-redo-and-the-keys")
    walk.finish()


def swiss_boards(scores: dict[int, float], met: set[frozenset[int]], whites: dict[int, int]) -> list[tuple[int, int]]:
    """Boards as an arbiter copies them from a pairing program: score groups from the top, no rematch."""
    order = sorted(scores, key=lambda player: (-scores[player], player))

    def pair(rest: list[int]) -> list[tuple[int, int]] | None:
        if not rest:
            return []
        for other in rest[1:]:
            if frozenset((rest[0], other)) not in met:
                tail = pair([player for player in rest[1:] if player != other])
                if tail is not None:
                    return [(rest[0], other), *tail]
        return None

    boards = pair(order)
    assert boards is not None
    return [(a, b) if whites[a] <= whites[b] else (b, a) for a, b in boards]


def club_list(path: Path) -> None:
    """The club's 30 players in fidedesk's blank player list, by rating (No = start rank)."""
    from openpyxl import load_workbook

    from fidedesk.io.excel.template import HEADER_ROW, template_bytes

    book = load_workbook(io.BytesIO(template_bytes()))
    sheet = book["Players"]
    rng = random.Random(30)
    for number, rating in enumerate(sorted((rng.randint(1400, 2450) for _ in range(30)), reverse=True), start=1):
        row = HEADER_ROW + number
        federation = ("GER", "AUT", "SUI", "NED", "FRA")[number % 5]
        values = {1: number, 2: f"Player{number:02d}, Test", 4: federation, 5: 9_900_000 + number, 6: rating,
                  8: "m" if number % 3 else "f"}  # fmt: skip
        for column, value in values.items():
            sheet.cell(row, column, value)
    book.save(path)


def swiss(walk: Walk) -> None:
    club_list(walk.scratch / "club-list.xlsx")
    walk.event_form("Winter Open", "Kassel", 0, "2026-12-05", "2026-12-07")
    walk.file_dialog(walk.scratch / "club-list.xlsx", "alt+f", "x")
    time.sleep(2.0)
    walk.screen.key("alt+i", pause=3.0)  # the wizard read the list as it is: Import
    walk.screen.focus()
    walk.step("thirty-players-from-excel")
    rng = random.Random(30)
    scores = {player: 0.0 for player in range(1, 31)}
    whites = dict.fromkeys(scores, 0)
    met: set[frozenset[int]] = set()
    for number in range(1, 6):
        byes: list[tuple[int, str]] = []
        playing = dict(scores)
        if number == 3:  # 30 asked for a half-point bye; of the 29 left, the lowest gets the pairing bye
            byes = [(30, "H"), (29, "U")]
            for player, code in byes:
                del playing[player]
                scores[player] += 0.5 if code == "H" else 1.0
        boards = swiss_boards(playing, met, whites)
        results = [rng.choice("110==0") for _ in boards]
        walk.pair_round(number, boards, results, byes)
        for (white, black), result in zip(boards, results, strict=True):
            met.add(frozenset((white, black)))
            whites[white] += 1
            scores[white] += SCORE[result][0]
            scores[black] += SCORE[result][1]
    walk.finish()


def check(walk: Walk) -> list[str]:
    """Every board, result and bye typed, against the saved file; what differs."""
    from fidedesk.io.native.fidedesk_file import load

    saved = walk.scratch / f"{walk.event}.fidedesk"
    if not saved.is_file():
        return [f"{saved.name} was not saved"]
    players = {player.start_rank: player for player in load(saved).players}
    problems = []
    for round_, white, black, result in walk.games:
        entry = next((e for e in players[white].rounds if e.round == round_), None)
        if entry is None or (entry.opponent, entry.color, entry.result.value) != (black, "w", result):
            problems.append(f"round {round_}, {white}-{black} {result}: the file has {entry}")
    for round_, player, code in walk.byes:
        entry = next((e for e in players[player].rounds if e.round == round_), None)
        if entry is None or entry.opponent is not None or entry.result.value != code:
            problems.append(f"round {round_}, bye {code} for {player}: the file has {entry}")
    if not walk.reopened_title.startswith(walk.event):
        problems.append(f"File › Open Recent left the window titled {walk.reopened_title!r}")
    for suffix in (".trf", ".xlsx"):
        if not (walk.scratch / f"{walk.event}{suffix}").is_file():
            problems.append(f"{walk.event}{suffix} was not written")
    return problems


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.gui.xvfb_walkthrough", description=__doc__.splitlines()[0])
    parser.add_argument("event", choices=("rr", "swiss"))
    parser.add_argument("--shots", type=Path, help="keep a screenshot after each step here")
    args = parser.parse_args(argv)
    if args.shots is not None:
        args.shots.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="fidedesk-walk-") as folder:
        scratch = Path(folder)
        with Screen(1366, 768, scratch=scratch) as screen:
            screen.start()
            walk = Walk(screen, scratch, args.shots)
            walk.step("start")
            (round_robin if args.event == "rr" else swiss)(walk)
        for name, keys in walk.steps:
            print(f"{name:32} {keys:5}")
        print(f"{'keys in all':32} {screen.keys:5}")
        problems = check(walk)
        print(f"{len(walk.games)} games and {len(walk.byes)} byes typed; the saved file differs in {len(problems)}")
        for problem in problems:
            print(f"  {problem}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
