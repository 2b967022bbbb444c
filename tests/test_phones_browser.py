"""The phone page in a real browser: headless Chromium at a phone's size (390 x 844) opens the
QR code's address, joins with a name, shows its seat, and its buttons reach the arcade as
PhoneInputs. Needs Debian's chromium and chromium-driver; skipped (saying how to get them)
where they are missing. PHONE_SHOTS=<folder> also saves a screenshot of every layout there."""

from __future__ import annotations

import os
import shutil
import tempfile
import time
from pathlib import Path

import pytest

from shell.phones import PhoneInput, PhoneJoined, PhoneServer

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
HOW = "apt-get install chromium chromium-driver (Debian), then run the tests again"
PHONE = (390, 844)
WAIT = 10.0

if not (os.access(CHROMIUM, os.X_OK) and os.access(CHROMEDRIVER, os.X_OK)):
    pytest.skip(f"no Chromium at {CHROMIUM} and {CHROMEDRIVER}: {HOW}", allow_module_level=True)
webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is in the test extra")
from selenium.common.exceptions import StaleElementReferenceException  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

SEAT = {"type": "seat", "name": "Anna", "colour": [34, 197, 94], "shape": "diamond"}
CAR_STYLES = [[[230, 57, 70], "circle"], [[52, 120, 246], "square"], [[250, 204, 21], "triangle"],
              [[34, 197, 94], "diamond"], [[168, 85, 247], "star"], [[249, 115, 22], "hexagon"]]
FF_HAND = [
    {"id": 9, "kind": "windschatten", "value": 3, "colour": 2, "marker": -2, "name": "Windschatten"},
    {"id": 20, "kind": "ueberholen", "value": 1, "colour": None, "marker": "skid",
     "name": "Überholen"},
    {"id": 44, "kind": "risiko", "value": 1, "colour": None, "marker": None, "name": "Risiko"},
    {"id": 38, "kind": "falscher_gang", "value": -1, "colour": None, "marker": None,
     "name": "Falscher Gang"},
    {"id": 50, "kind": "gefahr", "value": 0, "colour": None, "marker": None, "name": "Gefahr"},
]


@pytest.fixture(scope="module")
def browser():
    profile = tempfile.mkdtemp(prefix="phone-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", f"--user-data-dir={profile}",
                 f"--window-size={PHONE[0]},{PHONE[1]}"):
        options.add_argument(flag)
    options.add_experimental_option("mobileEmulation", {"deviceMetrics": {
        "width": PHONE[0], "height": PHONE[1], "pixelRatio": 2, "touch": True}})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.set_page_load_timeout(WAIT)
    yield driver
    driver.quit()
    shutil.rmtree(profile, ignore_errors=True)


@pytest.fixture
def server():
    s = PhoneServer(port=0, host="127.0.0.1")
    s.start()
    yield s
    s.stop()


def wait_events(server, until) -> list:
    events = []
    deadline = time.monotonic() + WAIT
    while not until(events):
        assert time.monotonic() < deadline, f"gave up waiting; got {events}"
        time.sleep(0.005)
        events += server.drain()
    return events


def inputs(events):
    return [(e.action, e.down) for e in events if isinstance(e, PhoneInput)]


def shot(driver, name):
    folder = os.environ.get("PHONE_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        driver.save_screenshot(str(Path(folder) / f"phone-{name}.png"))


def show(server, driver, *messages, css):
    """Send messages to phone:1, then wait until the page shows `css`."""
    for m in messages:
        assert server.send("phone:1", m)
    WebDriverWait(driver, WAIT).until(lambda d: d.find_elements(By.CSS_SELECTOR, css))


def test_a_phone_joins_sees_its_seat_and_plays(browser, server):
    d = browser
    d.get(server.url)
    d.execute_script("localStorage.clear()")        # a phone that was never here
    d.get(server.url)
    assert d.execute_script("return [innerWidth, innerHeight]") == list(PHONE)
    shot(d, "join")
    d.find_element(By.ID, "name").send_keys("Anna")
    d.find_element(By.ID, "join-button").click()
    assert wait_events(server, lambda ev: ev) == [PhoneJoined("phone:1", "Anna")]

    # its seat, big: colour, shape and name
    show(server, d, SEAT, css="#seat:not([hidden])")
    assert d.find_element(By.ID, "seat-name").text == "Anna"
    assert d.find_element(By.CSS_SELECTOR, "#seat-shape polygon")   # the diamond
    header = d.find_element(By.ID, "seat").value_of_css_property("background-color")
    assert header in ("rgb(34, 197, 94)", "rgba(34, 197, 94, 1)")
    shot(d, "menu")

    # the lobby pad: A goes down and up, stamped on the arcade's clock
    before = time.perf_counter_ns()
    d.find_element(By.CSS_SELECTOR, "button.face.a").click()
    events = wait_events(server, lambda ev: len(ev) >= 2)
    assert inputs(events) == [("a", True), ("a", False)]
    timing = server.timing("phone:1")
    assert timing is not None and timing.samples >= 1
    slack = timing.uncertainty_ns + 5_000_000
    assert before - slack <= events[0].t_ns <= events[1].t_ns <= time.perf_counter_ns()

    # Flotter Otter: five boxes, take off, grab
    show(server, d, {"type": "controls", "layout": "otter", "prompt": "Tyre width, smallest first"},
         css=".box.pink")
    shot(d, "otter")
    for css, action in ((".box.pink", "r"), (".box.off", "down"), ("button.grab", "up")):
        d.find_element(By.CSS_SELECTOR, css).click()
        assert inputs(wait_events(server, lambda ev: len(ev) >= 2)) == [(action, True),
                                                                          (action, False)]

    # Fliegen klatschen: a tap near the pad's right edge steps right; the slap area slaps
    show(server, d, {"type": "controls", "layout": "slap"}, css=".swipe")
    shot(d, "slap")
    pad = d.find_element(By.CSS_SELECTOR, ".swipe")
    webdriver.ActionChains(d).move_to_element_with_offset(
        pad, pad.size["width"] // 2 - 20, 0).click().perform()
    assert inputs(wait_events(server, lambda ev: len(ev) >= 2)) == [("right", True),
                                                                      ("right", False)]
    d.find_element(By.CSS_SELECTOR, "button.slap").click()
    assert inputs(wait_events(server, lambda ev: len(ev) >= 2)) == [("a", True), ("a", False)]

    # a turn in Formula Fun: the hand from the view; tapping the third card brings the TV's
    # cursor there (two presses of right), tapping it again plays it (A)
    show(server, d, {"type": "controls", "layout": "hand", "game": "formula_fun", "selected": 0,
                     "labels": {"a": "play", "b": "turbo"}, "prompt": "Your car is on a 4"},
         {"type": "view", "view": {"hand": ["M4", "M1", "P7", "T", "M10"]}}, css=".card .sign")
    shot(d, "hand-formula-fun")
    cards = d.find_elements(By.CSS_SELECTOR, ".card")
    assert len(cards) == 5
    cards[2].click()
    assert inputs(wait_events(server, lambda ev: len(ev) >= 4)) == [
        ("right", True), ("right", False), ("right", True), ("right", False)]
    WebDriverWait(d, WAIT).until(lambda d: "selected" in d.find_elements(
        By.CSS_SELECTOR, ".card")[2].get_attribute("class"))
    d.find_elements(By.CSS_SELECTOR, ".card")[2].click()
    assert inputs(wait_events(server, lambda ev: len(ev) >= 2)) == [("a", True), ("a", False)]

    # Flotte Flitzer's cards, Windschatten in its car's colour
    show(server, d, {"type": "controls", "layout": "hand", "game": "flotte_flitzer",
                     "selected": 1, "car_styles": CAR_STYLES, "prompt": "Choose a card"},
         {"type": "view", "view": {"hand": FF_HAND}}, css=".card .band")
    assert d.find_elements(By.CSS_SELECTOR, ".card")[0].text.split() == [
        "Wind-", "schatten", "+3", "Risiko", "-2"]
    shot(d, "hand-flotte-flitzer")
    show(server, d, {"type": "controls", "layout": "wait", "prompt": "Anna is choosing"},
         css=".wait")
    shot(d, "wait")
    assert not [e for e in d.get_log("browser") if e["level"] == "SEVERE"]


def test_a_wrong_room_code_cannot_join(browser, server):
    d = browser
    d.get(server.url.replace(server.room_code, "WRONG"))
    d.execute_script("localStorage.clear()")
    d.get(server.url.replace(server.room_code, "WRONG"))
    d.find_element(By.ID, "name").send_keys("Eve")
    d.find_element(By.ID, "join-button").click()
    WebDriverWait(d, WAIT).until(lambda d: "scan the QR code" in d.find_element(
        By.ID, "status-text").text)
    assert server.drain() == []


# -- the page against the real arcade ---------------------------------------------------------


def test_from_the_lobbys_qr_address_a_phone_joins_and_plays_a_turn_of_formula_fun(browser,
                                                                                   tmp_path):
    """The real App (headless) with phones on: the browser opens the address the lobby shows,
    joins, adds a CPU and gets ready with the page's buttons, sees its own hand, and plays the
    card it taps twice; the arcade plays exactly that card for its seat."""
    from game.core import decode_action
    from game.formula_fun import Play
    from tests.test_phones_play import fast_clock, make_app, to_lobby, wait_for_game

    app = make_app(tmp_path, fast_clock)
    d = browser

    def run_until(done, what):
        deadline = time.monotonic() + WAIT
        while not done():
            assert time.monotonic() < deadline, f"gave up waiting for {what}"
            app.run(frames=1)

    def click(css):
        d.find_element(By.CSS_SELECTOR, css).click()

    d.get_log("browser")  # (forget what earlier tests left in it)
    try:
        lobby = to_lobby(app, "formula_fun")
        assert lobby.name == "lobby" and app.phones.room_code in app.phones.url
        d.get(app.phones.url)
        d.execute_script("localStorage.clear()")
        d.get(app.phones.url)
        d.find_element(By.ID, "name").send_keys("Anna")
        click("#join-button")
        run_until(lambda: app.seats.seat_of("phone:1") is not None, "a seat")
        seat = app.seats.seat_of("phone:1")
        assert seat.name == "Anna"
        run_until(lambda: d.find_elements(By.CSS_SELECTOR, "#seat-shape polygon, "
                                                          "#seat-shape circle"), "the seat")
        assert d.find_element(By.ID, "seat-name").text == "Anna"
        run_until(lambda: d.find_elements(By.CSS_SELECTOR, "button.more"), "the lobby's pad")
        shot(d, "lobby")
        d.find_elements(By.CSS_SELECTOR, "button.more")[0].click()      # add CPU (x)
        run_until(lambda: len(app.seats.occupied()) == 2, "the CPU")
        click("button.face.a")                                           # ready
        scene = wait_for_game(app, "formula_fun")
        me = scene.player_of[seat.index]
        run_until(lambda: d.find_elements(By.CSS_SELECTOR, ".card.selected"), "my turn")
        assert scene.state.current_player() == me
        hand = scene.state.view(me)["hand"]
        cards = d.find_elements(By.CSS_SELECTOR, ".card")
        assert len(cards) == len(hand)
        shot(d, "formula-fun-turn")
        pick = len(hand) - 1                                             # the last card
        cards[pick].click()                                              # cursor there
        run_until(lambda: scene.cursor_at(me) == pick, "the TV's cursor")
        for attempt in range(5):   # (the page redraws its hand when the arcade's cursor
            try:                   # comes back: a card found just before may be gone)
                d.find_elements(By.CSS_SELECTOR, ".card")[pick].click()  # again: play it
                break
            except StaleElementReferenceException:
                app.run(frames=1)
        run_until(lambda: any(p == me for p, _, _ in scene.state.log), "the play")
        _, encoded, _ = next(entry for entry in scene.state.log if entry[0] == me)
        assert decode_action(scene.info, encoded) == Play((hand[pick],))
        assert not [e for e in d.get_log("browser") if e["level"] == "SEVERE"]
    finally:
        app.close()
