"""The tool manager on the map scene: one active tool, switching deactivates the old one, Esc
takes back a gesture before it leaves a tool; the tool actions follow the active tool."""

from __future__ import annotations

from helpers.map_helpers import shown_view
from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction

from drase_desktop.ui.map.move_tool import MoveTool
from drase_desktop.ui.map.tool import Tool, ToolActions

ESC = Qt.Key.Key_Escape
NONE = Qt.KeyboardModifier.NoModifier


class StrokeTool(Tool):
    """A tool whose press starts a gesture that only a release ends."""

    def __init__(self, scene) -> None:
        super().__init__(scene)
        self.stroking = False
        self.events: list[str] = []

    @property
    def name(self) -> str:
        return "Stroke"

    @property
    def busy(self) -> bool:
        return self.stroking

    def activate(self) -> None:
        self.events.append("activate")

    def deactivate(self) -> None:
        self.events.append("deactivate")
        super().deactivate()

    def cancel(self) -> None:
        self.events.append("cancel")
        self.stroking = False

    def press(self, pos, button, modifiers) -> bool:
        self.stroking = True
        return True


def test_switching_deactivates_the_old_tool_and_announces_the_new(qtbot) -> None:
    scene = shown_view(qtbot).map_scene
    tools = scene.tools
    assert isinstance(scene.tool, MoveTool) and scene.tool is tools.move_tool
    announced: list[Tool] = []
    tools.toolChanged.connect(announced.append)
    stroke = StrokeTool(scene)
    tools.activate(stroke)
    assert scene.tool is stroke and announced == [stroke] and stroke.events == ["activate"]
    stroke.press(None, Qt.MouseButton.LeftButton, NONE)
    tools.return_to_move()
    # Leaving a tool mid-gesture takes the gesture back.
    assert stroke.events == ["activate", "deactivate", "cancel"] and not stroke.busy
    assert scene.tool is tools.move_tool and announced == [stroke, tools.move_tool]


def test_esc_cancels_a_gesture_first_then_returns_to_move(qtbot) -> None:
    scene = shown_view(qtbot).map_scene
    tools = scene.tools
    stroke = StrokeTool(scene)
    tools.activate(stroke)
    stroke.press(None, Qt.MouseButton.LeftButton, NONE)
    assert tools.key(ESC, NONE)
    assert scene.tool is stroke and not stroke.busy
    assert tools.key(ESC, NONE)
    assert scene.tool is tools.move_tool
    assert not tools.key(ESC, NONE)  # Move without a gesture: Esc is left to others


def test_the_checked_action_follows_the_tool_and_unchecking_returns_to_move(qtbot) -> None:
    scene = shown_view(qtbot).map_scene
    owner = QObject()
    actions = ToolActions.of(owner)
    assert ToolActions.of(owner) is actions
    stroke = StrokeTool(scene)
    move_action, stroke_action = QAction("Move", owner), QAction("Stroke", owner)
    actions.add(move_action, lambda tool: tool is scene.tools.move_tool, scene.tools.return_to_move)
    actions.add(stroke_action, lambda tool: tool is stroke, lambda: scene.tools.activate(stroke))
    actions.follow(scene.tools)
    assert move_action.isChecked() and not stroke_action.isChecked()
    stroke_action.trigger()
    assert scene.tool is stroke and stroke_action.isChecked() and not move_action.isChecked()
    stroke_action.trigger()  # unchecked by the GM: back to Move
    assert scene.tool is scene.tools.move_tool and move_action.isChecked()
    scene.tools.activate(stroke)  # switched from elsewhere (a key, a menu)
    assert stroke_action.isChecked() and not move_action.isChecked()
