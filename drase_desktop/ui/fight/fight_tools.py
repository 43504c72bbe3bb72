"""Puts the running of the fight into the main window: the attack dock, the resolution queue
dock and a Tools menu with the GM's dialogs (NPC group attack, fall, rest, checks).

`install_fight_tools(window)` is the one call the window makes; it is idempotent. The window
needs `.model` (an EncounterModel), a menu bar and dock areas, and hands each new map view to
`attach_map_view` (the attack panel picks its targets there). The attack dock and the
resolution queue are tabs beside the declaration dock: they never open, close or come to the
front by themselves when the phase changes (the map must not move under the GM's mouse), and
the queue's tab counts what is left to resolve.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDialog, QDockWidget, QMainWindow, QMenu

from drase_desktop.ui.fight.attack_panel import AttackPanel
from drase_desktop.ui.fight.check_dialog import CheckDialog
from drase_desktop.ui.fight.crawler_rolls_dialog import CrawlerRollsDialog
from drase_desktop.ui.fight.displacement_dialog import DisplacementDialog
from drase_desktop.ui.fight.fall_dialog import FallDialog
from drase_desktop.ui.fight.npc_attack_dialog import NpcAttackDialog
from drase_desktop.ui.fight.preparation_dialog import PreparationDialog
from drase_desktop.ui.fight.resolution_queue import ResolutionQueue
from drase_desktop.ui.fight.rest_dialog import RestDialog
from drase_desktop.ui.fight.spell_dialog import SpellDialog
from drase_desktop.ui.widgets.actions import make_action
from drase_desktop.ui.widgets.menu_bar import WindowMenus
from drase_desktop.ui.widgets.theme import dock_font
from drase_desktop.ui.widgets.window_part import WindowPart

DIALOGS: tuple[tuple[str, str, str | None, type[QDialog]], ...] = (
    ("&NPC group attack (average hits)…", "npcAttackAction", "Ctrl+G", NpcAttackDialog),
    ("&Fall…", "fallAction", None, FallDialog),
    ("&Displacement (stacking)…", "displacementAction", None, DisplacementDialog),
    ("&Rest…", "restAction", None, RestDialog),
    ("Crawler &spell (hits automatically)…", "spellAction", None, SpellDialog),
    ("Crawler &initiative and morale…", "crawlerRollsAction", None, CrawlerRollsDialog),
    ("Ability &check / perception…", "checkAction", "Ctrl+K", CheckDialog),
    ("&Prepared spells and potions…", "preparationAction", None, PreparationDialog),
)


# Tools that belong to one system: shown only when the encounter's ruleset has them (the window
# asks the ruleset, never the system's name).
RULESET_TOOLS: dict[str, str] = {
    "npcAttackAction": "has_npc_average_hits",
    "spellAction": "spells_hit_automatically",
    "crawlerRollsAction": "has_side_initiative",
}


class FightTools(WindowPart):
    def __init__(
        self, window: QMainWindow, menus: WindowMenus, declaration: QDockWidget | None = None
    ) -> None:
        super().__init__(window, "fightTools")
        model = self.model
        self.attack_panel = AttackPanel(model, window)
        self.queue = ResolutionQueue(model, window)
        for dock in (self.attack_panel, self.queue):
            dock.setFont(dock_font())
        right = Qt.DockWidgetArea.RightDockWidgetArea
        if declaration is not None and window.dockWidgetArea(declaration) == right:
            window.tabifyDockWidget(declaration, self.attack_panel)
            window.tabifyDockWidget(self.attack_panel, self.queue)
            declaration.raise_()
        else:
            window.addDockWidget(right, self.attack_panel)
            window.tabifyDockWidget(self.attack_panel, self.queue)

        self.menu = QMenu("&Tools", window)
        self.menu.setObjectName("toolsMenu")
        self.actions: dict[str, QAction] = {}
        for text, name, shortcut, dialog_type in DIALOGS:
            opens = partial(self.open_dialog, dialog_type)
            action = make_action(window, name, text, opens, shortcut=shortcut or None)
            self.menu.addAction(action)
            self.actions[name] = action
        self.menu.addSeparator()
        for dock in (self.attack_panel, self.queue):
            self.menu.addAction(dock.toggleViewAction())
        menus.add_menu(self.menu)
        self.dialogs: dict[type[QDialog], QDialog] = {}
        model.roundChanged.connect(self._count_queue)
        model.combatantsChanged.connect(self._count_queue)
        model.encounterReplaced.connect(self._count_queue)
        self._count_queue()
        model.encounterReplaced.connect(self._close_dialogs)
        model.encounterReplaced.connect(self._show_ruleset_tools)
        model.roundChanged.connect(self._show_ruleset_tools)
        self._show_ruleset_tools()

    def attach_map_view(self, view: Any) -> None:
        """A (new) map view: the attack panels (the dock's and the queue's) pick targets on
        it."""
        self.attack_panel.attach_map_view(view)
        self.queue.attack.attach_map_view(view)

    def _show_ruleset_tools(self) -> None:
        ruleset = self.model.encounter.ruleset
        for name, offered in RULESET_TOOLS.items():
            has = bool(getattr(ruleset, offered))
            self.actions[name].setVisible(has)
            self.actions[name].setEnabled(has)

    def open_dialog(self, dialog_type: type[QDialog]) -> QDialog:
        """Open (or bring back) one tool dialog; it is not modal, so the map stays usable."""
        dialog = self.dialogs.get(dialog_type)
        if dialog is None or not dialog.isVisible():
            if dialog is not None:
                dialog.deleteLater()
            dialog = dialog_type(self.model, self.window)
            self.dialogs[dialog_type] = dialog
        dialog.show()
        dialog.raise_()
        return dialog

    def _close_dialogs(self) -> None:
        # A dialog holds the ids of the encounter it was opened on.
        for dialog in self.dialogs.values():
            dialog.close()
            dialog.deleteLater()
        self.dialogs.clear()

    def _count_queue(self) -> None:
        """The queue's tab says how much is waiting, so the GM sees it without the tab
        opening by itself."""
        left = sum(1 for item in self.queue.items if not item.done)
        self.queue.setWindowTitle(f"Queue ({left})" if left else "Queue")


def install_fight_tools(
    window: QMainWindow, menus: WindowMenus | None = None, declaration: QDockWidget | None = None
) -> FightTools:
    """Add the fight docks and the Tools menu to `window` once (beside `declaration`, the
    declaration dock, when given); return them."""
    existing = getattr(window, "fight_tools", None)
    if isinstance(existing, FightTools):
        return existing
    tools = FightTools(window, menus or WindowMenus(window.menuBar()), declaration)
    window.fight_tools = tools  # type: ignore[attr-defined]
    return tools
