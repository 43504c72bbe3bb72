"""What the players may see, decided once in the core for the TV and the phones."""

from drase_desktop.board import BattleMap
from drase_desktop.board.battle_map import Door, Light, Wall
from drase_desktop.encounter import Combatant, Encounter
from drase_desktop.encounter.fog import Fog
from drase_desktop.encounter.player_projection import (
    clip_to_revealed,
    player_visible,
    shown_lights,
    shown_ruler,
    visible_combatants,
    wall_pieces,
)
from drase_desktop.encounter.sides import on_players_side


def _fog_left_half(width: int = 6, height: int = 4) -> Fog:
    fog = Fog(width, height, revealed=False)
    fog.reveal([(x, y) for y in range(height) for x in range(width // 2)])
    return fog


def test_on_players_side_is_the_side_or_a_player_character():
    assert on_players_side(Combatant("a", "Aria", "players"))
    assert on_players_side(Combatant("c", "Charmed", "gm", is_player_character=True))
    assert not on_players_side(Combatant("g", "Goblin", "gm"))


def test_tokens_show_by_side_fog_and_hiding():
    fog = _fog_left_half()
    aria = Combatant("a", "Aria", "players", position=(5, 0))  # in the fog: still known
    seen = Combatant("g", "Goblin", "gm", position=(1, 1))
    fogged = Combatant("w", "Wolf", "gm", position=(4, 1))
    hidden = Combatant("s", "Shade", "gm", position=(0, 0), hidden=True)
    assert player_visible(aria, fog)
    assert player_visible(seen, fog)
    assert not player_visible(fogged, fog)
    assert not player_visible(hidden, fog)
    encounter = Encounter(BattleMap(6, 4), [aria, seen, fogged, hidden])
    assert [c.id for c in visible_combatants(encounter, fog)] == ["a", "g"]


def test_a_wall_running_into_the_fog_is_cut_where_the_revealed_ground_ends():
    fog = _fog_left_half()
    # Along y = 2 from x = 0 to x = 6: tiles x 0-2 are revealed, so the wall shows to x = 3.
    assert clip_to_revealed((0.0, 2.0), (6.0, 2.0), fog) == [((0.0, 2.0), (3.0, 2.0))]
    # Between two fogged tiles: nothing.
    assert clip_to_revealed((4.0, 0.0), (4.0, 4.0), fog) == []
    # On the edge of the revealed ground: the whole of it shows.
    assert clip_to_revealed((3.0, 0.0), (3.0, 4.0), fog) == [((3.0, 0.0), (3.0, 4.0))]


def test_wall_pieces_and_lights_by_kind():
    battle_map = BattleMap(6, 4)
    battle_map.walls = [Wall((0, 1), (6, 1))]
    battle_map.doors = [Door((1, 2), (1, 3), closed=True), Door((5, 2), (5, 3), closed=False)]
    battle_map.lights = [Light((1.5, 1.5), 2), Light((5.5, 0.5), 2)]
    fog = _fog_left_half()
    pieces = wall_pieces(battle_map, fog)
    assert [(p.kind, p.start, p.end) for p in pieces] == [
        ("wall", (0.0, 1.0), (3.0, 1.0)),
        ("door", (1.0, 2.0), (1.0, 3.0)),
    ]
    assert [light.position for light in shown_lights(battle_map, fog)] == [(1.5, 1.5)]


def test_the_ruler_never_points_at_a_hidden_creature():
    fog = Fog(6, 4)
    hidden = Combatant("s", "Shade", "gm", position=(4, 1), hidden=True)
    encounter = Encounter(BattleMap(6, 4), [hidden])
    assert shown_ruler(encounter, (0, 1), (3, 1), fog)
    assert not shown_ruler(encounter, (0, 1), (4, 1), fog)
