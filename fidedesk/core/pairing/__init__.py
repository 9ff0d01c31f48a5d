"""Pairing a round: what is paired, the event's pairing setup, its text forms, checks."""
