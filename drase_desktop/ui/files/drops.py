"""What a drag carries when it is dropped on the window (anywhere but the map itself).

Two targets take drops, each deciding by the drag's mime data in one module:
- the map view (`map/map_drops.py`): a creature template from the Library dock, or one picture
  onto a token (its art) or an empty tile (a new creature). It is on top, so it sees the drag
  first; what it ignores Qt hands on to the window;
- the window (here): local files (`text/uri-list`), named by their suffix:
  ENCOUNTER (`.drase`) opens; MAP (`.drase-map`, `.dd2vtt`, `.uvtt`, `.df2vtt`) goes under the
  running fight; PICTURE (the map view's own list of picture suffixes) starts a map from it.
Anything else is not ours: the window ignores the drag, so the cursor says "no".
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QMimeData

from drase_desktop.ui.files.documents import ENCOUNTER_SUFFIX, MAP_SUFFIX, UVTT_SUFFIXES
from drase_desktop.ui.map.map_drops import PICTURE_SUFFIXES

ENCOUNTER = "encounter"
MAP = "map"
PICTURE = "picture"
MAP_SUFFIXES = (MAP_SUFFIX, *UVTT_SUFFIXES)


@dataclass(frozen=True)
class DroppedFile:
    kind: str
    path: Path


def file_kind(path: str | Path) -> str | None:
    """ENCOUNTER, MAP or PICTURE for a file name, or None for a file the window does not take."""
    name = Path(path).name.lower()
    if name.endswith(ENCOUNTER_SUFFIX):
        return ENCOUNTER
    if name.endswith(MAP_SUFFIXES):
        return MAP
    if name.endswith(PICTURE_SUFFIXES):
        return PICTURE
    return None


def dropped_files(mime: QMimeData) -> list[DroppedFile]:
    """The local files of a drop that the window takes, in the order they were dragged."""
    if not mime.hasUrls():
        return []
    found = []
    for url in mime.urls():
        if not url.isLocalFile():
            continue
        path = Path(url.toLocalFile())
        kind = file_kind(path)
        if kind is not None:
            found.append(DroppedFile(kind, path))
    return found
