"""The Rating List menu: FIDE's download imported, searched, players added, ratings updated."""
