"""The menu bar's menus, and what each feature puts in them.

Each feature's actions (``FileActions``, ``ExcelActions``, ``PrintActions``, ``PairingActions``,
``RatingListActions``) say by ``menu_actions()`` which of their actions go in which menu, in order and in groups;
the window adds its own (Quit, Undo and Redo, the View and Help menus) and :func:`build_menus` lays them out:
the menus in :class:`Menu`'s order, the contributions to one menu in the order given, a separator between two
groups. The window knows the features, not their actions.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu, QMenuBar


class Menu(Enum):
    """The menu bar's menus, in its order; the value is the title, its ``&`` letter the menu's Alt key."""

    FILE = "&File"
    EDIT = "&Edit"
    RATING_LIST = "Rating &List"  # Alt+R is the Reference tables tab
    VIEW = "&View"
    HELP = "&Help"


@dataclass(frozen=True)
class MenuContribution:
    """What one feature puts in ``menu``: ``groups`` of actions in order, a separator between two groups
    (a submenu is given by its ``menuAction()``)."""

    menu: Menu
    groups: tuple[tuple[QAction, ...], ...]


def build_menus(bar: QMenuBar, contributions: Iterable[MenuContribution]) -> dict[Menu, QMenu]:
    """Add to ``bar`` every menu given something, in :class:`Menu`'s order, its groups in the order given."""
    groups: dict[Menu, list[tuple[QAction, ...]]] = {menu: [] for menu in Menu}
    for contribution in contributions:
        groups[contribution.menu].extend(contribution.groups)
    menus: dict[Menu, QMenu] = {}
    for menu, its_groups in groups.items():
        if not its_groups:
            continue
        menus[menu] = added = bar.addMenu(menu.value)
        for index, group in enumerate(its_groups):
            if index:
                added.addSeparator()
            added.addActions(list(group))
    return menus
