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
import ipaddress
import logging
import weakref
from typing import Any

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QAction
from PySide6.QtNetwork import QAbstractSocket, QNetworkInterface
from PySide6.QtWidgets import QLabel, QMainWindow, QMenu

from drase_desktop.encounter.seat_view import seat_ids
from drase_desktop.table_link.server import LinkServer
from drase_desktop.ui.commands import ChangeCommand
from drase_desktop.ui.table.table_codes import TableCodes
from drase_desktop.ui.workers import on_stop

log = logging.getLogger(__name__)


def lan_address() -> str:
    """The address the phones on the table's Wi-Fi reach this laptop at: the first private
    IPv4 address of an interface that is up (127.0.0.1 when there is none)."""
    for interface in QNetworkInterface.allInterfaces():
        flags = interface.flags()
        if not flags & QNetworkInterface.InterfaceFlag.IsUp or (
            flags & QNetworkInterface.InterfaceFlag.IsLoopBack
        ):
            continue
        for entry in interface.addressEntries():
            address = entry.ip()
            if address.protocol() != QAbstractSocket.NetworkLayerProtocol.IPv4Protocol:
                continue
            text = address.toString()
            if ipaddress.ip_address(text).is_private:
                return text
    return "127.0.0.1"


class WindowJobs(QObject):
    """The server's jobs run on the window's thread, on the model's current encounter."""

    # (job, future) from the server's thread, run on the window's.
    _jobPosted = Signal(object)

    def __init__(self, model: Any, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self._jobPosted.connect(self._run_job, Qt.ConnectionType.QueuedConnection)

    def post_job(self, job: Any) -> concurrent.futures.Future[Any]:
        """From the server's thread: run `job(encounter)` on the window's thread."""
        future: concurrent.futures.Future[Any] = concurrent.futures.Future()
        self._jobPosted.emit((job, future))
        return future

    def _run_job(self, posted: tuple[Any, concurrent.futures.Future[Any]]) -> None:
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
        self.host: str | None = None  # None: the LAN address, chosen at each start
        self.port = 0
        self.server: LinkServer | None = None
        self.connected: list[str] = []
        self.jobs = WindowJobs(model, self)
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
        self.status_label = QLabel("")
        self.status_label.setObjectName("tableLinkStatus")
        self.status_label.hide()
        window.statusBar().addPermanentWidget(self.status_label)
        menu = QMenu("Ta&ble", window.menuBar())
        menu.setObjectName("tableMenu")
        menu.addActions([self.action, self.new_codes_action])
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

    def start(self) -> None:
        host = self.host or lan_address()
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

    def seat_urls(self) -> dict[str, str]:
        return self.server.seat_urls() if self.server is not None else {}

    # ------------------------------------------------------------------ the server's jobs
    def _accepted(self, seat: str, action: Any) -> None:
        # Inside a job, on the window's thread: one undo step, as the GM's own declaration.
        self.model.push(ChangeCommand(self.model, action.change))

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

