"""What a PDF reader copies out of a reportlab PDF, read without a PDF library: each text drawn (one
``BT``…``ET``), its codes turned into characters through its font's ToUnicode CMap, as a reader does.

Only as much of PDF as reportlab writes is understood: numbered objects, streams in ASCII85 and Flate,
fonts named by their ``/Name``, literal strings shown with ``Tj``; anything else fails loudly, so that a
test never passes on text it did not read.
"""

from __future__ import annotations

import base64
import re
import zlib

__all__ = ["drawn_texts"]

_OBJECT = re.compile(rb"(\d+) 0 obj\s*(.*?)\s*endobj", re.DOTALL)
_STREAM = re.compile(rb"^(.*?)stream\r?\n", re.DOTALL)
_REFERENCE = rb"(\d+) 0 R"
_HEX_PAIR = re.compile(rb"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>")
_HEX_RANGE = re.compile(rb"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>")
_ESCAPES = {ord("n"): 10, ord("r"): 13, ord("t"): 9, ord("b"): 8, ord("f"): 12}


def _decoded(header: bytes, data: bytes) -> bytes:
    value = re.search(rb"/Filter\s*(\[[^\]]*\]|/\w+)", header)
    filters = re.findall(rb"/(\w+)", value[1]) if value else []
    assert set(filters) <= {b"ASCII85Decode", b"FlateDecode"}, f"filters not understood: {header!r}"
    for name in filters:
        if name == b"ASCII85Decode":
            data = base64.a85decode(data.strip().removesuffix(b"~>"), adobe=False)
        else:
            data = zlib.decompress(data)
    return data


def _objects(pdf: bytes) -> dict[int, tuple[bytes, bytes | None]]:
    """Each object's dictionary and, for a stream, its decoded data."""
    objects: dict[int, tuple[bytes, bytes | None]] = {}
    for match in _OBJECT.finditer(pdf):
        body = match[2]
        stream = _STREAM.match(body)
        if stream is None:
            objects[int(match[1])] = (body, None)
        else:
            length = re.search(rb"/Length (\d+)", stream[1])
            assert length is not None, stream[1]
            data = body[stream.end() : stream.end() + int(length[1])]
            objects[int(match[1])] = (stream[1], _decoded(stream[1], data))
    return objects


def _utf16(hex_text: bytes) -> str:
    """A CMap's hex string as UTF-16BE; an odd last digit is followed by 0 (PDF 7.3.4.3), as readers do."""
    digits = hex_text.decode("ascii")
    return bytes.fromhex(digits + "0" * (len(digits) % 2)).decode("utf-16-be", "replace")


def _cmap(text: bytes) -> dict[int, str]:
    """A ToUnicode CMap's codes (one byte, as reportlab's simple fonts have) and what each stands for."""
    mapping: dict[int, str] = {}
    for block in re.findall(rb"beginbfchar(.*?)endbfchar", text, re.DOTALL):
        for code, unicode in _HEX_PAIR.findall(block):
            mapping[int(code, 16)] = _utf16(unicode)
    for block in re.findall(rb"beginbfrange(.*?)endbfrange", text, re.DOTALL):
        for low, high, start in _HEX_RANGE.findall(block):
            first = _utf16(start)
            for offset in range(int(high, 16) - int(low, 16) + 1):
                mapping[int(low, 16) + offset] = first[:-1] + chr(ord(first[-1]) + offset)
    return mapping


def _fonts(objects: dict[int, tuple[bytes, bytes | None]]) -> dict[bytes, dict[int, str] | None]:
    """Each font's resource name and its codes' characters (None: a font without ToUnicode, reportlab's
    Helvetica set at the start of each page, which nothing is drawn in)."""
    fonts: dict[bytes, dict[int, str] | None] = {}
    for header, _data in objects.values():
        if re.search(rb"/Type /Font\b(?!Descriptor)", header) is None:
            continue
        name = re.search(rb"/Name /(\S+)", header)
        assert name is not None, header
        target = re.search(rb"/ToUnicode " + _REFERENCE, header)
        cmap = None if target is None else objects[int(target[1])][1]
        fonts[name[1]] = None if cmap is None else _cmap(cmap)
    return fonts


def _literal(content: bytes, start: int) -> tuple[bytes, int]:
    """The bytes of the literal string opening at ``content[start]`` (a ``(``) and where it ends."""
    out = bytearray()
    depth, index = 1, start + 1
    while True:
        byte = content[index]
        if byte == ord("\\"):
            following = content[index + 1]
            if ord("0") <= following <= ord("7"):
                digits = re.match(rb"[0-7]{1,3}", content[index + 1 : index + 4])
                assert digits is not None
                out.append(int(digits[0], 8))
                index += 1 + len(digits[0])
                continue
            if following in (ord("\n"), ord("\r")):  # a line continued
                index += 2
                continue
            out.append(_ESCAPES.get(following, following))
            index += 2
            continue
        if byte == ord("("):
            depth += 1
        elif byte == ord(")"):
            depth -= 1
            if depth == 0:
                return bytes(out), index + 1
        out.append(byte)
        index += 1


_TOKEN = re.compile(rb"\s*(\(|/[^\s/\[\]()<>]+|[^\s/\[\]()<>]+|\[|\])")


def _texts(content: bytes, fonts: dict[bytes, dict[int, str] | None]) -> list[str]:
    """The text of each ``BT``…``ET`` of one page's content."""
    texts: list[str] = []
    operands: list[bytes] = []
    strings: list[bytes] = []
    current: str | None = None  # None: nothing shown since BT
    font: dict[int, str] | None = None
    index = 0
    while (token := _TOKEN.match(content, index)) is not None:
        word = token[1]
        index = token.end()
        if word == b"(":
            string, index = _literal(content, token.start(1))
            strings.append(string)
        elif word == b"BT":
            current = None
        elif word == b"ET":
            if current is not None:  # reportlab sets a font in an empty BT ET at each page's start
                texts.append(current)
        elif word == b"Tf":
            font = fonts[operands[-2][1:]]
        elif word in (b"Tj", b"'", b'"'):
            assert font is not None and strings, "text shown in a font without ToUnicode"
            # a code the CMap does not map copies out as nothing, as pdftotext does
            current = (current or "") + "".join(font.get(code, "") for code in strings.pop())
        elif word == b"TJ":
            raise AssertionError("TJ arrays are not written by reportlab's drawString")
        if word[:1] in b"/0123456789.-":
            operands.append(word)
        elif word != b"(":
            operands.clear()
            if word not in (b"Tj", b"'", b'"'):
                strings.clear()
    assert not content[index:].strip(), f"content not understood: {content[index : index + 40]!r}"
    return texts


def drawn_texts(pdf: bytes) -> list[list[str]]:
    """Each page's texts (one per ``BT``…``ET``, in drawing order) as a reader copies them out."""
    objects = _objects(pdf)
    fonts = _fonts(objects)
    pages = []
    for header, _data in objects.values():
        if re.search(rb"/Type /Page\b", header) is None:
            continue
        contents = re.search(rb"/Contents " + _REFERENCE, header)
        assert contents is not None, header
        content = objects[int(contents[1])][1]
        assert content is not None
        pages.append(_texts(content, fonts))
    return pages
