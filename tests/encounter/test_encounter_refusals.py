"""Bad input is refused with a ValueError whose message says what is wrong, and the encounter
is left exactly as it was."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from helpers.encounter_builders import fight, go_to, state

from drase_desktop.encounter.combatant import Combatant, CombatantError, Weapon
from drase_desktop.encounter.encounter import Encounter


def _player_phase(e: Encounter) -> None:
    go_to(e, "player-phase")


def _gm_resolution(e: Encounter) -> None:
    go_to(e, "player-phase")
    e.declare("aldric", actions=["attack"])
    e.declare("mira", actions=["attack"])
    e.advance()


CASES: list[tuple[str, Callable[[Encounter], None], Callable[[Encounter], object], str]] = [
    ("unknown combatant", _player_phase, lambda e: e.declare("nobody"), "No combatant"),
    ("unknown action", _player_phase, lambda e: e.declare("aldric", actions=["juggle"]), "juggle"),
    (
        "second full action",
        _player_phase,
        lambda e: e.declare("aldric", actions=["cast (full)", "full-round action"]),
        "full action",
    ),
    (
        "full and half",
        _player_phase,
        lambda e: e.declare("aldric", actions=["cast (full)", "attack"]),
        "full action",
    ),
    (
        "three half actions",
        _player_phase,
        lambda e: e.declare("aldric", actions=["attack", "attack", "dash"]),
        "third half action",
    ),
    (
        "reaction that is not one",
        _player_phase,
        lambda e: e.declare("aldric", reaction="dash"),
        "not a reaction",
    ),
    (
        "too much movement",
        _player_phase,
        lambda e: e.declare("aldric", actions=["attack"], movement=9),
        "speed",
    ),
    (
        "GM creature in the player phase",
        _player_phase,
        lambda e: e.declare("orc", actions=["attack"]),
        "cannot declare",
    ),
    (
        "attack before the fight",
        lambda e: None,
        lambda e: e.resolve_attack("aldric", "goblin"),
        "Start the fight",
    ),
    ("second start", _player_phase, lambda e: e.start(), "already started"),
    ("malformed damage", lambda e: None, lambda e: e.apply_damage("orc", "2d", "cut"), "2d"),
    ("unknown damage type", lambda e: None, lambda e: e.apply_damage("orc", 3, "zap"), "zap"),
    ("negative damage", lambda e: None, lambda e: e.apply_damage("orc", -3, "cut"), "negative"),
    ("unknown status", lambda e: None, lambda e: e.apply_status("orc", "sparkly"), "sparkly"),
    ("missing status", lambda e: None, lambda e: e.remove_status("orc", "prone"), "prone"),
    (
        "occupied tile",
        lambda e: None,
        lambda e: e.move("orc", [(2, 2)], forced=True),
        "Aldric is there",
    ),
    (
        "off the map",
        lambda e: None,
        lambda e: e.move("orc", [(40, 2)], forced=True),
        "cannot leave the map",
    ),
    (
        "through an enemy",
        _gm_resolution,
        lambda e: e.move("aldric", [(2, 2), (3, 2), (4, 2)]),
        "enemy",
    ),
    (
        "beyond speed",
        _gm_resolution,
        lambda e: e.move("aldric", [(9, 7)]),
        "Too far",
    ),
    (
        "out of reach",
        _gm_resolution,
        lambda e: e.resolve_attack("aldric", "orc", attack_faces=[15]),
        "reaches",
    ),
    (
        "unknown weapon",
        _gm_resolution,
        lambda e: e.resolve_attack("aldric", "goblin", weapon="Halberd"),
        "no weapon",
    ),
    (
        "impossible face",
        _gm_resolution,
        lambda e: e.resolve_attack("aldric", "goblin", attack_faces=[21]),
        "d20",
    ),
    (
        "attack itself",
        _gm_resolution,
        lambda e: e.resolve_attack("aldric", "aldric"),
        "itself",
    ),
    (
        "non-lethal magic",
        _gm_resolution,
        lambda e: (
            e.update_combatant("aldric", weapons=[Weapon("Shock", "1d8", "shock")]).redo()
            or e.resolve_attack("aldric", "goblin", non_lethal=True, attack_faces=[15])
        ),
        "non-lethal",
    ),
    (
        "crawler initiative outside its phase",
        _player_phase,
        lambda e: e.set_initiative("gm", 3),
        "Initiative",
    ),
    (
        "defense twice",
        _player_phase,
        lambda e: (e.roll_defense("aldric"), e.roll_defense("aldric")),
        "already rolled",
    ),
    ("bad diagonal", lambda e: None, lambda e: e.set_diagonal_rule("hex"), "double"),
    ("bad ruleset", lambda e: None, lambda e: e.set_ruleset("gurps"), "gurps"),
    ("ruleset mid-fight", _player_phase, lambda e: e.set_ruleset("crawler"), "before the fight"),
    ("duplicate id", lambda e: None, lambda e: e.add_combatant(Combatant("orc", "Orc 2")), "orc"),
    ("edit position", lambda e: None, lambda e: e.update_combatant("orc", hp=3), "set_hp"),
    ("bad edit", lambda e: None, lambda e: e.update_combatant("orc", size=9), "size"),
    ("empty note", lambda e: None, lambda e: e.note("  "), "text"),
]


@pytest.mark.parametrize("name", [case[0] for case in CASES])
def test_bad_input_is_refused_and_changes_nothing(name: str) -> None:
    _, prepare, act, message = next(case for case in CASES if case[0] == name)
    e = fight()
    prepare(e)
    before = state(e)
    with pytest.raises(ValueError, match=message):
        act(e)
    if name == "non-lethal magic":
        return  # the weapon edit before the refused attack is a change of its own
    if name == "defense twice":
        return  # the first roll was legal
    assert state(e) == before


def test_defense_twice_leaves_the_first_roll() -> None:
    e = fight()
    go_to(e, "player-phase")
    e.roll_defense("aldric", bonuses=1)
    before = state(e)
    with pytest.raises(ValueError, match="already rolled"):
        e.roll_defense("aldric")
    assert state(e) == before


def test_malformed_weapon_is_refused_when_built() -> None:
    with pytest.raises(CombatantError, match="damage"):
        Weapon("Bad", "1dd6", "cut")
    with pytest.raises(CombatantError, match="save"):
        Weapon("Bad", "1d6", "cut", save="luck")


def test_objects_are_immune_to_psychic_and_poison() -> None:
    e = fight()
    door = Combatant(
        "door",
        "Oak door",
        side="scenery",
        position=(9, 0),
        hp=20,
        max_hp=20,
        ac_bonus=5,
        is_object=True,
        resistances={"pierce": 1},
    )
    e.add_combatant(door)
    assert e.apply_damage("door", 10, "psychic").result == 0
    assert e.apply_damage("door", 10, "poison").result == 0
    assert e.apply_damage("door", 10, "pierce").result == 5
    assert e.combatants["door"].hp == 15
    assert "objects are immune" in [x.text for x in e.log if x.kind == "damage"][0]
