"""Two phones' browsers connected by the texts of the phones-only share (issue 38): the
built site's assets/trickpad-webrtc.js on two pages of their own (two browser contexts,
as two phones are), the invitation and the reply packed and unpacked by
sharing.phones_only.invitation between them, with no STUN or TURN server. The connection
opens, a message crosses each way, and closing one end tells the other; a message that is
not text, or longer than its end's limit, ends the link at both ends unheard. An invitation
answered by two phones links the one whose reply the host takes; an answer that says
"active" (no Trickpad's) breaks in all the same, and both phones are told so at once. Then
the same through the phone alone's Python: phone_alone.webrtc_bridge in the app's own Pyodide
worker (driven from the test through the worker's `self.pyodide`, as the share's screens
will drive it), relayed by index.html's Worker subclass while the app goes on drawing.
Timings and texts are kept in test-artifacts/. Last, Firefox ESR and Chromium connect to
each other by the same texts, each hosting once (Chromium's invitation answered by a second
phone too)."""

import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Playwright, ViewportSize, Worker, expect

from sharing.phones_only.invitation import (
    TEXT_VERSION,
    invited_players,
    new_invitation_id,
    pack_answer,
    pack_offer,
    replying_player,
    unpack_answer,
    unpack_offer,
)
from sharing.phones_only.messages import TO_GUEST_LIMIT, TO_HOST_LIMIT
from tests.app_server import ARTIFACTS
from tests.e2e.conftest import CHROMIUM_FLAGS, enable_accessibility, launched, screenshot
from tests.e2e.engines import FirefoxTab, firefox
from views.shell.i18n import t

BLANK = "<!doctype html><title>phone</title><script src='/trickpad-webrtc.js'></script>"
"""A page of the site's origin with the links' script alone (not the app: the links are
the page's, whatever the app draws)."""
BOOT_MS = 120_000
"""Pyodide boots in ten seconds or more on a 2-core machine busy with other tests."""
PYTHON_WORKER = re.compile(r"/python-worker\.js$")
RUN_PYTHON = "async (code) => await self.pyodide.runPythonAsync(code)"
PYTHON_SET_UP = """
import asyncio, sys, types
from phone_alone.page_relay import bridge
from sharing.phones_only.invitation import BadInvitation

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
    page.wait_for_function("window.TrickpadWebRTC !== undefined")
    page.evaluate("window.events = []; window.peers = new TrickpadWebRTC((e) => events.push(e))")
    return page


def wait_for_event(page: Page, event: dict[str, str]) -> None:
    page.wait_for_function(
        "(wanted) => events.some((e) => JSON.stringify(e) === JSON.stringify(wanted))",
        arg=event,
        timeout=30_000,
    )


def wait_for_length(page: Page, link: str, length: int) -> None:
    """Until `page` has heard a message of `length` characters on `link`."""
    page.wait_for_function(
        "([link, length]) => events.some((e) => e.link === link && e.text?.length === length)",
        arg=[link, length],
        timeout=30_000,
    )


def told_of(page: Page, link: str) -> list[str]:
    """The events `page` was told on `link`, in order."""
    return list(
        page.evaluate("(link) => events.filter((e) => e.link === link).map((e) => e.event)", link)
    )


def offered_by(page: Page, link: str) -> str:
    """The page's offer on a new link, as the host's Python asks for it."""
    return str(page.evaluate("([link, limit]) => peers.offer(link, limit)", [link, TO_HOST_LIMIT]))


def answered_by(page: Page, link: str, offer: str) -> str:
    """The page's answer to `offer` on a new link, as a guest's Python asks for it."""
    return str(
        page.evaluate(
            "([link, sdp, limit]) => peers.answer(link, sdp, limit)", [link, offer, TO_GUEST_LIMIT]
        )
    )


def keep(name: str, record: dict[str, Any]) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / f"{name}.json").write_text(json.dumps(record, indent=2) + "\n")


def test_two_pages_connect_by_the_invitation_and_the_reply(browser: Browser, site: str) -> None:
    host, guest = phone(browser, site), phone(browser, site)
    started = time.monotonic()
    invitation_id = new_invitation_id()
    invitation = pack_offer(offered_by(host, "guest-1"), invitation_id, ["Ann", "Ben", "Cas"])
    offered = time.monotonic()
    offer, read_id = unpack_offer(invitation)
    assert read_id == invitation_id and invited_players(invitation) == ("Ann", "Ben", "Cas")
    reply = pack_answer(answered_by(guest, "host", offer), read_id, 1)  # "I am Ben"
    answered = time.monotonic()
    answer, replied_to = unpack_answer(reply)
    assert replied_to == invitation_id and replying_player(reply) == 1
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


ICE_CONNECTED = "(c) => ['connected', 'completed'].includes(c.iceConnectionState)"
"""Whether a connection has passed ICE with the other phone."""


def test_a_second_answer_to_the_invitation_cannot_keep_the_taken_phone_out(
    browser: Browser, site: str
) -> None:
    """Anyone who copies an invitation can answer it, and passes ICE with the host (the
    invitation holds the host's ICE password) before the host takes the reply it was
    shown. Before the guests answered as DTLS servers, the second phone's DTLS handshake
    reached the host's Chromium first and the taken phone's channel never opened."""
    host, taken, other = phone(browser, site), phone(browser, site), phone(browser, site)
    invitation_id = new_invitation_id()
    offer, _ = unpack_offer(pack_offer(offered_by(host, "guest"), invitation_id))
    answered_by(other, "host", offer)  # its reply never reaches the host
    other.wait_for_function(
        f"({ICE_CONNECTED})(peers.links.get('host').connection)", timeout=30_000
    )
    reply = pack_answer(answered_by(taken, "host", offer), invitation_id)
    host.evaluate("(sdp) => peers.accept('guest', sdp)", unpack_answer(reply)[0])
    wait_for_event(host, {"link": "guest", "event": "open"})
    wait_for_event(taken, {"link": "host", "event": "open"})
    host.evaluate("peers.send('guest', 'Ann bids 1')")
    wait_for_event(taken, {"link": "host", "event": "message", "text": "Ann bids 1"})
    assert other.evaluate("events") == []


FORGED_ANSWER = """async (sdp) => {
  window.forged = new RTCPeerConnection();
  await forged.setRemoteDescription({ type: "offer", sdp });
  await forged.setLocalDescription();
  return forged.localDescription.sdp;
}"""
"""A browser's own answer to an invitation, as an older Trickpad's page or one made by hand
gives it: "active", the DTLS client, which sends the first handshake."""


def test_both_phones_are_told_at_once_when_an_active_answer_breaks_in(
    browser: Browser, site: str
) -> None:
    """A second answer that says "active" still breaks into the host's Chromium, which then
    fails the link's DTLS handshake: the host and the taken phone are told "another" as it
    fails (the scorer can make a new invitation), not left waiting for it to open."""
    host, taken, other = phone(browser, site), phone(browser, site), phone(browser, site)
    invitation_id = new_invitation_id()
    offer, _ = unpack_offer(pack_offer(offered_by(host, "guest"), invitation_id))
    assert "a=setup:active" in other.evaluate(FORGED_ANSWER, offer)
    other.wait_for_function(f"({ICE_CONNECTED})(forged)", timeout=30_000)
    reply = pack_answer(answered_by(taken, "host", offer), invitation_id)
    host.evaluate("(sdp) => peers.accept('guest', sdp)", unpack_answer(reply)[0])
    wait_for_event(host, {"link": "guest", "event": "another"})
    wait_for_event(taken, {"link": "host", "event": "another"})
    assert told_of(host, "guest") == told_of(taken, "host") == ["another"]
    assert host.evaluate("peers.links.size") == taken.evaluate("peers.links.size") == 0


def linked(host: Page, guest: Page, link: str) -> None:
    """A link named `link` at both ends, once open at both."""
    offer = offered_by(host, link)
    host.evaluate(
        "([link, sdp]) => peers.accept(link, sdp)", [link, answered_by(guest, link, offer)]
    )
    wait_for_event(host, {"link": link, "event": "open"})
    wait_for_event(guest, {"link": link, "event": "open"})


UNWANTED = {
    "bytes": "new Uint8Array([123, 125])",  # "{}" in bytes, which JSON.stringify once sent on
    "buffer": "new TextEncoder().encode('{}').buffer",
    "blob": "new Blob(['{}'])",
    "too long": f"'x'.repeat({TO_HOST_LIMIT + 1})",
}
"""What a guest's page may be made to send that the host's must not pass on (the host's
limit is TO_HOST_LIMIT: a guest's message is far shorter)."""


def test_a_message_not_text_or_over_its_links_limit_ends_the_link(
    browser: Browser, site: str
) -> None:
    host, guest = phone(browser, site), phone(browser, site)
    for link, message in UNWANTED.items():
        linked(host, guest, link)
        guest.evaluate(f"peers.send({json.dumps(link)}, {message})")
        wait_for_event(host, {"link": link, "event": "closed"})
        wait_for_event(guest, {"link": link, "event": "closed"})
        assert told_of(host, link) == told_of(guest, link) == ["open", "closed"], link
    # Up to each end's limit a message is heard; the guest's limit is the host's messages'.
    linked(host, guest, "limits")
    guest.evaluate(f"peers.send('limits', 'x'.repeat({TO_HOST_LIMIT}))")
    wait_for_length(host, "limits", TO_HOST_LIMIT)
    host.evaluate(f"peers.send('limits', 'y'.repeat({TO_GUEST_LIMIT}))")
    wait_for_length(guest, "limits", TO_GUEST_LIMIT)
    host.evaluate(f"peers.send('limits', 'y'.repeat({TO_GUEST_LIMIT + 1}))")
    wait_for_event(guest, {"link": "limits", "event": "closed"})
    wait_for_event(host, {"link": "limits", "event": "closed"})
    assert told_of(host, "limits") == told_of(guest, "limits") == ["open", "message", "closed"]


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
    invite = "test.invitation = await bridge().invite(['Ann', 'Ben', 'Cas'])\ntest.invitation.text"
    invitation = python(host, invite)
    assert invitation.startswith(f"TP{TEXT_VERSION}I")
    assert python(guest, f"list(bridge().invited({invitation!r}))") == ["Ann", "Ben", "Cas"]
    join = f"test.joining = await bridge().join({invitation!r}, 1, test.heard)\ntest.joining.reply"
    reply = python(guest, join)
    assert reply.startswith(f"TP{TEXT_VERSION}R")
    # The scorer's phone reads who replied, and the check the replying phone shows.
    read = f"reply = test.invitation.read({reply!r})\n[reply.check, reply.player]"
    assert python(host, read) == [python(guest, "test.joining.check"), 1]
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
script.src = "/trickpad-webrtc.js";
script.onload = () => {
  window.events = [];
  window.peers = new TrickpadWebRTC((e) => events.push(e));
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
        invitation = pack_offer(
            tab.resolve(f"() => peers.offer('chromium', {TO_HOST_LIMIT})"), "FIREFOX2"
        )
        assert len(invitation) <= 200
        offer, invitation_id = unpack_offer(invitation)
        answer = answered_by(chromium, "firefox", offer)
        answer, _ = unpack_answer(pack_answer(answer, invitation_id))
        tab.resolve(f"() => peers.accept('chromium', {json.dumps(answer)}).then(() => true)")
        wait_for_event(chromium, {"link": "firefox", "event": "open"})
        chromium.evaluate("peers.send('firefox', 'from Chromium')")
        firefox_heard(tab, {"link": "chromium", "event": "message", "text": "from Chromium"})
        # Bytes reach Firefox's page as a Blob (its default binaryType): the link ends.
        chromium.evaluate("peers.send('firefox', new Uint8Array([123, 125]))")
        firefox_heard(tab, {"link": "chromium", "event": "closed"})
        wait_for_event(chromium, {"link": "firefox", "event": "closed"})
        told = "return events.filter((e) => e.link === 'chromium').map((e) => e.event)"
        assert tab.run(told) == ["open", "message", "closed"]
        # Chromium hosts, Firefox joins, though another Chromium phone answered first.
        invitation = pack_offer(offered_by(chromium, "firefox-guest"), "CHROMIUM")
        offer, invitation_id = unpack_offer(invitation)
        other = phone(browser, site)
        answered_by(other, "chromium-host", offer)
        other.wait_for_function(
            f"({ICE_CONNECTED})(peers.links.get('chromium-host').connection)", timeout=30_000
        )
        answer = tab.resolve(
            f"() => peers.answer('chromium-host', {json.dumps(offer)}, {TO_GUEST_LIMIT})"
        )
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
