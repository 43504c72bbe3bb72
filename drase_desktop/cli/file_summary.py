"""`drase-desktop check FILE`: read a `.drase`, `.drase-map` or Universal VTT file as the window
would open it, and say in one line what it holds."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from drase_desktop.cli.command import Command


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="a .drase encounter, .drase-map map or Universal VTT file")


def run(arguments: argparse.Namespace) -> int:
    from drase_desktop.ui.files.documents import load_document

    file = Path(arguments.file)
    notes: list[str] = []
    encounter = load_document(file, warnings=notes)
    print(summary_line(file, encounter))
    for note in notes:
        print(f"note: {note}", file=sys.stderr)
    return 0


def summary_line(file: Path, encounter: Any) -> str:
    """`name.drase: ok, encounter "Ford", 12 x 8 tiles, 5 walls, 2 doors (1 open), ...`."""
    from drase_desktop.ui.files.documents import ENCOUNTER_SUFFIX, MAP_SUFFIX, UVTT_SUFFIXES

    battle_map = encounter.battle_map
    name = file.name.lower()
    if name.endswith(MAP_SUFFIX):
        kind = f"map {battle_map.name or file.stem!r}"
    elif name.endswith(UVTT_SUFFIXES):
        kind = "Universal VTT map"
    elif name.endswith(ENCOUNTER_SUFFIX):
        kind = f"encounter {encounter.name!r}"
    else:  # load_document refuses every other kind before this
        kind = "file"
    doors = list(battle_map.doors)
    open_doors = sum(1 for door in doors if not door.closed)
    parts = [
        f"{file.name}: ok, {kind}",
        f"{battle_map.width} x {battle_map.height} tiles",
        counted(len(battle_map.walls), "wall"),
        counted(len(doors), "door") + (f" ({open_doors} open)" if open_doors else ""),
        counted(len(battle_map.lights), "light"),
    ]
    for features, noun in ((battle_map.windows, "window"), (battle_map.objects, "object")):
        if features:
            parts.append(counted(len(features), noun))
    background = battle_map.background
    if background is not None:
        parts.append(f"a picture at {background.pixels_per_tile:g} px per tile")
    parts.append(counted(len(encounter.combatants), "combatant"))
    if encounter.round:
        parts.append(f"round {encounter.round}")
    return ", ".join(parts)


def counted(number: int, noun: str) -> str:
    """ "1 wall", "3 walls"."""
    return f"{number} {noun}{'' if number == 1 else 's'}"


COMMAND = Command(
    name="check",
    summary="check that a file opens; print one line saying what it holds",
    description=(
        "Read a .drase encounter, a .drase-map map or a Universal VTT file (.dd2vtt, .uvtt,"
        " .df2vtt) the way the window opens it. Exit 0 with a one-line summary (size, walls,"
        " doors, lights, combatants), or exit 2 with what is wrong. What the GM should know"
        " about an import that worked is printed on stderr as 'note:' lines."
    ),
    configure=configure,
    run=run,
)
