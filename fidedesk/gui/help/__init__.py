"""The Help menu's windows: the user guide and About."""
