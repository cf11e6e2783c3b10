"""A table of phones for the phones-only share's tests: a host sharing one game from its
own store, and guests each with a store of its own, joined over in-memory channels."""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from scorers.edits import changes_between
from scorers.ledger import Action
from sharing.phones_only.channel import ChannelState
from sharing.phones_only.guest import LinkState, TableGuest
from sharing.phones_only.host import TableHost
from sharing.rights import Rights
from storage import open_store
from storage.keeper import GameKeeper, SavedGame
from tests.sharing.channel_pair import ChannelPair

NAMES = ["Ann", "Ben", "Cas"]


@dataclass
class Seen:
    """What a guest's screen was told."""

    changes: int = 0
    refusals: list[tuple[str, Mapping[str, Any]]] = field(default_factory=list)
    rights: list[Rights] = field(default_factory=list)
    states: list[LinkState] = field(default_factory=list)
    lost: list[tuple[Action, ...]] = field(default_factory=list)

    def copy_changed(self) -> None:
        self.changes += 1

    def refused(self, key: str, params: Mapping[str, Any]) -> None:
        self.refusals.append((key, params))

    def rights_changed(self, rights: Rights) -> None:
        self.rights.append(rights)

    def link_changed(self, state: LinkState) -> None:
        self.states.append(state)

    def entries_lost(self, actions: Sequence[Action]) -> None:
        self.lost.append(tuple(actions))


@dataclass
class Phone:
    """A guest phone: its own keeper and store, its link, its channel to the host, and the
    number the host knows it by (0: the host took it not, its share stopped)."""

    keeper: GameKeeper
    link: TableGuest
    pair: ChannelPair
    seen: Seen
    number: int

    def log(self) -> tuple[Action, ...]:
        """The actions of the copy as saved in this phone's store."""
        assert self.link.game_id is not None
        return self.keeper.open(self.link.game_id).ledger.actions


def keeper_in(folder: Path) -> GameKeeper:
    return GameKeeper(open_store(folder).store)


def join(
    host: TableHost,
    folder: Path,
    held: bool = False,
    *,
    player: int | None = None,
    rights: Rights | None = Rights.EVERYONE,
) -> Phone:
    """A new guest with a store in `folder`, joined to `host` as the phone of the player of
    seat `player` (None: one that watches); then the scorer lets it change what `rights`
    allow (None: the rights such a phone starts with). By default a phone that enters for
    everyone, as the scorer's does."""
    return linked(host, keeper_in(folder), ChannelPair(held), player=player, rights=rights)


def rejoin(host: TableHost, phone: Phone) -> Phone:
    """`phone` joins `host` again, on a new channel, once its link is over, as the same
    player, for everyone: the copy it kept is the earlier copy it may go on with."""
    assert phone.link.copy is not None
    return linked(
        host, phone.keeper, ChannelPair(), earlier=[phone.link.copy], player=phone.link.player
    )


def linked(
    host: TableHost,
    keeper: GameKeeper,
    pair: ChannelPair,
    earlier: Sequence[SavedGame] = (),
    *,
    player: int | None = None,
    rights: Rights | None = Rights.EVERYONE,
) -> Phone:
    seen = Seen()
    link = TableGuest(keeper, pair.guest_end, seen, earlier)
    pair.guest_end.listener = link
    pair.host_end.listener = host.add_guest(pair.host_end, player)
    if pair.state is not ChannelState.OPEN:
        return Phone(keeper, link, pair, seen, 0)
    newest = host.phones[-1]  # the phones joined latest has the highest number
    if rights is not None and newest.rights is not rights:
        host.allow(newest.number, rights)
    return Phone(keeper, link, pair, seen, newest.number)


def bid(game: SavedGame, seat: int, value: int | None) -> Action:
    """Seat `seat`'s bid tapped on a screen showing `game`, as the screen sends it."""
    return tap(game, "bids", seat, value)


def tap(game: SavedGame, name: str, seat: int, value: int | None) -> Action:
    state = game.ledger.state
    before = state.draft or state.blank_entry()
    after = {**before, name: [value if at == seat else old for at, old in enumerate(before[name])]}
    changes = [change.to_json() for change in changes_between(before, after)]
    return Action("edit", {"round": state.current_round, "changes": changes})


def score(game: SavedGame, bids: list[int], tricks: list[int]) -> Action:
    entry = {"bids": bids, "tricks": tricks, "cloud": None}
    return Action("score", {"round": game.ledger.state.current_round, "entry": entry})
