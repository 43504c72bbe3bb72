"""The phone page in a real browser: Debian's chromium, headless at a phone's 390 x 844, driven
by Selenium through chromium-driver. A player opens their seat's address, sees their character
and the map, taps a tile to move, declares an attack with its chances, and rolls defense with
the faces of their own dice: the encounter holds that declaration, locked."""

from __future__ import annotations

import pytest
from helpers.phone_browser import phone_driver
from helpers.table_link_fight import table_fight

from drase_desktop.encounter.seat_view import seat_ids
from drase_desktop.table_link.server import LinkServer, run_inline

pytestmark = pytest.mark.subprocess  # it launches chromium


@pytest.fixture
def browser(tmp_path):
    profile = tmp_path / "profile"
    profile.mkdir()
    driver = phone_driver(profile)
    yield driver
    driver.quit()


@pytest.fixture
def served():
    fight = table_fight()
    server = LinkServer(lambda job: run_inline(job, fight), seat_ids(fight))
    server.start()
    yield fight, server
    server.stop()


def test_a_player_declares_and_rolls_defense_on_the_phone(browser, served, tmp_path):
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select, WebDriverWait

    fight, server = served
    wait = WebDriverWait(browser, 15)
    browser.get(server.seat_url("aria"))
    find = browser.find_element
    wait.until(lambda b: find(By.ID, "characterName").text == "Aria")
    assert browser.execute_script("return window.innerWidth") == 390
    assert find(By.ID, "hp").text == "10/10"
    assert find(By.ID, "phase").text.endswith("Player Phase")
    wait.until(lambda b: int(find(By.ID, "map").get_attribute("data-drawn") or 0) >= 1)

    # Tap the tile (3, 3): the map is centred on Aria's tile (1, 1), 34 px a tile.
    canvas = find(By.ID, "map")
    offset = (3.5 - 1.5) * 34
    ActionChains(browser).move_to_element_with_offset(canvas, offset, offset).click().perform()
    wait.until(lambda b: "tiles" in find(By.ID, "moveWords").text)
    assert find(By.ID, "moveWords").text == "Move to (3, 3): 3 tiles, 6 m (speed 6: 3 left)"

    Select(find(By.ID, "half1")).select_by_visible_text("attack")
    Select(find(By.ID, "half2")).select_by_visible_text("defend")
    Select(find(By.ID, "target")).select_by_visible_text("Goblin")
    Select(find(By.ID, "weapon")).select_by_visible_text("Bow")
    wait.until(lambda b: "to hit" in find(By.ID, "attackChance").text)
    chance = find(By.ID, "attackChance").text
    assert "% to crit" in chance
    browser.save_screenshot(str(tmp_path / "phone.png"))
    find(By.ID, "declareButton").click()
    wait.until(lambda b: fight.declaration("aria").actions == ["attack", "defend"])

    find(By.ID, "rolledButton").click()
    faces = wait.until(lambda b: b.find_elements(By.CSS_SELECTOR, "#faces input"))
    labels = [label.text for label in browser.find_elements(By.CSS_SELECTOR, "#faces label")]
    assert labels == ["bonus d6 #1", "bonus d6 #2"]
    for face, value in zip(faces, ("5", "3"), strict=True):
        face.send_keys(value)
    find(By.ID, "sendFaces").click()
    wait.until(lambda b: fight.declaration("aria").locked)
    wait.until(lambda b: find(By.ID, "lockedMark").is_displayed())

    declaration = fight.declaration("aria")
    assert declaration.actions == ["attack", "defend"] and declaration.movement == 3
    assert declaration.locked and fight.round_state.defense["aria"] == 5
    assert find(By.ID, "declareButton").get_attribute("disabled") is not None
