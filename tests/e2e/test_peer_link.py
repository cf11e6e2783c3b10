"""Two phones' browsers connected by the texts of the phones-only share (issue 38): the
built site's assets/trickpad-peers.js on two pages of their own (two browser contexts,
as two phones are), the invitation and the reply packed and unpacked by
views.sharing.invitation between them, with no STUN or TURN server. The connection
opens, a message crosses each way, and closing one end tells the other. Then the same
through the phone alone's Python: phone_alone.peer_bridge in the app's own Pyodide worker
(driven from the test through the worker's `self.pyodide`, as the share's screens will
drive it), relayed by index.html's Worker subclass while the app goes on drawing. Timings
and texts are kept in test-artifacts/. Last, Firefox ESR and Chromium connect to each other
by the same texts, each hosting once."""

import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Playwright, ViewportSize, Worker, expect

from tests.app_server import ARTIFACTS
from tests.e2e.conftest import CHROMIUM_FLAGS, enable_accessibility, launched, screenshot
from tests.e2e.engines import FirefoxTab, firefox
from views.sharing.invitation import (
    new_invitation_id,
    pack_answer,
    pack_offer,
    unpack_answer,
    unpack_offer,
)
from views.shell.i18n import t

BLANK = "<!doctype html><title>phone</title><script src='/trickpad-peers.js'></script>"
"""A page of the site's origin with the links' script alone (not the app: the links are
the page's, whatever the app draws)."""
BOOT_MS = 120_000
"""Pyodide boots in ten seconds or more on a 2-core machine busy with other tests."""
PYTHON_WORKER = re.compile(r"/python-worker\.js$")
RUN_PYTHON = "async (code) => await self.pyodide.runPythonAsync(code)"
PYTHON_SET_UP = """
import asyncio, sys, types
from phone_alone.page_relay import bridge
from views.sharing.invitation import BadInvitation

class Heard:
    \"\"\"A listener that keeps what it is told, for the test to await.\"\"\"
    def __init__(self):
        self.told = asyncio.Queue()
    def received(self, text):
        self.told.put_nowait(text)
    def changed(self, state):
        self.told.put_nowait(state.value)

test = sys.modules.setdefault("peer_link_test", types.ModuleType("peer_link_test"))
test.heard = Heard()
"""
NEXT_HEARD = "str(await asyncio.wait_for(test.heard.told.get(), 30))"

PHONE: ViewportSize = {"width": 390, "height": 844}

pytestmark = pytest.mark.timeout(300)


@pytest.fixture(scope="module")
def browser(playwright: Playwright) -> Iterator[Browser]:
    """As tests/e2e/test_phone_alone.py's: V8's optimising compiler, for Pyodide."""
    with launched(playwright, CHROMIUM_FLAGS) as browser:
        yield browser


def phone(browser: Browser, site: str) -> Page:
    """A page of the site with the links' script, its events kept in `window.events`."""
    page = browser.new_context(viewport=PHONE).new_page()
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

    # A last word, then closed at once (the host's "the share is stopped"): it arrives.
    guest.evaluate("peers.send('host', 'Cas leaves'); peers.close('host')")
    wait_for_event(host, {"link": "guest-1", "event": "message", "text": "Cas leaves"})
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


def app(browser: Browser, site: str) -> tuple[Page, Worker]:
    """A phone on the whole site, once Home is drawn, and the worker its Python runs in."""
    page = browser.new_context(viewport=PHONE).new_page()
    page.goto(site)
    enable_accessibility(page)
    expect(page.get_by_text(t("home.pick_game")).first).to_be_visible(timeout=BOOT_MS)
    (worker,) = [worker for worker in page.workers if PYTHON_WORKER.search(worker.url)]
    python(worker, PYTHON_SET_UP)
    return page, worker


def python(worker: Worker, code: str) -> Any:
    """What `code` (its last expression) gives, run in the app's Python."""
    return worker.evaluate(RUN_PYTHON, code)


def test_the_phone_alones_python_connects_through_its_page(browser: Browser, site: str) -> None:
    (host_page, host), (guest_page, guest) = app(browser, site), app(browser, site)
    started = time.monotonic()
    invitation = python(host, "test.invitation = await bridge().invite()\ntest.invitation.text")
    assert invitation.startswith("TP1I")
    reply = python(
        guest, f"test.joining = await bridge().join({invitation!r}, test.heard)\ntest.joining.reply"
    )
    assert reply.startswith("TP1R")
    wrong = f"""
try:
    await test.invitation.accept({invitation!r}, test.heard)
except BadInvitation as refused:
    test.refused = refused.key
test.refused"""
    assert python(host, wrong) == "invitation.is_an_invitation"
    accepted = f"test.channel = await test.invitation.accept({reply!r}, test.heard)\n"
    assert python(host, accepted + "test.channel.state.value") == "open"
    opened = time.monotonic()
    joined = "test.channel = await test.joining.opened()\ntest.channel.state.value"
    assert python(guest, joined) == "open"

    python(host, "test.channel.send('Ann bids 2')")
    assert python(guest, NEXT_HEARD) == "Ann bids 2"
    python(guest, "test.channel.send('Ben bids 0 ✓')")
    assert python(host, NEXT_HEARD) == "Ben bids 0 ✓"
    assert python(host, wrong.replace(repr(invitation), repr(reply))) == "invitation.expired"

    python(guest, "test.channel.close()")
    assert python(host, NEXT_HEARD) == "closed"
    assert python(guest, NEXT_HEARD) == "closed"  # the closing end is told too, last
    # The page's messages never reached Flutter: the app still draws and answers.
    for name, page in (("host", host_page), ("guest", guest_page)):
        expect(page.get_by_role("button", name=t("game.wizard")).first).to_be_visible()
        screenshot(page, f"peer-link-python-{name}")
    keep(
        "peer-link-python",
        {
            "invitation": invitation,
            "reply": reply,
            "invite_to_open_seconds": round(opened - started, 3),
        },
    )


FIREFOX_SECONDS = 30.0
SET_UP_FIREFOX = """
const script = document.createElement("script");
script.src = "/trickpad-peers.js";
script.onload = () => {
  window.events = [];
  window.peers = new TrickpadPeers((e) => events.push(e));
};
document.head.append(script);
"""


def firefox_heard(tab: FirefoxTab, event: dict[str, str]) -> None:
    tab.wait_for(
        "return events.some((e) => JSON.stringify(e) === JSON.stringify(arguments[0]))",
        event,
        timeout=FIREFOX_SECONDS,
        what=json.dumps(event),
    )


@pytest.mark.after_the_rest
def test_firefox_and_chromium_connect_by_the_same_texts(
    browser: Browser, site: str, tmp_path: Path
) -> None:
    chromium = phone(browser, site)
    with firefox(tmp_path) as tab:
        tab.goto(f"{site}/phone")  # any page of the site's origin (the server's 404 page)
        tab.run(SET_UP_FIREFOX)
        tab.wait_for("return window.peers !== undefined", timeout=FIREFOX_SECONDS, what="peers")
        # Firefox hosts, Chromium joins.
        invitation = pack_offer(tab.resolve("() => peers.offer('chromium')"), "FIREFOX2")
        assert len(invitation) <= 200
        offer, invitation_id = unpack_offer(invitation)
        answer = chromium.evaluate("(sdp) => peers.answer('firefox', sdp)", offer)
        answer, _ = unpack_answer(pack_answer(answer, invitation_id))
        tab.resolve(f"() => peers.accept('chromium', {json.dumps(answer)}).then(() => true)")
        wait_for_event(chromium, {"link": "firefox", "event": "open"})
        chromium.evaluate("peers.send('firefox', 'from Chromium')")
        firefox_heard(tab, {"link": "chromium", "event": "message", "text": "from Chromium"})
        # Chromium hosts, Firefox joins.
        invitation = pack_offer(chromium.evaluate("peers.offer('firefox-guest')"), "CHROMIUM")
        offer, invitation_id = unpack_offer(invitation)
        answer = tab.resolve(f"() => peers.answer('chromium-host', {json.dumps(offer)})")
        reply = pack_answer(answer, invitation_id)
        assert len(reply) <= 200
        chromium.evaluate("(sdp) => peers.accept('firefox-guest', sdp)", unpack_answer(reply)[0])
        firefox_heard(tab, {"link": "chromium-host", "event": "open"})
        tab.run("peers.send('chromium-host', 'from Firefox')")
        wait_for_event(
            chromium, {"link": "firefox-guest", "event": "message", "text": "from Firefox"}
        )
        tab.run("peers.close('chromium-host')")
        wait_for_event(chromium, {"link": "firefox-guest", "event": "closed"})
