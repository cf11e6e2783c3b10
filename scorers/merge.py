"""Merge or refuse: may an action taken on a screen that had not seen the latest saves
still be applied to the game as saved?

A table has several phones on one game; a phone's tap can arrive after another phone saved
changes it has not shown yet. Field edits merge (the ledger checks each field still holds
what the tap saw); everything else that was built on something changed meanwhile is refused
with the reason, and never applied to a game its player did not see.
"""

from scorers.errors import InvalidEntry
from scorers.ledger import Action, Ledger


def refusal(seen: Ledger, saved: Ledger, action: Action) -> InvalidEntry | None:
    """Why `action`, taken on a screen showing `seen`, must not be applied to `saved` (the
    game as saved meanwhile, which extends or differs from `seen`); None when it may be
    applied, the rules still checking it there.

    >>> game = Ledger.start("wizard", ["Ann", "Ben", "Cas"], 0)
    >>> scored = game.apply(Action("score", {"round": 1, "entry": {
    ...     "bids": [0, 1, 0], "tricks": [0, 1, 0], "cloud": None}}))
    >>> refusal(game, scored, Action("undo")).key
    'merge.undo_moved'
    """
    kind, data = action.kind, action.data
    if kind in ("draft", "edit"):
        return _late_for(seen, saved, data["round"]) or (
            _changed(seen, saved, data["round"]) if kind == "draft" else None
        )
    if kind == "score":
        number = data["round"]
        if number >= seen.state.current_round:
            return _late_for(seen, saved, number) or _changed(seen, saved, number)
        return _corrected(seen, saved, number)
    if kind == "undo" and seen.undo_target_number() != saved.undo_target_number():
        return InvalidEntry("merge.undo_moved")
    if kind == "redo" and seen.redo_target_number() != saved.redo_target_number():
        return InvalidEntry("merge.redo_moved")
    if kind == "rename" and seen.state.players != saved.state.players:
        return InvalidEntry("merge.names_changed")
    # Adjustments are numbered by their order: another phone's made, changed or taken away
    # meanwhile would give this number to another one.
    if (
        kind in ("adjust", "remove_adjustment")
        and seen.state.adjustments != saved.state.adjustments
    ):
        return InvalidEntry("merge.adjustments_changed")
    return None


def _late_for(seen: Ledger, saved: Ledger, number: int) -> InvalidEntry | None:
    """The round the screen showed as current has been scored meanwhile."""
    if number == seen.state.current_round and len(saved.state.rounds) >= number:
        return InvalidEntry("merge.round_scored", round=number)
    return None


def _changed(seen: Ledger, saved: Ledger, number: int) -> InvalidEntry | None:
    """The round's draft the screen showed is not the one saved any more."""
    if seen.state.draft != saved.state.draft:
        return InvalidEntry("merge.round_changed", round=number)
    return None


def _corrected(seen: Ledger, saved: Ledger, number: int) -> InvalidEntry | None:
    """The past round being corrected was corrected (or taken back) meanwhile."""
    before, now = seen.state.rounds, saved.state.rounds
    if len(now) < number or now[number - 1] != before[number - 1]:
        return InvalidEntry("merge.correction_changed", round=number)
    return None
