"""Who may see and do what: the host everything; a phone that joined a shared table only
that game, and changes in it what the host lets that phone change (sharing.rights).

The host is a browser on the computer running Trickpad, connected to the listener that is
not the share's (peers.Peer.is_host: from the server's side of the connection, never from
what the page says). Any other client starts with no game at all: it sees only the join
screen until it enters a table's code and says who holds it ("I am Ben", or to watch), and
loses the table for good when the host takes it off the table or stops that share: a new
share of the same game has a new code, which it must enter again.
"""

from dataclasses import dataclass

from scorers.ledger import Action
from sharing.rights import NotAllowed, PhoneAtTable, PhoneState, Rights, forbidden
from sharing.table_share.codes import Share, Shares
from sharing.table_share.connections import Peer
from storage.keeper import GameKeeper, SavedGame


@dataclass
class Access:
    """One session's rights: those of its `peer`, and the share it `joined` by code as
    phone `phone` there (None: none yet)."""

    shares: Shares
    peer: Peer
    joined: Share | None = None
    phone: int | None = None

    @property
    def host(self) -> bool:
        return self.peer.is_host

    def join(self, share: Share, player: int | None) -> bool:
        """Join `share` as the player of seat `player` (None: to watch); False when the
        share was stopped meanwhile."""
        number = self.shares.seat(share, player)
        if number is None:
            return False
        self.joined, self.phone = share, number
        return True

    def may_open(self, game_id: str) -> bool:
        """Whether this session may see the game: the host, or a phone that joined it by the
        code of the share that is still running, and is still at its table."""
        return self.host or self._at_table(game_id) is not None

    def rights(self, game_id: str) -> Rights:
        """What this session may change in the game: everything for the host, a phone's
        own rights at the table, nothing for anyone else."""
        if self.host:
            return Rights.EVERYONE
        phone = self._at_table(game_id)
        return phone.rights if phone is not None else Rights.WATCH

    def may_enter(self, game_id: str) -> bool:
        """Whether this session may change the game at all."""
        return self.rights(game_id) is not Rights.WATCH

    def own_seat(self, game_id: str) -> int | None:
        """The seat of the player this phone enters for alone; None when it enters for
        everyone (the host among them), or watches."""
        phone = None if self.host else self._at_table(game_id)
        return phone.player if phone is not None and phone.rights is Rights.OWN else None

    def was_removed(self) -> bool:
        """Whether the host took this phone off the table it joined (and still shares)."""
        return (
            self.joined is not None
            and self.phone is not None
            and self.shares.was_removed(self.joined, self.phone)
        )

    def link_changed(self, state: PhoneState) -> None:
        """This session's connection came back, was lost, or the session closed: the
        host's list of phones says so."""
        if self.joined is not None and self.phone is not None:
            self.shares.link_changed(self.joined, self.phone, state)

    def _at_table(self, game_id: str) -> PhoneAtTable | None:
        """This phone at the share it joined, as it stands now, while it is this game's and
        has not been stopped (a stopped share's code is never handed out again) and the
        phone was not taken off the table."""
        if self.joined is None or self.phone is None or self.joined.game_id != game_id:
            return None
        return self.shares.phone(self.joined, self.phone)


class CheckedKeeper:
    """The keeper as one session may use it (views.game_screen.open_game's GameSaver): an
    action this session's rights do not allow is refused with NotAllowed before anything
    is saved; the host's pass straight through."""

    def __init__(self, keeper: GameKeeper, access: Access) -> None:
        self.keeper, self.access = keeper, access

    def open(self, game_id: str) -> SavedGame:
        return self.keeper.open(game_id)

    def apply(self, game: SavedGame, action: Action) -> SavedGame:
        access = self.access
        player = access.own_seat(game.id)
        why_not = forbidden(access.rights(game.id), player, game.ledger.state, action)
        if why_not is not None:
            raise NotAllowed(*why_not)
        return self.keeper.apply(game, action)
