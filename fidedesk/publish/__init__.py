"""What an arbiter hands out: printable documents, their paper layout and PDF, web pages.

Imports io (atomic writes) and core; io never imports publish."""
