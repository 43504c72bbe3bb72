"""Simulated phones for the Table Link benchmarks: each in a thread of its own, connected to a
seat, sending a message every `interval` seconds (None: connected and idle) until stopped.
The seats' first views are made on the window's thread: entering pumps its events until every
phone has one."""

from __future__ import annotations

import json
import threading
import time

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect


class PhoneCrowd:
    def __init__(self, server, seats, message_for=None, interval=None):
        self._server = server
        self._stop = threading.Event()
        self._ready = threading.Semaphore(0)
        self.sent = 0
        self.answers = 0
        self._threads = [
            threading.Thread(target=self._phone, args=(seat, message_for, interval), daemon=True)
            for seat in seats
        ]

    def __enter__(self):
        from PySide6.QtWidgets import QApplication

        for thread in self._threads:
            thread.start()
        app = QApplication.instance()
        deadline = time.monotonic() + 30
        for _ in self._threads:
            while not self._ready.acquire(timeout=0.005):
                assert time.monotonic() < deadline, "a phone did not get its view"
                app.processEvents()
        return self

    def __exit__(self, *_):
        self._stop.set()
        for thread in self._threads:
            thread.join(10)

    def _phone(self, seat, message_for, interval):
        address = self._server.seat_url(seat).replace("http://", "ws://").replace("/s/", "/ws/")
        with connect(address, origin=self._server.base_url, open_timeout=30) as ws:
            ws.recv(timeout=30)
            self._ready.release()
            while not self._stop.is_set():
                if interval is None or message_for is None:
                    self._stop.wait(0.1)
                    continue
                try:
                    ws.send(json.dumps(message_for(seat)))
                    self.sent += 1
                    self._drain(ws, interval)
                except ConnectionClosed:
                    return

    def _drain(self, ws, interval):
        try:
            while True:
                ws.recv(timeout=interval)
                self.answers += 1
        except TimeoutError:
            pass
