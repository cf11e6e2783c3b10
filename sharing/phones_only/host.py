"""The host's side of a phones-only share: one game on this phone, the phones that joined
it, each over a channel of its own (sharing.phones_only.channel).

The host's game is the source of truth. Each guest gets the whole log as it joins, then
every action saved, from whichever phone; a guest's proposal is checked against that
phone's rights (sharing.rights: each phone is a player's own, enters for everyone, or
watches, as the scorer chooses per phone), then saved exactly as the server share saves a
phone's (GameKeeper.apply on the game as that guest saw it), or refused to that guest
alone. A guest can append valid actions to this one game and do nothing else: whatever
else it sends closes its channel, and harms no one else.

Call every method, and the listeners it hands out, from one thread (the page's events).
"""

import logging
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field

from scorers import InvalidEntry
from scorers.ledger import Action, Ledger
from scorers.merge import refusal
from sharing.phones_only.channel import Channel, ChannelListener, ChannelState
from sharing.phones_only.messages import (
    REMEMBERED,
    Accepted,
    Act,
    BadMessage,
    Direction,
    Ended,
    NewRights,
    Refused,
    Removed,
    ShutOut,
    ToGuest,
    Welcome,
    chunked,
    decode,
    encode,
)
from sharing.rights import PhoneAtTable, PhoneState, Rights, Why, forbidden, rights_for
from storage import StorageError
from storage.keeper import GameChanged, GameKeeper, SavedGame

_CHANGED = "storage.changed_elsewhere"

_log = logging.getLogger(__name__)


@dataclass(eq=False)
class _Guest:
    """One guest as the host keeps it: its channel, who it is and what it may change, how
    much of the log it was sent, and its latest proposals (ref -> the action saved, or None
    when refused)."""

    host: "TableHost"
    number: int
    channel: Channel
    player: int | None
    rights: Rights
    sent: int = 0
    last_ref: int = 0
    proposals: OrderedDict[int, Action | None] = field(default_factory=OrderedDict)
    interrupted: bool = False

    def received(self, text: str) -> None:
        self.host._received(self, text)

    def changed(self, state: ChannelState) -> None:
        self.host._changed(self, state)


class TableHost:
    """One shared game on the host's phone and the guests that joined it."""

    def __init__(
        self, keeper: GameKeeper, game_id: str, tell: Callable[[str], None] = lambda game_id: None
    ) -> None:
        """Share the game `game_id` of `keeper`; `tell` is told the game's id after each
        action a guest had saved and as a guest leaves, so that the host's own screens
        re-read it."""
        self.keeper = keeper
        self.game_id = game_id
        self._tell = tell
        self._guests: list[_Guest] = []
        self._gone: list[_Guest] = []  # the phones gone since one last joined
        self._joined = 0
        self._stopped = False
        self._ledgers: OrderedDict[int, Ledger] = OrderedDict()  # by action count

    @property
    def guest_count(self) -> int:
        """How many guests are joined (their channels not closed)."""
        return len(self._guests)

    @property
    def phones(self) -> tuple[PhoneAtTable, ...]:
        """The phones at the table, in the order they joined: those linked, those whose
        link is down, and those gone since a phone last joined (a phone that joins again
        is a new one, and the scorer who invited it need not hear of the gone ones)."""
        here = [
            (guest, PhoneState.INTERRUPTED if guest.interrupted else PhoneState.LINKED)
            for guest in self._guests
        ]
        gone = [(guest, PhoneState.GONE) for guest in self._gone]
        return tuple(
            PhoneAtTable(guest.number, state, guest.player, guest.rights)
            for guest, state in sorted([*here, *gone], key=lambda phone: phone[0].number)
        )

    def allow(self, number: int, rights: Rights) -> None:
        """Let phone `number` change what `rights` allow from now on; it is told at once.
        A phone that named no player cannot be a player's own (it is left as it is)."""
        for guest in self._guests:
            if guest.number == number and (rights is not Rights.OWN or guest.player is not None):
                guest.rights = rights
                self._send(guest, NewRights(rights))
                self._tell(self.game_id)

    def remove(self, number: int) -> None:
        """Take phone `number` off the table: it is told so (its copy stays on it), its link
        is closed, and it is not counted among the phones gone."""
        for guest in self._guests:
            if guest.number == number:
                self._guests.remove(guest)  # first: the phone may close its end as it hears
                self._send(guest, Removed())
                guest.channel.close()
                self._tell(self.game_id)
                return

    def add_guest(
        self, channel: Channel, player: int | None, rights: Rights | None = None
    ) -> ChannelListener:
        """Take a new guest on its open `channel`, the phone of the player of seat `player`
        (None: one that watches), with `rights` (by default those such a phone starts with:
        sharing.rights.rights_for): it is sent the welcome and the whole log. Returns what
        the channel must tell of what arrives and of its state (the phone hears it at the
        guest's fair share: sharing.fair_share.MeteredListener). A stopped share closes the
        channel at once."""
        self._joined += 1
        if rights is None or (rights is Rights.OWN and player is None):
            rights = rights_for(player)
        guest = _Guest(self, self._joined, channel, player, rights)
        if self._stopped:
            channel.close()
            return guest
        self._guests.append(guest)
        self._gone.clear()
        self._welcome(guest)
        return guest

    def shut_out(self, channel: Channel) -> None:
        """The guest on `channel` sent more than anyone can tap: it is told so, and let go."""
        for guest in self._guests:
            if guest.channel is channel:
                self._send(guest, ShutOut())
                self._drop(guest)
                return

    def game_saved(self) -> None:
        """Send every guest the actions of the game it has not had yet: call it after any
        save of the game on this phone (a guest's accepted proposal calls it itself)."""
        if self._stopped or not self._guests:
            return
        try:
            log = self._opened().ledger.actions
        except StorageError:
            return  # the host's screen says so; the guests get the actions with the next
        for guest in list(self._guests):
            if guest.sent < len(log):
                for message in chunked(guest.sent, log[guest.sent :]):
                    self._send(guest, message)
                guest.sent = len(log)

    def stop(self) -> None:
        """End the share for good: every guest is told and its channel closed; from now on
        nothing any guest sends is read and no new guest is taken."""
        self._stopped = True
        guests, self._guests = self._guests, []
        for guest in guests:
            self._send(guest, Ended())
            guest.channel.close()

    def _welcome(self, guest: _Guest) -> None:
        try:
            ledger = self._opened().ledger
        except StorageError:
            self._drop(guest)
            return
        state = ledger.state
        welcome = Welcome(
            self.game_id, state.game, state.players, guest.player, guest.rights, ledger.action_count
        )
        self._send(guest, welcome)
        for message in chunked(0, ledger.actions):
            self._send(guest, message)
        guest.sent = ledger.action_count

    def _send(self, guest: _Guest, message: ToGuest) -> None:
        guest.channel.send(encode(message))

    def _drop(self, guest: _Guest) -> None:
        """Close the guest's channel for good and forget it."""
        self._forget(guest)
        guest.channel.close()

    def _forget(self, guest: _Guest) -> None:
        if guest in self._guests:
            self._guests.remove(guest)
            if not self._stopped:
                self._gone.append(guest)
            self._tell(self.game_id)

    def _changed(self, guest: _Guest, state: ChannelState) -> None:
        if state is ChannelState.CLOSED:
            self._forget(guest)
        elif state is ChannelState.INTERRUPTED:
            guest.interrupted = True
            self._tell(self.game_id)
        elif guest.interrupted and guest in self._guests:
            # Back after an interruption: what was sent meanwhile went nowhere.
            guest.interrupted = False
            self._welcome(guest)
            self._tell(self.game_id)

    def _received(self, guest: _Guest, text: str) -> None:
        """A guest's message answered; one it should never have sent closes its link, and
        so does one that meets a fault here: the table goes on for everyone else."""
        if self._stopped or guest not in self._guests:
            return
        try:
            self._answer(guest, text)
        except BadMessage:
            self._drop(guest)
        except Exception:
            _log.exception("A guest's message failed here: its link is closed")
            self._drop(guest)

    def _answer(self, guest: _Guest, text: str) -> None:
        act = decode(text, Direction.TO_HOST)
        if not isinstance(act, Act):
            raise BadMessage("a guest sends acts only")
        self._check(guest, act)
        guest.last_ref = act.ref
        why_not = self._saved(guest, act)
        if why_not is not None:
            self._remember(guest, act.ref, None)
            self._send(guest, Refused(act.ref, *why_not))
            return
        self._remember(guest, act.ref, act.action)
        # Said before the action comes, so that the guest never shows it twice.
        self._send(guest, Accepted(act.ref))
        self._tell(self.game_id)
        self.game_saved()

    def _check(self, guest: _Guest, act: Act) -> None:
        """Refuse what no guest following the protocol sends: a ref not fresh, a count of
        actions it was never sent, proposals it did not make before this one."""
        if act.ref <= guest.last_ref:
            raise BadMessage("a ref not fresh")
        if not 1 <= act.after <= guest.sent:
            raise BadMessage("after: actions this guest was not sent")
        if list(act.on) != sorted(set(act.on)) or any(ref > guest.last_ref for ref in act.on):
            raise BadMessage("on: refs not this guest's earlier ones, in order")

    def _saved(self, guest: _Guest, act: Act) -> Why | None:
        """Save the guest's action as the server share saves a phone's, if its rights let it
        make it on the game as it saw it; None once saved, else why not."""
        try:
            saved = self._opened()
            seen = self._seen(guest, act, saved.ledger)
            if seen is None:  # built on a proposal of its own that was not saved
                return _CHANGED, {}
            not_allowed = forbidden(guest.rights, guest.player, seen.state, act.action)
            if not_allowed is not None:
                return not_allowed
            if not act.on:
                self.keeper.apply(SavedGame(saved.id, seen, saved.summary), act.action)
                return None
            # The guest saw its own unanswered proposals on top of the host's actions: the
            # game as it saw it is in no store, so it is only compared, never saved to.
            reason = refusal(seen, saved.ledger, act.action)
            if reason is not None:
                return reason.key, reason.params
            self.keeper.apply(saved, act.action)
            return None
        except GameChanged as changed:
            why: InvalidEntry | StorageError = changed.reason or changed
            return why.key, why.params
        except (InvalidEntry, StorageError) as error:
            return error.key, error.params

    def _seen(self, guest: _Guest, act: Act, log: Ledger) -> Ledger | None:
        """The game as the guest's screen showed it when it proposed `act`; None when that
        was built on a proposal refused, or too long ago to be remembered."""
        seen = self._ledgers.get(act.after)
        if seen is None:
            seen = Ledger.replay(log.actions[: act.after])
        for ref in act.on:
            action = guest.proposals.get(ref)
            if action is None:
                return None
            try:
                seen = seen.apply(action)
            except InvalidEntry:
                return None
        return seen

    def _opened(self) -> SavedGame:
        """The game as saved, its ledger remembered by its action count: a guest's proposal
        is mostly built on one of the latest ones, and then needs no replay of the game."""
        game = self.keeper.open(self.game_id)
        self._ledgers[game.ledger.action_count] = game.ledger
        while len(self._ledgers) > REMEMBERED:
            self._ledgers.popitem(last=False)
        return game

    def _remember(self, guest: _Guest, ref: int, action: Action | None) -> None:
        guest.proposals[ref] = action
        while len(guest.proposals) > REMEMBERED:
            guest.proposals.popitem(last=False)
