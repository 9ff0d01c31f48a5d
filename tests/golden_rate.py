"""The golden copies of ``fidedesk-cli rate --json``: every file in tests/data under the rules that matter.

The copies in ``tests/data/golden/rate/`` (the JSON under several rules, and the text table) were made
with the code as it stood before issue 12 ("One home for each rule, value and file format") moved the
individual calculation, the values and the file formats; ``test_golden_rate.py`` holds every later version to
them byte for byte. The JSON copies have never been regenerated; the text copies once, in 43c8ddd, when a bye's
reason came to name its article (FIDE 5.1), in those lines only. Regenerate them only when a figure or a reason
is meant to change, and say why in the commit: ``python -m tests.golden_rate``.
"""

from __future__ import annotations

import contextlib
import io
import sys
from pathlib import Path

DATA = Path(__file__).resolve().parent / "data"
GOLDEN = DATA / "golden" / "rate"

#: Every edition by name, for the files whose figures differ most between editions.
EDITIONS = ("fide-2025", "fide-2024", "fide-2022", "fide-2017", "fide-2014", "fide-2008", "fide-2008-practice",
            "fide-1994", "elo", "elo-byes")  # fmt: skip


#: The tournament files among the data (the folders also hold notes on their sources).
SUFFIXES = (".trf", ".fidedesk", ".xlsx")


def _files() -> list[Path]:
    folders = [DATA / "trf", DATA / "trf" / "edge_cases", DATA / "samples", DATA / "made"]
    return [path for folder in folders for path in sorted(folder.iterdir()) if path.suffix in SUFFIXES]


def cases() -> list[tuple[str, list[str]]]:
    """(golden file name, the arguments after ``rate``) for every case."""
    found: list[tuple[str, list[str]]] = []
    for path in _files():
        relative = path.relative_to(DATA).as_posix()
        stem = relative.replace("/", "__")
        found.append((f"{stem}.default.txt", [relative, "--json"]))
        found.append((f"{stem}.auto.txt", [relative, "--json", "--rules", "auto"]))
        # the text table too: the renderers are rebuilt over the calculation rows, and must print the same
        found.append((f"{stem}.text.txt", [relative, "--rules", "auto"]))
        if path.stem in ("round_robin_8_58", "xii_sds_classic_2016_gelendzhik", "gelendzhik"):
            found += [(f"{stem}.{rules}.txt", [relative, "--json", "--rules", rules]) for rules in EDITIONS]
            found.append((f"{stem}.rapid.txt", [relative, "--json", "--kind", "rapid"]))
            found.append((f"{stem}.k20.txt", [relative, "--json", "--k", "20"]))
    return found


def run(arguments: list[str]) -> str:
    """What ``fidedesk-cli rate ARGUMENTS`` prints, run from tests/data: exit status, stdout, stderr."""
    from fidedesk.cli import main

    out, err = io.StringIO(), io.StringIO()
    previous = Path.cwd()
    try:
        import os

        os.chdir(DATA)
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(["rate", *arguments])
    finally:
        os.chdir(previous)
    return f"exit {code}\n--- stdout\n{out.getvalue()}--- stderr\n{err.getvalue()}"


if __name__ == "__main__":
    GOLDEN.mkdir(parents=True, exist_ok=True)
    for name, arguments in cases():
        (GOLDEN / name).write_text(run(arguments), encoding="utf-8")
    print(f"{len(cases())} golden copies written to {GOLDEN}", file=sys.stderr)
