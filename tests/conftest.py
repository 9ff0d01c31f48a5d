"""Shared test set-up: where the test data lives (tests/data, copied from the reference library), and the
offscreen Qt platform."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

REPO = Path(__file__).resolve().parents[1]
#: The reference material the tests use, copied into the repository (tests/data/SOURCES.md says from where),
#: so that a clone with nothing beside it runs the whole suite.
DATA = REPO / "tests" / "data"
VECTORS = DATA / "vectors"
TRF_DIR = DATA / "trf"
GELENDZHIK = TRF_DIR / "xii_sds_classic_2016_gelendzhik.trf"


def readable_trf_files() -> list[Path]:
    """The TRF files in tests/data that fidedesk reads (it refuses the hostile ones with the place and the reason)."""
    from fidedesk.io.trf.document import read_trf

    found = []
    for path in sorted(DATA.rglob("*.trf")):
        try:
            read_trf(path)
        except ValueError:
            continue
        found.append(path)
    return found


def load_vector(name: str) -> Any:
    """A vector file from tests/data/vectors."""
    return json.loads((VECTORS / name).read_text(encoding="utf-8"))


@pytest.fixture(scope="session")
def qapp_cls() -> type:
    """The tests' QApplication is fidedesk's own (it names the app and receives macOS's open events)."""
    from fidedesk.gui.app import FidedeskApplication

    return FidedeskApplication
