"""The wall, door or light under the GM's pointer: the nearest one within a reach."""

from __future__ import annotations

from collections.abc import Iterable

from drase_desktop.board.battle_map import BattleMap

Point = tuple[float, float]


def distance_to_segment(point: Point, start: Point, end: Point) -> float:
    (px, py), (ax, ay), (bx, by) = point, start, end
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length2))
    cx, cy = ax + t * dx, ay + t * dy
    distance: float = ((px - cx) ** 2 + (py - cy) ** 2) ** 0.5
    return distance


def nearest_segment(
    battle_map: BattleMap, point: Point, within: float, kinds: Iterable[str] = ("walls", "doors")
) -> tuple[str, int] | None:
    """("walls" or "doors", index) of the segment nearest `point` within `within` tiles."""
    best: tuple[float, str, int] | None = None
    for kind in kinds:
        for index, item in enumerate(getattr(battle_map, kind)):
            gap = distance_to_segment(point, item.start, item.end)
            if gap <= within and (best is None or gap < best[0]):
                best = (gap, kind, index)
    return None if best is None else (best[1], best[2])


def nearest_light(battle_map: BattleMap, point: Point, within: float) -> int | None:
    best: tuple[float, int] | None = None
    for index, light in enumerate(battle_map.lights):
        gap = ((light.position[0] - point[0]) ** 2 + (light.position[1] - point[1]) ** 2) ** 0.5
        if gap <= within and (best is None or gap < best[0]):
            best = (gap, index)
    return None if best is None else best[1]
