"""Another map under a running fight: combatants stay where the new map has room for them, the
others come off the map and are named; the round and the log go on; undo brings it all back."""

from __future__ import annotations

from drase_desktop.board import BattleMap
from drase_desktop.encounter.combatant import Combatant
from drase_desktop.encounter.encounter import Encounter
from drase_desktop.encounter.map_swap import MapSwap


def _fight() -> Encounter:
    old = BattleMap(12, 8, name="Old")
    combatants = [
        Combatant(id="aria", name="Aria", side="players", position=(1, 1), speed=6),
        Combatant(id="gob", name="Goblin", side="gm", position=(4, 4), speed=6),
        Combatant(id="far", name="Far Archer", side="gm", position=(10, 6), speed=6),
        Combatant(id="ogre", name="Ogre", side="gm", position=(6, 1), size=4, speed=6),
        Combatant(id="spare", name="Spare", side="gm", position=None, speed=6),
    ]
    encounter = Encounter(old, combatants, name="Fight")
    encounter.start()
    return encounter


def _new_map() -> BattleMap:
    """8 x 6: the goblin's tile is blocked, the archer's is off it, one tile of the ogre's
    2 x 2 footprint is blocked."""
    new = BattleMap(8, 6, name="New")
    new.set_terrain((4, 4), "blocked")
    new.set_terrain((7, 2), "blocked")
    return new


def test_tokens_keep_their_tiles_where_the_new_map_has_room():
    encounter = _fight()
    round_before, phase_before = encounter.round, encounter.phase_index
    swap = MapSwap(encounter, _new_map())
    assert encounter.battle_map is swap.new_map
    positions = {cid: c.position for cid, c in encounter.combatants.items()}
    assert positions["aria"] == (1, 1)  # open ground on both maps
    assert positions["gob"] is None  # its tile is blocked now
    assert positions["far"] is None  # off the smaller map
    assert set(swap.unplaced) >= {"gob", "far"}
    assert "spare" not in swap.unplaced  # it was not on the map: nothing to place again
    assert (encounter.round, encounter.phase_index) == (round_before, phase_before)
    assert set(encounter.combatants) == {"aria", "gob", "far", "ogre", "spare"}


def test_a_large_token_needs_its_whole_footprint_free():
    encounter = _fight()
    swap = MapSwap(encounter, _new_map())
    # The ogre covers (6..7, 1..2); (7, 2) is blocked on the new map.
    assert encounter.combatants["ogre"].position is None
    assert swap.unplaced == ("gob", "far", "ogre")
    assert swap.unplaced_names() == ["Goblin", "Far Archer", "Ogre"]
    assert "to place again (no room where they stood): Goblin, Far Archer, Ogre" in swap.summary()


def test_no_two_tokens_end_on_one_tile():
    old = BattleMap(6, 6)
    encounter = Encounter(
        old,
        [
            Combatant(id="a", name="A", side="players", position=(1, 1), speed=6),
            Combatant(id="b", name="B", side="gm", position=(2, 1), speed=6),
        ],
    )
    # A map whose tiles are all free keeps both; tokens never overlapped to begin with.
    MapSwap(encounter, BattleMap(6, 6))
    assert encounter.combatants["a"].position == (1, 1)
    assert encounter.combatants["b"].position == (2, 1)


def test_the_new_map_starts_with_no_fog_and_undo_brings_the_old_fog_back():
    encounter = _fight()
    encounter.fog.hide_all()
    old_fog = encounter.fog
    swap = MapSwap(encounter, _new_map())
    assert encounter.fog is not old_fog
    assert (encounter.fog.width, encounter.fog.height) == (8, 6)
    assert encounter.fog.is_revealed((0, 0))
    swap.undo()
    assert encounter.fog is old_fog


def test_undo_and_redo_are_one_step_and_idempotent():
    encounter = _fight()
    old_map = encounter.battle_map
    before = {cid: c.position for cid, c in encounter.combatants.items()}
    swap = MapSwap(encounter, _new_map())
    after = {cid: c.position for cid, c in encounter.combatants.items()}
    swap.undo()
    swap.undo()
    assert encounter.battle_map is old_map
    assert {cid: c.position for cid, c in encounter.combatants.items()} == before
    swap.redo()
    swap.redo()
    assert {cid: c.position for cid, c in encounter.combatants.items()} == after
    assert set(swap.changed_ids) == {"gob", "far", "ogre"}
