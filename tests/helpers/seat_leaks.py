"""An independent check of what reaches a seat (a player's phone): `leaks` lists every secret
a message to that seat gives away. It reads the encounter directly, not through the projection
it checks, so a bug there shows here.

Secrets, as the Table Link rules list them:
- creatures the players cannot see (hidden, off the map, or another side's on fogged ground):
  neither their id nor their name appears anywhere;
- the GM's notes on creatures (the tests write each as "NOTE-..."): never;
- HP: numbers only in the seat's own sheet; no log line of another creature's HP;
- fogged tiles: no terrain, light, height or cover of one, no creature of another side on
  one alone, no wall between fogged tiles, no light standing in the fog, no path over one;
- other seats' declarations while secret (the tests write each plan's note as "PLAN-<id>-"):
  never, and no event of another seat.

The encounters the tests build give every creature a name and id no other text contains.
"""

from __future__ import annotations

import json
import math
from typing import Any


def _players_side(combatant: Any) -> bool:
    return combatant.side == "players" or combatant.is_player_character


def _revealed(fog: Any, tile: tuple[int, int]) -> bool:
    return fog.is_revealed(tile)


def unseen(encounter: Any, seat: str) -> list[Any]:
    """The creatures the players cannot see (the seat's own character excepted)."""
    fog = encounter.fog
    hidden = []
    for combatant in encounter.combatants.values():
        if combatant.id == seat:
            continue
        if combatant.hidden or combatant.position is None:
            hidden.append(combatant)
        elif not _players_side(combatant) and not any(
            _revealed(fog, tile) for tile in combatant.tiles()
        ):
            hidden.append(combatant)
    return hidden


def _near_revealed(fog: Any, x: float, y: float) -> bool:
    return any(
        _revealed(fog, (tx, ty))
        for tx in (math.floor(x - 1e-6), math.floor(x + 1e-6))
        for ty in (math.floor(y - 1e-6), math.floor(y + 1e-6))
    )


def _walk(value: Any, path: str = "$"):
    yield path, value
    if isinstance(value, dict):
        for key, inner in value.items():
            yield from _walk(inner, f"{path}.{key}")
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            yield from _walk(inner, f"{path}[{index}]")


def _map_leaks(encounter: Any, board: dict[str, Any]) -> list[str]:
    fog = encounter.fog
    found = []
    for layer in ("terrain", "light"):
        for y, row in enumerate(board[layer]):
            for x, char in enumerate(row):
                if (char == "?") == _revealed(fog, (x, y)):
                    found.append(f"map.{layer} at {(x, y)} is {char!r}")
    for layer in ("elevation", "cover"):
        for x, y, _value in board[layer]:
            if not _revealed(fog, (x, y)):
                found.append(f"map.{layer} tells of fogged tile {(x, y)}")
    for x1, y1, x2, y2, kind in board["walls"]:
        if not _near_revealed(fog, (x1 + x2) / 2, (y1 + y2) / 2):
            found.append(f"a {kind} between fogged tiles at {(x1, y1, x2, y2)}")
    for x, y, _radius in board["lights"]:
        if not _near_revealed(fog, x, y):
            found.append(f"a light in the fog at {(x, y)}")
    for creature in board["creatures"]:
        combatant = encounter.combatants[creature["id"]]
        if not creature["you"] and not _players_side(combatant):
            tiles = combatant.tiles()
            if not any(_revealed(fog, tile) for tile in tiles):
                found.append(f"{combatant.id} shown on fogged ground")
    return found


def _gm_revealed(encounter: Any) -> bool:
    """Read from the log: a reveal line of this round's current phase."""
    return any(
        entry.round == encounter.round
        and entry.phase == encounter.phase.key
        and entry.kind == "declare"
        and entry.data.get("revealed")
        for entry in encounter.log
    )


def secret_declarations(encounter: Any, seat: str, *, revealed: bool | None = None) -> list[str]:
    """The seats whose declarations `seat` may not see now (`revealed` None: as the log says)."""
    if revealed is None:
        revealed = _gm_revealed(encounter)
    if revealed:
        return []
    phase = encounter.phase
    if not phase.declares:
        return []
    sides = encounter.phase_sides(phase)
    return [
        c.id
        for c in encounter.combatants.values()
        if c.id != seat and c.is_player_character and c.side in sides
    ]


def leaks(
    encounter: Any, seat: str, message: dict[str, Any], *, revealed: bool | None = None
) -> list[str]:
    """Every secret `message` (to the phone of `seat`) gives away; empty when none
    (`revealed`: the GM showed the declarations; None: as the encounter's log says)."""
    text = json.dumps(message)
    found: list[str] = []
    for combatant in unseen(encounter, seat):
        for word in (combatant.id, combatant.name):
            if word in text:
                found.append(f"names {combatant.id}, whom the players cannot see ({word!r})")
    if "NOTE-" in text:
        found.append("a GM note")
    for other in encounter.combatants.values():
        if other.id == seat:
            continue
        for words in (f"{other.name} takes", f"{other.name}: HP", f"{other.name} heals"):
            if words in text:
                found.append(f"{other.id}'s HP ({words!r})")
    for path, value in _walk(message):
        if isinstance(value, dict) and ("hp" in value or "max_hp" in value):
            if value.get("id") != seat or not path.endswith(".character"):
                found.append(f"HP numbers at {path}")
    for other in secret_declarations(encounter, seat, revealed=revealed):
        if f"PLAN-{other}-" in text:
            found.append(f"{other}'s secret declaration")
    event = message.get("event")
    if isinstance(event, dict) and event.get("combatant") != seat:
        found.append(f"another seat's event ({event.get('combatant')})")
    view = message.get("view")
    if isinstance(view, dict):
        found.extend(_map_leaks(encounter, view["map"]))
    preview = message.get("preview")
    if isinstance(preview, dict):
        for x, y in preview.get("path", []):
            if not _revealed(encounter.fog, (x, y)):
                found.append(f"a path over fogged tile {(x, y)}")
    return found
