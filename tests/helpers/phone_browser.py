"""Debian's chromium, headless at a phone's 390 x 844, through chromium-driver and Selenium:
the flags keep it off the network but for the app's own address, with a new empty profile."""

from __future__ import annotations

import shutil

import pytest

CHROMIUM_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--window-size=390,844",
)


def phone_driver(profile):
    """A new browser with `profile` (an empty folder) as its user data directory."""
    chromium, driver = shutil.which("chromium"), shutil.which("chromedriver")
    if chromium is None or driver is None:
        pytest.fail("chromium and chromium-driver are needed: run scripts/bootstrap.sh")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for flag in CHROMIUM_FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={profile}")
    browser = webdriver.Chrome(service=Service(driver), options=options)
    browser.set_window_size(390, 844)
    return browser
