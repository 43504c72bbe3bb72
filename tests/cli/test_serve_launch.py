"""`drase-desktop serve FILE` launched as a script would: SEAT lines, READY, one JSON line per
accepted phone action, the encounter saved on SIGTERM; a bad file exits 2 with one line."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys

import pytest
from helpers.table_link_fight import table_fight
from websockets.sync.client import connect

from drase_desktop.storage.encounter_file import load_encounter, save_encounter

pytestmark = pytest.mark.subprocess


def _launch(*arguments, home):
    environment = dict(os.environ, DRASE_DESKTOP_HOME=str(home))
    for name in ("QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY"):
        environment.pop(name, None)
    return subprocess.Popen(
        [sys.executable, "-m", "drase_desktop", "serve", *arguments],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=environment,
    )


def _receive(ws, kind):
    while True:
        message = json.loads(ws.recv(timeout=10))
        if message["kind"] == kind:
            return message


def _seats_and_base(process):
    seats = {}
    while True:
        line = process.stdout.readline()
        assert line, process.stderr.read()
        words = line.split()
        if words[0] == "READY":
            return seats, words[1]
        assert words[0] == "SEAT"
        seats[words[1]] = words[2]


def test_serve_prints_seats_and_events_and_saves_on_sigterm(tmp_path):
    file = tmp_path / "fight.drase"
    save_encounter(table_fight(), file)
    with _launch(str(file), "--host", "127.0.0.1", home=tmp_path) as process:
        seats, base = _seats_and_base(process)
        assert set(seats) == {"aria", "bram"} and base.startswith("http://127.0.0.1:")
        assert all(url.startswith(f"{base}/s/") for url in seats.values())
        address = seats["aria"].replace("http://", "ws://").replace("/s/", "/ws/")
        with connect(address, origin=base, open_timeout=10) as ws:
            _receive(ws, "view")
            ws.send(json.dumps({"kind": "declare", "actions": ["attack", "defend"]}))
            _receive(ws, "accepted")
            declared = json.loads(process.stdout.readline())
            ws.send(json.dumps({"kind": "roll_defense", "faces": [4, 2]}))
            _receive(ws, "accepted")
            defense = json.loads(process.stdout.readline())
        assert declared["event"] == "declared" and declared["combatant"] == "aria"
        assert defense["event"] == "defense" and defense["combatant"] == "aria"
        assert defense["locked"] is True
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=30) == 0, process.stderr.read()
    saved = load_encounter(file)
    assert saved.declaration("aria").actions == ["attack", "defend"]
    assert saved.declaration("aria").locked
    assert sorted(path.name for path in tmp_path.iterdir() if path.is_file()) == ["fight.drase"]


def test_serve_saves_on_sigint_too(tmp_path):
    file = tmp_path / "fight.drase"
    save_encounter(table_fight(), file)
    before = file.stat().st_mtime_ns
    with _launch(str(file), home=tmp_path) as process:
        _seats_and_base(process)
        process.send_signal(signal.SIGINT)
        assert process.wait(timeout=30) == 0
    assert file.stat().st_mtime_ns != before
    load_encounter(file)


def test_serve_refuses_a_bad_file_in_one_line(tmp_path):
    file = tmp_path / "broken.drase"
    file.write_text("{not json")
    with _launch(str(file), home=tmp_path) as process:
        out, err = process.communicate(timeout=60)
    assert process.returncode == 2
    assert "Traceback" not in err and len(err.splitlines()) == 1 and "broken.drase" in err
    assert out == ""
