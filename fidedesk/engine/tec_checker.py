"""FIDE TEC's pairing checker (``gacrux.pairingchecker``) on a TRF text, as its own command line runs it.

Why this exists beside :mod:`fidedesk.engine.pairing`: that module is fidedesk's adapter to the same
engine, fed a :class:`~fidedesk.core.tournament.Tournament` read by fidedesk's TRF reader and turned into
gacrux's dicts by :mod:`fidedesk.engine.gacrux_json`. A checker that went through that path would share every
bug of it (one adapter bug, double forfeits, once changed 1 tournament in 3 where forfeits are common) and
could not catch one. Here the TRF *text* goes to gacrux's own TRF reader (its ``trf2json``, through
``pairingchecker``'s stages), and nothing of fidedesk's reader, adapter or records is used: the text is only
cut by column, as TRF defines its 001 record (C.04 Annex, TRF-2026), to what it was before a round was
paired. ``fidedesk-cli check`` and the tests' checks of fidedesk's pairings go through here.

Start ranks throughout are the TRF's (001 columns 5-8); a pair is (White, Black), Black 0 for the
pairing-allocated bye.
"""

from __future__ import annotations

import contextlib
import dataclasses
import sys
from typing import Any

from fidedesk.core.pairing.round import PairingError, berger_pairing, check_round_can_be_paired, without_pairing
from fidedesk.core.tournament import System, Tournament

#: The result code of a round without opponent that the pairing gives (the pairing-allocated bye); every other
#: (``H``, ``F``, ``Z``, and older files' ``+``, ``=``, ``-``) is entered before the round is paired.
ALLOCATED = "U"
#: Half points of each TRF result code, for the points column of a cut TRF line.
POINTS = {"1": 2, "=": 1, "0": 0, "+": 2, "-": 0, "W": 2, "D": 1, "L": 0, "F": 2, "H": 1, "Z": 0, "U": 2}

Pairs = list[tuple[int, int]]


class CheckerError(ValueError):
    """gacrux's checker could not read the text or pair the round (its status, or its exception, in words)."""


def no_opponent(block: str) -> bool:
    """Whether a round block names no opponent (``0000``, or ``   0`` as some files write it)."""
    return int(block[2:6].strip() or 0) == 0


def blocks(line: str) -> list[str]:
    """A 001 line's round blocks (10 characters each, from column 92), by round from 1."""
    return [line[start : start + 10] for start in range(89, len(line), 10)]


def rounds_of_played(text: str) -> int:
    """The last round of the TRF text with a game or a pairing-allocated bye."""
    last = 0
    for line in text.splitlines():
        if line.startswith("001"):
            for number, block in enumerate(blocks(line), start=1):
                if block.strip() and (not no_opponent(block) or block[9] == ALLOCATED):
                    last = max(last, number)
    return last


def _points_column(line: str, kept: list[str], points: float | None = None) -> str:
    """The 001 line with its round blocks ``kept`` and its points column (81-84) ``points``, by default the
    blocks' sum at 1, ½ and 0 (:data:`POINTS`)."""
    if points is None:
        points = sum(POINTS.get(block.strip()[-1:], 0) for block in kept if block.strip()) / 2
    return (line[:80].ljust(80) + f"{points:4.1f}" + line[84:89].ljust(5) + "".join(kept)).rstrip()


def before_round(text: str, round_: int) -> str:
    """The TRF text as it was before ``round_`` was paired: each 001 line with the rounds before ``round_``
    and round ``round_``'s byes but the pairing-allocated one (entered before pairing), and its points
    column the sum of what is left. In a round the text has games for, a player with a blank block was not
    paired: he is written absent (``0000 - Z``), as fidedesk's reader reads a blank block there."""
    played = round_ <= rounds_of_played(text)
    lines = []
    for line in text.splitlines():
        if line.startswith("001"):
            kept = []
            found = blocks(line)
            found += [" " * 10] * (round_ - len(found))
            for number, block in enumerate(found, start=1):
                requested = bool(block.strip()) and no_opponent(block) and block[9:10] != ALLOCATED
                if number < round_ or (number == round_ and requested):
                    kept.append(block)
                elif number == round_ and played and not block.strip():
                    kept.append("  0000 - Z")  # not paired in a round that was: absent (as fidedesk reads it)
                elif number == round_:
                    kept.append(" " * 10)
            line = _points_column(line, kept)
        lines.append(line)
    return "\n".join(lines) + "\n"


def with_round(text: str, round_: int, pairs: Pairs) -> str:
    """``text`` (cut by :func:`before_round`) with ``pairs`` (White, Black; Black 0 for the pairing-allocated
    bye) written in as round ``round_``: each game a draw (the checker pairs round ``round_`` from the rounds
    before it, so the result does not matter; a result still to come, ``?``, would not add up to the points
    column under the 162 record), the points column counting it."""
    written = {}
    for white, black in pairs:
        if black == 0:
            written[white] = "  0000 - U"
        else:
            written[white] = f"  {black:4d} w ="
            written[black] = f"  {white:4d} b ="
    lines = []
    for line in text.splitlines():
        if line.startswith("001"):
            rank = int(line[4:8])
            rounds = blocks(line)
            rounds += [" " * 10] * (round_ - len(rounds))
            if rank in written:
                if rounds[round_ - 1].strip():
                    raise CheckerError(f"player {rank} has an entry for round {round_}")
                rounds[round_ - 1] = written[rank]
            line = _points_column(line, rounds)
        lines.append(line)
    return "\n".join(lines) + "\n"


def played_pairs(text: str, round_: int) -> set[tuple[int, int]]:
    """The round as played in the TRF text: (White, Black) of each game, (player, 0) for the pairing-allocated bye."""
    pairs = set()
    for line in text.splitlines():
        if line.startswith("001"):
            found = blocks(line)
            if round_ > len(found) or not found[round_ - 1].strip():
                continue
            block = found[round_ - 1]
            rank = int(line[4:8])
            if no_opponent(block):
                if block[9:10] == ALLOCATED:
                    pairs.add((rank, 0))
            elif block[7:8] == "w":
                pairs.add((rank, int(block[2:6])))
    return pairs


#: A ``162`` record's letters as gacrux's reader takes them (``trf2json.parse_trf_scoresystem``).
_LETTERS_162 = {"W": "W", "D": "D", "L": "L", "P": "P", "A": "Z", "X": "A"}


def _scores(text: str) -> dict[str, float]:
    """The points of each TRF result code as gacrux's reader scores them: its own reading of a code as a result
    letter (``trf2json.results``), worth the default game scores (1, ½, 0; the pairing-allocated bye a win) or
    those a ``162`` record states, read as gacrux reads it (a letter at column 6 and every 9th, its points in
    the 4 after; ``A`` there is the zero-point result, ``X`` the result still to come)."""
    from gacrux.trf2json import trf2json  # type: ignore[import-untyped]

    values: dict[str, float | str] = {"W": 1.0, "D": 0.5, "L": 0.0, "Z": 0.0, "P": "W", "A": "D"}
    for line in text.splitlines():
        if line.startswith("162"):
            for position in range(5, len(line) - 1, 9):
                letter = _LETTERS_162.get(line[position].upper())
                with contextlib.suppress(ValueError):
                    if letter:
                        values[letter] = float(line[position + 1 : position + 5])

    def worth(letter: str) -> float:
        value = values[letter]
        return worth(value) if isinstance(value, str) else value

    return {code: worth(read["result"]) for code, read in trf2json().results.items()}


def as_checker_reads(text: str) -> str:
    """The TRF text as gacrux's TRF reader can take it: each result still to come (``?``, a round paired and
    not yet played) written as a draw, and each 001 points column (81-84) the sum of the results written in
    its line, scored as that reader scores them (:func:`_scores`). That reader accepts a file only where its
    score system adds every line's results up to its points (and cannot add a ``?`` at all: a TypeError),
    while a file saved in the middle of an event gives the points after the rounds played: without the
    pairing-allocated bye of a round still being played, or a bye requested ahead. No round's pairing depends
    on the points column, nor on the results of its own round or of a later one, and a round after results
    still to come is not checked (:func:`check_round`), so nothing changed here changes a pairing checked;
    the file's own figures are checked against the standings by fidedesk
    (:func:`fidedesk.core.tiebreaks.standings.figure_differences`)."""
    scores = _scores(text)
    lines = []
    for line in text.splitlines():
        if line.startswith("001"):
            found = [block[:9] + "=" + block[10:] if block[9:10] == "?" else block for block in blocks(line)]
            line = _points_column(line, found, sum(scores.get(block[9:10], 0.0) for block in found if block.strip()))
        lines.append(line)
    return "\n".join(lines) + "\n"


def _checker_run(text: str, arguments: list[str]) -> Any:
    """gacrux's pairing checker on a TRF text, as its command line runs it with ``arguments``, without
    writing anything: the stages of ``pairingchecker.common_main`` up to the result."""
    from gacrux.pairingchecker import pairingchecker  # type: ignore[import-untyped]

    checker = pairingchecker()
    saved = sys.argv
    sys.argv = ["pairingchecker", *arguments]
    try:
        checker.read_command_line()
    finally:
        sys.argv = saved
    checker.params["jch"] = as_checker_reads(text)
    for stage in (checker.read_input_file, checker.prepare_tournament, checker.do_checker, checker.apply_result):
        try:
            stage()
        except (ArithmeticError, LookupError, TypeError, ValueError, AttributeError) as error:
            raise CheckerError(f"gacrux's checker: {type(error).__name__}: {error}") from error
        except Exception as error:  # gacrux's own (GacruxNoLegalPairing...), which share no base of ours
            if type(error).__module__.startswith("gacrux"):
                raise CheckerError(f"gacrux's checker: {type(error).__name__} {error}".rstrip()) from error
            raise
        status = checker.chessfile.chessjson["status"]
        if checker.exit or status["code"] >= 400:
            raise CheckerError(f"gacrux's checker: {checker.resultjson['status']} {status}")
    return checker.chessfile.result


def bare_pairing(text: str, round_: int) -> Pairs:
    """Round ``round_`` of the TRF text paired by gacrux's checker (``pairingchecker -p -n round_``): (White,
    Black) start ranks in board order, Black 0 for the pairing-allocated bye."""
    return bare_pairing_with(text, round_, [])


def bare_pairing_with(text: str, round_: int, arguments: list[str]) -> Pairs:
    """:func:`bare_pairing` with more of the checker's command-line ``arguments`` (``-m berger``)."""
    result = _checker_run(text, ["-p", "-n", str(round_), *arguments])
    return [(int(white), int(black)) for white, black in result["pairs"]]


def checker_agrees(text: str, round_: int) -> bool:
    """Whether gacrux's checker in check mode (``pairingchecker -c -n round_``) finds round ``round_`` of the
    TRF text paired as FIDE's Dutch rules pair it."""
    result = _checker_run(text, ["-c", "-n", str(round_)])
    return bool(result["roundpairing"][0]["check"])


def fide_pairing(text: str, round_: int) -> Pairs:
    """Round ``round_`` as FIDE's Dutch rules pair it from the text's rounds before it (and the byes entered
    for it before pairing), as gacrux's checker in check mode (``pairingchecker -c -n round_``) pairs it
    reading the whole text: it cuts the later rounds itself, and takes the colour of the top player in
    round 1 from the round played where the text has no ``152`` (or ``XXC``) record, which a text cut by
    :func:`before_round` would have lost. Raises :class:`CheckerError`."""
    result = _checker_run(text, ["-c", "-n", str(round_)])
    return [(int(white), int(black)) for white, black in result["roundpairing"][0]["pairs"]]


def fide_pairings(text: str) -> dict[int, Pairs]:
    """Every round of the TRF text that has games, each paired by FIDE's Dutch rules from the rounds before
    it, in one run of gacrux's checker over the whole text (``pairingchecker -c -p``: check mode over rounds 1
    to the last played, computing only the rules' pairing of each). The text is read once, where
    :func:`fide_pairing` reads it once for each round; each round is paired as :func:`fide_pairing` pairs it.
    A round the rules cannot pair has no boards. Raises :class:`CheckerError`."""
    result = _checker_run(text, ["-c", "-p"])
    return {
        int(entry["round"]): [(int(white), int(black)) for white, black in entry["pairs"]]
        for entry in result["roundpairing"]
    }


# ------------------------------------------------------------------------------------ a file's rounds checked


@dataclasses.dataclass(frozen=True)
class RoundCheck:
    """One round of a file set against the rules' pairing of it.

    ``fide`` and ``played`` are (White, Black) in board order, (player, 0) for the pairing-allocated bye;
    ``agrees`` is None, with ``reason``, where the rules cannot reproduce the round from the file."""

    round: int
    fide: Pairs
    played: Pairs
    reason: str = ""

    @property
    def agrees(self) -> bool | None:
        if self.reason:
            return None
        return set(self.fide) == set(self.played)

    @property
    def fide_only(self) -> list[tuple[int, tuple[int, int]]]:
        """FIDE's boards (number, pair) that the file does not have."""
        played = set(self.played)
        return [(board, pair) for board, pair in enumerate(self.fide, start=1) if pair not in played]

    @property
    def played_only(self) -> list[tuple[int, tuple[int, int]]]:
        """The file's boards (number, pair) that FIDE's pairing does not have."""
        fide = set(self.fide)
        return [(board, pair) for board, pair in enumerate(self.played, start=1) if pair not in fide]


def _played_in_order(tournament: Tournament, round_: int, played: set[tuple[int, int]]) -> Pairs:
    """``played`` in the file's board order (:func:`fidedesk.core.editing.rounds.boards`), the bye last."""
    from fidedesk.core.editing.rounds import boards

    ordered = []
    for board in boards(tournament, round_):
        pair = (board.white, board.black or 0)
        if pair in played and pair not in ordered:
            ordered.append(pair)
    return ordered + sorted(played - set(ordered))


def _unreproducible(tournament: Tournament, round_: int) -> str:
    """Why the rules cannot pair ``round_`` from the file, or "" when they can."""
    system = tournament.info.system
    if system is System.TEAM_SWISS:
        return "a team event: its boards are not paired by the Dutch rules"
    if system is System.MATCH:
        return "a match: not paired by a pairing system"
    try:
        check_round_can_be_paired(without_pairing(tournament, round_), round_)
    except PairingError as error:
        return str(error)
    return ""


def check_rounds(text: str, tournament: Tournament, rounds: tuple[int, ...]) -> list[RoundCheck]:
    """:func:`check_round` of each of ``rounds``, FIDE TEC's checker reading the text once for all the Swiss
    rounds (:func:`fide_pairings`). Where that one run fails, each round is checked on its own, so that a
    round the checker cannot read is said of that round alone."""
    system = tournament.info.system
    paired: dict[int, Pairs] = {}
    if len(rounds) > 1 and not system.is_round_robin and system not in (System.TEAM_SWISS, System.MATCH):
        with contextlib.suppress(CheckerError):
            paired = fide_pairings(text)
    return [check_round(text, tournament, r, paired.get(r)) for r in rounds]


def check_round(text: str, tournament: Tournament, round_: int, fide: Pairs | None = None) -> RoundCheck:
    """Round ``round_`` of the file as played against the rules' pairing of it: a Swiss against FIDE TEC's
    checker pairing it from ``text`` (the file's TRF) by the Dutch rules, a round robin against FIDE's Berger
    tables (C.05 Annex 1; the odd player's free round is no board). ``tournament`` is the same file read by
    fidedesk, for the file's board order and for saying why a round cannot be reproduced. ``fide``: the
    checker's pairing of the round where it was already made (:func:`check_rounds`)."""
    played = played_pairs(text, round_)
    if tournament.info.system.is_round_robin:
        played = {pair for pair in played if pair[1] != 0}
    file_pairs = _played_in_order(tournament, round_, played)
    reason = _unreproducible(tournament, round_)
    if reason:
        return RoundCheck(round_, [], file_pairs, reason)
    if tournament.info.system.is_round_robin:
        table = berger_pairing(without_pairing(tournament, round_), round_)
        return RoundCheck(round_, [(b.white, b.black) for b in table.boards], file_pairs)
    try:
        return RoundCheck(round_, fide_pairing(text, round_) if fide is None else fide, file_pairs)
    except CheckerError as error:
        return RoundCheck(round_, [], file_pairs, str(error))
