"""A phone's first map frame after opening its seat's address, in Debian's headless chromium at
390 x 844: from the navigation to the page's map drawn from the app's first view (the page,
its files, the WebSocket and the seat's view). Baseline in the same run and browser: opening
the server's plain-text front page."""

from __future__ import annotations

import pytest
from helpers.table_link_fight import table_fight

from drase_desktop.encounter.seat_view import seat_ids
from drase_desktop.table_link.server import LinkServer, run_inline

pytestmark = pytest.mark.subprocess  # it launches chromium


@pytest.fixture(scope="module")
def served_to_a_browser(tmp_path_factory):
    from helpers.phone_browser import phone_driver

    fight = table_fight(6)
    server = LinkServer(lambda job: run_inline(job, fight), seat_ids(fight))
    server.start()
    driver = phone_driver(tmp_path_factory.mktemp("profile"))
    yield server, driver
    driver.quit()
    server.stop()


def test_first_map_frame_after_opening_the_address(benchmark, served_to_a_browser):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    server, driver = served_to_a_browser
    url = server.seat_url("aria")

    def open_the_seat():
        driver.get("about:blank")
        driver.get(url)
        WebDriverWait(driver, 10, poll_frequency=0.005).until(
            lambda d: d.find_element(By.ID, "map").get_attribute("data-drawn")
        )

    benchmark.pedantic(open_the_seat, rounds=10, warmup_rounds=1)


def test_first_frame_baseline_the_plain_front_page(benchmark, served_to_a_browser):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    server, driver = served_to_a_browser

    def open_the_front_page():
        driver.get("about:blank")
        driver.get(server.base_url + "/")
        WebDriverWait(driver, 10, poll_frequency=0.005).until(
            lambda d: "Table Link" in d.find_element(By.TAG_NAME, "body").text
        )

    benchmark.pedantic(open_the_front_page, rounds=10, warmup_rounds=1)
