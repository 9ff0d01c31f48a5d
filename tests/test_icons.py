"""The committed icon files: container layout, PNG sizes, and that they still match the SVG source."""

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
    from fidedesk.gui.resources import ICON_SIZES

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


@pytest.mark.parametrize("size", [16, 256])
def test_committed_png_matches_svg(qapp: object, size: int) -> None:
    rendered = load_make_icons().render(SVG, size)
    assert rendered == (ICONS / f"fidedesk-{size}.png").read_bytes(), "run python packaging/make_icons.py"


def test_containers_match_committed_pngs(qapp: object) -> None:
    make_icons = load_make_icons()
    pngs = {size: (ICONS / f"fidedesk-{size}.png").read_bytes() for size in PNG_SIZES}
    assert make_icons.ico_bytes({size: pngs[size] for size in ICO_SIZES}) == (ICONS / "fidedesk.ico").read_bytes()
    pngs[1024] = make_icons.render(SVG, 1024)
    assert make_icons.icns_bytes(pngs) == (ICONS / "fidedesk.icns").read_bytes()
