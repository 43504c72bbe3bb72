"""Walls for the small hand-drawn test maps: a map cut in two by a wall with one door or window
in it, and a wall run along a line of corners."""

from __future__ import annotations

from drase_desktop.board import BattleMap, Door, Wall
from drase_desktop.board.map_features import Window

Point = tuple[float, float]


def cut_in_two(width: int, height: int, opening: Door | Window) -> BattleMap:
    """A `width` x `height` map cut in two by a wall from its top to its bottom edge along the
    vertical line `opening` lies on, the opening (a door or a window) the wall's one gap."""
    (x, top), (_, bottom) = sorted((opening.start, opening.end), key=lambda end: end[1])
    board = BattleMap(width, height)
    board.walls.extend([Wall((x, 0), (x, top)), Wall((x, bottom), (x, height))])
    (board.windows if isinstance(opening, Window) else board.doors).append(opening)
    return board


def wall_line(*corners: Point) -> list[Wall]:
    """One wall from each corner to the next."""
    return [Wall(start, end) for start, end in zip(corners, corners[1:], strict=False)]
