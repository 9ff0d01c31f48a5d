"""The packaging scripts: what each platform is told, that the spec's paths exist, that resources are found.

The bundle itself is built and started by ``.ci/run`` (``python packaging/build.py`` then the frozen
``--smoke-test`` opening the sample tournament); these tests keep the scripts' inputs honest without
building anything.
"""

from __future__ import annotations

import ast
import configparser
import plistlib
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import fidedesk
from fidedesk.gui.common import resources
from fidedesk.io.formats import FORMATS

ROOT = Path(__file__).resolve().parents[1]
PACKAGING = ROOT / "packaging"
sys.path.insert(0, str(PACKAGING))

import metadata  # noqa: E402

SAMPLE = ROOT / "resources" / "samples" / "round_robin_8_58.trf"


def test_the_version_is_the_packages() -> None:
    assert metadata.version() == fidedesk.__version__
    assert metadata.version_tuple("1.2") == (1, 2, 0, 0)
    assert metadata.version_tuple("0.1.0") == (0, 1, 0, 0)


def test_the_macos_bundle_declares_the_three_document_types() -> None:
    plist = metadata.info_plist()
    assert plistlib.loads(plistlib.dumps(plist)) == plist  # a valid property list
    assert plist["CFBundleShortVersionString"] == fidedesk.__version__
    handled = {uti: entry["LSHandlerRank"] for entry in plist["CFBundleDocumentTypes"]
               for uti in entry["LSItemContentTypes"]}  # fmt: skip
    assert handled == {metadata.TOURNAMENT_UTI: "Owner", metadata.TRF_UTI: "Alternate", metadata.XLSX_UTI: "Alternate"}
    declared = {d["UTTypeIdentifier"]: d["UTTypeTagSpecification"]["public.filename-extension"]
                for d in plist["UTExportedTypeDeclarations"] + plist["UTImportedTypeDeclarations"]}  # fmt: skip
    assert declared == {metadata.TOURNAMENT_UTI: ["fidedesk"], metadata.TRF_UTI: ["trf"]}


def test_the_windows_version_resource_carries_the_version() -> None:
    text = metadata.windows_version_info("2.3.1")
    tree = ast.parse(text)  # PyInstaller evaluates it as Python
    call = tree.body[0].value  # type: ignore[attr-defined]
    assert call.func.id == "VSVersionInfo"
    assert "filevers=(2, 3, 1, 0)" in text and "StringStruct('ProductVersion', '2.3.1')" in text


def test_the_inno_setup_script_installs_the_build_and_owns_fidedesk_files() -> None:
    script = (PACKAGING / "windows" / "fidedesk.iss").read_text(encoding="utf-8")
    folder = PACKAGING / "windows"
    icon = re.search(r"^SetupIconFile=(.+)$", script, re.MULTILINE)
    assert icon and (folder / icon[1].replace("\\", "/")).resolve() == ROOT / "resources" / "icons" / "fidedesk.ico"
    source = re.search(r'^Source: "([^"]+)"', script, re.MULTILINE)
    assert source and (folder / source[1].replace("\\", "/")).parent.resolve() == ROOT / "dist" / "fidedesk"
    assert (
        'Subkey: "Software\\Classes\\.fidedesk"; ValueType: string; ValueName: ""; ValueData: "fidedesk.tournament"'
        in script
    )
    assert '"""{app}\\fidedesk.exe"" ""%1"""' in script  # the file double-clicked reaches fidedesk as an argument
    assert re.search(r"^Name: \"\{group\}\\fidedesk\"; Filename: \"\{app\}\\fidedesk.exe\"$", script, re.MULTILINE)
    assert "ChangesAssociations=yes" in script and "{#AppVersion}" in script


def test_the_linux_desktop_entry_and_mime_type_agree() -> None:
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str  # type: ignore[assignment,method-assign]
    entry.read(PACKAGING / "linux" / "fidedesk.desktop", encoding="utf-8")
    desktop = entry["Desktop Entry"]
    assert desktop["Type"] == "Application" and desktop["Exec"] == "fidedesk %f" and desktop["Icon"] == "fidedesk"
    mime = ET.parse(PACKAGING / "linux" / "fidedesk-mime.xml").getroot()
    namespace = {"m": "http://www.freedesktop.org/standards/shared-mime-info"}
    kind = mime.find("m:mime-type", namespace)
    assert kind is not None and desktop["MimeType"].startswith(f"{kind.get('type')};")
    assert kind.find("m:glob", namespace).get("pattern") == "*.fidedesk"  # type: ignore[union-attr]
    script = (PACKAGING / "linux" / "install-desktop-entry.sh").read_text(encoding="utf-8")
    for size in resources.ICON_SIZES:
        assert (ROOT / "resources" / "icons" / f"fidedesk-{size}.png").is_file()
    assert "for size in " + " ".join(map(str, resources.ICON_SIZES)) + "; do" in script


#: The types the systems know, by extension, that fidedesk does not declare itself.
_SYSTEM_TYPES = {".xlsx": ("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", metadata.XLSX_UTI)}


def test_every_platform_associates_exactly_the_registrys_formats() -> None:
    """The formats of fidedesk.io.formats, each with its extensions and role, on Linux, macOS and Windows."""
    wanted = {extension: format_.role.value for format_ in FORMATS for extension in format_.associated}
    assert wanted == {".fidedesk": "owner", ".trf": "alternate", ".xlsx": "alternate"}
    # Linux: the MIME types declared (or the system's) and the desktop entry's list; a role is not said there
    namespace = {"m": "http://www.freedesktop.org/standards/shared-mime-info"}
    mime = ET.parse(PACKAGING / "linux" / "fidedesk-mime.xml").getroot()
    types = {glob.get("pattern", "")[1:]: kind.get("type") for kind in mime.findall("m:mime-type", namespace)
             for glob in kind.findall("m:glob", namespace)}  # fmt: skip
    types.update({extension: linux for extension, (linux, _mac) in _SYSTEM_TYPES.items()})
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str  # type: ignore[assignment,method-assign]
    entry.read(PACKAGING / "linux" / "fidedesk.desktop", encoding="utf-8")
    listed = set(filter(None, entry["Desktop Entry"]["MimeType"].split(";")))
    assert listed == {types[extension] for extension in wanted} and len(listed) == len(wanted)
    # macOS: each document type's content type, its rank, and the extension that type stands for
    plist = metadata.info_plist()
    declared = {d["UTTypeIdentifier"]: d["UTTypeTagSpecification"]["public.filename-extension"]
                for d in plist["UTExportedTypeDeclarations"] + plist["UTImportedTypeDeclarations"]}  # fmt: skip
    declared.update({mac: [extension[1:]] for extension, (_linux, mac) in _SYSTEM_TYPES.items()})
    ranks = {"Owner": "owner", "Alternate": "alternate"}
    mac = {f".{extension}": ranks[entry["LSHandlerRank"]] for entry in plist["CFBundleDocumentTypes"]
           for uti in entry["LSItemContentTypes"] for extension in declared[uti]}  # fmt: skip
    assert mac == wanted
    # Windows: an owned extension gets fidedesk's ProgID as its default, an alternate only "Open with"
    script = (PACKAGING / "windows" / "fidedesk.iss").read_text(encoding="utf-8")
    owned = set(re.findall(r'Subkey: "Software\\Classes\\(\.[a-z]+)"; ValueType: string; ValueName: ""', script))
    offered = set(re.findall(r'Subkey: "Software\\Classes\\(\.[a-z]+)\\OpenWithProgids"', script))
    windows = {extension: "owner" if extension in owned else "alternate" for extension in offered | owned}
    assert windows == wanted


def test_the_spec_takes_every_path_from_its_own_folder() -> None:
    spec = (PACKAGING / "fidedesk.spec").read_text(encoding="utf-8")
    compile(spec, "fidedesk.spec", "exec")
    assert "SPECPATH" in spec and "os.getcwd" not in spec and "Path.cwd" not in spec
    hidden = re.search(r"^HIDDEN = (\[.*\])$", spec, re.MULTILINE)
    assert hidden is not None and "hiddenimports=HIDDEN" in spec
    # Qt is PyInstaller's hooks' business: no Qt module among the hidden imports
    assert not [name for name in ast.literal_eval(hidden[1]) if "PySide6" in name or "Qt" in name]
    for relative in re.findall(r'ROOT / "resources" / "[^"]+" / "([^"]+)"', spec):
        assert list((ROOT / "resources").rglob(relative)), relative
    assert (PACKAGING / "launcher.py").is_file()


def test_the_pairing_engine_is_a_runtime_dependency_the_build_checks_for() -> None:
    """Issue 16: Pair round runs FIDE TEC's engine, so an installed or frozen fidedesk must carry it."""
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "gacrux==1.11.65" in project["project"]["dependencies"]
    assert not any(need.startswith("gacrux") for need in project["project"]["optional-dependencies"]["test"])
    build = ast.parse((PACKAGING / "build.py").read_text(encoding="utf-8"))
    needed = next(node.value for node in build.body
                  if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "NEEDED")  # fmt: skip
    assert {"gacrux", "networkx"} <= set(ast.literal_eval(needed))


def test_the_pdf_writer_and_its_fonts_go_into_the_bundle() -> None:
    """Printing writes PDF with reportlab in the fonts shipped in fidedesk/publish/paper/fonts: an installed or frozen
    fidedesk must carry both, and reportlab's settings module, which it imports from a string."""
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "reportlab==4.4.4" in project["project"]["dependencies"]
    assert project["tool"]["setuptools"]["package-data"]["fidedesk.publish.paper"] == ["fonts/*"]
    build = ast.parse((PACKAGING / "build.py").read_text(encoding="utf-8"))
    needed = next(node.value for node in build.body
                  if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "NEEDED")  # fmt: skip
    assert "reportlab" in ast.literal_eval(needed)
    spec = (PACKAGING / "fidedesk.spec").read_text(encoding="utf-8")
    hidden = re.search(r"^HIDDEN = (\[.*\])$", spec, re.MULTILINE)
    assert hidden is not None and "reportlab.rl_settings" in ast.literal_eval(hidden[1])
    assert 'PAPER_FONTS = ROOT / "fidedesk" / "publish" / "paper" / "fonts"' in spec
    fonts = {path.name for path in (ROOT / "fidedesk" / "publish" / "paper" / "fonts").iterdir()}
    assert {"DejaVuSansCondensed.ttf", "DejaVuSansCondensed-Bold.ttf", "LICENSE"} <= fonts
    import reportlab.rl_config  # type: ignore[import-untyped]

    source = Path(reportlab.rl_config.__file__).read_text(encoding="utf-8")
    assert "'from reportlab.rl_settings import *'" in source  # still imported from a string: still hidden


def test_the_spec_leaves_out_what_networkx_imports_only_on_demand() -> None:
    """networkx imports scipy, pandas, matplotlib and the drawing libraries inside the functions that use them;
    gacrux's matching uses none of them, and the bundle must not grow by them where installed. numpy is fidedesk's
    own (the compiled matching of a big bracket, issue 28), imported only when a bracket is that big."""
    spec = (PACKAGING / "fidedesk.spec").read_text(encoding="utf-8")
    listed = re.search(r"^NOT_NEEDED = (\[.*\])$", spec, re.MULTILINE)
    assert listed is not None and "*NOT_NEEDED" in spec
    left_out = set(ast.literal_eval(listed[1]))
    assert {"scipy", "pandas", "matplotlib"} <= left_out and "numpy" not in left_out
    left_out |= {"numpy", "numba", "llvmlite"}  # a small round needs none of the compiled matching either
    probe = (
        "import sys; from fidedesk.engine.pairing import pair_round; "
        "from fidedesk.core.tournament import EventInfo, Player, System, Tournament; "
        "ps = tuple(Player(r, f'P{r}', 2000 - r) for r in range(1, 10)); "
        "pair_round(Tournament(EventInfo(system=System.SWISS, rounds=3), ps)); "
        "print(' '.join(sorted({m.split('.')[0] for m in sys.modules})))"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120, check=True)
    imported = set(done.stdout.split())
    assert {"gacrux", "networkx"} <= imported  # the probe did run the engine
    assert not imported & left_out  # pairing a round needs none of what the spec leaves out
    probe = (
        "import sys; from fidedesk.publish.paper.layout import lay_out; "
        "from fidedesk.publish.paper.pdf import pdf_bytes; "
        "from fidedesk.publish.documents.model import Column, Document, DocumentKind, TableBlock; "
        "table = TableBlock((Column('Name'),), [('Łukasz ½',)]); "
        "pdf_bytes(lay_out(Document(DocumentKind.PLAYERS, 'Players', 'Open', '', '', '', (table,)))); "
        "print(' '.join(sorted({m.split('.')[0] for m in sys.modules})))"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120, check=True)
    imported = set(done.stdout.split())
    assert "reportlab" in imported
    assert not imported & left_out  # nor does writing a PDF


def test_resources_are_found_in_the_source_tree_and_in_a_frozen_app(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    assert resources.resource("samples/round_robin_8_58.trf") == SAMPLE
    assert resources.resource("icons/nothing.png") is None
    frozen = tmp_path / "resources" / "icons"
    frozen.mkdir(parents=True)
    (frozen / "fidedesk-16.png").write_bytes((ROOT / "resources" / "icons" / "fidedesk-16.png").read_bytes())
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert resources.resource_folders()[0] == tmp_path / "resources"
    assert resources.resource("icons/fidedesk-16.png") == frozen / "fidedesk-16.png"
    assert resources.resource("samples/round_robin_8_58.trf") == SAMPLE  # the next place still serves


def _smoke(*args: str) -> subprocess.CompletedProcess[str]:
    env = {"QT_QPA_PLATFORM": "offscreen", "PATH": "/usr/bin:/bin", "HOME": str(Path.home())}
    return subprocess.run([sys.executable, "-m", "fidedesk", "--smoke-test", *args], capture_output=True, text=True,
                          timeout=120, env=env, check=False)  # fmt: skip


def test_the_smoke_test_opens_a_tournament_given_to_it(tmp_path: Path) -> None:
    done = _smoke(str(SAMPLE))
    assert done.returncode == 0, done.stderr
    opened = (
        "3 tabs, About and the user guide rendered, a rating list imported and searched, a Swiss round paired,"
        " a big bracket's matching compiled, a round checked in a child process, a workbook exported,"
        " a PDF written and a page painted, a norm certificate (IT1) written, opened round_robin_8_58.trf (10 players)"
    )
    assert done.stdout.strip() == f"fidedesk {fidedesk.__version__}: {opened}"
    broken = tmp_path / "broken.trf"
    broken.write_text(
        "012 Nothing\n001    1 m    Player                            1900 GER             0.0    1  9999 w 1\n"
    )
    done = _smoke(str(broken))  # no dialog may wait for a user: the error is reported and the run fails
    assert done.returncode == 1 and "Cannot import the file" in done.stderr and "could not open" in done.stderr


def test_the_smoke_test_opens_a_workbook_as_the_import_wizard_proposes_it(tmp_path: Path) -> None:
    done = _smoke(str(ROOT / "tests" / "data" / "made" / "gelendzhik.xlsx"))
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().endswith("opened gelendzhik.xlsx (14 players)")
    renamed = tmp_path / "list.xlsx"
    renamed.write_text("Name,Rating\n", encoding="utf-8")
    done = _smoke(str(renamed))
    assert done.returncode == 1 and "not an Excel .xlsx workbook" in done.stderr and "could not open" in done.stderr


def test_the_linux_desktop_entry_installs_into_the_users_data_folder(tmp_path: Path) -> None:
    bundle = tmp_path / "opt" / "fidedesk"
    (bundle / "_internal" / "resources").mkdir(parents=True)
    for name in ("fidedesk.desktop", "fidedesk-mime.xml", "install-desktop-entry.sh"):
        (bundle / name).write_bytes((PACKAGING / "linux" / name).read_bytes())
    icons = bundle / "_internal" / "resources" / "icons"
    icons.mkdir()
    for size in resources.ICON_SIZES:
        (icons / f"fidedesk-{size}.png").write_bytes(
            (ROOT / "resources" / "icons" / f"fidedesk-{size}.png").read_bytes()
        )
    data = tmp_path / "data"
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "XDG_DATA_HOME": str(data)}
    done = subprocess.run(["sh", str(bundle / "install-desktop-entry.sh")], env=env, capture_output=True, text=True,
                          check=False)  # fmt: skip
    assert done.returncode == 0, done.stderr
    entry = (data / "applications" / "fidedesk.desktop").read_text(encoding="utf-8")
    assert f'Exec="{bundle}/fidedesk" %f' in entry.splitlines()
    assert (data / "icons" / "hicolor" / "256x256" / "apps" / "fidedesk.png").read_bytes() == (
        icons / "fidedesk-256.png"
    ).read_bytes()
    assert (data / "mime" / "packages" / "fidedesk.xml").is_file()


def test_the_smoke_test_prints_no_qt_noise() -> None:
    """Issue 14: the offscreen platform's "does not support propagateSizeHints()" is not a problem to print."""
    done = _smoke()
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""


def test_only_the_offscreen_noise_is_dropped(qapp: object) -> None:
    """Every other message Qt gives still reaches the handler that was there before."""
    from PySide6.QtCore import QMessageLogContext, QtMsgType, qInstallMessageHandler, qWarning

    from fidedesk.gui.app import _without_offscreen_noise

    heard: list[str] = []

    def before(_kind: QtMsgType, _context: QMessageLogContext, message: str) -> None:
        heard.append(message)

    outer = qInstallMessageHandler(before)
    try:
        with _without_offscreen_noise():
            qWarning("This plugin does not support propagateSizeHints()")
            qWarning("something else")
        qWarning("after")
    finally:
        qInstallMessageHandler(outer)
    assert heard == ["something else", "after"]


def test_the_frozen_app_runs_a_spawned_child_before_it_imports_the_window() -> None:
    """Issue 28: the FIDE check runs in a process spawned from the executable; ``freeze_support`` (with
    PyInstaller's runtime hook) makes that child run its job and exit, so it must come before anything else."""
    import ast

    tree = ast.parse((PACKAGING / "launcher.py").read_text(encoding="utf-8"))
    guard = next(node for node in tree.body if isinstance(node, ast.If))
    first = guard.body[0]
    assert isinstance(first, ast.Expr) and ast.unparse(first) == "multiprocessing.freeze_support()"
    assert not any(isinstance(node, ast.ImportFrom) and "fidedesk" in (node.module or "") for node in tree.body)
