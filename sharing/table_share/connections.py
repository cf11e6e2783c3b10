"""Who is at the other end of a connection, as the server's side of it knows.

A session's rights come from here, never from the page: Flet lets the client write the
page's fields (its `client_ip` among them), so anything read from the page is only what the
client says about itself. The door of the web server (web_guard) notes each connection's
peer, from the socket it arrived on and the address the transport gives, in a context
variable that the tasks Flet starts for that connection inherit; a session reads it once,
when it starts.
"""

import ipaddress
from contextvars import ContextVar
from dataclasses import dataclass
from urllib.parse import urlparse


@dataclass(frozen=True)
class Peer:
    """A connection's far end: its `address` as the transport gives it, and whether it came
    through the table share's listener (`via_share`)."""

    address: str
    via_share: bool
    secure: bool = False
    """Whether the page at that end is a secure context (`is_secure` of the address it was
    opened at): noted as it connects, since a session that waits can lose its connection."""

    @property
    def is_host(self) -> bool:
        """Whether this is the host: this computer, on the listener that is not the share's.

        A phone that joins through the share is never the host, even from this computer's
        own address (a share listening on loopback)."""
        return not self.via_share and is_loopback(self.address)


STRANGER = Peer(address="", via_share=True)
"""The peer of a connection nobody noted: no address, no rights."""

THIS_DEVICE = Peer(address="::1", via_share=False)
"""The peer of the phone-alone app (Python in the phone's browser): the device itself, the
host of its own games."""

CURRENT_PEER: ContextVar[Peer] = ContextVar("trickpad_peer", default=STRANGER)
"""The peer of the connection whose tasks are running (set by web_guard.guarded)."""


def is_secure(page_url: str) -> bool:
    """Whether the browser treats the page as a secure context: https, or the computer's
    own loopback address. Elsewhere (http from another device) it has no wake lock."""
    address = urlparse(page_url)
    host = address.hostname or ""
    return (
        address.scheme == "https"
        or host == "localhost"
        or host == "::1"
        or (host.startswith("127."))
    )


def is_loopback(address: str) -> bool:
    """Whether `address` is this computer's (an empty or malformed address is not)."""
    try:
        return ipaddress.ip_address(address.split("%")[0]).is_loopback
    except ValueError:
        return False
