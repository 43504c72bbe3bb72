"""The GM's own catalogue entries, status effects (ruling 14) and actions (ruling 15): the one
way an encounter adds one to what it keeps."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from drase_desktop.encounter.errors import EncounterError
from drase_desktop.rules.resource_data import Catalogue, CatalogueEntry, CatalogueError

E = TypeVar("E", bound=CatalogueEntry)


def add_gm_entry(make: Callable[[], E], catalogue: Catalogue[E], own: list[E]) -> E:
    """The entry `make` builds, kept in `own` (the encounter's list of GM entries): the rules'
    refusal of a malformed one, and a name `catalogue` already holds, are refused in words."""
    try:
        entry = make()
    except CatalogueError as error:
        raise EncounterError(str(error)) from error
    if entry.name in catalogue:
        raise EncounterError(
            f"{entry.kind_words().capitalize()} named {entry.name!r} already exists"
        )
    own.append(entry)
    return entry
