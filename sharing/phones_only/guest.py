"""A guest's side of a phones-only share: the host's game, kept as a copy in this phone's
own store, and this phone's proposals to it.

The copy is always a prefix of the host's log: the host's actions are saved in it as they
arrive, and nothing else is. The guest's own entries are checked by the rules here (so a
refusal is immediate, in the same words), shown at once and sent; each is saved in the copy
only when it comes back from the host. A host message that is malformed or does not replay
breaks the link: the channel is closed and the copy kept. Once the link is over,
`carry_on` makes the copy a game of this phone's own. A phone that joins again (a new
invitation, once its link was lost or ended) goes on with the copy the host's log
continues, rather than keeping a second one.

Call every method from one thread (the page's events).
"""

import logging
from collections.abc import Mapping, Sequence
from enum import Enum
from typing import Any, Protocol

from scorers import InvalidEntry
from scorers.ledger import Action, Ledger
from sharing.phones_only.channel import Channel, ChannelState
from sharing.phones_only.messages import (
    PROTOCOL_VERSION,
    REMEMBERED,
    Accepted,
    Act,
    Actions,
    BadMessage,
    Direction,
    Ended,
    NewRights,
    Refused,
    Removed,
    ShutOut,
    Welcome,
    decode,
    encode,
)
from sharing.rights import NotAllowed, Rights, forbidden
from storage import StorageError
from storage.keeper import GameChanged, GameKeeper, SavedGame

_log = logging.getLogger(__name__)


class LinkState(Enum):
    """Where a guest's link to the host is."""

    OPEN = "open"
    INTERRUPTED = "interrupted"  # the network went; it may come back by itself
    ENDED = "ended"  # the host stopped the share, for good
    LOST = "lost"  # closed otherwise (the host's phone died, or a message broke it)
    SHUT_OUT = "shut_out"  # closed by the host: this phone sent more than anyone can tap
    REMOVED = "removed"  # the scorer took this phone off the table


OVER = frozenset({LinkState.ENDED, LinkState.LOST, LinkState.SHUT_OUT, LinkState.REMOVED})
"""The states of a link gone for good."""


class GuestObserver(Protocol):
    """What the guest's screen is told."""

    def copy_changed(self) -> None:
        """The copy (or what `TableGuest.shown` gives) changed: re-read it."""
        ...

    def refused(self, key: str, params: Mapping[str, Any]) -> None:
        """The host refused a proposal of this phone, saying why by catalog key: say so,
        and show `TableGuest.shown` again (the proposal is no longer in it)."""
        ...

    def rights_changed(self, rights: Rights) -> None: ...

    def link_changed(self, state: LinkState) -> None: ...

    def entries_lost(self, actions: Sequence[Action]) -> None:
        """The link ended (or this phone carried on) with these entries of this phone's
        sent and never answered: they are not in the copy. Say which."""
        ...


class NotSent(Exception):
    """A proposal not sent: the link is not open (`state`)."""

    def __init__(self, state: LinkState) -> None:
        super().__init__(f"link {state.value}")
        self.state = state


class TableGuest:
    """This phone's side of a table shared by another phone. It is the listener of its
    channel to the host (sharing.phones_only.channel.ChannelListener)."""

    def __init__(
        self,
        keeper: GameKeeper,
        channel: Channel,
        observer: GuestObserver,
        earlier: Sequence[SavedGame] = (),
    ) -> None:
        """`earlier`: the copies of tables this phone followed before, whose links are over;
        a host's log that continues one of them is saved on in it."""
        self.keeper = keeper
        self.channel = channel
        self.observer = observer
        self._earlier = tuple(earlier)
        self._state = LinkState.OPEN
        self._welcome: Welcome | None = None
        self._first: list[Action] = []  # the log as it arrives, until the copy is made
        self._copy: SavedGame | None = None
        self._rights = Rights.WATCH
        self._next_ref = 1
        self._pending: list[tuple[int, Action]] = []  # sent, not answered yet
        self._proposed: list[tuple[int, Action]] = []  # the latest sent, answered or not
        self._carried_on = False

    @property
    def game_id(self) -> str | None:
        """The copy's id in this phone's store; None until the whole log arrived."""
        return self._copy.id if self._copy is not None else None

    @property
    def copy(self) -> SavedGame | None:
        """The copy as saved: the host's actions received so far."""
        return self._copy

    @property
    def rights(self) -> Rights:
        """What the host lets this phone change (`propose` needs the link open as well);
        after `carry_on`, the copy is this phone's own, and the link's rights end."""
        return Rights.EVERYONE if self._carried_on else self._rights

    @property
    def player(self) -> int | None:
        """The seat of the player this phone is at the host's table; None: it watches."""
        return self._welcome.player if self._welcome is not None else None

    @property
    def state(self) -> LinkState:
        return self._state

    def shown(self) -> SavedGame | None:
        """The copy with this phone's unanswered proposals on top (those that still fit):
        what its screen shows."""
        if self._copy is None:
            return None
        ledger = self._copy.ledger
        for _, action in self._pending:
            try:
                ledger = ledger.apply(action)
            except InvalidEntry:
                continue
        return SavedGame(self._copy.id, ledger, self._copy.summary)

    def propose(self, game_as_shown: SavedGame, action: Action) -> SavedGame:
        """Send `action`, taken on `game_as_shown` (the copy, or a game this method
        returned), to the host, and return the game with it applied as shown until the host
        answers. Raises InvalidEntry at once when the rules refuse it, NotSent when this
        phone watches or the link is not open, GameChanged (with the copy) when the game
        shown is neither the copy nor built on it by this phone's latest proposals,
        NotAllowed when this phone's rights do not let it (as the host would refuse it),
        and BadMessage for an action too large to send. Nothing is saved here."""
        if self._copy is None or self._state is not LinkState.OPEN or self._carried_on:
            raise NotSent(self._state)
        why_not = forbidden(self._rights, self.player, game_as_shown.ledger.state, action)
        if why_not is not None:
            raise NotAllowed(*why_not)
        ledger = game_as_shown.ledger.apply(action)
        after, on = self._base_of(game_as_shown.ledger)
        ref = self._next_ref
        self.channel.send(encode(Act(ref, after, action, on)))
        self._next_ref += 1
        self._pending.append((ref, action))
        self._proposed = [*self._proposed[-REMEMBERED + 1 :], (ref, action)]
        return SavedGame(game_as_shown.id, ledger, game_as_shown.summary)

    def carry_on(self) -> SavedGame | None:
        """End the link (closing the channel) and keep the copy as a game of this phone's
        own, to play on as any other; returns it (None when no log had arrived)."""
        self._carried_on = True
        self._lose_pending()
        if self._state in (LinkState.OPEN, LinkState.INTERRUPTED):
            self._state = LinkState.LOST
        self.channel.close()
        return self._copy

    def received(self, text: str) -> None:
        """A message from the host (the channel's listener)."""
        if self._over:
            return
        try:
            self._read(text)
        except BadMessage:
            self._end(LinkState.LOST)
        except Exception:  # a fault the host's message met here: this link ends, not the app
            _log.exception("The host's message failed here: the link is closed")
            self._end(LinkState.LOST)

    def _read(self, text: str) -> None:
        match decode(text, Direction.TO_GUEST):
            case Welcome() as welcome:
                self._welcomed(welcome)
            case Actions() as actions:
                self._take(actions)
            case NewRights(rights):
                self._rights = rights
                self.observer.rights_changed(rights)
            case Accepted(ref):
                self._answered(ref)
            case Refused(ref, key, params):
                self._answered(ref)
                self.observer.refused(key, params)
            case Ended():
                self._end(LinkState.ENDED)
            case Removed():
                self._end(LinkState.REMOVED)
            case ShutOut():
                self._end(LinkState.SHUT_OUT)

    def changed(self, state: ChannelState) -> None:
        """The channel's state changed (the channel's listener)."""
        if self._over:
            return
        if state is ChannelState.CLOSED:
            self._end(LinkState.LOST)
            return
        self._state = LinkState.OPEN if state is ChannelState.OPEN else LinkState.INTERRUPTED
        self.observer.link_changed(self._state)

    @property
    def _over(self) -> bool:
        return self._carried_on or self._state in OVER

    def _end(self, state: LinkState) -> None:
        self._state = state
        self._lose_pending()
        self.channel.close()
        self.observer.link_changed(state)

    def _lose_pending(self) -> None:
        lost, self._pending = [action for _, action in self._pending], []
        if lost:
            self.observer.entries_lost(lost)

    def _welcomed(self, welcome: Welcome) -> None:
        if welcome.version != PROTOCOL_VERSION:
            raise BadMessage(f"protocol version {welcome.version}, not {PROTOCOL_VERSION}")
        if self._welcome is not None and welcome.id != self._welcome.id:
            raise BadMessage("welcome to another game")
        # Welcomed again after an interruption: the log comes again from its start, and
        # what was proposed meanwhile may never have arrived.
        if self._welcome is not None and welcome.player != self._welcome.player:
            raise BadMessage("welcome as another player")
        self._welcome = welcome
        self._first = []
        if welcome.rights != self._rights:
            self._rights = welcome.rights
            self.observer.rights_changed(welcome.rights)
        if self._pending:  # shown no more: those the host had saved come back in the log
            self._pending.clear()
            self.observer.copy_changed()

    def _take(self, message: Actions) -> None:
        if self._welcome is None:
            raise BadMessage("actions before the welcome")
        if self._copy is None:
            self._take_first(self._welcome, message)
        elif self._append(self._copy, message.start, message.actions):
            self.observer.copy_changed()

    def _take_first(self, welcome: Welcome, message: Actions) -> None:
        if message.start != len(self._first):
            raise BadMessage(f"actions from {message.start}, expected {len(self._first)}")
        self._first.extend(message.actions)
        if len(self._first) < max(welcome.count, 1):
            return
        try:
            ledger = Ledger.replay(self._first)
            if ledger.state.game != welcome.game:
                raise BadMessage(f"a log of {ledger.state.game}, welcomed to {welcome.game}")
            earlier = self._continued(welcome.id, ledger.actions)
            if earlier is not None:
                self._copy = earlier
                self._append(earlier, 0, ledger.actions)
            elif self.keeper.store.has_game(welcome.id):  # this phone's went its own way
                first = self.keeper.store.summary(welcome.id).version_of or welcome.id
                self._copy = self.keeper.import_ledger(ledger, version_of=first)
            else:  # under the game's own id
                self._copy = self.keeper.import_ledger(ledger, welcome.id)
        except (InvalidEntry, StorageError) as error:
            raise BadMessage(f"the log does not make a game: {error}") from None
        self._first = []
        self.observer.copy_changed()

    def _continued(self, game_id: str, log: Sequence[Action]) -> SavedGame | None:
        """The game on this phone that the host's `log` continues, as saved now: an earlier
        copy (this phone joined again), or this phone's own game of the id `game_id` (it
        was the scorer once, or carried the game on, and joins the phone that has it now),
        or a version of it kept here (storage.versions)."""
        versions = [version.id for version in self.keeper.store.versions_of(game_id)]
        for earlier in (*(copy.id for copy in self._earlier), game_id, *versions):
            try:
                copy = self.keeper.open(earlier)
            except StorageError:  # none of that id, or damaged
                continue
            if copy.summary.deleted_at is not None:
                continue  # in the bin: the game comes as a copy of its own
            if tuple(log[: copy.ledger.action_count]) == copy.ledger.actions:
                return copy
        return None

    def _append(self, copy: SavedGame, start: int, actions: Sequence[Action]) -> bool:
        """Save the actions beyond the copy's (those it holds already must be the same);
        whether there were any."""
        have = copy.ledger.action_count
        if start > have:
            raise BadMessage(f"actions from {start}, the copy has {have}")
        if tuple(actions[: have - start]) != copy.ledger.actions[start : start + len(actions)]:
            raise BadMessage("actions other than the copy's")
        new = actions[have - start :]
        for action in new:
            try:
                copy = self.keeper.apply(copy, action)
            except (InvalidEntry, StorageError) as error:
                raise BadMessage(f"an action that does not replay: {error}") from None
            have += 1
            if copy.ledger.action_count != have:  # merged with a save of this phone's
                raise BadMessage("the copy was changed on this phone")
            self._copy = copy
        return bool(new)

    def _answered(self, ref: int) -> None:
        self._pending = [(sent, action) for sent, action in self._pending if sent != ref]

    def _base_of(self, shown: Ledger) -> tuple[int, tuple[int, ...]]:
        """The host's actions the shown game starts with (`after`) and this phone's own
        proposals it shows on top of them (`on`). Raises GameChanged when it shows others."""
        assert self._copy is not None
        copy, theirs = self._copy.ledger.actions, shown.actions
        common = min(len(copy), len(theirs))
        if copy[:common] != theirs[:common]:
            common = next(n for n, (a, b) in enumerate(zip(copy, theirs, strict=False)) if a != b)
        extras = theirs[common:]
        if not extras:
            return common, ()
        actions = [action for _, action in self._proposed]
        for first in range(len(actions) - len(extras), -1, -1):
            if tuple(actions[first : first + len(extras)]) == extras:
                refs = tuple(ref for ref, _ in self._proposed[first : first + len(extras)])
                return common, refs
        raise GameChanged(self._copy)
