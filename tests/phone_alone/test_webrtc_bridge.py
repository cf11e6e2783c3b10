"""The phone alone's links as the share's Python uses them (phone_alone.webrtc_bridge): which
texts are refused with which message, an invitation good for one phone and a short time,
no message lost between the opening and the listener, and the channel's states. The page
here answers as assets/trickpad-webrtc.js does, with descriptions captured from Chromium;
tests/e2e/test_webrtc_links.py runs the bridge against the real page."""

import asyncio
import contextlib
from collections.abc import Iterator
from pathlib import Path

import pytest

from phone_alone.webrtc_bridge import (
    BridgedChannel,
    BridgedInvitation,
    Message,
    NoConnection,
    WebRTCBridge,
)
from sharing.phones_only.channel import ChannelState
from sharing.phones_only.invitation import (
    TEXT_VERSION,
    BadInvitation,
    invited_players,
    link_check,
    pack_answer,
    pack_offer,
    replying_player,
    unpack_offer,
)
from sharing.phones_only.links import CameraRefused, Reply, ScanWords
from sharing.phones_only.messages import TO_GUEST_LIMIT, TO_HOST_LIMIT

CAPTURED = Path(__file__).parent.parent / "sharing" / "sdp"
OFFER = (CAPTURED / "chromium-156-offer.sdp").read_text()
ANSWER = (CAPTURED / "chromium-156-answer.sdp").read_text()
PLAYERS = ("Ann", "Ben", "Cas")
"""The game's players, whom an invitation names."""


class Page:
    """The page's side of a bridge: answers each request at once as the page does, keeps
    what was asked, and is told when a link is closed."""

    def __init__(self, **seconds: float) -> None:
        self.requests: list[Message] = []
        self.closed = asyncio.Event()
        self.bridge = WebRTCBridge(self.post, **seconds)
        self.refuse = False
        self.has_webrtc = True
        self.camera: Message = {"cancelled": True}
        """The camera's answer to a scan (as assets/trickpad-scan.js gives it)."""

    def post(self, request: Message) -> None:
        self.requests.append(request)
        if request["do"] == "close":
            self.closed.set()
        if "ask" in request:
            answer: Message = {"ask": request["ask"]}
            if self.refuse:
                answer.update(error="InvalidAccessError", unsupported=not self.has_webrtc)
            elif request["do"] in ("offer", "answer"):
                answer["sdp"] = OFFER if request["do"] == "offer" else ANSWER
            elif request["do"] == "scan":
                answer.update(self.camera)
            asyncio.get_running_loop().call_soon(self.bridge.delivered, answer)

    def tell(self, link: str, event: str, text: str | None = None) -> None:
        self.bridge.delivered({"link": link, "event": event, **({"text": text} if text else {})})

    def asked(self, do: str) -> list[Message]:
        return [request for request in self.requests if request["do"] == do]


@contextlib.contextmanager
def refused(key: str) -> Iterator[None]:
    with pytest.raises(BadInvitation) as refusal:
        yield
    assert refusal.value.key == key


class Heard:
    """A channel's listener: what it was told, in order."""

    def __init__(self) -> None:
        self.told: list[str | ChannelState] = []

    def received(self, text: str) -> None:
        self.told.append(text)

    def changed(self, state: ChannelState) -> None:
        self.told.append(state)


async def connected(
    page: Page, heard: Heard, invitation: BridgedInvitation | None = None
) -> BridgedChannel:
    """A channel the host opened by a new invitation (or `invitation`), the page telling
    `open` and a first message at once."""
    invitation = invitation or await page.bridge.invite(PLAYERS)
    reply = pack_answer(ANSWER, invitation.id, 1)
    accepting = asyncio.ensure_future(invitation.accept(reply, heard))
    while not page.asked("accept"):
        await asyncio.sleep(0)
    link = page.asked("accept")[-1]["link"]
    page.tell(link, "open")
    page.tell(link, "message", "first")  # before the host's code has the channel
    return await accepting


async def test_an_invitation_is_the_pages_offer_with_its_id_and_the_players() -> None:
    page = Page()
    invitation = await page.bridge.invite(["Ann", "Ben", "Cas"])
    offer, invitation_id = unpack_offer(invitation.text)
    assert invitation_id == invitation.id and "a=setup:actpass" in offer
    assert invitation.players == PLAYERS == invited_players(invitation.text)
    assert page.bridge.invited(invitation.text) == PLAYERS  # as the joining phone reads it
    assert [request["do"] for request in page.requests] == ["offer"]
    assert page.requests[0]["limit"] == TO_HOST_LIMIT  # the page closes a link over it


async def test_a_guests_answer_asks_for_the_limit_of_the_hosts_messages() -> None:
    page = Page()
    await page.bridge.join(pack_offer(OFFER, "ABCDEFGH", PLAYERS), 0, Heard())
    assert page.asked("answer")[0]["limit"] == TO_GUEST_LIMIT


async def test_a_channel_hears_every_message_from_its_opening_on() -> None:
    page, heard = Page(), Heard()
    channel = await connected(page, heard)
    page.tell(channel.link, "message", "second")
    assert heard.told == ["first", "second"]
    channel.send("to the guest")
    assert page.asked("send")[-1] == {"do": "send", "link": channel.link, "text": "to the guest"}


async def test_the_channel_tells_interruptions_and_its_close_once() -> None:
    page, heard = Page(), Heard()
    channel = await connected(page, heard)
    page.tell(channel.link, "interrupted")
    channel.send("lost")  # not open: nothing is sent
    page.tell(channel.link, "back")
    page.tell(channel.link, "closed")
    page.tell(channel.link, "message", "after the end")
    channel.close()
    assert heard.told == ["first", ChannelState.INTERRUPTED, ChannelState.OPEN, ChannelState.CLOSED]
    assert page.asked("send") == [] and channel.state is ChannelState.CLOSED


@pytest.mark.parametrize("text", [{}, None, 7, ["Ann"]])
async def test_a_message_that_is_not_text_closes_the_link_unheard(text: object) -> None:
    page, heard = Page(), Heard()
    channel = await connected(page, heard)
    page.bridge.delivered({"link": channel.link, "event": "message", "text": text})
    page.tell(channel.link, "message", "after the end")
    assert heard.told == ["first", ChannelState.CLOSED]
    assert page.asked("close") == [{"do": "close", "link": channel.link}]


async def test_closing_tells_the_page_and_the_listener() -> None:
    page, heard = Page(), Heard()
    channel = await connected(page, heard)
    channel.close()
    channel.close()
    assert page.asked("close") == [{"do": "close", "link": channel.link}]
    assert heard.told == ["first", ChannelState.CLOSED]


async def test_a_reply_is_taken_once_and_only_by_its_invitation() -> None:
    page = Page()
    invitation, other = await page.bridge.invite(PLAYERS), await page.bridge.invite(PLAYERS)
    with refused("invitation.is_an_invitation"):
        await invitation.accept(invitation.text, Heard())
    with refused("invitation.not_this_one"):
        await invitation.accept(pack_answer(ANSWER, other.id), Heard())
    await connected(page, Heard(), invitation)
    with refused("invitation.expired"):
        await invitation.accept(pack_answer(ANSWER, invitation.id), Heard())


async def test_a_reply_read_says_its_check_and_the_player_it_named() -> None:
    page = Page()
    invitation, other = await page.bridge.invite(PLAYERS), await page.bridge.invite(PLAYERS)
    for player in (0, 2, None):
        reply = pack_answer(ANSWER, invitation.id, player)
        assert invitation.read(reply) == Reply(link_check(invitation.text, reply), player)
    with refused("invitation.unreadable"):  # a fourth player, at a table of three
        invitation.read(pack_answer(ANSWER, invitation.id, 3))
    with refused("invitation.not_this_one"):
        invitation.read(pack_answer(ANSWER, other.id, 1))
    with refused("invitation.is_an_invitation"):
        invitation.read(invitation.text)
    with refused("invitation.unreadable"):
        invitation.read("a shop's QR code")
    await connected(page, Heard(), invitation)  # what was read took nothing of it


async def test_an_invitation_expires_and_its_connection_is_closed() -> None:
    page = Page(invitation_seconds=0.01)
    invitation = await page.bridge.invite(PLAYERS)
    await page.closed.wait()
    assert page.asked("close") == [{"do": "close", "link": page.asked("offer")[0]["link"]}]
    with refused("invitation.expired"):
        await invitation.accept(pack_answer(ANSWER, invitation.id), Heard())


async def test_phones_that_do_not_connect_are_told_so() -> None:
    page = Page(connect_seconds=0.01)
    invitation = await page.bridge.invite(PLAYERS)
    with pytest.raises(NoConnection):
        await invitation.accept(pack_answer(ANSWER, invitation.id), Heard())
    assert page.asked("close")  # the link is let go
    failing = Page()
    invitation = await failing.bridge.invite(PLAYERS)
    accepting = asyncio.ensure_future(
        invitation.accept(pack_answer(ANSWER, invitation.id), Heard())
    )
    while not failing.asked("accept"):
        await asyncio.sleep(0)
    failing.tell(failing.asked("offer")[0]["link"], "closed")  # ICE failed
    with pytest.raises(NoConnection):
        await accepting


async def test_a_second_phone_breaking_in_is_said_to_the_host_and_the_guest() -> None:
    """The page tells "another" in place of "closed" when a link that had not opened fails
    as a second answer to its invitation breaks in: the invitation is spent."""
    page = Page()
    invitation = await page.bridge.invite(PLAYERS)
    reply = pack_answer(ANSWER, invitation.id)
    accepting = asyncio.ensure_future(invitation.accept(reply, Heard()))
    while not page.asked("accept"):
        await asyncio.sleep(0)
    page.tell(page.asked("offer")[0]["link"], "another")
    with pytest.raises(NoConnection) as refusal:
        await accepting
    assert refusal.value.key == "invitation.another_phone"
    with refused("invitation.expired"):
        await invitation.accept(reply, Heard())
    joining = await page.bridge.join(pack_offer(OFFER, "ABCDEFGH", PLAYERS), 2, Heard())
    page.tell(page.asked("answer")[0]["link"], "another")
    with pytest.raises(NoConnection) as refusal:
        await joining.opened()
    assert refusal.value.key == "invitation.another_phone"


async def test_a_guest_answers_an_invitation_and_refuses_what_is_none() -> None:
    page, heard = Page(), Heard()
    with refused("invitation.is_a_reply"):
        await page.bridge.join(pack_answer(ANSWER, "ABCDEFGH"), None, heard)
    invitation = pack_offer(OFFER, "ABCDEFGH", PLAYERS)
    joining = await page.bridge.join(invitation, 1, heard)
    assert joining.reply.startswith(f"TP{TEXT_VERSION}R")
    assert replying_player(joining.reply) == 1  # "I am Ben"
    assert joining.check == link_check(invitation, joining.reply)
    link = page.asked("answer")[0]["link"]
    page.tell(link, "open")
    page.tell(link, "message", "welcome")
    channel = await joining.opened()
    assert channel.state is ChannelState.OPEN and heard.told == ["welcome"]
    giving_up = await page.bridge.join(pack_offer(OFFER, "ABCDEFGH", PLAYERS), None, heard)
    waiting = asyncio.ensure_future(giving_up.opened())
    giving_up.cancel()
    with pytest.raises(NoConnection):
        await waiting
    assert page.asked("close")[-1]["link"] == page.asked("answer")[-1]["link"]
    assert replying_player(giving_up.reply) is None  # "Just watching"
    page.refuse = True  # a description the browser does not take
    with refused("invitation.unreadable"):
        await page.bridge.join(pack_offer(OFFER, "ABCDEFGH", PLAYERS), 0, heard)


async def test_a_browser_that_cannot_make_an_offer_says_so() -> None:
    page = Page()
    page.refuse = True
    with pytest.raises(NoConnection) as refused:
        await page.bridge.invite(PLAYERS)
    assert refused.value.key == "invitation.no_connection"


async def test_a_browser_without_webrtc_says_so_to_host_and_guest() -> None:
    page = Page()
    page.refuse, page.has_webrtc = True, False
    with pytest.raises(NoConnection) as refused:
        await page.bridge.invite(PLAYERS)
    assert refused.value.key == "invitation.no_peer_links"
    with pytest.raises(NoConnection) as refused:
        await page.bridge.join(pack_offer(OFFER, "ABCDEFGH", PLAYERS), 1, Heard())
    assert refused.value.key == "invitation.no_peer_links"


async def test_a_scan_gives_the_codes_text_nothing_when_cancelled_or_the_cameras_refusal() -> None:
    page = Page()
    words = ScanWords("Hold the code in the picture.", "Cancel scanning")
    page.camera = {"text": "TP1IABC"}
    assert await page.bridge.scan(words) == "TP1IABC"
    request = page.asked("scan")[0]
    assert (request["instruction"], request["cancel"]) == (words.instruction, words.cancel)
    page.camera = {"cancelled": True}
    assert await page.bridge.scan(words) is None
    for reason, key in [
        ("denied", "camera.denied"),
        ("none", "camera.none"),
        ("insecure", "camera.insecure"),
        ("broken", "camera.failed"),
    ]:
        page.camera = {"refused": reason}
        with pytest.raises(CameraRefused) as refusal:
            await page.bridge.scan(words)
        assert refusal.value.key == key
    page.refuse = True  # the page's script failed
    with pytest.raises(CameraRefused) as refusal:
        await page.bridge.scan(words)
    assert refusal.value.key == "camera.failed"
