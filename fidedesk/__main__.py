"""``python -m fidedesk``: the desktop window (``fidedesk-cli`` is the command line)."""

import sys

from fidedesk.gui.app import main

sys.exit(main())
