"""The window's shared plumbing and widgets: plain text, widths, screens and layouts, row models, the look (names,
messages, colours), work off the GUI thread, the questions (``Dialogs``), settings, resources, the rules context,
shortcuts and the menus' contributions."""
