"""Reading the rules catalogues shipped in `resources/` (works installed, editable and frozen),
and what the catalogues share: entries by name, immutable, extended by copies."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import Field, asdict, fields
from importlib.resources import files
from typing import Any, ClassVar, Protocol, Self, TypeVar, cast

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


class CatalogueEntry:
    """What every catalogue's entry (a frozen dataclass) shares: the words for its kind and the
    error it raises, read from a JSON object that names only its fields, written back as one."""

    __dataclass_fields__: ClassVar[dict[str, Field[Any]]]
    what: ClassVar[str] = "entry"
    error: ClassVar[type[CatalogueError]] = CatalogueError
    # The fields read as text whatever the JSON gives (a rule, a description).
    text_fields: ClassVar[tuple[str, ...]] = ()

    name: str

    @classmethod
    def kind_words(cls) -> str:
        """ "an action", "a status effect"."""
        return f"{'an' if cls.what[0] in 'aeiou' else 'a'} {cls.what}"

    @classmethod
    def entry_name(cls, name: object) -> str:
        """The catalogue key of an entry's name (lowercase, single-spaced); a name that is
        empty or not text is refused."""
        if not isinstance(name, str) or not name.strip():
            raise cls.error(f"{cls.kind_words()} needs a name, got {name!r}")
        return Catalogue.key(name)

    @classmethod
    def entry_fields(cls, entry: object) -> Mapping[str, Any]:
        """`entry` itself, once it is a JSON object naming only fields of this kind."""
        if not isinstance(entry, Mapping):
            raise cls.error(f"{cls.kind_words()} entry must be an object, not {entry!r}")
        unknown = set(entry) - {field.name for field in fields(cls)}
        if unknown:
            raise cls.error(f"{cls.what} {entry.get('name')!r}: unknown fields {sorted(unknown)}")
        return entry

    @classmethod
    def from_dict(cls, entry: Mapping[str, Any]) -> Self:
        """An entry read from a JSON object (as the catalogue files hold them)."""
        return cls.from_fields(cls.entry_fields(entry))

    @classmethod
    def from_fields(cls, entry: Mapping[str, Any]) -> Self:
        """The entry of checked fields: those it gives, the dataclass's defaults for the rest
        (a missing name is refused by the entry itself), `text_fields` read as text."""
        given = {"name": None, **entry}
        for name in cls.text_fields:
            if name in given:
                given[name] = str(given[name])
        made: Self = cast(Any, cls)(**given)
        return made

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


class _Named(Protocol):
    @property
    def name(self) -> str: ...

    def to_dict(self) -> dict[str, Any]: ...


_Entry = TypeVar("_Entry", bound=_Named)


class Catalogue(Mapping[str, _Entry]):
    """Entries by name, found in any case and spacing. Immutable: `with_entry` returns an
    extended copy. A subclass says what its entries are (`kind`: their words and error), how an
    entry is read from a dict (`read_entry`) and the words for a name it lacks (`unknown`)."""

    kind: type[CatalogueEntry] = CatalogueEntry
    unknown = "{name!r} is not in the catalogue; known: {known}"

    def __init__(self, entries: Iterable[_Entry] = ()) -> None:
        self._entries: dict[str, _Entry] = {}
        for entry in entries:
            if entry.name in self._entries:
                raise self.kind.error(f"{self.kind.what} {entry.name!r} is listed twice")
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
            raise self.kind.error(self.unknown.format(name=name, known=known)) from None

    def with_entry(self, entry: _Entry, *, replace_existing: bool = False) -> Self:
        """A copy with `entry` added (or replacing the same name when asked)."""
        if entry.name in self._entries and not replace_existing:
            raise self.kind.error(f"{self.kind.what} {entry.name!r} already exists")
        return self.overridden_by((entry,))

    def overridden_by(self, entries: Iterable[_Entry]) -> Self:
        """A copy where each of `entries` is added, or replaces the entry of its name in place
        (the GM's own entries over the shipped ones). With none, this catalogue itself: a
        reader may keep it and know nothing changed."""
        given = list(entries)
        if not given:
            return self
        extended = dict(self._entries)
        for entry in given:
            extended[entry.name] = entry
        return self.copy_with(extended.values())

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
