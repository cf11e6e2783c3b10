"""The open game on one screen: the saved ledger, a correction in progress, the last refusal.

Every change goes through the GameKeeper: the rules check it, storage saves it, and only
then does the screen show it. A refused change leaves the game as it was and puts the
reason in `refusal`, as data: the screen says it in words where the entry was made.
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

import flet as ft

from scorers import InvalidEntry
from scorers.edits import changes_between
from scorers.game import RoundInfo
from scorers.ledger import Action, GameState
from sharing.rights import NotAllowed
from storage import StorageError
from storage.keeper import GameChanged, SavedGame
from views.game_screen.adjustment_draft import AdjustmentDraft
from views.games.table import Entry
from views.shell.live import announce
from views.shell.messages import Refusal, Refused


class GameSaver(Protocol):
    """Where the open game is saved and read again: the GameKeeper; in a table shared by
    another phone, the link to it (views.shell.phone_tables)."""

    def open(self, game_id: str) -> SavedGame: ...

    def apply(self, game: SavedGame, action: Action) -> SavedGame: ...


@dataclass
class OpenGame(ft.Observable):
    keeper: GameSaver
    game: SavedGame
    refusal: Refused | None = None
    # A past round being corrected: its number and the entry as changed so far (not saved
    # until `submit`, which records the whole corrected round as one undoable step).
    editing: int | None = None
    edit_entry: Entry | None = None
    # Why this screen may not change the game now, as a catalog key (a phone that joined to
    # follow only watches; a guest's link is down); None when it may.
    barred: Callable[[], str | None] = lambda: None
    # The seat of the player this phone enters for alone (a player's own phone at a
    # shared table); None when it enters for everyone.
    own_seat: Callable[[], int | None] = lambda: None
    # A one-off adjustment being typed (new, or changing one in the sheet); None: none.
    adjusting: AdjustmentDraft | None = None

    def may_enter(self) -> bool:
        """Whether this screen may change the game now."""
        return self.barred() is None

    def may_score(self) -> bool:
        """Whether this screen may do what is the scorer's: score a round, correct one,
        undo and redo, adjust, rename (a player's own phone enters its own values only)."""
        return self.may_enter() and self.own_seat() is None

    @property
    def state(self) -> GameState:
        return self.game.ledger.state

    @property
    def round_number(self) -> int:
        """The round the entry panel shows: the one being corrected, else the current one.

        Once the game is over there is no current round, yet Flet may render an entry panel
        one last time (in no fixed order) before the screen drops it; it then shows the last
        round instead of failing, because a failed render stops the session's updates."""
        if self.editing is not None:
            return self.editing
        state = self.state
        if state.is_over and state.rounds:
            return state.rounds[-1].number
        return state.current_round

    @property
    def round_info(self) -> RoundInfo:
        return self.state.round_info(self.round_number)

    @property
    def entry(self) -> Entry:
        if self.editing is not None and self.edit_entry is not None:
            return self.edit_entry
        return self.state.draft or self.state.blank_entry()

    @property
    def completed(self) -> Entry:
        """The entry as it would be scored: with what the rules fill in themselves."""
        return self.state.rules.completed(self.entry, self.state.round_context(self.round_number))

    def problem(self, entry: Entry | None = None) -> InvalidEntry | None:
        """Why the entry cannot be scored yet, or None when it is complete and valid."""
        context = self.state.round_context(self.round_number)
        try:
            self.state.rules.check_entry(
                self.state.rules.completed(entry if entry is not None else self.entry, context),
                context,
                complete=True,
            )
        except InvalidEntry as error:
            return error
        return None

    def change(self, entry: Entry) -> bool:
        """A changed entry: saved at once as a draft, or kept aside while correcting."""
        if self.editing is not None:
            try:
                self.state.rules.check_entry(
                    entry, self.state.round_context(self.editing), complete=False
                )
            except InvalidEntry as error:
                self.refusal = error
                return False
            self.edit_entry = dict(entry)
            self.refusal = None
            return True
        changes = changes_between(self.entry, entry)
        if not changes:
            self.refusal = None
            return True
        data = {"round": self.round_number, "changes": [c.to_json() for c in changes]}
        return self.act(Action("edit", data))

    def submit(self) -> bool:
        """Score the round shown (or save the correction of a past round)."""
        entry = dict(self.completed)
        done = self.act(Action("score", {"round": self.round_number, "entry": entry}))
        if done:
            self.editing = None
            self.edit_entry = None
        return done

    def start_edit(self, number: int) -> None:
        self.editing = number
        self.edit_entry = dict(self.state.rounds[number - 1].entry)
        self.refusal = None

    def cancel_edit(self) -> None:
        self.editing = None
        self.edit_entry = None
        self.refusal = None

    def undo(self) -> bool:
        return self.act(Action("undo", {}))

    def redo(self) -> bool:
        return self.act(Action("redo", {}))

    def rename(self, names: Sequence[str]) -> Refused | None:
        """Give every seat its name at once (one undo step); why the names were refused
        (and none saved), or None when they were saved."""
        return self.attempt(Action("rename", {"names": list(names)}))

    def start_adjust(self, number: int | None = None) -> None:
        """Open the adjustment form: for a new adjustment (`number` None), following the
        last round scored, or filled in with adjustment `number` to change or remove it."""
        if number is None:
            self.adjusting = AdjustmentDraft()
        else:
            self.adjusting = AdjustmentDraft.of(number, self.state.adjustments[number - 1])

    def cancel_adjust(self) -> None:
        self.adjusting = None

    def save_adjustment(self) -> bool:
        """Save the adjustment typed (one undo step) and close the form; else leave it
        open, each reason at its field."""
        draft = self.adjusting
        if draft is None:
            return False
        action = draft.action(self.state)
        return action is not None and self._adjusted(draft, action)

    def remove_adjustment(self) -> bool:
        """Take away the adjustment the form is changing (one undo step)."""
        draft = self.adjusting
        if draft is None or draft.number is None:
            return False
        return self._adjusted(draft, Action("remove_adjustment", {"number": draft.number}))

    def _adjusted(self, draft: AdjustmentDraft, action: Action) -> bool:
        reason = self.attempt(action)
        if reason is not None:
            draft.refused(reason)
            return False
        self.adjusting = None
        return True

    def act(self, action: Action) -> bool:
        """Apply an action; a refusal goes to `refusal`, shown by the entry."""
        self.refusal = self.attempt(action)
        return self.refusal is None

    def attempt(self, action: Action) -> Refused | None:
        """Apply an action; why it was refused, or None when it was saved."""
        barred = self.barred()
        if barred is not None:
            return Refusal(barred)
        try:
            self.game = self.keeper.apply(self.game, action)
        except GameChanged as changed:
            self.game = changed.game
            self.cancel_edit()
            return changed.reason or changed
        except (InvalidEntry, StorageError) as error:
            return error
        except NotAllowed as not_allowed:
            return Refusal(not_allowed.key, not_allowed.params)
        announce(self.game.id)
        return None

    def reread(self) -> None:
        """Show the game as saved now (another phone saved, or this one reconnected); a
        correction in progress stays open, to be checked against the saved round, unless
        this phone may no longer change the game (it only watches now): then the
        correction and the adjustment being typed close, and it follows the live round."""
        if not self.may_score() and (self.editing is not None or self.adjusting is not None):
            self.cancel_edit()
            self.adjusting = None
        try:
            saved = self.keeper.open(self.game.id)
        except StorageError as error:
            self.refusal = error
            return
        changed = saved.ledger.action_count != self.game.ledger.action_count
        if changed:  # the game moved on: what this phone was refused is past
            self.refusal = None
        if changed or saved.summary != self.game.summary:
            self.game = saved
