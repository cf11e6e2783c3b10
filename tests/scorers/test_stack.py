"""The persistent stack: comparing two versions of one history looks only at where they
differ."""

from dataclasses import dataclass

from scorers.ledger import Action, Ledger
from scorers.stack import Stack, same_items


@dataclass(frozen=True)
class Untouchable:
    """An item that fails the test if it is ever compared."""

    number: int

    def __eq__(self, other: object) -> bool:
        raise AssertionError(f"item {self.number} was compared")

    __hash__ = object.__hash__


def history(items: int) -> Stack[object]:
    stack: Stack[object] = Stack.of(Untouchable(0))
    for number in range(1, items):
        stack = stack.push(Untouchable(number))
    return stack


def test_stacks_of_equal_items_are_the_same_and_any_difference_is_seen() -> None:
    one = Stack.of(1).push(2).push(3)
    assert same_items(one, Stack.of(1).push(2).push(3))
    assert not same_items(one, Stack.of(1).push(5).push(3))
    assert not same_items(one, Stack.of(1).push(2))
    assert not same_items(one, one.push(4))


def test_the_shared_history_below_is_never_compared() -> None:
    shared = history(10_000)
    assert same_items(shared.push("undo"), shared.push("undo"))
    assert not same_items(shared.push("undo"), shared.push("redo"))
    assert not same_items(shared, shared.push("undo"))  # sizes differ: nothing compared
    assert same_items(shared, shared)


def test_ledgers_replayed_apart_are_equal_and_one_more_action_is_not() -> None:
    ledger = Ledger.start("wizard", ["Ann", "Ben", "Cas"], 0)
    entry = {"bids": [1, None, None], "tricks": [None] * 3}
    ledger = ledger.apply(Action("draft", {"round": 1, "entry": entry}))
    again = Ledger.replay(ledger.actions)
    assert again == ledger
    assert ledger.apply(Action("undo")) != ledger
    assert ledger.apply(Action("undo")) == again.apply(Action("undo"))
    redrafted = again.apply(Action("draft", {"round": 1, "entry": entry}))
    assert ledger.apply(Action("undo")) != redrafted
