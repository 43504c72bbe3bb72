"""The creature library: templates the GM keeps between fights, and those shipped with the app.

A library file is one JSON document (`FORMAT`), the same shape for the bestiary shipped in
`resources/bestiary.json`, the ready player characters in `resources/player_characters.json`,
the GM's own library in the user data folder and a file GMs share:

    {"format": "drase-creature-library", "schema_version": 1,
     "creatures": [{"group": "monsters", "description": "...",
                    "creature": {"name": "Bandit", "max_hp": 11, ...}, "portrait": "<base64>"}]}

`creature` takes the fields of a combatant in a `.drase` file, less those of a creature in a fight
(id, position, HP, statuses, wounds, ...), and goes through the same checks. Reading is bounded
and takes regular files only; a file that is not a library, or any entry in it that is wrong,
refuses the whole file with a `LibraryError` naming the entry and field, and nothing changes.
"""

from __future__ import annotations

import base64
import binascii
import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from drase_desktop.atomic_write import write_atomically
from drase_desktop.encounter.creature_template import (
    TEMPLATE_GROUPS,
    CreatureTemplate,
    TemplateError,
)
from drase_desktop.encounter.portraits import MAX_PORTRAIT_BYTES, PortraitError
from drase_desktop.file_document import FileKind, check_header, document_bytes
from drase_desktop.file_reading import (
    cut_text,
    describe_value,
    in_file,
    nesting_depth_over,
    parse_json,
    read_regular_file,
    short_message,
)
from drase_desktop.refusal import Refusal
from drase_desktop.rules.resource_data import CatalogueError, load_resource
from drase_desktop.storage.encounter_file import combatant_from_dict, combatant_to_dict
from drase_desktop.storage.paths import data_dir
from drase_desktop.storage.portrait_files import check_portrait

FORMAT = "drase-creature-library"
SCHEMA_VERSION = 1
LIBRARY_FILE = FileKind(FORMAT, SCHEMA_VERSION, "a creature library")
BESTIARY_RESOURCE = "bestiary.json"
PLAYER_CHARACTERS_RESOURCE = "player_characters.json"
# Many portraits fit; a file this size with none would be tens of thousands of creatures.
MAX_LIBRARY_BYTES = 64 * 1024 * 1024
MAX_TEMPLATES = 5000
_EXCERPT = 60  # characters of a name shown in a message

# The fields a template's creature may hold: a combatant's stat block at rest.
TEMPLATE_FIELDS = frozenset(
    {
        "name",
        "side",
        "is_player_character",
        "size",
        "max_hp",
        "speed",
        "attributes",
        "level",
        "ac_bonus",
        "max_mana",
        "max_focus",
        "resistances",
        "vulnerabilities",
        "immunities",
        "weapons",
        "is_object",
        "morale",
        "notes",
    }
)

__all__ = [
    "FORMAT",
    "CreatureLibrary",
    "LibraryError",
    "library_from_dict",
    "library_to_dict",
    "read_library",
    "starter_bestiary",
    "starter_library",
    "starter_player_characters",
    "user_library_path",
    "write_library",
]


class LibraryError(Refusal):
    """A library file that cannot be read or written (the message names the entry and field)."""


def user_library_path() -> Path:
    """The GM's own library, in the user data folder."""
    return data_dir() / "library" / "creatures.json"


# ---------------------------------------------------------------------- templates as data
def template_to_dict(template: CreatureTemplate) -> dict[str, Any]:
    full = combatant_to_dict(template.creature)
    creature = {key: value for key, value in full.items() if key in TEMPLATE_FIELDS}
    entry: dict[str, Any] = {"group": template.group}
    if template.description:
        entry["description"] = template.description
    entry["creature"] = creature
    if template.portrait is not None:
        entry["portrait"] = base64.b64encode(template.portrait).decode("ascii")
    return entry


def _names(keys: set[str]) -> str:
    shown = sorted(keys)[:5]
    more = f" and {len(keys) - 5} more" if len(keys) > 5 else ""
    return ", ".join(cut_text(str(key), _EXCERPT) for key in shown) + more


def template_from_dict(data: Any, where: str) -> CreatureTemplate:
    if not isinstance(data, dict):
        raise LibraryError(f"{where} must be an object, not {describe_value(data)}")
    unknown = set(data) - {"group", "description", "creature", "portrait"}
    if unknown:
        raise LibraryError(f"{where} has unknown fields: {_names(unknown)}")
    creature = data.get("creature")
    if not isinstance(creature, dict):
        raise LibraryError(f"{where}.creature must be an object")
    name = creature.get("name")
    label = f"{where} ({name})" if isinstance(name, str) and len(name) <= _EXCERPT else where
    unknown = set(creature) - TEMPLATE_FIELDS
    if unknown:
        raise LibraryError(
            f"{label}.creature has fields a library creature does not keep: {_names(unknown)}"
        )
    max_hp = creature.get("max_hp")
    stats = combatant_from_dict({**creature, "id": "template", "hp": max_hp}, f"{label}.creature")
    group = data.get("group")
    if group not in TEMPLATE_GROUPS:
        raise LibraryError(
            f"{label}.group must be one of {', '.join(TEMPLATE_GROUPS)},"
            f" not {describe_value(group)}"
        )
    description = data.get("description", "")
    if not isinstance(description, str):
        raise LibraryError(f"{label}.description must be text")
    portrait = None
    if data.get("portrait") is not None:
        portrait = _portrait_from_text(data["portrait"], f"{label}.portrait")
    try:
        return CreatureTemplate(stats, group, description, portrait)
    except TemplateError as error:
        raise LibraryError(f"{label}: {error}") from None


def _portrait_from_text(text: Any, where: str) -> bytes:
    if not isinstance(text, str):
        raise LibraryError(f"{where} must be base64 text")
    if len(text) > (MAX_PORTRAIT_BYTES + 2) // 3 * 4:
        raise LibraryError(
            f"{where} is larger than the {MAX_PORTRAIT_BYTES // (1024 * 1024)} MB allowed"
        )
    try:
        picture = base64.b64decode(text, validate=True)
    except (ValueError, binascii.Error):
        raise LibraryError(f"{where} is not valid base64 text") from None
    try:
        check_portrait(picture, where)
    except PortraitError as error:
        raise LibraryError(str(error)) from None
    return picture


def library_to_dict(templates: Iterable[CreatureTemplate]) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "schema_version": SCHEMA_VERSION,
        "creatures": [template_to_dict(t) for t in templates],
    }


def library_from_dict(data: Any) -> list[CreatureTemplate]:
    """The templates of a decoded library document; LibraryError when anything in it is wrong
    (two entries of one name included)."""
    if not isinstance(data, dict):
        raise LibraryError("a creature library holds a JSON object")
    check_header(data, LIBRARY_FILE, LibraryError)
    entries = data.get("creatures")
    if not isinstance(entries, list):
        raise LibraryError("creatures must be a list")
    if len(entries) > MAX_TEMPLATES:
        raise LibraryError(f"{len(entries)} creatures is more than the {MAX_TEMPLATES} read")
    templates: list[CreatureTemplate] = []
    seen: dict[str, int] = {}
    for index, entry in enumerate(entries):
        where = f"creatures[{index}]"
        try:
            template = template_from_dict(entry, where)
        except LibraryError:
            raise
        except ValueError as error:  # the combatant checks already name the field
            raise LibraryError(short_message(str(error))) from None
        if template.key in seen:
            raise LibraryError(
                f"{where} ({template.name}): creatures[{seen[template.key]}] has the same name"
            )
        seen[template.key] = index
        templates.append(template)
    return templates


# ---------------------------------------------------------------------- files
def read_library(path: str | os.PathLike[str]) -> list[CreatureTemplate]:
    """The templates of a library file; LibraryError naming the file and what is wrong.
    Regular files only, read with a bound (a pipe or a device is refused before reading)."""
    source = Path(path)
    raw = read_regular_file(source, MAX_LIBRARY_BYTES, LibraryError, "creature libraries")
    try:
        data = parse_json(raw, LibraryError)
        if nesting_depth_over(data):
            raise LibraryError("the file's lists or objects nest too deeply; it is damaged")
        templates = library_from_dict(data)
    except LibraryError as error:
        raise LibraryError(in_file(source.name, str(error))) from None
    return templates


def write_library(templates: Iterable[CreatureTemplate], path: str | os.PathLike[str]) -> None:
    """Write a library file atomically (the old file or the new one, never half)."""
    try:
        write_atomically(path, document_bytes(library_to_dict(templates)))
    except OSError as failure:
        raise LibraryError(
            f"Cannot write {Path(path).name}: {failure.strerror or failure}"
        ) from None


def _shipped(resource: str) -> list[CreatureTemplate]:
    try:
        return library_from_dict(load_resource(resource))
    except (LibraryError, CatalogueError) as error:
        raise LibraryError(f"{resource}: {error}") from None


def starter_bestiary() -> list[CreatureTemplate]:
    """The monsters and NPCs shipped with the app (resources/bestiary.json)."""
    return _shipped(BESTIARY_RESOURCE)


def starter_player_characters() -> list[CreatureTemplate]:
    """The ready player characters shipped with the app (resources/player_characters.json):
    archetypes at a few levels, legal by the point buy of ruling 5, with their weapons."""
    return _shipped(PLAYER_CHARACTERS_RESOURCE)


def starter_library() -> list[CreatureTemplate]:
    """Everything shipped: the ready player characters, then the bestiary."""
    return [*starter_player_characters(), *starter_bestiary()]


# ---------------------------------------------------------------------- the library
@dataclass
class CreatureLibrary:
    """The shipped templates (ready player characters and the bestiary) plus the GM's own
    (saved to `path` on every change). A GM template of the same name as a shipped one shows
    instead of it."""

    path: Path | None = None
    starter: list[CreatureTemplate] = field(default_factory=list)
    own: list[CreatureTemplate] = field(default_factory=list)

    @classmethod
    def open(cls, path: Path | None = None, *, with_starter: bool = True) -> CreatureLibrary:
        """The GM's library at `path` (the user data folder by default); a missing file is an
        empty library. A broken one raises LibraryError and is left as it is."""
        target = user_library_path() if path is None else Path(path)
        own = read_library(target) if target.exists() else []
        return cls(target, starter_library() if with_starter else [], own)

    def templates(self) -> list[CreatureTemplate]:
        """Every template, the GM's first, each name once."""
        mine = {t.key for t in self.own}
        return [*self.own, *(t for t in self.starter if t.key not in mine)]

    def get(self, name: str) -> CreatureTemplate:
        key = name.strip().casefold()
        for template in self.templates():
            if template.key == key:
                return template
        raise LibraryError(f"The library has no creature called {name!r}")

    def is_own(self, template: CreatureTemplate) -> bool:
        return any(t.key == template.key for t in self.own)

    def search(self, query: str = "", group: str | None = None) -> list[CreatureTemplate]:
        """Templates matching every word of `query` (and `group` when given), sorted by name."""
        if group is not None and group not in TEMPLATE_GROUPS:
            raise LibraryError(f"There is no group {group!r}")
        found = [
            t for t in self.templates() if (group is None or t.group == group) and t.matches(query)
        ]
        return sorted(found, key=lambda t: t.name.casefold())

    def grouped(self, query: str = "") -> dict[str, list[CreatureTemplate]]:
        """The matching templates by group, in the groups' order (player characters first)."""
        return {group: self.search(query, group) for group in TEMPLATE_GROUPS}

    def save_template(self, template: CreatureTemplate) -> bool:
        """Keep `template` among the GM's own (replacing one of the same name) and save.
        Returns True when it replaced one. Nothing changes when the save fails."""
        kept = [t for t in self.own if t.key != template.key]
        replaced = len(kept) != len(self.own)
        self._save([*kept, template])
        return replaced

    def remove(self, name: str) -> None:
        key = name.strip().casefold()
        kept = [t for t in self.own if t.key != key]
        if len(kept) == len(self.own):
            raise LibraryError(f"{name!r} is not one of your own creatures")
        self._save(kept)

    def import_file(self, path: str | os.PathLike[str]) -> list[CreatureTemplate]:
        """Add every creature of a shared library file (same names are replaced); the whole
        file or nothing. Returns what was imported."""
        incoming = read_library(path)
        keys = {t.key for t in incoming}
        self._save([*(t for t in self.own if t.key not in keys), *incoming])
        return incoming

    def export_file(
        self, path: str | os.PathLike[str], templates: Iterable[CreatureTemplate] | None = None
    ) -> int:
        """Write `templates` (the GM's own by default) as a library file; returns how many."""
        chosen = list(self.own if templates is None else templates)
        write_library(chosen, path)
        return len(chosen)

    def _save(self, own: list[CreatureTemplate]) -> None:
        if self.path is not None:
            write_library(own, self.path)
        self.own = own
