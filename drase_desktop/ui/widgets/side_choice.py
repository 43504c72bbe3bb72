"""Who a creature fights for, as one choice: a player character, the players' ally, the GM's
side, or another side (a faction the GM names by typing it).

A creature's file keeps two fields, `side` and `is_player_character`, as it always has; this
choice stands for the pair, so a file reads and writes the same either way. A pair none of the
usual entries makes (a player character on the GM's side) gets an entry of its own, so opening
and closing the sheet never changes it.
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtWidgets import QComboBox, QWidget

from drase_desktop.encounter.sides import side_words

PLAYERS, GM = "players", "gm"
PLAYER_CHARACTER = "Player character"
PLAYERS_ALLY = "The players' ally (not a player character)"

Choice = tuple[str, bool]  # (side, is_player_character)

__all__ = ["PLAYER_CHARACTER", "PLAYERS_ALLY", "SideChoice"]


def _entries(sides: Iterable[str], current: Choice) -> list[tuple[str, Choice]]:
    entries = [
        (PLAYER_CHARACTER, (PLAYERS, True)),
        (PLAYERS_ALLY, (PLAYERS, False)),
        (side_words(GM, start=True), (GM, False)),
    ]
    for side in sorted(set(sides) - {PLAYERS, GM}):
        entries.append((side_words(side, start=True), (side, False)))
    if current not in [choice for _label, choice in entries]:
        side, player_character = current
        label = f"Player character on {side_words(side)}" if player_character else side
        entries.append((label, current))
    return entries


class SideChoice(QComboBox):
    """objectName `sheetSide` by default. Type a name to put the creature on a new side."""

    def __init__(
        self,
        sides: Iterable[str],
        side: str,
        player_character: bool,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("sheetSide")
        self.setEditable(True)
        self.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        current = (side, player_character)
        entries = _entries(sides, current)
        for label, choice in entries:
            self.addItem(label, choice)
        self.setCurrentIndex([choice for _label, choice in entries].index(current))
        self.setToolTip(
            "Who it fights for: a player character, the players' ally, the GM's side, or"
            " another side (type a name for a new one)"
        )

    def choice(self) -> Choice:
        """(side, is_player_character) of the entry shown, or a new side typed ("" when
        nothing is typed)."""
        text = self.currentText().strip()
        index = self.findText(text)
        if index >= 0:
            side, player_character = self.itemData(index)
            return str(side), bool(player_character)
        return text, False

    def is_player_character(self) -> bool:
        return self.choice()[1]
