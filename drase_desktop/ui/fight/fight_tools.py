"""Puts the running of the fight into the main window: the attack dock, the resolution queue
dock and a Tools menu with the GM's dialogs (NPC group attack, fall, rest, checks).

`install_fight_tools(window)` is the one call the window makes; it is idempotent. The window
needs `.model` (an EncounterModel), a menu bar and dock areas. When the round enters a
resolution phase the attack dock comes to the front; in a declaration phase the declaration
dock does.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDialog, QDockWidget, QMainWindow, QMenu

from drase_desktop.ui.docks.resolution_queue import ResolutionQueue
from drase_desktop.ui.fight.attack_panel import AttackPanel
from drase_desktop.ui.fight.check_dialog import CheckDialog
from drase_desktop.ui.fight.crawler_rolls_dialog import CrawlerRollsDialog
from drase_desktop.ui.fight.displacement_dialog import DisplacementDialog
from drase_desktop.ui.fight.fall_dialog import FallDialog
from drase_desktop.ui.fight.npc_attack_dialog import NpcAttackDialog
from drase_desktop.ui.fight.rest_dialog import RestDialog
from drase_desktop.ui.fight.spell_dialog import SpellDialog
from drase_desktop.ui.widgets.theme import dock_font

# The attack panel's working and buttons read without clipping from this width (pixels).
ATTACK_WIDTH = 450

DIALOGS: tuple[tuple[str, str, str | None, type[QDialog]], ...] = (
    ("&NPC group attack (average hits)…", "npcAttackAction", "Ctrl+G", NpcAttackDialog),
    ("&Fall…", "fallAction", None, FallDialog),
    ("&Displacement (stacking)…", "displacementAction", None, DisplacementDialog),
    ("&Rest…", "restAction", None, RestDialog),
    ("Crawler &spell (hits automatically)…", "spellAction", None, SpellDialog),
    ("Crawler &initiative and morale…", "crawlerRollsAction", None, CrawlerRollsDialog),
    ("Ability &check / perception…", "checkAction", "Ctrl+K", CheckDialog),
)


class FightTools(QObject):
    def __init__(self, window: QMainWindow) -> None:
        super().__init__(window)
        self.setObjectName("fightTools")
        self.window = window
        model = window.model  # type: ignore[attr-defined]
        self.model = model
        self.attack_panel = AttackPanel(model, window)
        self.queue = ResolutionQueue(model, self.attack_panel, window)
        for dock in (self.attack_panel, self.queue):
            dock.setFont(dock_font())
        right = Qt.DockWidgetArea.RightDockWidgetArea
        left = Qt.DockWidgetArea.LeftDockWidgetArea
        declaration = window.findChild(QDockWidget, "declarationDock")
        if declaration is not None and window.dockWidgetArea(declaration) == right:
            window.tabifyDockWidget(declaration, self.attack_panel)
            declaration.raise_()
        else:
            window.addDockWidget(right, self.attack_panel)
        window.addDockWidget(left, self.queue)

        self.menu = QMenu("&Tools", window)
        self.menu.setObjectName("toolsMenu")
        self.actions: dict[str, QAction] = {}
        for text, name, shortcut, dialog_type in DIALOGS:
            action = QAction(text, window)
            action.setObjectName(name)
            if shortcut:
                action.setShortcut(QKeySequence(shortcut))
            action.triggered.connect(lambda _c=False, t=dialog_type: self.open_dialog(t))
            self.menu.addAction(action)
            window.addAction(action)
            self.actions[name] = action
        self.menu.addSeparator()
        for dock in (self.attack_panel, self.queue):
            self.menu.addAction(dock.toggleViewAction())
        window.menuBar().insertMenu(self._help_menu_action(), self.menu)
        self.dialogs: dict[type[QDialog], QDialog] = {}
        self._phase_key = ""
        model.roundChanged.connect(self._follow_phase)
        model.encounterReplaced.connect(self._close_dialogs)

    def _help_menu_action(self) -> Any:
        for action in self.window.menuBar().actions():
            if action.text().replace("&", "") == "Help":
                return action
        return None

    def open_dialog(self, dialog_type: type[QDialog]) -> QDialog:
        """Open (or bring back) one tool dialog; it is not modal, so the map stays usable."""
        dialog = self.dialogs.get(dialog_type)
        if dialog is None or not dialog.isVisible():
            if dialog is not None:
                dialog.deleteLater()
            dialog = dialog_type(self.model, self.window)  # type: ignore[arg-type]
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

    def _follow_phase(self) -> None:
        encounter = self.model.encounter
        key = f"{encounter.round}:{encounter.phase.key}"
        if key == self._phase_key:
            return
        self._phase_key = key
        phase = encounter.phase
        resolving = self.show_queue_for_phase()
        if phase.declares:
            declaration = self.window.findChild(QDockWidget, "declarationDock")
            if declaration is not None:
                declaration.raise_()
            self._split(0.5)
        elif resolving:
            self.attack_panel.raise_()
            self._split(0.7)
            if self.attack_panel.width() < ATTACK_WIDTH:
                self.window.resizeDocks(
                    [self.attack_panel], [ATTACK_WIDTH], Qt.Orientation.Horizontal
                )
        else:
            # Tickdowns and the like: what expired and what ticked is read in the log.
            self._split(0.35)

    def show_queue_for_phase(self) -> bool:
        """Show the resolution queue in the phases that resolve (or while it holds items), hide
        it otherwise: it sits under the map, and the map wants the room. Returns whether the
        current phase resolves."""
        phase = self.model.encounter.phase
        resolving = "resolution" in phase.key or phase.step in ("missile", "melee", "spells")
        self.queue.setVisible(resolving or bool(self.queue.items))
        return resolving

    def _split(self, attack_share: float) -> None:
        """Share the column's height between the attack panel's tab group and the log."""
        log = self.window.findChild(QDockWidget, "logDock")
        area = self.window.dockWidgetArea(self.attack_panel)
        if log is None or self.window.dockWidgetArea(log) != area or self.attack_panel.isFloating():
            return
        total = self.attack_panel.height() + log.height()
        if total <= 0 or abs(self.attack_panel.height() / total - attack_share) < 0.05:
            return
        self.window.resizeDocks(
            [self.attack_panel, log],
            [int(total * attack_share), int(total * (1 - attack_share))],
            Qt.Orientation.Vertical,
        )


def install_fight_tools(window: QMainWindow) -> FightTools:
    """Add the fight docks and the Tools menu to `window` once; return them."""
    existing = window.findChild(FightTools, "fightTools")
    if existing is not None:
        return existing
    tools = FightTools(window)
    window.fight_tools = tools  # type: ignore[attr-defined]
    return tools
