"""The Table Link server on 127.0.0.1 with a real WebSocket client: seats, tokens, refusals
(logged, changing nothing), limits, origin, path escapes, a second phone taking a seat over."""

from __future__ import annotations

import json
import logging
import time
import urllib.error
import urllib.request

import pytest
from helpers.table_link_fight import table_fight
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect

from drase_desktop.encounter.seat_view import seat_ids
from drase_desktop.storage.encounter_file import encounter_to_dict
from drase_desktop.table_link import server as server_module
from drase_desktop.table_link.messages import MAX_MESSAGE_BYTES
from drase_desktop.table_link.seats import TOKEN_BYTES
from drase_desktop.table_link.server import LinkServer, run_inline


@pytest.fixture
def fight():
    return table_fight()


@pytest.fixture
def link(fight):
    accepted = []
    server = LinkServer(
        lambda job: run_inline(job, fight),
        seat_ids(fight),
        on_accepted=lambda seat, action: accepted.append((seat, action.event)),
    )
    server.accepted = accepted
    server.start()
    yield server
    server.stop()


def ws_url(link, seat):
    return link.seat_url(seat).replace("http://", "ws://").replace("/s/", "/ws/")


def phone(link, seat, *, origin=None, url=None):
    return connect(
        url or ws_url(link, seat),
        origin=origin or link.base_url,
        open_timeout=5,
        close_timeout=2,
    )


def receive(ws, kind=None):
    while True:
        message = json.loads(ws.recv(timeout=5))
        if kind is None or message["kind"] == kind:
            return message


def until(condition, what: str, seconds: float = 5) -> None:
    """Polls what the server's thread does until `condition()` holds; fails saying `what`
    did not happen within `seconds`."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, what
        time.sleep(0.01)


def snapshot(encounter):
    return json.dumps(encounter_to_dict(encounter), sort_keys=True, default=str)


def test_each_seat_has_its_own_unguessable_address(link):
    urls = link.seat_urls()
    assert set(urls) == {"aria", "bram"}
    tokens = [url.rsplit("/", 1)[1] for url in urls.values()]
    assert len(set(tokens)) == 2
    # token_urlsafe: 4 characters per 3 bytes; 192 bits at least 128
    assert all(len(token) >= TOKEN_BYTES * 4 // 3 for token in tokens) and TOKEN_BYTES * 8 >= 128


def test_a_seat_opens_on_its_view_and_declares_for_its_character(link, fight):
    with phone(link, "aria") as ws:
        view = receive(ws, "view")["view"]
        assert view["seat"] == "aria" and view["character"]["name"] == "Aria"
        ws.send(json.dumps({"kind": "declare", "move_to": [2, 1], "actions": ["attack"]}))
        reply = receive(ws, "accepted")
        assert reply["event"]["event"] == "declared" and reply["event"]["combatant"] == "aria"
    assert fight.declaration("aria").actions == ["attack"]
    assert link.accepted[0][0] == "aria"


def test_another_characters_declaration_is_refused_logged_and_changes_nothing(link, fight, caplog):
    before = snapshot(fight)
    with caplog.at_level(logging.WARNING, "drase_desktop.table_link"), phone(link, "aria") as ws:
        receive(ws, "view")
        ws.send(json.dumps({"kind": "declare", "combatant": "bram", "actions": ["attack"]}))
        assert receive(ws)["kind"] == "refused"
    assert snapshot(fight) == before
    assert any("bram" in record.getMessage() for record in caplog.records)


def test_a_stale_token_is_refused_after_new_codes_and_logged(link, fight, caplog):
    old = ws_url(link, "aria")
    old_page = link.seat_url("aria")
    with phone(link, "aria") as ws:
        receive(ws, "view")
        link.new_codes()
        with pytest.raises(ConnectionClosed):
            receive(ws)
    with caplog.at_level(logging.WARNING, "drase_desktop.table_link"):
        with pytest.raises(InvalidStatus) as refused:
            phone(link, "aria", url=old)
        assert refused.value.response.status_code == 403
        with pytest.raises(urllib.error.HTTPError) as page:
            urllib.request.urlopen(old_page, timeout=5)
        page.value.close()  # an HTTPError holds the response open
        assert page.value.code == 403
    assert len([r for r in caplog.records if "revoked" in r.getMessage()]) == 2
    with phone(link, "aria") as ws:  # the new address works
        assert receive(ws, "view")["view"]["seat"] == "aria"


def test_a_made_up_token_opens_nothing(link):
    with pytest.raises(InvalidStatus) as refused:
        phone(link, "aria", url=f"ws://127.0.0.1:{link.port}/ws/{'A' * 32}")
    assert refused.value.response.status_code == 403


@pytest.mark.parametrize(
    "garbled",
    [
        "not json",
        "[1, 2]",
        '{"kind": "launch_missiles"}',
        '{"kind": "declare", "actions": "attack"}',
        '{"kind": "declare", "secret_field": 1}',
        '{"kind": "roll_defense", "faces": [0]}',
    ],
)
def test_a_garbled_message_is_refused_logged_and_changes_nothing(link, fight, caplog, garbled):
    before = snapshot(fight)
    with caplog.at_level(logging.WARNING, "drase_desktop.table_link"), phone(link, "aria") as ws:
        receive(ws, "view")
        ws.send(garbled)
        refused = receive(ws)
        assert refused["kind"] == "refused" and refused["words"]
        ws.send(json.dumps({"kind": "view"}))  # the seat still works
        ws.send(json.dumps({"kind": "defense_dice"}))
        assert receive(ws, "defense_dice")
    assert snapshot(fight) == before
    assert any("garbled" in record.getMessage() for record in caplog.records)


def test_an_oversized_message_closes_the_phone_and_changes_nothing(link, fight, caplog):
    before = snapshot(fight)
    big = json.dumps({"kind": "declare", "notes": "x" * (MAX_MESSAGE_BYTES + 10)})
    with caplog.at_level(logging.WARNING, "drase_desktop.table_link"), phone(link, "aria") as ws:
        receive(ws, "view")
        ws.send(big)
        with pytest.raises(ConnectionClosed) as closed:
            receive(ws)
        assert closed.value.rcvd.code == 1009
        # Logged on the server's thread as its side of the connection ends.
        until(
            lambda: any("larger than" in r.getMessage() for r in caplog.records),
            "the refusal was not logged",
        )
    assert snapshot(fight) == before


def test_a_flood_of_messages_is_held_to_the_rate(link, caplog, monkeypatch):
    monkeypatch.setattr(server_module, "RATE_PER_SECOND", 0.001)
    with caplog.at_level(logging.WARNING, "drase_desktop.table_link"), phone(link, "aria") as ws:
        receive(ws, "view")
        for _ in range(server_module.RATE_BURST + 5):
            ws.send(json.dumps({"kind": "defense_dice"}))
        replies = [receive(ws) for _ in range(server_module.RATE_BURST + 5)]
    kinds = [reply["kind"] for reply in replies]
    assert kinds.count("defense_dice") == server_module.RATE_BURST
    assert kinds.count("refused") == 5
    assert any("rate" in record.getMessage() for record in caplog.records)


def test_opening_a_seat_again_and_again_is_refused(link, monkeypatch):
    monkeypatch.setattr(server_module, "MAX_OPENINGS", 3)
    for _ in range(3):
        with phone(link, "aria") as ws:
            receive(ws, "view")
    with pytest.raises(InvalidStatus) as refused:
        phone(link, "aria")
    assert refused.value.response.status_code == 429


@pytest.mark.parametrize(
    "origin", ["http://evil.example", "http://127.0.0.1:1", "null", "https://127.0.0.1"]
)
def test_a_websocket_from_another_origin_is_refused(link, caplog, origin):
    with caplog.at_level(logging.WARNING, "drase_desktop.table_link"):
        with pytest.raises(InvalidStatus) as refused:
            phone(link, "aria", origin=origin)
    assert refused.value.response.status_code == 403
    assert any("origin" in record.getMessage() for record in caplog.records)


def get(link, path):
    request = urllib.request.Request(f"{link.base_url}{path}")
    try:
        with urllib.request.urlopen(request, timeout=5) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        with error:  # it holds the response open
            return error.code, b""


def test_the_page_and_its_files_come_from_the_package(link):
    status, page = get(link, link.seat_url("aria")[len(link.base_url) :])
    assert status == 200 and b"<html" in page and b"https://" not in page
    for name in ("phone.js", "phone.css"):
        status, body = get(link, f"/static/{name}")
        assert status == 200 and body and b"https://" not in body and b"http://" not in body


@pytest.mark.parametrize(
    "path",
    [
        "/static/../server.py",
        "/static/..%2fserver.py",
        "/static/%2e%2e/seats.py",
        "/static/../../../../etc/passwd",
        "/static//etc/passwd",
        "/static/.hidden.js",
        "/static/web/phone.js",
        "/../pyproject.toml",
        "/server.py",
        "/static/phone.js%00.html",
    ],
)
def test_no_path_leaves_the_web_folder(link, path):
    status, body = get(link, path)
    assert status == 404 and b"import" not in body and b"root:" not in body


def test_a_second_phone_takes_the_seat_over_and_the_first_is_told(link, fight):
    with phone(link, "aria") as first:
        receive(first, "view")
        with phone(link, "aria") as second:
            assert receive(second, "view")["view"]["seat"] == "aria"
            told = receive(first)
            assert told["kind"] == "taken_over"
            with pytest.raises(ConnectionClosed) as closed:
                receive(first)
            assert closed.value.rcvd.code == server_module.TAKEN_OVER_CODE
            second.send(json.dumps({"kind": "declare", "actions": ["attack"]}))
            assert receive(second, "accepted")
    assert fight.declaration("aria").actions == ["attack"]


def test_a_phone_that_reopens_the_page_gets_its_seat_back(link, fight):
    with phone(link, "aria") as ws:
        receive(ws, "view")
        ws.send(json.dumps({"kind": "declare", "actions": ["attack"]}))
        receive(ws, "accepted")
    with phone(link, "aria") as ws:  # asleep, then back
        view = receive(ws, "view")["view"]
    assert view["seat"] == "aria" and view["declaration"]["actions"] == ["attack"]


def test_a_change_of_the_fight_reaches_every_phone_but_not_anothers_secret(link, fight):
    with phone(link, "aria") as aria, phone(link, "bram") as bram:
        receive(aria, "view")
        receive(bram, "view")
        aria.send(json.dumps({"kind": "declare", "actions": ["attack"], "notes": "sneaky"}))
        receive(aria, "accepted")
        bram_view = receive(bram, "view")["view"]  # told that Aria declared, not what
        assert bram_view["fight"]["progress"]["declared"] == 1
        assert "sneaky" not in json.dumps(bram_view)
        assert "attack" not in json.dumps([p for p in bram_view["party"] if p["id"] == "aria"])
        fight.apply_damage("bram", 2, "cut")
        link.changed()
        assert receive(bram, "view")["view"]["character"]["hp"] == fight.combatants["bram"].hp


def test_stop_closes_the_phones_and_ends_the_thread(fight):
    server = LinkServer(lambda job: run_inline(job, fight), seat_ids(fight))
    server.start()
    with phone(server, "aria") as ws:
        receive(ws, "view")
        server.stop()
        with pytest.raises(ConnectionClosed):
            receive(ws)
    assert not server.running


def test_a_preview_superseded_before_it_runs_is_dropped(fight):
    """The window is busy (the GM drags): three taps from one seat wait; when the window runs
    them only the newest is answered, the others cost the window nothing."""
    import concurrent.futures
    import threading

    waiting: list = []
    lock = threading.Lock()

    def held(job):
        future = concurrent.futures.Future()
        with lock:
            waiting.append((job, future))
        return future

    server = LinkServer(held, seat_ids(fight))
    server.start()
    try:
        ran: list[str] = []

        def run_waiting():
            with lock:
                jobs, waiting[:] = list(waiting), []
            for job, future in jobs:
                result = job(fight)
                ran.append("answered" if result is not None else "dropped")
                future.set_result(result)

        with phone(server, "aria") as ws:
            until(lambda: waiting, "the opening view was not asked for")
            run_waiting()  # the opening view
            receive(ws, "view")
            ran.clear()
            for goal in ([2, 1], [3, 1], [2, 2]):
                ws.send(json.dumps({"kind": "preview_move", "goal": goal}))
            until(lambda: len(waiting) >= 3, "the three previews were not asked for")
            run_waiting()
            assert ran == ["dropped", "dropped", "answered"]
            assert receive(ws)["kind"] == "move_preview"
            ws.send(json.dumps({"kind": "view"}))
            until(lambda: waiting, "the view was not asked for")
            run_waiting()
            assert receive(ws)["kind"] == "view"  # nothing else came for the dropped taps
    finally:
        server.stop()
