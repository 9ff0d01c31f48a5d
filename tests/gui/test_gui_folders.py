"""fidedesk/gui/ by feature (docs/architecture.md, "The window"): each folder imports the shared ``common/``, the open
tournament's ``files/`` and only what its row in ALLOWED adds; the window's wiring at the top (``app``,
``mainwindow``, ``qt_dialogs``) imports the features (how many modules a folder holds is
``tests/test_architecture.py``'s, for every folder of the package); and the gui modules import one another without
a cycle, not even one made for type checking alone (``rating_list`` and ``rating_list_search`` were one: the search
dialog now takes a ``ListWork``).
"""

from __future__ import annotations

import ast
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

import pytest

GUI = Path(__file__).resolve().parents[2] / "fidedesk" / "gui"
#: The window's wiring: it knows every feature, no feature imports it (but the one exception below).
TOP = {"app", "mainwindow", "qt_dialogs"}
#: The other folders each feature folder may import.
ALLOWED: dict[str, set[str]] = {
    "common": set(),
    "files": {"common"},
    "calculator": {"common"},
    "reference": {"common"},
    "help": {"common"},
    "pairing": {"common", "files"},
    "printing": {"common", "files"},
    "excel": {"common", "files"},
    "ratinglist": {"common", "files"},
    # the rating panel shows the calculator's figures; the Rounds view asks through Qt's dialogs until the window
    # hands it its own
    "norms": {"common", "files"},
    # the Norms view is one of the Tournament tab's views
    "tournament": {"common", "files", "calculator", "norms", "qt_dialogs"},
}


def _name(path: Path) -> str:
    parts = path.relative_to(GUI).with_suffix("").parts
    return ".".join(("fidedesk", "gui", *(parts[:-1] if parts[-1] == "__init__" else parts)))


MODULES = {_name(path): path for path in sorted(GUI.rglob("*.py"))}


def _edges(path: Path) -> list[tuple[str, bool]]:
    """The gui modules ``path`` imports, each with whether the import is made for type checking alone."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    typing = {
        id(node)
        for block in ast.walk(tree)
        if isinstance(block, ast.If) and "TYPE_CHECKING" in ast.unparse(block.test)
        for node in ast.walk(block)
    }
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names = [node.module, *(f"{node.module}.{alias.name}" for alias in node.names)]
        elif isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        else:
            continue
        found += [(name, id(node) in typing) for name in names if name in MODULES]
    return found


def _folder(name: str) -> str:
    """``fidedesk.gui.excel.actions`` -> ``excel``; a module at the top (``fidedesk.gui.app``) is its own."""
    parts = name.split(".")
    return parts[2] if len(parts) > 2 else ""


def test_every_module_has_a_home() -> None:
    homeless = [name for name in MODULES if _folder(name) not in {*ALLOWED, *TOP, ""}]
    assert homeless == []


def test_each_folder_imports_only_what_it_may() -> None:
    wrong = [
        f"{name} imports {target}"
        for name, path in MODULES.items()
        if (folder := _folder(name)) in ALLOWED
        for target, typing_only in _edges(path)
        if not typing_only and _folder(target) not in {folder, *ALLOWED[folder]}
    ]
    assert wrong == []


def test_no_cycle_even_for_type_checking() -> None:
    graph = {
        name: {target for target, _typing in _edges(path) if not target.startswith(name + ".")}
        for name, path in MODULES.items()
    }
    try:
        TopologicalSorter(graph).prepare()
    except CycleError as error:
        pytest.fail(f"import cycle: {' -> '.join(error.args[1])}")
