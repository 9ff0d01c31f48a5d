"""The committed icon files: container layout, PNG sizes, and that they still match the SVG source (as a person
sees them: sizes, alpha and every pixel within a small tolerance, not bytes, which differ between Qt builds)."""

from __future__ import annotations

import importlib.util
import os
import struct
from pathlib import Path
from types import ModuleType

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

REPO = Path(__file__).resolve().parents[1]
ICONS = REPO / "resources" / "icons"
SVG = ICONS / "fidedesk.svg"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def png_size(data: bytes) -> tuple[int, int]:
    """Width and height from a PNG's IHDR chunk (which must come first)."""
    assert data[:8] == PNG_SIGNATURE, "not a PNG"
    length, kind = struct.unpack(">I4s", data[8:16])
    assert kind == b"IHDR"
    assert length == 13
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def load_make_icons() -> ModuleType:
    """packaging/ is not a package: load make_icons.py from its path."""
    path = REPO / "packaging" / "make_icons.py"
    spec = importlib.util.spec_from_file_location("make_icons", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# the sizes come from make_icons, the one list of them; what each platform needs is checked below
PNG_SIZES = load_make_icons().PNG_SIZES
ICO_SIZES = load_make_icons().ICO_SIZES
ICNS_ENTRIES = load_make_icons().ICNS_TYPES


def test_the_sizes_cover_what_each_platform_needs() -> None:
    from fidedesk.gui.common.resources import ICON_SIZES

    assert tuple(PNG_SIZES) == ICON_SIZES  # the window loads every PNG that is made
    assert {16, 32, 48, 256} <= set(ICO_SIZES)  # Explorer's small, medium, large and jumbo icons
    assert {(b"icp4", 16), (b"ic10", 1024), (b"ic13", 256), (b"ic14", 512)} <= set(ICNS_ENTRIES)  # Finder and Retina


def test_svg_is_self_contained() -> None:
    text = SVG.read_text(encoding="utf-8")
    assert 'viewBox="0 0 1024 1024"' in text
    for forbidden in ("<text", "<image", "<filter", "href=", "<script"):
        assert forbidden not in text


@pytest.mark.parametrize("size", PNG_SIZES)
def test_png_size_matches_name(size: int) -> None:
    assert png_size((ICONS / f"fidedesk-{size}.png").read_bytes()) == (size, size)


def test_ico_layout() -> None:
    data = (ICONS / "fidedesk.ico").read_bytes()
    reserved, kind, count = struct.unpack("<HHH", data[:6])
    assert (reserved, kind) == (0, 1)
    assert count == len(ICO_SIZES)
    sizes = []
    end = 6 + 16 * count
    for index in range(count):
        width, height, colors, zero, planes, bits, length, offset = struct.unpack(
            "<BBBBHHII", data[6 + 16 * index : 6 + 16 * (index + 1)]
        )
        assert (colors, zero, planes, bits) == (0, 0, 1, 32)
        assert width == height
        size = width or 256
        payload = data[offset : offset + length]
        assert len(payload) == length
        assert png_size(payload) == (size, size)
        sizes.append(size)
        end = max(end, offset + length)
    assert sorted(sizes) == list(ICO_SIZES)
    assert end == len(data)


def test_icns_layout() -> None:
    data = (ICONS / "fidedesk.icns").read_bytes()
    magic, total = struct.unpack(">4sI", data[:8])
    assert magic == b"icns"
    assert total == len(data)
    entries = []
    position = 8
    while position < len(data):
        kind, length = struct.unpack(">4sI", data[position : position + 8])
        assert length > 8
        payload = data[position + 8 : position + length]
        assert len(payload) == length - 8
        width, height = png_size(payload)
        assert width == height
        entries.append((kind, width))
        position += length
    assert position == len(data)
    assert tuple(entries) == ICNS_ENTRIES


def test_render_is_not_blank(qapp: object) -> None:
    from PySide6.QtGui import QImage

    image = QImage.fromData(load_make_icons().render(SVG, 48))
    assert (image.width(), image.height()) == (48, 48)
    alphas = [image.pixelColor(x, y).alpha() for y in range(48) for x in range(48)]
    assert sum(alpha == 255 for alpha in alphas) > 48 * 48 // 2
    for x, y in ((0, 0), (47, 0), (0, 47), (47, 47)):
        assert image.pixelColor(x, y).alpha() == 0, "the rounded corners should be transparent"
    colours = {image.pixelColor(x, y).name() for y in range(48) for x in range(48)}
    assert "#ffffff" in colours, "the white rook is missing"


#: How far a rendered pixel may be from the committed one, per channel: Qt builds differ by a level or so in
#: antialiased edges; any real change of a colour or a shape moves pixels much further.
TOLERANCE = 4


def differences(expected: bytes, actual: bytes, limit: int = 20) -> list[str]:
    """What differs between two PNG images as a person would see it: the size, whether there is an alpha
    channel, and pixels (red, green, blue, alpha) further apart than TOLERANCE, up to ``limit`` of them;
    empty when they match."""
    from PySide6.QtGui import QImage

    first, second = QImage.fromData(expected), QImage.fromData(actual)
    if first.isNull() or second.isNull():
        return ["not an image"]
    if first.size() != second.size():
        return [f"size {first.width()} x {first.height()} against {second.width()} x {second.height()}"]
    if first.hasAlphaChannel() != second.hasAlphaChannel():
        return ["one has an alpha channel, the other not"]
    rows = []
    for image in (first, second):
        rgba = image.convertToFormat(QImage.Format.Format_RGBA8888)  # not premultiplied: the colours as saved
        data, stride = bytes(rgba.constBits()), rgba.bytesPerLine()
        rows.append([data[y * stride : y * stride + 4 * rgba.width()] for y in range(rgba.height())])
    found: list[str] = []
    for y, (one, two) in enumerate(zip(*rows, strict=True)):
        if one == two:  # most rows: compared in C
            continue
        for x in range(0, len(one), 4):
            if max(abs(i - j) for i, j in zip(one[x : x + 4], two[x : x + 4], strict=True)) > TOLERANCE:
                found.append(f"({x // 4}, {y}): {tuple(one[x : x + 4])} against {tuple(two[x : x + 4])}")
                if len(found) == limit:
                    return found
    return found


@pytest.mark.parametrize("size", PNG_SIZES)
def test_committed_png_matches_svg(qapp: object, size: int) -> None:
    rendered = load_make_icons().render(SVG, size)
    found = differences((ICONS / f"fidedesk-{size}.png").read_bytes(), rendered)
    assert not found, f"{len(found)} pixels differ, first {found[:3]}: run python packaging/make_icons.py"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ('fill="#f2b705"', 'fill="#f2b70f"'),  # the gold arrowhead, ten levels bluer
        ('stop-color="#1f4e79"', 'stop-color="#1f4e71"'),  # the top of the tile, eight levels less blue
        ("608,320 544,384", "608,336 544,384"),  # one corner of the rook's collar, a quarter of a pixel at 64
    ],
)
def test_a_real_change_of_the_svg_is_caught(qapp: object, tmp_path: Path, old: str, new: str) -> None:
    source = SVG.read_text(encoding="utf-8")
    assert source.count(old) == 1
    changed = tmp_path / "changed.svg"
    changed.write_text(source.replace(old, new), encoding="utf-8")
    make_icons = load_make_icons()
    caught = [size for size in PNG_SIZES if differences(make_icons.render(SVG, size), make_icons.render(changed, size))]
    assert caught == list(PNG_SIZES)  # every size shows it, 16 px too


def test_the_tolerance_is_per_channel_and_small(qapp: object) -> None:
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice
    from PySide6.QtGui import QColor, QImage

    def png(colour: QColor) -> bytes:
        image = QImage(4, 4, QImage.Format.Format_ARGB32)
        image.fill(colour)
        data = QByteArray()
        buffer = QBuffer(data)
        buffer.open(QIODevice.OpenModeFlag.WriteOnly)
        assert image.save(buffer, "PNG")
        return bytes(data.data())

    base = png(QColor(100, 100, 100, 255))
    assert differences(base, png(QColor(100 + TOLERANCE, 100 - TOLERANCE, 100, 255))) == []
    assert len(differences(base, png(QColor(100, 100, 100 + TOLERANCE + 1, 255)))) == 16
    assert len(differences(base, png(QColor(100, 100, 100, 255 - TOLERANCE - 1)))) == 16


def test_containers_hold_the_committed_pngs(qapp: object) -> None:
    """The .ico holds the committed PNGs byte for byte; the .icns too, and its 1024 px image (which has no
    PNG of its own) matches the SVG within the tolerance."""
    make_icons = load_make_icons()
    pngs = {size: (ICONS / f"fidedesk-{size}.png").read_bytes() for size in PNG_SIZES}
    assert make_icons.ico_bytes({size: pngs[size] for size in ICO_SIZES}) == (ICONS / "fidedesk.ico").read_bytes()
    icns = (ICONS / "fidedesk.icns").read_bytes()
    position, payloads = 8, []
    while position < len(icns):
        length = struct.unpack(">I", icns[position + 4 : position + 8])[0]
        payloads.append(icns[position + 8 : position + length])
        position += length
    largest = dict(zip(ICNS_ENTRIES, payloads, strict=True))[(b"ic10", 1024)]
    assert not differences(largest, make_icons.render(SVG, 1024)), "run python packaging/make_icons.py"
    pngs[1024] = largest
    assert make_icons.icns_bytes(pngs) == icns
