"""``fidedesk``: start the window, or ``fidedesk --smoke-test`` to build and render every tab and exit."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence


def _arguments(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="fidedesk", description="Offline FIDE rating calculations.")
    parser.add_argument("--smoke-test", action="store_true", help="build and render every tab offscreen, then exit")
    from fidedesk import __version__

    parser.add_argument("--version", action="version", version=f"fidedesk {__version__}")
    return parser.parse_args(list(argv))


def smoke_test() -> int:
    """Build the window with throw-away settings, show and render every tab; 0 when all rendered."""
    from PySide6.QtCore import QSettings, QTemporaryDir
    from PySide6.QtWidgets import QApplication

    from fidedesk.gui.mainwindow import MainWindow
    from fidedesk.gui.settings import Settings

    app = QApplication.instance() or QApplication([sys.argv[0]])
    scratch = QTemporaryDir()
    settings = Settings(QSettings(scratch.filePath("smoke.ini"), QSettings.Format.IniFormat))
    window = MainWindow(settings)
    window.show()
    failures = []
    for index in range(window.tabs.count()):
        window.tabs.setCurrentIndex(index)
        app.processEvents()
        if window.grab().isNull():
            failures.append(window.tabs.tabText(index))
    window.close()
    if failures:
        sys.stderr.write(f"fidedesk: could not render {', '.join(failures)}\n")
        return 1
    sys.stdout.write(f"fidedesk: {window.tabs.count()} tabs rendered\n")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    args = _arguments(sys.argv[1:] if argv is None else argv)
    if args.smoke_test:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        return smoke_test()
    from PySide6.QtWidgets import QApplication

    from fidedesk.gui.mainwindow import MainWindow
    from fidedesk.gui.settings import Settings

    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setOrganizationName("fidedesk")
    app.setApplicationName("fidedesk")
    window = MainWindow(Settings())
    window.show()
    from PySide6.QtCore import QTimer

    QTimer.singleShot(0, window.offer_recovery)  # once the window is up, offer work a crash left behind
    return app.exec()


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
