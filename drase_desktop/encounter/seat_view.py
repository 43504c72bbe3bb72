"""What one seat (a player's phone) may see of the encounter, as JSON-ready data.

    view = seat_view(encounter, "aria")              # a dict of str, int, float, bool, None,
    json.dumps(view)                                 # lists and dicts only
    views = seat_views(encounter)                    # every seat's, by id (the map's ground
                                                     # worked out once for all)

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
  (tiles or None), `targets` (ids it means to attack), `notes`, `text` (the GM's words),
  `declared` (declared this round),
  `locked`, `defense_rolled`.
- `catalogue`: the action names a player may choose, by cost: `half`, `full`, `reaction`,
  `free` [{`name`, `rule`}], and `defensive` (a Crawler's defensive movements; empty in Drase).
- `party`: the other player characters the players can see: `id`, `name`, `condition`,
  `declared`, and `declaration` (its `text`) only once it is no longer secret (see
  `declaration_secret`: the phase ended, or the GM revealed them with
  `declaration_reveal.reveal_declarations`), else None.
- `map`: `width`, `height`, `terrain_kinds` (the legend), `terrain` (one string per row, one
  character per tile: the index of its kind in `terrain_kinds`, "?" for a fogged tile),
  `light_levels` (legend) and `light` (rows likewise: 0 none, 1-3 an obscuration zone's level,
  4 dim, 5 dark; "?" fogged), `elevation` [[x, y, tiles]] and `cover` [[x, y, level]] of
  revealed tiles (zero and "none" left out), `walls` [[x1, y1, x2, y2, kind]] (kind "wall",
  "door", "open door", "window", "object"; corner points, cut at the fog's edge), `lights`
  [[x, y, radius]], `creatures` [{`id`, `name`, `tag`, `side`, `position`, `footprint`,
  `condition`, `statuses`, `you`, `ally`, `acting` (it acts in this phase, ringed on the
  TV)}] the players can see, `centre` [x, y] (tile units: the middle of the seat's token, or
  of the map).
- `log`: the last `LOG_LINES` lines about its character [{`round`, `phase`, `kind`, `text`}]:
  lines whose subject or target it is, of the kinds a player is told, and none naming a
  creature the players cannot see.

Never in it: hidden creatures or their positions, anything on fogged tiles, notes the GM keeps
on creatures, HP of anyone but the seat's own character, other seats' declarations while secret.
"""

from __future__ import annotations

import re
from typing import Any

from drase_desktop.board.battle_map import COVER_LEVELS, TERRAIN_KINDS
from drase_desktop.board.light_tints import light_tint_codes
from drase_desktop.encounter.declaration_operations import declaration_data, describe_declaration
from drase_desktop.encounter.declaration_reveal import declarations_revealed
from drase_desktop.encounter.fog import Fog, fog_of
from drase_desktop.encounter.player_projection import (
    condition,
    player_tag,
    player_visible,
    shown_lights,
    wall_pieces,
)
from drase_desktop.encounter.round_marks import acting_now
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


def unseen_by(encounter: Any, me: Any, fog: Fog) -> list[Any]:
    """The creatures the players cannot see (the seat's own excepted)."""
    return [c for c in encounter.combatants.values() if c is not me and not player_visible(c, fog)]


def unseen_names(encounter: Any, me: Any, fog: Fog) -> list[str]:
    """The names of the creatures the players cannot see (the seat's own excepted)."""
    return [c.name for c in unseen_by(encounter, me, fog)]


def declaration_words(encounter: Any, declaration: Any, unseen: list[Any]) -> str:
    """A declaration in the GM's words, with its targets named; a creature the players cannot
    see (one the GM hid since, say) is put as "someone"."""
    hidden = {c.id for c in unseen}
    combatants = encounter.combatants
    names = {
        t: "someone" if t in hidden or t not in combatants else combatants[t].name
        for t in getattr(declaration, "targets", ())
    }
    return unnamed(describe_declaration(declaration, names), [c.name for c in unseen])


def unnamed(text: str, names: list[str]) -> str:
    """`text` with each of `names` put as "someone" (longest first, so "Shade 2" goes whole)."""
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, "someone")
    return text


def seat_views(encounter: Any, *, revealed: bool | None = None) -> dict[str, dict[str, Any]]:
    """Every seat's view by its id, the map's ground worked out once for all of them (after
    each change of the fight, every phone gets its own)."""
    ground = ground_view(encounter, fog_of(encounter))
    return {
        seat: seat_view(encounter, seat, revealed=revealed, ground=ground)
        for seat in seat_ids(encounter)
    }


def seat_view(
    encounter: Any,
    combatant_id: str,
    *,
    revealed: bool | None = None,
    ground: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Everything the seat of `combatant_id` may see (see the module's text); `revealed`: the
    GM has shown this phase's declarations to the table (None: as the encounter records it,
    `declaration_reveal.py`); `ground`: `ground_view` of the encounter as it is now, when the
    caller made it already. SeatError for a non-seat."""
    me = seat_combatant(encounter, combatant_id)
    if revealed is None:
        revealed = declarations_revealed(encounter)
    fog = fog_of(encounter)
    visible = [c for c in encounter.combatants.values() if player_visible(c, fog) or c is me]
    declared = declared_this_round(encounter)
    unseen = unseen_by(encounter, me, fog)
    return {
        "seat": me.id,
        "ruleset": encounter.ruleset.key,
        "fight": _fight(encounter, me, visible, declared),
        "character": character_data(encounter, me),
        "declaration": declaration_view(encounter, me, declared, unseen),
        "catalogue": _catalogue(encounter),
        "party": _party(encounter, me, visible, declared, revealed, unseen),
        "map": map_view(encounter, me, fog, visible, ground),
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


def table_declaration_progress(encounter: Any) -> dict[str, Any]:
    """The TV's "3 of 4 declared" and who is left: `declaration_progress` among the creatures
    the players can see (the same as every seat's)."""
    fog = fog_of(encounter)
    visible = [c for c in encounter.combatants.values() if player_visible(c, fog)]
    return declaration_progress(encounter, visible, declared_this_round(encounter))


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


def declaration_view(
    encounter: Any, me: Any, declared: set[str], unseen: list[Any]
) -> dict[str, Any]:
    """The seat's own declaration; a creature it named that the GM has hidden since is put as
    "someone"."""
    declaration = encounter.declaration(me.id)
    return {
        **declaration_data(declaration),
        "targets": [t for t in declaration.targets if t not in {c.id for c in unseen}],
        "notes": unnamed(declaration.notes, [c.name for c in unseen]),
        "text": declaration_words(encounter, declaration, unseen),
        "declared": me.id in declared,
        "locked": bool(declaration.locked),
        "defense_rolled": me.id in encounter.round_state.defense,
    }


def _catalogue(encounter: Any) -> dict[str, list[dict[str, str]]]:
    defensive = [{"name": name, "rule": ""} for name in encounter.ruleset.defensive_movements]
    if not encounter.ruleset.declares_actions:
        return {"half": [], "full": [], "reaction": [], "free": [], "defensive": defensive}
    catalogue = encounter.action_catalogue
    chosen = {
        cost: [{"name": a.name, "rule": a.rule} for a in catalogue.by_cost(cost)]
        for cost in ("half", "full", "reaction", "free")
    }
    return {**chosen, "defensive": defensive}


def _party(
    encounter: Any,
    me: Any,
    visible: list[Any],
    declared: set[str],
    revealed: bool,
    unseen: list[Any],
) -> list[dict[str, Any]]:
    party = []
    for other in visible:
        if other is me or not other.is_player_character:
            continue
        secret = declaration_secret(encounter, other, revealed=revealed)
        text = declaration_words(encounter, encounter.declaration(other.id), unseen)
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


_NON_ZERO = re.compile(rb"[^\x00]")


def _set_indices(codes: memoryview) -> list[int]:
    """The indices of a layer's non-zero values, found by a byte scan (a 500 x 500 layer of
    mostly zeros costs a millisecond, not a loop over every tile)."""
    size = codes.itemsize
    found = (match.start() // size for match in _NON_ZERO.finditer(codes.cast("B")))
    return list(dict.fromkeys(found))


def map_view(
    encounter: Any, me: Any, fog: Fog, visible: list[Any], ground: dict[str, Any] | None = None
) -> dict[str, Any]:
    """The map as the players may see it (the TV's projection), centred on the seat."""
    battle_map = encounter.battle_map
    # Marked as the TV marks them: those acting in this phase.
    acting = {c.id for c in acting_now(encounter)}
    if me.position is not None:
        centre = [me.position[0] + me.footprint / 2, me.position[1] + me.footprint / 2]
    else:
        centre = [battle_map.width / 2, battle_map.height / 2]
    return {
        **(ground if ground is not None else ground_view(encounter, fog)),
        "creatures": [_creature(c, me, c.id in acting) for c in visible if c.position is not None],
        "centre": centre,
    }


def ground_view(encounter: Any, fog: Fog) -> dict[str, Any]:
    """The map's ground as the players may see it, the same for every seat: its size, the
    revealed tiles' terrain, light, height and cover, the walls and lights beside them."""
    battle_map = encounter.battle_map
    width, height = battle_map.width, battle_map.height
    fog_codes = fog.codes()
    terrain = bytes(battle_map.layer_codes("terrain"))
    light = light_tint_codes(battle_map)
    elevation_codes = battle_map.layer_codes("elevation")
    cover_codes = battle_map.layer_codes("cover")
    elevation = [
        [i % width, i // width, int(elevation_codes[i])]
        for i in _set_indices(elevation_codes)
        if fog_codes[i]
    ]
    cover = [
        [i % width, i // width, COVER_LEVELS[cover_codes[i]]]
        for i in _set_indices(cover_codes)
        if fog_codes[i]
    ]
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
    }


def _creature(combatant: Any, me: Any, acting: bool) -> dict[str, Any]:
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
        "acting": acting,
    }


# -- the log --------------------------------------------------------------------------------
def log_lines(encounter: Any, me: Any, fog: Fog, limit: int = LOG_LINES) -> list[dict[str, Any]]:
    """The newest `limit` lines about the seat's character that a player is told."""
    unseen = unseen_by(encounter, me, fog)
    unseen_ids = {c.id for c in unseen}
    names = [c.name for c in unseen]
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
        if any(name in entry.text for name in names):
            continue
        lines.append(
            {"round": entry.round, "phase": entry.phase, "kind": entry.kind, "text": entry.text}
        )
    lines.reverse()
    return lines
