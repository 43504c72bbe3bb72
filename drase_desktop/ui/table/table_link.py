"""Table > Invite players: the Table Link server (`table_link/server.py`, its own thread) wired
to the window through queued signals.

- The server never touches the encounter: each job it needs (a seat's view, a phone's message)
  is posted here by a queued signal and run on the window's thread on the model's encounter;
  its result goes back through a `concurrent.futures.Future`.
- A phone's accepted declaration or defense roll is pushed on the undo stack as the GM's own
  changes are (`ChangeCommand`), so the Declaration dock shows it, and the GM can change,
  refuse (undo) or lock it as today.
- Any change of the fight (the model's signals) sends every phone its view again.
- Who is connected arrives by a queued signal; the status bar and the TV's codes follow it.
- The server is stopped and joined with the other workers at exit (`workers.on_stop`).
"""

from __future__ import annotations

import concurrent.futures
import logging
import weakref
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QLabel, QMainWindow, QMenu

from drase_desktop.encounter.declaration_reveal import reveal_declarations, why_not_revealing
from drase_desktop.encounter.seat_view import seat_ids
from drase_desktop.table_link import addresses
from drase_desktop.ui.commands import ChangeCommand
from drase_desktop.ui.table.table_codes import TableCodes
from drase_desktop.ui.table.table_progress import TableProgress
from drase_desktop.ui.workers import on_stop

if TYPE_CHECKING:  # the server (and websockets) load when the GM invites the players
    from drase_desktop.table_link.server import LinkServer

log = logging.getLogger(__name__)


class WindowJobs(QObject):
    """The server's jobs run on the window's thread, on the model's current encounter.

    A job that only reads the fight (`ReadingJob`: a phone's view or preview) waits while
    `busy()` says the GM is dragging a token, and runs once the drag is over: the phones
    never slow the GM's drag. Declarations and rolls run at once."""

    # (job, future) from the server's thread, run on the window's.
    _jobPosted = Signal(object)
    HELD_RETRY_MS = 40

    def __init__(
        self, model: Any, parent: QObject | None = None, *, busy: Callable[[], bool] | None = None
    ) -> None:
        super().__init__(parent)
        self.model = model
        self.busy = busy or (lambda: False)
        self._held: list[tuple[Any, concurrent.futures.Future[Any]]] = []
        self._held_timer = QTimer(self)
        self._held_timer.setObjectName("tableLinkHeldJobsTimer")
        self._held_timer.setSingleShot(True)
        self._held_timer.setInterval(self.HELD_RETRY_MS)
        self._held_timer.timeout.connect(self._run_held)
        self._jobPosted.connect(self._run_job, Qt.ConnectionType.QueuedConnection)

    def post_job(self, job: Any) -> concurrent.futures.Future[Any]:
        """From the server's thread: run `job(encounter)` on the window's thread."""
        future: concurrent.futures.Future[Any] = concurrent.futures.Future()
        self._jobPosted.emit((job, future))
        return future

    def _run_job(self, posted: tuple[Any, concurrent.futures.Future[Any]]) -> None:
        # Jobs come only from a running server, so its module is loaded by now.
        from drase_desktop.table_link.server import ReadingJob

        job, _ = posted
        if isinstance(job, ReadingJob) and (self._held or self.busy()):
            self._held.append(posted)  # in order, after those already waiting
            self._held_timer.start()
            return
        self._run_now(posted)

    def _run_held(self) -> None:
        if self.busy():
            self._held_timer.start()
            return
        held, self._held = self._held, []
        for posted in held:
            self._run_now(posted)

    def _run_now(self, posted: tuple[Any, concurrent.futures.Future[Any]]) -> None:
        job, future = posted
        if not future.set_running_or_notify_cancel():
            return  # the server stopped meanwhile
        try:
            future.set_result(job(self.model.encounter))
        except BaseException as error:  # the server logs it and answers the phone
            future.set_exception(error)


class TableLink(QObject):
    """The window's side of Table Link: the actions, the server and who is connected."""

    # The connected seats (combatant ids), from the server's thread.
    _seatsConnected = Signal(list)
    # Started, stopped, or new codes: the TV's codes follow.
    seatsChanged = Signal()
    connectionsChanged = Signal(list)

    def __init__(self, window: QMainWindow, model: Any, table_tools: Any, menus: Any) -> None:
        super().__init__(window)
        self.window = window
        self.model = model
        self.table_tools = table_tools
        self.codes: TableCodes | None = None
        self.progress: TableProgress | None = None  # "3 of 4 declared" on the TV
        # None: the likeliest LAN address at each start, or the one the GM chose (settings).
        self.host: str | None = None
        self.settings = getattr(window, "settings", None)
        self.port = 0
        self.server: LinkServer | None = None
        self.connected: list[str] = []
        self.jobs = WindowJobs(model, self, busy=self._gm_dragging)
        self._seatsConnected.connect(self._on_connected, Qt.ConnectionType.QueuedConnection)
        for signal in (
            model.combatantsChanged,
            model.mapChanged,
            model.roundChanged,
            model.logChanged,
            model.fogChanged,
            model.encounterReplaced,
        ):
            signal.connect(self._fight_changed)
        model.encounterReplaced.connect(self._encounter_replaced)
        self.action = QAction("&Invite players", window)
        self.action.setObjectName("tableLinkAction")
        self.action.setCheckable(True)
        self.action.setStatusTip(
            "Serve the players' phones on this network: one code per player character on the TV"
        )
        self.action.toggled.connect(self._toggled)
        self.new_codes_action = QAction("&New codes", window)
        self.new_codes_action.setObjectName("tableLinkNewCodesAction")
        self.new_codes_action.setStatusTip("Every phone's address stops working; new codes show")
        self.new_codes_action.setEnabled(False)
        self.new_codes_action.triggered.connect(self.new_codes)
        # Declarations are secret between the phones until the phase ends or the GM says.
        self.reveal_action = QAction("&Reveal declarations", window)
        self.reveal_action.setObjectName("tableLinkRevealAction")
        self.reveal_action.setStatusTip(
            "Every phone sees the declarations made in this phase (one undo step, logged)"
        )
        self.reveal_action.triggered.connect(self.reveal_declarations)
        model.roundChanged.connect(self._update_reveal)
        model.logChanged.connect(self._update_reveal)
        model.encounterReplaced.connect(self._update_reveal)
        self._update_reveal()
        self.status_label = QLabel("")
        self.status_label.setObjectName("tableLinkStatus")
        self.status_label.hide()
        window.statusBar().addPermanentWidget(self.status_label)
        menu = QMenu("Ta&ble", window.menuBar())
        menu.setObjectName("tableMenu")
        menu.addActions([self.action, self.new_codes_action, self.reveal_action])
        self.address_menu = menu.addMenu("Network &address")
        self.address_menu.setObjectName("tableLinkAddressMenu")
        self.address_menu.aboutToShow.connect(self.fill_address_menu)
        self._address_group = QActionGroup(self)
        self.menu = menus.add_menu(menu)
        # At exit the server's thread is stopped and joined with the other workers; by then
        # the window may be gone, so only the server is touched (and a closed window's
        # TableLink is not kept alive for it).
        alive = weakref.ref(self)

        def stop_at_exit() -> None:
            link = alive()
            if link is not None:
                link.stop_server()

        on_stop(stop_at_exit)

    # ------------------------------------------------------------------ start and stop
    def _toggled(self, on: bool) -> None:
        if on and self.server is None:
            self.start()
        elif not on and self.server is not None:
            self.stop()

    def chosen_address(self, found: list[str] | None = None) -> str:
        """Where the server listens: set by a test or a script, else the GM's choice while
        this laptop has it, else the likeliest private address (`found`: the laptop's
        addresses, when just asked)."""
        if self.host is not None:
            return self.host
        preferred = getattr(self.settings, "table_link_address", None)
        return addresses.lan_address(preferred, found)

    def fill_address_menu(self) -> None:
        """One entry per private address of this laptop, and this laptop alone; the one in
        use (or to be used) checked."""
        menu, group = self.address_menu, self._address_group
        for old in group.actions():
            group.removeAction(old)
        menu.clear()
        found = addresses.lan_addresses()  # asked once: it opens sockets and asks the resolver
        current = self.server.host if self.server is not None else self.chosen_address(found)
        for address in [*found, addresses.LOOPBACK]:
            label = f"{address} (this laptop only)" if address == addresses.LOOPBACK else address
            entry = menu.addAction(label)
            entry.setObjectName(f"tableLinkAddress:{address}")
            entry.setCheckable(True)
            entry.setChecked(address == current)
            group.addAction(entry)
            entry.triggered.connect(lambda _=False, chosen=address: self.choose_address(chosen))

    def choose_address(self, address: str) -> None:
        """The GM picks the network the phones are on: remembered; a running server moves
        there (the phones' addresses change, so the TV shows the new codes)."""
        self.host = None
        if self.settings is not None:
            self.settings.table_link_address = address
        if self.server is not None and self.server.host != address:
            self.stop()
            self.start()

    def start(self) -> None:
        host = self.chosen_address()
        from drase_desktop.table_link.server import LinkServer

        server = LinkServer(
            self.jobs.post_job,
            seat_ids(self.model.encounter),
            host=host,
            port=self.port,
            on_accepted=self._accepted,
            on_connections=self._seatsConnected.emit,
        )
        try:
            server.start()
        except OSError as error:
            self.action.setChecked(False)
            self.window.statusBar().showMessage(
                f"Table Link cannot listen on {host}: {error.strerror or error}", 8000
            )
            return
        self.server = server
        log.info("Table Link listening on %s", server.base_url)
        self.action.setChecked(True)
        self.new_codes_action.setEnabled(True)
        self.connected = []
        self._show_status()
        if self.codes is None:  # the codes go on the TV, over the players' map
            self.codes = TableCodes(self, self.table_tools.player_display)
        if self.progress is None:
            self.progress = TableProgress(
                self.model, self.table_tools.player_display, lambda: self.server is not None
            )
            self.seatsChanged.connect(self.progress.refresh)
        self.seatsChanged.emit()
        self.table_tools.show_player_display()

    def stop_server(self) -> None:
        """Close every phone and join the server's thread (no Qt touched)."""
        server, self.server = self.server, None
        if server is not None:
            server.stop()
            log.info("Table Link stopped")

    def stop(self) -> None:
        self.stop_server()
        if self.action.isChecked():
            self.action.setChecked(False)
        self.new_codes_action.setEnabled(False)
        self.connected = []
        self._show_status()
        self.seatsChanged.emit()

    def new_codes(self) -> None:
        if self.server is not None:
            self.server.new_codes(seat_ids(self.model.encounter))
            self.seatsChanged.emit()

    def reveal_declarations(self) -> None:
        """Show every phone this phase's declarations now (the core refuses it outside a
        declaring phase, or twice)."""
        self.model.try_apply(reveal_declarations, "Reveal declarations")

    def _update_reveal(self, *_: Any) -> None:
        why = why_not_revealing(self.model.encounter)
        self.reveal_action.setEnabled(why is None)
        self.reveal_action.setToolTip(why or self.reveal_action.statusTip())

    def seat_urls(self) -> dict[str, str]:
        return self.server.seat_urls() if self.server is not None else {}

    # ------------------------------------------------------------------ the server's jobs
    def _accepted(self, seat: str, action: Any) -> None:
        # Inside a job, on the window's thread: one undo step, as the GM's own declaration.
        self.model.push(ChangeCommand(self.model, action.change))

    def _gm_dragging(self) -> bool:
        """Is the GM in the middle of dragging a token on the map?"""
        map_view = getattr(self.window, "map_view", None)
        scene = getattr(map_view, "map_scene", None)
        tool = getattr(scene, "tool", None)
        return bool(getattr(tool, "dragging", False))

    def _fight_changed(self, *_: Any) -> None:
        if self.server is not None:
            self.server.changed()

    def _encounter_replaced(self) -> None:
        # Another encounter: other player characters, so every old code goes.
        if self.server is not None:
            self.new_codes()

    # ------------------------------------------------------------------ who is connected
    def _on_connected(self, seats: list[str]) -> None:
        self.connected = list(seats)
        self._show_status()
        self.connectionsChanged.emit(self.connected)

    def _show_status(self) -> None:
        if self.server is None:
            self.status_label.hide()
            return
        combatants = self.model.encounter.combatants
        names = []
        for seat in self.server.codes.seats:
            name = combatants[seat].name if seat in combatants else seat
            names.append(f"{name} \u2713" if seat in self.connected else f"{name} \u2013")
        self.status_label.setText("Phones: " + (", ".join(names) or "no player characters"))
        self.status_label.setToolTip(
            f"Table Link on {self.server.base_url}: \u2713 connected, \u2013 not yet"
        )
        self.status_label.show()
