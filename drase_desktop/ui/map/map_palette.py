"""Colours of the map, chosen to be read from across a table: strong, few, distinct."""

from __future__ import annotations

import zlib

from PySide6.QtGui import QColor

from drase_desktop.rules.health import BADLY_HURT, BLOODIED, DOWN, UNHURT, WOUNDED

TERRAIN_COLOURS: dict[str, QColor] = {
    "normal": QColor("#ece6d6"),
    "difficult": QColor("#c9b27c"),
    "soft": QColor("#e3d09a"),
    "rocky": QColor("#a39d94"),
    "mud": QColor("#95724f"),
    "swamp": QColor("#7f8f57"),
    "shallow-water": QColor("#9fcbea"),
    "water": QColor("#2f6fb8"),
    "blocked": QColor("#2b2b2b"),
}
UNKNOWN_TERRAIN = QColor("#ff00ff")

# Opaque on plain terrain: translucent 1-pixel lines are several times dearer to rasterise.
GRID_LINE = QColor("#9b968b")
GRID_LINE_ON_IMAGE = QColor(255, 255, 255, 120)
WALL = QColor("#111111")
WALL_EDGE = QColor("#f5f5f5")
DOOR_CLOSED = QColor("#8b4513")
DOOR_OPEN = QColor("#b5651d")
# Windows: pale glass blue over a dark edge; objects (pillars, tables): a stone outline with a
# translucent fill, so the picture under them still shows.
WINDOW = QColor("#8fd3ff")
OBJECT_EDGE = QColor("#f0e6c8")
OBJECT_FILL = QColor(60, 50, 35, 110)
SELECTED_FEATURE = QColor("#ffcc00")
CLIFF = QColor("#5a1e00")

COVER_COLOURS: dict[str, QColor] = {
    "half": QColor(120, 85, 40, 200),
    "three-quarter": QColor(90, 60, 25, 220),
    "full": QColor(45, 30, 15, 235),
    "embrasure": QColor(45, 30, 15, 235),
}
COVER_TEXT: dict[str, str] = {"half": "½", "three-quarter": "¾", "full": "", "embrasure": "▭"}

# Light: darkness tints the map; obscuration zones fog it.
# Dark enough to read as night, light enough that the GM still sees the ground under it.
DIM_TINT = QColor(10, 20, 60, 80)
DARK_TINT = QColor(0, 0, 25, 140)
LIGHT_SOURCE = QColor("#ffc107")
FOG_TINTS: dict[str, QColor] = {
    "light": QColor(235, 235, 245, 70),
    "heavy": QColor(215, 215, 230, 135),
    "total": QColor(190, 190, 205, 200),
}

REACHABLE = QColor(40, 190, 80, 80)
REACHABLE_EDGE = QColor(20, 120, 50, 200)
PATH_OK = QColor("#ffffff")
PATH_OK_OUTLINE = QColor("#1b5e20")
PATH_OVER = QColor("#e53935")
PATH_OVER_FILL = QColor(229, 57, 53, 90)
RULER = QColor("#ffd400")
RULER_OUTLINE = QColor("#202020")

LABEL_BACKGROUND = QColor(20, 20, 20, 225)
LABEL_TEXT = QColor("#ffffff")
LABEL_WARNING = QColor("#ff8a80")

SELECTION = QColor("#ffd400")
# The round's marks on a token: white on near-black (over 15:1) whatever the map beneath.
MARK_PLATE = QColor(20, 20, 24, 225)
MARK_TEXT = QColor("#ffffff")
# Where the ground steps one tile up or down, when the map is too small for height numbers.
HEIGHT_CONTOUR = QColor(40, 30, 10, 200)
HP_GOOD = QColor("#2ecc40")
HP_HURT = QColor("#ffb000")
HP_LOW = QColor("#ff3b30")
# A token's HP bar by the core's health band: bloodied amber, a quarter or less red.
HP_BAND_COLOURS = {
    UNHURT: HP_GOOD,
    WOUNDED: HP_GOOD,
    BLOODIED: HP_HURT,
    BADLY_HURT: HP_LOW,
    DOWN: HP_LOW,
}
HP_BACK = QColor(0, 0, 0, 200)
INCAPACITATED = QColor("#8a8a8a")
INCAPACITATED_CROSS = QColor("#d50000")

SIDE_COLOURS: dict[str, QColor] = {
    "players": QColor("#1f6fe0"),
    "gm": QColor("#d32f2f"),
}
# Further factions get distinct colours that are neither the players' blue nor the GM's red.
FACTION_COLOURS = (
    QColor("#2e9d4a"),
    QColor("#f08c00"),
    QColor("#8e44ad"),
    QColor("#00a3a3"),
    QColor("#b8860b"),
    QColor("#d6336c"),
    QColor("#5c6b73"),
)


def side_colour(side: str) -> QColor:
    """The token colour of a side; stable for a faction name across runs."""
    if side in SIDE_COLOURS:
        return QColor(SIDE_COLOURS[side])
    return QColor(FACTION_COLOURS[zlib.crc32(side.encode("utf-8")) % len(FACTION_COLOURS)])


def terrain_colour(kind: str) -> QColor:
    return TERRAIN_COLOURS.get(kind, UNKNOWN_TERRAIN)
