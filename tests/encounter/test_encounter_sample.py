"""The bundled sample encounter: the committed file is what the generator makes, it loads, and
it is a fight a new GM can run at once."""

from __future__ import annotations

import json
from importlib.resources import files
from pathlib import Path

import pytest
from helpers.encounter_builders import go_to

from drase_desktop.encounter.sample import build_sample_encounter
from drase_desktop.storage.encounter_file import encounter_to_dict, load_encounter

SAMPLE = Path(__file__).resolve().parents[2] / "maps" / "sample.drase"


def test_committed_sample_matches_its_generator() -> None:
    committed = json.loads(SAMPLE.read_text(encoding="utf-8"))
    assert committed == json.loads(json.dumps(encounter_to_dict(build_sample_encounter()))), (
        "maps/sample.drase is stale: regenerate it (see drase_desktop/encounter/sample.py)"
    )


def test_sample_ships_inside_the_package() -> None:
    resource = files("drase_desktop.sample_maps") / "sample.drase"
    assert resource.is_file()


def test_sample_is_a_sensible_fight() -> None:
    e = load_encounter(SAMPLE)
    players = [c for c in e.combatants.values() if c.side == "players"]
    gm = [c for c in e.combatants.values() if c.side == "gm"]
    assert 3 <= len(players) <= 4 and all(c.is_player_character for c in players)
    assert 4 <= len(gm) <= 5
    assert any(c.hidden for c in gm)
    for combatant in e.combatants.values():
        assert combatant.weapons, combatant.name
        assert combatant.position is not None
        for tile in combatant.tiles():
            assert e.battle_map.terrain(tile) not in ("blocked", "water"), combatant.name
    # The two sides start apart, each on its own bank of the river (x 8-15).
    assert all(c.position[0] < 9 for c in players)
    assert all(c.position[0] > 15 for c in gm)
    assert e.battle_map.name.startswith("River crossing")


def test_sample_plays_a_first_round() -> None:
    e = build_sample_encounter()
    go_to(e, "player-phase")
    e.declare("mira", actions=["attack", "attack"])
    e.advance()
    shot = e.resolve_attack("mira", "bandit-1", weapon="shortbow", attack_faces=[12])
    assert shot.result.target_number == 12
    go_to(e, "gm-action")
    e.declare("archer", actions=["attack", "attack"])
    e.advance()
    # The archer stands on the knoll: a lower target gives her 1 bonus (ruling 20).
    arrow = e.resolve_attack("archer", "aldric", attack_faces=[10, 1])
    assert arrow.result.expression == "1d20 + 3 + 1d6k1"
    # Brother Bram stands behind Aldric, an enemy to the archer: full cover (ruling 22).
    before = encounter_to_dict(e)
    with pytest.raises(ValueError, match="full cover"):
        e.resolve_attack("archer", "bram", attack_faces=[10, 1])
    assert encounter_to_dict(e) == before


def test_every_ready_player_character_is_legal_by_point_buy() -> None:
    """The sample party and the library's ready player characters obey ruling 5's point buy."""
    from drase_desktop.rules.character import point_buy_errors
    from drase_desktop.storage.creature_library import starter_player_characters

    players = [c for c in build_sample_encounter().combatants.values() if c.is_player_character]
    players += [template.creature for template in starter_player_characters()]
    assert players
    broken = {c.name: point_buy_errors(c.attributes) for c in players}
    broken = {name: errors for name, errors in broken.items() if errors}
    assert broken == {}
