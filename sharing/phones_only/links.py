"""How a phone alone makes links to other phones, as the share's screens use them.

The phone's links are WebRTC connections held by its page (phone_alone.webrtc_bridge is the
real thing; the view tests join two sessions in memory). The host's `invite` gives an
invitation's text for a guest, which names the game's players (`invited`); the guest's
`join`, as one of them or as a phone that watches, gives a reply's text, which says so
(`Invitation.read`); the host's `accept` of that reply connects the two. Each step refuses
a wrong text or a failed connection with sharing.phones_only.invitation's BadInvitation or
NoConnection, each with a catalog key.

The invitation and the reply travel as QR codes too: `scan` reads one with the phone's
camera (the page's, phone_alone.webrtc_bridge), and the text it read goes where a pasted one
does. A camera that cannot be used is refused with `CameraRefused` and its catalog key.

A link is made with the listener that will hear it, before it can open; the share's sides
(sharing.phones_only.host, link_guest) are made from the open channel. A `Relay` listens
meanwhile, holding what arrives until the side that hears the channel is known.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from sharing.phones_only.channel import Channel, ChannelListener, ChannelState


@dataclass(frozen=True)
class Reply:
    """What a reply says to the scorer: the `check` the phone that made it shows (which
    the scorer compares before it lets the phone join), and the seat of the player that
    phone named ("I am Ben"), None for a phone that only watches."""

    check: str
    player: int | None


class Invitation(Protocol):
    """The host's invitation for one phone: its `text`, naming the game's `players`, then
    a reply `read`, then its `accept`."""

    text: str
    players: tuple[str, ...]

    def read(self, reply_text: str) -> Reply:
        """What the reply says; BadInvitation when the text is no reply to this invitation,
        or names a player the invitation did not."""
        ...

    async def accept(self, reply_text: str, listener: ChannelListener) -> Channel: ...

    def cancel(self) -> None: ...


class Joining(Protocol):
    """A guest's answer to an invitation: its `reply` text and the `check` the scorer's
    phone will show of it, then the link `opened`."""

    reply: str
    check: str

    async def opened(self) -> Channel: ...

    def cancel(self) -> None: ...


CAMERA_REFUSALS = {
    "insecure": "camera.insecure",
    "denied": "camera.denied",
    "none": "camera.none",
    "failed": "camera.failed",
}
"""Why the camera could not scan (the page's word), and the catalog's message for it: a
page that is not https (nor the phone's own address), the camera not allowed, no camera,
or one that would not start (another app holds it)."""


class CameraRefused(Exception):
    """The camera could not scan; `key` is the catalog's message."""

    def __init__(self, reason: str) -> None:
        self.key = CAMERA_REFUSALS.get(reason, CAMERA_REFUSALS["failed"])
        super().__init__(self.key)


@dataclass(frozen=True)
class ScanWords:
    """What the camera's screen says, in the phone's language."""

    instruction: str
    cancel: str
    """The name of the button that closes the camera."""


class PhoneLinks(Protocol):
    """What the phone can do to link with others."""

    async def invite(self, players: Sequence[str]) -> Invitation:
        """An invitation to a game of these `players`."""
        ...

    def invited(self, invitation_text: str) -> tuple[str, ...]:
        """The players an invitation names, for the joining phone to say who it is;
        BadInvitation when the text is no invitation."""
        ...

    async def join(
        self, invitation_text: str, player: int | None, listener: ChannelListener
    ) -> Joining:
        """The reply to an invitation, as the player of seat `player` (None: watching)."""
        ...

    async def scan(self, words: ScanWords) -> str | None:
        """The text of the QR code the camera read; None if the player cancelled.
        CameraRefused when the camera cannot be used."""
        ...


class Relay:
    """A channel's listener until the side that hears it is made: what arrives before is
    held, in order, and handed on to it."""

    def __init__(self) -> None:
        self._held: list[str | ChannelState] = []
        self._to: ChannelListener | None = None

    def hand_to(self, listener: ChannelListener) -> None:
        """From now on `listener` hears the channel, first what was held."""
        self._to = listener
        held, self._held = self._held, []
        for what in held:
            self._tell(what)

    def received(self, text: str) -> None:
        self._tell(text)

    def changed(self, state: ChannelState) -> None:
        self._tell(state)

    def _tell(self, what: str | ChannelState) -> None:
        if self._to is None:
            self._held.append(what)
        elif isinstance(what, ChannelState):
            self._to.changed(what)
        else:
            self._to.received(what)
