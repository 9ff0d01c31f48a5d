"""The open tournament (``TournamentDocument``), the File menu's work (``FileActions``: new, open, save, recent,
TRF, autosave and recovery) and the one running fidedesk files are handed to."""
