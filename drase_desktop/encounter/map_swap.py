"""Put another map under a fight that is already running (a map file dropped on the window, a
sample map): the combatants, the round, the declarations and the log all stay.

Each token keeps its tile when the new map has room for it there: every tile of its footprint on
the map, not blocked, and not taken by a token placed before it. Any other token is taken off the
map (its position becomes None) and named in `unplaced`, for the GM to place again. The fog of
war belonged to the old ground, so the new map starts with everything revealed, as a new map
does. One `MapSwap` is one undo step: `undo()` brings back the old map, positions and fog;
both directions are idempotent, like `MapReplacement`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from drase_desktop.encounter.fog import Fog
from drase_desktop.encounter.map_change import MapChange

if TYPE_CHECKING:
    from drase_desktop.encounter.encounter import Encounter

Position = tuple[int, int]


class MapSwap(MapChange):
    """Built, it has already run."""

    def __init__(self, encounter: Encounter, new_map: Any, description: str = "") -> None:
        taken: set[Position] = set()
        unplaced: list[str] = []

        def kept_place(combatant: Any) -> Position | None:
            tiles = list(combatant.tiles())
            if all(
                new_map.in_bounds(tile) and new_map.terrain(tile) != "blocked" and tile not in taken
                for tile in tiles
            ):
                taken.update(tiles)
                return cast(Position, combatant.position)
            unplaced.append(combatant.id)
            return None

        super().__init__(
            encounter,
            new_map,
            description or f"Use map {new_map.name or 'without a name'}",
            kept_place,
            Fog.for_map(new_map),
        )
        self.unplaced: tuple[str, ...] = tuple(unplaced)

    def unplaced_names(self) -> list[str]:
        combatants = self._encounter.combatants
        return [combatants[cid].name for cid in self.unplaced if cid in combatants]

    def summary(self) -> str:
        """What the GM reads in the status bar after the swap."""
        names = self.unplaced_names()
        text = f"Map {self._new_map.width} x {self._new_map.height} in place; the fight goes on"
        if not names:
            return text + "."
        return text + f"; to place again (no room where they stood): {', '.join(names)}."
