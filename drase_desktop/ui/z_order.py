"""Stacking order of the map's layers, in one place (bottom to top)."""

TERRAIN = 0.0
HEIGHT = 10.0
GRID = 20.0
COVER = 30.0
WALLS = 40.0
LIGHT = 50.0
REACHABLE = 60.0
PATH = 70.0
TOKENS = 100.0
# A token being dragged or selected floats above the others.
TOKEN_RAISED = 150.0
RULER = 200.0
LABELS = 210.0
