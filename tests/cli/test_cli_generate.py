"""``fidedesk-cli generate``: the same seed makes the same file; each irregularity's rate shows in the file (and a
rate of 0 makes none); the file reads back consistent; every round is the one FIDE TEC's checker pairs reading the
TRF through its own reader; bad options end with exit status 2 and one line."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from fidedesk.cli import main
from fidedesk.core.pairing.consistency import pairing_problems
from fidedesk.core.rating.tables import pd_hundredths
from fidedesk.core.results import ResultCode as R
from fidedesk.core.tournament import Tournament
from fidedesk.engine.generate import GenerateOptions, GenerateOptionsError, game_result, generate
from fidedesk.engine.pairing import PairingCancelled
from fidedesk.engine.tec_checker import bare_pairing, blocks
from fidedesk.io.formats import read_tournament
from fidedesk.io.trf.document import parse_trf

from ..engine.test_pairing_generated import applied_pairs

#: Every rate option, all at 0: an event with no irregularity but the pairing-allocated bye.
NONE = ["--forfeits", "0", "--double-forfeits", "0", "--half-byes", "0", "--full-byes", "0", "--zero-byes", "0",
        "--withdrawals", "0", "--late-entries", "0"]  # fmt: skip


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["generate", *argv])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def made(capsys: pytest.CaptureFixture[str], out: Path, *argv: str) -> tuple[str, Tournament]:
    """Generate into ``out`` (TRF) and read it back: the text and the tournament."""
    code, _out, err = run(capsys, *argv, "-o", str(out))
    assert (code, err) == (0, "")
    text = out.read_text(encoding="utf-8")
    return text, parse_trf(text, str(out)).tournament


def kinds(text: str) -> Counter[str]:
    """What a TRF file holds: forfeits and double forfeits (boards), each kind of bye (entries; a blank round
    block, which a reader takes for an absence, is not one), withdrawals (players with zero-point byes from a
    round to the last, more than one), late entries (players with a blank round 1)."""
    event = parse_trf(text).tournament
    last = event.info.rounds or 0
    blank = {
        (int(line[4:8]), number)
        for line in text.splitlines()
        if line.startswith("001")
        for number, block in enumerate(blocks(line), 1)
        if not block.strip()
    }
    found: Counter[str] = Counter()
    for player in event.players:
        results = {e.round: e.result for e in player.rounds if (player.start_rank, e.round) not in blank}
        for entry in player.rounds:
            if entry.result.is_bye and entry.round in results:
                found[entry.result.name.lower()] += 1
            elif entry.color == "w" and entry.opponent is not None and entry.result in (R.FORFEIT_WIN, R.FORFEIT_LOSS):
                back = next(e.result for e in event.player(entry.opponent).rounds if e.round == entry.round)
                found["double_forfeit" if back is R.FORFEIT_LOSS is entry.result else "forfeit"] += 1
        zeros = [number for number, result in sorted(results.items()) if result is R.ZERO_BYE]
        if len(zeros) > 1 and zeros == list(range(zeros[0], last + 1)):
            found["withdrawal"] += 1
        found["late_entry"] += (player.start_rank, 1) in blank
    return found


def test_the_same_seed_makes_the_same_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--players", "21", "--rounds", "6", "--half-byes", "0.05", "--late-entries", "0.1", "--seed"]
    first, again, other = tmp_path / "a.trf", tmp_path / "b.trf", tmp_path / "c.trf"
    for path, seed in ((first, "5"), (again, "5"), (other, "6")):
        assert run(capsys, *argv, seed, "-o", str(path))[0] == 0
    assert first.read_bytes() == again.read_bytes()
    assert first.read_bytes() != other.read_bytes()
    assert first.read_text(encoding="utf-8").startswith("012 Generated Swiss 5\n")
    for name in ("a.fidedesk", "b.fidedesk"):
        assert run(capsys, *argv, "5", "-o", str(tmp_path / name))[0] == 0
    assert (tmp_path / "a.fidedesk").read_bytes() == (tmp_path / "b.fidedesk").read_bytes()
    event = generate(GenerateOptions(21, 6, 5, half_byes=0.05, late_entries=0.1))
    assert _games(read_tournament(tmp_path / "a.fidedesk").tournament) == _games(event)


def _games(event: Tournament) -> list[tuple[object, ...]]:
    """Each player and his rounds, without what TRF does not keep (board numbers)."""
    return [
        (
            p.start_rank,
            p.name,
            p.rating,
            p.fide_id,
            p.federation,
            [(e.round, e.opponent, e.color, e.result) for e in p.rounds],
        )
        for p in event.players
    ]


#: Each irregularity: its option, and the kinds it makes in the file.
RATES = {
    "--forfeits": ("forfeit",),
    "--double-forfeits": ("double_forfeit",),
    "--half-byes": ("half_bye",),
    "--full-byes": ("full_bye",),
    "--zero-byes": ("zero_bye",),
    "--withdrawals": ("withdrawal", "zero_bye"),
    "--late-entries": ("late_entry",),
}


@pytest.mark.parametrize("option", RATES)
def test_each_rate_shows_in_the_file_and_only_it(
    option: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    found: Counter[str] = Counter()
    for seed in range(3):
        index = NONE.index(option)
        argv = [*NONE[:index + 1], "0.1", *NONE[index + 2:]]  # fmt: skip
        text, _event = made(
            capsys, tmp_path / f"{seed}.trf", "--players", "20", "--rounds", "5", "--seed", str(seed), *argv
        )
        found += kinds(text)
    for kind in RATES[option]:
        assert found[kind] > 0, kind
    assert set(found) - {"pairing_bye"} <= set(RATES[option])


def test_rates_of_zero_make_none_but_the_pairing_allocated_bye(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text, _event = made(capsys, tmp_path / "none.trf", "--players", "15", "--rounds", "5", *NONE)
    assert kinds(text) == Counter(pairing_bye=5)


def _checked(text: str, event: Tournament, written: Tournament) -> None:
    """The file reads back consistent, and each round is FIDE TEC's pairing of the TRF, board by board."""
    assert list(pairing_problems(event.players)) == []
    for number in range(1, (event.info.rounds or 0) + 1):
        assert sorted(applied_pairs(event, number)) == sorted(applied_pairs(written, number))
        assert applied_pairs(written, number) == bare_pairing(text, number), number


@pytest.mark.parametrize(
    "extra",
    [
        ["--seed", "1"],
        ["--seed", "2", "--baku"],
        ["--seed", "3", "--forbidden", "3", "--forfeits", "0.06", "--double-forfeits", "0.05"],
        ["--seed", "4", "--half-byes", "0.06", "--full-byes", "0.03", "--zero-byes", "0.03", "--withdrawals", "0.03",
         "--late-entries", "0.15", "--baku"],
    ],
)  # fmt: skip
def test_every_round_is_fide_tec_s_pairing_of_the_file(
    extra: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text, event = made(capsys, tmp_path / "out.trf", "--players", "27", "--rounds", "7", *extra)
    forbidden = 3 if "--forbidden" in extra else 0
    assert (len(event.info.forbidden), bool(event.info.acceleration)) == (forbidden, "--baku" in extra)
    written = generate(_options(extra))  # the same tournament, with its board numbers (TRF has none)
    assert written.info.name == event.info.name and written.info.name.startswith(f"Generated Swiss {extra[1]}")
    _checked(text, event, written)


def _options(extra: list[str]) -> GenerateOptions:
    """The options the command line builds from ``extra`` (27 players, 7 rounds)."""
    fields: dict[str, object] = {}
    for index, word in enumerate(extra):
        if word == "--baku":
            fields["baku"] = True
        elif word.startswith("--") and word != "--seed":
            name = word[2:].replace("-", "_")
            fields[name] = int(extra[index + 1]) if name == "forbidden" else float(extra[index + 1])
    return GenerateOptions(27, 7, int(extra[1]), **fields)  # type: ignore[arg-type]


def test_progress_reports_each_round_and_cancels() -> None:
    seen: list[tuple[int, int]] = []
    generate(GenerateOptions(10, 3, 1), lambda done, total: seen.append((done, total)) is not None)
    assert (0, 3) in seen and seen[-1] == (3, 3)
    with pytest.raises(PairingCancelled):
        generate(GenerateOptions(10, 3, 1), lambda done, _total: done == 2)


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--players", "1", "--rounds", "1"], "--players 1"),
        (["--players", "10", "--rounds", "0"], "--rounds 0"),
        (["--players", "10", "--rounds", "100"], "--rounds 100"),
        (["--players", "8", "--rounds", "8"], "fewer rounds than players"),
        (["--players", "10", "--rounds", "5", "--forfeits", "1.5"], "--forfeits 1.5"),
        (["--players", "10", "--rounds", "5", "--late-entries", "-0.1"], "--late-entries -0.1"),
        (["--players", "10", "--rounds", "5", "--forbidden", "6"], "--forbidden 6"),
        (["--players", "10", "--rounds", "5", "--players", "x"], "invalid int value"),
        (["--players", "2", "--rounds", "1", "--forbidden", "1"], "no draw of 20 could be paired to the end"),
    ],
)
def test_bad_options_exit_2_with_one_line(
    argv: list[str], said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, *argv, "-o", str(tmp_path / "out.trf"))
    assert (code, out) == (2, "")
    assert said in err and err.count("\n") == 1
    assert not (tmp_path / "out.trf").exists()


@pytest.mark.parametrize("name", ["missing/out.trf", "out.pdf", "."])
def test_an_unwritable_output_exits_2_with_one_line(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "--players", "6", "--rounds", "3", "-o", str(tmp_path / name))
    assert (code, out) == (2, "")
    assert err.startswith("fidedesk-cli: ") and err.count("\n") == 1


def test_the_options_refuse_rates_outside_0_to_1() -> None:
    with pytest.raises(GenerateOptionsError, match="--withdrawals"):
        GenerateOptions(10, 5, withdrawals=2.0)


def test_a_draw_that_cannot_be_paired_is_drawn_again_and_the_name_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Five players, four rounds: seed 0's first draw leaves no legal pairing of a round (C.04.3 1.9.3); the next
    draw, from a seed derived from it, is the event, and its name (TRF 012) and the summary line say which."""
    code, out, _err = run(capsys, "--players", "5", "--rounds", "4", "--seed", "0", "-o", str(tmp_path / "a.trf"))
    assert code == 0 and out.startswith("Generated Swiss 0, draw 2: 5 players, 4 rounds -> ")
    text = (tmp_path / "a.trf").read_text(encoding="utf-8")
    assert text.startswith("012 Generated Swiss 0, draw 2\n")
    _checked(text, parse_trf(text).tournament, generate(GenerateOptions(5, 4, 0)))


def test_a_workbook_reads_back_as_the_event(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--players", "12", "--rounds", "4", "--seed", "8", "--late-entries", "0.2"]
    assert run(capsys, *argv, "-o", str(tmp_path / "a.xlsx"))[0] == 0
    event = generate(GenerateOptions(12, 4, 8, late_entries=0.2))
    assert any(1 not in {entry.round for entry in player.rounds} for player in event.players)  # a late entry
    assert _games(read_tournament(tmp_path / "a.xlsx").tournament) == _games(event)


def test_the_same_seed_makes_the_same_file_in_another_process(tmp_path: Path) -> None:
    """Nothing hangs on the order of a set or dict of strings, which Python draws anew in each process."""
    made_ = []
    for hash_seed in ("1", "2"):
        out = tmp_path / f"{hash_seed}.trf"
        argv = [
            "generate",
            "--players",
            "17",
            "--rounds",
            "5",
            "--seed",
            "3",
            "--forbidden",
            "2",
            "--baku",
            "-o",
            str(out),
        ]
        code = "import sys; from fidedesk.cli import main; sys.exit(main(sys.argv[1:]))"
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        subprocess.run([sys.executable, "-c", code, *argv], check=True, env=env, capture_output=True)
        made_.append(out.read_bytes())
    assert made_[0] == made_[1]


def test_games_follow_fide_s_expected_score_with_more_draws_among_the_strong() -> None:
    """Over many games, White's score is FIDE's expected score (table 8.1.2: 200 points up, .76) and even games
    are drawn more often at 2600 than at 1500."""
    draw = random.Random(0)
    games = [game_result(2000, 1800, draw) for _ in range(4000)]
    score = sum(result.halves for result in games) / 2 / len(games)
    assert abs(score - pd_hundredths(200) / 100) < 0.02
    strong = Counter(game_result(2600, 2600, draw) for _ in range(4000))[R.DRAW]
    weak = Counter(game_result(1500, 1500, draw) for _ in range(4000))[R.DRAW]
    assert strong > 1.5 * weak
