"""Where lines stand in a picture: the centres of the runs of pixels that are on a line, along
one row or column."""

from __future__ import annotations

from collections.abc import Iterable


def run_centres(on_line: Iterable[bool], first: int = 0) -> list[float]:
    """The centre of each run of True in `on_line`, whose first pixel stands at `first`."""
    centres: list[float] = []
    start: int | None = None
    for i, on in enumerate([*on_line, False], first):
        if on and start is None:
            start = i
        elif not on and start is not None:
            centres.append((start + i - 1) / 2)
            start = None
    return centres
