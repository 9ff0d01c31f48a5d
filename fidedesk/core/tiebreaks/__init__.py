"""FIDE's tie-breaks (Handbook C.07): their codes, the rounds they read, the standings."""
