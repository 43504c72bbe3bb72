"""The docks that run the round: tracker, declarations, combatants, log, inspector,
resolution queue."""
