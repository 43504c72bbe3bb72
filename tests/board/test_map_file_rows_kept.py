"""Writing a map keeps each layer's rows and makes them again only when the layer changed (an
autosave after every HP edit writes the whole map): the file is always what a fresh write is."""

from __future__ import annotations

import json

from drase_desktop.board import BattleMap, map_from_dict, map_to_dict


def _fresh(board: BattleMap) -> dict:
    copy = board.copy()  # no kept rows
    return json.loads(json.dumps(map_to_dict(copy)))


def test_rows_written_again_follow_every_layer_change():
    board = BattleMap(150, 120)  # wide: written as runs
    first = map_to_dict(board)
    assert first == _fresh(board)
    board.set_terrain((3, 4), "mud")
    board.set_tiles("cover", [((x, 7), "half") for x in range(40)])
    board.set_elevation((149, 119), -3)
    board.set_obscuration((0, 0), "heavy")
    second = map_to_dict(board)
    assert second == _fresh(board)
    assert second["terrain"]["rows"][4] != first["terrain"]["rows"][4]
    assert map_from_dict(json.loads(json.dumps(second))).elevation((149, 119)) == -3
    second["terrain"]["rows"][0] = "changed by a caller"
    assert map_to_dict(board) == _fresh(board)  # a caller's edit never reaches the kept rows


def test_a_narrow_map_writes_plain_rows_and_keeps_them_too():
    board = BattleMap(12, 9)
    assert map_to_dict(board) == _fresh(board)
    board.set_terrain((11, 8), "water")
    assert map_to_dict(board) == _fresh(board)
