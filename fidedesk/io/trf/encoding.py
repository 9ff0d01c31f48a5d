"""How fidedesk reads the bytes of text files whose encoding nobody states (TRF, FIDE's rating lists).

A TRF file is UTF-8 when its federation's software is recent, and otherwise in the Windows codepage of
the machine that wrote it: Western (1252), Central European (1250), Cyrillic (1251) or Greek (1253). The
bytes alone cannot say which codepage; :func:`detect` reads the text in each and keeps the one whose
words look like words (:func:`implausible_words`), and a person who knows better chooses
(``fidedesk-cli rate --encoding cp1253``).
"""

from __future__ import annotations

import itertools
import unicodedata
from typing import Final

__all__ = ["ENCODINGS", "LEGACY_ENCODINGS", "decode", "decode_as", "detect", "implausible_words"]

#: The codepages a text file without UTF-8 may be in, in the order a tie is settled: Windows-1252 first
#: (what every Western file and every file before issue 13 was read as), then Central European,
#: Cyrillic and Greek.
LEGACY_ENCODINGS: Final = ("cp1252", "cp1250", "cp1251", "cp1253")
#: Every encoding a person may choose for a TRF file.
ENCODINGS: Final = ("utf-8", *LEGACY_ENCODINGS)

_VOWELS = frozenset("aeiouyαεηιουωаеёиоуыэюяіїєў")
_SCRIPTS = ("LATIN", "GREEK", "CYRILLIC")


def decode(data: bytes, encoding: str = "utf-8") -> tuple[str, str]:
    """``data`` as text, and the encoding to read what follows it with.

    UTF-8 while the bytes are valid UTF-8; else Windows-1252 (Latin-1 with the letters Š Ž Œ ...), which
    then sticks; Latin-1 for the five bytes Windows-1252 leaves undefined. A file read in pieces passes
    the returned encoding back in, so one line that is not UTF-8 settles the rest.
    """
    if encoding == "utf-8":
        try:
            return data.decode("utf-8"), encoding
        except UnicodeDecodeError:
            encoding = "cp1252"
    try:
        return data.decode(encoding), encoding
    except UnicodeDecodeError:
        return data.decode("latin-1"), encoding


def detect(data: bytes) -> str:
    """The encoding of a whole file: ``utf-8`` when the bytes are valid UTF-8 (a BOM or not); else the
    codepage of :data:`LEGACY_ENCODINGS` that decodes the bytes with the fewest implausible words, the
    first listed on a tie; ``latin-1`` when none decodes them (bytes Windows-1252 leaves undefined).

    What it cannot tell apart: a Central European file whose only letters beyond ASCII are also Western
    ones (``Dvořák`` reads as ``Dvoøák``) is read as Windows-1252; choose ``cp1250`` then.
    """
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    else:
        return "utf-8"
    best: tuple[int, str] | None = None
    for encoding in LEGACY_ENCODINGS:
        try:
            text = data.decode(encoding)
        except UnicodeDecodeError:
            continue
        score = implausible_words(text)
        if best is None or score < best[0]:
            best = (score, encoding)
    return "latin-1" if best is None else best[1]


def decode_as(data: bytes, encoding: str | None = None) -> tuple[str, str]:
    """The whole file as text in ``encoding`` (None: :func:`detect`), without a BOM, and the encoding
    used. UnicodeDecodeError when the bytes are not text in the encoding chosen."""
    chosen = encoding or detect(data)
    # decoded with its BOM and stripped after: an error's position is then a place in ``data`` itself
    # ("utf-8-sig" counts from after the BOM, and an error was reported three bytes off)
    return data.decode(chosen).removeprefix("\ufeff"), chosen


def implausible_words(text: str) -> int:
    """How many words with a character beyond ASCII could not be written so in any language: a sign
    (``³``, ``£``) among letters; letters of two scripts (Latin, Greek, Cyrillic); a capital after a small
    letter (``Πбрб``); a Latin word of three letters or more that is mostly accents (``ÐÁÐÁÄÏÐ``, Greek
    read as Western); a word of four letters or more with fewer than one vowel in five (``РБРБДПРП``,
    Greek read as Cyrillic). Text read in the wrong codepage is full of them; real names have almost none.
    """
    count = 0
    for token in text.split():  # split, not a pattern: linear however long a word is
        if token.isascii():
            continue
        letters = [char for char in token if char.isalpha()]
        if not letters:
            continue
        signs = any(not char.isascii() and not char.isalpha() for char in token)
        count += signs or _mixed(letters) or _camel(letters) or _accented(letters) or _voiceless(letters)
    return count


def _script(char: str) -> str:
    name = unicodedata.name(char, "")
    return next((script for script in _SCRIPTS if name.startswith(script)), "OTHER")


def _mixed(letters: list[str]) -> bool:
    return len({_script(char) for char in letters}) > 1


def _camel(letters: list[str]) -> bool:
    return any(first.islower() and second.isupper() for first, second in itertools.pairwise(letters))


def _accented(letters: list[str]) -> bool:
    if len(letters) < 3 or _script(letters[0]) != "LATIN":
        return False
    return 2 * sum(not char.isascii() for char in letters) > len(letters)


def _voiceless(letters: list[str]) -> bool:
    if len(letters) < 4:
        return False
    vowels = sum(unicodedata.normalize("NFD", char)[0].lower() in _VOWELS for char in letters)
    return 5 * vowels < len(letters)
