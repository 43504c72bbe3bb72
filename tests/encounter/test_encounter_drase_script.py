"""Three full Drase rounds, scripted: the players' dice are entered as rolled at the table, the
rest (defense, damage over time) come from a seeded RNG. HP, statuses, durations and the log are
checked after every phase."""

from __future__ import annotations

from helpers.encounter_builders import fight

from drase_desktop.encounter.encounter import Encounter, EncounterError


def statuses(encounter: Encounter, cid: str) -> list[tuple[str, int | None, int]]:
    return [(s.name, s.remaining, s.applied_round) for s in encounter.combatants[cid].statuses]


def hp(encounter: Encounter, cid: str) -> int:
    return encounter.combatants[cid].hp


def entries_since(encounter: Encounter, start: int) -> list:
    return list(encounter.log)[start:]


def test_three_drase_rounds_scripted() -> None:
    e = fight("drase", seed=11)
    assert e.phase.key == "setup"

    # ---------------------------------------------------------------- round 1
    e.advance()
    assert (e.round, e.phase.key, e.clock_text) == (1, "player-phase", "Round 1 (0-10 s)")
    e.declare("aldric", actions=["attack", "attack"])
    e.declare("mira", actions=["attack", "dash"], movement=10)
    mark = len(e.log)
    e.roll_defense("aldric", bonuses=1)
    defense = e.defense("aldric")
    assert 1 <= defense <= 6
    assert e.declaration("aldric").locked
    assert [x.kind for x in entries_since(e, mark)] == ["roll", "lock"]
    assert all((x.round, x.phase) == (1, "player-phase") for x in entries_since(e, mark))

    e.advance()
    assert e.phase.key == "gm-resolution"
    mark = len(e.log)
    # Natural 20: 25 against AC 12 is a critical; a PC's crit maximises: 8 + 3 = 11 (ruling 8).
    result = e.resolve_attack("aldric", "goblin", attack_faces=[20]).result
    assert (result.total, result.target_number, result.hit, result.critical) == (25, 12, True, True)
    assert (result.damage_dealt, result.status_applied) == (11, "bleeding")
    assert hp(e, "goblin") == 1
    assert statuses(e, "goblin") == [("bleeding", 1, 1)]
    miss = e.resolve_attack("aldric", "goblin", attack_faces=[3]).result
    assert (miss.total, miss.hit) == (8, False)
    # Shortbow: 15 + 3 + 2 = 20 against AC 13: a hit, not a critical (needs 23).
    shot = e.resolve_attack("mira", "orc", weapon="shortbow", attack_faces=[15], damage_faces=[4])
    assert (shot.result.hit, shot.result.critical, shot.result.damage_dealt) == (True, False, 7)
    assert hp(e, "orc") == 13
    kinds = [x.kind for x in entries_since(e, mark)]
    assert kinds.count("attack") == 3 and kinds.count("damage") == 2
    assert kinds.count("lock") == 1  # Mira's first roll locks her; Aldric was locked already
    assert all(x.phase == "gm-resolution" for x in entries_since(e, mark))

    e.advance()
    assert e.phase.key == "player-tickdown"
    assert not any(c.incapacitated for c in e.combatants.values())
    assert statuses(e, "goblin") == [("bleeding", 1, 1)]  # GM side: not ticked here

    e.advance()
    assert e.phase.key == "gm-action"
    e.declare("goblin", actions=["attack"])
    e.declare("orc", actions=["attack"], movement=3)
    e.roll_defense("orc", maluses=1)
    assert -6 <= e.defense("orc") <= -1

    e.advance()
    assert e.phase.key == "gm-end-resolution"
    # The goblin's bleeding was applied this round: no damage over time yet.
    assert hp(e, "goblin") == 1
    goblin_attack = e.resolve_attack("goblin", "aldric", attack_faces=[10]).result
    assert goblin_attack.target_number == 14 + defense and not goblin_attack.hit
    e.move("orc", [(6, 4), (5, 4), (4, 4), (3, 4)])
    assert e.combatants["orc"].position == (3, 4)
    assert e.declaration("orc").moved == 3
    axe = e.resolve_attack("orc", "mira", attack_faces=[18], damage_faces=[12]).result
    assert (axe.total, axe.hit, axe.critical, axe.damage_dealt) == (22, True, False, 15)
    assert hp(e, "mira") == 7

    e.advance()
    assert e.phase.key == "gm-tickdown"
    assert statuses(e, "goblin") == [("bleeding", 1, 1)]  # applied this round: no tick

    # ---------------------------------------------------------------- round 2
    e.advance()
    assert (e.round, e.phase.key, e.elapsed_seconds) == (2, "player-phase", 10)
    assert e.round_state.declarations == {} and e.round_state.defense == {}
    e.declare("aldric", actions=["attack"])
    e.declare("mira", actions=["attack"])

    e.advance()
    hit = e.resolve_attack("aldric", "goblin", attack_faces=[12], damage_faces=[5]).result
    assert (hit.hit, hit.damage_dealt) == (True, 8)
    assert hp(e, "goblin") == -7
    assert not e.combatants["goblin"].incapacitated  # only at the phase's check (ruling 11)
    fumble = e.resolve_attack("mira", "orc", attack_faces=[1]).result
    assert not fumble.hit

    e.advance()
    assert e.phase.key == "player-tickdown"
    assert e.combatants["goblin"].incapacitated
    assert [x.kind for x in e.log][-3:] == ["status", "incapacitated", "phase"]

    e.advance()
    assert e.phase.key == "gm-action"
    try:
        e.declare("goblin", actions=["attack"])
    except EncounterError as error:
        assert "incapacitated" in str(error)
    else:
        raise AssertionError("an incapacitated goblin declared")
    e.declare("orc", actions=["attack"])

    mark = len(e.log)
    e.advance()
    assert e.phase.key == "gm-end-resolution"
    # Bleeding from round 1 deals its damage over time now (1d4 cut).
    dot = [x for x in entries_since(e, mark) if x.kind == "damage"]
    assert len(dot) == 1 and dot[0].data["combatant"] == "goblin"
    assert 1 <= dot[0].data["dealt"] <= 4
    assert hp(e, "goblin") == -7 - dot[0].data["dealt"]
    # Natural 20: 24 >= 13 + 10: critical; an NPC's crit applies the effect only (6 + 3).
    crit = e.resolve_attack("orc", "mira", attack_faces=[20], damage_faces=[6]).result
    assert (crit.critical, crit.damage_dealt, crit.status_applied) == (True, 9, "bleeding")
    assert hp(e, "mira") == -2
    assert statuses(e, "mira") == [("bleeding", 1, 2)]

    e.advance()
    assert e.phase.key == "gm-tickdown"
    assert e.combatants["mira"].incapacitated
    assert statuses(e, "goblin") == [("incapacitated", None, 2)]  # bleeding expired
    assert any(x.kind == "status" and "expires" in x.text for x in e.log if x.round == 2)

    # ---------------------------------------------------------------- round 3
    mark = len(e.log)
    e.advance()
    assert (e.round, e.phase.key) == (3, "player-phase")
    dot = [x for x in entries_since(e, mark) if x.kind == "damage"]
    assert len(dot) == 1 and dot[0].data["combatant"] == "mira"
    assert hp(e, "mira") == -2 - dot[0].data["dealt"]
    e.declare("aldric", actions=["attack", "dash"])
    try:
        e.declare("mira", actions=["attack"])
    except EncounterError:
        pass
    else:
        raise AssertionError("an incapacitated PC declared")

    e.advance()
    e.move("aldric", [(2, 3)])
    assert e.combatants["aldric"].position == (2, 3)
    big = e.resolve_attack("aldric", "orc", attack_faces=[19]).result
    assert (big.total, big.critical, big.damage_dealt) == (24, True, 11)
    assert hp(e, "orc") == 2
    assert statuses(e, "orc") == [("bleeding", 1, 3)]

    e.advance()
    assert e.phase.key == "player-tickdown"
    assert statuses(e, "mira") == [("incapacitated", None, 2)]  # her bleeding expired
    assert statuses(e, "orc") == [("bleeding", 1, 3)]

    e.advance()
    e.declare("orc", actions=["attack"])
    e.advance()
    assert hp(e, "orc") == 2  # bleeding applied this round: no damage over time yet
    assert not e.resolve_attack("orc", "aldric", attack_faces=[2]).result.hit

    e.advance()
    assert e.phase.key == "gm-tickdown"
    assert statuses(e, "orc") == [("bleeding", 1, 3)]
    assert hp(e, "aldric") == 30

    # Every entry carries the round and phase it happened in.
    rounds = {x.round for x in e.log}
    assert rounds == {1, 2, 3}
    assert {x.phase for x in e.log if x.kind == "attack"} == {"gm-resolution", "gm-end-resolution"}
