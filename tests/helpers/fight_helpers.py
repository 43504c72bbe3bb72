"""Driving the fight from the window as a GM does: click tokens on the map, fill the
declaration dock, answer the table-dice questions from a script."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QDockWidget, QGraphicsView, QPushButton

from drase_desktop.rules.dice_source import DiceRequest
from drase_desktop.ui.fight.attack_panel import AttackPanel
from drase_desktop.ui.fight.fight_tools import install_fight_tools
from drase_desktop.ui.fight.resolution_queue import ResolutionQueue
from drase_desktop.ui.main_window import MainWindow
from helpers.event_loop import layout_settled
from helpers.window_helpers import open_window


def fight_window(qtbot: Any, encounter: Any) -> MainWindow:
    window, _ = open_window(qtbot)
    window.set_document(encounter, None)
    # The window wires the fight tools itself; installing again finds them.
    assert install_fight_tools(window) is window.fight_tools
    # The map view of the window's first encounter goes once the event loop deletes it.
    qtbot.waitUntil(lambda: window.findChildren(QGraphicsView, "mapView") == [window.map_view])
    layout_settled(window)
    return window


def attack_panel(window: MainWindow) -> AttackPanel:
    found = window.findChild(QDockWidget, "attackDock")
    assert isinstance(found, AttackPanel)
    return found


def queue(window: MainWindow) -> ResolutionQueue:
    found = window.findChild(QDockWidget, "resolutionDock")
    assert isinstance(found, ResolutionQueue)
    return found


def click(qtbot: Any, window: MainWindow, name: str) -> None:
    button = window.findChild(QPushButton, name)
    assert button is not None, name
    assert button.isEnabled(), f"{name} is disabled"
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def token_point(window: MainWindow, combatant_id: str) -> QPoint:
    view = window.findChild(QGraphicsView, "mapView")
    item = view.map_scene.token_items[combatant_id]
    return view.mapFromScene(item.sceneBoundingRect().center())


def click_token(qtbot: Any, window: MainWindow, combatant_id: str) -> None:
    view = window.findChild(QGraphicsView, "mapView")
    view.centre_on_token(combatant_id)
    qtbot.mouseClick(
        view.viewport(), Qt.MouseButton.LeftButton, pos=token_point(window, combatant_id)
    )


def declare(qtbot: Any, window: MainWindow, combatant_id: str, halves: Iterable[str]) -> None:
    """Select the token on the map, choose the half actions, press Declare."""
    click_token(qtbot, window, combatant_id)
    assert window.model.selected_id == combatant_id
    dock = window.declaration_dock
    dock.two_halves.setChecked(True)
    chosen = list(halves) + ["(none)", "(none)"]
    dock.half_1.setCurrentIndex(dock.half_1.findText(chosen[0]))
    dock.half_2.setCurrentIndex(dock.half_2.findText(chosen[1]))
    click(qtbot, window, "declarationDeclareButton")


class TableDice:
    """Stands in for the GM typing table dice: answers each roll the rules ask for in turn
    (None cancels), remembers what was asked."""

    def __init__(self, panel: Any, *answers: list[int] | None) -> None:
        self.answers = list(answers)
        self.asked: list[str] = []
        self.requests: list[DiceRequest] = []
        panel.ask_dice = self.ask

    def ask(self, request: DiceRequest) -> list[int] | None:
        self.asked.append(request.expression)
        self.requests.append(request)
        return self.answers.pop(0)
