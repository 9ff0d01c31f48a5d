"""Text compared loosely: the one folding of case and accents that name and header look-ups share."""

from __future__ import annotations

import re
import unicodedata

__all__ = ["fold", "search_key", "words"]

_WORDS = re.compile(r"[^\W_]+").findall


def fold(text: str) -> str:
    """``text`` in lower case without accents: "Sébastien" and "SEBASTIEN" both give "sebastien"."""
    if text.isascii():  # most names: no need to decompose
        return text.lower()
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    # letters NFKD does not split (stroke letters, ligatures); casefold already made the sharp s "ss"
    return plain.translate(_UNSPLIT)


_UNSPLIT = str.maketrans({"ø": "o", "ł": "l", "đ": "d", "ħ": "h", "ı": "i", "æ": "ae", "œ": "oe", "þ": "th"})


def words(text: str) -> list[str]:
    """The words of ``text``, folded: "Vachier-Lagrave, Maxime" gives ["vachier", "lagrave", "maxime"]."""
    found: list[str] = _WORDS(fold(text))
    return found


def search_key(text: str) -> str:
    """The words of ``text``, folded, separated by single spaces: "Carlsen, Magnus" gives "carlsen magnus"."""
    return " ".join(words(text))
