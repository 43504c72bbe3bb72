"""Running the fight: the attack panel and the fight dialogs (checks, falls, rests, spells,
NPC attacks)."""
