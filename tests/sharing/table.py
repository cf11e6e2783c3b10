"""A table of phones for the phones-only share's tests: a host sharing one game from its
own store, and guests each with a store of its own, joined over in-memory channels."""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from scorers.edits import changes_between
from scorers.ledger import Action
from sharing.phones_only.guest import LinkState, TableGuest
from sharing.phones_only.host import TableHost
from storage import open_store
from storage.keeper import GameKeeper, SavedGame
from tests.sharing.channel_pair import ChannelPair

NAMES = ["Ann", "Ben", "Cas"]


@dataclass
class Seen:
    """What a guest's screen was told."""

    changes: int = 0
    refusals: list[tuple[str, Mapping[str, Any]]] = field(default_factory=list)
    rights: list[bool] = field(default_factory=list)
    states: list[LinkState] = field(default_factory=list)

    def copy_changed(self) -> None:
        self.changes += 1

    def refused(self, key: str, params: Mapping[str, Any]) -> None:
        self.refusals.append((key, params))

    def rights_changed(self, may_enter: bool) -> None:
        self.rights.append(may_enter)

    def link_changed(self, state: LinkState) -> None:
        self.states.append(state)


@dataclass
class Phone:
    """A guest phone: its own keeper and store, its link, and its channel to the host."""

    keeper: GameKeeper
    link: TableGuest
    pair: ChannelPair
    seen: Seen

    def log(self) -> tuple[Action, ...]:
        """The actions of the copy as saved in this phone's store."""
        assert self.link.game_id is not None
        return self.keeper.open(self.link.game_id).ledger.actions


def keeper_in(folder: Path) -> GameKeeper:
    return GameKeeper(open_store(folder).store)


def join(host: TableHost, folder: Path, held: bool = False) -> Phone:
    """A new guest with a store in `folder`, joined to `host`."""
    return linked(host, keeper_in(folder), ChannelPair(held))


def rejoin(host: TableHost, phone: Phone) -> Phone:
    """`phone` joins `host` again, on a new channel, once its link is over: the copy it
    kept is the earlier copy it may go on with."""
    assert phone.link.copy is not None
    return linked(host, phone.keeper, ChannelPair(), earlier=[phone.link.copy])


def linked(
    host: TableHost, keeper: GameKeeper, pair: ChannelPair, earlier: Sequence[SavedGame] = ()
) -> Phone:
    seen = Seen()
    link = TableGuest(keeper, pair.guest_end, seen, earlier)
    pair.guest_end.listener = link
    pair.host_end.listener = host.add_guest(pair.host_end)
    return Phone(keeper, link, pair, seen)


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
