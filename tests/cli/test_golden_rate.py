"""``fidedesk-cli rate`` (JSON and text) on every file in tests/data prints what it printed before issue 12."""

from __future__ import annotations

import pytest

from ..golden_rate import GOLDEN, cases, run


@pytest.mark.parametrize(("name", "arguments"), cases(), ids=[name for name, _ in cases()])
def test_rate_prints_the_golden_copy(name: str, arguments: list[str]) -> None:
    assert run(arguments) == (GOLDEN / name).read_text(encoding="utf-8")


def test_every_golden_copy_has_a_case() -> None:
    """A golden copy whose file has gone would pass unseen: every copy is one of the cases."""
    assert sorted(path.name for path in GOLDEN.iterdir()) == sorted(name for name, _ in cases())
