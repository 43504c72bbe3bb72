"""Where a fuzz test may damage a JSON document: every place in it, named by its keys and
indexes."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any


def json_places(
    value: Any, *, skip: Collection[str] = (), path: tuple[Any, ...] = ()
) -> list[tuple[Any, ...]]:
    """Every place in decoded JSON, parents before their children: each object's fields (but
    those named in `skip`, with what they hold) and the first three items of each list."""
    found = [path] if path else []
    if isinstance(value, dict):
        for key, item in value.items():
            if key not in skip:
                found += json_places(item, skip=skip, path=(*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value[:3]):
            found += json_places(item, skip=skip, path=(*path, index))
    return found
