"""Render the fidedesk icon from ``resources/icons/fidedesk.svg`` into every file a platform needs.

Run ``python packaging/make_icons.py`` (no arguments) after editing the SVG; it rewrites, next to the SVG:

* ``fidedesk-{16,24,32,48,64,128,256,512}.png``: the Linux hicolor theme sizes (16 for menus and
  tray, 24 for toolbars, 32/48 for launchers and the window list, 64-512 for large docks and
  software centres); the application also sets them as its window icon, so Qt picks the nearest.
* ``fidedesk.ico`` for Windows: 16 (title bar, small lists), 24 and 32 (taskbar at 100-150 %
  scaling), 48 (desktop, medium icons), 64 and 128 (large icons on high-DPI screens) and 256
  (extra large icons, Explorer thumbnails), each stored as a PNG image, which Windows Vista and
  later read for every size.
* ``fidedesk.icns`` for macOS: icp4/icp5/icp6 (16, 32, 64), ic07-ic10 (128, 256, 512, 1024) and
  the Retina variants ic11-ic14 (16@2x, 32@2x, 128@2x, 256@2x), all PNG payloads.

The outputs are committed and ship with the application, so a build never has to render them.
They are deterministic: rendering the same SVG gives the same bytes on every run (Qt's PNG writer
adds no timestamp), though another Qt build may put an antialiased edge a colour level away; so the tests
check that the committed icons match the source pixel by pixel within a small tolerance, not byte by byte.
The .ico and .icns containers are written by hand with :mod:`struct`, without Pillow.
"""

from __future__ import annotations

import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QRectF, Qt
from PySide6.QtGui import QGuiApplication, QImage, QImageWriter, QPainter
from PySide6.QtSvg import QSvgRenderer

ICONS = Path(__file__).resolve().parents[1] / "resources" / "icons"
SVG = ICONS / "fidedesk.svg"

PNG_SIZES: tuple[int, ...] = (16, 24, 32, 48, 64, 128, 256, 512)
ICO_SIZES: tuple[int, ...] = (16, 24, 32, 48, 64, 128, 256)
ICNS_TYPES: tuple[tuple[bytes, int], ...] = (
    (b"icp4", 16),
    (b"icp5", 32),
    (b"icp6", 64),
    (b"ic07", 128),
    (b"ic08", 256),
    (b"ic09", 512),
    (b"ic10", 1024),
    (b"ic11", 32),
    (b"ic12", 64),
    (b"ic13", 256),
    (b"ic14", 512),
)

_app: QGuiApplication | None = None


def _ensure_app() -> None:
    """QPainter and QSvgRenderer need a Qt GUI application; create one if the caller has none."""
    global _app
    if QGuiApplication.instance() is None:
        _app = QGuiApplication([sys.argv[0] if sys.argv else "make_icons"])


def render(svg: Path, size: int) -> bytes:
    """The SVG rendered antialiased onto a transparent ``size`` x ``size`` image, as PNG bytes (no metadata)."""
    _ensure_app()
    renderer = QSvgRenderer(str(svg))
    if not renderer.isValid():
        raise ValueError(f"{svg} is not an SVG that Qt can render")
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
    renderer.render(painter, QRectF(0, 0, size, size))
    painter.end()
    image = image.convertToFormat(QImage.Format.Format_ARGB32)
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QImageWriter(buffer, QByteArray(b"PNG"))  # what QImage.save(buffer, "PNG") does
    if not writer.write(image):
        raise RuntimeError(f"Qt could not encode the {size} px icon as PNG: {writer.errorString()}")
    buffer.close()
    return bytes(data.data())


def ico_bytes(pngs: dict[int, bytes]) -> bytes:
    """A Windows .ico holding one PNG image per size (sizes up to 256), smallest first."""
    sizes = sorted(pngs)
    if any(not 1 <= size <= 256 for size in sizes):
        raise ValueError(f"an .ico entry must be 1-256 px, got {sizes}")
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = len(header) + 16 * len(sizes)
    entries = bytearray()
    payload = bytearray()
    for size in sizes:
        png = pngs[size]
        dimension = 0 if size == 256 else size
        entries += struct.pack("<BBBBHHII", dimension, dimension, 0, 0, 1, 32, len(png), offset)
        payload += png
        offset += len(png)
    return header + bytes(entries) + bytes(payload)


def icns_bytes(pngs: dict[int, bytes]) -> bytes:
    """A macOS .icns with the PNG entries of ``ICNS_TYPES``; ``pngs`` maps pixel size to PNG bytes."""
    body = bytearray()
    for kind, size in ICNS_TYPES:
        png = pngs[size]
        body += kind + struct.pack(">I", len(png) + 8) + png
    return b"icns" + struct.pack(">I", len(body) + 8) + bytes(body)


def main() -> int:
    """Regenerate every icon file from the SVG; print what was written."""
    sizes = sorted({*PNG_SIZES, *ICO_SIZES, *(size for _, size in ICNS_TYPES)})
    pngs = {size: render(SVG, size) for size in sizes}
    outputs: dict[Path, bytes] = {ICONS / f"fidedesk-{size}.png": pngs[size] for size in PNG_SIZES}
    outputs[ICONS / "fidedesk.ico"] = ico_bytes({size: pngs[size] for size in ICO_SIZES})
    outputs[ICONS / "fidedesk.icns"] = icns_bytes(pngs)
    for path, data in outputs.items():
        path.write_bytes(data)
        print(f"{path.relative_to(ICONS.parents[1])}: {len(data)} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
