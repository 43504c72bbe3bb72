"""The tiles of the other creatures a movement search is given: kept while no creature came,
went, moved or changed side or size, and always what a fresh listing gives."""

from __future__ import annotations

from dataclasses import replace

import pytest
from helpers.encounter_builders import fight, goblin

from drase_desktop.encounter import geometry
from drase_desktop.encounter.combatant import Combatant, Position
from drase_desktop.encounter.encounter import Encounter


def listed_afresh(
    encounter: Encounter, mover: Combatant
) -> tuple[frozenset[Position], frozenset[Position]]:
    enemies: list[Position] = []
    allies: list[Position] = []
    for other in encounter.combatants.values():
        if other.id != mover.id and other.position is not None:
            (allies if other.side == mover.side else enemies).extend(other.tiles())
    return frozenset(enemies), frozenset(allies)


def tiles_listed(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The ids whose tiles are listed from now on."""
    listed: list[str] = []
    tiles = Combatant.tiles

    def counted(self: Combatant) -> list[Position]:
        listed.append(self.id)
        return tiles(self)

    monkeypatch.setattr(Combatant, "tiles", counted)
    return listed


def test_the_same_question_on_an_unchanged_fight_lists_no_tiles(monkeypatch) -> None:
    e = fight()
    mover = e.combatants["aldric"]
    first = geometry.others(e, mover)
    listed = tiles_listed(monkeypatch)
    e.set_hp("orc", 1)  # what the search does not read
    again = geometry.others(e, mover)
    assert listed == [] and again == first == listed_afresh(e, mover)
    # The kept answer is frozen: no caller can change what the next one gets.
    assert isinstance(again[0], frozenset) and isinstance(again[1], frozenset)


@pytest.mark.parametrize(
    "change",
    [
        pytest.param(lambda e: e.move("orc", [(7, 4)], forced=True), id="a move"),
        pytest.param(lambda e: e.set_hp("goblin", 0), id="a kill"),
        pytest.param(
            lambda e: e.add_combatant(replace(goblin((8, 6)), id="goblin2", name="Goblin 2")),
            id="an arrival",
        ),
        pytest.param(lambda e: e.remove_combatant("mira"), id="a departure"),
        pytest.param(lambda e: setattr(e.combatants["orc"], "size", 4), id="a new size"),
        pytest.param(lambda e: setattr(e.combatants["goblin"], "side", "players"), id="a new side"),
        pytest.param(lambda e: setattr(e.combatants["orc"], "position", None), id="off the map"),
    ],
)
def test_a_change_of_the_others_lists_them_afresh(change) -> None:
    e = fight()
    for mover_id in ("aldric", "orc"):
        geometry.others(e, e.combatants[mover_id])
    change(e)
    for mover_id in ("aldric", "orc"):
        mover = e.combatants.get(mover_id)
        if mover is not None:
            assert geometry.others(e, mover) == listed_afresh(e, mover)


def test_another_encounter_with_other_creatures_gets_its_own_answer() -> None:
    e, other = fight(), fight()
    other.move("goblin", [(5, 5)], forced=True)
    assert geometry.others(e, e.combatants["aldric"]) == listed_afresh(e, e.combatants["aldric"])
    mover = other.combatants["aldric"]
    assert geometry.others(other, mover) == listed_afresh(other, mover)
