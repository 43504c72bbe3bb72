"""Which address of this laptop the players' phones reach it at, on the table's network.

A laptop often has several: the Wi-Fi, a wired network, a VPN, a virtual machine's bridge. The
phones can only reach the one on the table's Wi-Fi, so the GM may choose (Table > Network
address); the default is the private address of the way out this laptop would take (its
default route), else the first private one found. Nothing is sent: a UDP socket "connected"
to an address only asks the system which way it would go.
"""

from __future__ import annotations

import ipaddress
import socket

LOOPBACK = "127.0.0.1"
# The way out (a documentation address, never reached), then each private network's far end.
_PROBES = ("192.0.2.1", "10.255.255.255", "192.168.255.255", "172.31.255.255")


def _is_lan(address: str) -> bool:
    try:
        parsed = ipaddress.ip_address(address)
    except ValueError:
        return False
    return (
        parsed.version == 4
        and parsed.is_private
        and not parsed.is_loopback
        and not (parsed.is_unspecified or parsed.is_link_local)
    )


def _route_source(probe: str) -> str | None:
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as udp:
        try:
            udp.connect((probe, 9))
            return str(udp.getsockname()[0])
        except OSError:
            return None


def _host_addresses() -> list[str]:
    try:
        found = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        return []
    return [str(info[4][0]) for info in found]


def lan_addresses() -> list[str]:
    """This laptop's private IPv4 addresses, the likeliest for the table first (may be empty)."""
    candidates = [_route_source(probe) for probe in _PROBES] + _host_addresses()
    chosen: list[str] = []
    for address in candidates:
        if address is not None and _is_lan(address) and address not in chosen:
            chosen.append(address)
    return chosen


def lan_address(preferred: str | None = None, found: list[str] | None = None) -> str:
    """The address to listen on: `preferred` (the GM's choice) while this laptop still has it,
    else the likeliest private address, else 127.0.0.1 (this laptop only). `found`: the
    laptop's addresses when the caller has just asked (`lan_addresses`)."""
    if found is None:
        found = lan_addresses()
    if preferred is not None and (preferred in found or preferred == LOOPBACK):
        return preferred
    return found[0] if found else LOOPBACK
