"""Several phones on one game: entries merge or are refused, never silently overwritten.

Regression cases for the losses seen at a real table, then a state machine of 2 to 4
phones taking turns in any order, each acting on the game as it last saw it, checked
against a reference model of what was acknowledged.
"""

import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from scorers import InvalidEntry
from scorers.edits import changes_between
from scorers.ledger import Action
from storage import open_store
from storage.keeper import GameChanged, GameKeeper, SavedGame

NAMES = ["Ann", "Ben", "Cas"]


def tap(keeper: GameKeeper, phone: SavedGame, **fields: object) -> SavedGame:
    """A tap as the screen makes it: the fields it changes against the entry it shows."""
    state = phone.ledger.state
    before = state.draft or state.blank_entry()
    after = {**before}
    for name, (seat, value) in fields.items():
        after[name] = [value if at == seat else old for at, old in enumerate(before[name])]
    changes = [change.to_json() for change in changes_between(before, after)]
    return keeper.apply(phone, Action("edit", {"round": state.current_round, "changes": changes}))


def refused(call, key: str) -> GameChanged:
    with pytest.raises(GameChanged) as caught:
        call()
    assert caught.value.reason is not None and caught.value.reason.key == key
    return caught.value


@pytest.fixture
def keeper(tmp_path: Path) -> GameKeeper:
    return GameKeeper(open_store(tmp_path).store)


def test_two_phones_bidding_at_once_keep_both_bids(keeper: GameKeeper) -> None:
    phone_a = keeper.start("wizard", NAMES, 0)
    phone_b = keeper.open(phone_a.id)
    tap(keeper, phone_a, bids=(0, 0))
    saved = tap(keeper, phone_b, bids=(2, 0))  # B had not seen Ann's bid
    assert saved.ledger.state.draft["bids"] == [0, None, 0]


def test_the_same_bid_changed_on_two_phones_is_refused_with_its_name(keeper: GameKeeper) -> None:
    phone_a = keeper.start("wizard", NAMES, 0)
    phone_b = keeper.open(phone_a.id)
    tap(keeper, phone_a, bids=(1, 0))
    changed = refused(lambda: tap(keeper, phone_b, bids=(1, 1)), "merge.field_changed")
    assert "Ben's bid" in str(changed.reason)
    assert changed.game.ledger.state.draft["bids"] == [None, 0, None]


def turn_up(keeper: GameKeeper, phone: SavedGame, trump: str | None) -> SavedGame:
    """The card turned up for trump tapped on a phone, against the trump it shows."""
    state = phone.ledger.state
    before = state.draft or state.blank_entry()
    after = {**before, "trump": trump}
    changes = [change.to_json() for change in changes_between(before, after)]
    return keeper.apply(phone, Action("edit", {"round": state.current_round, "changes": changes}))


def test_a_trump_and_a_bid_tapped_on_two_phones_at_once_are_both_kept(
    keeper: GameKeeper, tmp_path: Path
) -> None:
    phone_a = keeper.start("wizard", NAMES, 0)
    phone_b = keeper.open(phone_a.id)
    turn_up(keeper, phone_a, "C")
    saved = tap(keeper, phone_b, bids=(1, 0))  # B had not seen the trump
    assert saved.ledger.state.draft == {
        "bids": [None, 0, None],
        "tricks": [None, None, None],
        "cloud": None,
        "trump": "C",
    }
    with open_store(tmp_path).store as store:  # the journal on disk holds both
        assert GameKeeper(store).open(phone_a.id).ledger.state == saved.ledger.state


def test_the_trump_changed_on_two_phones_is_refused_by_its_name(keeper: GameKeeper) -> None:
    phone_a = keeper.start("wizard", NAMES, 0)
    phone_b = keeper.open(phone_a.id)
    turn_up(keeper, phone_a, "H")
    changed = refused(lambda: turn_up(keeper, phone_b, "S"), "merge.field_changed")
    assert "The trump" in str(changed.reason)
    assert changed.game.ledger.state.draft["trump"] == "H"


def test_a_late_score_never_becomes_a_correction(keeper: GameKeeper) -> None:
    phone_a = keeper.start("wizard", NAMES, 0, {"round_sizes": [1, 1]})
    phone_b = keeper.open(phone_a.id)
    entry = {"bids": [0, 1, 0], "tricks": [0, 1, 0], "cloud": None}
    keeper.apply(phone_a, Action("score", {"round": 1, "entry": entry}))
    other = {"bids": [1, 0, 0], "tricks": [1, 0, 0], "cloud": None}
    changed = refused(
        lambda: keeper.apply(phone_b, Action("score", {"round": 1, "entry": other})),
        "merge.round_scored",
    )
    assert changed.game.ledger.state.rounds[0].entry["bids"] == [0, 1, 0]


def test_a_late_undo_does_not_take_back_another_phones_round(keeper: GameKeeper) -> None:
    phone_a = keeper.start("wizard", NAMES, 0, {"round_sizes": [1, 1]})
    phone_a = tap(keeper, phone_a, bids=(0, 1))
    phone_b = keeper.open(phone_a.id)
    entry = {"bids": [1, 0, 0], "tricks": [1, 0, 0], "cloud": None}
    keeper.apply(phone_a, Action("score", {"round": 1, "entry": entry}))
    refused(lambda: keeper.apply(phone_b, Action("undo")), "merge.undo_moved")
    assert len(keeper.open(phone_a.id).ledger.state.rounds) == 1


def test_a_tap_after_another_phone_scored_is_refused_and_the_next_lands_right(
    keeper: GameKeeper,
) -> None:
    phone_a = keeper.start("wizard", NAMES, 0, {"round_sizes": [1, 1]})
    phone_b = keeper.open(phone_a.id)
    entry = {"bids": [1, 0, 0], "tricks": [1, 0, 0], "cloud": None}
    keeper.apply(phone_a, Action("score", {"round": 1, "entry": entry}))
    changed = refused(lambda: tap(keeper, phone_b, bids=(1, 1)), "merge.round_scored")
    phone_b = tap(keeper, changed.game, bids=(1, 1))  # B now shows round 2
    assert phone_b.ledger.state.current_round == 2
    assert phone_b.ledger.state.draft["bids"] == [None, 1, None]


class Phones(RuleBasedStateMachine):
    """2 to 4 phones on one 3-player game of three 3-card rounds; every phone acts on the
    game as it last saw it. The model keeps what was acknowledged per field of the open
    round; an undo or a score changes the round as a whole."""

    @initialize(count=st.integers(2, 4))
    def start(self, count: int) -> None:
        self.directory = Path(tempfile.mkdtemp(prefix="trickpad-phones-"))
        self.store = open_store(self.directory).store
        self.keeper = GameKeeper(self.store)
        first = self.keeper.start("wizard", NAMES, 0, {"round_sizes": [3, 3, 3]})
        self.phones = [first] + [self.keeper.open(first.id) for _ in range(count - 1)]
        self.acknowledged: dict[tuple[str, int], int | None] = {}
        self.saved = first

    def teardown(self) -> None:
        self.store.close()
        shutil.rmtree(self.directory, ignore_errors=True)

    def attempt(self, phone: int, act) -> bool:
        """Run `act`: whether it was saved. A refusal must say why and change nothing."""
        before = self.keeper.open(self.saved.id).ledger
        try:
            saved = act(self.phones[phone])
        except GameChanged as changed:
            assert changed.reason is not None, "a refusal without its reason"
            assert self.keeper.open(self.saved.id).ledger == before
            self.phones[phone] = changed.game
            return False
        except InvalidEntry:  # the rules refused: the phone keeps what it showed
            assert self.keeper.open(self.saved.id).ledger == before
            return False
        self.phones[phone] = self.saved = saved
        return True

    @rule(phone=st.integers(0, 3), field=st.sampled_from(["bids", "tricks"]),
          seat=st.integers(0, 2), value=st.integers(0, 3))  # fmt: skip
    def tap(self, phone: int, field: str, seat: int, value: int) -> None:
        phone %= len(self.phones)
        seen = self.phones[phone].ledger.state
        if seen.is_over:
            return
        if self.attempt(phone, lambda game: tap(self.keeper, game, **{field: (seat, value)})):
            self.acknowledged[(field, seat)] = value

    @rule(phone=st.integers(0, 3))
    def score(self, phone: int) -> None:
        phone %= len(self.phones)
        state = self.phones[phone].ledger.state
        if state.is_over:
            return
        entry = {"bids": [1, 0, 2], "tricks": [1, 1, 1], "cloud": None}  # as the phone scores it
        data = {"round": state.current_round, "entry": entry}
        self.attempt(phone, lambda game: self.keeper.apply(game, Action("score", data)))
        self.acknowledged = self.current_fields()

    @rule(phone=st.integers(0, 3))
    def undo(self, phone: int) -> None:
        phone %= len(self.phones)
        if not self.phones[phone].ledger.can_undo():
            return
        self.attempt(phone, lambda game: self.keeper.apply(game, Action("undo")))
        self.acknowledged = self.current_fields()

    @rule(phone=st.integers(0, 3))
    def look(self, phone: int) -> None:
        """The phone shows the game as saved (a live update, or a reload)."""
        self.phones[phone % len(self.phones)] = self.keeper.open(self.saved.id)

    def current_fields(self) -> dict[tuple[str, int], int | None]:
        draft = self.keeper.open(self.saved.id).ledger.state.draft or {}
        return {
            (field, seat): value
            for field in ("bids", "tricks")
            for seat, value in enumerate(draft.get(field, ()))
            if value is not None
        }

    @invariant()
    def no_acknowledged_entry_is_lost(self) -> None:
        if not hasattr(self, "saved"):
            return
        saved = self.keeper.open(self.saved.id).ledger
        assert saved == self.saved.ledger  # the last acknowledged game is the saved one
        draft = saved.state.draft or {}
        for (field, seat), value in self.acknowledged.items():
            assert draft.get(field, [None] * 3)[seat] == value, (field, seat, value)


Phones.TestCase.settings = settings(max_examples=60, stateful_step_count=30, deadline=None)
test_phones_merge_or_refuse = Phones.TestCase
