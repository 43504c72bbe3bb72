"""The Table Link server: the phone page's files and one WebSocket per seat, in a thread of its
own (an asyncio loop run by `websockets`), with no Qt.

    server = LinkServer(run_job, seats, host="192.168.1.20", port=0, on_accepted=...)
    server.start()                     # returns once it listens; server.base_url, seat_url(id)
    server.changed()                   # the fight changed: every phone gets its view again
    server.new_codes()                 # every old address stops working
    server.stop()                      # closes every phone, ends and joins the thread

The encounter is never touched from the server's thread: every job that reads or changes it
goes through `run_job(job)`, which runs `job(encounter)` where the encounter lives (the window's
thread, through a queued signal; inline for `drase-desktop serve`) and returns a
`concurrent.futures.Future` of its result. Accepted phone actions are handed to `on_accepted`
there, inside the same job, so the window puts them on its undo stack at once.

Refused and logged (logger `drase_desktop.table_link`), changing nothing: an unknown or
revoked token (HTTP 403), a WebSocket whose Origin or Host is not this server's (403), a
message that is not one of `messages.py`'s (a `refused` reply), one larger than
`MAX_MESSAGE_BYTES` (the connection is closed, 1009), more than `RATE_BURST` messages at once
or `RATE_PER_SECOND` on average (a `refused` reply), a request for another character. One
phone per seat: a second one opening the seat takes it over, the first is told
(`taken_over`) and closed. Static files come only from this package's `web` folder, by name
(pages.py); the jobs that reach the encounter are in jobs.py.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from http import HTTPStatus
from typing import Any, TypeVar

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from drase_desktop.encounter.fog import fog_of
from drase_desktop.encounter.seat_view import ground_view, seat_view
from drase_desktop.table_link.jobs import Job, ReadingJob, RunJob, run_inline
from drase_desktop.table_link.messages import (
    MAX_MESSAGE_BYTES,
    MessageError,
    app_message,
    encode,
    read_phone_message,
)
from drase_desktop.table_link.pages import page_response, peer, plain_response, url_host
from drase_desktop.table_link.seat_requests import Answer, answer_message, answer_request
from drase_desktop.table_link.seats import SeatCodes

# The jobs' names, importable from here too.
__all__ = ["Job", "LinkServer", "ReadingJob", "RunJob", "run_inline"]

T = TypeVar("T")

log = logging.getLogger("drase_desktop.table_link")

RATE_PER_SECOND = 10.0
RATE_BURST = 30
# Openings of one seat within OPENINGS_WINDOW seconds (a phone reconnecting after sleep opens
# it once; a loop opening it again and again is stopped).
MAX_OPENINGS = 12
OPENINGS_WINDOW = 10.0
MAX_CONNECTIONS = 64
TAKEN_OVER_CODE = 4000
NEW_CODES_CODE = 4001
STOPPED_CODE = 1001


# The previews a phone asks for as the player taps: a newer one of the same kind from the
# same seat supersedes one not yet run, and the window may hold them while the GM drags.
PREVIEW_KINDS = frozenset({"preview_move", "preview_attack"})


@dataclass
class _Seat:
    """One seat's live phone, what it was sent last, and its message budget."""

    connection: ServerConnection | None = None
    last_view: str = ""
    # Counts the seat's previews of each kind: one superseded before it runs is dropped.
    previews: dict[str, int] = field(default_factory=dict)
    tokens: float = RATE_BURST
    refilled: float = field(default_factory=time.monotonic)
    openings: list[float] = field(default_factory=list)

    def spend(self) -> bool:
        now = time.monotonic()
        self.tokens = min(RATE_BURST, self.tokens + (now - self.refilled) * RATE_PER_SECOND)
        self.refilled = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class LinkServer:
    """HTTP and WebSocket for the seats' phones, on `host`:`port` (0: a free port)."""

    def __init__(
        self,
        run_job: RunJob,
        seats: list[str],
        *,
        host: str = "127.0.0.1",
        port: int = 0,
        on_accepted: Callable[[str, Any], object] | None = None,
        on_connections: Callable[[list[str]], object] | None = None,
    ) -> None:
        self._run_job = run_job
        self.codes = SeatCodes(seats)
        self.host = host
        self.port = port
        self._on_accepted = on_accepted
        self._on_connections = on_connections
        self._seats: dict[str, _Seat] = {seat: _Seat() for seat in seats}
        self._loop: asyncio.AbstractEventLoop | None = None
        self._server: Server | None = None
        self._thread: threading.Thread | None = None
        self._stopped: asyncio.Event | None = None
        self._push_pending = False
        self._started = threading.Event()
        self._failure: BaseException | None = None
        # Jobs handed to `run_job` and not answered yet: cancelled at stop, so a thread that
        # stops the server while it would have run them (the window's) never waits on itself.
        self._pending: set[concurrent.futures.Future[Any]] = set()
        self._readings: set[asyncio.Future[None]] = set()  # readings being answered

    # ------------------------------------------------------------------ the caller's side
    @property
    def base_url(self) -> str:
        return f"http://{url_host(self.host)}:{self.port}"

    def seat_url(self, seat: str) -> str:
        return f"{self.base_url}/s/{self.codes.token(seat)}"

    def seat_urls(self) -> dict[str, str]:
        return {seat: self.seat_url(seat) for seat in self.codes.seats}

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def start(self) -> None:
        """Listen, in a thread of its own; returns once listening (OSError if it cannot)."""
        self._thread = threading.Thread(target=self._run, name="table-link", daemon=True)
        self._thread.start()
        self._started.wait()
        if self._failure is not None:
            self._thread.join()
            self._thread = None
            raise self._failure

    def stop(self) -> None:
        """Close every phone and the listening socket; returns once the thread has ended."""
        thread, loop, stopped = self._thread, self._loop, self._stopped
        if thread is None:
            return
        if loop is not None and stopped is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(stopped.set)
            except RuntimeError:
                pass  # the loop ended meanwhile
        while thread.is_alive():
            for future in list(self._pending):
                future.cancel()
            thread.join(0.05)
        self._thread = None

    def changed(self) -> None:
        """The fight changed: send each phone its view again (coalesced, from any thread)."""
        loop = self._loop
        if loop is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(self._schedule_push)
            except RuntimeError:
                pass

    def new_codes(self, seats: list[str] | None = None) -> None:
        """Replace every seat's token; every phone is closed and every old address refused."""
        done = threading.Event()

        def renew() -> None:
            self.codes.renew(seats)
            for seat in list(self._seats):
                if seat not in self.codes.seats:
                    del self._seats[seat]
            for seat in self.codes.seats:
                self._seats.setdefault(seat, _Seat())
            for state in self._seats.values():
                if state.connection is not None:
                    asyncio.ensure_future(
                        state.connection.close(NEW_CODES_CODE, "the GM made new codes")
                    )
            done.set()

        loop = self._loop
        if loop is None or loop.is_closed():
            self.codes.renew(seats)
            return
        loop.call_soon_threadsafe(renew)
        done.wait(5)

    def connected(self) -> list[str]:
        return [seat for seat, state in self._seats.items() if state.connection is not None]

    # ------------------------------------------------------------------ the server's thread
    def _run(self) -> None:
        try:
            asyncio.run(self._serve())
        except BaseException as error:  # reported to start() if it failed to listen
            if not self._started.is_set():
                self._failure = error
                self._started.set()
            else:
                log.exception("Table Link stopped on an error")

    async def _serve(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._stopped = asyncio.Event()
        async with serve(
            self._talk,
            self.host,
            self.port,
            process_request=self._process_request,
            max_size=MAX_MESSAGE_BYTES,
            max_queue=4,
            close_timeout=2,
            server_header=None,
        ) as server:
            self._server = server
            self.port = server.sockets[0].getsockname()[1]
            self._started.set()
            await self._stopped.wait()
            for future in list(self._pending):
                future.cancel()
            for state in self._seats.values():
                if state.connection is not None:
                    await state.connection.close(STOPPED_CODE, "the GM stopped Table Link")
            server.close()
            await server.wait_closed()

    def _process_request(self, connection: ServerConnection, request: Request) -> Response | None:
        path = request.path.split("?", 1)[0]
        if path.startswith("/ws/"):
            return self._check_opening(connection, request, path[len("/ws/") :])
        if request.headers.get("Upgrade"):
            return plain_response(HTTPStatus.NOT_FOUND, "Not found")
        return page_response(self.codes, connection, path)

    def _check_opening(
        self, connection: ServerConnection, request: Request, token: str
    ) -> Response | None:
        seat = self.codes.seat_of(token)
        if seat is None:
            log.warning("refused a phone with an unknown or revoked code from %s", peer(connection))
            return plain_response(HTTPStatus.FORBIDDEN, "unknown or revoked code")
        own = f"{url_host(self.host)}:{self.port}"
        origin = request.headers.get("Origin")
        if request.headers.get("Host") != own or origin != f"http://{own}":
            log.warning(
                "refused a phone for %s from the origin %r (host %r)",
                seat,
                (origin or "")[:200],
                (request.headers.get("Host") or "")[:200],
            )
            return plain_response(HTTPStatus.FORBIDDEN, "wrong origin")
        assert self._server is not None
        if len(self._server.connections) > MAX_CONNECTIONS:
            log.warning("refused a phone for %s: %d connections open", seat, MAX_CONNECTIONS)
            return plain_response(HTTPStatus.SERVICE_UNAVAILABLE, "too many connections")
        state = self._seats[seat]
        now = time.monotonic()
        state.openings = [t for t in state.openings if now - t < OPENINGS_WINDOW] + [now]
        if len(state.openings) > MAX_OPENINGS:
            log.warning("refused a phone for %s: opened too often", seat)
            return plain_response(HTTPStatus.TOO_MANY_REQUESTS, "opened too often; wait a moment")
        return None

    async def _talk(self, connection: ServerConnection) -> None:
        token = (
            connection.request.path.split("?", 1)[0][len("/ws/") :] if connection.request else ""
        )
        seat = self.codes.seat_of(token)
        if seat is None:  # revoked between the opening and now
            await connection.close(NEW_CODES_CODE, "the GM made new codes")
            return
        state = self._seats[seat]
        previous = state.connection
        state.connection = connection
        state.last_view = ""
        if previous is not None:
            log.info("seat %s opened on another phone: the first is told", seat)
            try:
                await previous.send(encode(app_message("taken_over")))
                await previous.close(TAKEN_OVER_CODE, "opened on another phone")
            except ConnectionClosed:
                pass
        self._connections_changed()
        try:
            await self._send_view(seat, state, connection)
            async for raw in connection:
                if self.codes.seat_of(token) != seat:
                    break
                await self._answer(seat, state, connection, raw)
        except ConnectionClosed as closed:
            if (
                closed.rcvd is not None
                and closed.rcvd.code == 1009
                or (closed.sent is not None and closed.sent.code == 1009)
            ):
                log.warning(
                    "refused a message larger than %d bytes from %s", MAX_MESSAGE_BYTES, seat
                )
        finally:
            if state.connection is connection:
                state.connection = None
                self._connections_changed()

    async def _answer(
        self, seat: str, state: _Seat, connection: ServerConnection, raw: str | bytes
    ) -> None:
        if not state.spend():
            log.warning("refused a message from %s: more than its rate", seat)
            refused = app_message("refused", words="Too many messages: wait a moment")
            await connection.send(encode(refused))
            return
        on_accepted = self._on_accepted
        try:  # checked here, off the window's thread
            message = read_phone_message(raw)
        except MessageError:
            message = None
        tag = type(message).__struct_config__.tag if message is not None else None
        kind = tag if isinstance(tag, str) else ""
        reading = kind in PREVIEW_KINDS
        serial = 0
        if reading:
            serial = state.previews[kind] = state.previews.get(kind, 0) + 1

        def job(encounter: Any) -> Answer | None:
            if reading and state.previews[kind] != serial:
                return None  # a newer one from the same seat is on its way
            if message is None:
                answer = answer_message(encounter, seat, raw)  # refused and logged
            else:
                answer = answer_request(encounter, seat, message)
            if answer.action is not None and on_accepted is not None:
                on_accepted(seat, answer.action)
            return answer

        if not reading:  # a declaration, a roll, a view: answered before the next is read
            await self._respond(seat, connection, job)
            return
        # A preview is answered while the next messages are read, so a newer one from the
        # seat can supersede it while it waits (the GM dragging, say).
        task = asyncio.ensure_future(self._respond(seat, connection, ReadingJob(job)))
        self._readings.add(task)
        task.add_done_callback(self._readings.discard)

    async def _respond(
        self, seat: str, connection: ServerConnection, job: Job[Answer | None]
    ) -> None:
        try:
            answered: Answer | None = await self._ask(job)
        except Exception:
            log.exception("a message from %s could not be answered", seat)
            await connection.send(encode(app_message("refused", words="Something went wrong")))
            return
        if answered is None:
            return
        answer = answered
        if answer.logged:
            log.warning("refused a message from %s: %s", seat, answer.logged)
        try:
            await connection.send(encode(answer.reply))
        except ConnectionClosed:
            return
        if answer.action is not None:
            self._schedule_push()

    async def _ask(self, job: Job[T]) -> T:
        """`job(encounter)` run where the encounter lives, awaited here."""
        future = self._run_job(job)
        self._pending.add(future)
        future.add_done_callback(self._pending.discard)
        result: T = await asyncio.wrap_future(future)
        return result

    async def _send_view(self, seat: str, state: _Seat, connection: ServerConnection) -> None:
        # Not held during a drag: a phone opening its page sees its seat at once.
        view = await self._ask(lambda e: seat_view(e, seat))
        text = encode(app_message("view", view=view))
        if text != state.last_view:
            state.last_view = text
            await connection.send(text)

    def _schedule_push(self) -> None:
        if not self._push_pending:
            self._push_pending = True
            asyncio.ensure_future(self._push_views())

    async def _push_views(self) -> None:
        await asyncio.sleep(0.02)  # a burst of changes sends one view
        self._push_pending = False
        live = [(s, st, st.connection) for s, st in self._seats.items() if st.connection]

        def views(encounter: Any) -> list[dict[str, Any]]:
            # The map's ground worked out once for every connected seat (as `seat_views`).
            ground = ground_view(encounter, fog_of(encounter))
            return [seat_view(encounter, seat, ground=ground) for seat, _, _ in live]

        try:
            every = await self._ask(ReadingJob(views))
        except Exception:
            log.exception("the phones' views could not be made")
            return
        for (_, state, connection), view in zip(live, every, strict=True):
            text = encode(app_message("view", view=view))
            if text != state.last_view and connection is not None:
                state.last_view = text
                try:
                    await connection.send(text)
                except ConnectionClosed:
                    pass

    def _connections_changed(self) -> None:
        if self._on_connections is not None:
            self._on_connections(self.connected())
