"""How a phone alone makes links to other phones, as the share's screens use them.

The phone's links are WebRTC connections held by its page (phone_alone.webrtc_bridge is the
real thing; the view tests join two sessions in memory). The host's `invite` gives an
invitation's text for a guest, whose `join` gives a reply's text; the host's `accept` of
that reply connects the two. Each step refuses a wrong text or a failed connection with
sharing.phones_only.invitation's BadInvitation or NoConnection, each with a catalog key.

The invitation and the reply travel as QR codes too: `scan` reads one with the phone's
camera (the page's, phone_alone.webrtc_bridge), and the text it read goes where a pasted one
does. A camera that cannot be used is refused with `CameraRefused` and its catalog key.

A link is made with the listener that will hear it, before it can open; the share's sides
(sharing.phones_only.host, link_guest) are made from the open channel. A `Relay` listens
meanwhile, holding what arrives until the side that hears the channel is known.
"""

from dataclasses import dataclass
from typing import Protocol

from sharing.phones_only.channel import Channel, ChannelListener, ChannelState


class Invitation(Protocol):
    """The host's invitation for one phone: its `text`, then a reply's `check`, which the
    scorer compares with what the replying phone shows, then its `accept`."""

    text: str

    def check(self, reply_text: str) -> str:
        """The check the phone that made this reply shows (its Joining's); BadInvitation
        when the text is no reply to this invitation."""
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

    async def invite(self) -> Invitation: ...

    async def join(self, invitation_text: str, listener: ChannelListener) -> Joining: ...

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
