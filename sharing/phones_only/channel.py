"""A channel between two phones at the table, as the share over them sees it.

The phones-only share (a phone alone sharing its game with the others, no computer) runs
over WebRTC data channels, which the page's JavaScript holds (the phone-alone app's peer
bridge); the share's own logic (sharing.phones_only.host, sharing.phones_only.guest) sees only
this: text messages, in order and none lost while the channel is open, and the channel's
state. Tests join two ends in memory (tests/sharing/channel_pair.py); the browser tests use
the real channel.
"""

from enum import Enum
from typing import Protocol


class ChannelState(Enum):
    """Where a channel is: open; interrupted (the network went, and it may come back by
    itself: a locked screen, a Wi-Fi blip); closed for good (by either end, or failed)."""

    OPEN = "open"
    INTERRUPTED = "interrupted"
    CLOSED = "closed"


class Channel(Protocol):
    """One end of an open channel to another phone."""

    def send(self, text: str) -> None:
        """Send one message (the other end receives it whole, after those sent before).
        Sending on a channel that is not open does nothing: the channel's state says why."""
        ...

    def close(self) -> None:
        """Close the channel for good, at both ends."""
        ...


class ChannelListener(Protocol):
    """What one end is told about its channel."""

    def received(self, text: str) -> None:
        """A message arrived from the other end."""
        ...

    def changed(self, state: ChannelState) -> None:
        """The channel is now in `state` (CLOSED is the last call)."""
        ...
