"""The shape docs/architecture.md promises: arrows one way, no import cycle, no module past ~600 lines, no folder
past ~12 modules, and tests in folders that mirror the package's.

Every import counts, also those inside functions (a local import only hides a cycle, it does not break it); only
those made for type checking alone do not run, and are left out.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "fidedesk"
TESTS = Path(__file__).resolve().parent

#: What each layer may import of fidedesk: gui/cli -> publish/engine -> io -> core (publish and engine may also
#: import core directly; neither imports the other, and the two front ends never import each other).
ALLOWED = {
    "core": {"core"},
    "io": {"io", "core"},
    "publish": {"publish", "io", "core"},
    "engine": {"engine", "io", "core"},
    "gui": {"gui", "publish", "engine", "io", "core"},
    "cli": {"cli", "publish", "engine", "io", "core"},
}
#: The longest a module may grow (the guide: a few hundred lines; none past ~600).
MAX_LINES = 600
#: The most modules a folder may hold (its ``__init__.py`` not counted), so that its name says what is in it.
MAX_MODULES = 12
#: Folders allowed one or two more, and why.
MORE_MODULES = {
    "fidedesk/io/excel/importing": (
        13,
        "one module per layout of rows (pairings, roundrobin, swiss) and per step of one reader (headers, cells, "
        "result_cells, sheet, games, players, event, build, preview, model): a subfolder would only split one reader",
    ),
    "fidedesk/gui/common": (
        13,
        "the plumbing every feature of the window shares (plain text, widths, screen, layouts, row models, "
        "background work, dialogs, settings, resources, context, shortcuts, look, menus) and nothing else",
    ),
    "fidedesk/gui/tournament": (
        14,
        "the Tournament tab: one module per view of it (event form, players, rounds, crosstable, standings, rating "
        "panel, warnings) and their shared parts; the players table's columns (no Qt) apart from the table",
    ),
}
#: The tests of the whole project, left at the top of tests/; every other test lives in the folder of the layer
#: it tests (tests/core/, tests/io/, tests/publish/, tests/engine/, tests/cli/, tests/gui/).
WHOLE_PROJECT_TESTS = {
    "test_architecture.py": "the package's shape",
    "test_packaging.py": "the bundle, the spec and the platforms' metadata",
    "test_icons.py": "the icons the platforms are given",
    "test_standings_everywhere.py": "the same standings from core, the command line, Excel, TRF and the documents",
    "test_norms_everywhere.py": "the same title norms from the command line, Excel, the IT1 and IT3, and TRF",
    "test_readme_setup.py": "the README's set-up: the system packages Qt's window needs",
}


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def _imports(name: str, path: Path) -> set[str]:
    """The fidedesk modules ``name`` imports, anywhere in its text."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    typing_only = {
        id(node)
        for block in ast.walk(tree)
        if isinstance(block, ast.If) and "TYPE_CHECKING" in ast.unparse(block.test)
        for statement in block.body
        for node in ast.walk(statement)
    }
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return {module for module in found if module in MODULES and module != name}


GRAPH = {name: _imports(name, path) for name, path in MODULES.items()}


def _layer(name: str) -> str | None:
    parts = name.split(".")
    return parts[1] if len(parts) > 1 and parts[1] in ALLOWED else None


def test_arrows_point_one_way() -> None:
    wrong = [
        f"{name} imports {target}"
        for name, targets in GRAPH.items()
        for target in sorted(targets)
        if (layer := _layer(name)) and (other := _layer(target)) and other not in ALLOWED[layer]
    ]
    assert wrong == []


def test_qt_only_in_gui() -> None:
    qt = [
        name
        for name, path in MODULES.items()
        if _layer(name) in ("core", "io", "publish", "engine", "cli") and "PySide6" in path.read_text(encoding="utf-8")
    ]
    assert qt == []


def test_no_import_cycle() -> None:
    """Tarjan's strongly connected components over every import: each component must be one module (a cycle
    once hid in local imports between gui/files, gui/excel_files and gui/rating_list).

    A package's ``__init__`` re-exporting its own modules is not a cycle worth the name, so the edges from a
    package to its own submodules are left out.
    """
    edges = {
        name: {target for target in targets if not target.startswith(name + ".")} for name, targets in GRAPH.items()
    }
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    cycles: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for target in edges[node]:
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                cycles.append(sorted(component))

    for node in edges:
        if node not in index:
            visit(node)
    assert cycles == []


@pytest.mark.parametrize("name", sorted(MODULES))
def test_module_stays_small(name: str) -> None:
    lines = MODULES[name].read_text(encoding="utf-8").count("\n")
    assert lines <= MAX_LINES, f"{name} has {lines} lines"


PACKAGE_FOLDERS = sorted({path.parent for path in PACKAGE.rglob("*.py")})


@pytest.mark.parametrize("folder", PACKAGE_FOLDERS, ids=lambda folder: folder.relative_to(PACKAGE.parent).as_posix())
def test_folder_stays_small(folder: Path) -> None:
    """A folder of more than about 12 modules no longer says by its name where a thing lives (issue 27)."""
    modules = sorted(path.name for path in folder.glob("*.py") if path.name != "__init__.py")
    limit = MORE_MODULES.get(folder.relative_to(PACKAGE.parent).as_posix(), (MAX_MODULES, ""))[0]
    assert len(modules) <= limit, f"{len(modules)} modules: {', '.join(modules)}"


def test_no_test_left_at_the_top() -> None:
    top = sorted(path.name for path in TESTS.glob("test_*.py") if path.name not in WHOLE_PROJECT_TESTS)
    assert top == []


def test_test_folders_mirror_the_layers() -> None:
    """tests/LAYER/ holds the tests of fidedesk/LAYER/: each folder a layer's name and a package, and each test
    module there imports that layer (itself or through a helper of tests/ it imports; gui: or Qt)."""
    folders = sorted(path for path in TESTS.iterdir() if path.is_dir() and path.name not in ("data", "__pycache__"))
    assert [folder.name for folder in folders if folder.name not in ALLOWED] == []
    assert [folder.name for folder in folders if not (folder / "__init__.py").exists()] == []
    strays = []
    for folder in folders:
        for test in sorted(folder.rglob("test_*.py")):
            text = test.read_text(encoding="utf-8")
            helpers = re.findall(r"^from \.\.+(\w+) import", text, re.MULTILINE)
            text += "".join(
                (TESTS / f"{helper}.py").read_text(encoding="utf-8")
                for helper in helpers
                if (TESTS / f"{helper}.py").is_file()
            )
            layer = rf"fidedesk\.{folder.name}\b|from fidedesk import [\w, ]*\b{folder.name}\b"
            if folder.name == "gui":
                layer += "|PySide6"  # a test of the Qt the window stands on (bindings, the model tester)
            if not re.search(layer, text):
                strays.append(test.relative_to(TESTS).as_posix())
    assert strays == []


#: The layers whose folders must not import each other in a circle (gui's are checked once they are split).
FOLDER_LAYERS = ("core", "io", "publish", "engine")


@pytest.mark.parametrize("layer", FOLDER_LAYERS)
def test_no_cycle_between_sibling_folders(layer: str) -> None:
    """Within a layer, the folders beside each other (core/rating, core/tiebreaks, core/pairing, core/editing...)
    import each other one way only, so each can be read knowing only those below it. A folder and the folder it
    sits in are not siblings: ``core/tournament.py`` holds ``core/pairing/setup.py``'s records and the reverse."""

    def folder(name: str) -> str:
        return name if (MODULES[name].name == "__init__.py") else name.rpartition(".")[0]

    def siblings(one: str, other: str) -> bool:
        return not (one == other or one.startswith(other + ".") or other.startswith(one + "."))

    edges: dict[str, set[str]] = {}
    for name, targets in GRAPH.items():
        if _layer(name) != layer:
            continue
        for target in targets:
            if _layer(target) == layer and siblings(folder(name), folder(target)):
                edges.setdefault(folder(name), set()).add(folder(target))
    cycles = sorted(
        f"{one} <-> {other}" for one, targets in edges.items() for other in targets if one in _reach(edges, other)
    )
    assert cycles == []


def _reach(edges: dict[str, set[str]], start: str) -> set[str]:
    seen: set[str] = set()
    todo = [start]
    while todo:
        node = todo.pop()
        for target in edges.get(node, ()):
            if target not in seen:
                seen.add(target)
                todo.append(target)
    return seen
