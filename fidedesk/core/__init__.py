"""The rating core: FIDE's tables and rules, pure Python, no Qt.

Nothing here imports from the rest of fidedesk; the GUI, the file readers and the command
line all build on it.
"""
