"""Documents on paper: the layout of :mod:`fidedesk.io.documents` onto pages, and those pages as PDF."""
