"""One undo step that puts another map under the encounter: the map, each token's position and
the fog of war, as they were and as they become. `MapReplacement` (map_resize.py: a resize or a
new picture, the tokens shifted with the ground) and `MapSwap` (map_swap.py: another map under
a running fight, the tokens kept where there is room) work out the new positions and fog; this
applies them, and `undo()` / `redo()` are idempotent.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from drase_desktop.encounter.encounter import Encounter

Position = tuple[int, int]


class MapChange:
    """Built, it has already run: the encounter stands on `new_map`, its tokens at
    `new_positions` (None: off the map), under `new_fog`."""

    def __init__(
        self,
        encounter: Encounter,
        new_map: Any,
        description: str,
        place: Callable[[Any], Position | None],
        new_fog: Any,
    ) -> None:
        """`place(combatant)` is where a token on the map stands on `new_map` (None: taken
        off it); it may refuse by raising, before anything is changed."""
        old: dict[str, Position | None] = {}
        new: dict[str, Position | None] = {}
        for combatant in encounter.combatants.values():
            old[combatant.id] = combatant.position
            new[combatant.id] = None if combatant.position is None else place(combatant)
        self.description = description
        self._encounter = encounter
        self._old_map = encounter.battle_map
        self._new_map = new_map
        self._old_positions = old
        self._new_positions = new
        self.changed_ids: tuple[str, ...] = tuple(cid for cid in old if old[cid] != new[cid])
        self._old_fog = getattr(encounter, "fog", None)
        self._new_fog = new_fog
        self.redo()

    @property
    def new_map(self) -> Any:
        return self._new_map

    def _apply(self, battle_map: Any, positions: dict[str, Position | None], fog: Any) -> None:
        self._encounter.battle_map = battle_map
        self._encounter.fog = fog
        for combatant_id, position in positions.items():
            combatant = self._encounter.combatants.get(combatant_id)
            if combatant is not None:
                combatant.position = position

    def undo(self) -> None:
        self._apply(self._old_map, self._old_positions, self._old_fog)

    def redo(self) -> None:
        self._apply(self._new_map, self._new_positions, self._new_fog)
