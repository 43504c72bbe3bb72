"""`drase-desktop serve FILE [--host HOST] [--port PORT]`: the encounter with the Table Link
server and no window, for scripts and tests.

It prints `SEAT <combatant id> <url>` for each player character, then `READY <base url>`, then
one JSON line for each phone action the encounter accepted (`{"event": "declared", ...}`,
`{"event": "defense", ...}`). On SIGTERM or SIGINT it stops the server, saves the encounter to
FILE atomically and exits 0. The encounter is only touched on the server's thread (every job
runs inline there) until the server has stopped; then the main thread saves it.
"""

from __future__ import annotations

import argparse
import json
import signal
import sys
import threading
from pathlib import Path
from typing import Any

from drase_desktop.cli.command import Command


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="a .drase encounter (saved back to it on SIGTERM or SIGINT)")
    parser.add_argument(
        "--host", default="127.0.0.1", help="the address to listen on (default 127.0.0.1)"
    )
    parser.add_argument(
        "--port", type=int, default=0, help="the port to listen on (default: a free one)"
    )


def run(arguments: argparse.Namespace) -> int:
    from drase_desktop.encounter.seat_view import seat_ids
    from drase_desktop.storage.encounter_file import load_encounter, save_encounter
    from drase_desktop.table_link.server import LinkServer, run_inline

    if not 0 <= arguments.port <= 65535:
        raise ValueError(f"--port {arguments.port} is not a port (0 to 65535)")
    file = Path(arguments.file)
    encounter = load_encounter(file)
    stopping = threading.Event()
    printing = threading.Lock()

    def print_line(text: str) -> None:
        with printing:
            sys.stdout.write(text + "\n")
            sys.stdout.flush()

    def accepted(seat: str, action: Any) -> None:
        print_line(json.dumps(action.event, ensure_ascii=False, separators=(",", ":")))

    server = LinkServer(
        lambda job: run_inline(job, encounter),
        seat_ids(encounter),
        host=arguments.host,
        port=arguments.port,
        on_accepted=accepted,
    )
    previous = {
        number: signal.signal(number, lambda *_: stopping.set())
        for number in (signal.SIGTERM, signal.SIGINT)
    }
    try:
        server.start()
        for seat, url in server.seat_urls().items():
            print_line(f"SEAT {seat} {url}")
        print_line(f"READY {server.base_url}")
        while not stopping.wait(0.5):
            pass
    finally:
        server.stop()
        for number, handler in previous.items():
            signal.signal(number, handler)
    save_encounter(encounter, file)
    return 0


COMMAND = Command(
    name="serve",
    summary="run the encounter for the players' phones (Table Link), no window",
    configure=configure,
    run=run,
    description=(
        "Open FILE with no window and run the Table Link server: one SEAT line per player"
        " character, READY, then one JSON line per accepted phone action; SIGTERM or SIGINT"
        " saves FILE and exits."
    ),
)
