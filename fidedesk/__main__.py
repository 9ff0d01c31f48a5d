"""``python -m fidedesk``: the command line, until the main window lands (issue 3)."""

import sys

from fidedesk.cli import main

sys.exit(main())
