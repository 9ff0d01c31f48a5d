"""fidedesk's own ``.fidedesk`` files, saved atomically, and the recovery files."""
