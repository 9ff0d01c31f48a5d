"""FIDE's rating lists: the downloads read from their zip, kept offline in SQLite."""
