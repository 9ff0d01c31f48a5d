"""What the platforms are told about fidedesk: one source for the spec, build.py and their tests.

The version comes from ``fidedesk.__version__`` (read from the source, without importing the app);
the document types are the files fidedesk opens: its own ``.fidedesk`` file (owner), and TRF and Excel
workbooks (an alternative handler, never taking them over), as ``fidedesk.io.formats`` lists them
(``tests/test_packaging.py`` holds this file, the Linux entry and the Windows script to that list).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
NAME = "fidedesk"
DESCRIPTION = "Offline FIDE chess rating calculations"
BUNDLE_ID = "org.fidedesk.fidedesk"
TOURNAMENT_UTI = "org.fidedesk.tournament"
TRF_UTI = "org.fide.trf"
XLSX_UTI = "org.openxmlformats.spreadsheetml.sheet"


def version() -> str:
    """``fidedesk.__version__``, read from ``fidedesk/__init__.py``."""
    text = (ROOT / "fidedesk" / "__init__.py").read_text(encoding="utf-8")
    match = re.search(r'^__version__ = "([0-9]+(?:\.[0-9]+){1,3})"$', text, re.MULTILINE)
    if match is None:
        raise ValueError('fidedesk/__init__.py has no __version__ = "X.Y.Z"')
    return match[1]


def version_tuple(text: str | None = None) -> tuple[int, int, int, int]:
    """The version as Windows wants it: four numbers."""
    parts = [int(part) for part in (text or version()).split(".")]
    padded = [*parts, 0, 0, 0, 0][:4]
    return padded[0], padded[1], padded[2], padded[3]


def info_plist() -> dict[str, Any]:
    """Info.plist entries of the macOS bundle: version, the document types, the .fidedesk type declared."""
    current = version()
    return {
        "CFBundleName": NAME,
        "CFBundleDisplayName": NAME,
        "CFBundleShortVersionString": current,
        "CFBundleVersion": current,
        "NSHighResolutionCapable": True,
        "NSHumanReadableCopyright": "fidedesk contributors",
        "LSMinimumSystemVersion": "11.0",
        "CFBundleDocumentTypes": [
            {
                "CFBundleTypeName": "fidedesk tournament",
                "CFBundleTypeRole": "Editor",
                "LSHandlerRank": "Owner",
                "LSItemContentTypes": [TOURNAMENT_UTI],
                "CFBundleTypeIconFile": "fidedesk.icns",
            },
            {
                "CFBundleTypeName": "FIDE tournament report (TRF)",
                "CFBundleTypeRole": "Viewer",
                "LSHandlerRank": "Alternate",
                "LSItemContentTypes": [TRF_UTI],
            },
            {
                "CFBundleTypeName": "Excel workbook",
                "CFBundleTypeRole": "Viewer",
                "LSHandlerRank": "Alternate",
                "LSItemContentTypes": [XLSX_UTI],
            },
        ],
        "UTExportedTypeDeclarations": [
            {
                "UTTypeIdentifier": TOURNAMENT_UTI,
                "UTTypeDescription": "fidedesk tournament",
                "UTTypeConformsTo": ["public.json", "public.data"],
                "UTTypeIconFile": "fidedesk.icns",
                "UTTypeTagSpecification": {"public.filename-extension": ["fidedesk"]},
            }
        ],
        "UTImportedTypeDeclarations": [
            {
                "UTTypeIdentifier": TRF_UTI,
                "UTTypeDescription": "FIDE tournament report (TRF)",
                "UTTypeConformsTo": ["public.plain-text"],
                "UTTypeTagSpecification": {"public.filename-extension": ["trf"]},
            }
        ],
    }


def windows_version_info(text: str | None = None) -> str:
    """The version resource of fidedesk.exe, in the form PyInstaller's ``version=`` file takes."""
    current = text or version()
    numbers = version_tuple(current)
    strings = {
        "CompanyName": "fidedesk",
        "FileDescription": DESCRIPTION,
        "FileVersion": current,
        "InternalName": NAME,
        "LegalCopyright": "fidedesk contributors",
        "OriginalFilename": f"{NAME}.exe",
        "ProductName": NAME,
        "ProductVersion": current,
    }
    entries = ",\n".join(f"            StringStruct({key!r}, {value!r})" for key, value in strings.items())
    return f"""# UTF-8
# Written by packaging/build.py from fidedesk.__version__; not edited by hand.
VSVersionInfo(
  ffi=FixedFileInfo(filevers={numbers}, prodvers={numbers}, mask=0x3f, flags=0x0, OS=0x40004,
                    fileType=0x1, subtype=0x0, date=(0, 0)),
  kids=[
    StringFileInfo([
      StringTable('040904B0', [
{entries}
      ])
    ]),
    VarFileInfo([VarStruct('Translation', [1033, 1200])])
  ]
)
"""
