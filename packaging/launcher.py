"""The frozen app's entry point: the window, as ``fidedesk`` starts it from a virtual environment.

``multiprocessing.freeze_support()`` comes first, before the window's modules are imported: the FIDE check
runs in a process spawned from this same executable (issue 28), and PyInstaller's runtime hook for
multiprocessing makes ``freeze_support`` run that child's job (or multiprocessing's resource tracker) and
exit, instead of opening a second window. In the window it returns at once.
"""

import multiprocessing
import sys

if __name__ == "__main__":
    multiprocessing.freeze_support()
    from fidedesk.gui.app import main

    sys.exit(main())
