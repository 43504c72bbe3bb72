"""Table > Invite players in the real window: the server starts and stops with the action, the
TV shows one code per player character, the GM sees who is connected, and a phone's declaration
arrives as one undo step the GM can take back."""

from __future__ import annotations

import json
import threading

from helpers.table_link_fight import table_fight
from helpers.window_helpers import action, open_window
from PySide6.QtWidgets import QLabel, QMenu, QWidget
from websockets.sync.client import connect

from drase_desktop.storage.encounter_file import save_encounter


def _window_on_fight(qtbot, tmp_path):
    file = tmp_path / "fight.drase"
    save_encounter(table_fight(), file)
    window, _ = open_window(qtbot, file)
    window.table_link.host = "127.0.0.1"
    return window


def _phone(url, base, script, results):
    """A phone in a thread of its own (the window's thread must stay free to answer)."""
    address = url.replace("http://", "ws://").replace("/s/", "/ws/")
    with connect(address, origin=base, open_timeout=10) as ws:
        for message in script:
            results.append(json.loads(ws.recv(timeout=10)))
            if message is not None:
                ws.send(json.dumps(message))
        while results[-1]["kind"] not in ("accepted", "refused"):
            results.append(json.loads(ws.recv(timeout=10)))


def test_invite_players_serves_the_seats_and_the_tv_shows_their_codes(qtbot, tmp_path):
    window = _window_on_fight(qtbot, tmp_path)
    invite = action(window, "tableLinkAction")
    assert invite in window.findChild(QMenu, "tableMenu").actions()
    invite.trigger()
    link = window.table_link
    assert link.server is not None and link.server.running
    codes = window.table_tools.player_display.findChild(QWidget, "tableLinkCodes")
    qtbot.addWidget(window.table_tools.player_display)
    assert codes is not None and codes.isVisible()
    assert [name for name, _, _ in codes.cards] == ["Aria", "Bram"]
    assert all(address.startswith("127.0.0.1:") for _, address, _ in codes.cards)
    status = window.findChild(QLabel, "tableLinkStatus")
    assert status.text() == "Phones: Aria \u2013, Bram \u2013"
    invite.trigger()
    assert link.server is None and not codes.isVisible() and not status.isVisible()


def test_a_phones_declaration_reaches_the_window_as_one_undo_step(qtbot, tmp_path):
    window = _window_on_fight(qtbot, tmp_path)
    action(window, "tableLinkAction").trigger()
    link = window.table_link
    qtbot.addWidget(window.table_tools.player_display)
    urls = link.seat_urls()
    results: list[dict] = []
    phone = threading.Thread(
        target=_phone,
        args=(
            urls["aria"],
            link.server.base_url,
            [{"kind": "declare", "actions": ["attack"]}],
            results,
        ),
    )
    phone.start()
    qtbot.waitUntil(lambda: not phone.is_alive(), timeout=10000)
    assert results[0]["kind"] == "view" and results[-1]["kind"] == "accepted"
    encounter = window.model.encounter
    assert encounter.declaration("aria").actions == ["attack"]
    assert window.model.undo_stack.count() == 1
    window.model.undo_stack.undo()  # the GM refuses it
    assert encounter.declaration("aria").actions == []
    codes = window.table_tools.player_display.findChild(QWidget, "tableLinkCodes")
    # The phone has gone: both codes are back on the TV.
    qtbot.waitUntil(lambda: [name for name, _, _ in codes.cards] == ["Aria", "Bram"])


def test_who_is_connected_shows_and_the_connected_seats_code_leaves_the_tv(qtbot, tmp_path):
    window = _window_on_fight(qtbot, tmp_path)
    action(window, "tableLinkAction").trigger()
    link = window.table_link
    qtbot.addWidget(window.table_tools.player_display)
    codes = window.table_tools.player_display.findChild(QWidget, "tableLinkCodes")
    status = window.findChild(QLabel, "tableLinkStatus")
    address = link.seat_urls()["bram"].replace("http://", "ws://").replace("/s/", "/ws/")
    opened = threading.Event()
    release = threading.Event()

    def hold() -> None:
        with connect(address, origin=link.server.base_url, open_timeout=10) as ws:
            opened.set()
            release.wait(10)
            ws.close()

    phone = threading.Thread(target=hold)
    phone.start()
    try:
        qtbot.waitUntil(lambda: "Bram \u2713" in status.text(), timeout=10000)
        assert [name for name, _, _ in codes.cards] == ["Aria"]
    finally:
        release.set()
        phone.join()
    qtbot.waitUntil(lambda: "Bram \u2013" in status.text(), timeout=10000)


def test_new_codes_revoke_every_address(qtbot, tmp_path):
    window = _window_on_fight(qtbot, tmp_path)
    action(window, "tableLinkAction").trigger()
    qtbot.addWidget(window.table_tools.player_display)
    before = window.table_link.seat_urls()
    action(window, "tableLinkNewCodesAction").trigger()
    after = window.table_link.seat_urls()
    assert set(before) == set(after) and not set(before.values()) & set(after.values())
    assert window.table_link.server.codes.seat_of(before["aria"].rsplit("/", 1)[1]) is None


def test_the_gm_reveals_the_declarations_to_the_phones_from_the_table_menu(qtbot, tmp_path):
    from drase_desktop.encounter.seat_view import seat_view

    window = _window_on_fight(qtbot, tmp_path)
    reveal = action(window, "tableLinkRevealAction")
    assert reveal in window.findChild(QMenu, "tableMenu").actions()
    model = window.model
    model.apply(lambda e: e.declare("bram", actions=["attack"], notes="PLAN-bram"))

    def bram_seen_by_aria():
        party = seat_view(model.encounter, "aria")["party"]
        return next(p for p in party if p["id"] == "bram")["declaration"]

    assert reveal.isEnabled() and bram_seen_by_aria() is None  # secret while they declare
    reveal.trigger()
    assert "PLAN-bram" in bram_seen_by_aria()
    assert model.encounter.log.entries[-1].text == "The GM reveals the declarations to the table"
    assert not reveal.isEnabled()  # once per phase
    model.undo_stack.undo()  # one undo step takes it back
    assert bram_seen_by_aria() is None and reveal.isEnabled()
    model.undo_stack.redo()
    while model.encounter.phase.declares:
        model.apply(lambda e: e.advance())
    assert not reveal.isEnabled()  # nobody declares in the GM's phases


def test_the_gm_chooses_the_network_the_phones_are_on(qtbot, tmp_path, monkeypatch):
    from drase_desktop.table_link import addresses

    monkeypatch.setattr(addresses, "lan_addresses", lambda: ["192.168.1.20", "10.8.0.5"])
    window = _window_on_fight(qtbot, tmp_path)
    link = window.table_link
    link.host = None  # as a GM has it: no address set by a test
    menu = window.findChild(QMenu, "tableLinkAddressMenu")
    assert menu is not None and menu in [
        a.menu() for a in window.findChild(QMenu, "tableMenu").actions()
    ]
    link.fill_address_menu()
    entries = {entry.objectName(): entry for entry in menu.actions()}
    assert list(entries) == [
        "tableLinkAddress:192.168.1.20",
        "tableLinkAddress:10.8.0.5",
        "tableLinkAddress:127.0.0.1",
    ]
    assert entries["tableLinkAddress:192.168.1.20"].isChecked()  # the likeliest, by default
    entries["tableLinkAddress:127.0.0.1"].trigger()  # chosen before inviting: remembered
    assert window.settings.table_link_address == "127.0.0.1"
    action(window, "tableLinkAction").trigger()
    qtbot.addWidget(window.table_tools.player_display)
    first = link.server.base_url
    assert first.startswith("http://127.0.0.1:")
    link.fill_address_menu()
    assert menu.actions()[2].isChecked()
    link.choose_address("127.0.0.1")  # the same: the server and the phones' codes stay
    assert link.server.base_url == first
