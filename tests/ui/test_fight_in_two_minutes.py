"""A fight built from a fresh install, counted in the GM's actions: a new encounter on an
imported Dungeondraft map, four player characters from the library's ready ones, three goblins
and three wolves from the bestiary, on a laptop screen at first run.

Every action goes through the window as a GM's hand would (a click on the tab, a drag from the
Library onto a room, Ctrl+D on the Library row), and is counted: a click, a drag, a key press,
a typed text (the file name in the file dialog) or a scroll of a list. The count is the test's
measure (it took 81 clicks before the ready player characters and Ctrl+D); the test fails
when the setup takes more than `MOST_ACTIONS`.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from helpers.drop_helpers import drop_on
from helpers.event_loop import settled
from helpers.real_screens import SCREENS, first_run_window, fonts_as_on_a_real_screen  # noqa: F401
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QTabBar, QTreeWidget, QTreeWidgetItem, QWidget

from drase_desktop.encounter.creature_template import CreatureTemplate

pytestmark = pytest.mark.usefixtures("fonts_as_on_a_real_screen")

CORPUS = Path(__file__).resolve().parents[3] / "shared" / "samples" / "uvtt-corpus"
HIDEOUT = CORPUS / "resaved-0.3-mimir-goblin-hideout.dd2vtt"

# Rooms of the hideout: the party in the lit hall on the left, goblins in the lit room at the
# top right, wolves in the room at the bottom right.
PARTY = {
    "Fighter L3": (12, 16),
    "Rogue L3": (13, 16),
    "Priest L3": (12, 17),
    "Mage L3": (13, 17),
}
GROUPS = {"Goblin": (29, 7), "Wolf": (40, 19)}
PER_GROUP = 3
# Four for the import, one tab, four drags of player characters, three actions a group, and
# a scroll of the list now and then.
MOST_ACTIONS = 20


class Hands:
    """The GM's actions on the window, each done and counted."""

    def __init__(self, qtbot: Any) -> None:
        self.qtbot = qtbot
        self.done: list[tuple[str, str]] = []

    def count(self, kind: str, what: str) -> None:
        self.done.append((kind, what))

    def click(self, widget: QWidget, where: QPoint, what: str) -> None:
        self.qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=where)
        self.count("click", what)

    def menu(self, window: Any, action_name: str, what: str) -> None:
        """A menu's entry: a click on the menu, a click on the entry."""
        self.count("click", f"the menu of {what}")
        self.count("click", what)
        action = window.findChild(type(window.import_action), action_name)
        action.trigger()

    def key(self, widget: QWidget, key: Qt.Key, modifiers: Any, what: str) -> None:
        self.qtbot.keyClick(widget, key, modifiers)
        self.count("key", what)

    def drag(self, tree: QTreeWidget, item: QTreeWidgetItem, view: Any, tile: Any) -> None:
        """Press on the Library row (it becomes current, the list takes the focus), drag it
        onto the tile, release: one drag."""
        self.reach(tree, item)
        tree.setFocus()
        tree.setCurrentItem(item)
        drop_on(view, tree.mimeData([item]), tile)
        self.count("drag", f"{item.text(0)} onto {tile}")

    def reach(self, tree: QTreeWidget, item: QTreeWidgetItem) -> None:
        """Scroll the list when the row is out of sight (one scroll of the wheel)."""
        if not tree.visualItemRect(item).intersects(tree.viewport().rect()):
            tree.scrollToItem(item)
            self.count("scroll", f"the Library to {item.text(0)}")

    def summary(self) -> str:
        kinds = Counter(kind for kind, _what in self.done)
        return f"{len(self.done)} actions: " + ", ".join(f"{n} {k}" for k, n in kinds.items())


def library_tab(window: Any) -> tuple[QTabBar, int]:
    for bar in window.findChildren(QTabBar):
        for index in range(bar.count()):
            if bar.tabText(index) == "Library" and bar.isVisible():
                return bar, index
    raise AssertionError("the Library is not a tab at first run")


@pytest.mark.skipif(not HIDEOUT.is_file(), reason=f"the UVTT sample {HIDEOUT} is absent")
@pytest.mark.parametrize("screen", SCREENS)
def test_a_fight_is_built_in_a_few_actions_from_a_fresh_install(qtbot, screen) -> None:
    window = first_run_window(qtbot, SCREENS[screen])
    hands = Hands(qtbot)
    # File > Import Universal VTT..., the file's name typed in the dialog, Enter.
    window.ask_open_path = lambda *_args: str(HIDEOUT)  # type: ignore[method-assign]
    hands.menu(window, "importUvttAction", "Import Universal VTT...")
    hands.count("type", "the map's file name")
    hands.count("key", "Enter")
    qtbot.waitUntil(lambda: not window.session.opening)  # read on a worker
    encounter = window.model.encounter
    assert (encounter.battle_map.width, encounter.battle_map.height) == (48, 27)
    assert not encounter.combatants
    bar, index = library_tab(window)
    hands.click(bar, bar.tabRect(index).center(), "the Library tab")
    library = window.creature_tools.dock
    tree = library.tree
    assert library.isVisible()
    view = window.map_view
    for name, tile in PARTY.items():
        hands.drag(tree, library.item_for(name), view, tile)
    for name, tile in GROUPS.items():
        hands.drag(tree, library.item_for(name), view, tile)
        for _ in range(PER_GROUP - 1):
            hands.key(tree, Qt.Key.Key_D, Qt.KeyboardModifier.ControlModifier, f"one more {name}")
    settled(lambda: len(window.model.encounter.combatants))  # the last placing is done
    print(f"\nSetting up the fight at {screen} size took {hands.summary()}")  # noqa: T201

    encounter = window.model.encounter
    creatures = list(encounter.combatants.values())
    assert len(creatures) == len(PARTY) + PER_GROUP * len(GROUPS)
    party = [c for c in creatures if c.is_player_character]
    assert sorted(c.name for c in party) == sorted(PARTY)
    assert all(c.side == "players" for c in party)
    for name, tile in GROUPS.items():
        group = [c for c in creatures if CreatureTemplate.from_combatant(c).name == name]
        wanted = [name] + [f"{name} {n}" for n in range(2, PER_GROUP + 1)]
        assert sorted(c.name for c in group) == wanted
        for creature in group:  # all in the room it was dropped in, each beside the last
            x, y = creature.position
            assert max(abs(x - tile[0]), abs(y - tile[1])) <= PER_GROUP - 1, creature.name
    assert window.model.undo_stack.count() == len(creatures)  # one undo step each
    assert len(hands.done) <= MOST_ACTIONS, hands.summary()
