"""Rulings 11, 12, 13 and 16 (and the round's other named rules) at the encounter level."""

from __future__ import annotations

import pytest
from helpers.encounter_builders import fight, go_to, state

from drase_desktop.encounter.encounter import EncounterError


def test_ruling_11_incapacitated_only_at_the_two_named_checks() -> None:
    """At or below 0 HP a creature becomes Incapacitated when GM Resolution and GM End Round
    Resolution end, not at the moment of the damage."""
    e = fight()
    go_to(e, "gm-resolution")
    e.apply_damage("goblin", 12, "cut")
    assert e.combatants["goblin"].hp == 0
    assert not e.combatants["goblin"].incapacitated
    e.advance()  # leaving GM Resolution: the first check
    assert e.combatants["goblin"].incapacitated
    go_to(e, "gm-end-resolution")
    e.apply_damage("aldric", 40, "blunt")
    e.advance()
    assert e.phase.key == "gm-tickdown"
    assert e.combatants["aldric"].incapacitated
    texts = [x.text for x in e.log if x.kind == "incapacitated"]
    assert len(texts) == 2 and all("ruling 11" in t for t in texts)


def test_ruling_11_no_check_in_other_phases() -> None:
    e = fight()
    go_to(e, "player-phase")
    e.apply_damage("orc", 25, "fire")
    e.advance()  # Player Phase -> GM Resolution: no check when the Player Phase ends
    assert not e.combatants["orc"].incapacitated
    e.advance()
    assert e.combatants["orc"].incapacitated


def test_ruling_11_incapacitated_creature_cannot_act() -> None:
    e = fight()
    go_to(e, "gm-resolution")
    e.set_hp("aldric", -3)
    e.advance()
    go_to(e, "player-phase")
    before = state(e)
    with pytest.raises(EncounterError, match="incapacitated"):
        e.declare("aldric", actions=["attack"])
    with pytest.raises(EncounterError, match="incapacitated"):
        e.move("aldric", [(2, 3)])
    assert state(e) == before


def test_ruling_12_unstackable_reapply_keeps_longer_duration() -> None:
    e = fight()
    go_to(e, "gm-resolution")
    e.apply_status("orc", "staggered", duration=3)
    e.apply_status("orc", "staggered", duration=1)
    assert [(s.name, s.remaining) for s in e.combatants["orc"].statuses] == [("staggered", 3)]
    e.apply_status("orc", "staggered", duration=5)
    assert [(s.name, s.remaining) for s in e.combatants["orc"].statuses] == [("staggered", 5)]


def test_ruling_12_stackable_effects_keep_one_duration_per_stack() -> None:
    e = fight()
    go_to(e, "gm-resolution")
    e.apply_status("orc", "bleeding", duration=1)
    e.apply_status("orc", "bleeding", duration=3)
    assert [s.remaining for s in e.combatants["orc"].statuses] == [1, 3]
    go_to(e, "gm-end-resolution")
    go_to(e, "gm-tickdown")
    assert [s.remaining for s in e.combatants["orc"].statuses] == [1, 3]  # applied this round
    mark = len(e.log)
    go_to(e, "gm-end-resolution")  # round 2: both stacks bleed (1d4 each)
    dots = [x for x in list(e.log)[mark:] if x.kind == "damage"]
    assert len(dots) == 2
    go_to(e, "gm-tickdown")
    assert [s.remaining for s in e.combatants["orc"].statuses] == [2]  # one stack expired


def test_ruling_13_player_effects_tick_in_player_tickdown_gm_in_gm_tickdown() -> None:
    e = fight()
    e.advance()  # round 1 starts
    e.apply_status("mira", "slowed", duration=2)
    e.apply_status("orc", "slowed", duration=2)
    # Put on in round 1: no tick in round 1 at all.
    go_to(e, "gm-tickdown")
    assert e.combatants["mira"].statuses[0].remaining == 2
    assert e.combatants["orc"].statuses[0].remaining == 2
    e.advance()  # round 2
    go_to(e, "player-tickdown")
    assert e.combatants["mira"].statuses[0].remaining == 1
    assert e.combatants["orc"].statuses[0].remaining == 2  # not the GM's tickdown yet
    go_to(e, "gm-tickdown")
    assert e.combatants["orc"].statuses[0].remaining == 1
    e.advance()
    go_to(e, "player-tickdown")
    assert e.combatants["mira"].statuses == []
    assert e.combatants["orc"].statuses[0].remaining == 1


def test_ruling_13_effect_applied_after_own_tickdown_lasts_into_next_round() -> None:
    """Slowed put on a player in GM End Round Resolution of round 1 still holds through the
    players' actions of round 2 and expires in round 2's Player Status Effect Tickdown."""
    e = fight()
    go_to(e, "gm-end-resolution")
    e.apply_status("aldric", "slowed")
    e.advance()
    e.advance()  # round 2, Player Phase
    assert e.combatants["aldric"].has_status("slowed")
    go_to(e, "player-tickdown")
    assert not e.combatants["aldric"].has_status("slowed")


def test_ruling_16_declaration_locks_after_a_roll() -> None:
    e = fight()
    go_to(e, "player-phase")
    e.declare("aldric", actions=["attack"])
    e.declare("aldric", actions=["attack", "attack"])  # free to change before any roll
    e.roll_for("aldric", "1d20 + 2", label="athletics check")
    assert e.declaration("aldric").locked
    before = state(e)
    with pytest.raises(EncounterError, match="ruling 16"):
        e.declare("aldric", actions=["dash", "attack"])
    assert state(e) == before
    assert any(x.kind == "lock" and "ruling 16" in x.text for x in e.log)


def test_ruling_16_attack_roll_locks_the_attacker_only() -> None:
    e = fight()
    go_to(e, "player-phase")
    e.declare("aldric", actions=["attack"])
    e.declare("mira", actions=["attack"])
    e.advance()
    e.resolve_attack("aldric", "goblin", attack_faces=[2])
    assert e.declaration("aldric").locked
    assert not e.declaration("mira").locked


def test_ruling_16_must_declare_before_rolling() -> None:
    e = fight()
    go_to(e, "player-phase")
    e.declare("aldric", actions=["dash"])
    e.advance()
    before = state(e)
    with pytest.raises(EncounterError, match="declare before rolling"):
        e.resolve_attack("aldric", "goblin", attack_faces=[15])
    assert state(e) == before


def test_surprised_creatures_lose_round_one() -> None:
    e = fight()
    e.set_surprised("goblin")
    e.set_surprised("aldric")
    e.advance()
    with pytest.raises(EncounterError, match="surprised"):
        e.declare("aldric", actions=["attack"])
    e.declare("mira", actions=["attack"])
    go_to(e, "gm-action")
    with pytest.raises(EncounterError, match="surprised"):
        e.declare("goblin", actions=["attack"])
    go_to(e, "player-phase")  # round 2
    assert e.round == 2
    e.declare("aldric", actions=["attack"])
    go_to(e, "gm-action")
    e.declare("goblin", actions=["attack"])


def test_surprise_lasts_all_of_round_1_after_the_players_tickdown() -> None:
    """Combat basics, Surprise Attack: the surprised lose their ability to act during the first
    round. A surprised player's 1-round status ticks away in the Player Status Effect Tickdown,
    before the GM's phases of round 1; it still may not move under its own power then."""
    e = fight()
    e.set_surprised("aldric")
    go_to(e, "gm-action")
    assert e.round == 1 and not e.combatants["aldric"].has_status("surprised")
    before = state(e)
    with pytest.raises(EncounterError, match="surprised"):
        e.move("aldric", [(1, 1)])
    assert state(e) == before
    go_to(e, "player-phase")  # round 2: free to act
    e.move("aldric", [(1, 1)])
    assert e.combatants["aldric"].position == (1, 1)


def test_surprise_is_set_in_setup_only() -> None:
    e = fight()
    e.advance()
    with pytest.raises(EncounterError, match="Setup"):
        e.set_surprised("orc")


def test_third_party_turn_takes_other_factions() -> None:
    e = fight()
    wolf = fight().combatants["orc"]
    wolf.id, wolf.name, wolf.side, wolf.position = "wolf", "Wolf", "wild", (8, 7)
    e.add_combatant(wolf)
    assert e.side_group("wild") == "gm"
    e.set_third_party_turn(True)
    assert e.side_group("wild") == "third-party"
    e.advance()
    assert [p.key for p in e.phases][-2:] == ["third-party-turn", "third-party-tickdown"]
    go_to(e, "gm-action")
    with pytest.raises(EncounterError, match="cannot declare"):
        e.declare("wolf", actions=["attack"])
    go_to(e, "third-party-turn")
    e.declare("wolf", actions=["attack"])


def test_round_clock_is_ten_seconds_a_round() -> None:
    e = fight()
    assert e.clock_text == "Setup"
    go_to(e, "player-phase")
    for expected in (0, 10, 20):
        assert e.elapsed_seconds == expected
        e.advance()
        go_to(e, "player-phase")


def test_ruling_15_gm_extends_the_action_catalogue() -> None:
    e = fight()
    e.define_action("shield bash", "half", attack=True, damage_kind="blunt", rule="Bash.")
    go_to(e, "player-phase")
    e.declare("aldric", actions=["shield bash", "attack"])
    e.advance()
    assert e.resolve_attack("aldric", "goblin", action="shield bash", attack_faces=[2]).result
    with pytest.raises(EncounterError, match="already exists"):
        e.define_action("Shield  Bash", "full")
    with pytest.raises(EncounterError, match="cost"):
        e.define_action("juggle", "sometimes")


def test_a_gm_entry_with_a_taken_name_is_refused_in_words_and_not_kept() -> None:
    e = fight()
    kept = (len(e.custom_actions), len(e.custom_statuses))
    with pytest.raises(EncounterError, match="^An action named 'attack' already exists$"):
        e.define_action("Attack", "half")
    with pytest.raises(EncounterError, match="^A status effect named 'prone' already exists$"):
        e.define_status("prone")
    assert (len(e.custom_actions), len(e.custom_statuses)) == kept
