"""The encounter log: every roll and every change, stamped with the round and phase it happened in.

Entries are structured (`kind`, `text`, `data`) so the log dock can filter and colour them and a
file can keep them. The log only grows inside an operation; undo truncates it back.

`data` keys readers rely on (the player display among them): `combatant` (the id acting or
affected), `target` (an attack's target id), `total` (a roll's result), `roll` (what was rolled:
"attack", "damage", "defense", "initiative", "damage over time", ...), `expression`; an "attack"
entry follows its "roll" entry at once and carries `hit` and `critical`; "damage" entries carry
`dealt`, `damage_type`, `before` and `after` (HP); "move" entries `path`, `cost` and `forced`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from drase_desktop.file_limits import MAX_LOG_TEXT_CHARACTERS
from drase_desktop.refusal import Refusal

# The kinds an entry can have; the UI may colour by kind.
KINDS = frozenset(
    {
        "roll",  # any dice roll (attack, damage, defense, initiative, morale, damage over time)
        "attack",  # the judged outcome of an attack
        "damage",
        "heal",
        "hp",  # HP set directly by the GM
        "status",  # applied, removed, ticked down, expired
        "move",
        "door",  # a door opened or closed in play
        "declare",
        "lock",
        "phase",
        "round",
        "combatant",  # added, removed, edited
        "incapacitated",
        "ruling",  # a ruling the program made on its own (RULES-NOTES: never silent)
        "setting",
        "note",
    }
)


class LogError(Refusal):
    """A log entry that cannot be recorded or read."""


@dataclass(frozen=True)
class LogEntry:
    round: int
    phase: str
    kind: str
    text: str
    data: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise LogError(f"Unknown log entry kind {self.kind!r}")

    @classmethod
    def logged(cls, round: int, phase: str, kind: str, text: str, data: dict[str, Any]) -> LogEntry:
        """An entry the app writes now: its line cut to what a file keeps (a long note, a
        thousand dice shown one by one), never refused."""
        if len(text) > MAX_LOG_TEXT_CHARACTERS:
            text = text[: MAX_LOG_TEXT_CHARACTERS - 1] + "…"
        return cls(round, phase, kind, text, data)

    def to_dict(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "phase": self.phase,
            "kind": self.kind,
            "text": self.text,
            "data": self.data,
        }


class Log:
    """An append-only list of entries that undo may cut back to an earlier length."""

    def __init__(self, entries: Iterable[LogEntry] = ()) -> None:
        self._entries: list[LogEntry] = list(entries)

    def __len__(self) -> int:
        return len(self._entries)

    def __iter__(self) -> Iterator[LogEntry]:
        return iter(self._entries)

    def __getitem__(self, index: int) -> LogEntry:
        return self._entries[index]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Log) and self._entries == other._entries

    @property
    def entries(self) -> tuple[LogEntry, ...]:
        return tuple(self._entries)

    def append(self, entry: LogEntry) -> LogEntry:
        self._entries.append(entry)
        return entry

    def since(self, length: int) -> tuple[LogEntry, ...]:
        """Entries added after the log had `length` entries."""
        return tuple(self._entries[length:])

    def truncate(self, length: int) -> None:
        del self._entries[length:]

    def extend(self, entries: Iterable[LogEntry]) -> None:
        self._entries.extend(entries)

    def of_kind(self, kind: str) -> list[LogEntry]:
        return [entry for entry in self._entries if entry.kind == kind]
