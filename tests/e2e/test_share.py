"""A table of three screens: the host shares a game over https, two phones join it by code,
both enter bids at once and every screen shows both; a watching phone cannot enter; a phone
cannot reach Home or another game; wrong codes are throttled (a foreign origin's refusal:
tests/server/test_share_origin.py); a phone that sends more than anyone can tap is closed
with a message on its screen, and the host goes on.
"""

import contextlib
import re

import pytest
from playwright.sync_api import Browser, Error, Page, WebSocket, WebSocketRoute, expect

from sharing.fair_share import BURST, EVENTS_PER_SECOND, PATIENCE_SECONDS
from sharing.table_share.codes import FREE_TRIES
from tests.app_server import AppServer
from tests.e2e.conftest import enable_accessibility, open_app, screenshot
from tests.e2e.steps import (
    by_id,
    expect_value,
    start_short_wizard,
    tap,
    type_into,
    value_of,
)
from tests.server.test_share_origin import SHARE_ADDRESS, sharing_server
from views.shell.i18n import t

TALL = {"width": 900, "height": 2400}
PHONE = {"width": 390, "height": 844}
__all__ = ["sharing_server"]  # the fixture, shared with the server's own test


def share_url(server: AppServer) -> str:
    return server.url.replace("http://127.0.0.1", f"https://{SHARE_ADDRESS}")


def phone(browser: Browser, url: str, socket: "RoutedSocket | None" = None) -> Page:
    """A phone's browser: it accepts the host's own certificate (as its player does once).
    With `socket`, its connection to the server goes through it."""
    context = browser.new_context(viewport=PHONE, ignore_https_errors=True)
    page = context.new_page()
    if socket is not None:
        page.route_web_socket(re.compile(r"/ws$"), socket.route)
        page.on("websocket", socket.opened)
    page.goto(url)
    enable_accessibility(page)
    return page


class RoutedSocket:
    """A phone's socket to the server through the test: every frame passes, and the last
    one the phone sent can be sent again and again, as a phone gone wrong would."""

    def __init__(self) -> None:
        self.server: WebSocketRoute | None = None
        self.last: str | bytes | None = None
        self.page_side: WebSocket

    def opened(self, socket: WebSocket) -> None:
        """The page's socket, whose frames a test can wait for."""
        self.page_side = socket

    def route(self, page_side: WebSocketRoute) -> None:
        server = page_side.connect_to_server()
        self.server = server

        def passed(frame: str | bytes) -> None:
            self.last = frame
            server.send(frame)

        page_side.on_message(passed)

    def flood(self, frames: int) -> None:
        """Send the phone's last frame `frames` times more, as fast as the socket takes
        them (the server may close it on the way)."""
        assert self.server is not None and self.last is not None
        with contextlib.suppress(Error):
            for _ in range(frames):
                self.server.send(self.last)


def bid_count(total: int, cards: int) -> str:
    gap = t("wizard.exact") if total == cards else t("wizard.under", count=cards - total)
    return t("wizard.bid_count", total=total, cards=cards, gap=gap)


@pytest.mark.timeout(300)
def test_a_table_of_three_screens_shares_one_game(
    browser: Browser, sharing_server: AppServer
) -> None:
    host = open_app(browser, sharing_server.url, TALL)
    start_short_wizard(host, ["Ann", "Ben", "Cas"], "3", dealer="Ann")
    tap(host, t("share.start"))
    code = value_of(host, "share-code").replace(" ", "")
    address = value_of(host, "share-address")
    assert address == f"{share_url(sharing_server)}/join/{code}"
    screenshot(host, "share-host")

    # Two phones join, each as its player: Ben's and Cas's own.
    ann, ben = phone(browser, address), phone(browser, address)
    for page, who in ((ann, "Ben"), (ben, "Cas")):
        tap(page, t("table.i_am", player=who))
        expect(by_id(page, "bid-count")).to_be_attached()
    cas_phone = t("table.phone_of", player="Cas")
    expect_value(
        host, "table-phone-2", t("table.phone_line", phone=cas_phone, state=t("table.state.linked"))
    )
    # Both phones bid at once, each for its own player: every screen shows both bids.
    ann.get_by_role("button", name=t("wizard.bid_name", player="Ben", count=1), exact=True).click()
    ben.get_by_role("button", name=t("wizard.bid_name", player="Cas", count=0), exact=True).click()
    for page in (host, ann, ben):
        expect_value(page, "bid-count", bid_count(1, 3))
    screenshot(ann, "share-phone")

    # Watching only: the phone follows the round in progress, as the host sees it (the
    # bids so far, whose turn it is), and has nothing to tap that could change it.
    tap(host, t("table.rights.of", phone=cas_phone, rights=t("table.rights.watch")))
    expect(by_id(ben, "following")).to_be_attached()
    expect_value(ben, "entry-hint", t("wizard.next_bid", player="Ann"))
    expect_value(ben, "bid-count", bid_count(1, 3))
    expect(by_id(ben, "note-1")).to_have_text(t("wizard.first_mark"))
    expect(
        ben.get_by_role("button", name=t("wizard.bid_name", player="Ann", count=0))
    ).to_have_count(0)
    expect(ben.get_by_role("button", name=t("entry.score_round"))).to_have_count(0)
    # The host bids for Ann: the watcher follows it into the tricks, the hint with it.
    tap(host, t("wizard.bid_name", player="Ann", count=1))
    expect_value(ben, "entry-hint", t("wizard.next_tricks", player="Ben"))
    expect(by_id(ben, "trick-count")).to_be_attached()
    screenshot(ben, "share-watcher")

    # A phone reaches nothing but its table: a fresh page at Home's address asks for a code
    # (every other screen and game too: tests/views/test_share.py).
    ann.goto(share_url(sharing_server) + "/")
    enable_accessibility(ann)
    expect(ann.get_by_label(t("join.code"))).to_be_attached()

    # A stranger guessing codes: an address with a made-up code is refused; then the codes
    # typed into its field, refused until the tries are used up, then made to wait.
    socket = RoutedSocket()
    stranger = phone(browser, f"{share_url(sharing_server)}/join/WRONG001", socket)
    expect(stranger.get_by_text(t("join.wrong"))).to_be_attached()
    for attempt in range(2, FREE_TRIES + 1):
        type_into(stranger, t("join.code"), f"WRONG{attempt:03d}")
        tap(stranger, t("join.join"))
    expect(stranger.get_by_text(t("join.wait", seconds=30))).to_be_attached()
    # What was typed stays in the field to be corrected, not the address's code (read as
    # Flutter has it: its text is written into the input the field gets focus with).
    stranger.get_by_label(t("join.code"), exact=True).click()
    expect(stranger.locator("input:focus")).to_have_value(f"WRONG{FREE_TRIES:03d}")
    screenshot(stranger, "share-stranger-waits")

    # The stranger's phone sends its last tap again and again, more than anyone can tap:
    # the server stops listening to it and says why on its screen; the host goes on. The
    # test waits for the message reaching the page: Flet's client draws it in place of the
    # page (the picture), but leaves its accessibility tree as it was.
    told = t("server.too_fast").encode()
    with socket.page_side.expect_event("framereceived", lambda frame: told in frame):
        socket.flood(BURST + 2 * round(EVENTS_PER_SECOND * PATIENCE_SECONDS))  # all its patience
    screenshot(stranger, "share-too-fast")
    tap(host, t("wizard.took_name", player="Ben", count=1))
    expect_value(host, "entry-hint", t("wizard.next_tricks", player="Cas"))
