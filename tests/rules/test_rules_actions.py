"""The action catalogue (ruling 15) and the declaration check (ruling 16's allowance)."""

from __future__ import annotations

import pytest

from drase_desktop.rules.actions import (
    COSTS,
    Action,
    ActionError,
    addition_error,
    budget,
    declaration_errors,
    default_catalogue,
    revise_declaration,
)

CATALOGUE = default_catalogue()


def test_ruling_15_catalogue_ships_the_defaults():
    for name in (
        "attack", "dash", "defend", "cast", "use item", "reload", "interact", "help", "hide",
        "opportunity attack",
    ):  # fmt: skip
        assert name in CATALOGUE
    assert CATALOGUE["opportunity attack"].cost == "reaction"
    assert CATALOGUE["opportunity attack"].attack and CATALOGUE["attack"].attack
    assert not CATALOGUE["hide"].attack
    assert {a.cost for a in CATALOGUE.values()} == set(COSTS)
    assert all(a.rule for a in CATALOGUE.values())
    assert "defaults" in CATALOGUE.source


def test_ruling_15_gm_extends_the_catalogue_with_validation():
    extended = CATALOGUE.with_entries(
        [{"name": "Breathe Fire", "cost": "full", "attack": True, "damage_type": "Fire",
          "rule": "A cone of flame."}]
    )  # fmt: skip
    assert extended["breathe fire"].damage_type == "fire"
    assert "breathe fire" not in CATALOGUE
    for entry, message in [
        ({"name": "x", "cost": "double"}, "not one of"),
        ({"name": "x"}, "needs a cost"),
        ({"name": "x", "cost": "half", "damage_type": "laser"}, "not a damage type"),
        ({"name": "x", "cost": "half", "attack": "yes"}, "true or false"),
        ({"name": "attack", "cost": "half"}, "already exists"),
        ({"name": "x", "cost": "half", "speed": 3}, "unknown fields"),
    ]:
        with pytest.raises(ActionError, match=message):
            CATALOGUE.with_entries([entry])


def test_catalogue_round_trips_and_groups_by_cost():
    again = CATALOGUE.with_entries([]).to_dicts()
    assert [Action.from_dict(d) for d in again] == list(CATALOGUE.values())
    assert all(a.cost == "free" for a in CATALOGUE.by_cost("free"))


def test_round_allowance_legal_declarations():
    assert (
        declaration_errors(["move", "attack", "attack", "opportunity attack", "talk"], CATALOGUE)
        == []
    )
    assert declaration_errors(["cast (full)", "move", "move", "talk", "drop"], CATALOGUE) == []
    spent = budget(["attack", "move"], CATALOGUE)
    assert spent.half_actions_left == 1 and spent.reactions_left == 1
    assert spent.describe() == "left: 1 half action, 1 reaction, movement and free actions"
    assert budget([], CATALOGUE).describe().startswith("left: 1 full or 2 half actions")


def test_round_allowance_second_full_action_is_refused():
    errors = declaration_errors(["cast (full)", "full-round action"], CATALOGUE)
    assert errors == ["a second full action (full-round action): a round allows only 1 full action"]


def test_round_allowance_full_plus_half_third_half_second_reaction_unknown():
    assert declaration_errors(["cast (full)", "attack"], CATALOGUE) == [
        "cast (full) is a full action: it leaves no half action for attack"
    ]
    assert (
        "a third half action (hide)" in declaration_errors(["attack", "dash", "hide"], CATALOGUE)[0]
    )
    assert declaration_errors(["opportunity attack"] * 2, CATALOGUE) == [
        "a second reaction (opportunity attack): a round allows only 1 reaction"
    ]
    assert declaration_errors(["fly"], CATALOGUE) == ["'fly' is not in the action catalogue"]
    with pytest.raises(ActionError, match="second full action"):
        budget(["cast (full)", "cast (full)"], CATALOGUE)


def test_addition_error_explains_what_does_not_fit():
    assert addition_error(["attack"], "dash", CATALOGUE) is None
    assert "third half action" in addition_error(["attack", "dash"], "hide", CATALOGUE)
    assert addition_error(["attack", "dash"], "talk", CATALOGUE) is None


def test_ruling_16_declaration_locks_once_a_roll_is_made():
    current = ["attack", "move"]
    assert revise_declaration(current, ["Attack", "dash"], CATALOGUE, rolled_this_round=False) == (
        "attack",
        "dash",
    )
    with pytest.raises(ActionError, match="locked.*ruling 16"):
        revise_declaration(current, ["attack", "dash"], CATALOGUE, rolled_this_round=True)
    # Re-stating the same declaration after a roll is not a change.
    assert revise_declaration(current, current, CATALOGUE, rolled_this_round=True) == (
        "attack",
        "move",
    )
    with pytest.raises(ActionError, match="second full action"):
        revise_declaration([], ["cast (full)"] * 2, CATALOGUE, rolled_this_round=False)


def test_an_entry_read_from_json_takes_the_defaults_and_reads_its_rule_as_text():
    assert Action.from_dict({"name": "Shove", "cost": "half", "rule": 5}) == Action(
        "shove", "half", rule="5"
    )
    assert Action.from_dict({"name": "Shove", "cost": "half"}).to_dict() == {
        "name": "shove",
        "cost": "half",
        "attack": False,
        "damage_type": None,
        "rule": "",
    }
    with pytest.raises(ActionError, match="an action needs a name, got None"):
        Action.from_dict({"cost": "half"})
