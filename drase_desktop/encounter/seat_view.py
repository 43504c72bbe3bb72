"""What one seat (a player's phone) may see of the encounter, as JSON-ready data.

    view = seat_view(encounter, "aria")              # a dict of str, int, float, bool, None,
    json.dumps(view)                                 # lists and dicts only

The server only serialises this; every decision of what a seat may know is made here, from the
same projection the TV uses (`player_projection.py`). A seat sees:

- `seat`: its combatant id. `ruleset`: "drase" or "crawler".
- `fight`: `round`, `clock` ("Round 2 (10-20 s)"), `phase` {`key`, `title`, `description`},
  `acting` ("The players"), `declaring` (this seat may declare now), `why_not` (why not, for
  the player; "" when it may), `progress` {`declared`, `of`, `left`: names still to declare,
  `text`: "3 of 4 declared"} among the player characters the players can see.
- `character`: its own `id`, `name`, `tag`, `side`, `hp`, `max_hp`, `condition`, `ac` (this
  round, with the defense roll), `ac_base`, `defense` (rolled this round, or None), `speed`,
  `movement_left`, `mana`/`max_mana`, `focus`/`max_focus`, `statuses` [{`name`,
  `rounds_left` (None: until removed)}], `weapons` and `spells` [{`name`, `damage`,
  `damage_type`, `reach`, `ranged`, `save`}], `position` ([x, y] or None), `footprint`.
- `declaration`: its own this round: `actions`, `reaction`, `free_actions`, `movement`
  (tiles or None), `notes`, `text` (the GM's words), `declared` (declared this round),
  `locked`, `defense_rolled`.
- `catalogue`: the action names a player may choose, by cost: `half`, `full`, `reaction`,
  `free` [{`name`, `rule`}].
- `party`: the other player characters the players can see: `id`, `name`, `condition`,
  `declared`, and `declaration` (its `text`) only once it is no longer secret (see
  `declaration_secret`), else None.
- `map`: `width`, `height`, `terrain_kinds` (the legend), `terrain` (one string per row, one
  character per tile: the index of its kind in `terrain_kinds`, "?" for a fogged tile),
  `light_levels` (legend) and `light` (rows likewise: 0 none, 1-3 an obscuration zone's level,
  4 dim, 5 dark; "?" fogged), `elevation` [[x, y, tiles]] and `cover` [[x, y, level]] of
  revealed tiles (zero and "none" left out), `walls` [[x1, y1, x2, y2, kind]] (kind "wall",
  "door", "open door"; corner points, cut at the fog's edge), `lights` [[x, y, radius]],
  `creatures` [{`id`, `name`, `tag`, `side`, `position`, `footprint`, `condition`,
  `statuses`, `you`, `ally`}] the players can see, `centre` [x, y] (tile units: the middle of
  the seat's token, or of the map).
- `log`: the last `LOG_LINES` lines about its character [{`round`, `phase`, `kind`, `text`}]:
  lines whose subject or target it is, of the kinds a player is told, and none naming a
  creature the players cannot see.

Never in it: hidden creatures or their positions, anything on fogged tiles, notes the GM keeps
on creatures, HP of anyone but the seat's own character, other seats' declarations while secret.
"""

from __future__ import annotations

from typing import Any

from drase_desktop.board.battle_map import COVER_LEVELS, TERRAIN_KINDS
from drase_desktop.board.light_tints import light_tint_codes
from drase_desktop.encounter.declaration_operations import describe_declaration
from drase_desktop.encounter.fog import Fog, fog_of
from drase_desktop.encounter.player_projection import (
    condition,
    player_tag,
    player_visible,
    shown_lights,
    wall_pieces,
)
from drase_desktop.encounter.sides import on_players_side, turn_words
from drase_desktop.refusal import Refusal
from drase_desktop.rules import attack as attack_rules

# How many of its log lines a seat is sent (the newest).
LOG_LINES = 30
FOGGED = "?"
LIGHT_LEVELS = ("none", "light zone", "heavy zone", "total zone", "dim", "dark")
# The log kinds a player is told about its own character; edits ("combatant") may quote the
# GM's notes and settings are the GM's.
TOLD_KINDS = frozenset(
    {"roll", "attack", "damage", "heal", "hp", "status", "move", "declare", "lock", "incapacitated"}
)
_DIGITS = bytes(range(256)).translate(
    bytes.maketrans(bytes(range(10)), b"0123456789")
)  # code n -> ASCII digit n (codes are below 10)


class SeatError(Refusal):
    """A seat that names no player character of the encounter."""


def seat_ids(encounter: Any) -> list[str]:
    """The combatants that get a seat (a phone): the player characters, in the encounter's
    order."""
    return [c.id for c in encounter.combatants.values() if c.is_player_character]


def seat_combatant(encounter: Any, combatant_id: str) -> Any:
    """The seat's combatant, or SeatError when `combatant_id` is no seat."""
    combatant = encounter.combatants.get(combatant_id)
    if combatant is None or not combatant.is_player_character:
        raise SeatError(f"{combatant_id!r} is not a player character's seat")
    return combatant


def declared_this_round(encounter: Any) -> set[str]:
    """Ids of those who declared (or were locked) in the current round, from the log."""
    done: set[str] = set()
    for entry in reversed(encounter.log.entries):
        if entry.round != encounter.round:
            break
        if entry.kind in ("declare", "lock"):
            who = entry.data.get("combatant")
            if isinstance(who, str):
                done.add(who)
    return done


def declaration_secret(encounter: Any, combatant: Any, *, revealed: bool = False) -> bool:
    """Whether another seat may not yet see `combatant`'s declaration: while its side is
    declaring in this phase, unless the GM revealed the declarations (`revealed`)."""
    if revealed:
        return False
    return bool(encounter.declares_now(combatant))


def why_not_declaring(encounter: Any, combatant: Any) -> str:
    """Empty when the seat may declare now, else the reason in the player's words."""
    why = encounter.why_not_declaring(combatant)
    if why:
        return f"{why}."
    if encounter.declaration(combatant.id).locked:
        return f"{combatant.name}'s declaration is locked: a roll was made this round."
    return ""


def seat_view(encounter: Any, combatant_id: str, *, revealed: bool = False) -> dict[str, Any]:
    """Everything the seat of `combatant_id` may see (see the module's text); `revealed`: the
    GM has shown this phase's declarations to the table. SeatError for a non-seat."""
    me = seat_combatant(encounter, combatant_id)
    fog = fog_of(encounter)
    visible = [c for c in encounter.combatants.values() if player_visible(c, fog) or c is me]
    declared = declared_this_round(encounter)
    return {
        "seat": me.id,
        "ruleset": encounter.ruleset.key,
        "fight": _fight(encounter, me, visible, declared),
        "character": character_data(encounter, me),
        "declaration": declaration_view(encounter, me, declared),
        "catalogue": _catalogue(encounter),
        "party": _party(encounter, me, visible, declared, revealed),
        "map": map_view(encounter, me, fog, visible),
        "log": log_lines(encounter, me, fog),
    }


def _fight(encounter: Any, me: Any, visible: list[Any], declared: set[str]) -> dict[str, Any]:
    phase = encounter.phase
    acting = encounter.phase_sides(phase)
    # A faction only the GM knows of (all of it hidden) is not named.
    known_sides = {"players", "gm"} | {c.side for c in visible}
    shown_sides = sorted(side for side in acting if side in known_sides)
    why_not = why_not_declaring(encounter, me)
    return {
        "round": encounter.round,
        "clock": encounter.clock_text,
        "phase": {"key": phase.key, "title": phase.title, "description": phase.description},
        "acting": turn_words(shown_sides) if shown_sides else "",
        "declaring": not why_not,
        "why_not": why_not,
        "progress": declaration_progress(encounter, visible, declared),
    }


def declaration_progress(encounter: Any, visible: list[Any], declared: set[str]) -> dict[str, Any]:
    """ "3 of 4 declared" and who is left, among the visible player characters who declare in
    this phase (able to act)."""
    phase = encounter.phase
    if not encounter.started or not phase.declares:
        return {"declared": 0, "of": 0, "left": [], "text": ""}
    sides = encounter.phase_sides(phase)
    due = [
        c
        for c in visible
        if c.is_player_character
        and c.side in sides
        and encounter.inability(c, "declare actions") is None
    ]
    done = [c for c in due if c.id in declared]
    left = [c.name for c in due if c.id not in declared]
    return {
        "declared": len(done),
        "of": len(due),
        "left": left,
        "text": f"{len(done)} of {len(due)} declared" if due else "",
    }


def character_data(encounter: Any, me: Any) -> dict[str, Any]:
    """The seat's own character sheet, as numbers the GM's window shows."""
    has_defense = encounter.ruleset.has_defense_roll
    rolled = encounter.round_state.defense.get(me.id) if has_defense else None
    allowance = encounter.movement_allowance(me.id) if encounter.started else float(me.speed)
    return {
        "id": me.id,
        "name": me.name,
        "tag": player_tag(me.name),
        "side": me.side,
        "hp": me.hp,
        "max_hp": me.max_hp,
        "condition": condition(me),
        "ac": attack_rules.target_number(me.ac_bonus, rolled or 0),
        "ac_base": me.ac,
        "defense": rolled,
        "speed": me.speed,
        "movement_left": allowance,
        "mana": me.mana,
        "max_mana": me.max_mana,
        "focus": me.focus,
        "max_focus": me.max_focus,
        "statuses": [{"name": s.name, "rounds_left": s.remaining} for s in me.statuses],
        "weapons": [_weapon(w) for w in me.weapons if not w.spell],
        "spells": [_weapon(w) for w in me.weapons if w.spell],
        "position": list(me.position) if me.position is not None else None,
        "footprint": me.footprint,
    }


def _weapon(weapon: Any) -> dict[str, Any]:
    return {
        "name": weapon.name,
        "damage": weapon.damage,
        "damage_type": weapon.damage_type,
        "reach": weapon.reach,
        "ranged": weapon.ranged,
        "save": weapon.save,
    }


def declaration_view(encounter: Any, me: Any, declared: set[str]) -> dict[str, Any]:
    declaration = encounter.declaration(me.id)
    return {
        "actions": list(declaration.actions),
        "reaction": declaration.reaction,
        "free_actions": list(declaration.free_actions),
        "movement": declaration.movement,
        "defensive": declaration.defensive,
        "notes": declaration.notes,
        "text": describe_declaration(declaration),
        "declared": me.id in declared,
        "locked": bool(declaration.locked),
        "defense_rolled": me.id in encounter.round_state.defense,
    }


def _catalogue(encounter: Any) -> dict[str, list[dict[str, str]]]:
    if not encounter.ruleset.declares_actions:
        return {"half": [], "full": [], "reaction": [], "free": []}
    catalogue = encounter.action_catalogue
    return {
        cost: [{"name": a.name, "rule": a.rule} for a in catalogue.by_cost(cost)]
        for cost in ("half", "full", "reaction", "free")
    }


def _party(
    encounter: Any, me: Any, visible: list[Any], declared: set[str], revealed: bool
) -> list[dict[str, Any]]:
    party = []
    for other in visible:
        if other is me or not other.is_player_character:
            continue
        secret = declaration_secret(encounter, other, revealed=revealed)
        text = describe_declaration(encounter.declaration(other.id))
        party.append(
            {
                "id": other.id,
                "name": other.name,
                "condition": condition(other),
                "declared": other.id in declared,
                "declaration": None if secret or other.id not in declared else text,
            }
        )
    return party


# -- the map --------------------------------------------------------------------------------
def _masked_rows(codes: bytes, fog_codes: bytes, width: int, height: int) -> list[str]:
    """One string per row: each tile's code as a digit, "?" where the fog is."""
    digits = codes.translate(_DIGITS)
    mask = fog_codes.translate(bytes.maketrans(b"\x00\x01", b"\x00\xff"))
    size = width * height
    value = int.from_bytes(digits, "big") & int.from_bytes(mask, "big")
    inverse = int.from_bytes(mask.translate(bytes.maketrans(b"\x00\xff", b"\xff\x00")), "big")
    value |= int.from_bytes(FOGGED.encode() * size, "big") & inverse
    text = value.to_bytes(size, "big").decode("ascii")
    return [text[y * width : (y + 1) * width] for y in range(height)]


def map_view(encounter: Any, me: Any, fog: Fog, visible: list[Any]) -> dict[str, Any]:
    """The map as the players may see it (the TV's projection), centred on the seat."""
    battle_map = encounter.battle_map
    width, height = battle_map.width, battle_map.height
    fog_codes = fog.codes()
    terrain = bytes(battle_map.layer_codes("terrain"))
    light = light_tint_codes(battle_map)
    revealed = (
        [(i % width, i // width) for i, flag in enumerate(fog_codes) if flag]
        if not fog.all_revealed
        else None
    )
    elevation_codes = battle_map.layer_codes("elevation")
    cover_codes = battle_map.layer_codes("cover")

    def tiles() -> Any:
        if revealed is not None:
            return iter(revealed)
        return ((i % width, i // width) for i in range(width * height))

    elevation = [
        [x, y, int(elevation_codes[y * width + x])]
        for x, y in tiles()
        if elevation_codes[y * width + x]
    ]
    cover = [
        [x, y, COVER_LEVELS[cover_codes[y * width + x]]]
        for x, y in tiles()
        if cover_codes[y * width + x]
    ]
    if me.position is not None:
        centre = [me.position[0] + me.footprint / 2, me.position[1] + me.footprint / 2]
    else:
        centre = [width / 2, height / 2]
    return {
        "width": width,
        "height": height,
        "terrain_kinds": list(TERRAIN_KINDS),
        "terrain": _masked_rows(terrain, fog_codes, width, height),
        "light_levels": list(LIGHT_LEVELS),
        "light": _masked_rows(light, fog_codes, width, height),
        "elevation": elevation,
        "cover": cover,
        "walls": [
            [p.start[0], p.start[1], p.end[0], p.end[1], p.kind]
            for p in wall_pieces(battle_map, fog)
        ],
        "lights": [
            [light.position[0], light.position[1], light.radius]
            for light in shown_lights(battle_map, fog)
        ],
        "creatures": [_creature(c, me) for c in visible if c.position is not None],
        "centre": centre,
    }


def _creature(combatant: Any, me: Any) -> dict[str, Any]:
    return {
        "id": combatant.id,
        "name": combatant.name,
        "tag": player_tag(combatant.name),
        "side": combatant.side,
        "position": list(combatant.position),
        "footprint": combatant.footprint,
        "condition": condition(combatant),
        "statuses": [s.name for s in combatant.statuses if s.name != "incapacitated"],
        "you": combatant is me,
        "ally": on_players_side(combatant),
    }


# -- the log --------------------------------------------------------------------------------
def log_lines(encounter: Any, me: Any, fog: Fog, limit: int = LOG_LINES) -> list[dict[str, Any]]:
    """The newest `limit` lines about the seat's character that a player is told."""
    unseen = [
        c for c in encounter.combatants.values() if c is not me and not player_visible(c, fog)
    ]
    unseen_ids = {c.id for c in unseen}
    unseen_names = [c.name for c in unseen]
    lines: list[dict[str, Any]] = []
    for entry in reversed(encounter.log.entries):
        if len(lines) >= limit:
            break
        data = entry.data
        if entry.kind not in TOLD_KINDS:
            continue
        if me.id not in (data.get("combatant"), data.get("target")):
            continue
        if data.get("combatant") in unseen_ids or data.get("target") in unseen_ids:
            continue
        if any(name in entry.text for name in unseen_names):
            continue
        lines.append(
            {"round": entry.round, "phase": entry.phase, "kind": entry.kind, "text": entry.text}
        )
    lines.reverse()
    return lines
