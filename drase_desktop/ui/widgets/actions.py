"""The one way the window makes an action: a name tests and settings find it by, the words a GM
reads, what it does, its key and its tip."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QWidget

Shortcut = QKeySequence | QKeySequence.StandardKey | str | None


def make_action(
    owner: QObject,
    name: str,
    text: str,
    slot: Callable[..., Any] | None = None,
    *,
    shortcut: Shortcut = None,
    shortcuts: tuple[str, ...] = (),
    tip: str = "",
    checkable: bool = False,
    everywhere: bool = False,
) -> QAction:
    """An action named `name` (its objectName), shown as `text`. A plain action calls `slot()`
    when triggered; a checkable one calls `slot(checked)` when toggled. `shortcuts` are more
    keys beside `shortcut`; `everywhere` makes them work in every window of the app (the player
    display too), not only this one. Added to `owner` when it is a widget, so its keys work
    while the menu holding it is closed."""
    action = QAction(text, owner)
    action.setObjectName(name)
    action.setCheckable(checkable)
    keys = [QKeySequence(shortcut)] if shortcut else []
    keys += [QKeySequence(key) for key in shortcuts]
    if keys:
        action.setShortcuts(keys)
    if everywhere:
        action.setShortcutContext(Qt.ShortcutContext.ApplicationShortcut)
    if tip:
        action.setStatusTip(tip)
        action.setToolTip(tip)
    if slot is not None:
        if checkable:
            action.toggled.connect(slot)
        else:
            action.triggered.connect(lambda _checked=False: slot())
    if isinstance(owner, QWidget):
        owner.addAction(action)
    return action
