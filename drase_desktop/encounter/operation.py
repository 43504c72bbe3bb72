"""One shape for every encounter operation: check, change, log, and return a `Change`.

An operation is a plain function of the encounter (a method, or a module function taking the
encounter first) that checks its input, changes the encounter, logs what it did and returns
`(description, result)`. The `operation` decorator does the rest the same way for all of them:

- it copies what the operation declares it may change (`touches`: the parameters naming the
  combatants it changes; `everyone=True` when it may change any combatant, as a phase step does),
  so undo costs what the operation touches, not the whole fight;
- it runs the body; if the body raises, the encounter is put back as it was and the log cut back,
  then the error (a ValueError subclass with a GM-readable message) propagates: a refused
  operation changes nothing;
- it returns the `Change` whose `undo()`/`redo()` the window wraps in one undo command.

A declaration that is too narrow would make undo inexact, so the test suite switches on
`check_scopes`: every operation then also takes a full copy before and after, and fails loudly
when it changed a combatant or declaration outside its scope, or when its undo or redo does not
give back exactly the state before or after.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec, TypeVar, cast

from drase_desktop.encounter.change import (
    EVERYONE,
    Change,
    Snapshot,
    restore_snapshot,
    take_snapshot,
)
from drase_desktop.encounter.combatant import Combatant

if TYPE_CHECKING:
    from drase_desktop.encounter.encounter import Encounter

P = ParamSpec("P")
T = TypeVar("T")
E = TypeVar("E")

Body = Callable[Concatenate[E, P], tuple[str, T]]


class ScopeCheck:
    """When `enabled`, every operation verifies its declared scope and its undo (tests)."""

    enabled = False


class ScopeViolation(AssertionError):
    """An operation changed what it did not declare, or its undo is not exact (a bug)."""


def _ids(value: Any) -> set[str]:
    """Combatant ids named by an argument: an id, a combatant, or a collection of them."""
    if value is None:
        return set()
    if isinstance(value, str):
        return {value}
    if isinstance(value, Combatant):
        return {value.id}
    if isinstance(value, Iterable):
        found: set[str] = set()
        for item in value:
            found |= _ids(item)
        return found
    return set()


def run(
    encounter: Encounter,
    body: Callable[[], tuple[str, T]],
    scope: set[str] | None = EVERYONE,
    name: str = "operation",
    *,
    every_declaration: bool = False,
) -> Change[T]:
    """Run `body` as one undoable operation changing at most the combatants in `scope` and
    their declarations (every declaration with `every_declaration`)."""
    checking = ScopeCheck.enabled
    full_before = take_snapshot(encounter) if checking else None
    before = take_snapshot(encounter, scope, every_declaration=every_declaration)
    log_start = len(encounter.log)
    try:
        description, result = body()
    except Exception:
        restore_snapshot(encounter, before)
        encounter.log.truncate(log_start)
        if full_before is not None:
            _same(encounter, full_before, f"{name}, refused,")
        raise
    after = take_snapshot(encounter, scope, every_declaration=every_declaration)
    change: Change[T] = Change(
        encounter,
        description,
        before,
        after,
        log_start,
        encounter.log.since(log_start),
        result,
    )
    if full_before is not None:
        full_after = take_snapshot(encounter)
        _outside_scope_unchanged(full_before, full_after, scope, every_declaration, name)
        change.undo()
        _same(encounter, full_before, f"{name}, undone,")
        change.redo()
        _same(encounter, full_after, f"{name}, redone,")
    return change


def operation(
    *touches: str | Callable[[Any], Iterable[str]],
    everyone: bool = False,
    every_declaration: bool = False,
) -> Callable[[Body[E, P, T]], Callable[Concatenate[E, P], Change[T]]]:
    """Make `body(encounter, ...) -> (description, result)` an undoable operation.

    `touches` names the parameters holding the ids (or combatants, or collections of either) of
    the combatants the operation may change, or gives functions of the encounter returning such
    ids (read before the body runs); none: it changes only the round, the settings, the
    catalogues or the log. `everyone=True`: it may change any combatant.
    `every_declaration=True`: it may change any combatant's declaration (a new round).
    """

    def decorate(body: Body[E, P, T]) -> Callable[Concatenate[E, P], Change[T]]:
        signature = inspect.signature(body)
        names = [item for item in touches if isinstance(item, str)]
        finders = [item for item in touches if not isinstance(item, str)]
        missing = [name for name in names if name not in signature.parameters]
        if missing:
            raise TypeError(f"{body.__qualname__} has no parameter {', '.join(missing)}")

        @functools.wraps(body)
        def wrapper(encounter: E, *args: P.args, **kwargs: P.kwargs) -> Change[T]:
            scope: set[str] | None = EVERYONE
            if not everyone:
                scope = set()
                if names:
                    bound = signature.bind_partial(encounter, *args, **kwargs).arguments
                    for parameter in names:
                        scope |= _ids(bound.get(parameter))
                for finder in finders:
                    scope |= _ids(finder(encounter))
            return run(
                encounter,  # type: ignore[arg-type]
                lambda: body(encounter, *args, **kwargs),
                scope,
                body.__qualname__,
                every_declaration=every_declaration,
            )

        wrapper.touches = touches  # type: ignore[attr-defined]
        wrapper.everyone = everyone  # type: ignore[attr-defined]
        # functools.wraps types its result as its own wrapper type; it is the callable above.
        return cast(Callable[Concatenate[E, P], Change[T]], wrapper)

    return decorate


# ---- the check the test suite switches on ----------------------------------------------------
def _state(snapshot: Snapshot) -> tuple[Any, ...]:
    combatants = {cid: vars(c) for cid, c in snapshot.combatants.items()}
    return (
        combatants,
        snapshot.order,
        snapshot.declarations,
        snapshot.declaration_order,
        snapshot.round_part(),
    )


def _same(encounter: Encounter, expected: Snapshot, what: str) -> None:
    now = take_snapshot(encounter)
    if _state(now) != _state(expected):
        raise ScopeViolation(f"{what} does not give back the encounter exactly")


def _outside_scope_unchanged(
    before: Snapshot,
    after: Snapshot,
    scope: set[str] | None,
    every_declaration: bool,
    name: str,
) -> None:
    if scope is None:
        return
    ids = (set(before.order) | set(after.order)) - scope
    for cid in ids:
        was, now = before.combatants.get(cid), after.combatants.get(cid)
        if (was is None) != (now is None) or (was is not None and vars(was) != vars(now)):
            raise ScopeViolation(f"{name} changed combatant {cid!r} outside its declared scope")
        if not every_declaration and before.declarations.get(cid) != after.declarations.get(cid):
            raise ScopeViolation(f"{name} changed {cid!r}'s declaration outside its scope")
