"""How the window asks its questions: one small interface, handed to the file, Excel and rating-list actions.

:class:`Dialogs` is what the actions may ask: a file to open or save, whether to save changes, a yes or
no, a folder, an error or a piece of information, and the window's questions of its own (which recovered
work to restore, the month of a rating list, the changes a list would make, an Excel import, the document
to print, the printer, the print preview).
:class:`~fidedesk.gui.qt_dialogs.QtDialogs` asks them with Qt's dialogs; :class:`UnattendedDialogs`
answers without waiting for anyone, for ``fidedesk --smoke-test`` (which reports what it was told) and
for tests (which script the answers they need). Nothing patches a class to stop a dialog blocking.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from fidedesk.io.formats import FileFormat

if TYPE_CHECKING:
    from PySide6.QtPrintSupport import QPrinter

    from fidedesk.gui.printing.choice import DocumentChoice, DocumentOffer
    from fidedesk.io.excel.grid import SheetGrid
    from fidedesk.io.excel.importing import ImportResult
    from fidedesk.io.native.recovery import Recovery
    from fidedesk.io.ratinglist.fide_list import ListKind, ListSource, Month
    from fidedesk.io.ratinglist.store import Update


class Choice(enum.Enum):
    """The answer to "Save changes to …?"."""

    SAVE = "save"
    DISCARD = "discard"
    CANCEL = "cancel"


def file_filter(*formats: FileFormat, together: str | None = None) -> str:
    """A file dialog's filter for ``formats`` (from the registry), then "All files"; ``together`` names a
    first entry that shows every one of them at once."""
    entries = [format_.filter() for format_ in formats]
    if together is not None and len(formats) > 1:
        patterns = " ".join(f"*{extension}" for format_ in formats for extension in format_.extensions)
        entries.insert(0, f"{together} ({patterns})")
    return ";;".join([*entries, "All files (*)"])


class Dialogs(Protocol):
    """Every question and message of the window's actions. ``filter_`` is a file dialog's filter
    (:func:`file_filter`); a cancelled question answers None (False, :attr:`Choice.CANCEL`)."""

    def open_file(self, title: str, folder: str, filter_: str) -> Path | None:
        """A file chosen to open."""
        ...

    def save_file(self, title: str, suggested: str, filter_: str) -> Path | None:
        """A file name chosen to save to."""
        ...

    def save_file_of_kind(
        self, title: str, suggested: str, kinds: Sequence[str], chosen: int
    ) -> tuple[Path, int] | None:
        """A file name chosen to save to, and which of ``kinds`` (file dialog filters, :func:`file_filter`'s
        entries; ``chosen`` offered first) it is written as: the file dialog's filter, chosen with the keyboard
        as any of its fields."""
        ...

    def confirm_discard(self, name: str) -> Choice:
        """Whether to save the changes to ``name`` before they would be lost."""
        ...

    def confirm(self, title: str, text: str) -> bool:
        """A yes-or-no question; True for yes."""
        ...

    def error(self, title: str, text: str) -> None:
        """Say what could not be done, and why."""
        ...

    def info(self, title: str, text: str) -> None:
        """Say what was done."""
        ...

    def choose_recovery(self, found: Sequence[Recovery]) -> Recovery | None:
        """The recovered work to restore (the others are discarded), None for none."""
        ...

    def confirm_list(self, source: ListSource) -> tuple[Month, ListKind] | None:
        """The month and kind of a rating list about to be imported, as the user confirms them."""
        ...

    def review_updates(self, updates: Sequence[Update], summary: str) -> bool:
        """Show what "Update Ratings from List" would change; True to apply it."""
        ...

    def excel_import(self, grids: Sequence[SheetGrid], source: str) -> ImportResult | None:
        """The Excel import wizard on a workbook already read: the import accepted."""
        ...

    def choose_folder(self, title: str, folder: str) -> Path | None:
        """A folder chosen to write into."""
        ...

    def choose_document(self, title: str, offer: DocumentOffer) -> DocumentChoice | None:
        """The document to print or export, of the ones ``offer`` holds."""
        ...

    def choose_printer(self, printer: QPrinter) -> bool:
        """The print dialog on ``printer``: True to print, with the printer, pages and copies as chosen."""
        ...

    def preview(self, printer: QPrinter, paint: Callable[[QPrinter], None]) -> None:
        """The print preview of what ``paint`` draws on ``printer`` (called again whenever the preview's
        paper or orientation changes), with its own Print button."""
        ...


class UnattendedDialogs:
    """Dialogs that never wait: every question gets the answer that changes nothing (Discard for unsaved
    changes, so a window can close), and every message is kept in :attr:`shown` and passed to
    ``report``. A test scripts an answer with :meth:`answer`; every question asked is kept in
    :attr:`asked`, by name, as the tuple of its arguments."""

    def __init__(self, report: Callable[[str], None] | None = None) -> None:
        self._report = report
        self.shown: list[tuple[str, str]] = []
        self.asked: dict[str, list[tuple[object, ...]]] = {}
        self._answers: dict[str, object] = {}

    def answer(self, name: str, value: object) -> list[tuple[object, ...]]:
        """From now on, question ``name`` gets ``value`` (called with the question's arguments when it is
        callable); the arguments of each ``name`` question asked from now on, in a list that grows as they
        come (also ``asked[name]``)."""
        if name not in _QUESTIONS:
            raise AttributeError(f"no question {name!r}")
        self._answers[name] = value
        calls: list[tuple[object, ...]] = []
        self.asked[name] = calls
        return calls

    def _ask(self, name: str, otherwise: object, *args: object) -> object:
        self.asked.setdefault(name, []).append(args)
        value = self._answers.get(name, otherwise)
        return value(*args) if callable(value) and not isinstance(value, type) else value

    def _message(self, title: str, text: str) -> None:
        self.shown.append((title, text))
        if self._report is not None:
            self._report(f"{title}: {text}")

    def open_file(self, title: str, folder: str, filter_: str) -> Path | None:
        return self._ask("open_file", None, title, folder, filter_)  # type: ignore[return-value]

    def save_file(self, title: str, suggested: str, filter_: str) -> Path | None:
        return self._ask("save_file", None, title, suggested, filter_)  # type: ignore[return-value]

    def save_file_of_kind(
        self, title: str, suggested: str, kinds: Sequence[str], chosen: int
    ) -> tuple[Path, int] | None:
        """The scripted answer; else the ``save_file`` answer (what a test scripts for any file to save to),
        written as the kind offered first."""
        if "save_file_of_kind" in self._answers:
            return self._ask("save_file_of_kind", None, title, suggested, kinds, chosen)  # type: ignore[return-value]
        path = self.save_file(title, suggested, ";;".join(kinds))
        return None if path is None else (path, chosen)

    def confirm_discard(self, name: str) -> Choice:
        return self._ask("confirm_discard", Choice.DISCARD, name)  # type: ignore[return-value]

    def confirm(self, title: str, text: str) -> bool:
        return bool(self._ask("confirm", False, title, text))

    def error(self, title: str, text: str) -> None:
        self._ask("error", None, title, text)
        self._message(title, text)

    def info(self, title: str, text: str) -> None:
        self._ask("info", None, title, text)
        self._message(title, text)

    def choose_recovery(self, found: Sequence[Recovery]) -> Recovery | None:
        return self._ask("choose_recovery", None, found)  # type: ignore[return-value]

    def confirm_list(self, source: ListSource) -> tuple[Month, ListKind] | None:
        return self._ask("confirm_list", None, source)  # type: ignore[return-value]

    def review_updates(self, updates: Sequence[Update], summary: str) -> bool:
        return bool(self._ask("review_updates", False, updates, summary))

    def excel_import(self, grids: Sequence[SheetGrid], source: str) -> ImportResult | None:
        return self._ask("excel_import", None, grids, source)  # type: ignore[return-value]

    def choose_folder(self, title: str, folder: str) -> Path | None:
        return self._ask("choose_folder", None, title, folder)  # type: ignore[return-value]

    def choose_document(self, title: str, offer: DocumentOffer) -> DocumentChoice | None:
        return self._ask("choose_document", None, title, offer)  # type: ignore[return-value]

    def choose_printer(self, printer: QPrinter) -> bool:
        return bool(self._ask("choose_printer", False, printer))

    def preview(self, printer: QPrinter, paint: Callable[[QPrinter], None]) -> None:
        self._ask("preview", None, printer, paint)


_QUESTIONS = frozenset(name for name in vars(Dialogs) if not name.startswith("_"))
