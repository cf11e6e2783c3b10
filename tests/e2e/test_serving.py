"""How the server delivers the app: installable as Trickpad, small on the wire, and back
by itself after a crash."""

import signal
import struct
from pathlib import Path
from urllib.parse import urljoin

import pytest
from playwright.sync_api import Browser, Page, expect

from assets.make_icon import GREEN
from main import lan_address
from scorers.ledger import Action
from storage import open_store
from storage.keeper import GameKeeper
from tests.app_server import AppServer
from tests.e2e.conftest import PHONE, enable_accessibility, screenshot
from tests.e2e.network import record_console_trouble, record_transfer
from tests.e2e.steps import by_id, expect_value
from views.shell.i18n import language_name, t
from views.shell.language import menu_name

FIRST_VISIT_LIMIT = 5_150_000
"""Issue 15's aim for every first visit (5 MB), the phone's on plain HTTP too, plus the
Hangul face every phone now loads with Flutter's fonts (126 kB; issue 36): a face loaded
later, only where Korean is drawn, had Safari and Firefox fetch missing fonts in a loop."""
REPEAT_VISIT_LIMIT = 50_000


def expect_home(page: Page) -> None:
    expect(page.get_by_role("button", name=t("game.wizard")).first).to_be_visible(timeout=30_000)


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def links_trickpads_manifest_and_its_icons_load(page: Page) -> None:
    """The page is installable as Trickpad: its manifest, and every icon it names, load."""
    assert page.title() == t("app.name")
    href = page.get_attribute('link[rel="manifest"]', "href")
    assert href
    manifest_url = urljoin(page.url, href)
    manifest = page.request.get(manifest_url).json()
    assert manifest["name"] == manifest["short_name"] == t("app.name")
    assert manifest["description"] == t("app.description")
    assert manifest["display"] == "standalone"
    assert manifest["theme_color"] == "#{:02x}{:02x}{:02x}".format(*GREEN)
    assert urljoin(manifest_url, manifest["start_url"]) == urljoin(page.url, "/")
    purposes = set()
    for icon in manifest["icons"]:
        reply = page.request.get(urljoin(manifest_url, icon["src"]))
        assert reply.ok, icon["src"]
        assert reply.headers["content-type"] == icon["type"] == "image/png"
        width, height = (int(side) for side in icon["sizes"].split("x"))
        assert png_size(reply.body()) == (width, height)
        purposes.add((width, icon["purpose"]))
    assert {(192, "any"), (512, "any"), (192, "maskable"), (512, "maskable")} <= purposes
    for rel in ("apple-touch-icon", "icon"):
        link = page.get_attribute(f'link[rel="{rel}"]', "href")
        assert link
        assert page.request.get(urljoin(page.url, link)).ok, rel
    ios_title = page.get_attribute('meta[name="apple-mobile-web-app-title"]', "content")
    assert ios_title == t("app.name")


def test_a_first_visit_downloads_under_5_mb_installs_as_trickpad_and_a_repeat_visit_little(
    browser: Browser, reading_server: AppServer
) -> None:
    context = browser.new_context(viewport=PHONE)  # one browser cache for both visits
    try:
        for visit, limit in (("first", FIRST_VISIT_LIMIT), ("repeat", REPEAT_VISIT_LIMIT)):
            page = context.new_page()
            transfer = record_transfer(page)
            page.goto(reading_server.url)
            enable_accessibility(page)
            expect_home(page)
            page.wait_for_load_state("networkidle")
            assert 0 < transfer.total <= limit, (visit, transfer.total, transfer.largest())
            if visit == "first":
                links_trickpads_manifest_and_its_icons_load(page)
            if visit == "repeat":
                assert set(transfer.statuses.values()) <= {200, 304}
            page.close()
    finally:
        context.close()


def test_the_console_stays_clean_on_a_load_and_in_the_language_menu(
    browser: Browser, reading_server: AppServer
) -> None:
    """Issue 39 (11), in server mode: nothing asked for that the server does not serve (Rive's
    runtime, a Noto font), no error or warning logged, the menu's tick drawn."""
    context = browser.new_context(viewport=PHONE)
    try:
        trouble = record_console_trouble(context)
        page = context.new_page()
        page.goto(reading_server.url)
        enable_accessibility(page)
        expect_home(page)
        page.get_by_role("button", name=menu_name(), exact=True).click()
        expect(page.get_by_role("menuitemcheckbox", name=language_name("en"))).to_be_checked()
        screenshot(page, "served-language-menu")
        page.wait_for_load_state("networkidle")
        assert trouble == []
    finally:
        context.close()


def test_a_phone_on_plain_http_downloads_under_5_15_mb_on_its_first_visit(
    browser: Browser, tmp_path: Path
) -> None:
    """A phone on the Wi-Fi opening http://<address>: no secure context, so the browser
    takes gzip only and Flutter its larger renderer (the heaviest first visit there is)."""
    try:
        address = lan_address()
    except SystemExit:
        pytest.skip("this computer has no network address for a phone to reach")
    server = AppServer(data_dir=tmp_path / "data", args=["--host", address])
    server.start()
    context = browser.new_context(viewport=PHONE)
    try:
        page = context.new_page()
        transfer = record_transfer(page)
        page.goto(server.url)
        enable_accessibility(page)
        expect(page.get_by_role("textbox", name=t("join.code"))).to_be_visible(timeout=30_000)
        page.wait_for_load_state("networkidle")
        assert page.evaluate("window.isSecureContext") is False
        assert any(url.endswith("/skwasm_heavy.wasm") for url in transfer.urls.values())
        assert 0 < transfer.total <= FIRST_VISIT_LIMIT, (transfer.total, transfer.largest())
        screenshot(page, "phone-first-visit-plain-http")
    finally:
        context.close()
        server.stop()


def add_bid(server: AppServer, game_id: str, seat: int, bid: int) -> None:
    with open_store(server.data_dir).store as store:
        keeper = GameKeeper(store)
        game = keeper.open(game_id)
        bids: list[int | None] = [None] * 4
        bids[seat] = bid
        entry = {"bids": bids, "tricks": [None] * 4}
        keeper.apply(game, Action("draft", {"round": 1, "entry": entry}))


def bid_count(total: int) -> str:
    gap = t("wizard.exact") if total == 1 else t("wizard.under", count=1 - total)
    return t("wizard.bid_count", total=total, cards=1, gap=gap)


KEEP_SOCKETS = """
const PageSocket = window.WebSocket;
window.trickpadSockets = [];
window.WebSocket = function (...args) {
  const socket = new PageSocket(...args);
  window.trickpadSockets.push(socket);
  return socket;
};
Object.assign(window.WebSocket, PageSocket);
window.WebSocket.prototype = PageSocket.prototype;
"""
"""Keeps the page's sockets in reach, to cut the one a restarted server is taking over."""


def sockets(page: Page) -> int:
    return page.evaluate("window.trickpadSockets.length")


def test_a_page_left_open_shows_its_game_again_each_time_a_killed_server_restarts(
    browser: Browser, app_server: AppServer
) -> None:
    """The server killed twice under a page left open on a game. Each time a bid is saved
    while no server runs, so only a new session can know it. The first time the page comes
    back by itself; the second time the socket it comes back on is cut as the restarted
    server takes it over, and it comes back all the same, with no error in the log."""
    with open_store(app_server.data_dir).store as store:
        game_id = GameKeeper(store).start("wizard", ["Ann", "Ben", "Cas", "Dot"], 0).id
    page = browser.new_page(viewport=PHONE)
    page.add_init_script(KEEP_SOCKETS)
    page.goto(f"{app_server.url}/game/{game_id}")
    enable_accessibility(page)
    expect_value(page, "bid-count", bid_count(0))

    app_server.stop(signal.SIGKILL)
    add_bid(app_server, game_id, seat=1, bid=1)
    url = app_server.url
    app_server.start()
    assert app_server.url == url
    # The new session asks the page's device for its choices; the page, still holding the
    # old server's controls, never answers its storage, so the session waits out its
    # patience (views.shell.device.PATIENCE_SECONDS) and draws in the defaults.
    expect(by_id(page, "bid-count")).to_have_text(bid_count(1), timeout=15_000)
    screenshot(page, "restarted-server-same-game")

    before = sockets(page)
    app_server.stop(signal.SIGKILL)
    add_bid(app_server, game_id, seat=1, bid=0)
    app_server.start()
    # The socket the page came back on closes while its new session waits for the device.
    page.wait_for_function(
        "(before) => window.trickpadSockets.length > before"
        " && window.trickpadSockets.at(-1).readyState === 1",
        arg=before,
    )
    page.evaluate("window.trickpadSockets.at(-1).close()")
    expect(by_id(page, "bid-count")).to_have_text(bid_count(0), timeout=15_000)
    log = "".join(app_server.output)
    assert "Unhandled error" not in log and "Traceback" not in log, log
    page.close()
