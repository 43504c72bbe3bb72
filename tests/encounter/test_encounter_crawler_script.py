"""Two Crawler rounds, scripted (ruling 26): side initiative, the step order, >= to hit, party
characters attacking once, morale, retreat, and the incapacitation of the fallen."""

from __future__ import annotations

import pytest
from helpers.encounter_builders import fight, state

from drase_desktop.encounter.encounter import Encounter, EncounterError


def walk(e: Encounter, key: str, hp: dict[str, int]) -> None:
    """Advance phase by phase to `key`, checking after each phase: its log entry (with the round
    and the phase), HP unchanged by bookkeeping, and no statuses appearing from nowhere."""
    while e.phase.key != key:
        mark = len(e.log)
        statuses = {cid: list(c.statuses) for cid, c in e.combatants.items()}
        e.advance()
        new = list(e.log)[mark:]
        phase_entries = [x for x in new if x.kind == "phase"]
        assert phase_entries and phase_entries[-1].text == e.phase.title
        assert (phase_entries[-1].round, phase_entries[-1].phase) == (e.round, e.phase.key)
        assert {cid: e.combatants[cid].hp for cid in hp} == hp
        if e.phase.key != "end-of-round":  # only the end of the round ticks statuses
            for cid, before in statuses.items():
                assert [x.name for x in e.combatants[cid].statuses] == [x.name for x in before] or (
                    any(x.kind == "incapacitated" for x in new)
                )


def test_two_crawler_rounds_scripted() -> None:
    e = fight("crawler", seed=5)
    hp = {"aldric": 30, "mira": 22, "goblin": 12, "orc": 20}
    assert e.ruleset.name == "Crawler"
    e.advance()
    assert (e.round, e.phase.key) == (1, "defensive-declarations")
    assert [p.key for p in e.phases] == ["defensive-declarations", "initiative"]
    with pytest.raises(EncounterError, match="no action declarations"):
        e.declare("aldric", actions=["attack"])

    e.advance()
    assert e.phase.key == "initiative"
    rolled = e.round_state.initiative
    assert set(rolled) == {"players", "gm"} and all(1 <= v <= 6 for v in rolled.values())
    assert [x.data["roll"] for x in e.log if x.kind == "roll"] == ["initiative", "initiative"]
    e.set_initiative("players", 5)
    e.set_initiative("gm", 2)
    keys = [p.key for p in e.phases]
    assert keys[2:7] == [
        f"{s}:players" for s in ("morale", "movement", "missile", "spells", "melee")
    ]
    assert keys[7:12] == [f"{s}:gm" for s in ("morale", "movement", "missile", "spells", "melee")]
    assert keys[-1] == "end-of-round"

    walk(e, "missile:players", hp)
    with pytest.raises(EncounterError, match="melee step"):
        e.resolve_attack("mira", "orc", weapon="rapier", attack_faces=[15])
    # 10 + 3 (dex) = 13 against AC 13: a hit, since Crawler hits on >= (Drase would miss).
    shot = e.resolve_attack("mira", "orc", weapon="shortbow", attack_faces=[10], damage_faces=[4])
    assert (shot.result.total, shot.result.target_number, shot.result.hit) == (13, 13, True)
    assert shot.result.damage_dealt == 4  # missile damage is the weapon's roll alone
    assert e.combatants["orc"].hp == 16
    hp["orc"] = 16

    walk(e, "melee:players", hp)
    # 9 + 3 (str) = 12 against the goblin's AC 12: a hit; melee damage 5 + 3 (str).
    blow = e.resolve_attack("aldric", "goblin", attack_faces=[9], damage_faces=[5]).result
    assert (blow.hit, blow.critical, blow.damage_dealt) == (True, False, 8)
    assert e.combatants["goblin"].hp == 4
    before = state(e)
    with pytest.raises(EncounterError, match="attack once"):
        e.resolve_attack("aldric", "goblin", attack_faces=[9], damage_faces=[5])
    assert state(e) == before
    hp["goblin"] = 4

    walk(e, "morale:gm", hp)
    holds = e.check_morale("goblin", faces=[6, 6]).result
    assert holds is False
    assert "breaks" in list(e.log)[-1].text

    walk(e, "movement:gm", hp)
    with pytest.raises(EncounterError, match="movement step"):
        e.move("mira", [(2, 5)])
    e.move("orc", [(3, 3)])
    assert e.declaration("orc").moved == 3

    walk(e, "melee:gm", hp)
    assert not e.resolve_attack("orc", "aldric", attack_faces=[4]).result.hit  # 7 < 14

    walk(e, "end-of-round", hp)
    assert e.phase.title == "Surrenders & Retreats"

    # ---------------------------------------------------------------- round 2
    e.advance()
    assert (e.round, e.phase.key) == (2, "defensive-declarations")
    assert e.round_state.initiative == {}
    e.declare("goblin", defensive="retreat")
    with pytest.raises(EncounterError, match="fighting withdrawal or retreat"):
        e.declare("orc", defensive="charge")
    e.advance()
    e.set_initiative("players", 3)
    e.set_initiative("gm", 3)
    keys = [p.key for p in e.phases]
    assert "melee:gm+players" in keys and len(keys) == 2 + 5 + 1  # tied: one simultaneous turn

    walk(e, "movement:gm+players", hp)
    e.move("goblin", [(3, 2), (4, 2), (5, 2), (6, 2), (7, 2), (8, 2), (9, 2)])
    assert e.combatants["goblin"].position == (9, 2)

    walk(e, "melee:gm+players", hp)
    e.move("goblin", [(3, 2)], forced=True)
    # 7 + 3 + 2 (target retreating) = 12 >= 12.
    chase = e.resolve_attack("aldric", "goblin", attack_faces=[7], damage_faces=[1]).result
    assert (chase.total, chase.hit, chase.damage_dealt) == (12, True, 4)
    assert e.combatants["goblin"].hp == 0
    with pytest.raises(EncounterError, match="retreating"):
        e.resolve_attack("goblin", "aldric", attack_faces=[20])

    e.advance()
    assert e.phase.key == "end-of-round"
    assert e.combatants["goblin"].incapacitated
    assert e.combatants["orc"].hp == 16 and e.combatants["aldric"].hp == 30
    assert {x.round for x in e.log} == {1, 2}
