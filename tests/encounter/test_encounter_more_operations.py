"""Falls, wounds, Crawler spells and melee engagement, NPC average hits, the drag search and
resetting a move: each at the encounter level."""

from __future__ import annotations

import pytest
from helpers.encounter_builders import fight, go_to, players_move_first, state

from drase_desktop.encounter.combatant import Combatant, Weapon
from drase_desktop.encounter.encounter import EncounterError
from drase_desktop.encounter.group_attack import group_attack_preview, resolve_group_attack
from drase_desktop.encounter.spells import resolve_spell


def test_forced_drop_reports_the_fall_and_fall_applies_ruling_24() -> None:
    e = fight()
    e.battle_map.set_elevation((5, 5), 4)
    e.move("orc", [(5, 5)], forced=True)  # placed on the ledge in Setup
    go_to(e, "gm-resolution")
    pushed = e.move("orc", [(5, 6)], forced=True).result
    assert pushed.drop == 4 and pushed.path == ((5, 5), (5, 6))
    assert "ruling 24" in list(e.log)[-1].text
    fall = e.apply_fall("orc", 4, damage_faces=[6, 6]).result
    assert (fall.prone, fall.dice) == (True, 2)
    orc = e.combatants["orc"]
    assert orc.hp == 8 and orc.has_status("prone")
    # 12 of 20 HP lost: 50% or more, one wound on every leg.
    assert orc.wounds["left leg"] == 1 and orc.wounds["right leg"] == 1
    assert orc.wounds["head"] == 0


def test_fall_into_water_and_grabbing_a_ledge() -> None:
    e = fight()
    e.battle_map.set_terrain((8, 6), "water")
    e.move("goblin", [(8, 6)], forced=True)
    splash = e.apply_fall("goblin", 4).result
    assert splash.dice == 0 and "negates" in splash.reason
    assert e.combatants["goblin"].hp == 12
    held = e.apply_fall("aldric", 10, grab="hold", grab_faces=[9]).result  # 9 + 3 beats DC 10
    assert held.held_on and not e.combatants["aldric"].has_status("prone")
    with pytest.raises(EncounterError, match="grab"):
        e.apply_fall("aldric", 10, grab="pray")


def test_wounds_add_and_heal_but_never_below_zero() -> None:
    e = fight()
    e.add_wound("mira", "Left Arm", 2)
    e.add_wound("mira", "left arm", -1)
    assert e.combatants["mira"].wounds["left arm"] == 1
    before = state(e)
    with pytest.raises(EncounterError, match="only 1"):
        e.add_wound("mira", "left arm", -2)
    assert state(e) == before


def test_crawler_spell_hits_automatically_and_saves_halve() -> None:
    e = fight("crawler")
    mage = Combatant(
        "sela",
        "Sela",
        side="players",
        is_player_character=True,
        position=(1, 6),
        hp=12,
        max_hp=12,
        attributes={"intelligence": 16},
        weapons=[Weapon("Dagger", "1d4", "pierce")],
    )
    e.add_combatant(mage)
    go_to(e, "initiative")
    e.set_initiative("players", 4)
    e.set_initiative("gm", 1)
    with pytest.raises(EncounterError, match="spells step"):
        resolve_spell(e, "sela", ["orc"], name="Fireball", damage="3d6", damage_kind="fire")
    go_to(e, "spells:players")
    dealt = resolve_spell(
        e,
        "sela",
        ["orc", "goblin"],
        name="Fireball",
        damage="3d6",
        damage_kind="fire",
        reach=12,
        save_target=12,
        half_on_save=True,
        save_faces={"orc": [15], "goblin": [3]},
        damage_faces=[4, 5, 6],
    ).result
    assert dealt == {"orc": 7, "goblin": 15}
    assert e.combatants["orc"].hp == 13 and e.combatants["goblin"].hp == -3
    with pytest.raises(EncounterError, match="attack once"):
        resolve_spell(e, "sela", ["orc"], name="Spark", damage="1d4", damage_kind="shock")
    go_to(e, "end-of-round")
    assert e.combatants["goblin"].incapacitated  # dropped when the spells step ended


def test_drase_spells_are_attacks() -> None:
    e = fight()
    go_to(e, "gm-resolution")
    with pytest.raises(EncounterError, match="resolve it as one"):
        resolve_spell(e, "mira", ["orc"], name="Spark", damage="1d4", damage_kind="shock")


def test_crawler_engaged_creature_moves_only_by_defensive_movement() -> None:
    e = fight("crawler")
    players_move_first(e)
    assert e.engaged_with("aldric") == ["goblin"]
    before = state(e)
    with pytest.raises(EncounterError, match="engaged in melee with Goblin"):
        e.move("aldric", [(1, 2)])
    assert state(e) == before
    e.move("mira", [(2, 6)])  # Mira is not in melee
    # Next round Aldric announces a fighting withdrawal: half his move (3 tiles).
    go_to(e, "defensive-declarations")
    e.declare("aldric", defensive="fighting withdrawal")
    players_move_first(e)
    assert e.movement_allowance("aldric") == 3
    with pytest.raises(EncounterError, match="3 of speed 6 left this round"):
        e.move("aldric", [(2, 2), (1, 2), (0, 2), (0, 3), (0, 4)])
    e.move("aldric", [(2, 2), (1, 2), (0, 2)])


def fight_with_three_kobolds():
    """The fight with three like slingers (kobold-0..2) in a row south of Mira."""
    e = fight()
    for n in range(3):
        e.add_combatant(
            Combatant(
                f"kobold-{n}",
                f"Kobold {n}",
                position=(4 + n, 6),
                hp=5,
                max_hp=5,
                weapons=[Weapon("Sling", "1d4", "blunt", ranged=True, reach=12)],
            )
        )
    return e


def test_npc_average_hits_ruling_25_at_the_table() -> None:
    e = fight_with_three_kobolds()
    go_to(e, "gm-action")
    for n in range(3):
        e.declare(f"kobold-{n}", actions=["attack"])
    e.advance()
    # Mira's AC 13 - attack 1 = 12: one hit per 1.5 attackers -> 2 hits of static 2 (1d4).
    total = resolve_group_attack(e, ["kobold-0", "kobold-1", "kobold-2"], "mira").result
    assert total == 4 and e.combatants["mira"].hp == 18
    entry = next(x for x in e.log if x.kind == "attack")
    assert entry.data["hits"] == 2 and entry.data["chart"] == 12
    assert all(e.declaration(f"kobold-{n}").locked for n in range(3))
    with pytest.raises(EncounterError, match="declared 'attack' 1 time"):
        resolve_group_attack(e, ["kobold-0"], "mira")


def test_ruling_25_group_attack_counts_the_maps_maluses() -> None:
    """Ruling 25 with ruling 23: a target in light obscuration gives every attacker 1 malus, so
    the chart's r rises by 3, as a single attack at it would roll 1 malus die."""
    e = fight_with_three_kobolds()
    e.battle_map.set_obscuration((2, 4), "light")  # Mira's tile
    go_to(e, "gm-action")
    for n in range(3):
        e.declare(f"kobold-{n}", actions=["attack"])
    e.advance()
    # AC 13 - attack 1 = 12, +3 for the attackers' malus = 15: one hit per 3 attackers.
    total = resolve_group_attack(e, ["kobold-0", "kobold-1", "kobold-2"], "mira").result
    entry = next(x for x in e.log if x.kind == "attack")
    assert entry.data["chart"] == 15 and entry.data["hits"] == 1
    assert total == 2 and "light obscuration" in entry.text


def test_ruling_25_the_group_preview_takes_the_gms_dice_by_name_and_refuses_bad_ones() -> None:
    e = fight_with_three_kobolds()
    # One defender bonus raises r by 3: AC 13 - attack 1 + 3 = 15, one hit per 3 attackers.
    preview = group_attack_preview(e, ["kobold-0"], "mira", defender_bonuses=1)
    assert (preview.chart, preview.hits) == (15, 1)
    with pytest.raises(EncounterError, match="defender maluses must be a count of 0 or more"):
        group_attack_preview(e, ["kobold-0"], "mira", defender_maluses=-1)
    with pytest.raises(TypeError, match="defender_malus"):
        group_attack_preview(e, ["kobold-0"], "mira", defender_malus=1)


def test_movement_search_matches_the_move_check() -> None:
    e = fight()
    go_to(e, "gm-end-resolution")
    search = e.movement_search("orc")
    assert search.cost((6, 4)) == 0
    assert search.why_not((0, 4)) is not None  # 6 tiles, then into Mira's neighbour? too far
    reachable = search.reachable
    tile = max(reachable, key=lambda t: reachable[t])
    e.move("orc", [tile])
    assert e.movement_allowance("orc") == 6 - reachable[tile]


def test_reset_move_returns_to_the_round_start() -> None:
    e = fight()
    go_to(e, "gm-end-resolution")
    e.move("orc", [(6, 4), (6, 5)])
    e.move("orc", [(6, 5), (6, 6)])
    assert e.round_start_position("orc") == (6, 4)
    e.reset_move("orc")
    assert e.combatants["orc"].position == (6, 4)
    assert e.movement_allowance("orc") == 6
    with pytest.raises(EncounterError, match="has not moved"):
        e.reset_move("goblin")


def test_crawler_fighting_withdrawal_needs_room_behind() -> None:
    e = fight("crawler")
    # Aldric at (2, 2) in melee with the goblin at (3, 2): backing west is open.
    e.advance()
    assert not e.blocked_behind("aldric")
    e.declare("aldric", defensive="fighting withdrawal")
    # Wall him in: blocked tiles behind him (x = 1) leave no step away from the goblin.
    for y in (1, 2, 3):
        e.battle_map.set_terrain((1, y), "blocked")
    assert e.blocked_behind("aldric")
    before = state(e)
    with pytest.raises(EncounterError, match="not possible with creatures or terrain behind"):
        e.declare("aldric", defensive="fighting withdrawal")
    assert state(e) == before
    e.declare("aldric", defensive="retreat")
