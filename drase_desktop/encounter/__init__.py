"""The fight, without Qt: combatants, the round and phase machine of each ruleset, declarations,
attacks and the log, every change an undoable operation.

- `combatant.py`: `Combatant`, `Weapon` (and the rules' `StatusInstance`).
- `encounter.py`: `Encounter` and its operations, each returning a `Change` (`change.py`).
- `ruleset.py`: `DraseRuleset`, `CrawlerRuleset` behind one interface; `drase_round.py`,
  `crawler_round.py` lay out their rounds as `Phase`s (`phase.py`).
- `declaration.py`: what a combatant declared and spent this round.
- `geometry.py`: routes and attack situations read from the board.
- `log.py`: the structured log. `sample.py`: the bundled sample encounter.
"""
