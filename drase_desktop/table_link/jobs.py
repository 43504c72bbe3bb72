"""How the Table Link server has the fight read or changed: a job is `job(encounter)`, run
where the encounter lives by the caller's `run_job`, which returns a Future of its result."""

from __future__ import annotations

import concurrent.futures
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

T = TypeVar("T")
Job = Callable[[Any], T]
RunJob = Callable[[Job[Any]], "concurrent.futures.Future[Any]"]


@dataclass(frozen=True)
class ReadingJob(Generic[T]):
    """A job that only reads the fight (a seat's view, a preview): the window runs it when
    the GM is not in the middle of a drag (`WindowJobs`), so the phones never slow the drag."""

    read: Callable[[Any], T]

    def __call__(self, encounter: Any) -> T:
        return self.read(encounter)


def run_inline(job: Job[Any], encounter: Any) -> concurrent.futures.Future[Any]:
    """Run `job(encounter)` at once (the encounter lives in the caller's thread)."""
    future: concurrent.futures.Future[Any] = concurrent.futures.Future()
    try:
        future.set_result(job(encounter))
    except BaseException as error:  # handed to the awaiting side, which logs it
        future.set_exception(error)
    return future
