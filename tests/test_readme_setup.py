"""Issue 29: the README's set-up works on a fresh Debian or Ubuntu. Its ``apt-get install`` line names the package
of every system library that Qt's ``xcb`` platform plugin (the window on Linux) links, read from the plugin's
own ELF headers and those of the Qt libraries PySide6 bundles for it (``readelf -d``), not from Qt's first
complaint: a fresh Debian 12 aborted on ``libxcb-cursor0``, then on ``libxcb-icccm4`` and ``libxcb-keysyms1``.
Each library is mapped to the Debian package that holds it here (``dpkg -S``). The Fedora line beside it names
the Fedora package of each.

Runs where the window runs on X11 and packages are Debian's: Linux with ``readelf`` and ``dpkg``.
"""

from __future__ import annotations

import functools
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux") or not (shutil.which("readelf") and shutil.which("dpkg")),
    reason="Linux with Debian's packages: readelf and dpkg",
)

#: The Debian packages of the README's line, by their Fedora names (Fedora puts the XCB extensions in libxcb,
#: and venv in python3 itself).
FEDORA = {
    "python3-venv": "python3",
    "libstdc++6": "libstdc++",
    "libegl1": "mesa-libEGL",
    "libgl1": "mesa-libGL",
    "libfontconfig1": "fontconfig",
    "libfreetype6": "freetype",
    "libdbus-1-3": "dbus-libs",
    "libglib2.0-0": "glib2",
    "libxkbcommon0": "libxkbcommon",
    "libxkbcommon-x11-0": "libxkbcommon-x11",
    "libx11-6": "libX11",
    "libx11-xcb1": "libX11-xcb",
    "libxcb1": "libxcb",
    "libxcb-randr0": "libxcb",
    "libxcb-render0": "libxcb",
    "libxcb-shape0": "libxcb",
    "libxcb-shm0": "libxcb",
    "libxcb-sync1": "libxcb",
    "libxcb-xfixes0": "libxcb",
    "libxcb-xkb1": "libxcb",
    "libxcb-cursor0": "xcb-util-cursor",
    "libxcb-icccm4": "xcb-util-wm",
    "libxcb-image0": "xcb-util-image",
    "libxcb-keysyms1": "xcb-util-keysyms",
    "libxcb-render-util0": "xcb-util-renderutil",
    "libxcb-util1": "xcb-util",
}


def installed_by(readme: str, command: str) -> list[str]:
    """The packages the README's shell line running ``command`` (``apt-get install``, ``dnf install``) installs:
    the words after it up to the end of the command, options left out."""
    joined = readme.replace("\\\n", " ")
    lines = [line for line in joined.splitlines() if command in line]
    assert len(lines) == 1, f"one line of the README runs {command!r}: {lines}"
    words = shlex.split(lines[0].split(command, 1)[1])
    packages: list[str] = []
    for word in words:
        if word in ("&&", ";", "||"):
            break
        if not word.startswith("-"):
            packages.append(word)
    return packages


def needed(library: Path) -> list[str]:
    """The shared libraries ``library`` names as NEEDED in its dynamic section."""
    shown = subprocess.run(["readelf", "-d", str(library)], capture_output=True, text=True, check=True).stdout
    return re.findall(r"\(NEEDED\)\s+Shared library: \[([^\]]+)\]", shown)


def system_libraries(plugin: Path, bundled: Path) -> dict[str, str]:
    """Every library outside PySide6 that ``plugin`` or a library of ``bundled`` it loads (at any depth) names
    as NEEDED: {library: the bundled file (or plugin) that needs it}."""
    found: dict[str, str] = {}
    seen: set[str] = set()
    todo = [plugin]
    while todo:
        current = todo.pop()
        for name in needed(current):
            if (bundled / name).exists():
                if name not in seen:
                    seen.add(name)
                    todo.append(bundled / name)
            else:
                found.setdefault(name, current.name)
    return found


def package_of(library: str) -> str | None:
    """The installed Debian package holding ``library`` (any directory), or None."""
    done = subprocess.run(["dpkg", "-S", f"*/{library}"], capture_output=True, text=True)
    if done.returncode != 0:
        return None
    return done.stdout.splitlines()[0].split(":", 1)[0]


@functools.cache
def depends_closure(roots: frozenset[str]) -> frozenset[str]:
    """``roots`` and every installed package they depend on (Depends and Pre-Depends, any depth)."""
    closure: set[str] = set()
    todo = list(roots)
    while todo:
        package = todo.pop()
        if package in closure:
            continue
        closure.add(package)
        done = subprocess.run(
            ["dpkg-query", "-W", "-f=${Depends}, ${Pre-Depends}", package], capture_output=True, text=True
        )
        if done.returncode != 0:
            continue
        for alternatives in done.stdout.split(","):
            for alternative in alternatives.split("|"):
                name = alternative.strip().split(" ", 1)[0].split(":", 1)[0]
                if name:
                    todo.append(name)
    return frozenset(closure)


def pyside6() -> Path:
    import PySide6

    return Path(PySide6.__file__).parent


def test_the_readme_names_the_package_of_every_library_the_xcb_plugin_needs() -> None:
    """Each system library the xcb plugin and the bundled Qt under it link is in a package the README's line
    names, or that python3 (which the README's commands run, so present) itself depends on."""
    plugin = pyside6() / "Qt" / "plugins" / "platforms" / "libqxcb.so"
    assert plugin.exists(), plugin
    libraries = system_libraries(plugin, pyside6() / "Qt" / "lib")
    assert {"libxcb-cursor.so.0", "libxcb-icccm.so.4", "libxcb-keysyms.so.1"} <= set(libraries)
    named = set(installed_by(README.read_text(encoding="utf-8"), "apt-get install"))
    present = depends_closure(frozenset({"python3"}))
    missing: list[str] = []
    for library, needer in sorted(libraries.items()):
        package = package_of(library)
        if package is None:
            missing.append(f"{library} (needed by {needer}) is not installed here: which package holds it?")
        elif package not in named and package not in present:
            missing.append(f"{package} (for {library}, needed by {needer})")
    assert not missing, "the README's apt-get line misses:\n" + "\n".join(missing)


def test_the_readme_installs_venv_for_its_python3_m_venv() -> None:
    """Debian's python3 has no ``venv`` without python3-venv: the README's first command would stop there."""
    assert "python3-venv" in installed_by(README.read_text(encoding="utf-8"), "apt-get install")


def test_the_fedora_line_names_the_fedora_package_of_each_debian_one() -> None:
    readme = README.read_text(encoding="utf-8")
    debian = installed_by(readme, "apt-get install")
    fedora = set(installed_by(readme, "dnf install"))
    unknown = [package for package in debian if package not in FEDORA]
    assert not unknown, f"add the Fedora names of {unknown} to FEDORA"
    assert {FEDORA[package] for package in debian} == fedora


def test_the_readme_line_is_read_as_written() -> None:
    text = "x\n```sh\nsudo apt-get update && sudo apt-get install -y a b \\\n  c && d\n```\n"
    assert installed_by(text, "apt-get install") == ["a", "b", "c"]
