"""Lists of combatants the GM ticks (who rests, a spell's targets, the NPCs of a group attack,
an area attack's extra targets): each row is a check box that carries the combatant's id."""

from __future__ import annotations

from collections.abc import Collection

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QListWidget, QListWidgetItem

from drase_desktop.ui.widgets.widget_builders import named


def tick_list(name: str, min_height: int) -> QListWidget:
    """An empty list found by `name`, tall enough to tick in without scrolling at once."""
    widget = named(QListWidget(), name)
    widget.setMinimumHeight(min_height)
    return widget


def add_tick_row(
    widget: QListWidget, text: str, combatant_id: str, ticked: bool = False
) -> QListWidgetItem:
    item = QListWidgetItem(text)
    item.setData(Qt.ItemDataRole.UserRole, combatant_id)
    item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
    item.setCheckState(Qt.CheckState.Checked if ticked else Qt.CheckState.Unchecked)
    widget.addItem(item)
    return item


def ticked_ids(widget: QListWidget) -> list[str]:
    """The ids of the ticked rows, in list order."""
    return [
        widget.item(row).data(Qt.ItemDataRole.UserRole)
        for row in range(widget.count())
        if widget.item(row).checkState() == Qt.CheckState.Checked
    ]


def set_ticked(widget: QListWidget, ids: Collection[str]) -> None:
    """Tick exactly the rows whose id is in `ids`."""
    for row in range(widget.count()):
        item = widget.item(row)
        wanted = item.data(Qt.ItemDataRole.UserRole) in ids
        item.setCheckState(Qt.CheckState.Checked if wanted else Qt.CheckState.Unchecked)
