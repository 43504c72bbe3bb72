"""Creatures in the window: the library's tools, the creature sheet's actions, the party."""
