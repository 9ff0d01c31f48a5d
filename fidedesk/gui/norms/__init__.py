"""The Norms view: who made a title norm, who still can and who cannot (FIDE B.01 2024, issue 30)."""
