"""The sheet size a document is set up for, chosen once by the user and read by every writer that pages: the
Excel export's page setup (:mod:`fidedesk.io.excel.book`) and the printed pages' layout and PDF
(:mod:`fidedesk.publish.paper.pages`, which holds the sizes in points).

It lives in io, not beside the layout in publish, so that the Excel export (io) names it without importing
publish: the arrows are publish -> io -> core.
"""

from __future__ import annotations

from typing import Literal, TypeAlias

__all__ = ["Paper"]

Paper: TypeAlias = Literal["a4", "letter"]
