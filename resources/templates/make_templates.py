"""Write the blank player list fidedesk ships beside this script (``player-list.xlsx``).

    python resources/templates/make_templates.py            # writes player-list.xlsx beside this script
    python resources/templates/make_templates.py OUT.xlsx   # writes it elsewhere

What it holds is made by :mod:`fidedesk.io.excel.template` (the window writes the same file from there).
Run this again after changing that module, and commit both.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from fidedesk.io.excel.template import template_bytes

TEMPLATE = Path(__file__).with_name("player-list.xlsx")


def main(argv: list[str]) -> None:
    target = Path(argv[1]) if len(argv) > 1 else TEMPLATE
    target.write_bytes(template_bytes())
    print(f"wrote {target}")


if __name__ == "__main__":
    main(sys.argv)
