"""Reading the rules catalogues shipped in `resources/` (works installed, editable and frozen)."""

from __future__ import annotations

import json
from importlib.resources import files
from typing import Any


class CatalogueError(ValueError):
    """A catalogue (shipped or GM-made) with a missing or malformed field."""


def load_resource(name: str) -> Any:
    """The parsed JSON of `resources/<name>`."""
    try:
        text = files("drase_desktop.resources").joinpath(name).read_text(encoding="utf-8")
    except FileNotFoundError as error:
        raise CatalogueError(f"the rules catalogue {name} is missing from the install") from error
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise CatalogueError(f"{name} is not valid JSON: {error}") from error
