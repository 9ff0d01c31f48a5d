"""File formats: reading and writing tournament and rating data (TRF, ...)."""
