"""The GM's files in the window: opening, saving, autosave, drops, new encounters."""
