"""Which of the laptop's addresses the phones are served on: the way out first, then the other
private networks; the GM's choice while the laptop still has it."""

from __future__ import annotations

import pytest

from drase_desktop.table_link import addresses
from drase_desktop.table_link.addresses import LOOPBACK, lan_address, lan_addresses


@pytest.fixture
def laptop(monkeypatch):
    """A laptop on a café's Wi-Fi (default route) with a VPN and a virtual machine's bridge."""
    routes = {
        "192.0.2.1": "192.168.1.20",  # the way out: the Wi-Fi
        "10.255.255.255": "10.8.0.5",  # a VPN
        "192.168.255.255": "192.168.1.20",
        "172.31.255.255": None,
    }
    host = ["127.0.1.1", "172.17.0.1", "169.254.3.3", "8.8.4.4", "10.8.0.5"]
    monkeypatch.setattr(addresses, "_route_source", routes.get)
    monkeypatch.setattr(addresses, "_host_addresses", lambda: list(host))
    return routes, host


def test_the_way_out_comes_first_then_every_other_private_address_once(laptop):
    # Loopback, link-local and public addresses are no table's network.
    assert lan_addresses() == ["192.168.1.20", "10.8.0.5", "172.17.0.1"]
    assert lan_address() == "192.168.1.20"  # not the VPN the 10.x probe finds first


def test_the_gms_choice_holds_while_the_laptop_has_that_address(laptop):
    assert lan_address("172.17.0.1") == "172.17.0.1"
    assert lan_address(LOOPBACK) == LOOPBACK
    assert lan_address("192.168.7.7") == "192.168.1.20"  # another network now: the likeliest


def test_with_no_network_the_phones_are_served_on_this_laptop_alone(laptop):
    routes, host = laptop
    routes.clear()
    host.clear()
    assert lan_addresses() == [] and lan_address() == LOOPBACK


def test_the_real_probe_sends_nothing_and_answers_an_address_or_none():
    found = addresses._route_source("192.0.2.1")
    assert found is None or isinstance(found, str)
    assert all(addresses._is_lan(address) for address in lan_addresses())
