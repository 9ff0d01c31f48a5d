"""Build fidedesk for the platform this runs on, into dist/.

    python packaging/build.py [--python PATH] [--no-installer]

- Linux: ``dist/fidedesk/`` (one folder: run ``dist/fidedesk/fidedesk``), with ``fidedesk.desktop``, the
  MIME type of ``.fidedesk`` files and ``install-desktop-entry.sh`` beside the program, and the same
  folder as ``dist/fidedesk-<version>-linux.tar.gz``.
- Windows: ``dist\\fidedesk\\`` with ``fidedesk.exe`` carrying a version resource made from
  ``fidedesk.__version__``; then, if Inno Setup's ``iscc`` is found, ``dist\\fidedesk-<version>-setup.exe``.
- macOS: ``dist/fidedesk.app`` (the bundle over the one-folder build, Info.plist declaring the document
  types); ``packaging/macos/make_dmg.sh`` then makes the disk image.

PyInstaller runs in an interpreter that has fidedesk's dependencies and PyInstaller: ``--python``, or
this one if it has them, or else ``build/venv``, made here with ``pip install ".[package]"``. So on a
fresh clone ``python packaging/build.py`` is the whole build. Nothing here depends on the current
directory.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

from metadata import NAME, version, windows_version_info  # noqa: E402

DIST = ROOT / "dist"
WORK = ROOT / "build"
NEEDED = ("PyInstaller", "PySide6", "openpyxl", "xlsxwriter", "defusedxml", "gacrux", "networkx", "reportlab")
NEEDED += ("numba", "numpy")


def _has_everything(python: Path | str) -> bool:
    probe = f"import importlib.util, sys; sys.exit(any(importlib.util.find_spec(m) is None for m in {NEEDED!r}))"
    return subprocess.run([str(python), "-c", probe], check=False).returncode == 0


def _venv_python(folder: Path) -> Path:
    return folder / ("Scripts/python.exe" if sys.platform == "win32" else "bin/python")


def builder(python: str | None) -> Path:
    """The interpreter to run PyInstaller with (making build/venv when no other has what it needs)."""
    if python:
        if not _has_everything(python):
            raise SystemExit(f"{python} lacks one of {', '.join(NEEDED)}: pip install '.[package]' into it")
        return Path(python)
    if _has_everything(sys.executable):
        return Path(sys.executable)
    folder = WORK / "venv"
    if not _venv_python(folder).exists():
        print(f"making {folder} for the build", flush=True)
        venv.EnvBuilder(with_pip=True, clear=True).create(folder)
    python_path = _venv_python(folder)
    if not _has_everything(python_path):
        subprocess.run([str(python_path), "-m", "pip", "install", "--quiet", f"{ROOT}[package]"], check=True)
    return python_path


def run_pyinstaller(python: Path) -> None:
    command = [
        str(python), "-m", "PyInstaller", "--noconfirm", "--clean", "--log-level", "WARN",
        "--distpath", str(DIST), "--workpath", str(WORK / "pyinstaller"), str(HERE / "fidedesk.spec"),
    ]  # fmt: skip
    if sys.platform == "win32":
        version_file = WORK / "version_info.txt"
        version_file.parent.mkdir(parents=True, exist_ok=True)
        version_file.write_text(windows_version_info(), encoding="utf-8")
        command += ["--", "--version-file", str(version_file)]
    shutil.rmtree(DIST / NAME, ignore_errors=True)
    subprocess.run(command, check=True, cwd=ROOT)


def finish_linux(archive: bool) -> None:
    bundle = DIST / NAME
    for name in ("fidedesk.desktop", "fidedesk-mime.xml", "install-desktop-entry.sh"):
        shutil.copy2(HERE / "linux" / name, bundle / name)
    if archive:  # what a Linux user downloads: the folder, unpacked anywhere
        made = shutil.make_archive(str(DIST / f"{NAME}-{version()}-linux"), "gztar", DIST, NAME)
        print(f"{made}: {Path(made).stat().st_size / 2**20:.0f} MiB", flush=True)


def finish_windows(installer: bool) -> None:
    if not installer:
        return
    iscc = shutil.which("iscc") or shutil.which("ISCC")
    default = Path(os.environ.get("PROGRAMFILES(X86)", r"C:\Program Files (x86)")) / "Inno Setup 6" / "ISCC.exe"
    if iscc is None and default.exists():
        iscc = str(default)
    if iscc is None:
        print("Inno Setup (iscc) not found: dist\\fidedesk is built, the installer is not (https://jrsoftware.org)")
        return
    subprocess.run([iscc, f"/DAppVersion={version()}", str(HERE / "windows" / "fidedesk.iss")], check=True)


def size_of(folder: Path) -> int:
    return sum(path.stat().st_size for path in folder.rglob("*") if path.is_file() and not path.is_symlink())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--python", help="an interpreter with fidedesk's dependencies and PyInstaller")
    parser.add_argument(
        "--no-installer", action="store_true", help="the folder only: no Inno Setup installer, no Linux archive"
    )
    args = parser.parse_args()
    python = builder(args.python)
    print(f"building fidedesk {version()} for {sys.platform} with {python}", flush=True)
    run_pyinstaller(python)
    if sys.platform.startswith("linux"):
        finish_linux(not args.no_installer)
    elif sys.platform == "win32":
        finish_windows(not args.no_installer)
    bundle = DIST / (f"{NAME}.app" if sys.platform == "darwin" else NAME)
    program = bundle / ("fidedesk.exe" if sys.platform == "win32" else "fidedesk")
    start = bundle if sys.platform == "darwin" else program
    print(f"{bundle}: {size_of(bundle) / 2**20:.0f} MiB; try: {start} --smoke-test")
    return 0


if __name__ == "__main__":
    sys.exit(main())
