"""One kind of refusal: every error class the package defines for the GM derives from `Refusal`,
which stays a `ValueError`, so the window can tell a refusal from a bug."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import drase_desktop
from drase_desktop.refusal import Refusal


def _package_classes() -> list[type]:
    classes = []
    for module_info in pkgutil.walk_packages(drase_desktop.__path__, "drase_desktop."):
        if module_info.name.endswith("__main__"):
            continue
        module = importlib.import_module(module_info.name)
        for _, value in inspect.getmembers(module, inspect.isclass):
            if value.__module__ == module.__name__:
                classes.append(value)
    return classes


def test_refusal_is_a_value_error() -> None:
    assert issubclass(Refusal, ValueError)


def test_every_public_error_class_of_the_package_is_a_refusal() -> None:
    errors = [
        cls
        for cls in _package_classes()
        if issubclass(cls, ValueError) and not cls.__name__.startswith("_")
    ]
    assert len(errors) > 30, "the walk found the package's error classes"
    not_refusals = [
        f"{cls.__module__}.{cls.__name__}" for cls in errors if not issubclass(cls, Refusal)
    ]
    assert not_refusals == []


def test_the_check_sees_a_value_error_that_is_not_a_refusal() -> None:
    class StrayError(ValueError):
        pass

    assert not issubclass(StrayError, Refusal)
