"""Movement under the Drase rules over the map's networkx movement graph.

The graph (grid_graph.py) says which single steps are legal; the rest is in three parts:
- movement_steps.py: a move's checked terms (start, diagonal rule, enemies, allies, footprint),
  the legal steps of a token and their price, and the price of a given path;
- reach_search.py: `MovementSearch`, every tile within a bound by Dijkstra over (tile, diagonal
  parity), searched once and read at each mouse move of a drag, and the searches a map keeps;
- path_search.py: `find_path`, the cheapest path between two tiles by A*.

Callers import them from here.
"""

from drase_desktop.board.movement_steps import MovementError, path_cost, path_length
from drase_desktop.board.path_search import find_path
from drase_desktop.board.reach_search import (
    KEPT_SEARCHES,
    MovementSearch,
    movement_range,
    shared_movement_search,
)

__all__ = [
    "KEPT_SEARCHES",
    "MovementError",
    "MovementSearch",
    "find_path",
    "movement_range",
    "path_cost",
    "path_length",
    "shared_movement_search",
]
