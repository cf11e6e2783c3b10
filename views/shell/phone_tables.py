"""The phones-only share on this phone: the tables it shares as host, the tables it
follows as a guest, and how the game screen saves and reads each of them.

A phone alone (its one session) hosts a table (sharing.phones_only.host.TableHost) for a
game it shares, and follows a table shared by another phone through a guest's link
(sharing.phones_only.guest.TableGuest) whose copy is a game in its own store. Who is at
a table it hosts is kept in its store as the table changes: after a reload of the page,
the scorer is offered to invite each phone again, and one that comes back as the same
player gets the rights it had. What changes
on a link is told to this phone's screens as a save is (views.shell.live): they read the
game again. On a server there are no phone tables (the server's share is
sharing.table_share.codes).
"""

import asyncio
import contextlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import flet as ft

from scorers.ledger import Action
from sharing.fair_share import MeteredListener
from sharing.phones_only.guest import OVER, LinkState, NotSent, TableGuest
from sharing.phones_only.host import TableHost
from sharing.phones_only.invitation import (
    ANOTHER_PHONE,
    EXPIRED,
    NO_CONNECTION,
    BadInvitation,
    NoConnection,
    shortened,
)
from sharing.phones_only.links import Invitation, Joining, PhoneLinks, Relay, ScanWords
from sharing.rights import MAY_NOT_ENTER, NotAllowed, Rights
from storage import StorageError
from storage.keeper import GameKeeper, SavedGame
from views.shell.i18n import t
from views.shell.live import Reconnects, game_topic
from views.shell.messages import Refusal, refusal_from_host
from views.shell.notices import Notice

SPENT = (EXPIRED, NO_CONNECTION, ANOTHER_PHONE)
"""Why a reply was not taken that uses the invitation up: it expired, the phones did not
connect, or another phone answered it too."""
NOT_CONNECTED = "table.not_connected"
"""Why a guest whose link is down, or over, may not enter."""
LOST_BEFORE_COPY = "table.lost_before_copy"
"""A guest's link was over before the game's copy had arrived: nothing of it is kept."""

Told = Callable[[str], None]
"""Tell this phone's screens that a game changed (its id)."""


@dataclass(frozen=True)
class WasAtTable:
    """A phone that was at a table this phone shares, as its store kept it: the player it
    was (None: it watched) and its rights."""

    player: int | None
    rights: Rights

    def kept(self) -> dict[str, object]:
        return {"player": self.player, "rights": self.rights.value}

    @classmethod
    def read(cls, kept: Mapping[str, Any]) -> "WasAtTable | None":
        """The phone `kept` says, None when it says none a table can hold."""
        player, rights = kept.get("player"), kept.get("rights")
        if not (player is None or (type(player) is int and player >= 0)):
            return None
        if rights not in {rights.value for rights in Rights}:
            return None
        return cls(player, Rights(rights))


def told_on(page: ft.Page, screens: Reconnects) -> Told:
    """Tell this session's screen of a game that the game changed: from the link's events,
    which come from the page's JavaScript, into the session (`page.run_task`), where the
    screen re-reads it (views.shell.live.Reconnects.tell)."""

    def tell(game_id: str) -> None:
        async def in_this_session() -> None:
            screens.tell(game_topic(game_id))

        page.run_task(in_this_session)

    return tell


class GuestTable:
    """A table this phone follows: its link to the host, what the screen is to say of it
    (the host's last refusal of this phone's entry), and saves that go to the host."""

    def __init__(self, keeper: GameKeeper, tell: Told) -> None:
        self.keeper, self.tell = keeper, tell
        self.link: TableGuest | None = None
        self.refusal: Refusal | None = None
        self.lost: tuple[Action, ...] = ()
        """This phone's entries the scorer never answered before the link ended."""
        self.settled = asyncio.Event()
        """Set once the game's copy is made, or the link is over before it was."""

    @property
    def game_id(self) -> str:
        return self.link.game_id if self.link is not None and self.link.game_id else ""

    @property
    def state(self) -> LinkState:
        return self.link.state if self.link is not None else LinkState.OPEN

    @property
    def is_over(self) -> bool:
        """The link is gone for good: ended by the host, or lost."""
        return self.state in OVER

    def barred(self) -> str | None:
        """Why this phone may not enter now (a catalog key), None when it may: the truth,
        its link down or over before the scorer's choice that it only watches."""
        link = self.link
        if link is None or link.state is not LinkState.OPEN:
            return NOT_CONNECTED
        return MAY_NOT_ENTER if link.rights is Rights.WATCH else None

    def own_seat(self) -> int | None:
        """The seat of the player this phone enters for alone (the scorer made it that
        player's own phone); None when it enters for everyone, or watches."""
        link = self.link
        if link is None or link.rights is not Rights.OWN:
            return None
        return link.player

    def open(self, game_id: str) -> SavedGame:
        shown = self.link.shown() if self.link is not None else None
        return shown if shown is not None else self.keeper.open(game_id)

    def apply(self, game: SavedGame, action: Action) -> SavedGame:
        """The entry shown at once and sent to the host (sharing.phones_only.guest);
        NotAllowed when this phone may not make it, or its link is down."""
        assert self.link is not None
        try:
            return self.link.propose(game, action)
        except NotSent:
            raise NotAllowed(NOT_CONNECTED) from None

    def take_refusal(self) -> Refusal | None:
        """The host's refusal of this phone's last entry, once."""
        refusal, self.refusal = self.refusal, None
        return refusal

    # What the link tells (sharing.phones_only.guest.GuestObserver).
    def copy_changed(self) -> None:
        if self.game_id:
            self.settled.set()
            self.tell(self.game_id)

    def refused(self, key: str, params: Mapping[str, Any]) -> None:
        self.refusal = refusal_from_host(key, params)
        self.copy_changed()

    def rights_changed(self, rights: Rights) -> None:
        self.copy_changed()

    def link_changed(self, state: LinkState) -> None:
        if state in OVER:
            self.settled.set()
        self.copy_changed()

    def entries_lost(self, actions: Sequence[Action]) -> None:
        self.lost = tuple(actions)


Joined = tuple[Joining, GuestTable, Relay]
"""A reply made to an invitation (Joining), the table it will be, and what hears its link
until then."""


class PhoneTables:
    """This phone's shared tables, as host and as guest (one session: the phone's own),
    and the game screen's way to save and read any game (views.game_screen.open_game's
    GameSaver): through the link for a table it follows."""

    def __init__(self, links: PhoneLinks, keeper: GameKeeper) -> None:
        self.links, self.keeper = links, keeper
        self.hosted: dict[str, TableHost] = {}
        self.followed: dict[str, GuestTable] = {}
        self.inviting: dict[str, Invitation] = {}
        """The invitation a shared game shows, until it is taken, withdrawn or stopped."""
        self.news: list[Notice] = []
        """What Home is to tell next (a join whose link was lost before its game came)."""
        self.returning: dict[str, list[WasAtTable]] = {}
        """The phones that were at a shared table before this page was loaded, not back yet."""

    def share(self, game_id: str, tell: Told) -> TableHost:
        """Share the game: each phone that joins is a player's own, or watches, until the
        scorer chooses otherwise for it; one of those that were at the table before this
        page was loaded comes back with the rights it had."""

        def told(changed: str) -> None:
            self._remember(changed)
            tell(changed)

        host = TableHost(self.keeper, game_id, tell=told)
        self.hosted[game_id] = host
        self.returning[game_id] = list(self.were_at_table(game_id))
        return host

    def were_at_table(self, game_id: str) -> tuple[WasAtTable, ...]:
        """The phones that were at the game's table and are not back: those the store kept
        (the page reloaded since), or, while it is shared, those not joined again."""
        if game_id in self.returning:
            return tuple(self.returning[game_id])
        try:
            kept = self.keeper.store.remembered_table(game_id)
        except StorageError:
            return ()
        return tuple(phone for phone in map(WasAtTable.read, kept) if phone is not None)

    def _remember(self, game_id: str) -> None:
        """Keep who is at the game's table now, and who was and is not back yet."""
        host = self.hosted.get(game_id)
        if host is None:
            return
        at_table = [WasAtTable(phone.player, phone.rights) for phone in host.phones]
        phones = [*at_table, *self.returning.get(game_id, [])]
        # A convenience for a reload: the game itself is saved apart from it.
        with contextlib.suppress(StorageError):
            self.keeper.store.remember_table(game_id, [phone.kept() for phone in phones])

    def _coming_back(self, game_id: str, player: int | None) -> Rights | None:
        """The rights of the phone that was at the table as `player` (None: one that
        watched), taken off the phones not back; None when none such was."""
        returning = self.returning.get(game_id, [])
        for phone in returning:
            if phone.player == player:
                returning.remove(phone)
                return phone.rights
        return None

    def take_news(self) -> tuple[Notice, ...]:
        """What Home is to tell, once."""
        news, self.news = tuple(self.news), []
        return news

    def stop(self, game_id: str) -> None:
        """Stop sharing the game, for good: every guest is told and let go, and the
        invitation showing is withdrawn (a reply to it is refused)."""
        self.withdraw(game_id)
        host = self.hosted.pop(game_id, None)
        self.returning.pop(game_id, None)
        if host is not None:
            host.stop()
            with contextlib.suppress(StorageError):  # nobody to invite again: it ended
                self.keeper.store.remember_table(game_id, [])

    async def invite(self, game_id: str) -> Invitation:
        """A new invitation to the shared game, naming its players, in place of the one it
        showed (StorageError when the game cannot be read)."""
        invitation = await self.links.invite(self.keeper.open(game_id).ledger.state.players)
        self.withdraw(game_id)
        self.inviting[game_id] = invitation
        return invitation

    def withdraw(self, game_id: str) -> None:
        """The game's invitation is withdrawn, if one shows."""
        invitation = self.inviting.pop(game_id, None)
        if invitation is not None:
            invitation.cancel()

    async def scan(self) -> str | None:
        """A QR code's text read with the camera, None if cancelled (PhoneLinks.scan)."""
        return await self.links.scan(ScanWords(t("camera.instruction"), t("camera.cancel")))

    async def take(self, game_id: str, invitation: Invitation, reply_text: str) -> None:
        """Take the guest that replied to `invitation` into the shared game, as the player
        its reply named. BadInvitation or NoConnection as `read` and `accept` raise them;
        one that uses the invitation up (SPENT) withdraws it: the next phone needs a new
        one."""
        player = invitation.read(reply_text).player
        relay = Relay()
        try:
            channel = await invitation.accept(reply_text, relay)
        except (BadInvitation, NoConnection) as refused:
            if refused.key in SPENT:
                self.withdraw(game_id)
            raise
        if self.inviting.get(game_id) is invitation:  # taken: the next phone needs a new one
            del self.inviting[game_id]
        host = self.hosted.get(game_id)
        if host is None:  # stopped meanwhile
            channel.close()
            return
        guest = host.add_guest(channel, player, self._coming_back(game_id, player))
        relay.hand_to(MeteredListener(guest, channel, shut_out=lambda: host.shut_out(channel)))
        self._remember(game_id)

    def invited(self, invitation_text: str) -> tuple[str, ...]:
        """The players an invitation names (BadInvitation when it is none)."""
        return self.links.invited(invitation_text)

    async def join(self, invitation_text: str, player: int | None, tell: Told) -> Joined:
        """The reply to an invitation, as the player of seat `player` (None: to watch),
        and the table it will be once the host takes it."""
        relay = Relay()
        joining = await self.links.join(invitation_text, player, relay)
        return joining, GuestTable(self.keeper, tell), relay

    async def follow(self, joining: Joining, table: GuestTable, relay: Relay) -> str:
        """Once the host took the reply: the link made, the game's copy kept; its id. A
        table this phone followed until its link was over is followed on in the same copy
        (the phone joined it again). NoConnection when the link did not open, or was over
        before the copy was made (LOST_BEFORE_COPY)."""
        channel = await joining.opened()
        table.link = TableGuest(self.keeper, channel, table, self.copies_left())
        relay.hand_to(table.link)
        await table.settled.wait()
        if not table.game_id:
            raise NoConnection(LOST_BEFORE_COPY)
        self.followed[table.game_id] = table
        return table.game_id

    def abandon(self, joining: Joining, table: GuestTable) -> None:
        """Give up a join whose screen was left before the game's copy arrived, for good:
        the reply is let go, and so is a link made meanwhile (`follow` then raises
        NoConnection). A table whose copy is here is followed: nothing is given up."""
        if table.game_id:
            return
        joining.cancel()
        if table.link is not None:
            table.link.channel.close()

    def linked(self, game_id: str) -> bool:
        """Whether a link of this phone's is open for the game: shared with a phone at the
        table, or followed from the scorer's phone."""
        host, followed = self.hosted.get(game_id), self.followed.get(game_id)
        return (host is not None and host.guest_count > 0) or (
            followed is not None and followed.state is LinkState.OPEN
        )

    def seat_before(self, players: tuple[str, ...]) -> WasAtTable | None:
        """Who this phone was at a table of these `players` (as an invitation names them)
        that it followed until its link was over: joining again, it is that player again."""
        for table in self.followed.values():
            link = table.link
            if link is None or link.copy is None or not table.is_over:
                continue
            if tuple(map(shortened, link.copy.ledger.state.players)) == players:
                return WasAtTable(link.player, link.rights)
        return None

    def copies_left(self) -> list[SavedGame]:
        """The copies of the tables followed whose links are over, not carried on."""
        return [
            table.link.copy
            for table in self.followed.values()
            if table.link is not None and table.link.copy is not None and table.is_over
        ]

    def open(self, game_id: str) -> SavedGame:
        """The game as this phone shows it: a followed table's copy with this phone's
        entries the host has not answered yet; any other game as saved."""
        followed = self.followed.get(game_id)
        return followed.open(game_id) if followed is not None else self.keeper.open(game_id)

    def apply(self, game: SavedGame, action: Action) -> SavedGame:
        """An entry: sent to the host of a followed table; else saved, and sent to the
        guests of a table this phone shares."""
        followed = self.followed.get(game.id)
        if followed is not None:
            return followed.apply(game, action)
        saved = self.keeper.apply(game, action)
        host = self.hosted.get(game.id)
        if host is not None:
            host.game_saved()
        return saved

    def carry_on(self, game_id: str) -> None:
        """The table followed ends here: its copy is this phone's own game from now on."""
        table = self.followed.pop(game_id, None)
        if table is not None and table.link is not None:
            table.link.carry_on()
