"""Shared test set-up: where the reference material lives, and the offscreen Qt platform."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

REPO = Path(__file__).resolve().parents[1]
REFERENCE = REPO.parent / "shared" / "reference"
VECTORS = REFERENCE / "vectors"
TRF_DIR = REFERENCE / "trf"


def load_vector(name: str) -> Any:
    """A vector file from ../shared/reference/vectors; the suite fails loudly if it is missing."""
    path = VECTORS / name
    if not path.exists():
        pytest.fail(f"reference vector {path} is missing: clone the repository next to shared/")
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.fixture(scope="session")
def qapp_cls() -> type:
    """The tests' QApplication is fidedesk's own (it names the app and receives macOS's open events)."""
    from fidedesk.gui.app import FidedeskApplication

    return FidedeskApplication
