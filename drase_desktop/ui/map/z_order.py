"""Stacking order of the map's layers, in one place (bottom to top).

Light sits low so walls, cover and tokens stay readable in the dark; the reachable tint sits under
the grid so the tiles it marks still show their lines.
"""

TERRAIN = 0.0
# The picture of the layers from the terrain to the walls, drawn in their place (board_picture.py).
BOARD = TERRAIN
HEIGHT = 10.0
LIGHT = 20.0
REACHABLE = 30.0
GRID = 40.0
COVER = 50.0
WALLS = 60.0
PATH = 70.0
TOKENS = 100.0
# A token being dragged or selected floats above the others.
TOKEN_RAISED = 150.0
RULER = 200.0
LABELS = 210.0
