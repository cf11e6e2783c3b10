"""Random score/edit/draft/trump/rename/undo/redo/replay sequences against a tiny reference
model.

The model keeps, per effective action, a snapshot (round scores and trumps, draft bids and
trump, names) and its own undo and redo stacks; scores come from Wizard's scoring rule
written out here, and the trump (the card turned up) never changes them.
"""

from dataclasses import dataclass, replace

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from scorers import InvalidEntry
from scorers.ledger import Action, Ledger

SIZES = [1, 3, 2, 4]
NAMES = ["Ann", "Bob", "Cy"]
TRUMPS = [None, "S", "H", "D", "C", "J", "W", "WS", "WH", "WD", "WC"]
"""Every trump an entry may hold; "W" (the dealer has not picked) only in a draft."""


@dataclass(frozen=True)
class Snapshot:
    rounds: tuple[tuple[int, ...], ...]
    draft: tuple[int | None, ...] | None
    names: tuple[str, ...]
    trumps: tuple[str | None, ...] = ()
    draft_trump: str | None = None


def with_trump(entry: dict[str, object], trump: str | None) -> dict[str, object]:
    return entry if trump is None else {**entry, "trump": trump}


def expected_score(bid: int, tricks: int) -> int:
    return 20 + 10 * tricks if bid == tricks else -10 * abs(bid - tricks)


@st.composite
def wizard_round(draw: st.DrawFn, cards: int) -> tuple[list[int], list[int]]:
    bids = [draw(st.integers(0, cards)) for _ in NAMES]
    first = draw(st.integers(0, cards))
    second = draw(st.integers(0, cards - first))
    return bids, [first, second, cards - first - second]


class LedgerMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.ledger = Ledger.start("wizard", NAMES, 1, {"round_sizes": SIZES})
        self.done = [Snapshot((), None, tuple(NAMES))]
        self.undone: list[Snapshot] = []

    @property
    def model(self) -> Snapshot:
        return self.done[-1]

    def record(self, action: Action, snapshot: Snapshot) -> None:
        self.ledger = self.ledger.apply(action)
        self.done.append(snapshot)
        self.undone.clear()

    def refused(self, action: Action) -> None:
        before = self.ledger
        try:
            self.ledger.apply(action)
        except InvalidEntry:
            assert self.ledger is before
        else:
            raise AssertionError(f"{action} should have been refused")

    @rule(data=st.data(), trump=st.sampled_from(TRUMPS))
    def score_current(self, data: st.DataObject, trump: str | None) -> None:
        number = len(self.model.rounds) + 1
        cards = SIZES[number - 1] if number <= len(SIZES) else 1
        bids, tricks = data.draw(wizard_round(cards))
        entry = with_trump({"bids": bids, "tricks": tricks}, trump)
        action = Action("score", {"round": number, "entry": entry})
        if number > len(SIZES) or trump == "W":
            self.refused(action)
            return
        scores = tuple(map(expected_score, bids, tricks))
        self.record(
            action,
            replace(
                self.model,
                rounds=(*self.model.rounds, scores),
                trumps=(*self.model.trumps, trump),
                draft=None,
                draft_trump=None,
            ),
        )

    @precondition(lambda self: self.model.rounds)
    @rule(data=st.data(), trump=st.sampled_from(TRUMPS))
    def edit_past(self, data: st.DataObject, trump: str | None) -> None:
        number = data.draw(st.integers(1, len(self.model.rounds)))
        bids, tricks = data.draw(wizard_round(SIZES[number - 1]))
        entry = with_trump({"bids": bids, "tricks": tricks}, trump)
        action = Action("score", {"round": number, "entry": entry})
        if trump == "W":
            self.refused(action)
            return
        rounds, trumps = list(self.model.rounds), list(self.model.trumps)
        rounds[number - 1] = tuple(map(expected_score, bids, tricks))
        trumps[number - 1] = trump
        self.record(action, replace(self.model, rounds=tuple(rounds), trumps=tuple(trumps)))

    @rule(trump=st.sampled_from(TRUMPS), stale=st.booleans())
    def tap_trump(self, trump: str | None, stale: bool) -> None:
        """The turned-up card tapped on the current round, as the screen saves a tap: the
        field as it saw it, then as it is now; a stale view of the field is refused."""
        number = len(self.model.rounds) + 1
        was = self.model.draft_trump
        if stale:
            was = "C" if was != "C" else "S"
        if trump == was:
            return
        change = {"at": ["trump"], "was": was, "now": trump}
        action = Action("edit", {"round": number, "changes": [change]})
        if number > len(SIZES) or stale:
            self.refused(action)
            return
        draft = self.model.draft or (None,) * len(NAMES)
        self.record(action, replace(self.model, draft=draft, draft_trump=trump))

    @rule(data=st.data())
    def draft_current(self, data: st.DataObject) -> None:
        number = len(self.model.rounds) + 1
        cards = SIZES[number - 1] if number <= len(SIZES) else 1
        bids = tuple(data.draw(st.one_of(st.none(), st.integers(0, cards))) for _ in NAMES)
        entry = {"bids": list(bids), "tricks": [None] * len(NAMES)}
        action = Action("draft", {"round": number, "entry": entry})
        if number > len(SIZES):
            self.refused(action)
            return
        # A whole draft is the round as entered: with no trump in it, none is kept.
        self.record(action, replace(self.model, draft=bids, draft_trump=None))

    @rule(seat=st.integers(0, 2), name=st.sampled_from(["Ann", "Dee", "Eve", "bob"]))
    def rename(self, seat: int, name: str) -> None:
        action = Action("rename", {"seat": seat, "name": name})
        others = [n.casefold() for i, n in enumerate(self.model.names) if i != seat]
        if name.casefold() in others:
            self.refused(action)
            return
        names = tuple(name if i == seat else n for i, n in enumerate(self.model.names))
        self.record(action, replace(self.model, names=names))

    @rule()
    def undo(self) -> None:
        if len(self.done) == 1:
            self.refused(Action("undo"))
            return
        self.ledger = self.ledger.apply(Action("undo"))
        self.undone.append(self.done.pop())

    @rule()
    def redo(self) -> None:
        if not self.undone:
            self.refused(Action("redo"))
            return
        self.ledger = self.ledger.apply(Action("redo"))
        self.done.append(self.undone.pop())

    @rule()
    def replay(self) -> None:
        again = Ledger.replay(Action.from_json(a.to_json()) for a in self.ledger.actions)
        assert again.state == self.ledger.state
        assert again.undo_target() == self.ledger.undo_target()
        assert again.redo_target() == self.ledger.redo_target()
        self.ledger = again

    @invariant()
    def matches_the_model(self) -> None:
        state, model = self.ledger.state, self.model
        assert tuple(r.scores for r in state.rounds) == model.rounds
        assert [r.number for r in state.rounds] == list(range(1, len(model.rounds) + 1))
        assert state.totals == tuple(sum(r[seat] for r in model.rounds) for seat in range(3))
        running = state.running_totals()
        assert running[-1:] == ((state.totals,) if model.rounds else ())
        assert state.current_round == len(model.rounds) + 1
        assert state.is_over == (len(model.rounds) == len(SIZES))
        assert (tuple(state.draft["bids"]) if state.draft else None) == model.draft
        assert (state.draft.get("trump") if state.draft else None) == model.draft_trump
        assert tuple(r.entry.get("trump") for r in state.rounds) == model.trumps
        assert state.players == model.names
        assert self.ledger.can_undo() == (len(self.done) > 1)
        assert (self.ledger.redo_target() is not None) == bool(self.undone)


LedgerMachine.TestCase.settings = settings(max_examples=120, stateful_step_count=30, deadline=None)
test_ledger_state_machine = LedgerMachine.TestCase
