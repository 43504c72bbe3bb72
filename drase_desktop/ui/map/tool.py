"""The map's tools: one base class for whatever takes the map's mouse and keys (moving tokens,
the fog tools, the editor's brushes), the manager that says which one is active, and the
checkable actions that show it.

Shaped like Tiled's AbstractTool and ToolManager. The scene hands the active tool its presses,
moves, releases and keys; the manager switches tools (the old one is deactivated, which takes
back a gesture in progress) and announces each switch, so the toolbar, the status bar and the
map's cursor follow. Esc first takes back a gesture in progress, then returns to Move: no tool
can stay on by mistake while a token drag silently does something else.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from PySide6.QtCore import QObject, QPointF, Qt, Signal
from PySide6.QtGui import QAction, QActionGroup, QCursor

from drase_desktop.ui.widgets.actions import make_action
from drase_desktop.ui.widgets.icons import set_icon


@dataclass(frozen=True)
class ToolInfo:
    """What a tool's action shows, carried by the tool (as Tiled's tools carry theirs): the
    manager's `ToolActions.add_tool` builds the action from it."""

    action_name: str  # the action's objectName ("moveToolAction")
    text: str  # its menu text, with its mnemonic ("&Move tokens")
    tip: str = ""  # its tooltip and status tip
    shortcut: str = ""
    icon: str = ""  # the drawn icon's name (widgets/icons.py), or none


class Tool(QObject):
    """What every map tool shares. Subclasses override the events they use; the defaults do
    nothing and leave the event to the scene."""

    statusMessage = Signal(str)

    # The map's cursor while the tool is active.
    cursor_shape = Qt.CursorShape.ArrowCursor
    # The action that chooses the tool (a tool chosen another way, as target picking is from
    # the attack dock, has none).
    info: ClassVar[ToolInfo | None] = None

    def __init__(self, scene: Any) -> None:
        super().__init__(scene)
        self._scene = scene

    # -- being the active tool ---------------------------------------------------------------
    @property
    def name(self) -> str:
        """What the toolbar and the status bar call the tool."""
        return "Tool"

    @property
    def busy(self) -> bool:
        """Whether a gesture is in progress (a stroke, a drag): Esc then takes it back."""
        return False

    def activate(self) -> None:
        """The tool now receives the map's events."""

    def deactivate(self) -> None:
        """Another tool takes over: whatever was in progress is taken back."""
        self.cancel()

    def cancel(self) -> None:
        """Take back the gesture in progress; nothing reaches the undo stack."""

    def cursor(self) -> QCursor:
        return QCursor(self.cursor_shape)

    def status_text(self) -> str:
        """What the tool does, for the status bar ("Fog brush: left button reveals...")."""
        return self.name

    # -- events --------------------------------------------------------------------------------
    def press(self, pos: QPointF, button: Qt.MouseButton, modifiers: Any) -> bool:
        """A mouse press at scene point `pos`; True when the tool used it."""
        return False

    def move(self, pos: QPointF, modifiers: Any) -> None:
        """The mouse moved, a button held or not. Without a gesture in progress this is a
        hover."""
        if not self.busy:
            self.hover_at(pos, modifiers)

    def hover_at(self, pos: QPointF, modifiers: Any) -> None:
        """The mouse passes over `pos` with no gesture in progress (previews, brush outlines)."""

    def release(self, pos: QPointF, button: Qt.MouseButton, modifiers: Any) -> bool:
        return False

    def key(self, key: int, modifiers: Any) -> bool:
        """A key press; True when the tool used it. Esc takes back a gesture in progress."""
        if key == Qt.Key.Key_Escape and self.busy:
            self.cancel()
            return True
        return False

    # -- the model changed -------------------------------------------------------------------
    def combatants_changed(self, ids: list[str]) -> None:
        """Combatants `ids` changed (a drag of one of them ends)."""

    def selection_changed(self) -> None:
        """The selected combatant changed."""


class ToolManager(QObject):
    """Which tool the map's events go to. Move is the home tool: Esc, and leaving any other
    tool, return there."""

    toolChanged = Signal(object)

    def __init__(self, move_tool: Tool, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.move_tool = move_tool
        self._active: Tool = move_tool
        move_tool.activate()

    @property
    def active(self) -> Tool:
        return self._active

    def activate(self, tool: Tool) -> None:
        """Hand the map's events to `tool`. Choosing the active tool again only announces it
        (its mode may have changed, e.g. the fog brush became the fog rectangle)."""
        old = self._active
        if tool is not old:
            self._active = tool
            old.deactivate()
            tool.activate()
        self.toolChanged.emit(tool)

    def return_to_move(self) -> None:
        if self._active is not self.move_tool:
            self.activate(self.move_tool)

    def key(self, key: int, modifiers: Any) -> bool:
        """The active tool's key; an Esc it did not use returns to Move."""
        if self._active.key(key, modifiers):
            return True
        if key == Qt.Key.Key_Escape and self._active is not self.move_tool:
            self.return_to_move()
            return True
        return False


class ToolActions(QObject):
    """The checkable actions that choose a map tool, in one exclusive group for the window: the
    active tool's action is checked and no other. Triggering the checked action again returns
    to Move. The window's parts add their actions with `add`; whoever installs a new map view
    calls `follow` with its scene's `tools`."""

    OBJECT_NAME = "toolActions"
    toolChanged = Signal(object)

    def __init__(self, parent: QObject) -> None:
        super().__init__(parent)
        self._window = parent  # where the actions live, and their keys work
        self.setObjectName(self.OBJECT_NAME)
        self.group = QActionGroup(self)
        self.group.setExclusionPolicy(QActionGroup.ExclusionPolicy.ExclusiveOptional)
        self.group.triggered.connect(self._triggered)
        self._shows: dict[QAction, Callable[[Tool], bool]] = {}
        self._choose: dict[QAction, Callable[[], None]] = {}
        self.tools: ToolManager | None = None

    @classmethod
    def of(cls, window: QObject) -> ToolActions:
        """The window's one set of tool actions (made on first use)."""
        found = window.findChild(
            ToolActions, cls.OBJECT_NAME, Qt.FindChildOption.FindDirectChildrenOnly
        )
        return found if found is not None else cls(window)

    def add_tool(
        self,
        info: ToolInfo,
        shows: Callable[[Tool], bool],
        choose: Callable[[], None],
        *,
        everywhere: bool = False,
    ) -> QAction:
        """The action for a tool, built from what the tool carries (`info`): checked while
        `shows(active tool)`, choosing it calls `choose`. `everywhere`: its key works in every
        window of the app (the player display too)."""
        action = make_action(
            self._window,
            info.action_name,
            info.text,
            shortcut=info.shortcut or None,
            tip=info.tip,
            checkable=True,
            everywhere=everywhere,
        )
        if info.icon:
            set_icon(action, info.icon)
        self.add(action, shows, choose)
        return action

    def add(
        self, action: QAction, shows: Callable[[Tool], bool], choose: Callable[[], None]
    ) -> None:
        """`action` is checked while `shows(active tool)`; triggering it calls `choose`, which
        activates its tool."""
        action.setCheckable(True)
        self.group.addAction(action)
        self._shows[action] = shows
        self._choose[action] = choose
        if self.tools is not None:
            action.setChecked(shows(self.tools.active))

    def follow(self, tools: ToolManager) -> None:
        """Show the tools of a (new) map scene."""
        if tools is self.tools:
            return
        self.tools = tools
        tools.toolChanged.connect(lambda tool, source=tools: self._tool_changed(source, tool))
        self._tool_changed(tools, tools.active)

    @property
    def active(self) -> Tool | None:
        return self.tools.active if self.tools is not None else None

    def _triggered(self, action: QAction) -> None:
        if action.isChecked():
            self._choose[action]()
        elif self.tools is not None:
            self.tools.return_to_move()
        if self.tools is not None:
            self._sync(self.tools.active)  # a choice refused leaves the check where it was

    def _tool_changed(self, source: ToolManager, tool: Tool) -> None:
        if source is not self.tools:
            return  # the scene of a map view since replaced
        self._sync(tool)
        self.toolChanged.emit(tool)

    def _sync(self, tool: Tool) -> None:
        for action, shows in self._shows.items():
            action.setChecked(shows(tool))
