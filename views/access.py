"""Who may see and do what: the host everything; a phone that joined a shared table only
that game, and enters scores only if the host allows it.

The host is a browser on the computer running Trickpad (its own loopback address). Any
other client starts with no game at all: it sees only the join screen until it enters a
table's code, and loses the table again when the host stops sharing it.
"""

import ipaddress
from dataclasses import dataclass

from sharing import Shares


def is_loopback(client_ip: str | None) -> bool:
    """Whether the client is this computer (an unknown client is not)."""
    if not client_ip:
        return False
    try:
        return ipaddress.ip_address(client_ip.split("%")[0]).is_loopback
    except ValueError:
        return False


@dataclass
class Access:
    """One session's rights: `host`, or the game it `joined` by code (None: none yet)."""

    shares: Shares
    host: bool
    joined: str | None = None

    def may_open(self, game_id: str) -> bool:
        """Whether this session may see the game: the host, or a phone that joined it while
        it is still shared."""
        return self.host or (self.joined == game_id and self.shares.shared(game_id) is not None)

    def may_enter(self, game_id: str) -> bool:
        """Whether this session may change the game (enter, correct, undo, rename)."""
        if self.host:
            return True
        share = self.shares.shared(game_id) if self.joined == game_id else None
        return share is not None and share.can_enter
