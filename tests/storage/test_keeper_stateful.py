"""A Wizard game through GameKeeper on a real SQLite file: random rounds, edits, drafts,
refused entries, undo, redo and restarts (the store closed and reopened from disk),
checked against a reference model of round scores with its own undo and redo stacks.
"""

import shutil
import tempfile
from dataclasses import dataclass, replace
from pathlib import Path

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from scorers import InvalidEntry, wizard
from scorers.ledger import Action
from storage import GameStore, open_store
from storage.keeper import GameKeeper, SavedGame

NAMES = ["Ann", "Ben", "Cas", "Dot"]
SIZES = [1, 3, 2]  # a short game, so that games finish and edits reopen them


@dataclass(frozen=True)
class Snapshot:
    rounds: tuple[tuple[int, ...], ...]  # per scored round, each player's score
    draft: tuple[int | None, ...] | None  # the bids typed in the current round


@st.composite
def played_round(draw: st.DrawFn, cards: int) -> tuple[list[int], list[int]]:
    """Any bids; tricks that add up to the cards dealt."""
    bids = [draw(st.integers(0, cards)) for _ in NAMES]
    tricks, left = [], cards
    for _ in NAMES[:-1]:
        tricks.append(draw(st.integers(0, left)))
        left -= tricks[-1]
    return bids, [*tricks, left]


def round_scores(bids: list[int], tricks: list[int]) -> tuple[int, ...]:
    return tuple(wizard.round_score(b, t) for b, t in zip(bids, tricks, strict=True))


def score(number: int, bids: list[int], tricks: list[int]) -> Action:
    return Action("score", {"round": number, "entry": {"bids": bids, "tricks": tricks}})


class KeeperMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.directory = Path(tempfile.mkdtemp(prefix="trickpad-stateful-"))
        self.store: GameStore = open_store(self.directory).store
        self.keeper = GameKeeper(self.store)
        self.game: SavedGame = self.keeper.start("wizard", NAMES, 1, {"round_sizes": SIZES})
        self.done = [Snapshot((), None)]
        self.undone: list[Snapshot] = []

    def teardown(self) -> None:
        self.store.close()
        shutil.rmtree(self.directory)

    @property
    def model(self) -> Snapshot:
        return self.done[-1]

    @property
    def over(self) -> bool:
        return len(self.model.rounds) == len(SIZES)

    def record(self, action: Action, snapshot: Snapshot) -> None:
        self.game = self.keeper.apply(self.game, action)
        self.done.append(snapshot)
        self.undone.clear()

    def refused(self, action: Action) -> None:
        saved = len(self.store.actions(self.game.id))
        try:
            self.keeper.apply(self.game, action)
        except InvalidEntry:
            assert len(self.store.actions(self.game.id)) == saved
        else:
            raise AssertionError(f"{action} should have been refused")

    @rule(data=st.data())
    def record_round(self, data: st.DataObject) -> None:
        number = len(self.model.rounds) + 1
        bids, tricks = data.draw(played_round(SIZES[min(number, len(SIZES)) - 1]))
        if self.over:
            self.refused(score(number, bids, tricks))
            return
        rounds = (*self.model.rounds, round_scores(bids, tricks))
        self.record(score(number, bids, tricks), Snapshot(rounds, None))

    @precondition(lambda self: self.model.rounds)
    @rule(data=st.data())
    def edit_past_round(self, data: st.DataObject) -> None:
        number = data.draw(st.integers(1, len(self.model.rounds)))
        bids, tricks = data.draw(played_round(SIZES[number - 1]))
        rounds = list(self.model.rounds)
        rounds[number - 1] = round_scores(bids, tricks)
        self.record(score(number, bids, tricks), replace(self.model, rounds=tuple(rounds)))

    @precondition(lambda self: not self.over)
    @rule(data=st.data())
    def draft_bids(self, data: st.DataObject) -> None:
        number = len(self.model.rounds) + 1
        cards = SIZES[number - 1]
        bids = tuple(data.draw(st.one_of(st.none(), st.integers(0, cards))) for _ in NAMES)
        entry = {"bids": list(bids), "tricks": [None] * len(NAMES)}
        self.record(
            Action("draft", {"round": number, "entry": entry}), replace(self.model, draft=bids)
        )

    @precondition(lambda self: not self.over)
    @rule()
    def record_impossible_tricks(self) -> None:
        number = len(self.model.rounds) + 1
        cards = SIZES[number - 1]
        self.refused(score(number, [0] * len(NAMES), [cards + 1, 0, 0, 0]))

    @rule()
    def undo(self) -> None:
        if len(self.done) == 1:
            self.refused(Action("undo", {}))
            return
        self.game = self.keeper.apply(self.game, Action("undo", {}))
        self.undone.append(self.done.pop())

    @rule()
    def redo(self) -> None:
        if not self.undone:
            self.refused(Action("redo", {}))
            return
        self.game = self.keeper.apply(self.game, Action("redo", {}))
        self.done.append(self.undone.pop())

    @rule()
    def restart(self) -> None:
        """The app closed and started again: everything comes back from the file."""
        before = self.game.ledger
        self.store.close()
        self.store = open_store(self.directory).store
        self.keeper = GameKeeper(self.store)
        self.game = self.keeper.open(self.game.id)
        assert self.game.ledger.state == before.state
        assert self.game.ledger.actions == before.actions
        assert self.game.ledger.undo_target() == before.undo_target()
        assert self.game.ledger.redo_target() == before.redo_target()

    @invariant()
    def totals_are_the_sum_of_the_reference_rounds(self) -> None:
        state = self.game.ledger.state
        expected = tuple(sum(r[seat] for r in self.model.rounds) for seat in range(len(NAMES)))
        assert state.totals == expected
        assert tuple(r.scores for r in state.rounds) == self.model.rounds
        assert (tuple(state.draft["bids"]) if state.draft else None) == self.model.draft
        assert state.is_over == self.over
        assert self.game.ledger.can_undo() == (len(self.done) > 1)
        assert (self.game.ledger.redo_target() is not None) == bool(self.undone)

    @invariant()
    def the_file_holds_every_action_and_the_finish(self) -> None:
        saved = [Action(kind, data) for kind, data in self.store.actions(self.game.id)]
        assert saved == list(self.game.ledger.actions)
        unfinished = [summary.id for summary in self.store.unfinished_games()]
        assert (self.game.id in unfinished) == (not self.over)


KeeperMachine.TestCase.settings = settings(max_examples=40, stateful_step_count=25, deadline=None)
test_keeper_state_machine = KeeperMachine.TestCase
