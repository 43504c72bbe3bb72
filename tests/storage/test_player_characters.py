"""The ready player characters shipped with the library: several archetypes at a few levels,
each a player character of the players' side, legal by the point buy of ruling 5, with the
weapons and spells its archetype fights with; the library lists them first."""

from __future__ import annotations

from collections import defaultdict

import pytest

from drase_desktop.encounter.creature_template import PLAYER_CHARACTERS, CreatureTemplate
from drase_desktop.rules.character import point_buy_errors
from drase_desktop.storage.creature_library import (
    CreatureLibrary,
    starter_bestiary,
    starter_player_characters,
)

READY = starter_player_characters()


def _archetype(template: CreatureTemplate) -> str:
    return template.name.rsplit(" ", 1)[0]


@pytest.mark.parametrize("template", READY, ids=lambda t: t.name)
def test_ruling_5_every_ready_player_character_is_legal_by_point_buy(
    template: CreatureTemplate,
) -> None:
    creature = template.creature
    assert point_buy_errors(creature.attributes) == [], creature.attributes
    assert creature.is_player_character and creature.side == "players"
    assert template.group == PLAYER_CHARACTERS
    assert creature.weapons, f"{template.name} has nothing to fight with"
    assert f"level {creature.level}" in template.description


def test_several_archetypes_each_at_a_few_levels() -> None:
    levels: dict[str, set[int]] = defaultdict(set)
    for template in READY:
        levels[_archetype(template)].add(template.creature.level)
    assert len(levels) >= 4, sorted(levels)
    for archetype, found in levels.items():
        assert len(found) >= 3, (archetype, found)
    # A name says the level the numbers are for, and never ends in a bare number (that reads
    # as a numbered copy: "Fighter 3" would file a placed copy under "Fighter").
    for template in READY:
        assert template.name.endswith(f"L{template.creature.level}")


def test_casters_carry_attack_spells_and_fighters_weapons_of_their_attribute() -> None:
    """Ruling 41: a spell names the attribute it rolls (Intelligence when none); a weapon rolls
    Power, or Finesse when it allows it. Each archetype's main attack rolls its best score."""
    for template in READY:
        creature = template.creature
        best = max(creature.attributes.values())
        main = creature.weapons[0]
        attribute, _why = creature.attack_attribute(main)
        rolled = creature.attributes[attribute]
        spells = [w for w in creature.weapons if w.spell]
        if spells:
            spell_attribute, _ = creature.attack_attribute(spells[0])
            assert creature.attributes[spell_attribute] == best, template.name
            assert creature.max_mana > 0, f"{template.name} casts with no mana"
        else:
            assert rolled == best, (template.name, attribute)


def test_a_higher_level_is_tougher_with_the_same_legal_scores() -> None:
    by_archetype: dict[str, list[CreatureTemplate]] = defaultdict(list)
    for template in READY:
        by_archetype[_archetype(template)].append(template)
    for templates in by_archetype.values():
        ordered = sorted(templates, key=lambda t: t.creature.level)
        hps = [t.creature.max_hp for t in ordered]
        assert hps == sorted(hps) and len(set(hps)) == len(hps)
        assert len({tuple(t.creature.attributes.items()) for t in ordered}) == 1


def test_the_library_offers_them_first_beside_the_bestiary(tmp_path) -> None:
    library = CreatureLibrary.open(tmp_path / "library.json")
    grouped = library.grouped()
    assert list(grouped)[0] == PLAYER_CHARACTERS
    assert {t.name for t in grouped[PLAYER_CHARACTERS]} == {t.name for t in READY}
    shipped = {t.key for t in library.templates()}
    assert {t.key for t in starter_bestiary()} <= shipped
    assert len(shipped) == len(READY) + len(starter_bestiary())
