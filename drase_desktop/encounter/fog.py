"""The fog of war: which tiles the players have seen.

One byte per tile (1 revealed, 0 fogged), row by row like the board's layers, so a 500 x 500 map
costs 250 kB and a painter can turn it into an image in one call. The GM reveals and hides with a
brush, a rectangle, a room (flooded up to walls and closed doors), or "what the players' tokens
can see" (line of sight through walls and closed doors, and light, as the board rules it).

Every reveal or hide is an operation returning a `FogChange` with the same face as an encounter
`Change` (`description`, `undo()`, `redo()`, both idempotent), so the window wraps it in one
QUndoCommand. A change keeps only the tiles it flipped, not a copy of the whole fog.

An encounter without fog data (an older file, a new encounter) is all revealed: nothing the GM
had on the table disappears until the GM hides it.

The tools' tiles come from fog_shapes.py (brush, rectangle), fog_rooms.py (a room) and
fog_sight.py (what the tokens see); their names are importable from here too.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Iterator
from typing import Any

from drase_desktop.encounter.fog_error import FogError, RevealCancelled
from drase_desktop.encounter.fog_rooms import room_tiles
from drase_desktop.encounter.fog_shapes import MAX_BRUSH_RADIUS, brush_tiles, rect_tiles
from drase_desktop.encounter.fog_sight import (
    FogSight,
    Progress,
    row_bits,
    row_indices,
    seen_by,
    seen_tiles,
    sight_bound,
)

# Whose eyes reveal the fog is one of the players' view decisions; kept importable from here.
from drase_desktop.encounter.player_projection import player_viewers as player_viewers

__all__ = [
    "MAX_BRUSH_RADIUS",
    "Fog",
    "FogChange",
    "FogError",
    "Position",
    "Progress",
    "RevealCancelled",
    "brush_tiles",
    "fog_of",
    "player_viewers",
    "rect_tiles",
    "room_tiles",
    "seen_by",
    "seen_tiles",
    "sight_bound",
]

Position = tuple[int, int]
# Each fog byte as a '1' (revealed) or '0', for a row's bit mask.
_REVEALED_TABLE = bytes(b"1"[0] if code else b"0"[0] for code in range(256))


class FogChange:
    """What one fog operation flipped, and how to take it back.

    Shaped like `encounter.change.Change`: `description`, `changed_ids` (always empty: no
    combatant changes), `round_changed` (False), `log_entries` (none), `result` (the number of
    tiles flipped), and idempotent `undo()` / `redo()`.
    """

    changed_ids: tuple[str, ...] = ()
    round_changed = False
    log_entries: tuple[Any, ...] = ()
    log_changed = False

    def __init__(self, fog: Fog, description: str, indices: array[int], revealed: bool) -> None:
        self._fog = fog
        self.description = description
        self._indices = indices
        self._revealed = revealed
        self._size = (fog.width, fog.height)

    @property
    def result(self) -> int:
        return len(self._indices)

    @property
    def count(self) -> int:
        """How many tiles the operation flipped (0: it changed nothing)."""
        return len(self._indices)

    @property
    def tiles(self) -> list[Position]:
        width = self._fog.width
        return [(i % width, i // width) for i in self._indices]

    def undo(self) -> None:
        self._write(not self._revealed)

    def redo(self) -> None:
        self._write(self._revealed)

    def _write(self, revealed: bool) -> None:
        # Tiles are kept as indices of the fog's size then; after a resize they mean nothing.
        if (self._fog.width, self._fog.height) == self._size:
            self._fog._write(self._indices, revealed)

    def __repr__(self) -> str:
        return f"FogChange({self.description!r}, tiles={self.count})"


class Fog:
    """The revealed tiles of a `width` x `height` map."""

    def __init__(self, width: int, height: int, *, revealed: bool = True) -> None:
        for label, side in (("width", width), ("height", height)):
            if isinstance(side, bool) or not isinstance(side, int) or side < 1:
                raise FogError(f"fog {label} must be a whole number of tiles, not {side!r}")
        self.width = width
        self.height = height
        self._cells = bytearray([1 if revealed else 0]) * (width * height)
        # Bumped on every write so painters can tell a stale picture (cheap to compare).
        self.revision = 0

    @classmethod
    def for_map(cls, battle_map: Any, *, revealed: bool = True) -> Fog:
        return cls(battle_map.width, battle_map.height, revealed=revealed)

    # ------------------------------------------------------------------ reading
    def in_bounds(self, pos: Position) -> bool:
        return 0 <= pos[0] < self.width and 0 <= pos[1] < self.height

    def is_revealed(self, pos: Position) -> bool:
        """Off-map tiles count as fogged: nothing outside the map is shown to players."""
        x, y = pos
        return self.in_bounds(pos) and bool(self._cells[y * self.width + x])

    def codes(self) -> bytes:
        """One byte per tile, row by row: 1 revealed, 0 fogged (for painters)."""
        return bytes(self._cells)

    @property
    def revealed_count(self) -> int:
        return self._cells.count(1)

    @property
    def all_revealed(self) -> bool:
        return 0 not in self._cells

    def revealed_tiles(self) -> set[Position]:
        width = self.width
        return {(i % width, i // width) for i, v in enumerate(self._cells) if v}

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Fog)
            and (self.width, self.height) == (other.width, other.height)
            and self._cells == other._cells
        )

    def copy(self) -> Fog:
        other = Fog(self.width, self.height)
        other._cells[:] = self._cells
        return other

    # ------------------------------------------------------------------ operations
    def reveal(self, tiles: Iterable[Position], description: str = "Reveal tiles") -> FogChange:
        return self._set(tiles, True, description)

    def hide(self, tiles: Iterable[Position], description: str = "Hide tiles") -> FogChange:
        return self._set(tiles, False, description)

    def reveal_all(self) -> FogChange:
        return self._set_indices(range(self.width * self.height), True, "Reveal the whole map")

    def hide_all(self) -> FogChange:
        return self._set_indices(range(self.width * self.height), False, "Hide the whole map")

    def brush(self, centre: Position, radius: int, *, reveal: bool) -> FogChange:
        tiles = brush_tiles(centre, radius, self.width, self.height)
        verb = "Reveal" if reveal else "Hide"
        return self._set(tiles, reveal, f"{verb} around {tuple(centre)}")

    def rectangle(self, corner: Position, other: Position, *, reveal: bool) -> FogChange:
        tiles = rect_tiles(corner, other, self.width, self.height)
        verb = "Reveal" if reveal else "Hide"
        return self._set(tiles, reveal, f"{verb} {tuple(corner)}-{tuple(other)}")

    def room(self, battle_map: Any, start: Position, *, reveal: bool) -> FogChange:
        self._check_map(battle_map)
        tiles = room_tiles(battle_map, start)
        verb = "Reveal" if reveal else "Hide"
        return self._set(tiles, reveal, f"{verb} the room at {tuple(start)}")

    def reveal_seen(
        self,
        battle_map: Any,
        viewers: Iterable[tuple[Position, int]],
        *,
        radius: float | None = None,
        progress: Progress | None = None,
    ) -> FogChange:
        """Reveal what creatures standing at `viewers` ((position, footprint) pairs) can see,
        up to `radius` tiles (None: as far as the light lets them; see `seen_by`).

        `progress(done, total)` is told after each viewer; when it returns False the reveal
        stops and raises RevealCancelled, the fog unchanged."""
        self._check_map(battle_map)
        seen = FogSight(battle_map).seen_rows(viewers, radius, progress)
        width = self.width
        for y, row in enumerate(seen):
            if row:  # only the tiles still fogged are flipped
                revealed = row_bits(self._cells[y * width : (y + 1) * width], _REVEALED_TABLE)
                seen[y] = row & ~revealed
        return self._set_indices(row_indices(seen, width), True, "Reveal what the players see")

    def fit(self, width: int, height: int) -> None:
        """Follow a resized map: kept tiles keep their state; new ones are revealed when the
        fog was all revealed, fogged otherwise (a secret map stays secret). Not undoable: the
        map edit that resized carries the undo."""
        if (width, height) == (self.width, self.height):
            return
        fresh = Fog(width, height, revealed=self.all_revealed)
        for y in range(min(height, self.height)):
            row = self._cells[y * self.width : y * self.width + min(width, self.width)]
            fresh._cells[y * width : y * width + len(row)] = row
        self.width, self.height, self._cells = width, height, fresh._cells
        self.revision += 1

    def shifted(self, width: int, height: int, shift: Position = (0, 0)) -> Fog:
        """A new fog for a `width` x `height` map whose ground moved by `shift` tiles (a resize
        at the left or top edge): each tile keeps its state where it lands; new ground is
        revealed when this fog was all revealed, fogged otherwise. This fog is not touched,
        so a map replacement can swap the two for undo."""
        fresh = Fog(width, height, revealed=self.all_revealed)
        dx, dy = shift
        for y in range(max(0, -dy), min(self.height, height - dy)):
            x0, x1 = max(0, -dx), min(self.width, width - dx)
            if x1 <= x0:
                continue
            start = (y + dy) * width + x0 + dx
            fresh._cells[start : start + x1 - x0] = self._cells[
                y * self.width + x0 : y * self.width + x1
            ]
        return fresh

    # ------------------------------------------------------------------ the file
    def to_dict(self) -> dict[str, Any]:
        """Human-readable and compact: runs of revealed tiles as [x, y, length]."""
        return {"width": self.width, "height": self.height, "revealed": list(self._runs())}

    def _runs(self) -> Iterator[list[int]]:
        width = self.width
        for y in range(self.height):
            row = self._cells[y * width : (y + 1) * width]
            x = row.find(1)
            while x != -1:
                end = row.find(0, x)
                if end == -1:
                    end = width
                yield [x, y, end - x]
                x = row.find(1, end)

    @classmethod
    def from_dict(cls, data: Any, width: int, height: int) -> Fog:
        """The fog of a `width` x `height` map from `to_dict` output; FogError names the field."""
        if not isinstance(data, dict):
            raise FogError("fog must be an object")
        for key, expected in (("width", width), ("height", height)):
            value = data.get(key)
            if value != expected or isinstance(value, bool):
                raise FogError(f"fog.{key} is {value!r} but the map's {key} is {expected}")
        runs = data.get("revealed")
        if not isinstance(runs, list):
            raise FogError("fog.revealed must be a list of [x, y, length] runs")
        fog = cls(width, height, revealed=False)
        for index, run in enumerate(runs):
            where = f"fog.revealed[{index}]"
            if (
                not isinstance(run, list)
                or len(run) != 3
                or any(isinstance(v, bool) or not isinstance(v, int) for v in run)
            ):
                raise FogError(f"{where} must be three whole numbers [x, y, length], not {run!r}")
            x, y, length = run
            if not (0 <= x < width and 0 <= y < height and 1 <= length <= width - x):
                raise FogError(f"{where} {run} runs outside the {width} x {height} map")
            start = y * width + x
            fog._cells[start : start + length] = b"\x01" * length
        return fog

    # ------------------------------------------------------------------ machinery
    def _check_map(self, battle_map: Any) -> None:
        if (battle_map.width, battle_map.height) != (self.width, self.height):
            raise FogError(
                f"the fog covers {self.width} x {self.height} tiles but the map is"
                f" {battle_map.width} x {battle_map.height}"
            )

    def _set(self, tiles: Iterable[Position], revealed: bool, description: str) -> FogChange:
        width = self.width
        indices = []
        for pos in tiles:
            try:
                x, y = pos
            except (TypeError, ValueError):
                raise FogError(f"a tile is an (x, y) pair, not {pos!r}") from None
            if isinstance(x, bool) or isinstance(y, bool):
                raise FogError(f"a tile is a pair of whole numbers, not {pos!r}")
            if not (isinstance(x, int) and isinstance(y, int) and self.in_bounds((x, y))):
                raise FogError(f"tile {pos!r} is outside the {self.width} x {self.height} map")
            indices.append(y * width + x)
        return self._set_indices(indices, revealed, description)

    def _set_indices(self, indices: Iterable[int], revealed: bool, description: str) -> FogChange:
        value = 1 if revealed else 0
        cells = self._cells
        flipped = array("i", sorted({i for i in indices if cells[i] != value}))
        change = FogChange(self, description, flipped, revealed)
        change.redo()
        return change

    def _write(self, indices: array[int], revealed: bool) -> None:
        value = 1 if revealed else 0
        cells = self._cells
        for i in indices:
            cells[i] = value
        self.revision += 1


def fog_of(encounter: Any) -> Fog:
    """The encounter's fog, fitted to its map (created all revealed if it has none yet)."""
    battle_map = encounter.battle_map
    fog = getattr(encounter, "fog", None)
    if fog is None:
        fog = Fog.for_map(battle_map)
        encounter.fog = fog
    else:
        fog.fit(battle_map.width, battle_map.height)
    return fog
