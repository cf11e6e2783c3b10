"""Two phones' browsers connected by the texts of the phones-only share (issue 38): the
built site's assets/trickpad-peers.js on two pages of their own (two browser contexts,
as two phones are), the invitation and the reply packed and unpacked by
views.sharing.invitation between them, with no STUN or TURN server. The connection
opens, a message crosses each way, and closing one end tells the other. Timings and
texts are kept in test-artifacts/."""

import json
import time
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Playwright

from tests.app_server import ARTIFACTS
from tests.e2e.conftest import CHROMIUM_FLAGS, launched
from views.sharing.invitation import (
    new_invitation_id,
    pack_answer,
    pack_offer,
    unpack_answer,
    unpack_offer,
)

BLANK = "<!doctype html><title>phone</title><script src='/trickpad-peers.js'></script>"
"""A page of the site's origin with the links' script alone (not the app: the links are
the page's, whatever the app draws)."""
pytestmark = pytest.mark.timeout(300)


@pytest.fixture(scope="module")
def browser(playwright: Playwright) -> Iterator[Browser]:
    """As tests/e2e/test_phone_alone.py's: V8's optimising compiler, for Pyodide."""
    with launched(playwright, CHROMIUM_FLAGS) as browser:
        yield browser


def phone(browser: Browser, site: str) -> Page:
    """A page of the site with the links' script, its events kept in `window.events`."""
    page = browser.new_context().new_page()
    page.route(f"{site}/phone", lambda route: route.fulfill(body=BLANK, content_type="text/html"))
    page.goto(f"{site}/phone")
    page.wait_for_function("window.TrickpadPeers !== undefined")
    page.evaluate("window.events = []; window.peers = new TrickpadPeers((e) => events.push(e))")
    return page


def wait_for_event(page: Page, event: dict[str, str]) -> None:
    page.wait_for_function(
        "(wanted) => events.some((e) => JSON.stringify(e) === JSON.stringify(wanted))",
        arg=event,
        timeout=30_000,
    )


def keep(name: str, record: dict[str, Any]) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / f"{name}.json").write_text(json.dumps(record, indent=2) + "\n")


def test_two_pages_connect_by_the_invitation_and_the_reply(browser: Browser, site: str) -> None:
    host, guest = phone(browser, site), phone(browser, site)
    started = time.monotonic()
    invitation_id = new_invitation_id()
    invitation = pack_offer(host.evaluate("peers.offer('guest-1')"), invitation_id)
    offered = time.monotonic()
    offer, read_id = unpack_offer(invitation)
    assert read_id == invitation_id
    reply = pack_answer(guest.evaluate("(sdp) => peers.answer('host', sdp)", offer), read_id)
    answered = time.monotonic()
    answer, replied_to = unpack_answer(reply)
    assert replied_to == invitation_id
    host.evaluate("(sdp) => peers.accept('guest-1', sdp)", answer)
    wait_for_event(host, {"link": "guest-1", "event": "open"})
    wait_for_event(guest, {"link": "host", "event": "open"})
    opened = time.monotonic()

    host.evaluate("peers.send('guest-1', 'Ann bids 2')")
    wait_for_event(guest, {"link": "host", "event": "message", "text": "Ann bids 2"})
    guest.evaluate("peers.send('host', 'Ben bids 0 ✓')")
    wait_for_event(host, {"link": "guest-1", "event": "message", "text": "Ben bids 0 ✓"})

    guest.evaluate("peers.close('host')")
    wait_for_event(host, {"link": "guest-1", "event": "closed"})
    assert host.evaluate("peers.links.size") == 0
    assert guest.evaluate("events.map((e) => e.event)") == ["open", "message"]  # none after
    keep(
        "peer-link-pages",
        {
            "invitation": invitation,
            "reply": reply,
            "invitation_characters": len(invitation),
            "reply_characters": len(reply),
            "offer_seconds": round(offered - started, 3),
            "answer_seconds": round(answered - offered, 3),
            "accept_to_open_seconds": round(opened - answered, 3),
            "set_up_seconds": round(opened - started, 3),
            "host_events": host.evaluate("events"),
            "guest_events": guest.evaluate("events"),
        },
    )
