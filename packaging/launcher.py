"""The frozen app's entry point: the window, as ``fidedesk`` starts it from a virtual environment.

``multiprocessing.freeze_support()`` comes first, before the window's modules are imported: the FIDE check
runs in a process spawned from this same executable (issue 28), and PyInstaller's runtime hook for
multiprocessing makes ``freeze_support`` run that child's job (or multiprocessing's resource tracker) and
exit, instead of opening a second window. In the window it returns at once.

Started with ``fidedesk.engine.matching.MAKE_READY_ARGUMENT``, the executable makes the compiled matching ready
(numba compiles it into the user's cache, the first time after an install) and exits: the pairing's process
starts it so, to load what it compiled, rather than compile while its progress is shown (issue 28).
"""

import multiprocessing
import sys

if __name__ == "__main__":
    multiprocessing.freeze_support()
    from fidedesk.engine.matching import MAKE_READY_ARGUMENT

    if sys.argv[1:] == [MAKE_READY_ARGUMENT]:
        from fidedesk.engine.matching import make_ready_here

        sys.exit(0 if make_ready_here() else 1)
    from fidedesk.gui.app import main

    sys.exit(main())
