"""File › Import from Excel (the wizard), Export to Excel and the blank player list."""
