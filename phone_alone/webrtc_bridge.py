"""The phone alone's links to other phones, as the share's Python uses them.

The page holds the WebRTC connections (assets/trickpad-webrtc.js: a worker has none); this
module drives them by requests and hears what happens on them (phone_alone.page_relay
carries both between Flet's worker and the page). The host invites (`WebRTCBridge.invite`):
its invitation's text goes to a guest, whose `WebRTCBridge.join` gives the reply's text;
the host's `BridgedInvitation.accept` of that reply connects them. Either text may be read from
the other phone's screen with the camera (`WebRTCBridge.scan`). Each end then has a
`BridgedChannel` (sharing.phones_only.channel's Channel) that tells the listener it was given when
the link was made: every message is delivered to it, none before it is known.

An invitation is good for one phone and INVITATION_SECONDS: once used or expired its
connection is closed, and a reply to it is refused (sharing.phones_only.invitation.EXPIRED).
"""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Callable, Sequence
from typing import Any

from sharing.phones_only.channel import ChannelListener, ChannelState
from sharing.phones_only.invitation import (
    ANOTHER_PHONE,
    EXPIRED,
    NO_CONNECTION,
    NO_PEER_LINKS,
    NOT_THIS_ONE,
    UNREADABLE,
    BadInvitation,
    NoConnection,
    invited_players,
    link_check,
    new_invitation_id,
    pack_answer,
    pack_offer,
    replying_player,
    unpack_answer,
    unpack_offer,
)
from sharing.phones_only.links import CameraRefused, Reply, ScanWords
from sharing.phones_only.messages import TO_GUEST_LIMIT, TO_HOST_LIMIT

PAGE_PACKET = 0x02
"""The first byte of the page's messages to the worker (then UTF-8 JSON); Flet's own
connection drops packets of a type it does not know."""
INVITATION_SECONDS = 600.0
"""How long an invitation waits for its reply, and a guest for the host to take it."""
CONNECT_SECONDS = 30.0
"""From the host's taking the reply to an open channel: phones on one network connect in
well under a second; longer means they cannot reach each other."""

Message = dict[str, Any]
ENDINGS = {"closed": NO_CONNECTION, "another": ANOTHER_PHONE}
"""The page's last events of a link, and what a link that had not opened is refused with
(NoConnection's key): "another" when a second phone's answer to the invitation broke in."""


class PageRefused(Exception):
    """The page could not do what it was asked (its error's text); `unsupported` when the
    browser has no WebRTC (WebKitGTK without it, a browser with it switched off)."""

    def __init__(self, error: str, unsupported: bool) -> None:
        super().__init__(error)
        self.unsupported = unsupported


class BridgedChannel:
    """One end of a link to another phone (sharing.phones_only.channel.Channel)."""

    def __init__(self, bridge: WebRTCBridge, link: str, listener: ChannelListener) -> None:
        self._bridge, self.link, self._listener = bridge, link, listener
        self.state = ChannelState.OPEN

    def send(self, text: str) -> None:
        if self.state is ChannelState.OPEN:
            self._bridge.post({"do": "send", "link": self.link, "text": text})

    def close(self) -> None:
        if self.state is not ChannelState.CLOSED:
            self._bridge.close_link(self.link)
            self._changed(ChannelState.CLOSED)

    def event(self, event: str, text: object) -> None:
        """What the page tells of the link once open. A message that is not text ends the
        link (the page lets none through: this guards the listener if it ever did)."""
        if event == "message":
            if isinstance(text, str):
                self._listener.received(text)
            else:
                self.close()
        elif event in STATES:
            self._changed(STATES[event])

    def _changed(self, state: ChannelState) -> None:
        if state is not self.state and self.state is not ChannelState.CLOSED:
            self.state = state
            self._listener.changed(state)


STATES = {
    "interrupted": ChannelState.INTERRUPTED,
    "back": ChannelState.OPEN,
    "closed": ChannelState.CLOSED,
}


class _Link:
    """A link being made: its channel, and whether it has opened (or failed first)."""

    def __init__(self, channel: BridgedChannel, opened: asyncio.Future[BridgedChannel]) -> None:
        self.channel, self.opened = channel, opened


class BridgedInvitation:
    """The host's invitation for one phone: `text` to show, `accept` its reply."""

    def __init__(
        self, bridge: WebRTCBridge, link: str, invitation_id: str, players: Sequence[str], sdp: str
    ) -> None:
        self._bridge, self._link, self.id = bridge, link, invitation_id
        self.players = tuple(players)
        self.text = pack_offer(sdp, invitation_id, players)
        self.spent = False
        self._expiry = asyncio.get_running_loop().call_later(bridge.invitation_seconds, self.cancel)

    def read(self, reply_text: str) -> Reply:
        """The check the phone that made this reply shows (invitation.link_check), and the
        player it named."""
        self._answer(reply_text)
        player = replying_player(reply_text)
        if player is not None and player >= len(self.players):
            raise BadInvitation(UNREADABLE)
        return Reply(link_check(self.text, reply_text), player)

    async def accept(self, reply_text: str, listener: ChannelListener) -> BridgedChannel:
        """The channel to the phone that replied, once open. BadInvitation when the text
        is no reply to this invitation or it has expired; NoConnection when the phones
        cannot reach each other, or (ANOTHER_PHONE) another phone answered this invitation
        too and broke in: this one is spent, the next needs a new invitation."""
        answer = self._answer(reply_text)
        if self.spent:
            raise BadInvitation(EXPIRED)
        self.spent = True
        self._expiry.cancel()
        opening = self._bridge.opening(self._link, listener)
        try:
            await self._bridge.ask("accept", link=self._link, sdp=answer)
        except PageRefused as refused:
            self._bridge.close_link(self._link)
            raise BadInvitation(UNREADABLE) from refused
        return await self._bridge.opened(opening, self._bridge.connect_seconds)

    def _answer(self, reply_text: str) -> str:
        """The answer a reply to this invitation holds; BadInvitation for any other text."""
        answer, invitation_id = unpack_answer(reply_text)
        if invitation_id != self.id:
            raise BadInvitation(NOT_THIS_ONE)
        return answer

    def cancel(self) -> None:
        """Withdraw the invitation (it expires so): a reply to it is refused."""
        if not self.spent:
            self.spent = True
            self._expiry.cancel()
            self._bridge.close_link(self._link)


class BridgedJoining:
    """A guest's answer to an invitation: `reply` to show the host with its `check`, then
    `opened`."""

    def __init__(
        self, bridge: WebRTCBridge, link: str, reply: str, check: str, opening: _Link
    ) -> None:
        self._bridge, self._link, self._opening = bridge, link, opening
        self.reply, self.check = reply, check

    async def opened(self) -> BridgedChannel:
        """The channel to the host, once it has taken the reply; NoConnection if it has
        not connected within the invitation's time (ANOTHER_PHONE: another phone's answer
        to the invitation broke in)."""
        return await self._bridge.opened(self._opening, self._bridge.invitation_seconds)

    def cancel(self) -> None:
        """Give up joining: the link is let go, and `opened` raises NoConnection."""
        self._bridge.close_link(self._link)
        if not self._opening.opened.done():
            self._opening.opened.set_exception(NoConnection())


class WebRTCBridge:
    """The page's links, driven from Python: `post` sends the page a request (a dict);
    the page's messages come back through `delivered`."""

    def __init__(
        self,
        post: Callable[[Message], None],
        *,
        invitation_seconds: float = INVITATION_SECONDS,
        connect_seconds: float = CONNECT_SECONDS,
    ) -> None:
        self.post = post
        self.invitation_seconds, self.connect_seconds = invitation_seconds, connect_seconds
        self._numbers = itertools.count(1)
        self._asked: dict[int, asyncio.Future[Message]] = {}
        self._links: dict[str, _Link] = {}

    async def invite(self, players: Sequence[str]) -> BridgedInvitation:
        """A new invitation to a game of `players`, its connection waiting for the reply.
        NoConnection if the browser cannot make one."""
        link = f"link-{next(self._numbers)}"
        try:  # the host hears the guests' messages: theirs is the limit
            offer = (await self.ask("offer", link=link, limit=TO_HOST_LIMIT))["sdp"]
        except PageRefused as refused:
            self.close_link(link)
            raise NoConnection(NO_PEER_LINKS if refused.unsupported else NO_CONNECTION) from refused
        return BridgedInvitation(self, link, new_invitation_id(), players, offer)

    def invited(self, invitation_text: str) -> tuple[str, ...]:
        """The players an invitation names (invitation.invited_players)."""
        return invited_players(invitation_text)

    async def join(
        self, invitation_text: str, player: int | None, listener: ChannelListener
    ) -> BridgedJoining:
        """The answer to an invitation, as the player of seat `player` (None: watching).
        BadInvitation when the text is none; NoConnection when the browser cannot connect
        phones."""
        offer, invitation_id = unpack_offer(invitation_text)
        link = f"link-{next(self._numbers)}"
        opening = self.opening(link, listener)
        try:  # the guest hears the host's
            answer = (await self.ask("answer", link=link, sdp=offer, limit=TO_GUEST_LIMIT))["sdp"]
        except PageRefused as refused:
            self.close_link(link)
            if refused.unsupported:
                raise NoConnection(NO_PEER_LINKS) from refused
            raise BadInvitation(UNREADABLE) from refused
        reply = pack_answer(answer, invitation_id, player)
        return BridgedJoining(self, link, reply, link_check(invitation_text, reply), opening)

    def delivered(self, message: Message) -> None:
        """A message from the page: the answer to a request, or an event on a link."""
        if "ask" in message:
            asked = self._asked.pop(message["ask"], None)
            if asked is not None and not asked.done():
                asked.set_result(message)
            return
        link = self._links.get(message.get("link", ""))
        if link is None:
            return
        event = message.get("event")
        if event == "open" and not link.opened.done():
            link.opened.set_result(link.channel)
        elif event in ENDINGS and not link.opened.done():
            del self._links[link.channel.link]
            link.opened.set_exception(NoConnection(ENDINGS[event]))
        else:
            if event == "closed":
                del self._links[link.channel.link]
            link.channel.event(str(event), message.get("text"))

    async def scan(self, words: ScanWords) -> str | None:
        """The text of a QR code the page's camera read (assets/trickpad-scan.js); None
        when the player cancelled. CameraRefused with the page's reason."""
        try:
            answer = await self.ask("scan", instruction=words.instruction, cancel=words.cancel)
        except PageRefused as refused:  # the page could not even start: said as a failure
            raise CameraRefused("failed") from refused
        if "refused" in answer:
            raise CameraRefused(str(answer["refused"]))
        text = answer.get("text")
        return text if isinstance(text, str) else None

    async def ask(self, do: str, **fields: str | int) -> Message:
        """The page's answer to a request; PageRefused with its error."""
        number = next(self._numbers)
        answer: asyncio.Future[Message] = asyncio.get_running_loop().create_future()
        self._asked[number] = answer
        self.post({"do": do, "ask": number, **fields})
        message = await answer
        if "error" in message:
            raise PageRefused(message["error"], bool(message.get("unsupported")))
        return message

    def opening(self, link: str, listener: ChannelListener) -> _Link:
        """The link's channel, told from the page's first event on."""
        opened: asyncio.Future[BridgedChannel] = asyncio.get_running_loop().create_future()
        opening = _Link(BridgedChannel(self, link, listener), opened)
        self._links[link] = opening
        return opening

    async def opened(self, opening: _Link, seconds: float) -> BridgedChannel:
        try:
            return await asyncio.wait_for(asyncio.shield(opening.opened), seconds)
        except TimeoutError:
            self.close_link(opening.channel.link)
            raise NoConnection from None

    def close_link(self, link: str) -> None:
        """Close the link at the page (the other end is told); nothing more is heard of it."""
        self._links.pop(link, None)
        self.post({"do": "close", "link": link})
