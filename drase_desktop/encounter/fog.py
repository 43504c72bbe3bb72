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
"""

from __future__ import annotations

import math
from array import array
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from drase_desktop.board.barrier_index import barrier_index
from drase_desktop.board.battle_map import BLOCKED_CODE, OBSCURATION_LEVELS
from drase_desktop.board.sight import obscuration_layer
from drase_desktop.board.sight_rows import eye_rows, sight_index

# Whose eyes reveal the fog is one of the players' view decisions; kept importable from here.
from drase_desktop.encounter.player_projection import player_viewers as player_viewers
from drase_desktop.refusal import Refusal

Position = tuple[int, int]

# Beyond this many tiles a brush is a mistake (a map side is at most 500 tiles).
MAX_BRUSH_RADIUS = 50
_TOTAL = OBSCURATION_LEVELS.index("total")


class FogError(Refusal):
    """A fog operation that cannot be done; the message is for the GM, the fog is unchanged."""


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
        seen = _Sight(battle_map).seen_rows(viewers, radius, progress)
        width = self.width
        for y, row in enumerate(seen):
            if row:  # only the tiles still fogged are flipped
                revealed = _row_bits(self._cells[y * width : (y + 1) * width], _REVEALED_TABLE)
                seen[y] = row & ~revealed
        return self._set_indices(_indices(seen, width), True, "Reveal what the players see")

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


# ---------------------------------------------------------------------- shapes
def _tile(pos: Any, what: str) -> Position:
    try:
        x, y = pos
    except (TypeError, ValueError):
        raise FogError(f"{what} must be an (x, y) tile, not {pos!r}") from None
    if (
        isinstance(x, bool)
        or isinstance(y, bool)
        or not (isinstance(x, int) and isinstance(y, int))
    ):
        raise FogError(f"{what} must be a pair of whole numbers, not {pos!r}")
    return (x, y)


def brush_tiles(centre: Position, radius: int, width: int, height: int) -> list[Position]:
    """A round brush: tiles within `radius` tiles of `centre` (0 is the tile alone), on the map."""
    cx, cy = _tile(centre, "brush centre")
    if (
        isinstance(radius, bool)
        or not isinstance(radius, int)
        or not 0 <= radius <= MAX_BRUSH_RADIUS
    ):
        raise FogError(f"brush radius must be 0 to {MAX_BRUSH_RADIUS} tiles, not {radius!r}")
    # r * r + r rounds the disc out: radius 1 is a 3 x 3 square, radius 2 a 5 x 5 less corners.
    limit = radius * radius + radius
    return [
        (x, y)
        for y in range(max(0, cy - radius), min(height, cy + radius + 1))
        for x in range(max(0, cx - radius), min(width, cx + radius + 1))
        if (x - cx) ** 2 + (y - cy) ** 2 <= limit
    ]


def rect_tiles(corner: Position, other: Position, width: int, height: int) -> list[Position]:
    """Every tile of the rectangle between two corner tiles (both included), on the map."""
    ax, ay = _tile(corner, "rectangle corner")
    bx, by = _tile(other, "rectangle corner")
    x0, x1 = max(0, min(ax, bx)), min(width - 1, max(ax, bx))
    y0, y1 = max(0, min(ay, by)), min(height - 1, max(ay, by))
    return [(x, y) for y in range(y0, y1 + 1) for x in range(x0, x1 + 1)]


def room_tiles(battle_map: Any, start: Position) -> set[Position]:
    """The room around `start`: a flood across tile edges no wall, closed door or window crosses
    (objects stand inside a room and never bound one).

    Blocked terrain (solid rock drawn as tiles) bounds a room too: its rim tiles are part of
    the room, so the players see the room's walls, but the flood does not pass through them.

    The outside of a map is not a room: when the map has rooms closed in by walls, a flood
    that runs off the map's edge is the outside around them, and is refused (FogError). A map
    with no closed room (a field, or rooms drawn up to the map's edge) keeps its edge as the
    rooms' bound.
    """
    start = _tile(start, "room start")
    if not battle_map.in_bounds(start):
        raise FogError(f"tile {start} is outside the {battle_map.width} x {battle_map.height} map")
    room, open_to_edge = _flood_room(battle_map, start)
    if open_to_edge and _has_closed_room(battle_map, room):
        raise FogError(
            f"Tile {start} is outside the rooms: no walls close it in, so there is no room to"
            " reveal or hide there. Use the brush or the rectangle for the outside."
        )
    return room


def _flood_room(battle_map: Any, start: Position) -> tuple[set[Position], bool]:
    """The flood from `start` and whether it runs off the map's edge through a side no wall,
    closed door or window closes."""
    width, height = battle_map.width, battle_map.height
    terrain = battle_map.layer_codes("terrain")
    barriers = barrier_index(battle_map, "rooms")
    room = {start}
    if terrain[start[1] * width + start[0]] == BLOCKED_CODE:
        return room, False
    open_to_edge = False
    queue = deque([start])
    while queue:
        x, y = queue.popleft()
        for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if (nx, ny) in room:
                continue
            if barriers.step_blocked((x, y), (nx, ny)):
                continue
            if not (0 <= nx < width and 0 <= ny < height):
                open_to_edge = True
                continue
            room.add((nx, ny))
            if terrain[ny * width + nx] != BLOCKED_CODE:
                queue.append((nx, ny))
    return room, open_to_edge


def _has_closed_room(battle_map: Any, outside: set[Position]) -> bool:
    """Does the map hold a room its walls close in (one whose flood never reaches the edge)?
    Tiles of `outside` are known to reach it."""
    seen = set(outside)
    terrain = battle_map.layer_codes("terrain")
    width = battle_map.width
    for tile in battle_map.positions():
        if tile in seen or terrain[tile[1] * width + tile[0]] == BLOCKED_CODE:
            continue
        room, open_to_edge = _flood_room(battle_map, tile)
        if not open_to_edge:
            return True
        seen |= room
    return False


# progress(done, total) -> False to stop
Progress = Callable[[int, int], bool]


class RevealCancelled(FogError):
    """The GM stopped a reveal before it finished; the fog is unchanged."""


def sight_bound(battle_map: Any, position: Position, footprint: int = 1) -> float | None:
    """How far (tiles, centre to tile centre) a creature could possibly see anything, from the
    light alone: in darkness only tiles within twice a light's radius of it (dim light, ruling
    23) are not in total obscuration, so nothing beyond the farthest of them can be revealed.
    None when the ambient light is not dark (then the light bounds nothing)."""
    if battle_map.ambient_light != "dark":
        return None
    cx, cy = position[0] + footprint / 2, position[1] + footprint / 2
    far = 0.0
    for light in battle_map.lights:
        lx, ly = light.position
        far = max(far, math.hypot(lx - cx, ly - cy) + 2 * light.radius)
    return far


def seen_by(
    battle_map: Any,
    viewers: Iterable[tuple[Position, int]],
    *,
    radius: float | None = None,
    progress: Progress | None = None,
) -> set[Position]:
    """Every tile one of the `viewers` sees (`seen_tiles` of each, joined), each bounded by
    `radius` (a sight range) and by the light (`sight_bound`).

    Work is shared: the map's walls are filed once for every viewer, viewers on the same tiles
    look once, and a viewer whose whole bounded view is already seen by others is skipped (its
    own view lies inside that bound). Raises RevealCancelled when `progress` returns False."""
    sight = _Sight(battle_map)
    return sight.tiles(sight.seen_rows(viewers, radius, progress))


def seen_tiles(
    battle_map: Any,
    position: Position,
    footprint: int = 1,
    *,
    radius: float | None = None,
    light: bytes | bytearray | None = None,
) -> set[Position]:
    """Tiles a creature at `position` sees: a line from one of its tiles' centres to the tile's
    centre that no wall or closed door touches (the board's line of sight), and a tile not in
    total obscuration (darkness or a total zone, ruling 23). Its own tiles it always knows.

    The view spreads outward from the creature through tiles in its line of sight (a tile in
    sight that only a wall's gap too narrow to pass any tile's centre would connect stays
    unseen), so a closed room yields only its own tiles. `radius` (tiles) bounds it; None is
    the whole map. `light` is `obscuration_layer(battle_map)` when the caller has it.
    """
    sight = _Sight(battle_map, light)
    rows = [0] * battle_map.height
    sight.add_view(rows, _tile(position, "viewer"), footprint, radius)
    return sight.tiles(rows)


_CLEAR_TABLE = bytes(b"0"[0] if code == _TOTAL else b"1"[0] for code in range(256))
_REVEALED_TABLE = bytes(b"1"[0] if code else b"0"[0] for code in range(256))


def _row_bits(codes: bytes | bytearray | memoryview, table: bytes) -> int:
    """One row of byte codes as a bit mask (bit x: tile x), through a byte-to-'0'/'1' table."""
    return int(bytes(codes).translate(table)[::-1], 2)


class _Sight:
    """One reveal's view of the map: its walls (filed once per map, `sight_index`), and which
    tiles are not in total obscuration, a row of tiles to a Python integer (bit x: tile x).

    A viewer's view is built a row at a time: each eye's rows in sight (`eye_rows`), joined,
    cut to the sight range, then spread from the viewer's own tiles through neighbouring tiles
    in sight, as the plain search spreads tile by tile."""

    def __init__(self, battle_map: Any, light: bytes | bytearray | None = None) -> None:
        self.map = battle_map
        self.width, self.height = battle_map.width, battle_map.height
        self.index = sight_index(battle_map)
        codes = light if light is not None else obscuration_layer(battle_map)
        width = self.width
        self.clear = [
            _row_bits(codes[y * width : (y + 1) * width], _CLEAR_TABLE) for y in range(self.height)
        ]

    def seen_rows(
        self,
        viewers: Iterable[tuple[Position, int]],
        radius: float | None,
        progress: Progress | None,
    ) -> list[int]:
        unique = list(
            dict.fromkeys((_tile(position, "viewer"), footprint) for position, footprint in viewers)
        )
        rows = [0] * self.height
        total = len(unique)
        for done, (position, footprint) in enumerate(unique):
            bounds = [
                b for b in (radius, sight_bound(self.map, position, footprint)) if b is not None
            ]
            self.add_view(rows, position, footprint, min(bounds) if bounds else None)
            if progress is not None and not progress(done + 1, total):
                raise RevealCancelled("the reveal was stopped; the fog is unchanged")
        return rows

    def add_view(
        self, rows: list[int], position: Position, footprint: int, bound: float | None
    ) -> None:
        """Join into `rows` what a creature at `position` sees within `bound` tiles."""
        px, py = position
        width, height = self.width, self.height
        own_tiles = [
            (px + i, py + j)
            for j in range(footprint)
            for i in range(footprint)
            if 0 <= px + i < width and 0 <= py + j < height
        ]
        if not own_tiles:
            raise FogError(f"a viewer at {position} is off the map")
        cx, cy = px + footprint / 2, py + footprint / 2
        limit = math.inf if bound is None else float(bound) + footprint / 2
        if limit == math.inf:
            row_lo, row_hi, col_lo, col_hi = 0, height - 1, 0, width - 1
        else:
            row_lo = max(0, min(py, math.floor(cy - limit - 0.5) - 1))
            row_hi = min(height - 1, max(py + footprint - 1, math.ceil(cy + limit - 0.5) + 1))
            col_lo = max(0, min(px, math.floor(cx - limit - 0.5) - 1))
            col_hi = min(width - 1, max(px + footprint - 1, math.ceil(cx + limit - 0.5) + 1))
        allowed = [
            _within_row((cx, cy), limit, y, col_lo, col_hi) for y in range(row_lo, row_hi + 1)
        ]
        own = [0] * len(allowed)
        for x, y in own_tiles:
            own[y - row_lo] |= 1 << x
        clear = self.clear
        if bound is not None and all(
            not ((mask & clear[row_lo + i]) | own[i]) & ~rows[row_lo + i]
            for i, mask in enumerate(allowed)
        ):
            return  # everything it could see within its bound is seen already
        segments = self.index.near(col_lo + 0.5, row_lo + 0.5, col_hi + 0.5, row_hi + 0.5)
        in_sight = own[:]
        for eye in own_tiles:
            for i, mask in enumerate(eye_rows(segments, eye, row_lo, allowed)):
                in_sight[i] |= mask
        reached = _spread(own, in_sight, width)
        for i, mask in enumerate(reached):
            rows[row_lo + i] |= mask & (clear[row_lo + i] | own[i])

    def tiles(self, rows: list[int]) -> set[Position]:
        return {(index % self.width, index // self.width) for index in _indices(rows, self.width)}


def _within_row(centre: tuple[float, float], limit: float, y: int, first: int, last: int) -> int:
    """Row y's tiles from `first` to `last` whose centres lie within `limit` of `centre` (as
    `math.dist` measures it), as a mask."""
    if limit == math.inf:
        return ((1 << (last - first + 1)) - 1) << first
    cx, cy = centre
    dy = y + 0.5 - cy
    half = math.sqrt(max(0.0, limit * limit - dy * dy))
    low = max(first, math.ceil(cx - half - 0.5))
    high = min(last, math.floor(cx + half - 0.5))

    def inside(x: int) -> bool:
        return math.dist(centre, (x + 0.5, y + 0.5)) <= limit

    # The square root only estimates the ends; math.dist settles them.
    while low > first and inside(low - 1):
        low -= 1
    while high < last and inside(high + 1):
        high += 1
    while low <= high and not inside(low):
        low += 1
    while high >= low and not inside(high):
        high -= 1
    return ((1 << (high - low + 1)) - 1) << low if low <= high else 0


def _runs_holding(seeds: int, mask: int, width: int) -> int:
    """The runs of set bits of `mask` that hold a bit of `seeds` (seeds within mask)."""
    # Upward: adding a seed carries through the rest of its run.
    up = (((mask + seeds) ^ mask) & mask) | seeds
    # Downward: doubling steps, each reaching twice as far through unbroken runs.
    down, unbroken, shift = seeds, mask, 1
    while shift < width and unbroken:
        down |= unbroken & (down >> shift)
        unbroken &= unbroken >> shift
        shift <<= 1
    return up | down


def _spread(seeds: list[int], passable: list[int], width: int) -> list[int]:
    """The tiles of `passable` joined to `seeds` through neighbouring tiles (8 ways), rows as
    masks: down the rows, then up, until nothing more joins."""
    reached = [_runs_holding(s, p, width) if s else 0 for s, p in zip(seeds, passable, strict=True)]
    count = len(reached)
    changed = True
    while changed:
        changed = False
        for order, step in ((range(1, count), -1), (range(count - 2, -1, -1), 1)):
            for i in order:
                near = reached[i + step]
                if not near:
                    continue
                grow = (near | (near << 1) | (near >> 1)) & passable[i] & ~reached[i]
                if grow:
                    reached[i] |= _runs_holding(grow, passable[i], width)
                    changed = True
    return reached


def _indices(rows: list[int], width: int) -> list[int]:
    """The tile indices (y * width + x) of the set bits of row masks, in order."""
    indices: list[int] = []
    for y, row in enumerate(rows):
        if not row:
            continue
        bits = format(row, "b")[::-1]
        base = y * width
        start = bits.find("1")
        while start != -1:
            end = bits.find("0", start)
            if end == -1:
                end = len(bits)
            indices.extend(range(base + start, base + end))
            start = bits.find("1", end)
    return indices


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
