"""The one error of reading a FIDE rating list or the lists kept, apart so every reader of lists shares it."""

from __future__ import annotations

from fidedesk.io.plain_words import Plain

__all__ = ["ListFormatError"]


class ListFormatError(ValueError):
    """A file that is not a FIDE rating list we can read; the message says where and why, ``plain`` says it
    first in plain words (plain_words: a mistake in the list, unless the place raising it knows more; None for a
    question the command line asks back, the list's month or kind)."""

    def __init__(self, message: str, plain: Plain | None = Plain.RATING_LIST_MISTAKE) -> None:
        super().__init__(message)
        self.plain = plain
