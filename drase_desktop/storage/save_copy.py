"""A copy of an encounter for saving on another thread, taken in a few milliseconds.

An autosave follows every change. Encoding a fight of 300 combatants and a 500 x 500 map takes
long enough to stall the window, so the window's thread only takes this copy (combatants,
declarations, the log's entries, the map's tile layers as bytes, the fog) and a worker encodes and
writes it while the GM goes on changing the original. Nothing in the copy is shared with the
original except values that never change in place (log entries, the map's picture, frozen
records), and the map's kept file rows (`map_file`), which are keyed by the bytes they encode.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from drase_desktop.encounter.change import copy_declaration
from drase_desktop.encounter.declaration import RoundState
from drase_desktop.encounter.encounter import Encounter
from drase_desktop.encounter.log import Log

_SHALLOW: dict[type, Callable[[Any], Any]] = {list: list, dict: dict, set: set}


def copy_for_saving(encounter: Encounter, previous: Encounter | None = None) -> Encounter:
    """An independent copy holding everything a save writes (not for running the fight).

    `previous`: the copy taken for the save before. A combatant whose state equals its copy
    there shares that copy (copies are never changed once taken): a change touches a few of
    hundreds, and copying all of them was most of an autosave's time on the window's thread."""
    clone: Encounter = object.__new__(type(encounter))
    state: dict[str, Any] = {}
    for name, value in vars(encounter).items():
        # Containers of the encounter's own (custom statuses, portraits, ...) are copied one
        # level: their items are frozen records, text or bytes.
        state[name] = _SHALLOW[type(value)](value) if type(value) in _SHALLOW else value
    earlier = previous.combatants if previous is not None else {}
    combatants = {}
    for cid, combatant in encounter.combatants.items():
        kept = earlier.get(cid)
        if kept is None or vars(kept) != vars(combatant):
            kept = combatant.copy()
        combatants[cid] = kept
    state["combatants"] = combatants
    round_state = encounter.round_state
    state["round_state"] = RoundState(
        declarations={cid: copy_declaration(d) for cid, d in round_state.declarations.items()},
        defense=dict(round_state.defense),
        initiative=dict(round_state.initiative),
    )
    state["settings"] = copy.copy(encounter.settings)
    state["log"] = Log(encounter.log.entries)
    fog = getattr(encounter, "fog", None)
    if fog is not None:
        state["fog"] = fog.copy()
    battle_map = encounter.battle_map
    if hasattr(battle_map, "copy"):
        map_copy = battle_map.copy()
        # Rows already written for these layers serve the copy too (keyed by their bytes).
        map_copy.derived_caches["file_rows"] = battle_map.derived_caches.setdefault("file_rows", {})
        state["battle_map"] = map_copy
    vars(clone).update(state)
    return clone
