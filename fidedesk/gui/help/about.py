"""Help > About: the version, the rule edition in use and the sources it follows."""

from __future__ import annotations

import html

from PySide6.QtCore import Qt, qVersion
from PySide6.QtWidgets import QApplication, QDialog, QDialogButtonBox, QHBoxLayout, QVBoxLayout, QWidget

from fidedesk import __version__
from fidedesk.gui.common.context import RatingContext
from fidedesk.gui.common.plain import give_keys, plain_label, rich_label
from fidedesk.gui.common.screen import fit


class AboutDialog(QDialog):
    def __init__(self, context: RatingContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("About fidedesk")
        edition = context.edition()
        sources = "".join(f"<li>{html.escape(source)}</li>" for source in edition.sources)
        self.text = rich_label(
            f"<h2>fidedesk {html.escape(__version__)}</h2>"
            "<p>Offline FIDE rating calculations for arbiters and club secretaries.</p>"
            f"<p><b>Rules in use:</b> {html.escape(edition.name)} — {html.escape(edition.title)}</p>"
            f"<p><b>Sources:</b></p><ul>{sources}</ul>"
            f"<p style='color:gray'>Qt {html.escape(qVersion())}</p>"
        )
        self.text.setObjectName("about_text")
        self.text.setWordWrap(True)
        self.icon = plain_label()
        self.icon.setObjectName("about_icon")
        self.icon.setPixmap(QApplication.windowIcon().pixmap(64, 64))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        give_keys(buttons)
        buttons.rejected.connect(self.reject)
        top = QHBoxLayout()
        top.addWidget(self.icon, 0, Qt.AlignmentFlag.AlignTop)
        top.addWidget(self.text, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(buttons)
        fit(self, 560, 360)
