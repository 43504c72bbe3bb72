"""The stable names of the project's API notes keep working wherever their files move: the
headless core's functions, the encounter's scripting surface importable from the package itself,
and the window's handles (objectNames) that tests and scripts find."""

from __future__ import annotations

import inspect

from drase_desktop import encounter as encounter_package
from drase_desktop.board import (
    BattleMap,
    MapFileError,
    cover,
    distance,
    find_path,
    load_map,
    movement_range,
    save_map,
)
from drase_desktop.rules import attack, character, damage, dice, falls, npc
from drase_desktop.storage import import_uvtt

SCRIPTING_NAMES = (
    "Combatant",
    "Weapon",
    "EncounterSettings",
    "Encounter",
    "attack_preview",
    "ability_check",
    "perception_check",
    "stealth_working",
)
OPERATIONS = (
    "advance",
    "declare",
    "move",
    "roll_defense",
    "resolve_attack",
    "apply_damage",
    "apply_fall",
    "apply_status",
    "set_surprised",
)
WINDOW_NAMES = (
    "mapView",
    "combatantsDock",
    "combatantsTable",
    "phaseDock",
    "declarationDock",
    "declarationDeclareButton",
    "logDock",
    "inspectorDock",
    "attackDock",
    "attackTarget",
    "attackWeapon",
    "attackRollButton",
    "attackTableDiceButton",
)


def test_the_rules_functions_are_where_the_notes_say() -> None:
    for module, names in (
        (dice, ("DiceError", "roll", "Roll", "maximum", "minimum", "bonus_malus")),
        (character, ("ATTRIBUTES", "attribute_modifier", "level_bonus", "point_buy_errors")),
        (attack, ("target_number", "save_target", "judge", "hit_chance")),
        (damage, ("DAMAGE_TYPES", "PHYSICAL", "CRITICAL_EFFECT", "adjust")),
        (npc, ("average_hits",)),
        (falls, ("fall",)),
    ):
        missing = [name for name in names if not hasattr(module, name)]
        assert missing == [], module.__name__
    assert issubclass(dice.DiceError, ValueError)
    assert issubclass(MapFileError, ValueError)
    assert all(callable(f) for f in (cover, distance, find_path, load_map, movement_range))
    assert callable(save_map) and callable(import_uvtt)


def test_the_scripting_surface_is_importable_from_the_encounter_package() -> None:
    for name in SCRIPTING_NAMES:
        assert name in encounter_package.__all__
        assert getattr(encounter_package, name) is not None
    Combatant = encounter_package.Combatant
    Encounter = encounter_package.Encounter
    settings = encounter_package.EncounterSettings(diagonal="double", third_party_turn=False)
    fighter = Combatant("a", "Aria", "players", position=(0, 0), hp=8, max_hp=8)
    fight = Encounter(BattleMap(6, 6), [fighter], "drase", settings=settings)
    assert fight.round == 0 and fight.phase.key and fight.phases
    assert list(fight.combatants) == ["a"] and fight.log is not None
    missing = [name for name in OPERATIONS if not callable(getattr(fight, name, None))]
    assert missing == []
    assert "weapon" in inspect.signature(encounter_package.attack_preview).parameters


def test_the_scripting_keywords_of_rulings_47_and_48_and_the_faces_keep_their_names() -> None:
    def keywords(function) -> set[str]:
        return set(inspect.signature(function).parameters)

    assert {"bonuses", "stealth_bonus", "career"} <= keywords(encounter_package.stealth_working)
    assert {
        "hider_id",
        "dc",
        "career",
        "perception_bonus",
        "bonuses",
        "maluses",
        "stealth_bonuses",
        "perception_faces",
        "stealth_faces",
    } <= keywords(encounter_package.perception_check)
    assert "cover" in keywords(encounter_package.attack_preview)
    resolve = encounter_package.Encounter.resolve_attack
    assert {"cover", "attack_faces", "damage_faces", "dice"} <= keywords(resolve)
    assert {"faces", "dice"} <= keywords(encounter_package.ability_check)


def test_the_window_handles_keep_their_object_names(qtbot) -> None:
    from PySide6.QtWidgets import QWidget

    from drase_desktop.app import create_main_window

    window = create_main_window()
    qtbot.addWidget(window)
    window.show()
    found = {widget.objectName() for widget in window.findChildren(QWidget)}
    assert [name for name in WINDOW_NAMES if name not in found] == []
