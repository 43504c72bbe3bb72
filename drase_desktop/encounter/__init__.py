"""The fight, without Qt: combatants, the round and phase machine of each ruleset, declarations,
attacks and the log, every change an undoable operation.

- `combatant.py`: `Combatant`, `Weapon` (and the rules' `StatusInstance`).
- `encounter.py`: `Encounter`: its state, reading and combatant edits; its other operations
  come from one group per subject (`movement_operations.py`, `health_operations.py`,
  `status_operations.py`, `declaration_operations.py`, `attack_operations.py`,
  `round_operations.py`); the GM's tools beyond them: `attack_preview.py`, `area_attack.py`,
  `group_attack.py` (NPC average hits), `spells.py` (Crawler spells), `resolution_queue.py`,
  `checks.py`, `rests.py`, `displacement.py`; the previews the window reads before acting:
  `attack_preview.py`, `check_preview.py`, `fall_preview.py`, `crawler_rolls.py`, and the
  attack's words, `attack_words.py`. Every roll comes from a dice source (`rules/dice_source.py`).
- `operation.py`: the `@operation` decorator every operation wears: it names the combatants the
  operation may change, copies just those (`change.py`: `Snapshot`), restores them if the
  operation refuses, and returns the `Change` whose `undo()`/`redo()` the window's undo uses.
- `errors.py`: `EncounterError`. `results.py`: `MoveResult`, `AttackResult`.
- `ruleset.py`: `DraseRuleset`, `CrawlerRuleset` behind one interface; `drase_round.py`,
  `crawler_round.py` lay out their rounds as `Phase`s (`phase.py`).
- `declaration.py`: what a combatant declared and spent this round.
- `move_check.py`: whether a move may end on a tile and what it costs (`move_check`, its
  `MoveCheck` and `MoveRefusal`); every move asks it, `Encounter.move` included.
  `move_words.py`: a move check in the GM's words.
- `target_preview.py`: what one creature sees of another before attacking (the hover), and its
  words.
- `geometry.py`: the movement search, reach and attack situations read from the board.
- `log.py`: the structured log. `sample.py`: the bundled sample encounter.
"""

# The scripting surface (the project's API notes): importable from the package itself.
from drase_desktop.encounter.attack_preview import attack_preview
from drase_desktop.encounter.check_preview import stealth_working
from drase_desktop.encounter.checks import ability_check, perception_check
from drase_desktop.encounter.combatant import Combatant, Weapon
from drase_desktop.encounter.encounter import Encounter, EncounterSettings
from drase_desktop.encounter.errors import EncounterError
from drase_desktop.encounter.move_check import (
    MoveCheck,
    MoveRefusal,
    MoveRefusalKind,
    MoveRefused,
    move_check,
)
from drase_desktop.encounter.target_preview import TargetPreview, target_preview

__all__ = [
    "Combatant",
    "Encounter",
    "EncounterError",
    "EncounterSettings",
    "MoveCheck",
    "MoveRefusal",
    "MoveRefusalKind",
    "MoveRefused",
    "TargetPreview",
    "Weapon",
    "ability_check",
    "attack_preview",
    "move_check",
    "perception_check",
    "stealth_working",
    "target_preview",
]
