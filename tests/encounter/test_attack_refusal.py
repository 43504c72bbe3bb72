"""Asking whether an attack would be refused changes nothing and gives the same reason the
attack itself would raise (the window disables Roll with it)."""

from __future__ import annotations

import pytest
from helpers.encounter_builders import fight, go_to, state

from drase_desktop.encounter.errors import EncounterError


def test_an_undeclared_attack_is_refused_with_the_reason_and_nothing_changes():
    encounter = fight()
    go_to(encounter, "gm-resolution")
    before = state(encounter)
    reason = encounter.attack_refusal("aldric", action="attack")
    assert "declare before rolling" in reason
    assert state(encounter) == before
    with pytest.raises(EncounterError) as raised:
        encounter.resolve_attack("aldric", "goblin", action="attack")
    assert str(raised.value) == reason


def test_a_declared_attack_is_not_refused_until_it_is_used():
    encounter = fight()
    go_to(encounter, "player-phase")
    encounter.declare("aldric", actions=["attack"])
    go_to(encounter, "gm-resolution")
    assert encounter.attack_refusal("aldric", action="attack") == ""
    encounter.resolve_attack("aldric", "goblin", action="attack", attack_faces=[10])
    assert "has used them" in encounter.attack_refusal("aldric", action="attack")


def test_cover_from_a_creature_names_the_creature():
    """ "half cover from an ally at (4, 2)" did not say who: the GM reads the name."""
    from drase_desktop.encounter.geometry import cover_between

    encounter = fight()
    # Aldric at (2, 2) shoots at the orc at (6, 4) past the goblin, moved onto the line.
    encounter.combatants["goblin"].position = (4, 3)
    aldric, orc = encounter.combatants["aldric"], encounter.combatants["orc"]
    trace = cover_between(encounter, aldric, orc, ranged=False)
    named = [reason for reason in trace.reasons if "Goblin" in reason]
    assert named and "Goblin (an" in named[0] and "at (4, 3)" in named[0]
