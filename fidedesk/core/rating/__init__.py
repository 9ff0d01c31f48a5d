"""FIDE's rating regulations: tables, editions, K, rated games, initial ratings, the event."""
