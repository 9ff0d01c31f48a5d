"""Documents on paper: the layout of :mod:`fidedesk.publish.documents` onto pages, and those pages as PDF."""
