"""Reading the rules catalogues shipped in `resources/` (works installed, editable and frozen),
and what the catalogues share: entries by name, immutable, extended by copies."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping
from importlib.resources import files
from typing import Any, Protocol, Self, TypeVar

from drase_desktop.refusal import Refusal


class CatalogueError(Refusal):
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


class _Named(Protocol):
    @property
    def name(self) -> str: ...

    def to_dict(self) -> dict[str, Any]: ...


_Entry = TypeVar("_Entry", bound=_Named)


class Catalogue(Mapping[str, _Entry]):
    """Entries by name, found in any case and spacing. Immutable: `with_entry` returns an
    extended copy. A subclass says what an entry is (`what`), the error it raises, how an entry
    is read from a dict (`read_entry`) and the words for a name it lacks (`unknown`)."""

    what = "entry"
    error: type[CatalogueError] = CatalogueError
    unknown = "{name!r} is not in the catalogue; known: {known}"

    def __init__(self, entries: Iterable[_Entry] = ()) -> None:
        self._entries: dict[str, _Entry] = {}
        for entry in entries:
            if entry.name in self._entries:
                raise self.error(f"{self.what} {entry.name!r} is listed twice")
            self._entries[entry.name] = entry

    @staticmethod
    def key(name: object) -> str:
        return " ".join(str(name).lower().split())

    def __getitem__(self, name: str) -> _Entry:
        key = self.key(name)
        if key not in self._entries:
            raise KeyError(name)
        return self._entries[key]

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and self.key(name) in self._entries

    def __iter__(self) -> Iterator[str]:
        return iter(self._entries)

    def __len__(self) -> int:
        return len(self._entries)

    def entry(self, name: str) -> _Entry:
        """The entry for `name`, or the catalogue's error listing what exists."""
        try:
            return self[name]
        except KeyError:
            known = ", ".join(self._entries)
            raise self.error(self.unknown.format(name=name, known=known)) from None

    def with_entry(self, entry: _Entry, *, replace_existing: bool = False) -> Self:
        """A copy with `entry` added (or replacing the same name when asked)."""
        if entry.name in self._entries and not replace_existing:
            raise self.error(f"{self.what} {entry.name!r} already exists")
        entries = dict(self._entries)
        entries[entry.name] = entry
        return self.copy_with(entries.values())

    def with_entries(self, entries: Iterable[Mapping[str, Any]]) -> Self:
        """A copy extended by GM entries (dicts as in the JSON); all validated before any is
        added, so a bad entry adds none."""
        catalogue = self
        for data in entries:
            catalogue = catalogue.with_entry(self.read_entry(data))
        return catalogue

    def to_dicts(self) -> list[dict[str, Any]]:
        return [entry.to_dict() for entry in self._entries.values()]

    def read_entry(self, data: Mapping[str, Any]) -> _Entry:
        raise NotImplementedError

    def copy_with(self, entries: Iterable[_Entry]) -> Self:
        """A catalogue like this one holding `entries`."""
        return type(self)(entries)
