"""Text from a file or a person, shown exactly as written: Qt never reads it as HTML.

A QLabel and a QMessageBox show their text as rich text when Qt::mightBeRichText finds it looks like
HTML (their default Qt::AutoText), and so does a tool tip. A player named ``<img src=/dev/zero>`` in a
TRF then became an image read from ``/dev/zero``, which hung the window once the player was selected;
``<a href=…>`` became a link and ``&amp;`` an ampersand. So every label of the window is a
:func:`plain_label` (plain text), every message box is a :func:`message_box` (plain text; :func:`ask`
shows one), every tool tip that may hold outside text goes through :func:`tip`, and where the window
wants formatting of its own (a bold title), :func:`rich_label` shows HTML built by :func:`bold` and
:func:`escaped`, which escape every piece of outside text. Menu entries (``&`` marks a shortcut)
use :func:`menu_text`, window titles (``[*]`` marks unsaved changes) use :func:`title_text`.
"""

from __future__ import annotations

import html
from collections.abc import Iterable
from typing import overload

from PySide6.QtCore import Qt
from PySide6.QtGui import Qt as GuiQt
from PySide6.QtWidgets import QAbstractButton, QDialog, QDialogButtonBox, QLabel, QMessageBox, QWidget

#: Qt's placeholder for the "modified" mark in a window title; Qt shows ``[*][*]`` as a literal ``[*]``.
_MODIFIED_MARK = "[*]"


def plain_label(text: str = "", parent: QWidget | None = None) -> QLabel:
    """A label that shows ``text`` (and whatever is set later) as plain text."""
    widget = QLabel(text, parent)
    widget.setTextFormat(Qt.TextFormat.PlainText)
    return widget


def rich_label(markup: str, parent: QWidget | None = None) -> QLabel:
    """A label for the window's own HTML, whose outside pieces are escaped (:func:`escaped`, :func:`bold`)."""
    widget = QLabel(markup, parent)
    widget.setTextFormat(Qt.TextFormat.RichText)
    return widget


def escaped(text: str) -> str:
    """``text`` as HTML that shows it literally (``<`` ``>`` ``&`` and quotes escaped)."""
    return html.escape(text, quote=True)


def bold(text: str) -> str:
    """``text`` in bold, as HTML that shows it literally."""
    return f"<b>{escaped(text)}</b>"


@overload
def tip(text: str) -> str: ...
@overload
def tip(text: None) -> None: ...
def tip(text: str | None) -> str | None:
    """A tool tip that shows ``text`` literally.

    Qt shows a tool tip as rich text when ``Qt::mightBeRichText`` says so; such text is given to Qt
    escaped, in a paragraph styled ``white-space: pre`` (Qt's rich text supports it): its line breaks
    kept and nothing else broken, as a plain tool tip is laid out (rich ones are wrapped narrowly, even
    inside ``/dev/zero``). Other text is shown as plain text by Qt already and is returned as it is.
    """
    if text is None or not GuiQt.mightBeRichText(text):
        return text
    return f"<p style='white-space:pre'>{escaped(text)}</p>"


def menu_text(text: str) -> str:
    """``text`` for a menu entry or a button, where a single ``&`` would mark a shortcut key."""
    return text.replace("&", "&&")


def mnemonic(text: str) -> str | None:
    """The key Alt presses for a menu entry, button or label ``text`` (the lower-case letter after its one
    ``&``; ``&&`` is a literal ampersand), or None when it has none."""
    index = 0
    while (index := text.find("&", index)) != -1 and index + 1 < len(text):
        if text[index + 1] != "&":
            return text[index + 1].lower()
        index += 2
    return None


def without_mnemonic(text: str) -> str:
    """``text`` of a menu entry, button or label as it reads, without the ``&`` that marks its key."""
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&")


def title_text(text: str) -> str:
    """``text`` for a window title, where ``[*]`` would be Qt's mark of unsaved changes."""
    return text.replace(_MODIFIED_MARK, _MODIFIED_MARK * 2)


def message_box(
    parent: QWidget | None,
    icon: QMessageBox.Icon,
    title: str,
    text: str,
    buttons: QMessageBox.StandardButton = QMessageBox.StandardButton.Ok,
) -> QMessageBox:
    """A message box (not shown yet) whose title and text are shown literally; :func:`ask` shows it."""
    box = QMessageBox(icon, title_text(title), text, buttons, parent)
    box.setTextFormat(Qt.TextFormat.PlainText)
    give_keys(box)
    return box


def give_keys(buttons: QDialogButtonBox | QMessageBox | Iterable[QAbstractButton]) -> None:
    """Every button an Alt key: Qt's own texts give one to Yes and No only (OK, Save, Cancel, Discard and Close
    have none on Linux), so a button without one gets the first letter of its text that no other button of
    the row has taken (Discard: Alt+D, beside Save's Alt+S)."""
    row = list(buttons.buttons()) if isinstance(buttons, QDialogButtonBox | QMessageBox) else list(buttons)
    taken = {key for button in row if (key := mnemonic(button.text()))}
    for button in row:
        text = button.text()
        if mnemonic(text) is not None:
            continue
        for index, letter in enumerate(text):
            if letter.isalnum() and letter.lower() not in taken:
                button.setText(f"{text[:index]}&{text[index:]}")
                taken.add(letter.lower())
                break


def ask(box: QMessageBox) -> QMessageBox.StandardButton:
    """Show ``box`` (a :func:`message_box`) until it is answered; the button pressed (Escape: the box's
    escape button, as Qt chooses it)."""
    answered(box)
    return box.standardButton(box.clickedButton())


def answered(dialog: QDialog) -> bool:
    """Show ``dialog`` modally: True if accepted. The keyboard then goes back to its window (:func:`back_to`)
    and the dialog is deleted (once control is back in the event loop, so its answer can still be read): a
    window's child kept after use piles up with every question asked, and the tenth or so Excel import wizard
    kept so crashed the window."""
    accepted = dialog.exec() == QDialog.DialogCode.Accepted
    back_to(dialog.parentWidget())
    dialog.deleteLater()
    return accepted


def back_to(parent: QWidget | None) -> None:
    """After a modal dialog over ``parent`` closed: ``parent``'s window gets the keyboard back, on the widget
    that had it before (a window manager does this; a bare X server and Qt's offscreen platform do not)."""
    if parent is not None and parent.isVisible():
        parent.window().activateWindow()
