"""The frozen app's entry point: the window, as ``fidedesk`` starts it from a virtual environment."""

import sys

from fidedesk.gui.app import main

sys.exit(main())
