"""The map's feature lists (walls, doors, windows, objects, lights): lists that check what goes
in and tell the map after every change, so its listeners (the movement graph) hear it."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Generic, Self, SupportsIndex, TypeVar, cast, overload

from drase_desktop.board.board_error import BoardError

_Item = TypeVar("_Item")


class ObservedList(list[_Item]):
    """A list that reports (removed, added) items to its owner after every change."""

    def __init__(
        self,
        items: Iterable[_Item],
        item_type: type[_Item],
        notify: Callable[[list[Any], list[Any]], None],
    ) -> None:
        items = list(items)
        for item in items:
            self._check(item, item_type)
        super().__init__(items)
        self._item_type = item_type
        self._notify = notify

    @staticmethod
    def _check(item: Any, item_type: type) -> None:
        if not isinstance(item, item_type):
            raise BoardError(f"expected a {item_type.__name__}, not {item!r}")

    def _checked(self, items: Iterable[Any]) -> list[Any]:
        items = list(items)
        for item in items:
            self._check(item, self._item_type)
        return items

    def append(self, item: Any) -> None:
        self._check(item, self._item_type)
        super().append(item)
        self._notify([], [item])

    def extend(self, items: Iterable[Any]) -> None:
        items = self._checked(items)
        super().extend(items)
        self._notify([], items)

    def __iadd__(self, items: Iterable[_Item]) -> Self:  # type: ignore[override, misc]
        self.extend(items)
        return self

    def insert(self, index: SupportsIndex, item: Any) -> None:
        self._check(item, self._item_type)
        super().insert(index, item)
        self._notify([], [item])

    def remove(self, item: Any) -> None:
        super().remove(item)
        self._notify([item], [])

    def pop(self, index: SupportsIndex = -1) -> Any:
        item = super().pop(index)
        self._notify([item], [])
        return item

    def clear(self) -> None:
        removed = list(self)
        super().clear()
        self._notify(removed, [])

    def __setitem__(self, index, value) -> None:  # type: ignore[no-untyped-def]
        if isinstance(index, slice):
            removed = list(self[index])
            value = self._checked(value)
        else:
            removed = [self[index]]
            self._check(value, self._item_type)
        super().__setitem__(index, value)
        self._notify(removed, value if isinstance(index, slice) else [value])

    def __delitem__(self, index) -> None:  # type: ignore[no-untyped-def]
        removed = list(self[index]) if isinstance(index, slice) else [self[index]]
        super().__delitem__(index)
        self._notify(removed, [])

    def __imul__(self, count: SupportsIndex) -> Self:
        raise BoardError(
            "repeating a map's walls, doors, windows, objects or lights is not allowed"
        )


class FeatureList(Generic[_Item]):
    """One of the map's feature lists (walls, doors, ...): reading it gives the map's own
    observed list; assigning to it replaces that list's items, so the change is heard and
    every holder of the list keeps the map's."""

    def __set_name__(self, owner: type, name: str) -> None:
        self._stored = f"_{name}"

    @overload
    def __get__(self, instance: None, owner: type | None = None) -> Self: ...
    @overload
    def __get__(self, instance: object, owner: type | None = None) -> list[_Item]: ...
    def __get__(self, instance: object | None, owner: type | None = None) -> Self | list[_Item]:
        if instance is None:
            return self
        return cast(list[_Item], getattr(instance, self._stored))

    def __set__(self, instance: object, items: Iterable[_Item]) -> None:
        getattr(instance, self._stored)[:] = list(items)
