"""Every number the map shows comes from the function the operation uses: the hover's range,
height, cover and obscuration (the core's target preview) are the attack's; the reach overlay
and the drag's move check are the encounter's movement search, and a move the check allows is
one the encounter makes. Compared over many random maps, positions, sizes and heights."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from drase_desktop.board.battle_map import BattleMap
from drase_desktop.encounter import geometry
from drase_desktop.encounter.attack_preview import attack_preview
from drase_desktop.encounter.combatant import Combatant, Weapon
from drase_desktop.encounter.encounter import Encounter
from drase_desktop.encounter.move_check import MoveRefusalKind, move_check
from drase_desktop.encounter.target_preview import target_preview

SIDE = 12
SIZES = (1, 2, 3, 4, 5, 6)  # tiny .. gargantuan: footprints 1, 1, 1, 2, 3, 4


def _random_fight(seed: int) -> Encounter:
    rng = random.Random(seed)
    battle_map = BattleMap(SIDE, SIDE)
    for y in range(SIDE):
        for x in range(SIDE):
            battle_map.set_elevation((x, y), rng.choice((0, 0, 1, 2, 3, 4)))
            if rng.random() < 0.08:
                battle_map.set_cover((x, y), rng.choice(("half", "three-quarter", "full")))
            if rng.random() < 0.08:
                battle_map.set_obscuration((x, y), rng.choice(("light", "heavy")))
    weapons = [
        Weapon("Spear", "1d6", "pierce", reach=2),
        Weapon("Bow", "1d6", "pierce", ranged=True, reach=30),
    ]
    creatures = []
    taken: set[tuple[int, int]] = set()
    for number, side in enumerate(("players", "gm", "gm", "players")):
        for _ in range(200):
            size = rng.choice(SIZES)
            probe = Combatant(f"c{number}", f"C{number}", side, size=size, position=(0, 0))
            n = probe.footprint
            position = (rng.randrange(SIDE - n + 1), rng.randrange(SIDE - n + 1))
            tiles = {(position[0] + i, position[1] + j) for i in range(n) for j in range(n)}
            if not tiles & taken:
                taken |= tiles
                creatures.append(
                    Combatant(
                        f"c{number}",
                        f"C{number}",
                        side,
                        size=size,
                        position=position,
                        speed=rng.randint(2, 8),
                        weapons=weapons,
                    )
                )
                break
    encounter = Encounter(battle_map, creatures, rng=random.Random(seed))
    encounter.set_diagonal_rule(rng.choice(("double", "circle")))
    encounter.advance()  # round 1: moves are priced
    return encounter


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**9))
def test_the_hover_shows_the_attacks_range_height_and_cover(seed: int) -> None:
    encounter = _random_fight(seed)
    people = list(encounter.combatants.values())
    for attacker in people:
        for target in people:
            if attacker is target:
                continue
            hover = target_preview(encounter, attacker.id, target.id)
            for weapon in attacker.weapons:
                situation = geometry.attack_situation(
                    encounter, attacker, target, weapon, reaction=True
                )
                assert situation.measure is not None
                shown = hover.ranged_distance if weapon.ranged else hover.distance
                assert shown == situation.distance
                shown_cover = hover.cover_ranged if weapon.ranged else hover.cover_melee
                traced = geometry.cover_between(encounter, attacker, target, ranged=weapon.ranged)
                assert shown_cover == traced.level
                assert hover.obscuration == situation.obscuration
                # "Height: n tiles below, +1 bonus" exactly when the attack takes the bonus.
                below = hover.height_difference < 0
                assert below == situation.lower_target
                preview = attack_preview(encounter, attacker.id, target.id, weapon=weapon.name)
                if preview.working is not None:
                    labels = [p.label for p in preview.working.parts]
                    assert ("target is lower" in labels) == below
                    if shown_cover in ("half", "three-quarter"):
                        assert f"{shown_cover} cover" in labels
                    assert preview.working.maluses >= hover.maluses
                elif "cover" in preview.blocked:
                    assert shown_cover in ("full", "embrasure")


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**9))
def test_the_reach_overlay_and_the_move_check_are_the_moves_own(seed: int) -> None:
    encounter = _random_fight(seed)
    for mover in encounter.combatants.values():
        checked = encounter.movement_search(mover.id)
        n = mover.footprint
        covered = {(x + i, y + j) for x, y in checked.reachable for i in range(n) for j in range(n)}
        assert geometry.reachable_tiles(encounter, mover) == covered
        for y in range(SIDE):
            for x in range(SIDE):
                tile = (x, y)
                check = move_check(encounter, mover.id, tile)
                if tile in checked.reachable:
                    # The drag label prices the tile as the move will, and finds it legal.
                    assert check.cost == checked.reachable[tile] and check.allowed
                else:
                    assert not check.allowed
                # The encounter makes exactly the moves the check allows, at its price.
                try:
                    change = encounter.move(mover.id, [tile])
                except ValueError as error:
                    assert not check.allowed and str(error).startswith(check.refusal.reason)
                else:
                    assert check.allowed and change.result.cost == check.cost
                    change.undo()


def test_ruling_27_the_drag_label_prices_the_second_drag_as_part_of_the_rounds_move() -> None:
    from helpers.encounter_builders import fight, go_to

    e = fight()
    e.move("orc", [(0, 7)])
    go_to(e, "player-phase")
    e.move("aldric", [(2, 2), (3, 3)])
    aldric = e.combatants["aldric"]
    # The round's second diagonal costs 2, as the move will charge.
    assert move_check(e, "aldric", (4, 4)).cost == 2
    assert move_check(e, "aldric", (5, 5)).cost == 3
    e.set_diagonal_rule("circle")
    e.reset_move("aldric")
    e.move("aldric", [(2, 2), (3, 3), (4, 4), (5, 5)])
    # Speed 6 round (2, 2): (8, 5) is 6.7 away though 3 king moves from (5, 5).
    refusal = move_check(e, "aldric", (8, 5)).refusal
    assert refusal is not None and refusal.kind is MoveRefusalKind.OUTSIDE_CIRCLE
    assert (8, 5) not in geometry.reachable_tiles(e, aldric)
