"""The shape docs/architecture.md promises: arrows one way, no import cycle, no module past ~600 lines.

Every import counts, also those inside functions (a local import only hides a cycle, it does not break it); only
those made for type checking alone do not run, and are left out.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "fidedesk"

#: What each layer may import of fidedesk: gui -> io -> core, cli -> io -> core.
ALLOWED = {
    "core": {"core"},
    "io": {"io", "core"},
    "gui": {"gui", "io", "core"},
    "cli": {"cli", "io", "core"},
}
#: The longest a module may grow (the guide: a few hundred lines; none past ~600).
MAX_LINES = 600


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
        if _layer(name) in ("core", "io", "cli") and "PySide6" in path.read_text(encoding="utf-8")
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
