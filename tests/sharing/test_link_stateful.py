"""A host and two guests entering at once, their messages delivered in any order, their
networks coming and going, the right to enter given and taken: every guest's copy is always
a prefix of the host's log, in memory as in its store, and once everything is delivered
every copy is the host's log and no guest waits for an answer."""

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
from sharing.phones_only.guest import NotSent
from sharing.phones_only.host import TableHost
from storage import StorageError
from storage.keeper import SavedGame
from tests.sharing.channel_pair import GUEST, HOST
from tests.sharing.table import NAMES, join, keeper_in, score, tap

GUESTS = 2
PHONES = st.integers(0, GUESTS)  # the last is the host
ONE_CARD_ROUNDS = {"round_sizes": [1, 1, 1, 1]}


class Table(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.folder = Path(tempfile.mkdtemp())
        self.keeper = keeper_in(self.folder / "host")
        game = self.keeper.start("wizard", NAMES, 0, ONE_CARD_ROUNDS)
        self.host = TableHost(self.keeper, game.id, may_enter=True)
        self.phones = [join(self.host, self.folder / f"guest{n}", held=True) for n in range(GUESTS)]

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
        except (InvalidEntry, StorageError, NotSent):
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
            pair.deliver(side)

    @rule(phone=st.integers(0, GUESTS - 1), back=st.booleans())
    def interrupt(self, phone: int, back: bool) -> None:
        """The guest's network goes (what either end sends meanwhile is lost), or comes
        back."""
        state = ChannelState.OPEN if back else ChannelState.INTERRUPTED
        self.phones[phone].pair.set_state(state)

    @rule(may_enter=st.booleans())
    def allow(self, may_enter: bool) -> None:
        self.host.allow(may_enter)

    @invariant()
    def every_copy_is_a_prefix_of_the_hosts_log(self) -> None:
        log = self.keeper.open(self.host.game_id).ledger.actions
        for phone in self.phones:
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
            for phone in self.phones:
                assert phone.log() == log.actions
                shown = phone.link.shown()
                assert shown is not None and shown.ledger == log  # no answer outstanding
            assert self.host.guest_count == GUESTS
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)


Table.TestCase.settings = settings(max_examples=50, stateful_step_count=40, deadline=None)
TestTable = Table.TestCase
