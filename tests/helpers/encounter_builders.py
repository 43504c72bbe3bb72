"""Small fights for the encounter tests: an open map, two adventurers, a goblin and an orc."""

from __future__ import annotations

import random
from typing import Any

from drase_desktop.board.battle_map import BattleMap
from drase_desktop.encounter.change import Change
from drase_desktop.encounter.combatant import Combatant, Weapon
from drase_desktop.encounter.encounter import Encounter
from drase_desktop.rules.character import attribute_scores
from drase_desktop.storage.encounter_file import encounter_to_dict


def creature(
    id: str,
    name: str,
    side: str,
    position: tuple[int, int] | None,
    hp: int,
    weapons: list[Weapon] | None = None,
    **more: Any,
) -> Combatant:
    """A creature at full HP, a player character when it stands on the players' side."""
    return Combatant(
        id=id,
        name=name,
        side=side,
        is_player_character=side == "players",
        position=position,
        hp=hp,
        max_hp=hp,
        weapons=weapons or [],
        **more,
    )


def aldric(position: tuple[int, int] | None = (2, 2)) -> Combatant:
    # Power 16 (+3) and level 3 (bonus 2): attacks at 1d20 + 5; AC 14.
    longsword = Weapon("Longsword", "1d8", "cut")
    return creature(
        "aldric", "Aldric", "players", position, 30, [longsword],
        speed=6, attributes=attribute_scores(power=16), level=3, ac_bonus=4,
    )  # fmt: skip


def mira(position: tuple[int, int] | None = (2, 4)) -> Combatant:
    # Finesse 16 (+3), level 3 (+2): rapier and shortbow at 1d20 + 5; AC 13.
    rapier = Weapon("Rapier", "1d6", "pierce", finesse=True)
    shortbow = Weapon("Shortbow", "1d6", "pierce", finesse=True, ranged=True, reach=16)
    return creature(
        "mira", "Mira", "players", position, 22, [rapier, shortbow],
        speed=7, attributes=attribute_scores(power=9, finesse=16), level=3, ac_bonus=3,
    )  # fmt: skip


def goblin(position: tuple[int, int] | None = (3, 2)) -> Combatant:
    # Attacks at 1d20 + 1 (level 1); AC 12.
    spear = Weapon("Spear", "1d6", "pierce")
    return creature(
        "goblin", "Goblin", "gm", position, 12, [spear], size=2, speed=6, ac_bonus=2, morale=7
    )


def orc(position: tuple[int, int] | None = (6, 4)) -> Combatant:
    # Power 16 (+3), level 1 (+1): greataxe at 1d20 + 4; AC 13.
    greataxe = Weapon("Greataxe", "1d12", "cut")
    return creature(
        "orc", "Orc", "gm", position, 20, [greataxe],
        speed=6, attributes=attribute_scores(power=16), ac_bonus=3, morale=8,
    )  # fmt: skip


def fight(ruleset: str = "drase", seed: int = 7, width: int = 10, height: int = 8) -> Encounter:
    return Encounter(
        BattleMap(width, height, name="Test field"),
        [aldric(), mira(), goblin(), orc()],
        ruleset,
        name="Test fight",
        rng=random.Random(seed),
    )


def moving_fight(diagonal: str = "double") -> Encounter:
    """The fight in round 1's Player Phase under `diagonal`, the orc placed out of the way."""
    e = fight()
    e.set_diagonal_rule(diagonal)
    e.move("orc", [(0, 7)])  # placing, in Setup
    go_to(e, "player-phase")
    return e


def players_move_first(encounter: Encounter) -> None:
    """Crawler: on to the next initiative, the players winning it 5 to 2, and their movement
    step."""
    go_to(encounter, "initiative")
    encounter.set_initiative("players", 5)
    encounter.set_initiative("gm", 2)
    go_to(encounter, "movement:players")


def state(encounter: Encounter) -> dict[str, Any]:
    """Everything an encounter file keeps: two equal states are the same encounter."""
    return encounter_to_dict(encounter)


def assert_one_undo_step(encounter: Encounter, change: Change, before: dict[str, Any]) -> Any:
    """`change`, just made on the state `before`, undone gives `before` back and redone the state
    it made (returned)."""
    after = state(encounter)
    change.undo()
    assert state(encounter) == before
    change.redo()
    assert state(encounter) == after
    return after


def go_to(encounter: Encounter, phase_key: str) -> None:
    """Advance until the phase with `phase_key` (at most two rounds ahead)."""
    for _ in range(40):
        if encounter.round > 0 and encounter.phase.key == phase_key:
            return
        encounter.advance()
    raise AssertionError(f"never reached {phase_key}")


def to_players_missile_step(encounter: Encounter) -> Encounter:
    """A Crawler fight walked to the players' missile step, the players' initiative first."""
    encounter.advance()  # defensive declarations
    encounter.advance()  # initiative
    for side in encounter.round_state.initiative:
        encounter.set_initiative(side, 6 if side == "players" else 1)
    while not (encounter.phase.step == "missile" and "players" in encounter.phase.sides):
        encounter.advance()
    return encounter


def random_operation(e: Encounter, rng: random.Random) -> Change | None:
    """One random operation (a refusal returns None), for the property tests."""
    ids = list(e.combatants)
    cid = rng.choice(ids)
    pick = rng.randrange(11)
    try:
        if pick == 0:
            return e.apply_damage(cid, rng.randint(0, 12), rng.choice(["cut", "fire", "poison"]))
        if pick == 1:
            return e.heal(cid, rng.randint(0, 8))
        if pick == 2:
            return e.apply_status(cid, rng.choice(["bleeding", "slowed", "prone"]))
        if pick == 3:
            return e.advance()
        if pick == 4:
            x, y = rng.randrange(10), rng.randrange(8)
            return e.move(cid, [(x, y)], forced=True)
        if pick == 5:
            return e.set_hp(cid, rng.randint(-5, 30))
        if pick == 6:
            actions = rng.choice([["attack"], ["attack", "attack"], ["dash", "attack"], []])
            if e.ruleset.declares_actions:
                return e.declare(cid, actions=actions, movement=rng.choice([None, 3]))
            return e.declare(cid, defensive=rng.choice([None, "retreat", "fighting withdrawal"]))
        if pick == 7:
            return e.roll_defense(cid, bonuses=rng.randint(0, 2), maluses=rng.randint(0, 1))
        if pick == 8:
            target = rng.choice(ids)
            return e.resolve_attack(cid, target, attack_faces=[rng.randint(1, 20)])
        if pick == 9:
            x, y = rng.randrange(10), rng.randrange(8)
            return e.move(cid, [(x, y)])
        return e.add_combatant(
            Combatant(
                f"extra-{len(e.log)}",
                "Extra",
                position=None,
                weapons=[Weapon("Club", "1d4", "blunt")],
            )
        )
    except ValueError:
        return None
