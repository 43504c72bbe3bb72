"""Table Link's speed on loopback: a phone's declaration reaching the GM's window with six
phones connected (baseline: the GM's own declaration through the model, same run), and the
GM's drag per mouse move with six phones connected and sending (baseline: the same drag,
same run, with none)."""

from __future__ import annotations

import time

import pytest
from helpers.big_battle import big_battle
from helpers.drag_bench import back_and_forth, start_drag
from helpers.phone_crowd import PhoneCrowd
from helpers.table_link_fight import table_fight
from PySide6.QtWidgets import QApplication

from drase_desktop.storage.encounter_file import save_encounter
from drase_desktop.table_link.server import LinkServer
from drase_desktop.ui.table.table_link import WindowJobs

DECLARATIONS = (["attack"], ["attack", "defend"])


@pytest.fixture
def window_with_six_phones(qtbot, tmp_path):
    from helpers.window_helpers import open_window

    file = tmp_path / "six.drase"
    save_encounter(table_fight(6), file)
    window, _ = open_window(qtbot, file)
    window.table_link.host = "127.0.0.1"
    window.table_link.start()
    qtbot.addWidget(window.table_tools.player_display)
    yield window
    window.table_link.stop()


def _wait_for_step(app, stack, count):
    while stack.count() == count:
        app.processEvents()


def test_a_phones_declaration_reaches_the_window_with_six_phones(benchmark, window_with_six_phones):
    import json
    import threading

    from websockets.sync.client import connect

    window = window_with_six_phones
    app = QApplication.instance()
    link = window.table_link
    stack = window.model.undo_stack
    seats = list(link.seat_urls())
    state = {"i": 0}
    go, done = threading.Event(), threading.Event()
    with PhoneCrowd(link.server, seats[1:]):
        address = link.seat_urls()[seats[0]].replace("http://", "ws://").replace("/s/", "/ws/")

        def declaring_phone():
            with connect(address, origin=link.server.base_url, open_timeout=30) as ws:
                done.set()
                while go.wait(30):
                    go.clear()
                    if state.get("stop"):
                        return
                    state["i"] ^= 1
                    ws.send(json.dumps({"kind": "declare", "actions": DECLARATIONS[state["i"]]}))
                    while (kind := json.loads(ws.recv(timeout=30))["kind"]) != "accepted":
                        assert kind != "refused", "the phone was refused"

        phone = threading.Thread(target=declaring_phone, daemon=True)
        phone.start()
        done.wait(30)

        def declare_from_the_phone():
            count = stack.count()
            go.set()
            _wait_for_step(app, stack, count)
            app.processEvents()  # the docks show it, as after the GM's own

        # Fewer than the seat's burst of messages (server.RATE_BURST), so none is refused.
        benchmark.pedantic(declare_from_the_phone, rounds=20, warmup_rounds=2)
        state["stop"] = True
        go.set()
        phone.join(10)
    assert window.model.encounter.declaration(seats[0]).actions in [list(d) for d in DECLARATIONS]


def test_a_phones_declaration_baseline_the_gms_own_declaration(benchmark, window_with_six_phones):
    window = window_with_six_phones
    app = QApplication.instance()
    model = window.model
    state = {"i": 0}

    def declare_in_the_window():
        state["i"] ^= 1
        model.apply(lambda e: e.declare("aria", actions=DECLARATIONS[state["i"]]))
        app.processEvents()

    benchmark.pedantic(declare_in_the_window, rounds=20, warmup_rounds=2)


# -- the GM's drag with phones connected and sending -----------------------------------------
@pytest.fixture(scope="module")
def dragging_with_seats(qapp):
    encounter = big_battle()
    seats = [c.id for c in encounter.combatants.values() if c.side == "players" and c.id != "c0"]
    seats = seats[:6]
    for seat in seats:
        encounter.combatants[seat].is_player_character = True
    model, view, _, points = start_drag(qapp, encounter)
    jobs = WindowJobs(model)
    server = LinkServer(jobs.post_job, seats)
    server.start()
    yield view, points, server, seats, encounter, jobs
    server.stop()
    view.map_scene.tool.cancel()
    view.close()


def _drag(benchmark, view, points, app):
    move = back_and_forth(view.map_scene.tool, points)

    def move_and_pass_jobs() -> None:
        move()
        app.processEvents()  # the phones' jobs run on this thread: their cost is counted

    benchmark.pedantic(move_and_pass_jobs, rounds=300, warmup_rounds=10)


def _six_phones_tapping(benchmark, dragging_with_seats, qapp):
    view, points, server, seats, encounter, jobs = dragging_with_seats

    def tap_near(seat):
        x, y = encounter.combatants[seat].position
        return {"kind": "preview_move", "goal": [x + 1, y]}

    with PhoneCrowd(server, seats, tap_near, interval=0.25) as crowd:
        _drag(benchmark, view, points, qapp)
    assert crowd.sent >= len(seats)


def test_drag_per_mouse_move_with_six_phones_sending(benchmark, dragging_with_seats, qapp):
    """As the window runs them: the phones' previews wait while the GM drags."""
    view, _, _, _, _, jobs = dragging_with_seats
    jobs.busy = lambda: view.map_scene.tool.dragging
    try:
        _six_phones_tapping(benchmark, dragging_with_seats, qapp)
        held = len(jobs._held)
    finally:
        jobs.busy = lambda: False
        for _ in range(200):  # the held previews run once the drag is over
            qapp.processEvents()
            if not jobs._held:
                break
            time.sleep(0.01)
    assert held, "the previews waited while the GM dragged"
    assert not jobs._held


def test_drag_per_mouse_move_with_six_phones_answered_during_the_drag(
    benchmark, dragging_with_seats, qapp
):
    """The reference of before: every preview answered on the GM's thread as it comes."""
    _six_phones_tapping(benchmark, dragging_with_seats, qapp)


def test_drag_per_mouse_move_baseline_no_phones(benchmark, dragging_with_seats, qapp):
    view, points, _, _, _, _ = dragging_with_seats
    _drag(benchmark, view, points, qapp)
