"""A host and two guests entering at once, their messages delivered in any order, their
networks coming and going, each phone's rights changed by the scorer, a phone taken off the
table and another joining for that player: every guest's copy is always a prefix of the
host's log, in memory as in its store; the host saves nothing from a phone that watches,
and from a player's own phone nothing but that player's values; once everything is
delivered every copy at the table is the host's log, every phone knows its rights, and no
guest waits for an answer."""

import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule

from scorers import InvalidEntry
from scorers.ledger import Action
from sharing.phones_only.channel import ChannelState
from sharing.phones_only.guest import LinkState, NotSent
from sharing.phones_only.host import TableHost
from sharing.rights import NotAllowed, Rights
from storage import StorageError
from storage.keeper import SavedGame
from tests.sharing.channel_pair import GUEST, HOST
from tests.sharing.table import NAMES, Phone, join, keeper_in, score, tap

GUESTS = 2
PHONES = st.integers(0, GUESTS)  # the last is the host
PLAYERS = (1, 2)
"""The seat of the player each guest's phone is: Ben's and Cas's (Ann scores)."""
ONE_CARD_ROUNDS = {"round_sizes": [1, 1, 1, 1]}


class Table(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.folder = Path(tempfile.mkdtemp())
        self.keeper = keeper_in(self.folder / "host")
        game = self.keeper.start("wizard", NAMES, 0, ONE_CARD_ROUNDS)
        self.host = TableHost(self.keeper, game.id)
        self.phones = [
            join(self.host, self.folder / f"guest{n}", held=True, player=PLAYERS[n], rights=None)
            for n in range(GUESTS)
        ]
        for phone in self.phones:  # each has its copy; what follows waits to be delivered
            phone.pair.deliver_all()
        self.removed: list[Phone] = []
        """The phones taken off the table, in turn."""

    def enter(self, phone: int, shown: bool, action_of: Callable[[SavedGame], Action]) -> None:
        """Phone `phone` enters an action made on the game it shows (or, for a guest, on
        its copy as saved: a screen that re-read it)."""
        try:
            if phone == GUESTS:
                game = self.keeper.open(self.host.game_id)
                self.keeper.apply(game, action_of(game))
                self.host.game_saved()
                return
            link = self.phones[phone].link
            base: SavedGame | None = link.shown() if shown else link.copy
            if base is not None:
                link.propose(base, action_of(base))
        except (InvalidEntry, StorageError, NotSent, NotAllowed):
            pass

    @rule(
        phone=PHONES,
        shown=st.booleans(),
        name=st.sampled_from(["bids", "tricks"]),
        seat=st.integers(0, 2),
        value=st.sampled_from([None, 0, 1]),
    )
    def tap(self, phone: int, shown: bool, name: str, seat: int, value: int | None) -> None:
        self.enter(phone, shown, lambda game: tap(game, name, seat, value))

    @rule(
        phone=st.integers(0, GUESTS - 1),
        shown=st.booleans(),
        name=st.sampled_from(["bids", "tricks"]),
        value=st.sampled_from([None, 0, 1]),
    )
    def own_tap(self, phone: int, shown: bool, name: str, value: int | None) -> None:
        """A guest's tap on its own player's value, as its screen offers it first."""
        self.enter(phone, shown, lambda game: tap(game, name, PLAYERS[phone], value))

    @rule(
        phone=PHONES,
        shown=st.booleans(),
        bids=st.lists(st.integers(0, 1), min_size=3, max_size=3),
        taker=st.integers(0, 2),
    )
    def score(self, phone: int, shown: bool, bids: list[int], taker: int) -> None:
        tricks = [int(seat == taker) for seat in range(3)]
        self.enter(phone, shown, lambda game: score(game, bids, tricks))

    @rule(phone=PHONES, shown=st.booleans(), kind=st.sampled_from(["undo", "redo"]))
    def step(self, phone: int, shown: bool, kind: str) -> None:
        self.enter(phone, shown, lambda game: Action(kind))

    @rule(phone=st.integers(0, GUESTS - 1), side=st.sampled_from([HOST, GUEST]))
    def deliver(self, phone: int, side: str) -> None:
        pair = self.phones[phone].pair
        if pair.waiting(side) and pair.state is ChannelState.OPEN:
            before = self.keeper.open(self.host.game_id).ledger.action_count
            rights = self.rights(phone)  # as they are when the act arrives
            pair.deliver(side)
            saved = self.keeper.open(self.host.game_id).ledger.actions[before:]
            if side == GUEST:
                self.check_allowed(phone, rights, saved)

    def rights(self, phone: int) -> Rights:
        """The rights the host gives phone `phone` now."""
        number = self.phones[phone].number
        return next(at.rights for at in self.host.phones if at.number == number)

    def check_allowed(self, phone: int, rights: Rights, saved: tuple[Action, ...]) -> None:
        """What the host saved of a guest's act is what its rights let it change."""
        if rights is Rights.WATCH:
            assert not saved
        elif rights is Rights.OWN:
            for action in saved:
                assert action.kind == "edit"
                for change in action.data["changes"]:
                    assert change["at"] in (["bids", PLAYERS[phone]], ["tricks", PLAYERS[phone]])

    @rule(phone=st.integers(0, GUESTS - 1), back=st.booleans())
    def interrupt(self, phone: int, back: bool) -> None:
        """The guest's network goes (what either end sends meanwhile is lost), or comes
        back."""
        state = ChannelState.OPEN if back else ChannelState.INTERRUPTED
        self.phones[phone].pair.set_state(state)

    @rule(phone=st.integers(0, GUESTS - 1))
    def settle(self, phone: int) -> None:
        """Everything the host sent a guest arrives (if its link is up)."""
        pair = self.phones[phone].pair
        while pair.waiting(HOST) and pair.state is ChannelState.OPEN:
            pair.deliver(HOST)

    @rule(phone=st.integers(0, GUESTS - 1), rights=st.sampled_from(Rights))
    def allow(self, phone: int, rights: Rights) -> None:
        """The scorer changes one phone's rights: the other's stay as they were."""
        number = self.phones[phone].number
        others = [at for at in self.host.phones if at.number != number]
        self.host.allow(number, rights)
        assert self.rights(phone) is rights
        assert [at for at in self.host.phones if at.number != number] == others

    @rule(phone=st.integers(0, GUESTS - 1), sure=st.booleans())
    def remove(self, phone: int, sure: bool) -> None:
        """The scorer is asked whether to take a phone off the table and, when `sure`, does;
        the other goes on, and a new phone joins for that player (the host's next)."""
        if not sure:
            return
        removed = self.phones[phone]
        self.host.remove(removed.number)
        self.removed.append(removed)
        assert removed.pair.state is ChannelState.CLOSED
        assert removed.number not in [at.number for at in self.host.phones]
        folder = self.folder / f"guest{phone}-{len(self.removed)}"
        self.phones[phone] = join(self.host, folder, held=True, player=PLAYERS[phone], rights=None)

    @invariant()
    def every_copy_is_a_prefix_of_the_hosts_log(self) -> None:
        log = self.keeper.open(self.host.game_id).ledger.actions
        for phone in [*self.phones, *self.removed]:
            copy = phone.link.copy
            if copy is None:
                continue  # the log has not all arrived yet
            assert log[: copy.ledger.action_count] == copy.ledger.actions
            assert phone.log() == copy.ledger.actions

    def teardown(self) -> None:
        try:
            for phone in self.phones:
                phone.pair.set_state(ChannelState.OPEN)
            while any(p.pair.waiting(HOST) or p.pair.waiting(GUEST) for p in self.phones):
                for phone in self.phones:
                    phone.pair.deliver_all()
            log = self.keeper.open(self.host.game_id).ledger
            for number, phone in enumerate(self.phones):
                assert phone.log() == log.actions
                shown = phone.link.shown()
                assert shown is not None and shown.ledger == log  # no answer outstanding
                assert phone.link.rights is self.rights(number)
                assert phone.link.player == PLAYERS[number]
            for phone in self.removed:  # told so, unless its link was down as it was
                assert phone.link.state in (LinkState.REMOVED, LinkState.LOST)
            assert self.host.guest_count == GUESTS
            assert [at.number for at in self.host.phones] == sorted(p.number for p in self.phones)
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)


Table.TestCase.settings = settings(max_examples=50, stateful_step_count=40, deadline=None)
TestTable = Table.TestCase
