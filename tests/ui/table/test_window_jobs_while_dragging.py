"""The phones never slow the GM's drag: a job that only reads the fight (a phone's view or
preview) waits while the GM drags and runs once the drag is over; a declaration runs at once."""

from __future__ import annotations

from helpers.big_battle import big_battle
from PySide6.QtCore import QTimer

from drase_desktop.table_link.server import ReadingJob
from drase_desktop.ui.encounter_model import EncounterModel
from drase_desktop.ui.table.table_link import WindowJobs


def held_retries(jobs: WindowJobs) -> list[None]:
    """Grows by one each time the jobs held for the drag were tried again (and held again
    while the GM still drags)."""
    tried: list[None] = []
    timer = jobs.findChild(QTimer, "tableLinkHeldJobsTimer")
    assert timer is not None
    timer.timeout.connect(lambda: tried.append(None))
    return tried


def test_a_reading_job_waits_for_the_end_of_the_drag(qtbot):
    model = EncounterModel(big_battle())
    dragging = {"now": True}
    jobs = WindowJobs(model, busy=lambda: dragging["now"])
    tried = held_retries(jobs)
    preview = jobs.post_job(ReadingJob(lambda encounter: "preview"))
    declaration = jobs.post_job(lambda encounter: "declared")
    qtbot.waitUntil(declaration.done)
    qtbot.waitUntil(lambda: len(tried) >= 3)
    assert not preview.done()  # still dragging
    dragging["now"] = False
    qtbot.waitUntil(preview.done)
    assert (preview.result(), declaration.result()) == ("preview", "declared")


def test_held_jobs_run_in_the_order_they_came(qtbot):
    model = EncounterModel(big_battle())
    dragging = {"now": True}
    ran: list[int] = []
    jobs = WindowJobs(model, busy=lambda: dragging["now"])
    tried = held_retries(jobs)
    futures = [jobs.post_job(ReadingJob(lambda e, i=i: ran.append(i))) for i in range(3)]
    qtbot.waitUntil(lambda: len(tried) >= 2)
    dragging["now"] = False
    futures.append(jobs.post_job(ReadingJob(lambda e: ran.append(3))))
    qtbot.waitUntil(lambda: all(f.done() for f in futures))
    assert ran == [0, 1, 2, 3]
