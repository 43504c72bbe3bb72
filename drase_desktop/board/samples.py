"""The four hand-made sample maps shipped in `maps/`, drawn here as text so they can be read,
changed and rebuilt (`python -m drase_desktop.board.samples maps/`).

Each shows the part of the rules a GM tries first:
river crossing (difficult terrain, deep water, a bridge), cliff fort (height, cliffs, embrasures,
falls into water or hay), foggy swamp at night (darkness, torches, fog), tavern (tables, pillars,
the bar, walls and doors). Symbols are those of the map file's legends.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

from drase_desktop.board.battle_map import BattleMap, BoardError, Door, Light, Wall
from drase_desktop.board.map_file import LEGENDS, save_map


def _draw(board: BattleMap, layer: str, rows: list[str]) -> None:
    if len(rows) != board.height or any(len(row) != board.width for row in rows):
        raise BoardError(f"sample {board.name!r}: the {layer} drawing does not fit the map")
    setter = {
        "terrain": board.set_terrain,
        "cover": board.set_cover,
        "obscuration": board.set_obscuration,
    }[layer]
    legend = LEGENDS[layer]
    for y, row in enumerate(rows):
        for x, symbol in enumerate(row):
            setter((x, y), legend[symbol])


def _heights(board: BattleMap, rows: list[str]) -> None:
    """One digit per tile: its elevation in tiles."""
    if len(rows) != board.height or any(len(row) != board.width for row in rows):
        raise BoardError(f"sample {board.name!r}: the height drawing does not fit the map")
    for y, row in enumerate(rows):
        for x, digit in enumerate(row):
            board.set_elevation((x, y), int(digit))


def river_crossing() -> BattleMap:
    """A river north to south: mud banks, shallow edges, deep water a tile below the land, a
    railed bridge on rows 8-9 and a shallow ford far to the south. The bridge is the cheap way
    over."""
    board = BattleMap(24, 18, "River crossing")
    _draw(
        board,
        "terrain",
        [
            "..#.....m~WWWW~m....#...",
            "........m~WWWW~m........",
            ".r......m~WWWW~m.....r..",
            "........m~WWWW~m........",
            "...#....m~WWWW~m........",
            "........m~WWWW~m...#....",
            ".......mm~WWWW~mm.......",
            "......mm~~WWWW~~mm......",
            "........................",
            "........................",
            "......mm~~WWWW~~mm......",
            ".......mm~WWWW~mm.......",
            "..rr....m~WWWW~m....r...",
            "..r.....m~WWWW~m........",
            "........m~~WW~~m...#....",
            "........mm~~~~~m........",
            "..#......m~~~~m.........",
            "........m~WWWW~m..rr....",
        ],
    )
    # The land and the bridge stand 1 tile above the water: climbing out of the river costs
    # a tile more (ruling 20), and a fall from the bridge lands in water.
    for y in range(board.height):
        for x in range(board.width):
            if board.terrain((x, y)) not in ("water", "shallow-water"):
                board.set_elevation((x, y), 1)
    # The bridge's railings: nobody climbs onto it from the water.
    board.walls.extend([Wall((9, 8), (15, 8)), Wall((9, 10), (15, 10))])
    return board


def cliff_fort() -> BattleMap:
    """A fort on a plateau 3 tiles above the lowland: the cliff is crossed only by the ramp in
    the south-west; the fort's west wall has two embrasures; a pond and a hay pile lie under
    the cliff to fall into."""
    board = BattleMap(24, 20, "Cliff fort")
    _draw(
        board,
        "terrain",
        [
            "...r........r...........",
            ".r.......r..............",
            "..........WW............",
            "..........WW...#######..",
            "...r...........#.....#..",
            "...............#.....#..",
            "...............#.....#..",
            ".......r.......#.....#..",
            "...............#.....#..",
            "..r............#.....#..",
            "...............#.....#..",
            "..........r....#.....#..",
            "...........o...#.....#..",
            "...........o...###.###..",
            "........................",
            "...r....................",
            "........................",
            "........................",
            "..r.....................",
            "........................",
        ],
    )
    _draw(
        board,
        "cover",
        [
            "........................",
            "........................",
            "........................",
            "...............FFFFFFF..",
            "...............F.....F..",
            "...............F.....F..",
            "...............E.....F..",
            "...............F.....F..",
            "...............F.....F..",
            "...............F.....F..",
            "...............E.....F..",
            "...............F.....F..",
            "...............F.....F..",
            "...............FFF.FFF..",
            "........................",
            "........................",
            "........................",
            "........................",
            "........................",
            "........................",
        ],
    )
    _heights(
        board,
        [
            "000000000000333333333333",
            "000000000000333333333333",
            "000000000000333333333333",
            "000000000000333333333333",
            "000000000000333333333333",
            "000000000000333333333333",
            "000000000000333333333333",
            "000000000000333333333333",
            "000000000000333333333333",
            "000000000000333333333333",
            "000000000000333333333333",
            "000000000000333333333333",
            "000000000000333333333333",
            "000000000000333333333333",
            "000000000000333333333333",
            "000000000000333333333333",
            "000000000123333333333333",
            "000000000123333333333333",
            "000000000123333333333333",
            "000000000123333333333333",
        ],
    )
    board.doors.append(Door((18, 13), (19, 13)))  # the gate, on the north edge of its tile
    return board


def foggy_swamp() -> BattleMap:
    """A swamp on a moonless night: darkness everywhere but near the torches of a hut and a
    campfire; a bank of light fog in the west, thick fog in the east."""
    board = BattleMap(24, 20, "Foggy swamp at night")
    board.ambient_light = "dark"
    _draw(
        board,
        "terrain",
        [
            "ssss~~ssssmmsss~~~ssssss",
            "sss~~~sssmm..mss~~~sssss",
            "ss~~Wsss..........ssssss",
            "s~~WW~s...........s~~sss",
            "ss~~~ss...........s~~~ss",
            "sssss.............sss~ss",
            "sssm..................ss",
            "ssmm..................ss",
            "ssm...................ms",
            "ss....................ms",
            "ss....................ss",
            "sss.................ssss",
            "ssss..............mmssss",
            "sss~~.............msssss",
            "ss~~W~ss.........sss~~ss",
            "ss~WW~ssss......ss~~W~ss",
            "sss~~sssssss..ssss~WW~ss",
            "ssssssssssss..sssss~~sss",
            "sssmmsssssss..ssssssssss",
            "ssssssssssss..ssssssssss",
        ],
    )
    _draw(
        board,
        "obscuration",
        [
            "llll....................",
            "lllll...................",
            "llllll..................",
            "lllll...............HHHH",
            "llll...............HHHHH",
            "lll................HHHHH",
            "ll..................HHHH",
            "l....................HHH",
            "........................",
            "........................",
            "........................",
            "........................",
            "........................",
            "........................",
            "........................",
            "...................HHH..",
            "..................HHHHH.",
            "..................HHHHH.",
            "...................HHH..",
            "........................",
        ],
    )
    # The hut: 4 x 3 tiles, walls with a door in the south face.
    board.walls.extend(
        [
            Wall((9, 6), (13, 6)),
            Wall((9, 6), (9, 9)),
            Wall((13, 6), (13, 9)),
            Wall((9, 9), (10, 9)),
            Wall((11, 9), (13, 9)),
        ]
    )
    board.doors.append(Door((10, 9), (11, 9), closed=False))
    board.lights.extend(
        [
            Light((10.5, 10.0), 2),  # the torch by the hut door
            Light((14.5, 13.5), 3),  # the campfire
        ]
    )
    return board


def tavern() -> BattleMap:
    """The Drowned Lantern: a walled common room with a front door (south) and a back door
    (north, through the kitchen), a bar (three-quarter cover), tables (half cover, climbed
    over as difficult ground) and two pillars (full cover)."""
    board = BattleMap(24, 18, "Tavern")
    _draw(
        board,
        "terrain",
        [
            "........................",
            "........................",
            "........................",
            "........................",
            "...######...............",
            "........................",
            "........................",
            ".....dd.....dd....dd....",
            "........................",
            "........#.......#.......",
            "........................",
            ".....dd.....dd....dd....",
            "........................",
            "...d.................d..",
            "........................",
            "........................",
            "........................",
            "........................",
        ],
    )
    _draw(
        board,
        "cover",
        [
            "........................",
            "........................",
            "........................",
            "........................",
            "...tttttt...............",
            "........................",
            "........................",
            ".....hh.....hh....hh....",
            "........................",
            "........F.......F.......",
            "........................",
            ".....hh.....hh....hh....",
            "........................",
            "...h.................h..",
            "........................",
            "........................",
            "........................",
            "........................",
        ],
    )
    board.walls.extend(
        [
            Wall((2, 2), (18, 2)),  # north wall, back door at x 18..19
            Wall((19, 2), (22, 2)),
            Wall((2, 2), (2, 15)),  # west wall
            Wall((22, 2), (22, 15)),  # east wall
            Wall((2, 15), (11, 15)),  # south wall, front door at x 11..13
            Wall((13, 15), (22, 15)),
            Wall((14, 2), (14, 6)),  # kitchen partition, kitchen door at y 6..7
            Wall((14, 7), (22, 7)),
        ]
    )
    board.doors.extend(
        [
            Door((11, 15), (13, 15)),  # front door
            Door((18, 2), (19, 2)),  # back door
            Door((14, 6), (14, 7), closed=False),  # kitchen door
        ]
    )
    board.lights.extend([Light((3.0, 8.5), 3), Light((12.0, 8.5), 4)])
    return board


SAMPLES: dict[str, Callable[[], BattleMap]] = {
    "river-crossing": river_crossing,
    "cliff-fort": cliff_fort,
    "foggy-swamp": foggy_swamp,
    "tavern": tavern,
}


def write_samples(directory: Path) -> list[Path]:
    """Build every sample and save it as `<name>.drase-map` in `directory`."""
    written = []
    for name, build in SAMPLES.items():
        path = directory / f"{name}.drase-map"
        save_map(build(), path)
        written.append(path)
    return written


if __name__ == "__main__":
    for written_path in write_samples(Path(sys.argv[1] if len(sys.argv) > 1 else "maps")):
        print(written_path)
