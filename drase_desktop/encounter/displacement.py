"""Displacement stacking: of several pushes on one creature in a round, the strongest takes
effect, as one forced move."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from drase_desktop.encounter.combatant import Position
from drase_desktop.encounter.errors import EncounterError
from drase_desktop.encounter.operation import operation
from drase_desktop.rules import displacement as displacement_rules

if TYPE_CHECKING:
    from drase_desktop.encounter.encounter import Encounter


@dataclass(frozen=True)
class DisplacementHit:
    """A displacement that landed on a creature this round: tiles pushed, a direction (dx, dy)
    of unit steps, the attack roll total and the source."""

    degree: int
    vector: tuple[int, int]
    roll: int
    source: str = ""


@operation("target_id")
def apply_displacements(
    encounter: Encounter, target_id: str, hits: Sequence[DisplacementHit]
) -> tuple[str, Position | None]:
    """Displacement stacking: of several displacements on one creature in a round only the
    strongest degree takes effect, then the highest roll, then the last rolled. The winner
    pushes the creature up to `degree` tiles along its vector, stopping before a tile it cannot
    stand on (a forced move: no movement spent)."""
    target = encounter.combatant(target_id)
    if not hits:
        raise EncounterError("No displacement to apply")
    if target.position is None:
        raise EncounterError(f"{target.name} is not on the map")
    try:
        resolution = displacement_rules.resolve(
            [
                displacement_rules.Displacement(h.degree, h.vector, h.roll, i, h.source)
                for i, h in enumerate(hits)
            ]
        )
    except displacement_rules.DisplacementError as error:
        raise EncounterError(str(error)) from error
    winner = resolution.winner
    dx, dy = (max(-1, min(1, v)) for v in winner.vector)
    if (dx, dy) == (0, 0) and winner.degree:
        raise EncounterError("A displacement needs a direction")
    start = target.position
    end = start
    for step in range(1, winner.degree + 1):
        tile = (start[0] + dx * step, start[1] + dy * step)
        try:
            encounter.check_placement(target, tile)
        except ValueError:
            break
        end = tile
    encounter.log_event(
        "ruling",
        f"{len(hits)} displacement(s) on {target.name}: {winner.source or 'one'} takes"
        f" effect ({resolution.reason})",
        combatant=target.id,
    )
    if end != start:
        encounter.move(target_id, [start, end], forced=True)
    else:
        encounter.log_event("note", f"{target.name} cannot be pushed: no room", combatant=target.id)
    return f"Displace {target.name}", end
