"""How a phone alone makes links to other phones, as the share's screens use them.

The phone's links are WebRTC connections held by its page (phone_alone.peer_bridge is the
real thing; the view tests join two sessions in memory). The host's `invite` gives an
invitation's text for a guest, whose `join` gives a reply's text; the host's `accept` of
that reply connects the two. Each step refuses a wrong text or a failed connection with
views.sharing.invitation's BadInvitation or NoConnection, each with a catalog key.

A link is made with the listener that will hear it, before it can open; the share's sides
(views.sharing.link_host, link_guest) are made from the open channel. A `Relay` listens
meanwhile, holding what arrives until the side that hears the channel is known.
"""

from typing import Protocol

from views.sharing.channel import Channel, ChannelListener, ChannelState


class Invitation(Protocol):
    """The host's invitation for one phone: its `text`, then the reply's `accept`."""

    text: str

    async def accept(self, reply_text: str, listener: ChannelListener) -> Channel: ...

    def cancel(self) -> None: ...


class Joining(Protocol):
    """A guest's answer to an invitation: its `reply` text, then the link `opened`."""

    reply: str

    async def opened(self) -> Channel: ...

    def cancel(self) -> None: ...


class PeerLinks(Protocol):
    """What the phone can do to link with others."""

    async def invite(self) -> Invitation: ...

    async def join(self, invitation_text: str, listener: ChannelListener) -> Joining: ...


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
