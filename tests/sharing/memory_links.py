"""Links between phones in one test process (sharing.phones_only.links), as the browser's
WebRTC makes them: an invitation's text, a reply's, then a channel (tests/sharing's
ChannelPair) that opens once the host accepts the reply. Each phone's `MemoryLinks` share
one `Network`; the texts are the network's own, the real ones are sharing.phones_only.invitation's
(tested with real browsers in tests/e2e/test_webrtc_links.py). A phone's camera reads what
the test holds up to it (`MemoryLinks.camera`; a browser's real camera:
tests/e2e/test_phones_table.py)."""

from __future__ import annotations

import asyncio
import collections
import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from sharing.phones_only.channel import Channel, ChannelListener
from sharing.phones_only.invitation import (
    ANOTHER_PHONE,
    EXPIRED,
    NOT_THIS_ONE,
    UNREADABLE,
    BadInvitation,
    NoConnection,
)
from sharing.phones_only.links import CameraRefused, Reply, ScanWords
from tests.sharing.channel_pair import ChannelPair


@dataclass
class Network:
    """What the phones' links know of each other: invitations out, the replies made to them
    (by reply text), and the pairs made of them."""

    numbers: itertools.count[int] = field(default_factory=lambda: itertools.count(1))
    pairs: dict[str, ChannelPair] = field(default_factory=dict)
    guests: dict[str, ChannelListener] = field(default_factory=dict)
    opened: dict[str, asyncio.Future[Channel]] = field(default_factory=dict)
    invitations: list[MemoryInvitation] = field(default_factory=list)
    replies: collections.Counter[str] = field(default_factory=collections.Counter)
    """How many replies each invitation's text was answered with."""
    held: bool = False
    """Whether the channels made hold their messages until a test delivers them."""
    another_answers: bool = False
    """Whether another phone answers every invitation too, and breaks the link in."""
    invited: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """The players each invitation's text names."""


REPLY = re.compile(r"REPLY-(\d+)(?:-(\d+))?/(\d+|W)")
"""A reply: REPLY-<invitation's number>, -<k> for the k-th phone that answered it, then
/<the seat of the player it named>, or /W for a phone that watches."""


def check_of(reply_text: str) -> str:
    """The check both phones show of a reply: its own for each phone that answered."""
    match = REPLY.fullmatch(reply_text)
    if match is None:
        raise BadInvitation(UNREADABLE)
    return f"{int(match[1]):03d} {int(match[2] or 1):03d}"


class MemoryInvitation:
    def __init__(self, network: Network, number: int, players: tuple[str, ...]) -> None:
        self.network, self.number, self.players = network, number, players
        self.text = f"INVITE-{number}"
        network.invited[self.text] = players
        self.spent = False  # used, or expired: as the real one, good for one phone
        self.withdrawn = False
        network.invitations.append(self)

    def read(self, reply_text: str) -> Reply:
        match = REPLY.fullmatch(reply_text)
        if match is None:
            raise BadInvitation(UNREADABLE)
        if int(match[1]) != self.number:
            raise BadInvitation(NOT_THIS_ONE)
        player = None if match[3] == "W" else int(match[3])
        if player is not None and player >= len(self.players):
            raise BadInvitation(UNREADABLE)
        return Reply(check_of(reply_text), player)

    async def accept(self, reply_text: str, listener: ChannelListener) -> Channel:
        self.read(reply_text)
        if self.spent:
            raise BadInvitation(EXPIRED)
        self.spent = True
        if reply_text not in self.network.guests:  # the guest gave up: nothing answers
            raise NoConnection()
        if self.network.another_answers:
            raise NoConnection(ANOTHER_PHONE)
        pair = ChannelPair(held=self.network.held)
        pair.join(listener, self.network.guests.pop(reply_text))
        self.network.pairs[reply_text] = pair
        self.network.opened.pop(reply_text).set_result(pair.guest_end)
        return pair.host_end

    def cancel(self) -> None:
        """Withdrawn: a reply to it is refused, as to one expired."""
        self.spent = True
        self.withdrawn = True


class MemoryJoining:
    def __init__(self, network: Network, reply: str, opened: asyncio.Future[Channel]):
        self.network, self.reply, self.check = network, reply, check_of(reply)
        self._opened = opened

    async def opened(self) -> Channel:
        return await self._opened

    def cancel(self) -> None:
        """Given up: the host's taking of the reply finds nothing to connect to, and a link
        made already is closed (as the page's is)."""
        self.network.guests.pop(self.reply, None)
        if not self._opened.done():
            self._opened.set_exception(NoConnection())
        pair = self.network.pairs.get(self.reply)
        if pair is not None:
            pair.guest_end.close()


class MemoryLinks:
    """One phone's links on the `network`."""

    def __init__(self, network: Network) -> None:
        self.network = network
        self.camera: str | CameraRefused | None = None
        """What the camera reads: a code's text, a refusal, or nothing (the player cancels)."""
        self.scans: list[ScanWords] = []

    async def invite(self, players: Sequence[str]) -> MemoryInvitation:
        return MemoryInvitation(self.network, next(self.network.numbers), tuple(players))

    def invited(self, invitation_text: str) -> tuple[str, ...]:
        if invitation_text not in self.network.invited:
            raise BadInvitation(UNREADABLE)
        return self.network.invited[invitation_text]

    async def join(
        self, invitation_text: str, player: int | None, listener: ChannelListener
    ) -> MemoryJoining:
        self.invited(invitation_text)
        opened: asyncio.Future[Channel] = asyncio.get_running_loop().create_future()
        self.network.replies[invitation_text] += 1
        answered = self.network.replies[invitation_text]
        reply = invitation_text.replace("INVITE-", "REPLY-") + (
            f"-{answered}" if answered > 1 else ""
        )
        reply += "/W" if player is None else f"/{player}"
        self.network.guests[reply] = listener
        self.network.opened[reply] = opened
        return MemoryJoining(self.network, reply, opened)

    async def scan(self, words: ScanWords) -> str | None:
        self.scans.append(words)
        if isinstance(self.camera, CameraRefused):
            raise self.camera
        return self.camera
