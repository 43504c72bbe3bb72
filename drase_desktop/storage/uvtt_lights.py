"""A Universal VTT file's light: its lights (a UVTT range is where the light fades out, so the
board's radius is half of it), its ambient colour as bright, dim or dark, and baked lighting."""

from __future__ import annotations

from typing import Any

from drase_desktop.storage.uvtt_error import UvttImportError
from drase_desktop.storage.uvtt_fields import (
    MAX_TILES_PER_SIDE,
    describe,
    number_field,
    place_field,
    require_field,
    shifted,
)

BRIGHT_LUMA = 0.6
DIM_LUMA = 0.2


def baked_lighting(document: dict[str, Any]) -> bool:
    environment = document.get("environment")
    if not isinstance(environment, dict):
        return False
    return environment.get("baked_lighting") is True


def read_light(
    item: Any, where: str, origin: tuple[float, float]
) -> tuple[tuple[float, float], float] | None:
    if not isinstance(item, dict):
        raise UvttImportError(f"'{where}' must be an object, not {describe(item)}.")
    position = shifted(
        place_field(require_field(item, "position", dict, where), f"{where}.position"), origin
    )
    reach = number_field(require_field(item, "range", (int, float), where), f"{where}.range")
    if reach < 0:
        raise UvttImportError(f"'{where}.range' is {reach:g}; a light's range cannot be negative.")
    if reach > 4 * MAX_TILES_PER_SIDE:
        raise UvttImportError(f"'{where}.range' is {reach:g} tiles, which is not a real light.")
    if reach == 0:
        return None  # lights nothing
    return position, reach / 2


def read_ambient(document: dict[str, Any]) -> str:
    environment = document.get("environment")
    if environment is None:
        return "bright"
    if not isinstance(environment, dict):
        raise UvttImportError(f"'environment' must be an object, not {describe(environment)}.")
    colour = environment.get("ambient_light")
    if colour is None:
        return "bright"
    return ambient_from_colour(colour)


def ambient_from_colour(colour: Any) -> str:
    """ "bright", "dim" or "dark" for a UVTT ambient colour ("AARRGGBB" or "RRGGBB" hex)."""
    if not isinstance(colour, str):
        raise UvttImportError(
            f"'environment.ambient_light' must be a hex colour, not {describe(colour)}."
        )
    text = colour.strip().removeprefix("#")
    try:
        if len(text) not in (6, 8):
            raise ValueError
        value = int(text, 16)
    except ValueError:
        raise UvttImportError(
            f"'environment.ambient_light' is {describe(colour)}; expected a hex colour like"
            " 'ffffffff'."
        ) from None
    red, green, blue = (value >> 16) & 0xFF, (value >> 8) & 0xFF, value & 0xFF
    # Luma in ten-thousandths of full white, in integers so the thresholds are exact.
    luma = 2126 * red + 7152 * green + 722 * blue
    if luma >= round(BRIGHT_LUMA * 255 * 10000):
        return "bright"
    if luma >= round(DIM_LUMA * 255 * 10000):
        return "dim"
    return "dark"
