"""The documents an arbiter hands out, as plain data (:mod:`.model`) built from a tournament."""
