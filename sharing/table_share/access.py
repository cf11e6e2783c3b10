"""Who may see and do what: the host everything; a phone that joined a shared table only
that game, and enters scores only if the host allows it.

The host is a browser on the computer running Trickpad, connected to the listener that is
not the share's (peers.Peer.is_host: from the server's side of the connection, never from
what the page says). Any other client starts with no game at all: it sees only the join
screen until it enters a table's code, and loses the table for good when the host stops
that share: a new share of the same game has a new code, which it must enter again.
"""

from dataclasses import dataclass

from sharing.table_share.codes import Share, Shares
from sharing.table_share.connections import Peer


@dataclass
class Access:
    """One session's rights: those of its `peer`, and the share it `joined` by code (None:
    none yet)."""

    shares: Shares
    peer: Peer
    joined: Share | None = None

    @property
    def host(self) -> bool:
        return self.peer.is_host

    def may_open(self, game_id: str) -> bool:
        """Whether this session may see the game: the host, or a phone that joined it by the
        code of the share that is still running."""
        return self.host or self._joined_share(game_id) is not None

    def may_enter(self, game_id: str) -> bool:
        """Whether this session may change the game (enter, correct, undo, rename)."""
        if self.host:
            return True
        share = self._joined_share(game_id)
        return share is not None and share.can_enter

    def _joined_share(self, game_id: str) -> Share | None:
        """The share this phone joined, as it stands now, while it is this game's and has
        not been stopped (a stopped share's code is never handed out again)."""
        if self.joined is None or self.joined.game_id != game_id:
            return None
        return self.shares.by_code(self.joined.code)
