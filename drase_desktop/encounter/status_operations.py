"""Status effects on combatants: the GM's own effects (ruling 14), applying (ruling 12),
removing, surprise."""

from __future__ import annotations

from typing import Any

from drase_desktop.encounter.combatant import (
    SURPRISED,
    Combatant,
)
from drase_desktop.encounter.errors import EncounterError
from drase_desktop.encounter.gm_entries import add_gm_entry
from drase_desktop.encounter.operation import operation
from drase_desktop.encounter.state import EncounterState
from drase_desktop.rules import status as status_rules


class StatusOperations(EncounterState):
    """Status operations of `Encounter` (mixed into it; each returns a `Change`)."""

    def status_effect(self, name: str) -> status_rules.StatusEffect:
        try:
            return self.status_catalogue.effect(name)
        except status_rules.StatusError as error:
            raise EncounterError(str(error)) from error

    @operation()
    def define_status(
        self,
        name: str,
        *,
        duration: int | None = 1,
        stackable: bool = False,
        damage: str | None = None,
        damage_kind: str | None = None,
        description: str = "",
    ) -> tuple[str, None]:
        """Add a GM status effect to this encounter's catalogue (ruling 14)."""
        effect = self.new_status_effect(name, duration, stackable, damage, damage_kind, description)
        return f"Define status {effect.name}", None

    def new_status_effect(
        self,
        name: str,
        duration: int | None,
        stackable: bool,
        damage: str | None,
        damage_kind: str | None,
        description: str,
    ) -> status_rules.StatusEffect:
        """The GM's new effect, checked by the rules and added to the catalogue (ruling 14)."""
        effect = add_gm_entry(
            lambda: status_rules.StatusEffect(
                name, duration, stackable, damage, damage_kind, description
            ),
            self.status_catalogue,
            self.custom_statuses,
        )
        self.log_event(
            "status", f"New status effect {effect.name!r} defined", effect=effect.to_dict()
        )
        return effect

    def log_status(self, combatant: Combatant, status: str, text: str, **data: Any) -> None:
        """One status of `combatant` changed (gained, lost, prepared, expired), in the log."""
        self.log_event("status", text, combatant=combatant.id, status=status, **data)

    @operation("combatant_id")
    def apply_status(
        self,
        combatant_id: str,
        name: str,
        *,
        duration: int | None = None,
        source: str = "",
    ) -> tuple[str, None]:
        """Apply a catalogue status (rulings 12, 13): stackable effects add a stack, unstackable
        ones keep the longer remaining duration; it does not tick down this round."""
        combatant = self.combatant(combatant_id)
        self.apply_status_effect(combatant, name, duration=duration, source=source)
        return f"{name.capitalize()} on {combatant.name}", None

    def apply_status_effect(
        self, combatant: Combatant, name: str, *, duration: int | None = None, source: str = ""
    ) -> None:
        effect = self.status_effect(name)
        try:
            statuses = status_rules.apply_status(
                combatant.statuses, effect, self.round, duration=duration
            )
        except status_rules.StatusError as error:
            raise EncounterError(str(error)) from error
        combatant.statuses = list(statuses)
        mine = [s for s in statuses if s.name == effect.name]
        lasting = mine[-1].remaining if mine else None
        length = "until removed" if lasting is None else f"{lasting} round(s)"
        origin = f" from {source}" if source else ""
        self.log_status(
            combatant,
            effect.name,
            f"{combatant.name} gains {effect.name}{origin} ({length}; stacks: {len(mine)})",
            remaining=lasting,
            stacks=len(mine),
        )

    @operation("combatant_id")
    def remove_status(
        self, combatant_id: str, name: str, *, stacks: int | None = None
    ) -> tuple[str, None]:
        combatant = self.combatant(combatant_id)
        try:
            statuses = status_rules.remove_status(combatant.statuses, name, stacks=stacks)
        except status_rules.StatusError as error:
            raise EncounterError(f"{combatant.name}: {error}") from error
        combatant.statuses = list(statuses)
        self.log_status(combatant, name, f"{combatant.name} loses {name}")
        return f"Remove {name} from {combatant.name}", None

    @operation("combatant_id")
    def set_surprised(self, combatant_id: str, surprised: bool = True) -> tuple[str, None]:
        """Surprise attack: the surprised lose their ability to act in round 1 (set in Setup)."""
        combatant = self.combatant(combatant_id)
        if self.round != 0:
            raise EncounterError("Surprise is set before the fight starts (in Setup)")
        if surprised:
            if not combatant.has_status(SURPRISED):
                self.apply_status_effect(combatant, SURPRISED, source="surprise attack")
        elif combatant.has_status(SURPRISED):
            combatant.statuses = [s for s in combatant.statuses if s.name != SURPRISED]
            self.log_status(combatant, SURPRISED, f"{combatant.name} is no longer surprised")
        return f"{'Surprise' if surprised else 'Unsurprise'} {combatant.name}", None
